"""The Gears floor art (game/ui/gears/floor.py): each tile face is read from its Tiled file once
per process (issue 19: laying a tile re-read every placed tile), and read again when the file
changed on disk."""
from __future__ import annotations

import os
import shutil

from game.gears.rules.title import GearsTitle
from game.ui.gears import floor
from tests.ui.conftest import same_frame


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


def _placements(loader, tiles):
    """Tiles laid one after another, each on the first free exit of the board where it fits."""
    from game.board.model import MapError
    from game.gears.rules.board_view import view_for

    placements = [{"tile": tiles[0], "exit": None}]
    for tile in tiles[1:]:
        view = view_for(loader, placements)
        for exit_name in view.free_exits:
            try:
                view_for(loader, placements + [{"tile": tile, "exit": exit_name}])
            except MapError:
                continue
            placements.append({"tile": tile, "exit": exit_name})
            break
    return placements


def test_a_laid_tile_extends_the_floor_to_the_pixels_of_composing_it_all(make_app):
    """Issue 19: laying a tile blits the new piece onto the floor so far (moved by the
    composition's shift) instead of composing every piece again; the pixels are the same."""
    import pygame

    from game.gears.rules.board_view import view_for

    make_app((320, 200))
    loader = GearsTitle().loader
    placements = _placements(loader, ["6A", "7A", "11A", "1A", "10A", "15A", "17A"])
    assert len(placements) >= 5
    shifted = 0
    for k in range(1, len(placements)):
        before = view_for(loader, placements[:k]).board
        board = view_for(loader, placements[:k + 1]).board
        old, _ = floor.compose_floor(before, floor.piece_tiles(before, loader))
        tiles = floor.piece_tiles(board, loader)
        grown = floor.extend_floor(before, old, board, tiles)
        assert grown is not None, f"tile {k + 1} was composed again instead of laid"
        whole, problems = floor.compose_floor(board, tiles)
        assert grown[1] == problems
        assert same_frame(pygame.image.tobytes(grown[0], "RGB"), pygame.image.tobytes(whole, "RGB"))
        first = before.pieces()[0]
        if floor.piece_transform(tiles[first], before, first) != floor.piece_transform(tiles[first], board, first):
            shifted += 1
    assert shifted, "no tile was laid above or left of the board: the shift is not tested"


def test_where_two_tiles_meet_the_map_draws_a_border_not_blue_dashes(make_app):
    """Spec 3.2 / 3.7: a tile's exit joined to the next tile's entrance is an open border; blue
    dashes are a level line's look (blocks movement). The Showdown at seed 5 joins 8B's exit to
    6B's entrance: no connector blue there, while 8B's free entrance keeps it."""
    import pygame

    from game.engine.session import Session
    from game.ui.table.board_render import BoardRenderer

    app = make_app((320, 200))
    board = Session.start(GearsTitle(), "the_showdown", 5, {"players": 2}).state.view().board
    (exit_, entrance), = board.joined_connectors()
    free = next(c for c in board.connectors if c.name == "8B:entrance")
    surface = pygame.Surface((board.width * board.tile_width, board.height * board.tile_height))
    BoardRenderer(board, surface.copy(), app.ctx.palette, app.ctx.assets).draw_overlays(surface, 1.0)

    def blue_along(c) -> int:
        (ax, ay), (bx, by) = ((float(x), float(y)) for x, y in (c.segment.a, c.segment.b))
        return sum(surface.get_at((round(ax + (bx - ax) * t / 100), round(ay + (by - ay) * t / 100)))[:3]
                   == app.ctx.palette.connector for t in range(10, 91))

    assert blue_along(free) > 20 and blue_along(exit_) == blue_along(entrance) == 0
