"""Where figures may go, what they see and how much cover helps (spec 3.2, 3.3, 3.5, 3.6, 6.2).

Pure queries on a GearsState and its BoardView; nothing here changes the state.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from game.gears.rules.board_view import INF, BoardView, arrow_half_plane
from game.gears.rules.state import GearsState

Pos = tuple[str, str | None]  # (area, cover spot or None)


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
    point the attacker may use lies in the open half-plane the arrow points into; else +1."""
    spot_name = defender[1]
    if spot_name is None or attacker[0] == defender[0]:
        return 0
    key = ("cover", attacker, spot_name)
    hit = view._los.get(key)
    if hit is not None:
        return hit
    spot = view.cover[spot_name]
    full = False
    for angle in spot.arrows:
        if attacker[1] is not None:
            side = arrow_half_plane(spot, angle, view.cover[attacker[1]].point)
            if side > 0:
                full = True
                break
        else:
            # The attacker's area behind the cover line, as convex pieces (clipping a concave
            # area in one go can give a self-touching polygon); seen if any piece is seen.
            pieces = [r for t in _triangles(view.board.areas[attacker[0]].polygon)
                      for r in [_clip_behind(t, spot, angle)] if r is not None]
            if not any(view.point_sees_polygon(spot.point, r) for r in pieces):
                full = True
                break
    hit = 2 if full else 1
    view._los[key] = hit
    return hit


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
    from game.gears.rules.board_view import _DIRS

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
