"""game/doom/invader_ai.py, the automated invader of spec doom.md 11.D, and rules/view.py (what a
player may know): scenes built from small states, then whole games at every difficulty."""
from __future__ import annotations

import io
import json
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product

import pytest

from game import simulate as S
from game.doom.bots import GreedyBot, field_from
from game.doom.invader_ai import DIFFICULTIES, InvaderAI
from game.doom.rules import queries as Q
from game.doom.rules.state import DoomState
from game.doom.rules.view import draw_pile_size, hidden_hand_size, view_for
from game.engine.rng import Rng
from game.engine.session import Session
from tests.doom.conftest import TITLE, act, deal, fresh, put


def decide(ai, state):
    choice = ai.decide(state, TITLE.legal_actions(state))
    assert choice.action in TITLE.legal_actions(state) and choice.reason
    return choice


def invader_turn(marines: int = 1):
    state = fresh(marines)
    state.phase, state.turn = "kill", None
    return state


def corridor_scene(monster: str, guard: bool = False):
    """P1 with door D1 open: Red in the corridor at 10,8, a figure round the corner in room A3
    (out of Red's sight, 4 MP from squares that see him)."""
    state = invader_turn()
    state.closed.remove("D1")
    red = state.marines["red"]
    red.cell = (10, 8)
    if guard:
        red.order, red.order_turn = "guard", -5
    fig = put(state, monster, (18, 6))
    return state, fig


def activated(ai, state, fig):
    choice = decide(ai, state)
    assert choice.action.kind == "activate" and choice.action.get("figure") == fig
    act(state, "activate", figure=fig)
    return decide(ai, state)


# --- the view -------------------------------------------------------------------------------


def test_view_hides_deck_order_rng_and_the_hand_from_marines():
    """DESIGN.md / spec 11.D: the invader never sees the order of a deck or the RNG; marines never
    see the invader's hand (its size they may count)."""
    state = TITLE.new_game("knee_deep", 4, {"marines": 2})
    view = view_for(state, "invader")
    assert view.hand == state.hand
    assert view.deck.draw_pile == sorted(state.deck.draw_pile) != state.deck.draw_pile
    assert view.marine_deck.draw_pile == sorted(state.marine_deck.draw_pile)
    assert view.seed == 0 and view.rng.to_json() == Rng(0).to_json() != state.rng.to_json()
    marine = view_for(state, "red")
    assert marine.hand == [] and hidden_hand_size(marine) == len(state.hand) == 5
    # everything public is kept
    assert [m.to_json() for m in marine.marines.values()] == [m.to_json() for m in state.marines.values()]
    assert marine.deck.discard_pile == state.deck.discard_pile and marine.revealed == state.revealed


def test_a_marines_view_cannot_tell_the_invaders_hand_from_the_cards_left_to_draw():
    """Spec 8: the invader's hand is secret. The view emptied the hand but kept the draw pile, so
    the deck's cards less the draw pile and the discards named the hand. Two games whose hands
    hold other unseen cards now give a marine the same view, and both sizes stay countable."""
    state = TITLE.new_game("knee_deep", 4, {"marines": 2})
    other = DoomState.from_json(state.to_json())
    other.hand, other.deck.draw_pile[:5] = other.deck.draw_pile[:5], other.hand
    assert set(other.hand).isdisjoint(state.hand)
    a, b = view_for(state, "red"), view_for(other, "red")
    assert a.to_json() == b.to_json()
    assert sorted(a.deck.draw_pile) == sorted(state.deck.draw_pile + state.hand)
    assert hidden_hand_size(a) == 5 and draw_pile_size(a) == len(state.deck.draw_pile)
    assert draw_pile_size(state) == len(state.deck.draw_pile)
    assert view_for(state, "invader").to_json() != view_for(other, "invader").to_json()


def test_view_drops_the_resolvers_checkpoint():
    """A paused resolution keeps the state it started from (decks and RNG included): not in a view."""
    state = invader_turn()
    state.phase = "spawn"
    deal(state, "zombie_pack#1")
    act(state, "spawn", card="zombie_pack#1", half=0)
    assert state.proc and "checkpoint" in state.proc
    view = view_for(state, "invader")
    assert "checkpoint" not in view.proc and view.proc["pending"] == state.proc["pending"]


def test_the_choice_does_not_change_when_only_hidden_parts_differ():
    """Two states differing only in the invader deck's order, the marine deck's order and the RNG
    give the same decisions with the same reasons."""
    a = TITLE.new_game("knee_deep", 5, {"marines": 2})
    b = DoomState.from_json(a.to_json())
    b.deck.draw_pile.reverse()
    b.marine_deck.draw_pile.reverse()
    b.rng = Rng(99)
    b.seed = 99
    for state in (a, b):
        state.phase, state.turn = "spawn", None
    assert a.deck.draw_pile != b.deck.draw_pile
    for _ in range(6):  # the spawn choice, the placements, the first activations
        ca, cb = InvaderAI("veteran", 1).decide(a, TITLE.legal_actions(a)), \
            InvaderAI("veteran", 1).decide(b, TITLE.legal_actions(b))
        assert (ca.action, ca.reason) == (cb.action, cb.reason)
        if ca.action.kind == "end_invader_turn":
            break
        act(a, ca.action.kind, **ca.action.payload)
        act(b, cb.action.kind, **cb.action.payload)


# --- step 1 and 2: hand and spawn -----------------------------------------------------------


def test_discards_a_spawn_card_whose_monsters_are_out_of_stock_first():
    """Spec 11.D step 1: with every Cyberdemon figure on the board (1 marine: one colour, seed p. 4)
    its spawn card is the first to go when the hand is over 8."""
    state = invader_turn()
    put(state, "cyberdemon", (18, 4), (19, 4), (18, 5), (19, 5))
    for card in ("cyberdemon#1", "zombie_pack#1", "zombie_pack#2", "imp_pair#1", "dodge#1", "trap#1", "dud#1",
                 "hellfire#1", "smash#1"):
        deal(state, card)
    state.phase = "discard"
    choice = decide(InvaderAI(), state)
    assert choice.action.kind == "discard" and choice.action.get("card") == "cyberdemon#1"
    assert "none of its monsters" in choice.reason


def test_spawns_out_of_sight_and_closer_than_a_far_alternative():
    """Spec 8.2 / 11.D step 2: the zombies go on squares no marine sees, near enough to strike
    (path distance at most MP + range from Red, or the nearest squares out of sight when none is
    that near), not to the far end of the map."""
    state = invader_turn()
    state.phase = "spawn"
    deal(state, "zombie_pack#1")
    ai = InvaderAI()
    choice = decide(ai, state)
    assert choice.action.kind == "spawn" and choice.action.get("card") == "zombie_pack#1"
    act(state, "spawn", card="zombie_pack#1", half=0)
    choice = decide(ai, state)
    assert choice.action.kind == "place"
    options = [tuple(tuple(c) for c in o["cells"]) for o in state.proc["pending"]["options"]]
    dist = field_from(state, [state.marines["red"].cell])
    far = max(dist[o[0]] for o in options)
    cells = tuple(tuple(c) for c in choice.action.get("cells"))
    assert cells[0] not in Q.marine_sight(state, invaders_block=False)
    zombie = state.content.monsters["zombie"]
    nearest = min(dist[o[0]] for o in options)  # no square out of sight may be near enough to strike
    assert dist[cells[0]] <= max(zombie.move + 1, nearest) + 1 < far
    assert "out of sight" in choice.reason


def test_recruit_brings_spawned_imps_in_farther_than_veteran_and_never_claims_a_strike():
    """Spec 11.D's levels (docs/DOOM.md, "Difficulties"): veteran puts an imp of an Imp Pair where
    it can strike Red this turn; recruit scores the squares by distance only, aiming beyond a
    turn's striking distance, so its imp comes in farther off and its reason promises no strike."""
    def scene():
        state = invader_turn()
        state.closed.remove("D1")
        state.marines["red"].cell = (10, 8)
        state.phase = "spawn"
        deal(state, "imp_pair#1")
        act(state, "spawn", card="imp_pair#1", half=0)
        return state

    state = scene()
    dist = field_from(state, [state.marines["red"].cell])

    def placed(difficulty: str, seed: int):
        choice = decide(InvaderAI(difficulty, seed), scene())
        assert choice.action.kind == "place" and "out of sight" in choice.reason
        return min(dist[tuple(c)] for c in choice.action.get("cells")), choice.reason

    veteran, why = placed("veteran", 1)
    assert "can strike Red this turn" in why
    for seed in range(1, 9):
        d, why = placed("recruit", seed)
        assert d > veteran and "strike" not in why


# --- step 3: activations --------------------------------------------------------------------


def test_attacks_a_marine_it_can_kill_rather_than_wander():
    """Spec 11.D step 3: an Imp in Red's sight with Red at 1 health plans the shot (a frag)."""
    state = invader_turn()
    state.closed.remove("D1")
    state.marines["red"].health = 1
    imp = put(state, "imp", (7, 8))
    ai = InvaderAI()
    choice = activated(ai, state, imp)
    steps = ([{"kind": choice.action.kind, **choice.action.payload}] + ai.plan["steps"]) if ai.plan else []
    assert any(s["kind"] == "attack" and s["target"] == [1, 8] for s in steps), (choice, ai.plan)
    assert "to kill" in choice.reason and "Red" in choice.reason


def test_shoots_then_falls_back_out_of_sight_with_the_mp_left():
    """Spec 11.D step 3.2: move, attack, and retreat with the remaining MP to a square Red does not see."""
    state, imp = corridor_scene("imp")
    ai = InvaderAI()
    choice = activated(ai, state, imp)
    plan = [{"kind": choice.action.kind, **choice.action.payload}] + ai.plan["steps"]
    kinds = [s["kind"] for s in plan]
    assert kinds == ["move", "attack", "move", "end_activation"], plan
    retreat = tuple(plan[2]["to"][0])
    assert retreat not in Q.marine_sight(state)
    assert "falls back" in choice.reason


def test_keeps_out_of_a_guard_marines_sight():
    """Spec 11.D step 3.3: a marine holding Guard fires at the worst moment; the same Imp that
    steps out to shoot an unguarded Red stays round the corner when Red is on Guard."""
    state, imp = corridor_scene("imp", guard=True)
    ai = InvaderAI()
    choice = activated(ai, state, imp)
    seen = Q.marine_sight(state)
    if choice.action.kind == "move":
        path = Q.reachable(state, imp, state.act["mp"])[tuple(tuple(c) for c in choice.action.get("to"))]
        assert not any(c in seen for pos in path for c in pos)
    assert all(s["kind"] != "attack" for s in (ai.plan or {}).get("steps", []))


# --- reactions ------------------------------------------------------------------------------


def red_shoots_an_imp(dice, faces):
    """Red fires the pistol at an Imp 3 squares off (D1 open); the invader holds a Dodge card."""
    state = fresh()
    state.closed.remove("D1")
    deal(state, "dodge#1")
    imp = put(state, "imp", (4, 8))
    act(state, "declare", action="fire")
    dice.push(*faces)
    act(state, "attack", weapon="pistol", target=[4, 8])
    assert state.proc["pending"]["kind"] == "dodge_card"
    return state, imp


def test_plays_dodge_when_the_roll_would_kill_its_monster(dice):
    """Seed p. 6 (dodge cards) / 11.D: r3 d2 + r4 d1 is 3 damage against an Imp's armour 1 and
    health (1, monsters.toml): a kill, so the Dodge card is played."""
    state, _ = red_shoots_an_imp(dice, ("r3 d2", "r4 d1"))
    choice = decide(InvaderAI(), state)
    assert choice.action.get("card") == "dodge#1" and "saves" in choice.reason


def test_keeps_dodge_when_the_roll_already_misses(dice):
    """Spec 6.4: any miss fails the attack: nothing to save."""
    state, _ = red_shoots_an_imp(dice, ("miss", "r4 d1"))
    choice = decide(InvaderAI(), state)
    assert choice.action.get("card") is None


def kill_chance_after(state, faces, reroll, distance, armour, health):
    """Brute force: the chance the roll kills after rerolling the dice at `reroll`."""
    c = state.content
    kept = {i: next(f for f in c.dice[d].faces if f.name == n) for i, (d, n) in enumerate(faces)}
    options = [c.dice[faces[i][0]].faces if i in reroll else [kept[i]] for i in range(len(faces))]
    total = kills = 0
    for combo in product(*options):  # every die has six equally likely faces
        total += 1
        hit = not any(f["miss"] for f in combo) and sum(f["range"] for f in combo) >= distance
        if hit and sum(f["damage"] for f in combo) // armour >= health:
            kills += 1
    return Fraction(kills, total)


def test_reroll_choice_is_the_exact_best(dice):
    """Spec 6.10 / 11.D: with the Dodge card played the invader picks the dice to reroll; its
    choice gives the Imp the lowest exact chance to die of all the subsets."""
    state, imp = red_shoots_an_imp(dice, ("r3 d2", "r4 d1"))
    ai = InvaderAI()
    act(state, "dodge_card", card="dodge#1")
    assert state.proc["pending"]["kind"] == "reroll"
    choice = decide(ai, state)
    faces = [("yellow", "r3 d2"), ("green", "r4 d1")]
    mon = state.content.monsters["imp"]
    chances = {s: kill_chance_after(state, faces, s, 3, mon.armour, mon.health)
               for k in range(3) for s in combinations(range(2), k)}
    picked = tuple(choice.action.get("dice"))
    assert chances[picked] == min(chances.values()) < chances[()]
    dice.push(*[("r3 d1", "r2 d1")[i] for i in picked])  # the reroll's faces, whatever they are
    act(state, "reroll", dice=list(picked))


# --- difficulties, determinism, saving ------------------------------------------------------


@lru_cache(maxsize=1)
def invader_decisions():
    """(state copy, actions) at every invader decision with three or more options of a veteran
    game (the states are never changed: every decision is made on a view)."""
    out = []
    for seed in (1,):
        s = Session.start(TITLE, "reactor", seed=seed, options={"marines": 2})
        ai, marines = InvaderAI("veteran", seed), GreedyBot()
        for _ in range(3000):
            if s.is_over():
                break
            actions = s.legal_actions()
            if s.decider == "invader":
                if len(actions) >= 3 and s.state.proc is None:
                    out.append((DoomState.from_json(s.state.to_json()), actions))
                choice = ai.decide(s.state, actions)
            else:
                choice = marines.decide(s.state, actions)
            s.apply(choice.action)
    return out


def test_recruit_differs_from_veteran_but_is_deterministic_per_seed():
    """Spec 11.D: Recruit samples from the top plans with its own seeded stream: not always the
    veteran's choice, and the same seed makes the same choices."""
    points = invader_decisions()[:40]
    assert len(points) >= 20
    vet, rec, again = InvaderAI("veteran", 1), InvaderAI("recruit", 7), InvaderAI("recruit", 7)
    v = [vet.decide(st, acts).action for st, acts in points]
    r1 = [rec.decide(st, acts).action for st, acts in points]
    r2 = [again.decide(st, acts).action for st, acts in points]
    assert r1 == r2
    assert sum(a != b for a, b in zip(r1, v)) >= 2


def test_bot_state_is_plain_json_and_restores_the_stream():
    """Another process (a save) can keep the AI's random state: get_state is JSON, set_state
    brings the same future choices."""
    points = invader_decisions()[:12]
    a = InvaderAI("recruit", 3)
    for st, acts in points[:6]:
        a.decide(st, acts)
    saved = json.loads(json.dumps(a.get_state()))
    b = InvaderAI("veteran", 0)
    b.set_state(saved)
    assert b.difficulty == "recruit"
    assert [a.decide(st, acts).action for st, acts in points[6:]] == [b.decide(st, acts).action for st, acts in points[6:]]


def test_unknown_difficulty_is_refused():
    with pytest.raises(ValueError, match="unknown invader difficulty"):
        InvaderAI("easy")


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_games_at_every_difficulty_end_without_errors(difficulty):
    """`python -m game simulate doom --difficulty ...`: the invader AI against GreedyBot marines
    plays games to the scenario's end, every choice legal and explained, and they replay."""
    out, err = io.StringIO(), io.StringIO()
    objs = S.run("doom", "reactor", 1, 2, 2, "greedy", 4000, out=out, err=err, difficulty=difficulty)
    assert objs[0]["errors"] == 0 and objs[0]["replay_ok"] and objs[0]["unfinished"] == 0, err.getvalue()
    assert objs[0]["difficulty"] == difficulty


def test_every_decision_has_a_reason_in_words():
    """Spec 11.D "Determinism and explanation": every choice says why, in plain words."""
    s = Session.start(TITLE, "knee_deep", seed=3, options={"marines": 1})
    ai, marines = InvaderAI("veteran", 3), GreedyBot()
    reasons = []
    for _ in range(3000):
        if s.is_over():
            break
        actions = s.legal_actions()
        if s.decider == "invader":
            choice = ai.decide(s.state, actions)
            assert choice.reason.strip() and "{" not in choice.reason and "#" not in choice.reason
            reasons.append(choice.reason)
        else:
            choice = marines.decide(s.state, actions)
        s.apply(choice.action)
    assert s.state.outcome in ("marines", "invader")
    assert any("%" in r for r in reasons)


def test_simulate_refuses_a_difficulty_for_a_title_without_levels():
    with pytest.raises(ValueError, match="no difficulty"):
        S.run("gears", "all", 1, 1, None, None, 10, out=io.StringIO(), err=io.StringIO(), difficulty="veteran")


def test_ending_a_turn_with_no_invader_left_says_so():
    """The Doom log read 'The invader: the only possible choice.' when the automated invader
    ended a turn with every figure done (or none on the board); its reason now says why."""
    from game.engine.text import english

    state = invader_turn()
    actions = TITLE.legal_actions(state)
    assert [a.kind for a in actions] == ["end_invader_turn"]  # no invader on the board
    choice = decide(InvaderAI("veteran", seed=1), state)
    assert english(choice.reason) == "no invader left to activate"
