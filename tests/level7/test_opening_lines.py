"""The game's first step 1 is logged (Level7Title.opening): "Turn 1" names the first player of
the seat order (spec 5.1: a randomly chosen first player), before the first action's lines.
Before, the first turn's line never reached the log: it ran inside new_game."""
from __future__ import annotations

import pytest

from game.engine.session import Session
from game.level7.rules.title import Level7Title


@pytest.mark.parametrize("seed", [1, 5])
def test_the_first_turn_is_the_first_line_of_the_log(seed):
    session = Session.start(Level7Title(), "s1", seed, {"players": 2})
    first = session.state.order[0]
    entries = list(session.log)
    assert [(e.step, e.event.kind, e.event.payload) for e in entries] == [(-1, "turn", {"who": first, "turn": 1})]
    session.apply(session.legal_actions()[0])
    assert list(session.log)[0] == entries[0] and all(e.step == 0 for e in list(session.log)[1:])
