"""Places on a board the table can point at: an area (area maps) or a grid cell (grid maps),
and, written on the command line of `screenshot --los` as for `python -m game los`, a cover
spot or an x,y point of an area map (their line of sight starts from that exact point)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from game.board.model import Board, Cell, Point

_CELL = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*$")
_POINT = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$")


@dataclass(frozen=True)
class Place:
    kind: str  # "area", "cell", "cover" (a cover spot) or "point" (x,y map pixels)
    name: str  # the area name, "c,r" for a cell, the cover spot's name, or "x,y"
    cell: Cell | None = None
    area: str | None = None  # for a cell, cover spot or point: the area (room) holding it
    point: Point | None = None  # for a cover spot or point: where its line of sight starts

    @property
    def label(self) -> str:
        if self.kind in ("cell", "cover", "point"):
            return f"{self.area} ({self.name})" if self.area else self.name
        return self.name


def place_at(board: Board, mx: float, my: float) -> Place | None:
    """The place under map point (mx, my), or None off the board."""
    p = (Fraction(mx), Fraction(my))  # exact from the float: no rounding in the lookup itself
    if board.grid is not None:
        cell = board.cell_at(p)
        if cell is None or cell not in board.grid.floor:
            return None
        return Place("cell", f"{cell[0]},{cell[1]}", cell, board.cell_area(cell))
    name = board.area_at(p)
    return Place("area", name, None, name) if name is not None else None


def parse_place(board: Board, text: str) -> Place:
    """A place given on the command line: an area name, or 'c,r' for a cell of a grid map."""
    match = _CELL.match(text)
    if match and board.grid is not None:
        cell = (int(match.group(1)), int(match.group(2)))
        if cell not in board.grid.floor:
            raise ValueError(f"{board.source}: cell {text!r} is not a floor square")
        return Place("cell", f"{cell[0]},{cell[1]}", cell, board.cell_area(cell))
    if board.grid is not None:
        # On a grid map an area name means the cell at its centre, the way players point at a room.
        area = board.areas.get(text)
        if area is None:
            raise ValueError(f"{board.source}: no cell or area named {text!r} (cells are written c,r)")
        cx, cy = anchor_of_polygon(area.polygon)
        cell = board.cell_at((Fraction(cx), Fraction(cy)))
        if cell is None or cell not in board.grid.floor:
            raise ValueError(f"{board.source}: area {text!r} has no floor square at its centre")
        return Place("cell", f"{cell[0]},{cell[1]}", cell, text)
    if text in board.areas:
        return Place("area", text, None, text)
    spot = next((c for c in board.cover if c.name == text), None)
    if spot is not None:
        return Place("cover", text, None, spot.area, spot.point)
    match = _POINT.match(text)
    if match:
        p = (Fraction(match.group(1)), Fraction(match.group(2)))
        area = board.area_at(p)
        if area is None:
            raise ValueError(f"{board.source}: point {text!r} is not inside any area")
        return Place("point", text, None, area, p)
    raise ValueError(f"{board.source}: no area or cover spot named {text!r} (points are written x,y)")


def anchor(board: Board, place: Place) -> tuple[float, float]:
    """Where to draw a marker for the place, in map pixels."""
    if place.cell is not None:
        cx, cy = board.cell_center(place.cell)
        return float(cx), float(cy)
    if place.point is not None:
        return float(place.point[0]), float(place.point[1])
    return anchor_of_polygon(board.areas[place.name].polygon)


def anchor_of_polygon(polygon) -> tuple[float, float]:
    """The area centroid (shoelace); the vertex mean for degenerate polygons."""
    pts = [(float(x), float(y)) for x, y in polygon]
    a = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
        cross = x0 * y1 - x1 * y0
        a += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(a) < 1e-9:
        return sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)
    return cx / (3 * a), cy / (3 * a)
