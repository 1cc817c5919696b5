"""The lessons' one hook in the rules (rules/dice_source.py): faces stacked in
state.flags["dice_stack"]["level7"] are the ones the rules roll, first stacked first, and then
the Rng rolls again; the stack is state data, so it saves with the game."""
from __future__ import annotations

from game.engine.session import Session
from game.level7.rules import events
from game.level7.rules.title import Level7Title


class _Ctx:
    def __init__(self):
        self.emitted = []

    def emit(self, kind, text, payload, hidden=False, visible_to=None):
        self.emitted.append(payload)


def test_stacked_faces_are_rolled_in_order_then_the_rng():
    state = Session.start(Level7Title(), "s1", 7, {"players": 1}).state
    state.flags["dice_stack"] = {"level7": ["double Strength", "blank", "Intelligence"]}
    saved = state.to_json()
    assert saved["flags"]["dice_stack"] == {"level7": ["double Strength", "blank", "Intelligence"]}
    faces = events.roll(state, 2, _Ctx(), "Subject 1", "test")
    assert [f.name for f in faces] == ["double Strength", "blank"]
    assert state.flags["dice_stack"]["level7"] == ["Intelligence"]
    faces = events.roll(state, 1, _Ctx(), "Subject 1", "test")
    assert [f.name for f in faces] == ["Intelligence"] and state.flags["dice_stack"]["level7"] == []
    # Without a stack the Rng rolls, the same way for the same state.
    a = Session.start(Level7Title(), "s1", 7, {"players": 1}).state
    b = Session.start(Level7Title(), "s1", 7, {"players": 1}).state
    assert [f.name for f in events.roll(a, 4, _Ctx(), "x", "y")] == [f.name for f in events.roll(b, 4, _Ctx(), "x", "y")]
