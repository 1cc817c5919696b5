"""What `python -m game simulate doom` can play once Doom is registered in game/titles.py: the
Doom rules, the bots and the scenarios behind the Simulator protocol of game/simulate.py (on
main; this module does not import it).

Players are the marines (the invader is always a bot seat too): `--players 2` is a game of two
marines and the invader. The game's end is `state.outcome` = "marines" or "invader";
`outcome_words` says it from the marines' side ("won" / "lost"), the words game/simulate.py counts.
"""
from __future__ import annotations

from typing import Any


class DoomSimulator:
    bots = ("greedy", "random")  # GreedyBot weighs exact attack odds; RandomBot picks any legal action

    def __init__(self) -> None:
        from game.doom.rules.title import DoomTitle

        self.title = DoomTitle()
        from game.doom.content import shared_content

        self.content = shared_content()

    def scenarios(self) -> list[str]:
        return [s for s in self.content.scenarios if s != "sample"]

    def refusal(self, scenario: str, players: int | None) -> str | None:
        if scenario not in self.content.scenarios:
            return f"Doom has no scenario {scenario!r}."
        if players is not None and not 1 <= players <= len(self.content.marines):
            return f"Doom is played by 1 to {len(self.content.marines)} marines, not {players}."
        return None

    def player_counts(self, scenario: str) -> list[int]:
        return list(range(1, len(self.content.marines) + 1))

    def options(self, scenario: str, players: int) -> dict[str, Any]:
        return {"marines": players}

    def bot(self, kind: str, seed: int):
        from game.doom.bots import GreedyBot, RandomBot

        return RandomBot(seed) if kind == "random" else GreedyBot()

    def finish(self, state: Any) -> None:
        from game.doom.rules.procedures import RESOLVER

        RESOLVER.release(state)


def outcome_words(outcome: str | None) -> str | None:
    """The end of a Doom game from the marines' side: "won", "lost" or None (still going)."""
    return {"marines": "won", "invader": "lost"}.get(outcome or "")
