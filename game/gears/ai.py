"""The Locust AI (spec 7): one resolver for the effect language of data/ai_cards.toml.

The Locust Activation Step is a procedure (rules/procedures.py): it draws a card, checks its
redraw lines, picks the branch (once for Group and Event cards, per figure for For Each), and
runs the effects figure by figure. Every choice the rules give the active player (figure order,
tied nearest COGs, paths, cover spots, holes) and every reaction (Guard before a Locust moves
or attacks, Dodge before its roll, wound discards) is a decision point. Each activation is
explained by an "ai" event naming the card, the branch taken, the target and why.
"""
from __future__ import annotations

from game.engine import text as T
from game.engine.text import M, Msg
from game.i18n import N_
from typing import Any

from game.gears.content import AiCard, Condition, Effect, GearsContent
from game.gears.rules import attack as A
from game.gears.rules import wounds as W
from game.gears.rules.board_view import INF
from game.gears.rules.movement import (
    locusts_in_ai_scope,
    los,
    next_steps_toward,
    standing_cogs,
    steps_away,
)
from game.gears.rules.procedures import procedure
from game.gears.rules.spawning import (
    exit_area,
    hole_nearest,
    md,
    open_holes,
    rules_named,
    tied_nearest,
)
from game.gears.rules import names as N
from game.gears.rules.state import GearsState, rules_revision
from game.gears.rules.shared import content as _content

Fctx = dict[str, Any]  # self, that_cog, that_locust, that_marker, moved, attacked, last_target



def _verbs(effects) -> set[str]:
    out: set[str] = set()
    for e in effects:
        out.add(e.verb)
        out |= _verbs(e.do) | _verbs(e.otherwise)
    return out


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
    state.flags.update({"guard_used": False, "guards": [], "no_guard": False, "spawned": [], "acted": []})
    if skip:
        ctx.emit("skip", M("Sit Tight: the Locust Activation Step is skipped."), {})
    else:
        # Belly of the Beast Stage 2: one additional AI card per step (spec 9.2.3).
        owed = 1 + sum(int(r.params.get("count", 1)) for r in rules_named(state, "extra_ai_cards"))
        redraws = 0
        while owed > 0 and state.outcome is None:
            owed -= 1
            got = state.ai.draw(1, state.rng.stream("ai"))
            if not got:
                break
            card = content.ai_cards[got[0]]
            state.flags["ai_in_play"] = card.id  # the card being resolved (UI, conservation)
            ctx.emit("ai_card", M("The Locust AI card {card_id} is drawn: {text}", card_id=card.id, text=M(card.text)),
                     {"card": card.id}, hidden=True)
            last = not state.ai.draw_pile
            if last and state.ai.reshuffle_when_empty and state.ai.discard_pile:
                # Base p. 11 (spec 5.3): as soon as the last card is drawn, the discard pile is
                # shuffled into a new deck; the card just drawn then starts the new discard pile.
                state.ai.reshuffle(state.rng.stream("ai"))
            again = resolve_card(ctx, content, card)
            state.ai.discard([card.id])
            state.flags.pop("ai_in_play", None)
            state.flags.pop("card_acts", None)
            state.flags["no_guard"] = False
            stage = missions.current_stage(state)
            if last and stage is not None and stage.flip_when.keyword == "ai_deck_exhausted":
                md(state)["ai_exhausted"] = True
            missions.check_stage(ctx, content)
            if again:
                redraws += 1
                # Loop safeguard (spec 7.3): a whole deck of redraws ends the step.
                if redraws <= len(state.ai.cards()):
                    owed += 1
    state.flags.pop("activating", None)
    for r in rules_named(state, "heal_if_idle"):
        # Hive Stage 2: Skorge heals if he did not move or attack in this step (spec 9.2.6).
        for x in list(state.locusts.values()):
            if x.enemy == r.params["enemy"] and x.wounded and x.id not in state.flags.get("acted", []):
                x.marker, x.wounded_health = None, None
                ctx.emit("heal", M("{locust} rests and heals ({text})", locust=N.locust(state, x.id), text=M(r.text)), {"figure": x.id})
    if state.outcome is None:
        turn.end_turn(ctx)


def resolve_card(ctx, content: GearsContent, card: AiCard) -> bool:
    """Resolves one card; True when a new card must be drawn."""
    state: GearsState = ctx.state
    base: Fctx = {"card": card}
    # Who moved / attacked while this card resolves: a later instruction of the same card
    # ("each Locust that did not attack", Firefight, spec 7.6) reads it per figure.
    state.flags["card_acts"] = {"moved": [], "attacked": []}
    # A Guard ban (base:31, mp1:17) lasts while its own card resolves, not into the card drawn
    # after it or Belly of the Beast's extra card (spec 7.4, 9.3.3).
    state.flags["no_guard"] = False
    for cond in card.redraw_if:
        if holds(ctx, content, cond, dict(base, names_cog=False)):
            ctx.emit("ai", M("{card_id}: {condition}, so a new AI card is drawn.", card_id=card.id, condition=_cond_text(cond, content, card, state)),
                     {"card": card.id, "redraw": True})
            return True
    again = False
    if card.kind in ("event", "group"):
        fctx = dict(base)
        branch_no, branch = _branch(ctx, content, card, fctx)
        if rules_named(state, "no_spawning") and "spawn" in _verbs(branch.effects):
            # Emergence Stage 2 (spec 9.2.1, 11 item 44): a card whose applying branch would
            # spawn is discarded unresolved and a new one drawn.
            ctx.emit("ai", M("{card_id}: its branch would spawn, and Locusts cannot spawn now: a new AI card is drawn.", card_id=card.id), {"card": card.id, "redraw": True})
            return True
        ctx.emit("ai", M("{card_id}: branch {branch_no} applies ({condition}).", card_id=card.id, branch_no=branch_no + 1, condition=_cond_text(branch.condition, content, card, state)),
                 {"card": card.id, "branch": branch_no})
        again = run(ctx, content, branch.effects, fctx) or again
    else:
        done: set[str] = set()
        while state.outcome is None:
            left = [lid for lid in _select(state, content, "self_type", card) if lid not in done]
            if not left:
                break
            pick = ctx.choose(state.active_player, "activate_order", [{"figure": f} for f in left],
                              M("{card_id}: which figure activates next?", card_id=card.id))
            lid = pick["figure"]
            done.add(lid)
            state.flags["activating"] = lid
            fctx = dict(base, self=lid, moved=False, attacked=False)
            branch_no, branch = _branch(ctx, content, card, fctx)
            why = _cond_text(branch.condition, content, card, state)
            tgt = fctx.get("that_cog")
            ctx.emit("ai", M("{card_id}: {locust} takes branch {branch_no} ({why})", card_id=card.id, locust=N.locust(state, lid), branch_no=branch_no + 1, why=why)
                           + (M("; that COG is {cog}", cog=_name(state, tgt)) if tgt else "") + ".",
                     {"card": card.id, "figure": lid, "branch": branch_no, "that_cog": tgt})
            again = run(ctx, content, branch.effects, fctx) or again
    if state.outcome is None:
        again = run(ctx, content, card.finally_, dict(base)) or again
    return again


def _branch(ctx, content, card: AiCard, fctx: Fctx):
    for i, b in enumerate(card.branches):
        fctx["names_cog"] = _names_that_cog(b.effects)
        try:
            if holds(ctx, content, b.condition, fctx):
                return i, b
        finally:
            del fctx["names_cog"]
    return len(card.branches) - 1, card.branches[-1]


def _names_that_cog(effects) -> bool:
    """Whether one of these instructions (or one inside them) names 'that COG', the COG a
    condition found ('IF a COG is within 2 range: attack that COG')."""
    return any(e.value == "that_cog" or "that_cog" in e.params.values() or _names_that_cog(e.do)
               or _names_that_cog(e.otherwise) for e in effects)


# Plain words for the AI cards' conditions, as the log and the AI panel say them (issue 21:
# "branch 1 applies (in play self_type)" is no sentence). {n} is the condition's number, {who}
# the Locusts it names (this card's type, a slot, a named type). A condition not listed here
# is spelled from its name, so a new one still reads, if less well.
_COND_WORDS = {
    "always": N_("always"), "else": N_("otherwise"),
    "in_play": N_("{who} in play"),
    "all_cogs_in_cover": N_("every COG is in cover"),
    "type_has_los_to_cog": N_("a {type} sees a COG"),
    "cog_moved_or_attacked_this_turn": N_("a COG moved or attacked this turn"),
    "no_hole_in_your_area": N_("no emergence hole in your area"),
    "ammo_on_map": N_("ammo tokens lie on the map"),
    "locust_within_movement_of_you": N_("a Locust within {n} areas of you"),
    "all_cogs_at_least_movement": N_("every COG at least {n} areas away"),
    "wounded": N_("it is wounded"), "in_cover": N_("it is in cover"),
    "attacked": N_("it attacked"), "moved": N_("it moved"),
    "cog_in_los": N_("it sees a COG"),
    "in_same_area_as_cog": N_("a COG is in its area"),
    "you_in_area": N_("you are in its area"),
    "cog_within_range": N_("a COG within range {n}"),
    "cog_within_movement": N_("a COG within {n} areas"),
    "nearest_cog_at_least_movement": N_("the nearest COG is {n} or more areas away"),
    "wounded_locust_within_movement": N_("a wounded Locust within {n} areas"),
    "dropped_weapon_within_movement": N_("a dropped weapon within {n} areas"),
}


def _who_words(content: GearsContent, state: GearsState | None, card: AiCard | None, sel: Any) -> str:
    """The Locusts a selector names, in words: "Drones" for this Drone card's type."""
    def plural(enemy: str) -> Msg:
        name = content.enemies[enemy].name if enemy in content.enemies else str(enemy)
        # "{enemy}s" in English ("Wretches" after a sibilant, "Kantus" as it is); a translation
        # words the plural its own way around the name.
        if name.endswith("s"):
            return M("{enemy}", enemy=N.enemy(enemy))
        if name.endswith(("ch", "sh", "x", "z")):
            return M("{enemy}es", enemy=N.enemy(enemy))
        return M("{enemy}s", enemy=N.enemy(enemy))

    if sel in (None, "locust"):
        return M("Locusts")
    if sel == "self_type":
        return plural(card.enemy) if card is not None and card.enemy else M("its Locusts")
    if sel in ("A", "B", "C"):
        enemy = state.slots.get(sel) if state is not None else None
        return plural(enemy) if enemy else M("Locusts {slot}", slot=sel)
    if isinstance(sel, (list, tuple)):
        return T.join(" / ", [plural(e) for e in sel])
    return plural(sel)


def _cond_text(c: Condition, content: GearsContent | None = None, card: AiCard | None = None,
               state: GearsState | None = None) -> str:
    if c.name == "not":
        return M("not: ") + _cond_text(c.args[0], content, card, state)
    if c.name == "all":
        return T.join(M(" and "), [_cond_text(a, content, card, state) for a in c.args])
    words = _COND_WORDS.get(c.name)
    if words is None or content is None and ("{who}" in words or "{type}" in words):
        extra = "".join(f", {k} {v}" for k, v in c.params.items())
        return c.name.replace("_", " ") + ("" if c.value is None else f" {c.value}") + extra
    who = _who_words(content, state, card, c.value) if "{who}" in words else ""
    kind = ((N.enemy(card.enemy) if card is not None and card.enemy else M("Locust"))
            if "{type}" in words else "")
    text = M(words, n=c.value, who=who, type=kind)
    if c.params.get("max_health") is not None:
        text += M(" holding {max_health} or fewer cards", max_health=c.params['max_health'])
    return text


# ----------------------------------------------------------------------------- selectors

def _type_enemies(content: GearsContent, card: AiCard | None) -> frozenset[str]:
    if card is None or card.enemy is None:
        return frozenset()
    key = (id(content), card.enemy)
    got = _TYPES.get(key)
    if got is None or got[0] is not content:
        got = _TYPES[key] = (content, frozenset(e.id for e in content.enemies.values()
                                                if e.ai_cards_of == card.enemy or e.id == card.enemy))
    return got[1]


# (id of the content, AI card enemy) -> (the content, the enemies that card activates): asked at
# every selector of every activation; the content object is kept so its id stays unique.
_TYPES: dict[tuple[int, str], tuple[GearsContent, frozenset[str]]] = {}


def _select(state: GearsState, content: GearsContent, sel: Any, card: AiCard | None) -> list[str]:
    if sel == "locust":
        ok = lambda e: True  # noqa: E731
    elif sel == "self_type":
        types = _type_enemies(content, card)
        ok = lambda e: e in types  # noqa: E731
    elif sel in ("A", "B", "C"):
        ok = lambda e: e == state.slots.get(sel)  # noqa: E731
    else:
        # A named type also means every enemy using that type's AI cards (spec 7.1): Firefight's
        # "each Boomer" includes a Grinder, "each Kantus" Skorge.
        named = set(sel) if isinstance(sel, (tuple, list)) else {sel}
        ok = lambda e: e in named or content.enemies[e].ai_cards_of in named  # noqa: E731
    # Scattered Stages 1-2 (spec 9.2.5): AI cards affect only the Locusts on the active
    # player's map section, so the "no such Locust in play" redraws count only those too.
    return [lid for lid in locusts_in_ai_scope(state) if ok(state.locusts[lid].enemy)]


# ----------------------------------------------------------------------------- targets

STRANDED = "stranded"

# How the log explains who a card's instruction picked (plain words, not selector ids).
# How a tie for the nearest COG is asked about ("Choose the COG (nearest cog)."): the English
# words are the selector's name, as the state's pending question has always held them.
_NEAREST_WORDS = {"nearest_cog": N_("nearest cog"), "nearest_cog_in_los": N_("nearest cog in los"),
                  "nearest_cog_not_in_cover": N_("nearest cog not in cover")}


def _target_words(what: str) -> Msg | str:
    words = _TARGET_WORDS.get(what)
    return M(words) if words else what.replace("_", " ")


_TARGET_WORDS = {
    "nearest_cog": N_("nearest COG"),
    "nearest_cog_in_los": N_("nearest COG in line of sight"),
    "nearest_cog_not_in_cover": N_("nearest COG not in cover"),
    "you": N_("the active player's COG"),
    "that_cog": N_("the COG the card named"),
    "cog_in_los": N_("a COG in its line of sight"),
    "cog_in_range": N_("a COG within the card's range"),
    "cog_in_area": N_("a COG in its own area"),
    "cog_in_area_not_in_cover": N_("a COG in its own area that is not in cover"),
    "most_wounded_cog_in_area": N_("the most wounded COG in its area"),
    "each_cog_in_area": N_("each COG in its area"),
    "each_cog_in_range_not_in_cover": N_("each COG in range that is not in cover"),
    "each_cog_in_los_not_in_cover": N_("each COG in line of sight that is not in cover"),
    "other_cog_in_area_of_last_target": N_("another COG in the same area"),
}


def _targets(state: GearsState) -> list[str]:
    """COG figures a Locust may pick: the standing COGs and, once placed, the Stranded, which
    counts as a COG figure during Locust activations only (spec 9.3.2)."""
    out = standing_cogs(state)
    if md(state).get("stranded"):
        out.append(STRANDED)
    return out


def _area(state: GearsState, p: str) -> str:
    return md(state)["stranded"] if p == STRANDED else state.cogs[p].area


def _cov(state: GearsState, p: str) -> str | None:
    return None if p == STRANDED else state.cogs[p].cover


def _name(state: GearsState, p: str) -> str:
    return N.cog(state, p)


def _nearest(state: GearsState, area: str, cands) -> list[str]:
    """Every figure of `cands` tied for nearest to `area` by movement (range only when none is
    reachable, spec 11 item 12); ties are the active player's; empty when none can be reached."""
    return tied_nearest(state.view(), area, cands, lambda p: _area(state, p))


def _you(ctx) -> str | None:
    """The active COG, or another of the active player's choice if it bleeds (spec 7.4)."""
    state: GearsState = ctx.state
    c = state.active_cog
    if not c.bleeding:
        return state.active_player
    others = standing_cogs(state)
    if not others:
        return None
    # One choice stands for the whole card (its condition, every move and attack), while
    # that COG still stands.
    acts = state.flags.get("card_acts")
    kept = acts.get("you") if acts is not None else None
    if kept in others:
        return kept
    p = ctx.choose(state.active_player, "you_instead", [{"cog": p} for p in others],
                   M("Your COG is bleeding out: which COG counts as 'you'?"))["cog"]
    if acts is not None:
        acts["you"] = p
    return p


def _pick_cog(ctx, cands: list[str], why: str, fctx: Fctx | None = None) -> str | None:
    if not cands:
        return None
    state = ctx.state
    if len(cands) > 1:
        # Which Locust's instruction asks (None: the card's, no figure's).
        note_asking_locust(ctx, (fctx or {}).get("self"))
    return ctx.choose(state.active_player, "target_tie", [{"cog": p} for p in cands],
                      M("Choose the COG ({why}).", why=why),
                      [_name(state, p) for p in cands])["cog"]


# Key on the state object (not a field: never in to_json, so no state hash or saved question
# changes) under which the rules note the Locust a question they ask is about.
_ASKER = "_asking_locust"
# The questions about one Locust whose prompt and labels do not name it by id.
_ABOUT_A_LOCUST = ("target_tie", "locust_path", "cover_against")


def note_asking_locust(ctx, lid: str | None) -> None:
    """Note, beside the question about to be asked, the Locust it is about (`asking_locust`):
    the one whose instruction asks a target tie (None: the card itself asks), the one whose
    way is chosen, or the one taking cover against one of two equally near COGs."""
    ctx.state.__dict__[_ASKER] = (ctx.answers, ctx.used, lid)


def asking_locust(state: GearsState) -> str | None:
    """The Locust a pending `target_tie` question is asked for (its AI instruction asks: spec 7.4,
    the active player picks among tied COGs) or a pending `locust_path` question moves (spec 6.2,
    the active player picks among its equally short steps) or a pending `cover_against` question
    puts in cover (spec 3.3, the active player names one of the equally near COGs); None when
    no such question is pending, when the card itself asks (an event card's instruction with no
    figure, MP1 card 9's "the COG that moved"), or when the Locust has left play. The rules'
    `activating` flag is no answer: it stays set for the whole Locust step, so a question asked
    later in that step (a card's `finally`, an event card, a spawned figure's own instruction,
    another figure's move) would read the last activated Locust. The question's prompt and labels do not carry its id
    (saves keep them as they were); the rules note it on the state object beside the question
    (`note_asking_locust`), and a state without the note (loaded, copied) finds it by running the
    paused resolution again from its checkpoint on a copy, as the engine goes on from such a
    state (game/engine/resolution.py). A seat's view carries it as a view fact."""
    from game.engine.views import view_fact, viewer_of

    proc = state.proc
    if proc is None or (proc.get("pending") or {}).get("kind") not in _ABOUT_A_LOCUST:
        return None
    if viewer_of(state) is not None:
        return view_fact(state, "asking_locust", None)
    got = state.__dict__.get(_ASKER)
    if got is None or got[0] is not proc["answers"] or got[1] != len(proc["answers"]):
        got = _asker_again(state)
    lid = got[2] if got else None
    return lid if lid in state.locusts else None


def _asker_again(state: GearsState):
    """The rules' `note_asking_locust` for the pending question, by re-running the paused resolution from its
    checkpoint on a copy of the state (the engine's re-execution; the state is untouched)."""
    from game.engine.resolution import NeedDecision
    from game.gears.rules.procedures import RESOLVER

    proc = state.proc
    if proc is None or not proc.get("checkpoint") or proc["name"] not in RESOLVER.procedures:
        return None  # a view (no checkpoint), or a question made up by a test
    copy = GearsState.from_json(state.to_json(), state.loader)
    answers = copy.proc["answers"]
    copy.restore(copy.proc["checkpoint"])
    try:
        RESOLVER.procedures[proc["name"]](RESOLVER.ctx_type(copy, answers), **proc["args"])
    except NeedDecision:
        got = copy.__dict__.get(_ASKER)
        return got if got is not None and got[1] == len(answers) else None
    return None


def _nearest_of(ctx, area: str, cands: list[str], why: str, fctx: Fctx | None = None) -> str | None:
    return _pick_cog(ctx, _nearest(ctx.state, area, cands), why, fctx)


def move_target(ctx, content: GearsContent, what: str, fctx: Fctx) -> tuple[str | None, str]:
    """(goal area, explanation) of a move instruction."""
    state: GearsState = ctx.state
    me = state.locusts.get(fctx.get("self", ""))
    area = me.area if me else state.active_cog.area
    view = state.view()
    if what in ("nearest_cog", "nearest_cog_in_los", "nearest_cog_not_in_cover"):
        cands = _targets(state)
        if what == "nearest_cog_in_los" and me:
            cands = [p for p in cands if los(view, (me.area, me.cover), (_area(state, p), _cov(state, p)))]
        if what == "nearest_cog_not_in_cover":
            cands = [p for p in cands if _cov(state, p) is None]
        tied = _nearest(state, area, cands)
        if (len(tied) > 1 and len({_area(state, q) for q in tied}) == 1 and rules_revision(state) >= 3
                and not fctx.get("cog_named_later", True)):
            # Revision 3: the tied COGs stand in one area, so the way is the same whoever is
            # named, and no later instruction names him: not asked (a player was asked which of
            # two COGs standing together a Ticker moved toward).
            goal = _area(state, tied[0])
            d = view.mdist(area, goal)
            far = (M("in its own area") if d == 0 else M("{areas} away by movement", areas=N.areas(d)) if d < INF
                   else M("out of reach by movement"))
            return goal, M("{cogs}, equally near, stand there, {far}", cogs=T.join(", ", [_name(state, q) for q in tied]), far=far)
        p = _nearest_of(ctx, area, cands, M(_NEAREST_WORDS[what]), fctx)
        if p:
            fctx["that_cog"] = p
            d = view.mdist(area, _area(state, p))
            far = (M("in its own area") if d == 0 else M("{areas} away by movement", areas=N.areas(d)) if d < INF
                   else M("out of reach by movement"))
            return _area(state, p), M("{cog} is the {get}, {far}", cog=_name(state, p), get=_target_words(what), far=far)
        return None, M("no such COG")
    if what == "you":
        p = _you(ctx)
        if p:
            fctx["that_cog"] = p
            return _area(state, p), M("{cog} is the active COG", cog=_name(state, p))
        return None, M("no standing COG")
    if what == "that_cog":
        p = fctx.get("that_cog")
        if p and (p == STRANDED or not state.cogs[p].bleeding):
            return _area(state, p), M("{cog} was named by the card", cog=_name(state, p))
        p = _nearest_of(ctx, area, _targets(state), M("nearest COG"), fctx)
        if p:
            fctx["that_cog"] = p
            return _area(state, p), M("{cog} is the nearest COG (no COG named)", cog=_name(state, p))
        return None, M("no standing COG")
    if what == "that_locust":
        other = state.locusts.get(fctx.get("that_locust", ""))
        return (other.area, M("{locust} was named by the card", locust=N.locust(state, other.id))) if other else (None, "gone")
    raise ValueError(f"unknown move target {what!r}")


def attack_targets(ctx, content: GearsContent, what: str, params, fctx: Fctx) -> list[str]:
    """The COGs one attack instruction attacks (several = separate attacks, spec 11 item 19).

    A candidate is a COG in the Locust's line of sight, or (Insane, spec 6.16) a bleeding-out
    COG in its own area that it may execute; `within_range` narrows both. Each instruction
    checks its cheap conditions (area, cover, range) before line of sight, which is the costly
    part, and reads line of sight only for the COGs it may still pick; the lists keep the same
    order as if every candidate had been checked."""
    state: GearsState = ctx.state
    me = state.locusts.get(fctx.get("self", ""))
    if me is None:
        return []
    view = state.view()
    mine = (me.area, me.cover)
    targets = _targets(state)
    execs = [p for p in state.players if A.may_execute(state, me.id, p)]
    rng = params.get("within_range")

    def in_range(p: str) -> bool:
        return rng is None or view.rdist(me.area, _area(state, p)) <= rng

    def seen(first=lambda p: True) -> list[str]:
        """The candidates passing `first`, in order, line of sight read last."""
        return ([p for p in targets if first(p) and los(view, mine, (_area(state, p), _cov(state, p)))]
                + [p for p in execs if first(p)])

    def same_area(p: str) -> bool:
        return _area(state, p) == me.area

    if what in ("you", "that_cog"):
        p = _you(ctx) if what == "you" else fctx.get("that_cog")
        return [p] if p is not None and p in seen(lambda q: q == p and in_range(q)) else []
    if what == "nearest_cog_in_los":
        p = _nearest_of(ctx, me.area, seen(in_range), M("nearest COG in LOS"), fctx)
        return [p] if p else []
    if what in ("cog_in_los", "cog_in_range"):
        p = _pick_cog(ctx, seen(in_range), M("a COG it can attack"), fctx)
        return [p] if p else []
    if what == "cog_in_area":
        p = _pick_cog(ctx, seen(same_area), M("a COG in its area"), fctx)
        return [p] if p else []
    if what == "cog_in_area_not_in_cover":
        p = _pick_cog(ctx, [q for q in seen(same_area) if _cov(state, q) is None], M("a COG in its area, not in cover"), fctx)
        return [p] if p else []
    if what == "most_wounded_cog_in_area":
        cogs = [q for q in seen(same_area) if q != STRANDED]
        if not cogs:
            return []
        least = min(len(state.cogs[q].hand) for q in cogs)
        p = _pick_cog(ctx, [q for q in cogs if len(state.cogs[q].hand) == least], M("the most wounded COG"), fctx)
        return [p] if p else []
    if what == "each_cog_in_area":
        return seen(same_area)
    if what == "each_cog_in_range_not_in_cover":
        return seen(lambda p: _cov(state, p) is None and in_range(p))
    if what == "each_cog_in_los_not_in_cover":
        return seen(lambda p: _cov(state, p) is None)
    if what == "other_cog_in_area_of_last_target":
        last = fctx.get("last_target")
        if not last:
            return []
        p = _pick_cog(ctx, seen(lambda q: q != last and _area(state, q) == _area(state, last) and in_range(q)),
                      M("another COG in that area"), fctx)
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
    targets = _targets(state)
    if name == "all_cogs_in_cover":
        return bool(standing) and all(_cov(state, p) for p in standing)
    if name == "type_has_los_to_cog":
        return any(los(view, (state.locusts[l].area, state.locusts[l].cover), (_area(state, p), _cov(state, p)))
                   for l in _select(state, content, "self_type", fctx.get("card")) for p in targets)
    if name == "cog_moved_or_attacked_this_turn":
        # Any qualifying COG, not only the nearest: spec 9.3.3 (card mp1:9) 'If several COGs
        # qualify, the active player picks "the COG"'.
        cands = [p for p in standing if state.cogs[p].moved or state.cogs[p].attacked]
        if not cands:
            return False
        fctx["that_cog"] = _pick_cog(ctx, cands, M("a COG that moved or attacked this turn"), fctx)
        return True
    if name == "no_hole_in_your_area":
        p = _you(ctx)
        return p is not None and not any(h["area"] == _area(state, p) for h in state.holes.values())
    if name == "ammo_on_map":
        return bool(state.flags.get("map_ammo"))
    if name == "locust_within_movement_of_you":
        p = _you(ctx)
        return p is not None and any(view.mdist(x.area, _area(state, p)) <= c.value for x in state.locusts.values())
    if name == "all_cogs_at_least_movement":
        return all(view.mdist(me.area, _area(state, p)) >= c.value for p in targets) if me else False
    if me is None:
        return False
    if name == "wounded":
        return me.wounded
    if name == "in_cover":
        return me.cover is not None
    if name in ("attacked", "moved"):
        return bool(fctx.get(name))
    if name == "cog_in_los":
        cands = [p for p in targets if los(view, (me.area, me.cover), (_area(state, p), _cov(state, p)))]
        return _set_cog(ctx, fctx, cands, me)
    if name == "in_same_area_as_cog":
        return _set_cog(ctx, fctx, [p for p in targets if _area(state, p) == me.area], me)
    if name == "you_in_area":
        p = _you(ctx)
        if p is not None and _area(state, p) == me.area:
            fctx["that_cog"] = p
            return True
        return False
    if name == "cog_within_range":
        return _set_cog(ctx, fctx, [p for p in targets if view.rdist(me.area, _area(state, p)) <= c.value], me)
    if name == "cog_within_movement":
        cap = c.params.get("max_health")
        cands = [p for p in targets if view.mdist(me.area, _area(state, p)) <= c.value
                 and (cap is None or (p != STRANDED and len(state.cogs[p].hand) <= cap))]
        return _set_cog(ctx, fctx, cands, me)
    if name == "nearest_cog_at_least_movement":
        near = _nearest(state, me.area, _targets(state))
        return bool(near) and view.mdist(me.area, _area(state, near[0])) >= c.value
    if name == "wounded_locust_within_movement":
        cands = [l for l, x in sorted(state.locusts.items())
                 if l != me.id and x.wounded and view.mdist(me.area, x.area) <= c.value]
        if not cands:
            return False
        fctx["that_locust"] = ctx.choose(state.active_player, "locust_tie", [{"figure": l} for l in cands],
                                         M("Which wounded Locust?"))["figure"]
        return True
    if name == "dropped_weapon_within_movement":
        cands = [d["id"] for d in state.dropped if view.mdist(me.area, d["area"]) <= c.value]
        if not cands:
            return False
        fctx["that_marker"] = ctx.choose(state.active_player, "marker_tie", [{"marker": m} for m in cands],
                                         M("Which dropped weapon?"))["marker"]
        return True
    raise ValueError(f"unknown condition {name!r}")


def _set_cog(ctx, fctx: Fctx, cands: list[str], me) -> bool:
    if not cands:
        return False
    if not fctx.get("names_cog", True) and rules_revision(ctx.state) >= 2:
        # Revision 2: a condition whose branch never names 'that COG' (Theron Guard card 25:
        # 'IF a COG is within 4 range: attack the nearest COG in LOS') only asks whether one
        # exists; the player was asked which, then asked again by the instruction.
        return True
    area = me.area if me else ctx.state.active_cog.area
    fctx["that_cog"] = _nearest_of(ctx, area, cands, M("the COG the card means"), fctx) or cands[0]
    return True


# ----------------------------------------------------------------------------- effects

def run(ctx, content: GearsContent, effects, fctx: Fctx) -> bool:
    """Runs effects in order; parts that cannot be done are skipped (spec 7.3). True = redraw."""
    state: GearsState = ctx.state
    again = False
    # Whether an instruction still to come names 'that COG' (an enclosing list's included):
    # a tie whose answer only that COG would carry is not asked otherwise (move_target).
    later = fctx.get("cog_named_later")
    for i, e in enumerate(effects):
        if state.outcome is not None:
            break
        if fctx.get("self") and fctx["self"] not in state.locusts:
            break  # the figure died (a Guard): its activation ends (spec 6.9)
        fctx["cog_named_later"] = bool(later) or _names_that_cog(effects[i + 1:])
        again = effect(ctx, content, e, fctx) or again
    if later is None:
        fctx.pop("cog_named_later", None)
    else:
        fctx["cog_named_later"] = later
    return again


def _stays_words(state: GearsState, content: GearsContent, cond: Condition, card: AiCard | None,
                 lid: str) -> Msg:
    """Why a figure of a "for each" stays where it is: its condition does not hold."""
    me = state.locusts[lid]
    if cond.name == "nearest_cog_at_least_movement":
        near = _nearest(state, me.area, _targets(state))
        if not near:
            return M("{locust} stays where it is: no COG is within reach.", locust=N.locust(state, lid))
        d = state.view().mdist(me.area, _area(state, near[0]))
        if d == 0:  # not "0 areas away"
            return M("{locust} stays where it is: a COG is in its own area.", locust=N.locust(state, lid))
        return M("{locust} stays where it is: the nearest COG is {areas} away, fewer than {n}.",
                 locust=N.locust(state, lid), areas=N.areas(d), n=cond.value)
    return M("{locust} stays where it is: the card's condition ({condition}) does not hold.", locust=N.locust(state, lid),
             condition=_cond_text(cond, content, card, state))


def _figure_ctx(state: GearsState, fctx: Fctx, lid: str) -> Fctx:
    """The context of one figure of a "for each": its own moves and attacks earlier in this
    card count (Firefight's "each Locust that did not attack", spec 7.6), not a fresh False."""
    acts = state.flags.get("card_acts", {})
    return dict(fctx, self=lid, moved=lid in acts.get("moved", ()), attacked=lid in acts.get("attacked", ()))


def _asks_nothing(c: Condition) -> bool:
    """Whether `holds` reads a condition without asking anyone (no 'which COG' question): the
    figure's own acts and its distance to the nearest COG."""
    if c.name in ("not", "all"):
        return all(_asks_nothing(a) for a in c.args)
    return c.name in ("moved", "attacked", "nearest_cog_at_least_movement")


def _only_acts(c: Condition) -> bool:
    """Whether a condition reads only the figure's moved / attacked record (no question asked)."""
    if c.name in ("not", "all"):
        return all(_only_acts(a) for a in c.args)
    return c.name in ("moved", "attacked")


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
            # MP1 cards 17 and 19: each player in turn order from the active one (spec 9.3.3).
            n = len(state.players)
            again = False
            for i in range(n):
                q = state.players[(state.active + i) % n]
                sub = dict(fctx, player=q)
                if e.condition is None or holds(ctx, content, e.condition, sub):
                    again = run(ctx, content, e.do, sub) or again
            return again
        done: set[str] = set()
        again = False
        while state.outcome is None:
            left = [l for l in _select(state, content, e.value, fctx.get("card")) if l not in done]
            if e.condition is not None and _only_acts(e.condition):
                # A figure that already attacked (Firefight) is not offered in the order question.
                left = [l for l in left if holds(ctx, content, e.condition, _figure_ctx(state, fctx, l))]
            if not left:
                break
            if (rules_revision(state) >= 4 and e.condition is not None and len(left) > 1 and _asks_nothing(e.condition)
                    and not any(holds(ctx, content, e.condition, _figure_ctx(state, fctx, x)) for x in left)):
                # Revision 4: no figure left would act (The Horde: every COG is near them all).
                # A figure that does nothing changes nothing, so their order cannot matter: not
                # asked (a player was asked to order five Locusts of which none moved). Each
                # still says why it stays, in the order the question would have listed them.
                for x in left:
                    done.add(x)
                    ctx.emit("ai", _stays_words(state, content, e.condition, fctx.get("card"), x), {"figure": x, "stays": True})
                break
            l = ctx.choose(state.active_player, "activate_order", [{"figure": f} for f in left],
                           M("Which figure activates next?"))["figure"]
            done.add(l)
            # The figure's own moves and attacks earlier in this card count (Firefight's
            # "each Locust that did not attack", spec 7.6): not a fresh False.
            sub = _figure_ctx(state, fctx, l)
            if e.condition is None or holds(ctx, content, e.condition, sub):
                state.flags["activating"] = l
                again = run(ctx, content, e.do, sub) or again
            else:
                # The player picked this figure in the order question: the log says why it
                # then does nothing (The Horde, Swarm: a COG is already near, spec 7.6).
                ctx.emit("ai", _stays_words(state, content, e.condition, fctx.get("card"), l),
                         {"figure": l, "stays": True})
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
        ctx.emit("ai", M("{locust} moves toward {goal}: {why}.", locust=N.locust(state, lid), goal=goal, why=why), {"figure": lid, "goal": goal})
        move_locust(ctx, content, lid, lambda a: next_steps_toward(state.view(), a, goal)
                    if state.view().mdist(a, goal) > stop else [], n, fctx, p.get("wound_each_figure_entered", 0),
                    escort=tuple(p.get("escort", ())))
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
            if _attack_everyone(ctx, content, lid, p.get("bonus_dice", 0)):
                fctx["attacked"] = True
            return False
        targets = attack_targets(ctx, content, e.value, p, fctx)
        if not targets and lid in state.locusts and state.outcome is None:
            # Said as an attack is: the branch's line named the COG, then nothing followed
            # (a Boomer's card 16 'within 4 range' with its COG out of sight).
            ctx.emit("ai", M("{locust} does not attack: no COG fits ({get}).", locust=N.locust(state, lid),
                             get=_target_words(e.value)), {"figure": lid})
        for target in targets:
            if lid not in state.locusts or state.outcome is not None:
                break
            bonus = p.get("bonus_dice", 0)
            if "beyond_range" in p and state.view().rdist(state.locusts[lid].area, _area(state, target)) > p["beyond_range"]:
                bonus += p.get("beyond_bonus_dice", 0)  # MP1 card 8: -1 die beyond 3 areas
            if not guard_window(ctx, content, lid, M("attack")):
                break
            ctx.emit("ai", M("{locust} attacks {cog}, {get}.", locust=N.locust(state, lid), cog=_name(state, target), get=_target_words(e.value)),
                     {"figure": lid, "target": target})
            A.locust_attack(ctx, content, lid, target, bonus, bool(p.get("omen_always")))
            _acted(state, lid, "attacked")
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
            ctx.emit("heal", M("{locust} is healed.", locust=N.locust(state, target.id)), {"figure": target.id})
        return False
    if v == "discard_ammo":
        p_you = state.active_player
        c = state.cogs[p_you]
        loaded = [w for w, n in c.weapons if n > 0]
        if loaded:
            w = ctx.choose(p_you, "discard_ammo", [{"weapon": w} for w in loaded],
                           M("Discard 1 ammo token from which weapon?"))["weapon"]
            c.set_ammo(w, c.ammo(w) - 1)
            ctx.emit("ammo", M("{cog} loses 1 ammo from the {weapon}.", cog=N.character(c.character), weapon=N.weapon(w)), {"weapon": w})
        return False
    if v == "flip_enemy_card":
        me = state.locusts.get(lid or "")
        if me is not None:
            W.flip_enemy(ctx, content, me.enemy, e.value)
        return False
    if v == "discard_map_ammo":
        # MP1 card 19: the player removes a map ammo token of his choice (spec 9.3.3).
        ammo = state.flags.setdefault("map_ammo", {})
        for _ in range(int(e.value or 1)):
            areas = sorted(a for a, k in ammo.items() if k > 0)
            if not areas:
                break
            who = fctx.get("player", state.active_player)
            a = ctx.choose(who, "map_ammo", [{"area": a} for a in areas], M("Discard the ammo token in which area?"))["area"]
            ammo[a] -= 1
            if not ammo[a]:
                del ammo[a]
            ctx.emit("map_ammo", M("{cog} discards an ammo token from {a}.", cog=_name(state, who), a=a), {"area": a, "player": who})
        return False
    if v == "remove_dropped_weapons":
        for d in state.dropped:
            state.marker_piles[d["marker"].split(":")[0]].discard([d["marker"]])
        if state.dropped:
            ctx.emit("dropped_removed", M("Every dropped weapon is removed from the map."), {})
        state.dropped = []
        return False
    if v == "place_hole":
        p_you = _you(ctx)
        if p_you:
            name = state.token("hole_token_")
            state.holes[name] = {"area": _area(state, p_you), "sealed": False, "token": True}
            ctx.emit("hole", M("An emergence hole opens in {area}.", area=_area(state, p_you)), {"hole": name})
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
            ctx.emit("revive", M("No figure is left: the dropped weapon is removed."), {})
            return False
        from game.gears.rules.state import LocustState

        value = W.marker_of(content, mk["marker"]).value
        state.locusts[fid] = LocustState(fid, mk["enemy"], mk["area"], None, mk["marker"], value)
        ctx.emit("revive", M("The Kantus revives a {enemy} ({locust}).", enemy=N.enemy(mk['enemy']), locust=N.locust(state, fid)), {"figure": fid})
        return False
    raise ValueError(f"AI effect {v!r} is not modelled")


def _spawn_effect(ctx, content: GearsContent, e: Effect, fctx: Fctx) -> None:
    state: GearsState = ctx.state
    p = e.params
    what = e.value
    if what == "self_type":
        # 'Spawn 1 Grenadier' on a Grenadier card spawns whatever enemy now uses those cards
        # (spec 7.1, 9.3.3 card 1): the Flame Grenadier in Search for the Stranded, the
        # Lambent Wretch in Belly of the Beast, the Grinder after Scattered's Stage 2.
        card = fctx.get("card")
        what = card.enemy if card else "A"
        users = _type_enemies(content, card)
        slot_user = next((state.slots[s] for s in ("A", "B", "C") if state.slots.get(s) in users), None)
        if slot_user is not None:
            what = slot_user
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
        areas = [_area(state, y)] if y else [state.active_cog.area]
    elif at == "hole_nearest_you":
        h = hole_nearest(ctx, state.active_cog.area)  # spec 11 item 29: the active COG's position
        areas = [state.holes[h]["area"]] if h else []
    elif at == "hole_nearest_player":
        q = fctx.get("player", state.active_player)
        h = hole_nearest(ctx, state.cogs[q].area)  # even if that COG bleeds out (spec 9.3.3)
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
    from game.gears.rules.wounds import resolve_spawn_enemy

    for r in rules_named(state, "spawn_at_exit"):
        if at.startswith(("hole", "each_hole")) and resolve_spawn_enemy(state, content, what) in r.params["enemies"]:
            a = exit_area(ctx)
            areas = [a] * len(areas) if a else areas
    for area in areas:
        for _ in range(p.get("count", 1)):
            fid = W.spawn(ctx, content, what, area, M("AI card {id}", id=fctx['card'].id) if fctx.get("card") else "AI")
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
                      M("Which nearest cover spot does {locust} move to?", locust=N.locust(state, lid)))["spot"]
    goal = view.cover[spot].area
    move_locust(ctx, content, lid, lambda a: next_steps_toward(state.view(), a, goal), INF, fctx, 0,
                take_cover=False)
    if lid in state.locusts and state.locusts[lid].area == goal and spot not in occupied_spots(state):
        state.locusts[lid].cover = spot
        ctx.emit("cover", M("{locust} takes cover at {spot}.", locust=N.locust(state, lid), spot=spot), {"figure": lid, "spot": spot})
    return False


def move_locust(ctx, content: GearsContent, lid: str, options_from, n: int, fctx: Fctx,
                wound_entered: int = 0, take_cover: bool = True, escort: tuple[str, ...] = (),
                guard: bool = True) -> None:
    """Up to n steps, each chosen among `options_from(area)` (ties: the active player), with a
    Guard window before each step and, for a type that takes cover, after entering its last
    area but before it takes cover (spec 6.9, FAQ v1.1); then cover if the type takes it.

    escort: slots whose figures in the area it leaves move along with it (MP1 card 18);
    guard: False outside the Locust Activation Step (no Guard windows, seed p. 24)."""
    state: GearsState = ctx.state
    moved = False
    steps = 0
    carried: list[str] = []
    while steps < n and lid in state.locusts:
        here = state.locusts[lid].area
        opts = options_from(here)
        if not opts:
            break
        if guard and not guard_window(ctx, content, lid, M("move")):
            return
        # Escorted figures are about to move too: each opens a Guard window (spec 6.9) before
        # the group leaves; one that dies stays behind, the escort goes on.
        for slot in escort if guard else ():
            for other in sorted(state.locusts.values(), key=lambda o: o.id):
                if other.id != lid and other.area == here and other.enemy == state.slots.get(slot):
                    guard_window(ctx, content, other.id, M("move with {locust}", locust=N.locust(state, lid)))
        if lid not in state.locusts:
            return
        note_asking_locust(ctx, lid)
        nxt = ctx.choose(state.active_player, "locust_path", [{"area": a} for a in opts],
                         M("Which way does {locust} move?", locust=N.locust(state, lid)))["area"]
        x = state.locusts[lid]
        x.area, x.cover = nxt, None
        moved = True
        steps += 1
        _acted(state, lid, "moved")
        # "from": the table joins a move's areas into one log line (names.moved).
        ctx.emit("move", M("{locust} moves to {nxt}.", locust=N.locust(state, lid), nxt=nxt),
                 {"figure": lid, "area": nxt, "from": here})
        for slot in escort:
            for other in sorted(state.locusts.values(), key=lambda o: o.id):
                if other.id != lid and other.area == here and other.enemy == state.slots.get(slot):
                    other.area, other.cover = nxt, None
                    if other.id not in carried:
                        carried.append(other.id)
                    ctx.emit("move", M("{locust} is escorted to {nxt}.", locust=N.locust(state, other.id), nxt=nxt), {"figure": other.id, "area": nxt})
        if wound_entered:
            W.wound_area(ctx, content, nxt, wound_entered, M("{locust} charging through", locust=N.locust(state, lid)), exclude=(lid,),
                         stranded=True)
    fctx["moved"] = fctx.get("moved") or moved
    if moved and take_cover and lid in state.locusts and content.enemies[state.locusts[lid].enemy].takes_cover:
        from game.gears.rules.movement import free_spots

        if guard and free_spots(state, state.locusts[lid].area) and not guard_window(ctx, content, lid, M("take cover")):
            return
        W.locust_take_cover(ctx, lid)
    for other in carried:
        if other in state.locusts and content.enemies[state.locusts[other].enemy].takes_cover:
            W.locust_take_cover(ctx, other)


def _acted(state: GearsState, lid: str, how: str) -> None:
    """Records that a Locust moved or attacked: in this step (Skorge's healing, spec 9.2.6)
    and, by `how` ("moved" / "attacked"), while the current AI card resolves (spec 7.6)."""
    acted = state.flags.setdefault("acted", [])
    if lid not in acted:
        acted.append(lid)
    card = state.flags.get("card_acts")
    if card is not None and lid not in card.setdefault(how, []):
        card[how].append(lid)


def move_toward_nearest(ctx, content: GearsContent, lid: str, n: int) -> None:
    """Mission cards' 'move each X n areas toward the nearest COG'."""
    fctx: Fctx = {"self": lid, "cog_named_later": False}
    goal, _ = move_target(ctx, content, "nearest_cog", fctx)
    if goal is not None:
        state = ctx.state
        # Guard is played only in the Locust Activation Step (seed p. 24): a stage flipped in
        # the COG Order Step (Emergence's last hole sealed by a Bolo) moves with no window.
        move_locust(ctx, content, lid, lambda a: next_steps_toward(state.view(), a, goal), n, fctx,
                    guard=state.phase == "locust")


def _attack_everyone(ctx, content: GearsContent, lid: str, bonus: int) -> bool:
    """Base Berserker: one attack roll; every other figure in its area defends (spec 8.1)."""
    state: GearsState = ctx.state
    me = state.locusts[lid]
    if not [p for p in standing_cogs(state) if _area(state, p) == me.area] and not any(
            x.area == me.area and x.id != lid for x in state.locusts.values()):
        return False
    if not guard_window(ctx, content, lid, M("attack")):
        return False
    stats = W.enemy_stats(state, content, me.enemy)
    cogs = [p for p in _targets(state) if _area(state, p) == me.area]
    dodging = {p for p in cogs if A.ask_dodge(ctx, content, p, M("{locust} attacks every figure in {area}", locust=N.locust(state, lid), area=me.area), lid)}
    black = A.roll(state, content, "attack", stats.attack + bonus)
    hits = sum(f.hits for f in black)
    _acted(state, lid, "attacked")
    ctx.emit("attack", M("{locust} attacks every figure in {area}: [{faces}].", locust=N.locust(state, lid), area=me.area, faces=A._faces_text(black)),
             {"figure": lid, "area": me.area}, hidden=True)
    for p in cogs:
        red = A.roll(state, content, "defence", A._defence_of(state, content, p) + (2 if p in dodging else 0))
        n = max(0, hits - sum(f.shields for f in red))
        if p == STRANDED:
            W.wound_stranded(ctx, n, M("{locust}'s attack", locust=N.locust(state, lid)))
        else:
            W.wound_cog(ctx, content, p, n, M("{locust}'s attack", locust=N.locust(state, lid)))
    for other in sorted(x.id for x in state.locusts.values() if x.area == me.area and x.id != lid):
        if other in state.locusts:
            red = A.roll(state, content, "defence", W.enemy_stats(state, content, state.locusts[other].enemy).defence)
            W.damage_locust(ctx, content, other, max(0, hits - sum(f.shields for f in red)), M("{locust}'s attack", locust=N.locust(state, lid)))
    return True


# ----------------------------------------------------------------------------- Guard

def guard_options(state: GearsState, content: GearsContent, player: str, lid: str) -> list[dict[str, Any]]:
    """Every (Guard card, weapon, mode) a player may Guard with against `lid` (spec 6.9): any
    weapon that may Guard (no Bolo; Torque Bow not after moving), the chainsaw included; the
    player chooses which Guard card to discard (one option per card name)."""
    c = state.cogs[player]
    if c.bleeding:
        return []
    cards = sorted({h.split("#")[0]: h for h in sorted(c.hand, reverse=True)
                    if content.orders[h.split("#")[0]].icon == "guard"}.values())
    if not cards:
        return []
    attacks = []
    sight = A.LazySight(state, player, lid) if lid in state.locusts else None
    for w, _ in c.weapons:
        if not content.weapons[w].guard_allowed:
            continue
        if content.weapons[w].targets == "area":
            # The Mortar may Guard (fan FAQ v2.6): fired at the Locust's area.
            for mode in ("normal", "overwhelming"):
                if lid in state.locusts and A.area_attack_legality(
                        state, content, player, state.locusts[lid].area, w, mode) is None:
                    attacks.append((w, mode))
            continue
        for mode in ("normal", "overwhelming"):
            if A.cog_attack_legality(state, content, player, lid, w, mode, sight=sight) is None:
                attacks.append((w, mode))
        if w == "lancer" and A.chainsaw_legality(state, content, player, lid) is None:
            attacks.append(("chainsaw", "chainsaw"))
    return [{"guard": player, "card": card, "weapon": w, "mode": mode} for card in cards for w, mode in attacks]


def guard_kill_chance(state: GearsState, content: GearsContent, option: dict[str, Any], lid: str) -> Any:
    """The exact chance that a Guard option (one of guard_options) kills `lid`: the preview of
    the very attack guard_window resolves (a weapon's attack with no card bonus, or the
    chainsaw). None for an area weapon (its dice fall on every figure in the area) and for a
    Locust no longer in play. The table's Guard buttons show it."""
    if option.get("guard") is None or lid not in state.locusts:
        return None
    if option["mode"] == "chainsaw":
        return A.chainsaw_preview(state, content, option["guard"], lid).kill
    if content.weapons[option["weapon"]].targets == "area":
        return None
    return A.cog_attack_preview(state, content, option["guard"], lid, option["weapon"], option["mode"]).kill


def _may_guard(state: GearsState, content: GearsContent, player: str) -> bool:
    """One Guard per Locust Activation Step for all players together; Augustus Cole's ability
    (PLACEHOLDER, spec 8.3) lets him Guard once more even after another COG did."""
    if state.flags.get("no_guard"):
        return False
    guards = state.flags.get("guards", [])
    if not state.flags.get("guard_used"):
        return True
    return content.cogs[state.cogs[player].character].ability.effect == "extra_guard" and player not in guards


def guard_window(ctx, content: GearsContent, lid: str, about_to: Msg) -> bool:
    """Spec 6.9 Guard: before a Locust moves or attacks, a COG may attack it. Asked of each
    player in turn order from the active one; when several want to, the active player picks
    who (seed p. 24). Returns whether the Locust lives."""
    state: GearsState = ctx.state
    if state.flags.get("no_guard") or lid not in state.locusts:
        return lid in state.locusts
    if lid in state.flags.get("spawned", ()):
        # Seed p. 24: 'nem vehet célba egy éppen felbukkant Locustot akkor sem, ha az később
        # mozog vagy támad' - a Locust spawned in this step cannot be Guarded at all.
        return True
    n = len(state.players)
    willing: list[dict[str, Any]] = []
    for i in range(n):
        player = state.players[(state.active + i) % n]
        if not _may_guard(state, content, player):
            continue
        opts = guard_options(state, content, player, lid)
        if not opts:
            continue
        pick = ctx.choose(player, "guard", [{"guard": None}] + opts,
                          M("{locust} is about to {about_to}: Guard?", locust=N.locust(state, lid), about_to=about_to),
                          [M("No Guard")] + [M("Discard {card}: Guard with the {weapon}", card=N.card(o["card"]), weapon=_guard_words(o))
                                          for o in opts], about={"figure": lid})
        if pick["guard"] is not None:
            willing.append(pick)
        else:  # said in the log as a Guard is: a person who declined saw no line for it
            ctx.emit("no_guard", M("{cog} does not Guard against {locust}.", cog=N.character(state.cogs[player].character),
                                   locust=N.locust(state, lid)), {"player": player, "figure": lid})
    if not willing:
        return lid in state.locusts
    pick = willing[0]
    if len(willing) > 1:
        # Seed p. 24: when several players want to Guard at once, the active player decides
        # which of them does; the others keep their cards.
        pick = ctx.choose(state.active_player, "guard_who", willing,
                          M("Several COGs want to Guard against {locust}: who does?", locust=N.locust(state, lid)),
                          [M("{cog} Guards with the {weapon}", cog=N.character(state.cogs[o["guard"]].character), weapon=_guard_words(o))
                           for o in willing])
    player = pick["guard"]
    c = state.cogs[player]
    c.hand.remove(pick["card"])
    state.orders.discard([pick["card"]])
    state.flags["guard_used"] = True
    state.flags.setdefault("guards", []).append(player)
    ctx.emit("guard", M("{cog} plays {card} to Guard against {locust}.", cog=N.character(c.character), card=N.card(pick['card']), locust=N.locust(state, lid)),
             {"player": player, "card": pick["card"], "figure": lid})
    if pick["mode"] == "chainsaw":
        A.chainsaw(ctx, content, player, lid, guard=True)
    elif content.weapons[pick["weapon"]].targets == "area":
        A.area_attack(ctx, content, player, state.locusts[lid].area, pick["weapon"], pick["mode"], guard=True)
    else:
        A.cog_attack(ctx, content, player, lid, pick["weapon"], pick["mode"], guard=True)
    return lid in state.locusts


def _guard_words(o: dict[str, Any]) -> Msg:
    if o["mode"] == "chainsaw":
        return M("chainsaw")
    return M("{weapon} ({mode})", weapon=N.weapon(o["weapon"]), mode=N.mode(o["mode"]))
