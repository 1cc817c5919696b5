"""check-map's exact geometry on integers (game/board/checks.py): scaling Fraction coordinates
to integers must not change any answer (docs/MAPS.md "Rules of the layers": areas must not
overlap; points strictly inside their area), and a 12-tile map validates quickly."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.checks import check_board, point_in_area, point_in_polygon, polygons_overlap

ROOT = Path(__file__).resolve().parents[2]
coord = st.fractions(min_value=-20, max_value=20, max_denominator=12)


def rect(x0, y0, w, h):
    return ((x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h))


@settings(max_examples=150, deadline=None)
@given(coord, coord, st.fractions(min_value=Fraction(1, 8), max_value=10, max_denominator=12),
       st.fractions(min_value=Fraction(1, 8), max_value=10, max_denominator=12), coord, coord,
       st.fractions(min_value=Fraction(1, 8), max_value=10, max_denominator=12),
       st.fractions(min_value=Fraction(1, 8), max_value=10, max_denominator=12))
def test_rectangles_overlap_exactly_when_their_intervals_do(x0, y0, w0, h0, x1, y1, w1, h1):
    a, b = rect(x0, y0, w0, h0), rect(x1, y1, w1, h1)
    expected = x0 < x1 + w1 and x1 < x0 + w0 and y0 < y1 + h1 and y1 < y0 + h0
    assert polygons_overlap(a, b) == expected
    assert polygons_overlap(b[::-1], a) == expected  # either winding


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(coord, coord), min_size=3, max_size=6, unique=True), st.tuples(coord, coord))
def test_point_in_area_is_point_in_polygon(poly, p):
    assert point_in_area(p, poly) == point_in_polygon(p, poly)


def test_twelve_tile_map_passes_the_checks():
    """A 12-piece builder map is valid (its check time is a benchmark number, not a test:
    the builder validates after every edit, docs/BUILDER.md)."""
    from game.board.builder import Builder, PieceLibrary

    lib = PieceLibrary.from_paths([ROOT / "maps" / "gears" / "sample_1A.tmx"])[0]
    b = Builder(lib, "gears")
    b.add("1A", 0, 0)
    for _ in range(11):
        last = b.state.placements[-1]
        b.add("1A", last.x + 770, last.y + 120)
    board = b.compose_all()
    assert check_board(board) == []
