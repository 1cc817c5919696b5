"""game/board/distance.py: movement and range distance as the specs define them.

Gears: spec gears-of-war.md 3.2 (border table, corners count), 3.6 (range = movement + level
lines), 3.7 (derived adjacency, across tiles). Doom: doom.md 3.5, 3.6 (king moves, diagonal past
wall corners), 3.8 (Chebyshev / path counts).
"""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from game.board.compose import Placement, add_piece, compose, place_at_exit
from game.board.distance import (
    chebyshev,
    distances_from,
    movement_distance,
    range_distance,
    step_allowed,
)
from game.board.model import Area, Board, Connector, Door, Grid, Line, Segment, point
from game.board.tmx import load_board
from tests.board.conftest import MAPS


def sq(x0, y0, x1, y1):
    return (point(x0, y0), point(x1, y0), point(x1, y1), point(x0, y1))


def board(areas: dict, lines=(), doors=(), connectors=()) -> Board:
    return Board(
        source="test",
        width=4,
        height=4,
        tile_width=64,
        tile_height=64,
        areas={n: Area(n, i + 1, p) for i, (n, p) in enumerate(areas.items())},
        lines=tuple(Line(kind, f"{kind}{i}", 100 + i, tuple(point(*q) for q in pts)) for i, (kind, pts) in enumerate(lines)),
        doors=tuple(doors),
        connectors=tuple(connectors),
    )


# A 2x2 cross of areas meeting at (100,100): nw ne / sw se.
CROSS = {"nw": sq(0, 0, 100, 100), "ne": sq(100, 0, 200, 100), "sw": sq(0, 100, 100, 200), "se": sq(100, 100, 200, 200)}


def test_corner_contact_of_cracked_borders_makes_areas_adjacent_gears_3_2():
    """gears 3.2 (FAQ v1.1): two areas touching only at the corner of a cracked border are adjacent."""
    b = board(CROSS, [("border", [(100, 0), (100, 200)]), ("border", [(0, 100), (200, 100)])])
    assert movement_distance(b, "nw", "se") == 1
    assert movement_distance(b, "ne", "sw") == 1


def test_corner_contact_counts_when_borders_are_drawn_as_four_stubs_gears_3_2():
    b = board(
        CROSS,
        [
            ("border", [(100, 100), (100, 0)]),
            ("border", [(100, 100), (200, 100)]),
            ("border", [(100, 100), (100, 200)]),
            ("border", [(100, 100), (0, 100)]),
        ],
    )
    assert movement_distance(b, "nw", "se") == 1


def test_cover_graphic_boundaries_do_not_join_diagonal_areas_gears_3_2_tile_4B():
    """gears 3.2 (FAQ, tile 4B): areas meeting only along cover graphics (no cracked line) are
    not adjacent; here only the north-south borders are cracked, the east-west line is cover."""
    b = board(CROSS, [("border", [(100, 0), (100, 200)])])
    assert movement_distance(b, "nw", "ne") == 1
    assert movement_distance(b, "nw", "sw") is None
    assert movement_distance(b, "nw", "se") is None


def test_a_wall_met_both_ways_round_a_corner_keeps_areas_apart_gears_3_2():
    """Around the shared point, every way from nw to se crosses a wall: no corner adjacency."""
    b = board(
        CROSS,
        [
            ("border", [(100, 0), (100, 100)]),
            ("wall", [(100, 100), (200, 100)]),
            ("border", [(100, 100), (100, 200)]),
            ("wall", [(0, 100), (100, 100)]),
        ],
    )
    assert movement_distance(b, "nw", "ne") == 1
    assert movement_distance(b, "nw", "se") is None
    assert range_distance(b, "nw", "se") is None


def test_level_lines_block_movement_but_count_for_range_gears_3_6():
    """gears 3.2 table / 3.6: a level line is impassable for movement, 1 step for range."""
    b = board(
        {"low": sq(0, 0, 100, 100), "high": sq(100, 0, 200, 100), "stairs": sq(0, 100, 200, 200)},
        [("level_line", [(100, 0), (100, 100)]), ("border", [(0, 100), (200, 100)])],
    )
    assert movement_distance(b, "low", "high") == 2  # down the stairs and up again
    assert range_distance(b, "low", "high") == 1
    assert b.movement_graph()["low"] == {"stairs"}
    assert b.range_graph()["low"] == {"stairs", "high"}


def test_level_line_corner_contact_counts_for_range_gears_3_2():
    """gears 3.2 (FAQ): corner contact also counts for level lines when counting range."""
    b = board(CROSS, [("level_line", [(100, 0), (100, 200)]), ("level_line", [(0, 100), (200, 100)])])
    assert range_distance(b, "nw", "se") == 1
    assert movement_distance(b, "nw", "se") is None


def test_walls_make_the_path_go_around_for_movement_and_range_gears_3_6():
    """gears 3.6: walls stay impassable for range counting; the path goes around them."""
    b = board(
        {"a": sq(0, 0, 100, 100), "b": sq(100, 0, 200, 100), "c": sq(0, 100, 200, 200)},
        [("wall", [(100, 0), (100, 100)]), ("border", [(0, 100), (200, 100)])],
    )
    assert movement_distance(b, "a", "b") == 2
    assert range_distance(b, "a", "b") == 2
    assert distances_from(b, "a") == {"a": 0, "c": 1, "b": 2}


def test_partial_border_joins_areas_along_its_stretch_gears_3_7():
    """A boundary that is half wall, half cracked border still joins the two areas."""
    b = board(
        {"a": sq(0, 0, 100, 100), "b": sq(100, 0, 200, 100)},
        [("wall", [(100, 0), (100, 40)]), ("border", [(100, 40), (100, 100)])],
    )
    assert movement_distance(b, "a", "b") == 1


def test_sample_tile_distances_gears_3_6():
    """maps/gears/sample_1A.tmx: the ledge is reached by its stairs from the yard (3 moves from
    the street), but is 2 range steps away across the plaza's level line."""
    b = load_board(MAPS / "gears" / "sample_1A.tmx")
    assert distances_from(b, "west_street") == {"west_street": 0, "plaza": 1, "ruin": 1, "east_yard": 2, "ledge": 3}
    assert range_distance(b, "west_street", "ledge") == 2
    assert movement_distance(b, "plaza", "ledge") == 3
    assert range_distance(b, "plaza", "ledge") == 1


def test_areas_touching_a_joined_entrance_and_exit_are_adjacent_gears_3_7():
    """gears 3.7: across tiles, the areas touching a joined entrance/exit pair are adjacent."""
    tile = load_board(MAPS / "gears" / "sample_1A.tmx")
    one = compose([Placement(tile, "1A")])
    two = add_piece(one, place_at_exit(one, "1A:exit", tile, "2A"))
    assert movement_distance(two, "1A:east_yard", "2A:west_street") == 1
    assert movement_distance(two, "1A:west_street", "2A:ledge") == 6


def test_closed_door_on_a_joined_exit_blocks_until_opened_gears_3_2():
    """gears 3.2: a closed door token is impassable (proposed: for range too)."""
    a = board({"a": sq(0, 0, 100, 100)}, connectors=[Connector("exit", "x", 9, Segment(point(100, 0), point(100, 100)))])
    a.doors = (Door("door", 10, (point(100, 0), point(100, 100))),)
    b = board({"b": sq(0, 0, 100, 100)}, connectors=[Connector("entrance", "e", 9, Segment(point(0, 0), point(0, 100)))])
    joined = compose([Placement(a, "P"), Placement(b, "Q", (F(100), F(0)))])
    assert movement_distance(joined, "P:a", "Q:b") is None
    assert range_distance(joined, "P:a", "Q:b") is None
    assert movement_distance(joined, "P:a", "Q:b", closed_doors=()) == 1


def test_unknown_area_is_a_clear_error():
    b = board(CROSS)
    with pytest.raises(KeyError, match="no area named 'nowhere'"):
        distances_from(b, "nowhere")
    with pytest.raises(ValueError, match="kind must be"):
        distances_from(b, "nw", "flying")


# --- Doom grid -------------------------------------------------------------------------------------


def grid_board(cols, rows, walls=(), floor=None, blocking=(), doors=()) -> Board:
    cells = floor if floor is not None else {(c, r) for c in range(cols) for r in range(rows)}
    edges = set(walls)
    for c, r in cells:  # the map border, as the loader derives it
        for e, n in (
            (((c, r), (c + 1, r)), (c, r - 1)),
            (((c, r + 1), (c + 1, r + 1)), (c, r + 1)),
            (((c, r), (c, r + 1)), (c - 1, r)),
            (((c + 1, r), (c + 1, r + 1)), (c + 1, r)),
        ):
            if n not in cells:
                edges.add(e)
    return Board(
        "grid",
        cols,
        rows,
        64,
        64,
        grid=Grid(cols, rows, frozenset(cells), frozenset(edges), frozenset(blocking)),
        doors=tuple(doors),
    )


def test_king_moves_in_an_open_room_equal_chebyshev_doom_3_5_3_8():
    b = grid_board(6, 5)
    d = distances_from(b, (0, 0))
    assert all(d[c] == chebyshev((0, 0), c) for c in b.grid.floor)
    assert movement_distance(b, (0, 0), (5, 4)) == 5


def test_diagonal_may_cut_a_convex_wall_corner_doom_3_6():
    """doom 3.6 (proposal): a diagonal step whose centre line only touches the end of a wall is
    legal; the wall lies on one side of it."""
    walls = {((1, 0), (1, 1))}  # a stub from the top edge down to lattice point (1, 1)
    assert step_allowed(frozenset(walls), (0, 0), (1, 1))
    assert step_allowed(frozenset(walls), (0, 1), (1, 0)) is True  # touches (1,1) from the other side
    assert not step_allowed(frozenset(walls), (0, 0), (1, 0))


def test_diagonal_may_not_squeeze_through_a_wall_joint_doom_3_6():
    """doom 3.6 (proposal): walls touching the crossed lattice point on both sides block."""
    walls = frozenset({((1, 0), (1, 1)), ((1, 1), (2, 1))})  # an L corner at (1, 1) round square (1, 0)
    assert not step_allowed(walls, (1, 0), (0, 1))  # out of the L's inside corner: walls both sides
    assert step_allowed(walls, (0, 0), (1, 1))  # past the L's outside: both walls on one side
    straight = frozenset({((0, 1), (1, 1)), ((1, 1), (2, 1))})  # a straight wall through (1, 1)
    assert not step_allowed(straight, (0, 0), (1, 1))
    assert not step_allowed(straight, (1, 0), (0, 1))


def test_walls_make_the_path_go_around_doom_3_6():
    # A wall down column line x=2 from the top to row 3; the gap is at the bottom row.
    walls = {((2, r), (2, r + 1)) for r in range(3)}
    b = grid_board(5, 4, walls)
    assert chebyshev((1, 0), (3, 0)) == 2
    assert movement_distance(b, (1, 0), (3, 0)) == 6  # down to row 3, through, back up
    assert range_distance(b, (1, 0), (3, 0)) == 6  # indirect fire cannot pass walls either


def test_closed_door_blocks_until_open_doom_3_2():
    b = load_board(MAPS / "doom" / "sample_room.tmx")
    assert movement_distance(b, (9, 3), (12, 3)) is None
    assert range_distance(b, (9, 3), (12, 3)) is None
    assert movement_distance(b, (9, 3), (12, 3), closed_doors=()) == 3
    assert movement_distance(b, (2, 2), (12, 2), closed_doors=()) == 10


def test_obstacles_stop_movement_but_not_the_indirect_fire_count_doom_3_3_3_8():
    """doom 3.3: blocking obstacles and barrels cannot be entered; 3.8: indirect fire counts a
    king path that may pass them."""
    b = grid_board(3, 3, floor={(0, 0), (1, 0), (2, 0)}, blocking={(1, 0)})
    assert movement_distance(b, (0, 0), (2, 0)) is None
    assert range_distance(b, (0, 0), (2, 0)) == 2
    open_room = grid_board(3, 3)
    assert movement_distance(open_room, (0, 1), (2, 1), blocked={(1, 0), (1, 1), (1, 2)}) is None
    assert movement_distance(open_room, (0, 1), (2, 1), blocked={(1, 1)}) == 2


def test_grid_distance_needs_floor_squares():
    b = load_board(MAPS / "doom" / "sample_room.tmx")
    with pytest.raises(KeyError, match="square 0,0 is not floor"):
        movement_distance(b, (0, 0), (2, 2))
    with pytest.raises(KeyError, match="not 'room_a'"):
        movement_distance(b, "room_a", (2, 2))


def test_step_rule_agrees_with_the_line_of_sight_predicate_doom_3_6():
    """doom 3.6: a step is legal iff its centre-to-centre segment passes the 3.7 wall test.
    distance.step_allowed is a set lookup for speed; it must agree with gridlos' predicate."""
    import random

    from game.board.gridlos import GridSight

    rng = random.Random(7)
    for _ in range(30):
        cols, rows = 4, 4
        all_edges = [((x, y), (x + 1, y)) for x in range(cols) for y in range(rows + 1)]
        all_edges += [((x, y), (x, y + 1)) for x in range(cols + 1) for y in range(rows)]
        walls = frozenset(e for e in all_edges if rng.random() < 0.3)
        sight = GridSight(cols, rows, walls)
        for a in [(x, y) for x in range(cols) for y in range(rows)]:
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                b = (a[0] + dx, a[1] + dy)
                if 0 <= b[0] < cols and 0 <= b[1] < rows:
                    assert step_allowed(walls, a, b) == sight.clear_step(a, b), (sorted(walls), a, b)
