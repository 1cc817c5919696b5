"""The COG turn (spec 5): healing, the Order Step with its cards, moves, attacks, special
actions and exploring, the bleeding-out turn, then the Locust Activation Step.

The turn is a stack of frames in `state.pending["stack"]`; the top frame is the decision being
made now. Resolutions that need decisions halfway (attacks with wound discards, the AI step)
run as procedures (procedures.py).
"""
from __future__ import annotations

from game.engine import text as T
from game.engine.text import M, Mn, Msg
from game.i18n import N_
from typing import Any, Iterator

from game.engine.text import from_json as text_from_json
from game.engine.protocol import Action, IllegalAction
from game.gears.content import GearsContent
from game.gears.rules import attack as A
from game.gears.rules import missions
from game.gears.rules import names as N
from game.gears.rules import procedures as P
from game.gears.rules.explore import explore, explore_refusal
from game.gears.rules.movement import free_spots, steps_from
from game.gears.rules.refusals import why_illegal
from game.gears.rules.spawning import md, rules_named
from game.gears.rules.state import GearsState, rules_revision
from game.gears.rules.wounds import pick_up_options
from game.gears.rules.shared import content as _content



def stack(state: GearsState) -> list[dict[str, Any]]:
    return state.pending.setdefault("stack", [])


def top(state: GearsState) -> dict[str, Any] | None:
    s = stack(state)
    return s[-1] if s else None


def frame_decider(f: dict[str, Any]) -> str:
    """The player who decides at this frame (the title's current_decider outside a resolution)."""
    if f["f"] == "setup_cover":
        return f["order"][0]
    if f["f"] == "follow":
        return f["candidates"][0]
    return f["player"]


def frame_prompt(state: GearsState, f: dict[str, Any] | None, listed: list[Action] | None = None) -> Msg | None:
    """What a turn frame asks its decider, for the prompt line: the frames whose choices are
    cards or buttons without a question of their own (a move or a cover spot explains itself).
    A Follow question comes in another COG's turn, so it names who moves and from where.

    `listed`: `legal_actions(state)` as it stands, where the caller holds it (the table lists
    them at each change): whether a card's next action can be done is then whether its 'do'
    is among them, as legal_actions decided, rather than worked out again (an attack's every
    target, weapon and mode a second time)."""
    if f is None:
        return None
    kind = f["f"]
    if kind == "card":
        content = _content()
        bullet = content.orders[card_name(f["card"])].actions[f["i"]]
        possible = (any(a.kind == "do" for a in listed) if listed is not None
                    else _bullet_possible(state, content, f["player"], bullet, f))
        if not possible:
            # Only 'Skip' is offered: the line says why the action cannot be done, as a click
            # on it would be refused (Explore's free equipment use where the area has none
            # showed a lone 'Skip: use equipment for free' and nothing to say why).
            return M("{card}: its next action ({action}) cannot be done. {why}",
                     card=N.card(f["card"]), action=N.bullet(bullet.verb, bullet.value),
                     why=why_illegal(state, Action("do", {})))
        return M("{card}: do its next action, or skip it (spec 5.2).", card=N.card(f["card"]))
    if kind == "follow":
        return M("{mover} announces a move from {area}: {who} may follow with a card showing the Follow icon (spec 6.9), or stay.",
                 mover=N.cog(state, f["mover"]), area=f["from"], who=N.cog(state, f["candidates"][0]))
    if kind == "team_order":
        return M("Teamwork: {who} may play one Order card now, as in their own Order Step, or none (spec 6.1).",
                 who=N.cog(state, f["player"]))
    if kind == "teamwork":
        return M("Teamwork: choose the teammate who plays a card (spec 6.1).")
    if kind == "gain_ammo":
        return M("Choose the weapon that gets the ammo (spec 6.5).")
    if kind == "choose_cog":
        return M("Choose a COG in your area (spec 5.2).")
    if kind == "pull":
        return M("Choose the Locust to pull, or none (spec 6.1).")
    if kind == "stranded":
        return M("Move the Stranded (click a lit area), or leave them where they are (spec 9.3.2).")
    return None


def push(state: GearsState, frame: dict[str, Any]) -> None:
    stack(state).append(frame)
    state.phase = frame["f"]


def pop(state: GearsState) -> None:
    stack(state).pop()
    t = top(state)
    state.phase = t["f"] if t else "none"


def draw_orders(state: GearsState, n: int) -> list[str]:
    """Draws n Order cards. Base p. 9: whoever draws the deck's last card shuffles the Order
    discard pile into a new deck at once, so cards discarded later start a new discard pile
    (spec 5.1; with an empty discard pile the deck refills at the next draw instead)."""
    got = state.orders.draw(n, state.rng.stream("orders"))
    if got and not state.orders.draw_pile and state.orders.discard_pile:
        state.orders.reshuffle(state.rng.stream("orders"))
    return got


_HOW = {"card": N_("for its actions"), "move": N_("to move 2 areas"), "attack": N_("to make one attack")}


def card_name(card: str) -> str:
    return card.split("#")[0]


# ----------------------------------------------------------------------------- turn flow

def start_turn(ctx) -> None:
    """Spec 5.1-5.4 for the active player."""
    state: GearsState = ctx.state
    content = _content()
    for c in state.cogs.values():
        c.moved = c.attacked = False
    for k in ("played", "skip_locust", "extra_step_used", "spent_ammo", "extra_move_used",
              "solo_follow_used", "ambush_target", "team"):
        state.flags.pop(k, None)
    c = state.active_cog
    state.flags["turn_start_area"] = c.area
    state.pending = {"stack": []}
    ctx.emit("turn", M("Turn {turn}: {cog} ({active_player}) is active.", turn=state.turn, cog=N.character(c.character), active_player=state.active_player),
             {"player": state.active_player, "turn": state.turn})
    if state.active_player in state.flags.get("executed", ()):
        # Insane (spec 6.16): an executed COG's player gets no turn, but the Locust Activation
        # Step is still resolved when his turn comes.
        ctx.emit("executed_turn", M("{cog} was executed: only the Locust Activation Step is resolved this turn.", cog=N.cog(state, state.active_player)), {"player": state.active_player})
        end_order_step(ctx)
        return
    if c.bleeding:
        push(state, {"f": "crawl", "player": state.active_player})
        return
    if c.no_draw:
        c.no_draw = False  # revived: draws again from this Healing Step on (spec 6.10)
    n = min(2, hand_room(state, content, state.active_player))
    got = draw_orders(state, n) if n else []
    c.hand += got
    if n == 0:  # not 'draws 0 Order cards': say why (seed p. 9, the hand limit)
        said = M("{cog}'s hand is full ({limit} cards): no card is drawn in the Healing Step.",
                 cog=N.character(c.character), limit=content.cogs[c.character].hand_limit)
    else:
        said = M("{cog} draws {cards} in the Healing Step.", cog=N.character(c.character), cards=N.cards(len(got)))
    ctx.emit("heal", said, {"player": state.active_player, "n": len(got)})
    _show_drawn(ctx, state.active_player, got)
    push(state, {"f": "order", "player": state.active_player})


def end_turn(ctx) -> None:
    """After the Locust Activation Step: Search for the Stranded Stage 3 lets the player discard
    1 Order card to move the Stranded up to 2 areas (spec 9.3.2); then the next turn."""
    state: GearsState = ctx.state
    p = state.active_player
    rule = rules_named(state, "move_stranded")
    if rule and md(state).get("stranded") and state.cogs[p].hand and not state.cogs[p].bleeding:
        state.pending = {"stack": []}
        push(state, {"f": "stranded", "player": p, "left": int(rule[0].params.get("areas", 2)), "paid": False})
        return
    next_turn(ctx)


def next_turn(ctx) -> None:
    state: GearsState = ctx.state
    state.active = (state.active + 1) % len(state.players)
    state.turn += 1
    start_turn(ctx)


def end_order_step(ctx) -> None:
    state: GearsState = ctx.state
    if not state.active_cog.bleeding:
        missions.after_order_step(ctx, _content(), state.active_player)
    state.pending = {"stack": []}
    state.phase = "locust"
    P.queue(state, "locust_step", {"skip": bool(state.flags.get("skip_locust"))})


# ----------------------------------------------------------------------------- walks

def walks(state: GearsState) -> dict[str, tuple[str, ...]]:
    """The areas a COG's move can reach from where it stands with the areas it has left
    (spec 6.2: one step at a time, each a legal 'step' of `steps_from`), each with the shortest
    way there (the steps in order, the area itself last; of equal ways the one first in area
    order). Empty unless the move's own COG decides now (no Follow question or other frame on
    top). A way does not pass through an area whose entry explores (Roadblocks' map exit,
    spec 9.2.4): the COG may end there, not walk through. The table walks such a way step by
    step, each step a legal action the rules resolve as if clicked; a question that comes up
    on the way (a Follow, a stage's flip) stops the walk. It only reads the state (`top`
    would give it an empty stack: a table asking would change the game it shows)."""
    f = _peek(state)
    if state.outcome is not None or state.proc is not None or f is None or f["f"] != "move" or f["left"] <= 0:
        return {}
    view = state.view()
    start = state.cogs[f["player"]].area
    if start not in view.areas:
        return {}
    entry = explores_on_entry(state)
    stops = set(entry[1]) if entry else set()
    ways: dict[str, tuple[str, ...]] = {start: ()}
    ring = [start]
    for _n in range(f["left"]):
        nxt = []
        for area in ring:
            if area in stops and area != start:
                continue
            for to in sorted(steps_from(view, area)):
                if to not in ways:
                    ways[to] = ways[area] + (to,)
                    nxt.append(to)
        ring = nxt
    del ways[start]
    return ways


def _peek(state: GearsState) -> dict[str, Any] | None:
    """The turn frame on top, if any, without making the stack (`top` does)."""
    s = state.pending.get("stack") if isinstance(state.pending, dict) else None
    return s[-1] if s else None


def explores_on_entry(state: GearsState) -> tuple[int, list[str]] | None:
    """The level explored and the areas whose entry explores it at once (Roadblocks Stage 1,
    spec 9.2.4: 'when a COG enters the map exit'), while that level's deck has cards; None when
    no area does (_auto_explore and walks ask it)."""
    from game.gears.rules.spawning import exit_areas

    for r in rules_named(state, "auto_explore_on_exit"):
        level = int(r.params.get("level", 1)) - 1
        if state.location_decks[level].draw_pile:
            return level, exit_areas(state)
    return None


# ----------------------------------------------------------------------------- legal actions

def legal_actions(state: GearsState) -> list[Action]:
    acts = _legal_actions(state)
    state._legal_memo = acts
    return list(acts)


def _legal_actions(state: GearsState) -> list[Action]:
    content = _content()
    if state.outcome is not None:
        return []
    if state.proc is not None:
        pend = state.proc["pending"]
        return [Action(pend["kind"], opt, text_from_json(label) if label.__class__ is dict else label)
                for opt, label in zip(pend["options"], pend["labels"])]
    f = top(state)
    if f is None:
        return []
    kind = f["f"]
    acts: list[Action] = []
    if kind == "setup_cover":
        p = f["order"][0]
        acts = [Action("cover", {"spot": s}, M("Take cover at {s}", s=s)) for s in free_spots(state, state.cogs[p].area)]
        acts.append(Action("no_cover", {}, M("Stay in the open")))
    elif kind == "cover":
        p = f["player"]
        acts = [Action("cover", {"spot": s}, M("Take cover at {s}", s=s)) for s in free_spots(state, state.cogs[p].area)]
        acts.append(Action("no_cover", {}, M("Stay in the open")))
    elif kind == "crawl":
        c = state.cogs[f["player"]]
        acts = [Action("crawl", {"area": a}, M("Crawl to {a}", a=a)) for a in steps_from(state.view(), c.area)]
        acts.append(Action("no_crawl", {}, M("Do not crawl")))
    elif kind == "order":
        acts = _order_actions(state, content, f)
    elif kind == "card":
        bullet = content.orders[card_name(f["card"])].actions[f["i"]]
        if _bullet_possible(state, content, f["player"], bullet, f):
            acts.append(Action("do", {}, M("Do: {action}", action=N.bullet(bullet.verb, bullet.value))))
        acts.append(Action("skip", {}, N.skip_bullet(bullet.verb, bullet.value)))
        if _own_card(state, f):
            # Seed p. 10: a special action may come between two whole actions of the card;
            # so may the solo options, which are 'at any time during the Order Step' (6.16).
            acts += _solo_actions(state, content, f["player"])
            acts += _special_actions(state, content, f["player"])
    elif kind == "move":
        c = state.cogs[f["player"]]
        if f["left"] > 0:
            acts = [Action("step", {"area": a}, M("Move to {a}", a=a)) for a in steps_from(state.view(), c.area)]
        acts.append(Action("stop", {}, M("End the move")))
        if explore_refusal(state, f["player"]) is None:
            acts.append(Action("explore", {}, M("Explore through the door")))
    elif kind == "attack":
        acts = _attack_actions(state, content, f)
        acts.append(Action("skip", {}, M("Do not attack")))
    elif kind == "follow":
        p = f["candidates"][0]
        cards = sorted({h for h in state.cogs[p].hand if content.orders[card_name(h)].icon == "follow"})
        acts = [Action("follow", {"card": h}, M("Follow with {card}", card=N.card(h))) for h in cards]
        acts.append(Action("no_follow", {}, M("Do not follow")))
    elif kind == "gain_ammo":
        c = state.cogs[f["player"]]
        acts = [Action("ammo", {"weapon": w}, M("Ammo on the {weapon}", weapon=N.weapon(w))) for w, _ in c.weapons
                if content.weapons[w].uses == "ammo"]
        acts.append(Action("skip", {}, M("No ammo")))
    elif kind == "choose_cog":
        acts = [Action("cog", {"player": p}, M("Choose {cog}", cog=N.character(state.cogs[p].character))) for p in f["options"]]
    elif kind == "teamwork":
        acts = [Action("teammate", {"player": q}, M("Teamwork: {cog} plays a card", cog=N.character(state.cogs[q].character)))
                for q in _teammates(state, f["player"])]
        acts.append(Action("skip", {}, M("No Teamwork")))
    elif kind == "team_order":
        c = state.cogs[f["player"]]
        can_attack = bool(_attack_actions(state, content, {"player": f["player"], "bonus": 0}))
        for h in sorted(set(c.hand)):
            acts.append(Action("play", {"card": h, "as": "card"}, M("Play {card} for its actions", card=N.card(h))))
            acts.append(Action("play", {"card": h, "as": "move"}, M("Play {card} to move 2 areas", card=N.card(h))))
            if can_attack:
                acts.append(Action("play", {"card": h, "as": "attack"}, M("Play {card} to attack", card=N.card(h))))
        acts.append(Action("skip", {}, M("Play no card")))
    elif kind == "pull":
        acts = [Action("pull", o, M("Pull {locust} to {area}", locust=N.locust(state, o["target"]), area=o["area"]) if o["area"]
                       else M("Pull {locust} (it stays)", locust=N.locust(state, o["target"])))
                for o in _pull_options(state, content, f)]
        acts.append(Action("skip", {}, M("Pull no Locust")))
    elif kind == "stranded":
        c = state.cogs[f["player"]]
        if not f["paid"]:
            acts = [Action("pay", {"card": h}, M("Discard {card} to move the Stranded", card=N.card(h))) for h in sorted(set(c.hand))]
            acts.append(Action("stop", {}, M("Leave the Stranded where it is")))
        else:
            if f["left"] > 0:
                acts = [Action("step", {"area": a}, M("Move the Stranded to {a}", a=a))
                        for a in steps_from(state.view(), md(state)["stranded"])]
            acts.append(Action("stop", {}, M("The Stranded stops")))
    if acts:
        acts += _drop_actions(state, frame_decider(f))
    return acts


def _own_card(state: GearsState, f: dict[str, Any]) -> bool:
    """A card frame of the active player's own Order card (not a teammate's, spec 6.1), played
    in the Order Step itself: there special actions may come between its actions (spec 5.2)."""
    s = stack(state)
    return (f["player"] == state.active_player and len(s) >= 2 and s[-2]["f"] == "order"
            and s[-2]["player"] == f["player"])


def _teammates(state: GearsState, player: str) -> list[str]:
    """Teamwork (spec 6.1): another player whose COG stands and holds a card; in Scattered
    Order cards reach every section (they are not limited by area anyway)."""
    return [q for q in state.players if q != player and not state.cogs[q].bleeding and state.cogs[q].hand]


def _pull_options(state: GearsState, content: GearsContent, f: dict[str, Any]) -> list[dict[str, Any]]:
    """Ambush (spec 6.1): a Locust within range and in LOS moves up to n areas toward you."""
    from game.gears.rules.movement import los, next_steps_toward

    c = state.cogs[f["player"]]
    view = state.view()
    opts = []
    for lid, x in sorted(state.locusts.items()):
        if view.rdist(c.area, x.area) > f["within"] or not los(view, (c.area, c.cover), (x.area, x.cover)):
            continue
        opts.append({"target": lid, "area": None})
        for a in next_steps_toward(view, x.area, c.area) if f["n"] > 0 else []:
            opts.append({"target": lid, "area": a})
    return opts


def _order_actions(state: GearsState, content: GearsContent, f: dict[str, Any]) -> list[Action]:
    p = f["player"]
    c = state.cogs[p]
    acts: list[Action] = _solo_actions(state, content, p)
    if not state.flags.get("played") and c.hand:
        can_attack = next(_attacks(state, content, {"player": p, "bonus": 0}), None) is not None
        for h in sorted(set(c.hand)):
            acts.append(Action("play", {"card": h, "as": "card"}, M("Play {card} for its actions", card=N.card(h))))
            acts.append(Action("play", {"card": h, "as": "move"}, M("Play {card} to move 2 areas", card=N.card(h))))
            if can_attack:
                acts.append(Action("play", {"card": h, "as": "attack"}, M("Play {card} to attack", card=N.card(h))))
    acts += _special_actions(state, content, p)
    if state.flags.get("played") or not c.hand:
        acts.append(Action("end", {}, M("End the Order Step")))
    return acts


def _solo_actions(state: GearsState, content: GearsContent, p: str) -> list[Action]:
    """Solo (spec 6.16): 'at any time during the player's Order Step' a 2+ card may leave the
    game for a new card, and once per turn a Follow card may be discarded to move 1 extra area.
    Offered between cards and between two whole actions of the player's own card, never inside
    a single move (like the special actions, spec 5.2)."""
    c = state.cogs[p]
    acts: list[Action] = []
    if len(state.players) != 1:
        return acts
    if state.options.get("solo_remove_two_plus", True):
        for h in sorted({h for h in c.hand if content.orders[card_name(h)].two_plus}):
            acts.append(Action("remove_two_plus", {"card": h}, M("Remove {card} from the game and draw a card", card=N.card(h))))
    if not state.flags.get("solo_follow_used"):
        for h in sorted({h for h in c.hand if content.orders[card_name(h)].icon == "follow"}):
            acts.append(Action("solo_follow", {"card": h}, M("Discard {card} to move 1 extra area", card=N.card(h))))
    return acts


def _pickup_fits(state: GearsState, content: GearsContent, player: str, d: dict[str, Any], opt: str) -> bool:
    """Whether a pick-up choice keeps the COG within his weapon limit (seed p. 20: 1 Bolo + 3
    other Weapon cards): the Special card, a Random Weapon card and an enemy's weapon item are
    new cards; ammo and grenades are not (spec 6.10, 11 item 32: at the limit the player first
    discards a weapon, or the marker stays)."""
    c = state.cogs[player]
    adds = opt in ("weapon", "random") or (opt == "item" and "weapon" in content.enemies[d["enemy"]].pickup)
    return not adds or len(c.weapons) < content.cogs[c.character].weapon_limit


def _special_actions(state: GearsState, content: GearsContent, p: str) -> list[Action]:
    """Special actions (spec 5.2, 6.10; seed p. 10): each costs one more discarded card and comes
    before or after a whole action of the Order card, never inside one; exploring (spec 6.11)
    and discarding a weapon (spec 6.5) are free at any moment of the Order Step."""
    c = state.cogs[p]
    acts: list[Action] = []
    # Damon Baird (spec 8.3, PLACEHOLDER): picking up a dropped weapon costs no Order card.
    free_pickup = content.cogs[c.character].ability.effect == "free_pickup"
    if free_pickup:
        for d in state.dropped:
            if d["area"] == c.area:
                for opt in pick_up_options(state, content, p, d):
                    if not _pickup_fits(state, content, p, d, opt):
                        continue
                    acts.append(Action("special", {"do": "pickup", "marker": d["id"], "choice": opt, "discard": None},
                                       M("Pick up the {weapon} ({pickup}) for free", weapon=N.weapon(d['weapon']), pickup=pickup_gain(content, d, opt))))
    # What each discarded card could pay for is the same for every card: listed once.
    revivable = [(q, other) for q, other in state.cogs.items()
                 if q != p and other.bleeding and other.area == c.area and q not in state.flags.get("executed", ())]
    pickups = [] if free_pickup else [
        (d, opt) for d in state.dropped if d["area"] == c.area
        for opt in pick_up_options(state, content, p, d) if _pickup_fits(state, content, p, d, opt)]
    piece = _equipment_here(state, c.area) if c.hand else None
    equipment = [] if piece is None else [(extra, _equipment_words(state, content, piece, extra))
                                          for extra in _equipment_choices(state, content, p, piece)]
    for h in sorted(set(c.hand)) if revivable or pickups or equipment else ():
        for q, other in revivable:
            acts.append(Action("special", {"do": "revive", "target": q, "discard": h},
                               M("Discard {card}: revive {cog}", card=N.card(h), cog=N.character(other.character))))
        for d, opt in pickups:
            acts.append(Action("special", {"do": "pickup", "marker": d["id"], "choice": opt, "discard": h},
                               M("Discard {card}: pick up the {weapon} ({pickup})", card=N.card(h), weapon=N.weapon(d['weapon']), pickup=pickup_gain(content, d, opt))))
        for extra, words in equipment:
            acts.append(Action("special", dict({"do": "equipment", "discard": h}, **extra),
                               M("Discard {card}: use the {words}", card=N.card(h), words=words)))
    if explore_refusal(state, p) is None:
        acts.append(Action("explore", {}, M("Explore through the door")))
    return acts


def _drop_actions(state: GearsState, p: str) -> list[Action]:
    """Seed p. 20: 'A játékos bármikor szabadon eldobhatja fegyverét (kivéve a Bolo gránátot)':
    a COG may discard a weapon at any time. Offered at every decision of that COG outside a
    resolution (the attack, wound or reaction being resolved keeps the weapons it started with);
    the Bolo Grenades are counters, not a weapon card, and are never offered."""
    c = state.cogs.get(p)
    if c is None:
        return []
    return [Action("drop_weapon", {"weapon": w}, M("Discard the {weapon}", weapon=N.weapon(w))) for w, _ in c.weapons]


PICKUP_AMMO = 2  # ammo tokens on a weapon picked up, or put on an owned one instead (seed p. 20)


def pickup_gain(content: GearsContent, marker: dict[str, Any], choice: str) -> Msg:
    """What a pick-up choice (wounds.pick_up_options) gives, as the action and its log line say
    it: a Grenadier's marker
    shows a Hammerburst and gives grenade tokens instead (MP1 rules card 3)."""
    if choice == "weapon":
        return M("the card with {n} ammo", n=PICKUP_AMMO)
    if choice == "random":
        return M("a Random Weapon card with {n} ammo", n=PICKUP_AMMO)
    if choice == "ammo":
        return M("{n} ammo on your {weapon}", n=PICKUP_AMMO, weapon=N.weapon(marker["weapon"]))
    item = content.enemies[marker["enemy"]].pickup
    if "grenades" in item:
        return Mn("{n} grenade token instead, as a {enemy} drops", "{n} grenade tokens instead, as a {enemy} drops",
                  item["grenades"], enemy=N.enemy(marker["enemy"]))
    return M("a {weapon} with {n} ammo instead, as a {enemy} drops", weapon=N.weapon(item["weapon"]),
             n=item.get("ammo", 0), enemy=N.enemy(marker["enemy"]))


def _equipment_words(state: GearsState, content: GearsContent, piece: str, extra: dict[str, Any]) -> Msg | str:
    """'Ammo Cache (ammo on the Lancer)': the equipment's name and what this choice does."""
    eq = content.equipment.get(state.equipment[piece])
    name = M(eq.name) if eq else state.equipment[piece].replace("_", " ")  # a content name: its msgid
    if "weapon" in extra:
        return M("{name} (ammo on the {weapon})", name=name, weapon=N.weapon(extra['weapon']))
    if "area" in extra:
        return M("{name} (to {area})", name=name, area=extra['area'])
    if "target" in extra:
        return M("{name} (at {locust})", name=name, locust=N.locust(state, extra['target']))
    return name


def _equipment_here(state: GearsState, area: str) -> str | None:
    view = state.view()
    for piece, eq in sorted(state.equipment.items()):
        if view.equipment_area.get(piece) == area:
            return piece
    return None


def _equipment_choices(state: GearsState, content: GearsContent, player: str, piece: str) -> list[dict]:
    eq = content.equipment[state.equipment[piece]]
    c = state.cogs[player]
    e = eq.effect
    if "gain_ammo" in e:
        return [{"weapon": w} for w, _ in c.weapons if content.weapons[w].uses == "ammo"]
    if "gain_grenades" in e or "unlock_next_level" in e:
        return [{}]
    if "gain_weapon" in e:
        return [{}] if len(c.weapons) < content.cogs[c.character].weapon_limit else []
    if "draw_random_weapons" in e:
        ok = state.weapon_deck.can_draw() and len(c.weapons) < content.cogs[c.character].weapon_limit
        return [{}] if ok else []
    view = state.view()
    if "move_anywhere" in e:
        return [{"area": a} for a in view.areas if a != c.area]
    if "fixed_weapon" in e:
        # Troika: only if the COG started its turn here, once per turn, instead of the Order
        # card (FAQ v1.1); any Locust on this tile, one target.
        if state.flags.get("played") or state.flags.get("turn_start_area") != c.area:
            return []
        return [{"target": lid} for lid, x in sorted(state.locusts.items())
                if view.piece_of_area.get(x.area) == piece]
    return []


def _bullet_possible(state: GearsState, content: GearsContent, player: str, bullet, frame) -> bool:
    v = bullet.verb
    if v == "move":
        return True
    if v == "attack":
        target, among = _card_targets(state, content, player, frame)
        # The first attack found is enough: the listing stops there (each further target,
        # weapon and mode was checked and worded for nothing).
        return next(_attacks(state, content, {"player": player, "bonus": bullet.params.get("bonus_dice", 0),
                                              "mode": bullet.params.get("mode"),
                                              "spend": bullet.params.get("spend_ammo", True),
                                              "target": target, "among": among}), None) is not None
    if v == "draw":
        return True
    if v == "skip_locust_activation":
        return True
    if v == "gain_ammo":
        return any(content.weapons[w].uses == "ammo" for w, _ in state.cogs[player].weapons)
    if v == "activate_equipment":
        piece = _equipment_here(state, state.cogs[player].area)
        return piece is not None and bool(_equipment_choices(state, content, player, piece))
    if v == "extra_order_step":
        return bool(state.flags.get("spent_ammo")) and not state.flags.get("extra_step_used")
    if v == "teamwork":
        return bool(_teammates(state, player))
    if v == "pull_locust":
        return bool(_pull_options(state, content, {"player": player, "n": int(bullet.value),
                                                    "within": bullet.params.get("within_range", 2)}))
    return False


def _attack_actions(state: GearsState, content: GearsContent, f: dict[str, Any]) -> list[Action]:
    return list(_attacks(state, content, f))


def _attacks(state: GearsState, content: GearsContent, f: dict[str, Any]) -> Iterator[Action]:
    """The attack actions of frame f, lazily (whether there is one at all stops at the first)."""
    p = f["player"]
    c = state.cogs[p]
    forced = f.get("mode")
    spend = f.get("spend", True)
    only = f.get("target")
    among = f.get("among")
    for lid in sorted(state.locusts):
        if (only and lid != only) or (among is not None and lid not in among):
            continue
        # LOS and range at most once per Locust, not once per weapon and mode (the costliest
        # part), and only once a weapon passed the cheaper checks.
        sight = A.LazySight(state, p, lid)
        for w, _ in c.weapons:
            for mode in ("normal", "overwhelming"):
                if forced and mode != forced:
                    continue
                if A.cog_attack_legality(state, content, p, lid, w, mode, spend, sight) is None:
                    yield Action("attack", {"target": lid, "weapon": w, "mode": mode},
                                 M("Attack {locust} with the {weapon} ({mode})", locust=N.locust(state, lid), weapon=N.weapon(w), mode=mode))
        if not forced and A.chainsaw_legality(state, content, p, lid) is None:
            yield Action("chainsaw", {"target": lid}, M("Chainsaw {locust}", locust=N.locust(state, lid)))
    if not only and among is None:
        # Area weapons (the Mortar, spec 6.6): any area in LOS, beyond range with a penalty.
        view = state.view()
        for w, _ in c.weapons:
            if content.weapons[w].targets != "area":
                continue
            for mode in ("normal", "overwhelming"):
                if forced and mode != forced:
                    continue
                for area in view.areas:
                    if A.area_attack_legality(state, content, p, area, w, mode, spend) is None:
                        yield Action("area_attack", {"area": area, "weapon": w, "mode": mode},
                                     M("Fire the {weapon} into {area} ({mode})", weapon=N.weapon(w), area=area, mode=mode))
    if not forced and c.grenades > 0 and not c.has_weapon("boomshield"):
        view = state.view()
        for area in view.areas:
            if view.rdist(c.area, area) <= 2 and A.grenade_legality(state, content, p, area) is None:
                yield Action("grenade", {"area": area}, M("Throw a Bolo Grenade into {area}", area=area))


# ----------------------------------------------------------------------------- apply

def apply(state: GearsState, action: Action) -> list:
    listed = state._legal_memo
    # The very object legal_actions handed out since the last change is legal as it is (the
    # UI, bots and the benchmark pass those back); anything else is checked against a fresh list.
    if listed is None or not any(a is action for a in listed):
        if action not in _legal_actions(state):
            raise IllegalAction(why_illegal(state, action))
    state._legal_memo = None
    try:
        return _apply(state, action)
    finally:
        state._legal_memo = None  # a listing taken halfway through is stale now


def _apply(state: GearsState, action: Action) -> list:
    if state.proc is not None:
        events = P.answer(state, dict(action.payload))
    else:
        content = _content()
        ctx = P.Ctx(state, [])
        _do(ctx, action)
        if missions.flip_due(state, content):
            # Spec 9.1: the stage flips at once, before what the action queued; its back may ask
            # the players (Roadblocks: unlock level 2 or 3), so it is a resolution of its own.
            state.flags.setdefault("queued_procs", []).insert(0, ["stage_flip", {}])
        else:
            missions.check_stage(ctx, content)  # defeat and mission losses: no decision there
        events = _run_queued(state, ctx.events)
    events = events + _end_for_downed_cogs(state)
    return events + settle_open(state)


def settle_open(state: GearsState) -> list:
    """Rules revision 5: a cover question (spec 3.3, at set-up or after a move) whose COG has no
    free cover spot in its area has one answer, 'stay in the open'; it is not asked, and the log
    says why. A game of an older revision asks it as it was played (its save replays)."""
    if rules_revision(state) < 5:
        return []
    events: list = []
    while state.proc is None and state.outcome is None and not state.flags.get("queued_procs"):
        f = top(state)
        if f is None or f["f"] not in ("cover", "setup_cover"):
            break
        p = frame_decider(f)
        area = state.cogs[p].area
        if free_spots(state, area):
            break
        ctx = P.Ctx(state, [])
        _resolve_cover(ctx, f, None, area)
        events = _run_queued(state, events + ctx.events)
        events = events + _end_for_downed_cogs(state)
    return events


def _run_queued(state: GearsState, events: list) -> list:
    queued = state.flags.pop("queued_procs", [])
    for name, args in queued:
        if state.outcome is None:
            events = events + P.start(state, name, args)
    return events


# Frames in which a COG acts in an Order Step (its own, or a teammate's through Teamwork).
_ACTING_FRAMES = ("order", "card", "move", "attack", "gain_ammo", "choose_cog", "teamwork",
                  "team_order", "pull", "cover")


def _end_for_downed_cogs(state: GearsState) -> list:
    """Seed p. 21 / spec 5.4, 6.13: a bleeding-out COG skips the COG Order Step. One that goes
    down halfway through it (its own Bolo Grenade with an empty hand, a blast or reaction) is
    offered nothing more: the active COG's Order Step ends at once and the Locust Activation
    Step runs as usual; a teammate downed inside his Teamwork card loses the rest of that card
    and the active player's card goes on. Checked once the resolution that did it is over."""
    if state.proc is not None or state.outcome is not None or state.flags.get("queued_procs"):
        return []
    s = stack(state)
    ctx = P.Ctx(state, [])
    if state.active_cog.bleeding and any(fr["f"] == "order" and fr["player"] == state.active_player for fr in s):
        ctx.emit("order_step_over", M("{cog} is down: the COG Order Step ends at once (spec 5.4).", cog=N.cog(state, state.active_player)), {"player": state.active_player})
        end_order_step(ctx)
        return _run_queued(state, ctx.events)
    downed = None
    while s and s[-1]["f"] in _ACTING_FRAMES and s[-1].get("player") != state.active_player \
            and state.cogs[s[-1]["player"]].bleeding:
        downed = s[-1]["player"]
        pop(state)
    if downed is None:
        return []
    ctx.emit("team_card_over", M("{cog} is down: the rest of his Teamwork card is lost (spec 5.4, 6.1).", cog=N.cog(state, downed)), {"player": downed})
    _continue(ctx)
    return _run_queued(state, ctx.events)


def _do(ctx, action: Action) -> None:
    state: GearsState = ctx.state
    content = _content()
    f = top(state)
    assert f is not None
    kind, pl = action.kind, action.payload
    frame = f["f"]
    if kind == "drop_weapon":
        # At any time (seed p. 20): the frame waits as it was.
        c = state.cogs[frame_decider(f)]
        c.weapons = [pair for pair in c.weapons if pair[0] != pl["weapon"]]
        ctx.emit("drop_weapon", M("{cog} discards the {weapon}.", cog=N.character(c.character), weapon=N.weapon(pl['weapon'])), {"weapon": pl["weapon"]})
        return
    if frame in ("setup_cover", "cover"):
        _resolve_cover(ctx, f, pl["spot"] if kind == "cover" else None)
        return
    if frame == "crawl":
        if kind == "crawl":
            c = state.cogs[f["player"]]
            c.area = pl["area"]
            ctx.emit("crawl", M("{cog} crawls to {area}.", cog=N.character(c.character), area=c.area), {"player": f["player"], "area": c.area})
        pop(state)
        end_order_step(ctx)
        return
    if frame == "follow":
        p = f["candidates"].pop(0)
        if kind == "follow":
            c = state.cogs[p]
            c.hand.remove(pl["card"])
            state.orders.discard([pl["card"]])
            move = stack(state)[-2]  # the announced move this follow waits on
            move["followers"].append(p)
            ctx.emit("follow", M("{cog} plays {card} to follow {cog2} (seed p. 24).", cog=N.character(c.character), card=N.card(pl['card']), cog2=N.character(state.cogs[f['mover']].character)),
                     {"player": p, "card": pl["card"]})
        else:  # the log said nothing, so the next seat could not tell the question was answered
            ctx.emit("no_follow", M("{cog} does not follow {cog2}.", cog=N.character(state.cogs[p].character),
                                    cog2=N.character(state.cogs[f['mover']].character)), {"player": p})
        if not f["candidates"]:
            pop(state)  # the move goes on
        return
    if frame == "move":
        c = state.cogs[f["player"]]
        if kind == "step":
            left = c.area
            f["left_areas"].append(left)
            c.area, c.cover = pl["area"], None
            c.moved = True
            f["left"] -= 1
            f["steps"] += 1
            # "from": the table joins a move's areas into one log line (names.moved).
            ctx.emit("move", M("{cog} moves to {area}.", cog=N.character(c.character), area=c.area),
                     {"player": f["player"], "area": c.area, "from": left})
            if f["player"] == state.active_player:
                _offer_follow(state, content, f, left)  # it passed through that area
            _auto_explore(ctx, content, f["player"])
            return
        if kind == "explore":
            _explore(ctx, content, f["player"])
            return
        pop(state)
        _end_move(ctx, content, f)
        return
    if frame == "attack":
        pop(state)
        if kind == "skip":
            _continue(ctx)
            return
        P.queue(state, "cog_attack", _attack_args(f, kind, pl))
        return
    if frame == "gain_ammo":
        pop(state)
        if kind == "ammo":
            c = state.cogs[f["player"]]
            c.set_ammo(pl["weapon"], c.ammo(pl["weapon"]) + f["n"])
            ctx.emit("ammo", M("{cog} gains {n} ammo on the {weapon}.", cog=N.character(c.character), n=f['n'], weapon=N.weapon(pl['weapon'])), {"weapon": pl["weapon"]})
        _continue(ctx)
        return
    if frame == "choose_cog":
        pop(state)
        _draw_for(ctx, content, [pl["player"]], f["n"])
        _continue(ctx)
        return
    if frame == "teamwork":
        pop(state)
        if kind == "teammate":
            q = pl["player"]
            ctx.emit("teamwork", M("Teamwork: {cog} may play an Order card now.", cog=N.character(state.cogs[q].character)),
                     {"player": f["player"], "teammate": q})
            push(state, {"f": "team_order", "player": q})
        else:
            _continue(ctx)
        return
    if frame == "team_order":
        pop(state)
        if kind == "play":
            _play(ctx, content, f["player"], pl["card"], pl["as"])
        else:
            _continue(ctx)
        return
    if frame == "pull":
        pop(state)
        if kind == "pull":
            state.flags["ambush_target"] = pl["target"]
            P.queue(state, "pull_locust", {"target": pl["target"], "area": pl["area"]})
        else:
            _continue(ctx)
        return
    if frame == "stranded":
        m = md(state)
        if kind == "pay":
            c = state.cogs[f["player"]]
            c.hand.remove(pl["card"])
            state.orders.discard([pl["card"]])
            f["paid"] = True
            ctx.emit("stranded", M("{cog} discards a card to move the Stranded.", cog=N.character(c.character)), {"player": f["player"]})
            return
        if kind == "step":
            m["stranded"] = pl["area"]
            f["left"] -= 1
            ctx.emit("stranded", M("The Stranded moves to {area}.", area=pl['area']), {"area": pl["area"]})
            return
        pop(state)
        next_turn(ctx)
        return
    if frame == "card":
        if kind in ("special", "explore", "remove_two_plus", "solo_follow"):
            # Between two actions of the card (seed p. 10): the card waits at its next action.
            _order(ctx, content, f, kind, pl)
            return
        bullet = content.orders[card_name(f["card"])].actions[f["i"]]
        f["i"] += 1
        if kind == "do":
            _do_bullet(ctx, content, f["player"], bullet)
        else:  # said in the log as a done action is (a skip left no line)
            ctx.emit("skip", M("{cog} skips {card}'s next action: {action}.", cog=N.character(state.cogs[f["player"]].character),
                               card=N.card(f["card"]), action=N.bullet(bullet.verb, bullet.value)), {"player": f["player"]})
            _continue(ctx)
        return
    if frame == "order":
        _order(ctx, content, f, kind, pl)
        return
    raise IllegalAction(why_illegal(state, Action(kind, pl)))


def _order(ctx, content: GearsContent, f, kind: str, pl: dict[str, Any]) -> None:
    state: GearsState = ctx.state
    p = f["player"]
    c = state.cogs[p]
    if kind == "play":
        state.flags["played"] = True
        _play(ctx, content, p, pl["card"], pl["as"])
        return
    if kind == "remove_two_plus":
        c.hand.remove(pl["card"])
        state.orders.removed.append(pl["card"])
        got = draw_orders(state, 1)
        c.hand += got
        ctx.emit("solo", M("{cog} removes {card} (2+) from the game and draws a card.", cog=N.character(c.character), card=N.card(pl['card'])),
                 {"player": p, "card": pl["card"]})
        return
    if kind == "solo_follow":
        c.hand.remove(pl["card"])
        state.orders.discard([pl["card"]])
        state.flags["solo_follow_used"] = True
        ctx.emit("solo", M("{cog} discards {card} (Follow) to move 1 extra area.", cog=N.character(c.character), card=N.card(pl['card'])), {"player": p})
        push(state, {"f": "move", "player": p, "left": 1, "steps": 0, "left_areas": []})
        return
    if kind == "end":
        end_order_step(ctx)
        return
    if kind == "explore":
        _explore(ctx, content, p)
        return
    if kind == "special":
        if pl["discard"] is not None:
            c.hand.remove(pl["discard"])
            state.orders.discard([pl["discard"]])
        do = pl["do"]
        if do == "revive":
            other = state.cogs[pl["target"]]
            other.bleeding = False
            other.no_draw = True
            ctx.emit("revive", M("{cog} revives {cog2}.", cog=N.character(c.character), cog2=N.character(other.character)), {"player": p, "target": pl["target"]})
        elif do == "pickup":
            _pickup(ctx, content, p, pl)
        elif do == "equipment":
            P.queue(state, "equipment", {"player": p, "choice": {k: v for k, v in pl.items()
                                                                  if k not in ("do", "discard")}})


def _attack_args(f: dict[str, Any], kind: str, pl: dict[str, Any]) -> dict[str, Any]:
    """What an attack frame's action resolves with: the card's bonus dice, whether an
    Overwhelming attack spends ammo, whether the COG stays in cover (the preview reads it too)."""
    return {"player": f["player"], "kind": kind, "payload": dict(pl), "bonus": f.get("bonus", 0),
            "spend": f.get("spend", True), "stay": f.get("stay", False)}


def attack_preview_of(state: GearsState, action: Action) -> A.AttackPreview | None:
    """The exact preview of a weapon attack offered now (an `attack` action of the attack
    frame), with every modifier its resolution applies: the same plan `cog_attack` rolls
    (issue 21: Blind Fire's -1 die was missing from the old preview). None for anything else."""
    f = top(state)
    if action.kind != "attack" or state.proc is not None or f is None or f["f"] != "attack":
        return None
    args = _attack_args(f, action.kind, action.payload)
    pl = args["payload"]
    return A.cog_attack_preview(state, _content(), args["player"], pl["target"], pl["weapon"], pl["mode"],
                                args["bonus"], args["spend"])


def _pickup(ctx, content: GearsContent, p: str, pl: dict[str, Any]) -> None:
    state: GearsState = ctx.state
    c = state.cogs[p]
    d = next(x for x in state.dropped if x["id"] == pl["marker"])
    state.dropped.remove(d)
    state.marker_piles[d["marker"].split(":")[0]].discard([d["marker"]])
    choice = pl["choice"]
    if choice == "item":
        item = content.enemies[d["enemy"]].pickup
        if "grenades" in item:
            c.grenades += item["grenades"]
        elif "weapon" in item and len(c.weapons) < content.cogs[c.character].weapon_limit:
            c.weapons.append([item["weapon"], item.get("ammo", 0)])
    elif choice == "weapon":
        state.special_supply[d["weapon"]] -= 1
        c.weapons.append([d["weapon"], PICKUP_AMMO])
    elif choice == "random":
        card = state.weapon_deck.draw(1, state.rng.stream("weapons"))[0]
        c.weapons.append([card.split("#")[0], PICKUP_AMMO])
        state.flags.setdefault("held_random", {})[p + ":" + card.split("#")[0]] = card
    elif choice == "ammo":
        c.set_ammo(d["weapon"], c.ammo(d["weapon"]) + PICKUP_AMMO)
    ctx.emit("pickup", M("{cog} picks up the dropped {weapon} marker: {gain}.", cog=N.character(c.character), weapon=N.weapon(d["weapon"]),
                         gain=pickup_gain(content, d, choice)), {"player": p, "choice": choice})


def _resolve_cover(ctx, f: dict[str, Any], spot: str | None, full: str | None = None) -> None:
    """A cover frame's answer (spec 3.3): the COG takes `spot`, or stays in the open (`full`:
    the area whose every spot was taken, said in the log); then the set-up goes on to the next
    COG or the first turn, a move's card to its next action."""
    state: GearsState = ctx.state
    p = frame_decider(f)
    cog = N.character(state.cogs[p].character)
    if spot is not None:
        state.cogs[p].cover = spot
        ctx.emit("cover", M("{cog} takes cover at {spot}.", cog=cog, spot=spot), {"player": p, "spot": spot})
    elif full is not None:
        ctx.emit("no_cover", M("{cog} stays in the open: no cover spot is free in {area}.", cog=cog, area=full),
                 {"player": p, "area": full})
    else:  # could take cover and did not: the log says so, as it says a cover
        ctx.emit("no_cover", M("{cog} stays in the open.", cog=cog), {"player": p})
    if f["f"] == "setup_cover":
        f["order"].pop(0)
        if not f["order"]:
            pop(state)
            start_turn(ctx)
        return
    pop(state)
    _continue(ctx)


def _explore(ctx, content: GearsContent, p: str) -> None:
    P.queue(ctx.state, "explore", {"player": p})


def _play(ctx, content: GearsContent, p: str, card: str, how: str) -> None:
    """Spec 5.2: the played card is discarded and resolved as (a) its bullets, (b) move 2 or
    (c) one attack."""
    state: GearsState = ctx.state
    c = state.cogs[p]
    c.hand.remove(card)
    state.orders.discard([card])
    ctx.emit("play", M("{cog} plays {card} {how}.", cog=N.character(c.character), card=N.card(card), how=M(_HOW[how])), {"player": p, "card": card, "as": how})
    if how == "move":
        _start_move(state, p, 2)
    elif how == "attack":
        push(state, {"f": "attack", "player": p, "bonus": 0})
    else:
        push(state, {"f": "card", "player": p, "card": card, "i": 0})
        _continue(ctx)


def _start_move(state: GearsState, player: str, n: int) -> None:
    """A move granted by an Order card; Dominic Santiago moves 1 more, once per turn, in his own
    Order Step (spec 8.3, FAQ v1.1: Active Reload does not give it twice)."""
    content = _content()
    ab = content.cogs[state.cogs[player].character].ability
    if (ab.effect == "extra_move" and not state.flags.get("extra_move_used")
            and (player == state.active_player or not ab.params.get("own_turn_only", True))):
        state.flags["extra_move_used"] = True
        n += ab.amount or 1
    if player == state.active_player:
        # The Mulcher slows its holder during his own turn only; Follow is not a move action
        # and works normally (FAQ v1.1; the cap itself is a PLACEHOLDER in weapons.toml).
        for w, _ in state.cogs[player].weapons:
            slow = next((a for a in content.weapons[w].abilities if a.effect == "slows_holder"), None)
            if slow is not None:
                n = min(n, slow.amount or 1)
    f = {"f": "move", "player": player, "left": n, "steps": 0, "left_areas": [], "asked": [], "followers": []}
    push(state, f)
    if player == state.active_player:
        _offer_follow(state, content, f, state.cogs[player].area)


def _offer_follow(state: GearsState, content: GearsContent, move: dict[str, Any], area: str) -> None:
    """Seed p. 24: a COG may follow the active COG if it starts from its area or passes through
    it, and decides when the move is announced ('Miután bejelenti mozgását, ... úgy dönt, hogy
    követi őt'), playing its Follow card then, before the path is known. So the COGs of the
    starting area are asked as the move begins, and those of an area the active COG passes
    through as it leaves that area; each COG once per move. They arrive at the end (_end_move)."""
    p = move["player"]
    cands = []
    for i in range(1, len(state.players)):
        q = state.players[(state.active + i) % len(state.players)]
        o = state.cogs[q]
        if (q not in move["asked"] and not o.bleeding and o.area == area
                and any(content.orders[card_name(h)].icon == "follow" for h in o.hand)):
            cands.append(q)
    if cands:
        move["asked"] += cands
        push(state, {"f": "follow", "candidates": cands, "mover": p, "from": area})


def _auto_explore(ctx, content: GearsContent, player: str) -> None:
    """Roadblocks Stage 1 (spec 9.2.4): a COG entering the map exit explores the next level-1
    card at once; the move then goes on."""
    state: GearsState = ctx.state
    entry = explores_on_entry(state)
    if entry is not None and state.cogs[player].area in entry[1]:
        P.queue(state, "auto_explore", {"player": player, "level": entry[0]})


def _end_move(ctx, content: GearsContent, f) -> None:
    """After a COG's move: its committed followers arrive (seed p. 24, spec 6.9), then cover
    (spec 3.3) for it and for them, if it moved."""
    state: GearsState = ctx.state
    p = f["player"]
    c = state.cogs[p]
    if not f["steps"]:
        _continue(ctx)  # no move: a committed follower's card is spent all the same
        return
    followers = [q for q in f.get("followers", ()) if not state.cogs[q].bleeding]
    for q in followers:
        o = state.cogs[q]
        if o.area != c.area:
            o.area, o.cover = c.area, None
            ctx.emit("follow", M("{cog} follows to {area}.", cog=N.character(o.character), area=c.area), {"player": q, "area": c.area})
    # Cover: the active COG first, then the followers where spots are left (seed p. 24).
    for q in reversed(followers):
        push(state, {"f": "cover", "player": q})
    push(state, {"f": "cover", "player": p})


def hand_room(state: GearsState, content: GearsContent, player: str) -> int:
    """How many Order cards this COG may still draw: a COG never holds more than its hand limit
    (seed p. 9, 'Soha nem lépheti túl a kézlimitjét'; spec 5.1), whatever makes it draw."""
    c = state.cogs[player]
    return max(0, content.cogs[c.character].hand_limit - len(c.hand))


def _draw_for(ctx, content: GearsContent, players: list[str], n: int) -> None:
    state: GearsState = ctx.state
    for q in players:
        c = state.cogs[q]
        if c.bleeding or c.no_draw:
            continue
        room = hand_room(state, content, q)
        got = draw_orders(state, min(n, room))
        c.hand += got
        limit = "" if n <= room else M(" (hand limit {hand_limit}: seed p. 9)", hand_limit=content.cogs[c.character].hand_limit)
        ctx.emit("draw", M("{cog} draws {cards}{limit}.", cog=N.character(c.character), cards=N.cards(len(got)), limit=limit), {"player": q, "n": len(got)})
        _show_drawn(ctx, q, got)


def _show_drawn(ctx, player: str, got: list[str]) -> None:
    """The cards drawn, named to their holder only (the public line says how many)."""
    if got:
        ctx.emit("hand", M("You draw {list}.", list=T.join(', ', [N.card(g) for g in got])), {"cards": got}, hidden=True,
                 visible_to=(player,))


def _do_bullet(ctx, content: GearsContent, p: str, bullet) -> None:
    state: GearsState = ctx.state
    c = state.cogs[p]
    v = bullet.verb
    if v == "move":
        _start_move(state, p, int(bullet.value))
    elif v == "attack":
        target, among = _card_targets(state, content, p, top(state))
        state.flags.pop("ambush_target", None)
        push(state, {"f": "attack", "player": p, "bonus": bullet.params.get("bonus_dice", 0),
                     "mode": bullet.params.get("mode"), "spend": bullet.params.get("spend_ammo", True),
                     "stay": bullet.params.get("stay_in_cover", False), "target": target, "among": among})
    elif v == "draw":
        who = bullet.params.get("who", "self")
        here = [q for q, o in state.cogs.items() if o.area == c.area and not o.bleeding]
        if who == "self":
            _draw_for(ctx, content, [p], int(bullet.value))
        elif who == "other_cogs_in_area":
            _draw_for(ctx, content, [q for q in here if q != p], int(bullet.value))
        elif who == "cogs_in_cover_all_sections":
            _draw_for(ctx, content, [q for q, o in state.cogs.items() if o.cover], int(bullet.value))
        elif who == "chosen_cog_in_area":
            if len(here) > 1:
                push(state, {"f": "choose_cog", "player": p, "options": here, "n": int(bullet.value)})
                return
            _draw_for(ctx, content, here, int(bullet.value))
        _continue(ctx)
    elif v == "skip_locust_activation":
        state.flags["skip_locust"] = True
        _continue(ctx)
    elif v == "gain_ammo":
        push(state, {"f": "gain_ammo", "player": p, "n": int(bullet.value)})
    elif v == "activate_equipment":
        piece = _equipment_here(state, c.area)
        if piece and _equipment_choices(state, content, p, piece):
            # The choice the Location card asks (which weapon gets the ammo, where the Junker
            # goes) is the player's, asked inside the resolution (spec 6.1 Explore, 6.10).
            P.queue(state, "equipment", {"player": p, "choice": None, "resume": True})
        else:
            _continue(ctx)
    elif v == "extra_order_step":
        state.flags["extra_step_used"] = True
        if p != state.active_player:
            # Played through Teamwork (spec 6.1): the teammate resolves his card as if in his
            # own Order Step, so the second Order Step is his, not another card for the
            # active player, who already played Teamwork as his one card.
            push(state, {"f": "team_order", "player": p})
            return
        state.flags["played"] = False
        _continue(ctx)
    elif v == "teamwork":
        push(state, {"f": "teamwork", "player": p})
    elif v == "pull_locust":
        push(state, {"f": "pull", "player": p, "n": int(bullet.value),
                     "within": bullet.params.get("within_range", 2)})
    else:
        _continue(ctx)


def _card_targets(state: GearsState, content: GearsContent, p: str,
                  frame: dict[str, Any] | None) -> tuple[str | None, list[str] | None]:
    """Who a card's attack may target: the Locust chosen by the card's earlier pull bullet
    (Ambush, spec 6.1: 'Choose a Locust within 2 areas and in LOS ... Then attack it'); when
    that bullet was skipped the Locust is still chosen among those it allows, only not moved."""
    if frame is None or frame.get("f") != "card":
        return None, None
    pull = next((b for b in content.orders[card_name(frame["card"])].actions if b.verb == "pull_locust"), None)
    if pull is None:
        return None, None
    target = state.flags.get("ambush_target")
    if target is not None:
        return target, None
    opts = _pull_options(state, content, {"player": p, "n": 0, "within": pull.params.get("within_range", 2)})
    return None, sorted({o["target"] for o in opts})


def _continue(ctx) -> None:
    """Moves the card frame on to its next bullet, or finishes it."""
    state: GearsState = ctx.state
    content = _content()
    f = top(state)
    while f is not None and f["f"] == "card":
        if f["i"] < len(content.orders[card_name(f["card"])].actions):
            return
        pop(state)
        f = top(state)


# ----------------------------------------------------------------------------- procedures

@P.procedure("cog_attack")
def cog_attack_proc(ctx, player: str, kind: str, payload: dict, bonus: int, spend: bool, stay: bool) -> None:
    content = _content()
    state: GearsState = ctx.state
    if kind == "attack":
        A.cog_attack(ctx, content, player, payload["target"], payload["weapon"], payload["mode"], bonus, spend)
    elif kind == "chainsaw":
        A.chainsaw(ctx, content, player, payload["target"])
    elif kind == "grenade":
        A.grenade(ctx, content, player, payload["area"])
    elif kind == "area_attack":
        A.area_attack(ctx, content, player, payload["area"], payload["weapon"], payload["mode"], bonus, spend)
    missions.check_stage(ctx, content)
    if state.outcome is None:
        _continue(ctx)


@P.procedure("stage_flip")
def stage_flip_proc(ctx) -> None:
    """A stage card whose condition came true through a plain action (a move, a card): its
    back resolves here, where the choices it asks are decision points (spec 9.1)."""
    missions.check_stage(ctx, _content())


@P.procedure("pull_locust")
def pull_locust_proc(ctx, target: str, area: str | None) -> None:
    """Ambush: the chosen Locust moves 1 area toward the COG and takes cover if its type does."""
    from game.gears.rules import wounds as W

    state: GearsState = ctx.state
    content = _content()
    x = state.locusts.get(target)
    if x is not None and area is not None:
        x.area, x.cover = area, None
        ctx.emit("move", M("{locust} is pulled to {area}.", locust=N.locust(state, target), area=area), {"figure": target, "area": area})
        if content.enemies[x.enemy].takes_cover:
            W.locust_take_cover(ctx, target)
    _continue(ctx)


@P.procedure("auto_explore")
def auto_explore_proc(ctx, player: str, level: int) -> None:
    from game.gears.rules.explore import build_level

    content = _content()
    state: GearsState = ctx.state
    ctx.emit("explore", M("{cog} reaches the map exit: the next card is explored.", cog=N.character(state.cogs[player].character)),
             {"player": player})
    door = next((e for e in state.view().free_exits if e.split(":")[0] == state.placements[-1]["tile"]), None)
    build_level(ctx, content, level, door, limit=1)
    missions.check_stage(ctx, content)


@P.procedure("explore")
def explore_proc(ctx, player: str) -> None:
    content = _content()
    explore(ctx, content, player)
    missions.check_stage(ctx, content)


@P.procedure("equipment")
def equipment_proc(ctx, player: str, choice: dict, resume: bool = False) -> None:
    """Spec 6.10 / 3.8: apply the tile's Location card; discard it if its text says so."""
    content = _content()
    state: GearsState = ctx.state
    c = state.cogs[player]
    piece = _equipment_here(state, c.area)
    if piece is None:
        return
    if choice is None:
        options = _equipment_choices(state, content, player, piece)
        choice = ctx.choose(player, "equipment_choice", options, M("Use the {equipment_words} how?", equipment_words=_equipment_words(state, content, piece, {})),
                            [_equipment_words(state, content, piece, o) for o in options])
    eq = content.equipment[state.equipment[piece]]
    e = eq.effect
    if "gain_ammo" in e:
        c.set_ammo(choice["weapon"], c.ammo(choice["weapon"]) + e["gain_ammo"])
    if "gain_grenades" in e:
        c.grenades += e["gain_grenades"]
    if "gain_weapon" in e:
        c.weapons.append([e["gain_weapon"], e.get("ammo", 0)])
    if "unlock_next_level" in e:
        for i in range(state.levels_built, len(state.locked)):
            if state.locked[i]:
                state.locked[i] = False
                break
    if "draw_random_weapons" in e:
        drawn = state.weapon_deck.draw(e["draw_random_weapons"], state.rng.stream("weapons"))
        ctx.emit("weapons_drawn", M("{cog} draws {list}.", cog=N.character(c.character), list=T.join(', ', [N.weapon(w) for w in drawn])), {"cards": drawn}, hidden=True)
        keep = ctx.choose(player, "keep_weapon", [{"keep": d} for d in drawn], M("Keep which weapon?"))["keep"]
        c.weapons.append([keep.split("#")[0], e.get("ammo", 2)])
        state.flags.setdefault("held_random", {})[player + ":" + keep.split("#")[0]] = keep
        state.weapon_deck.discard([d for d in drawn if d != keep])
    if "move_anywhere" in e:
        # Junker (14A): move to any area of the map (reusable, spec 3.8).
        c.area, c.cover = choice["area"], None
        c.moved = True
        ctx.emit("move", M("{cog} drives the Junker to {area}.", cog=N.character(c.character), area=c.area), {"player": player, "area": c.area})
    if "fixed_weapon" in e:
        # Troika (16B): a 6-dice attack on a Locust of this tile; no Order card this turn.
        state.flags["played"] = True
        A.cog_attack(ctx, content, player, choice["target"], e["fixed_weapon"], "normal", spend=False)
    ctx.emit("equipment", M("{cog} uses the {name} of tile {piece}.", cog=N.character(c.character), name=M(eq.name), piece=piece), {"player": player, "tile": piece})
    md(state).setdefault("equipment_used", []).append(piece)
    keep_card = any(r.params.get("tile") == piece for r in rules_named(state, "equipment_not_discarded"))
    face_down = any(eq.id in r.params.get("equipment", ()) for r in rules_named(state, "equipment_face_down"))
    if face_down:
        md(state).setdefault("face_down", {})[piece] = eq.id  # Horde: turned face down (spec 9.2.7)
        del state.equipment[piece]
    elif eq.discard and not keep_card:
        del state.equipment[piece]
    missions.check_stage(ctx, content)
    if resume:
        _continue(ctx)
