"""Building levels tile by tile and exploring through doors (spec 3.4, 6.11), with the mission
variants: doors that lead to a chosen level (Belly of the Beast, Roadblocks), one card at a
time (Roadblocks), locked levels and the Keycode, exploring a door with no level behind it to
flip a stage (Scattered, Hive).

Door bookkeeping in `md(state)`: `door_from[door]` = the level (1-based) whose end it marks,
`door_to[door]` = the level index (0-based) it leads to; `built` = levels (1-based) explored.
"""
from __future__ import annotations

from game.engine.text import M
from game.board.compose import CompositionError
from game.gears.content import GearsContent
from game.gears.rules import wounds as W
from game.gears.rules.board_view import view_for
from game.gears.rules.spawning import md, rules_named, setup_rules_named
from game.gears.rules import names as N
from game.gears.rules.state import GearsState

MAX_REBUILDS = 20  # spec 11 item 48


def forced_tiles_after(state: GearsState, content: GearsContent, level: int) -> list[str]:
    """Tiles whose place is fixed at the end of `level` (0-based): a next level of a single
    card (China Shop 17A) or a mission card's tile at this level's exit (Hive 17B at the map
    exit). Their Location deck cannot be reshuffled into another shape, so a layout of this
    level that leaves them no room is treated as an impossible placement (spec 3.4, 11 item 48)."""
    decks = state.location_decks
    out: list[str] = []
    if level + 1 < len(decks) and len(decks[level + 1].draw_pile) == 1:
        out.append(decks[level + 1].draw_pile[0])
    m = content.missions[state.mission]
    last = level == len(decks) - 1
    for stage in m.stages:
        for step in stage.back:
            at = step.params.get("at") if step.keyword == "place_tile" else None
            if at == f"level_{level + 1}_exit" or (at == "map_exit" and last):
                out.append(step.params["tile"])
    return out


def _fits(state: GearsState, placements: list[dict], tile: str, at: str | None) -> bool:
    if at is None:
        return False
    try:
        view_for(state.loader, placements + [{"tile": tile, "exit": at}])
    except CompositionError:  # it does not fit there; a broken tile file is not caught
        return False
    return True


def _layout(state: GearsState, level: int, exit_name: str | None,
            limit: int | None = None, ahead: list[str] = ()) -> tuple[list[dict] | None, list[str]]:
    """The placements for the first `limit` (default: every) card of a level, reshuffling the
    level's Location deck and starting over when a tile would overlap an earlier one (spec
    3.4 'impossible placement'), or when a whole level leaves no room at its exit for the
    `ahead` tiles. Returns (placements or None, ahead tiles that will not fit): after
    MAX_REBUILDS tries the first layout without overlaps is kept even if an ahead tile
    cannot follow it (the caller reports that)."""
    deck = state.location_decks[level]
    fallback: tuple[list[dict], list[str], list[str]] | None = None
    for _attempt in range(MAX_REBUILDS):
        placements = list(state.placements)
        at = exit_name
        ok = True
        cards = deck.draw_pile if limit is None else deck.draw_pile[:limit]
        for tile in cards:
            entry = {"tile": tile, "exit": at}
            try:
                view = view_for(state.loader, placements + [entry])
            except CompositionError:  # an impossible placement (spec 3.4); a broken file is not
                ok = False
                break
            placements.append(entry)
            exits = [e for e in view.free_exits if e.split(":")[0] == tile]
            at = exits[0] if exits else None
            if at is None:
                break
        if ok:
            new = placements[len(state.placements):]
            blocked = [t for t in (ahead if limit is None else ()) if not _fits(state, placements, t, at)]
            if not blocked:
                return new, []
            if fallback is None:
                fallback = (new, blocked, list(deck.draw_pile))
        deck.shuffle(state.rng.stream("locations"))
    if fallback is not None:
        deck.draw_pile[:] = fallback[2]  # the deck order that gave that layout
        return fallback[0], fallback[1]
    return None, []


def _ticker_rule(state: GearsState, setup: bool):
    rules = setup_rules_named(state, "tickers_instead_of_location_spawns") if setup else []
    return (rules or rules_named(state, "tickers_instead_of_location_spawns") or [None])[0]


def _spawn_tickers(ctx, content: GearsContent, tile: str, per_player: int, setup: bool = False) -> None:
    """Roadblocks: instead of the Location card, each player spawns 1 Ticker in an empty area
    of the new tile (any area of it if none is empty); each player picks the area. At set-up
    the COGs are not on the map yet (they enter after the spawns, spec 4 steps 7-9): the
    question says where they will enter, which a player placing a Ticker wants to know."""
    state: GearsState = ctx.state
    view = state.view()
    prompt = M("Spawn a Ticker in which empty area? The COGs will enter at {start}.", start=view.entrance_area) \
        if setup else M("Spawn a Ticker in which empty area?")
    for p in [state.players[(state.active + i) % len(state.players)] for i in range(len(state.players))]:
        for _ in range(per_player):
            areas = [a for a in view.areas if view.piece_of_area[a] == tile]
            busy = {c.area for c in state.cogs.values()} | {x.area for x in state.locusts.values()}
            empty = [a for a in areas if a not in busy] or areas
            pick = ctx.choose(p, "ticker_area", [{"area": a} for a in empty], prompt)
            W.spawn(ctx, content, "ticker", pick["area"], M("Roadblocks, tile {tile}", tile=tile))


def build_level(ctx, content: GearsContent, level: int, exit_name: str | None,
                limit: int | None = None, door: bool = True, setup: bool = False,
                spawn_counts: dict[str, int] | None = None) -> bool:
    """Spec 3.4 steps 1-6: place each card's tile, spawn its strip at every hole of the tile,
    keep equipment cards by their tile, put a door on the last exit.

    limit: place only that many cards (Roadblocks explores one card at a time); door: whether
    the last tile gets a door; spawn_counts: player count to read the spawn strips with."""
    state: GearsState = ctx.state
    new, blocked = _layout(state, level, exit_name, limit, forced_tiles_after(state, content, level))
    if new is None:
        ctx.emit("error", M("Level {level} cannot be laid out without overlaps at {exit_name} ({MAX_REBUILDS} reshuffles of {list}): the game goes on without it.", level=level + 1, exit_name=exit_name, MAX_REBUILDS=MAX_REBUILDS, list=', '.join(state.location_decks[level].draw_pile)), {"level": level})
        return False
    if blocked:
        ctx.emit("error", M("No layout of level {level} in {MAX_REBUILDS} reshuffles leaves room for tile {list} at its exit; the level is built as drawn.", level=level + 1, MAX_REBUILDS=MAX_REBUILDS, list=', '.join(blocked)),
                 {"level": level, "tiles": blocked})
    deck = state.location_decks[level]
    players = len(state.players)
    tickers = _ticker_rule(state, setup)
    for entry in new:
        tile = deck.draw(1)[0]
        state.placements.append(entry)
        view = state.view()
        ctx.emit("tile", M("Tile {tile} is placed.", tile=tile), {"tile": tile, "exit": entry["exit"]}, hidden=True)
        for hole, area in sorted(view.holes.items()):
            if hole.split(":")[0] == tile and hole not in state.holes:
                state.holes[hole] = {"area": area, "sealed": False, "token": False}
        location = content.locations[tile]
        if tickers is not None:
            _spawn_tickers(ctx, content, tile, int(tickers.params.get("per_player", 1)), setup)
        else:
            n = (spawn_counts or {}).get(tile, players)
            W.spawn_together(ctx, content, [(letter, info["area"]) for hole, info in sorted(state.holes.items())
                                            if hole.split(":")[0] == tile
                                            for letter in location.spawn_for(max(1, min(4, n)))], M("Location {tile}", tile=tile))
        if location.equipment:
            state.equipment[tile] = location.equipment
        else:
            deck.discard([tile])
    m = md(state)
    if door and not deck.draw_pile:
        # Belly of the Beast: level 3 is reached only through the first tile's door, so the
        # door at the end of level 2 leads nowhere (base p. 27, spec 9.2.3).
        reserved = {int(r.params["level"]) - 1 for r in rules_named(state, "level_only_from_door")}
        leads = None if level + 1 in reserved else level + 1
        place_door_at_tile(ctx, new[-1]["tile"], level + 1, leads)
    if not deck.draw_pile:
        state.levels_built = max(state.levels_built, level + 1)
        if level + 1 not in m.setdefault("built", []):
            m["built"].append(level + 1)
    return True


def place_door_at_tile(ctx, tile: str, ends_level: int | None, leads_to: int | None) -> str | None:
    """A door token on the free exit of `tile` (the first one free); records where it leads."""
    state: GearsState = ctx.state
    view = state.view()
    for e in view.free_exits:
        if e.split(":")[0] == tile and e not in state.doors:
            state.doors.append(e)
            m = md(state)
            if ends_level is not None:
                m.setdefault("door_from", {})[e] = ends_level
            m.setdefault("door_to", {})[e] = leads_to
            ctx.emit("door", M("A door token is placed on {e}.", e=e), {"exit": e})
            return e
    return None


def door_target(state: GearsState, door: str) -> int | None:
    """The level index a door leads to (default: the next level not yet built)."""
    to = md(state).get("door_to", {})
    if door in to:
        return to[door]
    return state.levels_built


def _attempt_flips(state: GearsState, door: str) -> bool:
    """A stage flips when a COG attempts to explore this door (Scattered, Hive)."""
    from game.gears.rules.missions import current_stage

    stage = current_stage(state)
    if stage is None or stage.flip_when.keyword != "explore_attempted":
        return False
    return md(state).get("door_from", {}).get(door) == stage.flip_when.params.get("level")


def explore_refusal(state: GearsState, player: str) -> str | None:
    """Why the COG cannot explore now (spec 6.11), or None."""
    c = state.cogs[player]
    if c.bleeding:
        # Exploring belongs to the COG Order Step (seed p. 22), which a bleeding-out COG skips
        # (seed p. 21): one that goes down during its own Order Step explores no more.
        return M("A bleeding-out COG cannot explore: it skips the COG Order Step (spec 5.4, 6.13).")
    view = state.view()
    doors = [d for d in state.doors if view.exits.get(d) == c.area]
    if not doors:
        return M("Exploring needs a COG in the area of a door token.")
    why = M("No level lies behind this door.")
    for door in doors:
        if _attempt_flips(state, door):
            return None
        ends = md(state).get("door_from", {}).get(door)
        if any(r.params.get("level") == ends for r in rules_named(state, "no_explore_door")):
            why = M("The door at the end of level {ends} cannot be explored in this stage.", ends=ends)
            continue
        level = door_target(state, door)
        if level is None or level >= len(state.location_decks) or not state.location_decks[level].draw_pile:
            continue
        if state.locked[level]:
            why = M("Level {level} is locked.", level=level + 1)
            continue
        return None
    return why


def explore(ctx, content: GearsContent, player: str) -> None:
    state: GearsState = ctx.state
    c = state.cogs[player]
    view = state.view()
    doors = [d for d in state.doors if view.exits.get(d) == c.area]
    for door in doors:
        if _attempt_flips(state, door):
            md(state)["explore_attempted"] = md(state).get("door_from", {}).get(door)
            ctx.emit("explore", M("{cog} tries the door {door}.", cog=N.character(c.character), door=door), {"player": player, "door": door})
            return
    door = next(d for d in doors if _explorable(state, d))
    level = door_target(state, door)
    state.doors.remove(door)
    ctx.emit("explore", M("{cog} opens the door and explores level {level}.", cog=N.character(c.character), level=level + 1),
             {"player": player, "door": door, "level": level + 1})
    build_level(ctx, content, level, door)


def _explorable(state: GearsState, door: str) -> bool:
    level = door_target(state, door)
    ends = md(state).get("door_from", {}).get(door)
    if any(r.params.get("level") == ends for r in rules_named(state, "no_explore_door")):
        return False
    return (level is not None and level < len(state.location_decks)
            and bool(state.location_decks[level].draw_pile) and not state.locked[level])


def explore_level_from(ctx, content: GearsContent, level: int, door: str | None) -> None:
    """A mission card's 'explore level N' (China Shop, Search for the Stranded, Scattered)."""
    state: GearsState = ctx.state
    if door is not None and door in state.doors:
        state.doors.remove(door)
    build_level(ctx, content, level, door)
