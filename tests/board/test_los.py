"""Gears line of sight between points and areas (gears-of-war.md §3.5, §11 item 14)."""
from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.geometry import normalize_polygon, point_in_polygon, polygon_problems
from game.board.los import AreaSight, LosResult, area_to_area, point_to_area, point_to_point, segment_blocker
from game.board.model import Area, Board, Segment


def P(x, y):
    return (F(x), F(y))


def S(a, b, c, d) -> Segment:
    return Segment(P(a, b), P(c, d))


def rect(x0, y0, x1, y1):
    return (P(x0, y0), P(x1, y0), P(x1, y1), P(x0, y1))


# --- an independent brute force (written apart from game.board.geometry on purpose) ----------


def _o(a, b, c):
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _between(a, b, p):
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def brute_touch(p, q, r, s) -> bool:
    d1, d2, d3, d4 = _o(p, q, r), _o(p, q, s), _o(r, s, p), _o(r, s, q)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return (
        (d1 == 0 and _between(p, q, r))
        or (d2 == 0 and _between(p, q, s))
        or (d3 == 0 and _between(r, s, p))
        or (d4 == 0 and _between(r, s, q))
    )


def brute_clear(p, q, walls) -> bool:
    return not any(brute_touch(p, q, w.a, w.b) for w in walls)


def samples(poly, step=F(1, 2)):
    xs = [v[0] for v in poly]
    ys = [v[1] for v in poly]
    out = list(poly)
    x = min(xs)
    while x <= max(xs):
        y = min(ys)
        while y <= max(ys):
            if point_in_polygon((x, y), poly) >= 0:
                out.append((x, y))
            y += step
        x += step
    return out


def assert_witness(res: LosResult, a_pts, b_poly, walls):
    """Every witness is a real segment: ends in the areas (or is the point), touching no wall."""
    assert res.visible and res.witness is not None
    w = res.witness
    if len(a_pts) == 1:
        assert w.a == a_pts[0]
    else:
        assert point_in_polygon(w.a, a_pts) >= 0
    assert point_in_polygon(w.b, b_poly) >= 0
    assert brute_clear(w.a, w.b, walls)


# --- basic cases -----------------------------------------------------------------------------


def test_touching_a_wall_end_blocks_section_3_5():
    """§3.5 notes: a segment that touches a wall, endpoints included, is blocked."""
    wall = S(5, 0, 5, 1)
    assert not point_to_point(P(0, 0), P(10, 2), [wall])  # passes exactly through (5, 1)
    assert point_to_point(P(0, 0), P(10, 3), [wall])
    res = point_to_point(P(0, 0), P(10, 2), [wall])
    assert res.blocker == wall and res.witness is None


def test_gap_between_walls_lets_sight_through_but_a_joint_does_not():
    a, b = rect(0, 0, 2, 2), rect(10, 0, 12, 2)
    assert not area_to_area(a, b, [S(5, -9, 5, 9)])
    joint = [S(5, -1, 5, 1), S(5, 1, 5, 3)]
    assert not area_to_area(a, b, joint), "walls continuous at a corner leave no gap (§3.5 notes)"
    staggered = [S(5, -1, 5, 1), S(6, 1, 6, 3)]  # a slanted line threads between them
    res = area_to_area(a, b, staggered)
    assert_witness(res, a, b, staggered)
    assert not point_to_area(P(0, 0), b, staggered), "from a corner the slope cannot fit"


def test_area_sees_only_through_a_sliver():
    """The interior-to-interior line is blocked; only a thin bundle of lines passes."""
    a, b = rect(0, 0, 10, 10), rect(30, 0, 40, 10)
    walls = [S(20, -5, 20, F(9999, 1000)), S(20, F(10001, 1000), 20, 15)]  # a pin-hole at (20, 10)
    res = area_to_area(a, b, walls)
    assert_witness(res, a, b, walls)
    walls_closed = [S(20, -5, 20, 10), S(20, 10, 20, 15)]
    assert not area_to_area(a, b, walls_closed)


def test_same_area_always_sees_itself_section_3_5():
    room = rect(0, 0, 10, 10)
    res = area_to_area(room, room, [S(5, 0, 5, 10)])
    assert res.visible and res.blocker is None


def test_adjacent_areas_share_a_border_unless_it_is_a_wall():
    a, b = rect(0, 0, 2, 2), rect(2, 0, 4, 2)
    assert_witness(area_to_area(a, b, []), a, b, [])
    assert not area_to_area(a, b, [S(2, 0, 2, 2)])
    half = [S(2, 0, 2, 1)]
    assert_witness(area_to_area(a, b, half), a, b, half)


def test_point_in_area_and_point_on_wall():
    room = rect(0, 0, 4, 4)
    assert point_to_area(P(1, 1), room, []).visible
    wall = S(0, 0, 9, 9)
    res = point_to_area(P(1, 1), room, [wall])
    assert not res and res.blocker == wall


def test_invalid_polygon_is_a_clear_error():
    with pytest.raises(ValueError, match="zero area"):
        area_to_area((P(0, 0), P(1, 1), P(2, 2)), rect(0, 0, 1, 1), [])


def test_blocker_is_the_wall_nearest_the_viewer():
    near, far = S(3, -1, 3, 1), S(6, -1, 6, 1)
    assert segment_blocker(P(0, 0), P(9, 0), [far, near]) == near


# --- the rulebook's worked example (base p. 21) ----------------------------------------------


def marcus_cole_layout() -> dict:
    """Geometry reproducing gears §3.5's worked example, in map pixels (y down).

    Areas: Cole's area (out of cover) west of Marcus's area; Drones #2/#3 in cover to the east;
    Drone #4 in cover south, behind wall W1; Drone #5 out of cover in an area to the north that
    wall W3 half hides from Marcus. Cover points stand for the cover arrows' reference points."""
    return {
        "areas": {
            "cole": rect(0, 10, 10, 20),
            "marcus": rect(10, 10, 20, 20),
            "east": rect(25, 10, 40, 20),
            "south": rect(20, 30, 40, 45),
            "north": rect(0, -10, 20, 0),
        },
        "walls": [
            S(15, 25, 35, 25),  # W1: hides Drone #4 from Marcus
            S(12, 5, 30, 5),  # W3: hides most of the north area from Marcus
        ],
        "marcus_arrow": P(18, 15),
        "drones": {"2": P(30, 12), "3": P(35, 18), "4": P(30, 40)},
        "drone5_area": "north",
    }


def test_worked_example_marcus_in_cover_section_3_5():
    """Marcus (in cover) sees Drones #2, #3 and #5, not #4: a wall blocks every line from his arrow."""
    lay = marcus_cole_layout()
    walls, m = lay["walls"], lay["marcus_arrow"]
    assert point_to_point(m, lay["drones"]["2"], walls)
    assert point_to_point(m, lay["drones"]["3"], walls)
    res4 = point_to_point(m, lay["drones"]["4"], walls)
    assert not res4 and res4.blocker == walls[0]
    north = lay["areas"][lay["drone5_area"]]
    res5 = point_to_area(m, north, walls)
    assert_witness(res5, [m], north, walls)
    # Only part of #5's area is in sight: the line to its middle is cut by W3.
    assert segment_blocker(m, P(10, -5), walls) == walls[1]


def test_worked_example_cole_out_of_cover_section_3_5():
    """Cole (not in cover) sees all four drones, #4 only from the edge of his area."""
    lay = marcus_cole_layout()
    walls, cole = lay["walls"], lay["areas"]["cole"]
    for n in ("2", "3", "4"):
        res = point_to_area(lay["drones"][n], cole, walls)
        assert_witness(res, [lay["drones"][n]], cole, walls)
    assert area_to_area(cole, lay["areas"]["north"], walls)
    # The middle of Cole's area does not see #4 (the line grazes W1's end): only the edge does.
    assert not point_to_point(P(5, 15), lay["drones"]["4"], walls)
    assert point_to_point(P(0, 20), lay["drones"]["4"], walls)


# --- random maps against the brute force -----------------------------------------------------

coord = st.integers(0, 8)
pt = st.tuples(coord, coord).map(lambda t: P(*t))


def _valid(raw) -> bool:
    return not polygon_problems(normalize_polygon(raw))


_rect = st.tuples(coord, coord, st.integers(1, 4), st.integers(1, 4)).map(
    lambda t: rect(t[0], t[1], t[0] + t[2], t[1] + t[3])
)
_free = st.lists(pt, min_size=3, max_size=5).filter(_valid).map(normalize_polygon)


def polygon():
    """Rectangles and free triangles/quads/pentagons (simple, non-zero area) on a small lattice,
    so that collinear and touching configurations are common."""
    return st.one_of(_rect, _free)


walls_st = st.lists(st.tuples(pt, pt).map(lambda t: Segment(*t)), max_size=6)


@settings(max_examples=60, deadline=None)
@given(polygon(), polygon(), walls_st)
def test_area_to_area_matches_brute_force_section_3_5(a, b, walls):
    """Sampling finds a clear segment => exact says visible; every exact witness is clear."""
    res = area_to_area(a, b, walls)
    if a == b:
        assert res.visible
        return
    sampled = any(brute_clear(p, q, walls) for p in samples(a) for q in samples(b))
    if sampled:
        assert res.visible
    if res.visible:
        assert_witness(res, a, b, walls)
    else:
        assert res.blocker in walls


@settings(max_examples=60, deadline=None)
@given(polygon(), polygon(), walls_st)
def test_area_to_area_is_symmetric(a, b, walls):
    assert area_to_area(a, b, walls).visible == area_to_area(b, a, walls).visible


@settings(max_examples=60, deadline=None)
@given(pt, polygon(), walls_st)
def test_point_to_area_matches_brute_force(p, b, walls):
    res = point_to_area(p, b, walls)
    sampled = any(brute_clear(p, q, walls) for q in samples(b, F(1, 3)))
    if sampled:
        assert res.visible
    if res.visible:
        assert_witness(res, [p], b, walls)


# --- the board-level cache -------------------------------------------------------------------


def _board() -> Board:
    areas = {
        "w": Area("w", 1, rect(0, 0, 10, 10)),
        "e": Area("e", 2, rect(20, 0, 30, 10)),
    }
    return Board(source="test", width=3, height=1, tile_width=10, tile_height=10, areas=areas)


def test_cache_invalidates_when_a_door_opens_or_a_piece_is_added_section_3_5():
    """DESIGN: visibility is cached per board, invalidated when a door opens or a tile is placed."""
    board = _board()
    door = S(15, -5, 15, 15)
    closed = {"door": True}
    sight = AreaSight(board, lambda: [door] if closed["door"] else [])
    assert not sight.areas("w", "e")
    first = sight.computed
    assert not sight.areas("w", "e") and sight.areas("e", "w").visible is False
    assert sight.computed == first, "repeat queries come from the cache"
    closed["door"] = False  # the door opens
    assert sight.areas("w", "e")
    assert sight.computed == first + 1
    closed["door"] = True  # closing it again reuses the earlier result
    assert not sight.areas("w", "e") and sight.computed == first + 1
    # A piece is added: the board version changes and a wall now stands between.
    board.version += 1
    sight.set_blocking([S(12, -5, 12, 15)])
    assert not sight.areas("w", "e")
    board.areas["e"] = Area("e", 2, rect(2, 0, 8, 5))  # geometry changed in place...
    assert not sight.areas("w", "e"), "...is not seen until the version is bumped"
    board.version += 1
    assert sight.areas("w", "e")


def test_area_sight_point_queries_and_unknown_area():
    sight = AreaSight(_board(), [S(15, 4, 15, 6)])
    assert sight.point_area(P(5, 5), "e")
    assert not sight.points(P(5, 5), P(25, 5))
    assert sight.visible_areas("w") == {"w", "e"}
    with pytest.raises(KeyError, match="no area named"):
        sight.areas("w", "nowhere")


def test_area_sight_defaults_to_the_boards_blocking_segments_section_3_2():
    """§3.2: the map edge blocks sight; two areas with a gap outside the map between them do not
    see each other, while touching areas with no wall between them do."""
    board = _board()
    assert not AreaSight(board).areas("w", "e")
    board.areas["e"] = Area("e", 2, rect(10, 0, 20, 10))
    board.version += 1
    assert AreaSight(board).areas("w", "e")
