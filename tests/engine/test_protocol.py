"""game/engine/protocol.py: actions, events, IllegalAction, stable state hashes (DESIGN.md,
decision points; rules/gears-of-war.md 12.3 replayable)."""
from __future__ import annotations

import pytest

from game.engine.protocol import Action, Event, IllegalAction, canonical_json, hash_json
from game.engine.toy import ToyTitle


def test_action_identity_ignores_the_label_text():
    a = Action("move", {"to": "a3", "figure": "marcus"}, "Move Marcus to A3")
    b = Action.from_json({"kind": "move", "payload": {"figure": "marcus", "to": "a3"}})
    assert a == b and hash(a) == hash(b) and b in {a}
    assert Action.from_json(a.to_json()) == a and Action.from_json(a.to_json()).text == a.text


@pytest.mark.parametrize("raw, words", [
    ({"payload": {}}, "kind"),
    ({"kind": "x", "payload": [1]}, "payload must be an object"),
    ({"kind": "x", "text": 3}, "text"),
])
def test_action_from_json_rejects_malformed(raw, words):
    with pytest.raises(ValueError, match=words):
        Action.from_json(raw)


def test_event_visibility():
    public = Event("draw", "A draws a card.", hidden_info=True)
    private = Event("drew", "A drew X.", {"card": "X"}, hidden_info=True, visible_to=("A",))
    assert public.seen_by(None) and public.seen_by("B")
    assert private.seen_by("A") and not private.seen_by("B") and not private.seen_by(None)
    assert private.to_json()["visible_to"] == ["A"] and private.to_json()["hidden_info"] is True


def test_canonical_json_and_hash_do_not_depend_on_key_order():
    assert canonical_json({"b": 1, "a": [1, {"d": 2, "c": 3}]}) == '{"a":[1,{"c":3,"d":2}],"b":1}'
    assert hash_json({"x": 1, "y": 2}) == hash_json({"y": 2, "x": 1})
    assert len(hash_json({})) == 64


def test_state_hash_is_stable_across_a_json_round_trip():
    title = ToyTitle()
    state = title.new_game("duel", 5, {})
    assert title.state_hash(title.from_json(title.to_json(state))) == title.state_hash(state)
    assert title.state_hash(title.new_game("duel", 6, {})) != title.state_hash(state)


def test_illegal_action_carries_a_reason_and_leaves_the_state_unchanged():
    title = ToyTitle()
    state = title.new_game("duel", 5, {})
    before = title.state_hash(state)
    with pytest.raises(IllegalAction) as info:
        title.apply(state, Action("guard", {"card": "guard-01"}))
    assert info.value.reason == "There is no strike to answer."
    assert title.state_hash(state) == before


def test_default_require_legal_names_the_decider():
    title = ToyTitle()
    state = title.new_game("duel", 5, {})
    with pytest.raises(IllegalAction, match=f"not a legal choice for {state.active}"):
        title.require_legal(state, Action("dance", {}, "Dance"))
    title.require_legal(state, title.legal_actions(state)[0])  # legal: no exception


def test_a_saved_event_reads_its_message_when_asked_and_equals_the_event_it_was():
    """Issue 19 (docs/ENGINE.md "Save format"): a loaded log line keeps its message's JSON until
    read; it then equals, and hashes as, the event that was saved, and writes the same JSON."""
    import dataclasses

    from game.engine.protocol import Event
    from game.engine.saved import SavedEvent
    from game.engine.text import M, Ref

    live = Event("shot", M("{who} shoots {what}.", who=Ref("hero", "marcus"), what="a Drone"), {"hits": 2},
                 True, ("P1",))
    data = live.to_json()
    saved = SavedEvent("shot", data["text"], {"hits": 2}, True, ("P1",), "f.json: line 7")
    assert saved.to_json() == data  # before it is read
    assert saved == live and live == saved and hash(saved) == hash(live) and saved.text == live.text
    assert saved.to_json() == data and dataclasses.replace(saved, kind="x").message == live.message
    broken = SavedEvent("shot", {"msg": "{who}", "params": []}, {}, source="f.json: line 9")
    assert broken.text.startswith("f.json: line 9: this log line cannot be read")  # (not the decoder's English)
    assert broken.to_json()["text"] == {"msg": "{who}", "params": []} and broken != live
