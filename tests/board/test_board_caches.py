"""Board.blocking_segments and Board.outline_segments are cached per board version (spec
gears-of-war.md 3.5: walls, closed doors and the map edge, seams included, block sight): the cached answers are
the ones computed afresh, for any closed doors, and a board changed in place (its doors,
lines or areas replaced, with or without a new version) is answered afresh."""
from __future__ import annotations

import random
from fractions import Fraction

from game.board.distance import outline_segments, piece_seams
from game.board.model import Door, Line
from tests.board.test_distance_fast import unshared_edges
from tests.board.test_incremental_graphs import level


def plain_blocking(board, closed=None):
    """What blocking_segments computes, read without Board's caches (the seams: game/board/
    distance.py's, checked against a reference in tests/board/test_piece_seams.py)."""
    doors = board.door_segments(closed)
    return board.wall_segments() + doors + outline_segments(board) + piece_seams(board)


def test_cached_blocking_segments_are_the_fresh_ones_on_random_levels_gears_3_5():
    rng = random.Random(5)
    for _ in range(4):
        for board in level(rng, 8)[1:]:
            doors = [d.name for d in board.doors]
            for closed in (None, [], rng.sample(doors, rng.randint(0, len(doors)))):
                got = board.blocking_segments(closed)
                assert got == plain_blocking(board, closed)
                assert board.blocking_segments(closed) is got  # cached
            assert board.outline_segments() == outline_segments(board)
            assert board.outline_segments() is board.outline_segments()


def test_blocking_segments_see_parts_replaced_in_place_gears_3_5():
    board = level(random.Random(9), 5)[-1]
    before = board.blocking_segments()
    a, b = (Fraction(0), Fraction(0)), (Fraction(64), Fraction(0))
    # A wall added without a new version: the cache compares the lines by identity.
    board.lines = board.lines + (Line("wall", "new wall", 990, (a, b)),)
    after = board.blocking_segments()
    assert after != before and after == plain_blocking(board)
    # A closed door added with a new version.
    board.doors = board.doors + (Door("new door", 991, (a, b), True),)
    board.version += 1
    assert board.blocking_segments() == plain_blocking(board)
    assert board.blocking_segments([]) == plain_blocking(board, [])
    # Areas replaced: the map edge follows.
    first = next(iter(board.areas))
    board.areas = {n: x for n, x in board.areas.items() if n != first}
    assert board.outline_segments() == outline_segments(board)
    assert board.blocking_segments() == plain_blocking(board)


def test_outline_segments_equal_the_fraction_reference_on_levels_gears_3_2_3_5():
    rng = random.Random(21)
    for _ in range(3):
        for board in level(rng, 10, rng.choice([0, 90, 180, 270]), apart=0.3):
            assert list(board.outline_segments()) == unshared_edges([a.polygon for a in board.areas.values()])
