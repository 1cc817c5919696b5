"""What one player may know of a Level 7 game (DESIGN.md: a bot gets a view, not the state).

`view_for(state, seat)` is a copy of the Level7State with what that seat may not know removed or
put in a fixed order, so a controller deciding on it cannot peek:

- the draw piles of the adrenaline, event, item and skill decks: sorted (the same cards, no order);
- the map tile stacks: every face-down tile sorted and dealt back into stacks of the same sizes
  (which tiles are left is known from the box, which stack holds which and in what order is not);
- the RNG streams and the seed (a fresh Rng(0): dice and every future shuffle are unknown), and
  the Resolver's checkpoint of a paused resolution (the whole state as it was; a view is never
  applied, so it is dropped);
- the other characters' adrenaline hands: emptied; their sizes stay readable as
  `hand_size(view, character)`.

Skills, items, tracks, the placed tiles, tokens and enemies are on the table for everyone. The
view is a real Level7State: the rules' questions (turn.held, explore.explorable_doors, the odds,
the enemies' targeting) work on it unchanged. Nothing in it is ever applied.
"""
from __future__ import annotations

from game.engine.rng import Rng
from game.level7.rules.state import Level7State

DECKS = ("adrenaline", "events", "items", "skills")


def view_for(state: Level7State, seat: str) -> Level7State:
    data = state.to_json()
    data["seed"] = 0
    data["rng"] = Rng(0).to_json()
    for deck in DECKS:
        data[deck]["draw"] = sorted(data[deck]["draw"])
    face_down = sorted(t for _, tiles in data["stacks"] for t in tiles)
    for stack in data["stacks"]:
        n = len(stack[1])
        stack[1], face_down = face_down[:n], face_down[n:]
    if data.get("proc") is not None:
        data["proc"].pop("checkpoint", None)
    sizes = {}
    for ch in data["characters"]:
        sizes[ch["id"]] = len(ch["hand"])
        if ch["id"] != seat:
            ch["hand"] = []
    view = Level7State.from_json(data)
    view.__dict__["_view"] = {"seat": seat, "hands": sizes}
    return view


def viewer_of(state: Level7State) -> str | None:
    """The seat a view was made for (None: the full state)."""
    got = state.__dict__.get("_view")
    return None if got is None else got["seat"]


def hand_size(state: Level7State, character: str) -> int:
    """How many adrenaline cards a character holds, which every player may count."""
    got = state.__dict__.get("_view")
    return len(state.characters[character].hand) if got is None else got["hands"][character]


__all__ = ["hand_size", "view_for", "viewer_of"]
