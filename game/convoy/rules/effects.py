"""The one resolver of the effect language (docs/CONTENT.md, "Neuroshima Convoy"): card
abilities, Instants, city victory results, city features and sector effects are lists of `Step`s
run here, for a side `who`, from a `source` card (or none) in a city `here`. Every choice inside
asks `ctx.choose` for the right seat; every happening is a log line (words.py).

It also holds what the steps do to cards: entering a city (6.8 bonus, on-entering abilities, the
station check of 6.13), killing, returning to hand, discarding from the Moloch deck (with the
victory-result fallback of 6.5), the Bomb."""
from __future__ import annotations

from dataclasses import dataclass

from game.convoy.content import SIDES, Step
from game.convoy.rules import board as B
from game.convoy.rules import words as W
from game.convoy.rules.state import MOLOCH, OUTPOST, ConvoyState
from game.engine.text import join

TARGETED = ("kill", "token", "strip_tokens", "return_hand", "move", "disable", "discard_equipment")


@dataclass(frozen=True, slots=True)
class Env:
    who: int  # the side the effect works for
    source: int = -1  # the card whose effect it is (-1: a city result, feature or sector)
    here: int = -1  # "this city"


def seat(side: int) -> str:
    return SIDES[side]


def emit(ctx, template: str, kind: str = "info", payload: dict | None = None, **names) -> None:
    ctx.emit(kind, W.say(template, **names), payload or {})


def reveal(ctx, template: str, kind: str, payload: dict, **names) -> None:
    """A public event that shows what nobody knew (a deck's top card, a random pick, a
    shuffle): undo stops there unless the table is casual (game/engine/session.py)."""
    ctx.emit(kind, W.say(template, **names), payload, True)


# ---------------------------------------------------------------- moving cards

def remove_from_city(state: ConvoyState, uid: int) -> None:
    for city in state.slots:
        for side in city:
            if uid in side:
                side.remove(uid)
                return


def _clear(state: ConvoyState, uid: int) -> None:
    state.tokens.pop(uid, None)
    if uid in state.disabled:
        state.disabled.remove(uid)
    if uid in state.used:
        state.used.remove(uid)


def _drop_equipment(ctx, uid: int) -> None:
    state = ctx.state
    eq = state.equip.pop(uid, None)
    if eq is not None:
        _clear(state, eq)
        state.discard[B.owner(state, eq)].append(eq)
        emit(ctx, W.EQUIP_LOST, "discard", {"card": eq}, card=W.card(state, eq))


def kill(ctx, uid: int, template: str = W.KILLED, **names) -> None:
    """Spec 6.7: the card goes to its owner's discard pile, its tokens to the supply and its
    Equipment with it; an Equipment alone is knocked off its carrier."""
    state = ctx.state
    carrier = B.carrier_of(state, uid)
    if carrier >= 0:
        del state.equip[carrier]
    else:
        remove_from_city(state, uid)
        _drop_equipment(ctx, uid)
    _clear(state, uid)
    state.discard[B.owner(state, uid)].append(uid)
    emit(ctx, template, "kill", {"card": uid}, card=W.card(state, uid), **names)
    check_limits(ctx)


def return_to_hand(ctx, uid: int) -> None:
    """Spec 6.7: only the unit returns; its Equipment is discarded and its tokens leave it."""
    state = ctx.state
    remove_from_city(state, uid)
    _drop_equipment(ctx, uid)
    _clear(state, uid)
    who = B.owner(state, uid)
    state.hand[who].append(uid)
    emit(ctx, W.RETURNED, "return", {"card": uid}, card=W.card(state, uid), side=W.side(who))
    check_limits(ctx)


def enter_city(ctx, uid: int, c: int, side: int, bonus: bool = True) -> None:
    """The entry procedure (spec 5): place, undefended bonus (6.8), on-entering ability, then the
    permanent effects' station check (6.13)."""
    state = ctx.state
    gets_bonus = bonus and B.undefended(state, uid, c, side)
    state.slots[c][side].append(uid)
    emit(ctx, W.ENTERS, "enter", {"card": uid, "city": c}, card=W.card(state, uid), city=W.city(c))
    if gets_bonus:
        state.tokens.setdefault(uid, []).append(1)
        emit(ctx, W.BONUS, "token", {"card": uid, "value": 1}, card=W.card(state, uid))
    d = B.defn(state, uid)
    if d.timing == "on_enter" and B.ability_on(state, uid):
        emit(ctx, W.TRIGGER, "trigger", {"card": uid}, card=W.card_id(d.id))
        run(ctx, d.effect, Env(side, uid, c))
    check_limits(ctx)


def move_card(ctx, uid: int, to: int) -> None:
    state = ctx.state
    c, side = B.locate(state, uid)
    remove_from_city(state, uid)
    emit(ctx, W.MOVES, "move", {"card": uid, "from": c, "city": to}, card=W.card(state, uid),
         from_city=W.city(c), city=W.city(to))
    enter_city(ctx, uid, to, side)


def check_limits(ctx) -> None:
    """Spec 6.13, 9 #16: a side over its station limit discards the excess; the opponent chooses
    when an opponent's card reduced the limit (the Annihilator), else the owner."""
    state = ctx.state
    for c in B.live_cities(state):
        for side in (MOLOCH, OUTPOST):
            while state.slots[c][side] and B.used_stations(state, c, side) > B.stations(state, c, side):
                reducer = any(ctrl != side and st.side == "enemy" for _s, ctrl, st in B.passives(state, c, "stations"))
                chooser = 1 - side if reducer else side
                emit(ctx, W.OVER_LIMIT, "limit", {"city": c, "side": side}, side=W.side(side), city=W.city(c))
                opts = [{"card": u} for u in state.slots[c][side] if B.takes_station(state, u)]
                pick = ctx.choose(seat(chooser), "excess", opts, W.say(W.ASK_EXCESS, city=W.city(c)),
                                  about={"city": c})
                kill(ctx, pick["card"], W.DISCARDED)


def draw(ctx, side: int, n: int) -> None:
    state = ctx.state
    got = 0
    for _ in range(n):
        if not state.deck[side]:
            break
        uid = state.deck[side].pop(0)
        state.hand[side].append(uid)
        if uid in state.known_in_deck:
            state.known_in_deck.remove(uid)
        got += 1
        ctx.emit("drew", W.say(W.DREW_CARD, card=W.card(state, uid)), {"card": uid}, True, (seat(side),))
    if got:
        ctx.emit("draw", W.draws(side, got), {"side": side, "n": got})
    else:
        emit(ctx, W.DRAW_EMPTY, "draw", {"side": side, "n": 0}, side=W.side(side))


def _mill_top(ctx) -> None:
    state = ctx.state
    uid = state.deck[MOLOCH].pop(0)
    if uid in state.known_in_deck:
        state.known_in_deck.remove(uid)
    state.discard[MOLOCH].append(uid)
    reveal(ctx, W.MILL, "mill", {"card": uid}, card=W.card(state, uid))


def fallback(ctx) -> None:
    """Spec 6.5 (seed p. 29): the Moloch deck is empty, so O kills a Robot of its choice in the
    active city (protection does not apply: a city result is no ability), else a random card of
    the Moloch hand is discarded, else nothing. The option `fallback = "hand_first"` takes the
    hand first (spec 9 #25)."""
    state = ctx.state
    a = B.active_city(state)
    robots = list(state.slots[a][MOLOCH]) if a >= 0 else []
    if state.options.get("fallback") == "hand_first" and state.hand[MOLOCH]:
        random_discard(ctx, MOLOCH)  # spec 9 #25's other order (spieltraum.blogspot.com), an option
    elif robots:
        pick = ctx.choose(seat(OUTPOST), "fallback", [{"card": u} for u in robots], W.say(W.ASK_FALLBACK))
        kill(ctx, pick["card"])
    elif state.hand[MOLOCH]:
        random_discard(ctx, MOLOCH)
    else:
        emit(ctx, W.FALLBACK_NONE, "mill")


def random_discard(ctx, side: int) -> None:
    state = ctx.state
    hand = state.hand[side]
    uid = hand.pop(state.rng.below(len(hand)))
    state.discard[side].append(uid)
    reveal(ctx, W.RANDOM_DISCARD, "discard", {"card": uid}, card=W.card(state, uid), side=W.side(side))


def bomb(ctx, c: int) -> None:
    """Spec 6.6 (seed p. 12): Moloch kills an Outpost Soldier in the city, then the Outpost kills
    a Robot there (with its Equipment). Buildings are safe; protection does not apply."""
    state = ctx.state
    emit(ctx, W.BOMB, "bomb", {"city": c}, city=W.city(c))
    soldiers = [u for u in state.slots[c][OUTPOST] if B.defn(state, u).unit]
    if soldiers:
        pick = ctx.choose(seat(MOLOCH), "bomb", [{"card": u} for u in soldiers], W.say(W.ASK_BOMB_MOLOCH))
        kill(ctx, pick["card"])
    robots = list(state.slots[c][MOLOCH])
    if robots:
        pick = ctx.choose(seat(OUTPOST), "bomb", [{"card": u} for u in robots], W.say(W.ASK_BOMB_OUTPOST))
        kill(ctx, pick["card"])


def destroy_sector(ctx, c: int, i: int) -> None:
    state = ctx.state
    sid = B.sector_ids(state, c)[i]
    state.sector_down[c][i] = True
    emit(ctx, W.SECTOR_DESTROYED, "sector", {"city": c, "sector": i},
         sector=W.sector_id(sid), city=W.city(c))


# ---------------------------------------------------------------- targets

def candidates(state: ConvoyState, st: Step, env: Env) -> list[int]:
    """The cards a targeted step may pick."""
    if st.self:
        return [env.source] if B.locate(state, env.source)[0] >= 0 else []
    if st.carrier:
        got = B.carrier_of(state, env.source)
        return [got] if got >= 0 else []
    side = env.who if st.side == "own" else 1 - env.who
    if st.where == "here":
        cities = [env.here] if env.here >= 0 else []
    elif st.where == "active":
        a = B.active_city(state)
        cities = [a] if a >= 0 else []
    elif st.where == "live":
        cities = B.live_cities(state)
    elif st.where == "destroyed":
        cities = [c for c in range(len(state.flipped)) if state.flipped[c]]
    else:
        cities = list(range(len(state.flipped)))
    out = []
    for c in cities:
        for uid in state.slots[c][side]:
            d = B.defn(state, uid)
            if st.kinds == "unit" and not d.unit or st.kinds == "building" and d.type != "building":
                continue
            if st.max_printed >= 0 and d.strength > st.max_printed:
                continue
            if st.other and uid == env.source:
                continue
            if st.ability and side != env.who and B.protected(state, uid):
                continue
            out.append(uid)
    return out


def step_targets(state: ConvoyState, st: Step, env: Env) -> list:
    """What the step can act on now (an empty list: nothing), for the targeted ops and the ones
    that need something to exist."""
    op = st.op
    if op in TARGETED:
        got = candidates(state, st, env)
        if op == "move":
            got = [u for u in got if B.destinations(state, u, st.to, env.here)]
        elif op == "discard_equipment":
            side = 1 - env.who
            cities = [env.here] if st.where == "here" else B.live_cities(state)
            got = [state.equip[u] for c in cities for u in state.slots[c][side] if u in state.equip
                   and not (st.ability and B.protected(state, u))]
        return got
    if op == "capture":
        if env.here < 0:
            return []
        eqs = [state.equip[u] for u in state.slots[env.here][1 - env.who] if u in state.equip
               and not B.protected(state, u)]
        free = [u for u in state.slots[env.here][env.who] if B.defn(state, u).unit and u not in state.equip]
        return eqs if free else []
    if op == "pay":
        return list(state.hand[env.who])
    if op == "recover":
        return _recoverable(state, st, env.who)
    if op == "shift_target":
        carrier = B.carrier_of(state, env.source)
        a = B.active_city(state)
        if carrier < 0 or B.locate(state, carrier)[0] != a or state.battle_sector < 0:
            return []
        return [i for i in B.intact_sectors(state, a) if i != state.battle_sector]
    return [True]


def possible(state: ConvoyState, steps: tuple[Step, ...], env: Env) -> bool:
    """Whether an effect can do something now: a payment it asks for (a discard) can be made, and
    at least one step acts (a step without a target, an optional one, or one with a target). Used
    to refuse an Instant, ability or feature that would do nothing."""
    acts = False
    for st in steps:
        if st.when and not B.condition(state, st.when, env.source, env.here, env.who):
            continue
        needs = st.op in TARGETED or st.op in ("capture", "pay", "recover", "shift_target")
        has = not needs or bool(step_targets(state, st, env))
        if st.op == "pay" and not has:
            return False
        acts = acts or has or st.optional
    return acts


def _recoverable(state: ConvoyState, st: Step, who: int) -> list[int]:
    pile = state.discard[who]
    if "any" in st.types:
        return list(pile)
    return [u for u in pile if B.defn(state, u).type in st.types]


# A target's question by the step's op: (with the card whose effect it is, without one)
ASK_FOR = {"kill": (W.ASK_KILL, W.ASK_KILL_FREE), "token": (W.ASK_TOKEN, W.ASK_TOKEN_FREE),
           "strip_tokens": (W.ASK_STRIP, W.ASK_STRIP_FREE), "return_hand": (W.ASK_RETURN, W.ASK_RETURN_FREE),
           "move": (W.ASK_MOVE, W.ASK_MOVE_FREE), "disable": (W.ASK_DISABLE, W.ASK_DISABLE_FREE),
           "discard_equipment": (W.ASK_KNOCK_OFF, W.ASK_KNOCK_OFF_FREE)}


def _pick(ctx, st: Step, env: Env, options: list[dict], kind: str = "target") -> dict:
    state = ctx.state
    if st.optional:
        options = options + [{"card": -1}]
    # the question says what the card is for (a sector's +1 token asked only 'Choose a card.')
    sourced, free = ASK_FOR.get(st.op, (W.ASK_TARGET, W.ASK_TARGET_FREE))
    names = {"value": st.value} if st.op == "token" else {}
    prompt = W.say(sourced, card=W.card(state, env.source), **names) if env.source >= 0 else W.say(free, **names)
    return ctx.choose(seat(env.who), kind, options, prompt, about={"op": st.op, "source": env.source})


# ---------------------------------------------------------------- the resolver

def run(ctx, steps: tuple[Step, ...], env: Env) -> None:
    """Runs an effect's steps in order for `env.who`."""
    for st in steps:
        if ctx.state.outcome is not None:
            return
        if st.when and not B.condition(ctx.state, st.when, env.source, env.here, env.who):
            continue
        OPS[st.op](ctx, st, env)


def _nothing(ctx, env: Env) -> None:
    if env.source >= 0:
        emit(ctx, W.NOTHING, "info", card=W.card(ctx.state, env.source))


def _targeted(ctx, st: Step, env: Env) -> int:
    """Asks for the step's card; -1 when there is none or an optional step is declined."""
    got = step_targets(ctx.state, st, env)
    if not got:
        _nothing(ctx, env)
        return -1
    return _pick(ctx, st, env, [{"card": u} for u in got])["card"]


def op_mill(ctx, st: Step, env: Env) -> None:
    for _ in range(st.n):
        if ctx.state.deck[MOLOCH]:
            _mill_top(ctx)
        elif st.fallback:
            fallback(ctx)
        else:
            emit(ctx, W.MILL_EMPTY, "mill")


def op_reveal_two(ctx, st: Step, env: Env) -> None:
    """Iron Gate's Outpost result (seed p. 29, spec 9 #25, #31)."""
    state = ctx.state
    deck = state.deck[MOLOCH]
    if not deck:
        fallback(ctx)
        return
    top = deck[:2]
    reveal(ctx, W.REVEAL, "reveal", {"cards": list(top)}, cards=join(", ", [W.card(state, u) for u in top]))
    pick = ctx.choose(seat(OUTPOST), "iron_gate", [{"card": u} for u in top], W.say(W.ASK_IRON_GATE))["card"]
    _mill_top(ctx) if deck[0] == pick else _mill_second(ctx)
    if len(top) == 2:
        other = top[0] if top[1] == pick else top[1]
        deck.remove(other)
        deck.insert(state.rng.below(len(deck) + 1), other)
        state.known_in_deck.append(other)
        reveal(ctx, W.SHUFFLED_BACK, "shuffle", {"card": other}, card=W.card(state, other))


def _mill_second(ctx) -> None:
    deck = ctx.state.deck[MOLOCH]
    deck[0], deck[1] = deck[1], deck[0]
    _mill_top(ctx)


def op_destroy_sector(ctx, st: Step, env: Env) -> None:
    """Moloch's victory result (6.5): another intact sector of the active city, else one of the
    next city (overflow); a Bomb always goes off; Cleveland Harbour applies the sector's effect."""
    state = ctx.state
    a = B.active_city(state)
    opts = [{"sector": [a, i]} for i in B.intact_sectors(state, a) if i != state.battle_sector]
    if not opts and a + 1 < len(state.flipped) and not state.flipped[a + 1]:
        opts = [{"sector": [a + 1, i]} for i in B.intact_sectors(state, a + 1)]
    if not opts:
        emit(ctx, W.NO_SECTOR, "sector")
        return
    c, i = ctx.choose(seat(MOLOCH), "destroy", opts, W.say(W.ASK_DESTROY))["sector"]
    sid = B.sector_ids(state, c)[i]
    destroy_sector(ctx, c, i)
    sec = B.C.sectors[sid]
    if sid == "bomb":
        bomb(ctx, c)
    elif st.apply and (sec.steps_for("moloch")):
        emit(ctx, W.SECTOR_EFFECT, "sector", sector=W.sector_id(sec.id), side=W.side(MOLOCH))
        run(ctx, sec.steps_for("moloch"), Env(MOLOCH, -1, c))


def op_kill(ctx, st: Step, env: Env) -> None:
    uid = _targeted(ctx, st, env)
    if uid >= 0:
        kill(ctx, uid)


def op_token(ctx, st: Step, env: Env) -> None:
    uid = _targeted(ctx, st, env)
    if uid >= 0:
        ctx.state.tokens.setdefault(uid, []).append(st.value)
        emit(ctx, W.TOKEN, "token", {"card": uid, "value": st.value}, card=W.card(ctx.state, uid), value=st.value)


def op_strip_tokens(ctx, st: Step, env: Env) -> None:
    uid = _targeted(ctx, st, env)
    if uid >= 0:
        ctx.state.tokens.pop(uid, None)
        emit(ctx, W.STRIPPED, "token", {"card": uid}, card=W.card(ctx.state, uid))


def op_return_hand(ctx, st: Step, env: Env) -> None:
    uid = _targeted(ctx, st, env)
    if uid >= 0:
        return_to_hand(ctx, uid)


def op_move(ctx, st: Step, env: Env) -> None:
    uid = _targeted(ctx, st, env)
    if uid < 0:
        return
    dests = B.destinations(ctx.state, uid, st.to, env.here)
    to = ctx.choose(seat(env.who), "destination", [{"city": c} for c in dests],
                    W.say(W.ASK_DESTINATION, card=W.card(ctx.state, uid)), about={"card": uid})["city"]
    move_card(ctx, uid, to)


def op_disable(ctx, st: Step, env: Env) -> None:
    uid = _targeted(ctx, st, env)
    if uid >= 0:
        ctx.state.disabled.append(uid)
        emit(ctx, W.DISABLED, "disable", {"card": uid}, card=W.card(ctx.state, uid))
        check_limits(ctx)


def op_discard_equipment(ctx, st: Step, env: Env) -> None:
    eq = _targeted(ctx, st, env)
    if eq >= 0:
        robot = B.carrier_of(ctx.state, eq)
        del ctx.state.equip[robot]
        _clear(ctx.state, eq)
        ctx.state.discard[B.owner(ctx.state, eq)].append(eq)
        emit(ctx, W.EQUIP_DISCARDED, "discard", {"card": eq}, card=W.card(ctx.state, eq),
             robot=W.card(ctx.state, robot))


def op_draw(ctx, st: Step, env: Env) -> None:
    if st.optional and ctx.state.deck[env.who]:
        if not ctx.choose(seat(env.who), "draw", [{"yes": True}, {"yes": False}], W.say(W.ASK_DRAW))["yes"]:
            return
    draw(ctx, env.who, st.n)


def op_pay(ctx, st: Step, env: Env) -> None:
    for _ in range(st.n):
        pay(ctx, env.who)


def pay(ctx, side: int) -> None:
    state = ctx.state
    hand = state.hand[side]
    uid = ctx.choose(seat(side), "pay", [{"card": u} for u in hand], W.say(W.ASK_PAY))["card"]
    hand.remove(uid)
    state.discard[side].append(uid)
    emit(ctx, W.PAYS, "discard", {"card": uid}, side=W.side(side), card=W.card(state, uid))


def op_random_discard(ctx, st: Step, env: Env) -> None:
    side = 1 - env.who
    for _ in range(st.n):
        if ctx.state.hand[side]:
            random_discard(ctx, side)


def op_recover(ctx, st: Step, env: Env) -> None:
    state = ctx.state
    got = _recoverable(state, st, env.who)
    if not got:
        _nothing(ctx, env)
        return
    uid = ctx.choose(seat(env.who), "recover", [{"card": u} for u in got], W.say(W.ASK_RECOVER))["card"]
    state.discard[env.who].remove(uid)
    if st.to == "hand":
        state.hand[env.who].append(uid)
        emit(ctx, W.RECOVERED_HAND, "recover", {"card": uid}, side=W.side(env.who), card=W.card(state, uid))
    else:
        state.deck[env.who].append(uid)
        state.known_in_deck.append(uid)
        emit(ctx, W.RECOVERED_DECK, "recover", {"card": uid}, card=W.card(state, uid))


def op_capture(ctx, st: Step, env: Env) -> None:
    """Nestugov (seed p. 26): an Equipment from a Robot here goes onto an Outpost unit here."""
    state = ctx.state
    eqs = step_targets(state, st, env)
    if not eqs:
        _nothing(ctx, env)
        return
    eq = ctx.choose(seat(env.who), "capture", [{"card": u} for u in eqs], W.say(W.ASK_CAPTURE_EQUIP))["card"]
    free = [u for u in state.slots[env.here][env.who] if B.defn(state, u).unit and u not in state.equip]
    soldier = ctx.choose(seat(env.who), "capture", [{"card": u} for u in free], W.say(W.ASK_CAPTURE_SOLDIER))["card"]
    robot = B.carrier_of(state, eq)
    del state.equip[robot]
    state.equip[soldier] = eq
    if eq in state.used:
        state.used.remove(eq)
    emit(ctx, W.CAPTURED, "capture", {"card": eq, "from": robot, "to": soldier}, card=W.card(state, eq),
         robot=W.card(state, robot), soldier=W.card(state, soldier))


def op_extra_sector(ctx, st: Step, env: Env) -> None:
    state = ctx.state
    a = B.active_city(state)
    if state.extra_city >= 0 or a < 0:
        emit(ctx, W.EXTRA_SECTOR_GONE, "sector")
        return
    state.extra_city = a
    state.sector_down[a].append(False)
    emit(ctx, W.EXTRA_SECTOR, "sector", {"city": a}, city=W.city(a))


def op_emp(ctx, st: Step, env: Env) -> None:
    ctx.state.emp = True
    emit(ctx, W.EMP, "emp")


def op_shift_target(ctx, st: Step, env: Env) -> None:
    state = ctx.state
    got = step_targets(state, st, env)
    if not got:
        _nothing(ctx, env)
        return
    a = B.active_city(state)
    c, i = ctx.choose(seat(env.who), "sector", [{"sector": [a, i]} for i in got], W.say(W.ASK_SECTOR, city=W.city(a)))["sector"]
    state.battle_sector = i
    emit(ctx, W.SHIFT_TARGET, "target", {"city": a, "sector": i}, sector=W.sector(state, a, i), city=W.city(a))


def op_discard_self(ctx, st: Step, env: Env) -> None:
    if B.locate(ctx.state, env.source)[0] >= 0:
        kill(ctx, env.source, W.DISCARDED)


def op_bomb(ctx, st: Step, env: Env) -> None:
    bomb(ctx, env.here)


OPS = {
    "mill": op_mill, "reveal_two": op_reveal_two, "destroy_sector": op_destroy_sector, "kill": op_kill,
    "token": op_token, "strip_tokens": op_strip_tokens, "return_hand": op_return_hand, "move": op_move,
    "disable": op_disable, "discard_equipment": op_discard_equipment, "draw": op_draw, "pay": op_pay,
    "random_discard": op_random_discard, "recover": op_recover, "capture": op_capture,
    "extra_sector": op_extra_sector, "emp": op_emp, "shift_target": op_shift_target,
    "discard_self": op_discard_self, "bomb": op_bomb,
}
