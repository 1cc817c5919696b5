"""What the titles' seat views share (DESIGN.md: a bot gets a view, not the state). A title's
`view_for(state, seat)` writes the state to JSON, hides what that seat may not know, reads it
back as a real state of the title (so the rules' questions work on it unchanged) and marks it:

- `blind(data, decks)`: what no seat knows: the seed and the RNG streams (a fresh Rng(0): dice and
  every future shuffle are unknown), the order of the named decks' draw piles (sorted: the same
  cards, no order) and the resolver's checkpoint of a paused resolution (the whole state as it
  was; a view is never applied, so it is dropped);
- `mark_view(view, seat, **facts)`: the view remembers whose it is (`viewer_of`) and the public
  facts the hiding removed from it, such as the size of a hand it emptied (`view_fact`).
"""
from __future__ import annotations

from typing import Any, Iterable

from game.engine.rng import Rng


def blind(data: dict[str, Any], decks: Iterable[str]) -> dict[str, Any]:
    data["seed"] = 0
    data["rng"] = Rng(0).to_json()
    for deck in decks:
        data[deck]["draw"] = sorted(data[deck]["draw"])
    if data.get("proc") is not None:
        data["proc"].pop("checkpoint", None)
    return data


def mark_view(view: Any, seat: str, **facts: Any) -> Any:
    view.__dict__["_view"] = {"seat": seat, **facts}
    return view


def viewer_of(state: Any) -> str | None:
    """The seat a view was made for (None: the full state)."""
    got = state.__dict__.get("_view")
    return None if got is None else got["seat"]


def view_fact(state: Any, name: str, default: Any) -> Any:
    """A fact `mark_view` kept on a view; `default` (the state's own value) for the full state."""
    got = state.__dict__.get("_view")
    return default if got is None else got[name]


__all__ = ["blind", "mark_view", "view_fact", "viewer_of"]


def pending_view(proc: dict[str, Any] | None, seat: str | None) -> dict[str, Any] | None:
    """A paused resolution's question as `seat` may see it: who is asked, what kind of question
    and its prompt for everyone; its options only for the one asked (they may name cards of a
    hidden hand). None when nothing is asked. A prompt that is a message (engine/text.py) is
    given as its JSON, so the view stays plain data."""
    if proc is None or not proc.get("pending"):
        return None
    from game.engine.text import to_json as text_json

    p = proc["pending"]
    out = {"decider": p["decider"], "kind": p["kind"], "prompt": text_json(p["prompt"])}
    if p["decider"] == seat:
        out["options"] = list(p["options"])
    return out
