"""Exploration's kept answers (spec 3.10; rules/board.py DoomMap.sees_area, rules/queries.py
areas_seen, and the walls-and-doors filter DoomMap.areas_in_view) are derived data: after every
action of random games they equal the answer worked out from scratch, square by square with the
plain LOS predicate (spec 3.7), with no kept table."""
from __future__ import annotations

import pytest

from game.doom.bots import RandomBot
from game.doom.rules import queries as Q
from game.doom.rules.title import DoomTitle
from game.engine.session import Session

TITLE = DoomTitle()


def seen_from_scratch(state, cell, area, block) -> bool:
    """Spec 3.7 for each square of the area in turn (GridSight.first_blocker: no cache)."""
    m = state.map
    sight = m._sight(state.option("strict_corners"))
    doors = frozenset(e for d in state.closed for e in m.doors[d].edges)
    return any(sight.first_blocker(cell, b, block, doors) is None for b in m.areas[area])


@pytest.mark.parametrize("scenario,seed,marines", [("knee_deep", 21, 3), ("reactor", 22, 2), ("knee_deep", 23, 1)])
def test_exploration_answers_equal_the_plain_predicate_after_every_action_section_3_10(scenario, seed, marines):
    session = Session.start(TITLE, scenario, seed=seed, options={"marines": marines})
    bot = RandomBot(seed)
    asked = 0
    for i in range(400):
        if session.is_over():
            break
        session.apply(bot.choose(session.legal_actions()))
        state = session.state
        m = state.map
        closed, strict = state.closed_set, state.option("strict_corners")
        block = frozenset(Q.all_blocking(state))
        hidden = [a for a in m.area_names if a not in state.revealed]
        if i % 25 == 0:  # the walls-and-doors filter too (slow from scratch: now and then)
            for mar in state.marines.values():
                if mar.cell is not None:
                    assert m.areas_in_view(mar.cell, closed, strict) == {
                        a for a in m.area_names if seen_from_scratch(state, mar.cell, a, frozenset())}
        expected = []
        for area in m.area_names:
            seers = [mar.cell for mar in state.marines.values() if mar.cell is not None
                     and area in m.areas_in_view(mar.cell, closed, strict)]
            for cell in seers:
                assert m.sees_area(cell, area, block, closed, strict) == seen_from_scratch(state, cell, area, block)
                asked += 1
            if any(seen_from_scratch(state, c, area, block) for c in seers):
                expected.append(area)
        assert Q.areas_seen(state, m.area_names) == expected
        assert not set(expected) & set(hidden), "a hidden area in sight is revealed at once"
    assert asked > 300, asked
