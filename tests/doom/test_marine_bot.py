"""game/doom/marine_bot.py: MarineBot plays a marine sensibly (spec doom.md 11.D asks bots for
both sides): scenes from small states on P1 (tests/doom/conftest.py `fresh`: every area revealed,
no invaders), then whole games on both scenarios."""
from __future__ import annotations

import json

import pytest

from game.doom.marine_bot import MarineBot
from game.doom.rules.state import INVADER
from game.engine.session import Session
from tests.doom.conftest import TITLE, act, fresh, marker, put
from tests.doom.test_property import check


def play_turn(state, bot, limit=40):
    """The active marine's turn as the bot plays it (until it ends or someone else decides):
    the choices made, each checked legal and with a reason."""
    me = state.seats[state.seat]
    made = []
    for _ in range(limit):
        if state.phase != "marine" or state.seats[state.seat] != me or TITLE.current_decider(state) != me:
            break
        actions = TITLE.legal_actions(state)
        choice = bot.decide(state, actions)
        assert choice.action in actions and choice.reason
        made.append(choice)
        TITLE.apply(state, choice.action)
        if choice.action.kind == "end_turn":
            break
    return made


def kinds(made):
    return [c.action.kind for c in made]


def test_picks_up_a_medikit_when_hurt_and_near():
    """Spec 6.12: a medikit is taken on entering its square unless at full health; a hurt
    marine with nothing else to do walks over it."""
    state = fresh()
    red = state.marines["red"]
    red.cell, red.health = (3, 8), 5
    marker(state, "equipment", (4, 10), "medikit")
    made = play_turn(state, MarineBot(1))
    assert red.health == 8  # 3 back (equipment.toml: medikit amount 3)
    assert any("medikit" in c.reason for c in made)


def test_goes_for_a_key_it_has_seen():
    """Seed p. 4, spec 9.3: the red key opens the way to the exit; a key in reach is taken."""
    state = fresh()
    state.closed.remove("D1")
    state.marines["red"].cell = (3, 8)
    marker(state, "key", (10, 8), "red")
    made = play_turn(state, MarineBot(1))
    assert state.keys == ["red"]
    assert "toward the red key" in made[0].reason


def test_heads_for_the_exit_s_key_not_a_detour_key():
    """Seed p. 4, spec 9.3: the marines must find the red key and reach the red security door
    (D5 into A8); the blue key only opens the weapons locker (D6). With both keys in sight and
    the blue one nearer, the marine heads for the red key (it takes the blue one only on its
    way)."""
    state = fresh()
    for d in ("D1", "D2", "D3", "D4"):
        state.closed.remove(d)
    state.marines["red"].cell = (18, 5)
    marker(state, "key", (22, 19), "red")  # A6, the toxin lab
    marker(state, "key", (12, 3), "blue")  # A4, the crawlway
    bot = MarineBot(1)
    choice = bot.decide(state, TITLE.legal_actions(state))
    assert "the red key" in choice.reason
    made = play_turn(state, bot)
    cell = state.marines["red"].cell
    assert max(abs(cell[0] - 22), abs(cell[1] - 19)) < max(abs(18 - 22), abs(5 - 19))
    assert all("blue key" not in c.reason for c in made)


def test_opens_the_security_door_and_steps_into_the_exit():
    """Spec 9.3 (proposal, scenarios.toml win_area A8): with the red key found, the marine at
    the security door opens it (6.13) and wins by stepping into A8."""
    state = fresh()
    state.keys = ["red"]
    state.marines["red"].cell = (37, 8)
    made = play_turn(state, MarineBot(1))
    assert "door" in kinds(made) and state.outcome == "marines"


def test_a_path_past_a_sentry_demon_costs_its_attacks():
    """Spec 6.8 Sentry (monsters.toml: the demon): a demon may attack a marine at once each time
    it steps next to it. Of two ways to the same square the bot weighs the one along the demon
    as worse by those attacks; the way round it costs nothing more."""
    from game.doom.marine_bot import _Scene

    state = fresh()
    state.marines["red"].cell = (21, 13)
    put(state, "demon", (16, 8), (16, 9))
    sc = _Scene(state, "red")
    along = [((c,)) for c in [(20, 12), (19, 11), (18, 10), (17, 9), (17, 8), (17, 7), (18, 6), (18, 5)]]
    round_ = [((c,)) for c in [(21, 12), (21, 11), (21, 10), (21, 9), (21, 8), (20, 7), (19, 6), (18, 5)]]
    extra = sc.position_value((18, 5), round_) - sc.position_value((18, 5), along)
    steps_next_to_it = 3  # (17, 9), (17, 8) and (17, 7) touch the demon's squares (16, 8), (16, 9)
    per_attack = sc.threat_wounds(next(iter(state.invaders)), 1)
    assert per_attack > 0
    assert extra == pytest.approx(sc.risk() * min(steps_next_to_it * per_attack, state.marines["red"].health + 1.0))
    assert sc.sentry_cost(round_) == 0.0


def test_takes_ready_and_guard_rather_than_walking_into_a_monster_it_cannot_kill():
    """Spec 6.9: a Ready action places an order; against a hell knight (armour 3, health 3) its
    pistol barely scratches, the marine stays out of reach and guards instead of charging."""
    state = fresh()
    state.closed.remove("D1")
    red = state.marines["red"]
    red.cell = (2, 8)
    knight = put(state, "hell_knight", (10, 8), (11, 8), (10, 9), (11, 9))
    made = play_turn(state, MarineBot(1))
    assert made[0].action.get("action") == "ready"
    assert red.order == "guard"
    assert "attack" not in kinds(made)  # a 3% chance to wound is not worth the ammo
    assert min(max(abs(red.cell[0] - c[0]), abs(red.cell[1] - c[1])) for c in state.invaders[knight].cells) > 4


def test_shoots_a_monster_it_can_kill():
    """Seed p. 8: pistol at a wounded zombie two squares away; the bot declares an attacking
    action and shoots it (83% to kill by the exact odds of rules/odds.py)."""
    state = fresh()
    state.marines["red"].cell = (2, 8)
    zombie = put(state, "zombie", (4, 8), wounds=1)
    bot = MarineBot(1)
    declare = bot.decide(state, TITLE.legal_actions(state))
    assert declare.action.get("action") in ("fire", "advance")
    TITLE.apply(state, declare.action)
    shot = bot.decide(state, TITLE.legal_actions(state))
    assert shot.action.kind == "attack" and shot.action.get("target") == [4, 8]
    assert state.invaders[zombie].cells == [(4, 8)] and "to kill" in shot.reason


def test_closes_a_door_on_a_monster_it_cannot_beat():
    """Spec 6.13: a marine next to an open door closes it (2 MP) when the invader behind it
    could reach it next turn and it cannot kill it."""
    state = fresh()
    state.closed.remove("D1")
    state.marines["red"].cell = (4, 9)
    put(state, "hell_knight", (8, 8), (9, 8), (8, 9), (9, 9))
    made = play_turn(state, MarineBot(1))
    assert "D1" in state.closed
    assert any(c.action.kind == "door" and "cannot be killed" in c.reason for c in made)


def test_answers_a_guard_interrupt_with_a_shot_when_it_has_a_target():
    """Spec 6.9 (Guard), 11 item 34: before an invader's activation the guarding marine may
    interrupt; with a good chance to kill the zombie it shoots."""
    state = fresh()
    red = state.marines["red"]
    red.cell = (2, 8)
    red.order, red.order_turn = "guard", -5
    state.phase, state.turn = "kill", None
    zombie = put(state, "zombie", (4, 8), wounds=1)
    act(state, "activate", figure=zombie)
    assert state.proc["pending"]["kind"] == "guard" and state.proc["pending"]["decider"] == "red"
    choice = MarineBot(1).decide(state, TITLE.legal_actions(state))
    assert choice.action.get("use") is True and choice.action.get("target") == [4, 8]
    assert "to kill" in choice.reason


def test_holds_the_guard_order_when_the_odds_are_poor():
    """Spec 6.9: the Guard order is spent once; against a hell knight far off (3% to wound) the
    bot lets it pass and waits for a better moment."""
    state = fresh()
    state.closed.remove("D1")
    red = state.marines["red"]
    red.cell = (2, 8)
    red.order, red.order_turn = "guard", -5
    state.phase, state.turn = "kill", None
    knight = put(state, "hell_knight", (10, 8), (11, 8), (10, 9), (11, 9))
    act(state, "activate", figure=knight)
    choice = MarineBot(1).decide(state, TITLE.legal_actions(state))
    assert choice.action.get("use") is False and "hold the Guard order" in choice.reason


def test_a_medic_heals_a_hurt_neighbour():
    """Seed p. 10 (Gyógyítás): the Medic's Heal order heals itself or an adjacent marine 1; the
    bot heals the hurt team-mate next to it at the start of the next turn."""
    state = fresh(marines=2)
    red, green = state.marines["red"], state.marines["green"]
    red.cards = [state.marine_deck.take("medic#1")]
    red.order, red.order_turn = "heal", -5
    red.cell, green.cell = (1, 8), (2, 8)
    green.health = green.max_health - 3
    act(state, "declare", action="run")
    act(state, "end_turn")  # green's turn starts: the heal window (rules/turn.py heal_window)
    assert state.proc["pending"]["kind"] == "heal_now" and state.proc["pending"]["decider"] == "red"
    choice = MarineBot(1).decide(state, TITLE.legal_actions(state))
    assert choice.action.get("target") == "green"
    TITLE.apply(state, choice.action)
    assert green.health == green.max_health - 2


def test_makes_the_attacker_reroll_when_dodging(dice):
    """Seed p. 10 (Kitérés): the dodging marine picks which of the attacker's dice are rerolled;
    the imp's hit (r3 d2, r4 d1) is rerolled whole, by the exact odds of the fewest wounds."""
    from tests.doom.conftest import imp_attacks_dodging_red

    state = imp_attacks_dodging_red(dice)
    choice = MarineBot(1).decide(state, TITLE.legal_actions(state))
    assert choice.action.kind == "reroll" and choice.action.get("dice") == [0, 1]
    assert "fewest expected wounds" in choice.reason


def test_the_bot_state_is_plain_json_and_restores_its_choices():
    """Its randomness and memory survive a save: get_state() is JSON, set_state() restores it."""
    bot = MarineBot(7)
    bot.rng.random()
    saved = json.loads(json.dumps(bot.get_state()))
    again = MarineBot(0)
    again.set_state(saved)
    assert [again.rng.random() for _ in range(3)] == [bot.rng.random() for _ in range(3)]


@pytest.mark.parametrize("scenario,seed,marines", [("knee_deep", 1, 1), ("reactor", 2, 2)])
def test_whole_games_end_with_a_reason_for_every_decision(scenario, seed, marines):
    """Spec 9.3, 9.4: MarineBot marines against GreedyBot play to the end by the scenario's
    victory rules; every decision (questions inside resolutions too) is legal with a reason."""
    from game.doom.bots import GreedyBot

    session = Session.start(TITLE, scenario, seed=seed, options={"marines": marines})
    marine, invader = MarineBot(seed), GreedyBot()
    for _ in range(4000):
        if session.is_over():
            break
        actions = session.legal_actions()
        choice = (invader if session.decider == INVADER else marine).decide(session.state, actions)
        assert choice.action in actions and choice.reason
        session.apply(choice.action)
    check(session.state)
    assert session.state.outcome in ("marines", "invader")


def test_the_simulator_plays_marine_seats_with_marinebot_by_default():
    """`python -m game simulate doom` defaults to MarineBot marines against GreedyBot."""
    from game.doom.bots import GreedyBot
    from game.doom.simulation import DoomSimulator

    sim = DoomSimulator()
    assert sim.bots[0] == "marine" and {"greedy", "random"} <= set(sim.bots)
    bot = sim.bot("marine", 1)
    assert isinstance(bot.marine_bot, MarineBot) and isinstance(bot.invader_bot, GreedyBot)
    state = fresh()
    assert bot.decide(state, TITLE.legal_actions(state)).action.kind == "declare"


def test_dodging_a_team_mate_s_blast_gets_an_answer(dice):
    """Seed p. 12: a Blast hits every figure in its area, a marine too; a dodging marine in it
    picks the attacker's rerolls (seed p. 10). The team-mate's weapon is not named by the
    question, so the bot falls back to the plain rule: no miss showing, reroll every die."""
    state = fresh(marines=2)
    red, green = state.marines["red"], state.marines["green"]
    red.cell, green.cell = (3, 8), (7, 8)
    red.ammo["rockets"] = 2
    green.order, green.order_turn = "dodge", -5
    state.closed.remove("D1")
    put(state, "zombie", (8, 8))
    act(state, "declare", action="fire")
    dice.push("r2 d2", "r1 d2")
    act(state, "attack", weapon="grenade", target=[8, 8])
    assert state.proc["pending"]["kind"] == "reroll" and state.proc["pending"]["decider"] == "green"
    actions = TITLE.legal_actions(state)
    choice = MarineBot(1).decide(state, actions)
    assert choice.action in actions and choice.action.get("dice") == [0, 1] and "hoping for a miss" in choice.reason
    dice.push("r2 d2", "r1 d2")
    TITLE.apply(state, choice.action)
