"""A COG's move walks to a farther area a step at a time (turn.walks, spec 6.2): every way the
table offers is made of legal steps, is as short as the map allows, fits in the areas the move
has left, and never walks through an area whose entry explores (Roadblocks' map exit, spec
9.2.4); refusals.walk_refusal says why an area is out of reach."""
from __future__ import annotations

import pytest

from game.engine.protocol import Action
from game.engine.session import Session
from game.gears import bots
from game.gears.rules import turn as T
from game.gears.rules.board_view import INF
from game.gears.rules.movement import steps_from
from game.gears.rules.refusals import walk_refusal
from game.gears.rules.title import GearsTitle


def _moves(mission: str, seed: int, limit: int = 1200):
    """Each state of a bot game (two COGs) at which a COG's move has 2 or more areas left."""
    session = Session.start(GearsTitle(), mission, seed, {"players": 2})
    chooser = {p: bots.CogBot(seed=i) for i, p in enumerate(session.state.players)}
    for _ in range(limit):
        if session.is_over():
            return
        f = T.top(session.state)
        if session.state.proc is None and f is not None and f["f"] == "move" and f["left"] >= 2:
            yield session
        decider = session.decider
        session.apply(chooser[decider].decide(session.state, session.legal_actions()).action)


@pytest.mark.parametrize("mission,seed", [("emergence", 3), ("roadblocks", 4), ("hive", 5)])
def test_each_way_is_legal_steps_as_short_as_the_map_allows(mission, seed):
    seen = cut = 0
    for session in _moves(mission, seed, limit=3000):
        state = session.state
        f = T.top(state)
        view, here = state.view(), state.cogs[f["player"]].area
        entry = T.explores_on_entry(state)
        explores = set(entry[1]) if entry else set()
        ways = T.walks(state)
        assert ways, "a move with areas left reaches its neighbours at least"
        for area, way in ways.items():
            assert way[-1] == area and len(way) <= f["left"]
            at = here
            for step in way:
                assert step in steps_from(view, at), (at, step)
                at = step
            assert not explores & set(way[:-1]), f"{way} walks through the map exit"
            if not explores:
                assert len(way) == view.mdist(here, area)
            assert walk_refusal(state, area) is None
        # What the walks leave out is out of reach, and the refusal says why.
        for area in view.areas:
            if area == here or area in ways:
                continue
            why = walk_refusal(state, area)
            assert why is not None
            d = view.mdist(here, area)
            if d >= INF:
                assert "No way leads" in why.msgid
            elif d > f["left"]:
                assert "this move has" in why.msgid
            else:
                assert explores and "map exit" in why.msgid
                cut += 1
        seen += 1
        if seen >= 12 and (cut or mission != "roadblocks"):
            break
    assert seen, "the bots made no move of 2 or more areas"
    if mission == "roadblocks":
        assert cut, "no way was kept from walking through the map exit"


def test_the_first_step_of_each_way_is_a_legal_action():
    for session in _moves("emergence", 8):
        legal = session.legal_actions()
        for way in T.walks(session.state).values():
            assert Action("step", {"area": way[0]}) in legal
        return
    pytest.fail("no move")


def test_no_walk_outside_a_move():
    session = Session.start(GearsTitle(), "emergence", 2, {"players": 2})
    assert T.walks(session.state) == {}  # set-up: a cover question


def test_asking_leaves_the_game_as_it_was():
    """The table asks at every change, set-up included: asking must not change the state (an
    empty turn stack added to it made a save made then fail its replay check)."""
    title = GearsTitle()
    session = Session.start(title, "emergence", 2, {"players": 2})
    before = title.state_hash(session.state)
    T.walks(session.state)
    walk_refusal(session.state, session.state.view().areas[0])
    assert title.state_hash(session.state) == before
