"""Level 7 rules revisions (state.RULES_REVISION, game/engine/revisions.py shared with Gears): a new
game carries the revision it is played by in its options, a save keeps it, and a rules fix that
changes what a game does keeps the old behaviour for a game of an older revision, so a save
replays as it was played.

Revision 1: a locked door facing unexplored space (an event's Blast Door) is unlocked before
exploring through it (spec 3.2, 6.1, 6.8). A game of revision 0 explored through it, and its save
must still load."""
from __future__ import annotations

import pytest

from game.engine.protocol import Action, IllegalAction
from game.engine.session import Session, load_session
from game.level7.rules.state import RULES_REVISION, rules_revision
from game.level7.rules.title import Level7Title
from tests.level7.engine_helpers import game

LOCKED = ["N", 0]  # T07's north door, facing unexplored space


class LockedDoorTitle(Level7Title):
    """Level 7 whose set-up leaves subject_1 on T07 alone with a locked-door token on its north
    door (what a Blast Door event leaves), so a session of it saves and replays as any other."""

    def opening(self, scenario, seed, options):
        s = game(scenario, 2, seed, tiles=[("T07", 0, 0, 0)], rules=options.get("rules", 0))
        s.options = dict(options)
        s.tokens["locked"].append(["T07", *LOCKED])
        s.tokens["supply"]["locked"] -= 1
        s._graph = None
        return s, []


def _explore(session: Session) -> None:
    session.apply(Action("explore", {"door": LOCKED}))
    while session.state.proc is not None and session.decider is not None:  # the placement, the tile's event
        session.apply(session.legal_actions()[0])


def test_a_new_game_is_played_by_the_newest_revision_and_its_save_keeps_it(tmp_path):
    session = Session.start(Level7Title(), "s1", 7, {"players": 1})
    assert session.options["rules"] == RULES_REVISION == rules_revision(session.state) == 1
    session.apply(session.legal_actions()[0])
    session.save(tmp_path / "game.json")
    loaded = load_session(tmp_path / "game.json", Level7Title())
    assert loaded.options["rules"] == RULES_REVISION == rules_revision(loaded.state)
    assert loaded.state_hash() == session.state_hash()


def test_a_save_without_a_revision_loads_as_revision_0(tmp_path):
    session = Session(Level7Title(), "s1", 7, {"players": 1})  # as saved before the revisions began
    session.apply(session.legal_actions()[0])
    session.save(tmp_path / "old.json")
    loaded = load_session(tmp_path / "old.json", Level7Title())
    assert "rules" not in loaded.options and rules_revision(loaded.state) == 0


def test_a_revision_0_game_that_explored_through_a_locked_door_replays(tmp_path):
    title = LockedDoorTitle()
    session = Session(title, "s1", 1, {"players": 2})  # no revision: an old save's options
    assert LOCKED in [a.payload.get("door") for a in session.legal_actions() if a.kind == "explore"]
    _explore(session)
    assert len(session.state.placed) == 2
    session.save(tmp_path / "old.json")
    loaded = load_session(tmp_path / "old.json", title)
    assert loaded.state_hash() == session.state_hash() and len(loaded.actions) == len(session.actions)
    again = Session.replay(title, "s1", 1, session.options, session.actions)
    assert again.state_hash() == session.state_hash()


def test_a_new_game_refuses_to_explore_through_a_locked_door():
    session = Session.start(LockedDoorTitle(), "s1", 1, {"players": 2})
    assert rules_revision(session.state) == 1
    assert LOCKED not in [a.payload.get("door") for a in session.legal_actions() if a.kind == "explore"]
    assert {a.payload.get("way") for a in session.legal_actions()
            if a.kind == "unlock" and a.payload.get("door") == LOCKED} == {"strength", "intelligence"}
    with pytest.raises(IllegalAction) as refused:
        session.apply(Action("explore", {"door": LOCKED}))
    assert refused.value.reason == "That door is locked."


def test_a_revision_the_rules_do_not_know_is_refused():
    with pytest.raises(ValueError, match="revision from 0 to 1"):
        Session(Level7Title(), "s1", 7, {"players": 1, "rules": 2})
