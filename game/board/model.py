"""The Board: static map geometry read from Tiled files, in exact (rational) map coordinates.

This module is the contract between the map loader (game/board/tmx.py), map composition
(game/board/compose.py), line of sight (game/board/los.py, game/board/gridlos.py), the rules
packages and the UI. It holds no pygame and no game state: which doors are open, where figures
stand and who is in cover belong to the rules' state and are passed to queries as arguments.

Coordinates are Tiled pixel coordinates (x to the east, y to the south) as Fractions, so that
geometry is exact. A grid cell (col, row) spans [col*tw, (col+1)*tw] x [row*th, (row+1)*th].
Angles (cover arrows) are degrees clockwise from east as seen on screen (y points down), so an
arrow at angle a points along (cos a, sin a) in map coordinates.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterator, Mapping

Point = tuple[Fraction, Fraction]
Cell = tuple[int, int]


def point(x: float | int | str | Fraction, y: float | int | str | Fraction) -> Point:
    """An exact point. Floats are read through their shortest decimal repr (Tiled writes decimals)."""
    return (_exact(x), _exact(y))


def _exact(v: float | int | str | Fraction) -> Fraction:
    if isinstance(v, float):
        return Fraction(repr(v))
    return Fraction(v)


@dataclass(frozen=True)
class Segment:
    a: Point
    b: Point

    def __iter__(self) -> Iterator[Point]:
        yield self.a
        yield self.b


@dataclass(frozen=True)
class Area:
    """A named polygon (Gears areas, Doom area rectangles, Level 7 tiles)."""

    name: str
    object_id: int
    polygon: tuple[Point, ...]  # closed implicitly: last vertex joins the first
    properties: Mapping[str, object] = field(default_factory=dict)
    piece: str = ""  # name of the map piece it came from, when composed


@dataclass(frozen=True)
class Line:
    """A polyline object: kind is 'wall', 'level_line' or 'border' (a cracked, passable border)."""

    kind: str
    name: str
    object_id: int
    points: tuple[Point, ...]
    piece: str = ""

    def segments(self) -> tuple[Segment, ...]:
        return tuple(Segment(p, q) for p, q in zip(self.points, self.points[1:]))


@dataclass(frozen=True)
class Door:
    """A door on an edge. `closed` is the state the map starts in; rules keep the live state."""

    name: str
    object_id: int
    points: tuple[Point, ...]
    closed: bool = True
    properties: Mapping[str, object] = field(default_factory=dict)  # door_type, key colour...
    piece: str = ""

    def segments(self) -> tuple[Segment, ...]:
        return tuple(Segment(p, q) for p, q in zip(self.points, self.points[1:]))


@dataclass(frozen=True)
class CoverSpot:
    """A Gears cover spot: a point in an area with one or more arrows (degrees, see module doc)."""

    name: str
    object_id: int
    point: Point
    area: str
    arrows: tuple[int, ...]
    piece: str = ""


@dataclass(frozen=True)
class Marker:
    """A point marker: kind is 'emergence', 'spawn', 'equipment', 'obstacle', 'hazard', 'barrel',
    'vent', 'teleporter', 'key', 'encounter', 'figure', ... (see docs/MAPS.md)."""

    kind: str
    name: str
    object_id: int
    point: Point
    area: str | None = None
    properties: Mapping[str, object] = field(default_factory=dict)
    piece: str = ""


@dataclass(frozen=True)
class Connector:
    """An open tile edge where pieces join: kind is 'entrance' or 'exit' (Gears) or 'connector'."""

    kind: str
    name: str
    object_id: int
    segment: Segment
    piece: str = ""


@dataclass(frozen=True)
class Grid:
    """Square-grid facts for Doom-style maps, in cells (not pixels)."""

    cols: int
    rows: int
    floor: frozenset[Cell]
    # Unit lattice edges that are walls: ((x0, y0), (x1, y1)) lattice points, x0 <= x1, y0 <= y1,
    # length 1. Includes every edge between floor and non-floor and every wall drawn inside.
    wall_edges: frozenset[tuple[Cell, Cell]]
    # Cells holding a blocking prop (obstacle, barrel) as authored on the map.
    blocking: frozenset[Cell] = frozenset()


@dataclass
class Board:
    """Everything static about one map (one piece, or several composed)."""

    source: str  # the file it came from, for messages
    width: int  # in tiles
    height: int
    tile_width: int  # pixels
    tile_height: int
    properties: Mapping[str, object] = field(default_factory=dict)
    areas: dict[str, Area] = field(default_factory=dict)
    lines: tuple[Line, ...] = ()
    doors: tuple[Door, ...] = ()
    cover: tuple[CoverSpot, ...] = ()
    markers: tuple[Marker, ...] = ()
    connectors: tuple[Connector, ...] = ()
    grid: Grid | None = None
    # Bumped whenever geometry changes (a piece added); LOS caches key on it.
    version: int = 0

    @property
    def kind(self) -> str:
        """'grid' for square-grid maps (Doom), 'areas' for polygon-area maps (Gears)."""
        return "grid" if self.grid is not None else "areas"

    def lines_of(self, kind: str) -> tuple[Line, ...]:
        return tuple(line for line in self.lines if line.kind == kind)

    def wall_segments(self) -> tuple[Segment, ...]:
        return tuple(s for line in self.lines_of("wall") for s in line.segments())

    def markers_of(self, kind: str) -> tuple[Marker, ...]:
        return tuple(m for m in self.markers if m.kind == kind)

    def pixel_size(self) -> tuple[int, int]:
        return self.width * self.tile_width, self.height * self.tile_height
