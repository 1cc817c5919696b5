"""game/engine/log.py: append-only event log with step and turn (rules/gears-of-war.md 12.3
"Record ... every player decision in an append-only log")."""
from __future__ import annotations

from game.engine.log import EventLog
from game.engine.protocol import Event


def test_entries_are_numbered_and_keep_step_turn_and_decider():
    log = EventLog()
    log.append([Event("a", "First.")], step=0, turn=1, decider="A")
    log.append([Event("b", "Second."), Event("c", "Third.")], step=1, turn=1, decider="B")
    assert [(e.seq, e.step, e.turn, e.decider) for e in log] == [
        (0, 0, 1, "A"), (1, 1, 1, "B"), (2, 1, 1, "B")]
    assert log.texts() == ["First.", "Second.", "Third."] and len(log) == 3
    assert [e.text for e in log.tail(2)] == ["Second.", "Third."] and log.tail(0) == []
    assert log.to_json()[1] == {"seq": 1, "step": 1, "turn": 1, "decider": "B",
                                "event": {"kind": "b", "text": "Second.", "payload": {}}}


def test_private_events_are_only_shown_to_their_player():
    """DESIGN.md: hot-seat hands are hidden; a drawn card is seen by its owner only."""
    log = EventLog()
    log.append([Event("draw", "A draws a card.", hidden_info=True),
                Event("drew", "A drew X.", visible_to=("A",), hidden_info=True)], 0, 1, "A")
    assert log.texts_for("A") == ["A draws a card.", "A drew X."]
    assert log.texts_for("B") == ["A draws a card."]
    assert log.texts_for(None) == ["A draws a card."]
