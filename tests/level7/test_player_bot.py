"""game/level7/player_bot.py, issue 14 item 2: a player bot that plays sensibly, on set-up states:
toward the scenario's objective, away from tiles where enemies pin it, the challenge the exact
odds favour, adrenaline only when it turns a likely failure into a likely success and never the
last card, Fear and Threat priced by who the enemies chase, every question answered, and the same
decision on two states that differ only in what the seat may not see."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from game.engine.dice import Face
from game.engine.session import Session
from game.level7.content import shared_content
from game.level7.event_effects import Step
from game.level7.player_bot import PlayerBot, bonus_plan, goal, price_steps, seat_view, track_cost
from game.level7.rules import challenge as C
from game.level7.rules import explore
from game.level7.rules.challenges import foes_here
from game.level7.rules.maps import shared_tiles, view
from game.level7.rules.procedures import RESOLVER
from game.level7.rules.state import Enemy, Level7State
from game.level7.rules.title import Level7Title
from game.level7.rules.tracks import hand_size as tracks_hand_size
from game.level7.rules.turn import legal_actions
from game.level7.rules.view import hand_size, view_for

T = Level7Title()


def c():
    return shared_content()


def new(players: int = 1, scenario: str = "s1", seed: int = 3) -> Level7State:
    state = T.new_game(scenario, seed, {"players": players})
    while state.proc is not None:  # a skill's question at the start of the first turn: keep as it is
        T.apply(state, T.legal_actions(state)[0])
    for ch in state.characters.values():
        ch.skills = []  # no skill changes the odds the tests compute
        ch.items = []
    return state


def place(state: Level7State, tile_id: str, at: str, edge: str) -> str:
    """Puts `tile_id` through the door on side `edge` of the placed tile `at` (first placement the
    rules allow), taking it out of the stacks or the set-aside slot."""
    door = next(d for d in explore.explorable_doors(state, at) if d[0] == edge)
    spot = explore.placements(state, shared_tiles()[tile_id], at, door)[0]
    for _, tiles in state.stacks:
        if tile_id in tiles:
            tiles.remove(tile_id)
    if state.set_aside == tile_id:
        state.set_aside = ""
    view(state).place(shared_tiles()[tile_id], (spot["x"], spot["y"]), spot["turns"])
    state.placed.append([tile_id, spot["x"], spot["y"], spot["turns"]])
    state.explored.append(tile_id)
    return tile_id


def wall_off(state: Level7State, tile: str) -> None:
    """Every door of `tile` still facing empty space is found walled (no exploring from it)."""
    for d in explore.explorable_doors(state, tile):
        state.tokens["walled"].append([tile, d[0], d[1]])


def decide(state: Level7State, seed: int = 0):
    return PlayerBot(seed).decide(state, legal_actions(state))


def me(state: Level7State):
    return state.characters[state.turn.player]


# ---------------------------------------------------------------------------- where it goes

def two_ways(lift_beyond: str, players: int = 1) -> Level7State:
    """The Tank Farm with two corridors out of it; the A-Lift lies beyond one of them."""
    state = new(players)
    place(state, "T07", "tank_farm", "N")
    place(state, "T36", "tank_farm", "S")
    wall_off(state, "tank_farm")
    beyond = "T07" if lift_beyond == "north" else "T36"
    place(state, "T01", beyond, "N" if lift_beyond == "north" else "S")
    return state


@pytest.mark.parametrize("side, toward", [("north", "T07"), ("south", "T36")])
def test_with_two_exits_it_goes_toward_the_lift(side, toward):
    state = two_ways(side)
    assert goal(state, me(state)).tiles == {"T01"}
    got = decide(state)
    assert got.action.kind == "move" and got.action.payload["to"] == toward
    assert "A-Lift" in got.reason


def test_it_escapes_when_it_stands_on_the_lift():
    state = two_ways("north")
    me(state).tile = "T01"
    got = decide(state)
    assert got.action.kind == "escape" and "no active enemy" in got.reason


def test_before_it_escapes_it_hands_its_best_item_to_a_character_left_behind():
    state = two_ways("north", players=2)
    a, b = (state.characters[i] for i in state.order)
    a.tile = b.tile = "T01"
    a.items = ["flashlight#1", "stun_baton#1"]
    got = decide(state)
    assert got.action.kind == "trade" and got.action.payload == {"with": b.id, "give": "stun_baton#1", "take": ""}
    assert "before I escape" in got.reason
    T.apply(state, got.action)
    answer = decide(state)  # the other player's question: a gift is accepted
    assert answer.action.payload == {"accept": True}
    T.apply(state, answer.action)
    assert b.items == ["stun_baton#1"] and decide(state).action.kind == "escape"


def test_it_goes_round_a_tile_where_an_enemy_would_pin_it():
    """Two ways of the same length to unexplored space; an active guard stands on one of them."""
    state = new()
    place(state, "T07", "tank_farm", "N")
    place(state, "T36", "tank_farm", "S")
    wall_off(state, "tank_farm")
    assert goal(state, me(state)).tiles == {"T07", "T36"}
    for guarded, free in (("T07", "T36"), ("T36", "T07")):
        state.enemies = [Enemy("guard", 1, guarded)]
        got = decide(state)
        assert got.action.kind == "move" and got.action.payload["to"] == free, got.reason


def test_when_the_only_way_on_is_pinned_it_goes_anyway():
    """Waiting for the guard to leave could wait for ever (a stunned figure on my tile never gets
    up while I stand there): the cost of a pinning tile ranks the ways, it never keeps me still."""
    state = new()
    place(state, "T07", "tank_farm", "N")
    wall_off(state, "tank_farm")
    state.enemies = [Enemy("guard", 1, "T07")]
    got = decide(state)
    assert got.action.kind == "move" and got.action.payload["to"] == "T07"
    assert "would pin me" in got.reason


def test_a_locked_door_on_the_only_way_is_opened_with_a_key_or_else_by_the_likelier_challenge():
    state = new()
    door = next(d for d in explore.explorable_doors(state, "tank_farm") if d[0] == "N")
    place(state, "T07", "tank_farm", "N")
    wall_off(state, "tank_farm")
    state.tokens["locked"].append(["tank_farm", door[0], door[1]])
    me(state).hand = ["sprint#1", "sprint#2"]
    got = decide(state)
    assert got.action.kind == "unlock" and got.action.payload["way"] == "strength"  # 52% beats 28%
    assert "it is the only way" in got.reason
    me(state).items = ["security_key#1"]
    got = decide(state)
    assert got.action.kind == "use_key" and "a key needs no roll" in got.reason


def test_on_the_frontier_it_peeks_once_peeking_is_allowed():
    state = new()
    assert decide(state).action.kind == "explore"  # stack A still has tiles: no peeking yet
    state.stacks[1][1] = state.stacks[0][1] + state.stacks[1][1]
    state.stacks[0][1] = []
    got = decide(state)
    assert got.action.kind == "peek" and "17%" in got.reason  # a double Intelligence face: 1 in 6


def test_scenario_2_sends_it_to_an_unaccessed_control_panel():
    state = new(scenario="s2")
    place(state, "T15", "T01", "N")  # Monitoring Station: a control panel
    got = decide(state)
    assert goal(state, me(state)).words == "an unaccessed control panel"
    assert got.action.kind == "move" and got.action.payload["to"] == "T15"
    me(state).tile = "T15"
    state.turn.moves_left = 0
    me(state).hand = ["sprint#1", "sprint#2"]  # 28%, and a failure starts Lockdown: wait for a card
    got = decide(state)
    assert got.action.kind == "end_turn" and "wait on the panel" in got.reason
    no_help = [f"{k}#{i}" for k, card in c().adrenaline.items() if "intelligence" not in card.bonus
               for i in range(1, card.copies + 1)]
    me(state).hand = no_help[:tracks_hand_size(c(), me(state).vitality)]  # a full hand: no card is coming: now
    got = decide(state)
    assert got.action.kind == "control_panel" and "objective" in got.reason
    me(state).hand = ["quick_thinking#1", "sprint#1"]
    got = decide(state)
    assert got.action.kind == "adrenaline" and "28% -> 59%, then: use the control panel" in got.reason
    state.tokens["accessed"] = ["T13", "T14", "T15"]
    assert goal(state, me(state)).tiles == {"T01"}  # three panels accessed: back to the lift


# ---------------------------------------------------------------------------- challenges

def pinned_by(state: Level7State, *kinds: str) -> Level7State:
    """Enemies on the active character's tile; a hand with no Intelligence or Strength bonus, so
    the challenge is chosen on the dice alone."""
    state.enemies = [Enemy(k, i + 1, me(state).tile) for i, k in enumerate(kinds)]
    me(state).hand = ["sprint#1", "sprint#2", "sprint#3"]
    return state


def test_it_outwits_rather_than_attacks_when_the_odds_say_so():
    """Fear 1-2: +1 Intelligence, -1 Strength: Outwit (5 dice for 3 icons) beats attacking the
    guard (3 dice for 3 icons, and a Threat token)."""
    state = pinned_by(new(), "guard")
    me(state).fear = 2
    got = decide(state)
    assert got.action.kind == "outwit"
    outwit = C.success_chance(c(), C.Challenge("outwit", "intelligence", 3), 5)
    assert f"{round(float(outwit) * 100)}% to slip away" in got.reason
    assert "staying costs" in got.reason


def test_it_attacks_when_the_odds_say_so():
    """Fear 5 and a stun baton: 4 + 1 + 2 = 7 Strength dice against Toughness 3, far better than
    Outwit's 4 Intelligence dice."""
    state = pinned_by(new(), "guard")
    me(state).fear = 5
    me(state).items = ["stun_baton#1"]
    got = decide(state)
    assert got.action.kind == "attack" and "to stun or remove it" in got.reason


def test_against_two_enemies_it_does_not_attack_one():
    """Stunning one of two active enemies frees nothing."""
    state = pinned_by(new(), "guard", "guard")
    me(state).fear = 5
    me(state).items = ["stun_baton#1"]
    got = decide(state)
    assert got.action.kind in ("outwit", "bull_rush")


def test_on_the_lift_it_attacks_the_enemy_that_stops_its_escape():
    state = two_ways("north")
    me(state).tile = "T01"
    pinned_by(state, "clone")
    me(state).fear = 2  # Outwit would be likelier, but leaving the lift is no use
    got = decide(state)
    assert got.action.kind == "attack"


def test_with_few_cards_it_does_not_try_a_hopeless_challenge():
    state = pinned_by(new(), "guard", "guard", "guard")
    me(state).hand = me(state).hand[:2]
    here = foes_here(state, me(state).tile)
    assert C.success_chance(c(), C.bull_rush_challenge(c(), here), 4) < Fraction(1, 4)
    assert C.success_chance(c(), C.outwit_challenge(c(), here, "guards"), 4) < Fraction(1, 4)
    got = decide(state)
    assert got.action.kind == "end_turn" and "no challenge is worth it" in got.reason


# ---------------------------------------------------------------------------- rerolls

def stacked_attack(monkeypatch, faces: list[str]) -> Level7State:
    """Attacking a guard (Strength, 3 icons to stun) with Surge of Strength's reroll of up to 2
    dice in play; the dice come up as `faces` (names in dice.toml)."""
    state = pinned_by(new(), "guard")
    by_name = {f.name: f for f in c().dice[C.DIE].faces}
    monkeypatch.setattr(C, "roll_dice", lambda content, attribute, n, rng:
                        C.Roll(attribute, tuple(by_name[f] for f in faces), (len(faces),)))
    state.turn.abilities.append("surge_of_strength")
    T.apply(state, next(a for a in legal_actions(state) if a.kind == "attack"))
    assert state.proc["pending"]["kind"] == "reroll"
    return state


def test_a_stacked_roll_rerolls_the_dice_the_exact_odds_say(monkeypatch):
    """1 icon of 3: rerolling two of the blank and the Intelligence dice (5/12) beats any pair
    with the Strength die in it; the bot's pick is the best of every option by reroll_odds."""
    state = stacked_attack(monkeypatch, ["Strength", "blank", "Intelligence", "double Intelligence"])
    assert state.proc["pending"]["about"]["faces"] == [f.as_dict() for f in (
        {f.name: f for f in c().dice[C.DIE].faces}[n] for n in ["Strength", "blank", "Intelligence", "double Intelligence"])]
    roll = C.Roll("strength", tuple(Face.of(d) for d in state.proc["pending"]["about"]["faces"]), (4,))
    odds = {tuple(a.payload.get("dice", [])): C.reroll_odds(c(), roll, a.payload.get("dice", []), lambda n: n >= 3)
            .get(True, Fraction(0)) for a in legal_actions(state)}
    for seed in range(6):
        got = PlayerBot(seed).decide(state, legal_actions(state))
        assert got.action.kind == "reroll" and sorted(got.action.payload["dice"]) in ([1, 2], [1, 3], [2, 3])
        assert odds[tuple(got.action.payload["dice"])] == max(odds.values()) == Fraction(5, 12)
        assert "42% to succeed" in got.reason


def test_a_roll_that_succeeds_is_kept(monkeypatch):
    state = stacked_attack(monkeypatch, ["double Strength", "Strength", "blank", "blank"])
    got = decide(state)
    assert got.action.payload["reroll"] == "" and "100% to succeed" in got.reason


# ---------------------------------------------------------------------------- adrenaline

def test_before_a_likely_failure_it_plays_the_bonus_that_makes_it_likely():
    """Two guards: Outwit needs 4 Intelligence icons, 28% with 4 dice; Quick Thinking's +2 makes
    it 59%. The card goes first (it lasts until the roll), then the challenge."""
    state = pinned_by(new(), "guard", "guard")
    me(state).hand = ["quick_thinking#1", "sprint#1", "sprint#2"]
    got = decide(state)
    assert got.action.kind == "adrenaline" and got.action.payload == {"card": "quick_thinking#1", "use": "bonus", "shift": 0}
    assert "Quick Thinking for Intelligence: 28% -> 59%, then: Outwit the 2 guards: 28%" in got.reason
    T.apply(state, got.action)
    got = decide(state)
    assert got.action.kind == "outwit" and "59% to slip away" in got.reason


def test_a_speed_card_when_it_brings_the_lift_within_reach():
    state = two_ways("north")
    me(state).hand = ["sprint#1", "quick_thinking#1"]
    state.turn.moves_left = 1  # the lift is 2 moves away
    got = decide(state)
    assert got.action.kind == "adrenaline" and got.action.payload["card"] == "sprint#1"
    assert "+1 Speed: A-Lift is 2 moves away and I have 1 left" in got.reason
    state.turn.moves_left = 2
    assert decide(state).action.kind == "move"  # in reach without it: the card stays in hand


def test_a_bonus_is_played_when_it_turns_a_likely_failure_into_a_likely_success():
    state = new()
    me(state).hand = ["quick_thinking#1", "sprint#1", "surge_of_strength#1"]
    panel = C.Challenge("control_panel", "intelligence", 4)
    plan = bonus_plan(state, me(state), panel)
    before = C.success_chance(c(), panel, 4)
    after = C.success_chance(c(), panel, 6)
    assert before < Fraction(1, 2) <= after
    assert plan.cards == ("quick_thinking#1",) and plan.before == before and plan.after == after
    assert f"{round(float(before) * 100)}% -> {round(float(after) * 100)}%" in plan.text


def test_a_cards_fear_cost_is_paid_before_the_roll():
    """At Fear 2 the band gives +1 Intelligence; Quick Thinking's +1 Fear cost takes it away, so
    the +2 card makes 4 + 2 = 6 dice, not 7 (spec 6.11: the cost is paid first)."""
    state = new()
    me(state).fear = 2
    me(state).hand = ["quick_thinking#1", "sprint#1"]
    panel = C.Challenge("control_panel", "intelligence", 4)
    plan = bonus_plan(state, me(state), panel)
    assert plan.before == C.success_chance(c(), panel, 5)
    assert plan.after == C.success_chance(c(), panel, 6)


def test_no_card_when_the_odds_are_already_good():
    state = new()
    me(state).hand = ["quick_thinking#1", "sprint#1"]
    easy = C.Challenge("event_challenge", "intelligence", 2)
    assert bonus_plan(state, me(state), easy).cards == ()


def test_it_never_plays_its_last_card():
    state = new()
    me(state).hand = ["quick_thinking#1"]
    panel = C.Challenge("control_panel", "intelligence", 4)
    assert bonus_plan(state, me(state), panel).cards == ()


def test_a_helper_gives_from_its_own_hand_and_keeps_its_last_card():
    state = new(players=2)
    a, b = (state.characters[i] for i in state.order)
    a.hand = ["sprint#1", "sprint#2"]
    panel = C.Challenge("control_panel", "intelligence", 4)
    b.hand = ["lend_a_hand#1", "sprint#3"]
    assert bonus_plan(state, a, panel, helper=b, own_turn=False).cards == ("lend_a_hand#1",)
    b.hand = ["lend_a_hand#1"]
    assert bonus_plan(state, a, panel, helper=b, own_turn=False).cards == ()


def test_it_helps_another_character_when_its_card_makes_the_challenge_likely():
    state = pinned_by(new(players=2), "guard", "guard")
    helper = state.characters[state.order[1]]
    helper.tile = me(state).tile
    helper.hand = ["quick_thinking#1", "sprint#5", "sprint#6"]
    got = decide(state)
    assert got.action.kind == "outwit"  # 28% on its own dice
    T.apply(state, got.action)
    assert state.proc["pending"]["decider"] == helper.id
    answer = decide(state)
    assert answer.action.payload == {"card": "quick_thinking"}
    assert f"help {me(state).name}: play Quick Thinking for Intelligence: 28% -> 59%" in answer.reason


def test_a_helpers_reason_names_only_the_card_it_plays():
    """A helper plays one card per challenge (spec 6.11, challenges.helping), but its reason read
    "help Subject 1: play Deep Breath and Hold Your Breath for Intelligence: 28% -> 59%": a card
    still in its hand shown to every seat, and odds the one card played does not give. The reason
    names the card played and the chance with it alone; the choice is the same."""
    state = pinned_by(new(players=2), "guard", "guard")
    helper = state.characters[state.order[1]]
    helper.tile = me(state).tile
    helper.hand = ["deep_breath#1", "hold_your_breath#1", "sprint#5", "sprint#6"]
    got = decide(state)
    assert got.action.kind == "outwit"
    T.apply(state, got.action)
    assert state.proc["pending"]["decider"] == helper.id
    answer = decide(state)
    played = answer.action.payload["card"]
    assert played in ("deep_breath", "hold_your_breath")
    other = "Hold Your Breath" if played == "deep_breath" else "Deep Breath"
    assert other not in answer.reason and " and " not in answer.reason, answer.reason
    assert "59%" not in answer.reason and "-> 44%" in answer.reason, answer.reason


def test_it_keeps_its_cards_when_it_has_few():
    state = pinned_by(new(players=2), "guard", "guard")
    helper = state.characters[state.order[1]]
    helper.tile = me(state).tile
    helper.hand = ["quick_thinking#1", "sprint#5"]
    T.apply(state, decide(state).action)
    answer = decide(state)
    assert answer.action.payload == {"card": ""} and "I hold only 2" in answer.reason


# ---------------------------------------------------------------------------- Fear, Threat, the Hospital

def test_threat_costs_more_when_it_turns_the_guards_onto_me():
    state = new(players=2)
    a, b = (state.characters[i] for i in state.order)
    state.enemies = [Enemy("guard", 1, "T07")]
    place(state, "T07", "tank_farm", "N")
    b.threat = 2
    a.threat = 0
    calm = track_cost(state, a, "threat", 0, 1)  # b stays the guards' target
    assert "nobody turns on me" in calm.words
    a.threat = 1
    turned = track_cost(state, a, "threat", 1, 2)  # a tie, which the active player loses (7.4)
    assert turned.cost > calm.cost and "1 enemy more would chase me" in turned.words


def test_an_event_choice_keeps_its_cards_and_its_hospital_distance():
    state = new()
    me(state).hand = me(state).hand[:2]
    discard = price_steps(state, me(state), (Step("discard", {"count": 1}),))
    fear = price_steps(state, me(state), (Step("fear", {"amount": 1}),))
    assert fear.cost < discard.cost
    me(state).hand = me(state).hand[:1]
    assert "Hospital" in price_steps(state, me(state), (Step("discard", {"count": 1}),)).words


def test_fear_seven_costs_more_than_fear_four():
    state = new()
    assert track_cost(state, me(state), "fear", 6, 7).cost > track_cost(state, me(state), "fear", 3, 4).cost


# ---------------------------------------------------------------------------- hidden information

def hide_differently(state: Level7State, rng: random.Random) -> Level7State:
    """The same table with every hidden part changed: deck orders, the tile stacks, the seed and
    dice, another player's hand."""
    other = Level7State.from_json(state.to_json())
    for deck in (other.adrenaline, other.events, other.items, other.skills):
        rng.shuffle(deck.draw_pile)
    tiles = [t for _, ts in other.stacks for t in ts]
    rng.shuffle(tiles)
    for stack in other.stacks:
        n = len(stack[1])
        stack[1], tiles = tiles[:n], tiles[n:]
    other.rng = type(other.rng)(state.seed + 1)
    me_id = state.turn.player if state.proc is None else state.proc["pending"]["decider"]
    for ch in other.characters.values():
        if ch.id != me_id and ch.hand and other.adrenaline.draw_pile:
            swap = other.adrenaline.draw_pile.pop()
            other.adrenaline.draw_pile.append(ch.hand[0])
            ch.hand[0] = swap
    return other


def test_it_decides_the_same_on_states_that_differ_only_in_hidden_parts():
    rng = random.Random(5)
    compared = 0
    for players in (2, 4):
        session = Session.start(T, "s1", 11, {"players": players})
        bots: dict[str, PlayerBot] = {}
        while session.decider is not None and compared < 60 * players:
            state, actions = session.state, session.legal_actions()
            twin = hide_differently(state, rng)
            assert seat_view(twin).to_json() == seat_view(state).to_json()
            first = PlayerBot(7).decide(state, actions)
            again = PlayerBot(7).decide(twin, T.legal_actions(twin))
            assert (first.action, first.reason) == (again.action, again.reason)
            compared += 1
            bot = bots.setdefault(session.decider, PlayerBot(len(bots)))
            session.apply(bot.decide(state, actions).action)
        RESOLVER.release(session.state)
    assert compared > 40


def test_the_view_hides_the_other_hands_but_counts_them():
    state = new(players=3)
    seat = state.order[0]
    seen = view_for(state, seat)
    for cid, ch in state.characters.items():
        assert hand_size(seen, cid) == len(ch.hand)
        assert seen.characters[cid].hand == (ch.hand if cid == seat else [])


# ---------------------------------------------------------------------------- whole games

@pytest.mark.parametrize("scenario", ["s1", "s2"])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_it_answers_every_question_in_whole_games(scenario, players):
    """Every decision of whole games: a legal action, a reason in words, and no question the bot
    has no answer for (the fallback's words never appear)."""
    kinds = set()
    for seed in range(3):
        session = Session.start(T, scenario, 100 + seed, {"players": players})
        bots: dict[str, PlayerBot] = {}
        for _ in range(3000):
            if session.decider is None:
                break
            actions = session.legal_actions()
            got = bots.setdefault(session.decider, PlayerBot(seed * 8 + len(bots))).decide(session.state, actions)
            assert got.action in actions and got.reason
            assert "no option is better than another" not in got.reason, got
            kinds.add(got.action.kind)
            session.apply(got.action)
        assert session.decider is None, "the game did not end"
        RESOLVER.release(session.state)
    assert {"explore", "end_turn"} <= kinds


def test_the_simulator_plays_the_player_bot_by_default_and_keeps_the_random_one():
    from game.engine.bots import RandomBot
    from game.level7.simulation import Level7Simulator

    sim = Level7Simulator()
    assert sim.bots == ("player", "random")
    assert isinstance(sim.bot(sim.bots[0], 1), PlayerBot) and type(sim.bot("random", 1)) is RandomBot


# ---------------------------------------------------------------------------- the cards that act (spec 8.4, 8.5)

def test_it_stuns_the_clones_pinning_it_with_the_fire_extinguisher():
    """8.5 Fire Extinguisher: two active clones hold it; stunned, they neither hold nor attack."""
    state = pinned_by(new(), "clone", "clone")
    me(state).items = ["fire_extinguisher#1"]
    got = decide(state)
    assert got.action.kind == "use_item" and "stuns the 2 active clones on my tile" in got.reason


def test_it_uses_the_med_kit_when_its_hand_has_room_for_both_cards():
    """8.5 Med Kit: draw 2; with room for one only it waits (unless down to its last card)."""
    state = new()
    me(state).items = ["med_kit#1"]
    me(state).hand = me(state).hand[:me(state).vitality - 2]
    got = decide(state)
    assert got.action.kind == "use_item" and "I draw 2 adrenaline cards" in got.reason
    me(state).hand.append(state.adrenaline.draw_pile.pop())
    assert decide(state).action.kind != "use_item"


def test_a_paranoid_bot_redraws_a_fear_section_worse_than_the_average_and_keeps_a_harmless_one():
    """8.4 Paranoid: the section is priced as an event choice is (price_steps, enemies counted),
    against the mean of that section kind over the other cards."""
    from tests.level7.engine_helpers import act, game, next_event

    answers = {}
    for card in ("E01", "E03"):  # F4: a clone spawns; F10: nothing
        s = game(tiles=[("T07", 0, 0, 0), ("T05", 1, 0, 2)])
        s.characters["subject_1"].skills = ["paranoid"]
        next_event(s, card)
        act(s, "move", to="T05")
        got = decide(s)
        assert got.action.kind == "redraw_event" and "on average" in got.reason
        answers[card] = got.action.payload["redraw"]
    assert answers == {"E01": True, "E03": False}


def test_it_picks_up_a_clean_uniform_and_leaves_a_bloody_one():
    """Spec 8.5 (rules/uniforms.py): a clean uniform hides its Threat from the guards; a bloody one
    costs a Fear and hides nothing."""
    state = new()
    state.floor_items[me(state).tile] = ["bloody_uniform#2", "uniform#1"]
    got = decide(state)
    assert got.action.kind == "pickup" and got.action.payload["card"] == "uniform#1" and "Threat as 0" in got.reason
    state.floor_items[me(state).tile] = ["bloody_uniform#2"]
    assert decide(state).action.kind != "pickup"


def test_it_never_steps_onto_a_swarm_tile():
    """Spec 9.4 (errata p. 11): moving onto a swarm tile kills; the way to the lift through the
    swarm's corridor is not taken."""
    state = two_ways("north")
    assert decide(state).action.payload.get("to") == "T07"
    state.tokens["swarm"] = ["T07"]
    got = decide(state)
    assert got.action.payload.get("to") != "T07" and got.action.kind in ("move", "end_turn")


# ---------------------------------------------------------------------------- adrenaline abilities (8.6)

def test_it_keeps_steel_nerves_for_a_fear_gain_that_crosses_a_band():
    """8.6 Steel Nerves, 6.12's bands (3-4 plain, 5-6 +1 Strength and the clones' extra die): Fear
    3 -> 4 stays in its band, the card is kept; 4 -> 5 crosses, it is played."""
    from tests.level7.engine_helpers import game

    for fear, play in ((3, False), (4, True)):
        s = game(tiles=[("T07", 0, 0, 0), ("T36", 1, 0, 0)])
        mine = s.characters["subject_1"]
        mine.hand, mine.fear = ["steel_nerves#1", "sprint#1", "sprint#2"], fear
        s.tokens["darkness"].append("T07")
        T.apply(s, next(a for a in legal_actions(s) if a.kind == "move" and a.payload["to"] == "T36"))
        assert s.proc["pending"]["kind"] == "cancel_fear"
        got = decide(s)
        assert bool(got.action.payload["card"]) is play, got
        assert ("cross a band" in got.reason) if play else ("same band" in got.reason)


def test_it_cancels_an_attack_that_would_likely_knock_it_out():
    """8.6 Duck and Cover against three clones (one attacks, two add dice, 7.4) on a character with
    two cards: the discards would likely empty its hand (6.13), so the attack is cancelled; with a
    full hand against one clone it keeps the card."""
    from tests.level7.engine_helpers import CROSS, at, foe, game, next_event

    def attacked(hand, clones):
        s = game(tiles=CROSS)
        other = at(s, "subject_2", "T36")
        other.hand, other.fear = hand, 6
        for _ in range(clones):
            foe(s, "clone", "T36")
        next_event(s, "E02")
        T.apply(s, next(a for a in legal_actions(s) if a.kind == "end_turn"))
        assert s.proc["pending"]["kind"] == "defend" and s.proc["pending"]["decider"] == "subject_2"
        return decide(s)

    got = attacked(["duck_and_cover#1", "sprint#1"], 3)
    assert got.action.payload == {"card": "duck_and_cover", "use": "ability"} and "knocks me out" in got.reason
    got = attacked(["duck_and_cover#1", "sprint#1", "sprint#2", "scrounge#1"], 1)
    assert got.action.payload == {"card": ""}, got


def test_it_slips_away_from_a_pin_no_challenge_makes_likely():
    """8.6 Slip Away against two guards (Outwit 28%, Bull Rush worse, 6.5-6.7): certain, so played
    before any challenge, with the odds it passed over in the reason."""
    state = pinned_by(new(), "guard", "guard")
    me(state).hand = ["slip_away#1", "sprint#1", "sprint#2"]
    got = decide(state)
    assert got.action.kind == "adrenaline" and got.action.payload["card"] == "slip_away#1"
    assert "leave this tile without a challenge" in got.reason and "28%" in got.reason


def test_on_its_own_turn_its_reason_names_only_the_card_it_plays_now():
    """On its own turn the bot plays its plan's cards one action at a time, but the first one's
    reason read "play Deep Breath and Hold Your Breath for Intelligence: 28% -> 59%, then: ...",
    naming a card still in its hand to every seat one action early. It names the card played now
    and the chance with it alone; the next card gives its own reason when it is played."""
    state = pinned_by(new(players=2), "guard", "guard")
    me(state).hand = ["deep_breath#1", "hold_your_breath#1", "sprint#5", "sprint#6"]
    got = decide(state)
    assert got.action.kind == "adrenaline", got.reason
    played = got.action.payload["card"].split("#")[0]
    other = "Hold Your Breath" if played == "deep_breath" else "Deep Breath"
    assert other not in str(got.reason) and " and " not in str(got.reason).split(", then:")[0], got.reason
