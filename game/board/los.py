"""Exact Gears-style line of sight between points and polygon areas (gears-of-war.md §3.5, §11.14).

The rule: LOS exists when some straight segment joins the two ends (a point, or *any* point of
an area) and touches no blocking segment (walls, closed doors, the map outline), where touching
includes grazing a wall's end (§3.5 implementation notes). Level lines, borders, cover and
figures never block; the caller passes only the blocking segments. Two figures in the same area
always see each other (§3.5, proposed).

How the area test is decided exactly
------------------------------------
Let A, B be closed polygons and W the closed wall segments. The set of clear segments
{[p, q] : p in A, q in B, [p, q] misses W} is open (W is compact and touching blocks), so if it
is not empty it contains segments on a *generic* line L: one through no point of the finite set

    V = vertices of A and B, endpoints of the walls near A and B, and the points where a wall
        crosses an edge of A or B or an edge of A crosses an edge of B.

For a generic L everything is transversal: L meets A and B in closed intervals (alternating
crossings), meets each wall in at most one point, and "some point of A and some point of B have
no wall point between them" is read off the sorted crossings. This predicate only changes when L
sweeps over a point of V (a vertex enters or leaves, or a wall crossing passes an A or B
crossing); crossing the point where two walls meet swaps two wall points and changes nothing.
So in line space, dual to the plane, the predicate is constant on every open face of the
arrangement of the dual lines of V.

Take a face C of good lines (lines carrying a clear segment). Its boundary is made of pencils
of lines through "active" points of V, and since C lies inside the double wedge of lines that
cross A's edge (bounded by two distinct pencils), the closure of C has a vertex: a critical line
l through two distinct active points z1, z2. An active point is an endpoint of the A or B edge
the clear segment starts or ends on, a wall end lying on the clear segment, or a wall crossing
that edge; in each case it lies on the limit segment [x, y] of l, with x in A and y in B.
Hence necessary conditions on the critical line, used to prune: z1 and z2 lie in the convex
hull of A and B, l meets both A and B, and no wall crosses the open segment (z1, z2) properly (a
proper crossing there would survive every small perturbation and block it). The last one is not
applied when l runs along an edge of A or B: fix the A and B edges e_a, e_b a clear stretch
joins; the limit stretches of the faces next to l run from l's meeting with e_a to its meeting
with e_b, which are single points unless l contains e_a or e_b, so they share both ends, and a
proper wall crossing inside (z1, z2) would lie inside one of them.

Around the dual vertex l* the faces are the 2k sectors cut by the k pencils through the points
of V on l (sorted along l as t1 < ... < tk): the perturbed lines l + e*m, where m is the
perpendicular through a pivot strictly between two consecutive ti (or the line at infinity,
i.e. a parallel shift), for e > 0 and for e < 0. Choosing |e| below every root where
l + e*m would reach another point of V keeps the perturbed line inside that one face (the path is
a straight segment in the dual). Every such candidate is a rational line, tested exactly; the
witness endpoints are picked strictly inside the clear stretch with rational arithmetic, so they
lie in A and B (inside, or on the boundary where the areas share an edge) and the witness is
re-checked against every wall before it is returned. Nothing is sampled and there is no epsilon:
all arithmetic is on integers after scaling the coordinates by a common denominator.

For a point p instead of area A the same argument runs in the pencil of lines through p:
critical lines are p-z for z in V and the candidates are those rotated by +-e about p.

Two exact shortcuts leave every answer and witness unchanged (tests/board/test_los_certificate.py
checks them against tests/board/los_reference.py):
  - a negative certificate before the search (`_wall_line_separates`): a wall's line with A and
    B on opposite closed sides whose walls cover the whole of that line inside the hull;
  - a prune of critical lines (`_walled_off`): walls crossing l (properly, or two walls meeting
    on l from opposite sides) split l into closed gaps, and a line next to a good face has a
    gap holding points of both A and B; a line without one has no good perturbation.
"""
from __future__ import annotations

import functools
import math
from collections import OrderedDict
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable, Sequence

from game.board.geometry import (
    convex_hull,
    first_contact,
    interior_point,
    normalize_polygon,
    point_in_polygon,
    polygon_problems,
)
from game.board.model import Board, Point, Segment


@dataclass(frozen=True)
class LosResult:
    """Outcome of an LOS query.

    witness: a segment (map coordinates) that touches no blocking segment, when visible. None
    only when visibility comes from the same-area rule and no geometric witness was needed.
    blocker: when not visible, the blocking segment hit first by the line between the two
    reference points (area interior points or the given points); None if none applies.
    """

    visible: bool
    witness: Segment | None = None
    blocker: Segment | None = None

    def __bool__(self) -> bool:
        return self.visible


# --- simple segment queries -----------------------------------------------------------------


def segment_blocker(p: Point, q: Point, walls: Iterable[Segment]) -> Segment | None:
    """The wall the closed segment p-q touches first (nearest p), or None when it is clear."""
    p, q = _fp(p), _fp(q)
    walls = [_fseg(w) for w in walls]
    return _Scaled([p, q], walls).blocker(p, q)


def point_to_point(p: Point, q: Point, walls: Iterable[Segment]) -> LosResult:
    """LOS between two points (e.g. two cover arrows, §3.5 table, last row)."""
    blocker = segment_blocker(p, q, walls)
    if blocker is not None:
        return LosResult(False, None, blocker)
    return LosResult(True, Segment(_fp(p), _fp(q)), None)


def point_to_area(p: Point, polygon: Sequence[Point], walls: Iterable[Segment]) -> LosResult:
    """LOS from a point (a cover arrow) to any point of an area (§3.5 table, rows 2 and 3)."""
    walls = [_fseg(w) for w in walls]
    poly = _checked_polygon(polygon)
    p = _fp(p)
    geo = _Scaled([p, *poly], walls)
    ip = geo.pt(p)
    for w, (u, v) in zip(walls, geo.walls):
        if touch_int(ip, ip, u, v):
            return LosResult(False, None, w)  # a point on a wall sees nothing (touching blocks)
    ipoly = [geo.pt(v) for v in poly]
    if point_in_polygon(ip, ipoly) >= 0:
        return LosResult(True, Segment(p, p), None)
    target = interior_point(poly)
    quick = geo.blocker(p, target)
    if quick is None:
        return LosResult(True, Segment(p, target), None)
    found = _search([ip], True, ipoly, geo.walls)
    if found is None:
        return LosResult(False, None, quick)
    witness = Segment(_unscaled(found[0], geo.scale), _unscaled(found[1], geo.scale))
    _verify(witness, [p], poly, geo)
    return LosResult(True, witness, None)


def area_to_area(poly_a: Sequence[Point], poly_b: Sequence[Point], walls: Iterable[Segment]) -> LosResult:
    """LOS between any point of one area and any point of the other (§3.5, both out of cover)."""
    walls = [_fseg(w) for w in walls]
    a = _checked_polygon(poly_a)
    b = _checked_polygon(poly_b)
    ia, ib = interior_point(a), interior_point(b)
    if a == b:  # the same area: always LOS (§3.5, proposed), with a witness when one is handy
        clear = segment_blocker(ia, ia, walls) is None
        return LosResult(True, Segment(ia, ia) if clear else None, None)
    geo = _Scaled([*a, *b], walls)
    quick = geo.blocker(ia, ib)
    if quick is None:
        return LosResult(True, Segment(ia, ib), None)
    found = _search([geo.pt(v) for v in a], False, [geo.pt(v) for v in b], geo.walls)
    if found is None:
        return LosResult(False, None, quick)
    witness = Segment(_unscaled(found[0], geo.scale), _unscaled(found[1], geo.scale))
    _verify(witness, a, b, geo)
    return LosResult(True, witness, None)


class _Scaled:
    """Points and walls of one query on integers: every coordinate times the common denominator
    of `points` and the walls (the scale the exact search has always used, so its witnesses do
    not change). Segment tests on other rational points (interior points, witnesses) rescale
    by a further whole factor; touching, order along a segment and inside/outside do not
    change under a positive scale."""

    def __init__(self, points: Iterable[Point], walls: list[Segment]):
        scale = 1
        for pt in points:
            scale = _lcm_dens(scale, pt)
        for w in walls:
            scale = _lcm_dens(_lcm_dens(scale, w.a), w.b)
        self.scale = scale
        self.segments = walls
        self.walls = [(self.pt(w.a), self.pt(w.b)) for w in walls]

    def pt(self, p: Point) -> IntPt:
        s = self.scale
        return (p[0].numerator * (s // p[0].denominator), p[1].numerator * (s // p[1].denominator))

    def rescaled(self, points: Iterable[Point]) -> tuple[int, list[tuple[IntPt, IntPt]]]:
        """(scale k, walls) with k a multiple of self.scale that makes `points` whole too."""
        k = self.scale
        for pt in points:
            k = _lcm_dens(k, pt)
        f = k // self.scale
        if f == 1:
            return k, self.walls
        return k, [((u[0] * f, u[1] * f), (v[0] * f, v[1] * f)) for u, v in self.walls]

    def blocker(self, p: Point, q: Point) -> Segment | None:
        """segment_blocker(p, q, walls): the wall p-q touches first (nearest p), else None. The
        touch test runs on integers; only touching walls get the exact Fraction contact."""
        k, walls = self.rescaled((p, q))
        (px, py), (qx, qy) = ip, iq = _at(p, k), _at(q, k)
        lo_x, hi_x = (px, qx) if px <= qx else (qx, px)
        lo_y, hi_y = (py, qy) if py <= qy else (qy, py)
        best: Segment | None = None
        best_k: Fraction | None = None
        for w, (u, v) in zip(self.segments, walls):
            if (u[0] if u[0] > v[0] else v[0]) < lo_x or (u[0] if u[0] < v[0] else v[0]) > hi_x:
                continue
            if (u[1] if u[1] > v[1] else v[1]) < lo_y or (u[1] if u[1] < v[1] else v[1]) > hi_y:
                continue
            if not touch_int(ip, iq, u, v):
                continue
            c = first_contact(p, q, w)
            if c is not None and (best_k is None or c < best_k):
                best, best_k = w, c
        return best


def _lcm_dens(scale: int, p) -> int:
    for x in p:
        d = x.denominator
        if scale % d:
            scale = math.lcm(scale, d)
    return scale


def _at(p: Point, k: int) -> IntPt:
    return (p[0].numerator * (k // p[0].denominator), p[1].numerator * (k // p[1].denominator))


def touch_int(p: IntPt, q: IntPt, r: IntPt, u: IntPt) -> bool:
    """geometry.segments_touch on integer points: the closed segments p-q and r-u share a point."""
    px, py = p
    qx, qy = q
    rx, ry = r
    ux, uy = u
    if (px if px > qx else qx) < (rx if rx < ux else ux) or (rx if rx > ux else ux) < (px if px < qx else qx):
        return False
    if (py if py > qy else qy) < (ry if ry < uy else uy) or (ry if ry > uy else uy) < (py if py < qy else qy):
        return False
    d1 = (qx - px) * (ry - py) - (qy - py) * (rx - px)
    d2 = (qx - px) * (uy - py) - (qy - py) * (ux - px)
    d3 = (ux - rx) * (py - ry) - (uy - ry) * (px - rx)
    d4 = (ux - rx) * (qy - ry) - (uy - ry) * (qx - rx)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    # Collinear contacts: the bounding boxes overlap, so a zero orientation means "on it".
    return ((d1 == 0 and _within(r, p, q)) or (d2 == 0 and _within(u, p, q))
            or (d3 == 0 and _within(p, r, u)) or (d4 == 0 and _within(q, r, u)))


def _within(z: IntPt, a: IntPt, b: IntPt) -> bool:
    return (min(a[0], b[0]) <= z[0] <= max(a[0], b[0])) and (min(a[1], b[1]) <= z[1] <= max(a[1], b[1]))


# --- board-level cache -----------------------------------------------------------------------


SegmentSource = Iterable[Segment] | Callable[[], Iterable[Segment]]


class AreaSight:
    """Cached Gears LOS on one Board.

    `blocking_segments` is either the segments themselves (change them with `set_blocking`, e.g.
    when a door opens) or a zero-argument callable read at every query (for instance
    `lambda: board.blocking_segments(state.closed_doors)`); by default the board's own
    `blocking_segments()` (walls, doors closed as the map starts, map edge). Results are cached per
    (board.version, frozenset(blocking segments)): opening a door changes the segments, adding a
    piece bumps board.version, and either starts a fresh cache. The last few keys are kept so
    that toggling a door back does not recompute.
    """

    KEEP = 4

    def __init__(self, board: Board, blocking_segments: SegmentSource | None = None) -> None:
        self.board = board
        self._source: Callable[[], Iterable[Segment]] | None = None
        self._fixed: frozenset[Segment] = frozenset()
        self._caches: OrderedDict[tuple, dict] = OrderedDict()
        self.computed = 0  # how many results were computed rather than read from the cache
        if blocking_segments is None:  # the map as it starts: walls, closed doors, map edge
            self._source = getattr(board, "blocking_segments", board.wall_segments)
        else:
            self.set_blocking(blocking_segments)

    def set_blocking(self, blocking_segments: SegmentSource) -> None:
        if callable(blocking_segments):
            self._source = blocking_segments
        else:
            self._source = None
            self._fixed = frozenset(blocking_segments)

    def cache_key(self) -> tuple[int, frozenset[Segment]]:
        segs = frozenset(self._source()) if self._source is not None else self._fixed
        return (self.board.version, segs)

    def _cache(self) -> tuple[dict, frozenset[Segment]]:
        key = self.cache_key()
        cache = self._caches.get(key)
        if cache is None:
            cache = self._caches[key] = {}
            while len(self._caches) > self.KEEP:
                self._caches.popitem(last=False)
        else:
            self._caches.move_to_end(key)
        return cache, key[1]

    def _polygon(self, area: str) -> tuple[Point, ...]:
        try:
            return self.board.areas[area].polygon
        except KeyError:
            raise KeyError(f"{self.board.source}: no area named {area!r}") from None

    def areas(self, a: str, b: str) -> LosResult:
        """Any point of area a to any point of area b (same area: always visible)."""
        cache, walls = self._cache()
        key = ("aa", a, b)
        hit = cache.get(key)
        if hit is None:
            rev = cache.get(("aa", b, a))
            if rev is not None:  # the relation is symmetric; flip the witness for the caller
                w = rev.witness
                hit = LosResult(rev.visible, Segment(w.b, w.a) if w else None, rev.blocker)
            else:
                self.computed += 1
                hit = area_to_area(self._polygon(a), self._polygon(b), walls)
            cache[key] = hit
        return hit

    def point_area(self, point: Point, area: str) -> LosResult:
        """A point (a cover arrow) to any point of an area."""
        cache, walls = self._cache()
        key = ("pa", _fp(point), area)
        hit = cache.get(key)
        if hit is None:
            self.computed += 1
            hit = cache[key] = point_to_area(point, self._polygon(area), walls)
        return hit

    def points(self, p: Point, q: Point) -> LosResult:
        """Point to point (cover arrow to cover arrow)."""
        cache, walls = self._cache()
        key = ("pp", _fp(p), _fp(q))
        hit = cache.get(key)
        if hit is None:
            self.computed += 1
            hit = cache[key] = point_to_point(p, q, walls)
        return hit

    def visible_areas(self, a: str) -> frozenset[str]:
        """Names of every area that area a sees (itself included)."""
        return frozenset(b for b in self.board.areas if self.areas(a, b).visible)


# --- the exact search ------------------------------------------------------------------------

IntPt = tuple[int, int]
HPt = tuple[int, int, int]  # homogeneous (X, Y, W), W > 0
Line = tuple[int, int, int]  # a*x + b*y + c = 0


def _search(
    a_pts: list[IntPt], a_is_point: bool, b_pts: list[IntPt], walls: list[tuple[IntPt, IntPt]],
    certificate: bool = True,
) -> tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]] | None:
    """Exact search for a clear segment from A (polygon, or the single point a_pts[0]) to B, in
    integer coordinates. Returns the witness endpoints, or None when no clear segment exists.
    certificate=False skips the quick negative test (_wall_line_separates): for a caller that
    has just run it on the same hull and walls."""
    hull = convex_hull(a_pts + b_pts)
    hx = [h[0] for h in hull]
    hy = [h[1] for h in hull]
    lo_x, hi_x, lo_y, hi_y = min(hx), max(hx), min(hy), max(hy)
    rel: list[tuple[IntPt, IntPt]] = []
    for w in walls:
        (ax, ay), (bx, by) = w
        if max(ax, bx) < lo_x or min(ax, bx) > hi_x or max(ay, by) < lo_y or min(ay, by) > hi_y:
            continue
        if len(hull) < 3 or seg_touches_convex(w, hull):
            rel.append(w)
    # The certificate reasons about segments that touch no wall at all; a lone point lying on
    # a wall is the one input where this search answers otherwise (it disregards walls through
    # the point; point_to_area decides that case before calling it), so it is left out there.
    if certificate and len(hull) >= 3 and not (a_is_point and any(touch_int(a_pts[0], a_pts[0], u, v) for u, v in rel)) \
            and _wall_line_separates(a_pts, b_pts, hull, rel):
        return None
    a_edges = [] if a_is_point else _edges(a_pts)
    b_edges = _edges(b_pts)

    # The point set V of the module docstring, in homogeneous integer coordinates.
    vset: dict[HPt, None] = {}
    for pt in a_pts + b_pts:
        vset[(pt[0], pt[1], 1)] = None
    for u, v in rel:
        vset[(u[0], u[1], 1)] = None
        vset[(v[0], v[1], 1)] = None
    # Proper crossings need overlapping bounding boxes: test those first (most pairs fail).
    ab_edges = [(e, _box(e)) for e in a_edges + b_edges]
    for u, v in rel:
        bx0, bx1, by0, by1 = _box((u, v))
        for e, (ex0, ex1, ey0, ey1) in ab_edges:
            if ex1 <= bx0 or ex0 >= bx1 or ey1 <= by0 or ey0 >= by1:
                continue
            x = _proper_crossing(u, v, e[0], e[1])
            if x is not None:
                vset[x] = None
    for e in a_edges:
        for f in b_edges:
            x = _proper_crossing(e[0], e[1], f[0], f[1])
            if x is not None:
                vset[x] = None
    vpts = list(vset)
    hull_idx = [i for i, z in enumerate(vpts) if _in_convex(z, hull)]
    # Which side of each relevant wall's line every point of V lies on, as bitmasks over walls.
    wall_lines = [_line_through((u[0], u[1], 1), (v[0], v[1], 1)) for u, v in rel]
    pos = [0] * len(vpts)
    neg = [0] * len(vpts)
    for i in hull_idx:
        z = vpts[i]
        for j, lam in enumerate(wall_lines):
            s = lam[0] * z[0] + lam[1] * z[1] + lam[2] * z[2]
            if s > 0:
                pos[i] |= 1 << j
            elif s < 0:
                neg[i] |= 1 << j

    all_edges = (a_edges, b_edges, rel)
    # The lines containing an edge of A or B (a line contains an edge iff it is that edge's
    # normalised line); None when some edge is a repeated vertex (then any line through it
    # counts, as _runs_along_edge says).
    poly_edges = b_edges + a_edges
    edge_lines: set[Line] | None = None
    if all(u != v for u, v in poly_edges):
        edge_lines = {_line_through((u[0], u[1], 1), (v[0], v[1], 1)) for u, v in poly_edges}
    seen: set[Line] = set()
    if a_is_point:
        p = (a_pts[0][0], a_pts[0][1], 1)
        pi = vpts.index(p)
        pairs = ((pi, j) for j in hull_idx if j != pi)
    else:
        pairs = ((hull_idx[x], hull_idx[y]) for x in range(len(hull_idx)) for y in range(x + 1, len(hull_idx)))
    gcd = math.gcd
    for i, j in pairs:
        z1 = vpts[i]
        x1, y1, w1 = z1
        x2, y2, w2 = vpts[j]
        # The line through z1 and z2 (_cross, inlined). Whether it meets A and B does not
        # depend on its scale or sign: test that on the raw cross product first (_line_meets:
        # no vertex strictly on one side of all), normalise and deduplicate only lines that pass.
        a = y1 * w2 - w1 * y2
        b = w1 * x2 - x1 * w2
        c = x1 * y2 - y1 * x2
        s = [a * x + b * y + c for x, y in a_pts]
        if min(s) > 0 or max(s) < 0:
            continue
        s = [a * x + b * y + c for x, y in b_pts]
        if min(s) > 0 or max(s) < 0:
            continue
        g = gcd(a, b, c) or 1  # _line_through: lowest terms, first non-zero of a, b positive
        if a < 0 or (a == 0 and b < 0):
            g = -g
        line = (a // g, b // g, c // g)
        if line in seen:
            continue
        seen.add(line)
        suspects = (pos[i] & neg[j]) | (neg[i] & pos[j])
        if suspects and _properly_crossed(line, suspects, rel) and not (
            line in edge_lines if edge_lines is not None
            else _runs_along_edge(line, b_pts) or (not a_is_point and _runs_along_edge(line, a_pts))
        ):
            continue
        if _walled_off(line, a_pts, a_is_point, b_pts, rel):
            continue
        found = _try_perturbations(line, vpts, z1 if a_is_point else None, a_is_point, a_pts, all_edges)
        if found is not None:
            return found
    return None


def _wall_line_separates(a_pts: list[IntPt], b_pts: list[IntPt], hull: list[IntPt],
                         walls: list[tuple[IntPt, IntPt]]) -> bool:
    """An exact certificate that no clear segment exists (the search would return None).

    Some wall's line L has A in one closed half-plane and B in the other, and the walls lying
    on L cover all of L ∩ hull(A ∪ B). Then every segment from p in A to q in B stays in the
    hull and meets L (the side of L changes sign, or is zero, between p and q) at a point of
    L ∩ hull, which is on a wall: it touches a wall. The typical case: two areas on either
    side of a wall that runs across both (a shared walled edge), or a cover spot behind one.
    """
    tried: set[Line] = set()
    for (ux, uy), (vx, vy) in walls:
        if ux == vx and uy == vy:
            continue
        a, b = uy - vy, vx - ux  # the line through u and v, up to a factor
        c = -(a * ux + b * uy)
        a_pos = a_neg = False
        for x, y in a_pts:
            s = a * x + b * y + c
            if s > 0:
                a_pos = True
            elif s < 0:
                a_neg = True
        if a_pos and a_neg:
            continue
        b_pos = b_neg = False
        for x, y in b_pts:
            s = a * x + b * y + c
            if s > 0:
                b_pos = True
            elif s < 0:
                b_neg = True
        if (b_pos and b_neg) or (a_pos and b_pos) or (a_neg and b_neg):
            continue  # B straddles the line, or shares a strict side with A
        line = _line_through((ux, uy, 1), (vx, vy, 1))
        if line in tried:
            continue
        tried.add(line)
        if _line_covered(line, hull, walls):
            return True
    return False


def _line_covered(line: Line, hull: list[IntPt], walls: list[tuple[IntPt, IntPt]]) -> bool:
    """The walls lying on `line` cover all of line ∩ hull (a closed convex polygon)."""
    ext = _extent(line, hull)
    if ext is None:
        return True  # nothing to cover (cannot happen for a wall's line touching the hull)
    (cn, cd), (hn, hd) = ext
    a, b, c = line
    spans = []
    for (ux, uy), (vx, vy) in walls:
        if a * ux + b * uy + c == 0 and a * vx + b * vy + c == 0:
            tu = b * ux - a * uy
            tv = b * vx - a * vy
            spans.append((tu, tv) if tu <= tv else (tv, tu))
    spans.sort()
    # Sweep: the walls so far cover [low end, f) and f = cn / cd still needs a wall (closed
    # spans: one starting exactly at f covers it). Done once a wall covering f reaches the
    # high end.
    for lo, hi in spans:
        if lo * cd > cn:
            return False  # f lies in a gap
        if hi * cd >= cn:  # this wall covers f
            if hi * hd >= hn:
                return True
            cn, cd = hi, 1
    return False


def _extent(line: Line, pts: list[IntPt]) -> tuple[Q, Q] | None:
    """The smallest and largest parameter (b*x - a*y, as in _clear_stretch) of the polygon's
    points on `line`, or None when the line misses it. The extremes of the compact set
    polygon ∩ line lie on its boundary: at a vertex on the line or where an edge crosses it."""
    a, b, c = line
    lo: Q | None = None
    hi: Q | None = None
    n = len(pts)
    sides = [a * x + b * y + c for x, y in pts]
    for k in range(n):
        su = sides[k]
        ux, uy = pts[k]
        if su == 0:
            t = (b * ux - a * uy, 1)
        else:
            sv = sides[k - 1]
            if not ((su < 0 < sv) or (sv < 0 < su)):
                continue
            vx, vy = pts[k - 1]
            tu = b * ux - a * uy
            tv = b * vx - a * vy
            num, den = su * tv - sv * tu, su - sv
            t = (num, den) if den > 0 else (-num, -den)
        if lo is None:
            lo = hi = t
        else:
            if t[0] * lo[1] < lo[0] * t[1]:
                lo = t
            if hi[0] * t[1] < t[0] * hi[1]:
                hi = t
    return None if lo is None else (lo, hi)


def _walled_off(line: Line, a_pts: list[IntPt], a_is_point: bool, b_pts: list[IntPt],
                walls: list[tuple[IntPt, IntPt]]) -> bool:
    """No good line lies next to `line`: a necessary condition for a critical line, exact.

    If good lines l' -> l carry clear segments [x', y'] (x' in A, y' in B), a subsequence of
    the ends converges to x in A, y in B on l, and no wall can cross l properly (ends strictly
    on both sides) at a point strictly between x and y: that crossing would survive the small
    move to l' and lie strictly inside [x', y']. So some closed gap between consecutive proper
    crossings along l holds a point of A and a point of B, hence meets the extents
    [min, max] of A ∩ l and of B ∩ l. When no gap meets both, every perturbation of l is bad
    (it lies in a face next to l) and skipping l changes neither the answer nor the witness.
    """
    a, b, c = line
    if a_is_point:
        t = (b * a_pts[0][0] - a * a_pts[0][1], 1)
        ea: tuple[Q, Q] | None = (t, t)
    else:
        ea = _extent(line, a_pts)
    eb = _extent(line, b_pts)
    if ea is None or eb is None:
        return True
    (alo_n, alo_d), (ahi_n, ahi_d) = ea
    (blo_n, blo_d), (bhi_n, bhi_d) = eb
    # Blocking points on l: proper wall crossings, and points e of l where two walls meet
    # with their other ends strictly on opposite sides (w1 + w2 is a path from one side of l to
    # the other that meets l only at e, so it crosses every nearby l' at points tending to e).
    # Gap i (between the i-th and (i+1)-th blocking point, ends included) meets [lo, hi] iff
    # #(points < lo) <= i <= #(points <= hi).
    cuts: list[Q] = []
    ends: dict[int, int] = {}  # integer parameter of a wall end on l -> sides seen (bit 1: +, 2: -)
    for (ux, uy), (vx, vy) in walls:
        su = a * ux + b * uy + c
        sv = a * vx + b * vy + c
        if (su < 0 < sv) or (sv < 0 < su):
            tu = b * ux - a * uy
            tv = b * vx - a * vy
            n, d = su * tv - sv * tu, su - sv
            cuts.append((n, d) if d > 0 else (-n, -d))
        elif su == 0:
            if sv:
                t = b * ux - a * uy
                ends[t] = ends.get(t, 0) | (1 if sv > 0 else 2)
        elif sv == 0:
            t = b * vx - a * vy
            ends[t] = ends.get(t, 0) | (1 if su > 0 else 2)
    for t, sides in ends.items():
        if sides == 3:
            cuts.append((t, 1))
    a_first = a_last = b_first = b_last = 0
    for n, d in cuts:
        if n * alo_d < alo_n * d:
            a_first += 1
        if n * ahi_d <= ahi_n * d:
            a_last += 1
        if n * blo_d < blo_n * d:
            b_first += 1
        if n * bhi_d <= bhi_n * d:
            b_last += 1
    return a_last < b_first or b_last < a_first


def _try_perturbations(line: Line, vpts: list[HPt], pivot_point: HPt | None, a_is_point: bool,
                       a_pts: list[IntPt], all_edges) -> tuple | None:
    a, b, c = line
    sides = [a * z[0] + b * z[1] + c * z[2] for z in vpts]
    if pivot_point is not None:
        pivots: list[Line] = [_cross(pivot_point, (a, b, 0))]
    else:
        on_line = sorted(
            (Fraction(b * z[0] - a * z[1], z[2]), z) for z, s in zip(vpts, sides) if s == 0
        )
        pivots = [(0, 0, 1)]  # the parallel shift
        for (_, z), (_, w) in zip(on_line, on_line[1:]):
            mid = (z[0] * w[2] + w[0] * z[2], z[1] * w[2] + w[1] * z[2], 2 * z[2] * w[2])
            pivots.append(_cross(mid, (a, b, 0)))
    moved = [(z, s) for z, s in zip(vpts, sides) if s != 0]
    for m0, m1, m2 in pivots:
        # The roots -s/mz where l + e*m reaches a point of V, as integer ratios (num, den > 0):
        # the smallest positive one (up) and the largest negative one (down).
        up_n = up_d = down_n = down_d = 0
        for z, s in moved:
            mz = m0 * z[0] + m1 * z[1] + m2 * z[2]
            if mz == 0:
                continue
            if mz > 0:
                n, d = -s, mz
            else:
                n, d = s, -mz
            if n > 0:
                if not up_d or n * up_d < up_n * d:
                    up_n, up_d = n, d
            elif not down_d or n * down_d > down_n * d:
                down_n, down_d = n, d
        # eps = root / 2 in lowest terms (what Fraction gave), or +-1 when there is no root.
        for en, ed in (_half(up_n, up_d) if up_d else (1, 1), _half(down_n, down_d) if down_d else (-1, 1)):
            la = a * ed + m0 * en
            lb = b * ed + m1 * en
            lc = c * ed + m2 * en
            if la == 0 and lb == 0:
                continue
            found = _clear_stretch((la, lb, lc), a_is_point, a_pts, all_edges)
            if found is not None:
                return found
    return None


def _half(n: int, d: int) -> tuple[int, int]:
    """n / (2 d) in lowest terms, denominator positive (d > 0)."""
    d *= 2
    g = math.gcd(n, d)
    return n // g, d // g


# Parameters along a line are exact rationals kept as integer pairs (num, den) with den > 0:
# compared by cross-multiplication, turned into Fractions only for the witness.
Q = tuple[int, int]


def _qcmp(x: Q, y: Q) -> int:
    v = x[0] * y[1] - y[0] * x[1]
    return (v > 0) - (v < 0)


_QKEY = functools.cmp_to_key(_qcmp)


def _qlt(x: Q, y: Q) -> bool:
    return x[0] * y[1] < y[0] * x[1]


def _qeq(x: Q, y: Q) -> bool:
    return x[0] * y[1] == y[0] * x[1]


def _qmid(x: Q, y: Q) -> Q:
    return (x[0] * y[1] + y[0] * x[1], 2 * x[1] * y[1])


def _qmax(first: Q, rest: Iterable[Q]) -> Q:
    """max([first, *rest]) (the first of equal maxima, as max() keeps)."""
    best = first
    for t in rest:
        if _qlt(best, t):
            best = t
    return best


def _qmin(first: Q, rest: Iterable[Q]) -> Q:
    best = first
    for t in rest:
        if _qlt(t, best):
            best = t
    return best


def _clear_stretch(line: Line, a_is_point: bool, a_pts: list[IntPt], all_edges) -> tuple | None:
    """On a generic line, find p in A and q in B with no wall point between; None if none."""
    a, b, c = line
    a_edges, b_edges, walls = all_edges

    def crossings(edges) -> list[Q]:
        out = []
        for (ux, uy), (vx, vy) in edges:
            su = a * ux + b * uy + c
            sv = a * vx + b * vy + c
            if (su < 0 < sv) or (sv < 0 < su):
                tu = b * ux - a * uy
                tv = b * vx - a * vy
                n, d = su * tv - sv * tu, su - sv
                out.append((n, d) if d > 0 else (-n, -d))
        if len(out) > 1:
            out.sort(key=_QKEY)
        return out

    if a_is_point:
        tp = (b * a_pts[0][0] - a * a_pts[0][1], 1)
        a_iv = [(tp, tp)]
    else:
        ta = crossings(a_edges)
        a_iv = list(zip(ta[0::2], ta[1::2]))
    if not a_iv:
        return None
    tb = crossings(b_edges)
    b_iv = list(zip(tb[0::2], tb[1::2]))
    if not b_iv:
        return None
    tw = crossings(walls)
    for a0, a1 in a_iv:
        for b0, b1 in b_iv:
            pick = _pick(a0, a1, b0, b1, tw)
            if pick is not None:
                n2 = a * a + b * b
                p, q = (
                    (Fraction(-a * c * td + tn * b, td * n2), Fraction(-b * c * td - tn * a, td * n2))
                    for tn, td in pick
                )
                return p, q
    return None


def _pick(a0: Q, a1: Q, b0: Q, b1: Q, tw: list[Q]) -> tuple[Q, Q] | None:
    """Parameters (tp, tq) of a clear stretch from interval [a0, a1] to [b0, b1], or None.
    tw: the wall crossings, sorted."""
    lt = _qlt
    if lt(a1, b0):  # A before B: the last wall crossing before a1, the first after b0
        if any(not lt(t, a1) and not lt(b0, t) for t in tw):
            return None
        return (_qmid(a1, _qmax(a0, (t for t in tw if lt(t, a1)))),
                _qmid(b0, _qmin(b1, (t for t in tw if lt(b0, t)))))
    if lt(b1, a0):  # B before A: the same, mirrored
        if any(not lt(t, b1) and not lt(a0, t) for t in tw):
            return None
        return (_qmid(a0, _qmin(a1, (t for t in tw if lt(a0, t)))),
                _qmid(b1, _qmax(b0, (t for t in tw if lt(t, b1)))))
    lo = b0 if lt(a0, b0) else a0
    hi = b1 if lt(b1, a1) else a1
    if lt(lo, hi):  # the intervals overlap: two points in a wall-free piece of the overlap
        cuts = [lo, *(t for t in tw if lt(lo, t) and lt(t, hi)), hi]
        for g0, g1 in zip(cuts, cuts[1:]):
            if lt(g0, g1):
                # g0 + (g1 - g0) / 3 and g0 + 2 (g1 - g0) / 3
                d = 3 * g0[1] * g1[1]
                return ((2 * g0[0] * g1[1] + g1[0] * g0[1], d), (g0[0] * g1[1] + 2 * g1[0] * g0[1], d))
        return None
    # They touch at one point (areas sharing a border): step into each side, stopping short of walls.
    if any(_qeq(t, lo) for t in tw):
        return None
    if (_qeq(a0, lo) and _qeq(a1, lo)) or (_qeq(b0, lo) and _qeq(b1, lo)):
        return (lo, lo)
    before = [t for t in tw if lt(t, lo)]
    after = [t for t in tw if lt(lo, t)]
    if _qeq(a1, lo):  # A on the low side
        return (_qmid(lo, _qmax(a0, before)), _qmid(lo, _qmin(b1, after)))
    return (_qmid(lo, _qmin(a1, after)), _qmid(lo, _qmax(b0, before)))


# --- integer helpers -------------------------------------------------------------------------


def _edges(pts: list[IntPt]) -> list[tuple[IntPt, IntPt]]:
    return [(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts))]


def _cross(u: tuple[int, int, int], v: tuple[int, int, int]) -> tuple[int, int, int]:
    return (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])


def _line_through(z1: HPt, z2: HPt) -> Line:
    a, b, c = _cross(z1, z2)
    g = math.gcd(a, b, c) or 1
    a, b, c = a // g, b // g, c // g
    if a < 0 or (a == 0 and b < 0):
        a, b, c = -a, -b, -c
    return (a, b, c)


def _proper_crossing(p: IntPt, q: IntPt, r: IntPt, u: IntPt) -> HPt | None:
    """The crossing point of two integer segments meeting at a point interior to both."""
    d1 = _orient(p, q, r)
    d2 = _orient(p, q, u)
    d3 = _orient(r, u, p)
    d4 = _orient(r, u, q)
    if not (d1 * d2 < 0 and d3 * d4 < 0):
        return None
    x, y, w = _cross(_cross((p[0], p[1], 1), (q[0], q[1], 1)), _cross((r[0], r[1], 1), (u[0], u[1], 1)))
    if w < 0:
        x, y, w = -x, -y, -w
    g = math.gcd(x, y, w)
    return (x // g, y // g, w // g)


def _orient(o: IntPt, a: IntPt, b: IntPt) -> int:
    v = (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    return (v > 0) - (v < 0)


def _in_convex(z: HPt, hull: list[IntPt]) -> bool:
    """z (homogeneous) lies in the closed convex hull (counter-clockwise, as convex_hull gives)."""
    n = len(hull)
    if n < 3:
        return True  # degenerate hull: keep every point (only costs time)
    x, y, w = z
    for i in range(n):
        (ax, ay), (bx, by) = hull[i], hull[(i + 1) % n]
        if (bx - ax) * (y - ay * w) - (by - ay) * (x - ax * w) < 0:
            return False
    return True


def seg_touches_convex(w: tuple[IntPt, IntPt], hull: list[IntPt]) -> bool:
    """The closed segment meets the closed convex polygon `hull` (>= 3 vertices, counter-clockwise
    as convex_hull gives): geometry.segment_touches_polygon for that case, in integers.
    Separating axes: they are apart iff both ends lie strictly outside one hull edge, or every
    hull vertex lies strictly on one side of the segment's line."""
    (ax, ay), (bx, by) = w
    n = len(hull)
    for i in range(n):
        ox, oy = hull[i]
        ex, ey = hull[(i + 1) % n]
        if ((ex - ox) * (ay - oy) - (ey - oy) * (ax - ox) < 0
                and (ex - ox) * (by - oy) - (ey - oy) * (bx - ox) < 0):
            return False
    pos = neg = False
    for hx, hy in hull:
        s = (bx - ax) * (hy - ay) - (by - ay) * (hx - ax)
        if s >= 0:
            pos = True
        if s <= 0:
            neg = True
        if pos and neg:
            return True
    return False


def _line_meets(line: Line, pts: list[IntPt]) -> bool:
    a, b, c = line
    lo = hi = False
    for x, y in pts:
        s = a * x + b * y + c
        if s == 0:
            return True
        if s < 0:
            lo = True
        else:
            hi = True
        if lo and hi:
            return True
    return False


def _runs_along_edge(line: Line, pts: list[IntPt]) -> bool:
    """The line contains an edge of the polygon (two cyclically consecutive vertices on it)."""
    a, b, c = line
    x, y = pts[-1]
    prev = a * x + b * y + c == 0
    for x, y in pts:
        on = a * x + b * y + c == 0
        if on and prev:
            return True
        prev = on
    return False


def _box(seg: tuple[IntPt, IntPt]) -> tuple[int, int, int, int]:
    (ax, ay), (bx, by) = seg
    return (ax if ax < bx else bx, ax if ax > bx else bx, ay if ay < by else by, ay if ay > by else by)


def _properly_crossed(line: Line, suspects: int, walls: list[tuple[IntPt, IntPt]]) -> bool:
    """Some wall in `suspects` (a bitmask; its ends already known to straddle the segment's
    points' wall line) has its own endpoints strictly on both sides of `line`."""
    a, b, c = line
    j = 0
    while suspects:
        if suspects & 1:
            (ux, uy), (vx, vy) = walls[j]
            su = a * ux + b * uy + c
            sv = a * vx + b * vy + c
            if (su < 0 < sv) or (sv < 0 < su):
                return True
        suspects >>= 1
        j += 1
    return False


# --- conversions and checks ------------------------------------------------------------------


def _fp(p) -> Point:
    x, y = p
    if type(x) is Fraction and type(y) is Fraction and type(p) is tuple:
        return p  # already exact (the common case: board data): no new objects
    return (Fraction(x), Fraction(y))


def _fseg(s: Segment) -> Segment:
    a, b = _fp(s.a), _fp(s.b)
    return s if a is s.a and b is s.b else Segment(a, b)


def _checked_polygon(polygon: Sequence[Point]) -> tuple[Point, ...]:
    # Boards ask about the same few area polygons again and again; validating one is an
    # O(n^2) exact test, so remember the answer per polygon.
    return _validated(tuple(polygon))


@functools.lru_cache(maxsize=4096)
def _validated(polygon: tuple[Point, ...]) -> tuple[Point, ...]:
    poly = normalize_polygon(polygon)
    problems = polygon_problems(poly)
    if problems:
        raise ValueError(f"area polygon {poly!r} is unusable: {'; '.join(problems)}")
    return poly


def _unscaled(p: tuple[Fraction, Fraction], scale: int) -> Point:
    return (Fraction(p[0]) / scale, Fraction(p[1]) / scale)


def _verify(witness: Segment, a: Sequence[Point], b: Sequence[Point], geo: _Scaled) -> None:
    """The witness must be real: ends in (or on) the areas, touching no wall. A failure here is
    a bug in the search, never a property of the map, so it is loud."""
    k, walls = geo.rescaled(witness)
    p, q = _at(witness.a, k), _at(witness.b, k)
    in_a = witness.a == a[0] if len(a) == 1 else point_in_polygon(p, [_at(v, k) for v in a]) >= 0
    in_b = point_in_polygon(q, [_at(v, k) for v in b]) >= 0
    if not in_a or not in_b or any(touch_int(p, q, u, v) for u, v in walls):
        raise AssertionError(f"LOS search produced an invalid witness {witness}")
