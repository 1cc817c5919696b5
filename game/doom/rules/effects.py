"""What happens to the state: wounds and deaths (spec doom.md 6.4 step 5, 6.6, 6.16), barrels
(6.15), exploration (3.10), pick-ups (6.12), drawing invader cards with the deck-exhaustion frag
(5.3, 6.11) and the end of the game. Each function takes the resolution's Ctx to emit events."""
from __future__ import annotations

from typing import Any

from game.doom.rules.names import ammo, barrel_words, card_name, monster, option_labels, place, ref, weapon_name, who
from game.doom.rules.queries import areas_seen
from game.doom.rules.state import INVADER, Cell, DoomState, Invader, Marker
from game.engine.text import Capitalised, M, Mn, Msg


def emit(ctx, kind: str, text: Msg, payload: dict[str, Any] | None = None, hidden: bool = False,
         visible_to: tuple[str, ...] | None = None) -> None:
    ctx.emit(kind, text, payload or {}, hidden, visible_to)


# --- the end --------------------------------------------------------------------------------


def check_frags(ctx) -> None:
    state: DoomState = ctx.state
    target = state.content.scenarios[state.scenario].frag_target
    if state.outcome is None and state.frags >= target:
        state.outcome = INVADER
        emit(ctx, "game_over", Mn("The invader has {n} frag and wins.", "The invader has {n} frags and wins.",
                                  state.frags), {"winner": INVADER})


def gain_frag(ctx, why: Msg) -> None:
    state: DoomState = ctx.state
    state.frags += 1
    emit(ctx, "frag", M("The invader gains a frag ({why}): {frags} of {target}.", why=why, frags=state.frags,
                        target=state.content.scenarios[state.scenario].frag_target), {"frags": state.frags})
    check_frags(ctx)


def check_marine_win(ctx, marine: str) -> None:
    state: DoomState = ctx.state
    area = state.content.scenarios[state.scenario].win_area
    cell = state.marines[marine].cell
    if area and state.outcome is None and cell is not None and state.map.area_of.get(cell) == area:
        state.outcome = "marines"
        emit(ctx, "game_over", M("{figure} reaches the exit: the marines win.", figure=who(state, marine)),
             {"winner": "marines"})


# --- cards ----------------------------------------------------------------------------------


def draw_invader_card(ctx) -> str | None:
    """One card off the invader deck. Drawing its last card gives a frag and the discards are
    shuffled into a new deck (seed p. 6, p. 11); with both piles empty nothing is drawn (spec 11
    item 43)."""
    state: DoomState = ctx.state
    deck = state.deck
    if not deck.draw_pile:
        if not deck.discard_pile:
            return None
        _reshuffle(ctx)
    card = deck.draw_pile.pop(0)
    if not deck.draw_pile:
        gain_frag(ctx, M("the last card of the invader deck was drawn"))
        if deck.discard_pile:
            _reshuffle(ctx)
    return card


def _reshuffle(ctx) -> None:
    state: DoomState = ctx.state
    state.deck.reshuffle(state.rng.stream("invader_deck"))
    emit(ctx, "reshuffle", M("The invader's discard pile is shuffled into a new deck."), {}, hidden=True)


def discard_card(ctx, card: str, why: Msg, from_hand: bool = False) -> None:
    """A card onto the invader's discards: one played is public (its effect shows it); one
    discarded `from_hand` for the hand limit is not shown (seed p. 6, set-up step 6: the invader may look at
    the cards drawn but not show them to the others; nothing says this discard is face up), so
    the marines read that a card went and the invader's own line names it."""
    state: DoomState = ctx.state
    state.hand.remove(card)
    state.deck.discard([card])
    if from_hand:
        emit(ctx, "discard", M("The invader discards a card ({why}).", why=why), {})
        emit(ctx, "discard", M("The invader discards {card} ({why}).", card=card_name(state, card),
                               why=why), {"card": card}, visible_to=(INVADER,))
        return
    emit(ctx, "discard", M("The invader discards {card} ({why}).", card=card_name(state, card),
                           why=why), {"card": card})


# --- wounds and deaths ----------------------------------------------------------------------


def wound(ctx, fig: str, wounds: int, why: Msg, by: str | None = None) -> None:
    """`wounds` wounds on a figure (marine health markers, invader wound markers); `by` is the
    figure whose attack (or barrel) caused them, if any."""
    state: DoomState = ctx.state
    if wounds <= 0:
        return
    if fig in state.marines:
        mar = state.marines[fig]
        if mar.cell is None:
            return
        mar.health -= wounds
        emit(ctx, "wounded", Mn("{figure} takes {n} wound ({why}): {health} health left.",
                                "{figure} takes {n} wounds ({why}): {health} health left.", wounds,
                                figure=who(state, fig), why=why, health=max(mar.health, 0)), {"figure": fig, "wounds": wounds})
        # Spec 6.9, 11 item 18: losing health ends Aim and Guard (Alert keeps Guard, 7.4).
        if mar.order == "aim" or (mar.order == "guard" and not has_card(state, fig, "guard_kept_when_wounded")):
            emit(ctx, "order_lost", M("{figure} loses its {order} order (wounded).", figure=who(state, fig),
                                      order=ref("doom.order", mar.order)), {"figure": fig})
            mar.order = None
        if mar.health <= 0:
            kill_marine(ctx, fig, by)
        return
    inv = state.invaders.get(fig)
    if inv is None:
        return
    mon = state.content.monsters[inv.monster]
    inv.wounds += wounds
    emit(ctx, "wounded", Mn("{figure} takes {n} wound ({why}).", "{figure} takes {n} wounds ({why}).", wounds,
                            figure=who(state, fig), why=why), {"figure": fig, "wounds": wounds})
    if inv.wounds >= mon.health:
        destroy_invader(ctx, fig, M("its wounds reach its health"))


def destroy_invader(ctx, fig: str, why: Msg) -> None:
    state: DoomState = ctx.state
    inv = state.invaders.pop(fig)
    if state.act is not None and state.act.get("fig") == fig:
        state.act["dead"] = True
    emit(ctx, "destroyed", M("{figure} is destroyed ({why}).", figure=who(state, fig), why=why), {"figure": fig,
                             "cells": [list(c) for c in inv.cells]})
    reveal(ctx)


def kill_marine(ctx, marine: str, by: str | None = None) -> None:
    """Spec 6.16: the figure is removed (its square remembered), the invader gains a frag, the
    container is refilled to the starting health and armour, berserk and the order are lost;
    weapons, ammo, adrenaline and cards are kept."""
    state: DoomState = ctx.state
    mar = state.marines[marine]
    mar.death_cell = mar.cell
    mar.cell = None
    mar.dead = True
    mar.health = mar.max_health
    mar.armour = mar.base_armour
    mar.berserk = 0
    mar.order = None
    emit(ctx, "killed", M("{figure} is killed in {place}.", figure=who(state, marine), place=place(state, [mar.death_cell])),
         {"figure": marine})
    if state.phase == "marine" and state.seats[state.seat] == marine and state.turn is not None:
        state.turn["over"] = True  # spec 11 item 42: killed in its own turn, the turn ends
    if by in state.marines and state.option("frags_for_marine_kills") == "invader_only":
        # Spec 11 item 30's option: a marine killed by a marine's attack or barrel gives no frag.
        emit(ctx, "no_frag", M("No frag: {figure} fell to a marine's own fire.", figure=who(state, marine)), {})
    else:
        gain_frag(ctx, M("{figure} was killed", figure=who(state, marine)))
    reveal(ctx)


def damage_wounds(damage: int, armour: int) -> int:
    """Spec 6.4 step 5: floor(damage / armour); the remainder is lost (armour at least 1, 11 item 16)."""
    return damage // max(1, armour)


def armour_of(state: DoomState, fig: str) -> int:
    if fig in state.marines:
        return state.marines[fig].armour
    return state.content.monsters[state.invaders[fig].monster].armour


BARREL_ARMOUR = 1  # spec 11 item 20


def barrel_goes_off(damage: int) -> bool:
    """Whether an attack's damage (Deadly included) sets a barrel off: a wound through its armour
    (spec 6.15, 11 item 20). The attack asks it, and so does the odds panel (odds.explode_chance)."""
    return damage_wounds(damage, BARREL_ARMOUR) >= 1


def barrel_reach(state: DoomState, cell: Cell) -> list[Cell]:
    """The squares a barrel's explosion reaches: the 8 adjacent, not across a wall or closed door."""
    return list(state.map.steps(state.closed_set).get(cell, ()))


def _hit_around(state: DoomState, around: list[Cell], figures: dict[Cell, str]) -> list[str]:
    hit: list[str] = []
    for n in around:
        f = figures.get(n)
        if f is not None and f not in hit:
            hit.append(f)
    return hit


def barrel_chain(state: DoomState, cell: Cell) -> tuple[list[Cell], dict[str, int]]:
    """What a barrel going off does, as explode_barrel resolves it, without doing it: the barrels
    that go off (this one first, then each next to one going off, in turn) and the wounds each
    figure takes (1 a barrel going off next to it; a figure killed on the way would take no more)."""
    gone: list[Cell] = []
    wounds: dict[str, int] = {}
    figures = state.figure_cells()

    def go(c: Cell) -> None:
        gone.append(c)
        around = barrel_reach(state, c)
        for f in _hit_around(state, around, figures):
            wounds[f] = wounds.get(f, 0) + 1
        for n in around:
            if n not in gone and state.has_marker(n, "barrel"):
                go(n)

    if state.has_marker(cell, "barrel"):
        go(cell)
    return gone, wounds


def explode_barrel(ctx, cell: Cell, by: str | None = None) -> None:
    """Spec 6.15: the marker is removed; every creature on the 8 adjacent squares (not across a
    wall or closed door) takes 1 wound; adjacent barrels explode in turn."""
    state: DoomState = ctx.state
    barrel = next((m for m in state.markers if m.cell == cell and m.kind == "barrel"), None)
    if barrel is None:
        return
    said = M("{barrel} explodes.", barrel=Capitalised(barrel_words(state, cell)))  # named while it is there (told from the others)
    state.markers.remove(barrel)
    emit(ctx, "barrel", said, {"cell": list(cell)})
    around = barrel_reach(state, cell)
    for f in _hit_around(state, around, state.figure_cells()):
        wound(ctx, f, 1, M("the barrel's explosion"), by)
    for n in around:
        if state.has_marker(n, "barrel"):
            explode_barrel(ctx, n, by)
    reveal(ctx)


def enter_square(ctx, fig: str, cells: list[Cell], moved_from: list[Cell]) -> None:
    """After a step (or teleport, knockback): the hazard wound on entering (spec 6.15; a large
    figure takes at most 1 per step)."""
    state: DoomState = ctx.state
    new = [c for c in cells if c not in moved_from]
    if any(state.has_marker(c, "hazard") for c in new):
        wound(ctx, fig, 1, M("it entered a hazard"))


# --- exploration ----------------------------------------------------------------------------


def reveal(ctx) -> None:
    """Spec 3.10 proposal: every unrevealed area with a square some marine sees is revealed: its
    markers and the figures for this many marines are placed, and its text is read out."""
    state: DoomState = ctx.state
    m = state.map
    while state.outcome is None:
        revealed = set(state.revealed)
        new = areas_seen(state, [a for a in m.area_names if a not in revealed])
        if not new:
            return
        for area in new:
            reveal_area(ctx, area)


def reveal_area(ctx, area: str) -> None:
    state: DoomState = ctx.state
    m = state.map
    state.revealed.append(area)
    text = m.area_text.get(area, "").rstrip(": ")
    label = m.area_label.get(area, "")  # the map's place name, a built map's piece name, else the id ("A3")
    named = M(label) if label else m.area_place.get(area)
    if named is not None:
        emit(ctx, "revealed", M("{place} is revealed: {text}", place=named, text=M(text)) if text
             else M("{place} is revealed", place=named), {"area": area})
    else:
        emit(ctx, "revealed", M("Area {area} is revealed: {text}", area=area, text=M(text)) if text
             else M("Area {area} is revealed", area=area), {"area": area})
    for p in m.props:
        if p.area != area:
            continue
        mk = Marker(state.new_id("marker"), p.kind, p.variant, p.cell, p.count)
        state.markers.append(mk)
    n_marines = len(state.seats)
    for f in m.figures:
        if f.area != area or f.min_marines > n_marines:
            continue
        if pool_left(state, f.monster) < 1:
            emit(ctx, "not_placed", M("No {monster} figure is left for {name}.", monster=monster(f.monster),
                                      name=f.name), {})
            continue
        figures = state.figure_cells()
        if any(c in figures for c in f.cells):
            emit(ctx, "not_placed", M("{name} cannot be placed: its square is taken.", name=f.name), {})
            continue
        place_invader(ctx, f.monster, list(f.cells))


def pool_left(state: DoomState, monster: str) -> int:
    """Figures of a type still off the board: the colours in use only (seed p. 4; spec 2's even
    split per colour)."""
    per_colour = state.content.monsters[monster].figures // state.content.number("colours_per_type_split")
    on_board = sum(1 for i in state.invaders.values() if i.monster == monster)
    return per_colour * len(state.seats) - on_board


def place_invader(ctx, monster: str, cells: list[Cell]) -> str:
    state: DoomState = ctx.state
    fid = state.new_id(monster)
    state.invaders[fid] = Invader(fid, monster, [tuple(c) for c in cells])
    emit(ctx, "placed", M("{figure} appears in {place}.", figure=who(state, fid), place=place(state, cells)),
         {"figure": fid, "cells": [list(c) for c in cells]})
    return fid


# --- pick-ups -------------------------------------------------------------------------------


def has_card(state: DoomState, marine: str, effect: str) -> bool:
    return any(c.effect == effect for c in state.cards_of(marine))


def pick_up(ctx, marine: str, cell: Cell, berserk: bool = False) -> bool:
    """Spec 6.12 and 11 item 28: a marine takes the markers of a square it enters during its own
    turn (0 MP); a medikit stays at full health; berserk only when asked for (`berserk`).
    Returns whether anything was picked up."""
    state: DoomState = ctx.state
    took = False
    for mk in list(state.markers_at(cell)):
        if mk.kind == "key":
            state.markers.remove(mk)
            if mk.variant not in state.keys:
                state.keys.append(mk.variant)
            emit(ctx, "key", M("{figure} finds the {key} key: every {key} security door can now be opened by the marines.",
                               figure=who(state, marine), key=ref("doom.key", mk.variant)), {"key": mk.variant})
            took = True
            continue
        if mk.kind != "equipment":
            continue
        text = gain(state, marine, mk.variant, mk.count, berserk)
        if text is None:
            continue
        state.markers.remove(mk)
        emit(ctx, "pick_up", M("{figure} picks up {what} in {place}.", figure=who(state, marine), what=text,
                               place=place(state, [cell])),
             {"figure": marine, "item": mk.variant})
        took = True
    return took


def gain(state: DoomState, marine: str, item: str, count: int, berserk: bool = True) -> Msg | None:
    """The marine takes `count` of an ammo, weapon or item id (spec 6.12); its words, or None when
    nothing is taken (a medikit at full health, berserk not asked for)."""
    c = state.content
    mar = state.marines[marine]
    if item in c.ammo:
        mar.ammo[item] = mar.ammo.get(item, 0) + count
        return M("{n} {ammo} ammo", n=count, ammo=ammo(item))
    if item in c.weapons:
        if item not in mar.weapons:
            mar.weapons.append(item)
        return M("the {weapon}", weapon=weapon_name(state, item))
    eff = c.items[item].effect
    if eff == "armour":
        mar.armour += c.items[item].amount * count
        return M("armour")
    if eff == "medikit":
        if mar.health >= mar.max_health:
            return None  # seed p. 9: not picked up at full health
        healed = min(c.items[item].amount * count, mar.max_health - mar.health)
        mar.health += healed
        return M("a medikit ({n} health back)", n=healed)
    if eff == "adrenaline":
        mar.adrenaline += count
        return M("adrenaline")
    if not berserk:
        return None
    mar.berserk = 2
    mar.berserk_turn = state.turn_seq
    return M("the berserk marker (fist only; every hit destroys an invader)")


def trigger_encounter(ctx, marine: str) -> None:
    """Spec 3.3: the first marine to end its move on an encounter marker triggers it."""
    state: DoomState = ctx.state
    cell = state.marines[marine].cell
    if cell is None:
        return
    for mk in list(state.markers_at(cell)):
        if mk.kind != "encounter" or mk.variant in state.encounters_done:
            continue
        state.markers.remove(mk)
        state.encounters_done.append(mk.variant)
        enc = state.content.scenarios[state.scenario].encounters.get(mk.variant)
        if enc is None:
            emit(ctx, "encounter", M("{figure} finds encounter {encounter}; nothing happens.",
                                     figure=who(state, marine),
                                     encounter=mk.variant), {})
            continue
        emit(ctx, "encounter", M(enc.text), {"encounter": mk.variant, "figure": marine})
        _encounter_effects(ctx, marine, enc)
        goal = state.content.scenarios[state.scenario].win_encounters
        if goal and state.outcome is None and all(e in state.encounters_done for e in goal):
            state.outcome = "marines"
            emit(ctx, "game_over", M("Every objective is done: the marines win."), {"winner": "marines"})


def _encounter_effects(ctx, marine: str, enc) -> None:
    """Spec 9.2-9.4 (the project's scenario format, content.Encounter): give, health, doors,
    reveal, spawn, in that order."""
    from game.doom.rules.queries import placements, straddles

    state: DoomState = ctx.state
    mar = state.marines[marine]
    for item, n in enc.give.items():
        text = gain(state, marine, item, n)
        if text is not None:
            emit(ctx, "pick_up", M("{figure} takes {what}.", figure=who(state, marine), what=text), {"figure": marine,
                                   "item": item})
    if enc.health and mar.health < mar.max_health:
        healed = min(enc.health, mar.max_health - mar.health)
        mar.health += healed
        emit(ctx, "heal", M("{figure} heals {n} ({health} health).", figure=who(state, marine), n=healed,
                            health=mar.health),
             {"figure": marine})
    for door, opened in enc.doors.items():
        if door in state.destroyed or (door not in state.closed) == opened:
            continue
        if not opened and straddles(state, door):  # spec 3.2: never closed across a large invader
            emit(ctx, "door", M("Door {door} cannot close: a large invader stands in it.", door=state.map.door_name(door)), {"door": door})
            continue
        state.closed = sorted(set(state.closed) - {door}) if opened else sorted(state.closed + [door])
        emit(ctx, "door", M("Door {door} opens.", door=state.map.door_name(door)) if opened else M("Door {door} slams shut.", door=state.map.door_name(door)),
             {"door": door, "open": opened})
    for area in enc.reveal:
        if area not in state.revealed and state.outcome is None:
            reveal_area(ctx, area)
    reveal(ctx)  # an opened door may show more
    for group in enc.spawn:
        name = monster(group.monster)
        for _ in range(group.count):
            opts = placements(state, group.monster) if pool_left(state, group.monster) > 0 else []
            if not opts or state.outcome is not None:
                emit(ctx, "lost", M("No {monster} of the encounter fits (out of the marines' sight, figures left).",
                                    monster=name), {})
                continue
            places = [{"cells": o} for o in opts]
            got = ctx.choose(INVADER, "place", places, M("Where does the {monster} appear?", monster=name),
                             labels=option_labels(state, "place", places))
            place_invader(ctx, group.monster, [tuple(x) for x in got["cells"]])


__all__ = ["armour_of", "check_frags", "check_marine_win", "damage_wounds", "destroy_invader",
           "discard_card", "draw_invader_card", "emit", "enter_square", "explode_barrel", "gain", "gain_frag", "has_card",
           "kill_marine", "pick_up", "place_invader", "pool_left", "reveal", "trigger_encounter", "wound"]
