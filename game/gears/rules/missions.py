"""Mission rules, stage flips, mission-card backs, win and loss (spec 9).

Each keyword of missions.toml (docs/CONTENT.md, 'Mission rules / Flip conditions / Back steps')
is handled here or at the one place of the rules it changes (spawning.rules_named is the
query); `unsupported` names the keywords not modelled so a mission that needs them is refused
at setup rather than played wrongly.

Stage cards flip as soon as their condition holds (spec 9.1): `check_stage` runs after every
effect that can change a condition (each action, each attack, each AI card, each exploration).
"""
from __future__ import annotations

from game.engine import text as T
from game.engine.text import M, join
from game.board.compose import CompositionError
from game.gears.content import GearsContent
from game.gears.rules.board_view import view_for
from game.gears.rules import names as N
from game.gears.rules import wounds as W
from game.gears.rules.explore import build_level, explore_level_from, place_door_at_tile
from game.gears.rules.spawning import exit_area, exit_areas, md, open_holes, rules_named
from game.gears.rules.state import GearsState, LocustState

# Setup rules, mission-wide rules and stage Special Rules that are modelled (and where).
RULES = {
    "seal_holes_except_nearest_exit", "place_enemy", "give_weapon", "set_aside_stranded",
    "rotate_first_tile",  # the first tile's second exit stays free (two-exit faces, spec 3.7)
    "build_first_card_only", "tickers_instead_of_location_spawns", "choose_difficulty",
    "spawn_substitute", "no_spawn_slot", "exit_nearest_active", "level_only_from_door",
    "ticker_chain_reaction", "orders_reach_all_sections", "removed_figures_keep_drops",
    "spawn_evenly", "ai_deck_current_types", "stranded", "map_ammo_not_usable",
    "equipment_not_discarded", "no_spawning", "see_enemy_card", "place_door", "extra_ai_cards",
    "auto_explore_on_exit", "explore_unlocked_level", "spawn_at_exit", "no_explore_door",
    "equipment_face_down", "no_spawn", "heal_if_idle", "wound_only_by", "on_kill_unlock",
    "ammo_on_kill", "collect_ammo", "move_stranded",
    # Scattered (spec 9.2.5): sections laid apart (board_view), the COG split and the setup
    # spawn counts (build_first_level), door areas joined for movement (enter_stage, view
    # joins). ai_scope_section: ai.py's selectors keep only movement.locusts_in_ai_scope.
    "separate_sections", "split_cogs", "spawn_by_section_cogs", "ai_scope_section",
    "door_areas_adjacent",
    "custom_map",  # a map built in the builder (game/gears/custom.py): build_custom_map
}
CONDITIONS = {
    "all_holes_sealed", "no_locusts_in_play", "enemy_in_exit_area", "enemy_killed",
    "equipment_activated", "ai_deck_exhausted", "cog_enters_last_tile", "all_cogs_at_exit",
    "explore_attempted", "all_cogs_on_tile", "level_explored", "mission_ammo", "stranded_at_exit",
    "cog_at_exit", "locust_activations",  # custom missions (game/gears/custom.py)
}
STEPS = {
    "spawn", "move_toward_nearest_cog", "unlock_level", "explore_level", "choose_unlock",
    "shuffle_ai_discard", "set_enemies", "update_ai_deck", "reset_ai_deck", "place_door",
    "place_tile", "remove_figures", "place_figure", "give_weapon", "reopen_holes",
    "restore_equipment", "place_stranded", "stop_ammo_on_kill", "proceed", "win",
}
LOSSES = {"stranded_wounded"}
AI_VERBS = {"move_toward", "move_into_area_of", "move_away", "move_to_cover", "attack", "spawn",
            "heal", "discard_ammo", "remove_dropped_weapons", "place_hole", "no_guard",
            "draw_ai_card", "for_each", "when", "strip_cover", "revive_dropped_weapon",
            "flip_enemy_card", "discard_map_ammo"}


def unsupported(content: GearsContent, mission_id: str) -> list[str]:
    m = content.missions[mission_id]
    missing = [s.keyword for s in m.setup + m.rules if s.keyword not in RULES]
    for s in m.stages:
        missing += [r.keyword for r in s.special_rules if r.keyword not in RULES]
        if s.flip_when.keyword not in CONDITIONS:
            missing.append(s.flip_when.keyword)
        missing += [b.keyword for b in s.back if b.keyword not in STEPS]
        missing += [x.keyword for x in s.loss if x.keyword not in LOSSES]
    from game.gears.ai import card_verbs

    for cid in content.ai_deck(mission_id):
        missing += sorted(card_verbs(content.ai_cards[cid]) - AI_VERBS)
    return sorted(set(missing))


def current_stage(state: GearsState):
    from game.gears.rules.title import shared_content

    m = shared_content().missions[state.mission]
    return m.stages[state.stage] if state.stage < len(m.stages) else None


def stage_rules(state: GearsState, content: GearsContent) -> set[str]:
    m = content.missions[state.mission]
    if state.stage >= len(m.stages):
        return set()
    return {r.keyword for r in m.stages[state.stage].special_rules}


# ----------------------------------------------------------------------------- setup

# Setup card rules the build has already followed (the level laid out, its spawns, a figure set
# aside) by the time the COGs enter: said before "The COGs enter at ...", as what was done.
BUILD_NOTES = ("set_aside_stranded", "rotate_first_tile", "choose_difficulty", "build_first_card_only",
               "tickers_instead_of_location_spawns", "spawn_by_section_cogs")


def log_build_notes(ctx, content: GearsContent) -> None:
    """The Setup card's rules that the build of level 1 followed (BUILD_NOTES), in card order."""
    for step in content.missions[ctx.state.mission].setup:
        if step.keyword in BUILD_NOTES:
            ctx.emit("setup_rule", M(step.text), {"rule": step.keyword})


def apply_setup_rules(ctx, content: GearsContent) -> None:
    """The Setup card's rules that run once level 1 is built and the COGs are placed (spec 4
    step 10), then the first stage card's entry rules. Those the build followed are said by
    log_build_notes, before the COGs enter."""
    state: GearsState = ctx.state
    m = content.missions[state.mission]
    for step in m.setup:
        k, p = step.keyword, step.params
        if k == "seal_holes_except_nearest_exit":
            from game.gears.rules.spawning import hole_nearest

            area = exit_area(ctx)
            keep = hole_nearest(ctx, area) if area else None
            for h in sorted(state.holes):
                if h != keep:
                    state.holes[h]["sealed"] = True
            ctx.emit("setup_rule", M("{text} (open: {keep})", text=M(step.text), keep=keep), {"open": keep})
        elif k == "place_enemy":
            area = state.view().entrance_area if p["at"] == "cog_start_area" else exit_area(ctx)
            if area:
                place_figure(ctx, content, p["enemy"], area, M(step.text))
        elif k == "give_weapon":
            for c in state.cogs.values():
                c.weapons.append([p["weapon"], int(p.get("ammo", 0))])
                state.special_supply[p["weapon"]] = max(0, state.special_supply.get(p["weapon"], 0) - 1)
            ctx.emit("setup_rule", M(step.text), {"weapon": p["weapon"]})
        elif k == "separate_sections":
            # Level 1's door leads to level 3 (the Stage 1 back explores it there); level 2's
            # door leads nowhere until Stage 2 puts 17B on it (spec 9.2.5).
            m = md(state)
            for door, lv in sorted(m.get("door_from", {}).items()):
                m.setdefault("door_to", {})[door] = 2 if lv == 1 else None
            ctx.emit("setup_rule", M(step.text), {"rule": k})
        elif k == "split_cogs":
            second = md(state).get("split", [])
            start = state.view().section_entrance(1)
            for q in second:
                if start:
                    state.cogs[q].area = start
            names = T.join(", ", [N.cog(state, q) for q in second])
            ctx.emit("setup_rule", M("{text} Level 2: {names} (at {start}).", text=M(step.text), names=names, start=start), {"rule": k, "level2": second})
    enter_stage(ctx, content)


def place_figure(ctx, content: GearsContent, enemy: str, area: str, why: str) -> str | None:
    """A mission card places a named figure (not a spawn: no-spawn rules do not apply). Such
    figures are unique: AI and Location cards never spawn them (Skorge, RAAM)."""
    state: GearsState = ctx.state
    fid = W.free_figure_id(state, content, enemy)
    if fid is None:
        ctx.emit("no_spawn", M("No figure is free for the {enemy}.", enemy=N.enemy(enemy)), {})
        return None
    state.locusts[fid] = LocustState(fid, enemy, area)
    unique = md(state).setdefault("unique", [])
    if enemy not in unique:
        unique.append(enemy)
    ctx.emit("spawn", M("{locust} is placed in {area}. Mission card: {why}", locust=N.locust(state, fid), area=area, why=why),
             {"figure": fid, "enemy": enemy, "area": area})
    if content.enemies[enemy].takes_cover:
        W.locust_take_cover(ctx, fid)
    return fid


def enter_stage(ctx, content: GearsContent) -> None:
    """Special Rules that act once when their stage card becomes current."""
    state: GearsState = ctx.state
    for r in rules_named(state, "place_door"):
        if r.params.get("at") == "first_tile_exit":
            # Belly of the Beast: the first tile's free exit leads to level 3.
            first = state.placements[0]["tile"]
            place_door_at_tile(ctx, first, None, 2)
    if rules_named(state, "door_areas_adjacent"):
        join_door_areas(ctx)


def join_door_areas(ctx) -> None:
    """Scattered Stage 3 (spec 9.2.5, 11 item 53): every area holding a door token is adjacent
    to every other one for movement only; this joins the two map sections. Kept as a new list
    in md['joins'] (GearsState.view() adds them to the movement graph)."""
    state: GearsState = ctx.state
    view = state.view()
    areas = sorted({view.exits[d] for d in state.doors if d in view.exits})
    pairs = [[a, b] for i, a in enumerate(areas) for b in areas[i + 1:]]
    md(state)["joins"] = pairs
    ctx.emit("joined", M("Door areas are now adjacent for movement: {list}.", list=join(", ", areas)), {"areas": areas})


def sync_stage_flags(state: GearsState, content: GearsContent) -> None:
    """Kept for callers of the first engine: stage rules are now read where they apply."""


# ----------------------------------------------------------------------------- conditions

def _exit_area_of_level(state: GearsState, level: int) -> str | None:
    view = state.view()
    for door, lv in md(state).get("door_from", {}).items():
        if lv == level and door in view.exits:
            return view.exits[door]
    return None


def condition_holds(state: GearsState, content: GearsContent, cond) -> bool:
    k, p = cond.keyword, cond.params
    m = md(state)
    view = state.view()
    standing = [c for c in state.cogs.values() if not c.bleeding]
    if k == "all_holes_sealed":
        ok = bool(state.holes) and all(v["sealed"] for v in state.holes.values())
        return ok and (p.get("last_by") is None or state.flags.get("last_seal_by") == p["last_by"])
    if k == "no_locusts_in_play":
        return not state.locusts
    if k == "enemy_in_exit_area":
        area = _exit_area_of_level(state, int(p["level"]))
        return area is not None and any(x.enemy == p["enemy"] and x.area == area for x in state.locusts.values())
    if k == "enemy_killed":
        return p["enemy"] in m.get("killed", [])
    if k == "equipment_activated":
        return p["tile"] in m.get("equipment_used", [])
    if k == "ai_deck_exhausted":
        return bool(m.get("ai_exhausted"))
    if k == "cog_enters_last_tile":
        level = int(p["level"]) - 1
        if state.location_decks[level].draw_pile:
            return False
        last = state.placements[-1]["tile"]
        return any(view.piece_of_area.get(c.area) == last for c in standing)
    if k == "all_cogs_at_exit":
        areas = {a for lv in p["levels"] for a in [_exit_area_of_level(state, int(lv))] if a}
        return (len(standing) == len(state.cogs) and bool(areas)
                and all(c.area in areas for c in state.cogs.values()))
    if k == "explore_attempted":
        return m.get("explore_attempted") == p["level"]
    if k == "all_cogs_on_tile":
        absent = p.get("absent_enemy")
        return (len(standing) == len(state.cogs)
                and all(view.piece_of_area.get(c.area) == p["tile"] for c in state.cogs.values())
                and not any(x.enemy == absent for x in state.locusts.values()))
    if k == "level_explored":
        return int(p["level"]) in m.get("built", [])
    if k == "mission_ammo":
        return m.get("card_ammo", 0) >= int(p["per_player"]) * len(state.players)
    if k == "stranded_at_exit":
        return m.get("stranded") is not None and m["stranded"] in exit_areas(state)
    if k == "cog_at_exit":
        # Custom reach_exit: a standing COG in an area holding a door token (the map exit).
        exits = {view.exits[d] for d in state.doors if d in view.exits}
        return any(c.area in exits for c in standing)
    if k == "locust_activations":
        # Custom hold_out: N Locust Activation Steps survived (one per player turn; a turn
        # begins after the previous one's step, so turn N+1 means N steps are over).
        return state.turn - 1 >= int(p["count"])
    raise ValueError(f"unknown flip condition {k!r}")


def flip_due(state: GearsState, content: GearsContent) -> bool:
    """The current stage card's flip condition holds (its back is then resolved by
    `check_stage`). A back may ask decisions (Roadblocks' `choose_unlock`, Horde's
    `give_weapon`, ties), so callers outside a resolution queue the flip as one."""
    m = content.missions[state.mission]
    return (state.outcome is None and state.stage < len(m.stages)
            and condition_holds(state, content, m.stages[state.stage].flip_when))


def check_stage(ctx, content: GearsContent) -> None:
    """Spec 9.1 / 11 item 47: after each effect, flip the stage card when its condition holds
    and resolve its back; every COG bleeding out (or a mission loss) loses first."""
    state: GearsState = ctx.state
    m = content.missions[state.mission]
    W.check_defeat(ctx)
    if state.outcome is None and state.stage < len(m.stages):
        for loss in m.stages[state.stage].loss:
            if loss.keyword == "stranded_wounded" and md(state).get("stranded_wounded"):
                state.outcome = "lost"
                ctx.emit("lost", M("The Stranded is wounded: the mission is lost."), {})
    while state.outcome is None and state.stage < len(m.stages):
        stage = m.stages[state.stage]
        if not condition_holds(state, content, stage.flip_when):
            return
        ctx.emit("stage", M("Stage {number} is complete: {text}", number=stage.number, text=M(stage.flip_when.text)), {"stage": stage.number})
        for step in stage.back:
            back_step(ctx, content, step)
        W.check_defeat(ctx)
        if state.outcome is not None:
            return
        if stage.wins:
            state.outcome = "won"
            ctx.emit("won", M("The COGs win the mission!"), {})
            return
        state.stage += 1
        ctx.emit("stage_card", M("Stage {stage} is now in force.", stage=state.stage + 1), {"stage": state.stage + 1})
        enter_stage(ctx, content)


# ----------------------------------------------------------------------------- backs

def _players_from_active(state: GearsState) -> list[str]:
    n = len(state.players)
    return [state.players[(state.active + i) % n] for i in range(n)]


def _spawn_table(state: GearsState, p) -> list[str]:
    """What a back's spawn places, one entry per figure (enemy id or slot letter)."""
    n = len(state.players)
    if "by_players" in p:
        return [e for e, k in p["by_players"][n - 1].items() for _ in range(int(k))]
    what = p.get("enemy") or p.get("slot")
    return [what] * (int(p.get("per_player", 1)) * n)


def _spawn_back(ctx, content: GearsContent, step) -> None:
    state: GearsState = ctx.state
    p = step.params
    at = p["at"]
    view = state.view()
    why = M("mission card")
    todo = _spawn_table(state, p)
    if at in ("map_exit", "map_entrance"):
        area = exit_area(ctx) if at == "map_exit" else view.entrance_area
        if area:
            W.spawn_together(ctx, content, [(what, area) for what in todo], why)
    elif at == "every_hole":
        W.spawn_together(ctx, content, [(what, state.holes[h]["area"]) for h in open_holes(state) for what in todo],
                         why)
    elif at == "hole_on_tile":
        holes = [h for h in open_holes(state) if h.split(":")[0] == p["tile"]]
        for what in todo:
            if holes:
                h = ctx.choose(state.active_player, "tie_hole", [{"hole": h} for h in holes],
                               M("Spawn at which hole of the tile?"))["hole"]
                W.spawn(ctx, content, what, state.holes[h]["area"], why)
    elif at == "empty_area_of_tile":
        # Scattered Stage 2 (spec 9.2.5): in a 4-player game Kantus and Boomer figures may
        # stand in as Grinders (4 Grinders, 3 Boomer figures).
        stand = tuple(p.get("stand_ins", ())) if len(state.players) == 4 else ()
        for what in todo:
            areas = [a for a in view.areas if view.piece_of_area[a] == p["tile"]]
            busy = {c.area for c in state.cogs.values()} | {x.area for x in state.locusts.values()}
            free = [a for a in areas if a not in busy] or areas
            if free:
                a = ctx.choose(state.active_player, "spawn_area", [{"area": a} for a in free],
                               M("Spawn in which empty area?"))["area"]
                W.spawn(ctx, content, what, a, why, stand)
    elif at == "holes_evenly":
        spawn_evenly(ctx, content, todo, why)
    else:
        raise ValueError(f"unknown spawn place {at!r} on a mission card")


def spawn_evenly(ctx, content: GearsContent, todo: list[str], why: str) -> None:
    """Horde Mode 'as evenly as possible' (spec 9.2.7): the active player picks each figure's
    hole among the open holes holding the fewest figures spawned by this step."""
    state: GearsState = ctx.state
    count = {h: 0 for h in open_holes(state)}
    for what in todo:
        if not count:
            return
        low = min(count.values())
        holes = [h for h in sorted(count) if count[h] == low]
        h = ctx.choose(state.active_player, "tie_hole", [{"hole": h} for h in holes],
                       M("Spawn at which hole (as evenly as possible)?"))["hole"]
        if W.spawn(ctx, content, what, state.holes[h]["area"], why):
            count[h] += 1


def current_ai_types(state: GearsState, content: GearsContent) -> list[str]:
    m = content.missions[state.mission]
    ids: list[str] = []
    for enemy in state.slots.values():
        ids += [c.id for c in content.ai_cards_activating(enemy) if c.id not in ids]
    return ids + [g for g in m.general_ai if g not in ids]


def update_ai_deck(state: GearsState, content: GearsContent, remove=(), add=()) -> None:
    """Cards of types no longer used leave the deck and the discard pile; new types' cards join
    the deck (spec 9.2.4, 9.2.7, 9.3.1)."""
    want = set(add) or set(current_ai_types(state, content))
    deck = state.ai
    if remove or add:
        gone = set(remove)
        keep = set(deck.cards()) - gone
        want = keep | set(add)
    for pile in (deck.draw_pile, deck.discard_pile):
        pile[:] = [c for c in pile if c in want]
    have = set(deck.draw_pile) | set(deck.discard_pile)
    deck.draw_pile += sorted(want - have)
    deck.shuffle(state.rng.stream("ai"))


def back_step(ctx, content: GearsContent, step) -> None:
    state: GearsState = ctx.state
    k, p = step.keyword, step.params
    m = md(state)
    view = state.view()
    ctx.emit("mission", M(step.text), {"do": k})
    if k == "spawn":
        _spawn_back(ctx, content, step)
    elif k == "move_toward_nearest_cog":
        from game.gears.ai import move_toward_nearest

        for lid in sorted(state.locusts):
            if lid in state.locusts and state.locusts[lid].enemy == p["enemy"]:
                move_toward_nearest(ctx, content, lid, p["areas"])
    elif k == "unlock_level":
        state.locked[int(p["level"]) - 1] = False
    elif k == "explore_level":
        level = int(p["level"]) - 1
        door = next((d for d in state.doors if m.get("door_to", {}).get(d, state.levels_built) == level), None)
        if door is None and state.doors:
            door = state.doors[-1]
        if p.get("spawn_by") == "section_cogs" and door is not None:
            # Scattered: the spawn strips are read for the COGs on the door's section.
            from game.gears.rules.movement import cogs_in_section, section_of

            n = len(cogs_in_section(state, section_of(state, view.exits.get(door, ""))))
            if door in state.doors:
                state.doors.remove(door)
            counts = {t: max(1, n) for t in state.location_decks[level].draw_pile}
            build_level(ctx, content, level, door, spawn_counts=counts)
        else:
            explore_level_from(ctx, content, level, door)
    elif k == "choose_unlock":
        levels = [int(x) for x in p["levels"]]
        pick = ctx.choose(state.active_player, "choose_unlock", [{"level": lv} for lv in levels],
                          M(step.text), [M("Unlock level {lv}", lv=lv) for lv in levels])["level"]
        state.locked[pick - 1] = False
        for d in state.doors:
            m.setdefault("door_to", {})[d] = pick - 1
        ctx.emit("unlock", M("Level {pick} is unlocked.", pick=pick), {"level": pick})
    elif k == "shuffle_ai_discard":
        state.ai.reshuffle(state.rng.stream("ai"), mix=True)
    elif k == "set_enemies":
        state.slots.update(p["enemies"])
    elif k == "update_ai_deck":
        update_ai_deck(state, content)
    elif k == "reset_ai_deck":
        update_ai_deck(state, content, p.get("remove", ()), p.get("add", ()))
        state.ai.reshuffle(state.rng.stream("ai"), mix=True)
    elif k == "place_door":
        if p["at"] == "last_tile_exit":
            place_door_at_tile(ctx, state.placements[-1]["tile"], 1, state.levels_built)
        elif p["at"] == "tile_exit":
            place_door_at_tile(ctx, p["tile"], None, None)
        elif p["at"] == "first_tile_exit":
            place_door_at_tile(ctx, state.placements[0]["tile"], None, 2)
        elif _level_exit(p["at"]) is not None:
            # Scattered: building level N already put its door on the last exit (spec 3.4
            # step 6); the card repeats it. Only a level without one gets a door here.
            lv = _level_exit(p["at"])
            if not any(f == lv for d, f in m.get("door_from", {}).items() if d in state.doors):
                ctx.emit("error", M("Level {lv} has no exit left for a door.", lv=lv), {"level": lv})
        else:
            raise ValueError(f"unknown door place {p['at']!r}")
    elif k == "place_tile":
        lv = _level_exit(p.get("at", ""))
        if lv is not None:
            door = next((d for d in state.doors if m.get("door_from", {}).get(d) == lv), None)
        else:
            door = state.doors[-1] if state.doors else None
        if door is not None:
            try:
                view_for(state.loader, state.placements + [{"tile": p["tile"], "exit": door}])
            except CompositionError as e:
                # Spec 11 item 48: no layout fits; reported, the stage goes on without the tile.
                ctx.emit("error", M("Tile {tile} cannot be placed at {door}: {e}", tile=p['tile'], door=door, e=e.message), {"tile": p["tile"]})
                return
            state.doors.remove(door)
            state.placements.append({"tile": p["tile"], "exit": door})
            v = state.view()
            for hole, area in sorted(v.holes.items()):
                if hole.split(":")[0] == p["tile"] and hole not in state.holes:
                    state.holes[hole] = {"area": area, "sealed": False, "token": False}
            ctx.emit("tile", M("Tile {tile} is placed.", tile=p['tile']), {"tile": p["tile"], "exit": door})
    elif k == "remove_figures":
        for lid in sorted(state.locusts):
            x = state.locusts[lid]
            if x.enemy == p["enemy"]:
                if x.marker and not x.marker.endswith("two_stage"):
                    state.marker_piles[x.marker.split(":")[0]].discard([x.marker])
                name = N.locust(state, lid)
                del state.locusts[lid]
                ctx.emit("removed", M("{name} is removed from the map.", name=name), {"figure": lid})
    elif k == "place_figure":
        area = exit_area(ctx) if p["at"] == "map_exit" else view.equipment_area.get(p["tile"])
        if "side" in p:
            m.setdefault("sides", {})[p["enemy"]] = p["side"]
        if area:
            place_figure(ctx, content, p["enemy"], area, M(step.text))
    elif k == "give_weapon":
        cands = [q for q in state.players if state.cogs[q].weapons is not None]
        q = ctx.choose(state.active_player, "give_weapon", [{"player": x} for x in cands], M(step.text),
                       [N.cog(state, x) for x in cands])["player"]
        state.cogs[q].weapons.append([p["weapon"], int(p.get("ammo", 0))])
        state.special_supply[p["weapon"]] = max(0, state.special_supply.get(p["weapon"], 0) - 1)
    elif k == "reopen_holes":
        for h in sorted(state.holes):
            if state.holes[h]["sealed"]:
                if state.holes[h].get("token"):
                    del state.holes[h]
                else:
                    state.holes[h]["sealed"] = False
    elif k == "restore_equipment":
        down = m.get("face_down", {})
        for tile, eq in sorted(down.items()):
            if eq in p["equipment"]:
                state.equipment[tile] = eq
                del down[tile]
    elif k == "place_stranded":
        m["stranded"] = view.equipment_area.get(p["tile"])
    elif k == "stop_ammo_on_kill":
        m["no_ammo_on_kill"] = True
    elif k in ("proceed", "win"):
        return
    else:
        raise ValueError(f"unknown mission back step {k!r}")


def _level_exit(at: str) -> int | None:
    """'level_2_exit' -> 2 (the exit of that level's last tile), else None."""
    parts = at.split("_")
    if len(parts) == 3 and parts[0] == "level" and parts[2] == "exit" and parts[1].isdigit():
        return int(parts[1])
    return None


# ----------------------------------------------------------------------------- hooks

def after_order_step(ctx, content: GearsContent, player: str) -> None:
    """Search for the Stranded Stage 1: the player moves 1 ammo token from his COG's area onto
    the mission card (spec 9.3.2, 11 item 42: mandatory, at most 1)."""
    state: GearsState = ctx.state
    if not rules_named(state, "collect_ammo"):
        return
    area = state.cogs[player].area
    ammo = state.flags.setdefault("map_ammo", {})
    if ammo.get(area, 0) > 0:
        ammo[area] -= 1
        if not ammo[area]:
            del ammo[area]
        m = md(state)
        m["card_ammo"] = m.get("card_ammo", 0) + 1
        ctx.emit("mission_ammo", M("An ammo token goes from {area} onto the mission card ({card_ammo}).", area=area, card_ammo=m['card_ammo']),
                 {"area": area, "total": m["card_ammo"]})


def build_first_level(ctx, content: GearsContent) -> None:
    """Spec 4 step 7 with the Setup card's variants (Roadblocks: only the first card)."""
    state: GearsState = ctx.state
    m = content.missions[state.mission]
    limit = None
    if any(s.keyword == "build_first_card_only" for s in m.setup):
        limit = 1
    if any(s.keyword == "custom_map" for s in m.setup):
        build_custom_map(ctx, content)
        return
    if any(s.keyword == "separate_sections" for s in m.setup):
        build_sections(ctx, content)
        return
    build_level(ctx, content, 0, None, limit=limit, setup=True)


def split_options(players: list[str]) -> list[list[str]]:
    """Who starts in level 2 (spec 9.2.5): half the COGs; with 3 players 1 or 2 of them (the
    players agree, so either split is offered). Options in a fixed order."""
    from itertools import combinations

    n = len(players)
    sizes = [n // 2] if n % 2 == 0 else sorted({n // 2, n - n // 2})
    return [list(c) for k in sizes for c in combinations(players, k)]


def build_sections(ctx, content: GearsContent) -> None:
    """Scattered setup (spec 9.2.5): the players split the COGs, then levels 1 and 2 are laid
    as two unconnected sections, each level's spawn strips read for its section's COGs."""
    state: GearsState = ctx.state
    opts = split_options(state.players)
    labels = [M("Level 2: {cogs}", cogs=T.join(", ", [N.cog(state, q) for q in o])) for o in opts]
    second = ctx.choose(state.players[state.first], "split_cogs", [{"level2": o} for o in opts],
                        M("Which COGs start in level 2 (the second map section)?"), labels)["level2"]
    md(state)["split"] = list(second)
    counts = (len(state.players) - len(second), len(second))
    for level in (0, 1):
        tiles = {t: counts[level] for t in state.location_decks[level].draw_pile}
        build_level(ctx, content, level, None, setup=True, spawn_counts=tiles)


# ----------------------------------------------------------------------------- custom maps

def custom_mission_record(content: GearsContent, mission_id: str, cm):
    """A Mission record for a map built in the builder (game/gears/custom.py CustomMission):
    its enemies, one stage whose Flip When is the goal (reach_exit: a standing COG in a door
    area; hold_out: N Locust Activation Steps over) and whose back wins. The whole map is laid
    at setup (no Location decks: nothing to explore)."""
    from game.gears.content import Mission, MissionStep, Provenance, Stage

    if cm.goal == "reach_exit":
        flip = MissionStep("cog_at_exit", M("A COG reaches the map exit (an area with a door token)."), {})
    else:
        flip = MissionStep("locust_activations", M("The COGs survive {n} Locust Activation Steps.", n=int(cm.activations)),
                           {"count": int(cm.activations)})
    return Mission(
        id=mission_id, name=cm.name, name_hu=cm.name, expansion="custom", number=0, map_size="custom",
        players=(cm.players, cm.players), cards=2, enemies=dict(cm.locusts),
        general_ai=content.custom_defaults.general_ai,  # no rulebook value: missions.toml [custom_defaults]
        ai_deck_size=0, levels=(), difficulty={},
        setup=(MissionStep("custom_map", M("The map {file} is laid as built.", file=cm.map.name), {}),),
        rules=(), stages=(Stage(1, (), flip, (MissionStep("win", M("YOU WIN THE GAME."), {}),), ()),),
        provenance=Provenance(False, f"custom mission {cm.path}", "built in the map builder"),
    )


def build_custom_map(ctx, content: GearsContent) -> None:
    """Spec 3.4 steps 3-4 for every tile of a built map at once: each hole spawns its Location
    card's strip for the player count, equipment cards stay by their tiles; a door token goes
    on the free exit of every tile the builder put a door on (the map exit). Pieces that are
    not Location cards (sample faces) spawn nothing."""
    from game.gears.rules.title import CUSTOM_TILE

    state: GearsState = ctx.state
    state.placements.append({"tile": CUSTOM_TILE, "exit": None})
    view = state.view()
    n = max(1, min(4, len(state.players)))
    for hole, area in sorted(view.holes.items()):
        state.holes[hole] = {"area": area, "sealed": False, "token": False}
    for piece in view.board.pieces():
        ctx.emit("tile", M("Tile {piece} is placed.", piece=piece), {"tile": piece, "exit": None})
        location = content.locations.get(piece)
        if location is None:
            continue
        W.spawn_together(ctx, content, [(letter, state.holes[hole]["area"])
                                        for hole in sorted(h for h in state.holes if h.split(":")[0] == piece)
                                        for letter in location.spawn_for(n)], M("Location {tile}", tile=piece))
        if location.equipment:
            state.equipment[piece] = location.equipment
    m = md(state)
    door_pieces = {d.piece for d in view.board.doors}
    for e in view.free_exits:
        if e.split(":")[0] in door_pieces and e not in state.doors:
            state.doors.append(e)
            m.setdefault("door_to", {})[e] = None
            ctx.emit("door", M("A door token is placed on {e} (the map exit).", e=e), {"exit": e})
