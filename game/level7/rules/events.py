"""Event cards (spec 5.2 step 3, 8.7): step A (the card's spawn icon and the Fear 7+ clone),
step B (the section of the triggering icon, run from its `effect` steps: game/level7/
event_effects.py) and step C (the activation box for the starting player count, then hybrids,
then nests and posts), through game/level7/rules/foes.py for everything enemies do."""
from __future__ import annotations

from game.engine.dice import roll_all
from game.engine.text import M, Mn
from game.level7.content import shared_content
from game.level7.event_effects import Step
from game.level7.rules import challenge as C
from game.level7.rules import challenges, dice_source, foes, sheet, swarm
from game.level7.rules.modifiers import event_redraw
from game.level7.rules.tracks import fear_change_possible
from game.level7.rules.maps import view
from game.level7.rules.names import place, ref, trigger as trigger_name, who as who_name
from game.level7.rules.state import IN_PLAY, Character, Level7State


_EVENT = M("an event")


def attribute(state: Level7State, ch: Character, name: str) -> int:
    """The attribute's current value outside a challenge (Speed, Toughness): modifiers.py."""
    return challenges.attribute(state, ch, name)


def roll(state: Level7State, dice: int, ctx, who, what) -> list:
    die = shared_content().dice["level7"]
    faces = roll_all([die] * dice, dice_source.dice(state))
    ctx.emit("roll", Mn("{who} rolls {n} die ({what}): {faces}.", "{who} rolls {n} dice ({what}): {faces}.", dice, who=who,
                        what=what, faces=challenges.faces(faces)), {"faces": [f.as_dict() for f in faces]}, hidden=True)
    return faces


def event_challenge(state: Level7State, ch: Character, attr: str, level: int, ctx) -> bool:
    """An event's challenge (spec 6.3; 11 #11: not the turn's challenge action, no activation)."""
    challenge = C.event_challenge(attr, level)
    out = C.resolve_event_challenge(challenge, challenges.roll(state, ch, challenge, ctx))
    ctx.emit("challenge", M("{who}: {result}", who=who_name(ch), result=out.text), {"who": ch.id, "result": out.result, "icons": out.icons})
    return out.success


# ---------------------------------------------------------------------------- step B

def possible(state: Level7State, ch: Character, steps: tuple[Step, ...]) -> bool:
    """Whether an option can happen at least in part (spec 6.12: an option that cannot happen at
    all is not offered; one that can partly happen may be chosen)."""
    for s in steps:
        if s.do == "fear":
            if fear_change_possible(shared_content(), ch.fear, s.params["amount"]):
                return True
        elif s.do == "threat":
            if s.params["amount"] > 0 or ch.threat > 0:
                return True
        elif s.do == "discard":
            # the last card may go only when something forces it: a choice is not forced
            if len(ch.hand) > 1:
                return True
        elif s.do == "draw_adrenaline":
            if len(ch.hand) < sheet.hand_size(ch) and state.adrenaline.can_draw():
                return True
        else:
            return True
    return False


def run(state: Level7State, ch: Character, steps: tuple[Step, ...], ctx) -> None:
    for s in steps:
        if state.outcome is not None:
            return
        RUN[s.do](state, ch, s, ctx)


def _threat(state, ch, s, ctx):
    if ch.status != IN_PLAY:
        return
    n = s.params["amount"]
    if n > 0:
        sheet.gain_threat(state, ch, n, ctx, _EVENT)
    else:
        sheet.lose_threat(state, ch, -n, ctx, _EVENT)


def _fear(state, ch, s, ctx):
    who = state.figures_on(ch.tile) if s.get("who") == "tile" else [ch]
    for c in who:
        if c.status == IN_PLAY:
            sheet.change_fear(state, c, s.params["amount"], ctx, _EVENT)


def _challenge(state, ch, s, ctx):
    if ch.status != IN_PLAY:
        return
    ok = event_challenge(state, ch, s.params["attribute"], s.params["level"], ctx)
    run(state, ch, s.get("success", ()) if ok else s.params["fail"], ctx)


def _spawn(state, ch, s, ctx):
    foes.spawn(state, s.params["enemy"], s.params["at"], ctx)


def _darkness(state, ch, s, ctx):
    supply = state.tokens["supply"]
    if ch.status == IN_PLAY and supply["darkness"] > 0 and ch.tile not in state.tokens["darkness"]:
        supply["darkness"] -= 1
        state.tokens["darkness"].append(ch.tile)
        ctx.emit("token", M("A darkness token goes on {tile}.", tile=place(state, ch.tile)), {"token": "darkness", "tile": ch.tile})
    else:
        run(state, ch, s.get("else", ()), ctx)


def _seal_vent(state, ch, s, ctx):
    supply = state.tokens["supply"]
    if supply["sealed"] == 0 or ch.status != IN_PLAY:
        return
    mv = view(state)
    dist = mv.distances(state, ch.tile, "character")
    vents = [t for t in mv.vent_tiles(state) if t != ch.tile]
    if not vents:
        return
    best = min(dist.get(t, 10 ** 6) for t in vents)
    tied = [{"tile": t} for t in vents if dist.get(t, 10 ** 6) == best]
    pick = ctx.choose(ch.id, "seal_vent", tied, M("Which vent is sealed?"))
    supply["sealed"] -= 1
    state.tokens["sealed"].append(pick["tile"])
    ctx.emit("token", M("The vent of {tile} is sealed.", tile=place(state, pick["tile"])), {"token": "sealed", "tile": pick["tile"]})


def lockable_doors(state: Level7State, tile: str, joined: bool) -> list[list]:
    """Doors of `tile` without a locked-door token (only those joining another tile if `joined`)."""
    mv = view(state)
    locked = {(t, e, i) for t, e, i in state.tokens["locked"]}
    links = [(o, kind, door) for o, kind, door in mv.neighbours(state, tile) if door is not None]
    out = []
    for slot in mv.tile(tile).doors:
        if (tile, slot[0], slot[1]) in locked:
            continue
        joins = any(door[1] == slot for _, _, door in links)
        if joined and not joins:
            continue
        out.append([slot[0], slot[1]])
    return out


def _lock_door(state, ch, s, ctx):
    doors = lockable_doors(state, ch.tile, bool(s.get("joined"))) if ch.status == IN_PLAY else []
    if not doors or state.tokens["supply"]["locked"] == 0:
        run(state, ch, s.get("else", ()), ctx)
        return
    pick = ctx.choose(ch.id, "lock_door", [{"door": d} for d in doors], M("Which door is locked?"))
    state.tokens["supply"]["locked"] -= 1
    state.tokens["locked"].append([ch.tile, pick["door"][0], pick["door"][1]])
    ctx.emit("token", M("A locked-door token goes on a door of {tile}.", tile=place(state, ch.tile)),
             {"token": "locked", "tile": ch.tile, "door": pick["door"]})


def _discard(state, ch, s, ctx):
    if ch.status == IN_PLAY:
        sheet.discard_adrenaline(state, ch, s.params["count"], ctx, _EVENT)


def _draw_item(state, ch, s, ctx):
    if ch.status == IN_PLAY:
        sheet.draw_item(state, ch, ctx, _EVENT)


def _draw_adrenaline(state, ch, s, ctx):
    if ch.status == IN_PLAY:
        sheet.draw_adrenaline(state, ch, s.params["count"], ctx, _EVENT)


def _choose(state, ch, s, ctx):
    if ch.status != IN_PLAY:
        return
    options = s.params["options"]
    can = [i for i, o in enumerate(options) if possible(state, ch, o)] or list(range(len(options)))
    pick = ctx.choose(ch.id, "event_option", [{"option": i} for i in can], M("{who}: choose what happens", who=who_name(ch)))
    run(state, ch, options[pick["option"]], ctx)


def _activate_near(state, ch, s, ctx):
    foes.activate_near(state, ch, s.params["enemy"], s.params["distance"], ctx)


def _sweep(state, ch, s, ctx):
    foes.sweep(state, ch, s.params["enemy"], s.params["distance"], ctx)


def _spawn_point(state, ch, s, ctx):
    foes.spawn_point(state, ch, s.params["token"], s.params["at"], ctx)


def _vent_travel(state, ch, s, ctx):
    if ch.status != IN_PLAY or ch.tile in state.tokens["sealed"] or not view(state).tile(ch.tile).vent:
        return
    reach = sorted(o for o, kind, _ in view(state).neighbours(state, ch.tile) if kind == "vent")
    if not reach:
        return
    pick = ctx.choose(ch.id, "vent_travel", [{"tile": ""}] + [{"tile": t} for t in reach],
                      M("{who}: move through the vents (no Fear)?", who=who_name(ch)))
    if pick["tile"]:
        ch.tile = pick["tile"]
        ctx.emit("placed", M("{who} crawls to {tile}.", who=who_name(ch), tile=place(state, ch.tile)), {"who": ch.id, "tile": ch.tile})
        swarm.arrive(state, ch, ctx)


def _remove_darkness(state, ch, s, ctx):
    if ch.status != IN_PLAY:
        return
    near = {ch.tile} | {o for o, kind, _ in view(state).neighbours(state, ch.tile) if kind != "vent"}
    dark = sorted(t for t in state.tokens["darkness"] if t in near)
    if not dark:
        return
    pick = ctx.choose(ch.id, "remove_darkness", [{"tile": t} for t in dark], M("Which darkness token goes?"))
    state.tokens["darkness"].remove(pick["tile"])
    state.tokens["supply"]["darkness"] += 1
    ctx.emit("token", M("The darkness lifts from {tile}.", tile=place(state, pick["tile"])), {"token": "darkness", "tile": pick["tile"]})


def _nothing(state, ch, s, ctx):
    ctx.emit("event_text", M("Nothing happens."))


RUN = {"threat": _threat, "fear": _fear, "challenge": _challenge, "spawn": _spawn, "darkness": _darkness,
       "seal_vent": _seal_vent, "lock_door": _lock_door, "discard": _discard, "draw_item": _draw_item,
       "draw_adrenaline": _draw_adrenaline, "choose": _choose, "activate_near": _activate_near, "sweep": _sweep,
       "spawn_point": _spawn_point, "vent_travel": _vent_travel, "remove_darkness": _remove_darkness,
       "nothing": _nothing}


# ---------------------------------------------------------------------------- the card

def redraw(state: Level7State, ch: Character, card, trigger: str, ctx):
    """A skill that lets the drawer discard an event card drawn for this section and draw another,
    which must be resolved (Paranoid, spec 8.4: once per turn; a turn draws one event card).
    Returns the card to resolve (None: the deck ran out)."""
    c = shared_content()
    by = event_redraw(c, trigger, skills=ch.skills, items=challenges.carried_items(ch))
    if not by:
        return card
    section = c.sections[card.section(trigger)]
    pick = ctx.choose(ch.id, "redraw_event", [{"redraw": False}, {"redraw": True}],
                      M("{who} ({by}): resolve {section}, or discard the card and draw another?", who=who_name(ch),
                        by=M(by), section=ref("level7.section", section.code)),
                      about={"card": card.id, "section": section.code})
    if not pick["redraw"]:
        return card
    state.events.discard([state.flags.pop("event_card")])
    drawn = state.events.draw(1, state.rng.stream("decks"))
    ctx.emit("event_redraw", M("{who} discards the event card {section} ({by}) and draws another.", who=who_name(ch),
                                       section=_title(card, trigger), by=M(by)),
             {"who": ch.id, "card": card.id})
    if not drawn:
        ctx.emit("no_event", M("No event card is left."))
        return None
    card = c.events[drawn[0]]
    state.flags["event_card"] = card.id
    ctx.emit("event", M("{who} draws the event card {section} ({trigger} section), and must resolve it.",
                        who=who_name(ch), section=_title(card, trigger), trigger=trigger_name(trigger)),
             {"card": card.id, "trigger": trigger}, hidden=True)
    return card


def _title(card, trigger: str):
    """An event card as the log names it: the title of the section its icon triggered. The card
    itself has no title (seed p. 11: a spawn icon, three events, the activation boxes); its id
    stays in the event's payload and the saves."""
    return ref("level7.section", card.section(trigger))


def resolve_card(state: Level7State, ctx) -> None:
    """Step 3 (spec 5.2): one event card, top to bottom."""
    c = shared_content()
    ch = state.characters[state.turn.player]
    drawn = state.events.draw(1, state.rng.stream("decks"))
    if not drawn:
        ctx.emit("no_event", M("No event card is left."))
        return
    card = c.events[drawn[0]]
    state.flags["event_card"] = card.id  # in play until discarded below
    trigger = state.turn.trigger
    ctx.emit("event", M("{who} draws the event card {section} ({trigger} section).", who=who_name(ch),
                        section=_title(card, trigger), trigger=trigger_name(trigger)) if trigger
             else M("{who} draws an event card at the end of the turn: no section, its spawn and activation only.",
                    who=who_name(ch)),
             {"card": card.id, "trigger": trigger}, hidden=True)
    if trigger and ch.status == IN_PLAY:
        card = redraw(state, ch, card, trigger, ctx)
        if card is None:
            return
    # A. spawn
    if card.spawn != "none":
        foes.spawn(state, card.spawn, foes.SPAWN_SITE[card.spawn], ctx)
        swarm.comes_in(state, card.spawn, ctx)  # with a scenario's flags.swarm (spec 9.4)
    if ch.status == IN_PLAY:
        foes.fear_spawn(state, ctx)
    # B. the section of the triggering icon; skipped when drawn at the end of the turn
    if trigger and state.outcome is None:
        section = c.sections[card.section(trigger)]
        ctx.emit("event_text", M("{section}: {text}", section=ref("level7.section", section.code),
                                   text=ref("level7.section_text", section.code)), {"section": section.code})
        run(state, ch, section.effect, ctx)
    # C. activation
    if state.outcome is None:
        foes.activate_box(state, card, ctx)
    state.events.discard([state.flags.pop("event_card")])
