"""Doom line of sight on the square grid (doom.md §3.7; reused by §3.5 adjacency and §3.6 steps)."""
from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.gridlos import GridSight, unit_edges, walk
from game.board.model import Segment

# --- an independent brute force: plain Fraction geometry, nothing shared with gridlos ---------


def _side(p, q, r):
    v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (v > 0) - (v < 0)


def brute_visible(a, b, walls, blocking, strict=False) -> bool:
    """doom.md §3.7 steps 1-5 read literally, in cell units (square (x, y) = [x, x+1] x [y, y+1])."""
    if a == b:
        return True  # a square sees itself (no segment to test)
    p = (F(2 * a[0] + 1, 2), F(2 * a[1] + 1, 2))
    q = (F(2 * b[0] + 1, 2), F(2 * b[1] + 1, 2))
    solids = [c for c in blocking if c != a and c != b]
    for u, v in walls:  # step 2: proper crossing of a wall or closed door
        if _side(p, q, u) * _side(p, q, v) < 0 and _side(u, v, p) * _side(u, v, q) < 0:
            return False
    for cx, cy in solids:  # step 3: the segment enters the open interior of a blocking square
        lo, hi = F(0), F(1)
        empty = False
        for s, d, c in ((p[0], q[0] - p[0], cx), (p[1], q[1] - p[1], cy)):
            if d == 0:
                if not (c < s < c + 1):
                    empty = True
            else:
                t1, t2 = (c - s) / d, (c + 1 - s) / d
                lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
        if not empty and lo < hi:
            return False
    for vx in range(min(a[0], b[0]), max(a[0], b[0]) + 2):  # step 4: lattice points on the segment
        for vy in range(min(a[1], b[1]), max(a[1], b[1]) + 2):
            v = (vx, vy)
            if _side(p, q, v) != 0 or not (min(p[0], q[0]) < vx < max(p[0], q[0])):
                continue  # not on the segment itself
            sides = set()
            for u, w in walls:
                if u == v:
                    sides.add(_side(p, q, w))
                elif w == v:
                    sides.add(_side(p, q, u))
            for cx, cy in solids:
                if v in ((cx, cy), (cx + 1, cy), (cx, cy + 1), (cx + 1, cy + 1)):
                    sides.add(_side(p, q, (F(2 * cx + 1, 2), F(2 * cy + 1, 2))))
            if {1, -1} <= sides or (strict and sides):
                return False
    return True


def all_edges(cols, rows):
    for y in range(rows + 1):
        for x in range(cols):
            yield ((x, y), (x + 1, y))
    for y in range(rows):
        for x in range(cols + 1):
            yield ((x, y), (x, y + 1))


def random_grid(seed, cols, rows):
    rng = random.Random(seed)
    edges = list(all_edges(cols, rows))
    walls = {e for e in edges if rng.random() < 0.15}
    doors = {e for e in edges if e not in walls and rng.random() < 0.08}
    cells = [(x, y) for y in range(rows) for x in range(cols)]
    blocking = {c for c in cells if rng.random() < 0.2}
    return walls, doors, blocking, cells


# --- worked cases of doom.md §3.7 --------------------------------------------------------------


def test_grazing_a_blocking_square_corner_passes_section_3_7():
    g = GridSight(4, 4, [])
    assert g.visible((0, 0), (1, 1), blocking={(1, 0)}), "one diagonal neighbour: grazing passes"
    assert g.visible((0, 0), (3, 3), blocking={(1, 0), (3, 2)})


def test_squeezing_between_two_diagonal_blockers_is_blocked_section_3_7():
    g = GridSight(4, 4, [])
    res = g.visible((0, 0), (1, 1), blocking={(1, 0), (0, 1)})
    assert not res and res.blocker is not None
    assert not g.visible((0, 0), (3, 3), blocking={(2, 1), (1, 2)})


def test_a_figure_between_viewer_and_target_blocks_section_3_7():
    """'A demon standing in front of an archvile hides the archvile' (seed example)."""
    g = GridSight(6, 3, [])
    demon, archvile = (2, 1), (4, 1)
    assert not g.visible((0, 1), archvile, blocking={demon, archvile})
    assert g.visible((0, 1), demon, blocking={demon, archvile}), "the target's own square never blocks"
    assert demon in g.visible_from((0, 1), blocking={demon, archvile, (0, 1)})
    assert archvile not in g.visible_from((0, 1), blocking={demon, archvile, (0, 1)})


def test_closed_door_blocks_and_open_door_does_not_section_3_2_and_3_7():
    door = unit_edges([(2, 0), (2, 2)])  # a 2-wide door on the line x = 2 (doom.md §3.2)
    assert door == {((2, 0), (2, 1)), ((2, 1), (2, 2))}
    g = GridSight(5, 3, [((2, 2), (2, 3))])
    assert not g.visible((0, 0), (4, 1), closed_doors=door)
    assert g.visible((0, 0), (4, 1))
    assert (4, 1) not in g.visible_from((0, 0), closed_doors=door)
    assert (4, 1) in g.visible_from((0, 0))


def test_wall_corner_is_grazed_but_a_wall_joint_is_not_section_3_7():
    """An L of walls with its corner at (1, 1): a line that passes the corner with both arms on
    one side grazes it; a line with one arm on each side squeezes through the joint."""
    arms_down_right = [((1, 1), (1, 2)), ((1, 1), (2, 1))]
    g = GridSight(3, 3, arms_down_right)
    assert g.visible((0, 2), (2, 0)), "both arms on one side: cutting round the corner passes"
    res = g.visible((0, 0), (2, 2))
    assert not res, "one arm on each side: blocked at the joint"
    assert res.blocker in {Segment((F(1), F(1)), (F(1), F(2))), Segment((F(1), F(1)), (F(2), F(1)))}
    assert g.clear_step((0, 2), (1, 1)) and not g.clear_step((0, 0), (1, 1))  # §3.6 diagonal steps
    assert GridSight(3, 3, [((1, 0), (1, 1))]).clear_step((0, 0), (1, 1)), "a wall end is grazed (§3.6)"


def test_strict_corners_option_blocks_any_touch_section_11_item_11():
    assert not GridSight(4, 4, [], strict_corners=True).visible((0, 0), (1, 1), blocking={(1, 0)})
    assert not GridSight(3, 3, [((1, 0), (1, 1))], strict_corners=True).visible((0, 0), (1, 1))


def test_witness_and_blocker_are_in_map_pixels():
    g = GridSight(5, 3, [((2, 0), (2, 1))], tile_size=(32, 32))
    res = g.visible((0, 1), (4, 1))
    assert res.witness == Segment((F(16), F(48)), (F(144), F(48)))
    blocked = g.visible((0, 0), (4, 0))
    assert blocked.blocker == Segment((F(64), F(0)), (F(64), F(32)))
    square = g.visible((0, 2), (4, 2), blocking={(2, 2)}).blocker
    assert square == Segment((F(64), F(64)), (F(64), F(96))), "the blocking square's near side"


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="not a unit lattice edge"):
        GridSight(3, 3, [((0, 0), (2, 0))])
    with pytest.raises(ValueError, match="outside"):
        GridSight(3, 3, [((3, 0), (4, 0))])
    with pytest.raises(ValueError, match="outside"):
        GridSight(3, 3, []).visible((0, 0), (3, 0))
    with pytest.raises(ValueError, match="axis-parallel"):
        unit_edges([(0, 0), (32, 32)], (32, 32))


def test_walk_meets_vertices_only_on_odd_odd_directions():
    assert [k for k, *_ in walk(1, 1)] == [3]
    assert [k for k, *_ in walk(2, 1)] == [2, 0, 1, 0, 2]  # vertical edge, square, horizontal ...
    assert [k for k, *_ in walk(3, 1)] == [2, 0, 3, 0, 2]  # through the lattice point (2, 1)
    assert not any(k == 3 for k, *_ in walk(2, 4))  # (1, 2): not both odd -> no lattice point
    assert any(k == 3 for k, *_ in walk(3, 9))


# --- random grids against the brute force ------------------------------------------------------


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 6), st.integers(1, 5), st.booleans())
def test_all_three_paths_agree_with_brute_force_section_3_7(seed, cols, rows, strict):
    """visible(), visible_from() (and its bitset visible_bits()), all_pairs() and sees_any() equal
    the literal reading of §3.7 on every pair."""
    walls, doors, blocking, cells = random_grid(seed, cols, rows)
    g = GridSight(cols, rows, walls, strict_corners=strict)
    ap = g.all_pairs(blocking, doors)
    both = walls | doors
    rows = g.all_pairs(blocking, doors).as_dict()
    assert set(rows) == set(cells)
    for a in cells:
        expected = {b for b in cells if brute_visible(a, b, both, blocking, strict)}
        assert g.visible_from(a, blocking, doors) == expected
        assert g.visible_bits(a, blocking, doors) == g.cell_bits(expected)
        assert g.cells_of_bits(g.cell_bits(expected)) == expected
        assert ap[a] == expected == rows[a]
        for b in cells:
            assert g.visible(a, b, blocking, doors).visible == (b in expected)
            assert ap.sees(a, b) == (b in expected)
            # sees_any keeps the end squares in the blocking set: they never block a line
            assert g.sees_any([a], [b], set(blocking) | {a, b}, doors) == (b in expected)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**9))
def test_visibility_is_symmetric_section_3_7(seed):
    walls, doors, blocking, cells = random_grid(seed, 7, 6)
    g = GridSight(7, 6, walls)
    for a in cells:
        for b in cells:
            assert g.visible(a, b, blocking, doors).visible == g.visible(b, a, blocking, doors).visible


def test_fast_paths_agree_on_a_larger_grid():
    """One bigger fixed map (the size Doom scenarios use), fast paths vs the direct predicate."""
    walls, doors, blocking, cells = random_grid(7, 16, 12)
    g = GridSight(16, 12, walls)
    ap = g.all_pairs(blocking, doors)
    rng = random.Random(1)
    for a in rng.sample(cells, 12):
        row = g.visible_from(a, blocking, doors)
        assert row == {b for b in cells if g.visible(a, b, blocking, doors).visible}
        assert row == ap[a] == {b for b in cells if ap.sees(a, b)}


def test_cache_follows_doors_and_figures():
    g = GridSight(5, 1, [])
    assert (4, 0) in g.visible_from((0, 0))
    assert (4, 0) not in g.visible_from((0, 0), blocking={(2, 0)})
    assert (4, 0) not in g.visible_from((0, 0), closed_doors={((2, 0), (2, 1))})
    assert (4, 0) in g.visible_from((0, 0)), "back to the first state"
    assert g.all_pairs() is g.all_pairs(), "all-pairs is cached per state"


@pytest.mark.parametrize("cols,rows", [(1, 1), (1, 5), (6, 1), (5, 3), (9, 7), (13, 4)])
def test_mirrored_paths_and_shadows_are_the_walks_section_3_7(cols, rows):
    """The lattice works out one quadrant's paths and mirrors them (gridlos._Lattice): every
    displacement's path is walk()'s exactly, in order, and the shadows built from the mirrored
    quadrant are those of every path."""
    from game.board.gridlos import _Lattice

    lat = _Lattice(cols, rows)
    for dy in range(-(rows - 1), rows):
        for dx in range(-(cols - 1), cols):
            assert lat.path(dx, dy) == walk(dx, dy), (dx, dy)
    assert lat.shadows() == lat.shadows_by_paths()


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**9), st.booleans())
def test_one_sight_follows_changing_doors_and_figures_section_3_7(seed, strict):
    """One GridSight asked in turn with other closed doors and figures (as a game asks it: each
    door set's walls are kept and figures put on top) answers each as the brute force does."""
    walls, doors, blocking, cells = random_grid(seed, 7, 6)
    g = GridSight(7, 6, walls, strict_corners=strict)
    rng = random.Random(seed)
    door_list, block_list = sorted(doors), sorted(blocking)
    for _ in range(6):
        closed = {e for e in door_list if rng.random() < 0.5}
        block = {c for c in block_list if rng.random() < 0.7}
        a = rng.choice(cells)
        expected = {b for b in cells if brute_visible(a, b, walls | closed, block, strict)}
        assert g.visible_from(a, block, closed) == expected
        assert g.visible_bits(a, block | {a}, closed) == g.cell_bits(expected), "its own square never blocks"


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**9), st.booleans())
def test_only_the_squares_on_the_lines_matter_section_3_7(seed, strict):
    """line_squares(a, targets): with walls and doors fixed, whether a sees one of the targets
    depends on the blocking squares among them alone (the squares the lines enter and those
    cornered where they pass a vertex), so an answer may be kept per those."""
    walls, doors, blocking, cells = random_grid(seed, 7, 6)
    g = GridSight(7, 6, walls, strict_corners=strict)
    rng = random.Random(seed)
    for _ in range(8):
        a = rng.choice(cells)
        targets = rng.sample(cells, rng.randint(1, 4))
        lines = g.line_squares(a, targets)
        expected = any(brute_visible(a, b, walls | doors, blocking, strict) for b in targets)
        assert g.sees_any([a], targets, blocking, doors) == expected
        assert g.sees_any([a], targets, frozenset(blocking) & lines, doors) == expected
        # and a square off the lines changes nothing
        for c in rng.sample([c for c in cells if c not in lines] or [a], 1):
            assert g.sees_any([a], targets, set(blocking) ^ {c}, doors) == expected or c == a or c in targets
