"""Questions about the card area (spec 3, 6): which city is active, future or destroyed, where a
card is, whose it is, which abilities work, battle stations, movement, strength. Pure reads: every
rule (legal actions, the effect resolver, the battle, a bot on its view) asks these."""
from __future__ import annotations

from game.convoy.content import CardDef, Step, shared_content
from game.convoy.rules.state import CITIES, MOLOCH, OUTPOST, ConvoyState

C = shared_content()
NEW_YORK = CITIES - 1
SIDE_OF = {"moloch": MOLOCH, "outpost": OUTPOST}


def defs(state: ConvoyState) -> list[CardDef]:
    """uid -> CardDef, made once per state object (the ids never change in a game; not saved)."""
    got = state.__dict__.get("_defs")
    if got is None:
        got = state.__dict__["_defs"] = [C.cards[i] for i in state.ids]
    return got


def defn(state: ConvoyState, uid: int) -> CardDef:
    return defs(state)[uid]


def owner(state: ConvoyState, uid: int) -> int:
    """The deck a card came from (its discard pile)."""
    return SIDE_OF[defn(state, uid).side]


# ---------------------------------------------------------------- cities (spec 3: derived states)

def active_city(state: ConvoyState) -> int:
    """The first city not destroyed (-1 when every city is)."""
    for c in range(CITIES):
        if not state.flipped[c]:
            return c
    return -1


def is_future(state: ConvoyState, c: int) -> bool:
    return not state.flipped[c] and c > active_city(state)


def live_cities(state: ConvoyState) -> list[int]:
    return [c for c in range(CITIES) if not state.flipped[c]]


def sector_ids(state: ConvoyState, c: int) -> list[str]:
    base = list(C.cities[c].sectors)
    return base + ["extra"] * (len(state.sector_down[c]) - len(base))


def intact_sectors(state: ConvoyState, c: int) -> list[int]:
    return [i for i, down in enumerate(state.sector_down[c]) if not down]


def fallen(state: ConvoyState, c: int) -> bool:
    """Whether city `c` has fallen: its card turned in Phase VIa, or the city the game ended in.
    New York falls with its last sector and the game ends there, Phase VIa skipped, so its card
    never turns (spec 1, 5 "Phase VIa"); it has fallen all the same ('New York fell')."""
    return state.flipped[c] or (state.outcome is not None and not intact_sectors(state, c))


# ---------------------------------------------------------------- where a card is

def locate(state: ConvoyState, uid: int) -> tuple[int, int]:
    """(city, side) of a card in a city, or of the unit carrying an Equipment; (-1, -1) elsewhere."""
    for carrier, eq in state.equip.items():
        if eq == uid:
            uid = carrier
            break
    for c in range(CITIES):
        sides = state.slots[c]
        if uid in sides[0]:
            return c, 0
        if uid in sides[1]:
            return c, 1
    return -1, -1


def carrier_of(state: ConvoyState, equipment: int) -> int:
    for carrier, eq in state.equip.items():
        if eq == equipment:
            return carrier
    return -1


def cards_in(state: ConvoyState, c: int, side: int) -> list[int]:
    return state.slots[c][side]


def is_disabled(state: ConvoyState, uid: int) -> bool:
    if uid in state.disabled:
        return True
    carrier = carrier_of(state, uid) if defn(state, uid).type == "equipment" else -1
    return carrier >= 0 and carrier in state.disabled


def ability_on(state: ConvoyState, uid: int) -> bool:
    """Spec 2 scope rule: a card's ability works while it is in a city that is not destroyed and
    it is not switched off (6.9)."""
    c, _ = locate(state, uid)
    return c >= 0 and not state.flipped[c] and not is_disabled(state, uid)


def actives_in(state: ConvoyState, c: int) -> list[tuple[int, int]]:
    """(uid, controller) of every card in city c whose ability works, Equipment included."""
    if state.flipped[c]:
        return []
    out = []
    for side in (0, 1):
        for uid in state.slots[c][side]:
            if uid not in state.disabled:
                out.append((uid, side))
                eq = state.equip.get(uid)
                if eq is not None:
                    out.append((eq, side))
    return out


def passives(state: ConvoyState, c: int, op: str) -> list[tuple[int, int, Step]]:
    """(source, controller, step) of the working permanent effects `op` in city c."""
    if state.flipped[c]:
        return []
    out = []
    table = defs(state)
    off = state.disabled
    for side in (0, 1):
        for uid in state.slots[c][side]:
            if uid in off:
                continue
            for u in (uid, state.equip.get(uid)):
                if u is not None and op in table[u].ops:
                    out += [(u, side, st) for st in table[u].passive if st.op == op]
    return out


def has_passive(state: ConvoyState, uid: int, op: str) -> bool:
    return ability_on(state, uid) and defn(state, uid).has(op)


def protected(state: ConvoyState, uid: int) -> bool:
    """Protected (6.9): the other side's card abilities and Instants cannot target it."""
    carrier = carrier_of(state, uid) if defn(state, uid).type == "equipment" else uid
    return carrier >= 0 and has_passive(state, carrier, "protected")


# ---------------------------------------------------------------- battle stations (spec 3, 6.13)

def stations(state: ConvoyState, c: int, side: int) -> int:
    n = C.cities[c].stations[side]
    for _src, ctrl, st in passives(state, c, "stations"):
        if (st.side == "own") == (ctrl == side):
            n += st.amount
    return max(0, n)


def takes_station(state: ConvoyState, uid: int) -> bool:
    return "no_station" not in defs(state)[uid].ops  # Spiders (seed p. 13)


def used_stations(state: ConvoyState, c: int, side: int) -> int:
    table = defs(state)
    return sum(1 for uid in state.slots[c][side] if "no_station" not in table[uid].ops)


def has_room(state: ConvoyState, uid: int, c: int, side: int) -> bool:
    return not takes_station(state, uid) or used_stations(state, c, side) < stations(state, c, side)


def undefended(state: ConvoyState, uid: int, c: int, side: int) -> bool:
    """Spec 6.8: a unit entering a future city with no enemy presence gets +1 (never a Building,
    never the active city)."""
    d = defn(state, uid)
    return d.unit and is_future(state, c) and not state.slots[c][1 - side] and not d.has("no_bonus")


# ---------------------------------------------------------------- movement (spec 9 #15, 7 conventions)

def immovable(state: ConvoyState, uid: int) -> bool:
    return has_passive(state, uid, "immovable")


def blocked(state: ConvoyState, side: int, c: int) -> bool:
    """An enemy block_moves card (Electromagnetic Field, Interceptor) works in city c."""
    return any(ctrl != side for _s, ctrl, _st in passives(state, c, "block_moves"))


def destinations(state: ConvoyState, uid: int, to: str, here: int = -1) -> list[int]:
    """The cities a unit may be moved into: not destroyed, room on its side, not blocked."""
    c, side = locate(state, uid)
    if c < 0 or immovable(state, uid) or blocked(state, side, c):
        return []
    if to == "new_york":
        cands = [NEW_YORK]
    elif to == "ferry":
        cands = [x for x in live_cities(state) if is_future(state, x)] if c == here else [here]
    else:
        cands = live_cities(state)
    return [x for x in cands if x != c and not state.flipped[x] and has_room(state, uid, x, side)
            and not blocked(state, side, x)]


# ---------------------------------------------------------------- strength (spec 6.1)

def _condition(state: ConvoyState, when: str, uid: int, c: int, side: int) -> bool:
    if not when:
        return True
    mine, theirs = state.slots[c][side], state.slots[c][1 - side]
    if when == "own_building_here":
        return any(defn(state, u).type == "building" for u in mine)
    if when == "enemy_building_here":
        return any(defn(state, u).type == "building" for u in theirs)
    if when == "no_enemy_unit_here":
        return not any(defn(state, u).unit for u in theirs)
    if when == "no_other_own_unit_here":
        return not any(u != uid and defn(state, u).unit for u in mine)
    if when == "future_city":
        return is_future(state, c)
    if when == "active_city":
        return c == active_city(state)
    raise ValueError(f"unknown condition {when!r}")


condition = _condition


def unit_strength(state: ConvoyState, uid: int, c: int, side: int) -> int:
    """A unit's own value floored at 0 (9 #19), plus its Equipment's strength (6.1)."""
    d = defn(state, uid)
    own = d.strength + sum(state.tokens.get(uid, ()))
    for src, ctrl, st in passives(state, c, "strength"):
        if st.applies == "self":
            hit = src == uid
        elif st.applies == "enemy_units":
            hit = ctrl != side
        else:  # other_own_units
            hit = ctrl == side and src != uid
        if hit and _condition(state, st.when, src, c, ctrl):
            own += st.amount
    eq = state.equip.get(uid)
    return max(0, own) + (defn(state, eq).strength if eq is not None else 0)


def side_strength(state: ConvoyState, c: int, side: int) -> int:
    total = 0
    for uid in state.slots[c][side]:
        d = defn(state, uid)
        total += unit_strength(state, uid, c, side) if d.unit else d.strength
    for _src, ctrl, st in passives(state, c, "side_strength"):
        if ctrl == side:
            total += st.amount
    return max(0, total)


def tie_breaker(state: ConvoyState, c: int) -> int:
    """The Stormtrooper (6.3): a working wins_ties card; -1 when there is none."""
    got = passives(state, c, "wins_ties")
    return got[0][0] if got else -1
