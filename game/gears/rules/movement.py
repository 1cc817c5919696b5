"""Where figures may go, what they see and how much cover helps (spec 3.2, 3.3, 3.5, 3.6, 6.2).

Pure queries on a GearsState and its BoardView; nothing here changes the state.
"""
from __future__ import annotations

from collections import OrderedDict
from fractions import Fraction
from math import gcd, lcm
from typing import Any, Iterable

from game.gears.rules.board_view import (
    _DIRS,
    INF,
    BoardView,
    SightGeometry,
    _candidates,
    _canon,
    _hull_walls,
    _point_area,
    _scaled,
    arrow_half_plane,
)
from game.gears.rules.state import GearsState

Pos = tuple[str, str | None]  # (area, cover spot or None)
IntPt = tuple[int, int]


def occupied_spots(state: GearsState) -> set[str]:
    spots = {c.cover for c in state.cogs.values() if c.cover}
    spots |= {x.cover for x in state.locusts.values() if x.cover}
    return spots


def free_spots(state: GearsState, area: str) -> list[str]:
    """Empty cover spots of an area (spec 3.3: one figure per spot)."""
    taken = occupied_spots(state)
    return [s for s in state.view().cover_in.get(area, ()) if s not in taken]


def steps_from(view: BoardView, area: str) -> list[str]:
    """Areas one movement step away (spec 3.2: cracked borders, corners count)."""
    return list(view.move_steps.get(area, ()))


def cog_pos(state: GearsState, player: str) -> Pos:
    c = state.cogs[player]
    return c.area, c.cover


def locust_pos(state: GearsState, lid: str) -> Pos:
    x = state.locusts[lid]
    return x.area, x.cover


def los(view: BoardView, a: Pos, b: Pos) -> bool:
    """Spec 3.5: area or cover point at each end; the same area always sees itself."""
    if a[0] == b[0]:
        return True
    memo = view._los
    key = (a, b)
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = memo[(b, a)] = view.sees(a, b)
    return hit


def cover_bonus(view: BoardView, attacker: Pos, defender: Pos) -> int:
    """Extra defence dice from the defender's cover (spec 3.3, 11 item 13): 0 in the open or
    against an attacker in the same area; +2 (full) if, for one of the spot's arrows, every
    point the attacker may use lies in the open half-plane the arrow points into; else +1.

    Computed on the board's integer coordinates (view.geometry, scale > 0: every sign below is
    unchanged by it) and remembered twice: per view, and process-wide under a translation-free
    key of everything the answer reads (see _area_full_cover). `cover_bonus_reference` is the
    plain rational computation, kept for the tests that compare them."""
    spot_name = defender[1]
    if spot_name is None or attacker[0] == defender[0]:
        return 0
    key = ("cover", attacker, spot_name)
    hit = view._los.get(key)
    if hit is not None:
        return hit
    spot = view.cover[spot_name]
    g = view.geometry
    sp = _int_point(spot.point, g.scale)
    if attacker[1] is not None:
        ap = _int_point(view.cover[attacker[1]].point, g.scale)
        full = any(_iside(sp, angle, ap) > 0 for angle in spot.arrows)
    else:
        full = _area_full_cover(g, sp, spot.arrows, attacker[0])
    hit = 2 if full else 1
    view._los[key] = hit
    return hit


def cover_bonus_reference(view: BoardView, attacker: Pos, defender: Pos) -> int:
    """cover_bonus in rational arithmetic through BoardView.point_sees_polygon, unmemoised:
    the reference tests/gears/test_cold_cover.py compares the fast path with (spec 3.3)."""
    spot_name = defender[1]
    if spot_name is None or attacker[0] == defender[0]:
        return 0
    spot = view.cover[spot_name]
    for angle in spot.arrows:
        if attacker[1] is not None:
            if arrow_half_plane(spot, angle, view.cover[attacker[1]].point) > 0:
                return 2
        else:
            # The attacker's area behind the cover line, as convex pieces (clipping a concave
            # area in one go can give a self-touching polygon); seen if any piece is seen.
            pieces = [r for t in _triangles(view.board.areas[attacker[0]].polygon)
                      for r in [_clip_behind(t, spot, angle)] if r is not None]
            if not any(view.point_sees_polygon(spot.point, r) for r in pieces):
                return 2
    return 1


# Process-wide cover answers: translation-free geometry -> full cover (bool). Bounded.
_COVER: OrderedDict[Any, bool] = OrderedDict()
COVER_CACHE_SIZE = 100_000


def clear_cover_cache() -> None:
    """Forgets the process-wide cover answers (tests, benchmarks of cold boards)."""
    _COVER.clear()


def _int_point(p, scale: int) -> IntPt:
    return (_scaled(p[0], scale), _scaled(p[1], scale))


def _iside(s: IntPt, angle: int, p: IntPt) -> int:
    """arrow_half_plane on integer points: +1 in front of the arrow's line, 0 on it, -1 behind."""
    dx, dy = _DIRS[angle % 360]
    v = (p[0] - s[0]) * dx + (p[1] - s[1]) * dy
    return (v > 0) - (v < 0)


def _area_full_cover(g: SightGeometry, sp: IntPt, arrows: tuple[int, ...], area: str) -> bool:
    """Whether some arrow leaves no point of `area` behind its line visible from the spot.

    Every sight line from the spot to the area lies in the convex hull of the spot and the
    area, so the answer depends only on the spot, the arrows, the area's polygon and the walls
    touching that hull: the process-wide key is that data shifted to the hull's corner."""
    poly = g.poly(area)
    hull, rel = _hull_walls([sp, *poly], g.walls)
    wall_pts = sorted((min(u, v), max(u, v)) for u, v in rel)
    key = ("cover", tuple(arrows)) + _canon(hull, [sp], poly, [q for w in wall_pts for q in w])
    hit = _COVER.get(key)
    if hit is None:
        hit = _COVER[key] = _full_cover(sp, arrows, poly, rel)
        if len(_COVER) > COVER_CACHE_SIZE:
            _COVER.popitem(last=False)
    return hit


def _full_cover(sp: IntPt, arrows: tuple[int, ...], poly: tuple[IntPt, ...], walls: list) -> bool:
    tris = _triangles(poly)  # exact on ints as on Fractions
    for angle in arrows:
        dx, dy = _DIRS[angle % 360]
        if not any(_piece_seen(sp, piece, walls)
                   for t in tris for piece in [_iclip_behind(t, sp, dx, dy)] if piece is not None):
            return True
    return False


def _iclip_behind(tri, s: IntPt, dx: int, dy: int) -> tuple[list[tuple[int, int, int]], int] | None:
    """_clip_behind on an integer convex polygon: the vertices as (x, y, d) meaning (x/d, y/d)
    in lowest terms with d > 0 (cut points are rational), or None when the part has no area."""
    out: list[tuple[int, int, int]] = []
    n = len(tri)
    f = [(p[0] - s[0]) * dx + (p[1] - s[1]) * dy for p in tri]
    for i in range(n):
        j = (i + 1) % n
        p, q, fp, fq = tri[i], tri[j], f[i], f[j]
        if fp <= 0:
            out.append((p[0], p[1], 1))
        if (fp < 0 < fq) or (fq < 0 < fp):
            # p + (q - p) fp / (fp - fq) = (q fp - p fq) / (fp - fq)
            d = fp - fq
            x, y = q[0] * fp - p[0] * fq, q[1] * fp - p[1] * fq
            if d < 0:
                x, y, d = -x, -y, -d
            k = gcd(x, y, d)
            out.append((x // k, y // k, d // k))
    if len(out) < 3:
        return None
    clean: list[tuple[int, int, int]] = []
    for p in out:
        if not clean or clean[-1] != p:
            clean.append(p)
    if len(clean) > 1 and clean[0] == clean[-1]:
        clean.pop()
    if len(clean) < 3:
        return None
    den = 1
    for p in out:
        den = lcm(den, p[2])
    pts = [(x * (den // d), y * (den // d)) for x, y, d in out]
    area2 = sum(pts[i][0] * pts[(i + 1) % len(pts)][1] - pts[(i + 1) % len(pts)][0] * pts[i][1]
                for i in range(len(pts)))
    if area2 == 0:
        return None
    return clean, den


def _piece_seen(sp: IntPt, piece: tuple[list[tuple[int, int, int]], int], walls: list) -> bool:
    """board_view's exact point-to-polygon LOS on the piece scaled to whole, even numbers (the
    candidate midpoints of board_view._candidates must be whole); scaling keeps every answer."""
    verts, den = piece
    poly = tuple((x * (den // d), y * (den // d)) for x, y, d in verts)
    if any(x & 1 or y & 1 for x, y in poly):  # sp and the walls are even already (scale is)
        den *= 2
        poly = tuple((2 * x, 2 * y) for x, y in poly)
    if den == 1:
        return _point_area(sp, poly, _candidates(poly), walls)
    p = (sp[0] * den, sp[1] * den)
    ws = [((u[0] * den, u[1] * den), (v[0] * den, v[1] * den)) for u, v in walls]
    return _point_area(p, poly, _candidates(poly), ws)


def _triangles(polygon) -> list[tuple]:
    """Ear-clipping triangulation of a simple polygon, exactly (rational coordinates): the
    union of the triangles is the polygon, and each one clips correctly against a line."""
    pts = list(polygon)
    area2 = sum(pts[i][0] * pts[(i + 1) % len(pts)][1] - pts[(i + 1) % len(pts)][0] * pts[i][1]
                for i in range(len(pts)))
    if area2 < 0:
        pts.reverse()
    out: list[tuple] = []
    while len(pts) > 3:
        n = len(pts)
        for i in range(n):
            a, b, c = pts[i - 1], pts[i], pts[(i + 1) % n]
            turn = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
            if turn == 0:  # b lies on a-c: dropping it leaves the same region
                pts.pop(i)
                break
            if turn < 0:
                continue  # reflex vertex
            tri = (a, b, c)
            if any(q not in tri and _in_triangle(q, tri) for q in pts):
                continue
            out.append(tri)
            pts.pop(i)
            break
        else:  # not a simple polygon: keep the rest whole (los.py then names the problem)
            out.append(tuple(pts))
            return out
    if len(pts) == 3:
        out.append(tuple(pts))
    return out


def _in_triangle(q, tri) -> bool:
    """q in the closed counter-clockwise triangle."""
    for i in range(3):
        a, b = tri[i], tri[(i + 1) % 3]
        if (b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0]) < 0:
            return False
    return True


def _clip_behind(polygon, spot, angle) -> tuple | None:
    """The part of a convex polygon on the closed rear side of the arrow's line
    (Sutherland-Hodgman), or None when it has no area."""
    def side(p):
        return arrow_half_plane(spot, angle, p)

    out = []
    n = len(polygon)
    for i in range(n):
        p, q = polygon[i], polygon[(i + 1) % n]
        sp, sq = side(p), side(q)
        if sp <= 0:
            out.append(p)
        if (sp < 0 < sq) or (sq < 0 < sp):
            out.append(_cut(p, q, spot, angle))
    if len(out) < 3:
        return None
    area2 = sum(out[i][0] * out[(i + 1) % len(out)][1] - out[(i + 1) % len(out)][0] * out[i][1]
                for i in range(len(out)))
    if area2 == 0:
        return None
    # Drop repeated vertices (a vertex on the cut line appears twice).
    clean = []
    for p in out:
        if not clean or clean[-1] != p:
            clean.append(p)
    if len(clean) > 1 and clean[0] == clean[-1]:
        clean.pop()
    return tuple(clean) if len(clean) >= 3 else None


def _cut(p, q, spot, angle):
    dx, dy = _DIRS[angle % 360]
    fp = (p[0] - spot.point[0]) * dx + (p[1] - spot.point[1]) * dy
    fq = (q[0] - spot.point[0]) * dx + (q[1] - spot.point[1]) * dy
    t = Fraction(fp) / (fp - fq)
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def standing_cogs(state: GearsState) -> list[str]:
    """Players whose COG can be targeted by the AI (not bleeding out; spec 6.13)."""
    return [p for p in state.players if p in state.cogs and not state.cogs[p].bleeding]


def nearest_cogs(state: GearsState, area: str, among: Iterable[str] | None = None) -> list[str]:
    """Every COG tied for nearest to `area` by movement (range only when none can be reached
    by movement, never as a tie-breaker: ties are the active player's choice, spec 3.6)."""
    from game.gears.rules.spawning import tied_nearest

    cands = list(standing_cogs(state) if among is None else among)
    return tied_nearest(state.view(), area, cands, lambda p: state.cogs[p].area)


def next_steps_toward(view: BoardView, area: str, goal: str) -> list[str]:
    """Neighbours on a shortest movement path to goal (spec 6.2; the active player picks)."""
    d = view.mdist(area, goal)
    if d == 0 or d >= INF:
        return []
    return [n for n in steps_from(view, area) if view.mdist(n, goal) == d - 1]


def steps_away(view: BoardView, area: str, goal: str) -> list[str]:
    """Neighbours farther from goal by movement (spec 7.4, 'move away', proposed)."""
    d = view.mdist(area, goal)
    return [n for n in steps_from(view, area) if view.mdist(n, goal) > d]


def best_cover_spots(state: GearsState, area: str, against: str | None) -> list[str]:
    """Spec 3.3: the free spots of `area` giving most defence against the COG `against`
    (the nearest COG); all free spots when there is none. Ties: the active player chooses."""
    spots = free_spots(state, area)
    if not spots or against is None:
        return spots
    view = state.view()
    c = state.cogs[against]
    scores = {s: cover_bonus(view, (c.area, c.cover), (area, s)) for s in spots}
    best = max(scores.values())
    return [s for s in spots if scores[s] == best]


# ----------------------------------------------------------------------------- map sections

def section_of(state: GearsState, area: str) -> int:
    """The map section holding `area` (0 unless a mission lays separate sections, Scattered
    spec 9.2.5; board_view.BoardView.sections)."""
    return state.view().section_of.get(area, 0)


def same_section(state: GearsState, a: str, b: str) -> bool:
    sec = state.view().section_of
    return sec.get(a, 0) == sec.get(b, 0)


def active_section(state: GearsState) -> int:
    """The active player's map section: where his COG stands (spec 9.2.5)."""
    return section_of(state, state.active_cog.area)


def cogs_in_section(state: GearsState, section: int) -> list[str]:
    """Players whose COG stands in the section (bleeding out included: still a COG there)."""
    sec = state.view().section_of
    return [p for p in state.players if sec.get(state.cogs[p].area, 0) == section]


def ai_scope_active(state: GearsState) -> bool:
    """Scattered Stages 1-2 'AI cards affect only Locusts on the active player's map section'."""
    from game.gears.rules.spawning import rules_named

    return bool(rules_named(state, "ai_scope_section"))


def locust_in_ai_scope(state: GearsState, lid: str) -> bool:
    """Whether an AI card may act on this Locust now (spec 9.2.5): always, unless the stage's
    `ai_scope_section` rule limits AI cards to the active player's section. ai.py's selectors
    (and so its 'no such Locust in play' redraw tests) filter with locusts_in_ai_scope."""
    if not ai_scope_active(state):
        return True
    return same_section(state, state.locusts[lid].area, state.active_cog.area)


def locusts_in_ai_scope(state: GearsState) -> list[str]:
    """Ids of the Locusts AI cards may act on now, sorted (see locust_in_ai_scope)."""
    if not ai_scope_active(state):
        return sorted(state.locusts)
    here = active_section(state)
    sec = state.view().section_of
    return sorted(l for l, x in state.locusts.items() if sec.get(x.area, 0) == here)
