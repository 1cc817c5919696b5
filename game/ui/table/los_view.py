"""Line of sight for the table's LOS tool, computed by game/board exactly as the rules see it.

The UI only asks and draws: the witness (a segment that sees) or the blocker (the wall segment
that stops the sight), and names the wall/door the blocker lies on for the status line.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.board.model import Board, Segment, lattice_edges
from game.i18n import _
from game.ui.table.places import Place


@dataclass(frozen=True)
class LosShown:
    origin: Place
    target: Place
    visible: bool
    witness: Segment | None
    blocker: Segment | None
    blocker_name: str  # "wall W3", "door D1", "the map edge", "" when visible

    @property
    def status(self) -> str:
        if self.visible:
            return _("visible")
        if self.blocker_name:
            return _("blocked by {what}").format(what=self.blocker_name)
        return _("blocked")


class LosUnavailable(Exception):
    """This build has no LOS module for the board's kind; the table says so instead of failing."""


def compute_los(board: Board, origin: Place, target: Place) -> LosShown:
    if board.grid is not None:
        try:
            from game.board.gridlos import GridSight
        except ImportError:
            raise LosUnavailable(_("Line of sight on square grids is not available in this build.")) from None

        assert origin.cell is not None and target.cell is not None
        grid = board.grid
        sight = GridSight(grid.cols, grid.rows, grid.wall_edges, (board.tile_width, board.tile_height))
        # the two figures' own squares never block the sight between them (as `python -m game los`)
        result = sight.visible(origin.cell, target.cell, blocking=grid.blocking - {origin.cell, target.cell},
                               closed_doors=board.closed_door_edges())
    else:
        from game.board.los import AreaSight

        sight = AreaSight(board, board.blocking_segments())
        # A cover spot or a point sees from that exact point (gears 3.5), an area from any of its points.
        if origin.point is not None and target.point is not None:
            result = sight.points(origin.point, target.point)
        elif origin.point is not None:
            result = sight.point_area(origin.point, target.name)
        elif target.point is not None:
            result = sight.point_area(target.point, origin.name)
        else:
            result = sight.areas(origin.name, target.name)
    blocker = result.blocker
    name = "" if result.visible or blocker is None else name_of_blocker(board, blocker)
    return LosShown(origin, target, bool(result.visible), result.witness, blocker, name)


def name_of_blocker(board: Board, blocker: Segment) -> str:
    """Which wall, door or edge of the map the blocking segment lies on."""
    for line in board.lines_of("wall"):
        if any(_covers(s, blocker) for s in line.segments()):
            return _("wall {name}").format(name=line.name or line.object_id)
    for door in board.doors:
        if any(_covers(s, blocker) for s in door.segments()):
            return _("door {name}").format(name=door.name or door.object_id)
    if board.grid is not None:
        try:
            on_wall = set(lattice_edges(blocker, board.tile_width, board.tile_height)) <= board.grid.wall_edges
        except ValueError:  # diagonal or off the lattice: a square's corner, not an edge
            on_wall = False
        square = None if on_wall else _blocking_square(board, blocker)
        if square is not None:
            return square
        return _("wall {name}").format(name=_edge_label(board, blocker))
    return _("the map edge")


def _blocking_square(board: Board, blocker: Segment) -> str | None:
    """The blocking square (obstacle, barrel) whose side or corner the blocker marks, if any."""
    assert board.grid is not None
    tw, th = board.tile_width, board.tile_height
    (ax, ay), (bx, by) = blocker.a, blocker.b
    candidates = set()
    for x, y in ((ax, ay), (bx, by)):
        c, r = x / tw, y / th
        for dc in (0, -1):
            for dr in (0, -1):
                candidates.add((int(c) + dc if c.denominator == 1 else int(c), int(r) + dr if r.denominator == 1 else int(r)))
    touched = [cell for cell in sorted(candidates & set(board.grid.blocking)) if _segment_on_cell(blocker, cell, tw, th)]
    if not touched:
        return None
    cell = touched[0]
    for marker in board.markers:
        if marker.properties.get("cell") == cell:
            return f"{marker.name} ({cell[0]},{cell[1]})"
    return _("square {cell}").format(cell=f"{cell[0]},{cell[1]}")


def _segment_on_cell(s: Segment, cell, tw: int, th: int) -> bool:
    x0, y0, x1, y1 = cell[0] * tw, cell[1] * th, (cell[0] + 1) * tw, (cell[1] + 1) * th
    return all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in (s.a, s.b))


def _edge_label(board: Board, s: Segment) -> str:
    (ax, ay), (bx, by) = s.a, s.b
    tw, th = board.tile_width, board.tile_height
    return f"({ax / tw},{ay / th})-({bx / tw},{by / th})"


def _covers(outer: Segment, inner: Segment) -> bool:
    """Both ends of `inner` lie on `outer` (exact arithmetic)."""
    return _on_segment(inner.a, outer) and _on_segment(inner.b, outer)


def _on_segment(p, s: Segment) -> bool:
    (ax, ay), (bx, by) = s.a, s.b
    px, py = p
    if (bx - ax) * (py - ay) - (by - ay) * (px - ax) != 0:
        return False
    return min(ax, bx) <= px <= max(ax, bx) and min(ay, by) <= py <= max(ay, by)
