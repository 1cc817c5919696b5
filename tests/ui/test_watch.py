"""Issue 11, generic commands: `python -m game play TITLE ...` (watch mode) dispatches through
the title registry; `--mission` (Gears) and `--scenario` are one option."""
from __future__ import annotations

import pytest

from game.ui.commands import play_main


@pytest.mark.parametrize("spelling", ["--mission", "--scenario"])
def test_watch_gears_writes_screenshots(config_dir, tmp_path, capsys, spelling):
    shots = tmp_path / "shots"
    argv = ["gears", spelling, "emergence", "--seats", "bot", "--seed", "5", "--autoplay",
            "--frames", "4", "--shots", str(shots), "--every", "2", "--size", "640x360"]
    assert play_main(argv) == 0
    assert sorted(p.name for p in shots.iterdir()) == ["gears-00001.png", "gears-00002.png"]
    assert "gears watch: 4 frames" in capsys.readouterr().out


def test_watch_without_a_scenario_plays_the_titles_default(config_dir, tmp_path, capsys):
    argv = ["gears", "--seats", "bot", "--autoplay", "--frames", "1", "--shots", str(tmp_path), "--size", "640x360"]
    assert play_main(argv) == 0


def test_a_title_without_a_watch_mode_is_refused(config_dir, capsys):
    with pytest.raises(SystemExit) as exc:
        play_main(["doom", "--frames", "1", "--shots", "x"])
    assert exc.value.code == 2
    assert "Doom has no watch mode yet (titles with one: gears)" in capsys.readouterr().err
