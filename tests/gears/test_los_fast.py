"""The Gears board's integer LOS (rules/board_view.py: _area_area, _point_area) answers exactly
what the exhaustive search answers (spec 3.5: any point of one area to any point of the other,
touching a wall blocks, a cover spot on a wall sees nothing), with its fast paths in front:
candidate pairs, the separating-wall-line certificate, and the WallIndex grid of walls.

The oracle is tests/board/los_reference.py (the search before any of those speed-ups).
Coordinates are even, as SightGeometry makes them (its candidate midpoints are whole).
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.geometry import point_in_polygon
from game.board.los import touch_int
from game.gears.rules import board_view as BV
from tests.board import los_reference as ref
from tests.board.los_strategies import coord, ipt, polygon, walls_st


def _even(pts):
    return tuple((2 * x, 2 * y) for x, y in pts)


def _even_walls(walls):
    return [((2 * u[0], 2 * u[1]), (2 * v[0], 2 * v[1])) for u, v in walls]


@settings(max_examples=120, deadline=None)
@given(polygon, polygon, walls_st, st.booleans())
def test_area_area_equals_the_exhaustive_search_spec_3_5(a, b, walls, indexed):
    a, b, walls = _even(a), _even(b), _even_walls(walls)
    want = a == b or ref._search(list(a), False, list(b), walls) is not None
    BV._GEOM.clear()
    given_walls = BV.WallIndex(walls) if indexed else walls
    got = BV._area_area(a, b, BV._candidates(a), BV._candidates(b), given_walls)
    assert got == want


@settings(max_examples=120, deadline=None)
@given(ipt, polygon, walls_st, st.booleans())
def test_point_area_equals_the_exhaustive_search_spec_3_5(p, b, walls, indexed):
    (p,), b, walls = _even([p]), _even(b), _even_walls(walls)
    if any(touch_int(p, p, u, v) for u, v in walls):
        want = False
    elif point_in_polygon(p, b) >= 0:
        want = True
    else:
        want = ref._search([p], True, list(b), walls) is not None
    BV._GEOM.clear()
    given_walls = BV.WallIndex(walls) if indexed else walls
    assert BV._point_area(p, b, BV._candidates(b), given_walls) == want


@settings(max_examples=150, deadline=None)
@given(st.lists(ipt, min_size=1, max_size=7), walls_st)
def test_wall_index_gives_the_same_hull_walls_spec_3_5(points, walls):
    """The grid only narrows which walls are looked at: same hull, same walls, same order."""
    assert BV._hull_walls(points, BV.WallIndex(walls)) == BV._hull_walls(points, walls)


def test_wall_index_far_walls_and_an_empty_board_spec_3_5():
    walls = [((0, 0), (100, 0)), ((1000, 1000), (1000, 1200)), ((40, -5), (40, 5))]
    idx = BV.WallIndex(walls)
    hull, rel = BV._hull_walls([(10, -10), (60, -10), (60, 10), (10, 10)], idx)
    assert rel == [((0, 0), (100, 0)), ((40, -5), (40, 5))]
    assert BV._hull_walls([(0, 0), (5, 0), (0, 5)], BV.WallIndex([]))[1] == []
    assert list(idx) == walls and len(idx) == 3  # still the walls, as a sequence


@settings(max_examples=150, deadline=None)
@given(ipt, ipt, walls_st)
def test_point_to_point_through_the_wall_grid_spec_3_5(p, q, walls):
    """Two cover spots see each other iff their segment touches no wall (spec 3.5, last row of
    the table): the grid's nearby walls give the answer all the walls give."""
    want = not any(touch_int(p, q, u, v) for u, v in walls)
    assert BV._clear(p, q, BV._near([p, q], BV.WallIndex(walls))) == want


@settings(max_examples=100, deadline=None)
@given(polygon, st.integers(-50, 50), st.integers(-50, 50), st.sampled_from([1, 3]))
def test_shape_table_gives_each_placed_polygon_its_own_candidates_spec_3_5(poly, dx, dy, den):
    """SightGeometry reads an area's polygon and sight candidates from a table of
    translation-free shapes: the same as preparing the placed polygon directly, at any place
    and scale (rational coordinates included)."""
    from fractions import Fraction

    raw = [(Fraction(x + dx, den), Fraction(y + dy, den)) for x, y in poly]
    scale = 2 * den
    BV._SHAPES.clear()
    for _ in range(2):  # a miss, then a hit
        got = BV._shape(raw, scale)
        want = BV._valid_int_polygon(raw, scale)
        assert got == (want, BV._candidates(want))


def test_shape_table_keeps_the_unusable_polygon_message_spec_3_5():
    import pytest

    bowtie = [(0, 0), (4, 4), (4, 0), (0, 4)]
    for _ in range(2):
        with pytest.raises(ValueError, match=r"area polygon .* is unusable"):
            BV._shape(bowtie, 2)


_seg = st.tuples(ipt, ipt)


@settings(max_examples=300, deadline=None)
@given(st.lists(_seg, min_size=1, max_size=4), st.lists(_seg, max_size=6))
def test_inlined_touch_test_equals_touch_int_spec_3_5(pairs, walls):
    """The candidate sweep and the spot-to-spot test inline los.touch_int (touching, grazing a
    wall's end and running along it all block, spec 3.5); degenerate segments included."""
    want = any(not any(touch_int(p, q, u, v) for u, v in walls) for p, q in pairs)
    assert BV._some_clear(pairs, walls) == want
    for p, q in pairs:
        assert BV._clear(p, q, walls) == (not any(touch_int(p, q, u, v) for u, v in walls))


@settings(max_examples=200, deadline=None)
@given(ipt, polygon)
def test_integer_interior_test_equals_point_in_polygon_spec_3_5(p, poly):
    """Sight candidates are the midpoints strictly inside the area (geometry.point_in_polygon == 1)."""
    assert BV._strictly_inside(p, poly) == (point_in_polygon(p, poly) == 1)


@settings(max_examples=100, deadline=None)
@given(walls_st, st.lists(st.tuples(coord, coord, coord, coord), min_size=1, max_size=6))
def test_wall_index_rectangles_read_twice_give_the_same_walls_spec_3_5(walls, boxes):
    """The grid keeps the walls of each rectangle of cells it decoded: a second query of the
    same box (or one in the same cells) gives what a fresh grid gives, in the original order."""
    walls = _even_walls(walls)
    idx = BV.WallIndex(walls)
    for x0, x1, y0, y1 in boxes + boxes:
        box = (2 * min(x0, x1), 2 * max(x0, x1), 2 * min(y0, y1), 2 * max(y0, y1))
        got = list(idx.near(*box))
        assert got == list(BV.WallIndex(walls).near(*box))
        assert got == [w for w in walls if w in got]  # original order
        lo_x, hi_x, lo_y, hi_y = box
        for w in walls:  # every wall whose box meets the query box is there
            if max(w[0][0], w[1][0]) >= lo_x and min(w[0][0], w[1][0]) <= hi_x \
                    and max(w[0][1], w[1][1]) >= lo_y and min(w[0][1], w[1][1]) <= hi_y:
                assert w in got


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(ipt, ipt), max_size=6), st.sampled_from([1, 2, 3, 6]))
def test_scaled_walls_equal_scaling_each_coordinate_spec_3_5(walls, den):
    """SightGeometry.walls converts the board's segments in one pass: the same integers as
    _scaled on each coordinate (Fractions and plain ints alike)."""
    from fractions import Fraction

    from game.board.model import Segment

    segs = [Segment((Fraction(u[0], den), Fraction(u[1], den)), (v[0], v[1])) for u, v in walls]
    s = 2 * den
    want = [((BV._scaled(w.a[0], s), BV._scaled(w.a[1], s)), (BV._scaled(w.b[0], s), BV._scaled(w.b[1], s)))
            for w in segs]
    assert BV._scaled_walls(segs, s) == want


@settings(max_examples=300, deadline=None)
@given(ipt, polygon)
def test_integer_point_side_agrees_with_geometry_point_in_polygon_spec_3_5(p, poly):
    """The integer side test behind the sight candidates and the point-in-area shortcut gives
    geometry.point_in_polygon's answer: 1 inside, 0 on the boundary, -1 outside."""
    assert BV._int_point_side(p, poly) == point_in_polygon(p, poly)
    assert BV._in_closed_polygon(p, poly) == (point_in_polygon(p, poly) >= 0)
