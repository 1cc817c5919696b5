"""What every title's controllers share (DESIGN.md: the AI is a controller that picks among the
legal actions like a person does, and says why): the `Choice` a bot returns, and `RandomBot`,
a uniformly random legal action from its own seeded stream (tests, property checks, the
benchmarks). A title's own bots (Gears' CogBot, Doom's GreedyBot) return the same Choice.

A bot with state of its own (a random stream for ties, a memory) gives it as plain JSON with
`get_state()` and takes it back with `set_state(data)`, raising ValueError or TypeError for data
it cannot take: the table saves every bot seat's state with the game (Session.bot_states), so a
game continued from a save goes on exactly as the uninterrupted one would (issue 22).
`SeededBot` is that for a bot whose only state is its PCG32 stream."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, TypeVar

from game.engine.protocol import Action
from game.engine.rng import Pcg32, Rng


@dataclass(frozen=True)
class Choice:
    action: Action
    reason: str  # plain words, shown by the table's log
    # The reason reads what only the bot's own seat may know (its hand): a table shows it to
    # that seat alone, as it would show the hand (DESIGN.md: hidden information stays hidden).
    private: bool = False


S = TypeVar("S")


def seat_view(state: S, decider: Callable[[S], str | None], view_for: Callable[[S, str], S],
              viewer_of: Callable[[S], str | None]) -> S:
    """The view of the seat that decides now (DESIGN.md: a bot decides on a view, never the state):
    `view_for` is the title's (what one player may know), `decider` its rules' answer to whose
    decision it is. A view passed in is kept as it is; with nobody to decide the state is returned."""
    if viewer_of(state) is not None:
        return state
    seat = decider(state)
    return state if seat is None else view_for(state, seat)


class SeededBot:
    """A bot whose state is one seeded PCG32 stream (`stream` names it), saved with the game."""

    stream = "bot"

    def __init__(self, seed: int = 0):
        self.rng: Pcg32 = Rng(seed).stream(self.stream)

    def get_state(self) -> dict[str, Any]:
        return {"rng": self.rng.to_json()}

    def set_state(self, data: Any) -> None:
        if not isinstance(data, dict) or set(data) != {"rng"}:
            raise ValueError(f"not a {type(self).__name__} state: {str(data)[:60]}")
        rng = data["rng"]
        if not (isinstance(rng, list) and len(rng) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**64 for v in rng)):
            raise ValueError(f"not a random stream: {str(rng)[:60]}")
        self.rng = Pcg32.from_json(rng)


class RandomBot(SeededBot):
    """Picks a uniformly random legal action from its own seeded stream. In a title where
    ending a turn is one option among many a random game drifts: bound it by actions."""

    def choose(self, actions: list[Action], state: Any = None) -> Action:
        if not actions:
            raise ValueError("no legal action to choose from")
        return actions[self.rng.below(len(actions))]

    def decide(self, state: Any, actions: list[Action]) -> Choice:
        return Choice(self.choose(actions), "picked at random")
