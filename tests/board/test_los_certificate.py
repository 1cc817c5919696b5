"""The fast negative paths of the exact LOS search give the exhaustive search's answers
(gears-of-war.md §3.5: any point of one area to any point of the other; touching a wall, even
at its end, blocks).

game/board/los.py now answers "no line of sight" early when one wall line separates the two
ends and its walls cover the whole hull there (`_wall_line_separates`), and skips critical
lines along which walls cut every stretch from A to B (`_walled_off`). tests/board/
los_reference.py keeps the search without either, so it is the oracle: same witness or same
None, on random walls and on hand-made edge cases (chains touching at an end, collinear walls,
zero-width gaps).
"""
from __future__ import annotations

from hypothesis import given, settings

from game.board import los
from game.board.geometry import convex_hull
from tests.board import los_reference as ref
from tests.board.los_strategies import ipt, polygon, walls_st


def _certified(a, b, walls) -> bool:
    hull = convex_hull(list(a) + list(b))
    return len(hull) >= 3 and los._wall_line_separates(list(a), list(b), hull, walls)


@settings(max_examples=200, deadline=None)
@given(polygon, polygon, walls_st)
def test_area_certificate_is_sound_and_search_unchanged_section_3_5(a, b, walls):
    """A certified pair has no clear segment at all; the search's answer (witness or None) is
    the exhaustive one either way."""
    want = ref._search(list(a), False, list(b), walls)
    if _certified(a, b, walls):
        assert want is None
    assert los._search(list(a), False, list(b), walls) == want


@settings(max_examples=200, deadline=None)
@given(ipt, polygon, walls_st)
def test_point_certificate_is_sound_and_search_unchanged_section_3_5(p, b, walls):
    want = ref._search([p], True, list(b), walls)
    if not any(los.touch_int(p, p, u, v) for u, v in walls) and _certified([p], b, walls):
        assert want is None
    assert los._search([p], True, list(b), walls) == want


A = [(0, 0), (4, 0), (4, 4), (0, 4)]
B = [(0, 6), (4, 6), (4, 10), (0, 10)]  # above A, a strip of height 2 between them


def _check(a, b, walls, visible: bool, certified: bool | None = None) -> None:
    got = los._search(list(a), len(a) == 1, list(b), walls)
    assert got == ref._search(list(a), len(a) == 1, list(b), walls)
    assert (got is not None) == visible
    if certified is not None:
        assert _certified(a, b, walls) == certified


def test_wall_across_the_whole_hull_blocks_section_3_5():
    _check(A, B, [((0, 5), (4, 5))], visible=False, certified=True)


def test_two_collinear_walls_meeting_end_to_end_block_section_3_5():
    """The walls share the point (2, 5): no gap, touching blocks."""
    _check(A, B, [((0, 5), (2, 5)), ((2, 5), (4, 5))], visible=False, certified=True)


def test_overlapping_collinear_walls_block_section_3_5():
    _check(A, B, [((0, 5), (3, 5)), ((1, 5), (4, 5))], visible=False, certified=True)


def test_a_gap_between_collinear_walls_lets_sight_through_section_3_5():
    _check(A, B, [((0, 5), (2, 5)), ((3, 5), (4, 5))], visible=True, certified=False)


def test_wall_one_short_of_the_hull_edge_lets_sight_through_section_3_5():
    """The hull spans x in [0, 4] at y = 5; a wall to x = 3 leaves the corner strip open."""
    _check(A, B, [((0, 5), (3, 5))], visible=True, certified=False)


def test_wall_ending_exactly_on_the_hull_edge_blocks_section_3_5():
    """The wall's end touches the hull boundary (4, 5): a segment through it touches the wall."""
    _check(A, B, [((-3, 5), (4, 5))], visible=False, certified=True)


def test_shared_walled_edge_blocks_areas_that_touch_section_3_5():
    """Two areas sharing an edge that is a wall (what the corpus shows most): blocked, although
    the areas touch."""
    top = [(0, 4), (4, 4), (4, 8), (0, 8)]
    _check(A, top, [((0, 4), (4, 4))], visible=False, certified=True)
    _check(A, top, [((0, 4), (2, 4))], visible=True, certified=False)


def test_crossing_walls_make_a_point_crossing_not_a_cover_section_3_5():
    """Two walls forming an X between the areas cut only one point of each line: sight passes
    beside them."""
    _check(A, B, [((1, 4), (3, 6)), ((1, 6), (3, 4))], visible=True, certified=False)


def test_bent_chain_across_the_hull_blocks_without_the_line_certificate_section_3_5():
    """A V-shaped wall chain crossing the whole hull: no straight separator, the search decides."""
    _check(A, B, [((-1, 4), (2, 6)), ((2, 6), (5, 4))], visible=False, certified=False)


def test_chain_touching_only_at_an_end_is_still_connected_section_3_5():
    """Two walls meeting at one end point (2, 5): the joint is a wall point, so lines through
    it are blocked there (the gap prune's V-crossing). Bent up to touch B's corner (4, 6) it
    still separates (no straight separator: the search decides); straight, the certificate does."""
    _check(A, B, [((0, 5), (2, 5)), ((2, 5), (4, 6))], visible=False, certified=False)
    _check(A, B, [((0, 5), (2, 5)), ((2, 5), (5, 5))], visible=False, certified=True)
    _check(A, B, [((0, 5), (2, 5)), ((2, 5), (4, 5)), ((4, 5), (4, 6))], visible=False, certified=True)
    # The bend stops short of B's corner: the corner strip stays open.
    _check(A, B, [((0, 5), (2, 5)), ((2, 5), (3, 6))], visible=True, certified=False)


def test_point_behind_a_wall_and_point_on_the_wall_section_3_5():
    """A point behind a wall across the hull sees nothing; a point on that wall is the search's
    own case (point_to_area refuses it before the search) and keeps the search's answer."""
    _check([(2, 4)], B, [((0, 5), (4, 5))], visible=False, certified=True)
    on = [(2, 5)]
    assert los._search(on, True, list(B), [((0, 5), (4, 5))]) == ref._search(on, True, list(B), [((0, 5), (4, 5))])
    assert not los.point_to_area((2, 5), B, [los.Segment((0, 5), (4, 5))]).visible


def test_zero_width_gap_between_walls_sharing_an_end_blocks_section_3_5():
    """Walls ending at the same point leave a gap of zero width: touching blocks, no sight."""
    _check(A, B, [((0, 5), (2, 5)), ((2, 5), (2, 5)), ((2, 5), (4, 5))], visible=False, certified=True)
    # Ends one unit apart on a doubled lattice (a gap of width 1): sight gets through it.
    a2 = [(x * 2, y * 2) for x, y in A]
    b2 = [(x * 2, y * 2) for x, y in B]
    _check(a2, b2, [((0, 10), (4, 10)), ((5, 10), (8, 10))], visible=True, certified=False)


def test_certificate_needs_a_wall_on_the_single_hull_point_section_3_5():
    """Found by hypothesis: the hull meets the wall line y = 2 in the single point p = (2, 2),
    which no wall covers (the wall stops at x = 1): p sees the square, not separated."""
    _check([(2, 2)], [(0, 0), (1, 0), (1, 1), (0, 1)], [((0, 0), (0, 0)), ((0, 2), (1, 2))],
           visible=True, certified=False)
    # The same with the wall reaching past the hull (its line then covered): separated.
    _check([(2, 3)], [(0, 0), (1, 0), (1, 1), (0, 1)], [((0, 2), (3, 2))], visible=False, certified=True)
