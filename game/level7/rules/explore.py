"""Exploring (spec 3.3): drawing from the stacks in order, placing the tile so it joins the most
doors (the explorer chooses among tied placements), peeking for the set-aside tile, and the tile's
explore-time icons (events, storage). Also the Military Zone's tile from the bottom of the last
stack (spec 7.2)."""
from __future__ import annotations

from game.level7.board import Slot, Tile
from game.engine.text import M
from game.level7.content import shared_content
from game.level7.rules import sheet, uniforms
from game.level7.rules.maps import shared_tiles, view
from game.level7.rules.names import stack_name, tile_name, who
from game.level7.rules.state import Level7State, rules_revision

EVENT_ICONS = {"security": "security", "recurring_security": "security", "fear": "fear",
               "recurring_fear": "fear", "facility": "facility"}
RECURRING = ("recurring_security", "recurring_fear")


def current_stack(state: Level7State) -> list | None:
    """The first stack with tiles left: a later one is drawn only once the earlier are empty."""
    for stack in state.stacks:
        if stack[1]:
            return stack
    return None


def hook(state: Level7State, do: str) -> bool:
    return any(h.do == do for h in shared_content().scenarios[state.scenario].hooks)


def set_aside_is_last(state: Level7State) -> bool:
    """Scenario hook (spec 11 #6): with every stack empty the set-aside tile is the one left."""
    return bool(state.set_aside) and current_stack(state) is None and hook(state, "set_aside_is_last_tile")


def can_draw(state: Level7State) -> bool:
    return current_stack(state) is not None or set_aside_is_last(state) or last_resort(state) == "set_aside"


def _walled(state: Level7State) -> set[tuple[str, str, int]]:
    return {(t, e, i) for t, e, i in state.tokens["walled"]}


def _open_doors(state: Level7State, tile: str | None = None) -> list[tuple[str, Slot]]:
    walled = _walled(state)
    return [(n, s) for n, s in view(state).open_doors(tile) if (n, s[0], s[1]) not in walled]


def _open_edges(state: Level7State, tiles) -> list[tuple[str, Slot]]:
    walled, want = _walled(state), set(tiles)
    return [(n, s) for n, s in view(state).open_edges() if n in want and (n, s[0], s[1]) not in walled]


def _vent_tiles(state: Level7State) -> list[str]:
    return view(state).vent_tiles(state)


def last_resort(state: Level7State) -> str:
    """With no door and no vent leading to unexplored space anywhere: what the scenario allows
    ("set_aside": place the set-aside tile at an open edge; "edge": explore through any open
    edge), else ""."""
    if _open_doors(state) or _open_edges(state, _vent_tiles(state)):
        return ""
    if state.set_aside and hook(state, "place_set_aside_at_any_open_edge"):
        return "set_aside"
    return "edge" if hook(state, "explore_any_open_edge") else ""


def locked_unexplored(state: Level7State, tile: str) -> list[Slot]:
    """`tile`'s doors facing unexplored space that carry a locked-door token (an event's Blast
    Door may lock any door of your tile): impassable until unlocked (spec 3.2, 6.1, 6.8). None
    in a game of rules revision 0, which explored through them (state.RULES_REVISION)."""
    if rules_revision(state) < 1:
        return []
    locked = {(e, i) for t, e, i in state.tokens.get("locked", []) if t == tile}
    return [s for _, s in _open_doors(state, tile) if s in locked]


def explorable_doors(state: Level7State, tile: str) -> list[Slot]:
    """Where `tile` may be explored from (spec 3.3): its doors facing empty space (not found
    walled, not locked: spec 6.1, a locked door is passed only once unlocked); when no door
    anywhere on the map leads to unexplored space, any edge of a vent tile facing empty space
    (vents as doors, spec 11 #5), and the scenario's last resort after that."""
    if _open_doors(state):
        locked = set(locked_unexplored(state, tile))
        return [s for _, s in _open_doors(state, tile) if s not in locked]
    vents = _vent_tiles(state)
    if tile in vents:
        return [s for _, s in _open_edges(state, [tile])]
    if not _open_edges(state, vents) and last_resort(state):
        return [s for _, s in _open_edges(state, [tile])]
    return []


def placements(state: Level7State, tile: Tile, at: str, door: Slot) -> list[dict]:
    return [{"turns": t, "x": c[0], "y": c[1], "joined": j}
            for t, c, j in view(state).tilemap.placements_at(tile, at, door)]


def draw_fitting(state: Level7State, at: str, door: Slot, ctx) -> tuple[str, list[dict]] | None:
    """The next tile that fits the door (spec 11 #5: one that cannot be placed goes under its
    stack and the next is drawn); None when no tile left fits (the door then counts as a wall)."""
    tiles = shared_tiles()
    stack = current_stack(state)
    if stack is None or last_resort(state) == "set_aside":
        if state.set_aside:
            found = placements(state, tiles[state.set_aside], at, door)
            if found:
                tile_id, state.set_aside = state.set_aside, ""
                state.flags["drawn_tile"] = tile_id
                return tile_id, found
        return None
    for _ in range(len(stack[1])):
        tile_id = stack[1].pop(0)
        found = placements(state, tiles[tile_id], at, door)
        if found:
            state.flags["drawn_tile"] = tile_id  # in the explorer's hand until placed
            return tile_id, found
        stack[1].append(tile_id)
        ctx.emit("tile_under", M("{tile} does not fit there and goes under stack {stack}.", tile=tile_name(tile_id), stack=stack_name(stack[0])),
                 {"tile": tile_id, "stack": stack[0]})
    return None


def place(state: Level7State, tile_id: str, spot: dict, ctx, why: str) -> None:
    tile = shared_tiles()[tile_id]
    state.flags.pop("drawn_tile", None)
    view(state).place(tile, (spot["x"], spot["y"]), spot["turns"])
    state.placed.append([tile_id, spot["x"], spot["y"], spot["turns"]])
    ctx.emit("tile_placed", M("{tile} is placed ({why}).", tile=tile_name(tile_id), why=why),
             {"tile": tile_id, "x": spot["x"], "y": spot["y"], "turns": spot["turns"]})
    uniforms.tile_placed(state, tile_id, ctx)
    for hook in shared_content().scenarios[state.scenario].hooks:
        if hook.when == "tile_placed" and hook.params.get("tile") == tile_id and hook.do == "start_lockdown":
            sheet.start_lockdown(state, ctx, M(hook.text))
        elif hook.when == "tile_placed" and hook.params.get("tile") == tile_id and hook.do == "place_cronos":
            from game.level7.rules import foes  # foes asks explore for the Military Zone's tile

            foes.place_unreserved(state, "cronos", tile_id, ctx, M(hook.text))


def lie(option: dict) -> tuple:
    """What a placement option decides under the rules: where the tile's outline lies and where
    its doors (with their kinds) and stubs face. Two turns of a tile that lie the same (a straight
    corridor turned half round) differ in their art alone."""
    t = shared_tiles()[option["tile"]].rotated(option["turns"])
    return option["x"], option["y"], t.size, tuple(sorted(t.doors.items())), tuple(sorted(t.stubs))


def distinct_lies(options: list[dict]) -> list[int]:
    """The index of the first option of each way to lie (`lie`), in the options' order: what a
    person is shown to choose among; when one is left the choice changes nothing the rules read."""
    seen: set[tuple] = set()
    keep = []
    for i, option in enumerate(options):
        key = lie(option)
        if key not in seen:
            seen.add(key)
            keep.append(i)
    return keep


def choose_placement(state: Level7State, ch, tile_id: str, found: list[dict], ctx) -> dict:
    """Spec 3.3 step 2: among the placements joining the most doors, the explorer chooses."""
    return ctx.choose(ch.id, "placement", [{"tile": tile_id, **f} for f in found],
                      M("{who}: how should {tile} lie?", who=who(ch), tile=tile_name(tile_id)))


def explore(state: Level7State, ch, door: Slot, ctx) -> str | None:
    """Draws and places a tile at `door` of the explorer's tile; the new tile's name, or None when
    no tile fits (the door is then a wall from now on)."""
    at = ch.tile
    virtual = door not in view(state).tile(at).doors
    if virtual:  # an edge explored through as a door is a door from now on (spec 11 #5)
        state.tokens["new_doors"].append([at, door[0], door[1]])
    got = draw_fitting(state, at, door, ctx)
    if got is None:
        if virtual:
            state.tokens["new_doors"].pop()
        state.tokens["walled"].append([at, door[0], door[1]])
        ctx.emit("walled", M("No tile fits through that door of {tile}: it counts as a wall.", tile=tile_name(at)),
                 {"tile": at, "door": list(door)})
        return None
    tile_id, found = got
    ctx.emit("tile_drawn", M("{who} draws {tile}.", who=who(ch), tile=tile_name(tile_id)), {"tile": tile_id}, hidden=True)
    spot = choose_placement(state, ch, tile_id, found, ctx)
    place(state, tile_id, spot, ctx, M("explored by {who}", who=who(ch)))
    return tile_id


def explore_effects(state: Level7State, ch, tile_id: str, ctx) -> str:
    """The first character on a newly explored tile (spec 3.3 steps 4-5; 11 #8 for a peeked one):
    an item from a Storage tile first, then the event icon's section: returns that section kind
    ("" when none)."""
    if tile_id in state.explored:
        return ""
    state.explored.append(tile_id)
    tile = view(state).tile(tile_id)
    if tile.has("storage"):
        sheet.draw_item(state, ch, ctx, M("a Storage tile"))
    for icon in tile.icons:
        if icon in EVENT_ICONS:
            return EVENT_ICONS[icon]
    return ""


def recurring_trigger(state: Level7State, tile_id: str) -> str:
    """Moving onto a recurring-icon tile before Lockdown triggers its event (spec 3.4)."""
    if state.lockdown:
        return ""
    for icon in view(state).tile(tile_id).icons:
        if icon in RECURRING:
            return EVENT_ICONS[icon]
    return ""


def peek_allowed(state: Level7State) -> bool:
    """Spec 3.3 Peek: scenarios with the flag, once stack A is empty, until the tile is found."""
    sc = shared_content().scenarios[state.scenario]
    return bool(sc.flags.get("peek")) and bool(state.set_aside) and not state.turn.peek_used \
        and not state.stacks[0][1]


def peek_success(state: Level7State, intelligence: int) -> bool:
    """A double Intelligence face; once stack B is empty too, any Intelligence face."""
    later_empty = len(state.stacks) < 2 or not state.stacks[1][1]
    return intelligence >= (1 if later_empty else 2)


def military_tile(state: Level7State, near: str, ctx, decider: str) -> str | None:
    """Military Zone (spec 7.2): the bottom tile of the last stack joined to the map at the open
    door closest to the active character; the tile's name, or None when there is none to draw."""
    stacks = [s for s in state.stacks if s[1]]
    if not stacks:
        return None
    tiles = shared_tiles()
    tile_id = stacks[-1][1][-1]
    dist = view(state).distances(state, near, "character") if near in view(state).tilemap.placed else {}
    best: list[dict] = []
    best_d = None
    for name, slot in _open_doors(state):
        d = dist.get(name, 10 ** 6)
        if best_d is not None and d > best_d:
            continue
        found = placements(state, tiles[tile_id], name, slot)
        if not found:
            continue
        if best_d is None or d < best_d:
            best, best_d = [], d
        best += [{"tile": tile_id, "door_of": name, "door": list(slot), **f} for f in found]
    if not best:
        return None
    state.flags["drawn_tile"] = stacks[-1][1].pop()
    spot = ctx.choose(decider, "placement", best, M("Where does {tile} join the map?", tile=tile_name(tile_id)))
    place(state, tile_id, spot, ctx, M("the Military Zone"))
    return tile_id
