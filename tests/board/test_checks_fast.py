"""check-map's area checks on integers give exactly the Fraction answers (docs/MAPS.md "Rules of
the layers"; gears-of-war.md 3.1: one entrance, an exit and an emergence hole per tile; 3.2:
borders run between two areas, areas do not overlap).

tests/board/checks_reference.py keeps the Fraction version. The product must return the same
problems, in the same order with the same messages, on random compositions of the shipped tiles
and on the same boards broken at random: a vertex moved by a fraction (overlaps,
self-intersections, fold-backs, zero area), borders and level lines drawn off by a fraction or
along walls, cover points moved, connectors moved off the edge.
"""
from __future__ import annotations

import dataclasses
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.checks import check_board, polygon_problem
from game.board.compose import CompositionError, Placement, add_piece, compose, free_exits, place_at_exit
from game.board.model import Board, Line, Segment
from game.board.tmx import load_board
from tests.board import checks_reference as ref
from tests.board.conftest import MAPS

TILES = {p.stem: load_board(p) for p in sorted((MAPS / "gears" / "tiles").glob("*.tmx"))}
NAMES = sorted(TILES)
frac = st.sampled_from([Fraction(0), Fraction(1, 3), Fraction(-1, 2), Fraction(7, 5), Fraction(-64), Fraction(120)])


def chain(steps) -> Board:
    board = compose([Placement(TILES[NAMES[steps[0][0]]], NAMES[steps[0][0]])], "chain")
    for index, pick in steps[1:]:
        exits = free_exits(board)
        if not exits:
            break
        name = NAMES[index]
        try:
            board = add_piece(board, place_at_exit(board, exits[pick % len(exits)].name, TILES[name], name))
        except CompositionError:
            continue
    return board


def same(board: Board) -> None:
    """The same problems in the same order; where the reference cannot cope (a polygon that
    repeats a vertex consecutively: it keys the zero-length edge and divides by zero), the
    product reports the repeated vertex instead of failing."""
    board._cache.clear()
    got = check_board(board)
    board._cache.clear()
    try:
        expected = ref._check_areas(board)
    except ZeroDivisionError:
        assert any("repeats a vertex" in p.message for p in got), got
        return
    assert got == expected


@settings(max_examples=12, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(NAMES) - 1), st.integers(0, 3)), min_size=1, max_size=5))
def test_tile_chains_give_the_reference_problems_gears_3_1(steps):
    same(chain(steps))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(NAMES) - 1), st.data())
def test_broken_tiles_give_the_reference_problems_gears_3_2(index, data):
    board = TILES[NAMES[index]]
    areas = dict(board.areas)
    lines = list(board.lines)
    cover = list(board.cover)
    connectors = list(board.connectors)
    for _ in range(data.draw(st.integers(1, 4))):
        what = data.draw(st.sampled_from(["vertex", "line", "cover", "connector", "wall_border"]))
        if what == "vertex":
            name = data.draw(st.sampled_from(sorted(areas)))
            poly = list(areas[name].polygon)
            k = data.draw(st.integers(0, len(poly) - 1))
            if data.draw(st.booleans()):
                poly[k] = poly[data.draw(st.integers(0, len(poly) - 1))]  # repeats, folds, zero area
            else:
                poly[k] = (poly[k][0] + data.draw(frac), poly[k][1] + data.draw(frac))
            areas[name] = dataclasses.replace(areas[name], polygon=tuple(poly))
        elif what == "line" and lines:
            k = data.draw(st.integers(0, len(lines) - 1))
            pts = list(lines[k].points)
            j = data.draw(st.integers(0, len(pts) - 1))
            pts[j] = (pts[j][0] + data.draw(frac), pts[j][1] + data.draw(frac))
            kind = data.draw(st.sampled_from(["border", "level_line", lines[k].kind]))
            lines[k] = dataclasses.replace(lines[k], points=tuple(pts), kind=kind)
        elif what == "cover" and cover:
            k = data.draw(st.integers(0, len(cover) - 1))
            p = cover[k].point
            cover[k] = dataclasses.replace(cover[k], point=(p[0] + data.draw(frac), p[1] + data.draw(frac)))
        elif what == "connector" and connectors:
            k = data.draw(st.integers(0, len(connectors) - 1))
            s = connectors[k].segment
            d = data.draw(frac)
            connectors[k] = dataclasses.replace(connectors[k], segment=Segment((s.a[0] + d, s.a[1]), (s.b[0] + d, s.b[1])))
        else:
            walls = board.wall_segments()
            if walls:
                w = data.draw(st.sampled_from(walls))
                lines.append(Line("border", "on_wall", 9999, (w.a, w.b)))
    broken = dataclasses.replace(board, areas=areas, lines=tuple(lines), cover=tuple(cover),
                                 connectors=tuple(connectors))
    same(broken)


coord = st.integers(0, 6).map(lambda v: Fraction(v, 2))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(coord, coord), min_size=0, max_size=6))
def test_polygon_problem_equals_the_reference(poly):
    """Same verdict and message: too few points, repeats, zero area, fold-backs, crossings."""
    assert polygon_problem(poly) == ref.polygon_problem(poly)
    ints = [(int(2 * x), int(2 * y)) for x, y in poly]
    assert polygon_problem(ints) == ref.polygon_problem(ints)


def test_a_repeated_vertex_is_reported_not_a_crash():
    """Bad input gets a clear message (a hand-edited or built board can repeat a vertex; the
    loader strips repeats from files): check_board names it instead of dividing by zero."""
    from game.board.model import Area, point

    square = (point(0, 0), point(64, 0), point(64, 64), point(64, 64), point(0, 64))
    other = (point(64, 0), point(128, 0), point(128, 64), point(64, 64))
    board = Board("hand-made", 2, 1, 64, 64, {"title": "gears"},
                  areas={"a": Area("a", 1, square), "b": Area("b", 2, other)})
    problems = check_board(board)
    assert any(p.what == "object a (id 1)" and "repeats a vertex" in p.message for p in problems), problems
