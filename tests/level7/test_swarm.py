"""game/level7/rules/swarm.py: the swarm of spec 9.4 (the publisher's errata for booklet p. 11) with
a scenario's `flags.swarm` on, as scenarios citing the spec. How markers come in is PLACEHOLDER
(docs/LEVEL7.md "Swarm"); no shipped scenario sets the flag, so these tests turn it on for
scenario 1."""
from __future__ import annotations

import pytest

from game.level7.content import shared_content
from game.level7.rules import enemies as E
from game.level7.rules import foes
from game.level7.rules.state import IN_PLAY, KILLED

from tests.level7.engine_helpers import CROSS, VENTS, T, act, at, foe, game, next_event, settle, texts
from tests.level7.test_uniforms import flag

C = shared_content()


@pytest.fixture()
def swarm_on():
    old = flag("swarm")
    yield
    object.__setattr__(C, "scenarios", old)


def swarmed(state, *tiles):
    state.tokens["swarm"] = list(tiles)
    state.tokens["supply"]["swarm"] -= len(tiles)
    state._graph = None


def test_the_swarm_is_data_marked_unverified():
    """Spec 9.4, 11 #33: 18 markers (seed p. 2); the errata's rules and the PLACEHOLDER arrival
    are enemies.toml [swarm], verified = false; no shipped scenario turns it on."""
    s = C.swarm
    assert (s.blocks, s.pass_locked, s.comes_with, s.at) == (("guard",), ("guard",), "clone", "vent")
    assert C.count(s.component) == 18 and s.provenance.verified is False
    assert not any(sc.flags.get("swarm") for sc in C.scenarios.values() if sc.playable)
    assert "swarm" not in game().tokens


def test_9_4_a_clone_spawn_icon_brings_a_marker_to_the_nearest_vent_without_one(swarm_on):
    """Spec 9.4 (PLACEHOLDER arrival): E02's clone icon brings a marker to the vent nearest the
    active character by the clone's graph (T37, one door from T35), the next one to the next vent."""
    s = game(tiles=VENTS)
    assert s.tokens["supply"]["swarm"] == 18 and s.tokens["swarm"] == []
    at(s, "subject_1", "T35")
    at(s, "subject_2", "T35")
    next_event(s, "E02")  # spawn icon: a clone
    events = settle(s, act(s, "end_turn"))
    assert s.tokens["swarm"] == ["T37"] and s.tokens["supply"]["swarm"] == 17
    assert "A swarm marker comes on" in texts(events)
    next_event(s, "E02")
    settle(s, act(s, "end_turn"))
    assert s.tokens["swarm"] == ["T37", "T09"]
    next_event(s, "E01")  # a guard's icon brings none
    settle(s, act(s, "end_turn"))
    assert s.tokens["swarm"] == ["T37", "T09"]


def test_9_4_a_marker_placed_on_a_characters_tile_kills_them(swarm_on):
    """Errata p. 11: a player on whose tile a swarm marker is placed is killed and loses."""
    s = game(tiles=VENTS)
    at(s, "subject_1", "T37")
    at(s, "subject_2", "T35")
    next_event(s, "E02")
    events = settle(s, act(s, "end_turn"))
    me = s.characters["subject_1"]
    assert me.status == KILLED and s.results["subject_1"] == "lost"
    assert "killed (the swarm came onto their tile)" in texts(events)
    assert s.characters["subject_2"].status == IN_PLAY


def test_9_4_moving_onto_a_swarm_tile_kills(swarm_on):
    """Errata p. 11: a player who moves onto a tile with a swarm marker is killed and loses."""
    s = game(tiles=CROSS)
    swarmed(s, "T36")
    events = act(s, "move", to="T36")
    assert s.characters["subject_1"].status == KILLED and s.results["subject_1"] == "lost"
    assert "where the swarm is" in texts(events)


def test_9_4_guards_never_move_onto_a_swarm_tile(swarm_on):
    """Errata p. 11: the guard south of the cross (T40) cannot reach the character north of it
    (T42) past the swarm in the middle (T07): no move; without the marker it steps onto T07."""
    s = game(tiles=CROSS, players=1)
    at(s, "subject_1", "T42")
    g = foe(s, "guard", "T40")
    assert {a.kind for a in E.activate(foes.situation(s), g.key)} == {"move"}
    swarmed(s, "T07")
    sit = foes.situation(s)
    assert "T07" not in sit.distances("T40", "guard") and "T07" in sit.distances("T40", "clone")
    assert {a.kind for a in E.activate(sit, g.key)} == {"idle"}


def test_9_4_guards_pass_locked_doors_leaving_the_tokens(swarm_on):
    """Errata p. 11: a guard goes through a locked door as through an open one, and the token stays
    (without the swarm rules it spends its activation removing it, 7.4 step 5)."""
    s = game(tiles=CROSS, players=1)
    at(s, "subject_1", "T07")
    g = foe(s, "guard", "T36")
    door = next(d for o, k, d in foes.view(s).neighbours(s, "T07") if o == "T36")
    s.tokens["locked"].append([door[0], door[1][0], door[1][1]])
    s._graph = None
    sit = foes.situation(s)
    moves = E.activate(sit, g.key)
    assert {a.kind for a in moves} == {"move"} and moves[0].path == ("T07",) and not moves[0].tokens
    del s.tokens["swarm"]  # the rules without the swarm: the guard removes the token instead
    assert {a.kind for a in E.activate(foes.situation(s), g.key)} == {"unlock"}
