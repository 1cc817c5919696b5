"""What every title's controllers share (DESIGN.md: the AI is a controller that picks among the
legal actions like a person does, and says why): the `Choice` a bot returns, and `RandomBot`,
a uniformly random legal action from its own seeded stream (tests, property checks, the
benchmarks). A title's own bots (Gears' CogBot, Doom's GreedyBot) return the same Choice."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.protocol import Action
from game.engine.rng import Pcg32, Rng


@dataclass(frozen=True)
class Choice:
    action: Action
    reason: str  # plain words, shown by the table's log


class RandomBot:
    """Picks a uniformly random legal action from its own seeded stream. In a title where
    ending a turn is one option among many a random game drifts: bound it by actions."""

    def __init__(self, seed: int = 0):
        self.rng: Pcg32 = Rng(seed).stream("bot")

    def choose(self, actions: list[Action], state: Any = None) -> Action:
        if not actions:
            raise ValueError("no legal action to choose from")
        return actions[self.rng.below(len(actions))]

    def decide(self, state: Any, actions: list[Action]) -> Choice:
        return Choice(self.choose(actions), "picked at random")
