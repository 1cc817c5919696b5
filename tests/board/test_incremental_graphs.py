"""Area graphs of composed boards read from their faces (game/board/distance.py `_pieces_graph`:
the faces' graphs plus rules (a)/(b) at the pieces' outlines plus rule (c)) against the full
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
from game.board import distance as D
from game.board.distance import _COMPOSITION, _PASSABLE, MOVEMENT, RANGE, _area_graph, _pieces_graph, area_graph
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


def fast(board: Board, kind: str, closed=None):
    return _pieces_graph(board, kind, board.closed_door_names(closed))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 12))
def test_the_pieces_path_applies_to_every_board_of_a_level_and_equals_the_full_graph_gears_3_2_3_6_3_7(seed, size):
    """Every board laid piece by piece (whole levels at once, Scattered sections apart) takes the
    fast path, with the doors as the map starts, all open, or a random set closed (rule (c))."""
    rng = random.Random(seed)
    boards = level(rng, size, rng.choice([0, 90, 180, 270]), apart=rng.choice([0.0, 0.3]))
    for board in rng.sample(boards, min(4, len(boards))) + [boards[-1]]:
        doors = [d.name for d in board.doors]
        for closed in (None, [], rng.sample(doors, rng.randint(0, len(doors)))):
            for kind in (MOVEMENT, RANGE):
                got = fast(board, kind, closed)
                assert got is not None, board.pieces()
                assert got == full(board, kind, closed), (kind, closed, board.pieces())
                assert list(got) == list(board.areas)


def test_every_shipped_face_has_an_outline_table_gears_3_2():
    """The fast path's precondition (passable lines run along the face's own areas) holds for
    every shipped face, so it is never silently skipped in play."""
    for name, face in TILES.items():
        assert D._face_outline(face) is not None, name


def grid_face(rng: random.Random, k: int = 2) -> Board:
    """A made-up face of k x k square areas (one corner square left out at random) with cracked
    borders and level lines on random unit edges, those of its outline included: unlike the
    shipped faces, pieces laid against each other then join across their outlines by rules (a)
    and (b), so those parts of the fast path are exercised."""
    from game.board.model import Area, Line

    t = 64
    cells = [(i, j) for i in range(k) for j in range(k)]
    if rng.random() < 0.5:
        cells.remove(rng.choice([(0, 0), (k - 1, k - 1)]))
    F = lambda v: Fraction(v * t)  # noqa: E731
    areas = {f"a{i}{j}": Area(f"a{i}{j}", 1, ((F(i), F(j)), (F(i + 1), F(j)), (F(i + 1), F(j + 1)), (F(i), F(j + 1))))
             for i, j in cells}
    edges = {((i, j), (i + 1, j)) for i, j in cells} | {((i, j + 1), (i + 1, j + 1)) for i, j in cells}
    edges |= {((i, j), (i, j + 1)) for i, j in cells} | {((i + 1, j), (i + 1, j + 1)) for i, j in cells}
    lines = tuple(Line(rng.choice(["border", "border", "level_line"]), f"l{n}", 100 + n, ((F(a[0]), F(a[1])), (F(b[0]), F(b[1]))))
                  for n, (a, b) in enumerate(sorted(edges)) if rng.random() < 0.6)
    return Board("grid face", k, k, t, t, areas=areas, lines=lines)


def grid_level(rng: random.Random, size: int) -> list[Board]:
    """Made-up faces laid against the board at random whole-tile offsets, turned and flipped."""
    boards = [compose([Placement(grid_face(rng), "P0", rotation=rng.choice([0, 90, 180, 270]))], "grid level")]
    n = 1
    while len(boards) < size and n < 4 * size:
        prev = boards[-1]
        place = Placement(grid_face(rng), f"P{n}", (Fraction(64 * rng.randint(-2, prev.width)), Fraction(64 * rng.randint(-2, prev.height))),
                          rng.choice([0, 90, 180, 270]), rng.random() < 0.3, rng.random() < 0.3)
        n += 1
        try:
            boards.append(add_piece(prev, place))
        except CompositionError:
            continue
    return boards


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 9))
def test_pieces_joined_by_borders_along_their_outlines_give_the_full_graphs_gears_3_2_3_6(seed, size):
    """Rules (a) and (b) across pieces (cracked borders and level lines on the pieces' outlines,
    corners where pieces meet) on made-up faces: the fast path equals the full computation."""
    rng = random.Random(seed)
    for board in grid_level(rng, size):
        for kind in (MOVEMENT, RANGE):
            got = fast(board, kind)
            assert got is not None
            assert got == full(board, kind), (kind, board.pieces())


def test_a_fast_path_missing_outline_corners_or_edges_is_caught_gears_3_2_3_6(monkeypatch):
    """The comparisons above can fail: with the faces' outline vertices (rule (b)) or edges
    (rule (a)) left out of the tables, boards of made-up levels get other graphs than the full
    computation (the shipped faces meet only at their entrance/exit pairs, rule (c))."""
    real = D._build_face_outline

    def wrong_graphs(drop: int) -> int:
        def broken(face):
            got = real(face)
            return got if got is None else tuple({} if i == drop else t for i, t in enumerate(got))

        monkeypatch.setattr(D, "_build_face_outline", broken)
        wrong = 0
        for seed in range(15):
            for board in grid_level(random.Random(700 + seed), 6):
                for kind in (MOVEMENT, RANGE):
                    got = fast(board, kind)
                    wrong += got is not None and got != full(board, kind)
        return wrong

    assert wrong_graphs(0) > 0  # no outline vertices: corner contacts between pieces are missed
    assert wrong_graphs(1) > 0  # no outline edges: borders along two pieces' edges are missed


def test_a_face_with_a_passable_line_off_its_areas_is_not_read_piecewise_gears_3_2():
    """A border of a face that does not run along its own areas' edges could join areas of
    another piece anywhere: such a face gets no outline table, its boards the full graph."""
    import dataclasses

    from game.board.model import Line

    name = NAMES[0]
    face = dataclasses.replace(TILES[name])
    (x0, y0), (x1, y1) = ((0, 0), (face.tile_width, face.tile_width))
    face.lines = face.lines + (Line("border", "stray", 999, ((Fraction(x0), Fraction(y0)), (Fraction(x1), Fraction(y1)))),)
    assert D._face_outline(face) is None
    board = compose([Placement(face, name)], "one")
    for kind in (MOVEMENT, RANGE):
        assert fast(board, kind) is None
        assert dict(area_graph(board, kind)) == full(board, kind)
