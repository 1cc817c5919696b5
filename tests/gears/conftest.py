"""Shared fixtures for the Gears rules tests: the sample tile stands in for every tile face."""
from __future__ import annotations

import pytest

from game.gears.rules.board_view import SampleTileLoader
from game.gears.rules.title import GearsTitle, shared_content

LOADER = SampleTileLoader()


@pytest.fixture(scope="session")
def content():
    return shared_content()


@pytest.fixture(scope="session")
def title():
    return GearsTitle(LOADER)


def fresh(title, players: int = 1, seed: int = 3, mission: str = "emergence"):
    """A game past setup with no Locusts on the map and P1 active at the start of its Order
    Step: scenario tests place the figures they need."""
    from game.gears.rules import turn as T

    state = title.new_game(mission, seed, {"players": players})
    state.proc = None
    state.locusts.clear()
    state.flags.clear()
    state.active = 0
    state.pending = {"stack": []}
    T.push(state, {"f": "order", "player": state.players[0]})
    return state


def run_proc(state, fn, *args, **kw):
    """Runs a resolution function outside the turn machine (no decisions expected)."""
    from game.gears.rules.procedures import Ctx

    ctx = Ctx(state, [])
    fn(ctx, *args, **kw)
    return ctx.events
