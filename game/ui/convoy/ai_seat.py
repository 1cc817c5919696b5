"""The controller of a Convoy seat played by the AI: the Convoy AI (game/convoy/ai.py
`ConvoyAI(seed, level)`) at the level chosen on the set-up screen, deciding on its seat's view
(rules/view.py `view_for`: the opponent's hand and the decks' order hidden).

Its saved state carries the level, so a continued game gets the same AI back (GameTable saves
`get_state()` with the game and gives it back with `set_state`)."""
from __future__ import annotations

from typing import Any

from game.convoy.ai import LEVELS, ConvoyAI
from game.engine.bots import Choice


def _make(level: str, seed: int) -> ConvoyAI:
    return ConvoyAI(seed, level)


class ConvoySeatBot:
    def __init__(self, seat: str, level: str, seed: int) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown Convoy AI level {level!r} (levels: {', '.join(LEVELS)})")
        self.seat, self.level, self.seed = seat, level, seed
        self.inner = _make(level, seed)

    def decide(self, state: Any, actions: list) -> Choice:
        from game.convoy.rules.view import view_for

        choice = self.inner.decide(view_for(state, self.seat), actions)
        action = next((a for a in actions if a == choice.action), choice.action)  # the listed one, with its words
        return Choice(action, getattr(choice, "reason", "") or "", getattr(choice, "private", False))

    def get_state(self) -> dict[str, Any]:
        inner = self.inner.get_state() if hasattr(self.inner, "get_state") else None
        return {"level": self.level, "inner": inner}

    def set_state(self, data: Any) -> None:
        if not isinstance(data, dict) or set(data) != {"level", "inner"} or data["level"] not in LEVELS:
            raise ValueError(f"not a Convoy AI seat state: {str(data)[:60]}")
        if data["level"] != self.level:
            self.level = data["level"]
            self.inner = _make(self.level, self.seed)
        if data["inner"] is not None and hasattr(self.inner, "set_state"):
            self.inner.set_state(data["inner"])
