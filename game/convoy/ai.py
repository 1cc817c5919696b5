"""ConvoyAI: a Neuroshima Convoy player for either seat (issue 16 item 3, spec 9 #35).

    bot = ConvoyAI(seed, "expert")          # or "novice"
    choice = bot.decide(state, legal_actions)   # Choice(action, reason)

It decides on the seat's view (rules/view.py `view_for`: its own hand, the card area, discard
piles, counts and the Iron Gate reveals; never the opponent's hand nor any deck's order), picks
only among the legal actions it is handed, draws from its own seeded stream (SeededBot, saved
with the game), and says why in plain words: the city, the strength swing, the threat it answers.

What it weighs is one position score, `moloch_chance`, from the rules' own functions
(board.side_strength, board.stations, the active city, the sectors left):

- the deck race (spec 1): Moloch wins if its deck still holds a card after New York's last
  battle, so the score counts the Moloch deck against the draws still to come (two a round, a
  round a sector), what the current battle will cost (an Outpost win discards from the Moloch
  deck, the city's victory result; a Moloch win destroys one more sector, a round less to draw);
- the battle in the active city: the strength each side has there, and the reply the other side
  may still bring (the Outpost's Soldiers in Phase IV, Moloch's Equipment in Phase V, estimated
  from the hand size and the cards not yet seen, never from the hidden hand);
- the strength already standing in future cities (it fights there later), and a Robot in New
  York (Moloch's second way to win);
- the cards in hand (what each side can still bring).

The levels (`LEVELS`, one table):

Both levels play the same way (one action deep: every legal action is tried on a copy of its
view, the rules' own `apply`, the unseen cards in an order drawn from its stream, the questions
inside answered as below, and the position scored; the best is taken, passing when nothing
beats holding its cards) and differ only in skill, the same on either seat. A level that
played differently by seat would also favour a side: the first novice (spec 9 #35 Level 1 as
rules of thumb, strongest unit first) played Moloch's strong units well and the Outpost's mill
cards badly, and sat 15-20 points nearer Moloch than the expert at every data change tried
(data/BALANCE.md).

- expert (spec 9 #35 Level 2): scores each tried action with the strongest cards it can still
  add this phase (a battle won by three cards is seen from the first), and answers every
  question by the rules below.
- novice: sees only what the tried action does by itself, misjudges every score by up to 0.08
  (a win chance) at random, and answers a quarter of the questions at random.

The rules' questions (target, pay, excess, sector, destroy, bomb, fallback, iron_gate, recover,
capture, draw, order, convoy, destination) are answered by what each does: hit the enemy card
worth most where the battles are, pay with the card worth least, move a unit where it swings a
battle, take the sector the likely winner gains most from (Moloch), and so on (`answer`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.convoy.content import SIDES
from game.convoy.rules import board as B
from game.convoy.rules import flow
from game.convoy.rules.procedures import RESOLVER
from game.convoy.rules.state import MOLOCH, OUTPOST, ConvoyState
from game.convoy.rules.view import deck_size, hand_size, view_for, viewer_of
from game.convoy.rules import words as W
from game.engine.bots import Choice, SeededBot
from game.engine.bots import seat_view as engine_seat_view
from game.engine.protocol import Action
from game.engine.text import Mn, Msg
from game.i18n import N_


@dataclass(frozen=True)
class Level:
    name: str
    noise: float  # share of the rules' questions answered at random
    plans: bool  # a tried action also counts the strongest cards the side can still add this phase
    blur: float  # every tried action's score (passing's too) is off by up to this much, at random


LEVELS: dict[str, Level] = {
    "novice": Level("novice", noise=0.25, plans=False, blur=0.08),
    "expert": Level("expert", noise=0.0, plans=True, blur=0.0),
}

# ---------------------------------------------------------------- weights of the score
# In "Moloch deck cards": what a position is worth to Moloch, turned into a chance by SPREAD.
DRAWS_PER_ROUND = 2  # content rules.draw_per_round is read at run time; this is the fallback
SPREAD = 3.0  # deck-card margin that moves the chance from 50% to about 73%
BATTLE_SIGMA = 1.5  # strength the unseen replies blur a battle by
MOLOCH_WIN_GAIN = 2.0  # a Moloch win destroys one more sector: a round (two draws) less
STAR_GAIN = 0.6  # a star sector's effect for its winner
FUTURE_WEIGHT = 0.5  # a future city's standing strength, per sector it has
HAND_CARD = 0.6  # a card in hand
NY_HOLD = 0.5  # the chance a Moloch Robot in New York is still there at the end (spec 1: the second way to win)
SOLDIER_REPLY = 1.4  # strength one Outpost card may add in Phase IV (unseen), times the share of units
MILL_OF = {0: 1.0, 1: 1.5, 2: 1.0, 3: 2.0, 4: 1.0}  # Moloch deck cards an Outpost win costs, by city
SECTOR_WORTH = {  # what winning on the sector brings its winner (Moloch, Outpost)
    "bomb": (0.0, 0.0), "to_new_york": (1.5, 0.3), "reinforce": (0.7, 0.7), "salvage": (0.8, 0.8),
    "supplies": (0.2, 0.8), "crossfire": (1.0, 1.0), "fuel_depot": (1.0, 1.0), "blank": (0.0, 0.0),
    "extra": (0.0, 0.0),
}

# ---------------------------------------------------------------- the reasons (issue 18 templates)
WHY_ACT = N_("{action}: in {city} {side} goes from {before} to {after} strength against {theirs} "
             "(swing {swing}); {threat}.")
# when the other side's strength changes too (a kill, a -2 token): both sides, so the swing adds up
WHY_ACT_BOTH = N_("{action}: in {city} {side} goes from {before} to {after} strength, the {other} from {theirs0} "
                  "to {theirs1} (swing {swing}); {threat}.")
WHY_ACT_PLAIN = N_("{action}: {threat}.")
# The three with a count are plural messages (Mn, worded by the count): see _mulligan, _reason.
WHY_ANSWER = N_("{label}: {why}.")
WHY_RANDOM = N_("{label}: picked at random (novice).")
THREAT_BEHIND = N_("it answers the {other}'s lead of {theirs} to {mine} in {city}")
THREAT_REPLY = N_("it answers a reply of about {reply} strength the {other} may still bring to {city}")
THREAT_DECK = N_("it answers the race of the Moloch deck ({deck} cards for {sectors} sectors left)")
THREAT_NEW_YORK = N_("it answers the fight for New York, where Moloch wins with a Robot left standing")
THREAT_NONE = N_("nothing it can do now beats keeping its cards (battle chance {chance}%)")
THREAT_CHANCE = N_("the chance to win the battle in {city} goes from {p0}% to {p1}%")
A_ENEMY_BEST = N_("the enemy card worth most where the battles are")
A_OWN_LEAST = N_("its own card worth least")
A_HAND_LEAST = N_("the card in hand worth least")
A_HAND_BEST = N_("the card worth most to take")
A_SECTOR = N_("the sector that brings the likely winner ({winner}) most, or the Outpost least")
A_DESTROY = N_("the sector the Outpost would gain most from")
A_DRAW_YES = N_("another card is worth more than the deck it costs")
A_DRAW_NO = N_("the Moloch deck is short: every card in it is a win condition")
A_CONVOY = N_("the strongest Robot goes on with the convoy into the new active city")
A_CITY = N_("the city where the unit swings a battle most")
A_FIRST = N_("the order makes no difference it can see")
A_NONE = N_("nothing here is worth it")
A_OWN_BEST = N_("its own unit worth most there")
# What the AI did, in its own words: the action's button label is a command to the person at
# the table ("Play X into Y"; in Greek and Hungarian an imperative), the reason says what the AI
# does ("Plays X into Y": rules/flow.py ACTION_WORDS names every action kind both ways).
# Questions' options are named by what they are, never by their button.
DID_CHOOSE = N_("Chooses {choice}")
DID_CHOOSE_IN = N_("Chooses {card} in {city}")
DID_CHOOSE_SECTOR = N_("Chooses {sector} in {city}")
DID_NONE = N_("Chooses none")
DID_YES = N_("Answers yes")
DID_NO = N_("Answers no")


def deed(s: ConvoyState, act: Action) -> Msg:
    """What the AI does with `act`, in the third person, as its reasons begin (never the
    action's label: that is the button's command to a person)."""
    p = act.payload
    kind = act.kind
    if kind in flow.ACTION_KINDS:
        return flow.action_words(s, kind, p, did=True)
    # An answer to a rules' question: the option it takes.
    if "card" in p:
        if p["card"] < 0:
            return W.say(DID_NONE)
        c, _side = B.locate(s, p["card"])
        if c >= 0:
            return W.say(DID_CHOOSE_IN, card=W.card(s, p["card"]), city=W.city(c))
        return W.say(DID_CHOOSE, choice=W.card(s, p["card"]))
    if "city" in p:
        return W.say(DID_NONE) if p["city"] < 0 else W.say(DID_CHOOSE, choice=W.city(p["city"]))
    if "sector" in p:
        c, i = p["sector"]
        return W.say(DID_CHOOSE_SECTOR, sector=W.sector(s, c, i), city=W.city(c))
    if "yes" in p:
        return W.say(DID_YES if p["yes"] else DID_NO)
    return W.say(DID_CHOOSE, choice=kind)


def _placed(view: ConvoyState, act: Action, me: int) -> tuple[int, int, int] | None:
    """(city, strength before, strength after) of the side once a played unit or Equipment is in
    place, measured on the view and put back (for a reason, when the tried copy ran on)."""
    if act.kind == "play":
        uid, c = act.payload["card"], act.payload["city"]
        before = B.side_strength(view, c, me)
        bonus = B.undefended(view, uid, c, me)
        view.slots[c][me].append(uid)
        if bonus:
            view.tokens.setdefault(uid, []).append(1)
        try:
            return c, before, B.side_strength(view, c, me)
        finally:
            view.slots[c][me].remove(uid)
            if bonus:
                view.tokens[uid].pop()
    if act.kind == "equip":
        uid, robot = act.payload["card"], act.payload["robot"]
        c, _ = B.locate(view, robot)
        before = B.side_strength(view, c, me)
        view.equip[robot] = uid
        try:
            return c, before, B.side_strength(view, c, me)
        finally:
            del view.equip[robot]
    return None


def seat_view(state: ConvoyState) -> ConvoyState:
    return engine_seat_view(state, flow.decider, view_for, viewer_of)


def _sig(x: float) -> float:
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _pct(p: float) -> int:
    return round(p * 100)


# ---------------------------------------------------------------- the position score

class Known:
    """The public counts of the view a decision starts from (a copy's lists differ from them by
    what the tried action changed): hand sizes, deck sizes, the unseen pool's Equipment share."""

    def __init__(self, view: ConvoyState, me: int):
        self.me = me
        self.view_hand = [len(view.hand[0]), len(view.hand[1])]
        self.view_deck = [len(view.deck[0]), len(view.deck[1])]
        self.hands = [hand_size(view, 0), hand_size(view, 1)]
        self.decks = [deck_size(view, 0), deck_size(view, 1)]
        defs = B.defs(view)
        pool_m = view.deck[MOLOCH] if me == OUTPOST else []
        eq = [defs[u].strength for u in pool_m if defs[u].type == "equipment"]
        self.equip_share = len(eq) / len(pool_m) if pool_m else 0.0
        self.equip_mean = sum(eq) / len(eq) if eq else 0.0
        pool_o = view.deck[OUTPOST] if me == MOLOCH else view.deck[OUTPOST] + view.hand[OUTPOST]
        units = [u for u in pool_o if defs[u].type in ("soldier", "building")]
        self.unit_share = len(units) / len(pool_o) if pool_o else 0.5
        from game.convoy.rules.board import C
        self.draw = C.draw_per_round

    def rebased(self, copy: ConvoyState) -> Known:
        """The same counts, measured from a copy whose hidden parts were filled in."""
        other = object.__new__(Known)
        other.__dict__.update(self.__dict__)
        other.view_hand = [len(copy.hand[0]), len(copy.hand[1])]
        other.view_deck = [len(copy.deck[0]), len(copy.deck[1])]
        return other

    def hand(self, s: ConvoyState, side: int) -> int:
        return max(0, self.hands[side] + len(s.hand[side]) - self.view_hand[side])

    def deck(self, s: ConvoyState, side: int) -> int:
        return max(0, self.decks[side] + len(s.deck[side]) - self.view_deck[side])


def _storm_edge(s: ConvoyState, c: int) -> float:
    return 0.5 if B.tie_breaker(s, c) >= 0 else -0.5


def battle_chance(s: ConvoyState, k: Known, c: int | None = None, bonus: float = 0.0,
                  phase: str | None = None) -> float:
    """Moloch's chance to win the coming battle in the active city, from the strength there and
    the replies still to come in this round (estimated from counts, never the hidden hand).
    `bonus`: strength Moloch would add there (negative: the Outpost), for a plan not yet played;
    `phase`: the phase whose replies count (a tried action scores from the decision's phase)."""
    a = B.active_city(s) if c is None else c
    if a < 0:
        return 0.5
    diff = B.side_strength(s, a, MOLOCH) - B.side_strength(s, a, OUTPOST) + _storm_edge(s, a) + bonus
    ph = phase or s.phase
    sigma = 0.4
    if ph in ("II", "III"):  # the Outpost answers in Phase IV, Moloch adds Equipment in V
        free = max(0, B.stations(s, a, OUTPOST) - B.used_stations(s, a, OUTPOST))
        diff -= min(free, k.hand(s, OUTPOST)) * SOLDIER_REPLY * k.unit_share * 0.6
        diff += _equip_reply(s, k, a)
        sigma = BATTLE_SIGMA
    elif ph == "IV":
        diff += _equip_reply(s, k, a)
        sigma = 1.0
    return _sig(diff / sigma)


def _equip_reply(s: ConvoyState, k: Known, a: int) -> float:
    robots = [u for u in s.slots[a][MOLOCH] if u not in s.equip and B.defn(s, u).type == "robot"]
    if not robots:
        return 0.0
    if k.me == MOLOCH:  # its own hand: known
        best = [B.defn(s, u).strength for u in s.hand[MOLOCH] if B.defn(s, u).type == "equipment"]
        best.sort(reverse=True)
        return float(sum(best[:len(robots)]))
    n = min(len(robots), k.hand(s, MOLOCH) * k.equip_share)
    return n * k.equip_mean


def moloch_margin(s: ConvoyState, k: Known, bonus: float = 0.0, spent: tuple[int, int] = (0, 0),
                  phase: str | None = None) -> float:
    """The position for Moloch in Moloch deck cards (positive: Moloch ahead). `bonus` and
    `spent`: a plan of the side acting (strength it would add to the active city, cards it
    would spend from hand), scored without playing it."""
    if s.outcome is not None:
        return 100.0 if s.outcome == "moloch" else -100.0
    a = B.active_city(s)
    if a < 0:
        return 0.0
    intact = {c: len(B.intact_sectors(s, c)) for c in B.live_cities(s)}
    sectors = sum(intact.values())
    before_battle = s.phase in ("II", "III", "IV", "V", "Va")
    # rounds still to draw for: one per intact sector after the one fought now
    rounds = sectors - 1 if before_battle else sectors
    margin = k.deck(s, MOLOCH) - k.draw * max(0, rounds) + 0.5
    p = battle_chance(s, k, bonus=bonus, phase=phase)
    sid = B.sector_ids(s, a)[s.battle_sector] if s.battle_sector >= 0 else "blank"
    m_star, o_star = SECTOR_WORTH.get(sid, (0.0, 0.0))
    if before_battle:
        margin += p * (MOLOCH_WIN_GAIN + m_star) - (1 - p) * (MILL_OF.get(a, 1.0) + o_star)
    # the strength standing in the active city fights its remaining sectors too
    later = max(0, intact.get(a, 0) - (1 if before_battle else 0))
    if later:
        d = B.side_strength(s, a, MOLOCH) - B.side_strength(s, a, OUTPOST) + _storm_edge(s, a) + bonus
        q = _sig(d / 2.0)
        margin += later * FUTURE_WEIGHT * (q * MOLOCH_WIN_GAIN - (1 - q) * MILL_OF.get(a, 1.0))
    for c, n in intact.items():
        if c == a or n == 0:
            continue
        d = B.side_strength(s, c, MOLOCH) - B.side_strength(s, c, OUTPOST)
        q = _sig(d / 3.0)
        margin += n * FUTURE_WEIGHT * 0.6 * (q * MOLOCH_WIN_GAIN - (1 - q) * MILL_OF.get(c, 1.0))
    margin += HAND_CARD * (k.hand(s, MOLOCH) - spent[MOLOCH] - k.hand(s, OUTPOST) + spent[OUTPOST])
    return margin


def moloch_chance(s: ConvoyState, k: Known, bonus: float = 0.0, spent: tuple[int, int] = (0, 0),
                  phase: str | None = None) -> float:
    """Moloch wins by either condition (spec 1): the deck race, or a Robot standing in New York
    at the end (each Robot there survives to the end with NY_HOLD, a guess the Outpost's kills
    there lower)."""
    deck = _sig(moloch_margin(s, k, bonus, spent, phase) / SPREAD)
    if s.outcome is not None or s.flipped[B.NEW_YORK]:
        return deck
    robots = sum(1 for u in s.slots[B.NEW_YORK][MOLOCH] if B.defn(s, u).type == "robot")
    if not robots:
        return deck
    ny = 1.0 - (1.0 - NY_HOLD) ** robots
    return 1.0 - (1.0 - deck) * (1.0 - ny)


def score_for(s: ConvoyState, k: Known, side: int, phase: str | None = None) -> float:
    p = moloch_chance(s, k, phase=phase)
    return p if side == MOLOCH else 1.0 - p


def plan_score(s: ConvoyState, k: Known, side: int, phase: str, rnd: int) -> float:
    """The best score of `s` and of `s` with the side's strongest cards in hand added to the
    active city one by one (printed strength, as many as it has room for), while the side is
    still in its action phase `phase`: a battle won by three cards is seen from the first."""
    if s.round != rnd or s.outcome is not None or s.phase not in ("III", "IV", "V", "Va"):
        return score_for(s, k, side)  # the copy went on into the battle: its result is scored
    best = score_for(s, k, side, phase)
    if s.phase != phase:
        return best
    a = B.active_city(s)
    if a < 0:
        return best
    defs = B.defs(s)
    if phase == "V":
        room = sum(1 for u in s.slots[a][MOLOCH] if u not in s.equip and defs[u].type == "robot")
        adds = [defs[u].strength for u in s.hand[side] if defs[u].type == "equipment"]
    else:
        want = ("robot",) if side == MOLOCH else ("soldier", "building")
        room = max(0, B.stations(s, a, side) - B.used_stations(s, a, side))
        adds = [defs[u].strength for u in s.hand[side] if defs[u].type in want]
    adds.sort(reverse=True)
    sign = 1.0 if side == MOLOCH else -1.0
    total = 0.0
    spent = [0, 0]
    for v in adds[:room]:
        total += v
        spent[side] += 1
        p = moloch_chance(s, k, sign * total, (spent[0], spent[1]), phase)
        best = max(best, p if side == MOLOCH else 1.0 - p)
    return best


# ---------------------------------------------------------------- what a card is worth

def _weight(s: ConvoyState, c: int) -> float:
    if c < 0 or s.flipped[c]:
        return 0.1
    a = B.active_city(s)
    if c == a:
        return 1.0
    return 0.8 if c == B.NEW_YORK else 0.6


def worth_in_play(s: ConvoyState, uid: int) -> float:
    """What the card adds to its side's strength where it stands, weighted by the city."""
    c, side = B.locate(s, uid)
    if c < 0:
        return 0.0
    d = B.defn(s, uid)
    if d.type == "equipment":
        carrier = B.carrier_of(s, uid)
        del s.equip[carrier]
        try:
            without = B.side_strength(s, c, side)
        finally:
            s.equip[carrier] = uid
    else:
        zone = s.slots[c][side]
        i = zone.index(uid)
        zone.pop(i)
        eq = s.equip.pop(uid, None)
        try:
            without = B.side_strength(s, c, side)
        finally:
            zone.insert(i, uid)
            if eq is not None:
                s.equip[uid] = eq
    gain = B.side_strength(s, c, side) - without
    extra = 0.5 if d.timing not in ("none", "") else 0.0
    if d.type == "robot" and c == B.NEW_YORK:
        extra += 1.0
    return (gain + extra) * _weight(s, c)


def worth_in_hand(s: ConvoyState, uid: int) -> float:
    d = B.defn(s, uid)
    base = float(d.strength)
    if d.type == "instant":
        base += 1.5
    elif d.timing not in ("none", ""):
        base += 0.5
    return base


def worth(s: ConvoyState, uid: int) -> float:
    return worth_in_play(s, uid) if B.locate(s, uid)[0] >= 0 else worth_in_hand(s, uid)


# ---------------------------------------------------------------- answering the rules' questions

def answer(s: ConvoyState, kind: str, options: list[dict[str, Any]], about: dict[str, Any] | None,
           me: int, k: Known) -> tuple[int, Msg]:
    """The index of the option to take and why (a message of this module's templates)."""
    cards = [o.get("card") for o in options]
    if kind in ("pay",):
        return _argbest(options, lambda o: -worth_in_hand(s, o["card"])), W.say(A_HAND_LEAST)
    if kind in ("bomb", "fallback"):
        return _argbest(options, lambda o: worth(s, o["card"])), W.say(A_ENEMY_BEST)
    if kind == "excess":
        mine = cards and B.locate(s, cards[0])[1] == me
        if mine:
            return _argbest(options, lambda o: -worth(s, o["card"])), W.say(A_OWN_LEAST)
        return _argbest(options, lambda o: worth(s, o["card"])), W.say(A_ENEMY_BEST)
    if kind == "iron_gate":  # the Outpost discards the better Moloch card
        return _argbest(options, lambda o: worth_in_hand(s, o["card"])), W.say(A_HAND_BEST)
    if kind in ("recover", "capture"):
        return _argbest(options, lambda o: worth(s, o["card"]) if o["card"] >= 0 else -1.0), W.say(A_HAND_BEST)
    if kind == "draw":
        yes = next((i for i, o in enumerate(options) if o.get("yes")), 0)
        no = next((i for i, o in enumerate(options) if not o.get("yes")), 0)
        if me == OUTPOST:
            return yes, W.say(A_DRAW_YES)
        a = B.active_city(s)
        sectors = sum(len(B.intact_sectors(s, c)) for c in B.live_cities(s)) if a >= 0 else 0
        if k.deck(s, MOLOCH) - 1 > k.draw * sectors + 2:
            return yes, W.say(A_DRAW_YES)
        return no, W.say(A_DRAW_NO)
    if kind == "convoy":
        return _argbest(options, lambda o: B.unit_strength(s, o["card"], *B.locate(s, o["card"]))
                        if o["card"] >= 0 else -0.5), W.say(A_CONVOY)
    if kind == "sector" and options and "sector" in options[0]:
        p = battle_chance(s, k)
        winner = MOLOCH if p >= 0.5 else OUTPOST

        def sector_value(o):
            c, i = o["sector"]
            m, ot = SECTOR_WORTH.get(B.sector_ids(s, c)[i], (0.0, 0.0))
            v = p * m - (1 - p) * ot
            return v if me == MOLOCH else -v
        return _argbest(options, sector_value), W.say(A_SECTOR, winner=W.side(winner))
    if kind == "destroy" and options and "sector" in options[0]:
        def o_value(o):
            c, i = o["sector"]
            return SECTOR_WORTH.get(B.sector_ids(s, c)[i], (0.0, 0.0))[1]
        return _argbest(options, o_value), W.say(A_DESTROY)
    if kind == "destination" and options and "city" in options[0]:
        return _argbest(options, lambda o: _city_need(s, o["city"], me, k)), W.say(A_CITY)
    if kind == "order":
        return 0, W.say(A_FIRST)
    if cards and all(isinstance(u, int) for u in cards):  # a target
        op = (about or {}).get("op", "")
        real = [i for i, u in enumerate(cards) if u >= 0]
        if not real:
            return 0, W.say(A_NONE)
        enemy = [i for i in real if _side_of(s, cards[i]) not in (me, -1)]
        if enemy and op not in ("return_hand", "move") or enemy and len(enemy) == len(real):
            return max(enemy, key=lambda i: worth(s, cards[i])), W.say(A_ENEMY_BEST)
        if op == "return_hand" and len(real) < len(cards):
            return cards.index(-1), W.say(A_NONE)  # "you may return one of your own": keep it in play
        if op == "move":  # own unit to move: the one in the least useful city
            return min(real, key=lambda i: _weight(s, B.locate(s, cards[i])[0])), W.say(A_CITY)
        return max(real, key=lambda i: worth(s, cards[i])), W.say(A_OWN_BEST)
    return 0, W.say(A_FIRST)


def _side_of(s: ConvoyState, uid: int) -> int:
    c, side = B.locate(s, uid)
    return side if c >= 0 else B.owner(s, uid)


def _city_need(s: ConvoyState, c: int, me: int, k: Known) -> float:
    diff = B.side_strength(s, c, me) - B.side_strength(s, c, 1 - me)
    need = 1.0 - abs(_sig(diff / 1.5) - 0.5) * 2  # a close fight needs it most
    bonus = 0.3 if me == MOLOCH and c == B.NEW_YORK else 0.0
    return need * _weight(s, c) + bonus


def _argbest(options: list[dict[str, Any]], key) -> int:
    best, got = 0, None
    for i, o in enumerate(options):
        v = key(o)
        if got is None or v > got:
            best, got = i, v
    return best


# ---------------------------------------------------------------- the bot

class ConvoyAI(SeededBot):
    """A Convoy player for either seat at a level of LEVELS ("novice", "expert")."""

    stream = "convoy_ai"

    def __init__(self, seed: int = 0, level: str = "expert"):
        if level not in LEVELS:
            raise ValueError(f"unknown Convoy AI level {level!r} (levels: {', '.join(LEVELS)})")
        super().__init__(seed)
        self.level = LEVELS[level]

    # the protocol of game/engine/bots.py
    def choose(self, actions: list[Action], state: Any = None) -> Action:
        return self.decide(state, actions).action

    def decide(self, state: ConvoyState, actions: list[Action]) -> Choice:
        if not actions:
            raise ValueError("no legal action to choose from")
        view = seat_view(state)
        seat = viewer_of(view) or flow.decider(state)
        me = B.SIDE_OF[seat]
        k = Known(view, me)
        if len(actions) == 1:
            a = actions[0]
            return Choice(a, W.say(WHY_ANSWER, label=deed(view, a), why=W.say(A_FIRST)))
        if view.proc is not None and view.proc.get("pending"):
            return self._question(view, actions, me, k)
        if actions[0].kind == "mulligan":
            return self._mulligan(view, actions, me)
        return self._search(view, actions, me, k)

    # -------------------------------------------------------------- questions
    def _question(self, view: ConvoyState, actions: list[Action], me: int, k: Known) -> Choice:
        pend = view.proc["pending"]
        if self.level.noise and self.rng.below(1000) < self.level.noise * 1000:
            a = actions[self.rng.below(len(actions))]
            return Choice(a, W.say(WHY_RANDOM, label=deed(view, a)))
        options = [dict(a.payload) for a in actions]
        i, why = answer(view, pend["kind"], options, pend.get("about"), me, k)
        a = actions[i]
        return Choice(a, W.say(WHY_ANSWER, label=deed(view, a), why=why))

    def _mulligan(self, view: ConvoyState, actions: list[Action], me: int) -> Choice:
        units = sum(1 for u in view.hand[me] if B.defn(view, u).type in ("robot", "soldier", "building"))
        redraw = units < 2
        a = next(x for x in actions if x.payload.get("redraw") == redraw)
        if redraw:
            why = Mn("Shuffles the hand back: it holds only {n} unit to fight with.",
                     "Shuffles the hand back: it holds only {n} units to fight with.", units)
        else:
            why = Mn("Keeps the hand: it holds {n} unit to fight with.", "Keeps the hand: it holds {n} units to fight with.", units)
        return Choice(a, why, private=True)  # it counts the units in a hand the other side may not see

    # -------------------------------------------------------------- one action deep
    def _search(self, view: ConvoyState, actions: list[Action], me: int, k: Known) -> Choice:
        base = view.checkpoint()
        for side in (MOLOCH, OUTPOST):  # the unseen order, drawn from its own stream
            self.rng.shuffle(base.deck[side])
        other = 1 - me  # the opponent's hand: as many unseen cards as it holds (spec 9 #35 Level 2)
        n = min(k.hands[other], len(base.deck[other]))
        base.hand[other] = base.deck[other][:n]
        del base.deck[other][:n]
        kb = k.rebased(base)
        pass_act = next((a for a in actions if a.kind == "pass"), None)
        best, best_score, best_after = pass_act, score_for(view, k, me) + self._blur(), None
        seen: dict[tuple, float] = {}
        for act in actions:
            if act.kind == "pass":
                continue
            key = (act.kind, tuple(sorted((n, view.ids[v] if n in ("card", "robot") else v)
                                          for n, v in act.payload.items())))
            if key in seen:
                continue
            after = self._try(base, act, kb)
            sc = (plan_score(after, kb, me, view.phase, view.round) if self.level.plans
                  else score_for(after, kb, me)) + self._blur()
            seen[key] = sc
            if sc > best_score + 1e-9:
                best, best_score, best_after = act, sc, after
        if best is None:
            best = actions[-1]
        return Choice(best, self._reason(view, best, best_after, me, k, kb))

    def _try(self, base: ConvoyState, act: Action, k: Known) -> ConvoyState:
        s = base.checkpoint()
        try:  # an error here is a rules bug (the action is legal on the view): it is raised
            flow.apply(s, act)
            for _ in range(40):
                if s.proc is None or not s.proc.get("pending"):
                    break
                pend = s.proc["pending"]
                who = B.SIDE_OF[pend["decider"]]
                opts = list(pend["options"])
                i, _ = answer(s, pend["kind"], opts, pend.get("about"), who, k)
                flow.apply(s, Action(pend["kind"], opts[i]))
        finally:
            if s.proc is not None:
                RESOLVER.release(s)
        return s

    def _blur(self) -> float:
        b = self.level.blur
        return 0.0 if not b else b * (self.rng.below(2001) - 1000) / 1000

    # -------------------------------------------------------------- reasons
    def _reason(self, view: ConvoyState, act: Action, after: ConvoyState | None, me: int, k: Known,
                k_after: Known | None = None) -> Msg:
        a = B.active_city(view)
        k_after = k_after or k
        other = W.side(1 - me)
        if act.kind == "pass" or after is None:
            mine, theirs = B.side_strength(view, a, me), B.side_strength(view, a, 1 - me)
            p = battle_chance(view, k)
            return Mn("Passes: {side} has {mine} strength against {theirs} in {city} and keeps {n} card in hand; {threat}.",
                      "Passes: {side} has {mine} strength against {theirs} in {city} and keeps {n} cards in hand; {threat}.",
                      len(view.hand[me]), side=W.side(me), mine=mine, theirs=theirs, city=W.city(a),
                      threat=W.say(THREAT_NONE, chance=_pct(p if me == MOLOCH else 1 - p)))
        if after.round != view.round or after.outcome is not None:  # the copy ran on into the battle
            hypo = _placed(view, act, me)
            theirs = B.side_strength(view, a, 1 - me)
            if hypo is not None:
                c, before, now = hypo
                theirs = B.side_strength(view, c, 1 - me)
                return W.say(WHY_ACT, action=deed(view, act), city=W.city(c), side=W.side(me), before=before,
                             after=now, theirs=theirs, swing=f"{now - before:+d}",
                             threat=self._threat(view, view, c, me, k, theirs, before, k))
            return W.say(WHY_ACT_PLAIN, action=deed(view, act),
                         threat=self._threat(view, view, a, me, k, theirs, B.side_strength(view, a, me), k))
        c = act.payload.get("city")
        if c is None:
            c = self._city_changed(view, after, me)
        if c is None or c < 0 or after.flipped[c] and not view.flipped[c]:
            c = a
        before, now = B.side_strength(view, c, me), B.side_strength(after, c, me)
        theirs0, theirs1 = B.side_strength(view, c, 1 - me), B.side_strength(after, c, 1 - me)
        swing = (now - theirs1) - (before - theirs0)
        threat = self._threat(view, after, c, me, k, theirs0, before, k_after)
        label = deed(view, act)
        if swing == 0 and before == now and theirs0 == theirs1:
            return W.say(WHY_ACT_PLAIN, action=label, threat=threat)
        if theirs0 != theirs1:  # 'goes from 0 to 0 strength against 0 (swing +4)' said nothing of the kill
            return W.say(WHY_ACT_BOTH, action=label, city=W.city(c), side=W.side(me), before=before, after=now,
                         other=other, theirs0=theirs0, theirs1=theirs1, swing=f"{swing:+d}", threat=threat)
        return W.say(WHY_ACT, action=label, city=W.city(c), side=W.side(me), before=before, after=now,
                     theirs=theirs1, swing=f"{swing:+d}", threat=threat)

    def _city_changed(self, view: ConvoyState, after: ConvoyState, me: int) -> int | None:
        for c in range(len(view.slots)):
            if view.slots[c] != after.slots[c] or any(view.tokens.get(u) != after.tokens.get(u)
                                                      for side in after.slots[c] for u in side):
                return c
        return None

    def _threat(self, view, after, c, me, k, theirs, mine, k_after) -> Msg:
        a = B.active_city(view)
        other = W.side(1 - me)
        if theirs > mine or (theirs == mine and me == OUTPOST and B.tie_breaker(view, c) >= 0):
            return W.say(THREAT_BEHIND, other=other, theirs=theirs, mine=mine, city=W.city(c))
        if c == a and a >= 0 and view.phase in ("III", "IV"):
            p0, p1 = battle_chance(view, k), battle_chance(after, k_after, phase=view.phase)
            if me == OUTPOST:
                p0, p1 = 1 - p0, 1 - p1
            if abs(p1 - p0) >= 0.01:
                return W.say(THREAT_CHANCE, city=W.city(c), p0=_pct(p0), p1=_pct(p1))
        if c == B.NEW_YORK:
            return W.say(THREAT_NEW_YORK)
        sectors = sum(len(B.intact_sectors(view, x)) for x in B.live_cities(view))
        return W.say(THREAT_DECK, deck=k.decks[MOLOCH], sectors=sectors)
