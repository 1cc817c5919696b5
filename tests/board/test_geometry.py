"""Exact primitives behind every LOS rule (gears-of-war.md §3.5 "touching a wall blocks", §11.14)."""
from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.geometry import (
    centroid,
    convex_hull,
    interior_point,
    is_closed_polyline,
    normalize_polygon,
    orientation,
    point_in_polygon,
    polygon_problems,
    segment_intersection,
    segment_touches_polygon,
    segments_cross_properly,
    segments_touch,
)
from game.board.model import Segment


def S(a, b, c, d) -> Segment:
    return Segment((F(a), F(b)), (F(c), F(d)))


def P(x, y):
    return (F(x), F(y))


def test_orientation_signs():
    assert orientation(P(0, 0), P(1, 0), P(1, 1)) == 1
    assert orientation(P(0, 0), P(1, 0), P(1, -1)) == -1
    assert orientation(P(0, 0), P(1, 1), P(F(1, 3), F(1, 3))) == 0


def test_touching_at_an_endpoint_counts_as_touching_section_3_5():
    """§3.5 implementation notes: a segment that touches a wall, endpoints included, is blocked."""
    assert segments_touch(S(0, 0, 2, 2), S(2, 2, 3, 0))  # shared endpoint
    assert segments_touch(S(0, 0, 2, 0), S(1, 0, 1, 5))  # T: end on the other's interior
    assert segments_touch(S(0, 0, 2, 0), S(1, 0, 3, 0))  # collinear overlap
    assert not segments_touch(S(0, 0, 2, 0), S(F(21, 10), 0, 3, 0))  # collinear, apart
    assert not segments_touch(S(0, 0, 2, 2), S(0, 1, 1, F(201, 100)))  # nearly touching
    assert segments_touch(S(1, 1, 1, 1), S(0, 0, 2, 2))  # a degenerate segment is a point


def test_proper_crossing_excludes_endpoint_contacts():
    assert segments_cross_properly(S(0, 0, 2, 2), S(0, 2, 2, 0))
    assert not segments_cross_properly(S(0, 0, 2, 2), S(2, 2, 3, 0))
    assert not segments_cross_properly(S(0, 0, 2, 0), S(1, 0, 1, 5))


def test_segment_intersection_is_exact():
    assert segment_intersection(S(0, 0, 3, 1), S(0, 1, 3, 0)) == P(F(3, 2), F(1, 2))
    assert segment_intersection(S(0, 0, 4, 0), S(1, 0, 6, 0)) == S(1, 0, 4, 0)
    assert segment_intersection(S(0, 0, 1, 0), S(1, 0, 2, 5)) == P(1, 0)
    assert segment_intersection(S(0, 0, 1, 0), S(0, 1, 1, 1)) is None


L_SHAPE = (P(0, 0), P(4, 0), P(4, 1), P(1, 1), P(1, 4), P(0, 4))


def test_point_in_polygon_reports_boundary_separately():
    assert point_in_polygon(P(F(1, 2), F(1, 2)), L_SHAPE) == 1
    assert point_in_polygon(P(2, 2), L_SHAPE) == -1  # in the notch of the L
    assert point_in_polygon(P(1, 2), L_SHAPE) == 0  # on an edge
    assert point_in_polygon(P(4, 1), L_SHAPE) == 0  # on a vertex
    assert point_in_polygon(P(5, 0), L_SHAPE) == -1  # ray along an edge line
    assert point_in_polygon(P(-1, 1), L_SHAPE) == -1  # ray through a vertex


def test_polygon_problems_name_the_fault():
    assert polygon_problems(L_SHAPE) == []
    assert "at least 3" in polygon_problems((P(0, 0), P(1, 1)))[0]
    assert "zero area" in " ".join(polygon_problems((P(0, 0), P(1, 1), P(2, 2))))
    bow_tie = (P(0, 0), P(2, 2), P(2, 0), P(0, 2))
    assert "not simple" in " ".join(polygon_problems(bow_tie))
    assert "repeats" in " ".join(polygon_problems((P(0, 0), P(0, 0), P(1, 0), P(0, 1))))


def test_normalize_drops_explicit_closing_vertex():
    closed = (*L_SHAPE, L_SHAPE[0])
    assert is_closed_polyline(closed)
    assert normalize_polygon(closed) == L_SHAPE


def test_interior_point_is_inside_even_where_the_centroid_is_not():
    u_shape = (P(0, 0), P(6, 0), P(6, 6), P(5, 6), P(5, 1), P(1, 1), P(1, 6), P(0, 6))
    assert point_in_polygon(centroid(u_shape), u_shape) == -1
    assert point_in_polygon(interior_point(u_shape), u_shape) == 1


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), min_size=3, max_size=7))
def test_interior_point_of_any_valid_polygon_is_strictly_inside(raw):
    poly = normalize_polygon(raw)
    if polygon_problems(poly):
        return
    assert point_in_polygon(interior_point(poly), poly) == 1


def test_convex_hull_and_polygon_contact():
    hull = convex_hull([P(0, 0), P(2, 0), P(1, 1), P(2, 2), P(0, 2), P(1, 0)])
    assert set(hull) == {P(0, 0), P(2, 0), P(2, 2), P(0, 2)}
    square = (P(0, 0), P(2, 0), P(2, 2), P(0, 2))
    assert segment_touches_polygon(S(1, 1, 1, 1), square)  # inside
    assert segment_touches_polygon(S(2, 2, 3, 3), square)  # touches a corner
    assert not segment_touches_polygon(S(3, 0, 3, 3), square)


def test_bad_polygon_is_reported_not_crashing():
    with pytest.raises(ValueError):
        interior_point((P(0, 0), P(1, 0), P(2, 0)))
