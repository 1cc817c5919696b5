"""distance.py's integer area graphs equal the plain Fraction computation (spec
gears-of-war.md 3.2: borders join, corners count; 3.6: range = movement + level lines; 3.7:
areas at a joined entrance/exit are adjacent unless a closed door lies on it).

`reference_area_graph` below is the straightforward version on Fractions, kept here (not in
the product) as the reference: every line grouped by a Fraction key, every area's bounding
box tested at every vertex. The product must give the same graph on random compositions of
the shipped tiles (maps/gears/tiles), on the shipped maps with random closed doors, and on
random brick layouts with fractional coordinates, T-junctions and random border/level
line/wall stretches.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.checks import edges, line_key, line_param, on_segment, orient
from game.board.compose import CompositionError, Placement, add_piece, compose, free_exits, place_at_exit
from game.board.distance import MOVEMENT, RANGE, _PASSABLE, area_graph
from game.board.model import Area, Board, Connector, Door, Line, Point, Segment
from game.board.tmx import load_board
from tests.board.conftest import MAPS

TILES = {p.stem: load_board(p) for p in sorted((MAPS / "gears" / "tiles").glob("*.tmx"))}
NAMES = sorted(TILES)
SHIPPED = [b for b in (load_board(p) for p in sorted(MAPS.rglob("*.tmx")) if not p.stem.endswith("_layout")) if b.grid is None]  # area maps


def same_graphs(board: Board, closed=None) -> None:
    for kind in (MOVEMENT, RANGE):
        board._cache.clear()
        fast = area_graph(board, kind, closed)
        expected = reference_area_graph(board, _PASSABLE[kind], board.closed_door_names(closed))
        assert dict(fast) == expected, kind


# --- the reference (the Fraction implementation, unchanged) ----------------------------------------


def reference_area_graph(board: Board, passable_kinds: frozenset[str], closed: frozenset[str]) -> dict[str, frozenset[str]]:
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


# --- the comparisons ------------------------------------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(NAMES) - 1), st.integers(0, 3)), min_size=1, max_size=7),
       st.integers(0, len(NAMES) - 1))
def test_random_tile_chains_give_the_reference_graphs_gears_3_2_3_6_3_7(steps, first):
    board = compose([Placement(TILES[NAMES[first]], "P0")], "chain")
    same_graphs(board)
    for k, (tile, pick) in enumerate(steps, start=1):
        exits = free_exits(board)
        if not exits:
            break
        try:
            board = add_piece(board, place_at_exit(board, exits[pick % len(exits)].name, TILES[NAMES[tile]], f"P{k}"))
        except CompositionError:
            continue
    same_graphs(board)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, len(SHIPPED) - 1), st.data())
def test_shipped_maps_with_any_closed_doors_give_the_reference_graphs_gears_3_2(index, data):
    board = SHIPPED[index]
    names = sorted(d.name for d in board.doors)
    closed = data.draw(st.sets(st.sampled_from(names)) if names else st.just(set()))
    same_graphs(board, closed)
    same_graphs(board)


def bricks(draw) -> tuple[Board, set[str]]:
    """Rows of rectangles with random (fractional) widths and heights: T-junctions where row
    splits differ, four-way corners where they agree, holes (dropped bricks) so that corners
    lie on the outline too, random line stretches along edges, and two pieces L and R split at
    one column line with joined connectors and doors on random stretches of it. Returns the
    board and a random set of closed doors."""
    den = draw(st.sampled_from([1, 2, 3, 7]))
    widths = [Fraction(draw(st.integers(1, 4)), den) for _ in range(draw(st.integers(2, 5)))]
    total = sum(widths)
    xs = [Fraction(0)]
    for w in widths:
        xs.append(xs[-1] + w)
    rows = draw(st.integers(2, 4))
    ys = [Fraction(0)]
    for _ in range(rows):
        ys.append(ys[-1] + Fraction(draw(st.integers(1, 3)), den))
    split = draw(st.sampled_from(xs[1:-1]))
    areas: dict[str, Area] = {}
    verts: list[Point] = []
    for r in range(rows):
        # Each row merges some neighbouring columns: different splits per row make T-junctions.
        cuts = [x for x in xs[1:-1] if x == split or draw(st.booleans())]
        bounds = [Fraction(0)] + cuts + [total]
        for c, (x0, x1) in enumerate(zip(bounds, bounds[1:])):
            if len(areas) >= 2 and draw(st.integers(0, 5)) == 0:
                continue  # a hole
            y0, y1 = ys[r], ys[r + 1]
            # Put every column line and row line crossing this rectangle's sides on its polygon,
            # as snapped Tiled areas do, so shared boundaries share vertices.
            top = [(x, y0) for x in xs if x0 < x < x1]
            bottom = [(x, y1) for x in reversed(xs) if x0 < x < x1]
            poly = ((x0, y0), *top, (x1, y0), (x1, y1), *bottom, (x0, y1))
            if draw(st.booleans()):
                poly = tuple(reversed(poly))
            name = f"r{r}c{c}"
            areas[name] = Area(name, len(areas) + 1, poly, piece="L" if x1 <= split else "R")
            verts += poly
    lines = []
    for i in range(draw(st.integers(0, 30))):
        a = draw(st.sampled_from(verts))
        b = draw(st.sampled_from(verts))
        if a == b or (a[0] != b[0] and a[1] != b[1]):
            continue  # along grid lines only, so lines lie on area edges or cross areas
        kind = draw(st.sampled_from(["border", "border", "border", "level_line", "wall"]))
        lines.append(Line(kind, f"l{i}", 100 + i, (a, b), draw(st.sampled_from(["L", "R"]))))
    on_split = [(split, y) for y in ys]
    connectors, doors, closed = [], [], set()
    for i in range(draw(st.integers(0, 3))):
        a, b = sorted(draw(st.lists(st.sampled_from(on_split), min_size=2, max_size=2, unique=True)))
        entrance = (b, a) if draw(st.booleans()) else (a, b)
        connectors += [
            Connector("exit", f"L:x{i}", 200 + i, Segment(a, b), "L"),
            Connector("entrance", f"R:e{i}", 300 + i, Segment(*entrance), "R"),
        ]
    for i in range(draw(st.integers(0, 2))):
        a, b = sorted(draw(st.lists(st.sampled_from(on_split), min_size=2, max_size=2, unique=True)))
        doors.append(Door(f"d{i}", 400 + i, (a, b), draw(st.booleans()), piece="L"))
        if draw(st.booleans()):
            closed.add(f"d{i}")
    board = Board("bricks", 4, 4, 64, 64, areas=areas, lines=tuple(lines), doors=tuple(doors),
                  connectors=tuple(connectors))
    return board, closed


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_random_brick_layouts_give_the_reference_graphs_gears_3_2_3_7(data):
    board, closed = bricks(data.draw)
    same_graphs(board, closed)
    same_graphs(board)


def reference_area_at(board: Board, p: Point) -> str | None:
    """Board.area_at as a plain loop over every area on Fractions."""
    from game.board.checks import point_in_polygon

    on_border = None
    for area in board.areas.values():
        where = point_in_polygon(p, area.polygon)
        if where == 1:
            return area.name
        if where == 0 and on_border is None:
            on_border = area.name
    return on_border


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_area_at_is_the_plain_loop_gears_3_2(data):
    """The area holding a point (docs/MAPS.md: markers and cover lie in their area): vertices,
    edge points and random fractional points of bricks, shipped maps and tile chains."""
    which = data.draw(st.integers(0, 2))
    if which == 0:
        board, _ = bricks(data.draw)
    elif which == 1:
        board = SHIPPED[data.draw(st.integers(0, len(SHIPPED) - 1))]
    else:
        board = compose([Placement(TILES[NAMES[data.draw(st.integers(0, len(NAMES) - 1))]], "P0")], "one")
        exits = free_exits(board)
        try:
            board = add_piece(board, place_at_exit(board, exits[0].name, TILES[data.draw(st.sampled_from(NAMES))], "P1"))
        except CompositionError:
            pass
    verts = [v for a in board.areas.values() for v in a.polygon]
    x0, x1 = min(v[0] for v in verts) - 3, max(v[0] for v in verts) + 3
    y0, y1 = min(v[1] for v in verts) - 3, max(v[1] for v in verts) + 3
    for _ in range(12):
        kind = data.draw(st.integers(0, 2))
        if kind == 0:
            p = data.draw(st.sampled_from(verts))
        elif kind == 1:
            a, b = data.draw(st.sampled_from(verts)), data.draw(st.sampled_from(verts))
            k = data.draw(st.fractions(0, 1, max_denominator=5))
            p = (a[0] + k * (b[0] - a[0]), a[1] + k * (b[1] - a[1]))
        else:
            p = (data.draw(st.fractions(x0, x1, max_denominator=9)), data.draw(st.fractions(y0, y1, max_denominator=9)))
        board._cache.clear()
        assert board.area_at(p) == reference_area_at(board, p)


# -- reference outline: the straightforward Fraction version Board.outline_segments must equal --


def unshared_edges(polygons: Sequence[Sequence[Point]]) -> list[Segment]:
    """The parts of the polygons' edges not shared with another polygon's edge: the outline of
    a map made of areas (collinear overlaps are subtracted exactly, so a long edge half shared
    with a neighbour keeps its other half)."""
    by_line: dict[tuple, list[tuple[int, Point, Point]]] = {}
    for i, poly in enumerate(polygons):
        for a, b in edges(poly):
            by_line.setdefault(line_key(a, b), []).append((i, a, b))
    out: list[Segment] = []
    for group in by_line.values():
        for i, a, b in group:
            t = line_param(a, b)
            lo, hi = sorted((t(a), t(b)))
            covered = sorted(
                tuple(sorted((t(c), t(d)))) for j, c, d in group if j != i
            )
            pieces: list[tuple[Fraction, Fraction]] = []
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
                out.append(Segment(_at(a, b, t, s0), _at(a, b, t, s1)))
    return out


def _at(a: Point, b: Point, t, value: Fraction) -> Point:
    """The point of line ab whose projection t is value."""
    ta, tb = t(a), t(b)
    f = (value - ta) / (tb - ta)
    return (a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1]))


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_outline_is_unshared_edges_gears_3_2(data):
    """gears 3.2 'map edge': Board.outline_segments equals checks.unshared_edges of the areas
    (the plain Fraction version), segment for segment and in the same order."""

    if data.draw(st.booleans()):
        board, _ = bricks(data.draw)
    else:
        board = SHIPPED[data.draw(st.integers(0, len(SHIPPED) - 1))]
    board._cache.clear()
    assert list(board.outline_segments()) == unshared_edges([a.polygon for a in board.areas.values()])


# --- Doom grid BFS on the per-board step table (doom.md 3.5, 3.6, 3.8) ------------------------------

from game.board.distance import KING_STEPS, distances_from, step_allowed  # noqa: E402
from game.board.model import Door, point  # noqa: E402
from tests.board.test_distance import grid_board  # noqa: E402


def reference_grid_distances(board: Board, start, kind: str, closed, blocked) -> dict:
    """The plain BFS: every step tested with step_allowed against walls + closed door edges."""
    walls = board.grid.wall_edges | board.closed_door_edges(closed)
    stop = (set(board.grid.blocking) | set(blocked)) - {start} if kind == MOVEMENT else set()
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for c in frontier:
            for dx, dy in KING_STEPS:
                n = (c[0] + dx, c[1] + dy)
                if n in board.grid.floor and n not in stop and n not in dist and step_allowed(walls, c, n):
                    dist[n] = dist[c] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_grid_distances_equal_the_plain_bfs_doom_3_6_3_8(data):
    """Random walls, doors opened and closed in any order (the step table is cached per
    closed-door set), random obstacles and figures: same distances as the plain BFS."""
    cols, rows = data.draw(st.integers(2, 7)), data.draw(st.integers(2, 7))
    cells = {(c, r) for c in range(cols) for r in range(rows)}
    floor = cells - set(data.draw(st.lists(st.sampled_from(sorted(cells)), max_size=4)))
    edges_all = [((x, y), (x + 1, y)) for x in range(cols) for y in range(rows + 1)]
    edges_all += [((x, y), (x, y + 1)) for x in range(cols + 1) for y in range(rows)]
    walls = data.draw(st.lists(st.sampled_from(edges_all), max_size=10))
    doors = []
    for k, ((x0, y0), (x1, y1)) in enumerate(data.draw(st.lists(st.sampled_from(edges_all), max_size=3, unique=True))):
        doors.append(Door(f"d{k}", k + 1, (point(x0 * 64, y0 * 64), point(x1 * 64, y1 * 64))))
    if not floor:
        return
    board = grid_board(cols, rows, walls, floor, data.draw(st.lists(st.sampled_from(sorted(floor)), max_size=3)), doors)
    names = [d.name for d in doors]
    for _ in range(3):
        closed = data.draw(st.one_of(st.none(), st.lists(st.sampled_from(names), unique=True) if names else st.just([])))
        start = data.draw(st.sampled_from(sorted(floor)))
        blocked = data.draw(st.lists(st.sampled_from(sorted(floor)), max_size=3))
        for kind in (MOVEMENT, RANGE):
            expected = reference_grid_distances(board, start, kind, closed, blocked)
            assert distances_from(board, start, kind, closed, blocked) == expected
