"""What `python -m game simulate doom` plays (the Simulator protocol of game/simulate.py).

    python -m game simulate doom --scenario knee_deep|reactor|all --games N --seed S [--players 1-3]
        [--bot marine|greedy|random] [--difficulty recruit|veteran|nightmare]

`--players` is the number of marines (the invader is always there, a bot like them). The
report's `outcomes` counts who won: `marines` or `invader` (a competitive game: no co-op `wins`,
`losses`) (spec 9: the marines' objective or
the frag target); `unfinished` games hit --max-actions. `--bot` names the marines' bot: `marine`
(the default, MarineBot of game/doom/marine_bot.py), `greedy` (GreedyBot, game/doom/bots.py) or
`random` (RandomBot). The invader is GreedyBot (RandomBot with `--bot random`) unless
`--difficulty` names a level of the automated invader of spec 11.D (game/doom/invader_ai.py).
"""
from __future__ import annotations

from typing import Any

MARINES = (1, 2, 3)  # spec 4: one to three marine players against the invader


class DoomSimulator:
    bots = ("marine", "greedy", "random")
    difficulties = ("recruit", "veteran", "nightmare")  # game/doom/invader_ai.py DIFFICULTIES
    sides = ("marines", "invader")  # a game's outcome: who won (game/doom/rules/state.py)

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

        if kind == "random":
            marine = invader = RandomBot(seed)
        elif kind == "marine":
            from game.doom.marine_bot import MarineBot

            marine, invader = MarineBot(seed), GreedyBot()
        else:
            marine = invader = GreedyBot()
        if difficulty is not None:
            from game.doom.invader_ai import InvaderAI

            invader = InvaderAI(difficulty, seed)
        return marine if marine is invader else BySide(marine, invader)

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
        if hasattr(bot, "decide"):
            return bot.decide(state, actions)
        from game.engine.bots import Choice

        return Choice(bot.choose(actions), "")

    def choose(self, actions: list, state: Any):
        return self.decide(state, actions).action
