"""Why an action is not legal now, in a player's words, citing the rule (spec section).

`why_illegal(state, action)` is what `turn.apply` puts in its IllegalAction; the table and the
tutorial show it. It is only asked for actions that `legal_actions` does not list, so it reads
the situation (the frame on top of the turn stack, or the pending question of a resolution)
and names the first rule the action breaks. It never changes the state.
"""
from __future__ import annotations

from game.engine.text import Clause, M, Msg
from game.engine.text import from_json as text_from_json
from game.i18n import N_
from typing import Any

from game.engine.protocol import Action
from game.gears.content import GearsContent
from game.gears.rules import attack as A
from game.gears.rules import names as N
from game.gears.rules.board_view import INF
from game.gears.rules.explore import explore_refusal
from game.gears.rules.movement import free_spots, los, steps_from
from game.gears.rules.state import GearsState
from game.gears.rules.wounds import pick_up_options
from game.gears.rules.shared import content as _content

# What each turn frame waits for, said when an action of another kind is tried.
_WAITING = {
    "setup_cover": N_("choose a cover spot in the starting area or stay in the open (spec 3.3, 4)"),
    "cover": N_("take an empty cover spot in this area or stay in the open (spec 3.3)"),
    "crawl": N_("crawl 1 area or stay (spec 5.4)"),
    "card": N_("do or skip the card's next action, in printed order; a special action may come between two of its actions (spec 5.2)"),
    "move": N_("move to an adjacent area or end the move; a special action or another card may not interrupt a move (spec 5.2)"),
    "attack": N_("choose the attack or skip it (spec 6.3)"),
    "follow": N_("play a Follow card or let the COG go (spec 6.9)"),
    "gain_ammo": N_("choose the weapon that gets the ammo (spec 6.5)"),
    "choose_cog": N_("choose a COG in your area (spec 5.2)"),
    "teamwork": N_("choose the teammate who plays a card (spec 6.1)"),
    "team_order": N_("the teammate plays one Order card or none (spec 6.1)"),
    "pull": N_("choose the Locust to pull or none (spec 6.1)"),
    "stranded": N_("move the Stranded or leave it (spec 9.3.2)"),
}


def _cite(why: Msg | str, section: str) -> Msg:
    return M("{why} (spec {section}).", why=Clause(why), section=section)



def why_illegal(state: GearsState, action: Action) -> Msg | str:
    """A sentence saying why `action` is refused now (it is assumed not to be legal)."""
    if state.outcome is not None:
        return M("The game is over.")
    if state.proc is not None:
        return _pending_reason(state, action)
    from game.gears.rules import turn as T

    f = T.top(state)
    if f is None:
        return M("Nothing can be decided now.")
    frame = f["f"]
    if action.kind == "drop_weapon":  # offered at every decision outside a resolution (seed p. 20)
        who = N.cog(state, T.frame_decider(f))
        return (M("{who} does not carry the {weapon}; the Bolo Grenade cannot be discarded (spec 6.5).", who=who, weapon=N.weapon(action.payload.get('weapon', ''))))
    handler = _FRAMES.get(frame)
    why = handler(state, f, action) if handler else None
    if why:
        return why
    waiting = _WAITING.get(frame)
    if waiting:
        return M("Not now: {waiting}.", waiting=M(waiting))
    return M("{action} is not possible now.", action=action.label or action.kind)


# ----------------------------------------------------------------------------- decisions

def _pending_reason(state: GearsState, action: Action) -> str:
    content = _content()
    pend = state.proc["pending"]
    who = N.figure(state, pend["decider"])
    prompt = text_from_json(pend.get("prompt")) if pend.get("prompt") else M("a decision")
    if action.kind != pend["kind"]:
        return M("First {who} must answer: {prompt}", who=who, prompt=prompt)
    pl = action.payload
    card = pl.get("card") or pl.get("dodge")
    if action.kind in ("guard", "dodge", "wound_discard") and card:
        c = state.cogs.get(pend["decider"])
        if c is not None and card not in c.hand:
            return M("{who} does not hold {card}.", who=who, card=N.card(card))
        icon = {"guard": "guard", "dodge": "dodge"}.get(action.kind)
        order = content.orders.get(card.split("#")[0])
        if icon and order is not None and order.icon != icon:
            if icon == "guard":
                return M("{card} has no Guard icon: only a Guard card may be played for it (spec 6.9).", card=N.card(card))
            return M("{card} has no Dodge icon: only a Dodge card may be played for it (spec 6.9).", card=N.card(card))
    if action.kind == "guard" and pl.get("weapon"):
        w = content.weapons.get(pl["weapon"])
        if pl["weapon"] == "bolo_grenade":
            return M("Bolo Grenades cannot be used for a Guard reaction (spec 6.8, 6.9).")
        if w is not None and not w.guard_allowed:
            return M("The {weapon} cannot be used for a Guard reaction (spec 6.9).", weapon=N.weapon(w.id))
    return M("That is not one of the choices offered: {prompt}", prompt=prompt)


# ----------------------------------------------------------------------------- turn frames

def _order(state: GearsState, f: dict[str, Any], action: Action) -> str | None:
    content = _content()
    p = f["player"]
    c = state.cogs[p]
    who = N.cog(state, p)
    kind, pl = action.kind, action.payload
    if kind == "play":
        card = pl.get("card", "")
        if card not in c.hand:
            return M("{who} does not hold {card}.", who=who, card=N.card(card) if card else M("that card"))
        if state.flags.get("played"):
            return M("Only one Order card per turn: you have already played yours (spec 5.2).")
        how = pl.get("as")
        if how not in ("card", "move", "attack"):
            return M("An Order card is played for its actions, to move 2 areas or to make one attack (spec 5.2).")
        if how == "attack":
            return M("{who} has no attack to make: {no_attack_reason}", who=who, no_attack_reason=_no_attack_reason(state, p, {}))
        return None
    if kind == "end":
        if not state.flags.get("played") and c.hand:
            return M("You must play one Order card before ending the Order Step (spec 5.2).")
        return None
    if kind == "explore":
        why = explore_refusal(state, p)
        return _cite(why, "6.11") if why else None
    if kind == "special":
        return _special_reason(state, content, p, pl)
    if kind == "remove_two_plus":
        if len(state.players) != 1:
            return M("Only a solo player may remove a 2+ card from the game (spec 6.16).")
        if not state.options.get("solo_remove_two_plus", True):
            return M("Removing 2+ cards is switched off in this game's options (spec 6.16).")
        card = pl.get("card", "")
        if card not in c.hand:
            return M("{who} does not hold {card}.", who=who, card=N.card(card))
        return M("{card} has no 2+ mark (spec 6.16).", card=N.card(card))
    if kind == "solo_follow":
        if len(state.players) != 1:
            return M("Discarding a Follow card to move 1 area is a solo rule (spec 6.16).")
        if state.flags.get("solo_follow_used"):
            return M("The solo Follow move is allowed once per turn (spec 6.16).")
        card = pl.get("card", "")
        if card not in c.hand:
            return M("{who} does not hold {card}.", who=who, card=N.card(card))
        return M("{card} has no Follow icon (spec 6.16).", card=N.card(card))
    if kind == "step":
        return M("Play an Order card to move first: to move 2 areas or for a card that moves (spec 5.2).")
    if kind in ("attack", "chainsaw", "grenade", "area_attack"):
        why = _attack_reason(state, p, action, {"player": p})
        return why or M("Play an Order card to attack first: to attack or for a card that attacks (spec 5.2).")
    if kind == "cover":
        return M("You may take cover only after moving (spec 3.3).")
    if kind == "crawl":
        return M("Only a bleeding-out COG crawls, at the start of its turn (spec 5.4).")
    return None


def _special_reason(state: GearsState, content: GearsContent, p: str, pl: dict[str, Any]) -> str | None:
    from game.gears.rules import turn as T

    c = state.cogs[p]
    who = N.cog(state, p)
    discard = pl.get("discard")
    free = content.cogs[c.character].ability.effect == "free_pickup" and pl.get("do") == "pickup"
    if discard is None and not free:
        return M("A special action costs one discarded Order card (spec 6.10).")
    if discard is not None and discard not in c.hand:
        return M("{who} does not hold {card} to discard (spec 6.10).", who=who, card=N.card(discard))
    do = pl.get("do")
    if do == "revive":
        q = pl.get("target")
        other = state.cogs.get(q)
        if other is None or q == p:
            return M("Revive another COG that is bleeding out (spec 6.10).")
        if q in state.flags.get("executed", ()):
            return M("{cog} was executed and is out of the game (spec 6.16).", cog=N.cog(state, q))
        if not other.bleeding:
            return M("{cog} is not bleeding out (spec 6.10).", cog=N.cog(state, q))
        if other.area != c.area:
            return M("{cog} is not in {who}'s area: revive only a COG in your own area (spec 6.10).", cog=N.cog(state, q), who=who)
        return None
    if do == "pickup":
        d = next((x for x in state.dropped if x["id"] == pl.get("marker")), None)
        if d is None or d["area"] != c.area:
            return M("No such dropped weapon lies in {who}'s area: pick up only in your own area (spec 6.10).", who=who)
        if pl.get("choice") not in pick_up_options(state, content, p, d):
            return M("That dropped {weapon} cannot give {get} now (spec 6.10).", weapon=N.weapon(d['weapon']), get=pl.get('choice'))
        if pl.get("choice") == "weapon":
            return M("{who} already carries as many weapons as allowed: discard one first (spec 6.5).", who=who)
        return None
    if do == "equipment":
        piece = T._equipment_here(state, c.area)
        if piece is None:
            return M("There is no equipment in {who}'s area (spec 6.10).", who=who)
        eq = content.equipment[state.equipment[piece]]
        if "fixed_weapon" in eq.effect:
            return (M("The {name} fires instead of the Order card, once per turn, and only for a COG that started the turn in its area (spec 3.8).", name=M(eq.name)))
        if "gain_weapon" in eq.effect or "draw_random_weapons" in eq.effect:
            return M("{who} already carries as many weapons as allowed (spec 6.5) or no weapon is left.", who=who)
        return M("The {name} cannot be used that way (spec 6.10).", name=M(eq.name))
    return None


def _move(state: GearsState, f: dict[str, Any], action: Action) -> str | None:
    p = f["player"]
    c = state.cogs[p]
    kind, pl = action.kind, action.payload
    if kind == "step":
        if f["left"] <= 0:
            return M("This move allows no more areas: end the move (spec 5.2).")
        return _step_reason(state, c.area, pl.get("area", ""))
    if kind == "explore":
        why = explore_refusal(state, p)
        return _cite(why, "6.11") if why else None
    if kind == "cover":
        return M("Take cover when the move ends, in the area where it ends (spec 3.3).")
    if kind in ("play", "special", "attack", "grenade", "chainsaw", "area_attack"):
        return M("Finish the move first: a special action or another card may not interrupt a move (spec 5.2).")
    if kind in ("remove_two_plus", "solo_follow"):
        return (M("Finish the move first: the solo options come between whole actions, never inside a move (spec 5.2, 6.16)."))
    return None


def _step_reason(state: GearsState, here: str, to: str, how: str = "move") -> Msg | str:
    view = state.view()
    if to not in view.areas:
        return M("There is no area {to} on the map.", to=to)
    if to == here:
        return M("The COG is already in that area.")
    if to in steps_from(view, here):
        return ""  # legal as a step; refused for another reason the caller gives
    if view.rdist(here, to) == 1:
        return (M("{to} is across a level line or cover from {here}: they block movement; move one area at a time across a cracked border (spec 3.2, 6.2).", to=to, here=here))
    if how == "crawl":
        return M("{to} is not adjacent to {here}: a crawl goes one area at a time, across a cracked border, never through a wall (spec 6.2).", to=to, here=here)
    return M("{to} is not adjacent to {here}: a move goes one area at a time, across a cracked border, never through a wall (spec 6.2).", to=to, here=here)


def _cover(state: GearsState, f: dict[str, Any], action: Action) -> str | None:
    p = f["order"][0] if f["f"] == "setup_cover" else f["player"]
    c = state.cogs[p]
    if action.kind != "cover":
        return None
    spot = action.payload.get("spot")
    view = state.view()
    if spot not in view.cover:
        return M("There is no cover spot {spot} on the map.", spot=spot)
    if view.cover[spot].area != c.area:
        return M("That cover spot is in another area: take cover only in your own area (spec 3.3).")
    if spot not in free_spots(state, c.area):
        return M("That cover spot is taken: one figure per cover spot (spec 3.3).")
    return None


def _crawl(state: GearsState, f: dict[str, Any], action: Action) -> str | None:
    if action.kind == "crawl":
        c = state.cogs[f["player"]]
        why = _step_reason(state, c.area, action.payload.get("area", ""), "crawl")
        return why if why else M("A bleeding-out COG crawls only 1 area (spec 5.4).")
    return (M("A bleeding-out COG skips its Healing and Order Steps: it may only crawl 1 area (spec 5.4, 6.13)."))


def _attack(state: GearsState, f: dict[str, Any], action: Action) -> str | None:
    if action.kind in ("attack", "chainsaw", "grenade", "area_attack"):
        return _attack_reason(state, f["player"], action, f)
    return None


def _attack_reason(state: GearsState, p: str, action: Action, f: dict[str, Any]) -> str | None:
    """Why this attack (weapon, chainsaw, grenade) cannot be made under frame `f`."""
    content = _content()
    pl = action.payload
    forced = f.get("mode")
    only = f.get("target")
    among = f.get("among")
    if action.kind == "area_attack":
        if only:
            return M("This card's attack is against {locust} only (spec 6.1).", locust=N.locust(state, only))
        if among is not None:
            return M("This card's attack is against the Locust it chose, not an area (spec 6.1).")
        return A.area_attack_legality(state, content, p, pl.get("area", ""), pl.get("weapon", ""),
                                      pl.get("mode", "overwhelming"), f.get("spend", True))
    if action.kind == "grenade":
        if forced:
            return M("This card's attack is a weapon attack: it cannot be a Bolo Grenade (spec 6.1).")
        return A.grenade_legality(state, content, p, pl.get("area", ""))
    target = pl.get("target", "")
    if only and target != only:
        return M("This card's attack is against {locust} only (spec 6.1).", locust=N.locust(state, only))
    if among is not None and target not in among:
        return M("This card's attack is against a Locust within 2 areas and in line of sight (spec 6.1 Ambush).")
    if action.kind == "chainsaw":
        if forced:
            return M("This card's attack needs a weapon's Overwhelming value: it cannot be the chainsaw (spec 6.1).")
        return A.chainsaw_legality(state, content, p, target)
    mode = pl.get("mode", "normal")
    if forced and mode != forced:
        if forced == "overwhelming":
            return M("This card's attack uses the weapon's Overwhelming value (spec 6.1).")
        return M("This card's attack uses the weapon's Normal value (spec 6.1).")
    weapon = pl.get("weapon", "")
    if weapon not in content.weapons:
        return M("There is no weapon {weapon}.", weapon=weapon)
    if target not in state.locusts:
        return M("{locust} is not on the map.", locust=N.locust(state, target))
    why = A.cog_attack_legality(state, content, p, target, weapon, mode, f.get("spend", True))
    if why is None and not f.get("spend", True) and state.cogs[p].ammo(weapon) < 1:
        return M("This card's attack needs a weapon holding at least 1 ammo token (spec 6.1).")
    return why


def _no_attack_reason(state: GearsState, p: str, f: dict[str, Any]) -> str:
    """Why no attack at all is possible: the reason against the nearest Locust."""
    content = _content()
    c = state.cogs[p]
    if not state.locusts:
        return M("no Locust is on the map (spec 6.3).")
    view = state.view()
    nearest = min(state.locusts, key=lambda lid: (view.rdist(c.area, state.locusts[lid].area), lid))
    if not c.weapons:
        return M("{cog} carries no weapon (spec 6.5).", cog=N.cog(state, p))
    for w, _ in c.weapons:
        for mode in ("normal", "overwhelming"):
            why = A.cog_attack_legality(state, content, p, nearest, w, mode)
            if why and not A.lacks_mode(why):
                return why
    return M("no weapon can attack {locust} now (spec 6.3).", locust=N.locust(state, nearest))


def _card(state: GearsState, f: dict[str, Any], action: Action) -> str | None:
    from game.gears.rules import turn as T

    if action.kind in ("special", "explore", "remove_two_plus", "solo_follow"):
        # Between two actions of the active player's own card these are the Order Step's
        # (seed p. 10; the solo options too, spec 6.16); a teammate's card (Teamwork) has none.
        if not T._own_card(state, f):
            return M("Special actions belong to the active player's own Order Step (spec 5.2, 6.1).")
        return _order(state, f, action)
    if action.kind != "do":
        return None

    content = _content()
    p = f["player"]
    bullet = content.orders[T.card_name(f["card"])].actions[f["i"]]
    v = bullet.verb
    who = N.cog(state, p)
    if v == "attack":
        return M("{who} has no attack to make: {no_attack_reason} Skip this action.", who=who, no_attack_reason=_no_attack_reason(state, p, {}))
    if v == "gain_ammo":
        return M("{who} carries no weapon that takes ammo; grenades never get ammo (spec 6.1, 6.8).", who=who)
    if v == "activate_equipment":
        return M("There is no equipment {who} can use in this area (spec 6.10).", who=who)
    if v == "extra_order_step":
        return (M("A second Order Step needs an ammo token spent on this card's attack, and comes once per turn (spec 6.1)."))
    if v == "teamwork":
        return M("No other COG who is standing holds an Order card (spec 6.1).")
    if v == "pull_locust":
        return M("No Locust is within 2 areas and in line of sight to pull (spec 6.1).")
    return M("{who} cannot do this action now: skip it (spec 5.2).", who=who)


def _follow(state: GearsState, f: dict[str, Any], action: Action) -> str | None:
    if action.kind != "follow":
        return None
    q = f["candidates"][0]
    card = action.payload.get("card", "")
    if card not in state.cogs[q].hand:
        return M("{cog} does not hold {card}.", cog=N.cog(state, q), card=N.card(card))
    return M("{card} has no Follow icon (spec 6.9).", card=N.card(card))


def _gain_ammo(state: GearsState, f: dict[str, Any], action: Action) -> str | None:
    if action.kind != "ammo":
        return None
    w = action.payload.get("weapon", "")
    if not state.cogs[f["player"]].has_weapon(w):
        return M("{cog} does not carry the {weapon}.", cog=N.cog(state, f['player']), weapon=N.weapon(w))
    return M("The {weapon} takes no ammo tokens (spec 6.5, 6.8).", weapon=N.weapon(w))


def _teamwork(state: GearsState, f: dict[str, Any], action: Action) -> str | None:
    if action.kind != "teammate":
        return None
    q = action.payload.get("player")
    if q == f["player"] or q not in state.cogs:
        return M("Teamwork goes to another player (spec 6.1).")
    if state.cogs[q].bleeding:
        return M("{cog} is bleeding out and cannot play Order cards (spec 6.13).", cog=N.cog(state, q))
    return M("{cog} holds no Order card (spec 6.1).", cog=N.cog(state, q))


def _pull(state: GearsState, f: dict[str, Any], action: Action) -> str | None:
    if action.kind != "pull":
        return None
    lid = action.payload.get("target", "")
    x = state.locusts.get(lid)
    if x is None:
        return M("{locust} is not on the map.", locust=N.locust(state, lid))
    c = state.cogs[f["player"]]
    view = state.view()
    if view.rdist(c.area, x.area) > f["within"] or not los(view, (c.area, c.cover), (x.area, x.cover)):
        return M("Ambush pulls a Locust within {areas} and in line of sight (spec 6.1).", areas=N.areas(f['within']))
    return M("{locust} moves only toward you, 1 area along a shortest path (spec 6.1, 6.2).", locust=N.locust(state, lid))


def _team_order(state: GearsState, f: dict[str, Any], action: Action) -> str | None:
    if action.kind != "play":
        return None
    c = state.cogs[f["player"]]
    card = action.payload.get("card", "")
    if card not in c.hand:
        return M("{cog} does not hold {card}.", cog=N.cog(state, f['player']), card=N.card(card))
    if action.payload.get("as") == "attack":
        return M("{cog} has no attack to make: {no_attack_reason}", cog=N.cog(state, f['player']), no_attack_reason=_no_attack_reason(state, f['player'], {}))
    return None


_FRAMES = {
    "order": _order,
    "move": _move,
    "cover": _cover,
    "setup_cover": _cover,
    "crawl": _crawl,
    "attack": _attack,
    "card": _card,
    "follow": _follow,
    "gain_ammo": _gain_ammo,
    "teamwork": _teamwork,
    "pull": _pull,
    "team_order": _team_order,
}


def walk_refusal(state: GearsState, area: str) -> Msg | None:
    """Why the moving COG cannot walk to `area` now (turn.walks: the areas its move reaches, a
    step at a time); None when it can, or when no move is under way (the step's own refusal,
    why_illegal, says what is missing then)."""
    from game.gears.rules import turn as T

    f = T._peek(state)
    if state.proc is not None or f is None or f["f"] != "move" or f["left"] <= 0:
        return None
    view = state.view()
    here = state.cogs[f["player"]].area
    if area not in view.areas or area == here or area in T.walks(state):
        return None
    d = view.mdist(here, area)
    if d >= INF:
        return M("No way leads from {here} to {to}: walls, level lines and closed doors block movement (spec 6.2).",
                 here=here, to=area)
    if d > f["left"]:
        return M("{to} is {dist} from {here}, and this move has {left} left (spec 6.2).",
                 to=area, dist=N.areas(d), here=here, left=N.areas(f["left"]))
    return M("The way to {to} crosses the map exit, and entering it explores the next tile: move there first (spec 9.2.4).",
             to=area)
