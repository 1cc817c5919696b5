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


def test_a_title_without_a_watch_mode_is_refused(config_dir, capsys, monkeypatch):
    """Every title has a watch mode now (issue 17 gave Convoy its own): one taken away is refused."""
    import dataclasses

    from game import titles

    monkeypatch.setattr(titles, "TITLES", tuple(dataclasses.replace(e, watch=None) if e.key == "convoy" else e
                                                for e in titles.TITLES))
    with pytest.raises(SystemExit) as exc:
        play_main(["convoy", "--frames", "1", "--shots", "x"])
    assert exc.value.code == 2
    assert "Neuroshima Convoy has no watch mode yet (titles with one: gears, doom, level7)" in capsys.readouterr().err


def test_convoy_watch_plays_both_sides_and_writes_shots(config_dir, tmp_path, capsys):
    """Issue 17: `play convoy --seats bot,bot` is Moloch and the Outpost, both the AI."""
    argv = ["convoy", "--seats", "bot,bot", "--seed", "3", "--autoplay", "--frames", "40", "--shots", str(tmp_path),
            "--every", "20", "--size", "960x540"]
    assert play_main(argv) == 0
    assert sorted(p.name for p in tmp_path.glob("convoy-*.png")) == ["convoy-00001.png", "convoy-00002.png"]
    out = capsys.readouterr().out
    assert "convoy watch: 40 frames" in out and " 0 actions" not in out


def test_level7_watch_plays_bots_and_writes_shots(config_dir, tmp_path, capsys):
    argv = ["level7", "--seats", "bot,bot", "--seed", "3", "--autoplay", "--frames", "40", "--shots", str(tmp_path),
            "--every", "20", "--size", "960x540"]
    assert play_main(argv) == 0
    assert sorted(p.name for p in tmp_path.glob("level7-*.png")) == ["level7-00001.png", "level7-00002.png"]
    assert "level7 watch: 40 frames" in capsys.readouterr().out


def test_doom_watch_plays_one_marine_against_the_invader(config_dir, tmp_path, capsys):
    """Issue 13: `play doom --seats bot,bot` is one marine and the invader, both bots."""
    shots = tmp_path / "shots"
    argv = ["doom", "--seats", "bot,bot", "--autoplay", "--frames", "40", "--shots", str(shots),
            "--every", "20", "--size", "640x360"]
    assert play_main(argv) == 0
    assert sorted(p.name for p in shots.iterdir()) == ["doom-00001.png", "doom-00002.png"]
    assert "doom watch: 40 frames" in capsys.readouterr().out
