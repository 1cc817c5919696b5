"""game/board/commands.py: `python -m game los` and `python -m game check-map`."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from game.board.commands import check_map_main, los_main
from tests.board.conftest import DATA, MAPS, ROOT

LOS_MAP = str(MAPS / "gears" / "los_example.tmx")
SHIPPED = [str(p) for p in sorted(MAPS.rglob("*.tmx")) if not p.stem.endswith("_layout")]  # boards only (a *_layout.tmx holds a table's zones)


def test_los_blocked_names_the_wall_gears_3_5(capsys):
    assert los_main([LOS_MAP, "marcus", "drone4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["blocked", "by: wall hiding_wall (id 8) (400,272)-(400,416)"]


def test_los_visible_prints_the_witness_line_gears_3_5(capsys):
    assert los_main([LOS_MAP, "marcus", "drone2"]) == 0
    assert capsys.readouterr().out.splitlines() == ["visible", "witness: (200,320)-(600,64)"]


def test_los_from_an_area_and_the_same_area_rule(capsys):
    assert los_main([LOS_MAP, "cole_area", "drone4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "visible" and out[1].startswith("witness: (~") and out[1].endswith("-(608,288)")
    assert los_main([LOS_MAP, "area5", "area5"]) == 0
    assert capsys.readouterr().out.startswith("visible\nsame area area5")


def test_los_between_points_in_pixels(capsys):
    assert los_main([LOS_MAP, "128,96", "drone4"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "by: wall cole_screen (id 9) (320,144)-(320,192)"


@pytest.mark.parametrize(
    "argv, expected",
    [
        ([LOS_MAP, "nowhere", "area5"], "'nowhere' is not an area, a cover spot or a point x,y"),
        ([LOS_MAP, "area5"], "usage: python -m game los"),
        ([LOS_MAP, "area5", "area2", "--open", "gate"], "has no door named 'gate'"),
        ([LOS_MAP, "area5", "area2", "--bogus"], "unrecognized arguments: --bogus"),
        ([LOS_MAP, "5000,3", "area2"], "point 5000,3 is outside every area"),
        ([LOS_MAP, "1/0,3", "area2"], "'1/0,3' is not an area, a cover spot or a point x,y"),
        ([LOS_MAP, "1e999999999,3", "area2"], "is not an area, a cover spot or a point x,y"),
    ],
)
def test_los_usage_errors_exit_2(capsys, argv, expected):
    assert los_main(argv) == 2
    assert expected in capsys.readouterr().err


def test_los_on_a_broken_map_prints_one_line_and_exits_1(capsys):
    assert los_main([str(DATA / "bad_xml.tmx"), "a", "b"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"{DATA / 'bad_xml.tmx'}: map: bad XML at line 30, column 2 (unclosed token)"]


def test_all_shipped_maps_pass_check_map(capsys):
    assert SHIPPED, "no maps shipped"
    assert check_map_main(SHIPPED) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{p}: ok" for p in SHIPPED]


@pytest.mark.parametrize(
    "name, expected",
    [
        ("bad_xml.tmx", "map: bad XML at line 30"),
        ("missing_tileset.tmx", "map: tileset ../nowhere/missing.tsx not found"),
        ("open_area.tmx", "object b (id 2): is a polyline on layer areas"),
        ("unknown_layer_property.tmx", "layer areas: unknown property 'colour'"),
        ("two_entrances.tmx", "map: tile has 2 entrances; a Gears tile has exactly one"),
        ("unreachable_area.tmx", "object b (id 2): cannot be reached by movement from area a"),
        ("no_emergence.tmx", "map: tile has no emergence hole"),
        ("doom_door_one_square.tmx", "object door (id 3): a door is 2 squares wide"),
    ],
)
def test_check_map_reports_problems_and_exits_1(capsys, name, expected):
    path = str(DATA / name)
    assert check_map_main([path]) == 1
    out = capsys.readouterr().out.splitlines()
    assert any(line.startswith(f"{path}: ") and expected in line for line in out), out


def test_check_map_goes_on_after_a_broken_map(capsys):
    good = str(DATA / "good_tile.tmx")
    assert check_map_main([str(DATA / "bad_xml.tmx"), good]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == f"{good}: ok"


def test_check_map_without_maps_is_a_usage_error(capsys):
    assert check_map_main([]) == 2
    assert "usage: python -m game check-map" in capsys.readouterr().err


def test_python_dash_m_game_check_map_prints_only_its_answer(tmp_path):
    """The dispatcher reaches check-map, which prints nothing but its answer (no pygame banner)."""
    code = (
        "import sys, runpy; sys.argv = ['game', 'check-map', %r]; "
        "rc = 0\ntry:\n    runpy.run_module('game', run_name='__main__')\n"
        "except SystemExit as e:\n    rc = e.code\n"
        "print('RC', rc)" % str(MAPS / "gears" / "sample_1A.tmx")
    )
    # No settings file: English (the machine's own settings may name another language)
    env = {**os.environ, "TILETOP_CONFIG_DIR": str(tmp_path)}
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
    assert proc.stdout.splitlines() == [f"{MAPS / 'gears' / 'sample_1A.tmx'}: ok", "RC 0"], proc.stderr


def _settings(folder, language):
    (folder / "settings.toml").write_text(f'language = "{language}"\n')


CHECKED = {
    "en": ("layer areas: unknown property 'colour'", "{good}: ok"),
    "hu": ("areas réteg: ismeretlen tulajdonság: 'colour'", "{good}: rendben"),
    "el": ("επίπεδο areas: άγνωστη ιδιότητα 'colour'", "{good}: εντάξει"),
}


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_check_map_speaks_the_language_of_the_settings_file(tmp_path, monkeypatch, capsys, lang):
    """`python -m game check-map` answers in the language the table's settings name (it printed
    English to a Hungarian user); English without a settings file."""
    from game import i18n
    from game.__main__ import main

    monkeypatch.setenv("TILETOP_CONFIG_DIR", str(tmp_path))
    if lang != "en":
        _settings(tmp_path, lang)
    bad, good = str(DATA / "unknown_layer_property.tmx"), str(DATA / "good_tile.tmx")
    try:
        assert main(["check-map", bad, good]) == 1
    finally:
        i18n.untranslated()
    out = capsys.readouterr().out.splitlines()
    problem, ok = CHECKED[lang]
    assert any(line.startswith(f"{bad}: ") and problem in line for line in out), out
    assert out[-1] == ok.format(good=good)


def test_a_broken_settings_file_leaves_the_commands_in_english(tmp_path, monkeypatch, capsys):
    from game import i18n
    from game.__main__ import main

    monkeypatch.setenv("TILETOP_CONFIG_DIR", str(tmp_path))
    (tmp_path / "settings.toml").write_text("language = [\n")
    good = str(DATA / "good_tile.tmx")
    try:
        assert main(["check-map", good]) == 0
        assert i18n.language() == "en"
    finally:
        i18n.untranslated()
    assert capsys.readouterr().out.splitlines() == [f"{good}: ok"]


DOOM_MAP = str(MAPS / "doom" / "sample_room.tmx")


@pytest.mark.parametrize(
    "argv, expected",
    [
        (["2,3", "2,5"], ["blocked", "by: obstacle crate (id 7) on square 2,4"]),
        (["9,3", "12,3"], ["blocked", "by: closed door door_b (id 4) (704,192)-(704,256)"]),
        (["9,3", "12,3", "--open", "door_b"], ["visible", "witness: (608,224)-(800,224)"]),
        (["2,2", "5,1"], ["blocked", "by: wall console_wall (id 6) (256,128)-(256,192)"]),
        (["6,1", "6,6"], ["visible", "witness: (416,96)-(416,416)"]),
    ],
)
def test_grid_los_centre_to_centre_doom_3_7(capsys, argv, expected):
    """doom 3.7: walls, closed doors, obstacles and barrels block; --open opens a door."""
    assert los_main([DOOM_MAP, *argv]) == 0
    assert capsys.readouterr().out.splitlines() == expected


def test_grid_los_wants_floor_squares(capsys):
    assert los_main([DOOM_MAP, "0,0", "2,2"]) == 2
    assert "square 0,0 is not floor" in capsys.readouterr().err
    assert los_main([DOOM_MAP, "room_a", "2,2"]) == 2
    assert "'room_a' is not a square col,row" in capsys.readouterr().err
