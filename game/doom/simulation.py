"""What `python -m game simulate doom` plays (the Simulator protocol of game/simulate.py).

    python -m game simulate doom --scenario knee_deep|reactor|all --games N --seed S [--players 1-3]
        [--bot greedy|random] [--difficulty recruit|veteran|nightmare]

`--players` is the number of marines (the invader is always there, a bot like them). The
report's `outcomes` counts who won: `marines` or `invader` (spec 9: the marines' objective or
the frag target); `unfinished` games hit --max-actions. Without --difficulty every seat is played
by the same kind of bot (GreedyBot, game/doom/bots.py, plays either side); with it the invader
is the automated invader of spec 11.D (game/doom/invader_ai.py) at that level and the marines
keep --bot.
"""
from __future__ import annotations

from typing import Any

MARINES = (1, 2, 3)  # spec 4: one to three marine players against the invader


class Seats:
    """The invader AI for the invader's decisions, the marines' bot for the others."""

    def __init__(self, invader, marine):
        self.invader, self.marine = invader, marine

    def decide(self, state: Any, actions: list):
        from game.doom.rules.turn import decider

        return (self.invader if decider(state) == "invader" else self.marine).decide(state, actions)


class DoomSimulator:
    bots = ("greedy", "random")
    difficulties = ("recruit", "veteran", "nightmare")  # game/doom/invader_ai.py DIFFICULTIES

    def __init__(self) -> None:
        from game.doom.content import shared_content
        from game.doom.rules.title import DoomTitle

        self.title = DoomTitle()
        self.content = shared_content()

    def scenarios(self) -> list[str]:
        return [s for s in self.content.scenarios if s != "sample"]  # the test room is no scenario

    def refusal(self, scenario: str, players: int | None) -> str | None:
        if scenario not in self.content.scenarios:
            return f"unknown Doom scenario {scenario!r} (known: {', '.join(self.scenarios())})"
        if players is not None and players not in MARINES:
            return f"Doom is for 1-3 marines against the invader, not {players}"
        return None

    def player_counts(self, scenario: str) -> list[int]:
        return list(MARINES)

    def options(self, scenario: str, players: int) -> dict[str, Any]:
        return {"marines": players}

    def bot(self, kind: str, seed: int, difficulty: str | None = None):
        from game.doom.bots import GreedyBot, RandomBot

        marine = RandomBot(seed) if kind == "random" else GreedyBot()
        if difficulty is None:
            return marine
        from game.doom.invader_ai import InvaderAI

        return Seats(InvaderAI(difficulty, seed), marine)

    def finish(self, state: Any) -> None:
        from game.doom.rules.procedures import RESOLVER

        RESOLVER.release(state)
