"""Incremental area graphs (game/board/distance.py `_incremental_graph`) against the full
computation (`_area_graph`), spec gears-of-war.md 3.2 (movement: cracked borders, corners
count), 3.6 (range: level lines count too), 3.7 (joined entrance/exit pairs, closed doors).

Levels are laid the way play lays them (spec 3.4, game/gears/rules/explore.py via
board_view._next_board): a first face composed alone, then faces added one by one on a free
exit with compose.add_piece(prev, place_at_exit(...)), every one of the 34 shipped faces, all
four rotations of the first tile, and Scattered-style faces laid apart (no exit). Each board's
graphs are asked in play order (prefix boards first, so the incremental path runs), then
compared with the full computation on the same board."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.compose import CompositionError, Placement, add_piece, compose, free_exits, place_at_exit
from game.board.distance import _COMPOSITION, _PASSABLE, MOVEMENT, RANGE, _area_graph, area_graph
from game.board.model import Board, Connector, Segment
from game.board.tmx import load_board
from tests.board.conftest import MAPS

TILES = {p.stem: load_board(p) for p in sorted((MAPS / "gears" / "tiles").glob("*.tmx"))}
NAMES = sorted(TILES)


def full(board: Board, kind: str, closed=None) -> dict[str, frozenset[str]]:
    return _area_graph(board, _PASSABLE[kind], board.closed_door_names(closed))


def level(rng: random.Random, size: int, rotation: int = 0, apart: float = 0.0) -> list[Board]:
    """The boards of one random level: each one the previous plus one face (like _next_board)."""
    names = rng.sample(NAMES, len(NAMES))
    first = names.pop()
    boards = [compose([Placement(TILES[first], first, rotation=rotation)], "level")]
    while names and len(boards) < size:
        tile = names.pop()
        prev = boards[-1]
        exits = free_exits(prev)
        try:
            if exits and rng.random() >= apart:
                placement = place_at_exit(prev, rng.choice(exits).name, TILES[tile], tile)
            else:  # a new map section, apart from the rest (spec 9.2.5)
                x = Fraction((prev.width + rng.choice([0, 14])) * prev.tile_width)
                placement = Placement(TILES[tile], tile, (x, Fraction(rng.choice([0, 64]))), rng.choice([0, 90, 180, 270]))
            boards.append(add_piece(prev, placement))
        except CompositionError:
            continue
    return boards


def check_level(boards: list[Board]) -> None:
    for board in boards:  # play order: each prefix's graphs exist when the next is asked
        assert board._cache.get(_COMPOSITION) is not None
        for kind in (MOVEMENT, RANGE):
            assert dict(area_graph(board, kind)) == full(board, kind), (kind, board.pieces())
            assert list(area_graph(board, kind)) == list(board.areas)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 12), st.sampled_from([0, 90, 180, 270]))
def test_incremental_graphs_equal_the_full_graphs_on_random_levels_gears_3_2_3_6_3_7(seed, size, rotation):
    check_level(level(random.Random(seed), size, rotation))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(3, 14))
def test_graphs_asked_only_of_some_boards_add_several_pieces_at_once_gears_3_2_3_6_3_7(seed, size):
    """Play asks the graphs of a level's last board only (the boards in between serve to find
    free exits): the graph is then derived from the last board asked, several pieces on."""
    rng = random.Random(seed)
    boards = level(rng, size, rng.choice([0, 90, 180, 270]), apart=rng.choice([0.0, 0.2]))
    asked = [b for b in boards if rng.random() < 0.3] + [boards[-1]]
    for board in asked:
        for kind in rng.sample([MOVEMENT, RANGE], 2):
            assert dict(area_graph(board, kind)) == full(board, kind), (kind, board.pieces())
    assert all(b._cache.get(("area_graph", MOVEMENT, b.version, b.closed_door_names(None))) is None
               for b in boards[1:] if b not in asked)  # boards not asked were not computed


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_pieces_laid_apart_or_touching_anywhere_give_the_full_graphs_gears_3_2_9_2_5(seed):
    """Faces placed without an exit (Scattered sections), some right against the board."""
    check_level(level(random.Random(seed), 8, apart=0.5))


def test_every_face_in_every_rotation_is_its_own_graph_renamed_gears_3_2_3_6():
    for name in NAMES:
        for rotation in (0, 90, 180, 270):
            board = compose([Placement(TILES[name], name, rotation=rotation)], "one")
            for kind in (MOVEMENT, RANGE):
                assert dict(area_graph(board, kind)) == full(board, kind)


def test_a_file_board_wrapped_by_add_piece_uses_its_face_graph_gears_3_4():
    rng = random.Random(7)
    for _ in range(20):
        first, tile = rng.sample(NAMES, 2)
        face = TILES[first]
        exit_ = face.connectors_of("exit")[0].name
        try:
            two = add_piece(face, place_at_exit(face, exit_, TILES[tile], tile))
        except CompositionError:
            continue
        for kind in (MOVEMENT, RANGE):
            assert dict(area_graph(two, kind)) == full(two, kind)


def test_closed_doors_and_changed_boards_take_the_full_computation_gears_3_7():
    """Other closed doors than the starting state, or a board changed after composing (its
    version bumped, connectors replaced), are not derived from the previous board."""
    boards = level(random.Random(3), 6)
    board = boards[-1]
    x, e = board.joined_connectors()[-1]
    # A closed door lying on the last joined pair cuts that join (spec 3.7).
    from game.board.model import Door

    board.doors = board.doors + (Door("cut", 999, (x.segment.a, x.segment.b), True, piece=x.piece),)
    board.version += 1
    for kind in (MOVEMENT, RANGE):
        got = area_graph(board, kind)
        assert dict(got) == full(board, kind)
        assert dict(area_graph(board, kind, ["cut"])) == full(board, kind, ["cut"])
        assert dict(area_graph(board, kind, [])) == full(board, kind, [])


def test_joined_connectors_is_cached_per_connectors_tuple_and_same_as_the_pair_loop_gears_3_7():
    boards = level(random.Random(11), 9)
    for board in boards:
        exits = board.connectors_of("exit") + board.connectors_of("connector")
        entrances = board.connectors_of("entrance") + board.connectors_of("connector")
        expected = []
        for x in exits:
            for e in entrances:
                if x is not e and x.piece != e.piece and {x.segment.a, x.segment.b} == {e.segment.a, e.segment.b}:
                    if (e, x) not in expected:
                        expected.append((x, e))
        got = board.joined_connectors()
        assert got == tuple(expected)
        assert all(a is b and c is d for (a, c), (b, d) in zip(got, expected))
        assert board.joined_connectors() is got  # cached
    # Replacing the connectors is seen: a 'connector' pair both ways is listed once.
    a, b = (Fraction(0), Fraction(0)), (Fraction(64), Fraction(0))
    board = boards[0]
    board.connectors = (Connector("connector", "p", 1, Segment(a, b), "P"), Connector("connector", "q", 2, Segment(b, a), "Q"))
    assert [(x.name, e.name) for x, e in board.joined_connectors()] == [("p", "q")]


@pytest.mark.parametrize("size", [15])
def test_a_long_level_with_all_faces_gears_3_4(size):
    for seed in range(6):
        check_level(level(random.Random(1000 + seed), size))


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_integer_geometry_of_an_added_piece_is_the_fresh_one_gears_3_2(seed):
    """distance._IntGeometry of board + piece, derived from the previous board's (moved by the
    whole-tile shift compose applies), has the tables a fresh build gives (scale, polygons,
    boxes, buckets in board order), so area_at and the graphs read the same geometry."""
    from game.board.distance import _IntGeometry, _int_geometry

    rng = random.Random(seed)
    boards = level(rng, 12, rng.choice([0, 90, 180, 270]), apart=0.2)
    for b in boards:
        b._cache.pop(("int_geometry", b.version), None)
    for b in boards:
        got, fresh = _int_geometry(b), _IntGeometry(b)
        assert (got.scale, got.cell) == (fresh.scale, fresh.cell)
        assert got.polys == fresh.polys and list(got.polys) == list(fresh.polys)
        assert got.boxes == fresh.boxes
        assert got.buckets == fresh.buckets
