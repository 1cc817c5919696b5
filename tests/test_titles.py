"""Issue 11, generic commands: one title registry (game/titles.py) that the menu and the
commands read; a title that is not playable yet has no pieces and shows as coming soon."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game import titles
from game.engine.protocol import Title

PIECES = ("rules", "simulator", "tutorial", "lessons", "rules_reference", "ui", "watch")


def test_the_four_titles_in_menu_order():
    assert [e.key for e in titles.TITLES] == ["gears", "doom", "level7", "convoy"]
    for e in titles.TITLES:
        assert e.name and e.tagline and e.emblem.startswith("ui/")


def test_gears_provides_every_piece_and_each_reference_resolves():
    gears = titles.get("gears")
    assert gears.playable and gears.default_scenario
    rules = gears.new_rules()
    assert isinstance(rules, Title) and rules.name == "gears"
    assert gears.new_simulator().scenarios()[0] == gears.default_scenario
    assert gears.lesson_folder.is_dir() and gears.rules_reference_path.is_file()
    ui = gears.ui_module()
    assert all(hasattr(ui, f) for f in ("setup_scene", "has_saved_game", "continue_scene", "SaveError"))
    assert callable(gears.watch_run())
    for piece in PIECES:
        assert titles.keys_with(piece)[:1] == ["gears"]


def test_convoy_has_its_rules_screens_watch_mode_and_lessons():
    """Issue 16 (the Convoy rules engine) and issue 17 (set-up, table, watch, lessons and the F1 rules)."""
    entry = titles.get("convoy")
    assert entry.new_rules().name == "convoy" and "convoy" in titles.keys_with("rules")
    assert entry.playable and entry.default_scenario == "standard" and callable(entry.watch_run())
    ui = entry.ui_module()
    assert all(hasattr(ui, f) for f in ("setup_scene", "has_saved_game", "continue_scene", "SaveError", "tutorial_scene"))
    assert entry.lesson_folder.is_dir() and len(list(entry.lesson_folder.glob("*.toml"))) == 5
    assert entry.rules_reference_path.is_file() and entry.new_adapter().title.name == "convoy"


def test_level7_has_its_rules_simulator_screens_and_watch_mode():
    """Issue 14 (rules, simulate level7) and issue 15 (set-up, table, watch, lessons and the F1 rules)."""
    entry = titles.get("level7")
    assert entry.new_rules().name == "level7" and "level7" in titles.keys_with("simulator")
    assert entry.new_simulator().scenarios() == ["s1", "s2", "s3"]
    assert entry.playable and entry.default_scenario == "s1" and callable(entry.watch_run())
    ui = entry.ui_module()
    assert all(hasattr(ui, f) for f in ("setup_scene", "has_saved_game", "continue_scene", "SaveError", "tutorial_scene"))
    assert entry.lesson_folder.is_dir() and len(list(entry.lesson_folder.glob("*.toml"))) == 7
    assert entry.rules_reference_path.is_file() and entry.new_adapter().title.name == "level7"


def test_doom_has_its_rules_simulator_screens_and_watch_mode():
    """Issue 12 (rules, simulate doom) and issue 13 (set-up, table, watch, lessons and the F1 rules)."""
    entry = titles.get("doom")
    assert entry.new_rules().name == "doom" and "doom" in titles.keys_with("simulator")
    assert entry.new_simulator().scenarios() == ["knee_deep", "reactor"]
    assert entry.playable and entry.default_scenario == "knee_deep" and callable(entry.watch_run())
    ui = entry.ui_module()
    assert all(hasattr(ui, f) for f in ("setup_scene", "has_saved_game", "continue_scene", "SaveError"))
    assert titles.keys_with("watch") == ["gears", "doom", "level7", "convoy"]
    assert titles.keys_with("tutorial") == ["gears", "doom", "level7", "convoy"] and entry.lesson_folder.is_dir()
    assert entry.rules_reference_path.is_file() and entry.new_adapter().title.name == "doom"


def test_unknown_key_names_the_known_titles():
    with pytest.raises(KeyError, match="gears, doom, level7, convoy"):
        titles.get("chess")


def test_registry_is_importable_headless():
    """DESIGN.md, Layers: reading the registry loads neither pygame nor any title's rules."""
    code = "import sys, game.titles; print(sorted(m for m in sys.modules if m.startswith(('pygame', 'game.'))))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(titles.GAME_DIR).parent).stdout
    assert "pygame" not in out and "game.gears" not in out, out
