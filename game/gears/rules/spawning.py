"""Where Locusts appear (emergence holes, the map exit, the map entrance: spec 3.4, 7.4, 7.5),
and the mission rules in force, which spawning and most other rules consult (spec 9.1).

Mission bookkeeping that has no field of its own in GearsState (door destinations, map ammo,
the Stranded, RAAM's side, face-down equipment...) lives in `state.flags["mission"]` (`md`),
which is saved and restored with the rest of the state.
"""
from __future__ import annotations

from game.engine.text import M
from game.i18n import N_
from typing import Any

from game.gears.rules.board_view import INF
from game.gears.rules.state import GearsState
from game.gears.rules.shared import content as _content



def md(state: GearsState) -> dict[str, Any]:
    """The mission's runtime data (see the module docstring)."""
    return state.flags.setdefault("mission", {})


def rules_in_force(state: GearsState) -> list:
    """The mission-wide rules plus the current stage card's Special Rules (spec 9.1)."""
    return list(_rules(state))


def rules_named(state: GearsState, keyword: str) -> list:
    return list(_rules(state, keyword))


# (id of the mission record, stage, keyword) -> (the record, its rules): the rules ask several
# times per action; the record is kept so that its id cannot be reused while the entry lives.
_RULES: dict[tuple[int, int, str | None], tuple[Any, tuple]] = {}


def _rules(state: GearsState, keyword: str | None = None) -> tuple:
    m = _content().missions[state.mission]
    key = (id(m), state.stage, keyword)
    hit = _RULES.get(key)
    if hit is None or hit[0] is not m:
        out = list(m.rules)
        if state.stage < len(m.stages):
            out += list(m.stages[state.stage].special_rules)
        hit = _RULES[key] = (m, tuple(r for r in out if keyword is None or r.keyword == keyword))
    return hit[1]


def setup_rules_named(state: GearsState, keyword: str) -> list:
    return [r for r in _content().missions[state.mission].setup if r.keyword == keyword]


def open_holes(state: GearsState) -> list[str]:
    return sorted(h for h, v in state.holes.items() if not v["sealed"])


def you(state: GearsState) -> str:
    return state.active_player


def tied_nearest(view, area: str, names, area_of) -> list:
    """Every name tied for nearest to `area` by movement distance; range distance only when
    none can be reached by movement, never as a tie-breaker: ties are the active player's
    choice (spec 3.6, 11 item 12). Empty when nothing can be reached either way."""
    names = list(names)
    for dist in (view.mdist, view.rdist):
        d = {n: dist(area, area_of(n)) for n in names}
        best = min(d.values(), default=INF)
        if best < INF:
            return [n for n in names if d[n] == best]
    return []


_TIES = {"hole": N_("Several holes are equally near: choose one."),
         "door": N_("Several doors are equally near: choose one."),
         "place": N_("Several places are equally near: choose one.")}


def _nearest(ctx, area: str, names: list[str], area_of, what: str) -> str | None:
    tied = tied_nearest(ctx.state.view(), area, names, area_of)
    if not tied:
        return None
    pick = ctx.choose(ctx.state.active_player, "tie_" + what, [{what: n} for n in tied],
                      M(_TIES.get(what, _TIES["place"])))
    return pick[what]


def hole_nearest(ctx, area: str, within: int | None = None) -> str | None:
    """The open emergence hole nearest `area` by movement (spec 7.4; ties: active player)."""
    state: GearsState = ctx.state
    holes = open_holes(state)
    if within is not None:
        view = state.view()
        holes = [h for h in holes if view.mdist(area, state.holes[h]["area"]) <= within]
    return _nearest(ctx, area, holes, lambda h: state.holes[h]["area"], "hole")


def exit_areas(state: GearsState) -> list[str]:
    """Areas of the map exit: every door token's area; with no door (Roadblocks before its
    Stage 1 flips), the free exit of the newest tile (spec 9.2.4 'the map exit')."""
    view = state.view()
    return [view.exits[c] for c in map_exit_connectors(state)]


def map_exit_connectors(state: GearsState) -> list[str]:
    """The exits (connector names) that are the map exit (exit_areas): the door tokens', else
    the newest tile's free exit; the table marks the latter, which no token shows."""
    view = state.view()
    doors = [d for d in state.doors if d in view.exits]
    if doors:
        return doors
    last = state.placements[-1]["tile"] if state.placements else None
    return [e for e in view.free_exits if e.split(":")[0] == last][:1]


def exit_area(ctx) -> str | None:
    """The area holding a door token nearest the active player (spec 3.4 'map exit'; Belly of
    the Beast: the exit nearest the active player)."""
    state: GearsState = ctx.state
    view = state.view()
    doors = [d for d in state.doors if d in view.exits]
    if not doors:
        areas = exit_areas(state)
        return areas[0] if areas else None
    door = _nearest(ctx, state.active_cog.area, doors, lambda d: view.exits[d], "door")
    return view.exits[door] if door else None


def entrance_area(state: GearsState) -> str:
    return state.view().entrance_area
