"""What one seat may see of a Level 7 game (DESIGN.md: bots get a view, not the state).

`view(state, seat)` is that as plain data for a table or an onlooker: the map, the figures, tokens,
tracks, items (face up), the pools; its own adrenaline hand; of everything hidden only sizes: the
other hands, the decks and tile stacks (their order is hidden), and no RNG.

`view_for(state, seat)` is the same knowledge as a Level7State, for a bot that asks the rules'
own questions (turn.held, explore.explorable_doors, the odds, the enemies' targeting) on it
unchanged. Nothing in it is ever applied. What it hides or puts in a fixed order, besides what no
seat knows (game/engine/views.py `blind`: the seed and the RNG, the resolver's checkpoint, the order
of the adrenaline, event, item and skill decks):

- the map tile stacks: every face-down tile sorted and dealt back into stacks of the same sizes
  (which tiles are left is known from the box; which stack holds which, and in what order, is not);
- another seat's pending question: its options (they may show that seat's hand);
- the other characters' adrenaline hands: emptied, their cards sorted into the adrenaline draw pile
  (the cards a seat has not seen are one pool to it); their sizes stay readable as
  `hand_size(view, character)`.
"""
from __future__ import annotations

from typing import Any

from game.engine.views import blind, mark_view, pending_view, view_fact, viewer_of
from game.level7.rules.state import Level7State

DECKS = ("adrenaline", "events", "items", "skills")


def view(state: Level7State, seat: str | None) -> dict[str, Any]:
    """The game as `seat` sees it (None: an onlooker who sees only what is public)."""
    chars = {}
    for cid, ch in state.characters.items():
        chars[cid] = {"name": ch.name, "tile": ch.tile, "status": ch.status, "fear": ch.fear,
                      "vitality": ch.vitality, "threat": ch.threat, "skills": list(ch.skills),
                      "items": list(ch.items), "hand_size": len(ch.hand)}
        if cid == seat:
            chars[cid]["hand"] = list(ch.hand)
    pending = pending_view(state.proc, seat)
    return {
        "scenario": state.scenario, "turn": state.turn_no, "active": state.turn.player, "step": state.turn.step,
        "moves_left": state.turn.moves_left, "order": list(state.order), "characters": chars,
        "placed": [list(p) for p in state.placed], "set_aside": state.set_aside,
        "stacks": [[name, len(tiles)] for name, tiles in state.stacks],
        "enemies": [e.to_json() for e in state.enemies], "reserves": {k: len(v) for k, v in state.reserves.items()},
        "tokens": {k: v for k, v in state.tokens.items()}, "floor_items": {k: list(v) for k, v in state.floor_items.items()},
        "decks": {name: {"draw": len(d.draw_pile), "discard": list(d.discard_pile)}
                  for name, d in (("adrenaline", state.adrenaline), ("events", state.events), ("items", state.items))},
        "keys": len(state.keys), "threat_pool": state.threat_pool, "lockdown_pool": state.lockdown_pool,
        "lockdown": state.lockdown, "pending": pending, "outcome": state.outcome, "results": dict(state.results),
    }


def view_for(state: Level7State, seat: str) -> Level7State:
    data = blind(state.to_json(), DECKS)
    face_down = sorted(t for _, tiles in data["stacks"] for t in tiles)
    for stack in data["stacks"]:
        n = len(stack[1])
        stack[1], face_down = face_down[:n], face_down[n:]
    pending = (data.get("proc") or {}).get("pending")
    if pending and pending["decider"] != seat:  # another seat's options may show its hand
        pending["options"], pending["labels"] = [], []
    sizes = {}
    for ch in data["characters"]:
        sizes[ch["id"]] = len(ch["hand"])
        if ch["id"] != seat:  # unseen cards are one pool: which of them another hand holds is hidden
            data["adrenaline"]["draw"] = sorted(data["adrenaline"]["draw"] + ch["hand"])
            ch["hand"] = []
    return mark_view(Level7State.from_json(data), seat, hands=sizes)


def hand_size(state: Level7State, character: str) -> int:
    """How many adrenaline cards a character holds, which every player may count."""
    return view_fact(state, "hands", {character: len(state.characters[character].hand)})[character]


__all__ = ["hand_size", "view", "view_for", "viewer_of"]
