"""Where Locusts appear: emergence holes, the map exit, the map entrance (spec 3.4, 7.4, 7.5)."""
from __future__ import annotations

from game.gears.rules.board_view import INF
from game.gears.rules.state import GearsState


def open_holes(state: GearsState) -> list[str]:
    return sorted(h for h, v in state.holes.items() if not v["sealed"])


def you(state: GearsState) -> str:
    return state.active_player


def _nearest(ctx, area: str, names: list[str], area_of, what: str) -> str | None:
    view = ctx.state.view()
    if not names:
        return None
    d = {n: (view.mdist(area, area_of(n)), view.rdist(area, area_of(n))) for n in names}
    best = min(d.values())
    if best[0] >= INF and best[1] >= INF:
        return None
    tied = [n for n in names if d[n] == best]
    pick = ctx.choose(ctx.state.active_player, "tie_" + what, [{what: n} for n in tied],
                      f"Several {what}s are equally near: choose one.")
    return pick[what]


def hole_nearest(ctx, area: str, within: int | None = None) -> str | None:
    """The open emergence hole nearest `area` by movement (spec 7.4; ties: active player)."""
    state: GearsState = ctx.state
    holes = open_holes(state)
    if within is not None:
        view = state.view()
        holes = [h for h in holes if view.mdist(area, state.holes[h]["area"]) <= within]
    return _nearest(ctx, area, holes, lambda h: state.holes[h]["area"], "hole")


def exit_area(ctx) -> str | None:
    """The area holding a door token nearest the active player (spec 3.4 'map exit')."""
    state: GearsState = ctx.state
    view = state.view()
    doors = [d for d in state.doors if d in view.exits]
    if not doors:
        return None
    door = _nearest(ctx, state.active_cog.area, doors, lambda d: view.exits[d], "door")
    return view.exits[door] if door else None


def entrance_area(state: GearsState) -> str:
    return state.view().entrance_area
