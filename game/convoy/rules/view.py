"""What one seat may see of a Convoy game (spec 10 "Hidden information"; DESIGN.md: bots get a
view, not the state).

`view_for(state, seat)` is that knowledge as a ConvoyState, for a bot that asks the rules' own
questions (legal actions, strength, targets) on it unchanged; nothing in it is ever applied.
Hidden from the seat, besides what no seat knows (the seed and the RNG streams, the resolver's
checkpoint of a paused resolution; game/engine/views.py):

- the order of both decks (each deck sorted: the same cards, no order);
- the opponent's hand: emptied, its cards sorted into the opponent's deck (the cards a seat has
  not seen are one pool to it); its size stays readable as `hand_size(view, side)`;
- another seat's pending question: its options (they may show that seat's hand).

Public (spec 9 #32): the card area, the discard piles, deck and hand sizes, the Iron Gate reveals
(`known_in_deck`), the cards played."""
from __future__ import annotations

from typing import Any

from game.convoy.content import SIDES
from game.convoy.rules.board import SIDE_OF
from game.convoy.rules.state import ConvoyState
from game.engine.rng import Rng
from game.engine.text import to_json as text_json
from game.engine.views import mark_view, view_fact, viewer_of


def view_for(state: ConvoyState, seat: str) -> ConvoyState:
    me = SIDE_OF[seat]
    data = state.to_json()
    data["seed"] = 0
    data["rng"] = Rng(0).to_json()
    sizes = [len(h) for h in data["hand"]]
    other = 1 - me
    data["deck"][other] = data["deck"][other] + data["hand"][other]
    data["hand"][other] = []
    data["deck"] = [sorted(d) for d in data["deck"]]
    proc = data.get("proc")
    if proc is not None:
        proc.pop("checkpoint", None)
        pending = proc.get("pending")
        if pending and pending["decider"] != seat:
            pending["options"], pending["labels"] = [], []
    return mark_view(ConvoyState.from_json(data), seat, hands=sizes, decks=[len(d) for d in state.deck])


def hand_size(state: ConvoyState, side: int) -> int:
    """How many cards a side holds, which both players may count."""
    return view_fact(state, "hands", [len(h) for h in state.hand])[side]


def deck_size(state: ConvoyState, side: int) -> int:
    """How many cards are left in a side's deck (public; the Moloch deck is the win condition)."""
    return view_fact(state, "decks", [len(d) for d in state.deck])[side]


def view(state: ConvoyState, seat: str | None) -> dict[str, Any]:
    """The game as `seat` sees it, as plain data (None: an onlooker who sees only what is public)."""
    pending = None
    if state.proc is not None and state.proc.get("pending"):
        p = state.proc["pending"]
        pending = {"decider": p["decider"], "kind": p["kind"], "prompt": text_json(p["prompt"])}
        if p["decider"] == seat:
            pending["options"] = list(p["options"])
    return {
        "round": state.round, "phase": state.phase,
        "hands": {SIDES[s]: len(state.hand[s]) for s in (0, 1)},
        "hand": list(state.hand[SIDE_OF[seat]]) if seat is not None else [],
        "decks": {SIDES[s]: len(state.deck[s]) for s in (0, 1)},
        "discard": {SIDES[s]: list(state.discard[s]) for s in (0, 1)},
        "cities": [{"moloch": list(c[0]), "outpost": list(c[1]), "flipped": state.flipped[i],
                    "sectors_down": list(state.sector_down[i])} for i, c in enumerate(state.slots)],
        "equip": {str(k): v for k, v in sorted(state.equip.items())},
        "tokens": {str(k): list(v) for k, v in sorted(state.tokens.items()) if v},
        "disabled": sorted(state.disabled), "used": sorted(state.used), "battle_sector": state.battle_sector,
        "emp": state.emp, "feature_used": state.feature_used, "extra_city": state.extra_city,
        "known_in_deck": list(state.known_in_deck), "pending": pending, "outcome": state.outcome,
        "win_by": state.win_by,
    }


__all__ = ["deck_size", "hand_size", "view", "view_for", "viewer_of"]
