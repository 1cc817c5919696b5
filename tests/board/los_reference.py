"""The exact Gears LOS search as it was before its integer rewrite (game/board/los.py, commit
91c3053), kept verbatim as the reference that tests/board/test_los_fast.py compares the product
with: Fraction roots, Fraction crossings, geometry.segment_touches_polygon on Segments.
Not collected by pytest (no test_ prefix); imported by the tests only.
"""
from __future__ import annotations

import math
from fractions import Fraction

from game.board.geometry import convex_hull, segment_touches_polygon
from game.board.model import Segment

# --- the exact search ------------------------------------------------------------------------

IntPt = tuple[int, int]
HPt = tuple[int, int, int]  # homogeneous (X, Y, W), W > 0
Line = tuple[int, int, int]  # a*x + b*y + c = 0


def _search(
    a_pts: list[IntPt], a_is_point: bool, b_pts: list[IntPt], walls: list[tuple[IntPt, IntPt]]
) -> tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]] | None:
    """Exact search for a clear segment from A (polygon, or the single point a_pts[0]) to B, in
    integer coordinates. Returns the witness endpoints, or None when no clear segment exists."""
    hull = convex_hull(a_pts + b_pts)
    hx = [h[0] for h in hull]
    hy = [h[1] for h in hull]
    lo_x, hi_x, lo_y, hi_y = min(hx), max(hx), min(hy), max(hy)
    rel: list[tuple[IntPt, IntPt]] = []
    for w in walls:
        (ax, ay), (bx, by) = w
        if max(ax, bx) < lo_x or min(ax, bx) > hi_x or max(ay, by) < lo_y or min(ay, by) > hi_y:
            continue
        if len(hull) < 3 or segment_touches_polygon(Segment(w[0], w[1]), hull):  # type: ignore[arg-type]
            rel.append(w)
    a_edges = [] if a_is_point else _edges(a_pts)
    b_edges = _edges(b_pts)

    # The point set V of the module docstring, in homogeneous integer coordinates.
    vset: dict[HPt, None] = {}
    for pt in a_pts + b_pts:
        vset[(pt[0], pt[1], 1)] = None
    for u, v in rel:
        vset[(u[0], u[1], 1)] = None
        vset[(v[0], v[1], 1)] = None
    for u, v in rel:
        for e in a_edges + b_edges:
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
    seen: set[Line] = set()
    if a_is_point:
        p = (a_pts[0][0], a_pts[0][1], 1)
        pi = vpts.index(p)
        pairs = ((pi, j) for j in hull_idx if j != pi)
    else:
        pairs = ((hull_idx[x], hull_idx[y]) for x in range(len(hull_idx)) for y in range(x + 1, len(hull_idx)))
    for i, j in pairs:
        z1, z2 = vpts[i], vpts[j]
        line = _line_through(z1, z2)
        if line in seen:
            continue
        seen.add(line)
        if not (_line_meets(line, a_pts) and _line_meets(line, b_pts)):
            continue
        suspects = (pos[i] & neg[j]) | (neg[i] & pos[j])
        if suspects and _properly_crossed(line, suspects, rel) and not (
            _runs_along_edge(line, b_pts) or (not a_is_point and _runs_along_edge(line, a_pts))
        ):
            continue
        found = _try_perturbations(line, vpts, z1 if a_is_point else None, a_is_point, a_pts, all_edges)
        if found is not None:
            return found
    return None


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
    for m in pivots:
        up: Fraction | None = None
        down: Fraction | None = None
        for z, s in zip(vpts, sides):
            if s == 0:
                continue
            mz = m[0] * z[0] + m[1] * z[1] + m[2] * z[2]
            if mz == 0:
                continue
            root = Fraction(-s, mz)
            if root > 0:
                if up is None or root < up:
                    up = root
            elif down is None or root > down:
                down = root
        for eps in (up / 2 if up is not None else Fraction(1), down / 2 if down is not None else Fraction(-1)):
            la = a * eps.denominator + m[0] * eps.numerator
            lb = b * eps.denominator + m[1] * eps.numerator
            lc = c * eps.denominator + m[2] * eps.numerator
            if la == 0 and lb == 0:
                continue
            found = _clear_stretch((la, lb, lc), a_is_point, a_pts, all_edges)
            if found is not None:
                return found
    return None


def _clear_stretch(line: Line, a_is_point: bool, a_pts: list[IntPt], all_edges) -> tuple | None:
    """On a generic line, find p in A and q in B with no wall point between; None if none."""
    a, b, c = line
    a_edges, b_edges, walls = all_edges

    def crossings(edges) -> list[Fraction]:
        out = []
        for (ux, uy), (vx, vy) in edges:
            su = a * ux + b * uy + c
            sv = a * vx + b * vy + c
            if (su < 0 < sv) or (sv < 0 < su):
                tu = b * ux - a * uy
                tv = b * vx - a * vy
                out.append(Fraction(su * tv - sv * tu, su - sv))
        out.sort()
        return out

    if a_is_point:
        tp = Fraction(b * a_pts[0][0] - a * a_pts[0][1])
        a_iv = [(tp, tp)]
    else:
        ta = crossings(a_edges)
        a_iv = list(zip(ta[0::2], ta[1::2]))
    tb = crossings(b_edges)
    b_iv = list(zip(tb[0::2], tb[1::2]))
    if not a_iv or not b_iv:
        return None
    tw = crossings(walls)
    for a0, a1 in a_iv:
        for b0, b1 in b_iv:
            pick = _pick(a0, a1, b0, b1, tw)
            if pick is not None:
                n2 = a * a + b * b
                p, q = (((-a * c + t * b) / n2, (-b * c - t * a) / n2) for t in pick)
                return p, q
    return None


def _pick(a0: Fraction, a1: Fraction, b0: Fraction, b1: Fraction, tw: list[Fraction]) -> tuple | None:
    """Parameters (tp, tq) of a clear stretch from interval [a0, a1] to [b0, b1], or None."""
    if a1 < b0 or b1 < a0:
        flip = b1 < a0
        if flip:  # mirror so that A lies before B
            a0, a1, b0, b1, tw = -a1, -a0, -b1, -b0, sorted(-t for t in tw)
        if any(a1 <= t <= b0 for t in tw):
            return None
        before = [t for t in tw if t < a1]
        after = [t for t in tw if t > b0]
        tp = (a1 + max([a0, *before[-1:]])) / 2
        tq = (b0 + min([b1, *after[:1]])) / 2
        return (-tp, -tq) if flip else (tp, tq)
    lo, hi = max(a0, b0), min(a1, b1)
    if lo < hi:  # the intervals overlap: two points in a wall-free piece of the overlap
        cuts = [lo, *(t for t in tw if lo < t < hi), hi]
        for g0, g1 in zip(cuts, cuts[1:]):
            if g0 < g1:
                return (g0 + (g1 - g0) / 3, g0 + 2 * (g1 - g0) / 3)
        return None
    # They touch at one point c (areas sharing a border): step into each side, stopping short of walls.
    if lo in tw:
        return None
    if a0 == a1 == lo or b0 == b1 == lo:
        return (lo, lo)
    if a1 == lo:  # A on the low side
        tp = (lo + max([a0, *(t for t in tw if t < lo)])) / 2
        tq = (lo + min([b1, *(t for t in tw if t > lo)])) / 2
    else:
        tp = (lo + min([a1, *(t for t in tw if t > lo)])) / 2
        tq = (lo + max([b0, *(t for t in tw if t < lo)])) / 2
    return (tp, tq)


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
    """The line contains an edge of the polygon."""
    a, b, c = line
    on = [a * x + b * y + c == 0 for x, y in pts]
    return any(on[k] and on[k - 1] for k in range(len(on)))


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




# --- geometry.polygon_problems before its integer fast path (commit 91c3053) ------------------

from game.board.geometry import _fp, polygon_edges, segment_intersection, segments_touch, signed_area2  # noqa: E402


def polygon_problems(poly):
    problems: list[str] = []
    if len(poly) < 3:
        return [f"needs at least 3 vertices, has {len(poly)}"]
    n = len(poly)
    for i in range(n):
        if _fp(poly[i]) == _fp(poly[(i + 1) % n]):
            problems.append(f"vertex {i} repeats vertex {(i + 1) % n}")
    if problems:
        return problems
    if signed_area2(poly) == 0:
        problems.append("has zero area")
    edges = polygon_edges(poly)
    for i in range(n):
        for j in range(i + 1, n):
            if j == i + 1 or (i == 0 and j == n - 1):
                shared = edges[i].b if j == i + 1 else edges[i].a
                if segment_intersection(edges[i], edges[j]) != shared:
                    problems.append(f"edges {i} and {j} overlap")
                continue
            if segments_touch(edges[i], edges[j]):
                problems.append(f"edges {i} and {j} touch or cross (polygon is not simple)")
    return problems


# --- the public queries before the rewrite (commit 91c3053), on the reference search ---------

import functools  # noqa: E402
from typing import Iterable, Sequence  # noqa: E402

from game.board.geometry import first_contact, interior_point, normalize_polygon, point_in_polygon  # noqa: E402
from game.board.los import LosResult  # noqa: E402
from game.board.model import Point  # noqa: E402


def segment_blocker(p: Point, q: Point, walls: Iterable[Segment]) -> Segment | None:
    """The wall the closed segment p-q touches first (nearest p), or None when it is clear."""
    p = (Fraction(p[0]), Fraction(p[1]))
    q = (Fraction(q[0]), Fraction(q[1]))
    lo_x, hi_x = min(p[0], q[0]), max(p[0], q[0])
    lo_y, hi_y = min(p[1], q[1]), max(p[1], q[1])
    best: Segment | None = None
    best_k: Fraction | None = None
    for w in walls:
        (ax, ay), (bx, by) = w.a, w.b
        if max(ax, bx) < lo_x or min(ax, bx) > hi_x or max(ay, by) < lo_y or min(ay, by) > hi_y:
            continue
        k = first_contact(p, q, w)
        if k is not None and (best_k is None or k < best_k):
            best, best_k = w, k
    return best


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
    for w in walls:
        if segments_touch(Segment(p, p), w):
            return LosResult(False, None, w)  # a point on a wall sees nothing (touching blocks)
    if point_in_polygon(p, poly) >= 0:
        return LosResult(True, Segment(p, p), None)
    target = interior_point(poly)
    quick = segment_blocker(p, target, walls)
    if quick is None:
        return LosResult(True, Segment(p, target), None)
    scale = _common_denominator([p, *poly, *(x for w in walls for x in w)])
    found = _search([_scaled(p, scale)], True, [_scaled(v, scale) for v in poly], _scaled_walls(walls, scale))
    if found is None:
        return LosResult(False, None, quick)
    witness = Segment(_unscaled(found[0], scale), _unscaled(found[1], scale))
    _verify(witness, [p], poly, walls)
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
    quick = segment_blocker(ia, ib, walls)
    if quick is None:
        return LosResult(True, Segment(ia, ib), None)
    scale = _common_denominator([*a, *b, *(x for w in walls for x in w)])
    found = _search(
        [_scaled(v, scale) for v in a], False, [_scaled(v, scale) for v in b], _scaled_walls(walls, scale)
    )
    if found is None:
        return LosResult(False, None, quick)
    witness = Segment(_unscaled(found[0], scale), _unscaled(found[1], scale))
    _verify(witness, a, b, walls)
    return LosResult(True, witness, None)


def _fp(p) -> Point:
    return (Fraction(p[0]), Fraction(p[1]))


def _fseg(s: Segment) -> Segment:
    return Segment(_fp(s.a), _fp(s.b))


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


def _common_denominator(points: Iterable[Point]) -> int:
    d = 1
    for x, y in points:
        d = math.lcm(d, x.denominator, y.denominator)
    return d


def _scaled(p: Point, scale: int) -> IntPt:
    return (int(p[0] * scale), int(p[1] * scale))


def _scaled_walls(walls: list[Segment], scale: int) -> list[tuple[IntPt, IntPt]]:
    return [(_scaled(w.a, scale), _scaled(w.b, scale)) for w in walls]


def _unscaled(p: tuple[Fraction, Fraction], scale: int) -> Point:
    return (Fraction(p[0]) / scale, Fraction(p[1]) / scale)


def _verify(witness: Segment, a: Sequence[Point], b: Sequence[Point], walls: list[Segment]) -> None:
    """The witness must be real: ends in (or on) the areas, touching no wall. A failure here is
    a bug in the search, never a property of the map, so it is loud."""
    in_a = witness.a == a[0] if len(a) == 1 else point_in_polygon(witness.a, a) >= 0
    if not in_a or point_in_polygon(witness.b, b) < 0 or segment_blocker(witness.a, witness.b, walls):
        raise AssertionError(f"LOS search produced an invalid witness {witness}")
