"""compose.py's fast paths give the straightforward answers (spec gears-of-war.md 3.4: a tile
laid entrance on exit, an overlapping tile means 'rebuild'; 3.7: the entrance lies on the exit).

The references below are the plain versions kept here, not in the product: every pair of
areas tested with polygons_overlap, every area of the placed piece transformed to find the
side of the exit it lies on. Random compositions of the shipped tiles (maps/gears/tiles)."""
from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.checks import bbox, line_param, orient, polygons_overlap
from game.board.compose import (
    CompositionError,
    OverlapError,
    Placement,
    add_piece,
    compose,
    free_exits,
    overlapping_pieces,
    place_at_exit,
    transform_board,
)
from game.board.tmx import load_board
from tests.board.conftest import MAPS

TILES = {p.stem: load_board(p) for p in sorted((MAPS / "gears" / "tiles").glob("*.tmx"))}
NAMES = sorted(TILES)


def _touches(poly, a, b) -> bool:
    t = line_param(a, b)
    lo, hi = sorted((t(a), t(b)))
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        if orient(a, b, p) == 0 and orient(a, b, q) == 0:
            a0, a1 = sorted((t(p), t(q)))
            if max(lo, a0) < min(hi, a1):
                return True
    return False


def reference_place_at_exit(board, exit_name, piece, name) -> Placement:
    """The placement found by transforming every area for every rotation (gears 3.4 / 3.7)."""
    exit_ = next(c for c in board.connectors if c.name == exit_name)
    entrance = piece.connectors_of("entrance")[0]
    xa, xb = exit_.segment.a, exit_.segment.b
    inside = 0
    for area in board.areas.values():
        if area.piece == exit_.piece and _touches(area.polygon, xa, xb):
            inside = next(s for s in (orient(xa, xb, v) for v in area.polygon) if s != 0)
            break
    for rotation in (0, 90, 180, 270):
        trial = Placement(piece, name, (F(0), F(0)), rotation)
        ea, eb = trial.map_point(entrance.segment.a), trial.map_point(entrance.segment.b)
        if orient(xa, xb, (xa[0] + eb[0] - ea[0], xa[1] + eb[1] - ea[1])) != 0:
            continue
        offset = ((xa[0] + xb[0]) / 2 - (ea[0] + eb[0]) / 2, (xa[1] + xb[1]) / 2 - (ea[1] + eb[1]) / 2)
        placed = Placement(piece, name, offset, rotation)
        far = 0
        for area in piece.areas.values():
            poly = tuple(placed.map_point(v) for v in area.polygon)
            if _touches(poly, xa, xb):
                far = next(s for s in (orient(xa, xb, v) for v in poly) if s != 0)
                break
        if far != 0 and far != inside:
            return placed
    raise AssertionError("no rotation")


def reference_hits(board, new) -> list[str]:
    hit: dict[str, None] = {}
    for a in board.areas.values():
        if any(polygons_overlap(a.polygon, b.polygon) for b in new.areas.values()):
            hit.setdefault(a.piece, None)
    return list(hit)


@settings(max_examples=12, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(NAMES) - 1), st.integers(0, 3)), min_size=1, max_size=6),
       st.integers(0, len(NAMES) - 1))
def test_chains_of_shipped_tiles_place_and_overlap_as_the_reference_gears_3_4(steps, first):
    """gears 3.4 / 3.7: same placement, same overlap verdict (and pieces named), same boxes."""
    board = compose([Placement(TILES[NAMES[first]], "P0")], "chain")
    for k, (tile, exit_pick) in enumerate(steps, start=1):
        exits = free_exits(board)
        if not exits:
            break
        x = exits[exit_pick % len(exits)]
        piece, name = TILES[NAMES[tile]], f"P{k}"
        try:
            placement = place_at_exit(board, x.name, piece, name)
        except CompositionError:
            continue  # e.g. no rotation fits; the reference must fail the same way
        assert placement == reference_place_at_exit(board, x.name, piece, name)
        expected = reference_hits(board, transform_board(placement))
        try:
            bigger = add_piece(board, placement)
        except OverlapError as exc:
            assert [a for a, _ in exc.pairs] == expected and expected
            continue
        assert expected == []
        # The cached boxes are the areas' own bounding boxes, in the board's coordinates.
        assert bigger._cache[("area_boxes", bigger.version)] == {n: bbox(a.polygon) for n, a in bigger.areas.items()}
        assert list(bigger._cache[("area_boxes", bigger.version)]) == list(bigger.areas)
        board = bigger


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(NAMES) - 1), st.integers(-12, 12), st.integers(-6, 6),
                          st.sampled_from([0, 90, 180, 270]), st.booleans(), st.sampled_from([1, 2, 3])),
                min_size=2, max_size=4))
def test_overlapping_pieces_is_every_pair_tested_gears_3_4(specs):
    """Any offsets (fractions of a pixel too), turns and flips: the overlapping pairs are the
    pairs with some two areas overlapping (gears 3.4 'impossible placement')."""
    placed = [
        transform_board(Placement(TILES[NAMES[t]], f"P{i}", (F(dx * 64, den), F(dy * 64, den)), rot, flip))
        for i, (t, dx, dy, rot, flip, den) in enumerate(specs)
    ]
    expected = [
        (f"P{i}", f"P{j}")
        for i, a in enumerate(placed)
        for j, b in enumerate(placed)
        if i < j and any(polygons_overlap(x.polygon, y.polygon) for x in a.areas.values() for y in b.areas.values())
    ]
    assert overlapping_pieces(placed) == expected
