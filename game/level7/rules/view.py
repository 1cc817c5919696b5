"""What one seat may see of a Level 7 game (DESIGN.md: bots get a view, not the state): the map,
the figures, tokens, tracks, items (face up), the pools; its own adrenaline hand; of everything
hidden only sizes: the other hands, the decks and tile stacks (their order is hidden), and no RNG.
"""
from __future__ import annotations

from typing import Any

from game.level7.rules.state import Level7State


def view(state: Level7State, seat: str | None) -> dict[str, Any]:
    """The game as `seat` sees it (None: an onlooker who sees only what is public)."""
    chars = {}
    for cid, ch in state.characters.items():
        chars[cid] = {"name": ch.name, "tile": ch.tile, "status": ch.status, "fear": ch.fear,
                      "vitality": ch.vitality, "threat": ch.threat, "skills": list(ch.skills),
                      "items": list(ch.items), "hand_size": len(ch.hand)}
        if cid == seat:
            chars[cid]["hand"] = list(ch.hand)
    pending = None
    if state.proc is not None and state.proc.get("pending"):
        p = state.proc["pending"]
        pending = {"decider": p["decider"], "kind": p["kind"], "prompt": p["prompt"]}
        if p["decider"] == seat:
            pending["options"] = list(p["options"])
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
