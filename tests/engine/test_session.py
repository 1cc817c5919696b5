"""game/engine/session.py: saves, replay, undo (DESIGN.md "Undo goes back one action by replay.
It stops at hidden information ... unless the table chose casual mode"; rules/gears-of-war.md
12.3)."""
from __future__ import annotations

import json
import os
import random

import pytest

from game.engine import session as session_module
from game.engine.protocol import Action
from game.engine.session import (SaveError, Session, UndoRefused, load_session, read_save,
                                 write_json_atomic)
from game.engine.toy import ToyTitle

TITLE = ToyTitle()


def finished_game(seed: int = 7) -> Session:
    session = Session.start(TITLE, "duel", seed)
    chooser = random.Random(seed)
    while not session.is_over():
        session.apply(chooser.choice(session.legal_actions()))
    return session


def mid_game(seed: int = 7, steps: int = 12) -> Session:
    session = Session.start(TITLE, "duel", seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        session.apply(chooser.choice(session.legal_actions()))
    return session


# --------------------------------------------------------------------- replay and saves

def test_save_round_trip_and_replay_reproduce_the_hash(tmp_path):
    session = finished_game()
    path = tmp_path / "game.json"
    session.save(path)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert lines[0] == {"format": "tiletop-save", "version": 3, "title": "toy", "scenario": "duel",
                        "seed": 7, "options": {}, "casual": False}
    assert lines[-1] == {"at": len(session.actions), "hash": session.state_hash()}
    assert [line["a"] for line in lines if "a" in line] == [a.to_json() for a in session.actions]
    loaded = load_session(path, {"toy": TITLE})
    assert loaded.state_hash() == session.state_hash()
    assert loaded.actions == session.actions and loaded.log.texts() == session.log.texts()
    assert [e.event for e in loaded.log] == [e.event for e in session.log]
    assert loaded.revealed == session.revealed and loaded.deciders == session.deciders


def test_a_loaded_game_plays_on_like_the_original(tmp_path):
    original = mid_game()
    original.save(tmp_path / "g.json")
    loaded = load_session(tmp_path / "g.json", TITLE)
    for _ in range(5):
        if original.is_over():
            break
        action = original.legal_actions()[-1]
        assert original.apply(action) == loaded.apply(action)
    assert loaded.state_hash() == original.state_hash()


def save_text(tmp_path, edit=None) -> str:
    """A version-1 save (one JSON object, as Tiletop wrote before issue 19), maybe edited."""
    data = mid_game().to_save()
    if edit is not None:
        edit(data)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data, indent=1))
    return str(path)


def load_error(path) -> str:
    with pytest.raises(SaveError) as info:
        load_session(path, {"toy": TITLE})
    assert info.value.path == str(path)
    return str(info.value)


def test_truncated_save_says_truncated(tmp_path):
    path = save_text(tmp_path)
    text = open(path).read()
    for cut in (len(text) // 3, len(text) - 3, 40):
        with open(path, "w") as handle:
            handle.write(text[:cut])
        message = load_error(path)
        assert message.startswith(f"{path}: the file is cut short: its text stops early")


def test_empty_and_missing_files(tmp_path):
    empty = tmp_path / "empty.json"
    empty.write_text("")
    assert load_error(empty) == f"{empty}: the file is empty (was it cut short when it was written?)"
    assert load_error(tmp_path / "none.json") == f"{tmp_path / 'none.json'}: there is no such file"


def test_garbage_is_not_valid_json(tmp_path):
    path = tmp_path / "g.json"
    path.write_text("{not json}")
    assert "the file is damaged: a key in double quotes is missing at line 1, column 2" in load_error(path)
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff")
    assert "not UTF-8" in load_error(path)


def test_tampered_snapshot_is_refused(tmp_path):
    path = save_text(tmp_path, lambda d: d["snapshot"]["health"].update(A=99))
    assert load_error(path) == (f"{path}: the saved position does not match its check sum: the file "
                                "was edited or damaged")


def test_tampered_actions_are_refused(tmp_path):
    path = save_text(tmp_path, lambda d: d["actions"].insert(0, {"kind": "fly", "payload": {}}))
    message = load_error(path)
    assert "the saved actions cannot be played again: action 1 of 13 is not allowed (Duel has no" in message


def test_an_action_the_rules_fail_on_says_the_rules_changed(tmp_path, monkeypatch):
    """A saved action that is legal but that the rules then fail on (a resolution that asks
    another question since the data changed: a Gears v2 save replayed on tuned enemy data
    failed with KeyError 'figure' on a target tie) is refused with a clear message that says
    why, in words (not the exception's text)."""
    path = save_text(tmp_path)
    real = ToyTitle.apply
    seen = []

    def failing(self, state, action):
        seen.append(action)
        if len(seen) == 3:
            raise KeyError("figure")
        return real(self, state, action)

    monkeypatch.setattr(ToyTitle, "apply", failing)
    message = load_error(path)
    assert "the saved actions cannot be played again: action 3 of 12 fails" in message
    assert "KeyError" not in message and "figure" not in message  # no Python exception text
    assert message.endswith(str(session_module.CHANGED_SINCE))


def test_consistently_edited_save_is_caught_by_the_replay(tmp_path):
    """Editing the snapshot and recomputing its hash still fails: replay gives another state."""
    def edit(data):
        data["snapshot"]["health"]["A"] = 99
        data["state_hash"] = TITLE.state_hash(TITLE.from_json(data["snapshot"]))
    path = save_text(tmp_path, edit)
    assert "does not reach the saved position" in load_error(path)


@pytest.mark.parametrize("edit, words", [
    (lambda d: d.update(version=4), "a newer Tiletop wrote this save (save version 4); this one "
                                    "reads versions 1 to 3"),
    (lambda d: d.update(version=0), "save version 0 cannot be read"),
    (lambda d: d.update(version="1"), "the save does not say which version of the save format it is"),
    (lambda d: d.update(format="other"), "not a Tiletop save"),
    (lambda d: d.pop("format"), "not a Tiletop save"),
    (lambda d: d.pop("seed"), "the save is missing 'seed'"),
    (lambda d: [d.pop("actions"), d.pop("snapshot")], "missing 'actions', 'snapshot'"),
    (lambda d: d.update(title="doom"), "this save is of another game: Doom"),
    (lambda d: d.update(seed="7"), "the save's seed is not a whole number"),
    (lambda d: d.update(actions={}), "'actions' of the save is damaged"),
    (lambda d: d["actions"].__setitem__(0, 5), "action 1 is damaged"),
    (lambda d: d["actions"].__setitem__(0, {"payload": {}}), "action 1 is damaged"),
    (lambda d: d["snapshot"].pop("deck"), "the saved position is not a game of toy that this Tiletop can read"),
    (lambda d: d.update(scenario="siege"), "the saved scenario of toy cannot be set up by this Tiletop"),
])
def test_bad_saves_give_one_clear_message(tmp_path, edit, words):
    path = save_text(tmp_path, edit)
    message = load_error(path)
    assert message.startswith(f"{path}: ") and words in message and "Traceback" not in message


def test_top_level_not_an_object(tmp_path):
    path = tmp_path / "list.json"
    path.write_text("[1, 2]")
    assert "not a Tiletop save" in load_error(path)


def test_single_title_mismatch(tmp_path):
    class Other(ToyTitle):
        name = "other"
    path = save_text(tmp_path)
    with pytest.raises(SaveError, match="this save is of a game this Tiletop does not have"):
        load_session(path, Other())


def test_read_save_checks_only_the_envelope(tmp_path):
    path = save_text(tmp_path)
    assert read_save(path)["title"] == "toy"


# --------------------------------------------------------------------- undo

def first_session_with(kind: str) -> Session:
    """A game whose last action is of `kind` (fixed seed search over few seeds)."""
    for seed in range(50):
        session = Session.start(TITLE, "duel", seed)
        for action in session.legal_actions():
            if action.kind == kind:
                session.apply(action)
                return session
    raise AssertionError(f"no opening {kind}")


def test_undo_goes_back_one_action_by_replay():
    session = mid_game(steps=8)
    if session.state.phase == "react":
        session.apply(Action("take"))
    before = (session.state_hash(), session.log.texts(), list(session.actions))
    session.apply(Action("end"))
    assert session.undo_refusal() is None
    assert session.undo() == Action("end")
    assert (session.state_hash(), session.log.texts(), session.actions) == before


def test_undo_refuses_to_cross_a_draw():
    """DESIGN.md: undo stops at hidden information (a card drawn)."""
    session = first_session_with("draw")
    reason = session.undo_refusal()
    assert reason == ("Cannot undo 'Draw a card': it revealed hidden information "
                      f"({session.state.active} draws a card). Only a casual table may undo past that.")
    with pytest.raises(UndoRefused) as info:
        session.undo()
    assert info.value.reason == reason and len(session.actions) == 1


def test_undo_refuses_to_cross_a_dice_roll():
    session = first_session_with("strike")
    session.apply(Action("take"))
    assert "revealed hidden information" in session.undo_refusal()


def test_casual_table_may_undo_a_draw_and_gets_the_same_card_again():
    session = first_session_with("draw")
    session.casual = True
    drawn = session.state.hands[session.state.active][-1]
    session.undo()
    assert session.actions == [] and len(session.state.hands[session.state.active]) == 2
    session.apply(Action("draw"))
    assert session.state.hands[session.state.active][-1] == drawn


def test_nothing_to_undo():
    session = Session.start(TITLE, "duel", 1)
    assert session.undo_refusal() == "There is nothing to undo."


def test_casual_flag_is_saved_and_can_be_overridden(tmp_path):
    session = first_session_with("draw")
    session.casual = True
    session.save(tmp_path / "c.json")
    assert load_session(tmp_path / "c.json", TITLE).undo_refusal() is None
    assert load_session(tmp_path / "c.json", TITLE, casual=False).undo_refusal() is not None


# --------------------------------------------------------------------- atomic writes

def test_autosave_never_leaves_a_truncated_file(tmp_path, monkeypatch):
    path = tmp_path / "auto.json"
    session = mid_game()
    assert session.autosave(path) is None
    good = path.read_text()

    def crash(*args, **kwargs):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(session_module.os, "fsync", crash)
    session.apply(session.legal_actions()[0])  # an append now
    message = session.autosave(path)
    assert message == f"{path}: the save cannot be written: the disk is full"
    path.write_text(good)
    message = session.autosave(path)  # a whole write (the file is not the one it wrote last)
    assert message == f"{path}: the save cannot be written: the disk is full"
    assert path.read_text() == good  # the old save is intact
    assert os.listdir(tmp_path) == ["auto.json"]  # no temp file left behind


def test_write_json_atomic_creates_parent_dirs(tmp_path):
    target = tmp_path / "saves" / "slot1.json"
    write_json_atomic(target, {"a": 1})
    assert json.loads(target.read_text()) == {"a": 1}


def test_options_must_be_json(tmp_path):
    with pytest.raises(TypeError):
        Session.start(TITLE, "duel", 1, {"hp": object()})


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_the_revealed_sentence_in_an_undo_refusal_ends_once(lang):
    """The event's sentence inside the refusal's brackets lost its own full stop: it had read
    '(… draws a card.).' in every language."""
    from game import i18n

    session = first_session_with("draw")
    i18n.set_language(lang)
    try:
        reason = session.undo_refusal()
    finally:
        i18n.set_language("en")
    assert ".)" not in reason and reason.endswith("."), reason
