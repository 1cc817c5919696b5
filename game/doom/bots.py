"""Doom controllers that pick among the legal actions like a person does, and say why."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.protocol import Action
from game.engine.rng import Pcg32, Rng


@dataclass(frozen=True)
class Choice:
    action: Action
    reason: str


class RandomBot:
    """Picks a uniformly random legal action from its own seeded stream (tests, simulations).

    Ending a turn or an activation is one option among many, so a random game drifts; tests
    bound the number of actions instead of waiting for the end."""

    def __init__(self, seed: int = 0):
        self.rng: Pcg32 = Rng(seed).stream("bot")

    def choose(self, actions: list[Action], state: Any = None) -> Action:
        if not actions:
            raise ValueError("no legal action to choose from")
        return actions[self.rng.below(len(actions))]

    def decide(self, state: Any, actions: list[Action]) -> Choice:
        return Choice(self.choose(actions), "picked at random")
