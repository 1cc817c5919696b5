"""Spawning, wounds, deaths, dropped weapons, bleeding out and defeat (spec 6.4, 6.13, 7.5).

Functions taking a `ctx` (procedures.Ctx) may ask decisions (which card a wounded COG
discards) and emit events; they run inside a procedure.
"""
from __future__ import annotations

from game.engine.text import M
from game.i18n import N_
from typing import Any

from game.gears.content import GearsContent
from game.gears.rules.movement import best_cover_spots, nearest_cogs
from game.gears.rules.spawning import md, rules_named
from game.gears.rules import names as N
from game.gears.rules.state import GearsState, LocustState, rules_revision

# A spawn as logs made before it named the figure once ('A Drone (Drone 1) spawns in ...'): a
# save keeps its log as message ids, so this stays in the catalogues for old saves' lines.
OLD_SPAWN_LINES = (N_("A {enemy} ({locust}) spawns in {area} ({why})."),)

SLOT_ORDER = ("A", "B", "C")

# The reasons that only name the tile a figure spawns on ('Location 6A', 'Roadblocks, tile 6A'):
# the area already says its tile ('Trophy room (6A)'), so the spawn line leaves them out rather
# than read "... in Trophy room (6A) (Location 6A)." The line that no figure is left keeps them
# (it names no area).
TILE_REASONS = ("Location {tile}", "Roadblocks, tile {tile}")


def _reason_names_the_tile(why: Any, area: str) -> bool:
    return (getattr(why, "msgid", None) in TILE_REASONS
            and str(why.params.get("tile")) == area.split(":")[0])


def enemy_side(state: GearsState, content: GearsContent, enemy: str) -> str:
    """The face-up side of an Enemy card (General RAAM: A or B, spec 8.2); "A" otherwise."""
    e = content.enemies[enemy]
    return md(state).get("sides", {}).get(enemy, e.start_side or "A") if e.side_b else "A"


def enemy_stats(state: GearsState, content: GearsContent, enemy: str):
    """Defence, health, attack and abilities of the face-up side (content.EnemySide)."""
    return content.enemies[enemy].side(enemy_side(state, content, enemy))


def flip_enemy(ctx, content: GearsContent, enemy: str, to: str | None = None) -> None:
    """Flips a double-sided Enemy card (to the other side, or to `to`); flips never heal
    (spec 11 item 36)."""
    state: GearsState = ctx.state
    if content.enemies[enemy].side_b is None:
        return
    now = enemy_side(state, content, enemy)
    new = to or ("B" if now == "A" else "A")
    if new != now:
        md(state).setdefault("sides", {})[enemy] = new
        ctx.emit("flip", M("The {enemy} card flips to side {new}.", enemy=N.enemy(enemy), new=new),
                 {"enemy": enemy, "side": new})


# ----------------------------------------------------------------------------- spawning

def figures_in_play(state: GearsState, figure: str) -> list[str]:
    return [lid for lid in state.locusts if lid.split("#")[0] == figure]


def free_figure_id(state: GearsState, content: GearsContent, enemy: str,
                   stand_ins: tuple[str, ...] = ()) -> str | None:
    """A figure model not on the map for `enemy`, or None (spec 7.5: physical count limits).

    stand_ins: other figure models that may stand in once the type's own are all in play
    (Scattered Stage 2, 4 players: Kantus figures as Grinders, spec 9.2.5)."""
    own = content.enemies[enemy].figure
    for figure in (own,) + tuple(f for f in stand_ins if f != own):
        count = content.figures[figure].count
        used = set(figures_in_play(state, figure))
        for n in range(1, count + 1):
            fid = f"{figure}#{n}"
            if fid not in used:
                return fid
    return None


def _slot_candidates(state: GearsState, slot: str) -> list[str]:
    """Enemies a spawn of `slot` may place, in order: the slot's type, or the mission's
    substitutes when that slot cannot spawn (China Shop C -> Drone -> Wretch; The Showdown
    C -> B -> A, spec 9.2.2, 9.3.1)."""
    for r in rules_named(state, "no_spawn_slot"):
        if r.params.get("slot") == slot:
            return [state.slots[s] for s in r.params.get("instead", ()) if state.slots.get(s)]
    for r in rules_named(state, "spawn_substitute"):
        if r.params.get("slot") == slot:
            return list(r.params.get("instead", ()))
    return [state.slots[slot]] if state.slots.get(slot) else []


def _banned(state: GearsState) -> set[str]:
    """Enemies that cannot spawn now: a stage's no_spawn rule (Hive Kantus, Showdown Boomers)
    and unique figures a mission card placed (Skorge, RAAM: never spawned by cards)."""
    out = {r.params["enemy"] for r in rules_named(state, "no_spawn") if "enemy" in r.params}
    out |= set(md(state).get("unique", ()))
    return out


def resolve_spawn_enemy(state: GearsState, content: GearsContent, what: str) -> str | None:
    """The enemy that actually spawns for `what` (a slot or an enemy id), upgrading A->B->C
    figure by figure when the type has no figure left (spec 7.5); None when nothing can."""
    banned = _banned(state)

    def ok(enemy: str | None) -> bool:
        return bool(enemy) and enemy not in banned and free_figure_id(state, content, enemy) is not None

    if what in SLOT_ORDER:
        for slot in SLOT_ORDER[SLOT_ORDER.index(what):]:
            for enemy in _slot_candidates(state, slot):
                if ok(enemy):
                    return enemy
        return None
    if what in banned:
        return None
    if ok(what):
        return what
    slot = next((s for s, e in state.slots.items() if e == what), None)
    if slot is None or slot == "C":
        return None
    return resolve_spawn_enemy(state, content, SLOT_ORDER[SLOT_ORDER.index(slot) + 1])


def spawn(ctx, content: GearsContent, what: str, area: str, why: str,
          stand_ins: tuple[str, ...] = ()) -> str | None:
    """Places one figure in `area`; it takes cover if its type does (spec 3.3, 7.5).

    stand_ins: figure models that may stand in for `what` (an enemy id) when its own are all
    in play (spec 9.2.5); the stand-in keeps its own figure id ('kantus#1' as a Grinder)."""
    state: GearsState = ctx.state
    if rules_named(state, "no_spawning"):
        ctx.emit("no_spawn", M("Nothing spawns ({why}): Locusts cannot spawn in this stage.", why=why))
        return None
    enemy = resolve_spawn_enemy(state, content, what)
    if (enemy is None and stand_ins and what in content.enemies and what not in _banned(state)
            and free_figure_id(state, content, what, stand_ins) is not None):
        enemy = what
    if enemy is None:
        label = N.enemy(what) if what in content.enemies else what
        if what in _banned(state):  # a stage rule forbids it, or a unique figure a mission card placed
            ctx.emit("no_spawn", M("{label} cannot be spawned now ({why}): the mission does not allow it.", label=label, why=why))
        else:
            ctx.emit("no_spawn", M("No {label} figure is left to spawn ({why}).", label=label, why=why))
        return None
    fid = free_figure_id(state, content, enemy, stand_ins if enemy == what else ())
    assert fid is not None
    state.locusts[fid] = LocustState(fid, enemy, area)
    state.flags.setdefault("spawned", []).append(fid)
    line = (M("{locust} spawns in {area}.", locust=N.locust(state, fid), area=area)
            if _reason_names_the_tile(why, area) else
            M("{locust} spawns in {area} ({why}).", locust=N.locust(state, fid), area=area, why=why))
    ctx.emit("spawn", line, {"figure": fid, "enemy": enemy, "area": area})
    if content.enemies[enemy].takes_cover:
        locust_take_cover(ctx, fid)
    return fid


def spawn_together(ctx, content: GearsContent, batch: list[tuple[str, str]], why: str,
                   stand_ins: tuple[str, ...] = ()) -> list[str | None]:
    """Figures that spawn at once, as (enemy id or slot letter, area) pairs. Seed p. 15: 'Ha
    több figura is felbukkan egyszerre az aktív játékos határozza meg megjelenési sorrendjüket'
    (the active player decides the order). The order matters when different figures spawn in one
    area (the first takes the best cover spot) or when the figures may run out (the last ones
    are upgraded or not placed); then the active player picks, figure by figure, which spawns
    next. Identical figures in plentiful supply need no question."""
    state: GearsState = ctx.state
    left = list(batch)
    placed: list[str | None] = []
    while left:
        kinds = list(dict.fromkeys(left))
        nxt = kinds[0]
        if len(kinds) > 1 and _order_matters(state, content, left):
            labels = [M("{what} in {area}", what=_what_name(content, state, w), area=a) for w, a in kinds]
            pick = ctx.choose(state.active_player, "spawn_order", [{"enemy": w, "area": a} for w, a in kinds],
                              M("Several Locusts spawn at once: which one is placed next (seed p. 15)?"), labels)
            nxt = (pick["enemy"], pick["area"])
        left.remove(nxt)
        placed.append(spawn(ctx, content, nxt[0], nxt[1], why, stand_ins))
    return placed


def _what_name(content: GearsContent, state: GearsState, what: str) -> Any:
    enemy = state.slots.get(what, what)
    return N.enemy(enemy) if enemy in content.enemies else what


def _order_matters(state: GearsState, content: GearsContent, left: list[tuple[str, str]]) -> bool:
    """Whether the order of these spawns can change where the figures end up: two different
    types share an area where at least one of them would take a free cover spot, or there are
    fewer figures left than asked for (the last ones are upgraded or not placed)."""
    from game.gears.rules.movement import free_spots

    enemies: dict[str, set[str]] = {}
    wanted: dict[str, int] = {}
    for what, area in left:
        enemy = resolve_spawn_enemy(state, content, what)
        if enemy is None:
            return True  # none of these can be placed now: which ones are tried first matters
        enemies.setdefault(area, set()).add(enemy)
        figure = content.enemies[enemy].figure
        wanted[figure] = wanted.get(figure, 0) + 1
    if any(n > content.figures[f].count - len(figures_in_play(state, f)) for f, n in wanted.items()):
        return True
    return any(len(kinds) > 1 and any(content.enemies[e].takes_cover for e in kinds) and free_spots(state, area)
               for area, kinds in enemies.items())


def locust_take_cover(ctx, lid: str) -> None:
    """Automatic cover after a move or spawn: best spot against the nearest COG (spec 3.3)."""
    state: GearsState = ctx.state
    x = state.locusts[lid]
    near = nearest_cogs(state, x.area)
    against = near[0] if near else None
    spots = best_cover_spots(state, x.area, against)
    if rules_revision(state) < 1:
        matters = len(near) > 1  # asked whatever the spots before revision 1: an old save replays its answer
    elif not spots:
        return  # no free spot: nothing to take, whoever it is judged against
    else:
        matters = len(near) > 1 and any(best_cover_spots(state, x.area, p) != spots for p in near[1:])
    if matters:
        # Cover is judged against one COG; which one is the active player's call, asked only
        # when the answer changes the spots (a player was asked it with no free spot left).
        from game.gears.ai import note_asking_locust

        note_asking_locust(ctx, lid)
        pick = ctx.choose(state.active_player, "cover_against", [{"cog": p} for p in near],
                          M("Which nearest COG does {locust} take cover against?", locust=N.locust(state, lid)),
                          [M("Against {cog}", cog=N.character(state.cogs[p].character)) for p in near])
        spots = best_cover_spots(state, x.area, pick["cog"])
    if not spots:
        return
    pick = ctx.choose(state.active_player, "locust_cover", [{"spot": s} for s in spots],
                      M("Which cover spot does {locust} take?", locust=N.locust(state, lid)), [M("Cover at {s}", s=s) for s in spots])
    x.cover = pick["spot"]
    ctx.emit("cover", M("{locust} takes cover at {cover}.", locust=N.locust(state, lid), cover=x.cover), {"figure": lid, "spot": x.cover})


# ----------------------------------------------------------------------------- Locust wounds

def locust_health(content: GearsContent, x: LocustState, state: GearsState | None = None) -> int:
    if x.wounded_health is not None:
        return x.wounded_health
    if state is not None:
        return enemy_stats(state, content, x.enemy).health
    return content.enemies[x.enemy].health


def draw_marker(state: GearsState, content: GearsContent, pile: str) -> str | None:
    """A random marker of a pile (spec 6.4: reshuffle its discards; else none left)."""
    deck = state.marker_piles.get(pile)
    if deck is None:
        return None
    got = deck.draw(1, state.rng.stream("markers"))
    return got[0] if got else None


def marker_of(content: GearsContent, marker_id: str):
    pile, idx = marker_id.split(":")
    return content.marker_piles[pile].markers[int(idx)]


def immune_to(state: GearsState, content: GearsContent, lid: str, weapon: str | None) -> str | None:
    """Why this Locust takes no wound from that weapon now (the end of the shrug-off sentence),
    or None when it can be wounded. The attack preview's chance to kill reads this too."""
    x = state.locusts[lid]
    stats = enemy_stats(state, content, x.enemy)
    abilities = {a.effect for a in stats.abilities}
    if ("only_hammer_of_dawn_wounds_unwounded" in abilities and not x.wounded
            and weapon != "hammer_of_dawn"):
        # Base Berserker: only the Hammer of Dawn wounds or kills it while unwounded (spec 8.1).
        return "."
    for r in rules_named(state, "wound_only_by"):
        if r.params.get("enemy") == x.enemy and not x.wounded and weapon not in r.params.get("weapons", ()):
            # The Showdown Stage 1: only Scorchers and Bolos hurt the unwounded Feral Berserker.
            return M(": {text}", text=M(r.text))
    return None


def damage_locust(ctx, content: GearsContent, lid: str, wounds: int, source: str,
                  weapon: str | None = None) -> bool:
    """Applies one attack's or effect's wounds (spec 6.4). Returns True if the Locust died."""
    state: GearsState = ctx.state
    x = state.locusts.get(lid)
    if x is None or wounds <= 0:
        return False
    enemy = content.enemies[x.enemy]
    shrug = immune_to(state, content, lid, weapon)
    if shrug is not None:
        ctx.emit("no_wound", M("{locust} shrugs off {wounds} from {source}{shrug}", locust=N.locust(state, lid), wounds=N.wounds(wounds), source=source, shrug=shrug),
                 {"figure": lid})
        return False
    health = locust_health(content, x, state)
    if wounds >= health:
        kill_locust(ctx, content, lid, source)
        return True
    if x.wounded:
        pile = content.marker_piles.get(enemy.markers)
        if pile is not None and pile.two_stage and x.wounded_health == pile.two_stage[0]:
            x.wounded_health = pile.two_stage[1]
            ctx.emit("wounded", M("{locust} is wounded again: its marker turns to {wounded_health}.", locust=N.locust(state, lid), wounded_health=x.wounded_health),
                     {"figure": lid, "health": x.wounded_health})
        else:
            ctx.emit("no_wound", M("{wounds} cannot kill the already wounded {locust}.", wounds=N.wounds(wounds), locust=N.locust(state, lid)),
                     {"figure": lid})
        return False
    pile = content.marker_piles.get(enemy.markers)
    if pile is not None and pile.two_stage:
        x.wounded_health = pile.two_stage[0]
        x.marker = f"{pile.id}:two_stage"
    else:
        marker = draw_marker(state, content, enemy.markers)
        if marker is None:
            marker = _marker_from_map(ctx, enemy.markers)
        if marker is None:
            ctx.emit("no_wound", M("No wound marker is left for {locust}; it stays unwounded.", locust=N.locust(state, lid)), {"figure": lid})
            return False
        x.marker = marker
        x.wounded_health = marker_of(content, marker).value
    ctx.emit("wounded", M("{locust} takes {wounds} from {source}: wounded, health {wounded_health}.", locust=N.locust(state, lid), wounds=N.wounds(wounds), source=source, wounded_health=x.wounded_health),
             {"figure": lid, "health": x.wounded_health}, hidden=True)
    return False


def _marker_from_map(ctx, pile: str) -> str | None:
    """Base p. 25: with a wound-marker pile and its discards both empty, the player takes one of
    that type's flipped markers (dropped weapons) from the map; it leaves the map (spec 6.4,
    6.15). Which one is the active player's choice."""
    state: GearsState = ctx.state
    cands = [d["id"] for d in state.dropped if d["marker"].split(":")[0] == pile]
    if not cands:
        return None
    did = ctx.choose(state.active_player, "marker_tie", [{"marker": m} for m in cands],
                     M("No wound marker is left: which dropped weapon of this type becomes the wound marker?"))["marker"]
    d = next(x for x in state.dropped if x["id"] == did)
    name = N.marker(state, did)  # named while still on the map
    state.dropped.remove(d)
    ctx.emit("marker_from_map", M("No wound marker is left: {name} is taken from the map as a wound marker.", name=name),
             {"marker": did, "area": d["area"]})
    return d["marker"]


def kill_locust(ctx, content: GearsContent, lid: str, source: str) -> None:
    """Removes a Locust; its marker becomes a dropped weapon or is discarded (spec 6.4)."""
    state: GearsState = ctx.state
    name = N.locust(state, lid)  # named before it leaves the map
    x = state.locusts.pop(lid)
    enemy = content.enemies[x.enemy]
    ctx.emit("killed", M("{name} is killed by {source}.", name=name, source=source), {"figure": lid, "area": x.area})
    state.flags.setdefault("killed", []).append(x.enemy)
    marker = x.marker
    pile = content.marker_piles.get(enemy.markers)
    if pile is not None and pile.two_stage:
        marker = None  # the Berserker's marker drops nothing and goes back with the card
    elif marker is None and enemy.drops == "marker" and pile is not None:
        marker = draw_marker(state, content, enemy.markers)
    if marker is not None:
        back = marker_of(content, marker).back
        if enemy.drops == "marker" and back != "x":
            did = state.token("drop")
            state.dropped.append({"id": did, "area": x.area, "weapon": back, "enemy": x.enemy,
                                  "marker": marker})
            ctx.emit("dropped", M("{locust} drops a {weapon} in {area}.", locust=name, weapon=N.weapon(back), area=x.area),
                     {"marker": did, "weapon": back, "area": x.area})
        else:
            state.marker_piles[enemy.markers].discard([marker])
    m = md(state)
    m.setdefault("killed", []).append(x.enemy)
    if rules_named(state, "ammo_on_kill") and not m.get("no_ammo_on_kill"):
        # Search for the Stranded Stage 1: 1 ammo token in the killed Locust's area.
        ammo = state.flags.setdefault("map_ammo", {})
        ammo[x.area] = ammo.get(x.area, 0) + 1
        ctx.emit("map_ammo", M("An ammo token is placed in {area}.", area=x.area), {"area": x.area})
    for r in rules_named(state, "on_kill_unlock"):
        if r.params.get("enemy") == x.enemy:
            level = int(r.params["level"])
            state.locked[level - 1] = False
            for slot, e in list(state.slots.items()):
                if e == x.enemy:
                    del state.slots[slot]  # its Enemy card goes back in the box
            ctx.emit("unlock", M("Level {level} is unlocked ({text})", level=level, text=M(r.text)), {"level": level})
    effects = {a.effect: a for a in enemy_stats(state, content, x.enemy).abilities}
    if "chain_reaction" in effects and source not in (M("its own attack"), M("a Bolo Grenade")):
        ctx.emit("chain", M("{name} explodes: 1 wound to every figure in {area}.", name=name, area=x.area), {"area": x.area})
        wound_area(ctx, content, x.area, effects["chain_reaction"].amount or 1, M("{name}'s explosion", name=name))
    elif "death_blast" in effects:
        ctx.emit("chain", M("{name} bursts: wounds to every other figure in {area}.", name=name, area=x.area), {"area": x.area})
        wound_area(ctx, content, x.area, effects["death_blast"].amount or 1, M("{name}'s death blast", name=name))


def wound_stranded(ctx, n: int, source: str) -> None:
    """Search for the Stranded Stage 3: the Stranded taking 1+ wounds loses the game (spec
    9.3.2)."""
    state: GearsState = ctx.state
    if n <= 0 or state.outcome is not None:
        return
    md(state)["stranded_wounded"] = True
    state.outcome = "lost"
    ctx.emit("lost", M("The Stranded takes {wounds} ({source}): the mission is lost.", wounds=N.wounds(n), source=source), {})


def wound_area(ctx, content: GearsContent, area: str, n: int, source: str,
               exclude: tuple[str, ...] = (), stranded: bool = False, weapon: str | None = None) -> None:
    """'Each figure in the area takes N wounds' (spec 6.4): COGs discard, Locusts are hit.
    stranded: a Locust effect, which also hits the Stranded (spec 11 item 41). weapon: the
    weapon whose Omen deals them (the Hammer of Dawn's wound an unwounded Berserker, spec 8.1)."""
    state: GearsState = ctx.state
    if stranded and md(state).get("stranded") == area and "stranded" not in exclude:
        wound_stranded(ctx, n, source)
    for p in list(state.players):
        c = state.cogs.get(p)
        if c is not None and c.area == area and p not in exclude and not c.bleeding:
            wound_cog(ctx, content, p, n, source)
    for lid in sorted(state.locusts):
        if lid in exclude:
            continue
        x = state.locusts.get(lid)
        if x is not None and x.area == area:
            damage_locust(ctx, content, lid, n, source, weapon)


# ----------------------------------------------------------------------------- COG wounds

def wound_cog(ctx, content: GearsContent, player: str, n: int, source: str) -> None:
    """Each wound discards a card of the player's choice (Insane: random); a wound with an
    empty hand makes the COG bleed out (spec 6.13)."""
    state: GearsState = ctx.state
    c = state.cogs[player]
    if c.bleeding or n <= 0:
        return
    for _ in range(n):
        if not c.hand:
            c.bleeding = True
            c.cover = None
            ctx.emit("bleeding_out", M("{cog} is down and bleeding out ({source}).", cog=N.character(c.character), source=source),
                     {"player": player})
            check_defeat(ctx)
            return
        if state.options.get("insane"):
            card = c.hand[state.rng.stream("insane").below(len(c.hand))]
        else:
            # One option per card name: two copies of a card are the same choice.
            names = sorted({h.split("#")[0]: h for h in sorted(c.hand, reverse=True)}.values())
            pick = ctx.choose(player, "wound_discard", [{"card": h} for h in names],
                              M("{cog} takes a wound: discard an Order card.", cog=N.character(c.character)),
                              [M("Discard {card}", card=N.card(h)) for h in names])
            card = pick["card"]
        c.hand.remove(card)
        state.orders.discard([card])
        ctx.emit("wound", M("{cog} takes a wound and discards a card ({source}).", cog=N.character(c.character), source=source),
                 {"player": player})
        ctx.emit("wound_card", M("You discard {card}.", card=N.card(card)), {"player": player, "card": card},
                 visible_to=(player,))


def check_defeat(ctx) -> None:
    """Spec 6.13: every COG bleeding out at once loses the mission. And (proposed, docs/GEARS.md
    "Scattered"): while a mission's map sections lie apart, every COG of one section bleeding
    out loses it too: no COG can reach them to revive them, Locusts ignore them, and each
    section holds an objective the mission needs, so the game could never go on (issue 20:
    simulated games stalled for ever)."""
    state: GearsState = ctx.state
    if state.outcome is not None or not state.cogs:
        return
    if all(state.cogs[p].bleeding for p in state.players):
        state.outcome = "lost"
        ctx.emit("lost", M("Every COG is bleeding out: the mission is lost."), {})
        return
    section = stranded_section(state)
    if section is not None:
        state.outcome = "lost"
        ctx.emit("lost", M("Every COG on map section {section} is bleeding out and no other COG can reach them while the sections lie apart: the mission is lost.", section=section + 1), {"section": section})


def stranded_section(state: GearsState) -> int | None:
    """The map section (0-based) whose COGs are all bleeding out while the sections are
    unconnected (Scattered Stages 1-2, spec 9.2.5); None when there is none."""
    from game.gears.rules.movement import cogs_in_section

    view = state.view()
    if view.section_count < 2 or rules_named(state, "door_areas_adjacent"):
        return None
    for section in sorted(set(view.section_of.values())):
        cogs = cogs_in_section(state, section)
        if cogs and all(state.cogs[p].bleeding for p in cogs):
            return section
    return None


def pick_up_options(state: GearsState, content: GearsContent, player: str, marker: dict[str, Any]) -> list[str]:
    """What a pick-up may give (spec 6.10): the weapon card, ammo on an owned copy, or the
    top Random Weapon card when the supply is out."""
    c = state.cogs[player]
    enemy = content.enemies[marker["enemy"]]
    if enemy.pickup:
        return ["item"]
    weapon = marker["weapon"]
    opts = []
    if state.special_supply.get(weapon, 0) > 0:
        opts.append("weapon")
    elif state.weapon_deck.can_draw():
        opts.append("random")
    if c.has_weapon(weapon):
        opts.append("ammo")
    return opts
