"""Issue part 5: `python -m game screenshot MAP --out FILE.png [--size WxH] [--los FROM TO]`
renders the table headless exactly as the window draws it."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.commands import screenshot_main

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "maps" / "gears" / "sample_1A.tmx"


def _distinct_colours(surface: pygame.Surface, step: int = 16) -> int:
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y))) for x in range(0, w, step) for y in range(0, h, step)})


def test_screenshot_writes_a_png_of_the_requested_size(config_dir, tmp_path, capsys):
    out = tmp_path / "shot.png"
    assert screenshot_main([str(SAMPLE), "--out", str(out), "--size", "1280x720"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)
    assert _distinct_colours(image) > 20  # a drawn table, not a blank frame


def test_screenshot_with_los_reports_and_draws_it(config_dir, tmp_path, capsys):
    plain, with_los = tmp_path / "a.png", tmp_path / "b.png"
    assert screenshot_main([str(SAMPLE), "--out", str(plain), "--size", "800x600"]) == 0
    assert screenshot_main([str(SAMPLE), "--out", str(with_los), "--size", "800x600", "--los", "west_street", "plaza"]) == 0
    assert "west_street -> plaza: visible" in capsys.readouterr().out
    assert pygame.image.tobytes(pygame.image.load(str(plain)), "RGB") != pygame.image.tobytes(pygame.image.load(str(with_los)), "RGB")


def test_screenshot_of_a_broken_map_is_one_clear_message(config_dir, tmp_path, capsys):
    bad = tmp_path / "bad.tmx"
    bad.write_text("not xml")
    assert screenshot_main([str(bad), "--out", str(tmp_path / "x.png")]) == 1
    err = capsys.readouterr().err
    assert "bad.tmx" in err and "Traceback" not in err
    assert not (tmp_path / "x.png").exists()


def test_screenshot_with_an_unknown_place(config_dir, tmp_path, capsys):
    assert screenshot_main([str(SAMPLE), "--out", str(tmp_path / "x.png"), "--los", "plaza", "nowhere"]) == 1
    assert "no area or cover spot named 'nowhere'" in capsys.readouterr().err
