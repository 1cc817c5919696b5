"""What `python -m game simulate doom` plays (the Simulator protocol of game/simulate.py).

    python -m game simulate doom --scenario knee_deep|reactor|all --games N --seed S [--players 1-3] [--bot marine|greedy|random]

`--players` is the number of marines (the invader is always there, a bot like them). The
report's `outcomes` counts who won: `marines` or `invader` (spec 9: the marines' objective or
the frag target); `unfinished` games hit --max-actions. `--bot marine` (the default): MarineBot
(game/doom/marine_bot.py) in the marine seats, GreedyBot for the invader; `greedy`: GreedyBot
(game/doom/bots.py) in every seat; `random`: RandomBot everywhere. There is no invader
difficulty yet (the invader AI of spec 11.D is not built), so no --difficulty.
"""
from __future__ import annotations

from typing import Any

MARINES = (1, 2, 3)  # spec 4: one to three marine players against the invader


class DoomSimulator:
    bots = ("marine", "greedy", "random")

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

    def bot(self, kind: str, seed: int):
        from game.doom.bots import GreedyBot, RandomBot

        if kind == "marine":
            from game.doom.marine_bot import MarineBot

            return BySide(MarineBot(seed), GreedyBot())
        return RandomBot(seed) if kind == "random" else GreedyBot()

    def finish(self, state: Any) -> None:
        from game.doom.rules.procedures import RESOLVER

        RESOLVER.release(state)


class BySide:
    """One seat's controller that hands each decision to the bot of the side deciding: the
    simulator makes a bot per seat before it knows whose seat it is."""

    def __init__(self, marine_bot, invader_bot):
        self.marine_bot, self.invader_bot = marine_bot, invader_bot

    def decide(self, state: Any, actions: list):
        from game.doom.rules.state import INVADER
        from game.doom.rules.turn import decider

        bot = self.invader_bot if decider(state) == INVADER else self.marine_bot
        return bot.decide(state, actions)

    def choose(self, actions: list, state: Any):
        return self.decide(state, actions).action
