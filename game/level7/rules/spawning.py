"""Enemies coming into play and leaving it (level7-escape.md 7.2, 7.6, 3.5, 11 #18, #21, #38;
seed p. 7, 12, 15).

- An event's guard goes to the nearest Security tile with room under the security number, its
  clone to the nearest Fear tile with room under the pack limit (Alien Zone: vent tiles count as
  Fear tiles); at Fear 7 or more the active player's event also spawns a clone at the nearest
  vent. No suitable tile: nothing spawns, except that in a Military Zone a guard asks for the
  bottom tile of the last stack (`TileRequest`, which the engine fulfils).
- "Nearest" is the shortest path from the active character's tile **in the spawning kind's own
  graph** (spec 11 #21: the figure will come by its own ways, so a clone's nearest Fear tile may be
  through a vent and never through a locked door; a guard's passes locked doors for one extra
  move). Tied tiles are options for the active player. Sites the kind cannot reach from there come
  after every reachable one, tied with each other; with the active character off the map (the
  Hospital) every site ties.
- Placing counts only the active figures already on the tile (11 #18); stopping (enemy_paths)
  counts stunned ones too.
- Each spawn takes the lowest-numbered figure of the kind's reserve; an empty reserve spawns
  nothing. A removed figure goes back to its reserve unless that already holds the scenario's
  maximum; then to the box.
- After all activations, each clone nest (box called clones) and guard post (box called guards)
  spawns one figure if its tile has room (7.6); `nest_spawn` gives one at a time, the active
  player placing the lowest number where they choose when several sites are left.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping

from game.engine.text import M, Mn, Msg, join
from game.i18n import N_
from game.level7.rules import names as N
from game.level7.rules.enemy_view import Situation

SITE_ICONS = {"guard": ("security", "recurring_security"), "clone": ("fear", "recurring_fear")}  # spec 3.4
SITE_WORDS = {"guard": N_("Security tile"), "clone": N_("Fear tile")}
ALIEN_ZONE_SITE = N_("Fear tile or vent tile")  # a clone's sites in the Alien Zone
VENT_SITE = N_("vent tile")
SOURCE_WORDS = {"clone nest": N_("clone nest"), "guard post": N_("guard post")}
SPAWN_TOKEN = {"clone": "clone nest", "guard": "guard post"}  # seed p. 15: the kind each token spawns


@dataclass(frozen=True)
class Reserve:
    """The figures off the map per kind (their numbers, ascending) and the scenario's maximum."""

    figures: Mapping[str, tuple[int, ...]]
    maximum: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, reserves: Mapping[str, int]) -> Reserve:
        """A full reserve from a scenario's `reserves` (kind -> figures): numbers 1..n (seed p. 12)."""
        return cls({k: tuple(range(1, n + 1)) for k, n in reserves.items()}, dict(reserves))

    def lowest(self, kind: str) -> int | None:
        held = self.figures.get(kind, ())
        return held[0] if held else None

    def without(self, kind: str, number: int) -> Reserve:
        held = self.figures.get(kind, ())
        if number not in held:
            raise ValueError(f"{kind} {number} is not in the reserve")
        return Reserve({**self.figures, kind: tuple(n for n in held if n != number)}, self.maximum)


@dataclass(frozen=True)
class Removal:
    """Where a figure removed from play goes: `to` is "reserve" or "box" (seed p. 12)."""

    kind: str
    number: int
    to: str
    reserve: Reserve
    text: str


def remove_figure(reserve: Reserve, kind: str, number: int) -> Removal:
    held = reserve.figures.get(kind, ())
    most = reserve.maximum.get(kind, 0)
    if len(held) >= most:
        return Removal(kind, number, "box", reserve,
                       M("{enemy} goes to the box: its reserve already holds the maximum of {n} (seed p. 12)",
                         enemy=N.figure(kind, number), n=most))
    back = Reserve({**reserve.figures, kind: tuple(sorted(held + (number,)))}, reserve.maximum)
    return Removal(kind, number, "reserve", back, M("{enemy} goes back to its reserve (seed p. 12)",
                                                          enemy=N.figure(kind, number)))


@dataclass(frozen=True)
class TileRequest:
    """Military Zone (seed p. 7): draw the bottom tile of the last stack, put the guard on it and
    join it to the map at the possible point closest to the active character (`near`; ties: the
    active player, spec 11 #38). The engine does the drawing and placing."""

    kind: str
    number: int
    near: str | None
    stack: str = "last"
    end: str = "bottom"


@dataclass(frozen=True)
class SpawnPlan:
    """One spawn. `number`: the figure that comes (None: nothing spawns, `text` says why);
    `options`: where (one tile; several tied: the active player chooses); `request`: a Military
    Zone tile to draw instead. `source`: event | fear | clone nest | guard post."""

    kind: str
    source: str
    number: int | None
    options: tuple[str, ...]
    distance: int | None
    text: str
    request: TileRequest | None = None
    # Why the figure comes where it comes, without naming it or its tile again: the spawn line
    # ("{enemy} appears on {tile}: {why}") has both (it read "Clone 6 appears on Dissection
    # Room: ... Clone 6 spawns on the nearest vent tile with room: Dissection Room; ...", the
    # Greek saying "εμφανίζεται" twice). None: `text` is the reason.
    why: str | None = None


def spawn_sites(sit: Situation, kind: str, alien_zone: bool = False) -> list[str]:
    """The tiles an event's `kind` may spawn on, room or not (seed p. 7, 12)."""
    icons = SITE_ICONS[kind]
    out = []
    for name, (tile, _) in sorted(sit.map.placed.items()):
        if any(tile.has(i) for i in icons) or (kind == "clone" and alien_zone and _vent(sit, name)):
            out.append(name)
    return out


def _vent(sit: Situation, name: str) -> bool:
    """A usable vent: a sealed one is no way in or out for anybody (spec 3.4 PLACEHOLDER)."""
    return sit.map.placed[name][0].vent and name not in sit.sealed


def _nearest(sit: Situation, kind: str, tiles: list[str]) -> tuple[tuple[str, ...], int | None, Msg]:
    me = sit.active_character()
    if me is None or me.tile is None:
        return tuple(tiles), None, M("{who} is off the map, so every one ties", who=N.character_named(sit.active))
    dist = sit.distances(me.tile, kind)
    near = [t for t in tiles if t in dist]
    if not near:
        return tuple(tiles), None, M("none can be reached from {tile} by a {enemy}, so every one ties",
                                     tile=N.where(sit, me.tile), enemy=N.enemy(kind, lower=True))
    best = min(dist[t] for t in near)
    return (tuple(t for t in near if dist[t] == best), best,
            Mn("{n} move from {who}'s tile, {tile}, by a {enemy}'s ways (spec 11 #21)",
               "{n} moves from {who}'s tile, {tile}, by a {enemy}'s ways (spec 11 #21)", best,
               who=N.character_named(sit.active), tile=N.where(sit, me.tile), enemy=N.enemy(kind, lower=True)))


def _either(sit: Situation, tiles: tuple[str, ...], nearest: bool):
    """One tile, or the tied ones the active player chooses among: the nearest (spec 11 #21), or
    sites the seed gives no order for."""
    if len(tiles) == 1:
        return N.where(sit, tiles[0])
    tied = join(M(" or "), [N.where(sit, t) for t in tiles])
    if nearest:
        return M("{tiles}, the active player chooses (spec 11 #21)", tiles=tied)
    return M("{tiles}, the active player chooses (the seed gives no order)", tiles=tied)


def _plan(sit: Situation, kind: str, source: str, reserve: Reserve, sites: list[str], what: str) -> SpawnPlan:
    number = reserve.lowest(kind)
    name = N.enemy(kind, lower=True)
    if number is None:
        return SpawnPlan(kind, source, None, (), None, M("no {enemy} spawns: its reserve is empty (seed p. 12)", enemy=name))
    roomy = [t for t in sites if sit.has_room(t, kind, active_only=True)]
    if not roomy:
        if sites:
            text = M("no {enemy} spawns: no {what} has room (full: {tiles}) (seed p. 12)", enemy=name, what=M(what),
                     tiles=N.wheres(sit, sites))
        else:
            text = M("no {enemy} spawns: no {what} has room (seed p. 12)", enemy=name, what=M(what))
        return SpawnPlan(kind, source, None, (), None, text)
    options, distance, how = _nearest(sit, kind, roomy)
    where = _either(sit, options, True)
    skipped = [t for t in sites if t not in roomy]
    text = M("{enemy} spawns on the nearest {what} with room: {where}; {how}", enemy=N.figure(kind, number),
             what=M(what), where=where, how=how)
    why = M("the nearest {what} with room, {how}", what=M(what), how=how)
    if skipped:
        full = M("{tiles} already at the limit", tiles=N.wheres(sit, skipped))
        text, why = join(N.SEMICOLON, (text, full)), join(N.SEMICOLON, (why, full))
    return SpawnPlan(kind, source, number, options, distance, text, why=why)


def event_spawn(sit: Situation, kind: str, reserve: Reserve, flags: Mapping[str, bool] | None = None) -> SpawnPlan:
    """The event card's spawn icon (7.2 step A): a guard or a clone. `flags`: the scenario's
    (alien_zone, military_zone)."""
    flags = flags or {}
    if kind not in SITE_ICONS:
        raise ValueError(f"the seed names spawn sites only for guards and clones (p. 12), not for {kind!r}")
    what = ALIEN_ZONE_SITE if kind == "clone" and flags.get("alien_zone") else SITE_WORDS[kind]
    plan = _plan(sit, kind, "event", reserve, spawn_sites(sit, kind, bool(flags.get("alien_zone"))), what)
    if plan.number is None and kind == "guard" and flags.get("military_zone") and reserve.lowest(kind) is not None:
        number = reserve.lowest(kind)
        me = sit.active_character()
        return SpawnPlan(kind, "event", number, (), None,
                         join(N.SEMICOLON, (plan.text, M("Military Zone: {enemy} comes on the bottom tile of the last stack, "
                                                  "joined as close to {who} as possible (seed p. 7)",
                                                  enemy=N.figure(kind, number), who=N.character_named(sit.active)))),
                         TileRequest(kind, number, me.tile if me else None))
    return plan


def vent_spawn(sit: Situation, reserve: Reserve, source: str = "event") -> SpawnPlan:
    """A clone at the nearest vent tile with room (7.2; also what an event's "a clone spawns at
    the nearest vent" asks). Sealed vents are no vents (spec 3.4 PLACEHOLDER)."""
    vents = [n for n in sorted(sit.map.placed) if _vent(sit, n)]
    return replace(_plan(sit, "clone", source, reserve, vents, VENT_SITE), source=source)


def fear_spawn(sit: Situation, reserve: Reserve) -> SpawnPlan | None:
    """The Fear 7+ clone at the nearest vent (7.2), or None when the active player's Fear is
    below rules.toml `fear_activation_at`."""
    me = sit.active_character()
    at = sit.content.number("fear_activation_at")
    if me is None or me.fear < at:
        return None
    plan = vent_spawn(sit, reserve, "fear")
    words = dict(who=N.character_named(sit.active), fear=me.fear, at=at)
    return replace(plan, text=M("{who}'s Fear is {fear} (at least {at}): {plan}", **words, plan=plan.text),
                   why=plan.why and M("{who}'s Fear is {fear} (at least {at}): {plan}", **words, plan=plan.why))


def nest_spawn(sit: Situation, kind: str, sites: Iterable[str], served: Iterable[str], reserve: Reserve) -> SpawnPlan:
    """The next clone nest or guard post spawn after the activations (7.6): `sites` the tiles with
    the token, `served` those that spawned already this event. Options: every site left with
    room (no nearest rule applies; the active player picks which gets the lowest number). No
    options or no number: the spawns are over, `text` says why."""
    source = SPAWN_TOKEN[kind]
    done = set(served)
    left = [t for t in sorted(set(sites)) if t not in done]
    number = reserve.lowest(kind)
    token = M(SOURCE_WORDS[source])
    if not left:
        return SpawnPlan(kind, source, None, (), None, M("every {token} has spawned (seed p. 15)", token=token))
    if number is None:
        return SpawnPlan(kind, source, None, (), None, M("no {enemy} spawns at {tiles}: the reserve is empty (seed p. 12)",
                                                         enemy=N.enemy(kind, lower=True), tiles=N.wheres(sit, left)))
    roomy = tuple(t for t in left if sit.has_room(t, kind, active_only=True))
    full = [t for t in left if t not in roomy]
    why = (M("{tiles} already at the limit, no spawn there (seed p. 15)", tiles=N.wheres(sit, full)),) if full else ()
    if not roomy:
        return SpawnPlan(kind, source, None, (), None, join(N.SEMICOLON, (M("no {token} has room", token=token),) + why))
    where = _either(sit, roomy, False)
    text = M("{enemy} spawns at the {token} on {where}; it takes no other action this turn", enemy=N.figure(kind, number),
             token=token, where=where)
    here = M("from the {token} there; it takes no other action this turn", token=token)
    return SpawnPlan(kind, source, number, roomy, None, join(N.SEMICOLON, (text,) + why), why=join(N.SEMICOLON, (here,) + why))
