"""Gears spec 3.4 / 3.7 (tiles laid entrance on exit, turned and flipped): compose.py's
whole-number fast paths (the integer affine Placement.mapper, the shared Fraction instances,
_area_touches and _side_of_board on ints, the entrance areas cached per tile face) give exactly
what the Fraction steps give, on all 34 real tile faces in every rotation and flip."""
from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import compose as C
from game.board.checks import line_param, orient
from game.board.model import Segment
from game.board.tmx import load_board

TILES = sorted((Path(__file__).resolve().parents[2] / "maps" / "gears" / "tiles").glob("*.tmx"))


@pytest.fixture(scope="module")
def faces():
    out = {p.stem: load_board(p) for p in TILES}
    assert len(out) == 34
    return out


def _points(board):
    for a in board.areas.values():
        yield from a.polygon
    for x in board.lines + board.doors:
        yield from x.points
    for c in board.cover:
        yield c.point
    for m in board.markers:
        yield m.point
    for c in board.connectors:
        yield from c.segment


OFFSETS = [(F(0), F(0)), (F(-640), F(1280)), (F(1, 2), F(3)), (F(7, 3), F(-5, 2))]


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_mapper_equals_map_point_for_every_turn_and_flip_spec_3_4(faces, rotation):
    """Spec 3.4: every point of every face, every flip, whole and fractional offsets."""
    for name, face in faces.items():
        for flip_h in (False, True):
            for flip_v in (False, True):
                for off in OFFSETS:
                    pl = C.Placement(face, name, off, rotation, flip_h, flip_v)
                    mp = pl.mapper()
                    for q in list(_points(face)) + [(F(1, 3), F(5)), (F(2), F(-7, 4))]:
                        got, want = mp(q), pl.map_point(q)
                        assert got == want and all(isinstance(v, F) for v in got), (name, q)


def _reference_transform(pl: C.Placement):
    """The placed piece's geometry by map_point alone (what transform_board did before)."""
    b = pl.piece
    return (
        {f"{pl.name}:{a.name}": tuple(pl.map_point(q) for q in a.polygon) for a in b.areas.values()},
        tuple(tuple(pl.map_point(q) for q in x.points) for x in b.lines),
        tuple((pl.map_point(c.point), tuple(pl.map_angle(a) for a in c.arrows)) for c in b.cover),
        tuple(pl.map_point(m.point) for m in b.markers),
        tuple((pl.map_point(c.segment.a), pl.map_point(c.segment.b)) for c in b.connectors),
    )


def test_transform_board_equals_reference_spec_3_4(faces):
    """Spec 3.4 / 3.7: transform_board on the fast path moves every object as map_point does."""
    for name, face in faces.items():
        for rotation in (0, 90, 180, 270):
            for flip_h, off in ((False, (F(1280), F(-640))), (True, (F(3, 2), F(0)))):
                pl = C.Placement(face, name, off, rotation, flip_h, False)
                t = C.transform_board(pl)
                areas, lines, cover, markers, conns = _reference_transform(pl)
                assert {n: a.polygon for n, a in t.areas.items()} == areas
                assert tuple(x.points for x in t.lines) == lines
                assert tuple((c.point, c.arrows) for c in t.cover) == cover
                assert tuple(m.point for m in t.markers) == markers
                assert tuple((c.segment.a, c.segment.b) for c in t.connectors) == conns


def _fraction_area_touches(poly, s: Segment) -> bool:
    t = line_param(s.a, s.b)
    lo, hi = sorted((t(s.a), t(s.b)))
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        if orient(s.a, s.b, p) == 0 and orient(s.a, s.b, q) == 0:
            a0, a1 = sorted((t(p), t(q)))
            if max(lo, a0) < min(hi, a1):
                return True
    return False


def test_area_touches_on_ints_equals_fractions_spec_3_7(faces):
    """Spec 3.7: which areas run along a connector, for every area x connector of every face."""
    seen = 0
    for face in faces.values():
        for c in face.connectors:
            for a in face.areas.values():
                want = _fraction_area_touches(a.polygon, c.segment)
                assert C._area_touches(a.polygon, c.segment) == want
                seen += want
    assert seen >= 34


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(-4, 4), st.integers(-4, 4)), min_size=3, max_size=6),
       st.tuples(st.integers(-4, 4), st.integers(-4, 4)), st.tuples(st.integers(-4, 4), st.integers(-4, 4)),
       st.integers(1, 2))
def test_area_touches_random_spec_3_7(poly, a, b, den):
    """Spec 3.7: the int path and the Fraction path agree (den 2: the Fraction path is taken)."""
    if a == b:
        return
    fpoly = [(F(x, den), F(y, den)) for x, y in poly]
    seg = Segment((F(a[0]), F(a[1])), (F(b[0]), F(b[1])))
    assert C._area_touches(fpoly, seg) == _fraction_area_touches(fpoly, seg)


def test_levels_laid_with_fast_paths_equal_fraction_replay_spec_3_4(faces):
    """Spec 3.4: tiles laid exit to entrance (place_at_exit + add_piece) give the boards the
    plain map_point placement gives, piece by piece."""
    order = sorted(faces)
    laid = 0
    for start in range(0, 34, 5):
        names = order[start:start + 5]
        board = C.compose([C.Placement(faces[names[0]], names[0])], "level")
        for name in names[1:]:
            free = [e for e in C.free_exits(board)]
            if not free:
                break
            try:
                pl = C.place_at_exit(board, free[0].name, faces[name], name)
                new = C.add_piece(board, pl)
            except C.CompositionError:
                continue
            areas, *_ = _reference_transform(pl)
            shift = _shift_of(board, new)
            for n, poly in areas.items():
                assert new.areas[n].polygon == tuple((x + shift[0], y + shift[1]) for x, y in poly)
            board = new
            laid += 1
    assert laid >= 10


def _shift_of(old, new):
    """The whole-tile shift _merge applied (the first area of the old board moved by it)."""
    n = next(iter(old.areas))
    a, b = old.areas[n].polygon[0], new.areas[n].polygon[0]
    return (b[0] - a[0], b[1] - a[1])


@pytest.mark.parametrize("d", [(F(640), F(-1280)), (F(0), F(128)), (F(1, 2), F(-3))])
def test_shift_moves_every_point_exactly_spec_3_4(faces, d):
    """Spec 3.4 (the composed map is shifted by whole tiles to stay right of / below the
    origin): _shift's whole-number path moves every point by exactly d, fractional points too."""
    from dataclasses import replace

    face = faces["3B"]
    odd = replace(face, areas={**face.areas, "odd": replace(next(iter(face.areas.values())), name="odd",
                                                              polygon=((F(1, 3), F(0)), (F(5), F(1, 2)), (F(2), F(7))))})
    moved = C._shift(odd, d)
    assert list(_points(moved)) == [(x + d[0], y + d[1]) for x, y in _points(odd)]
    assert all(isinstance(v, F) for q in _points(moved) for v in q)
