"""Hypothesis strategies shared by the integer LOS tests (tests/board/test_los_certificate.py,
tests/gears/test_los_fast.py): small lattice polygons and wall sets with many collinear and
touching walls, where exact line-of-sight code goes wrong if it goes wrong at all."""
from __future__ import annotations

from hypothesis import strategies as st

from game.board.geometry import normalize_polygon
from tests.board import los_reference as ref

coord = st.integers(0, 8)
ipt = st.tuples(coord, coord)
_rect = st.tuples(coord, coord, st.integers(1, 4), st.integers(1, 4)).map(
    lambda t: ((t[0], t[1]), (t[0] + t[2], t[1]), (t[0] + t[2], t[1] + t[3]), (t[0], t[1] + t[3]))
)
_free = st.lists(ipt, min_size=3, max_size=6).filter(
    lambda raw: not ref.polygon_problems(normalize_polygon(raw))
).map(lambda raw: tuple((int(x), int(y)) for x, y in normalize_polygon(raw)))
polygon = st.one_of(_rect, _free)
# Walls on a line through the lattice (axis-parallel, many collinear and touching) plus free ones.
_axis_wall = st.tuples(coord, coord, coord, st.booleans()).map(
    lambda t: (((t[0], t[2]), (t[1], t[2])) if t[3] else ((t[2], t[0]), (t[2], t[1])))
)
walls_st = st.lists(st.one_of(_axis_wall, st.tuples(ipt, ipt)), max_size=9)
