"""Hostile files: a Gears tile face (maps/gears/tiles/<tile>.tmx, spec 3.7) broken or gone is a
MapError naming its file when a game is set up, before anything is laid. Laying a level had
taken any MapError for an impossible placement (spec 3.4: an overlap), so a broken face was
dropped from the level without a word and the setup then failed on a board with no tiles."""
from __future__ import annotations

import shutil

import pytest

from game.board.model import MapError
from game.gears.rules import board_view as BV
from game.gears.rules.setup import new_state


@pytest.fixture
def tiles(tmp_path):
    """A copy of maps/gears/tiles beside a copy of the tilesets its faces name (../../tilesets)."""
    folder = tmp_path / "maps" / "gears" / "tiles"
    shutil.copytree(BV.TILES_DIR, folder)
    shutil.copytree(BV.TILES_DIR.parents[1] / "tilesets", tmp_path / "maps" / "tilesets")
    return folder


def test_a_broken_face_of_a_later_level_is_named_at_setup(content, tiles):
    later = content.missions["emergence"].levels[-1].tiles[0]
    (tiles / f"{later}.tmx").write_text("<map>\n</map>\njunk\n")
    with pytest.raises(MapError, match=rf"{later}\.tmx: map: bad XML at line 3"):
        new_state(content, "emergence", 1, {"players": 2}, BV.FileTileLoader(tiles))


def test_a_missing_face_placed_by_a_stage_card_is_named_at_setup(content, tiles):
    """Scattered's Stage card places 17B (missions.toml `place_tile`); no Location deck has it."""
    assert not any("17B" in lv.tiles for lv in content.missions["scattered"].levels)
    (tiles / "17B.tmx").unlink()
    with pytest.raises(MapError, match=r"17B\.tmx: tile face 17B is missing"):
        new_state(content, "scattered", 1, {"players": 2}, BV.FileTileLoader(tiles))


def test_a_face_changed_on_disk_is_read_again(content, tiles):
    loader = BV.FileTileLoader(tiles)
    face = loader("1A")
    assert BV.FileTileLoader(tiles)("1A") is face  # read once per process
    path = tiles / "1A.tmx"
    path.write_text(path.read_text() + "\n")
    assert BV.FileTileLoader(tiles)("1A") is not face
