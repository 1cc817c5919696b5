"""Issue 22, "nothing lost": the builder asks before replacing a file and never writes over a
shipped map; names that differ only in accents get their own files; interrupted atomic writes
are cleaned at start; a new game keeps an interrupted autosave as a named save and says so."""
from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pygame
import pytest

from game.board.builder import MapMeta, PieceLibrary
from game.engine.session import read_save
from game.ui.builder.scene import BuilderScene, file_stem
from tests.ui.conftest import click

ROOT = Path(__file__).resolve().parents[2]
TILE = ROOT / "maps" / "gears" / "sample_1A.tmx"


@pytest.fixture
def builder(config_dir, tmp_path):
    from game import i18n
    from game.ui.app import App

    maps = tmp_path / "maps"
    shutil.copytree(ROOT / "maps", maps)
    app = App((1280, 720), headless=True, maps_dir=maps)
    pygame.event.clear()
    lib, _ = PieceLibrary.from_paths([maps / "gears" / "sample_1A.tmx"])
    s = BuilderScene(app.ctx, app.screen.get_size(), "gears", library=lib)
    app.scenes = [s]
    s.builder.add("1A", 1280, 1280)
    app.run(max_frames=1)
    yield app, s, maps
    app.close()
    i18n.set_language("en")


def test_accented_names_get_distinct_file_names():
    assert file_stem("Űr") != file_stem("Ár")
    assert (file_stem("Űr"), file_stem("Ár")) == ("űr", "ár")
    assert file_stem("Hold the plaza!") == "hold_the_plaza"
    assert file_stem("???") == "custom_map" and len(file_stem("x" * 500)) <= 80


def test_saving_over_an_existing_file_asks_first(builder):
    app, s, maps = builder
    s.set_meta(MapMeta("Plaza to the pit", "small", ""))
    target = maps / "custom" / "plaza_to_the_pit.tmx"
    before = target.read_text()
    assert s.save() is None and target.read_text() == before
    assert "already exists" in s.status and target.name in s.status
    assert s.save() == target and target.read_text() != before  # the second Save replaces it
    assert s.save() == target and "already exists" not in s.status  # now it is this map's own file


def test_a_shipped_map_is_never_written(builder):
    app, s, maps = builder
    shipped = maps / "gears" / "sample_1A.tmx"
    before = shipped.read_bytes()
    assert s.load(shipped)
    saved = s.save()
    assert saved is not None and saved.parent == maps / "custom"
    assert shipped.read_bytes() == before
    assert s.save(shipped) is None and "maps/custom" in s.status
    assert shipped.read_bytes() == before


def test_interrupted_atomic_writes_are_cleaned_at_start(config_dir):
    from game.engine.session import clean_interrupted_writes
    from game.ui.app import App

    saves = config_dir / "saves"
    saves.mkdir(parents=True)
    stale = saves / ".autosave-gears.json.abc123.tmp"
    fresh = saves / ".gears-x.json.def456.tmp"
    other = saves / "notes.tmp"
    for p in (stale, fresh, other):
        p.write_text("{")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    assert clean_interrupted_writes(saves) == [stale]
    assert not stale.exists() and fresh.exists() and other.exists()
    os.utime(fresh, (old, old))
    progress = config_dir / ".tutorial.json.x1y2.tmp"
    progress.write_text("{")
    os.utime(progress, (old, old))
    custom = config_dir.parent / "maps" / "custom"
    custom.mkdir(parents=True)
    part, kept = custom / "x.tmx.part", custom / "x.tmx"
    for p in (part, kept):
        p.write_text("<map")
        os.utime(p, (old, old))
    app = App((640, 480), headless=True, maps_dir=custom.parent)
    try:
        assert not fresh.exists() and not progress.exists() and other.exists()
        assert not part.exists() and kept.exists()
    finally:
        app.close()


def test_a_new_game_keeps_an_interrupted_autosave(make_app, config_dir):
    from game.ui.gears.entry import SAVES
    from tests.ui.test_gears_play import play_by_clicks, start_game

    app, table = start_game(make_app)
    play_by_clicks(app, table, table.session.legal_actions()[0])
    auto = SAVES.autosave_path()
    played = read_save(auto)
    assert played["actions"]
    # The app is closed mid-game; a new game from the set-up screen must not lose it.
    app2, table2 = start_game(make_app)
    kept = [p for p in (config_dir / "saves").glob("gears-emergence-interrupted-*.json")
            if not p.name.endswith(".seats.json")]
    assert len(kept) == 1 and read_save(kept[0])["actions"] == played["actions"]
    assert table2.message_ok and kept[0].stem not in table2.message  # words, not the file's name
    assert table2.message.startswith("Your unfinished game (Gears of War: Emergence, last played at ")
    assert not read_save(auto)["actions"]  # the autosave is the new game now
    # and it is in the load list, loadable
    names = [e.path.name for e in SAVES.list_saves() if e.saved is not None]
    assert kept[0].name in names


def test_loading_another_save_keeps_an_interrupted_autosave(make_app, config_dir):
    from game.ui.gears.entry import SAVES
    from game.ui.gears.setup_scene import GearsSetup
    from tests.ui.test_gears_play import play_by_clicks, start_game

    app, table = start_game(make_app)
    play_by_clicks(app, table, table.session.legal_actions()[0])
    named = table.save_game()
    play_by_clicks(app, table, table.session.legal_actions()[0])
    later = read_save(SAVES.autosave_path())["actions"]
    app2 = make_app()
    setup = GearsSetup(app2.ctx)
    app2.push(setup)
    setup.show_saves()
    i = [e.path for e in setup.saves].index(named)
    loaded = setup.open_save(i)
    assert loaded is not None
    kept = [p for p in (config_dir / "saves").glob("gears-emergence-interrupted-*.json")
            if not p.name.endswith(".seats.json")]
    assert len(kept) == 1 and read_save(kept[0])["actions"] == later
    assert "Gears of War: Emergence" in loaded.scene.message and kept[0].stem not in loaded.scene.message


def test_a_loaded_save_left_without_a_move_is_not_kept_twice(make_app, config_dir):
    """A save loaded and left without a move, then another game begun: the autosave held that
    save again, and it was kept as a second file; the load list showed two rows alike in every
    word. The save it repeats stands for it: one row, and the message names the game."""
    from game.ui.gears.entry import SAVES
    from game.ui.gears.setup_scene import GearsSetup
    from game.ui.kit import load_list
    from tests.ui.test_gears_play import play_by_clicks, start_game

    app, table = start_game(make_app)
    play_by_clicks(app, table, table.session.legal_actions()[0])
    named = table.save_game()
    app2 = make_app()
    setup = GearsSetup(app2.ctx)
    app2.push(setup)
    setup.show_saves()
    loaded = setup.open_save([e.path for e in setup.saves].index(named))  # the same game goes on...
    assert loaded is not None
    app3, table3 = start_game(make_app)  # ...and is left for a new one without a move
    saves = config_dir / "saves"
    assert not list(saves.glob("gears-emergence-interrupted-*.json")) and named.exists()
    assert "Gears of War: Emergence" in table3.message and table3.message_ok
    rows = [load_list.describe(e, setup.save_words) for e in SAVES.list_saves() if not e.autosave]
    assert len(rows) == len(set(rows)) == 1


def test_a_kept_unfinished_game_reads_as_such_in_the_load_list(make_app, config_dir):
    """A save and the unfinished game kept when another began (played on after it) read
    apart: the kept one's row says it was set aside unfinished."""
    from game.ui.gears.entry import SAVES
    from game.ui.gears.setup_scene import GearsSetup
    from game.ui.kit import load_list
    from tests.ui.test_gears_play import play_by_clicks, start_game

    app, table = start_game(make_app)
    play_by_clicks(app, table, table.session.legal_actions()[0])
    named = table.save_game()
    play_by_clicks(app, table, table.session.legal_actions()[0])
    start_game(make_app)
    setup = GearsSetup(make_app().ctx)
    entries = [e for e in SAVES.list_saves() if not e.autosave]
    assert len(entries) == 2 and {e.interrupted for e in entries} == {True, False}
    heads = {e.path == named: load_list.describe(e, setup.save_words)[0] for e in entries}
    assert heads[False] == "Set aside unfinished:  " + heads[True]
    # the save of one action says so in the singular ('1 actions' read as several)
    detail = load_list.describe(next(e for e in entries if e.path == named), setup.save_words)[1]
    assert "   1 action   " in detail
