"""Level 7 tile sides (docs/MAPS.md "Level 7"): the slots where doors and duct stubs sit.

A standard Level 7 tile is L7_CELLS x L7_CELLS squares; a larger tile (the Tank Farm, 2 x 2) is a
whole number of standard tiles. Each side of a standard tile along the outline is one slot.
Slot indexes run clockwise along each edge, so a quarter turn keeps them: N west to east,
E north to south, S east to west, W south to north.
"""
from __future__ import annotations

from fractions import Fraction

from game.board.model import Board, Point

# Level 7 (docs/MAPS.md "Level 7"): one map per tile; a standard tile is L7_CELLS x L7_CELLS
# squares, a larger tile a whole number of standard tiles. Each side of a standard tile is one
# slot: a door, or wall.
L7_CELLS = 5
L7_DOOR_KINDS = ("doorway", "door", "locked")
L7_ICONS = (
    "security", "recurring_security", "fear", "recurring_fear", "facility", "lab", "control_panel",
    "lift", "generator", "medical", "storage", "vent", "sealed_vent",
)
L7_SPOTS = ("character", "guard", "clone", "hybrid")
L7_EDGES = ("N", "E", "S", "W")


def l7_slot(board: Board, p: Point, q: Point) -> tuple[str, int] | None:
    """The slot (edge, index) of a Level 7 tile's outline that the segment p-q lies in, or None.
    Indexes run clockwise along each edge: N west to east, E north to south, S east to west,
    W south to north, one per standard tile side."""
    side = board.tile_width * L7_CELLS
    w, h = board.width * board.tile_width, board.height * board.tile_height
    # edge, the coordinate that is fixed along it (0 = x, 1 = y) and its value, and the count of slots
    for edge, fixed, value, count in (("N", 1, 0, w // side), ("S", 1, h, w // side),
                                      ("W", 0, 0, h // side), ("E", 0, w, h // side)):
        if p[fixed] != value or q[fixed] != value:
            continue
        lo, hi = sorted((p[1 - fixed], q[1 - fixed]))
        if lo == hi or lo < 0:
            return None
        index = int(lo // side)
        if hi > (index + 1) * side:
            return None  # runs over a corner, or past the end
        if edge in ("S", "W"):
            index = int(count) - 1 - index
        return edge, index
    return None


def l7_point_slot(board: Board, p: Point) -> tuple[str, int] | None:
    """The slot a point on the outline lies in (a duct stub's end); None off the outline or on a
    slot's end (a corner between two slots)."""
    side = board.tile_width * L7_CELLS
    w, h = board.width * board.tile_width, board.height * board.tile_height
    for edge, fixed, value, along, count in (("N", 1, 0, 0, w // side), ("S", 1, h, 0, w // side),
                                             ("W", 0, 0, 1, h // side), ("E", 0, w, 1, h // side)):
        if p[fixed] != value or not 0 < p[along] < (w if along == 0 else h):
            continue
        q = Fraction(p[along]) / side
        if q.denominator == 1:
            return None
        index = int(q)
        return (edge, int(count) - 1 - index) if edge in ("S", "W") else (edge, index)
    return None
