"""Shared fixtures for the Gears rules tests: the sample tile stands in for every tile face."""
from __future__ import annotations

import pytest

from game.gears.rules import procedures as P
from game.gears.rules import turn as T
from game.gears.rules.board_view import SampleTileLoader
from game.gears.rules.procedures import Ctx, NeedDecision
from game.gears.rules.title import GearsTitle, shared_content
from tests.gears.built import past_setup

LOADER = SampleTileLoader()


@pytest.fixture(scope="session")
def content():
    return shared_content()


@pytest.fixture(scope="session")
def title():
    return GearsTitle(LOADER)


def set_up(title, mission: str, seed: int, players: int):
    """A new game with setup's own questions (spawn order, seed p. 15) answered with their first
    option, stopped at the first question of play (the Locust step's order) or P1's turn."""
    state = title.new_game(mission, seed, {"players": players})
    while state.proc is not None and state.proc["name"] == "setup":
        title.apply(state, title.legal_actions(state)[0])
    return state


def fresh(title, players: int = 1, seed: int = 3, mission: str = "emergence"):
    """A game past setup with no Locusts on the map and P1 active at the start of its Order
    Step: scenario tests place the figures they need."""
    state = set_up(title, mission, seed, players)
    P.release(state)
    state.proc = None
    state.locusts.clear()
    state.flags.clear()
    state.active = 0
    state.pending = {"stack": []}
    T.push(state, {"f": "order", "player": state.players[0]})
    return state


def run_proc(state, fn, *args, **kw):
    """Runs a resolution function outside the turn machine (no decisions expected)."""
    ctx = Ctx(state, [])
    fn(ctx, *args, **kw)
    return ctx.events


@pytest.fixture(scope="module")
def real():
    """The title with the real tile files (module-scoped: the board caches warm up once)."""
    return GearsTitle()


def start(real, mission: str, players: int = 1, seed: int = 5, **options):
    """A game past setup (setup decisions answered with their first option), P1 to act."""
    return past_setup(real, real.new_game(mission, seed, dict(options, players=players)))


def resolve(s, fn, *args, **kw):
    """Runs fn(ctx, *args) answering every question with its first option; the events."""
    return resolve_with_result(s, fn, *args, **kw)[1]


def resolve_with_result(s, fn, *args, **kw):
    """(what fn returned, the events), answering every question with its first option: the
    resolution is run again from the start with one more answer each time it asks."""
    snap = s.to_json()
    answers: list = []
    while True:
        s.restore(snap)
        ctx = Ctx(s, answers)
        try:
            got = fn(ctx, *args, **kw)
            return got, ctx.events
        except NeedDecision as need:
            answers.append(need.options[0])
