"""The Gears floor art (game/ui/gears/floor.py): each tile face is read from its Tiled file once
per process (issue 19: laying a tile re-read every placed tile), and read again when the file
changed on disk."""
from __future__ import annotations

import os
import shutil

from game.gears.rules.title import GearsTitle
from game.ui.gears import floor


def test_a_tile_face_is_read_once_and_again_after_it_changed(make_app, tmp_path):
    make_app((320, 200))  # a display, for convert()
    title = GearsTitle()
    tile = title.loader("9A")
    # The repository's layout: the face refers to ../../tilesets/floors.tsx, which refers to
    # ../../assets/tiles/floors.png.
    root = floor.TILES_DIR.parents[2]
    shutil.copytree(root / "maps" / "tilesets", tmp_path / "maps" / "tilesets")
    shutil.copytree(root / "assets" / "tiles", tmp_path / "assets" / "tiles")
    (tmp_path / "maps" / "gears" / "tiles").mkdir(parents=True)
    copy = tmp_path / "maps" / "gears" / "tiles" / "9A.tmx"
    shutil.copy(floor.TILES_DIR / "9A.tmx", copy)
    first, problem = floor.tile_floor(copy, tile)
    assert problem is None
    again, _ = floor.tile_floor(copy, tile)
    assert again is first
    stat = copy.stat()
    os.utime(copy, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    changed, _ = floor.tile_floor(copy, tile)
    assert changed is not first and changed.get_size() == first.get_size()
