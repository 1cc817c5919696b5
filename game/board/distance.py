"""Movement and range distances, by breadth-first search, as the specs define them.

Area maps (Gears, spec gears-of-war.md 3.2, 3.6, 3.7):
- movement adjacency: two areas joined by a cracked border (`borders` layer). They are joined
  when they share a stretch of boundary that a border runs along, or when they touch only at
  a point and one can turn around that point from one to the other crossing only borders
  (the FAQ's "corners count"; a wall or cover graphic met on both ways round keeps them apart);
- range adjacency: the same with level lines counting as borders;
- across pieces, the areas touching a joined entrance/exit pair are adjacent, unless a closed
  door lies on it. Walls never join anything, so paths go around them.

Grid maps (Doom, spec doom.md 3.5, 3.6, 3.8): king moves (8 neighbours), 1 per step. A step is
legal if its centre-to-centre segment crosses no wall or closed door; a diagonal through a
lattice point is blocked only when walls touch that point on both sides of the step, so a
convex corner may be cut but a wall joint may not be squeezed through. Movement cannot enter
blocking squares (obstacles, barrels, and whatever the caller adds, e.g. enemy figures); range
(the indirect-fire path count) ignores them.
"""
from __future__ import annotations

import weakref
from collections import OrderedDict, deque
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import gcd, lcm
from typing import Hashable, Iterable, Mapping

from game.board.geometry import point_in_polygon
from game.board.model import Board, Cell, Edge, Point, Segment

MOVEMENT = "movement"
RANGE = "range"
_PASSABLE = {MOVEMENT: frozenset({"border"}), RANGE: frozenset({"border", "level_line"})}
KING_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))

Node = Hashable  # an area name (str) or a cell (col, row)


# --- public API -----------------------------------------------------------------------------------


def distances_from(
    board: Board,
    a: Node,
    kind: str = MOVEMENT,
    closed_doors: Iterable[str] | None = None,
    blocked: Iterable[Cell] = (),
) -> dict[Node, int]:
    """Steps from a to every reachable place: area names on area maps, cells on grid maps.

    kind is 'movement' or 'range'. closed_doors names the closed doors (None: as the map starts).
    blocked: extra cells movement may not enter on grid maps (figures); ignored for range.
    """
    if kind not in _PASSABLE:
        raise ValueError(f"kind must be 'movement' or 'range', not {kind!r}")
    if board.grid is None:
        graph = area_graph(board, kind, closed_doors)
        if a not in graph:
            raise KeyError(f"{board.source}: no area named {a!r}")
        return _bfs(a, lambda n: graph[n])
    cell = _cell(board, a)
    steps = _grid_steps(board, closed_doors)
    stop = frozenset(board.grid.blocking) | frozenset(blocked) if kind == MOVEMENT else frozenset()
    stop = stop - {cell}
    if not stop:
        return _bfs(cell, steps.__getitem__)

    def neighbours(c: Cell):
        return [n for n in steps[c] if n not in stop]

    return _bfs(cell, neighbours)


_STEP_TABLES_KEPT = 8  # closed-door states remembered per board version


def _grid_steps(board: Board, closed_doors: Iterable[str] | None) -> dict[Cell, tuple[Cell, ...]]:
    """Floor square -> the floor squares one legal king step away (walls and the closed doors;
    KING_STEPS order), built once per board version and closed-door set: every BFS of a turn
    reuses it instead of re-testing each step. Figures and props are not in it (each query
    filters its own blocked squares). tests/board/test_distance_fast.py checks the BFS against
    the plain step_allowed loop."""
    assert board.grid is not None
    closed = board.closed_door_names(closed_doors)
    key = ("grid_steps", board.version)
    tables = board._cache.get(key)
    if tables is None:
        tables = board._cache[key] = OrderedDict()
    table = tables.get(closed)
    if table is not None:
        tables.move_to_end(closed)
        return table
    walls = board.grid.wall_edges | board.closed_door_edges(closed)
    floor = board.grid.floor
    table = {}
    for c in floor:
        x, y = c
        table[c] = tuple(
            n for n in ((x + dx, y + dy) for dx, dy in KING_STEPS) if n in floor and step_allowed(walls, c, n)
        )
    tables[closed] = table
    while len(tables) > _STEP_TABLES_KEPT:
        tables.popitem(last=False)
    return table


def movement_distance(
    board: Board, a: Node, b: Node, closed_doors: Iterable[str] | None = None, blocked: Iterable[Cell] = ()
) -> int | None:
    """Movement steps from a to b, or None when b cannot be reached (gears 3.6, doom 3.6)."""
    target = b if board.grid is None else _cell(board, b)
    return distances_from(board, a, MOVEMENT, closed_doors, blocked).get(target)


def range_distance(board: Board, a: Node, b: Node, closed_doors: Iterable[str] | None = None) -> int | None:
    """Range steps from a to b, or None (gears 3.6: level lines count; doom 3.8: the path count
    for indirect fire, through props and figures but not walls or closed doors)."""
    target = b if board.grid is None else _cell(board, b)
    return distances_from(board, a, RANGE, closed_doors).get(target)


def chebyshev(a: Cell, b: Cell) -> int:
    """King-move distance ignoring walls: the distance of a line-of-sight attack (doom 3.8)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def step_allowed(walls: frozenset[Edge], a: Cell, b: Cell) -> bool:
    """Whether a king step between neighbouring cells a and b crosses no wall (doom 3.6 / 3.7).

    This is gridlos.GridSight.clear_step specialised to one step: a few set lookups instead of
    a walk, because BFS asks it 8 times per square. tests/board/test_distance.py checks that
    both agree on random walls."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if max(abs(dx), abs(dy)) != 1:
        raise ValueError(f"{a} and {b} are not neighbours")
    if dy == 0:
        x = max(a[0], b[0])
        return ((x, a[1]), (x, a[1] + 1)) not in walls
    if dx == 0:
        y = max(a[1], b[1])
        return ((a[0], y), (a[0] + 1, y)) not in walls
    vx, vy = max(a[0], b[0]), max(a[1], b[1])  # the lattice point the diagonal passes through
    rays = {
        (0, -1): ((vx, vy - 1), (vx, vy)),
        (0, 1): ((vx, vy), (vx, vy + 1)),
        (-1, 0): ((vx - 1, vy), (vx, vy)),
        (1, 0): ((vx, vy), (vx + 1, vy)),
    }
    sides = {dx * ry - dy * rx > 0 for (rx, ry), edge in rays.items() if edge in walls}
    return len(sides) < 2


def area_graph(board: Board, kind: str = MOVEMENT, closed_doors: Iterable[str] | None = None) -> Mapping[str, frozenset[str]]:
    """Area -> adjacent areas for 'movement' or 'range' (see module doc); cached per board version.

    A board that compose.py built from tile faces placed one by one (the way a Gears level is
    laid, spec 3.4) gets the same graph from its faces' graphs plus the joins where pieces meet
    (`_pieces_graph` below); any other board the full computation, `_area_graph`."""
    closed = board.closed_door_names(closed_doors)
    key = ("area_graph", kind, board.version, closed)
    got = board._cache.get(key)
    if got is None:
        got = _pieces_graph(board, kind, closed)
        if got is None:
            got = _area_graph(board, _PASSABLE[kind], closed)
        board._cache[key] = got
    return got


# --- area adjacency -------------------------------------------------------------------------------
#
# The rules above are computed on exact integers: every coordinate is multiplied by one common
# denominator (the board's `_IntGeometry`, cached per board version). Every test used below
# (orientation signs, order along a line, equality of points, lines and directions) is
# unchanged by scaling all coordinates by the same positive number, so the graph is the one the
# Fraction arithmetic gives (tests/board/test_distance_fast.py keeps that version as the
# reference and compares them on random compositions of the shipped tiles).

IntPt = tuple[int, int]


class _IntGeometry:
    """A board's areas, lines, doors and connectors scaled to integers, with the lookups the
    adjacency rules need (built once per board version, shared by movement and range)."""

    def __init__(self, board: Board, prev: "_IntGeometry | None" = None, shift: IntPt = (0, 0)):
        if prev is not None:
            self._extend(board, prev, shift)
            return
        # One pass over the denominators (ints and Fractions both have .denominator).
        dens = {v.denominator for a in board.areas.values() for p in a.polygon for v in p}
        dens.update(v.denominator for line in board.lines for p in line.points for v in p)
        dens.update(v.denominator for d in board.doors for p in d.points for v in p)
        dens.update(v.denominator for c in board.connectors for p in c.segment for v in p)
        dens.discard(1)
        scale = lcm(*dens) if dens else 1
        self.scale = scale
        self._lines = board.lines
        pt = self.pt
        # A broken polygon that repeats a vertex back to back (check_board reports it) is read
        # without the repeat: a zero-length edge has no direction or supporting line.
        self.polys: dict[str, tuple[IntPt, ...]] = {
            n: _without_repeats(tuple(pt(p) for p in a.polygon)) for n, a in board.areas.items()
        }
        self.boxes = {n: _ibox(poly) for n, poly in self.polys.items()}
        # Buckets of areas by bounding box: the areas whose box may hold a point.
        self.cell = max(1, board.tile_width * scale)
        self.buckets: dict[tuple[int, int], list[str]] = {}
        cell = self.cell
        for n, (x0, y0, x1, y1) in self.boxes.items():
            for cx in range(x0 // cell, x1 // cell + 1):
                for cy in range(y0 // cell, y1 // cell + 1):
                    self.buckets.setdefault((cx, cy), []).append(n)

    def _extend(self, board: Board, prev: "_IntGeometry", shift: IntPt) -> None:
        """The geometry of board = prev's board moved by a whole-tile shift plus new areas, all on
        whole pixels (scale 1, checked by the caller): prev's integer polygons, boxes and buckets
        moved by the shift, the new areas converted; the same tables a fresh build gives (areas,
        and so bucket lists, in board order: prev's areas first, as compose merges them)."""
        self.scale = 1
        self._lines = board.lines
        self.cell = cell = max(1, board.tile_width)
        dx, dy = shift
        if shift == (0, 0):
            polys = dict(prev.polys)
            boxes = dict(prev.boxes)
            buckets = {k: list(v) for k, v in prev.buckets.items()}
        else:
            polys = {n: tuple((x + dx, y + dy) for x, y in poly) for n, poly in prev.polys.items()}
            boxes = {n: (x0 + dx, y0 + dy, x1 + dx, y1 + dy) for n, (x0, y0, x1, y1) in prev.boxes.items()}
            bx, by = dx // cell, dy // cell  # whole tiles: buckets move by whole cells
            buckets = {(cx + bx, cy + by): list(v) for (cx, cy), v in prev.buckets.items()}
        pt = self.pt
        for n, a in board.areas.items():
            if n in polys:
                continue
            poly = polys[n] = _without_repeats(tuple(pt(p) for p in a.polygon))
            x0, y0, x1, y1 = boxes[n] = _ibox(poly)
            for cx in range(x0 // cell, x1 // cell + 1):
                for cy in range(y0 // cell, y1 // cell + 1):
                    buckets.setdefault((cx, cy), []).append(n)
        self.polys, self.boxes, self.buckets = polys, boxes, buckets

    # The tables below serve the adjacency rules and the outline only: built on first use, so
    # that an intermediate board of a level being laid out (asked only for area_at, to find
    # its free exits) does not pay for them.

    @cached_property
    def shared(self) -> dict:
        """Rule (a)/(b) tables by passable kinds (_shared_tables)."""
        return {}

    @cached_property
    def vertex_at(self) -> dict[str, dict[IntPt, int]]:
        """Each area's vertex -> its index, for the rays at a vertex (the first index, should
        a broken polygon repeat a vertex)."""
        return {n: _first_index(poly) for n, poly in self.polys.items()}

    @cached_property
    def edges_by_line(self) -> dict[tuple[int, int, int], list[tuple[str, IntPt, IntPt]]]:
        """Area edges grouped by supporting line (rule (a)), in area order."""
        out: dict[tuple[int, int, int], list[tuple[str, IntPt, IntPt]]] = {}
        get = out.get
        for n, poly in self.polys.items():
            for p, q in zip(poly, poly[1:] + poly[:1]):
                # _ikey, its axis-parallel cases inline (most edges; one call per edge otherwise)
                if p[0] == q[0] and p[1] != q[1]:
                    k = (1, 0, -p[0])
                elif p[1] == q[1] and p[0] != q[0]:
                    k = (0, 1, -p[1])
                else:
                    k = _ikey(p, q)
                group = get(k)
                if group is None:
                    out[k] = [(n, p, q)]
                else:
                    group.append((n, p, q))
        return out

    def segments_of(self, kind: str) -> list[tuple[IntPt, IntPt]]:
        """The segments of the lines of one kind, in board order (converted on first use: graphs
        read the passable kinds, never the walls)."""
        per = self.__dict__.setdefault("_segments_of", {})
        out = per.get(kind)
        if out is None:
            out = per[kind] = []
            for line in self._lines:
                if line.kind == kind:
                    pts = [self.pt(p) for p in line.points]
                    out.extend(zip(pts, pts[1:]))
        return out

    def pt(self, p: Point) -> IntPt:
        s = self.scale
        if s == 1:  # whole-number maps (the usual case): the numerators are the points
            return (p[0].numerator, p[1].numerator)
        return (_times(p[0], s), _times(p[1], s))

    def areas_meeting(self, a: IntPt, b: IntPt) -> list[str]:
        """Areas (in board order) whose closed bounding box meets the closed box of a-b."""
        x0, x1 = min(a[0], b[0]), max(a[0], b[0])
        y0, y1 = min(a[1], b[1]), max(a[1], b[1])
        seen: set[str] = set()
        for cx in range(x0 // self.cell, x1 // self.cell + 1):
            for cy in range(y0 // self.cell, y1 // self.cell + 1):
                for n in self.buckets.get((cx, cy), ()):
                    bx0, by0, bx1, by1 = self.boxes[n]
                    if bx0 <= x1 and x0 <= bx1 and by0 <= y1 and y0 <= by1:
                        seen.add(n)
        return [n for n in self.polys if n in seen]

    def areas_at(self, p: IntPt) -> list[str]:
        """Areas (in board order) whose closed bounding box holds p."""
        x, y = p
        out = []
        for n in self.buckets.get((x // self.cell, y // self.cell), ()):
            x0, y0, x1, y1 = self.boxes[n]
            if x0 <= x <= x1 and y0 <= y <= y1:
                out.append(n)
        return out


def _first_index(poly) -> dict[IntPt, int]:
    at: dict[IntPt, int] = {}
    for i, v in enumerate(poly):
        at.setdefault(v, i)
    return at


def _times(v, scale: int) -> int:
    if isinstance(v, int):
        return v * scale
    return v.numerator * (scale // v.denominator)


def _ibox(poly) -> tuple[int, int, int, int]:
    xs = [v[0] for v in poly]
    ys = [v[1] for v in poly]
    return min(xs), min(ys), max(xs), max(ys)


def _ikey(p: IntPt, q: IntPt) -> tuple[int, int, int]:
    """The supporting line of p != q as coprime integers (a, b, c), a x + b y + c = 0, the first
    non-zero of a, b positive: equal exactly for collinear segments (like checks.line_key)."""
    if p[0] == q[0] and p[1] != q[1]:  # vertical (most map edges are axis-parallel): as below
        return (1, 0, -p[0])
    if p[1] == q[1]:
        return (0, 1, -p[1])
    a, b = q[1] - p[1], p[0] - q[0]
    c = -(a * p[0] + b * p[1])
    g = gcd(a, b, c)
    if a < 0 or (a == 0 and b < 0):
        g = -g
    return (a // g, b // g, c // g)


def _int_geometry(board: Board) -> _IntGeometry:
    key = ("int_geometry", board.version)
    geo = board._cache.get(key)
    if geo is None:
        geo = board._cache[key] = _extended_geometry(board) or _IntGeometry(board)
    return geo


def _whole(points) -> bool:
    return all(getattr(v, "denominator", 0) == 1 for p in points for v in p)


def _extended_geometry(board: Board) -> _IntGeometry | None:
    """A board compose.add_piece built from a previous board on whole pixels: its geometry from
    the previous board's (see _IntGeometry._extend), or None to build it afresh."""
    got = _added_to(board)
    if got is None:
        return None
    rec, prev = got
    if prev.tile_width != board.tile_width or not all(n in board.areas for n in prev.areas):
        return None
    face = rec.face
    counts = [(len(board.areas), len(prev.areas), len(face.areas)), (len(board.lines), len(prev.lines), len(face.lines)),
              (len(board.doors), len(prev.doors), len(face.doors)), (len(board.connectors), len(prev.connectors), len(face.connectors))]
    if any(a != b + c for a, b, c in counts) or list(board.areas)[: len(prev.areas)] != list(prev.areas):
        return None
    pgeo = _int_geometry(prev)
    if pgeo.scale != 1:
        return None
    # Scale 1 for the merged board too: prev's part is prev moved by whole tiles (whole, since
    # prev's scale is 1), so only the new piece's coordinates need checking.
    new_areas = list(board.areas.values())[len(prev.areas):]
    if not (_whole(p for a in new_areas for p in a.polygon) and _whole(p for x in board.lines[len(prev.lines):] for p in x.points)
            and _whole(p for d in board.doors[len(prev.doors):] for p in d.points)
            and _whole(p for c in board.connectors[len(prev.connectors):] for p in c.segment)):
        return None
    n = next(iter(prev.areas))
    (ax, ay), (bx, by) = prev.areas[n].polygon[0], board.areas[n].polygon[0]
    shift = (int(bx - ax), int(by - ay))
    if shift[0] % board.tile_width or shift[1] % board.tile_width:
        return None
    return _IntGeometry(board, pgeo, shift)


def area_at(board: Board, p: Point) -> str | None:
    """Board.area_at for a rational point: the first area (board order) holding p strictly
    inside, else the first whose boundary holds p, else None. Only areas whose bounding box
    holds p can hold it, and scaling p with the polygons keeps every inside/boundary answer."""
    geo = _int_geometry(board)
    x, y = p[0] * geo.scale, p[1] * geo.scale
    q = (x if isinstance(x, int) or x.denominator != 1 else x.numerator,
         y if isinstance(y, int) or y.denominator != 1 else y.numerator)
    on_border = None
    for n in geo.areas_at(q):
        where = point_in_polygon(q, geo.polys[n])
        if where == 1:
            return n
        if where == 0 and on_border is None:
            on_border = n
    return on_border


def outline_segments(board: Board) -> tuple[Segment, ...]:
    """Board.outline_segments on the integer geometry: the parts of the areas' polygon edges not
    shared with another area's edge (same segments and order as the plain Fraction reference in
    tests/board/test_distance_fast.py: lines in order of first edge, edges in area order),
    the collinear overlaps subtracted on integers, the points divided back exactly.

    Each line's edges are sorted by start once; an edge reads them only up to its own end
    (the same uncovered pieces as sorting every other edge of the line per edge)."""
    geo = _int_geometry(board)
    s = geo.scale
    out: list[Segment] = []
    for group in geo.edges_by_line.values():
        if len(group) == 1:
            n, a, b = group[0]
            ix = 0 if a[0] != b[0] else 1
            lo, hi = (a[ix], b[ix]) if a[ix] <= b[ix] else (b[ix], a[ix])
            out.append(Segment(_unscaled_at(a, b, ix, lo, s), _unscaled_at(a, b, ix, hi, s)))
            continue
        ix = 0 if group[0][1][0] != group[0][2][0] else 1
        spans = sorted(((c[ix], d[ix], m) if c[ix] <= d[ix] else (d[ix], c[ix], m)) for m, c, d in group)
        for n, a, b in group:
            ta, tb = a[ix], b[ix]
            lo, hi = (ta, tb) if ta <= tb else (tb, ta)
            for s0, s1 in _gaps(lo, hi, ((c0, c1) for c0, c1, m in spans if m != n)):
                out.append(Segment(_unscaled_at(a, b, ix, s0, s), _unscaled_at(a, b, ix, s1, s)))
    return tuple(out)


def _gaps(lo: int, hi: int, spans) -> list[tuple[int, int]]:
    """The parts of [lo, hi] that no span (c0, c1) covers; spans in order of c0."""
    out: list[tuple[int, int]] = []
    cur = lo
    for c0, c1 in spans:
        if c0 >= hi:
            break
        if c1 <= cur:
            continue
        if c0 > cur:
            out.append((cur, c0))
        cur = max(cur, c1)
    if cur < hi:
        out.append((cur, hi))
    return out


_WHOLE: dict[int, Fraction] = {}  # shared Fraction(n) instances (immutable; compose.py too)


def whole_fraction(n: int) -> Fraction:
    """Fraction(n) for an int n, one shared instance per value (creating Fractions is most of
    the cost of moving whole-pixel geometry); bounded so odd inputs cannot grow it forever."""
    f = _WHOLE.get(n)
    if f is None:
        f = Fraction(n)
        if len(_WHOLE) < 100_000:
            _WHOLE[n] = f
    return f


def _unscaled_at(a: IntPt, b: IntPt, ix: int, value: int, scale: int) -> Point:
    """The point of line ab (scaled) whose coordinate ix is value, in unscaled Fractions."""
    other = 1 - ix
    if scale == 1 and a[other] == b[other]:  # whole pixels on an axis-parallel line: no division
        v, w = whole_fraction(value), whole_fraction(a[other])
        return (v, w) if ix == 0 else (w, v)
    num = a[other] * (b[ix] - a[ix]) + (value - a[ix]) * (b[other] - a[other])
    w = Fraction(num, (b[ix] - a[ix]) * scale)
    v = Fraction(value, scale)
    return (v, w) if ix == 0 else (w, v)


def _area_graph(board: Board, passable_kinds: frozenset[str], closed: frozenset[str]) -> dict[str, frozenset[str]]:
    geo = _int_geometry(board)
    names = list(board.areas)
    adj: dict[str, set[str]] = {n: set() for n in names}

    def join(x: str, y: str) -> None:
        if x != y:
            adj[x].add(y)
            adj[y].add(x)

    for x, y in _rule_ab_joins(_shared_tables(geo, passable_kinds), passable_kinds):
        join(x, y)

    # (c) across pieces: areas touching a joined entrance/exit pair (gears 3.7).
    for x, y in _rule_c_joins(board, geo, closed):
        join(x, y)
    return {n: frozenset(adj[n]) for n in names}



def _rule_c_joins(board: Board, geo: _IntGeometry, closed: frozenset[str]):
    """Rule (c): the areas of two pieces along a joined entrance/exit pair, unless a closed door
    lies on it (gears 3.7)."""
    door_segments = [
        (geo.pt(s.a), geo.pt(s.b)) for d in board.doors if d.name in closed for s in d.segments()
    ]
    for x, e in board.joined_connectors():
        a, b = geo.pt(x.segment.a), geo.pt(x.segment.b)
        if any(_icollinear_overlap(a, b, c, d) for c, d in door_segments):
            continue
        near = geo.areas_meeting(a, b)  # an area running along a-b has its box meeting a-b's
        side_x = [n for n in near if board.areas[n].piece == x.piece and _itouches_along(geo.polys[n], a, b)]
        side_e = [n for n in near if board.areas[n].piece == e.piece and _itouches_along(geo.polys[n], a, b)]
        for n in side_x:
            for m in side_e:
                yield n, m

# Rules (a) and (b) look at the same geometry for movement and range: which edges share a
# stretch on a line some passable line runs along, and which areas touch each corner with which
# boundary rays. Those tables are built once per board (on its _IntGeometry, for the passable
# kinds of both graphs together) and each graph only asks which lines of its own kinds run
# there: the joins are exactly those of testing every pair and corner per graph.

_ALL_PASSABLE = frozenset({"border", "level_line"})


class _SharedTables:
    """What rules (a) and (b) need on one board for graphs whose passable kinds are within
    `kinds`: per supporting line, the pairs of areas whose edges share a stretch of positive
    length; per corner touched by three or more areas, their rays and the rays they share."""

    __slots__ = ("passable", "pairs", "corners")

    def __init__(self, geo: _IntGeometry, kinds: frozenset[str], sides_by_line=None, points=None, piece_of=None):
        """All edges and vertices of the board by default; or (a composed board's outlines, see
        _outline_joins) only the edges sides_by_line lists, pairs of areas of two pieces, and
        the corners among points touched by areas of two pieces (piece_of: area -> piece)."""
        # key -> [(kind, a, b)] in the order _area_graph's passable list had them (kinds sorted)
        passable: dict[tuple[int, int, int], list[tuple[str, IntPt, IntPt]]] = {}
        for kind in sorted(kinds):
            for a, b in geo.segments_of(kind):
                if a != b:
                    passable.setdefault(_ikey(a, b), []).append((kind, a, b))
        self.passable = passable
        # (a) per line with a passable stretch: (ix, [(na, nb, lo, hi)]) for every pair of edges of
        # different areas overlapping on [lo, hi], lo < hi (sorted by start: a pair overlaps
        # only while the later edge starts before the earlier one ends).
        pairs = {}
        edges_by_line = geo.edges_by_line if sides_by_line is None else sides_by_line
        for key in passable:
            sides = edges_by_line.get(key)
            if not sides or len(sides) < 2:
                continue
            ix = 0 if sides[0][1][0] != sides[0][2][0] else 1
            spans = sorted(((p[ix], q[ix], n) if p[ix] <= q[ix] else (q[ix], p[ix], n)) for n, p, q in sides)
            found = []
            for i, (a0, a1, na) in enumerate(spans):
                for b0, b1, nb in spans[i + 1 :]:
                    if b0 >= a1:
                        break
                    if na != nb and b0 < b1 and (piece_of is None or piece_of[na] != piece_of[nb]):
                        found.append((na, nb, b0, a1 if a1 < b1 else b1))
            if found:
                pairs[key] = (ix, found)
        self.pairs = pairs
        # (b) corners: (p, touching names, rays per name, [(d, names sharing ray d, line key)])
        corners = []
        vertex_at = geo.vertex_at if points is None else _LazyVertexAt(geo.polys)
        polys = geo.polys
        if points is None:
            points = {v for poly in polys.values() for v in poly}
        for p in points:
            near = geo.areas_at(p)
            if len(near) < 3:
                continue  # touching (below) is a subset of near, and needs three areas
            if piece_of is not None:
                first = piece_of[near[0]]
                if all(piece_of[n] == first for n in near):
                    continue  # one piece alone: its face's graph has the joins here
            touching = []
            for n in near:
                rays = _irays(p, polys[n], vertex_at[n])
                if rays:
                    touching.append((n, rays))
            if len(touching) < 3:
                continue  # a corner contact needs a third area to turn round through
            owners: dict[IntPt, list[str]] = {}
            for name, rays in touching:
                for d in rays:
                    owners.setdefault(d, []).append(name)
            shared = [(d, group, _ikey(p, (p[0] + d[0], p[1] + d[1]))) for d, group in owners.items() if len(group) > 1]
            corners.append((p, touching, shared))
        self.corners = corners


class _LazyVertexAt(dict):
    """geo.vertex_at for the areas asked only (a composed board's outline corners touch few)."""

    def __init__(self, polys):
        super().__init__()
        self._polys = polys

    def __missing__(self, n: str) -> dict[IntPt, int]:
        got = self[n] = _first_index(self._polys[n])
        return got


def _shared_tables(geo: _IntGeometry, kinds: frozenset[str]) -> _SharedTables:
    want = kinds | _ALL_PASSABLE
    got = geo.shared.get(want)
    if got is None:
        got = geo.shared[want] = _SharedTables(geo, want)
    return got


def _rule_ab_joins(tables: _SharedTables, passable_kinds: frozenset[str]):
    """The joins of rules (a) and (b) (each pair once or twice; order free) for passable_kinds."""
    by_line: dict[tuple[int, int, int], list[tuple[IntPt, IntPt]]] = {}
    for key, segs in tables.passable.items():
        mine = [(a, b) for kind, a, b in segs if kind in passable_kinds]
        if mine:
            by_line[key] = mine

    # (a) a shared stretch of boundary along which a passable line runs.
    for key, (ix, found) in tables.pairs.items():
        lines = by_line.get(key)
        if not lines:
            continue
        spans = [(l0, l1) if l0 <= l1 else (l1, l0) for l0, l1 in ((a[ix], b[ix]) for a, b in lines)]
        for na, nb, lo, hi in found:
            if any(max(lo, c0) < min(hi, c1) for c0, c1 in spans):
                yield na, nb

    # (b) corner contact: turning round a shared point across passable lines only.
    for p, touching, shared in tables.corners:
        parent = {n: n for n, _ in touching}

        def find(n: str) -> str:
            while parent[n] != n:
                parent[n] = parent[parent[n]]
                n = parent[n]
            return n

        for d, group, key in shared:
            if _iray_passable(p, d, by_line.get(key, ())):
                for other in group[1:]:
                    parent[find(other)] = find(group[0])
        groups: dict[str, list[str]] = {}
        for name, _ in touching:
            groups.setdefault(find(name), []).append(name)
        if len(groups) == len(touching):
            continue  # nothing turned round
        dirs = {name: set(rays) for name, rays in touching}
        for members in groups.values():
            for i, x in enumerate(members):
                for y in members[i + 1 :]:
                    # Only a corner contact: areas sharing a boundary ray at p meet along a
                    # stretch, and that stretch alone decides (rule (a) above).
                    if not dirs[x] & dirs[y]:
                        yield x, y


def _icross(o: IntPt, a: IntPt, b: IntPt) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _icollinear_overlap(a: IntPt, b: IntPt, c: IntPt, d: IntPt) -> bool:
    """c-d lies on the line of a-b and shares a stretch of positive length with a-b."""
    if _icross(a, b, c) != 0 or _icross(a, b, d) != 0:
        return False
    ix = 0 if a[0] != b[0] else 1
    a0, a1 = sorted((a[ix], b[ix]))
    c0, c1 = sorted((c[ix], d[ix]))
    return max(a0, c0) < min(a1, c1)


def _itouches_along(poly, a: IntPt, b: IntPt) -> bool:
    n = len(poly)
    return any(_icollinear_overlap(a, b, poly[i], poly[(i + 1) % n]) for i in range(n))


def _without_repeats(poly: tuple[IntPt, ...]) -> tuple[IntPt, ...]:
    """The polygon without back-to-back repeated vertices (the last one joins the first)."""
    out = [p for i, p in enumerate(poly) if p != poly[i - 1]] if len(poly) > 1 else list(poly)
    return tuple(out) if out else poly[:1]


def _irays(p: IntPt, poly, vertex_at: dict) -> list[IntPt]:
    """Directions (reduced integer vectors) of the polygon's boundary leaving p, p a vertex or
    a point inside an edge; [] when p is not on the boundary."""
    n = len(poly)
    i = vertex_at.get(p)
    if i is not None:
        return [_idir(p, poly[i - 1]), _idir(p, poly[(i + 1) % n])]
    x, y = p
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        if (
            min(a[0], b[0]) <= x <= max(a[0], b[0])
            and min(a[1], b[1]) <= y <= max(a[1], b[1])
            and _icross(a, b, p) == 0
        ):
            return [_idir(p, a), _idir(p, b)]
    return []


def _idir(p: IntPt, w: IntPt) -> IntPt:
    """The direction from p to w as a reduced vector: equal for parallel same-sense vectors."""
    dx, dy = w[0] - p[0], w[1] - p[1]
    g = gcd(dx, dy)
    return (dx // g, dy // g)


def _iray_passable(p: IntPt, d: IntPt, passable) -> bool:
    """A passable segment runs from p along direction d (it holds p and extends beyond it)."""
    x, y = p
    for a, b in passable:  # all on the line through p along d
        if min(a[0], b[0]) <= x <= max(a[0], b[0]) and min(a[1], b[1]) <= y <= max(a[1], b[1]):
            if any((e[0] - x) * d[0] + (e[1] - y) * d[1] > 0 for e in (a, b)):
                return True
    return False


# --- composition records --------------------------------------------------------------------------
#
# compose.py records how it built a board (one tile face placed, or a board plus one more face:
# how a Gears level is laid, spec 3.4), so that the board's area graphs can be read from its
# faces' graphs (see "graphs of composed boards from their pieces" below) and its integer
# geometry from the previous board's (_extended_geometry).

_COMPOSITION = "composition"  # board._cache key of the record below


@dataclass(frozen=True)
class _Composition:
    """How compose.py built a board: `face` (a Board in its own coordinates) placed as piece
    `name`, alone (prev None) or added to the board prev refers to. The containers of the board
    and of prev are kept to tell that neither changed since (a Board is a mutable dataclass)."""

    parts: tuple  # (areas, lines, doors, connectors) of the board, by identity
    version: int
    name: str
    face: Board
    prev: "weakref.ref[Board] | None" = None
    prev_version: int = 0
    prev_areas: object = None

    def current(self, board: Board) -> bool:
        a, l, d, c = self.parts
        return (board.version == self.version and board.areas is a and board.lines is l
                and board.doors is d and board.connectors is c)


def _added_to(board: Board) -> "tuple[_Composition, Board] | None":
    """The composition record of a board compose.add_piece built from a previous board, with
    that board, while neither changed since (a new version or container) and the previous one
    has areas; None otherwise (the board is then read afresh)."""
    rec = board._cache.get(_COMPOSITION)
    if rec is None or rec.prev is None or not rec.current(board):
        return None
    prev = rec.prev()
    if prev is None or prev.version != rec.prev_version or prev.areas is not rec.prev_areas or not prev.areas:
        return None
    return rec, prev


def note_composition(board: Board, face: Board, name: str, prev: Board | None = None) -> None:
    """Record (for area_graph) that board is face placed as piece `name`, alone or added to prev.
    Called by compose.py right after building board; a later change of board (a new version or
    container) or of prev makes area_graph compute the full graph instead."""
    board._cache[_COMPOSITION] = _Composition(
        (board.areas, board.lines, board.doors, board.connectors),
        board.version,
        name,
        face,
        weakref.ref(prev) if prev is not None else None,
        prev.version if prev is not None else 0,
        prev.areas if prev is not None else None,
    )


def _renamed_graph(face: Board, kind: str, name: str) -> dict[str, frozenset[str]]:
    """The face's graph (its doors as the map starts: a face has no joined pair, so doors do not
    matter) with every area named 'name:area', as transform_board names them; cached on the face."""
    key = ("renamed_graph", kind, face.version, name)
    got = face._cache.get(key)
    if got is None:
        pre = name + ":"
        got = face._cache[key] = {
            pre + n: frozenset(pre + m for m in adj) for n, adj in area_graph(face, kind).items()
        }
    return got


# --- graphs of composed boards from their pieces ------------------------------------------------
#
# A board compose.py built from recorded tile faces (note_composition below: one face placed,
# or a board plus one more face, the way a Gears level is laid, spec 3.4) gets its graph as
#     the faces' own graphs, renamed  |  rules (a) and (b) at the pieces' outlines  |  rule (c),
# exactly, because a join of rule (a) or (b) that no single face has needs the geometry of two
# pieces at one place, and that place lies on the outline of a piece:
#   - placing a face is an isometry of the integer lattice (quarter turns, flips, translation):
#     collinearity, order along a line, ray directions are kept, so the rules find on the
#     board, among one face's areas and lines alone, exactly that face's joins (renamed); a face
#     alone has no joined pair (checked), so rule (c) plays no part in its graph;
#   - pieces do not overlap with positive area (compose refuses it) and a face's areas do not
#     overlap one another (check_board; tests/board/test_gears_tiles.py on the shipped faces),
#     and every passable line of a face runs along its own areas' edges (checked per face,
#     `_face_outline`): so another piece's area or passable line can touch a point only
#     where it lies on the boundary of the piece's region, the union of its areas, i.e. on
#     the parts of edges that no other area of the same face shares (its outline);
#   - rule (b) at a corner p touched by areas of two pieces: p is a vertex of some area (the
#     rule only turns round vertices) on its own piece's outline (an area of another piece
#     touches p). Rule (a) for two areas of different pieces: both edges lie along their
#     pieces' outlines there. Two areas of one piece with a passable line of another along
#     their shared stretch cannot happen (that line would run along an area of its own piece,
#     overlapping one of the two).
# So rules (a) and (b) are run exactly as _area_graph runs them, on the board's own integer
# geometry, only at the vertices and edges each face's outline table names (where areas of two
# pieces meet); rule (c) on the whole board, with the closed doors asked (the other rules do not
# read doors). tests/board/test_incremental_graphs.py compares it with _area_graph on random
# levels of the 34 shipped faces, and shows that leaving out a piece's outline breaks it.

_FACE_OUTLINE = "face_outline"


def prepare_face(face: Board, name: str) -> None:
    """Builds now what every board laid from this face will read (its own movement and range
    graphs named as piece `name`, and its outline table), so that laying boards in play pays
    only for what depends on the layout. Called when a tile face is loaded."""
    for kind in ("movement", "range"):
        _renamed_graph(face, kind, name)
    _face_outline(face)


def _face_outline(face: Board):
    """The face's outline table: (areas, lines, version, {area: vertex indices on the outline},
    {area: edge indices with a stretch on the outline}), indices into the area's polygon without
    back-to-back repeats, or None when the argument above does not hold for the face (a grid, a
    joined pair, or a passable line not along its own areas' edges). Cached on the face."""
    got = face._cache.get(_FACE_OUTLINE)
    if got is not None and got[0] is face.areas and got[1] is face.lines and got[2] == face.version:
        return got if got[3] is not None else None
    table = _build_face_outline(face)
    got = face._cache[_FACE_OUTLINE] = (face.areas, face.lines, face.version) + (table or (None, None))
    return got if table is not None else None


def _build_face_outline(face: Board):
    if face.grid is not None or face.joined_connectors():
        return None
    geo = _int_geometry(face)
    # Every passable stretch lies along the face's area edges on its line.
    for kind in sorted(_ALL_PASSABLE):
        for a, b in geo.segments_of(kind):
            if a == b:
                continue
            sides = geo.edges_by_line.get(_ikey(a, b), ())
            ix = 0 if a[0] != b[0] else 1
            lo, hi = (a[ix], b[ix]) if a[ix] <= b[ix] else (b[ix], a[ix])
            for c0, c1 in sorted((p[ix], q[ix]) if p[ix] <= q[ix] else (q[ix], p[ix]) for _, p, q in sides):
                if c0 > lo:
                    break
                lo = max(lo, c1)
            if lo < hi:
                return None
    # The outline's stretches, as outline_segments finds them, with the edge each comes from.
    index: dict[tuple[str, IntPt, IntPt], int] = {}
    for n, poly in geo.polys.items():
        for i, p in enumerate(poly):
            index.setdefault((n, p, poly[(i + 1) % len(poly)]), i)
    edges: dict[str, set[int]] = {}
    stretches: list[tuple[IntPt, IntPt]] = []
    for group in geo.edges_by_line.values():
        for n, a, b in group:
            ix = 0 if a[0] != b[0] else 1
            lo, hi = (a[ix], b[ix]) if a[ix] <= b[ix] else (b[ix], a[ix])
            covered = sorted((c[ix], d[ix]) if c[ix] <= d[ix] else (d[ix], c[ix]) for m, c, d in group if m != n)
            if _gaps(lo, hi, covered):
                edges.setdefault(n, set()).add(index[(n, a, b)])
                stretches.append((a, b))
    # Stretches by the line they lie on: x of a vertical one, y of a horizontal one, else slanted.
    by_x: dict[int, list[tuple[int, int]]] = {}
    by_y: dict[int, list[tuple[int, int]]] = {}
    slanted = []
    for a, b in stretches:
        if a[0] == b[0]:
            by_x.setdefault(a[0], []).append((min(a[1], b[1]), max(a[1], b[1])))
        elif a[1] == b[1]:
            by_y.setdefault(a[1], []).append((min(a[0], b[0]), max(a[0], b[0])))
        else:
            slanted.append((a, b))

    def on_outline(v: IntPt) -> bool:
        x, y = v
        return (any(lo <= y <= hi for lo, hi in by_x.get(x, ())) or any(lo <= x <= hi for lo, hi in by_y.get(y, ()))
                or any(_on_segment(v, a, b) for a, b in slanted))

    vertices: dict[str, list[int]] = {}
    for n, poly in geo.polys.items():
        on = [i for i, v in enumerate(poly) if on_outline(v)]
        if on:
            vertices[n] = on
    return vertices, {n: sorted(v) for n, v in edges.items()}


def _recorded_faces(board: Board) -> list[tuple[str, Board]] | None:
    """[(piece name, face)] of a board compose.py recorded piece by piece, first piece first, or
    None when it is not such a board or it or a board of its chain changed since."""
    out: list[tuple[str, Board]] = []
    b = board
    while True:
        rec = b._cache.get(_COMPOSITION)
        if rec is None or not rec.current(b):
            return None
        out.append((rec.name, rec.face))
        if rec.prev is None:
            break
        prev = rec.prev()
        if prev is None or prev.version != rec.prev_version or prev.areas is not rec.prev_areas:
            return None
        b = prev
    out.reverse()
    return out


def _pieces_graph(board: Board, kind: str, closed: frozenset[str]) -> dict[str, frozenset[str]] | None:
    """The graph of a recorded composition from its faces' graphs (see above), or None."""
    if board.grid is not None:
        return None
    faces = _recorded_faces(board)
    if faces is None:
        return None
    tables = []
    for name, face in faces:
        t = _face_outline(face)
        if t is None:
            return None
        tables.append((name, face, t))
    if sum(len(face.areas) for _, face, _ in tables) != len(board.areas):
        return None
    key = ("outline_joins", kind, board.version)  # (a)/(b) read no doors: one list per kind
    joins = board._cache.get(key)
    if joins is None:
        joins = _outline_joins(board, tables, _PASSABLE[kind])
        if joins is None:
            return None
        board._cache[key] = joins
    owns = {}
    for name, face, _ in tables:
        owns.update(_renamed_graph(face, kind, name))
    if owns.keys() != board.areas.keys():
        return None
    extra: dict[str, set[str]] = {}
    for x, y in joins:
        extra.setdefault(x, set()).add(y)
        extra.setdefault(y, set()).add(x)
    ckey = ("rule_c", board.version, closed)
    joins_c = board._cache.get(ckey)
    if joins_c is None:
        joins_c = board._cache[ckey] = list(_rule_c_joins(board, _int_geometry(board), closed))
    for x, y in joins_c:
        extra.setdefault(x, set()).add(y)
        extra.setdefault(y, set()).add(x)
    out: dict[str, frozenset[str]] = {}
    for n in board.areas:
        adj = owns[n]
        more = extra.get(n)
        if more is not None:
            more.discard(n)
            if not more <= adj:
                adj = adj | more
        out[n] = adj
    return out


def _outline_joins(board: Board, tables, passable_kinds: frozenset[str]) -> list[tuple[str, str]] | None:
    """Rules (a) and (b) of _area_graph (same tests) at the pieces' outline vertices and edges,
    where areas of two pieces meet; the candidates are found once for both graphs."""
    key = ("outline_tables", board.version)
    shared = board._cache.get(key)
    if shared is None:
        shared = _outline_tables(board, tables)
        if shared is None:
            return None
        board._cache[key] = shared
    return list(_rule_ab_joins(shared, passable_kinds))


def _outline_tables(board: Board, tables) -> _SharedTables | None:
    geo = _int_geometry(board)
    polys = geo.polys
    piece_of: dict[str, str] = {}
    cand_v: set[IntPt] = set()
    sides: dict[tuple[int, int, int], list[tuple[str, IntPt, IntPt]]] = {}
    for name, face, (_, _, _, vertices, edges) in tables:
        pre = name + ":"
        face_polys = _int_geometry(face).polys
        for n in face.areas:
            piece_of[pre + n] = name
        for n, idx in vertices.items():
            poly = polys.get(pre + n)
            if poly is None or len(poly) != len(face_polys[n]):
                return None
            cand_v.update(poly[i] for i in idx)
        for n, idx in edges.items():
            poly = polys[pre + n]
            m = len(poly)
            for i in idx:
                p, q = poly[i], poly[(i + 1) % m]
                sides.setdefault(_ikey(p, q), []).append((pre + n, p, q))
    if piece_of.keys() != board.areas.keys():
        return None
    return _SharedTables(geo, _ALL_PASSABLE, sides, cand_v, piece_of)


def _on_segment(p: IntPt, a: IntPt, b: IntPt) -> bool:
    return (min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])
            and _icross(a, b, p) == 0)


# --- shared ---------------------------------------------------------------------------------------


def _bfs(start: Node, neighbours) -> dict[Node, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        n = queue.popleft()
        for m in neighbours(n):
            if m not in dist:
                dist[m] = dist[n] + 1
                queue.append(m)
    return dist


def _cell(board: Board, a: Node) -> Cell:
    """Check a grid node: distances on a grid map run between floor squares (col, row)."""
    if isinstance(a, tuple) and len(a) == 2 and all(isinstance(v, int) for v in a):
        if board.grid is not None and a in board.grid.floor:
            return a
        raise KeyError(f"{board.source}: square {a[0]},{a[1]} is not floor")
    raise KeyError(f"{board.source}: a grid map measures between squares (col, row), not {a!r}")


# --- seams: two pieces' edges laid against each other with nothing joining them -------------------
#
# A tile's edge is the map's edge (gears 3.1 item 10: an exit is "a smaller opening on the map's
# edge"; 3.2: the map edge blocks sight like a wall). Where a tile is laid at an exit, the
# stretches of its edge that touch the tile before it away from the joint (12A laid at 9A's
# exit: 9A's Promenade beside 12A's Storefront) are still both tiles' edges: a seam. Movement
# and range never cross one (they join pieces only at joined connectors, 3.7); sight does not
# either (Board.blocking_segments), and the table draws it (game/ui/table/board_render.py).
#
# The seams of a board are, per supporting line, the stretches of positive length where edges
# of areas of two different pieces overlap, less the joined connectors and the passable lines
# (borders, level lines) lying there, merged into maximal intervals. A board compose.add_piece
# built from the previous board (a tile laid in play) gets them from that board's (moved by the
# composition's whole-tile shift) plus the new piece's outline edges against the areas near
# them; any other board by looking at every line. Both on the integer geometry, exactly.

_SEAMS = "seam_table"  # board._cache key: (areas, connectors, lines, version, table)


def piece_seams(board: Board) -> tuple[Segment, ...]:
    """Board.piece_seams: the seams (see above) as segments, lines in sorted order of their key,
    intervals in order along the line; () on grid maps and boards of one piece."""
    if board.grid is not None:
        return ()
    table = _seam_table(board)
    scale = _int_geometry(board).scale
    out: list[Segment] = []
    for key in sorted(table):
        ix, a, b, spans = table[key]
        for lo, hi in spans:
            out.append(Segment(_unscaled_at(a, b, ix, lo, scale), _unscaled_at(a, b, ix, hi, scale)))
    return tuple(out)


def _seam_table(board: Board) -> dict:
    """{line key: (ix, a, b, [(lo, hi)])}: a and b two points of the line (board integers), ix
    the coordinate the intervals run along. Cached per version with the containers it read."""
    got = board._cache.get(_SEAMS)
    if (got is not None and got[0] is board.areas and got[1] is board.connectors and got[2] is board.lines
            and got[3] == board.version):
        return got[4]
    table = _added_seams(board)
    if table is None:
        table = _all_seams(board)
    board._cache[_SEAMS] = (board.areas, board.connectors, board.lines, board.version, table)
    return table


def _all_seams(board: Board) -> dict:
    """Every line of the board: the overlaps of edges of two pieces' areas."""
    piece_of = {n: a.piece for n, a in board.areas.items()}
    if len(set(piece_of.values())) < 2:
        return {}
    geo = _int_geometry(board)
    found: dict = {}
    for key, group in geo.edges_by_line.items():
        if len(group) < 2:
            continue
        ix = 0 if group[0][1][0] != group[0][2][0] else 1
        spans = sorted(((p[ix], q[ix], piece_of[n]) if p[ix] <= q[ix] else (q[ix], p[ix], piece_of[n]))
                       for n, p, q in group if n in piece_of)  # (an area gone from a board changed in place)
        out = []
        for i, (a0, a1, pa) in enumerate(spans):
            for b0, b1, pb in spans[i + 1:]:
                if b0 >= a1:
                    break
                if pa != pb:
                    out.append((b0, a1 if a1 < b1 else b1))
        if out:
            found[key] = (ix, group[0][1], group[0][2], out)
    return _seams_less_joins(board, geo, found)


def _added_seams(board: Board) -> dict | None:
    """The seams of a board compose.add_piece built from a previous board on whole pixels: the
    previous board's seams moved by the shift, plus the new piece's outline edges against the
    other pieces' areas whose boxes meet them; None when the board is not such a board."""
    got = _added_to(board)
    if got is None:
        return None
    rec, prev = got
    if len(board.areas) != len(prev.areas) + len(rec.face.areas) or not all(n in board.areas for n in prev.areas):
        return None
    geo = _int_geometry(board)
    if geo.scale != 1 or _int_geometry(prev).scale != 1:
        return None
    n0 = next(iter(prev.areas))
    (ax, ay), (bx, by) = prev.areas[n0].polygon[0], board.areas[n0].polygon[0]
    dx, dy = int(bx - ax), int(by - ay)
    if dx != bx - ax or dy != by - ay:
        return None
    table: dict = {}
    for ix, a, b, spans in _seam_table(prev).values():
        a2, b2 = (a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)
        d = dx if ix == 0 else dy
        table[_ikey(a2, b2)] = (ix, a2, b2, [(lo + d, hi + d) for lo, hi in spans])
    name = rec.name
    outline = _face_outline(rec.face)
    edges_of = outline[4] if outline is not None else None
    polys = geo.polys
    found: dict = {}
    for n in rec.face.areas:
        poly = polys.get(name + ":" + n)
        if poly is None:
            return None
        m = len(poly)
        idx = range(m)
        if edges_of is not None and len(_int_geometry(rec.face).polys[n]) == m:
            idx = edges_of.get(n, ())  # only its outline can touch another piece
        for i in idx:
            p, q = poly[i], poly[(i + 1) % m]
            ix = 0 if p[0] != q[0] else 1
            lo, hi = (p[ix], q[ix]) if p[ix] <= q[ix] else (q[ix], p[ix])
            key = None
            for other in geo.areas_meeting(p, q):
                if board.areas[other].piece == name:
                    continue
                opoly = polys[other]
                k = len(opoly)
                for j in range(k):
                    c, e = opoly[j], opoly[(j + 1) % k]
                    if _icross(p, q, c) != 0 or _icross(p, q, e) != 0:
                        continue
                    c0, c1 = (c[ix], e[ix]) if c[ix] <= e[ix] else (e[ix], c[ix])
                    s0, s1 = max(lo, c0), min(hi, c1)
                    if s0 < s1:
                        if key is None:
                            key = _ikey(p, q)
                        got = found.get(key)
                        if got is None:
                            found[key] = (ix, p, q, [(s0, s1)])
                        else:
                            got[3].append((s0, s1))
    for key, (ix, a, b, spans) in _seams_less_joins(board, geo, found).items():
        old = table.get(key)
        table[key] = (ix, a, b, spans) if old is None else (old[0], old[1], old[2], _merged(old[3] + spans))
    return table


def _seams_less_joins(board: Board, geo: _IntGeometry, found: dict) -> dict:
    """found's intervals merged, less the joined connectors and passable lines on their lines."""
    if not found:
        return {}
    cuts: dict = {}
    for x, _e in board.joined_connectors():
        a, b = geo.pt(x.segment.a), geo.pt(x.segment.b)
        if a != b:
            cuts.setdefault(_ikey(a, b), []).append((a, b))
    for kind in sorted(_ALL_PASSABLE):
        for a, b in geo.segments_of(kind):
            if a != b:
                cuts.setdefault(_ikey(a, b), []).append((a, b))
    out: dict = {}
    for key, (ix, a, b, spans) in found.items():
        spans = _merged(spans)
        for c, d in cuts.get(key, ()):
            c0, c1 = (c[ix], d[ix]) if c[ix] <= d[ix] else (d[ix], c[ix])
            spans = [s for lo, hi in spans for s in ((lo, min(hi, c0)), (max(lo, c1), hi)) if s[0] < s[1]]
        if spans:
            out[key] = (ix, a, b, spans)
    return out


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The union of closed intervals as sorted, disjoint, non-touching intervals."""
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(spans):
        if out and lo <= out[-1][1]:
            if hi > out[-1][1]:
                out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return out
