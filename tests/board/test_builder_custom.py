"""Custom Gears missions beside built maps (game/gears/custom.py) and the shipped maps/custom/."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.board.commands import check_map
from game.gears.custom import CustomMission, MissionError, custom_missions, enemy_ids, load_mission, save_mission

ROOT = Path(__file__).resolve().parents[2]
CUSTOM = ROOT / "maps" / "custom"


def test_shipped_custom_maps_pass_check_map():
    maps = sorted(CUSTOM.glob("*.tmx"))
    assert len(maps) >= 2
    for m in maps:
        assert check_map(str(m)) == [], m


def test_shipped_missions_load():
    found, problems = custom_missions(ROOT / "maps")
    assert problems == []
    goals = {m.goal for m in found}
    assert goals == {"reach_exit", "hold_out"}
    hold = next(m for m in found if m.goal == "hold_out")
    assert hold.activations == 8 and hold.players == 3 and set(hold.locusts) == {"A", "B", "C"}


def test_build_scripts_rebuild_the_shipped_maps(tmp_path):
    """maps/custom/*.build.toml are the build-map scripts of the shipped maps."""
    for script in sorted(CUSTOM.glob("*.build.toml")):
        out = tmp_path / script.name.replace(".build.toml", ".tmx")
        proc = subprocess.run([sys.executable, "-m", "game", "build-map", str(script), "--out", str(out)],
                              capture_output=True, text=True, cwd=ROOT, timeout=300)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert check_map(str(out)) == []


def write(tmp_path: Path, text: str) -> Path:
    (tmp_path / "m.tmx").write_text((CUSTOM / "plaza_to_the_pit.tmx").read_text().replace('source="../', f'source="{ROOT}/maps/'))
    p = tmp_path / "m.mission.toml"
    p.write_text(text)
    return p


GOOD = 'map = "m.tmx"\nplayers = 2\ngoal = "hold_out"\nactivations = 5\n[locusts]\nA = "drone"\nB = "wretch"\nC = "boomer"\n'


def test_round_trip_save_mission(tmp_path):
    m = load_mission(write(tmp_path, GOOD))
    again = save_mission(CustomMission(m.path, m.map, "Again", 4, "reach_exit", None, m.locusts), tmp_path / "again.mission.toml")
    got = load_mission(again)
    assert (got.name, got.players, got.goal, got.activations) == ("Again", 4, "reach_exit", None)


@pytest.mark.parametrize("change, message", [
    (("hold_out", "hold_outs"), "goal must be one of"),
    (("activations = 5", "activations = 0"), "at least 1"),
    (("players = 2", "players = 5"), "players must be"),
    (('A = "drone"', 'A = "dragon"'), "'dragon' is not an enemy"),
    (('C = "boomer"\n', ""), "exactly A, B and C"),
    (('map = "m.tmx"', 'map = "nope.tmx"'), "cannot be loaded"),
    (("goal", "gaol"), "unknown key 'gaol'"),
])
def test_bad_missions_give_clear_lines(tmp_path, change, message):
    p = write(tmp_path, GOOD.replace(*change))
    with pytest.raises(MissionError) as exc:
        load_mission(p)
    assert any(message in line and str(p) in line for line in exc.value.problems), exc.value.problems


def test_reach_exit_needs_a_door(tmp_path):
    p = write(tmp_path, GOOD.replace('goal = "hold_out"\nactivations = 5', 'goal = "reach_exit"'))
    text = (tmp_path / "m.tmx").read_text()
    doors = text.index('name="doors"')
    head = text[: text.rindex("<objectgroup", 0, doors)]  # the doors layer is the last one
    (tmp_path / "m.tmx").write_text(head + "</map>\n")
    with pytest.raises(MissionError, match="door token"):
        load_mission(p)


def test_enemy_ids_come_from_the_data_file():
    assert {"drone", "wretch", "boomer"} <= set(enemy_ids())
