"""Two Gears tiles whose edges touch where no connector joins them (Emergence, seed 5: 12A laid
at 9A's exit, 9A's Promenade beside 12A's Storefront above the joint, 9A's Lawn beside 12A's
Bunker below it) meet at a seam: the map's edge of both tiles, which blocks sight (spec 3.2
table) as well as movement. The table draws exactly the segments the rules block with
(Board.piece_seams, in Board.blocking_segments) in the cloth's colour, as the map's outer edge
shows, where the floor art ran on from one tile into the other with no line at all."""
from __future__ import annotations

import pygame

from game.board.model import Board
from game.gears.rules.board_view import build_board
from game.gears.rules.title import GearsTitle
from game.ui.assets import Assets
from game.ui.palette import palette_named
from game.ui.table.board_render import BoardRenderer
from tests.ui.conftest import same_frame

PLACED = [{"tile": "9A", "exit": None}, {"tile": "12A", "exit": "9A:exit"}]
MAGENTA = (200, 0, 200)


def _overlays(board: Board, seams: bool = True) -> pygame.Surface:
    pal = palette_named("default")
    surface = pygame.Surface(board.pixel_size())
    surface.fill(MAGENTA)
    renderer = BoardRenderer(board, pygame.Surface(board.pixel_size()), pal, Assets())
    if not seams:  # the same board, its seams hidden from the renderer only
        board = Board(board.source, board.width, board.height, board.tile_width, board.tile_height,
                      board.properties, board.areas, board.lines, board.doors, board.cover,
                      board.markers, board.connectors)
        board._cache[("piece_seams", board.version)] = ((board.areas, board.connectors, board.lines), ())
        renderer.board = board
    renderer.draw_overlays(surface, 1.0)
    return surface


def test_the_seams_drawn_are_the_seams_that_block_sight(make_app):
    make_app((640, 400))
    board = build_board(GearsTitle().loader, PLACED)
    seams = board.piece_seams()
    assert len(seams) == 2 and set(seams) <= set(board.blocking_segments())
    pal = palette_named("default")
    surface = _overlays(board)
    for seam in seams:
        mid = (int((seam.a[0] + seam.b[0]) / 2), int((seam.a[1] + seam.b[1]) / 2))
        assert tuple(surface.get_at(mid))[:3] == pal.table
        assert tuple(surface.get_at((mid[0] + 40, mid[1])))[:3] == MAGENTA
    # the joint between them (x 512, y 128..256) is an open border, not the cloth
    assert tuple(surface.get_at((512, 192)))[:3] != pal.table
    without = _overlays(board, seams=False)
    assert not same_frame(pygame.image.tobytes(surface, "RGB"), pygame.image.tobytes(without, "RGB"))


def test_one_tile_draws_no_seam(make_app):
    make_app((640, 400))
    board = build_board(GearsTitle().loader, PLACED[:1])
    assert board.piece_seams() == ()
    assert same_frame(pygame.image.tobytes(_overlays(board), "RGB"),
                      pygame.image.tobytes(_overlays(board, seams=False), "RGB"))
