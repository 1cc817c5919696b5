"""Random legal games with invariants checked after every action (issue 16 "Must hold"): the 70
cards are never created or lost across deck, hand, discard and the cities; battle station limits
hold; a destroyed sector stays destroyed; the game always offers a legal action or has ended.
Also: a save (JSON) taken at any point, a question pending included, goes on to the same game."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.convoy.rules import board as B
from game.convoy.rules.state import ConvoyState
from game.engine.bots import RandomBot
from tests.convoy.helpers import T


def check(s: ConvoyState, before: ConvoyState | None) -> None:
    placed = [u for zone in s.all_zones() for u in zone] + list(s.equip.values())
    assert sorted(placed) == list(range(70)), "a card was created or lost"
    assert all(c in [u for z in s.slots for side in z for u in side] for c in s.equip), "Equipment off the table"
    pend = s.proc["pending"] if s.proc else None
    if pend is None or pend["kind"] != "excess":
        for c in B.live_cities(s):
            for side in (0, 1):
                assert B.used_stations(s, c, side) <= B.stations(s, c, side), (c, side)
    if before is not None:
        for c in range(5):
            assert all(s.sector_down[c][i] for i, d in enumerate(before.sector_down[c]) if d), "sector rebuilt"
            assert s.flipped[c] or not before.flipped[c], "city rebuilt"
    if s.outcome is None:
        assert T.current_decider(s) is not None and T.legal_actions(s), "no legal action"
    else:
        assert T.legal_actions(s) == [] and T.current_decider(s) is None


def play(seed: int, bot_seed: int) -> tuple[ConvoyState, list]:
    s = T.new_game("standard", seed, {})
    bot = RandomBot(bot_seed)
    actions = []
    check(s, None)
    while s.outcome is not None or T.current_decider(s) is not None:
        if s.outcome is not None:
            break
        before = s.checkpoint()
        a = bot.choose(T.legal_actions(s))
        T.apply(s, a)
        actions.append(a)
        check(s, before)
        assert len(actions) < 3000, "the game does not end"
    return s, actions


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31), st.integers(0, 2**31))
def test_random_legal_games_keep_the_invariants(seed, bot_seed):
    s, _ = play(seed, bot_seed)
    assert s.outcome in ("moloch", "outpost") and s.phase == "over"
    assert s.win_by in ("deck", "new_york", "deck_and_new_york", "convoy_destroyed")


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2**31))
def test_a_save_at_any_point_goes_on_to_the_same_game(seed):
    """DESIGN.md: the action list is the game. Each action is applied to a state read back from
    the JSON of the one before (a paused question is re-executed from its checkpoint)."""
    s, actions = play(seed, seed + 1)
    r = T.new_game("standard", seed, {})
    for a in actions:
        r = T.from_json(T.to_json(r))
        T.apply(r, a)
    assert T.state_hash(r) == T.state_hash(s)
