"""game/board/checks.py: exact polygon helpers and the structural checks behind check-map
(docs/MAPS.md; gears 3.1/3.7 validation on save; doom 3.2 and 9.2 conventions)."""
from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import geometry
from game.board.checks import (
    check_board,
    point_in_polygon,
    polygon_problem,
)
from game.board.model import Area, CoverSpot, Segment, point
from game.board.tmx import load_board
from tests.board.conftest import DATA, MAPS


def sq(x0, y0, x1, y1):
    return (point(x0, y0), point(x1, y0), point(x1, y1), point(x0, y1))


def test_point_in_polygon_inside_boundary_outside():
    poly = sq(0, 0, 10, 10)
    assert point_in_polygon(point(5, 5), poly) == 1
    assert point_in_polygon(point(10, 5), poly) == 0
    assert point_in_polygon(point(0, 0), poly) == 0
    assert point_in_polygon(point(11, 5), poly) == -1


@settings(max_examples=60, deadline=None)
@given(st.integers(-3, 13), st.integers(-3, 13))
def test_point_in_polygon_agrees_with_geometry_module(x, y):
    """Our private helper and game/board/geometry.py's must agree (same exact semantics)."""
    poly = (point(0, 0), point(10, 0), point(10, 10), point(5, 4), point(0, 10))
    p = point(x, y)
    assert point_in_polygon(p, poly) == geometry.point_in_polygon(p, poly)


def test_polygon_problems():
    assert polygon_problem(sq(0, 0, 1, 1)) is None
    assert "needs at least 3" in polygon_problem((point(0, 0), point(1, 1)))
    assert "zero area" in polygon_problem((point(0, 0), point(1, 1), point(2, 2)))
    assert "self-intersecting" in polygon_problem((point(0, 0), point(4, 4), point(4, 0), point(0, 2)))
    assert "repeats a vertex" in polygon_problem((point(0, 0), point(4, 0), point(0, 0), point(0, 4)))


def test_outline_keeps_the_unshared_half_of_a_long_edge_gears_3_2():
    """The map edge blocks (gears 3.2); an edge half shared with a neighbour keeps its free half."""
    long_ = sq(0, 0, 20, 10)
    short = sq(0, 10, 10, 20)
    from game.board.model import Board

    board = Board("t", 2, 2, 10, 10, areas={"long": Area("long", 1, long_), "short": Area("short", 2, short)})
    outline = board.outline_segments()
    assert Segment(point(10, 10), point(20, 10)) in outline or Segment(point(20, 10), point(10, 10)) in outline
    assert not any({s.a, s.b} == {point(0, 10), point(10, 10)} for s in outline)
    total = sum(abs(s.b[0] - s.a[0]) + abs(s.b[1] - s.a[1]) for s in outline)
    assert total == 20 + 10 + 10 + 10 + 10 + 10 + 10


def test_shipped_maps_have_no_problems():
    for path in sorted(MAPS.rglob("*.tmx")):
        if path.stem.endswith("_layout"):
            continue  # boards only (a *_layout.tmx holds a table's zones)
        assert check_board(load_board(path)) == [], path


def test_cover_outside_its_area_and_overlapping_areas_are_caught_on_a_built_board():
    """gears 3.7: every cover point lies inside its area; areas do not overlap."""
    b = load_board(DATA / "good_tile.tmx")
    b.cover = (CoverSpot("stray", 40, point(200, 64), "a", (0,)),)
    b.areas["c"] = Area("c", 41, sq(64, 0, 192, 64))
    messages = [str(p) for p in check_board(b)]
    assert any("object stray (id 40): cover point (200,64) is not inside its area 'a'" in m for m in messages)
    assert any("object c (id 41): overlaps area" in m for m in messages)


def test_border_off_the_shared_edge_is_reported(write_map):
    """A border drawn a few pixels off joins nothing: reported rather than silently ignored."""
    layers = (
        ' <objectgroup id="2" name="areas">\n'
        '  <object id="1" name="a" x="0" y="0"><polygon points="0,0 128,0 128,128 0,128"/></object>\n'
        '  <object id="2" name="b" x="128" y="0"><polygon points="0,0 128,0 128,128 0,128"/></object>\n'
        " </objectgroup>\n"
        ' <objectgroup id="3" name="borders">\n'
        '  <object id="3" name="ab" x="130" y="0"><polyline points="0,0 0,128"/></object>\n'
        " </objectgroup>\n"
    )
    messages = [str(p) for p in check_board(load_board(write_map(layers)))]
    assert any("object ab (id 3): border segment (130,0)-(130,128) does not run between two areas" in m for m in messages)
    assert any("object b (id 2): cannot be reached by movement" in m for m in messages)


def test_doom_floor_square_outside_every_area_and_unreachable(write_map):
    """doom 9.2: squares outside every area are solid, so a painted square needs an area."""
    layers = (
        ' <objectgroup id="2" name="areas">\n'
        '  <object id="1" name="left" x="0" y="0" width="128" height="128">'
        '<properties><property name="start_zone" type="bool" value="true"/></properties></object>\n'
        " </objectgroup>\n"
        ' <objectgroup id="3" name="walls">\n'
        '  <object id="2" name="split" x="128" y="0"><polyline points="0,0 0,128"/></object>\n'
        " </objectgroup>\n"
    )
    messages = [str(p) for p in check_board(load_board(write_map(layers, title="doom")))]
    assert any("map: floor square 2,0 is in no area" in m for m in messages)
    assert any("cannot be reached from square 0,0 even with every door open (4 squares)" in m for m in messages)
