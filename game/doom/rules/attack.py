"""One attack, marines and invaders alike (spec doom.md 6.4-6.11): declare a target square,
Aim, the Medic's Heal, roll, rerolls (Aim, Dodge order, the invader's Dodge card), the hit check
(any miss fails; range >= distance; melee ignores range), damage / armour, Blast, Sweep,
Knockback, berserk, barrels, scatter of a failed blast, and the ammo check.

`resolve(ctx, attacker, weapon, target)` is plain code asking ctx.choose; the procedures that
call it (rules/turn.py) run in the Resolver, so every question is a decision point.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any

from game.doom.rules import effects as E
from game.doom.rules import queries as Q
from game.doom.rules import names
from game.doom.rules.names import ammo, dice_words, ref, weapon_name, who
from game.doom.rules.state import INVADER, Cell, DoomState, asks_reaction
from game.engine.text import M, Msg, join

DIRECTIONS = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1), "W": (-1, 0),
              "NW": (-1, -1)}
COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def order_usable(state: DoomState, marine: str, order: str) -> bool:
    """The marine holds `order`, placed in an earlier turn (spec 11 item 17), and is on the board."""
    mar = state.marines[marine]
    return mar.cell is not None and mar.order == order and mar.order_turn != state.turn_seq


def _subsets(n: int) -> list[dict[str, Any]]:
    out = [{"dice": []}]
    for k in range(1, n + 1):
        out += [{"dice": list(c)} for c in combinations(range(n), k)]
    return out


def roll(state: DoomState, dice: tuple[str, ...]) -> list[list[Any]]:
    """[[die id, face name], ...] from the "dice" stream; faces stacked by name in
    `state.flags["dice_stack"]` (die -> [face names], state data, so replays match) come first:
    the lessons' fixed dice (game/doom/tutorial.py)."""
    rng = state.rng.stream("dice")
    stack = state.flags.get("dice_stack", {})
    out = []
    for d in dice:
        if stack.get(d):
            out.append([d, stack[d].pop(0)])
            continue
        face = state.content.dice[d].roll(rng)
        out.append([d, face.name])
    return out


def face(state: DoomState, die: str, name: str):
    return next(f for f in state.content.dice[die].faces if f.name == name)


def resolve(ctx, attacker: str, weapon: str | None, target: Cell, why: Msg | None = None) -> None:
    """An attack, and for a Blow-through weapon its walk (seed p. 12, Láncrombolás): after the
    first roll, hit or miss, the attack may move to a square adjacent to the previous one,
    dropping one green or blue die per square; an enemy (or barrel) there in LOS is rolled
    against with the smaller pool, an empty square only costs the die; never the same target
    twice; each link needs at least 1 ammo of the weapon's type (seed p. 9)."""
    state: DoomState = ctx.state
    target = tuple(target)
    prof = Q.profile(state, attacker, weapon)
    figures = state.figure_cells()
    hit_figs = {figures.get(target)} - {None}
    resolve_roll(ctx, attacker, weapon, target, why)
    if not prof.abilities.blow_through or attacker not in state.marines:
        return
    pool = list(prof.dice)
    cur = target
    m = state.map
    while state.outcome is None and Q.cells_of(state, attacker):
        mar = state.marines[attacker]
        droppable = sorted({d for d in pool if d in ("green", "blue")})
        if not droppable or mar.ammo.get(prof.ammo, 0) < 1:
            return
        opts: list[dict[str, Any]] = [{"to": None}]
        for n in m.steps(state.closed_set).get(cur, ()):
            if state.has_marker(n, "obstacle"):
                continue
            for d in droppable:
                opts.append({"to": list(n), "drop": d})
        got = ctx.choose(attacker, "blow_through", opts, M("Walk the attack on (Blow-through)?"),
                         labels=names.option_labels(state, "blow_through", opts, subject=state.figure_cells().get(cur)))
        if got["to"] is None:
            return
        pool.remove(got["drop"])
        cur = tuple(got["to"])
        fig = state.figure_cells().get(cur)
        E.emit(ctx, "blow_through", M("The attack walks on to {target}, dropping a {die} die.",
                                      target=names.target(state, cur), die=ref("doom.die", got["drop"])), {})
        enemy = fig is not None and Q.side_of(state, fig) != Q.side_of(state, attacker) and fig not in hit_figs
        barrel = fig is None and state.has_marker(cur, "barrel")
        if (enemy or barrel) and Q.sees(state, attacker, cur, fig):
            if fig is not None:
                hit_figs.add(fig)
            resolve_roll(ctx, attacker, weapon, cur, BLOW_THROUGH, tuple(pool))


BLOW_THROUGH = M("blow-through")  # a link of a Blow-through walk (its ammo follows an option)


def resolve_roll(ctx, attacker: str, weapon: str | None, target: Cell, why: Msg | None = None,
                 dice: tuple[str, ...] | None = None) -> None:
    """One attack roll against one target square (spec 6.4 steps 1-6)."""
    state: DoomState = ctx.state
    if state.outcome is not None or not Q.cells_of(state, attacker):
        return
    target = tuple(target)
    prof = Q.profile(state, attacker, weapon)
    if dice is not None:
        prof = Q.Profile(dice, prof.melee, prof.abilities, prof.ammo, prof.accuracy, prof.deadly)
    figures = state.figure_cells()
    target_fig = figures.get(target)
    marine_attacker = attacker in state.marines
    ab = prof.abilities
    dist = Q.distance(state, attacker, target, ab.indirect)
    words = dict(figure=who(state, attacker), target=names.target(state, target), distance=dist)
    if marine_attacker:
        words["weapon"] = weapon_name(state, weapon)
        said = M("{figure} attacks {target} with the {weapon} ({why}); distance {distance}.", why=why,
                 **words) if why else M("{figure} attacks {target} with the {weapon}; distance {distance}.", **words)
    else:
        said = M("{figure} attacks {target} ({why}); distance {distance}.", why=why, **words) if why \
            else M("{figure} attacks {target}; distance {distance}.", **words)
    E.emit(ctx, "attack", said,
           {"attacker": attacker, "weapon": weapon, "target": list(target), "distance": dist})

    aimed = ab.aim
    if marine_attacker and order_usable(state, attacker, "aim"):
        if ctx.choose(attacker, "aim", [{"aim": False}, {"aim": True}], M("Make this an aimed attack?"))["aim"]:
            state.marines[attacker].order = None
            aimed = True
            E.emit(ctx, "aim", M("{figure} discards its Aim order: an aimed attack.", figure=who(state, attacker)), {})

    # The Medic's Heal may be used before the roll, not after (seed p. 10).
    healer_asked = target_fig in state.marines and _heal_window(ctx, target_fig)
    deadly = prof.deadly
    # What a question concerns, as data for a bot (game/engine/resolution.py `about`).
    about: dict[str, Any] = {"attacker": attacker, "weapon": weapon, "target": list(target), "distance": dist}
    if marine_attacker:
        _dark_energies(ctx, about)
    else:
        card = _event_card(state, "deadly")
        # In the invader's own activation only a Medic's question hands the seat away before the
        # roll: after one, the question is asked as after a marine's action (state.asks_reaction).
        if (card or (healer_asked and asks_reaction(state, None))) and ctx.choose(
                INVADER, "hellfire", [{"card": None}] + ([{"card": card}] if card else []),
                M("Play Hellfire on this attack?"), about=about, always=True)["card"]:
            E.discard_card(ctx, card, M("played"))
            deadly += state.content.invader_card(card).amount

    faces = roll(state, prof.dice)
    E.emit(ctx, "roll", M("{figure} rolls {dice}.", figure=who(state, attacker), dice=dice_words(faces)),
           {"faces": faces}, hidden=True)

    # Rerolls (spec 6.10): Dodge and aimed attacks; both at once cancel; never more than once.
    # Several targets (Blast, Sweep): one reroll, decided by the first dodging player to the
    # attacker's left (seed p. 12), i.e. in seat order after the attacker, the invader sitting last.
    dodger = None
    victims = potential_victims(state, attacker, target, prof)
    about = about | {"faces": [list(f) for f in faces], "victims": victims, "accuracy": prof.accuracy,
                     "deadly": deadly, "melee": prof.melee}
    for player in players_left_of(state, attacker):
        if player == INVADER:
            if not marine_attacker or not any(v in state.invaders for v in victims):
                continue
            card = _event_card(state, "reroll")
            if not asks_reaction(state, card):
                continue
            got = ctx.choose(INVADER, "dodge_card", [{"card": None}] + ([{"card": card}] if card else []),
                             M("Play a Dodge card against this attack?"), about=about, always=True)
            if got["card"]:
                E.discard_card(ctx, got["card"], M("played"))
                dodger = INVADER
                break
        elif player in victims and order_usable(state, player, "dodge"):
            dodger = player
            break
    special_ops = marine_attacker and prof.melee and E.has_card(state, attacker, "special_ops")
    if aimed and dodger is not None:
        E.emit(ctx, "reroll", M("The aimed attack and the dodge cancel out: no reroll."), {})
    elif special_ops and not aimed and dodger is None:
        # Special Ops (spec 7.4 PLACEHOLDER): its melee attacks may reroll one die once.
        opts = [o for o in _subsets(len(faces)) if len(o["dice"]) <= 1]
        pick = ctx.choose(attacker, "reroll", opts, M("Reroll one die (Special Ops)? (now {dice})",
                                                      dice=dice_words(faces)),
                          about=about)["dice"]
        if pick:
            new = roll(state, tuple(faces[i][0] for i in pick))
            for i, f in zip(pick, new):
                faces[i] = f
            E.emit(ctx, "roll", M("Rerolled: now {dice}.", dice=dice_words(faces)), {"faces": faces}, hidden=True)
    elif aimed or dodger is not None:
        chooser = attacker if aimed else dodger
        if chooser not in state.marines and chooser != INVADER:
            chooser = INVADER
        pick = ctx.choose(chooser, "reroll", _subsets(len(faces)),
                          M("Which dice of {figure}'s attack are rerolled? (now {dice})", figure=who(state, attacker),
                            dice=dice_words(faces)), about=about)["dice"]
        if pick:
            new = roll(state, tuple(faces[i][0] for i in pick))
            for i, f in zip(pick, new):
                faces[i] = f
            E.emit(ctx, "roll", M("Rerolled: now {dice}.", dice=dice_words(faces)), {"faces": faces}, hidden=True)

    fs = [face(state, d, n) for d, n in faces]
    missed = any(f["miss"] for f in fs)
    rng_total = sum(f["range"] for f in fs) + prof.accuracy
    if marine_attacker and state.flags.get("darkness"):
        rng_total = max(0, rng_total - state.flags["darkness"])
    damage = sum(f["damage"] for f in fs) + deadly
    dud = False
    if marine_attacker and not missed and any(f["ammo"] for f in fs):
        card = _event_card(state, "attack_fails")
        if asks_reaction(state, card) and ctx.choose(
                INVADER, "dud", [{"card": None}] + ([{"card": card}] if card else []), M("Play Dud on this attack?"),
                about=about | {"faces": [list(f) for f in faces]}, always=True)["card"]:
            E.discard_card(ctx, card, M("played"))
            dud = True
    hit = not missed and not dud and (prof.melee or (dist is not None and rng_total >= dist))
    if dud:
        E.emit(ctx, "miss", M("Dud: the attack fails (the ammo is still spent)."), {})
    elif missed:
        E.emit(ctx, "miss", M("A die shows a miss: the attack fails."), {})
    elif not hit:
        E.emit(ctx, "miss", M("Range {range} is short of distance {distance}: the attack fails.", range=rng_total,
                              distance=dist), {})
    else:
        rolled_r, rolled_d = sum(f["range"] for f in fs), sum(f["damage"] for f in fs)
        r_words = M("range {range} ({rolled} rolled {bonus})", range=rng_total, rolled=rolled_r,
                    bonus=f"{rng_total - rolled_r:+d}") if rng_total != rolled_r else M("range {range}",
                                                                                        range=rng_total)
        d_words = M("{damage} damage ({rolled} rolled {bonus})", damage=damage, rolled=rolled_d,
                    bonus=f"{damage - rolled_d:+d}") if damage != rolled_d else M("{damage} damage", damage=damage)
        # Spec 6.5: a melee attack ignores range numbers, so its hit line names none.
        words = M("Hit: {damage}.", damage=d_words) if prof.melee else M("Hit: {range}, {damage}.", range=r_words,
                                                                          damage=d_words)
        E.emit(ctx, "hit", words, {"range": rng_total, "damage": damage})

    ammo_icon = any(f["ammo"] for f in fs)
    if hit:
        _damage(ctx, attacker, weapon, target, damage, prof)
    elif ab.blast:
        _scatter(ctx, attacker, weapon, target, damage, prof)

    # Ammo check after every attack, hit or miss (spec 6.4 step 6): one token per roll.
    link = why is BLOW_THROUGH
    if marine_attacker and prof.ammo != "none" and ammo_icon and not (link and state.option("blow_through_ammo") == "first_only"):
        mar = state.marines[attacker]
        if mar.ammo.get(prof.ammo, 0) > 0:
            mar.ammo[prof.ammo] -= 1
            # "1 shells/bullets ammo", as a pick-up counts it ("spends 1 rockets/grenades" read as a slip)
            E.emit(ctx, "ammo", M("An ammo icon: {figure} spends 1 {ammo} ammo ({n} left).", figure=who(state, attacker),
                                  ammo=ammo(prof.ammo), n=mar.ammo[prof.ammo]), {"ammo": prof.ammo})


def players_left_of(state: DoomState, attacker: str) -> list[str]:
    """Every player in turn order starting after the attacker's seat (the invader sits last)."""
    seats = state.seats + [INVADER]
    me = attacker if attacker in state.marines else INVADER
    i = seats.index(me)
    return seats[i + 1:] + seats[:i]


def potential_victims(state: DoomState, attacker: str, target: Cell, prof: Q.Profile) -> list[str]:
    """The figures an attack would hit if it hits: the blast area, the attacker's adjacent enemies
    (Sweep), or the figure on the target square."""
    ab = prof.abilities
    if ab.blast:
        return Q.figures_in(state, Q.blast_area(state, target, ab.blast))
    if ab.sweep:
        own = Q.cells_of(state, attacker)
        near = [c for c, f in state.figure_cells().items()
                if Q.side_of(state, f) != Q.side_of(state, attacker)
                and any(state.map.adjacent(a, c, state.closed_set) for a in own)]
        return Q.figures_in(state, sorted(near))
    return Q.figures_in(state, [target])


def _event_card(state: DoomState, effect: str) -> str | None:
    return next((c for c in sorted(state.hand) if state.content.invader_card(c).effect == effect), None)


def _dark_energies(ctx, about: dict[str, Any]) -> None:
    """Seed p. 11 (Sötét energiák): immediately before a marine's attack, remove 1 wound marker
    from one of your creatures."""
    state: DoomState = ctx.state
    card = _event_card(state, "remove_wound")
    wounded = [f for f, inv in state.invaders.items() if inv.wounds > 0]
    if not wounded or not asks_reaction(state, card):
        return
    opts = [{"card": None}] + ([{"card": card, "figure": f} for f in wounded] if card else [])
    got = ctx.choose(INVADER, "dark_energies", opts, M("Play Dark Energies before this attack?"), about=about,
                     always=True)
    if got["card"]:
        E.discard_card(ctx, card, M("played"))
        inv = state.invaders[got["figure"]]
        inv.wounds = max(0, inv.wounds - state.content.invader_card(card).amount)
        E.emit(ctx, "dark_energies", M("Dark Energies: {figure} loses a wound marker.", figure=who(state, inv.id)), {})


def _heal_window(ctx, target: str) -> bool:
    """The Medics' Heal before a roll against `target`; whether a Medic was asked."""
    state: DoomState = ctx.state
    mar = state.marines[target]
    asked = False
    for medic in state.seats:
        if not order_usable(state, medic, "heal") or mar.health >= mar.max_health or mar.cell is None:
            continue
        mc = state.marines[medic].cell
        if medic != target and not state.map.adjacent(mc, mar.cell, state.closed_set):
            continue
        asked = True
        if ctx.choose(medic, "heal", [{"heal": False}, {"heal": True}],
                      M("Heal {figure} before the roll?", figure=who(state, target)))["heal"]:
            state.marines[medic].order = None
            mar.health += 1
            E.emit(ctx, "heal", M("{figure} uses its Heal order: {target} heals 1 ({health} health).",
                                  figure=who(state, medic), target=who(state, target), health=mar.health), {"figure": target})
    return asked


def _damage(ctx, attacker: str, weapon: str | None, target: Cell, damage: int, prof: Q.Profile) -> None:
    state: DoomState = ctx.state
    ab = prof.abilities
    victims = potential_victims(state, attacker, target, prof)
    if ab.blast:
        area = Q.blast_area(state, target, ab.blast)
        barrels = [c for c in area if state.has_marker(c, "barrel")]
        # The flood fill itself, for the table's and the tutorial's drawing (spec 12 "tutorial hooks").
        around = names.target(state, target)
        E.emit(ctx, "blast", M("The blast covers {n} squares around {target}: {figures} caught in it.", n=len(area),
                               target=around, figures=join(", ", [who(state, v) for v in victims])) if victims else
               M("The blast covers {n} squares around {target}.", n=len(area), target=around),
               {"cells": [list(c) for c in area], "figures": victims})
    else:
        barrels = [target] if state.has_marker(target, "barrel") else []
    berserk = attacker in state.marines and state.marines[attacker].berserk and weapon == "fist"
    knocked = []
    for v in victims:
        if v not in state.marines and v not in state.invaders:
            continue  # removed meanwhile
        if berserk and v in state.invaders:
            E.destroy_invader(ctx, v, M("a berserk fist"))
            continue
        wounds = E.damage_wounds(damage, E.armour_of(state, v))
        if wounds == 0:
            E.emit(ctx, "no_wound", M("{damage} damage does not get through {figure}'s armour {armour}.", damage=damage,
                                      figure=who(state, v), armour=E.armour_of(state, v)), {"figure": v})
        E.wound(ctx, v, wounds, M("the attack"), attacker)
        if ab.knockback and damage >= 1 and v in state.marines and state.marines[v].cell is not None:
            knocked.append(v)
    for c in barrels:
        if E.barrel_goes_off(damage):
            E.explode_barrel(ctx, c, attacker)
    decider = attacker if attacker in state.marines else INVADER
    limit = state.content.number("knockback_squares")
    for v in knocked:
        if state.marines[v].cell is None or state.outcome is not None:
            continue
        opts = [{"to": None}] + [{"to": list(c)} for c in Q.knockback_squares(state, v, limit)]
        to = ctx.choose(decider, "knockback", opts, M("Where is {figure} knocked back to?", figure=who(state, v)),
                        labels=names.option_labels(state, "knockback", opts, subject=v))["to"]
        if to is None:
            continue
        mar = state.marines[v]
        old = mar.cell
        mar.cell = tuple(to)
        if mar.order == "aim":
            mar.order = None  # it left its square (spec 11 item 24)
        E.emit(ctx, "knockback", M("{figure} is knocked back to {place}.", figure=who(state, v),
                                   place=names.place(state, [mar.cell])), {"figure": v})
        E.enter_square(ctx, v, [mar.cell], [old])
        E.reveal(ctx)


def _scatter(ctx, attacker: str, weapon: str | None, target: Cell, damage: int, prof: Q.Profile) -> None:
    """Spec 6.11: flip the top invader card, count its scatter from the original target square
    (turned by the compass); the explosion hurts only if the straight path crosses no wall,
    closed door or blocking obstacle; a miss icon, a blocked path or leaving the board is harmless."""
    state: DoomState = ctx.state
    card = E.draw_invader_card(ctx)
    if card is None:
        E.emit(ctx, "scatter", M("No invader card is left to flip: the blast goes off harmlessly."), {})
        return
    state.deck.discard([card])
    sc = state.content.scatter_of(card)
    if sc == "miss":
        # the miss icon said as one ('the flipped card shows miss.' read as a typo)
        E.emit(ctx, "scatter", M("Scatter: the flipped card shows a miss icon."), {"card": card, "scatter": sc},
               hidden=True)
        E.emit(ctx, "scatter", M("A miss icon: the blast goes off harmlessly."), {})
        return
    head = sc.rstrip("0123456789")
    steps = int(sc[len(head):])
    turn = COMPASS.index(state.content.scenarios[state.scenario].compass)
    way = COMPASS[(COMPASS.index(head) + turn) % 8]  # on the map (north up), the card turned by the compass
    dx, dy = DIRECTIONS[way]
    # In words, never the diagram's code ("NE2" read as a square's name or a typo).
    E.emit(ctx, "scatter", names.scatter_words(way, steps), {"card": card, "scatter": sc}, hidden=True)
    m = state.map
    explored = Q.revealed_cells(state)  # unexplored pieces are not on the table: off the board
    cur = target
    for _ in range(steps):
        nxt = (cur[0] + dx, cur[1] + dy)
        if nxt not in explored or not m.step_ok(cur, nxt, state.closed_set) or state.has_marker(nxt, "obstacle"):
            E.emit(ctx, "scatter", M("The blast's path from {target} is blocked: nobody is hurt.",
                                     target=names.target(state, target)), {})
            return
        cur = nxt
    E.emit(ctx, "scatter", M("The blast lands on {target}.", target=names.target(state, cur)), {"cell": list(cur)})
    _damage(ctx, attacker, weapon, cur, damage, prof)


__all__ = ["order_usable", "resolve"]
