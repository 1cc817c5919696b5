"""The rules' share of laying a Gears tile is done ahead, in idle time (issue 19; GearsTable's
warm_ups, table_scene.ahead_jobs): the boards an exploration from a door on the map would lay
are composed, and their tables and sight from the COGs computed, into the rules' own caches,
so the click that lays the tiles composes nothing. Nothing of the state changes."""
from __future__ import annotations

from game.engine.session import Session
from game.gears import bots
from game.gears.rules import board_view
from game.gears.rules.title import GearsTitle
from game.ui.gears.table_scene import ahead_jobs


def test_the_click_that_lays_a_level_finds_its_boards_composed(monkeypatch):
    session = Session.start(GearsTitle(), "china_shop", seed=7, options={"players": 2})
    chooser = {p: bots.SquadBot(seed=7 * 31 + i) for i, p in enumerate(session.state.players)}
    composed: list[str] = []
    real = board_view._next_board

    def counting(prev, tile, exit_name, piece):
        composed.append(tile)
        return real(prev, tile, exit_name, piece)

    monkeypatch.setattr(board_view, "_next_board", counting)
    laid_ahead = 0
    for _n in range(260):
        if session.is_over():
            break
        state = session.state
        before = session.title.to_json(state) if hasattr(session.title, "to_json") else None
        for job in ahead_jobs(state, session.title.content):
            job()
        if before is not None:
            assert session.title.to_json(session.state) == before, "the work ahead changed the state"
        action = chooser[session.decider].decide(state, session.legal_actions()).action
        tiles, doors = len(state.placements), len(state.doors)
        composed.clear()
        session.apply(action)
        if len(session.state.placements) > tiles and doors:
            assert not composed, f"the click composed {composed} (action {len(session.actions)})"
            laid_ahead += 1
    assert laid_ahead, "no level was laid from a door: nothing was checked"
