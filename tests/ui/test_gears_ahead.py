"""The rules' share of laying a Gears tile is done ahead, in idle time (issue 19; GearsTable's
warm_ups, table_scene.ahead_jobs): the boards an exploration from a door on the map would lay
are composed, and their tables and sight from the COGs computed, into the rules' own caches,
so the click that lays the tiles composes nothing. Nothing of the state changes."""
from __future__ import annotations

import pytest

from game.engine.protocol import Action
from game.gears.rules import board_view
from game.gears.rules.explore import door_target
from game.gears.rules.title import GearsTitle
from game.ui.gears.table_scene import ahead_jobs
from tests.gears.conftest import start


@pytest.mark.parametrize("mission", ["china_shop", "hive"])
def test_the_click_that_lays_a_level_finds_its_boards_composed(monkeypatch, mission):
    """Built (as a lesson sets its game up): P1 stands in the area of a door whose level is
    still to be explored, the levels unlocked; the work ahead is done, then P1 explores."""
    title = GearsTitle()
    state = start(title, mission, players=2, seed=7)
    state.locked = [False] * len(state.locked)
    door = next(d for d in state.doors if door_target(state, d) is not None)
    state.cogs[state.players[0]].area = state.view().exits[door]
    state._legal_memo = None
    composed: list[str] = []
    real = board_view._next_board

    def counting(prev, tile, exit_name, piece):
        composed.append(tile)
        return real(prev, tile, exit_name, piece)

    monkeypatch.setattr(board_view, "_next_board", counting)
    before = title.to_json(state)
    jobs = 0
    for job in ahead_jobs(state, title.content):  # each job may read what the one before did
        job()
        jobs += 1
    assert jobs, "nothing to compose ahead: the door's level is laid already"
    assert title.to_json(state) == before, "the work ahead changed the state"
    tiles = len(state.placements)
    composed.clear()
    title.apply(state, Action("explore", {}))
    while state.proc is not None and len(state.placements) == tiles:  # a question before the tiles
        title.apply(state, title.legal_actions(state)[0])
    assert len(state.placements) > tiles, "the exploration laid no tile"
    assert not composed, f"the click composed {composed}"
