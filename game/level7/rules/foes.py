"""What enemies do, on the state (spec 7): spawning from the reserves onto the nearest tile with
room (7.2, the Military Zone's drawn tile), the activation box and one activation each (7.3-7.5:
recover, attack or move one tile toward the chosen target), hybrids' activation roll, nests and
posts (7.6), and the events' enemy steps. Every tie the rules leave to the active player
(nearest tiles, equally short paths) is asked through the resolution's ctx."""
from __future__ import annotations

from game.engine.dice import count
from game.level7.content import shared_content
from game.level7.rules import explore, sheet
from game.level7.rules.maps import view
from game.level7.rules.state import IN_PLAY, Character, Enemy, Level7State

SPAWN_SITE = {"guard": "security", "clone": "fear"}  # the card's spawn icon puts the figure here (7.2)
SITE_ICONS = {"security": ("security", "recurring_security"), "fear": ("fear", "recurring_fear")}
LIMIT = {"guard": "security_number", "clone": "pack_limit", "hybrid": "hybrid_limit", "cronos": "hybrid_limit"}
MOVER = {"guard": "guard", "clone": "clone", "hybrid": "hybrid", "cronos": "hybrid"}
FAR = 10 ** 6


def limit(state: Level7State, kind: str) -> int:
    return shared_content().scenarios[state.scenario].limits[LIMIT[kind]]


def has_room(state: Level7State, kind: str, tile: str) -> bool:
    """Spec 11 #18: stunned figures do not count toward the limit when a figure is placed."""
    return sum(1 for e in state.enemies if e.tile == tile and e.kind == kind and not e.stunned) < limit(state, kind)


def name(e: Enemy) -> str:
    return f"{shared_content().enemies[e.kind].name} {e.number}"


def _tile_name(state: Level7State, tile: str) -> str:
    return view(state).tile(tile).name


def sites(state: Level7State, kind: str, at: str) -> list[str]:
    mv = view(state)
    if at == "vent":
        return mv.vent_tiles(state)
    icons = SITE_ICONS[at]
    alien_zone = kind == "clone" and at == "fear" and shared_content().scenarios[state.scenario].flags.get("alien_zone")
    sealed = set(state.tokens["sealed"])
    return sorted(t for t, (tile, _) in mv.tilemap.placed.items()
                  if any(tile.has(i) for i in icons) or (alien_zone and tile.vent and t not in sealed))


def _origin(state: Level7State) -> str | None:
    ch = state.characters[state.turn.player]
    return ch.tile if ch.status == IN_PLAY else None


def nearest(state: Level7State, tiles: list[str], mover: str) -> list[str]:
    """The tiles nearest the active character in `mover`'s graph (spec 11 #21), all tied."""
    if not tiles:
        return []
    origin = _origin(state)
    if origin is None:
        return list(tiles)
    dist = view(state).distances(state, origin, mover)
    best = min(dist.get(t, FAR) for t in tiles)
    return [t for t in tiles if dist.get(t, FAR) == best]


def put(state: Level7State, kind: str, tile: str, ctx, why: str, idle: bool = False) -> Enemy | None:
    """The lowest-numbered figure of the reserve onto `tile` (spec 7.2); `idle`: it takes no
    other action this turn (a nest's or post's figure, 7.6)."""
    reserve = state.reserves.get(kind, [])
    if not reserve:
        ctx.emit("spawn", f"No {shared_content().enemies[kind].name.lower()} is left in the reserve ({why}).", {"kind": kind})
        return None
    e = Enemy(kind, reserve.pop(0), tile)
    state.enemies.append(e)
    if idle:
        state.flags.setdefault("activated", []).append(e.key)
    ctx.emit("spawn", f"{name(e)} appears on {_tile_name(state, tile)} ({why}).", {"enemy": e.key, "tile": tile})
    return e


def spawn(state: Level7State, kind: str, at: str, ctx, why: str) -> None:
    """Spawn one figure of `kind` on the nearest `at` tile with room; the active player breaks
    ties; a guard with no Security tile in a Military Zone comes on a drawn tile (7.2)."""
    if not state.reserves.get(kind):
        put(state, kind, "", ctx, why)
        return
    room = [t for t in sites(state, kind, at) if has_room(state, kind, t)]
    tied = nearest(state, room, MOVER[kind])
    decider = state.turn.player
    if not tied:
        if kind == "guard" and shared_content().scenarios[state.scenario].flags.get("military_zone"):
            origin = _origin(state) or ""
            tile = explore.military_tile(state, origin, ctx, decider)
            if tile is not None:
                put(state, kind, tile, ctx, why + ", Military Zone")
                return
        ctx.emit("spawn", f"No tile has room for a {shared_content().enemies[kind].name.lower()} ({why}).", {"kind": kind})
        return
    pick = ctx.choose(decider, "spawn_tile", [{"tile": t, "kind": kind} for t in tied],
                      f"Where does the {shared_content().enemies[kind].name.lower()} appear?")
    put(state, kind, pick["tile"], ctx, why)


def remove(state: Level7State, e: Enemy, ctx, why: str) -> None:
    """Back to the reserve, or to the box when the reserve is full (spec 6.4, 7.2)."""
    state.enemies.remove(e)
    if len(state.reserves[e.kind]) < state.reserve_max[e.kind]:
        state.reserves[e.kind] = sorted(state.reserves[e.kind] + [e.number])
    else:
        state.boxed[e.kind] = sorted(state.boxed[e.kind] + [e.number])
    ctx.emit("removed", f"{name(e)} is removed ({why}).", {"enemy": e.key})


# ---------------------------------------------------------------------------- targets

def _order_after_active(state: Level7State) -> list[str]:
    order = state.order
    i = order.index(state.turn.player)
    return order[i:] + order[:i]


def _value(e: Enemy, ch: Character) -> int:
    return ch.threat if shared_content().enemies[e.kind].targets == "threat" else ch.fear


def _best(state: Level7State, e: Enemy, cands: list[Character], dist: dict[str, int] | None) -> Character | None:
    """Highest value (+1 when adjacent, for a mover), then closest, then the active player, then
    the soonest in turn order (spec 7.4)."""
    if not cands:
        return None
    turn = _order_after_active(state)

    def key(ch: Character):
        d = dist.get(ch.tile, FAR) if dist is not None else 0
        v = _value(e, ch) + (1 if dist is not None and d == 1 else 0)
        return (-v, d, turn.index(ch.id))

    return min(cands, key=key)


def targets_here(state: Level7State, e: Enemy) -> list[Character]:
    return [c for c in state.figures_on(e.tile)]


# ---------------------------------------------------------------------------- one activation

def activate(state: Level7State, e: Enemy, ctx) -> None:
    """Exactly one of: recover, attack, move (spec 7.4)."""
    if e not in state.enemies:
        return
    done = state.flags.setdefault("activated", [])
    if e.key not in done:
        done.append(e.key)
    if e.stunned:
        if not state.figures_on(e.tile):
            e.stunned = False
            ctx.emit("recover", f"{name(e)} recovers.", {"enemy": e.key})
        else:
            ctx.emit("stunned", f"{name(e)} stays stunned.", {"enemy": e.key})
        return
    here = targets_here(state, e)
    if here:
        attack(state, e, _best(state, e, here, None), ctx)
    else:
        move(state, e, ctx)


def attack(state: Level7State, e: Enemy, target: Character, ctx) -> None:
    c = shared_content()
    kind = c.enemies[e.kind]
    helpers = [o for o in state.enemies if o is not e and o.tile == e.tile and not o.stunned
               and (o.kind == e.kind or o.kind in kind.helped_by)]
    dice = kind.attack + len(helpers)
    done = state.flags.setdefault("activated", [])
    for h in helpers:  # a helper counts as activated for the rest of the turn (7.4)
        if h.key not in done:
            done.append(h.key)
    if kind.bonus is not None and _value_of(target, kind.bonus.value) >= kind.bonus.at_least:
        dice += kind.bonus.dice
    from game.level7.rules.events import attribute, roll

    faces = roll(state, dice, ctx, name(e), f"attacking {target.name}")
    hits = count(faces, kind.rolls) - attribute(state, target, "toughness")
    ctx.emit("attack", f"{name(e)} attacks {target.name}: {max(0, hits)} damage.",
             {"enemy": e.key, "who": target.id, "damage": max(0, hits)})
    if hits > 0:
        if kind.damage == "discard":
            sheet.discard_adrenaline(state, target, hits, ctx, f"attacked by {name(e)}")
        else:
            track = c.fear_track
            if target.fear + hits > track.max:
                sheet.change_fear(state, target, hits, ctx, f"attacked by {name(e)}")
                sheet.knock_out(state, target, ctx, "Fear pushed past the top of the track")
            else:
                sheet.change_fear(state, target, hits, ctx, f"attacked by {name(e)}")
    if target.status == IN_PLAY:
        sheet.change_fear(state, target, c.number("attacked_fear"), ctx, "attacked")


def _value_of(ch: Character, what: str) -> int:
    return ch.threat if what == "threat" else ch.fear


def _steps_toward(state: Level7State, e: Enemy, at: str, goal: str) -> list[tuple[str, str, list | None]]:
    """The first steps of the shortest paths from `at` to `goal` in the enemy's graph:
    (next tile, link kind, the door)."""
    mv = view(state)
    mover = MOVER[e.kind]
    back = mv.distances(state, goal, mover)
    if at not in back:
        return []
    out = []
    for other, kind, door in mv.neighbours(state, at):
        if kind == "vent" and not shared_content().enemies[e.kind].vents:
            continue
        if kind == "locked" and shared_content().enemies[e.kind].locked_doors == "blocked":
            continue
        cost = 2 if kind == "locked" else 1
        if other in back and back[other] + cost == back[at]:
            out.append((other, kind, door))
    return sorted(out)


def move(state: Level7State, e: Enemy, ctx) -> None:
    """One tile toward the chosen target (spec 7.4): a full tile is passed through, a locked door
    on the way is opened instead of moving."""
    mv = view(state)
    dist = mv.distances(state, e.tile, MOVER[e.kind])
    cands = [c for c in state.characters.values()
             if c.status == IN_PLAY and c.tile in dist and (c.tile == e.tile or has_room(state, e.kind, c.tile))]
    target = _best(state, e, cands, dist)
    if target is None:
        ctx.emit("idle", f"{name(e)} has no target it can reach.", {"enemy": e.key})
        return
    step_toward(state, e, target.tile, ctx, f"toward {target.name}")


def step_toward(state: Level7State, e: Enemy, goal: str, ctx, why: str) -> None:
    at = e.tile
    while True:
        steps = _steps_toward(state, e, at, goal)
        if not steps:
            break
        opts = [{"enemy": e.key, "tile": t} for t, _, _ in steps]
        pick = ctx.choose(state.turn.player, "enemy_path", opts, f"Which way does {name(e)} go?")
        nxt, kind, door = next(s for s in steps if s[0] == pick["tile"])
        if kind == "locked":
            _unlock(state, at, nxt, ctx, e)
            break
        at = nxt
        if at == goal or has_room(state, e.kind, at):
            break
    if at != e.tile:
        e.tile = at
        ctx.emit("enemy_move", f"{name(e)} moves to {_tile_name(state, at)} ({why}).", {"enemy": e.key, "tile": at})


def _unlock(state: Level7State, a: str, b: str, ctx, e: Enemy) -> None:
    """Removes the locked-door token(s) between a and b (spec 6.8: the step is spent on it)."""
    mv = view(state)
    doors = {tuple(d) for o, kind, d in mv.neighbours(state, a) if o == b and d is not None} | \
        {tuple(d) for o, kind, d in mv.neighbours(state, b) if o == a and d is not None}
    keep = []
    for t, edge, i in state.tokens["locked"]:
        if (t, (edge, i)) in doors:
            state.tokens["supply"]["locked"] += 1
        else:
            keep.append([t, edge, i])
    state.tokens["locked"] = keep
    ctx.emit("unlocked", f"{name(e)} opens the locked door.", {"enemy": e.key})


# ---------------------------------------------------------------------------- the box

def activate_box(state: Level7State, order: tuple[str, ...], ctx) -> None:
    """Step C (7.3): every figure of each type in the box's order, ascending; then hybrids by
    the die; then nests and posts of the types the box called (7.6)."""
    for kind in order:
        for e in sorted((e for e in state.enemies if e.kind == kind), key=lambda e: e.number):
            if state.outcome is not None:
                return
            if e.key not in state.flags.get("activated", []):
                activate(state, e, ctx)
    hybrids = sorted((e for e in state.enemies if e.kind == "hybrid"), key=_hybrid_order)
    if hybrids and state.outcome is None:
        from game.level7.rules.events import roll

        face = roll(state, shared_content().number("hybrid_activation_dice"), ctx, "The hybrids", "activation")
        times = sum(sum(f.as_dict().values()) for f in face)
        for e in hybrids:
            for _ in range(times):
                if state.outcome is None:
                    activate(state, e, ctx)
    if "clone" in order:
        for tile in list(state.tokens["nests"]):
            if state.outcome is None and has_room(state, "clone", tile):
                put(state, "clone", tile, ctx, "a clone nest", idle=True)
    if "guard" in order:
        for tile in list(state.tokens["posts"]):
            if state.outcome is None and has_room(state, "guard", tile):
                put(state, "guard", tile, ctx, "a guard post", idle=True)


def _hybrid_order(e: Enemy) -> int:
    return e.number


def activate_tile(state: Level7State, tile: str, kinds: tuple[str, ...], ctx) -> None:
    """A failed challenge activates the enemies on the tile (spec 7.7, 11 #15): guards, clones,
    hybrids, each ascending; `kinds` limits it (Outwit: the chosen type)."""
    for kind in ("guard", "clone", "hybrid", "cronos"):
        if kind not in kinds:
            continue
        for e in sorted((e for e in state.enemies if e.tile == tile and e.kind == kind), key=lambda e: e.number):
            if state.outcome is None and e.key not in state.flags.get("activated", []):
                activate(state, e, ctx)


def activate_near(state: Level7State, ch: Character, kind: str, distance: int, ctx) -> None:
    if ch.status != IN_PLAY:
        return
    dist = view(state).distances(state, ch.tile, MOVER[kind])
    for e in sorted((e for e in state.enemies if e.kind == kind and not e.stunned
                     and dist.get(e.tile, FAR) <= distance), key=lambda e: e.number):
        if state.outcome is None and e.key not in state.flags.get("activated", []):
            activate(state, e, ctx)


def sweep(state: Level7State, ch: Character, kind: str, distance: int, ctx) -> None:
    if ch.status != IN_PLAY:
        return
    dist = view(state).distances(state, ch.tile, MOVER[kind])
    for e in sorted((e for e in state.enemies if e.kind == kind and not e.stunned
                     and 0 < dist.get(e.tile, FAR) <= distance), key=lambda e: e.number):
        step_toward(state, e, ch.tile, ctx, f"toward {ch.name}, not an activation")


def spawn_point(state: Level7State, ch: Character, token: str, at: str, ctx) -> None:
    """A nest (post) token on the nearest Fear (Security) tile without one."""
    supply = state.tokens["supply"]
    pile = state.tokens["nests" if token == "nest" else "posts"]
    if supply["nests_posts"] == 0:
        return
    free = [t for t in sites(state, "clone" if token == "nest" else "guard", at)
            if t not in state.tokens["nests"] and t not in state.tokens["posts"]]
    tied = nearest(state, free, "character")
    if not tied:
        return
    pick = ctx.choose(state.turn.player, "token_tile", [{"tile": t, "token": token} for t in tied],
                      f"Where does the {'clone nest' if token == 'nest' else 'guard post'} go?")
    supply["nests_posts"] -= 1
    pile.append(pick["tile"])
    ctx.emit("token", f"A {'clone nest' if token == 'nest' else 'guard post'} appears on {_tile_name(state, pick['tile'])}.",
             {"token": token, "tile": pick["tile"]})
