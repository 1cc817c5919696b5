"""Seams: where two tiles' edges touch with nothing joining them (gears-of-war.md 3.2 table,
"Map edge ... blocks (treat as a wall)"; 3.7: tiles join only at their connectors; the seed's
p. 6 item 10: an exit is "a smaller opening on the map's edge", so the rest of a tile's edge is
the map's edge). Board.piece_seams() lists them exactly; Board.blocking_segments() (every line
of sight) holds them. A board laid one tile after another (play, compose.add_piece) derives
them from the previous board's plus the new piece's edges: checked here against a plain
Fraction reference on random levels of the 34 shipped faces, and on Emergence's 9A/12A."""
from __future__ import annotations

import random
from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import distance as D
from game.board.compose import Placement, compose
from game.board.los import area_to_area, point_to_point
from game.board.model import Board
from tests.board.conftest import MAPS
from tests.board.test_incremental_graphs import TILES, level


def _line(a, b):
    """A Fraction key of the line through a and b (the same for every segment on it)."""
    if a[0] == b[0]:
        return ("x", F(a[0]))
    k = F(b[1] - a[1]) / (b[0] - a[0])
    return (k, a[1] - k * a[0])


def _t(a, b, p):
    """Where p lies along the line a-b, in a coordinate that orders the whole line alike."""
    return F(p[1]) if a[0] == b[0] else F(p[0])


def reference(board: Board) -> dict:
    """{line: sorted disjoint [(lo, hi)]}: pairs of edges of areas of different pieces, on one
    line, overlapping with positive length, less the joined connectors and the borders and
    level lines on that line, merged; in Fractions, pair by pair."""
    edges = []
    for area in board.areas.values():
        poly = area.polygon
        edges += [(area.piece, a, b) for a, b in zip(poly, poly[1:] + poly[:1]) if a != b]
    spans: dict = {}
    for i, (p, a, b) in enumerate(edges):
        for q, c, d in edges[i + 1:]:
            if p == q or _line(a, b) != _line(c, d):
                continue
            lo = max(min(_t(a, b, a), _t(a, b, b)), min(_t(a, b, c), _t(a, b, d)))
            hi = min(max(_t(a, b, a), _t(a, b, b)), max(_t(a, b, c), _t(a, b, d)))
            if lo < hi:
                spans.setdefault(_line(a, b), []).append((lo, hi))
    cuts = [(x.segment.a, x.segment.b) for x, _ in board.joined_connectors()]
    cuts += [(s.a, s.b) for line in board.lines if line.kind in ("border", "level_line") for s in line.segments()]
    out = {}
    for key, got in spans.items():
        merged = []
        for lo, hi in sorted(got):
            if merged and lo <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(hi, merged[-1][1]))
            else:
                merged.append((lo, hi))
        for a, b in cuts:
            if a != b and _line(a, b) == key:
                c0, c1 = sorted((_t(a, b, a), _t(a, b, b)))
                merged = [s for lo, hi in merged for s in ((lo, min(hi, c0)), (max(lo, c1), hi)) if s[0] < s[1]]
        if merged:
            out[key] = merged
    return out


def as_spans(board: Board) -> dict:
    out: dict = {}
    for s in board.piece_seams():
        out.setdefault(_line(s.a, s.b), []).append(tuple(sorted((_t(s.a, s.b, s.a), _t(s.a, s.b, s.b)))))
    return {k: sorted(v) for k, v in out.items()}


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 12), st.sampled_from([0, 90, 180, 270]))
def test_seams_laid_tile_by_tile_equal_the_reference_on_random_levels_gears_3_2(seed, size, rotation):
    boards = level(random.Random(seed), size, rotation, apart=0.2)
    for board in boards:  # play order: each board derives its seams from the previous one's
        assert as_spans(board) == reference(board), board.pieces()
        assert set(board.piece_seams()) <= set(board.blocking_segments())


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(3, 12))
def test_seams_of_a_board_asked_alone_equal_the_derived_ones_gears_3_2(seed, size):
    """The last board of a level asked first (its chain computed on the way) and a board that
    is no record of its making (the full computation) give the same seams."""
    boards = level(random.Random(seed), size)
    last = boards[-1]
    derived = last.piece_seams()
    assert D._added_seams(last) is not None or len(boards) == 1
    assert set(derived) == set(D.piece_seams(_unrecorded(last)))
    assert as_spans(last) == reference(last)


def _unrecorded(board: Board) -> Board:
    copy = Board(board.source, board.width, board.height, board.tile_width, board.tile_height,
                 dict(board.properties), dict(board.areas), board.lines, board.doors, board.cover,
                 board.markers, board.connectors, version=board.version + 1000)
    assert D._added_seams(copy) is None
    return copy


def test_one_tile_has_no_seams_gears_3_2():
    for name in ("9A", "12A", "1A"):
        one = compose([Placement(TILES[name], name)], "one")
        assert one.piece_seams() == ()


def test_a_grid_map_has_none_its_pieces_keep_their_walls_doom_3_1():
    from game.board.tmx import load_board

    doom = next(iter(sorted((MAPS / "doom").rglob("*.tmx"))))
    assert load_board(doom).piece_seams() == ()


def _emergence():
    from game.board.compose import add_piece, place_at_exit

    first = compose([Placement(TILES["9A"], "9A")], "emergence")
    return add_piece(first, place_at_exit(first, "9A:exit", TILES["12A"], "12A"))


def test_9a_beside_12a_the_seams_are_the_touching_edge_less_the_joint_gears_3_2_3_7():
    """Emergence (seed 5 lays 12A at 9A's exit): 9A's east edge x = 512 touches 12A's west
    edge from y 0 to 384; the joint (9A's exit on 12A's entrance) is y 128..256."""
    board = _emergence()
    (x, e), = board.joined_connectors()
    assert sorted(p[1] for p in x.segment) == [128, 256] and x.segment.a[0] == 512
    spans = sorted((min(s.a[1], s.b[1]), max(s.a[1], s.b[1])) for s in board.piece_seams())
    assert all(s.a[0] == 512 == s.b[0] for s in board.piece_seams())
    assert spans == [(0, 128), (256, 384)]


def test_sight_does_not_cross_a_seam_but_goes_through_the_joint_gears_3_2_3_5():
    """The seed p. 20: two figures see each other when a straight line joins their areas
    "without crossing a black wall"; the tile's edge is the map's edge, which blocks (spec 3.2).
    9A's Promenade cover spot (224, 32) and 12A's Storefront cover spot (608, 96): the one line
    between them crosses x = 512 at y = 80, on the seam. 9A's Lawn and 12A's Bunker touch only
    along the seam (y 256..384; the Bunker's north side is a wall): no sight. The Lawn and the
    Storefront meet at the joint: sight."""
    board = _emergence()
    walls = board.blocking_segments()
    promenade = board.cover_spot("9A:promenade_cover1").point
    storefront = board.cover_spot("12A:storefront_cover1").point
    assert not point_to_point(promenade, storefront, walls)
    assert point_to_point(promenade, storefront, board.wall_segments() + board.outline_segments())  # before
    lawn, bunker, store = (board.areas[n].polygon for n in ("9A:lawn", "12A:bunker", "12A:storefront"))
    assert not area_to_area(lawn, bunker, walls)
    assert area_to_area(lawn, store, walls)
