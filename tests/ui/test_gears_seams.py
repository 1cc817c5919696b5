"""Two Gears tiles whose edges touch where no connector joins them (Emergence, seed 5: 12A laid
at 9A's exit, 9A's Promenade beside 12A's Storefront above the joint, the Groundskeeper shed
beside the Storefront and Bunker below it): movement never crosses there (gears 3.7: tiles join
at their connectors), and the table draws that edge as the map edge (the cloth's colour), where
the floor art ran on from one tile into the other with no line at all."""
from __future__ import annotations

from fractions import Fraction as F

import pygame

from game.board.model import Segment
from game.gears.rules.board_view import build_board, view_for
from game.gears.rules.title import GearsTitle
from game.ui.assets import Assets
from game.ui.palette import palette_named
from game.ui.table.board_render import BoardRenderer

PLACED = [{"tile": "9A", "exit": None}, {"tile": "12A", "exit": "9A:exit"}]


def _board():
    return build_board(GearsTitle().loader, PLACED)


def test_the_seams_are_the_touching_edges_less_the_joint():
    board = _board()
    assert {a.name for a in board.areas.values()} >= {"9A:promenade", "12A:storefront"}
    # the joint: 9A's exit on 12A's entrance, x = 512, y 192..320 (after the composition's shift)
    (exit_, entrance), = board.joined_connectors()
    x = exit_.segment.a[0]
    top, bottom = sorted((exit_.segment.a[1], exit_.segment.b[1]))
    seams = board.piece_seams()
    spans = sorted((min(s.a[1], s.b[1]), max(s.a[1], s.b[1])) for s in seams)
    assert all(s.a[0] == x == s.b[0] for s in seams)
    promenade = board.areas["9A:promenade"].polygon
    assert spans == [(min(p[1] for p in promenade), top), (bottom, bottom + 128)]
    view = view_for(GearsTitle().loader, PLACED)
    assert "12A:storefront" not in view.move_adj["9A:promenade"]  # nothing crosses a seam
    assert "12A:storefront" in view.move_adj["9A:lawn"]  # the joint joins


def test_one_tile_has_no_seams():
    assert build_board(GearsTitle().loader, PLACED[:1]).piece_seams() == ()


def test_the_seam_is_drawn_in_the_cloths_colour(make_app):
    make_app((640, 400))
    board = _board()
    pal = palette_named("default")
    renderer = BoardRenderer(board, pygame.Surface(board.pixel_size()), pal, Assets())
    surface = pygame.Surface(board.pixel_size())
    surface.fill((200, 0, 200))
    renderer.draw_overlays(surface, 1.0)
    seam: Segment = board.piece_seams()[0]
    mid = (int((seam.a[0] + seam.b[0]) / 2), int((seam.a[1] + seam.b[1]) / 2))
    assert tuple(surface.get_at(mid))[:3] == pal.table
    away = (mid[0] + 40, mid[1])
    assert tuple(surface.get_at(away))[:3] == (200, 0, 200)
