"""Exact plane geometry on rational points (gears-of-war.md §3.5, doom.md §3.7).

Every function here works on Points (tuple[Fraction, Fraction], ints accepted too) and
model.Segment, with integer/rational arithmetic only: no float, no epsilon. Coordinates follow
the Board contract: Tiled pixels, x east, y south (so "counter-clockwise" in the formulas below
is clockwise on screen; nothing here depends on that).

The one LOS rule every caller shares (gears §3.5 implementation notes, §11 item 14):
**a segment that touches a wall, endpoints included, is blocked.** `segments_touch` is that test:
closed segments, so sharing an endpoint, an endpoint lying on the other segment and collinear
overlap all count as touching.

Polygons are tuples of vertices, closed implicitly (the last vertex joins the first), as in
model.Area. `point_in_polygon` reports the boundary separately (0) so that callers choose: LOS
treats an area as a closed set (a figure may stand on its area's edge), so "in the area" means
`point_in_polygon(p, poly) >= 0`.
"""
from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import Iterable, Sequence

from game.board.model import Point, Segment

Coord = Fraction | int
PointLike = tuple[Coord, Coord]


def cross(o: PointLike, a: PointLike, b: PointLike) -> Coord:
    """Twice the signed area of triangle o, a, b: > 0 when o->a->b turns counter-clockwise."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def orientation(a: PointLike, b: PointLike, c: PointLike) -> int:
    """Sign of cross(a, b, c): 1, -1, or 0 when the three points are collinear."""
    v = cross(a, b, c)
    return (v > 0) - (v < 0)


def midpoint(a: PointLike, b: PointLike) -> Point:
    return (Fraction(a[0] + b[0]) / 2, Fraction(a[1] + b[1]) / 2)


def on_segment(p: PointLike, s: Segment) -> bool:
    """p lies on the closed segment s (its endpoints included)."""
    a, b = s.a, s.b
    if cross(a, b, p) != 0:
        return False
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_touch(s: Segment, t: Segment) -> bool:
    """The closed segments share at least one point (crossing, touching at an end, overlapping).

    This is the blocking test of gears §3.5: a sight line that touches a wall is blocked.
    Degenerate segments (a == b) are points and work the same way."""
    p, q, r, u = s.a, s.b, t.a, t.b
    if max(p[0], q[0]) < min(r[0], u[0]) or max(r[0], u[0]) < min(p[0], q[0]):
        return False  # cheap reject on the bounding boxes
    if max(p[1], q[1]) < min(r[1], u[1]) or max(r[1], u[1]) < min(p[1], q[1]):
        return False
    d1 = orientation(p, q, r)
    d2 = orientation(p, q, u)
    d3 = orientation(r, u, p)
    d4 = orientation(r, u, q)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return (
        (d1 == 0 and on_segment(r, s))
        or (d2 == 0 and on_segment(u, s))
        or (d3 == 0 and on_segment(p, t))
        or (d4 == 0 and on_segment(q, t))
    )


def segments_cross_properly(s: Segment, t: Segment) -> bool:
    """The segments cross at one point interior to both (no endpoint on the other, not collinear)."""
    d1 = orientation(s.a, s.b, t.a)
    d2 = orientation(s.a, s.b, t.b)
    d3 = orientation(t.a, t.b, s.a)
    d4 = orientation(t.a, t.b, s.b)
    return d1 * d2 < 0 and d3 * d4 < 0


def segment_intersection(s: Segment, t: Segment) -> Point | Segment | None:
    """The exact intersection of two closed segments: None, a Point, or a Segment (overlap)."""
    if not segments_touch(s, t):
        return None
    p, q, r, u = s.a, s.b, t.a, t.b
    denom = (q[0] - p[0]) * (u[1] - r[1]) - (q[1] - p[1]) * (u[0] - r[0])
    if denom != 0:
        k = Fraction((r[0] - p[0]) * (u[1] - r[1]) - (r[1] - p[1]) * (u[0] - r[0]), denom)
        return (p[0] + k * (q[0] - p[0]), p[1] + k * (q[1] - p[1]))
    # Collinear (or degenerate): the overlap is spanned by the endpoints lying on the other one.
    pts = sorted({_fp(x) for x in (p, q) if on_segment(x, t)} | {_fp(x) for x in (r, u) if on_segment(x, s)})
    if len(pts) == 1:
        return pts[0]
    return Segment(pts[0], pts[-1])


def first_contact(p: PointLike, q: PointLike, wall: Segment) -> Fraction | None:
    """Where the segment p->q first touches `wall`, as k in [0, 1] (point p + k (q - p)); None if never."""
    seg = Segment(_fp(p), _fp(q))
    hit = segment_intersection(seg, wall)
    if hit is None:
        return None
    points = (hit.a, hit.b) if isinstance(hit, Segment) else (hit,)
    return min(_param(p, q, x) for x in points)


def _param(p: PointLike, q: PointLike, x: PointLike) -> Fraction:
    dx, dy = q[0] - p[0], q[1] - p[1]
    if dx == 0 and dy == 0:
        return Fraction(0)
    if abs(dx) >= abs(dy):
        return Fraction(x[0] - p[0]) / dx
    return Fraction(x[1] - p[1]) / dy


def _fp(p: PointLike) -> Point:
    return (Fraction(p[0]), Fraction(p[1]))


# --- polygons --------------------------------------------------------------------------------


def signed_area2(poly: Sequence[PointLike]) -> Coord:
    """Twice the signed (shoelace) area of the polygon."""
    n = len(poly)
    return sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))


def polygon_edges(poly: Sequence[PointLike]) -> tuple[Segment, ...]:
    n = len(poly)
    return tuple(Segment(_fp(poly[i]), _fp(poly[(i + 1) % n])) for i in range(n))


def point_in_polygon(p: PointLike, poly: Sequence[PointLike]) -> int:
    """1 if p is strictly inside the polygon, 0 if on its boundary, -1 if outside.

    Exact crossing-number test with the half-open rule on edges (an edge counts when it spans
    p's y with one end strictly above and the other at or below), so a ray through a vertex is
    counted once. Works for any simple polygon, convex or not, either orientation."""
    n = len(poly)
    inside = False
    px, py = p
    for i in range(n):
        a = poly[i]
        b = poly[(i + 1) % n]
        if on_segment(p, Segment(a, b)):  # type: ignore[arg-type]
            return 0
        if (a[1] > py) != (b[1] > py):
            # x of the edge at height py, compared without division: sign of the crossing test.
            c = cross(a, b, p)
            if (c > 0) == (b[1] > a[1]):
                inside = not inside
    return 1 if inside else -1


def normalize_polygon(points: Iterable[PointLike]) -> tuple[Point, ...]:
    """Exact vertices with consecutive duplicates and an explicit closing vertex removed
    (Tiled writes polygons open, but hand-made data sometimes repeats the first point)."""
    out: list[Point] = []
    for pt in points:
        fp = _fp(pt)
        if not out or out[-1] != fp:
            out.append(fp)
    while len(out) > 1 and out[-1] == out[0]:
        out.pop()
    return tuple(out)


def is_closed_polyline(points: Sequence[PointLike]) -> bool:
    """A polyline whose last point is its first (a wall drawn all the way round, say)."""
    return len(points) >= 3 and _fp(points[0]) == _fp(points[-1])


def polygon_problems(poly: Sequence[PointLike]) -> list[str]:
    """Why `poly` is not a usable area polygon, in words; [] when it is fine.

    Checks: at least 3 distinct vertices, no repeated consecutive vertex, non-zero area, and
    simplicity (non-adjacent edges never touch; adjacent edges meet only at their shared vertex).
    Decided on integers (all coordinates times their common denominator: every test here is
    unchanged by a positive scale); tests/board/test_los_fast.py compares it with the Fraction
    version."""
    problems: list[str] = []
    if len(poly) < 3:
        return [f"needs at least 3 vertices, has {len(poly)}"]
    n = len(poly)
    pts = [_fp(p) for p in poly]
    scale = 1
    for x, y in pts:
        for d in (x.denominator, y.denominator):
            if scale % d:
                scale = lcm(scale, d)
    ip = [(x.numerator * (scale // x.denominator), y.numerator * (scale // y.denominator)) for x, y in pts]
    for i in range(n):
        if ip[i] == ip[(i + 1) % n]:
            problems.append(f"vertex {i} repeats vertex {(i + 1) % n}")
    if problems:
        return problems
    if signed_area2(ip) == 0:
        problems.append("has zero area")
    for i in range(n):
        p, q = ip[i], ip[(i + 1) % n]
        for j in range(i + 1, n):
            r, u = ip[j], ip[(j + 1) % n]
            if j == i + 1 or (i == 0 and j == n - 1):
                # Adjacent edges share one vertex; they may not fold back over each other: they
                # meet only there unless they are collinear and the far ends lie on one side
                # (segment_intersection(...) != shared vertex).
                far_i, shared, far_j = (p, q, u) if j == i + 1 else (q, p, r)
                if cross(far_i, shared, far_j) == 0 and (
                    (far_i[0] - shared[0]) * (far_j[0] - shared[0]) + (far_i[1] - shared[1]) * (far_j[1] - shared[1]) > 0
                ):
                    problems.append(f"edges {i} and {j} overlap")
                continue
            if _int_touch(p, q, r, u):
                problems.append(f"edges {i} and {j} touch or cross (polygon is not simple)")
    return problems


def _int_touch(p, q, r, u) -> bool:
    """segments_touch on integer points, without Segment objects."""
    if max(p[0], q[0]) < min(r[0], u[0]) or max(r[0], u[0]) < min(p[0], q[0]):
        return False
    if max(p[1], q[1]) < min(r[1], u[1]) or max(r[1], u[1]) < min(p[1], q[1]):
        return False
    d1, d2, d3, d4 = orientation(p, q, r), orientation(p, q, u), orientation(r, u, p), orientation(r, u, q)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return (
        (d1 == 0 and _in_box(r, p, q))
        or (d2 == 0 and _in_box(u, p, q))
        or (d3 == 0 and _in_box(p, r, u))
        or (d4 == 0 and _in_box(q, r, u))
    )


def _in_box(z, a, b) -> bool:
    return min(a[0], b[0]) <= z[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= z[1] <= max(a[1], b[1])


def is_simple_polygon(poly: Sequence[PointLike]) -> bool:
    return not polygon_problems(poly)


def interior_point(poly: Sequence[PointLike]) -> Point:
    """A point strictly inside a simple polygon of non-zero area, exactly.

    Take the horizontal line halfway between the two lowest distinct vertex heights: it meets
    no vertex, so it crosses edges transversally and the stretch between its first two
    crossings lies inside the polygon; return that stretch's midpoint."""
    ys = sorted({Fraction(v[1]) for v in poly})
    if len(ys) < 2:
        raise ValueError("polygon has zero area")
    y = (ys[0] + ys[1]) / 2
    xs: list[Fraction] = []
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        if (a[1] < y) != (b[1] < y):
            xs.append(a[0] + (y - a[1]) * Fraction(b[0] - a[0]) / (b[1] - a[1]))
    xs.sort()
    return ((xs[0] + xs[1]) / 2, y)


def centroid(poly: Sequence[PointLike]) -> Point:
    """Area centroid (may lie outside a non-convex polygon; use interior_point for a point inside)."""
    a2 = signed_area2(poly)
    if a2 == 0:
        raise ValueError("polygon has zero area")
    n = len(poly)
    cx = cy = Fraction(0)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        k = p[0] * q[1] - q[0] * p[1]
        cx += (p[0] + q[0]) * k
        cy += (p[1] + q[1]) * k
    return (Fraction(cx) / (3 * a2), Fraction(cy) / (3 * a2))


def convex_hull(points: Iterable[PointLike]) -> list[PointLike]:
    """Convex hull (Andrew's monotone chain), counter-clockwise in x-right/y-up terms, without
    collinear points; fewer than 3 points when they are all collinear."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return list(pts)
    lower: list[PointLike] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[PointLike] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def segment_touches_polygon(s: Segment, poly: Sequence[PointLike]) -> bool:
    """The closed segment meets the closed polygon (crosses its boundary or lies inside)."""
    if point_in_polygon(s.a, poly) >= 0:
        return True
    return any(segments_touch(s, e) for e in polygon_edges(poly))
