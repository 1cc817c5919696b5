"""The challenge actions on the state (spec 6.3-6.9): the engine's side of game/level7/rules/
challenge.py. One per turn (Attack, Bull Rush, Outwit, Unlock Door, Control Panel): the pure
module says what is needed and what the icons do; this module builds its inputs from the state,
rolls with the state's Rng, and applies the outcome (Threat, stuns and removals, the Bull Rush
kept for the turn, unlocked doors, Accessed markers and the scenario's hooks, the failed
challenge's activations)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.level7.content import (Bonus, CancelAttack, CancelFear, Draw, FearShift, LeaveTile, MoveEnemy, Reroll, Stun,
                                 UnlockDoor, Unseen, shared_content)
from game.engine.text import M, Mn, Msg, join
from game.level7.rules import challenge as C
from game.level7.rules.names import (attribute as attribute_name, card_name, cause, challenge as challenge_name,
                                     door_side, enemy as enemy_name, place, who)
from game.level7.rules import dice_source, foes, sheet
from game.level7.rules.maps import view
from game.level7.rules import tracks, uniforms
from game.level7.rules.modifiers import (PlayedBonus, attribute_value, challenge_threat, denied_attack_bonus, expire,
                                         help_range, ignores_fear, ignores_threat, reroll_options)
from game.level7.rules.modifiers import use_item as modifier_use
from game.level7.rules.state import Character, Level7State

ACTIONS = ("attack", "bull_rush", "outwit", "unlock", "control_panel")


def c():
    return shared_content()


def kinds(cards: list[str]) -> list[str]:
    """Card instances ("stun_baton#2") as the content ids the pure modules read."""
    return [k.split("#")[0] for k in cards]


def carried_items(ch: Character) -> list[str]:
    return [k for k in kinds(ch.items) if k in c().items]


def attribute(state: Level7State, ch: Character, name: str, challenge: str | None = None) -> int:
    """The attribute with the Fear band, the skills and the carried items (modifiers.py), and the
    bonuses played for it outside a challenge (a Toughness card against the next attack)."""
    extra = sum(b[2] for b in state.turn.played if b[0] == ch.id and b[1] == name) if challenge is None else 0
    return _attribute(name, ch.fear, tuple(ch.skills), tuple(carried_items(ch)), challenge) + extra


@lru_cache(maxsize=4096)
def _attribute(name: str, fear: int, skills: tuple[str, ...], items: tuple[str, ...], challenge: str | None) -> int:
    # the enemies' Situation asks every character's Toughness at every activation
    return attribute_value(c(), name, fear=fear, skills=skills, items=items, challenge=challenge).total


def denied_bonus(ch: Character) -> tuple[str, ...]:
    """The enemy kinds whose attack bonus dice `ch` never gives (Unassuming; modifiers.py)."""
    return _denied(tuple(ch.skills), tuple(carried_items(ch)))


@lru_cache(maxsize=1024)
def _denied(skills: tuple[str, ...], items: tuple[str, ...]) -> tuple[str, ...]:
    return denied_attack_bonus(c(), skills=skills, items=items)


def foes_here(state: Level7State, tile: str) -> list[C.Foe]:
    return [C.Foe(e.key, e.kind, not e.stunned) for e in sorted(state.enemies, key=lambda e: (e.kind, e.number))
            if e.tile == tile]


def locked_doors(state: Level7State, tile: str) -> list[list]:
    """Doors of `tile` joining another tile through a locked-door token (either side), and its
    locked doors facing unexplored space (spec 6.8: unlocked to pass them, here to explore)."""
    from game.level7.rules.explore import locked_unexplored

    out = []
    for other, kind, door in view(state).neighbours(state, tile):
        if kind == "locked" and door is not None and [door[1][0], door[1][1]] not in out:
            out.append([door[1][0], door[1][1]])
    out += [[e, i] for e, i in locked_unexplored(state, tile) if [e, i] not in out]
    return out


def refusal(state: Level7State, ch: Character, kind: str, p: dict[str, Any]) -> str | None:
    """Why this challenge action may not be taken (None: it may); the turn's frame is turn.py's."""
    if state.turn.challenge_used:
        return M("You have already made your challenge this turn.")
    here = foes_here(state, ch.tile)
    if kind == "attack":
        target = next((f for f in here if f.figure == p.get("enemy")), None)
        if target is None:
            return M("That enemy is not on your tile.")
        got = C.attack_challenge(c(), target)
        return got.reason if isinstance(got, C.Refusal) else None
    if kind == "bull_rush":
        got = C.bull_rush_challenge(c(), here)
        return got.reason if isinstance(got, C.Refusal) else None
    if kind == "outwit":
        got = C.outwit_challenge(c(), here, p.get("side", ""))
        return got.reason if isinstance(got, C.Refusal) else None
    if kind == "unlock":
        if p.get("way") not in ("strength", "intelligence"):
            return M("Unlock a door by Strength or by Intelligence.")
        if p.get("door") not in locked_doors(state, ch.tile):
            return M("That is not a locked door of your tile.")
        return None
    if kind == "control_panel":
        sc = c().scenarios[state.scenario]
        got = C.control_panel_challenge(c(), allowed=bool(sc.flags.get("control_panel")),
                                        panel=view(state).tile(ch.tile).has("control_panel"),
                                        accessed=ch.tile in state.tokens["accessed"])
        return got.reason if isinstance(got, C.Refusal) else None
    return M("Unknown challenge {kind}.", kind=repr(kind))


def candidates(state: Level7State, ch: Character) -> list[tuple[str, dict[str, Any]]]:
    here = foes_here(state, ch.tile)
    out: list[tuple[str, dict[str, Any]]] = [("attack", {"enemy": f.figure}) for f in here if f.active]
    out += [("bull_rush", {})] + [("outwit", {"side": s}) for s in C.outwit_sides(here)]
    out += [("unlock", {"door": d, "way": w}) for d in locked_doors(state, ch.tile) for w in ("strength", "intelligence")]
    out.append(("control_panel", {}))
    return out


def played(state: Level7State, ch: Character) -> list[PlayedBonus]:
    """The bonuses in play for `ch` (adrenaline tops, spec 6.11)."""
    return [PlayedBonus(attr, amount, source, by, lasts) for who, attr, amount, source, by, lasts in state.turn.played
            if who == ch.id]


def end_bonuses(state: Level7State, ch: Character, end: str) -> None:
    """The bonuses of `ch` that `end` (a challenge roll, an enemy attack) uses up (modifiers.expire)."""
    keep = set(expire(played(state, ch), end))
    state.turn.played = [b for b in state.turn.played
                         if b[0] != ch.id or PlayedBonus(b[1], b[2], b[3], b[4], b[5]) in keep]


def _show(ch: Character, got: C.Roll, what: Msg) -> Msg:
    return Mn("{who} {what}: {faces}: {n} icon.", "{who} {what}: {faces}: {n} icons.", got.icons, who=who(ch), what=what,
              faces=faces(got.faces))


def faces(got) -> Msg:
    """Rolled faces by name ('blank' for a face without icons), joined with ', ', each face once
    with how many dice show it ('Intelligence ×3'), in the order they first came: eleven dice
    named one by one ran to six lines of the log."""
    counts: dict[str, int] = {}
    for f in got:
        counts[f.name] = counts.get(f.name, 0) + 1
    named = [M(name) if name else M("blank") for name in counts]
    return join(", ", [w if counts[name] == 1 else M("{face} ×{n}", face=w, n=counts[name])
                       for w, name in zip(named, counts)])


def roll(state: Level7State, ch: Character, challenge: C.Challenge, ctx) -> int:
    """The challenge's dice (modifiers.py's pool, played bonuses included) rolled by the state's
    Rng, then the rerolls the roller chooses (spec 6.3: each effect once per roll); the icons."""
    helping(state, ch, challenge, ctx)
    for source, n in challenge_threat(c(), challenge.kind, challenge.attribute, skills=ch.skills, items=carried_items(ch)):
        sheet.gain_threat(state, ch, n, ctx, M("{challenge} with the {source}", challenge=challenge_name(challenge.kind), source=M(source)))
    pool = C.challenge_pool(c(), challenge, fear=ch.fear, skills=ch.skills, items=carried_items(ch),
                            played=played(state, ch))
    got = C.roll_dice(c(), challenge.attribute, pool.total, dice_source.dice(state))
    end_bonuses(state, ch, "challenge_roll")
    ctx.emit("roll", _show(ch, got, M("rolls {n} dice ({attribute} {level})", n=pool.total,
                                      attribute=attribute_name(challenge.attribute), level=challenge.level)),
             {"who": ch.id, "faces": [f.as_dict() for f in got.faces], "icons": got.icons}, hidden=True)
    while True:
        options = [o for o in reroll_options(c(), challenge.kind, challenge.attribute, skills=ch.skills,
                                             abilities=state.turn.abilities if ch.id == state.turn.player else (),
                                             used_this_turn=state.turn.rerolls_used) if o.source not in got.used]
        choices = [{"reroll": ""}] + [{"reroll": o.source, "dice": list(d)} for o in options
                                      for d in C.reroll_choices(got, o)]
        if len(choices) == 1:
            break
        # the faces as data: a bot weighs each option by the exact odds (queries.pending_reroll_chance)
        about = {"faces": [f.as_dict() for f in got.faces], "icons": got.icons, "kind": challenge.kind,
                 "attribute": challenge.attribute, "level": challenge.level}
        pick = ctx.choose(ch.id, "reroll", choices, Mn("{who}: reroll dice? ({n} icon, {level} needed)", "{who}: reroll dice? ({n} icons, {level} needed)", got.icons, who=who(ch), level=challenge.level),
                          about=about)
        if not pick["reroll"]:
            break
        option = next(o for o in options if o.source == pick["reroll"])
        got = C.reroll(c(), got, option, pick["dice"], dice_source.dice(state))
        if option.per == "turn":
            state.turn.rerolls_used.append(option.source)
        ctx.emit("roll", _show(ch, got, M("rerolls {n} with {source}", n=len(pick["dice"]), source=M(option.name))),
                 {"who": ch.id, "faces": [f.as_dict() for f in got.faces], "icons": got.icons}, hidden=True)
    return got.icons


def apply_outcome(state: Level7State, ch: Character, out: C.Outcome, ctx) -> None:
    ctx.emit("challenge", M("{who}: {result}", who=who(ch), result=out.text), {"who": ch.id, "result": out.result, "icons": out.icons})
    if out.threat:
        sheet.gain_threat(state, ch, out.threat, ctx, challenge_name(out.challenge.kind))
    for fid in out.activates:  # spec 7.7: a failed challenge activates the enemies on the tile
        foes.activate(state, fid, ctx)


def do(state: Level7State, ch: Character, kind: str, p: dict[str, Any], ctx) -> None:
    state.turn.challenge_used = True
    here = foes_here(state, ch.tile)
    if kind == "attack":
        target = next(f for f in here if f.figure == p["enemy"])
        ch_ = C.attack_challenge(c(), target)
        # The Threat of attacking a guard (on the attempt, whatever the outcome: seed p. 10) is
        # the outcome's `threat`, gained once by apply_outcome.
        out = C.resolve_attack(c(), roll(state, ch, ch_, ctx), target, here)
        e = foes.figure(state, target.figure)
        apply_outcome(state, ch, out, ctx)
        if out.result == "removed" and e in state.enemies:
            where = e.tile
            foes.remove(state, e, ctx)
            uniforms.enemy_removed(state, e, where, ctx)
        elif out.result == "stunned" and e in state.enemies:
            e.stunned = True
            if out.held:
                foes.hold_stun(state, e.key, out.held)
        for _ in range(out.items):
            sheet.draw_item(state, ch, ctx, M("beating a guard"))
    elif kind == "bull_rush":
        ch_ = C.bull_rush_challenge(c(), here)
        out, rush = C.resolve_bull_rush(c(), roll(state, ch, ch_, ctx), here)
        apply_outcome(state, ch, out, ctx)
        if rush is not None:
            state.turn.rushed, state.turn.rush_tiles = rush.icons, rush.tiles_left
            state.turn.free_tiles.append(ch.tile)
    elif kind == "outwit":
        ch_ = C.outwit_challenge(c(), here, p["side"])
        out = C.resolve_outwit(c(), roll(state, ch, ch_, ctx), here, p["side"])
        apply_outcome(state, ch, out, ctx)
        if out.success:
            state.turn.free_tiles.append(ch.tile)
    elif kind == "unlock":
        ch_ = C.unlock_challenges(c())[0 if p["way"] == "strength" else 1]
        out = C.resolve_unlock(c(), ch_, roll(state, ch, ch_, ctx), here)
        if out.success:
            unlock_door(state, ch, p["door"])
        apply_outcome(state, ch, out, ctx)
    elif kind == "control_panel":
        control_panel(state, ch, here, ctx)


def control_panel(state: Level7State, ch: Character, here: list[C.Foe], ctx) -> None:
    """Spec 6.9 and the scenario's hooks (9.2): an Accessed marker, a reward the player picks;
    a failure may start Lockdown."""
    ch_ = C.control_panel_challenge(c(), allowed=True, panel=True, accessed=False)
    out = C.resolve_control_panel(c(), roll(state, ch, ch_, ctx), here, keys_left=len(state.keys),
                                  guards_on_map=any(e.kind == "guard" for e in state.enemies))
    hooks = c().scenarios[state.scenario].hooks
    apply_outcome(state, ch, out, ctx)
    if not out.success:
        for h in hooks:
            if h.when == "panel_access_failed" and h.do == "start_lockdown":
                sheet.start_lockdown(state, ctx, M(h.text))
        return
    if state.tokens["supply"]["accessed"] > 0:
        state.tokens["supply"]["accessed"] -= 1
        state.tokens["accessed"].append(ch.tile)
        ctx.emit("token", M("An Accessed marker goes on {tile}.", tile=place(state, ch.tile)), {"token": "accessed", "tile": ch.tile})
    for h in hooks:
        if h.when == "accessed_markers" and h.do == "start_lockdown" and len(state.tokens["accessed"]) == h.params.get("count"):
            sheet.start_lockdown(state, ctx, M(h.text))
    if not out.rewards or ch.out:
        return
    pick = ctx.choose(ch.id, "panel_reward", [{"reward": r} for r in out.rewards], M("{who}: the control panel's reward", who=who(ch)))
    if pick["reward"] == "take_key":
        key = state.keys.pop(0)
        ctx.emit("key", M("{who} takes a security key.", who=who(ch)), {"who": ch.id, "card": key})
        sheet.take_item(state, ch, key, ctx)
        return
    moves = []
    for e in sorted((e for e in state.enemies if e.kind == "guard"), key=lambda e: e.number):
        for other in sorted({o for o, k, _ in view(state).neighbours(state, e.tile) if k == "door"}):
            if foes.situation(state).has_room(other, "guard"):  # never onto a full tile (3.5)
                moves.append({"enemy": e.key, "tile": other})
    if not moves:
        ctx.emit("panel", M("No guard can be moved."))
        return
    m = ctx.choose(ch.id, "move_guard", moves, M("{who}: move which guard where?", who=who(ch)))
    e = foes.figure(state, m["enemy"])
    e.tile = m["tile"]
    ctx.emit("enemy_move", M("{who} sends {enemy} to {tile}.", who=who(ch), enemy=foes.label(state, e), tile=place(state, e.tile)),
             {"enemy": e.key, "tile": e.tile})


def rush_step(state: Level7State, ch: Character) -> C.RushStep | None:
    """Leaving a later enemy tile on this turn's Bull Rush (spec 6.5), or None with no rush."""
    t = state.turn
    if t.rushed < 0:
        return None
    return C.rush_leave(c(), C.BullRush(t.rushed, t.rush_tiles), foes_here(state, ch.tile))


def rush_leave(state: Level7State, ch: Character, ctx) -> None:
    """The rush carries `ch` out of an enemy tile: R counts one tile more, a guard's gives Threat."""
    step = rush_step(state, ch)
    ctx.emit("bull_rush", step.text, {"who": ch.id})
    state.turn.rush_tiles = step.rush.tiles_left
    if step.threat:
        sheet.gain_threat(state, ch, step.threat, ctx, M("bull-rushing out of a guard's tile"))


# ---------------------------------------------------------------------------- adrenaline (6.11)

def adrenaline_candidates(state: Level7State, ch: Character) -> list[tuple[str, dict[str, Any]]]:
    """One card of each kind in hand, each of the three uses (turn.refusal keeps the legal ones)."""
    step = c().number("free_fear_shift")
    out = []
    for card in sorted({k.split("#")[0]: k for k in reversed(ch.hand)}.values()):
        out += [("adrenaline", {"card": card, "use": use, "shift": shift})
                for use, shift in (("bonus", 0), ("ability", 0), ("fear_shift", step), ("fear_shift", -step))]
    return out


def adrenaline_refusal(state: Level7State, ch: Character, p: dict[str, Any]) -> str | None:
    card = p.get("card")
    if card not in ch.hand:
        return M("That card is not in your hand.")
    if p.get("use") not in tracks.USES or not isinstance(p.get("shift", 0), int):
        return M("Play a card for its bonus, its ability or a free Fear shift.")
    kind = card.split("#")[0]
    got = tracks.adrenaline_refusal(c(), kind, p["use"], fear=ch.fear, hand=len(ch.hand),
                                    own_turn=True, shift=p.get("shift", 0))
    if got:
        return got.reason
    return ability_refusal(state, ch, kind) if p["use"] == "ability" else None


def play_adrenaline(state: Level7State, ch: Character, p: dict[str, Any], ctx) -> None:
    """Discard the card, pay its Fear cost, apply the use (spec 6.11): a bonus in play until it is
    used (Speed: moves at once), an ability's effects (a bonus, a reroll for this turn's challenge,
    a Fear shift the player chooses), or the free shift."""
    kind = p["card"].split("#")[0]
    out = tracks.play_adrenaline(c(), kind, p["use"], fear=ch.fear, hand=len(ch.hand), own_turn=True,
                                 shift=p.get("shift", 0), player=ch.id)
    ch.hand.remove(p["card"])
    state.adrenaline.discard([p["card"]])
    ch.fear = out.fear
    ctx.emit("adrenaline", M("{who}: {play}", who=who(ch), play=out.text), {"who": ch.id, "card": p["card"], "use": p["use"], "fear": ch.fear})
    for b in ((out.bonus,) if out.bonus is not None else ()) + out.ability_bonuses:
        add_bonus(state, ch, b)
    if p["use"] != "ability":
        return
    for e in out.ability:
        if isinstance(e, Reroll):
            state.turn.abilities.append(kind)
        elif isinstance(e, FearShift):
            values = tracks.fear_shift_options(c(), ch.fear, e.steps)
            if values:
                pick = ctx.choose(ch.id, "fear_shift", [{"fear": ch.fear}] + [{"fear": v} for v in values],
                                  M("{who}: move your Fear?", who=who(ch)))
                sheet.change_fear(state, ch, pick["fear"] - ch.fear, ctx, c().adrenaline[kind].name)
        else:
            play_ability(state, ch, card_name(kind), e, ctx)
    if out.not_enforced:
        ctx.emit("not_enforced", M("Not enforced yet: {text}", text=M(out.not_enforced)), {"card": kind})


# The abilities that act on the board (content.py's USED_ONLY effects). Played in step 2 of your own
# turn they need a target now (ability_refusal says which is missing); the reactions have their own
# moment in anyone's turn: cancel_attack before an enemy's dice (foes.defend), cancel_fear before a
# Fear gain (sheet.change_fear), another's draw while helping a challenge (helping).

def held(state: Level7State, ch: Character) -> bool:
    """Spec 6.1: an active enemy on your tile keeps you there unless a challenge (or an ability)
    freed you this turn."""
    return ch.tile not in state.turn.free_tiles and any(e.tile == ch.tile and not e.stunned for e in state.enemies)


def draw_receivers(state: Level7State, ch: Character) -> list[Character]:
    """Who may draw by `ch`'s card (Lend a Hand): the others within one connected tile (6.11's range)."""
    return helpers(state, ch)


def enemy_moves(state: Level7State, ch: Character, e) -> list[dict[str, str]]:
    """Where an ability may send an active enemy of kind `e.enemy` within `e.within` moves of `ch`
    (its own graph): 1 tile through an open door onto a tile with room for it (3.5)."""
    if not any(f.kind == e.enemy and not f.stunned for f in state.enemies):
        return []
    from game.level7.rules.enemy_paths import mover_of

    near = view(state).distances(state, ch.tile, mover_of(c().enemies[e.enemy]))  # its graph, cached per map and tokens
    movable = [f for f in sorted(state.enemies, key=lambda f: f.number)
               if f.kind == e.enemy and not f.stunned and near.get(f.tile, foes.FAR) <= e.within]
    if not movable:
        return []  # (legal_actions asks this for every hand holding the card: the Situation only when needed)
    sit = foes.situation(state)
    out = []
    for f in movable:
        for other in sorted({o for o, k, _ in view(state).neighbours(state, f.tile) if k == "door"}):
            if sit.has_room(other, f.kind):
                out.append({"enemy": f.key, "tile": other})
    return out


def ability_refusal(state: Level7State, ch: Character, kind: str) -> Msg | None:
    """Why `kind`'s ability may not be played in step 2 of your own turn now (None: it may); the
    one place the actions, the table and the bots ask."""
    effects = _board_effects(kind)
    if not effects:
        return None  # a reroll, a bonus, a Fear shift: nothing on the board to find
    for e in effects:
        if isinstance(e, CancelAttack):
            return M("{card}'s ability is played when an enemy attacks you, before its dice are rolled.", card=card_name(kind))
        if isinstance(e, CancelFear):
            return M("{card}'s ability is played when you are about to gain Fear ({causes}).", card=card_name(kind),
                     causes=join(", ", [cause(x) for x in e.causes]))
        if isinstance(e, LeaveTile) and not held(state, ch):
            return M("No active enemy holds you on your tile.")
        if isinstance(e, Draw) and e.who == "other" and not draw_receivers(state, ch):
            return M("No other character is on your tile or a connected tile.")
        if isinstance(e, UnlockDoor) and not locked_doors(state, ch.tile):
            return M("No door of your tile has a locked-door token.")
        if isinstance(e, MoveEnemy) and not enemy_moves(state, ch, e):
            return M("No active {enemy} within {n} moves of you can be moved 1 tile.", enemy=enemy_name(e.enemy, lower=True),
                     n=e.within)
        if isinstance(e, Stun) and not stun_targets(state, ch, e.enemy):
            return M("No active {enemy} is on your tile.", enemy=enemy_name(e.enemy, lower=True))
    return None


@lru_cache(maxsize=None)
def _board_effects(kind: str) -> tuple:
    """The effects of an adrenaline card's ability that need the board (legal_actions asks per card)."""
    return tuple(e for e in c().adrenaline[kind].ability if not isinstance(e, (Reroll, Bonus, FearShift)))


def play_ability(state: Level7State, ch: Character, name: Msg, e, ctx) -> None:
    """One board effect of an ability played in step 2 (ability_refusal said it has a target)."""
    if isinstance(e, Unseen):
        unseen = state.flags.setdefault("unseen", [])
        if ch.id not in unseen:
            unseen.append(ch.id)
        ctx.emit("unseen", M("{who} holds their breath: until their next turn, enemies not on their tile "
                             "ignore them when choosing a target.", who=who(ch)), {"who": ch.id})
    elif isinstance(e, LeaveTile):
        state.turn.free_tiles.append(ch.tile)
        ctx.emit("free", M("{who} may leave {tile} this turn ({card}).", who=who(ch), tile=place(state, ch.tile), card=name), {"who": ch.id})
    elif isinstance(e, Draw) and e.who == "other":
        others = draw_receivers(state, ch)
        pick = ctx.choose(ch.id, "lend_to", [{"who": o.id} for o in others], M("{who}: who draws ({card})?", who=who(ch), card=name))
        draw_for(state, state.characters[pick["who"]], e, ctx, M("{card} from {who}", card=name, who=who(ch)))
    elif isinstance(e, Draw):
        draw_for(state, ch, e, ctx, name)
    elif isinstance(e, UnlockDoor):
        doors = locked_doors(state, ch.tile)
        pick = ctx.choose(ch.id, "unlock_door", [{"door": d} for d in doors], M("{who}: remove which locked-door token?", who=who(ch)))
        unlock_door(state, ch, pick["door"])
        ctx.emit("unlocked", M("{who} forces the locked door on side {side} open ({card}).", who=who(ch), side=door_side(pick["door"][0]), card=name),
                 {"who": ch.id, "door": pick["door"]})
    elif isinstance(e, MoveEnemy):
        m = ctx.choose(ch.id, "move_guard", enemy_moves(state, ch, e), M("{who}: move which {enemy} where ({card})?", who=who(ch), enemy=e.enemy, card=name))
        f = foes.figure(state, m["enemy"])
        f.tile = m["tile"]
        ctx.emit("enemy_move", M("{who} lures {enemy} to {tile} ({card}).", who=who(ch), enemy=foes.label(state, f), tile=place(state, f.tile), card=name),
                 {"enemy": f.key, "tile": f.tile})
    elif isinstance(e, Stun):
        stun(state, ch, e.enemy, e.count, ctx, name)


def draw_for(state: Level7State, ch: Character, e: Draw, ctx, why: str) -> None:
    """A Draw effect for `ch`, the one path of every card that draws (an adrenaline ability, a
    used item, a standing draw on Medical supplies): item cards (none left: nothing), or adrenaline
    cards up to the hand size; a card used for nothing (a full hand) says so."""
    if e.deck == "item":
        for _ in range(e.cards):
            sheet.draw_item(state, ch, ctx, why)
        return
    if not sheet.draw_adrenaline(state, ch, e.cards, ctx, why) and e.at == "use":
        ctx.emit("draw", M("{who}'s hand is full: no card ({why}).", who=who(ch), why=why), {"who": ch.id, "n": 0})


def reaction_cards(state: Level7State, ch: Character, effect: type, cause: str = "") -> list[str]:
    """The card kinds in `ch`'s hand whose ability of type `effect` (CancelAttack, CancelFear for
    `cause`, Draw for another) may be played now, in anyone's turn (an "any" timing, the card not
    the last in hand, room for its Fear cost): a reaction window opens only when this is not empty."""
    own = ch.id == state.turn.player
    out = []
    for k in sorted({x.split("#")[0] for x in ch.hand}):
        rec = c().adrenaline[k]
        if not any(isinstance(e, effect) and (not cause or cause in getattr(e, "causes", (cause,))) for e in rec.ability):
            continue
        if not tracks.adrenaline_refusal(c(), k, "ability", fear=ch.fear, hand=len(ch.hand), own_turn=own):
            out.append(k)
    return out


def play_reaction(state: Level7State, ch: Character, kind: str, ctx) -> tracks.CardPlay:
    """Discards `ch`'s card of `kind` for its ability and pays its Fear cost (6.11); the caller
    applies what the reaction does."""
    out = tracks.play_adrenaline(c(), kind, "ability", fear=ch.fear, hand=len(ch.hand),
                                 own_turn=ch.id == state.turn.player, player=ch.name)
    card = next(x for x in ch.hand if x.split("#")[0] == kind)
    ch.hand.remove(card)
    state.adrenaline.discard([card])
    ch.fear = out.fear
    ctx.emit("adrenaline", M("{who}: {play}", who=who(ch), play=out.text), {"who": ch.id, "card": card, "use": "ability", "fear": ch.fear})
    return out


def add_bonus(state: Level7State, ch: Character, b: PlayedBonus) -> None:
    if b.attribute == "speed":  # until the end of the turn: the moves it gives now
        state.turn.moves_left += b.amount
        return
    state.turn.played.append([ch.id, b.attribute, b.amount, b.source, b.by, b.lasts])


def spared(ch: Character, cause: str) -> str:
    """The skill or item that spares `ch` Fear from `cause` (darkness, vent, attack), or ""."""
    return ignores_fear(c(), cause, skills=ch.skills, items=carried_items(ch))


def cooperation_range(ch: Character) -> int:
    """`ch`'s cooperation range in door steps: 1 (one connected tile, spec 11 #26) unless a skill or
    carried item widens it (the Walkie-Talkie's 2)."""
    return help_range(c(), skills=ch.skills, items=carried_items(ch))


def within(state: Level7State, tile: str, steps: int) -> dict[str, int]:
    """Tiles within `steps` door links of `tile` (locked or not; vents do not count: spec 11 #26),
    with their distance."""
    seen, edge = {tile: 0}, [tile]
    for d in range(1, steps + 1):
        nxt = []
        for t in edge:
            for o, kind, _ in view(state).neighbours(state, t):
                if kind != "vent" and o not in seen:
                    seen[o] = d
                    nxt.append(o)
        edge = nxt
    return seen


def helpers(state: Level7State, ch: Character) -> list[Character]:
    """Characters within cooperation range of `ch`, in turn order: one connected tile (same tile, or
    joined by a door, locked or not; vents do not count: spec 11 #26), or farther when either of
    the two carries something that widens it (the Walkie-Talkie, spec 8.5): the longer of the two
    ranges counts, both for helping and for being helped (PROPOSED, docs/LEVEL7.md)."""
    others = [state.characters[i] for i in state.order
              if i != ch.id and state.characters[i].status == "in_play"]
    if not others:
        return []
    mine = cooperation_range(ch)
    reach = within(state, ch.tile, max([mine, *(cooperation_range(o) for o in others)]))
    return [o for o in others if o.tile in reach and reach[o.tile] <= max(mine, cooperation_range(o))]


def helping(state: Level7State, ch: Character, challenge: C.Challenge, ctx) -> None:
    """Spec 6.11: before the dice, each character within one connected tile may play an
    adrenaline card so that `ch` gets its attribute bonus (a bonus may be played even when it
    does not help)."""
    for other in helpers(state, ch):
        cards = sorted({k for k in kinds(other.hand)
                        if not tracks.adrenaline_refusal(c(), k, "bonus", fear=other.fear, hand=len(other.hand),
                                                         own_turn=False, helping=True)})
        # an "any time" ability giving `ch` a card (Lend a Hand), only while their hand has room
        lend = reaction_cards(state, other, Draw) if len(ch.hand) < sheet.hand_size(ch) else []
        lend = [k for k in lend if any(isinstance(e, Draw) and e.who == "other" and e.deck == "adrenaline"
                                       for e in c().adrenaline[k].ability)]
        if not cards and not lend:
            continue
        pick = ctx.choose(other.id, "help", [{"card": ""}] + [{"card": k} for k in cards]
                          + [{"card": k, "use": "ability"} for k in lend],
                          M("{who}: help {other}'s {attribute} {level} challenge?", who=who(other), other=who(ch),
                            attribute=attribute_name(challenge.attribute), level=challenge.level,
                            challenge=challenge.attribute))  # `challenge` (not worded): what a bot weighs
        if not pick["card"]:
            continue
        if pick.get("use") == "ability":
            rec = c().adrenaline[pick["card"]]
            play_reaction(state, other, pick["card"], ctx)
            for e in rec.ability:
                if isinstance(e, Draw):
                    draw_for(state, ch, e, ctx, M("{card} from {who}", card=card_name(pick["card"]), who=who(other)))
            continue
        card = next(x for x in other.hand if x.split("#")[0] == pick["card"])
        out = tracks.play_adrenaline(c(), pick["card"], "bonus", fear=other.fear, hand=len(other.hand), own_turn=False,
                                     player=other.name, receiver=ch.name)
        other.hand.remove(card)
        state.adrenaline.discard([card])
        other.fear = out.fear
        ctx.emit("adrenaline", M("{who}: {play}", who=who(other), play=out.text), {"who": other.id, "card": card, "helps": ch.id})
        state.turn.played.append([ch.id, out.bonus.attribute, out.bonus.amount, out.bonus.source, other.id, out.bonus.lasts])


# ---------------------------------------------------------------------------- items (6.14, 8.5)

def item_candidates(state: Level7State, ch: Character) -> list[tuple[str, dict[str, Any]]]:
    out = [("use_item", {"card": x}) for x in sorted(set(ch.items)) if x.split("#")[0] in c().items
           and c().items[x.split("#")[0]].kind == "single_use"]
    keys = [x for x in ch.items if x.split("#")[0] in c().keys]
    if keys:
        out += [("use_key", {"card": keys[0], "door": d}) for d in locked_doors(state, ch.tile)]
    return out


def item_refusal(state: Level7State, ch: Character, kind: str, p: dict[str, Any]) -> str | None:
    card = p.get("card", "")
    if card not in ch.items:
        return M("You do not carry that item.")
    if kind == "use_item":
        rec = c().items.get(card.split("#")[0])
        if rec is None or rec.kind != "single_use":
            return M("That item is not used up by using it.")
        return _wasted(state, ch, modifier_use(c(), rec.id, ch.id), card_name(rec.id))
    if card.split("#")[0] not in c().keys:
        return M("That is not a security key.")
    return None if p.get("door") in locked_doors(state, ch.tile) else M("That is not a locked door of your tile.")


def _wasted(state: Level7State, ch: Character, out, name: Msg) -> Msg | None:
    """Why using an item whose only effects are draws or stuns would do nothing now (PROPOSED: a
    card thrown away for nothing is refused, docs/LEVEL7.md), or None."""
    if out.bonuses or out.fear_shift:
        return None
    if any(e.deck != "adrenaline" for e in out.draws) or (out.draws and len(ch.hand) < sheet.hand_size(ch)):
        return None
    if any(stun_targets(state, ch, s.enemy) for s in out.stuns):
        return None
    if out.stuns:
        kinds_ = join(M(" or "), [enemy_name(k, lower=True) for k in sorted({s.enemy for s in out.stuns},
                                                                             key=lambda k: c().enemies[k].name.lower())])
        return M("There is no active {enemy} on your tile for the {card} to stun.", enemy=kinds_, card=name)
    if out.draws:
        return M("Your hand is full: the {card} would draw nothing.", card=name)
    return None


def stun_targets(state: Level7State, ch: Character, enemy: str) -> list:
    """The active figures of this kind on `ch`'s tile, lowest number first."""
    return sorted((e for e in state.enemies if e.tile == ch.tile and e.kind == enemy and not e.stunned),
                  key=lambda e: e.number)


def stun(state: Level7State, ch: Character, enemy: str, count: int, ctx, source: Msg) -> None:
    """Stuns `count` (0: every) active figures of this kind on `ch`'s tile; the player picks which
    when not all of them are stunned."""
    targets = stun_targets(state, ch, enemy)
    if count and count < len(targets):
        chosen = []
        for _ in range(count):
            pick = ctx.choose(ch.id, "stun", [{"enemy": e.key} for e in targets], M("{who}: stun which {enemy}?", who=who(ch), enemy=enemy))
            e = foes.figure(state, pick["enemy"])
            targets.remove(e)
            chosen.append(e)
        targets = chosen
    for e in targets:
        e.stunned = True
        ctx.emit("stun", M("{who} stuns {enemy} with the {card}.", who=who(ch), enemy=foes.label(state, e), card=source), {"who": ch.id, "enemy": e.key})


def use_item(state: Level7State, ch: Character, p: dict[str, Any], ctx) -> None:
    """A single-use item discarded for its effect (spec 8.5 PLACEHOLDER, modifiers.use_item)."""
    kind = p["card"].split("#")[0]
    out = modifier_use(c(), kind, ch.id)
    ch.items.remove(p["card"])
    state.items.discard([p["card"]])
    rec = c().items[kind]
    ctx.emit("use_item", M("{who} uses {card}.", who=who(ch), card=card_name(kind)), {"who": ch.id, "card": p["card"]})
    for b in out.bonuses:
        add_bonus(state, ch, b)
    values = tracks.fear_shift_options(c(), ch.fear, out.fear_shift) if out.fear_shift else ()
    if values:
        pick = ctx.choose(ch.id, "fear_shift", [{"fear": ch.fear}] + [{"fear": v} for v in values],
                          M("{who}: move your Fear?", who=who(ch)))
        sheet.change_fear(state, ch, pick["fear"] - ch.fear, ctx, rec.name)
    for e in out.draws:
        draw_for(state, ch, e, ctx, card_name(kind))
    for s in out.stuns:
        stun(state, ch, s.enemy, s.count, ctx, card_name(kind))
    if rec.not_enforced:
        ctx.emit("not_enforced", M("Not enforced yet: {text}", text=M(rec.not_enforced)), {"card": kind})


def spared_threat(ch: Character, cause: str) -> str:
    """The skill or item that spares `ch` Threat from `cause` (crowding, armed), or ""."""
    return ignores_threat(c(), cause, skills=ch.skills, items=carried_items(ch))


def use_key(state: Level7State, ch: Character, p: dict[str, Any], ctx) -> None:
    """A security key (spec 8.5 PLACEHOLDER): discarded to remove a locked-door token from a door
    of your tile, no challenge and no Threat. Spent keys are out of the game."""
    ch.items.remove(p["card"])
    state.tokens["spent_keys"].append(p["card"])
    unlock_door(state, ch, p["door"])
    ctx.emit("use_key", M("{who} opens a locked door with a security key.", who=who(ch)), {"who": ch.id, "door": p["door"]})


def unlock_door(state: Level7State, ch: Character, door: list) -> None:
    """Removes the locked-door tokens on both sides of `ch`'s door; the door may be locked again
    after passing it (spec 6.8)."""
    mine = (ch.tile, (door[0], door[1]))
    partner = next(((o, d) for o, k, d in view(state).neighbours(state, ch.tile) if d == mine), None)
    gone = [mine]
    if partner is not None:
        gone += [d for o2, k2, d in view(state).neighbours(state, partner[0]) if o2 == ch.tile and d is not None]
    foes.unlock(state, gone)
    state.turn.unlocked.append([ch.tile, door[0], door[1]])
