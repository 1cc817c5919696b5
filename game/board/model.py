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
from typing import Iterable, Iterator, Mapping, Sequence

from game.engine.errors import InputError

Point = tuple[Fraction, Fraction]
Cell = tuple[int, int]
# A unit lattice edge between two lattice points (in cells, not pixels), smaller point first.
Edge = tuple[Cell, Cell]


class MapError(InputError):
    """A map (or a composition of maps) that cannot be used. Each problem is one line of the form
    `FILE: object NAME (id N): problem`, ready to print as is (no traceback for the user)."""

    def __init__(self, problems: Sequence[str] | str):
        self.problems: tuple[str, ...] = (problems,) if isinstance(problems, str) else tuple(problems)
        super().__init__("\n".join(self.problems))


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


def slug_words(slug: str) -> str:
    """A map object's name in words, as a player reads it: 'larva_nest' -> 'Larva nest'. This is
    the English msgid an area without a Tiled `label` is translated from (Gears tiles name their
    areas so: game/i18n_extract.py extracts these words, the tables and the builder translate them)."""
    return slug.replace("_", " ").strip().capitalize()


@dataclass(frozen=True)
class Area:
    """A named polygon (Gears areas, Doom area rectangles, Level 7 tiles)."""

    name: str
    object_id: int
    polygon: tuple[Point, ...]  # closed implicitly: last vertex joins the first
    properties: Mapping[str, object] = field(default_factory=dict)
    piece: str = ""  # name of the map piece it came from, when composed

    @property
    def words(self) -> str:
        """Its name as the map gives it to a player (English, the msgid): its Tiled `label`, else
        its name in words without the piece ('2A:lift_cage' -> 'Lift cage')."""
        label = self.properties.get("label")
        return str(label) if label else slug_words(self.name.rpartition(":")[2])


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
    # Title features that the rules read and the title's table draws itself (Level 7 icons and
    # population spots, docs/MAPS.md); the shared renderer leaves them to the tile art.
    features: tuple[Marker, ...] = ()
    # Bumped whenever geometry changes (a piece added); LOS caches key on it.
    version: int = 0
    # Why the floor art of the file cannot be drawn (a tileset image missing, damaged, huge or
    # not matching its tileset: tmx_gate), one line each; the rules need no art.
    art_problems: tuple[str, ...] = field(default=(), compare=False)
    # Derived data (outline, adjacency graphs) keyed by (what, version, ...); never compared.
    # init=False so that dataclasses.replace() starts a fresh cache. Code that mutates a
    # board's geometry in place must bump version (or build a new Board).
    _cache: dict = field(default_factory=dict, init=False, repr=False, compare=False)

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

    def content_bounds(self) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 around every area's outline: what a table frames (a map saved with
        empty margins, as the builder once wrote them, is framed to its pieces, issue 21).
        The whole map when it has no areas."""
        xs = [float(p[0]) for a in self.areas.values() for p in a.polygon]
        ys = [float(p[1]) for a in self.areas.values() for p in a.polygon]
        if not xs:
            w, h = self.pixel_size()
            return (0.0, 0.0, float(w), float(h))
        return (min(xs), min(ys), max(xs), max(ys))

    # --- lookups ---------------------------------------------------------------------------

    def area(self, name: str) -> Area:
        try:
            return self.areas[name]
        except KeyError:
            raise KeyError(f"{self.source}: no area named {name!r}") from None

    def cover_spot(self, name: str) -> CoverSpot:
        for spot in self.cover:
            if spot.name == name:
                return spot
        raise KeyError(f"{self.source}: no cover spot named {name!r}")

    def cover_in(self, area: str) -> tuple[CoverSpot, ...]:
        return tuple(spot for spot in self.cover if spot.area == area)

    def door(self, name: str) -> Door:
        for door in self.doors:
            if door.name == name:
                return door
        raise KeyError(f"{self.source}: no door named {name!r}")

    def connectors_of(self, kind: str) -> tuple[Connector, ...]:
        return tuple(c for c in self.connectors if c.kind == kind)

    def pieces(self) -> tuple[str, ...]:
        """Names of the pieces this board was composed from, in order ('' for a single map)."""
        seen: dict[str, None] = {}
        for area in self.areas.values():
            seen.setdefault(area.piece, None)
        return tuple(seen)

    # --- doors -----------------------------------------------------------------------------

    def closed_door_names(self, closed_doors: Iterable[str] | None = None) -> frozenset[str]:
        """The doors that are closed: the given names, or when None the state the map starts in."""
        if closed_doors is None:
            return frozenset(d.name for d in self.doors if d.closed)
        names = frozenset(closed_doors)
        unknown = names - {d.name for d in self.doors}
        if unknown:
            raise KeyError(f"{self.source}: no door named {sorted(unknown)[0]!r}")
        return names

    def door_segments(self, closed_doors: Iterable[str] | None = None) -> tuple[Segment, ...]:
        closed = self.closed_door_names(closed_doors)
        return tuple(s for d in self.doors if d.name in closed for s in d.segments())

    # --- geometry --------------------------------------------------------------------------

    def outline_segments(self) -> tuple[Segment, ...]:
        """The map edge of an area map: area edges not shared with another area (spec gears 3.2:
        the map edge blocks sight). Grid maps return () since their wall_edges already hold it."""
        if self.grid is not None:
            return ()
        key = ("outline", self.version)
        got = self._cache.get(key)
        if got is not None and got[0] is self.areas:  # areas replaced in place: read afresh
            return got[1]
        from game.board.distance import outline_segments  # exact, on integers

        result = outline_segments(self)
        self._cache[key] = (self.areas, result)
        return result

    def piece_seams(self) -> tuple[Segment, ...]:
        """Where areas of two different pieces share an edge with nothing joining them: no joined
        connector, border or level line on it (game/board/distance.py "seams"). Both pieces'
        own map edge, laid against the other's (a Gears tile laid at an exit whose side also
        touches the tile before it: 9A's Promenade beside 12A's Storefront): it blocks sight as
        the map edge does (blocking_segments), movement and range never cross it, and the table
        draws it. () on grid maps (their pieces keep their boundary walls) and boards of one
        piece. Exact, on integers; a board laid one tile after another pays only for the new
        piece's edges. Cached per version."""
        if self.grid is not None:
            return ()
        parts = (self.areas, self.connectors, self.lines)
        key = ("piece_seams", self.version)
        got = self._cache.get(key)
        if got is not None and all(x is y for x, y in zip(got[0], parts)):
            return got[1]
        from game.board.distance import piece_seams  # exact, on integers

        result = piece_seams(self)
        self._cache[key] = (parts, result)
        return result

    def edge_segment(self, edge: Edge) -> Segment:
        """A lattice edge in pixel coordinates."""
        (x0, y0), (x1, y1) = edge
        tw, th = self.tile_width, self.tile_height
        return Segment(point(x0 * tw, y0 * th), point(x1 * tw, y1 * th))

    def blocking_segments(self, closed_doors: Iterable[str] | None = None) -> tuple[Segment, ...]:
        """Everything that blocks sight and movement, in pixels: walls, closed doors (the map's
        starting state when closed_doors is None) and the map edge: the outline and the seams
        where two pieces touch with nothing joining them (gears 3.2 "map edge").

        Cached per version and closed doors, with the containers it was read from compared by
        identity (a Board is mutable: replacing its lines, doors, areas or grid is seen)."""
        closed = self.closed_door_names(closed_doors)
        parts = (self.areas, self.lines, self.doors, self.grid, self.connectors)
        key = ("blocking", self.version, closed)
        got = self._cache.get(key)
        if got is not None and all(x is y for x, y in zip(got[0], parts)):
            return got[1]
        result = self._blocking_segments(closed)
        self._cache[key] = (parts, result)
        return result

    def _blocking_segments(self, closed: frozenset[str]) -> tuple[Segment, ...]:
        doors = self.door_segments(closed)
        if self.grid is not None:
            return tuple(self.edge_segment(e) for e in sorted(self.grid.wall_edges)) + doors
        return self.wall_segments() + doors + self.outline_segments() + self.piece_seams()

    def area_at(self, p: Point) -> str | None:
        """The area containing p (strictly inside first; on a shared border, the first area listed
        whose boundary holds p), or None outside every area."""
        from fractions import Fraction as _F

        if all(isinstance(v, (int, _F)) for v in p):
            # Exact rationals: the same answer on the board's integer geometry, looking only at
            # the areas whose bounding box holds p (game/board/distance.py).
            from game.board.distance import area_at

            return area_at(self, p)
        from game.board.checks import point_in_polygon

        on_border = None
        for area in self.areas.values():
            where = point_in_polygon(p, area.polygon)
            if where == 1:
                return area.name
            if where == 0 and on_border is None:
                on_border = area.name
        return on_border

    def cell_at(self, p: Point) -> Cell | None:
        """The grid cell containing p (cells are half-open: a point on a grid line belongs to the
        cell east/south of it), or None off the grid or on a map without a grid."""
        if self.grid is None:
            return None
        c, r = int(p[0] // self.tile_width), int(p[1] // self.tile_height)
        if 0 <= c < self.grid.cols and 0 <= r < self.grid.rows:
            return (c, r)
        return None

    def cell_center(self, cell: Cell) -> Point:
        c, r = cell
        return (Fraction(2 * c + 1, 2) * self.tile_width, Fraction(2 * r + 1, 2) * self.tile_height)

    def cell_area(self, cell: Cell) -> str | None:
        """The area (Doom: a named rectangle of squares) holding the centre of cell."""
        return self.area_at(self.cell_center(cell))

    def door_edges(self, door: Door) -> frozenset[Edge]:
        """The unit lattice edges a door covers (grid maps)."""
        return frozenset(e for s in door.segments() for e in lattice_edges(s, self.tile_width, self.tile_height))

    def closed_door_edges(self, closed_doors: Iterable[str] | None = None) -> frozenset[Edge]:
        closed = self.closed_door_names(closed_doors)
        return frozenset(e for d in self.doors if d.name in closed for e in self.door_edges(d))

    # --- graphs (areas maps) ---------------------------------------------------------------

    def joined_connectors(self) -> tuple[tuple[Connector, Connector], ...]:
        """Pairs (exit, entrance) of different pieces lying on the same segment (gears 3.7).

        Cached per connectors tuple (kept in the cache and compared by identity, so a board
        whose connectors are replaced is answered afresh). Entrances are grouped by their
        end points, so each exit meets only the entrances on its own segment: the same pairs
        in the same order as trying every exit against every entrance."""
        got = self._cache.get("joined_connectors")
        if got is not None and got[0] is self.connectors:
            return got[1]
        exits = self.connectors_of("exit") + self.connectors_of("connector")
        entrances = self.connectors_of("entrance") + self.connectors_of("connector")
        exact = all(isinstance(v, (int, Fraction)) for c in self.connectors for p in c.segment for v in p)
        key = _ends_key if exact else (lambda s: frozenset((s.a, s.b)))  # noqa: E731
        at: dict[frozenset, list[Connector]] = {}
        for e in entrances:
            at.setdefault(key(e.segment), []).append(e)
        pairs: list[tuple[Connector, Connector]] = []
        seen: set[tuple[Connector, Connector]] = set()
        for x in exits:
            for e in at.get(key(x.segment), ()):
                if x is not e and x.piece != e.piece and (e, x) not in seen:
                    pairs.append((x, e))
                    seen.add((x, e))
        result = tuple(pairs)
        self._cache["joined_connectors"] = (self.connectors, result)
        return result

    def movement_graph(self, closed_doors: Iterable[str] | None = None) -> Mapping[str, frozenset[str]]:
        """Area -> areas one movement step away (gears 3.2/3.7: cracked borders, corners count)."""
        from game.board.distance import area_graph

        return area_graph(self, "movement", closed_doors)

    def range_graph(self, closed_doors: Iterable[str] | None = None) -> Mapping[str, frozenset[str]]:
        """Area -> areas one range step away: movement plus level lines (gears 3.6)."""
        from game.board.distance import area_graph

        return area_graph(self, "range", closed_doors)


def _ends_key(s: Segment) -> frozenset:
    """The set of a segment's two end points (exact rationals: Fraction or int), as a hashable
    key equal exactly when the point sets are equal: (numerator, denominator) pairs, which
    hash much faster than Fractions."""
    return frozenset(((x.numerator, x.denominator), (y.numerator, y.denominator)) for x, y in s)


def lattice_edges(s: Segment, tile_width: int, tile_height: int) -> list[Edge]:
    """Split an axis-parallel segment lying on grid lines into unit lattice edges; ValueError if
    it is diagonal or off the grid lines."""
    (ax, ay), (bx, by) = s.a, s.b
    gx0, gy0, gx1, gy1 = ax / tile_width, ay / tile_height, bx / tile_width, by / tile_height
    for v in (gx0, gy0, gx1, gy1):
        if v.denominator != 1:
            raise ValueError("does not lie on grid lines")
    x0, y0, x1, y1 = int(gx0), int(gy0), int(gx1), int(gy1)
    if x0 != x1 and y0 != y1:
        raise ValueError("is diagonal; walls and doors run along grid lines")
    if x0 == x1:
        lo, hi = sorted((y0, y1))
        return [((x0, y), (x0, y + 1)) for y in range(lo, hi)]
    lo, hi = sorted((x0, x1))
    return [((x, y0), (x + 1, y0)) for x in range(lo, hi)]
