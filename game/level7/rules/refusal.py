"""A refusal: why a player may not do something, in the player's words. The Level 7 rules
functions return one instead of raising, so `legal_actions`, a preview and `apply` ask the same
function; `apply` raises `IllegalAction(refusal.reason)` (game/engine/protocol.py)."""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.text import Msg


@dataclass(frozen=True)
class Refusal:
    reason: Msg | str


__all__ = ["Refusal"]
