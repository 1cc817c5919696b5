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


def revealed(session) -> list:
    return [None if e is None else (e.kind, e.payload) for e in session.revealed]


V2 = Path(__file__).resolve().parents[1] / "data" / "saves_v2_bda8b6d"


@pytest.mark.parametrize("file, name, actions", [("toy-duel.json", "toy", 23), ("gears-hive-4p.json", "gears", 260)])
def test_a_version_2_journal_of_main_loads_and_goes_on_in_version_3(tmp_path, file, name, actions):
    """Journals written by commit bda8b6d, the last to write version 2 (make_v2_saves.py there; the
    Gears one has private draws, hidden information, an undo line and bots' state): each loads
    to the game a replay from the seed reaches, with its log as each seat saw it; the first
    autosave writes it whole in version 3, which loads to the same game and log."""
    from game.engine.session import Session

    path = tmp_path / file
    shutil.copy(V2 / file, path)
    assert json.loads(path.read_text().splitlines()[0])["version"] == 2
    rules = title(name)
    session = load_session(path, rules)
    replay = Session.replay(rules, session.scenario, session.seed, session.options, session.actions)
    assert len(session.actions) == actions and session.state_hash() == replay.state_hash()
    # Which actions revealed hidden information, and what (kind and payload): the wording is the
    # save's own, as its players read it then (a roll's faces became words since: '2h' -> '2 hits').
    assert session.deciders == replay.deciders and revealed(session) == revealed(replay)
    seats = sorted({seat for e in replay.log for seat in e.event.visible_to or ()})
    assert name == "toy" or seats, "the Gears game should have private lines"
    # The lines before the file's last snapshot are what each seat saw then (make_v2_logs.py at
    # bda8b6d); the actions after it are replayed, so their lines are this Tiletop's (a line it
    # added since, a Locust that stays, shows there and nowhere earlier). The set-up's lines
    # (step -1), which that Tiletop did not log, are rebuilt from the seed: a new game's.
    shown = json.loads((V2 / file.replace(".json", ".log.json")).read_text())
    start = session.snapshots[-1][0]
    assert name == "toy" or session.opening, "a Gears set-up places tiles and spawns Locusts"
    for seat in [None, *seats]:
        lines = [(e.step, e.event.text) for e in session.log.seen_by(seat)]
        assert [x for x in lines if x[0] < 0] == [(e.step, e.event.text) for e in replay.log.seen_by(seat) if e.step < 0]
        assert [(step, text) for step, text in shown[seat or ""] if step < start] == [x for x in lines if 0 <= x[0] < start]
        assert [x for x in lines if x[0] >= start] == [(e.step, e.event.text) for e in replay.log.seen_by(seat) if e.step >= start]
    if name == "gears":
        assert set(session.bot_states) == set(session.state.players)
    assert session.autosave(path) is None  # an older version: written whole
    assert json.loads(path.read_text().splitlines()[0])["version"] == 3
    again = load_session(path, rules)
    assert again.state_hash() == replay.state_hash() and again.actions == replay.actions
    assert again.deciders == replay.deciders and again.bot_states == session.bot_states
    for seat in [None, *seats]:
        assert again.log.texts_for(seat) == session.log.texts_for(seat)
