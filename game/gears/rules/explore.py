"""Building levels tile by tile and exploring through doors (spec 3.4, 6.11)."""
from __future__ import annotations

from game.board.model import MapError
from game.gears.content import GearsContent
from game.gears.rules import wounds as W
from game.gears.rules.board_view import view_for
from game.gears.rules.state import GearsState

MAX_REBUILDS = 20  # spec 11 item 48


def _layout(state: GearsState, level: int, exit_name: str | None) -> list[dict] | None:
    """The placements for every card of a level, reshuffling the level's Location deck and
    starting over when a tile would overlap an earlier one (spec 3.4 'impossible placement')."""
    deck = state.location_decks[level]
    for _attempt in range(MAX_REBUILDS):
        placements = list(state.placements)
        at = exit_name
        ok = True
        for tile in deck.draw_pile:
            entry = {"tile": tile, "exit": at}
            try:
                view = view_for(state.loader, placements + [entry])
            except MapError:
                ok = False
                break
            placements.append(entry)
            exits = [e for e in view.free_exits if e.split(":")[0] == tile]
            at = exits[0] if exits else None
            if at is None:
                break
        if ok:
            return placements[len(state.placements):]
        deck.shuffle(state.rng.stream("locations"))
    return None


def build_level(ctx, content: GearsContent, level: int, exit_name: str | None) -> bool:
    """Spec 3.4 steps 1-6: place each card's tile, spawn its strip at every hole of the tile,
    keep equipment cards by their tile, put a door on the last exit."""
    state: GearsState = ctx.state
    new = _layout(state, level, exit_name)
    if new is None:
        ctx.emit("error", f"Level {level + 1} cannot be laid out without overlaps.", {"level": level})
        return False
    deck = state.location_decks[level]
    players = len(state.players)
    for entry in new:
        tile = deck.draw(1)[0]
        state.placements.append(entry)
        view = state.view()
        ctx.emit("tile", f"Tile {tile} is placed.", {"tile": tile, "exit": entry["exit"]}, hidden=True)
        for hole, area in sorted(view.holes.items()):
            if hole.split(":")[0] == tile and hole not in state.holes:
                state.holes[hole] = {"area": area, "sealed": False, "token": False}
        location = content.locations[tile]
        for hole, info in sorted(state.holes.items()):
            if hole.split(":")[0] != tile:
                continue
            for letter in location.spawn_for(players):
                W.spawn(ctx, content, letter, info["area"], f"Location {tile}")
        if location.equipment:
            state.equipment[tile] = location.equipment
        else:
            deck.discard([tile])
    last = new[-1]["tile"]
    view = state.view()
    for e in view.free_exits:
        if e.split(":")[0] == last:
            state.doors.append(e)
            ctx.emit("door", f"A door token is placed on {e}.", {"exit": e})
            break
    state.levels_built = max(state.levels_built, level + 1)
    return True


def explore_refusal(state: GearsState, player: str) -> str | None:
    """Why the COG cannot explore now (spec 6.11), or None."""
    c = state.cogs[player]
    view = state.view()
    doors = [d for d in state.doors if view.exits.get(d) == c.area]
    if not doors:
        return "Exploring needs a COG in the area of a door token."
    level = state.levels_built
    if level >= len(state.location_decks) or not state.location_decks[level].draw_pile:
        return "No level lies behind this door."
    if state.locked[level]:
        return f"Level {level + 1} is locked."
    return None


def explore(ctx, content: GearsContent, player: str) -> None:
    state: GearsState = ctx.state
    c = state.cogs[player]
    view = state.view()
    door = next(d for d in state.doors if view.exits.get(d) == c.area)
    state.doors.remove(door)
    ctx.emit("explore", f"{c.character} opens the door and explores level {state.levels_built + 1}.",
             {"player": player, "door": door})
    build_level(ctx, content, state.levels_built, door)
