"""The integer rewrite of the exact Gears LOS search gives exactly the old answers (gears-of-war.md
§3.5: any point of one area to any point of the other, touching a wall blocks).

tests/board/los_reference.py keeps the search as it was (Fraction roots and crossings,
geometry.segment_touches_polygon on Segments). The product must return the same witness
endpoints (or the same None) on random polygons and walls on a small lattice (collinear,
touching and grazing configurations are common there), and on area pairs of the shipped Gears
maps; the convex-hull wall filter must agree with geometry.segment_touches_polygon.
"""
from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import los
from game.board.geometry import convex_hull, normalize_polygon, segment_touches_polygon
from game.board.model import Segment
from game.board.tmx import load_board
from tests.board import los_reference as ref
from tests.board.conftest import MAPS

coord = st.integers(0, 8)
ipt = st.tuples(coord, coord)


def _int_poly(raw) -> tuple:
    return tuple((int(x), int(y)) for x, y in normalize_polygon(raw))


def _ok(raw) -> bool:
    return not ref.polygon_problems(normalize_polygon(raw))


_rect = st.tuples(coord, coord, st.integers(1, 4), st.integers(1, 4)).map(
    lambda t: ((t[0], t[1]), (t[0] + t[2], t[1]), (t[0] + t[2], t[1] + t[3]), (t[0], t[1] + t[3]))
)
_free = st.lists(ipt, min_size=3, max_size=6).filter(_ok).map(_int_poly)
polygon = st.one_of(_rect, _free)
walls_st = st.lists(st.tuples(ipt, ipt), max_size=8)


@settings(max_examples=150, deadline=None)
@given(polygon, polygon, walls_st, st.integers(1, 3))
def test_area_search_equals_the_reference_section_3_5(a, b, walls, k):
    """Same witness (or None) as the Fraction version, also after scaling by k (odd scales
    make the perturbation roots non-trivial fractions)."""
    a = [(x * k, y * k) for x, y in a]
    b = [(x * k, y * k) for x, y in b]
    walls = [((u[0] * k, u[1] * k), (v[0] * k, v[1] * k)) for u, v in walls]
    assert los._search(list(a), False, list(b), walls) == ref._search(list(a), False, list(b), walls)


@settings(max_examples=150, deadline=None)
@given(ipt, polygon, walls_st)
def test_point_search_equals_the_reference_section_3_5(p, b, walls):
    assert los._search([p], True, list(b), walls) == ref._search([p], True, list(b), walls)


@settings(max_examples=200, deadline=None)
@given(st.lists(ipt, min_size=3, max_size=8), ipt, ipt)
def test_hull_wall_filter_equals_segment_touches_polygon(points, u, v):
    hull = convex_hull(points)
    if len(hull) < 3:
        return
    expected = segment_touches_polygon(Segment(u, v), hull)
    assert los.seg_touches_convex((u, v), hull) == expected


def test_search_on_shipped_gears_maps_equals_the_reference_section_3_5():
    """Every pair of areas of a few shipped Gears tiles whose centre-to-centre line is blocked:
    the search itself (the part that used Fractions) gives the reference's witness."""
    checked = 0
    for path in sorted((MAPS / "gears" / "tiles").glob("*.tmx"))[:6]:
        board = load_board(path)
        walls = list(board.blocking_segments())
        pts = [x for w in walls for x in w] + [p for ar in board.areas.values() for p in ar.polygon]
        scale = math.lcm(*(Fraction(v).denominator for p in pts for v in p))

        def sc(p):
            return (int(Fraction(p[0]) * scale), int(Fraction(p[1]) * scale))

        iwalls = [(sc(w.a), sc(w.b)) for w in walls]
        names = sorted(board.areas)
        for i, x in enumerate(names):
            for y in names[i + 1:]:
                a = [sc(p) for p in normalize_polygon(board.areas[x].polygon)]
                b = [sc(p) for p in normalize_polygon(board.areas[y].polygon)]
                if los.segment_blocker(los.interior_point(board.areas[x].polygon),
                                       los.interior_point(board.areas[y].polygon), walls) is None:
                    continue
                assert los._search(a, False, b, iwalls) == ref._search(a, False, b, iwalls), (path.name, x, y)
                checked += 1
    assert checked > 0, checked


# --- the public queries: integer touch tests, same LosResult ------------------------------------

half = st.integers(0, 16).map(lambda v: Fraction(v, 2))
third = st.integers(0, 24).map(lambda v: Fraction(v, 3))
fpt = st.tuples(st.one_of(half, third), st.one_of(half, third))
fwalls = st.lists(st.tuples(fpt, fpt).map(lambda t: Segment(*t)), max_size=7)


def _fpoly(poly, k, dx):
    """A lattice polygon scaled by 1/k and shifted by a fraction (non-trivial denominators)."""
    return tuple((Fraction(x, k) + dx, Fraction(y, k) + dx) for x, y in poly)


@settings(max_examples=120, deadline=None)
@given(polygon, polygon, fwalls, st.integers(1, 3), st.sampled_from([Fraction(0), Fraction(1, 5)]))
def test_area_to_area_equals_the_reference_section_3_5(a, b, walls, k, dx):
    """Same visible flag, witness and blocker as the Fraction implementation."""
    a, b = _fpoly(a, k, dx), _fpoly(b, k, dx)
    assert los.area_to_area(a, b, walls) == ref.area_to_area(a, b, walls)


@settings(max_examples=120, deadline=None)
@given(fpt, polygon, fwalls, st.integers(1, 3))
def test_point_to_area_equals_the_reference_section_3_5(p, b, walls, k):
    b = _fpoly(b, k, Fraction(0))
    assert los.point_to_area(p, b, walls) == ref.point_to_area(p, b, walls)


@settings(max_examples=150, deadline=None)
@given(fpt, fpt, fwalls)
def test_segment_blocker_and_point_to_point_equal_the_reference_section_3_5(p, q, walls):
    """The first wall touched (nearest p; the first listed on a tie), integer-prefiltered."""
    assert los.segment_blocker(p, q, walls) == ref.segment_blocker(p, q, walls)
    assert los.point_to_point(p, q, walls) == ref.point_to_point(p, q, walls)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.one_of(half, third), st.one_of(half, third)), min_size=0, max_size=6))
def test_polygon_problems_equals_the_reference_section_3_5(poly):
    """Same problems, same words: repeats, zero area, folded adjacent edges, touching edges."""
    from game.board.geometry import polygon_problems

    assert polygon_problems(poly) == ref.polygon_problems(poly)
    ints = [(int(6 * x), int(6 * y)) for x, y in poly]
    assert polygon_problems(ints) == ref.polygon_problems(ints)
