"""The Locust AI (spec 7): one resolver for the effect language of data/ai_cards.toml.

The Locust Activation Step is a procedure (rules/procedures.py): it draws a card, checks its
redraw lines, picks the branch (once for Group and Event cards, per figure for For Each), and
runs the effects figure by figure. Every choice the rules give the active player (figure order,
tied nearest COGs, paths, cover spots, holes) and every reaction (Guard before a Locust moves
or attacks, Dodge before its roll, wound discards) is a decision point. Each activation is
explained by an "ai" event naming the card, the branch taken, the target and why.
"""
from __future__ import annotations

from typing import Any

from game.gears.content import AiCard, Condition, Effect, GearsContent
from game.gears.rules import attack as A
from game.gears.rules import wounds as W
from game.gears.rules.board_view import INF
from game.gears.rules.movement import (
    los,
    nearest_cogs,
    next_steps_toward,
    standing_cogs,
    steps_away,
)
from game.gears.rules.procedures import procedure
from game.gears.rules.spawning import exit_area, hole_nearest, open_holes
from game.gears.rules.state import GearsState

Fctx = dict[str, Any]  # self, that_cog, that_locust, that_marker, moved, attacked, last_target


def _content() -> GearsContent:
    from game.gears.rules.title import shared_content

    return shared_content()


def card_verbs(card: AiCard) -> set[str]:
    out: set[str] = set()

    def walk(effs):
        for e in effs:
            out.add(e.verb)
            walk(e.do)
            walk(e.otherwise)
    for b in card.branches:
        walk(b.effects)
    walk(card.finally_)
    return out


# ----------------------------------------------------------------------------- the step

@procedure("locust_step")
def locust_step(ctx, skip: bool = False) -> None:
    """Spec 5.3 / 7.3: draw and resolve AI cards, then the next player's turn."""
    from game.gears.rules import missions, turn

    content = _content()
    state: GearsState = ctx.state
    state.flags.update({"guard_used": False, "no_guard": False, "spawned": []})
    if skip:
        ctx.emit("skip", "Sit Tight: the Locust Activation Step is skipped.", {})
    else:
        owed = 1
        redraws = 0
        while owed > 0 and state.outcome is None:
            owed -= 1
            got = state.ai.draw(1, state.rng.stream("ai"))
            if not got:
                break
            card = content.ai_cards[got[0]]
            state.flags["ai_in_play"] = card.id  # the card being resolved (UI, conservation)
            ctx.emit("ai_card", f"The Locust AI card {card.id} is drawn: {card.text}",
                     {"card": card.id}, hidden=True)
            again = resolve_card(ctx, content, card)
            state.ai.discard([card.id])
            state.flags.pop("ai_in_play", None)
            missions.check_stage(ctx, content)
            if again:
                redraws += 1
                # Loop safeguard (spec 7.3): a whole deck of redraws ends the step.
                if redraws <= len(state.ai.cards()):
                    owed += 1
    state.flags.pop("activating", None)
    if state.outcome is None:
        turn.end_turn(ctx)


def resolve_card(ctx, content: GearsContent, card: AiCard) -> bool:
    """Resolves one card; True when a new card must be drawn."""
    state: GearsState = ctx.state
    base: Fctx = {"card": card}
    for cond in card.redraw_if:
        if holds(ctx, content, cond, dict(base)):
            ctx.emit("ai", f"{card.id}: {_cond_text(cond)} holds, so a new AI card is drawn.",
                     {"card": card.id, "redraw": True})
            return True
    again = False
    if card.kind in ("event", "group"):
        fctx = dict(base)
        branch_no, branch = _branch(ctx, content, card, fctx)
        ctx.emit("ai", f"{card.id} ({card.kind}): branch {branch_no + 1} applies "
                       f"({_cond_text(branch.condition)}).",
                 {"card": card.id, "branch": branch_no})
        again = run(ctx, content, branch.effects, fctx) or again
    else:
        done: set[str] = set()
        while state.outcome is None:
            left = [lid for lid in _select(state, content, "self_type", card) if lid not in done]
            if not left:
                break
            pick = ctx.choose(state.active_player, "activate_order", [{"figure": f} for f in left],
                              f"{card.id}: which figure activates next?")
            lid = pick["figure"]
            done.add(lid)
            state.flags["activating"] = lid
            fctx = dict(base, self=lid, moved=False, attacked=False)
            branch_no, branch = _branch(ctx, content, card, fctx)
            why = _cond_text(branch.condition)
            tgt = fctx.get("that_cog")
            ctx.emit("ai", f"{card.id}: {lid} takes branch {branch_no + 1} ({why})"
                           + (f"; that COG is {state.cogs[tgt].character}" if tgt else "") + ".",
                     {"card": card.id, "figure": lid, "branch": branch_no, "that_cog": tgt})
            again = run(ctx, content, branch.effects, fctx) or again
    if state.outcome is None:
        again = run(ctx, content, card.finally_, dict(base)) or again
    return again


def _branch(ctx, content, card: AiCard, fctx: Fctx):
    for i, b in enumerate(card.branches):
        if holds(ctx, content, b.condition, fctx):
            return i, b
    return len(card.branches) - 1, card.branches[-1]


def _cond_text(c: Condition) -> str:
    if c.name == "not":
        return "not " + _cond_text(c.args[0])
    if c.name == "all":
        return " and ".join(_cond_text(a) for a in c.args)
    if c.value is None:
        return c.name.replace("_", " ")
    extra = "".join(f", {k} {v}" for k, v in c.params.items())
    return f"{c.name.replace('_', ' ')} {c.value}{extra}"


# ----------------------------------------------------------------------------- selectors

def _type_enemies(content: GearsContent, card: AiCard | None) -> set[str]:
    if card is None or card.enemy is None:
        return set()
    return {e.id for e in content.enemies.values() if e.ai_cards_of == card.enemy or e.id == card.enemy}


def _select(state: GearsState, content: GearsContent, sel: Any, card: AiCard | None) -> list[str]:
    if sel == "locust":
        ok = lambda e: True  # noqa: E731
    elif sel == "self_type":
        types = _type_enemies(content, card)
        ok = lambda e: e in types  # noqa: E731
    elif sel in ("A", "B", "C"):
        ok = lambda e: e == state.slots.get(sel)  # noqa: E731
    elif isinstance(sel, (tuple, list)):
        ok = lambda e: e in sel  # noqa: E731
    else:
        ok = lambda e: e == sel  # noqa: E731
    return sorted(lid for lid, x in state.locusts.items() if ok(x.enemy))


# ----------------------------------------------------------------------------- targets

def _you(ctx) -> str | None:
    """The active COG, or another of the active player's choice if it bleeds (spec 7.4)."""
    state: GearsState = ctx.state
    c = state.active_cog
    if not c.bleeding:
        return state.active_player
    others = standing_cogs(state)
    if not others:
        return None
    return ctx.choose(state.active_player, "you_instead", [{"cog": p} for p in others],
                      "Your COG is bleeding out: which COG counts as 'you'?")["cog"]


def _pick_cog(ctx, cands: list[str], why: str) -> str | None:
    if not cands:
        return None
    state = ctx.state
    return ctx.choose(state.active_player, "target_tie", [{"cog": p} for p in cands],
                      f"Choose the COG ({why}).",
                      [state.cogs[p].character for p in cands])["cog"]


def _nearest_of(ctx, area: str, cands: list[str], why: str) -> str | None:
    return _pick_cog(ctx, nearest_cogs(ctx.state, area, cands), why)


def move_target(ctx, content: GearsContent, what: str, fctx: Fctx) -> tuple[str | None, str]:
    """(goal area, explanation) of a move instruction."""
    state: GearsState = ctx.state
    me = state.locusts.get(fctx.get("self", ""))
    area = me.area if me else state.active_cog.area
    view = state.view()
    if what in ("nearest_cog", "nearest_cog_in_los", "nearest_cog_not_in_cover"):
        cands = standing_cogs(state)
        if what == "nearest_cog_in_los" and me:
            cands = [p for p in cands if los(view, (me.area, me.cover), (state.cogs[p].area, state.cogs[p].cover))]
        if what == "nearest_cog_not_in_cover":
            cands = [p for p in cands if state.cogs[p].cover is None]
        p = _nearest_of(ctx, area, cands, what.replace("_", " "))
        if p:
            fctx["that_cog"] = p
            return state.cogs[p].area, f"{state.cogs[p].character} is the {what.replace('_', ' ')} ({view.mdist(area, state.cogs[p].area)} moves)"
        return None, "no such COG"
    if what == "you":
        p = _you(ctx)
        if p:
            fctx["that_cog"] = p
            return state.cogs[p].area, f"{state.cogs[p].character} is the active COG"
        return None, "no standing COG"
    if what == "that_cog":
        p = fctx.get("that_cog")
        if p and not state.cogs[p].bleeding:
            return state.cogs[p].area, f"{state.cogs[p].character} was named by the card"
        p = _nearest_of(ctx, area, standing_cogs(state), "nearest COG")
        if p:
            fctx["that_cog"] = p
            return state.cogs[p].area, f"{state.cogs[p].character} is the nearest COG (no COG named)"
        return None, "no standing COG"
    if what == "that_locust":
        other = state.locusts.get(fctx.get("that_locust", ""))
        return (other.area, f"{other.id} was named by the card") if other else (None, "gone")
    raise ValueError(f"unknown move target {what!r}")


def attack_targets(ctx, content: GearsContent, what: str, params, fctx: Fctx) -> list[str]:
    """The COGs one attack instruction attacks (several = separate attacks, spec 11 item 19)."""
    state: GearsState = ctx.state
    me = state.locusts.get(fctx.get("self", ""))
    if me is None:
        return []
    view = state.view()
    mine = (me.area, me.cover)
    seen = [p for p in standing_cogs(state) if los(view, mine, (state.cogs[p].area, state.cogs[p].cover))]
    in_area = [p for p in seen if state.cogs[p].area == me.area]
    rng = params.get("within_range")
    if rng is not None:
        seen_r = [p for p in seen if view.rdist(me.area, state.cogs[p].area) <= rng]
    else:
        seen_r = seen
    if what == "you":
        p = _you(ctx)
        return [p] if p in seen_r else []
    if what == "that_cog":
        p = fctx.get("that_cog")
        return [p] if p in seen_r else []
    if what == "nearest_cog_in_los":
        p = _nearest_of(ctx, me.area, seen_r, "nearest COG in LOS")
        return [p] if p else []
    if what in ("cog_in_los", "cog_in_range"):
        p = _pick_cog(ctx, seen_r, "a COG it can attack")
        return [p] if p else []
    if what == "cog_in_area":
        p = _pick_cog(ctx, in_area, "a COG in its area")
        return [p] if p else []
    if what == "cog_in_area_not_in_cover":
        p = _pick_cog(ctx, [q for q in in_area if state.cogs[q].cover is None], "a COG in its area, not in cover")
        return [p] if p else []
    if what == "most_wounded_cog_in_area":
        if not in_area:
            return []
        least = min(len(state.cogs[q].hand) for q in in_area)
        p = _pick_cog(ctx, [q for q in in_area if len(state.cogs[q].hand) == least], "the most wounded COG")
        return [p] if p else []
    if what == "each_cog_in_area":
        return in_area
    if what == "each_cog_in_range_not_in_cover":
        return [p for p in seen_r if state.cogs[p].cover is None]
    if what == "each_cog_in_los_not_in_cover":
        return [p for p in seen if state.cogs[p].cover is None]
    if what == "other_cog_in_area_of_last_target":
        last = fctx.get("last_target")
        if not last:
            return []
        p = _pick_cog(ctx, [q for q in seen_r if q != last and state.cogs[q].area == state.cogs[last].area],
                      "another COG in that area")
        return [p] if p else []
    raise ValueError(f"unknown attack target {what!r}")


# ----------------------------------------------------------------------------- conditions

def holds(ctx, content: GearsContent, c: Condition, fctx: Fctx) -> bool:
    state: GearsState = ctx.state
    view = state.view()
    me = state.locusts.get(fctx.get("self", ""))
    name = c.name
    if name in ("always", "else"):
        return True
    if name == "not":
        return not holds(ctx, content, c.args[0], dict(fctx))
    if name == "all":
        return all(holds(ctx, content, a, fctx) for a in c.args)
    if name == "in_play":
        return bool(_select(state, content, c.value, fctx.get("card")))
    standing = standing_cogs(state)
    if name == "all_cogs_in_cover":
        return bool(standing) and all(state.cogs[p].cover for p in standing)
    if name == "type_has_los_to_cog":
        return any(los(view, (state.locusts[l].area, state.locusts[l].cover), (state.cogs[p].area, state.cogs[p].cover))
                   for l in _select(state, content, "self_type", fctx.get("card")) for p in standing)
    if name == "cog_moved_or_attacked_this_turn":
        cands = [p for p in standing if state.cogs[p].moved or state.cogs[p].attacked]
        return _set_cog(ctx, fctx, cands, me)
    if name == "no_hole_in_your_area":
        p = _you(ctx)
        return p is not None and not any(h["area"] == state.cogs[p].area for h in state.holes.values())
    if name == "ammo_on_map":
        return bool(state.flags.get("map_ammo"))
    if name == "locust_within_movement_of_you":
        p = _you(ctx)
        return p is not None and any(view.mdist(x.area, state.cogs[p].area) <= c.value for x in state.locusts.values())
    if name == "all_cogs_at_least_movement":
        return all(view.mdist(me.area, state.cogs[p].area) >= c.value for p in standing) if me else False
    if me is None:
        return False
    if name == "wounded":
        return me.wounded
    if name == "in_cover":
        return me.cover is not None
    if name in ("attacked", "moved"):
        return bool(fctx.get(name))
    if name == "cog_in_los":
        cands = [p for p in standing if los(view, (me.area, me.cover), (state.cogs[p].area, state.cogs[p].cover))]
        return _set_cog(ctx, fctx, cands, me)
    if name == "in_same_area_as_cog":
        return _set_cog(ctx, fctx, [p for p in standing if state.cogs[p].area == me.area], me)
    if name == "you_in_area":
        p = _you(ctx)
        if p is not None and state.cogs[p].area == me.area:
            fctx["that_cog"] = p
            return True
        return False
    if name == "cog_within_range":
        return _set_cog(ctx, fctx, [p for p in standing if view.rdist(me.area, state.cogs[p].area) <= c.value], me)
    if name == "cog_within_movement":
        cap = c.params.get("max_health")
        cands = [p for p in standing if view.mdist(me.area, state.cogs[p].area) <= c.value
                 and (cap is None or len(state.cogs[p].hand) <= cap)]
        return _set_cog(ctx, fctx, cands, me)
    if name == "nearest_cog_at_least_movement":
        near = nearest_cogs(state, me.area)
        return bool(near) and view.mdist(me.area, state.cogs[near[0]].area) >= c.value
    if name == "wounded_locust_within_movement":
        cands = [l for l, x in sorted(state.locusts.items())
                 if l != me.id and x.wounded and view.mdist(me.area, x.area) <= c.value]
        if not cands:
            return False
        fctx["that_locust"] = ctx.choose(state.active_player, "locust_tie", [{"figure": l} for l in cands],
                                         "Which wounded Locust?")["figure"]
        return True
    if name == "dropped_weapon_within_movement":
        cands = [d["id"] for d in state.dropped if view.mdist(me.area, d["area"]) <= c.value]
        if not cands:
            return False
        fctx["that_marker"] = ctx.choose(state.active_player, "marker_tie", [{"marker": m} for m in cands],
                                         "Which dropped weapon?")["marker"]
        return True
    raise ValueError(f"unknown condition {name!r}")


def _set_cog(ctx, fctx: Fctx, cands: list[str], me) -> bool:
    if not cands:
        return False
    area = me.area if me else ctx.state.active_cog.area
    fctx["that_cog"] = _nearest_of(ctx, area, cands, "the COG the card means") or cands[0]
    return True


# ----------------------------------------------------------------------------- effects

def run(ctx, content: GearsContent, effects, fctx: Fctx) -> bool:
    """Runs effects in order; parts that cannot be done are skipped (spec 7.3). True = redraw."""
    state: GearsState = ctx.state
    again = False
    for e in effects:
        if state.outcome is not None:
            break
        if fctx.get("self") and fctx["self"] not in state.locusts:
            break  # the figure died (a Guard): its activation ends (spec 6.9)
        again = effect(ctx, content, e, fctx) or again
    return again


def effect(ctx, content: GearsContent, e: Effect, fctx: Fctx) -> bool:
    state: GearsState = ctx.state
    v, p = e.verb, e.params
    lid = fctx.get("self")
    if v == "draw_ai_card":
        return True
    if v == "no_guard":
        state.flags["no_guard"] = True
        return False
    if v == "for_each":
        if e.value == "player":
            raise ValueError("for_each player is an MP1 construct not modelled")
        done: set[str] = set()
        again = False
        while state.outcome is None:
            left = [l for l in _select(state, content, e.value, fctx.get("card")) if l not in done]
            if not left:
                break
            l = ctx.choose(state.active_player, "activate_order", [{"figure": f} for f in left],
                           "Which figure activates next?")["figure"]
            done.add(l)
            sub = dict(fctx, self=l, moved=False, attacked=False)
            if e.condition is None or holds(ctx, content, e.condition, sub):
                state.flags["activating"] = l
                again = run(ctx, content, e.do, sub) or again
        return again
    if v == "when":
        branch = e.do if holds(ctx, content, e.condition, fctx) else e.otherwise
        return run(ctx, content, branch, fctx)
    if v in ("move_toward", "move_into_area_of"):
        if lid is None:
            return False
        goal, why = move_target(ctx, content, e.value, fctx)
        if goal is None:
            return False
        n = p.get("areas", INF) if v == "move_toward" else INF
        stop = p.get("stop_at_movement", 0)
        ctx.emit("ai", f"{lid} moves toward {goal}: {why}.", {"figure": lid, "goal": goal})
        move_locust(ctx, content, lid, lambda a: next_steps_toward(state.view(), a, goal)
                    if state.view().mdist(a, goal) > stop else [], n, fctx, p.get("wound_each_figure_entered", 0))
        return False
    if v == "move_away":
        goal, why = move_target(ctx, content, e.value, fctx)
        if lid is None or goal is None:
            return False
        move_locust(ctx, content, lid, lambda a: steps_away(state.view(), a, goal), p["areas"], fctx, 0)
        return False
    if v == "move_to_cover":
        return _move_to_cover(ctx, content, lid, fctx)
    if v == "attack":
        if lid is None:
            return False
        if e.value == "each_figure_in_area":
            _attack_everyone(ctx, content, lid, p.get("bonus_dice", 0))
            fctx["attacked"] = True
            return False
        for target in attack_targets(ctx, content, e.value, p, fctx):
            if lid not in state.locusts or state.outcome is not None:
                break
            bonus = p.get("bonus_dice", 0)
            if not guard_window(ctx, content, lid, "attack"):
                break
            ctx.emit("ai", f"{lid} attacks {state.cogs[target].character} ({e.value.replace('_', ' ')}).",
                     {"figure": lid, "target": target})
            A.locust_attack(ctx, content, lid, target, bonus, bool(p.get("omen_always")))
            fctx["attacked"] = True
            fctx["last_target"] = target
            fctx["that_cog"] = target
        return False
    if v == "spawn":
        _spawn_effect(ctx, content, e, fctx)
        return False
    if v == "heal":
        target = state.locusts.get(lid if e.value == "self" else fctx.get("that_locust", ""))
        if target is not None and target.wounded:
            if target.marker and not target.marker.endswith("two_stage"):
                state.marker_piles[target.marker.split(":")[0]].discard([target.marker])
            target.marker, target.wounded_health = None, None
            ctx.emit("heal", f"{target.id} is healed.", {"figure": target.id})
        return False
    if v == "discard_ammo":
        p_you = state.active_player
        c = state.cogs[p_you]
        loaded = [w for w, n in c.weapons if n > 0]
        if loaded:
            w = ctx.choose(p_you, "discard_ammo", [{"weapon": w} for w in loaded],
                           "Discard 1 ammo token from which weapon?")["weapon"]
            c.set_ammo(w, c.ammo(w) - 1)
            ctx.emit("ammo", f"{c.character} loses 1 ammo from the {content.weapons[w].name}.", {"weapon": w})
        return False
    if v == "remove_dropped_weapons":
        for d in state.dropped:
            state.marker_piles[d["marker"].split(":")[0]].discard([d["marker"]])
        if state.dropped:
            ctx.emit("dropped_removed", "Every dropped weapon is removed from the map.", {})
        state.dropped = []
        return False
    if v == "place_hole":
        p_you = _you(ctx)
        if p_you:
            name = state.token("hole_token_")
            state.holes[name] = {"area": state.cogs[p_you].area, "sealed": False, "token": True}
            ctx.emit("hole", f"An emergence hole opens in {state.cogs[p_you].area}.", {"hole": name})
        return False
    if v == "strip_cover":
        me = state.locusts.get(lid or "")
        for c in state.cogs.values():
            if me and c.area == me.area:
                c.cover = None
        return False
    if v == "revive_dropped_weapon":
        mk = next((d for d in state.dropped if d["id"] == fctx.get("that_marker")), None)
        if mk is None:
            return False
        state.dropped.remove(mk)
        fid = W.free_figure_id(state, content, mk["enemy"])
        if fid is None:
            state.marker_piles[mk["marker"].split(":")[0]].discard([mk["marker"]])
            ctx.emit("revive", "No figure is left: the dropped weapon is removed.", {})
            return False
        from game.gears.rules.state import LocustState

        value = W.marker_of(content, mk["marker"]).value
        state.locusts[fid] = LocustState(fid, mk["enemy"], mk["area"], None, mk["marker"], value)
        ctx.emit("revive", f"The Kantus revives a {content.enemies[mk['enemy']].name} ({fid}).", {"figure": fid})
        return False
    raise ValueError(f"AI effect {v!r} is not modelled")


def _spawn_effect(ctx, content: GearsContent, e: Effect, fctx: Fctx) -> None:
    state: GearsState = ctx.state
    p = e.params
    what = e.value
    if what == "self_type":
        card = fctx.get("card")
        what = card.enemy if card else "A"
    at = p["at"]
    me = state.locusts.get(fctx.get("self", ""))
    areas: list[str] = []
    if at == "map_exit":
        a = exit_area(ctx)
        areas = [a] if a else []
    elif at == "map_entrance":
        areas = [state.view().entrance_area]
    elif at == "your_area":
        y = _you(ctx)
        areas = [state.cogs[y].area] if y else [state.active_cog.area]
    elif at == "hole_nearest_you":
        h = hole_nearest(ctx, state.active_cog.area)  # spec 11 item 29: the active COG's position
        areas = [state.holes[h]["area"]] if h else []
    elif at == "hole_nearest_self":
        h = hole_nearest(ctx, me.area) if me else None
        areas = [state.holes[h]["area"]] if h else []
    elif at == "hole_within_movement_of_you":
        h = hole_nearest(ctx, state.active_cog.area, p["within"])
        areas = [state.holes[h]["area"]] if h else []
    elif at == "each_hole_within_movement_of_you":
        view = state.view()
        areas = [state.holes[h]["area"] for h in open_holes(state)
                 if view.mdist(state.active_cog.area, state.holes[h]["area"]) <= p["within"]]
    else:
        raise ValueError(f"spawn place {at!r} is not modelled")
    for area in areas:
        for _ in range(p.get("count", 1)):
            fid = W.spawn(ctx, content, what, area, f"AI card {fctx['card'].id}" if fctx.get("card") else "AI")
            if fid and e.do:
                run(ctx, content, e.do, dict(fctx, self=fid, moved=False, attacked=False))


def _move_to_cover(ctx, content: GearsContent, lid: str | None, fctx: Fctx) -> bool:
    state: GearsState = ctx.state
    if lid is None:
        return False
    from game.gears.rules.movement import occupied_spots

    me = state.locusts[lid]
    view = state.view()
    taken = occupied_spots(state) - {me.cover}
    spots = [s for s in view.cover if s not in taken]
    if not spots or me.cover:
        return False
    best = min(view.mdist(me.area, view.cover[s].area) for s in spots)
    if best >= INF:
        return False
    spot = ctx.choose(state.active_player, "locust_cover",
                      [{"spot": s} for s in spots if view.mdist(me.area, view.cover[s].area) == best],
                      f"Which nearest cover spot does {lid} move to?")["spot"]
    goal = view.cover[spot].area
    move_locust(ctx, content, lid, lambda a: next_steps_toward(state.view(), a, goal), INF, fctx, 0,
                take_cover=False)
    if lid in state.locusts and state.locusts[lid].area == goal and spot not in occupied_spots(state):
        state.locusts[lid].cover = spot
        ctx.emit("cover", f"{lid} takes cover at {spot}.", {"figure": lid, "spot": spot})
    return False


def move_locust(ctx, content: GearsContent, lid: str, options_from, n: int, fctx: Fctx,
                wound_entered: int = 0, take_cover: bool = True) -> None:
    """Up to n steps, each chosen among `options_from(area)` (ties: the active player), with a
    Guard window before each step (spec 6.9); cover afterwards if the type takes cover."""
    state: GearsState = ctx.state
    moved = False
    steps = 0
    while steps < n and lid in state.locusts:
        here = state.locusts[lid].area
        opts = options_from(here)
        if not opts:
            break
        if not guard_window(ctx, content, lid, "move"):
            return
        nxt = ctx.choose(state.active_player, "locust_path", [{"area": a} for a in opts],
                         f"Which way does {lid} move?")["area"]
        x = state.locusts[lid]
        x.area, x.cover = nxt, None
        moved = True
        steps += 1
        ctx.emit("move", f"{lid} moves to {nxt}.", {"figure": lid, "area": nxt})
        if wound_entered:
            W.wound_area(ctx, content, nxt, wound_entered, f"{lid} charging through", exclude=(lid,))
    fctx["moved"] = fctx.get("moved") or moved
    if moved and take_cover and lid in state.locusts and content.enemies[state.locusts[lid].enemy].takes_cover:
        W.locust_take_cover(ctx, lid)


def move_toward_nearest(ctx, content: GearsContent, lid: str, n: int) -> None:
    """Mission cards' 'move each X n areas toward the nearest COG'."""
    fctx: Fctx = {"self": lid}
    goal, _ = move_target(ctx, content, "nearest_cog", fctx)
    if goal is not None:
        state = ctx.state
        move_locust(ctx, content, lid, lambda a: next_steps_toward(state.view(), a, goal), n, fctx)


def _attack_everyone(ctx, content: GearsContent, lid: str, bonus: int) -> None:
    """Base Berserker: one attack roll; every other figure in its area defends (spec 8.1)."""
    state: GearsState = ctx.state
    me = state.locusts[lid]
    if not [p for p in standing_cogs(state) if state.cogs[p].area == me.area] and not any(
            x.area == me.area and x.id != lid for x in state.locusts.values()):
        return
    if not guard_window(ctx, content, lid, "attack"):
        return
    enemy = content.enemies[me.enemy]
    black = A.roll(state, content, "attack", enemy.attack + bonus)
    hits = sum(f.hits for f in black)
    ctx.emit("attack", f"{lid} attacks every figure in {me.area}: [{A._faces_text(black)}].",
             {"figure": lid, "area": me.area}, hidden=True)
    for p in standing_cogs(state):
        c = state.cogs[p]
        if c.area == me.area:
            red = A.roll(state, content, "defence", content.cogs[c.character].defence)
            W.wound_cog(ctx, content, p, max(0, hits - sum(f.shields for f in red)), f"{lid}'s attack")
    for other in sorted(x.id for x in state.locusts.values() if x.area == me.area and x.id != lid):
        if other in state.locusts:
            red = A.roll(state, content, "defence", content.enemies[state.locusts[other].enemy].defence)
            W.damage_locust(ctx, content, other, max(0, hits - sum(f.shields for f in red)), f"{lid}'s attack")


# ----------------------------------------------------------------------------- Guard

def guard_options(state: GearsState, content: GearsContent, player: str, lid: str) -> list[dict[str, Any]]:
    c = state.cogs[player]
    if c.bleeding:
        return []
    cards = sorted(h for h in c.hand if content.orders[h.split("#")[0]].icon == "guard")
    if not cards:
        return []
    opts = []
    for w, _ in c.weapons:
        if not content.weapons[w].guard_allowed:
            continue
        for mode in ("normal", "overwhelming"):
            if A.cog_attack_legality(state, content, player, lid, w, mode) is None:
                opts.append({"guard": player, "card": cards[0], "weapon": w, "mode": mode})
        if w == "lancer" and A.chainsaw_legality(state, content, player, lid) is None:
            opts.append({"guard": player, "card": cards[0], "weapon": "chainsaw", "mode": "chainsaw"})
    return opts


def guard_window(ctx, content: GearsContent, lid: str, about_to: str) -> bool:
    """Spec 6.9 Guard: before a Locust moves or attacks, one COG (once per step) may attack it.
    Asked of each player in turn order from the active one. Returns whether the Locust lives."""
    state: GearsState = ctx.state
    if state.flags.get("guard_used") or state.flags.get("no_guard"):
        return lid in state.locusts
    n = len(state.players)
    for i in range(n):
        player = state.players[(state.active + i) % n]
        opts = guard_options(state, content, player, lid)
        if not opts:
            continue
        pick = ctx.choose(player, "guard", [{"guard": None}] + opts,
                          f"{lid} is about to {about_to}: Guard?",
                          ["No Guard"] + [f"Guard with the {o['weapon']} ({o['mode']})" for o in opts])
        if pick["guard"] is None:
            continue
        c = state.cogs[player]
        c.hand.remove(pick["card"])
        state.orders.discard([pick["card"]])
        state.flags["guard_used"] = True
        ctx.emit("guard", f"{c.character} plays {pick['card']} to Guard against {lid}.",
                 {"player": player, "card": pick["card"], "figure": lid})
        if pick["mode"] == "chainsaw":
            A.chainsaw(ctx, content, player, lid, guard=True)
        else:
            A.cog_attack(ctx, content, player, lid, pick["weapon"], pick["mode"], guard=True)
        break
    return lid in state.locusts
