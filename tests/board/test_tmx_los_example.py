"""maps/gears/los_example.tmx reproduces the worked LOS example of spec gears-of-war.md 3.5
(base rulebook p. 21), asked through the LOS API (game/board/los.py) on the loaded board.

Marcus is in cover (spot `marcus`, arrow east). Drones #2, #3, #4 are in cover (spots `drone2`,
`drone3`, `drone4`), Drone #5 stands in the open in `area5`, Cole stands in the open in
`cole_area`. Full or partial cover uses spec 3.3's geometric model: full if the attacker's
reference point lies in the open half-plane the defender's arrow points into.
"""
from __future__ import annotations

import math

import pytest

from game.board.checks import point_in_polygon
from game.board.los import AreaSight
from game.board.tmx import load_board
from tests.board.conftest import MAPS


@pytest.fixture(scope="module")
def example():
    board = load_board(MAPS / "gears" / "los_example.tmx")
    return board, AreaSight(board, board.blocking_segments())


def full_cover(board, defender: str, attacker_point) -> bool:
    """gears 3.3 (proposed geometric model); arrows are multiples of 45 degrees, so the sign of
    the direction vector's components is all that matters (exact, no floats compared)."""
    spot = board.cover_spot(defender)
    for angle in spot.arrows:
        dx = round(math.cos(math.radians(angle)), 6)
        dy = round(math.sin(math.radians(angle)), 6)
        dx, dy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
        if (attacker_point[0] - spot.point[0]) * dx + (attacker_point[1] - spot.point[1]) * dy > 0:
            return True
    return False


def test_marcus_sees_drone_2_in_partial_cover_gears_3_5(example):
    board, sight = example
    marcus = board.cover_spot("marcus").point
    assert sight.points(marcus, board.cover_spot("drone2").point).visible
    assert not full_cover(board, "drone2", marcus)


def test_marcus_sees_drone_3_in_full_cover_gears_3_5(example):
    board, sight = example
    marcus = board.cover_spot("marcus").point
    assert sight.points(marcus, board.cover_spot("drone3").point).visible
    assert full_cover(board, "drone3", marcus)


def test_a_wall_hides_drone_4_from_marcus_arrow_gears_3_5(example):
    board, sight = example
    result = sight.points(board.cover_spot("marcus").point, board.cover_spot("drone4").point)
    assert not result.visible
    wall = next(line for line in board.lines_of("wall") if line.name == "hiding_wall")
    assert result.blocker in wall.segments()


def test_marcus_sees_drone_5_out_of_cover_in_its_area_gears_3_5(example):
    board, sight = example
    result = sight.point_area(board.cover_spot("marcus").point, "area5")
    assert result.visible
    assert point_in_polygon(result.witness.b, board.areas["area5"].polygon) >= 0


def test_cole_out_of_cover_sees_all_four_drones_gears_3_5(example):
    board, sight = example
    for drone in ("drone2", "drone3", "drone4"):
        assert sight.point_area(board.cover_spot(drone).point, "cole_area").visible, drone
    assert sight.areas("cole_area", "area5").visible


def test_cole_sees_drone_4_only_from_the_edge_of_his_area_gears_3_5(example):
    """The middle of Cole's area is screened from Drone #4; a point at its edge is not."""
    board, sight = example
    drone4 = board.cover_spot("drone4").point
    cole = board.areas["cole_area"].polygon
    middle = (sum(p[0] for p in cole) / 4, sum(p[1] for p in cole) / 4)
    assert not sight.points(middle, drone4).visible
    witness = sight.point_area(drone4, "cole_area").witness
    end = witness.b if witness.a == drone4 else witness.a
    assert point_in_polygon(end, cole) >= 0
