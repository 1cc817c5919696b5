"""The round (spec 5) and the battle (spec 6): set-up and the mulligan, Phase I draws, Phase II
target, the action phases III / IV / V / Va with passing, Phase VI's result in the seed's order,
Phase VIa's convoy move, the end in New York and the winner (spec 1).

`refused` is the one place that says whether an action is legal and, if not, how to word why
(`refusal` words it); `legal_actions` lists the candidates it accepts; `apply` runs an accepted
action as a resolution (procedures.py), and every decision inside it is a pending question for
a seat."""
from __future__ import annotations

from typing import Any, Callable

from game.convoy.content import SIDES
from game.convoy.rules import board as B
from game.convoy.rules import effects as E
from game.convoy.rules import words as W
from game.convoy.rules.procedures import RESOLVER, procedure
from game.convoy.rules.state import MOLOCH, OUTPOST, ConvoyState
from game.engine.protocol import Action, Event, IllegalAction
from game.engine.rng import Rng

C = B.C
ACTION_PHASES = {"III": MOLOCH, "IV": OUTPOST, "V": MOLOCH, "Va": OUTPOST}
NEXT_PHASE = {"III": "IV", "IV": "V", "V": "Va", "Va": "VI"}
PLAY_PHASE = {"robot": "III", "soldier": "IV", "building": "IV"}
WIN_TIMING = {MOLOCH: "on_moloch_win", OUTPOST: "on_outpost_win"}


# ---------------------------------------------------------------- set-up (spec 4)

def new_state(seed: int, options: dict[str, Any] | None = None) -> ConvoyState:
    """Decks shuffled from the game's RNG, 4 cards each; the mulligan is the first decision."""
    ids = C.deal("moloch") + C.deal("outpost")
    n = len(C.deal("moloch"))
    rng = Rng(seed)
    decks = [list(range(n)), list(range(n, len(ids)))]
    for d in decks:
        rng.shuffle(d)
    state = ConvoyState(seed, rng, ids, decks, [[], []], [[], []], [[[], []] for _ in C.cities],
                        [[False] * len(city.sectors) for city in C.cities], [False] * len(C.cities),
                        options=dict(options or {}))
    for side in (MOLOCH, OUTPOST):
        state.hand[side] = state.deck[side][:C.hand_size]
        del state.deck[side][:C.hand_size]
    return state


def decider(state: ConvoyState) -> str | None:
    if state.outcome is not None:
        return None
    if state.proc is not None and state.proc.get("pending"):
        return state.proc["pending"]["decider"]
    if state.phase == "mulligan":
        return SIDES[MOLOCH] if not state.mulligan[MOLOCH] else SIDES[OUTPOST]
    side = ACTION_PHASES.get(state.phase)
    return None if side is None else SIDES[side]


def acting_side(state: ConvoyState) -> int:
    who = decider(state)
    return -1 if who is None else B.SIDE_OF[who]


# ---------------------------------------------------------------- legality

def ability_phase(state: ConvoyState, uid: int, controller: int) -> str:
    """Spec 9 #13: Robot abilities in III, Soldier and Building abilities in IV, Equipment
    abilities in V (Moloch) or Va (captured, Outpost)."""
    t = B.defn(state, uid).type
    if t == "equipment":
        return "V" if controller == MOLOCH else "Va"
    return "III" if t == "robot" else "IV"


Why = Callable[[], str]  # words a refusal when called


def refusal(state: ConvoyState, kind: str, p: dict[str, Any], memo: dict | None = None) -> str | None:
    """Why the seat that decides now may not take this action (None: it is legal), in a
    player's words: the words of `refused`, the one check."""
    why = refused(state, kind, p, memo)
    return None if why is None else why()


def refused(state: ConvoyState, kind: str, p: dict[str, Any], memo: dict | None = None) -> Why | None:
    """The one legality check: None when the action is legal, else what words the refusal (a
    call, so that `legal_actions`, which throws the refusals of its candidates away, never
    builds their messages). `memo` (one dict per question, from legal_actions) keeps what
    every candidate reads alike: the side acting and whether a city has a free station."""
    if state.outcome is not None:
        return lambda: W.say(W.NO_GAME)
    if state.proc is not None:
        return lambda: W.say(W.ANSWER_FIRST, prompt=state.proc["pending"]["prompt"])
    if memo is None:
        memo = {}
    side = memo.get("side")
    if side is None:
        side = memo["side"] = acting_side(state)
    if state.phase == "mulligan":
        return None if kind == "mulligan" and isinstance(p.get("redraw"), bool) else lambda: W.say(W.MULLIGAN_ONLY)
    if kind == "mulligan":
        return lambda: W.say(W.MULLIGAN_DONE)
    if kind == "pass":
        return None if state.phase in ACTION_PHASES else lambda: W.say(W.CANNOT_PASS)
    if kind == "feature":
        return _feature_refused(state)
    uid = p.get("card")
    if not isinstance(uid, int) or isinstance(uid, bool) or not 0 <= uid < len(state.ids):
        return lambda: W.say(W.UNKNOWN)
    d = B.defn(state, uid)
    if kind == "ability":
        return _ability_refused(state, uid, side)
    if uid not in state.hand[side]:
        return lambda: W.say(W.NOT_IN_HAND)
    if kind == "play":
        if d.type not in PLAY_PHASE:
            return lambda: W.say(W.NOT_A_UNIT, card=W.card_id(d.id))
        if state.phase != PLAY_PHASE[d.type]:
            return lambda: W.say(W.WRONG_PHASE_PLAY, card=W.card_id(d.id), phase=PLAY_PHASE[d.type])
        c = p.get("city")
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < len(state.flipped):
            return lambda: W.say(W.UNKNOWN)
        if state.flipped[c]:
            return lambda: W.say(W.CITY_DESTROYED, city=W.city(c))
        key = (c, B.takes_station(state, uid))
        room = memo.get(key)
        if room is None:
            room = memo[key] = B.has_room(state, uid, c, side)
        if not room:
            return lambda: W.say(W.NO_STATION, city=W.city(c), side=W.side(side))
        return None
    if kind == "instant":
        if d.type != "instant":
            return lambda: W.say(W.NOT_INSTANT, card=W.card_id(d.id))
        want = "III" if side == MOLOCH else "IV"
        if state.phase != want:
            return lambda: W.say(W.WRONG_PHASE_PLAY, card=W.card_id(d.id), phase=want)
        if not E.possible(state, d.effect, E.Env(side, uid, -1)):
            return lambda: W.say(W.NO_TARGET, card=W.card_id(d.id))
        return None
    if kind == "equip":
        if d.type != "equipment":
            return lambda: W.say(W.NOT_EQUIPMENT, card=W.card_id(d.id))
        if state.phase != "V":
            return lambda: W.say(W.WRONG_PHASE_PLAY, card=W.card_id(d.id), phase="V")
        robot = p.get("robot")
        if not isinstance(robot, int) or isinstance(robot, bool) or not 0 <= robot < len(state.ids):
            return lambda: W.say(W.UNKNOWN)
        c, s = B.locate(state, robot)
        if c < 0 or s != MOLOCH or state.flipped[c] or B.defn(state, robot).type != "robot":
            return lambda: W.say(W.NOT_A_ROBOT)
        if robot in state.equip:
            return lambda: W.say(W.HAS_EQUIPMENT, robot=W.card(state, robot))
        return None
    return lambda: W.say(W.UNKNOWN)


def _ability_refused(state: ConvoyState, uid: int, side: int) -> Why | None:
    d = B.defn(state, uid)
    c, ctrl = B.locate(state, uid)
    if c >= 0 and ctrl != side:  # the other side's card in play (a click on it asked this)
        return lambda: W.say(W.NOT_YOURS, side=W.side(ctrl))
    if c < 0 or state.flipped[c]:
        return lambda: W.say(W.NOT_IN_PLAY, card=W.card_id(d.id))
    if d.timing not in ("on_discard", "activated"):
        return lambda: W.say(W.NO_ABILITY, card=W.card_id(d.id))
    if B.is_disabled(state, uid):
        return lambda: W.say(W.SWITCHED_OFF, card=W.card_id(d.id))
    phase = ability_phase(state, uid, ctrl)
    if state.phase != phase:
        return lambda: W.say(W.WRONG_PHASE_ABILITY, card=W.card_id(d.id), phase=phase)
    if d.once and uid in state.used:
        return lambda: W.say(W.USED, card=W.card_id(d.id))
    if d.timing == "on_discard" and not state.hand[side]:
        return lambda: W.say(W.EMPTY_HAND)
    if not E.possible(state, d.effect, E.Env(side, uid, c)):
        return lambda: W.say(W.NO_TARGET, card=W.card_id(d.id))
    return None


def _feature_refused(state: ConvoyState) -> Why | None:
    """Spec 9 #5 (PLACEHOLDER hook): the active city's feature, once, in Phase IV."""
    if state.phase != "IV":
        return lambda: W.say(W.FEATURE_PHASE)
    a = B.active_city(state)
    if state.feature_used:
        return lambda: W.say(W.FEATURE_USED, city=W.city(a))
    if not E.possible(state, C.cities[a].feature, E.Env(OUTPOST, -1, a)):
        return lambda: W.say(W.FEATURE_NOTHING, city=W.city(a))
    return None


def candidates(state: ConvoyState, side: int) -> list[tuple[str, dict[str, Any]]]:
    """Every action `refusal` might accept for `side` now but passing, in a fixed order."""
    ph = state.phase
    out: list[tuple[str, dict[str, Any]]] = []
    hand = state.hand[side]
    if ph in ("III", "IV"):
        live = B.live_cities(state)
        for uid in hand:
            t = B.defn(state, uid).type
            if t == "instant":
                out.append(("instant", {"card": uid}))
            elif PLAY_PHASE.get(t) == ph:
                out += [("play", {"card": uid, "city": c}) for c in live]
        if ph == "IV":
            out.append(("feature", {}))
    elif ph == "V":
        robots = [u for c in B.live_cities(state) for u in state.slots[c][MOLOCH]
                  if u not in state.equip and B.defn(state, u).type == "robot"]
        for uid in hand:
            if B.defn(state, uid).type == "equipment":
                out += [("equip", {"card": uid, "robot": r}) for r in robots]
    for c in B.live_cities(state):
        for uid in state.slots[c][side]:
            if B.defn(state, uid).timing in ("on_discard", "activated"):
                out.append(("ability", {"card": uid}))
            eq = state.equip.get(uid)
            if eq is not None and B.defn(state, eq).timing in ("on_discard", "activated"):
                out.append(("ability", {"card": eq}))
    return out


# Every top-level action kind's words, both ways: (the button's command to a person, what a
# player did in the third person, for the AI's reasons: ai.deed), by the words' key.
ACTION_WORDS = {
    "keep": (W.ACT_KEEP, W.DID_KEEP),
    "mulligan": (W.ACT_MULLIGAN, W.DID_MULLIGAN),
    "pass": (W.ACT_PASS, W.DID_PASS),
    "feature": (W.ACT_FEATURE, W.DID_FEATURE),
    "play": (W.ACT_PLAY, W.DID_PLAY),
    "instant": (W.ACT_INSTANT, W.DID_INSTANT),
    "equip": (W.ACT_EQUIP, W.DID_EQUIP),
    "ability": (W.ACT_ABILITY, W.DID_ABILITY),
    "ability_pay": (W.ACT_ABILITY_PAY, W.DID_ABILITY_PAY),
}


def _feature_names(state: ConvoyState, p: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    a = B.active_city(state)
    return "feature", {"feature": W.feature(a), "city": W.city(a)}


# Each top-level action kind: its words' key in ACTION_WORDS and their names. A new kind is
# worded here once, for the button and for the AI's reasons alike.
NAMES_OF = {
    "mulligan": lambda s, p: ("mulligan", {"n": C.hand_size}) if p["redraw"] else ("keep", {}),
    "pass": lambda s, p: ("pass", {}),
    "feature": _feature_names,
    "play": lambda s, p: ("play", {"card": W.card(s, p["card"]), "city": W.city(p["city"])}),
    "instant": lambda s, p: ("instant", {"card": W.card(s, p["card"])}),
    "equip": lambda s, p: ("equip", {"card": W.card(s, p["card"]), "robot": W.card(s, p["robot"])}),
    "ability": lambda s, p: ("ability_pay" if B.defn(s, p["card"]).timing == "on_discard" else "ability",
                             {"card": W.card(s, p["card"])}),
}
ACTION_KINDS = tuple(NAMES_OF)


def action_words(state: ConvoyState, kind: str, p: dict[str, Any], did: bool = False) -> str:
    """A top-level action's words: its button's label ("Play X into Y"), or with `did` what a
    player did ("Plays X into Y")."""
    key, names = NAMES_OF[kind](state, p)
    return W.say(ACTION_WORDS[key][did], **names)


def legal_actions(state: ConvoyState) -> list[Action]:
    if state.outcome is not None:
        return []
    if state.proc is not None:
        pend = state.proc["pending"]
        return [Action(pend["kind"], o, label) for o, label in zip(pend["options"], pend["labels"])]
    if state.phase == "mulligan":
        return [Action("mulligan", {"redraw": r}, action_words(state, "mulligan", {"redraw": r})) for r in (False, True)]
    side = acting_side(state)
    memo: dict = {"side": side}
    acts = [Action(k, p, action_words(state, k, p)) for k, p in candidates(state, side)
            if refused(state, k, p, memo) is None]
    acts.append(Action("pass", {}, action_words(state, "pass", {})))
    return acts


def only_pass(state: ConvoyState, side: int) -> bool:
    memo: dict = {"side": side}
    return all(refused(state, k, p, memo) is not None for k, p in candidates(state, side))


def apply(state: ConvoyState, action: Action) -> list[Event]:
    if state.outcome is not None:
        raise IllegalAction(W.say(W.NO_GAME))
    if state.proc is not None:
        pend = state.proc["pending"]
        if action.kind != pend["kind"] or action.payload not in pend["options"]:
            raise IllegalAction(W.say(W.ANSWER_FIRST, prompt=pend["prompt"]))
        return RESOLVER.answer(state, dict(action.payload))
    why = refusal(state, action.kind, dict(action.payload))
    if why is not None:
        raise IllegalAction(why)
    return RESOLVER.start(state, "act", {"kind": action.kind, "payload": dict(action.payload)})


# ---------------------------------------------------------------- the actions

@procedure("act")
def act(ctx, kind: str, payload: dict[str, Any]) -> None:
    ACTIONS[kind](ctx, payload)
    advance(ctx)


def do_mulligan(ctx, p: dict[str, Any]) -> None:
    """Spec 4 step 6: once, shuffle the 4 cards back and draw 4 new ones."""
    state = ctx.state
    side = acting_side(state)
    state.mulligan[side] = True
    if p["redraw"]:
        state.deck[side] += state.hand[side]
        state.hand[side] = []
        state.rng.shuffle(state.deck[side])
        E.reveal(ctx, W.MULLIGAN, "mulligan", {"side": side}, side=W.side(side), n=C.hand_size)
        E.draw(ctx, side, C.hand_size)
    else:
        E.emit(ctx, W.KEEP, "mulligan", {"side": side}, side=W.side(side))


def do_play(ctx, p: dict[str, Any]) -> None:
    state = ctx.state
    side = acting_side(state)
    uid = p["card"]
    state.hand[side].remove(uid)
    state.played.append(uid)
    E.enter_city(ctx, uid, p["city"], side)


def do_instant(ctx, p: dict[str, Any]) -> None:
    state = ctx.state
    side = acting_side(state)
    uid = p["card"]
    state.hand[side].remove(uid)
    state.discard[side].append(uid)  # it resolves from the discard pile: never out of every zone
    state.played.append(uid)
    E.emit(ctx, W.PLAYS_INSTANT, "instant", {"card": uid}, side=W.side(side), card=W.card(state, uid))
    E.run(ctx, B.defn(state, uid).effect, E.Env(side, uid, -1))


def do_equip(ctx, p: dict[str, Any]) -> None:
    state = ctx.state
    uid, robot = p["card"], p["robot"]
    state.hand[MOLOCH].remove(uid)
    state.played.append(uid)
    state.equip[robot] = uid
    E.emit(ctx, W.EQUIPS, "equip", {"card": uid, "robot": robot}, card=W.card(state, uid), robot=W.card(state, robot))


def do_ability(ctx, p: dict[str, Any]) -> None:
    state = ctx.state
    uid = p["card"]
    d = B.defn(state, uid)
    c, side = B.locate(state, uid)
    E.emit(ctx, W.ABILITY, "ability", {"card": uid}, side=W.side(side), card=W.card_id(d.id))
    if d.timing == "on_discard":
        E.pay(ctx, side)
    if d.once:
        state.used.append(uid)
    E.run(ctx, d.effect, E.Env(side, uid, c))


def do_feature(ctx, p: dict[str, Any]) -> None:
    state = ctx.state
    a = B.active_city(state)
    state.feature_used = True
    E.emit(ctx, W.FEATURE, "feature", {"city": a}, city=W.city(a), feature=W.feature(a))
    E.run(ctx, C.cities[a].feature, E.Env(OUTPOST, -1, a))


def do_pass(ctx, p: dict[str, Any]) -> None:
    state = ctx.state
    E.emit(ctx, W.PASSES, "pass", {"side": acting_side(state)}, side=W.side(acting_side(state)))
    state.phase = NEXT_PHASE[state.phase]


ACTIONS = {"mulligan": do_mulligan, "play": do_play, "instant": do_instant, "equip": do_equip,
           "ability": do_ability, "feature": do_feature, "pass": do_pass}


# ---------------------------------------------------------------- the round

def advance(ctx) -> None:
    """Runs what happens by itself until a seat must act: the start of the game after both
    mulligans, Phases I-II, skipping an action phase with nothing but pass, the battle."""
    state = ctx.state
    while state.outcome is None:
        ph = state.phase
        if ph == "mulligan":
            if not all(state.mulligan):
                return
            start_round(ctx)
        elif ph in ACTION_PHASES:
            side = ACTION_PHASES[ph]
            if not only_pass(state, side):
                return
            E.emit(ctx, W.SKIPS, "skip", {"side": side, "phase": ph}, side=W.side(side), phase=ph)
            state.phase = NEXT_PHASE[ph]
        elif ph == "VI":
            battle(ctx)
            if state.outcome is None:
                start_round(ctx)
        else:
            raise AssertionError(f"advance in phase {ph}")


def start_round(ctx) -> None:
    """Phase I (each player draws 2, Moloch first: spec 9 #2) and Phase II (the target)."""
    state = ctx.state
    state.round += 1
    state.used.clear()
    state.disabled.clear()  # "until the end of the round" (spec 9 #7)
    state.emp = False
    E.check_limits(ctx)  # a station reducer switched on again (spec 6.13)
    a = B.active_city(state)
    state.phase = "I"
    E.emit(ctx, W.ROUND, "round", {"round": state.round, "city": a, "moloch_deck": len(state.deck[MOLOCH])},
           round=state.round, city=W.city(a))  # deck sizes are public (spec 9 #32)
    for side in (MOLOCH, OUTPOST):
        E.draw(ctx, side, C.draw_per_round)
    state.phase = "II"
    opts = [{"sector": [a, i]} for i in B.intact_sectors(state, a)]
    pick = ctx.choose(SIDES[MOLOCH], "sector", opts, W.say(W.ASK_SECTOR, city=W.city(a)), about={"city": a})
    state.battle_sector = pick["sector"][1]
    E.emit(ctx, W.TARGET, "target", {"city": a, "sector": state.battle_sector},
           sector=W.sector(state, a, state.battle_sector), city=W.city(a))
    state.phase = "III"


def effective_timing(state: ConvoyState, uid: int, controller: int) -> str:
    """A captured Equipment reads its text from its holder's side: the win icons swap (spec 7)."""
    t = B.defn(state, uid).timing
    if B.owner(state, uid) != controller and t in ("on_moloch_win", "on_outpost_win"):
        return "on_outpost_win" if t == "on_moloch_win" else "on_moloch_win"
    return t


def trigger_all(ctx, c: int, side: int, timing: str) -> None:
    """Every working card of `side` in city c with `timing`; the owner orders them (spec 9 #21)."""
    state = ctx.state
    done: list[int] = []
    while True:
        ready = [u for u, ctrl in B.actives_in(state, c) if ctrl == side and u not in done
                 and effective_timing(state, u, ctrl) == timing]
        if not ready or state.outcome is not None:
            return
        uid = ctx.choose(SIDES[side], "order", [{"card": u} for u in ready], W.say(W.ASK_ORDER))["card"]
        done.append(uid)
        E.emit(ctx, W.TRIGGER, "trigger", {"card": uid}, card=W.card(state, uid))
        E.run(ctx, B.defn(state, uid).effect, E.Env(side, uid, c))


def battle(ctx) -> None:
    """Phase VI (spec 6.1-6.6, seed pp. 26-29)."""
    state = ctx.state
    a = B.active_city(state)
    m, o = B.side_strength(state, a, MOLOCH), B.side_strength(state, a, OUTPOST)
    E.emit(ctx, W.STRENGTH, "strength", {"moloch": m, "outpost": o}, city=W.city(a), moloch=m, outpost=o)
    winner = MOLOCH if m > o else OUTPOST if o > m else -1
    if winner < 0:
        storm = B.tie_breaker(state, a)
        if storm >= 0:
            winner = MOLOCH
            E.emit(ctx, W.TIE_STORM, "tie", {"card": storm}, card=W.card(state, storm))
    sid = B.sector_ids(state, a)[state.battle_sector]
    sec = C.sectors[sid]
    if winner >= 0:
        E.emit(ctx, W.WINS, "winner", {"side": winner, "city": a}, side=W.side(winner))
        timing = WIN_TIMING[winner]
        trigger_all(ctx, a, winner, timing)  # 1. the winner's on-win abilities
        trigger_all(ctx, a, 1 - winner, timing)  # ... then the loser's cards naming that win (9 #21)
        city = C.cities[a]
        if state.outcome is None:  # 2. the city's victory result
            E.emit(ctx, W.CITY_RESULT, "result", {"side": winner}, side=W.side(winner), city=W.city(a))
            E.run(ctx, city.moloch_win if winner == MOLOCH else city.outpost_win, E.Env(winner, -1, a))
        if sid == "bomb":  # 3. the sector effect
            E.bomb(ctx, a)
        elif sec.star and state.emp:
            E.emit(ctx, W.SECTOR_SKIPPED_EMP, "sector", sector=W.sector_id(sec.id))
        elif sec.steps_for(SIDES[winner]):
            E.emit(ctx, W.SECTOR_EFFECT, "sector", sector=W.sector_id(sec.id), side=W.side(winner))
            E.run(ctx, sec.steps_for(SIDES[winner]), E.Env(winner, -1, a))
    else:
        E.emit(ctx, W.TIE, "tie")
        trigger_all(ctx, a, MOLOCH, "on_tie")
        trigger_all(ctx, a, OUTPOST, "on_tie")
        if sid == "bomb":
            E.bomb(ctx, a)
    E.destroy_sector(ctx, a, state.battle_sector)  # 4. the battle sector is destroyed
    state.battle_sector = -1
    after_battle(ctx)


def after_battle(ctx) -> None:
    """Phase VIa (seed p. 31, spec 9 #27, #28) as a loop, and the end in New York (spec 1, 9 #29)."""
    state = ctx.state
    while True:
        a = B.active_city(state)
        if B.intact_sectors(state, a):
            return
        if a == B.NEW_YORK:
            end_game(ctx)
            return
        state.phase = "VIa"
        nxt = a + 1
        movers = [u for u in state.slots[a][MOLOCH] if not B.immovable(state, u)
                  and not B.blocked(state, MOLOCH, a) and not B.blocked(state, MOLOCH, nxt)]
        pick = -1
        if movers:
            pick = ctx.choose(SIDES[MOLOCH], "convoy", [{"card": u} for u in movers] + [{"card": -1}],
                              W.say(W.ASK_CONVOY, city=W.city(a), next_city=W.city(nxt)))["card"]
        # The card turns before the Robot arrives, so the destination is the new active city
        # (no undefended bonus, "future city" conditions false); the blocks above were checked
        # while the old city still worked (spec 9 #27).
        state.flipped[a] = True
        state.feature_used = False
        if state.extra_city == a:
            state.extra_city = -1  # the tokens on the city card go back to the supply
        E.emit(ctx, W.CITY_FALLS, "city", {"city": a}, city=W.city(a))
        if pick < 0:
            E.emit(ctx, W.CONVOY_STAYS, "convoy", {"city": a}, city=W.city(a))
        elif B.has_room(state, pick, nxt, MOLOCH):
            E.remove_from_city(state, pick)
            E.emit(ctx, W.CONVOY_MOVE, "move", {"card": pick, "from": a, "city": nxt},
                   card=W.card(state, pick), from_city=W.city(a), city=W.city(nxt))
            E.enter_city(ctx, pick, nxt, MOLOCH, bonus=False)
        else:
            E.kill(ctx, pick, W.CONVOY_NO_ROOM, city=W.city(nxt))
        if state.outcome is not None:
            return


def end_game(ctx) -> None:
    """Spec 1 (seed p. 31): Moloch wins with a card in its deck or a Robot in New York."""
    state = ctx.state
    deck = bool(state.deck[MOLOCH])
    robot = any(B.defn(state, u).type == "robot" for u in state.slots[B.NEW_YORK][MOLOCH])
    state.phase = "over"
    if deck or robot:
        state.outcome = "moloch"
        state.win_by = "deck_and_new_york" if deck and robot else "deck" if deck else "new_york"
        why = W.say(W.WHY_BOTH) if deck and robot else W.say(W.WHY_DECK) if deck else W.say(W.WHY_NEW_YORK)
        E.emit(ctx, W.GAME_OVER_MOLOCH, "end", {"winner": "moloch", "by": state.win_by}, why=why)
    else:
        state.outcome = "outpost"
        state.win_by = "convoy_destroyed"
        E.emit(ctx, W.GAME_OVER_OUTPOST, "end", {"winner": "outpost", "by": state.win_by})
