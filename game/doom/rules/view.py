"""What one player may know of a Doom game (DESIGN.md: a bot gets a view, not the state).

`view_for(state, player)` is a copy of the DoomState with what that player may not know removed
or put in a fixed order, so a controller deciding on it cannot peek:

- everyone: the order of the invader deck's and the marine deck's draw piles (sorted: the same
  cards, no order), the RNG streams and the seed they come from (a fresh Rng(0): the dice and
  every future shuffle are unknown), and the Resolver's checkpoint of a paused resolution (the
  whole state as it was, decks and RNG included; a view is never applied, so it is dropped);
- a marine, besides: the invader's hand and the Ambush window (it names a card of that hand).
  The hand's cards go into the invader deck's draw pile, which is sorted: the unseen invader
  cards are one pool, so the marines cannot tell the hand from the cards left to draw (the
  deck's make-up less its discards would name the hand). The hand's and the draw pile's sizes,
  which every player may count, stay readable as `hidden_hand_size(view)` and
  `draw_pile_size(view)`.

The invader knows the scenario (spec 11.D) and marine cards are face up, so nothing else is
hidden. The view is a real DoomState: the rules' questions (rules/queries.py, odds.py) work on
it unchanged. Nothing in it is ever applied.
"""
from __future__ import annotations

from game.doom.rules.state import INVADER, DoomState
from game.engine.views import blind, mark_view, view_fact, viewer_of


def view_for(state: DoomState, player: str) -> DoomState:
    data = blind(state.to_json(), ("deck", "marine_deck"))
    hand_size, draw_size = len(data["hand"]), len(data["deck"]["draw"])
    if player != INVADER:
        data["deck"]["draw"] = sorted(data["deck"]["draw"] + data["hand"])
        data["hand"] = []
        data["flags"].pop("window", None)
    return mark_view(DoomState.from_json(data), player, hand_size=hand_size, draw_size=draw_size)


def hidden_hand_size(state: DoomState) -> int:
    """The invader's hand size, which every player may count."""
    return view_fact(state, "hand_size", len(state.hand))


def draw_pile_size(state: DoomState) -> int:
    """How many cards the invader deck's draw pile holds, which every player may count."""
    return view_fact(state, "draw_size", len(state.deck.draw_pile))


__all__ = ["draw_pile_size", "hidden_hand_size", "view_for", "viewer_of"]
