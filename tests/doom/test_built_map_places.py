"""A built map's areas named for a player (docs/DOOM.md "A built map's places"): the log, the
bots' reasons and the questions name an area of a map made in the builder by its piece's name
("Start room", "Control room 2" where two areas bear one name), never by its id
("start_room:start"), in every language; and a save written before (main at 43bc161, paused at a
question worded with the ids) still loads."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game import i18n
from game.doom.rules.title import DoomTitle
from game.doom.simulation import DoomSimulator
from game.engine.session import Session, load_session

ROOT = Path(__file__).resolve().parents[2]
OLD = ROOT / "tests" / "data" / "doom_built_save_43bc161"


def _maps(tmp_path: Path, *stems: str, source: Path = ROOT / "maps" / "custom") -> Path:
    """A maps folder of its own (custom/ beside tilesets/, as the built maps' tileset paths need)."""
    custom = tmp_path / "maps" / "custom"
    custom.mkdir(parents=True)
    shutil.copytree(ROOT / "maps" / "tilesets", tmp_path / "maps" / "tilesets")
    for stem in stems:
        shutil.copy(source / f"{stem}.tmx", custom / f"{stem}.tmx")
    return custom


def test_a_save_of_a_built_map_paused_at_a_question_worded_with_area_ids_still_loads(tmp_path):
    """The save (written by tests/data/doom_built_save_43bc161's Tiletop: "Place its top-left square
    in area sample_room:room_a, ...") replays to its saved hash: the question is worded now with
    the area's name, the hash was taken over the old words (DoomTitle.older_words)."""
    custom = _maps(tmp_path, "twin_control_rooms", source=OLD)
    save = tmp_path / "paused.json"
    shutil.copy(OLD / "twin_control_rooms-paused.json", save)
    loaded = load_session(save, DoomTitle(custom_dir=custom))
    assert loaded.state.proc["pending"]["kind"] == "place"
    assert len(loaded.actions) == 8
