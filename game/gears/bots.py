"""Simple Gears controllers that pick among legal actions (DESIGN.md: the AI is a controller)."""
from __future__ import annotations

from game.engine.protocol import Action
from game.engine.rng import Pcg32, Rng


class RandomBot:
    """Picks a uniformly random legal action from its own seeded stream (tests, simulations)."""

    def __init__(self, seed: int = 0):
        self.rng: Pcg32 = Rng(seed).stream("bot")

    def choose(self, actions: list[Action]) -> Action:
        if not actions:
            raise ValueError("no legal action to choose from")
        return actions[self.rng.below(len(actions))]
