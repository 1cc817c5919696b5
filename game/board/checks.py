"""Map checks: exact polygon helpers the loader needs, and the structural checks of check-map.

The polygon helpers are exact (Fractions, no epsilon), like the rest of game/board; the basic
primitives come from geometry.py, which line of sight uses too.

`check_board(board)` returns every structural problem of a loaded Board as `Problem`s, each
naming the object it is about; `python -m game check-map` prints them (docs/MAPS.md lists the
rules). Loader errors (bad XML, unknown layers...) never get this far: tmx.load_board raises.
"""
from __future__ import annotations

import math
import re

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence

from game.board import geometry
from game.board.model import Board, Line, Point, Segment
from game.engine.text import M, Msg
from game.i18n import _

# --- exact primitives -------------------------------------------------------------------------
# The primitives live in geometry.py (shared with line of sight); these adapters keep the
# point-argument signatures the loader, composer and builder use.

orient = geometry.orientation
signed_area2 = geometry.signed_area2
point_in_polygon = geometry.point_in_polygon  # 1 inside, 0 on the boundary, -1 outside


def on_segment(p: Point, a: Point, b: Point) -> bool:
    """p lies on the closed segment ab."""
    return geometry.on_segment(p, Segment(a, b))


def segments_cross_properly(a: Point, b: Point, c: Point, d: Point) -> bool:
    """ab and cd cross at one point interior to both (an X, not a touch or a collinear overlap)."""
    return geometry.segments_cross_properly(Segment(a, b), Segment(c, d))


def segments_intersect(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Closed segments ab and cd share at least one point."""
    return geometry.segments_touch(Segment(a, b), Segment(c, d))


def edges(poly: Sequence[Point]) -> list[tuple[Point, Point]]:
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def polygon_problem(poly: Sequence[Point]) -> Msg | None:
    """Why poly is not a usable area polygon, or None: fewer than 3 vertices, a repeated vertex,
    zero area, or a self-intersection (two edges meeting anywhere but at their shared vertex).

    Decided on integers (every test is unchanged by scaling all points by one positive number);
    the message names the original points."""
    n = len(poly)
    if n < 3:
        return M("polygon has {n} point(s), needs at least 3", n=n)
    if len(set(poly)) != n:
        return M("polygon repeats a vertex")
    exact = poly
    if any(type(v) is not int and type(v) is not Fraction for pt in poly for v in pt):
        exact = [(Fraction(x), Fraction(y)) for x, y in poly]  # floats and such: their exact value
    ip = _scaled(exact, _scale_of(exact))
    if signed_area2(ip) == 0:
        return M("polygon has zero area")
    for i in range(n):
        a, b = ip[i], ip[(i + 1) % n]
        for j in range(i + 1, n):
            c, d = ip[j], ip[(j + 1) % n]
            if j == i + 1 or (i == 0 and j == n - 1):
                # Neighbouring edges share one vertex; they may not fold back over each other.
                shared = b if j == i + 1 else a
                other_i = a if j == i + 1 else b
                other_j = d if j == i + 1 else c
                if _iorient(other_i, shared, other_j) == 0 and (
                    _ion(other_j, other_i, shared) or _ion(other_i, shared, other_j)
                ):
                    return M("polygon folds back on itself at {point}",
                             point=fmt_point(poly[(i + 1) % n] if j == i + 1 else poly[i]))
                continue
            if _itouch(a, b, c, d):
                return M("polygon is self-intersecting (edges {a}-{b} and {c}-{d})", a=fmt_point(poly[i]),
                         b=fmt_point(poly[(i + 1) % n]), c=fmt_point(poly[j]), d=fmt_point(poly[(j + 1) % n]))
    return None


def _iorient(o, a, b) -> int:
    v = (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    return (v > 0) - (v < 0)


def _ion(p, a, b) -> bool:
    """Integer p lies on the closed segment ab."""
    if (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) != 0:
        return False
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def _itouch(p, q, r, u) -> bool:
    """geometry.segments_touch on integer points (closed segments share a point)."""
    if max(p[0], q[0]) < min(r[0], u[0]) or max(r[0], u[0]) < min(p[0], q[0]):
        return False
    if max(p[1], q[1]) < min(r[1], u[1]) or max(r[1], u[1]) < min(p[1], q[1]):
        return False
    d1, d2 = _iorient(p, q, r), _iorient(p, q, u)
    d3, d4 = _iorient(r, u, p), _iorient(r, u, q)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return ((d1 == 0 and _ion(r, p, q)) or (d2 == 0 and _ion(u, p, q))
            or (d3 == 0 and _ion(p, r, u)) or (d4 == 0 and _ion(q, r, u)))


def bbox(points: Iterable[Point]) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    pts = list(points)
    return (
        min(p[0] for p in pts),
        min(p[1] for p in pts),
        max(p[0] for p in pts),
        max(p[1] for p in pts),
    )


def _boxes_overlap(b1, b2, strict: bool) -> bool:
    if strict:
        return b1[0] < b2[2] and b2[0] < b1[2] and b1[1] < b2[3] and b2[1] < b1[3]
    return b1[0] <= b2[2] and b2[0] <= b1[2] and b1[1] <= b2[3] and b2[1] <= b1[3]


def polygons_overlap(pa: Sequence[Point], pb: Sequence[Point]) -> bool:
    """Two simple polygons share interior (positive area); touching edges or corners do not count.

    Without a proper edge crossing, the interiors overlap exactly when some piece of one
    boundary runs strictly inside the other polygon, or the two boundaries run along a common
    stretch with both interiors on the same side of it.
    """
    if not _boxes_overlap(bbox(pa), bbox(pb), strict=True):
        return False
    # Exact integers instead of Fractions: every test below is invariant under scaling both
    # polygons by the same positive factor, and integer arithmetic is many times faster.
    scale = _scale_of(pa, pb)
    return _int_polygons_overlap(_scaled(pa, scale), _scaled(pb, scale))


def _int_polygons_overlap(pa: Sequence[tuple[int, int]], pb: Sequence[tuple[int, int]]) -> bool:
    """polygons_overlap on polygons scaled to even integers (boxes already known to overlap)."""
    ea, eb = edges(pa), edges(pb)
    for a, b in ea:
        for c, d in eb:
            if segments_cross_properly(a, b, c, d):
                return True
    sa, sb = signed_area2(pa) > 0, signed_area2(pb) > 0
    return _boundary_enters(ea, pb, eb, sa, sb) or _boundary_enters(eb, pa, ea, sb, sa)


def _boundary_enters(ea, pb, eb, sa: bool, sb: bool) -> bool:
    for a, b in ea:
        cuts = {a, b}
        cuts.update(v for v, _ in eb if on_segment(v, a, b))
        key = line_param(a, b)
        ordered = sorted(cuts, key=key, reverse=key(a) > key(b))
        for p, q in zip(ordered, ordered[1:]):
            mid = (_half(p[0] + q[0]), _half(p[1] + q[1]))
            where = point_in_polygon(mid, pb)
            if where == 1:
                return True
            if where == 0:
                # Along a common stretch: same direction (after normalising both polygons to the
                # same winding) means both interiors lie on the same side.
                for c, d in eb:
                    if on_segment(mid, c, d) and orient(c, d, a) == 0 and orient(c, d, b) == 0:
                        dir_a = (b[0] - a[0], b[1] - a[1])
                        dir_b = (d[0] - c[0], d[1] - c[1])
                        same = dir_a[0] * dir_b[0] + dir_a[1] * dir_b[1] > 0
                        if same == (sa == sb):
                            return True
    return False


def _scale_of(*polys: Sequence[Point]) -> int:
    """An even positive integer that makes every coordinate of the polygons an even integer
    (even: the midpoints of scaled points stay integers)."""
    scale = 1
    for poly in polys:
        for p in poly:
            for v in p:
                d = v.denominator if isinstance(v, Fraction) else 1
                if scale % d:
                    scale = math.lcm(scale, d)
    return 2 * scale


def _scaled(poly: Sequence[Point], scale: int) -> tuple:
    return tuple((_times(p[0], scale), _times(p[1], scale)) for p in poly)


def _times(v, scale: int) -> int:
    if isinstance(v, Fraction):
        return v.numerator * (scale // v.denominator)
    return int(v) * scale


def _half(v):
    return v // 2 if isinstance(v, int) else v / 2


def point_in_area(p: Point, poly: Sequence[Point]) -> int:
    """point_in_polygon on exact integers (same answer, scaled): 1 inside, 0 on, -1 outside."""
    scale = _scale_of(poly, (p,))
    return point_in_polygon(_scaled((p,), scale)[0], _scaled(poly, scale))


def line_key(a: Point, b: Point) -> tuple[Fraction, Fraction, Fraction]:
    """The supporting line of a != b, normalised so collinear segments get the same key."""
    na, nb = b[1] - a[1], a[0] - b[0]
    c = -(na * a[0] + nb * a[1])
    k = na if na != 0 else nb
    return (na / k, nb / k, c / k)


def line_param(a: Point, b: Point):
    """A projection that is monotone along the line through a and b (x, or y if vertical)."""
    return (lambda p: p[0]) if a[0] != b[0] else (lambda p: p[1])


def fmt_num(v: Fraction) -> str:
    """An exact number for people: integers and short decimals as written, anything else
    rounded to 2 decimals and marked with '~' (a witness point is often 100512/481)."""
    if v.denominator == 1:
        return str(v.numerator)
    f = float(v)
    if Fraction(repr(f)) == v and len(repr(f)) <= 12:
        return repr(f)
    return f"~{f:.2f}"


def fmt_point(p: Point) -> str:
    return f"({fmt_num(p[0])},{fmt_num(p[1])})"


def fmt_segment(s: Segment) -> str:
    return f"{fmt_point(s.a)}-{fmt_point(s.b)}"


# --- structural checks ------------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a map, about one object (object_id 0 = the map itself)."""

    source: str
    what: str  # e.g. "area courtyard (id 3)" or "map"
    message: Msg | str  # a message where the builder shows it (issue 18), worded when read

    def __str__(self) -> str:
        """'FILE: WHERE: what is wrong' in the reader's language (`what` itself stays English:
        the builder reads the object's name and id from it)."""
        return f"{self.source}: {where_words(self.what)}: {self.message}"


def where_words(what: str) -> str:
    """A Problem's `what` ('map', 'object NAME (id N)') in the reader's language."""
    from game.board.tmx_gate import object_words

    if what == "map":
        return _("map")
    m = re.match(r"object (.*) \(id (\d+)\)$", what)
    if m:
        return object_words("" if m.group(1) == "<unnamed>" else m.group(1), m.group(2))
    return what


def kind_word(kind: str) -> str:
    """A line's or connector's kind in the reader's language (tmx_gate.kind_word; imported late:
    tmx_gate reads this module's helpers)."""
    from game.board.tmx_gate import kind_word as word

    return word(kind)


def _what(name: str, object_id: int) -> str:
    return f"object {name or '<unnamed>'} (id {object_id})"


def check_board(board: Board) -> list[Problem]:
    """Structural problems of a loaded (or composed) board; [] when it is fit to play."""
    if board.properties.get("title") == "level7":
        return _check_level7(board)
    if board.grid is not None:
        return _check_grid(board)
    return _check_areas(board)


def _check_level7(board: Board) -> list[Problem]:
    """A Level 7 tile (docs/MAPS.md "Level 7", level7-escape.md 3.1, 8.9): its ducts form one
    piece that holds the vent, each stub ends inside one slot of the outline, one stub per slot;
    a tile on the map has a door, an off-map tile (the Hospital) none."""
    from game.board.slots import l7_point_slot

    out: list[Problem] = []

    def add(name: str, oid: int, message: str) -> None:
        out.append(Problem(board.source, _what(name, oid), message))

    w, h = board.pixel_size()
    ducts = board.lines_of("duct")
    stubs: dict[tuple[str, int], str] = {}
    for d in ducts:
        if any(not (0 <= p[0] <= w and 0 <= p[1] <= h) for p in d.points):
            add(d.name, d.object_id, M("a duct runs outside the tile"))
            continue
        for end in (d.points[0], d.points[-1]):
            if end[0] in (0, w) or end[1] in (0, h):
                slot = l7_point_slot(board, end)
                if slot is None:
                    add(d.name, d.object_id, M("duct stub {point} ends on a corner of the tile; end it inside one side",
                                               point=fmt_point(end)))
                elif slot in stubs:
                    add(d.name, d.object_id, M("side {side} slot {slot} already has a duct stub ({other})", side=slot[0],
                                               slot=slot[1], other=stubs[slot]))
                else:
                    stubs[slot] = d.name or f"duct{d.object_id}"
        for p in d.points[1:-1]:
            if p[0] in (0, w) or p[1] in (0, h):
                add(d.name, d.object_id, M("duct point {point} touches the tile's edge; only a stub's end may", point=fmt_point(p)))
    # One duct network per tile (spec 8.9: all stubs and the vent on one tile are joined).
    def touch(a: Line, b: Line) -> bool:
        return any(on_segment(p, s.a, s.b) for p in a.points for s in b.segments()) or \
            any(on_segment(p, s.a, s.b) for p in b.points for s in a.segments())

    if ducts:
        seen, todo = {0}, [0]
        while todo:
            i = todo.pop()
            for j, other in enumerate(ducts):
                if j not in seen and touch(ducts[i], other):
                    seen.add(j)
                    todo.append(j)
        for j, d in enumerate(ducts):
            if j not in seen:
                add(d.name, d.object_id, M("duct does not meet duct {other}: the ducts of a tile form one network (spec 8.9)",
                                           other=ducts[0].name or ducts[0].object_id))
    icons = [f for f in board.features if f.kind == "icon"]
    for vent in (f for f in icons if f.properties.get("kind") in ("vent", "sealed_vent")):
        if ducts and not any(on_segment(vent.point, s.a, s.b) for d in ducts for s in d.segments()):
            add(vent.name, vent.object_id, M("the vent must lie on the tile's duct"))
    kinds = [str(f.properties.get("kind")) for f in icons]
    for kind in sorted(set(kinds)):
        if kinds.count(kind) > 1:
            f = [x for x in icons if x.properties.get("kind") == kind][1]
            add(f.name, f.object_id, M("a second {kind} icon (a tile has each icon once)", kind=kind_word(kind)))
    if board.properties.get("off_map"):
        if board.doors or ducts:
            out.append(Problem(board.source, "map", M("an off-map tile (off_map = true) has no doors and no ducts")))
    elif not board.doors:
        out.append(Problem(board.source, "map", M("a tile on the map needs at least one door (or off_map = true)")))
    return out


def _check_areas(board: Board) -> list[Problem]:
    from game.board.distance import distances_from

    out: list[Problem] = []

    def add(name: str, oid: int, message: str) -> None:
        out.append(Problem(board.source, _what(name, oid), message))

    def add_map(message: str) -> None:
        out.append(Problem(board.source, "map", message))

    areas = list(board.areas.values())
    if not areas:
        add_map(M("has no areas"))
        return out
    # Everything below runs on integers: all coordinates times one even common denominator.
    # Every test (orientation signs, order along a line, inside/outside, equality of lines) is
    # unchanged by that scaling; messages print the original points.
    # tests/board/test_checks_fast.py compares with the Fraction version kept in the tests.
    walls = board.wall_segments()
    outline = board.outline_segments()
    scale = _scale_of(
        *(a.polygon for a in areas), *(line.points for line in board.lines),
        *((w.a, w.b) for w in walls), *((o.a, o.b) for o in outline),
        *(c.segment for c in board.connectors),
    )

    def pt(p: Point) -> tuple[int, int]:
        return (_times(p[0], scale), _times(p[1], scale))

    polys = [tuple(pt(p) for p in a.polygon) for a in areas]
    boxes = [bbox(poly) for poly in polys]
    for i, a in enumerate(areas):
        problem = polygon_problem(a.polygon)
        if problem:
            add(a.name, a.object_id, problem)
        ax0, ay0, ax1, ay1 = boxes[i]
        for j in range(i + 1, len(areas)):
            # Every pair, pieces too: a saved composed map may have been edited in Tiled. Boxes
            # that do not overlap with positive area cannot hold overlapping polygons.
            bx0, by0, bx1, by1 = boxes[j]
            if bx0 >= ax1 or ax0 >= bx1 or by0 >= ay1 or ay0 >= by1:
                continue
            if _int_polygons_overlap(polys[i], polys[j]):
                b = areas[j]
                add(b.name, b.object_id, M("overlaps area {area} (id {id})", area=a.name, id=a.object_id))
    for spot in board.cover:
        area = board.areas.get(spot.area)
        if area is None or point_in_area(spot.point, area.polygon) != 1:
            add(spot.name, spot.object_id, M("cover point {point} is not inside its area {area}", point=fmt_point(spot.point), area=repr(spot.area)))
    for m in board.markers:
        area = board.areas.get(m.area or "")
        if area is None or point_in_area(m.point, area.polygon) != 1:
            add(m.name, m.object_id, M("{kind} point {point} is not inside its area {area}", kind=kind_word(m.kind), point=fmt_point(m.point), area=repr(m.area)))

    # Borders and level lines must run along the boundary between two areas, or they join
    # nothing (a line drawn a few pixels off is the usual authoring slip).
    by_line: dict[tuple, list[tuple[str, tuple[int, int], tuple[int, int]]]] = {}
    for a, poly in zip(areas, polys):
        for p, q in edges(poly):
            if p != q:  # a repeated vertex (reported above) has no supporting line
                by_line.setdefault(_iline_key(p, q), []).append((a.name, p, q))
    for line in board.lines:
        if line.kind == "wall":
            continue
        for s in line.segments():
            sa, sb = pt(s.a), pt(s.b)
            group = by_line.get(_iline_key(sa, sb), []) if sa != sb else []
            touched = {name for name, p, q in group if _collinear_overlap(sa, sb, p, q)}
            if len(touched) < 2:
                add(line.name, line.object_id, M("{kind} segment {segment} does not run between two areas", kind=kind_word(line.kind), segment=fmt_segment(s)))
                break
    iwalls = [(pt(w.a), pt(w.b)) for w in walls]
    for line in board.lines_of("border"):
        for s in line.segments():
            sa, sb = pt(s.a), pt(s.b)
            hit = next((w for w, (u, v) in zip(walls, iwalls) if _collinear_overlap(sa, sb, u, v)), None)
            if hit is not None:
                add(line.name, line.object_id, M("border runs along a wall at {segment}; a stretch is one or the other", segment=fmt_segment(hit)))
                break

    ioutline = [Segment(pt(o.a), pt(o.b)) for o in outline]
    pairs = board.joined_connectors()  # the same for every connector: computed once
    for c in board.connectors:
        iseg = Segment(pt(c.segment.a), pt(c.segment.b))
        if not _covered_by(iseg, ioutline) and not any(c in pair for pair in pairs):
            add(c.name, c.object_id, M("{kind} {segment} is not on the edge of the map", kind=kind_word(c.kind), segment=fmt_segment(c.segment)))
    joined = {id(c) for pair in pairs for c in pair}
    for piece in board.pieces():
        label = M("piece {piece}", piece=piece) if piece else M("tile")
        entrances = [c for c in board.connectors if c.kind == "entrance" and c.piece == piece]
        exits = [c for c in board.connectors if c.kind == "exit" and c.piece == piece]
        if len(entrances) != 1:
            add_map(M("{tile} has {n} entrances; a Gears tile has exactly one (gears 3.1)", tile=label, n=len(entrances)))
        if not exits:
            add_map(M("{tile} has no exit (gears 3.1)", tile=label))
        if not any(m.kind == "emergence" and m.piece == piece for m in board.markers):
            add_map(M("{tile} has no emergence hole (gears 3.1: every tile has at least one)", tile=label))
        for e in entrances + exits:
            if id(e) in joined:
                continue
            iseg = Segment(pt(e.segment.a), pt(e.segment.b))
            if not any(_touches(poly, iseg) for a, poly in zip(areas, polys) if a.piece == piece):
                add(e.name, e.object_id, M("entrance touches no area of its tile") if e.kind == "entrance" else M("exit touches no area of its tile"))

    start_conn = next((c for c in board.connectors if c.kind == "entrance"), None)
    start_seg = Segment(pt(start_conn.segment.a), pt(start_conn.segment.b)) if start_conn else None
    start = next((a.name for a, poly in zip(areas, polys) if start_seg and _touches(poly, start_seg)), areas[0].name)
    reached = distances_from(board, start, "movement", closed_doors=())
    for a in areas:
        if a.name not in reached:
            add(a.name, a.object_id, M("cannot be reached by movement from area {start} (no cracked border leads in)", start=start))
    return out


def _iline_key(p: tuple[int, int], q: tuple[int, int]) -> tuple[int, int, int]:
    """line_key on integer points: the supporting line of p != q as coprime integers, the first
    non-zero of the first two positive (equal exactly for collinear segments)."""
    a, b = q[1] - p[1], p[0] - q[0]
    c = -(a * p[0] + b * p[1])
    g = math.gcd(a, b, c)
    if a < 0 or (a == 0 and b < 0):
        g = -g
    return (a // g, b // g, c // g)


def _check_grid(board: Board) -> list[Problem]:
    from game.board.distance import distances_from

    out: list[Problem] = []
    grid = board.grid
    assert grid is not None

    def add(name: str, oid: int, message: str) -> None:
        out.append(Problem(board.source, _what(name, oid), message))

    if not grid.floor:
        out.append(Problem(board.source, "map", M("has no floor squares (paint the floor layer)")))
        return out
    tw, th = board.tile_width, board.tile_height
    covered: dict[tuple[int, int], str] = {}
    for a in board.areas.values():
        if polygon_problem(a.polygon):
            add(a.name, a.object_id, polygon_problem(a.polygon) or "")
            continue
        x0, y0, x1, y1 = bbox(a.polygon)
        corners = {(x0, y0), (x1, y0), (x1, y1), (x0, y1)}
        if len(a.polygon) != 4 or set(a.polygon) != corners:
            add(a.name, a.object_id, M("a grid area must be a rectangle"))
            continue
        if any((v / t).denominator != 1 for v, t in ((x0, tw), (x1, tw), (y0, th), (y1, th))):
            add(a.name, a.object_id, M("area rectangle does not lie on grid lines"))
            continue
        for c in range(int(x0 / tw), int(x1 / tw)):
            for r in range(int(y0 / th), int(y1 / th)):
                if (c, r) in covered:
                    add(a.name, a.object_id, M("square {c},{r} is also in area {area}", c=c, r=r, area=covered[(c, r)]))
                    break
                covered[(c, r)] = a.name
                if (c, r) not in grid.floor:
                    add(a.name, a.object_id, M("square {c},{r} of the area is not painted on the floor layer", c=c, r=r))
                    break
    for cell in sorted(grid.floor - covered.keys()):
        out.append(Problem(board.source, "map", M("floor square {c},{r} is in no area", c=cell[0], r=cell[1])))
        break
    # A map piece (map property `piece`, docs/MAPS.md) is only part of a map: the start zone is the
    # built map's business.
    if board.areas and not board.properties.get("piece") and \
            not any(a.properties.get("start_zone") for a in board.areas.values()):
        out.append(Problem(board.source, "map", M("no area has start_zone = true")))

    for d in board.doors:
        es = board.door_edges(d)
        if len(es) != 2:
            add(d.name, d.object_id, M("a door is 2 squares wide (doom 3.2); this one covers {n} edges", n=len(es)))
        for e in sorted(es):
            a, b = _edge_sides(e)
            if a not in grid.floor or b not in grid.floor:
                add(d.name, d.object_id, M("a door needs floor squares on both sides (its 4 flanking squares)"))
                break
        interior = {e for line in board.lines_of("wall") for s in line.segments() for e in _lattice(s, tw, th)}
        if es & interior:
            add(d.name, d.object_id, M("a wall is drawn over this door"))
    joined = {id(c) for pair in board.joined_connectors() for c in pair}
    for c in board.connectors:
        if id(c) in joined:
            continue  # two pieces meet here: floor on both sides is the point
        es = _lattice(c.segment, tw, th)
        if len(es) != 2:
            add(c.name, c.object_id, M("a connector is 2 squares wide (doom 9.2); this one covers {n} edges", n=len(es)))
        for e in es:
            a, b = _edge_sides(e)
            if (a in grid.floor) == (b in grid.floor):
                add(c.name, c.object_id, M("a connector must lie on the edge of the floor (floor on one side only)"))
                break

    start = next(
        (cell for cell in sorted(grid.floor) if board.areas.get(covered.get(cell, ""), None) is not None
         and board.areas[covered[cell]].properties.get("start_zone")),
        min(grid.floor),
    )
    reached = distances_from(board, start, "range", closed_doors=())
    lost = sorted(grid.floor - reached.keys())
    if lost:
        out.append(Problem(board.source, "map", M("floor square {c},{r} cannot be reached from square {sc},{sr} even with every door open ({n} squares)",
                                                     c=lost[0][0], r=lost[0][1], sc=start[0], sr=start[1], n=len(lost))))
    return out


def _edge_sides(e):
    (x0, y0), (x1, y1) = e
    if x0 == x1:  # vertical edge: cells west and east of it
        return (x0 - 1, y0), (x0, y0)
    return (x0, y0 - 1), (x0, y0)


def _lattice(s: Segment, tw: int, th: int):
    from game.board.model import lattice_edges

    try:
        return lattice_edges(s, tw, th)
    except ValueError:
        return []


def _collinear_overlap(a: Point, b: Point, c: Point, d: Point) -> bool:
    # Bounding boxes apart (or only touching) cannot share a stretch of positive length.
    if max(a[0], b[0]) < min(c[0], d[0]) or max(c[0], d[0]) < min(a[0], b[0]):
        return False
    if max(a[1], b[1]) < min(c[1], d[1]) or max(c[1], d[1]) < min(a[1], b[1]):
        return False
    if orient(a, b, c) != 0 or orient(a, b, d) != 0:
        return False
    t = line_param(a, b)
    a0, a1 = sorted((t(a), t(b)))
    b0, b1 = sorted((t(c), t(d)))
    return max(a0, b0) < min(a1, b1)


def _touches(poly: Sequence[Point], s: Segment) -> bool:
    return any(_collinear_overlap(s.a, s.b, p, q) for p, q in edges(poly))


def _covered_by(s: Segment, parts: Sequence[Segment]) -> bool:
    """s lies entirely on the union of the collinear segments in parts."""
    t = line_param(s.a, s.b)
    lo, hi = sorted((t(s.a), t(s.b)))
    spans = sorted(
        tuple(sorted((t(p.a), t(p.b))))
        for p in parts
        if orient(s.a, s.b, p.a) == 0 and orient(s.a, s.b, p.b) == 0
    )
    cur = lo
    for a, b in spans:
        if a > cur:
            break
        cur = max(cur, b)
    return cur >= hi
