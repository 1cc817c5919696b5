"""The round (spec doom.md 5): marine turns (respawn, upkeep, one declared action, movement,
attacks, doors, orders, teleports, pick-ups) and the invader's three steps (draw and discard to
8, at most one spawn card, then every figure activated once), with Guard and Sentry as decision
points inside the moves and attacks.

`legal_actions(state)` lists what the current decider may do; `apply(state, action)` checks the
action against it (an IllegalAction names the reason in plain words) and carries it out. Anything
that may stop for a question mid-way runs as a Resolver procedure (rules/procedures.py).
"""
from __future__ import annotations

from typing import Any

from game.doom.rules import attack as A
from game.doom.rules import effects as E
from game.doom.rules import procedures as P
from game.doom.rules import names
from game.doom.rules import queries as Q
from game.doom.rules.names import (ammo, card_name, label, monster as monster_name, monsters, option_labels, place, ref, sq,
                                   squares, weapon_name, who)
from game.doom.rules.state import INVADER, Cell, DoomState, asks_reaction
from game.engine.protocol import Action, Event, IllegalAction
from game.engine.text import M, Mn, Msg, join

ACTIONS = ("run", "fire", "advance", "ready")
END_TURN = M("End the turn")
END_INVADER_TURN = M("End the invader's turn")

NO_SPAWN = M("Play no spawn card")
INVADER_TURN = M("The invader's turn.")


def _step_msg(state: DoomState, fig: str, pos, n: int, start):
    """A move's log line: how far, and the place a player finds on the map, never a square's
    coordinates: "Red moves 3 squares into the Crew lounge." when it reached another area than
    the one it started in, "Red moves 3 squares in the Crew lounge." when it stayed in it (the
    line said "to the Crew lounge" for both, as if a place had been reached)."""
    if state.map.area_of.get(min(tuple(c) for c in start)) == state.map.area_of.get(min(tuple(c) for c in pos)):
        return Mn("{figure} moves {n} square in {place}.", "{figure} moves {n} squares in {place}.", n,
                  figure=who(state, fig), place=place(state, pos))
    return Mn("{figure} moves {n} square into {place}.", "{figure} moves {n} squares into {place}.", n,
              figure=who(state, fig), place=place(state, pos))


# Log lines said again and again (kept per what they say, like the labels: names.label).
def _lost_msg(name):
    return M("No square out of the marines' sight fits a {monster}: it is lost.", monster=name)


def _round_msg(n: int):
    return M("Round {round} begins.", round=n)


def _turn_msg(state: DoomState, marine: str):
    return M("{figure}'s turn.", figure=who(state, marine))


def _draws_msg(card):
    return M("The invader draws {card}.", card=card)


def _drawn_msg(n: int, held: int):
    return Mn("The invader draws {n} card ({held} in hand).", "The invader draws {n} cards ({held} in hand).", n,
              held=held)


def _activates_msg(state: DoomState, fig: str, mp: int):
    return M("The invader activates {figure} ({mp} MP, 1 attack).", figure=who(state, fig), mp=mp)


def _move_label(cell, steps: int):
    return M("Move to {cell} ({mp} MP)", cell=sq(cell), mp=steps)


def _invader_move_label(state: DoomState, fig: str, pos, steps: int):
    return M("Move {figure} to {cells} ({mp} MP)", figure=who(state, fig), cells=squares(pos), mp=steps)


def _activate_msg(state: DoomState, fig: str):
    return M("Activate {figure}", figure=who(state, fig))


def _activate_label(state: DoomState, fig: str):
    return label(("activate", fig), _activate_msg, state, fig)


def _end_activation_msg(state: DoomState, fig: str):
    return M("End {figure}'s activation", figure=who(state, fig))


def _declare_msg(action: str):
    return M("Declare {action}", action=ref("doom.action", action))


def _discard_msg(state: DoomState, card: str):
    return M("Discard {card}", card=card_name(state, card))


def _spawn_msg(state: DoomState, card: str, half):
    words = join(" + ", [monsters(g.monster, g.count) for g in half])
    return M("Spawn {monsters} ({card})", monsters=words, card=card_name(state, card))


# ============================================================================ deciders and lists


def decider(state: DoomState) -> str | None:
    if state.outcome is not None:
        return None
    if state.proc is not None:
        return state.proc["pending"]["decider"]
    if state.phase == "marine" and not state.flags.get("interlude") and not state.flags.get("window"):
        return state.seats[state.seat]
    return INVADER


def legal_actions(state: DoomState) -> list[Action]:
    acts = _legal_actions(state)
    state.__dict__["_legal"] = acts  # not a field: never in the JSON (see apply)
    return list(acts)


def _legal_actions(state: DoomState) -> list[Action]:
    if state.outcome is not None:
        return []
    if state.proc is not None:
        pend = state.proc["pending"]
        return [Action(pend["kind"], dict(o), label) for o, label in zip(pend["options"], pend["labels"])]
    if state.flags.get("window"):
        return _window_actions(state)
    if state.flags.get("interlude"):
        return _interlude_actions(state)
    if state.phase == "marine":
        return _marine_actions(state)
    if state.phase == "discard":
        return [Action("discard", {"card": c}, label(("discard", c), _discard_msg, state, c))
                for c in sorted(set(state.hand))]
    if state.phase == "spawn":
        out = [Action("no_spawn", {}, NO_SPAWN)] + start_events(state)
        for c in sorted(set(state.hand)):
            card = state.content.invader_card(c)
            if card.kind != "spawn":
                continue
            for i, half in enumerate(card.halves):
                out.append(Action("spawn", {"card": c, "half": i}, label(("spawn", c, i), _spawn_msg, state, c, half)))
        return out
    return _kill_actions(state)


def _marine_actions(state: DoomState) -> list[Action]:
    mar = state.active_marine()
    c = state.content
    t = state.turn
    if t.get("over"):  # killed in its own turn: the turn ends at once (spec 11 item 42)
        return [Action("end_turn", {}, END_TURN)]
    if mar.dead or mar.cell is None:
        spots = respawn_squares(state, mar.id)
        if not spots:  # no explored empty square at all: the marine waits for its next turn
            return [Action("end_turn", {}, M("End the turn (no square to respawn on)"))]
        return [Action("respawn", {"cell": list(cell)}, M("Respawn at {cell}", cell=sq(cell))) for cell in spots]
    out: list[Action] = []
    if t["action"] is None:
        for a in ACTIONS:
            out.append(Action("declare", {"action": a}, label(("declare", a), _declare_msg, a)))
        if mar.adrenaline > 0 and not t["adrenaline"]:
            out.append(Action("adrenaline", {}, M("Discard adrenaline: +4 squares of movement this turn")))
        return out
    if t["mp"] > 0:
        for pos, steps in sorted(Q.move_lengths(state, mar.id, t["mp"])):
            out.append(Action("move", {"to": list(pos[0])}, label(("move", pos[0], steps), _move_label, pos[0], steps)))
        cost = door_cost(state, mar.id)
        if t["mp"] >= cost:
            for d in Q.usable_doors(state, mar.id):
                out.append(Action("door", {"door": d}, M("Open door {door} ({mp} MP)", door=state.map.door_name(d), mp=cost)
                                  if d in state.closed else M("Close door {door} ({mp} MP)", door=state.map.door_name(d), mp=cost)))
        for dest in teleport_squares(state, mar.id):
            out.append(Action("teleport", {"to": list(dest)}, M("Teleport to {cell} (1 MP)", cell=sq(dest))))
        if t["mp"] >= c.number("give_cost"):
            for other, what in give_options(state, mar.id):
                out.append(Action("give", {"to": other, "what": what},
                                  M("Give {figure} 1 {ammo} ammo (1 MP)", figure=who(state, other), ammo=ammo(what))
                                  if what in c.ammo else M("Give {figure} the {weapon} (1 MP)",
                                                           figure=who(state, other),
                                                           weapon=weapon_name(state, what))))
    if t["attacks"] > 0:
        sight: dict = {}
        for w in Q.marine_weapons(state, mar):
            for cell in Q.attack_targets(state, mar.id, w, sight):
                out.append(Action("attack", {"weapon": w, "target": list(cell)},
                                  M("Attack {target} with the {weapon}", target=names.target(state, cell),
                                    weapon=weapon_name(state, w))))
    if t["order_ok"] and not t["order_placed"] and mar.order is None:
        for o, rec in c.orders.items():
            if rec.medic_only and not E.has_card(state, mar.id, "heal_order"):
                continue
            out.append(Action("order", {"order": o}, M("Place an {order} order", order=ref("doom.order", o))
                              if rec.name[:1] in "AEIOU" else M("Place a {order} order", order=ref("doom.order", o))))
    if any(m.kind == "equipment" and c.items.get(m.variant) and c.items[m.variant].effect == "berserk"
           for m in state.markers_at(mar.cell)):
        out.append(Action("pick_up", {"item": "berserk"}, M("Take the berserk marker")))
    out.append(Action("end_turn", {}, END_TURN))
    return out


def _window_actions(state: DoomState) -> list[Action]:
    """Before a marine declares (seed p. 11: 'immediately before a marine's turn'): Ambush."""
    w = state.flags["window"]
    out = [Action("pass", {}, M("Play nothing now"))]
    for f in (w["figures"] if w["card"] is not None else ()):
        out.append(Action("play", {"card": w["card"], "figure": f},
                          M("Play {card}: {figure} activates now", card=card_name(state, w["card"]),
                            figure=who(state, f))))
    return out


def _interlude_actions(state: DoomState) -> list[Action]:
    """Activations inside a marine's turn (Trap, Ambush): the marine's turn waits."""
    if state.act is not None:
        return _kill_actions(state)
    inter = state.flags["interlude"]
    out = [Action("activate", {"figure": f}, _activate_label(state, f))
           for f in (inter["figures"] or list(state.invaders)) if f in state.invaders and f not in inter["done"]]
    out.append(Action("end_interlude", {}, M("Let the marine carry on")))
    return out


def _kill_actions(state: DoomState) -> list[Action]:
    act = state.act
    if act is None:
        frenzy = state.flags.get("frenzy")
        out = [Action("activate", {"figure": f}, _activate_label(state, f))
               for f in state.invaders
               if f not in state.activated or (f == frenzy and state.activated.count(f) == 1)]
        if not state.activated:
            out += start_events(state)  # seed p. 11: before the first invader figure acts
        out.append(Action("end_invader_turn", {}, END_INVADER_TURN))
        return out
    fig = act["fig"]
    out = []
    if not act.get("dead") and fig in state.invaders:
        if act["mp"] > 0:
            for pos, steps in sorted(Q.move_lengths(state, fig, act["mp"])):
                out.append(Action("move", {"to": [list(c) for c in pos]},
                                  _invader_move_label(state, fig, pos, steps)))
            if act["mp"] >= state.content.number("door_cost"):
                for d in Q.usable_doors(state, fig):
                    out.append(Action("door", {"door": d}, M("Open door {door}", door=state.map.door_name(d)) if d in state.closed
                                      else M("Close door {door}", door=state.map.door_name(d))))
            for dest in vent_squares(state, fig):
                out.append(Action("vent", {"to": list(dest)}, M("Crawl through the vents to {cell}", cell=sq(dest))))
        if act["attacks"] > 0:
            for cell in Q.attack_targets(state, fig, None):
                out.append(Action("attack", {"target": list(cell)},
                                  M("{figure} attacks {target}", figure=who(state, fig),
                                    target=names.target(state, cell))))
    out.append(Action("end_activation", {}, label(("end_activation", fig), _end_activation_msg, state, fig)))
    return out


# ============================================================================ helpers


def start_events(state: DoomState) -> list[Action]:
    """Event cards played "at the start of your turn" (seed p. 11): after the cut to 8, before
    the first invader figure acts. One action per card and choice of its target."""
    c = state.content
    out: list[Action] = []
    for card in sorted(set(state.hand)):
        spec = c.invader_card(card)
        if spec.kind != "event" or spec.timing != "start_of_invader_turn":
            continue
        name = card_name(state, card)

        def play(payload: dict, choice: Msg) -> Action:
            # The choice apart (Action.label params["choice"]): a table that names the card above
            # its buttons words each button by what differs (spec 8.1; ui/doom table_scene).
            return Action("play", {"card": card, **payload}, M("Play {card}: {choice}", card=name, choice=choice))

        if spec.effect == "destroy_door":
            for d in sorted(set(state.map.doors) - set(state.destroyed)):
                out.append(play({"door": d}, M("destroy door {door}", door=state.map.door_name(d))))
        elif spec.effect == "close_doors":
            free = [d for d in sorted(state.map.doors) if d not in state.closed and d not in state.destroyed
                    and not state.map.doors[d].security and not (set(state.figure_cells()) & state.map.doors[d].flanks)]
            for i, d in enumerate(free):
                out.append(play({"doors": [d]}, M("close door {door}", door=state.map.door_name(d))))
                if spec.amount >= 2:
                    for e in free[i + 1:]:
                        out.append(play({"doors": [d, e]}, M("close doors {door} and {other}", door=state.map.door_name(d), other=state.map.door_name(e))))
        elif spec.effect == "activate_twice":
            for f in state.invaders:
                out.append(play({"figure": f}, M("{figure} activates twice", figure=who(state, f))))
        elif spec.effect == "type_speed":
            for mon in sorted({i.monster for i in state.invaders.values()}):
                out.append(play({"monster": mon}, M("every {monster} +{n} MP", monster=monster_name(mon), n=spec.amount)))
        elif spec.effect in ("marine_range_minus", "extra_spawn"):
            out.append(Action("play", {"card": card}, M("Play {card}", card=name)))
    return out


def door_cost(state: DoomState, marine: str) -> int:
    for mc in state.cards_of(marine):
        if mc.effect == "door_cost":
            return mc.params["cost"]
    return state.content.number("door_cost")


def teleport_squares(state: DoomState, marine: str) -> list[Cell]:
    """Spec 6.14: from a teleporter square, any other teleporter of the same colour (explored
    or not) that no marine stands on."""
    cell = state.marines[marine].cell
    here = [m for m in state.markers_at(cell) if m.kind == "teleporter"]
    if not here:
        return []
    colour = here[0].variant
    marines = {m.cell for m in state.marines.values() if m.cell is not None}
    dests = {m.cell for m in state.markers if m.kind == "teleporter" and m.variant == colour}
    dests |= {p.cell for p in state.map.props if p.kind == "teleporter" and p.variant == colour}
    return sorted(d for d in dests if d != cell and d not in marines)


def give_options(state: DoomState, marine: str) -> list[tuple[str, str]]:
    """Seed p. 9: a weapon or ammo marker to a marine on an adjacent square, 1 MP per marker;
    never armour (a weapon the other already has is not offered)."""
    mar = state.marines[marine]
    out = []
    for other in state.seats:
        o = state.marines[other]
        if other == marine or o.cell is None or not state.map.adjacent(mar.cell, o.cell, state.closed_set):
            continue
        out += [(other, a) for a, n in sorted(mar.ammo.items()) if n > 0]
        out += [(other, w) for w in mar.weapons if w not in o.weapons]
    return out


def vent_squares(state: DoomState, fig: str) -> list[Cell]:
    """Spec 6.8 Vent crawl: from a vent to any other explored vent no figure stands on."""
    inv = state.invaders[fig]
    if not state.content.monsters[inv.monster].abilities.vent_crawl or len(inv.cells) != 1:
        return []
    if not state.has_marker(inv.cells[0], "vent"):
        return []
    figures = state.figure_cells()
    return sorted(m.cell for m in state.markers if m.kind == "vent" and m.cell != inv.cells[0]
                  and m.cell not in figures)


def respawn_squares(state: DoomState, marine: str) -> list[Cell]:
    """Spec 6.16: explored, empty squares 8 to 16 squares (a king-move path over explored floor,
    ignoring figures and doors) from the death square; if none, those closest to it."""
    m = state.map
    mar = state.marines[marine]
    explored = Q.revealed_cells(state)
    start = mar.death_cell
    dist = {start: 0}
    frontier = [start]
    steps = m.steps(frozenset())
    while frontier:
        nxt = []
        for c in frontier:
            for n in steps.get(c, ()):
                if n in explored and n not in dist:
                    dist[n] = dist[c] + 1
                    nxt.append(n)
        frontier = nxt
    figures = state.figure_cells()
    lo, hi = state.content.number("respawn_min"), state.content.number("respawn_max")
    empty = [c for c in explored if c not in figures and not any(
        mk.kind in ("obstacle", "barrel", "hazard") for mk in state.markers_at(c))]
    if not empty:
        return []

    def miss(c: Cell) -> int:
        d = dist.get(c)
        if d is None:
            return 10 ** 6
        return max(lo - d, 0, d - hi)

    best = min(miss(c) for c in empty)
    return sorted(c for c in empty if miss(c) == best)


# ============================================================================ apply


def apply(state: DoomState, action: Action) -> list[Event]:
    if state.outcome is not None:
        raise IllegalAction(M("The game is over."))
    listed = state.__dict__.pop("_legal", None)
    # The very object legal_actions handed out since the last change is legal as it is (the UI,
    # bots and the benchmark pass those back); anything else is checked against a fresh list.
    if listed is None or not any(a is action for a in listed):
        if action not in _legal_actions(state):
            raise IllegalAction(refusal(state, action))
    try:
        return _apply(state, action)
    finally:
        state.__dict__.pop("_legal", None)  # a listing taken halfway through is stale now


def _apply(state: DoomState, action: Action) -> list[Event]:
    if state.proc is not None:
        return P.answer(state, dict(action.payload))
    kind = action.kind
    pl = action.payload
    events: list[Event] = []
    if state.flags.get("window"):
        w = state.flags.pop("window")
        if kind == "pass":
            events = []
        else:
            events = P.start(state, "play_event", dict(pl))
            state.flags["interlude"] = {"card": w["card"], "left": 1, "figures": [pl["figure"]], "done": []}
    elif state.flags.get("interlude"):
        if kind == "end_interlude":
            state.flags.pop("interlude")
            events = [Event("interlude", M("{figure} carries on.", figure=who(state, state.seats[state.seat])))]
        else:
            events = _apply_kill(state, kind, pl)
    elif state.phase == "marine":
        events = _apply_marine(state, kind, pl)
    elif kind == "discard":
        events = P.start(state, "discard", {"card": pl["card"]})
    elif kind == "play":
        events = P.start(state, "play_event", dict(pl))
    elif kind == "no_spawn":
        state.phase = "kill"
        events = [Event("no_spawn", M("The invader plays no spawn card."))]
    elif kind == "spawn":
        events = P.start(state, "spawn", {"card": pl["card"], "half": pl["half"]})
    else:
        events = _apply_kill(state, kind, pl)
    return events + _after(state)


def _attack_refusal(state: DoomState, attacker: str, weapon: str, target: Any) -> Msg:
    """Why a marine's attack on `target` is refused once the weapon is his and loaded: what on
    the square stops it when it holds an enemy or a barrel (out of reach of a melee weapon, out
    of line of sight: the table showed 'That square cannot be attacked: it needs an enemy ...'
    on a Zombie the marine could not see), else that nothing there can be attacked."""
    cell = (target[0], target[1]) if isinstance(target, (list, tuple)) and len(target) == 2 else None
    fig = state.figure_cells().get(cell) if cell is not None else None
    if cell is None or not ((fig is not None and fig not in state.marines) or state.has_marker(cell, "barrel")):
        return M("That square cannot be attacked: it needs an enemy or a barrel in line of sight "
                 "(melee: on an adjacent square).")
    what, me, arm = names.target(state, cell), who(state, attacker), weapon_name(state, weapon)
    prof = Q.profile(state, attacker, weapon)
    if prof.melee:
        return M("{figure} cannot reach {target}: the {weapon} reaches only an adjacent square.",
                 figure=me, target=what, weapon=arm)
    if not prof.abilities.indirect and not Q.sees(state, attacker, cell, fig):
        return M("{figure} has no line of sight to {target}: a wall, a closed door or a figure is in the "
                 "way.", figure=me, target=what)
    return M("{figure} cannot attack {target} with the {weapon} from there.", figure=me, target=what,
             weapon=arm)


def _door_refusal(state: DoomState, fig: str, door: Any, mp: int, cost: int) -> Msg:
    """Why `fig` may not open or close `door` now, the one thing that stops it (spec 3.2, 6.13):
    the table said every condition at once ('stand on a flanking square, have 2 MP; security
    doors need their key; ...') to a marine standing by the door with no MP left."""
    me = who(state, fig)
    name = state.map.door_name(door) if isinstance(door, str) else door  # as the table labels it
    d = state.map.doors.get(door) if isinstance(door, str) else None
    if d is None:
        return M("There is no door there.")
    if door in state.destroyed:
        return M("Door {door} is destroyed.", door=name)
    if d.security and fig not in state.marines:
        return M("Invaders never open or close a security door ({door}).", door=name)
    if d.security and d.key not in state.keys:
        return M("Door {door} is a security door: it opens once the marines find the {key} key.", door=name,
                 key=ref("doom.key", d.key))
    reach = state.map.door_reach(state.closed_set, state.option("door_reach") == "adjacent")
    if reach[door].isdisjoint(Q.cells_of(state, fig)):
        if state.option("door_reach") == "adjacent":
            return M("{figure} is not next to door {door}: stand on a square beside it.", figure=me, door=name)
        return M("{figure} is not next to door {door}: stand on one of the squares on either side of it.",
                 figure=me, door=name)
    if door not in state.closed and Q.straddles(state, door):
        return M("Door {door} cannot be closed: a large invader stands across it.", door=name)
    if mp < cost:
        return M("{figure} has {mp} MP left: opening or closing a door costs {cost} MP.", figure=me, mp=mp,
                 cost=cost)
    return M("{figure} cannot use door {door} now.", figure=me, door=name)


def refusal(state: DoomState, action: Action) -> Msg:
    """Why an action is not legal now, in words a player understands."""
    who_now = decider(state)
    if state.proc is not None:
        if who_now == INVADER:  # 'the invader' is no sentence's start
            return M("The invader must first answer: {question}", question=state.proc["pending"]["prompt"])
        return M("{figure} must first answer: {question}", figure=who(state, who_now),
                 question=state.proc["pending"]["prompt"])
    if state.flags.get("window"):
        return M("The invader may first play a card before this marine's turn (or pass).")
    if state.flags.get("interlude"):
        return M("{figure}'s turn waits: invaders are acting (Trap or Ambush).",
                 figure=who(state, state.seats[state.seat]))
    if state.phase == "marine":
        mar = state.active_marine()
        me = who(state, mar.id)
        t = state.turn
        if mar.cell is None and action.kind != "respawn":
            return M("{figure} is dead and must respawn first.", figure=me)
        if action.kind == "respawn":
            return M("That square is not a legal respawn square (explored, empty, 8 to 16 squares from the death square).")
        if t["action"] is None and action.kind not in ("declare", "adrenaline"):
            return M("{figure} must declare an action (Run, Fire, Advance or Ready) first.", figure=me)
        if action.kind == "declare":
            return M("{figure} has already declared {action} this turn.", figure=me,
                     action=ref("doom.action", t["action"]))
        if action.kind == "move":
            if t["mp"] <= 0:
                return M("{figure} has no movement left this turn.", figure=me)
            return M("{figure} cannot reach that square with {mp} MP (walls, closed doors, invaders and obstacles "
                     "block; the move must end on an empty square).", figure=me, mp=t["mp"])
        if action.kind == "attack":
            if t["attacks"] <= 0:
                return M("{figure} has no attack left this turn.", figure=me)
            w = action.get("weapon")
            if w not in state.content.weapons:
                return M("There is no weapon called {weapon}.", weapon=repr(w))
            if w not in Q.marine_weapons(state, mar):
                if mar.berserk:
                    return M("{figure} is berserk and may only attack with its fist.", figure=me)
                wp = state.content.weapons[w]
                if not wp.always and w not in mar.weapons:
                    return M("{figure} does not have the {weapon}.", figure=me, weapon=weapon_name(state, w))
                return M("{figure} has no {ammo} ammo for the {weapon}.", figure=me, ammo=ammo(wp.ammo),
                         weapon=weapon_name(state, w))
            return _attack_refusal(state, mar.id, w, action.get("target"))
        if action.kind == "door":
            return _door_refusal(state, mar.id, action.get("door"), t["mp"], door_cost(state, mar.id))
        if action.kind == "order":
            if not t["order_ok"]:
                return M("Order markers are placed only with the Ready action.")
            if t["order_placed"] or mar.order is not None:
                return M("{figure} already has an order marker.", figure=me)
            return M("Only a marine with the Medic card may place the Heal order.")
        return M("{action} is not possible now.", action=action.label or action.kind)
    if state.phase == "discard":
        return Mn("The invader holds {n} card and must discard down to {limit} first.",
                  "The invader holds {n} cards and must discard down to {limit} first.", len(state.hand),
                  limit=state.content.number("invader_hand_limit"))
    if state.phase == "spawn":
        return M("The invader plays at most one spawn card now (or none).")
    if state.act is None:
        if action.kind == "activate" and action.get("figure") in state.invaders:
            return M("{figure} has already been activated this turn.", figure=who(state, action.get("figure")))
        return M("Activate an invader that has not been activated this turn, or end the invader's turn.")
    fig = who(state, state.act["fig"])
    if action.kind == "attack":
        if state.act["attacks"] <= 0:
            return M("{figure} has already attacked in this activation.", figure=fig)
        return M("{figure} cannot attack that square: it needs a marine or a barrel in sight (melee: adjacent).",
                 figure=fig)
    if action.kind == "move":
        return M("{figure} cannot reach that place with {mp} MP (walls, closed doors, marines and obstacles block; "
                 "unexplored areas are not on the table).", figure=fig, mp=state.act["mp"])
    if action.kind == "door":
        return _door_refusal(state, state.act["fig"], action.get("door"), state.act["mp"],
                             state.content.number("door_cost"))
    return M("{action} is not possible for {figure} now.", action=action.label or action.kind, figure=fig)


def _apply_marine(state: DoomState, kind: str, pl: dict[str, Any]) -> list[Event]:
    mar = state.active_marine()
    t = state.turn
    if kind == "respawn":
        return P.start(state, "respawn", {"marine": mar.id, "cell": pl["cell"]})
    if kind == "adrenaline":
        mar.adrenaline -= 1
        t["adrenaline"] = True
        return [Event("adrenaline", M("{figure} discards an adrenaline marker: +4 squares of movement.",
                                      figure=who(state, mar.id)))]
    if kind == "declare":
        a = state.content.actions[pl["action"]]
        boost = t["adrenaline"] and (a.move > 0 or state.option("adrenaline") == "any_action")
        mp = a.move + (state.content.items["adrenaline"].amount if boost else 0)
        for mc in state.cards_of(mar.id):
            if mc.effect == "move_bonus" and a.id in mc.params["actions"]:
                mp += mc.params["amount"]
        t.update(action=a.id, mp=mp, attacks=a.attacks, either=a.either,
                 order_ok=a.order or (a.id == "advance" and E.has_card(state, mar.id, "order_in_advance")))
        words = Mn("{figure} declares {action}: {mp} MP, {n} attack (the move or the attack).",
                   "{figure} declares {action}: {mp} MP, {n} attacks (the move or the attack).", a.attacks,
                   figure=who(state, mar.id), action=ref("doom.action", a.id), mp=mp) if a.either else \
            Mn("{figure} declares {action}: {mp} MP, {n} attack.", "{figure} declares {action}: {mp} MP, {n} attacks.",
               a.attacks, figure=who(state, mar.id), action=ref("doom.action", a.id), mp=mp)
        return [Event("declare", words, {"marine": mar.id, "action": a.id})] + P.start(state, "pick_up", {"marine": mar.id})
    if kind == "move":
        path = Q.path_to(state, mar.id, t["mp"], (tuple(pl["to"]),))
        _spend_move(state)
        return P.start(state, "move", {"fig": mar.id, "path": [[list(c) for c in p] for p in path]})
    if kind == "door":
        _spend_move(state)
        return P.start(state, "door", {"fig": mar.id, "door": pl["door"], "cost": door_cost(state, mar.id)})
    if kind == "teleport":
        _spend_move(state)
        return P.start(state, "teleport", {"marine": mar.id, "to": pl["to"]})
    if kind == "give":
        _spend_move(state)
        t["mp"] -= state.content.number("give_cost")
        other = state.marines[pl["to"]]
        what = pl["what"]
        if what in state.content.ammo:
            mar.ammo[what] -= 1
            other.ammo[what] = other.ammo.get(what, 0) + 1
            words = M("{figure} gives {other} 1 {ammo} ammo.", figure=who(state, mar.id), other=who(state, other.id),
                      ammo=ammo(what))
        else:
            mar.weapons.remove(what)
            other.weapons.append(what)
            words = M("{figure} gives {other} the {weapon}.", figure=who(state, mar.id), other=who(state, other.id),
                      weapon=weapon_name(state, what))
        return [Event("give", words, {"from": mar.id, "to": other.id, "what": what})]
    if kind == "attack":
        if t["either"]:
            t["mp"] = 0
            t["either"] = False
        t["attacks"] -= 1
        return P.start(state, "attack", {"attacker": mar.id, "weapon": pl["weapon"], "target": pl["target"]})
    if kind == "order":
        mar.order = pl["order"]
        mar.order_turn = state.turn_seq
        t["order_placed"] = True
        return [Event("order", M("{figure} places a {order} order.", figure=who(state, mar.id),
                                 order=ref("doom.order", pl["order"])), {"marine": mar.id, "order": pl["order"]})]
    if kind == "pick_up":
        return P.start(state, "pick_up", {"marine": mar.id, "berserk": True})
    if kind == "end_turn":
        return P.start(state, "end_marine_turn", {"marine": mar.id})
    raise IllegalAction(M("{kind} is not a marine action.", kind=kind))


def _spend_move(state: DoomState) -> None:
    t = state.turn
    if t["either"]:  # Ready: spending MP fixes the choice (spec 6.1 proposal)
        t["attacks"] = 0
        t["either"] = False


def _apply_kill(state: DoomState, kind: str, pl: dict[str, Any]) -> list[Event]:
    if kind == "activate":
        fig = pl["figure"]
        mon = state.content.monsters[state.invaders[fig].monster]
        speed = state.flags.get("speed")
        mp = mon.move + (speed[1] if speed and speed[0] == mon.id else 0)
        state.act = {"fig": fig, "mp": mp, "attacks": 1, "start": [list(c) for c in state.invaders[fig].cells],
                     "left": False}
        return [Event("activate", label(("activates", fig, mp), _activates_msg, state, fig, mp),
                      {"figure": fig})] \
            + P.start(state, "guard_window", {"fig": fig})
    if kind == "end_invader_turn":
        return P.start(state, "end_invader_turn", {})
    act = state.act
    fig = act["fig"]
    if kind == "move":
        path = Q.path_to(state, fig, act["mp"], tuple(tuple(c) for c in pl["to"]))
        return P.start(state, "move", {"fig": fig, "path": [[list(c) for c in p] for p in path]})
    if kind == "door":
        return P.start(state, "door", {"fig": fig, "door": pl["door"], "cost": state.content.number("door_cost")})
    if kind == "vent":
        act["mp"] -= state.content.number("vent_cost")
        act["left"] = True
        return P.start(state, "vent", {"fig": fig, "to": pl["to"]})
    if kind == "attack":
        act["attacks"] -= 1
        return P.start(state, "attack", {"attacker": fig, "weapon": None, "target": pl["target"]})
    if kind == "end_activation":
        return P.start(state, "end_activation", {})
    raise IllegalAction(M("{kind} is not an invader action.", kind=kind))


def _after(state: DoomState) -> list[Event]:
    """Nothing waits: a discard phase that is done moves on to the spawn step."""
    if state.proc is None and state.outcome is None and state.phase == "discard" and \
            len(state.hand) <= state.content.number("invader_hand_limit"):
        state.phase = "spawn"
    return []


# ============================================================================ procedures


@P.procedure("move")
def _move(ctx, fig: str, path: list) -> None:
    """Step by step (spec 3.6): hazards, pick-ups, exploration, Sentry (marines moving) and
    Guard (invaders moving) after every step; the move ends if the mover dies or a step becomes
    impossible (a figure revealed in the way: the mover goes back to the last empty square)."""
    state: DoomState = ctx.state
    is_marine = fig in state.marines
    passed: list[list[Cell]] = [Q.cells_of(state, fig)]
    for i, pos in enumerate(path):
        pos = [tuple(c) for c in pos]
        here = Q.cells_of(state, fig)
        if not here or state.outcome is not None:
            return
        if not Q.can_step(state, fig, tuple(here), tuple(pos)):
            _back_to_empty(ctx, fig, passed)
            E.emit(ctx, "move_stopped", M("{figure} cannot go on: the way is blocked.", figure=who(state, fig)), {})
            break
        _place(state, fig, pos)
        passed.append(pos)
        # One line for the move, at its end: the squares on the way are events for the table's
        # animation that the log leaves out (read by nobody), one per step as before, so a save's
        # paused move resumes at the same count of events.
        E.emit(ctx, "step", _step_msg(state, fig, pos, len(passed) - 1, passed[0]),
               {"figure": fig, "cells": [list(c) for c in pos]}, visible_to=None if i == len(path) - 1 else ())
        if is_marine:
            mar = state.marines[fig]
            if mar.order == "aim":
                mar.order = None  # spec 6.9: Aim ends when the marine leaves its square
                E.emit(ctx, "order_lost", M("{figure} loses its Aim order (it moved).", figure=who(state, fig)), {})
            state.turn["left"] = True
            state.turn["mp"] -= 1
        else:
            state.act["left"] = True
            state.act["mp"] -= 1
        E.enter_square(ctx, fig, pos, here)
        if not Q.cells_of(state, fig):
            return
        # Passing through a friend: the windows wait for the next square the mover has to itself
        # (one figure per square whenever anyone may act, spec 3.9).
        others = {m.cell for m in state.marines.values() if m.id != fig}
        others.update(c for i in state.invaders.values() if i.id != fig for c in i.cells)
        shared = not others.isdisjoint(pos)
        if shared:
            E.reveal(ctx)
            continue
        if is_marine:
            alone = not any(m.id != fig and m.cell == pos[0] for m in state.marines.values())
            took = alone and E.pick_up(ctx, fig, pos[0])  # never on a friend's square (spec 11 item 28)
            E.reveal(ctx)
            if took and _trap(ctx, fig):
                break
            E.check_marine_win(ctx, fig)
            _sentry(ctx, fig)
            heal_window(ctx, fresh=False)  # a hurt marine may have stepped next to the Medic
        else:
            E.reveal(ctx)  # an invader stepping aside may open a marine's view (spec 3.10)
            _guard_window(ctx, fig)
            _front_guard(ctx, fig)
            heal_window(ctx, fresh=False)  # a Guard or Front Guard blast may have hurt a marine
    if is_marine and Q.cells_of(state, fig):
        E.trigger_encounter(ctx, fig)


def _trap(ctx, marine: str) -> bool:
    """Seed p. 6-7 (Csapda): right after a marine picks up a marker the invader may play Trap and
    act at once with up to 2 invaders before the marine goes on (its move stops there; MP left
    can still be used afterwards). With the option trap = "spawn" (spec 11 item 7's variant) the
    card brings in up to 2 invaders out of every marine's sight instead (the types of the card's
    `variant_spawn`, each from the pool, spec 8.2), and the move stops the same way."""
    state: DoomState = ctx.state
    card = next((c for c in sorted(state.hand) if state.content.invader_card(c).effect == "activate_two"), None)
    spawn = state.option("trap") == "spawn"
    if not asks_reaction(state, card) or (not state.invaders and not spawn) or state.outcome is not None:
        return False
    if not ctx.choose(INVADER, "trap", [{"card": None}] + ([{"card": card}] if card else []),
                      M("Play Trap now?"), always=True)["card"]:
        return False
    E.discard_card(ctx, card, M("played"))
    spec = state.content.invader_card(card)
    n = spec.amount
    if spawn:
        E.emit(ctx, "trap", Mn("Trap! Up to {n} invader appears before {figure} goes on.",
                               "Trap! Up to {n} invaders appear before {figure} goes on.", n, figure=who(state, marine)), {})
        for _ in range(n):
            types = [m for m in spec.variant_spawn if E.pool_left(state, m) > 0 and Q.placements(state, m)]
            if not types:
                E.emit(ctx, "lost", M("No invader of the Trap fits out of the marines' sight."), {})
                break
            monster = ctx.choose(INVADER, "trap_spawn", [{"monster": m} for m in types],
                                 M("Which invader does the Trap bring in?"))["monster"]
            places = [{"cells": o} for o in Q.placements(state, monster)]
            got = ctx.choose(INVADER, "place", places, M("Where does the {monster} appear?", monster=monster_name(monster)),
                             labels=option_labels(state, "place", places))
            E.place_invader(ctx, monster, [tuple(c) for c in got["cells"]])
        return True
    state.flags["interlude"] = {"card": card, "left": n, "figures": None, "done": []}
    E.emit(ctx, "trap", Mn("Trap! Up to {n} invader acts before {figure} goes on.",
                           "Trap! Up to {n} invaders act before {figure} goes on.", n, figure=who(state, marine)), {})
    return True


def _place(state: DoomState, fig: str, cells: list[Cell]) -> None:
    if fig in state.marines:
        state.marines[fig].cell = tuple(cells[0])
    else:
        state.invaders[fig].cells = [tuple(c) for c in cells]


def _back_to_empty(ctx, fig: str, passed: list[list[Cell]]) -> None:
    state: DoomState = ctx.state
    figures = state.figure_cells()
    for pos in reversed(passed):
        if all(figures.get(tuple(c), fig) == fig for c in pos):
            if [tuple(c) for c in pos] != Q.cells_of(state, fig):
                _place(state, fig, pos)
                E.emit(ctx, "step", M("{figure} goes back to {place}.", figure=who(state, fig), place=place(state, pos)), {})
            return


def _sentry(ctx, marine: str) -> None:
    """Spec 6.8 Sentry: an invader with it may attack an enemy that steps next to it, at once."""
    state: DoomState = ctx.state
    monsters = state.content.monsters
    for fig in [f for f, inv in state.invaders.items() if monsters[inv.monster].abilities.sentry]:
        if state.outcome is not None or state.marines[marine].cell is None:
            return
        inv = state.invaders.get(fig)
        if inv is None:
            continue
        cell = state.marines[marine].cell
        if not any(state.map.adjacent(c, cell, state.closed_set) for c in inv.cells):
            continue
        if cell not in Q.attack_targets(state, fig, None):
            continue
        got = ctx.choose(INVADER, "sentry", [{"use": False}, {"use": True, "target": list(cell)}],
                         M("{figure} may attack {target} (Sentry).", figure=who(state, fig), target=who(state, marine)),
                         about={"figure": fig})
        if got["use"]:
            A.resolve(ctx, fig, None, cell, M("Sentry"))


def _guard_window(ctx, moving: str | None, when: str = "moves") -> None:
    """Spec 6.9 Guard: during the invader's turn a marine may discard its Guard order to make an
    interrupt attack; the invader's turn waits until it is resolved."""
    state: DoomState = ctx.state
    if all(m.order != "guard" for m in state.marines.values()):
        return  # nobody holds a Guard order: nothing to ask
    for marine in state.seats:
        if state.outcome is not None or (moving is not None and moving not in state.invaders):
            return
        if not A.order_usable(state, marine, "guard"):
            continue
        mar = state.marines[marine]
        opts: list[dict[str, Any]] = [{"use": False}]
        sight: dict = {}
        for w in Q.marine_weapons(state, mar):
            for cell in Q.attack_targets(state, marine, w, sight):
                opts.append({"use": True, "weapon": w, "target": list(cell)})
        if len(opts) == 1:
            continue
        if moving:
            prompt = M("{figure} may interrupt with its Guard order as {other} moves.", figure=who(state, marine),
                       other=who(state, moving)) if when == "moves" else \
                M("{figure} may interrupt with its Guard order as {other} is activated.", figure=who(state, marine),
                  other=who(state, moving))
        elif when == "moves":
            prompt = M("{figure} may interrupt with its Guard order before the invader's attack.",
                       figure=who(state, marine))
        else:
            prompt = M("{figure} may interrupt with its Guard order after the spawn.", figure=who(state, marine))
        got = ctx.choose(marine, "guard", opts, prompt)
        if got["use"]:
            mar.order = None
            E.emit(ctx, "guard", M("{figure} discards its Guard order to interrupt.", figure=who(state, marine)),
                   {"marine": marine})
            A.resolve(ctx, marine, got["weapon"], tuple(got["target"]), M("Guard interrupt"))


def _front_guard(ctx, fig: str) -> None:
    """Front Guard (spec 7.4 PLACEHOLDER): once per invader turn, a free attack on an invader that
    steps onto a square adjacent to this marine (a one-shot Sentry)."""
    state: DoomState = ctx.state
    used = state.flags.setdefault("front_guard_used", [])
    for marine in state.seats:
        if fig not in state.invaders or state.outcome is not None:
            return
        mar = state.marines[marine]
        if marine in used or mar.cell is None or not E.has_card(state, marine, "front_guard"):
            continue
        near = [c for c in state.invaders[fig].cells if state.map.adjacent(mar.cell, c, state.closed_set)]
        if not near:
            continue
        opts: list[dict[str, Any]] = [{"use": False}]
        sight: dict = {}
        for w in Q.marine_weapons(state, mar):
            targets = Q.attack_targets(state, marine, w, sight)
            opts += [{"use": True, "weapon": w, "target": list(c)} for c in near if c in targets]
        if len(opts) == 1:
            continue
        got = ctx.choose(marine, "guard", opts, M("{figure} may attack {target} (Front Guard).",
                                                  figure=who(state, marine), target=who(state, fig)))
        if got["use"]:
            used.append(marine)
            A.resolve(ctx, marine, got["weapon"], tuple(got["target"]), M("Front Guard"))


@P.procedure("guard_window")
def _guard_window_proc(ctx, fig: str) -> None:
    """Spec 11 item 34: a Guard window before each invader activation too."""
    _guard_window(ctx, fig, "is activated")


@P.procedure("attack")
def _attack(ctx, attacker: str, weapon: str | None, target: list) -> None:
    state: DoomState = ctx.state
    if attacker in state.invaders:
        _guard_window(ctx, None)  # spec 11 item 34: before each invader attack roll
        if attacker not in state.invaders or state.outcome is not None:
            return
        if tuple(target) not in Q.attack_targets(state, attacker, None):
            E.emit(ctx, "attack_lost", M("{figure}'s target in {place} is gone.", figure=who(state, attacker),
                                         place=names.place(state, [target])), {})
            return
    before = set(state.invaders)
    A.resolve(ctx, attacker, weapon, tuple(target))
    heal_window(ctx, fresh=False)  # after the damage: a marine may have been wounded
    t = state.turn
    if attacker in state.marines and t is not None and before - set(state.invaders) and not t.get("killer") \
            and E.has_card(state, attacker, "killer_instinct") and state.marines[attacker].cell is not None:
        # Killer Instinct (spec 7.4 PLACEHOLDER): once per turn, after a kill, move N and attack again.
        bonus = next(c.params["move"] for c in state.cards_of(attacker) if c.effect == "killer_instinct")
        t.update(killer=True, mp=t["mp"] + bonus, attacks=t["attacks"] + 1, either=False)
        E.emit(ctx, "killer_instinct", Mn("Killer Instinct: {figure} may move {n} more square and attack once more.",
                                          "Killer Instinct: {figure} may move {n} more squares and attack once more.",
                                          bonus, figure=who(state, attacker)), {})


@P.procedure("door")
def _door(ctx, fig: str, door: str, cost: int) -> None:
    state: DoomState = ctx.state
    if fig in state.marines:
        state.turn["mp"] -= cost
    else:
        state.act["mp"] -= cost
    if door in state.closed:
        state.closed.remove(door)
        E.emit(ctx, "door", M("{figure} opens door {door}.", figure=who(state, fig), door=state.map.door_name(door)),
               {"door": door, "open": True})
    else:
        state.closed = sorted(state.closed + [door])
        E.emit(ctx, "door", M("{figure} closes door {door}.", figure=who(state, fig), door=state.map.door_name(door)),
               {"door": door, "open": False})
    E.reveal(ctx)
    if fig in state.invaders:
        _guard_window(ctx, fig)
    heal_window(ctx, fresh=False)  # an opened door may put a hurt marine next to the Medic


@P.procedure("teleport")
def _teleport(ctx, marine: str, to: list) -> None:
    """Spec 6.14: 1 MP; an unexplored destination is revealed; an invader there is destroyed
    (telefrag); arriving counts as a step."""
    state: DoomState = ctx.state
    mar = state.marines[marine]
    to = tuple(to)
    state.turn["mp"] -= state.content.number("teleport_cost")
    area = state.map.area_of.get(to)
    if area and area not in state.revealed:
        E.reveal_area(ctx, area)
    victim = state.figure_cells().get(to)
    if victim in state.invaders:
        E.destroy_invader(ctx, victim, M("telefrag"))
    old = mar.cell
    mar.cell = to
    if mar.order == "aim":
        mar.order = None
    state.turn["left"] = True
    E.emit(ctx, "teleport", M("{figure} teleports from {place} to {to}.", figure=who(state, marine),
                              place=place(state, [old]), to=place(state, [to])), {"marine": marine})
    E.enter_square(ctx, marine, [to], [old])
    if mar.cell is None:
        return
    E.pick_up(ctx, marine, to)
    E.reveal(ctx)
    E.check_marine_win(ctx, marine)
    _sentry(ctx, marine)
    if mar.cell is not None:
        E.trigger_encounter(ctx, marine)
    heal_window(ctx, fresh=False)


@P.procedure("vent")
def _vent(ctx, fig: str, to: list) -> None:
    state: DoomState = ctx.state
    inv = state.invaders[fig]
    old = inv.cells[0]
    inv.cells = [tuple(to)]
    E.emit(ctx, "vent", M("{figure} crawls through the vents from {place} to {to}.", figure=who(state, fig),
                          place=place(state, [old]), to=place(state, [to])), {"figure": fig})
    E.enter_square(ctx, fig, inv.cells, [old])
    if fig in state.invaders:
        _guard_window(ctx, fig)


@P.procedure("pick_up")
def _pick_up(ctx, marine: str, berserk: bool = False) -> None:
    state: DoomState = ctx.state
    cell = state.marines[marine].cell
    if cell is not None:
        E.pick_up(ctx, marine, cell, berserk)


@P.procedure("respawn")
def _respawn(ctx, marine: str, cell: list) -> None:
    state: DoomState = ctx.state
    mar = state.marines[marine]
    mar.cell = tuple(cell)
    mar.dead = False
    state.turn["start"] = list(cell)
    E.emit(ctx, "respawn", M("{figure} respawns in {place}.", figure=who(state, marine), place=place(state, [cell])),
           {"marine": marine, "cell": list(cell)})
    E.reveal(ctx)
    E.check_marine_win(ctx, marine)


@P.procedure("end_marine_turn")
def _end_marine_turn(ctx, marine: str) -> None:
    """Spec 5.2 step 5: the hazard check for a whole turn on a hazard, berserk fading, next turn."""
    state: DoomState = ctx.state
    mar = state.marines[marine]
    t = state.turn
    if mar.cell is not None and not t["left"] and t["start"] is not None and tuple(t["start"]) == mar.cell \
            and state.has_marker(mar.cell, "hazard"):
        E.wound(ctx, marine, 1, M("a whole turn on a hazard"))
    if mar.berserk and mar.berserk_turn != state.turn_seq:
        mar.berserk -= 1
        E.emit(ctx, "berserk", M("{figure}'s berserk marker fades.", figure=who(state, marine)) if mar.berserk
               else M("{figure}'s berserk marker is discarded.", figure=who(state, marine)), {"marine": marine})
    if state.outcome is None:
        next_turn(ctx)


@P.procedure("discard")
def _discard(ctx, card: str) -> None:
    E.discard_card(ctx, card, M("hand limit 8"), from_hand=True)


@P.procedure("spawn")
def _spawn(ctx, card: str, half: int) -> None:
    """Spec 8.2: each monster shown goes on a square out of every marine's LOS (invaders never
    block it), or is lost; never more figures of a type than the colours in use have."""
    state: DoomState = ctx.state
    spec = state.content.invader_card(card)
    E.emit(ctx, "spawn", M("The invader plays {card}.", card=card_name(state, card)), {"card": card, "half": half})
    for group in spec.halves[half]:
        for _ in range(group.count):
            name = monster_name(group.monster)
            if E.pool_left(state, group.monster) < 1:
                # Seed p. 7: with every figure of the type in play, the invader may take one off
                # the board to bring it in again here.
                mine = [f for f, inv in state.invaders.items() if inv.monster == group.monster]
                got = ctx.choose(INVADER, "recycle", [{"figure": None}] + [{"figure": f} for f in mine],
                                 M("Every {monster} figure is in play: take one off the board to place it here?",
                                   monster=name))
                if got["figure"] is None:
                    E.emit(ctx, "lost", M("No {monster} figure is left: it is lost.", monster=name), {})
                    continue
                state.invaders.pop(got["figure"])
                E.emit(ctx, "recycle", M("The invader takes {figure} off the board.",
                                         figure=who(state, got["figure"])), {})
            opts = Q.placements(state, group.monster)
            if not opts:
                E.emit(ctx, "lost", label(("lost", group.monster), _lost_msg, name), {})
                continue
            places = [{"cells": o} for o in opts]
            got = ctx.choose(INVADER, "place", places, M("Where does the {monster} appear?", monster=name),
                             labels=option_labels(state, "place", places))
            E.place_invader(ctx, group.monster, [tuple(c) for c in got["cells"]])
    _guard_window(ctx, None, "spawned")  # Guard may interrupt at any moment of the invader's turn (seed p. 10)
    state.hand.remove(card)  # the card stays in hand while it is being played, then is discarded
    state.deck.discard([card])
    state.flags["spawns"] = state.flags.get("spawns", 1) - 1
    state.phase = "spawn" if state.flags["spawns"] > 0 else "kill"


@P.procedure("play_event")
def _play_event(ctx, card: str, door: str | None = None, doors: list | None = None, figure: str | None = None,
                monster: str | None = None) -> None:
    """The start-of-turn events of the invader deck (spec 8.1; PLACEHOLDER texts except Smash)."""
    state: DoomState = ctx.state
    spec = state.content.invader_card(card)
    E.discard_card(ctx, card, M("played"))
    if spec.effect == "destroy_door":
        # Seed p. 9: Smash destroys a door, a security door too; it stays open (spec 11 item 38).
        if door in state.closed:
            state.closed.remove(door)
        state.destroyed.append(door)
        E.emit(ctx, "smash", M("The invader smashes door {door}: it is gone for good.", door=state.map.door_name(door)), {"door": door})
        E.reveal(ctx)
    elif spec.effect == "close_doors":
        for d in doors or []:
            state.closed = sorted(state.closed + [d])
            E.emit(ctx, "door", M("Lockdown: door {door} slams shut.", door=state.map.door_name(d)), {"door": d, "open": False})
    elif spec.effect == "marine_range_minus":
        state.flags["darkness"] = spec.amount
        E.emit(ctx, "darkness", M("Darkness: every marine attack gets -{n} range until the invader's next turn.",
                                  n=spec.amount), {})
    elif spec.effect == "extra_spawn":
        state.flags["spawns"] = state.flags.get("spawns", 1) + spec.amount if state.phase == "spawn" else spec.amount
        state.phase = "spawn"
        E.emit(ctx, "reinforcements", M("Reinforcements: the invader may play another spawn card."), {})
    elif spec.effect == "activate_twice":
        state.flags["frenzy"] = figure
        E.emit(ctx, "frenzy", M("Frenzy: {figure} may activate twice this turn.", figure=who(state, figure)), {})
    elif spec.effect == "ambush":
        E.emit(ctx, "ambush", M("Ambush! {figure} acts before {marine}'s turn.", figure=who(state, figure),
                                marine=who(state, state.seats[state.seat])), {})
    elif spec.effect == "type_speed":
        state.flags["speed"] = [monster, spec.amount]
        E.emit(ctx, "speed", M("Demonic Speed: every {monster} gets +{n} MP this turn.", monster=monster_name(monster),
                               n=spec.amount), {})


@P.procedure("end_activation")
def _end_activation(ctx) -> None:
    state: DoomState = ctx.state
    act = state.act
    fig = act["fig"]
    inv = state.invaders.get(fig)
    if inv is not None and not act["left"] and [list(c) for c in inv.cells] == act["start"] \
            and any(state.has_marker(c, "hazard") for c in inv.cells):
        E.wound(ctx, fig, 1, M("a whole activation on a hazard"))
    state.act = None
    inter = state.flags.get("interlude")
    if inter is None:
        state.activated.append(fig)
        return
    inter["done"].append(fig)
    inter["left"] -= 1
    if inter["left"] <= 0 or not [f for f in (inter["figures"] or state.invaders) if f in state.invaders
                                  and f not in inter["done"]]:
        state.flags.pop("interlude")
        E.emit(ctx, "interlude", M("{figure} carries on.", figure=who(state, state.seats[state.seat])), {})


@P.procedure("end_invader_turn")
def _end_invader_turn(ctx) -> None:
    """Spec 11 item 19: an invader not activated also spent its activation where it stands."""
    state: DoomState = ctx.state
    for fig in list(state.invaders):
        if fig in state.activated:
            continue
        inv = state.invaders.get(fig)
        if inv is not None and any(state.has_marker(c, "hazard") for c in inv.cells):
            E.wound(ctx, fig, 1, M("a whole activation on a hazard"))
    for key in ("speed", "frenzy", "spawns", "front_guard_used"):
        state.flags.pop(key, None)
    sc = state.content.scenarios[state.scenario]
    if sc.meltdown is not None and state.outcome is None:
        first, every = sc.meltdown
        left = [e for e in sc.win_encounters if e not in state.encounters_done]
        if left and state.round >= first and (state.round - first) % every == 0:
            E.gain_frag(ctx, M("the meltdown clock at the end of round {round}", round=state.round))
    if state.outcome is None:
        state.round += 1
        E.emit(ctx, "round", label(("round", state.round), _round_msg, state.round), {"round": state.round})
        state.seat = 0
        start_marine_turn(ctx)


def next_turn(ctx) -> None:
    state: DoomState = ctx.state
    if state.seat + 1 < len(state.seats):
        state.seat += 1
        start_marine_turn(ctx)
    else:
        start_invader_turn(ctx)


def heal_window(ctx, fresh: bool = True) -> None:
    """Seed p. 10 (Gyógyítás): a Medic may use its Heal order at any moment, on itself or a
    marine on an adjacent square (never above the starting health). Asked only when it can help
    (a hurt marine in reach). At the start of every turn (`fresh`) the question is always asked;
    in the middle of a turn (after a marine's step, door, teleport, after any attack: a marine
    may have been wounded, rules/attack.py asks before an invader's roll) only about a hurt marine
    the Medic has not already let go at that health this turn, so declining is not asked again
    and again."""
    state: DoomState = ctx.state
    declined = state.flags.setdefault("heal_declined", [])
    if fresh:
        declined.clear()
    for medic in state.seats:
        if state.outcome is not None or not A.order_usable(state, medic, "heal"):
            continue
        mc = state.marines[medic].cell
        hurt = [m for m in state.seats if state.marines[m].cell is not None
                and state.marines[m].health < state.marines[m].max_health
                and (m == medic or state.map.adjacent(mc, state.marines[m].cell, state.closed_set))
                and [medic, m, state.marines[m].health] not in declined]
        if not hurt:
            continue
        got = ctx.choose(medic, "heal_now", [{"target": None}] + [{"target": m} for m in hurt],
                         M("{figure} may use its Heal order now.", figure=who(state, medic)))
        if got["target"] is None:
            declined.extend([medic, m, state.marines[m].health] for m in hurt)
            continue
        state.marines[medic].order = None
        tgt = state.marines[got["target"]]
        tgt.health += 1
        E.emit(ctx, "heal", M("{figure} uses its Heal order: {target} heals 1 ({health} health).",
                              figure=who(state, medic), target=who(state, tgt.id), health=tgt.health), {"figure": tgt.id})


def start_marine_turn(ctx) -> None:
    """Spec 5.2 step 2: the marine's own Guard, Dodge and Heal orders expire (Aim stays)."""
    state: DoomState = ctx.state
    state.phase = "marine"
    state.turn_seq += 1
    heal_window(ctx)  # before this marine's Heal order, if any, expires
    mar = state.active_marine()
    if mar.order in ("guard", "dodge", "heal"):
        E.emit(ctx, "order_expired", M("{figure}'s {order} order expires.", figure=who(state, mar.id),
                                       order=ref("doom.order", mar.order)), {})
        mar.order = None
    state.turn = {"action": None, "mp": 0, "attacks": 0, "either": False, "order_ok": False, "order_placed": False,
                  "adrenaline": False, "start": None if mar.cell is None else list(mar.cell), "left": False}
    E.emit(ctx, "turn", label(("turn", mar.id), _turn_msg, state, mar.id), {"marine": mar.id})
    card = next((c for c in sorted(state.hand) if state.content.invader_card(c).effect == "ambush"), None)
    if asks_reaction(state, card) and mar.cell is not None:
        # How near an ambusher must be: the held card's, else any Ambush card's (public content).
        within = state.content.invader_card(card).amount if card is not None else _ambush_reach(state)
        dist = state.map.path_distances(mar.cell, state.closed_set)
        near = [f for f, inv in state.invaders.items() if min(dist.get(c, 10 ** 6) for c in inv.cells) <= within]
        if near:
            state.flags["window"] = {"card": card, "figures": near}


def _ambush_reach(state: DoomState) -> int:
    """The reach of the deck's Ambush cards (the widest), where a window is opened for an invader
    holding none (state.asks_reaction); -1 when the deck has none."""
    return max((c.amount for c in state.content.invader_cards.values() if c.effect == "ambush"), default=-1)


def start_invader_turn(ctx) -> None:
    """Spec 5.3 step 1: one card per marine player; discard down to 8."""
    state: DoomState = ctx.state
    state.turn = None
    state.turn_seq += 1
    heal_window(ctx)
    state.phase = "discard"
    state.activated = []
    state.act = None
    if state.flags.pop("darkness", None) is not None:
        E.emit(ctx, "darkness", M("The Darkness lifts."), {})
    E.emit(ctx, "turn", INVADER_TURN, {})
    drawn = 0
    for _ in range(len(state.seats)):
        card = E.draw_invader_card(ctx)
        if state.outcome is not None:
            if card is not None:
                state.hand.append(card)
            return
        if card is None:
            break
        state.hand.append(card)
        drawn += 1
        E.emit(ctx, "draw", label(("draws", card_name(state, card).key), _draws_msg, card_name(state, card)),
               {"card": card}, hidden=True,
               visible_to=(INVADER,))
    E.emit(ctx, "draw", label(("drawn", drawn, len(state.hand)), _drawn_msg, drawn, len(state.hand)), {"count": drawn},
           hidden=True)
    if len(state.hand) <= state.content.number("invader_hand_limit"):
        state.phase = "spawn"


__all__ = ["apply", "decider", "legal_actions", "refusal", "respawn_squares", "start_marine_turn"]
