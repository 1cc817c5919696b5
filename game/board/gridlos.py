"""Exact Doom-style line of sight on a square grid (doom.md §3.7, reused by §3.5/§3.6).

The predicate (doom.md §3.7 [proposal], in doubled integer coordinates so that square (x, y)
spans [2x, 2x+2] x [2y, 2y+2] and its centre is (2x+1, 2y+1)):

1. S is the segment from the viewer square's centre to the target square's centre.
2. Walls and closed doors are unit lattice edges; S is blocked if it properly crosses one. (S never
   runs along a grid line: its ends have odd coordinates.)
3. S is blocked if it enters the open interior of a blocking square (figure, obstacle, barrel).
4. Where S passes exactly through a lattice vertex v, the solids touching v (wall/door edges
   ending at v as rays, blocking squares cornered at v as quadrants) block S if they lie strictly
   on both sides of S; grazing solids on one side only passes. With `strict_corners` (doom.md
   §11 item 11's rule option) any solid touching v on either side blocks.
5. The viewer's and the target's squares never block.

How it is evaluated
-------------------
S moves monotonically, so walking it through the grid meets, in order, exactly: the squares
whose interior it enters, the edges it crosses at an interior point, and the vertices it passes
through (an edge crossing and a vertex are told apart by comparing the crossing parameters
(2i-1)/(2|dx|) and (2j-1)/(2|dy|) as integers). At a vertex the side of every ray and quadrant
depends only on the signs of (dx, dy) (rays are axis-parallel, the two side quadrants are the
diagonal ones S does not enter), so "v blocks lines of direction class (sx, sy)" is a property of
v alone: a *pinched* vertex. The walk for displacement (dx, dy) is the same from every square up
to translation, so `_Lattice` computes each path once per grid size, and the LOS predicate is

    visible(a, b)  <=>  no element of path(b - a), translated by a, is solid,

where the elements are squares (solid = blocking), edges (solid = wall or closed door) and
vertices of the path's class (solid = pinched). `visible` evaluates it directly. The two fast
paths are the same formula regrouped, not an approximation:

* `visible_from(a)`: for every element e, the set of displacements whose path contains e is a
  precomputed bitmask ("shadow" of e); the targets a cannot see are the OR of the shadows of the
  solid elements around a. Walls are fixed and a game has a few sets of closed doors, so their
  shadows per source are cached per door set (a "layer"); only the figures and the vertices
  they pinch are ORed per query.
* `all_pairs()`: for every displacement d, the set of *sources* whose path is blocked is the OR,
  over the elements of path(d), of the solid-element bitmask shifted by the element's offset
  (each step "cross an edge, enter a square" is one shift of a combined mask). Pairs (a, a+d) and
  (a+d, a) are the same segment, so half the displacements suffice.

Both are checked against an independent brute force in tests/board/test_gridlos.py.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import compress
from typing import Iterable, Iterator, Mapping

from game.board.los import LosResult
from game.board.model import Cell, Point, Segment

Edge = tuple[Cell, Cell]  # unit lattice edge ((x0, y0), (x1, y1)), x0 <= x1, y0 <= y1

CELL, HEDGE, VEDGE, VERTEX = 0, 1, 2, 3
CLASSES = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_ZERO_ONE = bytes.maketrans(b"01", b"\x00\x01")


def normalize_edge(edge: Iterable[Iterable[int]]) -> Edge:
    """A unit lattice edge in canonical order; ValueError if it is not one."""
    (x0, y0), (x1, y1) = (tuple(int(v) for v in p) for p in edge)
    if (x0, y0) > (x1, y1):
        x0, y0, x1, y1 = x1, y1, x0, y0
    if not ((x1 - x0, y1 - y0) in ((1, 0), (0, 1))):
        raise ValueError(f"{((x0, y0), (x1, y1))} is not a unit lattice edge")
    return ((x0, y0), (x1, y1))


def unit_edges(points: Iterable[Point], tile_size: tuple[int, int] = (1, 1)) -> frozenset[Edge]:
    """Split an axis-parallel polyline in map pixels (a Doom door, a wall line) into unit lattice
    edges. ValueError if a piece is diagonal or does not lie on grid lines."""
    tw, th = tile_size
    pts = [(Fraction(x) / tw, Fraction(y) / th) for x, y in points]
    out: set[Edge] = set()
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if x0 != x1 and y0 != y1:
            raise ValueError(f"polyline piece {(x0, y0)}-{(x1, y1)} (cells) is not axis-parallel")
        for v in (x0, y0, x1, y1):
            if v.denominator != 1:
                raise ValueError(f"polyline point {v} (cells) is off the grid lines")
        if x0 == x1:
            lo, hi = sorted((int(y0), int(y1)))
            out.update(((int(x0), y), (int(x0), y + 1)) for y in range(lo, hi))
        else:
            lo, hi = sorted((int(x0), int(x1)))
            out.update(((x, int(y0)), (x + 1, int(y0))) for x in range(lo, hi))
    return frozenset(out)


def walk(dx: int, dy: int) -> list[tuple[int, int, int]]:
    """Elements met by the centre-to-centre segment from square (0, 0) to square (dx, dy), in
    order: (CELL, x, y) squares entered (not the two end squares), (HEDGE, x, y) the edge
    (x, y)-(x+1, y) crossed, (VEDGE, x, y) the edge (x, y)-(x, y+1) crossed, (VERTEX, x, y) a
    lattice point passed through. Exact integer arithmetic (doom.md §3.7)."""
    out: list[tuple[int, int, int]] = []
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    ax, ay = abs(dx), abs(dy)
    cx = cy = 0
    i = j = 1  # next vertical-line / horizontal-line crossing, counted from the viewer
    while i <= ax or j <= ay:
        # crossing i of the vertical lines happens at t = (2i-1)/(2ax); j likewise with ay
        if j > ay:
            order = -1
        elif i > ax:
            order = 1
        else:
            lhs, rhs = (2 * i - 1) * ay, (2 * j - 1) * ax
            order = (lhs > rhs) - (lhs < rhs)
        if order < 0:
            out.append((VEDGE, cx + (sx > 0), cy))
            cx += sx
            i += 1
        elif order > 0:
            out.append((HEDGE, cx, cy + (sy > 0)))
            cy += sy
            j += 1
        else:
            out.append((VERTEX, cx + (sx > 0), cy + (sy > 0)))
            cx += sx
            cy += sy
            i += 1
            j += 1
        if (cx, cy) != (dx, dy):
            out.append((CELL, cx, cy))
    return out


_WALKS: dict[tuple[int, int], list[tuple[int, int, int]]] = {}


def _quadrant_walk(dx: int, dy: int) -> list[tuple[int, int, int]]:
    """walk(dx, dy) for dx, dy >= 0, kept for every grid (a path does not depend on the grid)."""
    got = _WALKS.get((dx, dy))
    if got is None:
        got = _WALKS[(dx, dy)] = walk(dx, dy)
    return got


def vertex_sides(vx: int, vy: int, sx: int, sy: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """(left, right): the rays (edges ending at v) and side quadrants (squares cornered at v
    that S does not enter) on each side of a line through v with direction class (sx, sy)."""
    left: list[tuple[int, int, int]] = []
    right: list[tuple[int, int, int]] = []
    rays = (((1, 0), (HEDGE, vx, vy)), ((-1, 0), (HEDGE, vx - 1, vy)),
            ((0, 1), (VEDGE, vx, vy)), ((0, -1), (VEDGE, vx, vy - 1)))
    quads = (((qx, qy), (CELL, vx + (qx > 0) - 1, vy + (qy > 0) - 1)) for qx in (1, -1) for qy in (1, -1))
    for (rx, ry), elem in (*rays, *quads):
        side = sx * ry - sy * rx
        if side > 0:
            left.append(elem)
        elif side < 0:
            right.append(elem)
    return tuple(left), tuple(right)


# A vertex's solids as 8 bits: rays +x, -x, +y, -y (edges ending there), then the squares
# cornered there in the quadrants (+,+), (-,+), (-,-), (+,-). Pinching is then a table lookup.
_OCC_BIT = {(HEDGE, 0, 0): 1, (HEDGE, -1, 0): 2, (VEDGE, 0, 0): 4, (VEDGE, 0, -1): 8,
            (CELL, 0, 0): 16, (CELL, -1, 0): 32, (CELL, -1, -1): 64, (CELL, 0, -1): 128}
_SIDE_MASKS = tuple(tuple(sum(_OCC_BIT[e] for e in side) for side in vertex_sides(0, 0, *c)) for c in CLASSES)


def _blocks(occ: int, side_masks: tuple[int, int], strict: bool) -> bool:
    left, right = occ & side_masks[0], occ & side_masks[1]
    return bool(left or right) if strict else bool(left and right)


# _PINCH[strict][occupancy] -> the direction classes a vertex with those solids blocks
_PINCH = tuple(
    tuple(frozenset(c for c, m in zip(CLASSES, _SIDE_MASKS) if _blocks(occ, m, strict)) for occ in range(256))
    for strict in (False, True)
)


def occupancy(hedges: Iterable[Cell], vedges: Iterable[Cell], cells: Iterable[Cell],
              into: dict[Cell, int] | None = None) -> dict[Cell, int]:
    """vertex -> occupancy bits (see _OCC_BIT) for the given solids, added to `into`."""
    occ: dict[Cell, int] = {} if into is None else into
    get = occ.get
    for x, y in hedges:
        occ[(x, y)] = get((x, y), 0) | 1
        occ[(x + 1, y)] = get((x + 1, y), 0) | 2
    for x, y in vedges:
        occ[(x, y)] = get((x, y), 0) | 4
        occ[(x, y + 1)] = get((x, y + 1), 0) | 8
    for cell in cells:
        v0, v1, v2, v3 = _corners(cell)
        occ[v0] = get(v0, 0) | 16
        occ[v1] = get(v1, 0) | 32
        occ[v2] = get(v2, 0) | 64
        occ[v3] = get(v3, 0) | 128
    return occ


_CORNERS: dict[Cell, tuple[Cell, Cell, Cell, Cell]] = {}


def _corners(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The square's corners in the order of its quadrant bits; memoised (figures move a lot)."""
    got = _CORNERS.get(cell)
    if got is None:
        x, y = cell
        got = _CORNERS[cell] = ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))
    return got


class _Lattice:
    """Per grid size: every displacement's path, the element shadows and the all-pairs steps."""

    _cache: dict[tuple[int, int], "_Lattice"] = {}

    @classmethod
    def of(cls, cols: int, rows: int) -> "_Lattice":
        """The lattice for a grid of this size: one made for a grid at least as large serves (its
        paths and shadows hold every displacement of this grid; GridSight reads shadows through
        the lattice's own sizes), so the maps of a process share the work."""
        lat = cls._cache.get((cols, rows))
        if lat is None:
            lat = next((big for big in cls._cache.values() if big.cols >= cols and big.rows >= rows), None)
            lat = cls._cache[(cols, rows)] = lat or cls(cols, rows)
        return lat

    def __init__(self, cols: int, rows: int) -> None:
        self.cols, self.rows = cols, rows
        self._paths: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
        self._all = False
        self._shadows: dict[tuple[int, int, int], int] | None = None
        self._grids: tuple[list[int], list[int], list[int], list[int]] | None = None
        self._steps: list | None = None
        # displacement bit layout for shadows: index (dy + rows-1) * wd + (dx + cols-1)
        self.wd = 2 * cols - 1
        self.nbits = (2 * rows - 1) * self.wd

    def path(self, dx: int, dy: int) -> list[tuple[int, int, int]]:
        """walk(dx, dy), worked out on the first ask: the quadrant path mirrored (see shadows)."""
        got = self._paths.get((dx, dy))
        if got is None:
            got = _quadrant_walk(abs(dx), abs(dy))
            if dx < 0:
                got = [(k, -x if k == CELL or k == HEDGE else 1 - x, y) for k, x, y in got]
            if dy < 0:
                got = [(k, x, -y if k == CELL or k == VEDGE else 1 - y) for k, x, y in got]
            self._paths[(dx, dy)] = got
        return got

    @property
    def paths(self) -> dict[tuple[int, int], list[tuple[int, int, int]]]:
        """Every displacement in the grid -> its path (row by row, dx fastest)."""
        if not self._all:
            rows, cols = self.rows, self.cols
            self._paths = {(dx, dy): self.path(dx, dy) for dy in range(-(rows - 1), rows)
                           for dx in range(-(cols - 1), cols)}
            self._all = True
        return self._paths

    def didx(self, dx: int, dy: int) -> int:
        return (dy + self.rows - 1) * self.wd + dx + self.cols - 1

    def shadows(self) -> dict[tuple[int, int, int], int]:
        """element (kind, x, y) relative to the viewer -> bitmask of displacements whose path has it.

        Built from the paths of one quadrant (dx, dy >= 0) only: mirroring a displacement in x
        (or y) mirrors its path (walk() depends on |dx|, |dy| and the signs alone): a square's x
        becomes -x, a vertical edge's or a vertex's line x becomes 1 - x. `shadows_by_paths` is
        the plain construction from every path (the tests compare the two)."""
        if self._shadows is None:
            rows, cols, wd = self.rows, self.cols, self.wd
            nbytes = (self.nbits + 7) // 8
            # Bits go straight into a bytearray per element; an element's mirror images are looked
            # up once (the paths repeat elements), so the walk does no tuple building.
            bufs: defaultdict[tuple[int, int, int], bytearray] = defaultdict(lambda: bytearray(nbytes))
            images: dict[tuple[int, int, int], tuple[bytearray, ...]] = {}
            for dy in range(rows):
                for dx in range(cols):
                    path = _quadrant_walk(dx, dy)
                    if not path:
                        continue
                    b0 = (dy + rows - 1) * wd + dx + cols - 1  # (dx, dy), then mirrored in x, y, both
                    b1, b2 = b0 - 2 * dx, b0 - 2 * dy * wd
                    b3 = b2 - 2 * dx
                    i0, i1, i2, i3 = b0 >> 3, b1 >> 3, b2 >> 3, b3 >> 3
                    m0, m1, m2, m3 = 1 << (b0 & 7), 1 << (b1 & 7), 1 << (b2 & 7), 1 << (b3 & 7)
                    for e in path:
                        got = images.get(e)
                        if got is None:
                            k, x, y = e
                            mx = -x if k == CELL or k == HEDGE else 1 - x
                            my = -y if k == CELL or k == VEDGE else 1 - y
                            got = images[e] = (bufs[e], bufs[(k, mx, y)], bufs[(k, x, my)], bufs[(k, mx, my)])
                        g0, g1, g2, g3 = got
                        g0[i0] |= m0
                        if dx:
                            g1[i1] |= m1
                        if dy:
                            g2[i2] |= m2
                            if dx:
                                g3[i3] |= m3
            out = {e: int.from_bytes(buf, "little") for e, buf in bufs.items()}
            self._shadows = out
        return self._shadows

    def grids(self) -> tuple[list[int], list[int], list[int], list[int]]:
        """`shadows` as one flat list per element kind (CELL, HEDGE, VEDGE, VERTEX), element
        (x, y) at `(y + rows) * (2 * cols + 1) + x + cols` (0: no shadow): a loop over the solids
        around a square indexes these instead of building and hashing a key per element."""
        if self._grids is None:
            w = 2 * self.cols + 1
            grids = tuple([0] * (w * (2 * self.rows + 1)) for _ in range(4))
            for (k, x, y), sh in self.shadows().items():
                grids[k][(y + self.rows) * w + x + self.cols] = sh
            self._grids = grids
        return self._grids

    def shadows_by_paths(self) -> dict[tuple[int, int, int], int]:
        """`shadows` from every path as walk() gives it (slower; for the tests)."""
        bits: dict[tuple[int, int, int], list[int]] = {}
        for (dx, dy), path in self.paths.items():
            b = self.didx(dx, dy)
            for e in path:
                bits.setdefault(e, []).append(b)
        return {e: sum(1 << b for b in bs) for e, bs in bits.items()}


@dataclass(frozen=True)
class _Solids:
    cells: frozenset[Cell]
    hedges: frozenset[Cell]
    vedges: frozenset[Cell]

    def has(self, e: tuple[int, int, int]) -> bool:
        k, x, y = e
        if k == CELL:
            return (x, y) in self.cells
        if k == HEDGE:
            return (x, y) in self.hedges
        return (x, y) in self.vedges


@dataclass
class _DoorLayer:
    """The walls with one set of closed doors: what every query with those doors shares."""

    hedges: frozenset[Cell]  # solid edges: walls and the doors
    vedges: frozenset[Cell]
    occ: dict[Cell, int]  # vertex -> occupancy bits of walls and doors
    pinched: dict[tuple[int, int], frozenset[Cell]]  # class -> vertices walls and doors pinch
    doors: "_Shade"  # the doors' edges that are not walls and the vertices walls alone do not pinch
    shadow: dict[Cell, int] = field(default_factory=dict)  # square -> _layer_shadow


@dataclass(frozen=True)
class _Shade:
    """Fixed solid elements (walls, a door set) as GridSight._shadow_of reads them, for every
    square asked: flat indices y * (2 * cols + 1) + x (_Lattice.grids' layout, the lattice's
    cols) of the edges, the pinched vertices as (x, y, index, classes) with bit
    2 * (sx > 0) + (sy > 0) set for each class (sx, sy) it blocks."""

    hedges: tuple[int, ...]
    vedges: tuple[int, ...]
    vertices: tuple[tuple[int, int, int, int], ...]


class GridSight:
    """Doom LOS on one grid: fixed walls, per-query blocking squares and closed doors.

    cols, rows: grid size in squares. wall_edges: unit lattice edges (see model.Grid).
    tile_size: pixels per square, for the witness/blocker segments (map coordinates).
    Query arguments: `blocking` is the set of squares holding figures, obstacles or barrels (the
    viewer's and target's own squares are ignored automatically; for a large figure pass its
    other squares out yourself); `closed_doors` is a set of unit lattice edges.
    Results are cached per (blocking, closed_doors, strict_corners)."""

    KEEP = 16

    def __init__(self, cols: int, rows: int, wall_edges: Iterable[Edge], tile_size: tuple[int, int] = (1, 1),
                 strict_corners: bool = False) -> None:
        if cols < 1 or rows < 1:
            raise ValueError(f"grid must be at least 1x1, got {cols}x{rows}")
        self.cols, self.rows = cols, rows
        self.tile_size = tile_size
        self.strict_corners = strict_corners
        self._doors: dict[frozenset, frozenset[Edge]] = {}  # closed doors as given -> normalised
        self._edges: dict[frozenset, tuple[frozenset[Cell], frozenset[Cell]]] = {}  # -> _edge_solids
        self.walls = frozenset(self._checked_edge(e) for e in wall_edges)
        self._lat = _Lattice.of(cols, rows)
        hedges = frozenset(e[0] for e in self.walls if e[0][1] == e[1][1])
        vedges = frozenset(e[0] for e in self.walls if e[0][0] == e[1][0])
        self._static = _Solids(frozenset(), hedges, vedges)
        self._pinch = _PINCH[bool(strict_corners)]
        self._static_occ = occupancy(hedges, vedges, ())
        self._static_pinched = self._pinched(self._static_occ, self._static_occ)
        self._static_shadow: dict[Cell, int] = {}
        self._walls = self._shade(hedges=hedges, vedges=vedges, pinched=self._static_pinched)
        self._keys: dict[tuple, dict] = {}
        self._layers: dict[frozenset[Edge], _DoorLayer] = {}
        # bit layout for all-pairs masks: position (x, y) -> y * sa + x, wide enough not to wrap
        self.sa = 2 * cols + 3
        self._grid_rows_mask = None

    # --- input checks ------------------------------------------------------------------------

    def _checked_edge(self, e) -> Edge:
        (x0, y0), (x1, y1) = edge = normalize_edge(e)
        if not (0 <= x0 and x1 <= self.cols and 0 <= y0 and y1 <= self.rows):
            raise ValueError(f"edge {edge} lies outside the {self.cols}x{self.rows} grid")
        return edge

    def _checked_cell(self, c: Cell) -> Cell:
        x, y = c
        if not (0 <= x < self.cols and 0 <= y < self.rows):
            raise ValueError(f"square {c} lies outside the {self.cols}x{self.rows} grid")
        return (int(x), int(y))

    # --- solids --------------------------------------------------------------------------------

    def _solids(self, blocking: Iterable[Cell], closed_doors: Iterable[Edge]) -> _Solids:
        hedges, vedges = self._edge_solids(closed_doors)
        return _Solids(frozenset(blocking), hedges, vedges)

    def _edge_solids(self, closed_doors: Iterable[Edge]) -> tuple[frozenset[Cell], frozenset[Cell]]:
        """(horizontal, vertical) solid edges, by their first point: the walls and these closed
        doors. The same few door sets come back at every query: each is worked out once."""
        doors = closed_doors if isinstance(closed_doors, frozenset) else frozenset(closed_doors)
        got = self._edges.get(doors)
        if got is None:
            norm = [self._checked_edge(e) for e in doors]
            got = (self._static.hedges | {e[0] for e in norm if e[0][1] == e[1][1]},
                   self._static.vedges | {e[0] for e in norm if e[0][0] == e[1][0]})
            if len(self._edges) >= 4 * self.KEEP:
                self._edges.pop(next(iter(self._edges)))
            self._edges[doors] = got
        return got

    def _vertex_occ(self, solids: _Solids, vx: int, vy: int) -> int:
        """The occupancy bits (_OCC_BIT) of vertex (vx, vy)."""
        hedges, vedges, cells = solids.hedges, solids.vedges, solids.cells
        occ = 0
        if (vx, vy) in hedges:
            occ |= 1
        if (vx - 1, vy) in hedges:
            occ |= 2
        if (vx, vy) in vedges:
            occ |= 4
        if (vx, vy - 1) in vedges:
            occ |= 8
        if cells:
            if (vx, vy) in cells:
                occ |= 16
            if (vx - 1, vy) in cells:
                occ |= 32
            if (vx - 1, vy - 1) in cells:
                occ |= 64
            if (vx, vy - 1) in cells:
                occ |= 128
        return occ

    def _pinched(self, occ: dict[Cell, int], vertices: Iterable[Cell]) -> dict[tuple[int, int], frozenset[Cell]]:
        """Per direction class, the vertices among `vertices` that block lines of that class."""
        out: dict[tuple[int, int], set[Cell]] = {c: set() for c in CLASSES}
        pinch = self._pinch
        for v in vertices:
            for c in pinch[occ.get(v, 0)]:
                out[c].add(v)
        return {c: frozenset(vs) for c, vs in out.items()}

    # --- single query (the predicate itself) ----------------------------------------------------

    def first_blocker(self, a: Cell, b: Cell, blocking: Iterable[Cell] = frozenset(),
                      closed_doors: Iterable[Edge] = frozenset()) -> tuple[int, int, int] | None:
        """The first solid element on the line a->b: (CELL|HEDGE|VEDGE|VERTEX, x, y), or None."""
        a, b = self._checked_cell(a), self._checked_cell(b)
        return self._first(a, b, self._solids(set(blocking) - {a, b}, closed_doors))

    def sees_any(self, viewers: Iterable[Cell], targets: Iterable[Cell], blocking: Iterable[Cell] = frozenset(),
                 closed_doors: Iterable[Edge] = frozenset()) -> bool:
        """Whether some square of `viewers` sees some square of `targets` (first_blocker is None for
        a pair), with one set of solids for all the pairs. A line's own end squares never block
        (they are on no line's path), so `blocking` may hold them."""
        hedges, vedges = self._edge_solids(closed_doors)
        solids = _Solids(blocking if isinstance(blocking, frozenset) else frozenset(blocking), hedges, vedges)
        targets = [self._checked_cell(b) for b in targets]
        for a in viewers:
            a = self._checked_cell(a)
            for b in targets:
                if self._first(a, b, solids) is None:
                    return True
        return False

    def line_squares(self, a: Cell, targets: Iterable[Cell]) -> frozenset[Cell]:
        """The squares whose blocking can change whether a sees a target (§3.7): those the centre
        lines enter and those cornered at a vertex they pass (the vertex's pinch). With walls and
        doors fixed, sees_any([a], targets, ...) depends on `blocking` only through these."""
        ax, ay = self._checked_cell(a)
        out: set[Cell] = set()
        for b in targets:
            bx, by = self._checked_cell(b)
            for k, x, y in self._lat.path(bx - ax, by - ay):
                if k == CELL:
                    out.add((x + ax, y + ay))
                elif k == VERTEX:
                    vx, vy = x + ax, y + ay
                    out.update(((vx, vy), (vx - 1, vy), (vx - 1, vy - 1), (vx, vy - 1)))
        return frozenset(out)

    def _first(self, a: Cell, b: Cell, solids: _Solids) -> tuple[int, int, int] | None:
        ax, ay = a
        dx, dy = b[0] - ax, b[1] - ay
        cls = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
        cells, hedges, vedges = solids.cells, solids.hedges, solids.vedges
        for k, x, y in self._lat.path(dx, dy):
            p = (x + ax, y + ay)
            if k == CELL:
                if p in cells:
                    return (k, *p)
            elif k == HEDGE:
                if p in hedges:
                    return (k, *p)
            elif k == VEDGE:
                if p in vedges:
                    return (k, *p)
            elif cls in self._pinch[self._vertex_occ(solids, *p)]:
                return (k, *p)
        return None

    def visible(self, a: Cell, b: Cell, blocking: Iterable[Cell] = frozenset(),
                closed_doors: Iterable[Edge] = frozenset()) -> LosResult:
        """doom.md §3.7 from the centre of square a to the centre of square b."""
        a, b = self._checked_cell(a), self._checked_cell(b)
        solids = self._solids(set(blocking) - {a, b}, closed_doors)
        hit = self._first(a, b, solids)
        if hit is None:
            return LosResult(True, Segment(self.centre(a), self.centre(b)), None)
        return LosResult(False, None, self._blocker_segment(hit, a, b, solids))

    def clear_step(self, a: Cell, b: Cell, closed_doors: Iterable[Edge] = frozenset()) -> bool:
        """doom.md §3.6: a step a->b passes the wall test (walls and closed doors only)."""
        return self.first_blocker(a, b, (), closed_doors) is None

    def centre(self, c: Cell) -> Point:
        tw, th = self.tile_size
        return (Fraction(2 * c[0] + 1, 2) * tw, Fraction(2 * c[1] + 1, 2) * th)

    def _blocker_segment(self, e: tuple[int, int, int], a: Cell, b: Cell, solids: _Solids) -> Segment:
        """A segment marking the blocker in map pixels: the wall/door edge; for a square, its
        side facing the viewer; for a pinched vertex, a solid edge or square side at it."""
        tw, th = self.tile_size
        k, x, y = e

        def px(p: tuple[int, int]) -> Point:
            return (Fraction(p[0] * tw), Fraction(p[1] * th))

        if k == HEDGE:
            return Segment(px((x, y)), px((x + 1, y)))
        if k == VEDGE:
            return Segment(px((x, y)), px((x, y + 1)))
        dx, dy = b[0] - a[0], b[1] - a[1]
        if k == CELL:
            if abs(dx) >= abs(dy):
                side_x = x if dx > 0 else x + 1
                return Segment(px((side_x, y)), px((side_x, y + 1)))
            side_y = y if dy > 0 else y + 1
            return Segment(px((x, side_y)), px((x + 1, side_y)))
        left, right = vertex_sides(x, y, (dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
        for s in (*left, *right):
            if solids.has(s):
                if s[0] == CELL:  # the square's side along the row of the vertex
                    return Segment(px((s[1], y)), px((s[1] + 1, y)))
                return self._blocker_segment(s, a, b, solids)
        return Segment(px((x, y)), px((x, y)))

    # --- fast paths ------------------------------------------------------------------------------

    def _state(self, blocking: Iterable[Cell], closed_doors: Iterable[Edge]) -> tuple[dict, _Solids]:
        doors = closed_doors if isinstance(closed_doors, frozenset) else frozenset(closed_doors)
        norm = self._doors.get(doors)
        if norm is None:  # the same few door sets come back at every query: normalised once
            norm = self._doors[doors] = frozenset(normalize_edge(e) for e in doors)
            if len(self._doors) > 4 * self.KEEP:
                self._doors.pop(next(iter(self._doors)))
        key = (frozenset(blocking), norm)
        st = self._keys.pop(key, None)
        if st is not None:
            self._keys[key] = st  # the most recently used goes last: evicted last
        else:
            layer = self._layer(norm)
            cells = key[0]
            # Walls and doors are the door set's layer; only the vertices a blocking square
            # touches can become pinched on top of it: keep the new ones.
            new_pinched: dict[tuple[int, int], list[Cell]] = {c: [] for c in CLASSES}
            pinch, base_occ = self._pinch, layer.occ
            for v, bits in occupancy((), (), cells).items():
                before = base_occ.get(v, 0)
                now = pinch[before | bits]
                if now:
                    for c in now - pinch[before]:
                        new_pinched[c].append(v)
            st = {"solids": _Solids(cells, layer.hedges, layer.vedges), "layer": layer, "new_pinched": new_pinched,
                  "bits": {}, "from": {}}
            self._keys[key] = st
            while len(self._keys) > self.KEEP:
                self._keys.pop(next(iter(self._keys)))
        return st, st["solids"]

    def _layer(self, norm: frozenset[Edge]) -> "_DoorLayer":
        """The walls with these closed doors (normalised edges): one per door set, kept."""
        layer = self._layers.get(norm)
        if layer is None:
            hedges, vedges = self._edge_solids(norm)
            door_h, door_v = hedges - self._static.hedges, vedges - self._static.vedges
            occ = occupancy(door_h, door_v, (), dict(self._static_occ))
            pinch, static_occ = self._pinch, self._static_occ
            pinched = {c: set(vs) for c, vs in self._static_pinched.items()}
            by_doors: dict[tuple[int, int], list[Cell]] = {c: [] for c in CLASSES}
            for v in occupancy(door_h, door_v, ()):
                for c in pinch[occ[v]] - pinch[static_occ.get(v, 0)]:
                    by_doors[c].append(v)
                    pinched[c].add(v)
            layer = _DoorLayer(hedges, vedges, occ, {c: frozenset(vs) for c, vs in pinched.items()},
                               self._shade(hedges=door_h, vedges=door_v, pinched=by_doors))
            if len(self._layers) >= 4 * self.KEEP:
                self._layers.pop(next(iter(self._layers)))
            self._layers[norm] = layer
        return layer

    def _shade(self, hedges: Iterable[Cell], vedges: Iterable[Cell],
               pinched: Mapping[tuple[int, int], Iterable[Cell]]) -> _Shade:
        """Walls or doors (edges of the grid, the vertices they pinch) as `_shadow_of` reads them."""
        w = 2 * self._lat.cols + 1
        classes: dict[Cell, int] = {}
        for (sx, sy), verts in pinched.items():
            for v in verts:
                classes[v] = classes.get(v, 0) | 1 << (2 * (sx > 0) + (sy > 0))
        return _Shade(tuple(y * w + x for x, y in hedges), tuple(y * w + x for x, y in vedges),
                      tuple((x, y, y * w + x, c) for (x, y), c in classes.items()))

    def _shadow_of(self, a: Cell, shade: _Shade) -> int:
        """The displacements from square a whose paths meet a solid element of `shade`: the OR of
        the elements' shadows, a pinched vertex's only for the lines of its class (the lines from
        a through vertex (x, y) have class (x > ax, y > ay))."""
        lat = self._lat
        _, hedge, vedge, vertex = lat.grids()
        ax, ay = a
        off = (lat.rows - ay) * (2 * lat.cols + 1) + lat.cols - ax
        sh = 0
        for i in shade.hedges:
            sh |= hedge[i + off]
        for i in shade.vedges:
            sh |= vedge[i + off]
        for x, y, i, classes in shade.vertices:
            if classes >> (2 * (x > ax) + (y > ay)) & 1:
                sh |= vertex[i + off]
        return sh

    def _wall_shadow(self, a: Cell) -> int:
        sh = self._static_shadow.get(a)
        if sh is None:
            sh = self._static_shadow[a] = self._shadow_of(a, self._walls)
        return sh

    def _layer_shadow(self, layer: "_DoorLayer", a: Cell) -> int:
        """The displacements from square a that walls and the layer's closed doors hide."""
        sh = layer.shadow.get(a)
        if sh is None:
            sh = layer.shadow[a] = self._wall_shadow(a) | self._shadow_of(a, layer.doors)
        return sh

    def visible_from(self, a: Cell, blocking: Iterable[Cell] = frozenset(),
                     closed_doors: Iterable[Edge] = frozenset()) -> frozenset[Cell]:
        """Every square whose centre square a sees (a included), by the §3.7 predicate."""
        a = self._checked_cell(a)
        st, _ = self._state(blocking, closed_doors)
        got = st["from"].get(a)
        if got is None:
            got = st["from"][a] = self.cells_of_bits(self._visible_bits(a, st))
        return got

    def visible_bits(self, a: Cell, blocking: Iterable[Cell] = frozenset(),
                     closed_doors: Iterable[Edge] = frozenset()) -> int:
        """visible_from(a) as a bitset of `cell_bits`: a question about some squares
        (`& cell_bits(squares)`) without making the set of every square seen."""
        a = self._checked_cell(a)
        st, _ = self._state(blocking, closed_doors)
        return self._visible_bits(a, st)

    def cell_bits(self, cells: Iterable[Cell]) -> int:
        """The squares as a bitset (square (x, y) -> bit y * width + x, a width of the lattice)."""
        wd = self._lat.wd
        out = 0
        for c in cells:
            x, y = self._checked_cell(c)
            out |= 1 << (y * wd + x)
        return out

    def cells_of_bits(self, bits: int) -> frozenset[Cell]:
        """The squares of a `cell_bits` bitset."""
        n = self.rows * self._lat.wd
        selectors = format(bits, f"0{n}b").encode().translate(_ZERO_ONE)
        return frozenset(compress(self._cells_msb(), selectors))

    def _visible_bits(self, a: Cell, st: dict) -> int:
        got = st["bits"].get(a)
        if got is None:
            # One query per set of figures, mostly: their shadows are ORed as they are (a _Shade
            # of them would cost more to make than it saves).
            lat = self._lat
            shadows = lat.shadows()
            ax, ay = a
            sh = self._layer_shadow(st["layer"], a)
            for x, y in st["solids"].cells:
                sh |= shadows.get((CELL, x - ax, y - ay), 0)
            for (sx, sy), verts in st["new_pinched"].items():
                for x, y in verts:
                    rx, ry = x - ax, y - ay
                    if (rx >= 1) == (sx > 0) and (ry >= 1) == (sy > 0):  # this class of lines from a
                        sh |= shadows.get((VERTEX, rx, ry), 0)
            # Move the window of in-grid targets to bit 0: target (x, y) -> bit y * wd + x.
            shift = (lat.rows - 1 - ay) * lat.wd + (lat.cols - 1 - ax)
            got = st["bits"][a] = ~(sh >> shift) & self._grid_window()
        return got

    def _grid_window(self) -> int:
        if self._grid_rows_mask is None:
            wd = self._lat.wd
            row = (1 << self.cols) - 1
            self._grid_rows_mask = sum(row << (y * wd) for y in range(self.rows))
            n = self.rows * wd
            self._cells_list = [((n - 1 - i) % wd, (n - 1 - i) // wd) for i in range(n)]
        return self._grid_rows_mask

    def _cells_msb(self) -> list[Cell]:
        self._grid_window()
        return self._cells_list

    # --- all pairs -------------------------------------------------------------------------------

    def all_pairs(self, blocking: Iterable[Cell] = frozenset(),
                  closed_doors: Iterable[Edge] = frozenset()) -> "AllPairs":
        """Visibility between every two squares (a Mapping square -> frozenset of squares it sees).

        Built as one bitmask of sources per displacement (module docstring); rows are decoded
        on demand. Note for large figures: `blocking` applies to every pair, so a figure's own
        squares should be left out by the caller when it matters."""
        st, solids = self._state(blocking, closed_doors)
        ap = st.get("all")
        if ap is None:
            ap = st["all"] = AllPairs(self, blocking, closed_doors, self._build_pairs(st, solids))
        return ap

    def _steps(self) -> list[tuple[tuple[int, int], list[tuple[int, int]]]]:
        """Per displacement in the upper half-plane: (mask index, bit shift) per path step."""
        lat = self._lat
        if lat._steps is not None and lat._steps[0] == (self.cols, self.rows):
            return lat._steps[1]
        sa = self.sa
        off = (self.rows + 2) * sa  # keeps every shift non-negative
        out = []
        for (dx, dy), path in lat.paths.items():
            if not (dy > 0 or (dy == 0 and dx > 0)) or abs(dx) >= self.cols or dy >= self.rows:
                continue  # the other half-plane, or beyond this grid (a shared larger lattice)
            steps = []
            k = 0
            while k < len(path):
                kind, x, y = path[k]
                enters = k + 1 < len(path) and path[k + 1][0] == CELL
                if kind == VEDGE:
                    m = (0 if dx > 0 else 1) if enters else 8
                elif kind == HEDGE:
                    m = (2 if dy > 0 else 3) if enters else 9
                else:
                    ci = CLASSES.index(((dx > 0) * 2 - 1, (dy > 0) * 2 - 1))
                    m = (4 + ci) if enters else (10 + ci)
                steps.append((m, off + y * sa + x))
                k += 2 if enters else 1
            out.append(((dx, dy), steps))
        lat._steps = ((self.cols, self.rows), out)
        return out

    def _masks(self, st: dict, solids: _Solids) -> list[int]:
        sa = self.sa
        off = (self.rows + 2) * sa

        def mask(points: Iterable[Cell]) -> int:
            m = 0
            for x, y in points:
                m |= 1 << (y * sa + x)
            return m

        cm = mask(c for c in solids.cells if 0 <= c[0] < self.cols and 0 <= c[1] < self.rows)
        hm, vm = mask(solids.hedges), mask(solids.vedges)
        pm = [mask(st["layer"].pinched[c] | set(st["new_pinched"][c])) for c in CLASSES]
        combined = [
            vm | cm,  # 0 east: cross vertical edge x, enter square x
            vm | (cm << 1),  # 1 west: cross vertical edge x, enter square x-1
            hm | cm,  # 2 south
            hm | (cm << sa),  # 3 north
        ]
        for ci, (sx, sy) in enumerate(CLASSES):  # 4-7 diagonal through a vertex, enter a square
            combined.append(pm[ci] | (cm << ((sx < 0) + sa * (sy < 0))))
        combined += [vm, hm, *pm]  # 8, 9, 10-13: the last step, into the target square
        return [m << off for m in combined]

    def _build_pairs(self, st: dict, solids: _Solids) -> dict[tuple[int, int], int]:
        sa = self.sa
        masks = self._masks(st, solids)
        cells_all = 0
        for y in range(self.rows):
            cells_all |= ((1 << self.cols) - 1) << (y * sa)
        out: dict[tuple[int, int], int] = {(0, 0): cells_all}
        for (dx, dy), steps in self._steps():
            # sources a with a + d inside the grid
            s = dy * sa + dx  # > 0 in the upper half-plane
            valid = cells_all & (cells_all >> s)
            blocked = 0
            for n, (m, sh) in enumerate(steps):
                blocked |= masks[m] >> sh
                if n & 7 == 7 and blocked & valid == valid:
                    break
            seen = valid & ~blocked
            out[(dx, dy)] = seen
            out[(-dx, -dy)] = seen << s  # the same segments seen from the other end
        return out


class AllPairs(Mapping[Cell, frozenset[Cell]]):
    """All-pairs visibility: `sees(a, b)` in O(1); rows (square -> squares seen) are decoded on
    demand, one by one through visible_from, or all at once with `as_dict()`."""

    def __init__(self, sight: GridSight, blocking, closed_doors, by_displacement: dict[tuple[int, int], int]):
        self._sight = sight
        self._blocking = frozenset(blocking)
        self._doors = frozenset(closed_doors)
        self._d = by_displacement
        self._cells = [(x, y) for y in range(sight.rows) for x in range(sight.cols)]
        self._rows: dict[Cell, frozenset[Cell]] | None = None

    def sees(self, a: Cell, b: Cell) -> bool:
        bits = self._d.get((b[0] - a[0], b[1] - a[1]))
        return bool(bits is not None and bits >> (a[1] * self._sight.sa + a[0]) & 1)

    def as_dict(self) -> dict[Cell, frozenset[Cell]]:
        """Every row at once, by transposing the per-displacement bitsets (cheaper than one
        visible_from per square when all rows are wanted)."""
        if self._rows is None:
            sa, rows = self._sight.sa, self._sight.rows
            nb = rows * sa
            lists: dict[Cell, list[tuple[int, int]]] = {c: [] for c in self._cells}
            # the list of the square at bit i, most significant bit first (None in the padding)
            by_bit = [lists.get(((nb - 1 - i) % sa, (nb - 1 - i) // sa)) for i in range(nb)]
            for d, bits in self._d.items():
                if bits:
                    sel = format(bits, f"0{nb}b").encode().translate(_ZERO_ONE)
                    for lst in compress(by_bit, sel):
                        lst.append(d)
            self._rows = {
                (x, y): frozenset([(x + dx, y + dy) for dx, dy in ds]) for (x, y), ds in lists.items()
            }
        return self._rows

    def __getitem__(self, a: Cell) -> frozenset[Cell]:
        if not (0 <= a[0] < self._sight.cols and 0 <= a[1] < self._sight.rows):
            raise KeyError(a)
        if self._rows is not None:
            return self._rows[a]
        return self._sight.visible_from(a, self._blocking, self._doors)

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._cells)

    def __len__(self) -> int:
        return len(self._cells)
