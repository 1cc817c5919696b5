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

from collections import deque
from fractions import Fraction
from typing import Hashable, Iterable, Mapping

from game.board.checks import edges, line_key, line_param, on_segment, orient
from game.board.model import Board, Cell, Edge, Point

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
    walls = board.grid.wall_edges | board.closed_door_edges(closed_doors)
    stop = frozenset(board.grid.blocking) | frozenset(blocked) if kind == MOVEMENT else frozenset()
    floor = board.grid.floor
    stop = stop - {cell}

    def neighbours(c: Cell):
        for dx, dy in KING_STEPS:
            n = (c[0] + dx, c[1] + dy)
            if n in floor and n not in stop and step_allowed(walls, c, n):
                yield n

    return _bfs(cell, neighbours)


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
    """Area -> adjacent areas for 'movement' or 'range' (see module doc); cached per board version."""
    closed = board.closed_door_names(closed_doors)
    key = ("area_graph", kind, board.version, closed)
    if key not in board._cache:
        board._cache[key] = _area_graph(board, _PASSABLE[kind], closed)
    return board._cache[key]


# --- area adjacency -------------------------------------------------------------------------------


def _area_graph(board: Board, passable_kinds: frozenset[str], closed: frozenset[str]) -> dict[str, frozenset[str]]:
    areas = list(board.areas.values())
    passable = [s for line in board.lines if line.kind in passable_kinds for s in line.segments()]
    adj: dict[str, set[str]] = {a.name: set() for a in areas}

    def join(x: str, y: str) -> None:
        if x != y:
            adj[x].add(y)
            adj[y].add(x)

    # (a) a shared stretch of boundary along which a passable line runs.
    by_line: dict[tuple, list[tuple[str | None, Point, Point]]] = {}
    for area in areas:
        for p, q in edges(area.polygon):
            by_line.setdefault(line_key(p, q), []).append((area.name, p, q))
    for s in passable:
        if s.a != s.b:
            by_line.setdefault(line_key(s.a, s.b), []).append((None, s.a, s.b))
    for group in by_line.values():
        sides = [g for g in group if g[0] is not None]
        lines = [g for g in group if g[0] is None]
        if not lines or len(sides) < 2:
            continue
        t = line_param(group[0][1], group[0][2])
        for i, (na, p1, q1) in enumerate(sides):
            for nb, p2, q2 in sides[i + 1 :]:
                if na == nb:
                    continue
                lo, hi = _overlap(t, (p1, q1), (p2, q2))
                if lo < hi and any(_overlap_with(t, lo, hi, (lp, lq)) for _, lp, lq in lines):
                    join(na, nb)

    # (b) corner contact: turning round a shared point across passable lines only.
    boxes = [(a, _bbox(a.polygon)) for a in areas]
    passable_by_line: dict[tuple, list] = {}
    for s in passable:
        if s.a != s.b:
            passable_by_line.setdefault(line_key(s.a, s.b), []).append(s)
    for p in {v for area in areas for v in area.polygon}:
        touching = [
            (a.name, _rays(p, a.polygon))
            for a, (x0, y0, x1, y1) in boxes
            if x0 <= p[0] <= x1 and y0 <= p[1] <= y1
        ]
        touching = [(n, r) for n, r in touching if r]
        if len(touching) < 3:
            continue  # a corner contact needs a third area to turn round through
        parent = {n: n for n, _ in touching}

        def find(n: str) -> str:
            while parent[n] != n:
                parent[n] = parent[parent[n]]
                n = parent[n]
            return n

        owners: dict[tuple[Fraction, Fraction], list[str]] = {}
        for name, rays in touching:
            for d in rays:
                owners.setdefault(_direction(d), []).append(name)
        for d, names in owners.items():
            if len(names) > 1 and _ray_passable(p, d, passable_by_line.get(line_key(p, (p[0] + d[0], p[1] + d[1])), ())):
                for other in names[1:]:
                    parent[find(other)] = find(names[0])
        groups: dict[str, list[str]] = {}
        for name, _ in touching:
            groups.setdefault(find(name), []).append(name)
        dirs = {name: {_direction(d) for d in rays} for name, rays in touching}
        for members in groups.values():
            for i, x in enumerate(members):
                for y in members[i + 1 :]:
                    # Only a corner contact: areas sharing a boundary ray at p meet along a
                    # stretch, and that stretch alone decides (rule (a) above).
                    if not dirs[x] & dirs[y]:
                        join(x, y)

    # (c) across pieces: areas touching a joined entrance/exit pair (gears 3.7).
    door_segments = [s for d in board.doors if d.name in closed for s in d.segments()]
    for x, e in board.joined_connectors():
        seg = x.segment
        if any(_collinear_overlap(seg.a, seg.b, s.a, s.b) for s in door_segments):
            continue
        side_x = [a.name for a in areas if a.piece == x.piece and _touches_along(a.polygon, seg.a, seg.b)]
        side_e = [a.name for a in areas if a.piece == e.piece and _touches_along(a.polygon, seg.a, seg.b)]
        for n in side_x:
            for m in side_e:
                join(n, m)
    return {n: frozenset(v) for n, v in adj.items()}


def _overlap(t, s1: tuple[Point, Point], s2: tuple[Point, Point]) -> tuple[Fraction, Fraction]:
    a0, a1 = sorted((t(s1[0]), t(s1[1])))
    b0, b1 = sorted((t(s2[0]), t(s2[1])))
    return max(a0, b0), min(a1, b1)


def _overlap_with(t, lo: Fraction, hi: Fraction, s: tuple[Point, Point]) -> bool:
    c0, c1 = sorted((t(s[0]), t(s[1])))
    return max(lo, c0) < min(hi, c1)


def _collinear_overlap(a: Point, b: Point, c: Point, d: Point) -> bool:
    if orient(a, b, c) != 0 or orient(a, b, d) != 0:
        return False
    lo, hi = _overlap(line_param(a, b), (a, b), (c, d))
    return lo < hi


def _touches_along(poly, a: Point, b: Point) -> bool:
    return any(_collinear_overlap(a, b, p, q) for p, q in edges(poly))


def _bbox(poly) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    xs = [v[0] for v in poly]
    ys = [v[1] for v in poly]
    return min(xs), min(ys), max(xs), max(ys)


def _rays(p: Point, poly) -> list[tuple[Fraction, Fraction]]:
    """Directions of the polygon's boundary leaving p (p a vertex or a point inside an edge)."""
    rays = []
    n = len(poly)
    for i, v in enumerate(poly):
        if v == p:
            for w in (poly[i - 1], poly[(i + 1) % n]):
                rays.append((w[0] - p[0], w[1] - p[1]))
            return rays
    for a, b in edges(poly):
        if on_segment(p, a, b):
            rays.append((a[0] - p[0], a[1] - p[1]))
            rays.append((b[0] - p[0], b[1] - p[1]))
            return rays
    return rays


def _direction(d: tuple[Fraction, Fraction]) -> tuple[Fraction, Fraction]:
    """A canonical form of a direction, equal for parallel same-sense vectors."""
    k = abs(d[0]) + abs(d[1])
    return (d[0] / k, d[1] / k)


def _ray_passable(p: Point, d: tuple[Fraction, Fraction], passable) -> bool:
    """A passable segment runs from p along direction d (it holds p and extends beyond it)."""
    q = (p[0] + d[0], p[1] + d[1])
    for s in passable:
        if orient(s.a, s.b, p) == 0 and orient(s.a, s.b, q) == 0 and on_segment(p, s.a, s.b):
            if any((e[0] - p[0]) * d[0] + (e[1] - p[1]) * d[1] > 0 for e in (s.a, s.b)):
                return True
    return False


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
