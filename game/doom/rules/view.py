"""What one player may know of a Doom game (DESIGN.md: a bot gets a view, not the state).

`view_for(state, player)` is a copy of the DoomState with what that player may not know removed
or put in a fixed order, so a controller deciding on it cannot peek:

- everyone: the order of the invader deck's and the marine deck's draw piles (sorted: the same
  cards, no order), the RNG streams and the seed they come from (a fresh Rng(0): the dice and
  every future shuffle are unknown), and the Resolver's checkpoint of a paused resolution (the
  whole state as it was, decks and RNG included; a view is never applied, so it is dropped);
- a marine, besides: the invader's hand (emptied; its size stays readable as
  `hidden_hand_size(view)`) and the Ambush window (it names a card of that hand).

The invader knows the scenario (spec 11.D) and marine cards are face up, so nothing else is
hidden. The view is a real DoomState: the rules' questions (rules/queries.py, odds.py) work on
it unchanged. Nothing in it is ever applied.
"""
from __future__ import annotations

from game.doom.rules.state import INVADER, DoomState
from game.engine.views import blind, mark_view, view_fact, viewer_of


def view_for(state: DoomState, player: str) -> DoomState:
    data = blind(state.to_json(), ("deck", "marine_deck"))
    hand_size = len(data["hand"])
    if player != INVADER:
        data["hand"] = []
        data["flags"].pop("window", None)
    return mark_view(DoomState.from_json(data), player, hand_size=hand_size)


def hidden_hand_size(state: DoomState) -> int:
    """The invader's hand size, which every player may count."""
    return view_fact(state, "hand_size", len(state.hand))


__all__ = ["hidden_hand_size", "view_for", "viewer_of"]
