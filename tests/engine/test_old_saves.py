"""Saves written by Tiletop before the journal (version 1, issue 19 item 3) still load: real
files written by the code of commit 70d94ab (tests/data/saves_v1/make_v1_saves.py, run on that
commit's tree), for the toy, Gears (a four-player bot game with its bots' state) and Doom. Once
loaded, the game goes on in a journal of the current version."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.engine.session import load_session

DATA = Path(__file__).resolve().parents[1] / "data" / "saves_v1"


def title(name: str):
    if name == "toy":
        from game.engine.toy import ToyTitle
        return ToyTitle()
    if name == "gears":
        from game.gears.rules.title import GearsTitle
        return GearsTitle()
    from game.doom.rules.title import DoomTitle
    return DoomTitle()


@pytest.mark.parametrize("file, name, actions", [
    ("toy-duel-12.json", "toy", 12), ("autosave-gears.json", "gears", 400),
    ("doom-knee_deep-120.json", "doom", 120)])
def test_a_version_1_save_loads_and_goes_on_as_a_journal(tmp_path, file, name, actions):
    data = json.loads((DATA / file).read_text())
    assert data["version"] == 1 and len(data["actions"]) == actions
    path = tmp_path / file
    shutil.copy(DATA / file, path)
    rules = title(name)
    session = load_session(path, rules)
    assert len(session.actions) == actions and session.state_hash() == data["state_hash"]
    assert session.bot_states == data.get("bots", {})
    if name == "gears":
        assert set(session.bot_states) == set(session.state.players)
    assert session.autosave(path) is None  # the first autosave writes the journal whole
    assert json.loads(path.read_text().splitlines()[0])["version"] == 3
    again = load_session(path, rules)
    assert again.state_hash() == data["state_hash"] and again.actions == session.actions
    assert again.log.texts() == session.log.texts() and again.bot_states == session.bot_states
