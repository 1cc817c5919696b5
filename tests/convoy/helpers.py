"""Scenario building for the Convoy rule tests: a table laid out card by card, then driven through
the real Title (apply / pending questions) the way a person or a bot drives it."""
from __future__ import annotations

from typing import Any, Iterable

from game.convoy.rules import board as B
from game.convoy.rules.flow import new_state
from game.convoy.rules.state import MOLOCH, OUTPOST, ConvoyState
from game.convoy.rules.title import ConvoyTitle
from game.engine.protocol import Action, Event

T = ConvoyTitle()
M, O = MOLOCH, OUTPOST
ZIGGY, IRON, CLEVELAND, JERSEY, NY = range(5)


def table(*, m_hand: Iterable[str] = (), o_hand: Iterable[str] = (),
          cities: dict[int, tuple[Iterable[str], Iterable[str]]] | None = None,
          m_deck: Iterable[str] | None = None, o_deck: Iterable[str] | None = None,
          m_discard: Iterable[str] = (), o_discard: Iterable[str] = (),
          fill_decks: bool = True, phase: str = "III", sector: int = 0, round_no: int = 1,
          flipped: Iterable[int] = (), equip: dict[str, str] | None = None, seed: int = 1) -> ConvoyState:
    """A state with exactly these cards where named (card ids; copies taken in order). Cards not
    named go to their deck after the named top cards (fill_decks) or to the discard pile."""
    s = new_state(seed)
    free = {side: [u for u in range(len(s.ids)) if B.owner(s, u) == side] for side in (M, O)}

    def take(card: str) -> int:
        for side in (M, O):
            for u in free[side]:
                if s.ids[u] == card:
                    free[side].remove(u)
                    return u
        raise KeyError(f"no free copy of {card}")

    s.hand = [[take(c) for c in m_hand], [take(c) for c in o_hand]]
    s.slots = [[[], []] for _ in range(5)]
    for c, (robots, outs) in (cities or {}).items():
        s.slots[c] = [[take(x) for x in robots], [take(x) for x in outs]]
    s.equip = {}
    for eq, carrier in (equip or {}).items():
        s.equip[uid(s, carrier)] = take(eq)
    s.discard = [[take(c) for c in m_discard], [take(c) for c in o_discard]]
    tops = [[take(c) for c in (m_deck or ())], [take(c) for c in (o_deck or ())]]
    for side in (M, O):
        if fill_decks:
            s.deck[side] = tops[side] + free[side]
        else:
            s.deck[side] = tops[side]
            s.discard[side] += free[side]
    for c in flipped:
        s.flipped[c] = True
        s.sector_down[c] = [True] * len(s.sector_down[c])
    s.mulligan = [True, True]
    s.phase, s.battle_sector, s.round = phase, sector, round_no
    return s


def uid(s: ConvoyState, card: str, k: int = 0) -> int:
    """The k-th copy of `card` (in uid order) that is not in a deck."""
    got = [u for u, i in enumerate(s.ids) if i == card and u not in s.deck[0] and u not in s.deck[1]]
    if not got:
        got = [u for u, i in enumerate(s.ids) if i == card]
    return got[k]


def act(s: ConvoyState, kind: str, **payload: Any) -> list[Event]:
    return T.apply(s, Action(kind, payload))


def pending(s: ConvoyState) -> dict[str, Any] | None:
    return s.proc["pending"] if s.proc is not None else None


def answer(s: ConvoyState, **option: Any) -> list[Event]:
    p = pending(s)
    assert p is not None, "no question pending"
    assert option in p["options"], (option, p["options"], p["prompt"])
    return T.apply(s, Action(p["kind"], option))


def pick_card(s: ConvoyState, card: str, k: int = 0) -> list[Event]:
    return answer(s, card=uid(s, card, k))


def pass_phases(s: ConvoyState, until: str | None = None) -> list[Event]:
    """Passes for whoever acts until a question is pending, the phase `until` is reached, or the
    game ends."""
    out: list[Event] = []
    while s.outcome is None and pending(s) is None and s.phase != until:
        out += act(s, "pass")
    return out


def texts(events: Iterable[Event]) -> list[str]:
    return [e.text for e in events]


def where(s: ConvoyState, card: str, k: int = 0) -> tuple[int, int]:
    return B.locate(s, uid(s, card, k))


def in_discard(s: ConvoyState, card: str) -> bool:
    return any(s.ids[u] == card for pile in s.discard for u in pile)


def in_hand(s: ConvoyState, side: int, card: str) -> bool:
    return any(s.ids[u] == card for u in s.hand[side])


def tokens(s: ConvoyState, card: str, k: int = 0) -> list[int]:
    return s.tokens.get(uid(s, card, k), [])


def refused(s: ConvoyState, kind: str, **payload: Any) -> str:
    from game.convoy.rules.flow import refusal

    why = refusal(s, kind, payload)
    assert why is not None, f"{kind} {payload} was legal"
    return why
