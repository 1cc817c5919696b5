"""game/board/compose.py: pieces placed with offsets, quarter turns and flips, exactly
(spec gears-of-war.md 3.4 and 3.7 placement; doom.md 3.1 pieces joined at connectors)."""
from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.checks import check_board, polygons_overlap, signed_area2
from game.board.compose import (
    CompositionError,
    OverlapError,
    Placement,
    add_piece,
    compose,
    free_exits,
    place_at_exit,
    transform_board,
)
from game.board.distance import movement_distance
from game.board.model import Segment
from game.board.tmx import load_board
from tests.board.conftest import MAPS

TILE = load_board(MAPS / "gears" / "sample_1A.tmx")
ROOM = load_board(MAPS / "doom" / "sample_room.tmx")


def geometry(b):
    """Everything positional of a board, names without the piece prefix, for comparisons."""
    strip = lambda n: n.rsplit(":", 1)[-1]  # noqa: E731
    return (
        {strip(n): frozenset(a.polygon) for n, a in b.areas.items()},
        sorted((l.kind, l.points) for l in b.lines),
        sorted((strip(c.name), c.point, c.arrows) for c in b.cover),
        sorted((m.kind, m.point) for m in b.markers),
        sorted((c.kind, frozenset(c.segment)) for c in b.connectors),
    )


def turned(board, rotation, name="P", **kw):
    return transform_board(Placement(board, name, rotation=rotation, **kw))


def test_names_are_prefixed_and_piece_is_set():
    b = compose([Placement(TILE, "2A")])
    assert "2A:plaza" in b.areas and b.areas["2A:plaza"].piece == "2A"
    spot = b.cover_spot("2A:ruin_rubble")
    assert spot.area == "2A:ruin" and spot.piece == "2A"
    assert all(m.area.startswith("2A:") for m in b.markers)
    assert b.pieces() == ("2A",)


def test_four_quarter_turns_are_the_identity():
    b = TILE
    for _ in range(4):
        b = transform_board(Placement(b, "P", rotation=90))
    assert geometry(b) == geometry(TILE)


def test_quarter_turn_moves_points_and_arrows_clockwise():
    """Rotation is clockwise on screen: east becomes south; the 768x512 tile becomes 512x768."""
    b = turned(TILE, 90)
    assert (b.width, b.height) == (8, 12)
    spot = b.cover_spot("P:ruin_rubble")  # at (448, 400), arrows 0 and 45
    assert spot.point == (512 - 400, 448)
    assert spot.arrows == (90, 135)
    entrance = b.connectors_of("entrance")[0].segment  # west edge -> north edge
    assert {entrance.a, entrance.b} == {(F(320), F(0)), (F(192), F(0))}


def test_flips_mirror_geometry_and_arrows():
    h = turned(TILE, 0, flip_h=True)
    assert h.cover_spot("P:street_crates").point == (768 - 96, 128)
    assert h.cover_spot("P:street_crates").arrows == (180,)
    v = turned(TILE, 0, flip_v=True)
    assert v.cover_spot("P:yard_truck").point == (640, 512 - 320)
    assert v.cover_spot("P:yard_truck").arrows == (180, 90)  # 180 -> 180, 270 -> 90
    twice = transform_board(Placement(h, "Q", flip_h=True))
    assert geometry(twice) == geometry(TILE)
    # A flip reverses each polygon's winding; a rotation keeps it.
    assert (signed_area2(h.areas["P:plaza"].polygon) > 0) != (signed_area2(TILE.areas["plaza"].polygon) > 0)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([0, 90, 180, 270]), st.booleans(), st.booleans())
def test_transforms_keep_distances_and_the_board_valid(rotation, fh, fv):
    """Any placement is an isometry: adjacency, distances and map checks are unchanged."""
    b = compose([Placement(TILE, "P", (F(64), F(128)), rotation, fh, fv)])
    assert check_board(b) == []
    assert movement_distance(b, "P:west_street", "P:ledge") == 3
    assert {k.split(":")[1]: {x.split(":")[1] for x in v} for k, v in b.range_graph().items()} == {
        k: set(v) for k, v in TILE.range_graph().items()
    }


def test_overlap_is_detected_and_names_the_pieces():
    with pytest.raises(OverlapError) as info:
        compose([Placement(TILE, "1A"), Placement(TILE, "2A", (F(700), F(0)))])
    assert info.value.pairs == (("1A", "2A"),)
    assert "pieces 1A and 2A overlap" in str(info.value)


def test_touching_pieces_do_not_overlap():
    b = compose([Placement(TILE, "1A"), Placement(TILE, "2A", (F(768), F(0)))])
    assert b.width == 24 and b.pieces() == ("1A", "2A")


def test_polygons_overlap_exactly():
    sq = lambda x0, y0, x1, y1: ((F(x0), F(y0)), (F(x1), F(y0)), (F(x1), F(y1)), (F(x0), F(y1)))  # noqa: E731
    assert polygons_overlap(sq(0, 0, 2, 2), sq(1, 1, 3, 3))
    assert not polygons_overlap(sq(0, 0, 2, 2), sq(2, 0, 4, 2))  # shared edge
    assert not polygons_overlap(sq(0, 0, 2, 2), sq(2, 2, 4, 4))  # shared corner
    assert polygons_overlap(sq(0, 0, 2, 2), sq(0, 0, 2, 2))  # identical
    assert polygons_overlap(sq(0, 0, 4, 4), sq(1, 1, 2, 2))  # contained
    assert polygons_overlap(sq(0, 0, 2, 2), tuple(reversed(sq(0, 0, 2, 1))))  # shared edges, same side


def test_entrance_is_laid_exactly_on_the_exit_gears_3_4():
    """gears 3.4/3.7: the new tile's entrance coincides with the previous exit and the tile lies
    beyond it; the joined areas become adjacent."""
    one = compose([Placement(TILE, "1A")])
    p = place_at_exit(one, "1A:exit", TILE, "2A")
    two = add_piece(one, p)
    exit_ = next(c for c in two.connectors if c.name == "1A:exit")
    entrance = next(c for c in two.connectors if c.name == "2A:entrance")
    assert {exit_.segment.a, exit_.segment.b} == {entrance.segment.a, entrance.segment.b}
    assert two.joined_connectors() == ((exit_, entrance),)
    assert two.version == one.version + 1
    assert check_board(two) == []
    assert free_exits(two) == tuple(c for c in two.connectors if c.name == "2A:exit")


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_placement_finds_the_rotation_for_any_exit_direction(rotation):
    """Whatever way the previous exit faces, the entrance lines up and points away from it."""
    first = compose([Placement(TILE, "1A", rotation=rotation)])
    p = place_at_exit(first, "1A:exit", TILE, "2A")
    assert p.rotation == rotation
    two = add_piece(first, p)
    assert len(two.joined_connectors()) == 1
    assert movement_distance(two, "1A:east_yard", "2A:west_street") == 1


def test_a_level_that_turns_back_on_itself_overlaps_gears_3_4():
    """gears 3.4: 'if a new tile would overlap an earlier tile' -> OverlapError (rebuild)."""
    b = compose([Placement(TILE, "1A")])
    b = add_piece(b, place_at_exit(b, "1A:exit", TILE, "2A"))
    b = add_piece(b, place_at_exit(b, "2A:exit", TILE, "3A"))
    # A tile turned to face back west, laid at 3A's exit, runs back over 2A.
    exit_3a = next(c for c in b.connectors if c.name == "3A:exit")
    assert exit_3a in free_exits(b)
    back = Placement(TILE, "4A", (exit_3a.segment.a[0] - 768 * 2, F(0)), 0)
    with pytest.raises(OverlapError, match="pieces 3A and 4A overlap|pieces 2A and 4A overlap"):
        add_piece(b, back)


def test_placement_errors_are_clear():
    one = compose([Placement(TILE, "1A")])
    with pytest.raises(CompositionError, match="no exit named 'nope'"):
        place_at_exit(one, "nope", TILE, "2A")
    with pytest.raises(CompositionError, match="rotation must be 0, 90, 180 or 270"):
        compose([Placement(TILE, "1A", rotation=45)])
    with pytest.raises(CompositionError, match="used twice"):
        compose([Placement(TILE, "1A"), Placement(TILE, "1A", (F(768), F(0)))])


def test_grid_pieces_join_at_connectors_and_stay_walled_elsewhere_doom_3_1():
    """doom 3.1 (proposal): adjacent pieces are open to each other only across connector edges."""
    # Turned 180 degrees, the room's south connector (cols 12-13 on y=10) becomes a north
    # connector on cols 2-3, y=2; offset by 10 cols and 8 rows it meets the first one.
    b = compose([Placement.at_cell(ROOM, "a", 0, 0), Placement.at_cell(ROOM, "b", 10, 8, rotation=180)])
    assert check_board(b) == []
    assert ((12, 10), (13, 10)) not in b.grid.wall_edges
    assert movement_distance(b, (12, 9), (12, 10)) == 1
    # b's room_a, square (2, 2) before the turn, is now (23, 17).
    assert movement_distance(b, (2, 2), (23, 17), closed_doors=()) is not None
    assert movement_distance(b, (2, 2), (23, 17)) is None  # both doors start closed
    # Side by side without connectors: the shared boundary stays wall.
    apart = compose([Placement.at_cell(ROOM, "a", 0, 0), Placement.at_cell(ROOM, "b", 14, 0)])
    assert (15, 5) in apart.grid.floor
    assert movement_distance(apart, (14, 5), (15, 5), closed_doors=()) is None


def test_grid_rotation_four_times_is_identity_and_offsets_are_whole_cells():
    b = ROOM
    for _ in range(4):
        b = transform_board(Placement(b, "P", rotation=90))
    assert b.grid == ROOM.grid
    with pytest.raises(CompositionError, match="whole cells"):
        compose([Placement(ROOM, "a", (F(10), F(0)))])


def test_grid_overlap_is_detected():
    with pytest.raises(OverlapError):
        compose([Placement.at_cell(ROOM, "a", 0, 0), Placement.at_cell(ROOM, "b", 3, 0)])
