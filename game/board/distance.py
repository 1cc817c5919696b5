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

    A board that compose.py built as one placed tile face, or as a board plus one more piece
    (the way a Gears level is laid, spec 3.4), gets the same graph incrementally (see
    `_incremental_graph` below); any other board, or other closed doors, the full computation."""
    closed = board.closed_door_names(closed_doors)
    key = ("area_graph", kind, board.version, closed)
    got = board._cache.get(key)
    if got is None:
        got = _incremental_graph(board, kind, closed)
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
    def vertex_at(self) -> dict[str, dict[IntPt, int]]:
        """Each area's vertex -> its index, for the rays at a vertex (the first index, should
        a broken polygon repeat a vertex)."""
        return {n: _first_index(poly) for n, poly in self.polys.items()}

    @cached_property
    def edges_by_line(self) -> dict[tuple[int, int, int], list[tuple[str, IntPt, IntPt]]]:
        """Area edges grouped by supporting line (rule (a)), in area order."""
        out: dict[tuple[int, int, int], list[tuple[str, IntPt, IntPt]]] = {}
        for n, poly in self.polys.items():
            for i, p in enumerate(poly):
                q = poly[(i + 1) % len(poly)]
                out.setdefault(_ikey(p, q), []).append((n, p, q))
        return out

    @cached_property
    def lines_by_kind(self) -> dict[str, list[tuple[IntPt, IntPt]]]:
        out: dict[str, list[tuple[IntPt, IntPt]]] = {}
        for line in self._lines:
            pts = [self.pt(p) for p in line.points]
            out.setdefault(line.kind, []).extend(zip(pts, pts[1:]))
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
    rec = board._cache.get(_COMPOSITION)
    if rec is None or rec.prev is None or not rec.current(board):
        return None
    prev = rec.prev()
    if prev is None or prev.version != rec.prev_version or prev.areas is not rec.prev_areas or not prev.areas:
        return None
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
    the collinear overlaps subtracted on integers, the points divided back exactly."""
    geo = _int_geometry(board)
    s = geo.scale
    out: list[Segment] = []
    for group in geo.edges_by_line.values():
        for k, (n, a, b) in enumerate(group):
            ix = 0 if a[0] != b[0] else 1
            ta, tb = a[ix], b[ix]
            lo, hi = (ta, tb) if ta <= tb else (tb, ta)
            covered = sorted(
                (c[ix], d[ix]) if c[ix] <= d[ix] else (d[ix], c[ix]) for m, c, d in group if m != n
            )
            pieces: list[tuple[int, int]] = []
            cur = lo
            for c0, c1 in covered:
                if c1 <= cur or c0 >= hi:
                    continue
                if c0 > cur:
                    pieces.append((cur, c0))
                cur = max(cur, c1)
            if cur < hi:
                pieces.append((cur, hi))
            for s0, s1 in pieces:
                out.append(Segment(_unscaled_at(a, b, ix, s0, s), _unscaled_at(a, b, ix, s1, s)))
    return tuple(out)


def _unscaled_at(a: IntPt, b: IntPt, ix: int, value: int, scale: int) -> Point:
    """The point of line ab (scaled) whose coordinate ix is value, in unscaled Fractions."""
    other = 1 - ix
    num = a[other] * (b[ix] - a[ix]) + (value - a[ix]) * (b[other] - a[other])
    w = Fraction(num, (b[ix] - a[ix]) * scale)
    v = Fraction(value, scale)
    return (v, w) if ix == 0 else (w, v)


def _area_graph(board: Board, passable_kinds: frozenset[str], closed: frozenset[str]) -> dict[str, frozenset[str]]:
    geo = _int_geometry(board)
    names = list(board.areas)
    passable = [s for kind in sorted(passable_kinds) for s in geo.lines_by_kind.get(kind, ()) if s[0] != s[1]]
    adj: dict[str, set[str]] = {n: set() for n in names}

    def join(x: str, y: str) -> None:
        if x != y:
            adj[x].add(y)
            adj[y].add(x)

    passable_by_line: dict[tuple[int, int, int], list[tuple[IntPt, IntPt]]] = {}
    for a, b in passable:
        passable_by_line.setdefault(_ikey(a, b), []).append((a, b))

    # (a) a shared stretch of boundary along which a passable line runs.
    for key, lines in passable_by_line.items():
        sides = geo.edges_by_line.get(key)
        if not sides or len(sides) < 2:
            continue
        ix = 0 if sides[0][1][0] != sides[0][2][0] else 1  # order along the line: x, or y if vertical
        spans = [(l0, l1) if l0 <= l1 else (l1, l0) for l0, l1 in ((a[ix], b[ix]) for a, b in lines)]
        for i, (na, p1, q1) in enumerate(sides):
            a0, a1 = (p1[ix], q1[ix]) if p1[ix] <= q1[ix] else (q1[ix], p1[ix])
            for nb, p2, q2 in sides[i + 1 :]:
                if na == nb or nb in adj[na]:
                    continue
                b0, b1 = (p2[ix], q2[ix]) if p2[ix] <= q2[ix] else (q2[ix], p2[ix])
                lo, hi = max(a0, b0), min(a1, b1)
                if lo < hi and any(max(lo, c0) < min(hi, c1) for c0, c1 in spans):
                    join(na, nb)

    # (b) corner contact: turning round a shared point across passable lines only.
    for p in {v for poly in geo.polys.values() for v in poly}:
        near = geo.areas_at(p)
        if len(near) < 3:
            continue  # touching (below) is a subset of near, and needs three areas
        touching = []
        for n in near:
            rays = _irays(p, geo.polys[n], geo.vertex_at[n])
            if rays:
                touching.append((n, rays))
        if len(touching) < 3:
            continue  # a corner contact needs a third area to turn round through
        parent = {n: n for n, _ in touching}

        def find(n: str) -> str:
            while parent[n] != n:
                parent[n] = parent[parent[n]]
                n = parent[n]
            return n

        owners: dict[IntPt, list[str]] = {}
        for name, rays in touching:
            for d in rays:
                owners.setdefault(d, []).append(name)
        for d, group in owners.items():
            if len(group) > 1 and _iray_passable(p, d, passable_by_line.get(_ikey(p, (p[0] + d[0], p[1] + d[1])), ())):
                for other in group[1:]:
                    parent[find(other)] = find(group[0])
        groups: dict[str, list[str]] = {}
        for name, _ in touching:
            groups.setdefault(find(name), []).append(name)
        dirs = {name: set(rays) for name, rays in touching}
        for members in groups.values():
            for i, x in enumerate(members):
                for y in members[i + 1 :]:
                    # Only a corner contact: areas sharing a boundary ray at p meet along a
                    # stretch, and that stretch alone decides (rule (a) above).
                    if not dirs[x] & dirs[y]:
                        join(x, y)

    # (c) across pieces: areas touching a joined entrance/exit pair (gears 3.7).
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
                join(n, m)
    return {n: frozenset(adj[n]) for n in names}


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


# --- incremental graphs ---------------------------------------------------------------------------
#
# A Gears level is laid tile by tile (spec 3.4): compose.add_piece builds the board of k+1 tiles
# from the board of k tiles plus one placed tile face P, and every one of those boards has its
# graphs asked in play. The graph of that board is
#     graph(previous board) | graph(P) | the joins near P,
# exactly, because:
#   - every rule only adds joins, and adding geometry (areas, passable lines) never removes one:
#     rule (a) checks a pair of edges against more passable stretches, rule (b) turns round a
#     point through more areas and across more lines (its union-find only merges more), rule (c)
#     keeps every joined pair (unless a door of P lay on one: then we fall back, see _contact);
#   - graph(P) is the graph of the tile face in its own coordinates with every name prefixed:
#     placing is a quarter turn, flips and a translation, all isometries of the integer lattice
#     that keep collinearity, order along a line, ray directions and bounding boxes, and a face
#     alone has no joined pair (we fall back if it had one);
#   - a join that neither of the two graphs has needs P's geometry: a rule-(b) corner p where an
#     area of P touches p or a passable line of P runs through p (p is in W, the closed bounding
#     box of P's areas and lines), or a rule-(a) pair of edges whose shared stretch lies along an
#     edge of P or meets a passable stretch of P (both edges and the deciding stretch meet W),
#     or a rule-(c) pair that has a connector of P. Outside W the merged board looks exactly like
#     one of its parts, so the rules give exactly the parts' joins there.
# So only W is looked at: the corners in W, the edges and passable stretches meeting W, the new
# joined pairs, all on the merged board's own integer geometry (the parts' graphs are graphs of
# names, free of coordinates, shift and scale). tests/board/test_incremental_graphs.py checks
# the result against the full computation on random levels of the 34 shipped tile faces.

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


def _incremental_graph(board: Board, kind: str, closed: frozenset[str]) -> dict[str, frozenset[str]] | None:
    """The graph built from the parts compose.py recorded (see above), or None when the board is
    not a recorded composition, has changed since, or closed is not the doors' starting state.

    The base is the nearest earlier board of the chain whose graph is already cached (a level
    is laid on the previous level's board, whose graphs play asked for), or the chain's first
    board (one face: its graph renamed); every piece added since counts as new, with its own
    contact window (the same argument as for one piece: a join none of the parts has needs
    the geometry of a new piece). Intermediate boards of a level being laid out, whose graphs
    play never asks, are not computed."""
    if board.grid is not None or closed != board.closed_door_names(None):
        return None
    key = ("area_graph", kind)
    new: list[_Composition] = []
    b = board
    while True:
        rec = b._cache.get(_COMPOSITION)
        if rec is None or not rec.current(b) or rec.face.grid is not None or rec.face.joined_connectors():
            return None
        if rec.prev is None:  # the first face: the base
            base = _renamed_graph(rec.face, kind, rec.name)
            if list(base) != list(b.areas):
                return None
            break
        new.append(rec)
        prev = rec.prev()
        if prev is None or prev.version != rec.prev_version or prev.areas is not rec.prev_areas:
            return None
        base = prev._cache.get(key + (prev.version, prev.closed_door_names(None)))
        if base is not None:
            break
        b = prev
    if not new:
        return dict(base)
    owns = [_renamed_graph(rec.face, kind, rec.name) for rec in new]
    fresh = sum(len(o) for o in owns)
    if len(base) + fresh != len(board.areas):
        return None
    if 3 * fresh > 2 * len(board.areas):
        # Mostly new pieces (the first level of a game): a window per piece costs more than
        # the full computation then (tools/bench_board_graphs.py measures both).
        return None
    contact = _contact(board, tuple(rec.name for rec in reversed(new)))
    if contact is None:
        return None
    extra: dict[str, set[str]] = {}
    for x, y in _local_joins(contact, _PASSABLE[kind]):
        extra.setdefault(x, set()).add(y)
    out: dict[str, frozenset[str]] = {}
    for n in board.areas:
        adj = base.get(n)
        if adj is None:
            for own in owns:
                adj = own.get(n)
                if adj is not None:
                    break
            else:
                return None
        more = extra.get(n)
        out[n] = adj | more if more is not None and not more <= adj else adj
    return out


class _Contact:
    """What the joins near the new pieces depend on, for both kinds (movement, range)."""

    __slots__ = ("sides", "passable", "corners", "joined")

    def __init__(self, sides, passable, corners, joined):
        self.sides = sides  # line key -> [(area, p, q)]: area edges meeting a window, mixed lines only
        self.passable = passable  # [(kind, a, b)]: border and level-line stretches meeting a window
        self.corners = corners  # [(p, [(area, rays)])]: mixed rule-(b) corners in a window, 3+ areas
        self.joined = joined  # [(x, y)]: the rule-(c) joins of the new joined pairs


def _contact(board: Board, new: tuple[str, ...]) -> _Contact | None:
    key = ("contact", board.version, new)
    if key in board._cache:
        return board._cache[key]
    got = board._cache[key] = _build_contact(board, frozenset(new))
    return got


def _meets(a: IntPt, b: IntPt, w: tuple[int, int, int, int]) -> bool:
    """The closed box of a-b meets the closed box w."""
    return min(a[0], b[0]) <= w[2] and w[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= w[3] and w[1] <= max(a[1], b[1])


def _on_segment(p: IntPt, a: IntPt, b: IntPt) -> bool:
    return (min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])
            and _icross(a, b, p) == 0)


def _build_contact(board: Board, new: frozenset[str]) -> _Contact | None:
    """The contact data of the new pieces. A part is a new piece or the base (every older piece):
    only what mixes parts is kept (a line with edges or stretches of two parts, a corner
    whose nearby areas come from two parts or that a stretch of another part runs through);
    what one part alone decides is in that part's graph already."""
    geo = _int_geometry(board)
    pt = geo.pt
    areas = board.areas
    part = lambda piece: piece if piece in new else ""  # noqa: E731
    windows: dict[str, list[int]] = {}
    for n, a in areas.items():
        if a.piece in new:
            x0, y0, x1, y1 = geo.boxes[n]
            w = windows.get(a.piece)
            if w is None:
                windows[a.piece] = [x0, y0, x1, y1]
            else:
                w[:] = min(w[0], x0), min(w[1], y0), max(w[2], x1), max(w[3], y1)
    if windows.keys() != new:
        return None
    line_pts = [(line, [pt(p) for p in line.points]) for line in board.lines]
    for line, pts in line_pts:
        w = windows.get(line.piece)
        if w is not None:
            for x, y in pts:
                w[:] = min(w[0], x), min(w[1], y), max(w[2], x), max(w[3], y)
    wins = [tuple(w) for w in windows.values()]
    kinds = _PASSABLE[RANGE]
    passable: list[tuple[str, IntPt, IntPt]] = []
    span_part: dict[tuple[int, int, int], set[str]] = {}
    # Stretches of other parts through a point: indexed by x (vertical), y (horizontal), or not.
    by_x: dict[int, list] = {}
    by_y: dict[int, list] = {}
    slanted: list = []
    for line, pts in line_pts:
        if line.kind not in kinds or len(pts) < 2:
            continue
        xs, ys = [v[0] for v in pts], [v[1] for v in pts]
        lw = [w for w in wins if min(xs) <= w[2] and w[0] <= max(xs) and min(ys) <= w[3] and w[1] <= max(ys)]
        if not lw:
            continue
        lp = part(line.piece)
        for a, b in zip(pts, pts[1:]):
            if a != b and any(_meets(a, b, w) for w in lw):
                passable.append((line.kind, a, b))
                span_part.setdefault(_ikey(a, b), set()).add(lp)
                if a[0] == b[0]:
                    by_x.setdefault(a[0], []).append((lp, a, b))
                elif a[1] == b[1]:
                    by_y.setdefault(a[1], []).append((lp, a, b))
                else:
                    slanted.append((lp, a, b))
    near: dict[str, None] = {}
    for x0, y0, x1, y1 in wins:
        near.update(dict.fromkeys(geo.areas_meeting((x0, y0), (x1, y1))))

    # Rule (a): edges meeting a window, on lines where two parts meet.
    sides: dict[tuple[int, int, int], list[tuple[str, IntPt, IntPt]]] = {}
    side_part: dict[tuple[int, int, int], set[str]] = {}
    corner_points: set[IntPt] = set()
    for n in near:
        poly = geo.polys[n]
        pn = part(areas[n].piece)
        bx0, by0, bx1, by1 = geo.boxes[n]
        aw = [w for w in wins if bx0 <= w[2] and w[0] <= bx1 and by0 <= w[3] and w[1] <= by1]
        for i, p in enumerate(poly):
            q = poly[(i + 1) % len(poly)]
            if any(_meets(p, q, w) for w in aw):
                k = _ikey(p, q)
                sides.setdefault(k, []).append((n, p, q))
                side_part.setdefault(k, set()).add(pn)
            if any(w[0] <= p[0] <= w[2] and w[1] <= p[1] <= w[3] for w in aw):
                corner_points.add(p)
    sides = {k: v for k, v in sides.items() if len(v) > 1 and len(side_part[k] | span_part.get(k, set())) > 1}

    def crossed_by_other(p: IntPt, parts: set[str]) -> bool:
        """A kept stretch of a part not in parts runs through p."""
        for q, a, b in (*by_x.get(p[0], ()), *by_y.get(p[1], ()), *slanted):
            if q not in parts and _on_segment(p, a, b):
                return True
        return False

    # Rule (b): the corners in a window where three or more areas touch, mixing parts.
    vertex_at: dict[str, dict[IntPt, int]] = {}
    corners = []
    for p in corner_points:
        here = geo.areas_at(p)
        if len(here) < 3:
            continue
        parts = {part(areas[n].piece) for n in here}
        if len(parts) == 1 and not crossed_by_other(p, parts):
            continue
        touching = []
        for n in here:
            at = vertex_at.get(n)
            if at is None:
                at = vertex_at[n] = _first_index(geo.polys[n])
            rays = _irays(p, geo.polys[n], at)
            if rays:
                touching.append((n, rays))
        if len(touching) >= 3:
            corners.append((p, touching))

    # Rule (c): joined pairs with a connector of a new piece. A door of a new piece lying on an
    # older joined pair would cut a join the base graph has: not a plain append.
    closed = board.closed_door_names(None)
    doors = [(pt(s.a), pt(s.b), d.piece in new) for d in board.doors if d.name in closed for s in d.segments()]
    joined = []
    for x, e in board.joined_connectors():
        a, b = pt(x.segment.a), pt(x.segment.b)
        if x.piece not in new and e.piece not in new:
            if any(mine and _icollinear_overlap(a, b, c, d) for c, d, mine in doors):
                return None
            continue
        if any(_icollinear_overlap(a, b, c, d) for c, d, _ in doors):
            continue
        here = geo.areas_meeting(a, b)
        side_x = [n for n in here if areas[n].piece == x.piece and _itouches_along(geo.polys[n], a, b)]
        side_e = [n for n in here if areas[n].piece == e.piece and _itouches_along(geo.polys[n], a, b)]
        joined += [(n, m) for n in side_x for m in side_e if n != m]
    return _Contact(sides, passable, corners, joined)


def _local_joins(contact: _Contact, passable_kinds: frozenset[str]) -> set[tuple[str, str]]:
    """Rules (a), (b), (c) of _area_graph on the contact data only (same tests, same order)."""
    out: set[tuple[str, str]] = set()
    passable_by_line: dict[tuple[int, int, int], list[tuple[IntPt, IntPt]]] = {}
    for kind, a, b in contact.passable:
        if kind in passable_kinds:
            passable_by_line.setdefault(_ikey(a, b), []).append((a, b))

    for key, sides in contact.sides.items():
        lines = passable_by_line.get(key)
        if not lines:
            continue
        ix = 0 if sides[0][1][0] != sides[0][2][0] else 1
        spans = [(l0, l1) if l0 <= l1 else (l1, l0) for l0, l1 in ((a[ix], b[ix]) for a, b in lines)]
        for i, (na, p1, q1) in enumerate(sides):
            a0, a1 = (p1[ix], q1[ix]) if p1[ix] <= q1[ix] else (q1[ix], p1[ix])
            for nb, p2, q2 in sides[i + 1 :]:
                if na == nb or (na, nb) in out:
                    continue
                b0, b1 = (p2[ix], q2[ix]) if p2[ix] <= q2[ix] else (q2[ix], p2[ix])
                lo, hi = max(a0, b0), min(a1, b1)
                if lo < hi and any(max(lo, c0) < min(hi, c1) for c0, c1 in spans):
                    out.add((na, nb))
                    out.add((nb, na))

    for p, touching in contact.corners:
        parent = {n: n for n, _ in touching}

        def find(n: str) -> str:
            while parent[n] != n:
                parent[n] = parent[parent[n]]
                n = parent[n]
            return n

        owners: dict[IntPt, list[str]] = {}
        for name, rays in touching:
            for d in rays:
                owners.setdefault(d, []).append(name)
        for d, group in owners.items():
            if len(group) > 1 and _iray_passable(p, d, passable_by_line.get(_ikey(p, (p[0] + d[0], p[1] + d[1])), ())):
                for other in group[1:]:
                    parent[find(other)] = find(group[0])
        groups: dict[str, list[str]] = {}
        for name, _ in touching:
            groups.setdefault(find(name), []).append(name)
        dirs = {name: set(rays) for name, rays in touching}
        for members in groups.values():
            for i, x in enumerate(members):
                for y in members[i + 1 :]:
                    if x != y and not dirs[x] & dirs[y]:
                        out.add((x, y))
                        out.add((y, x))

    for x, y in contact.joined:
        out.add((x, y))
        out.add((y, x))
    return out


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
