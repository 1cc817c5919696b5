"""What `python -m game simulate gears` plays: the Gears rules, the bots and the missions, behind
the title-generic Simulator protocol of game/simulate.py (named in game/titles.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.simulate import Bot


class GearsSimulator:
    # SquadBot (the default) plans the stage's objective for the team; "cautious" is CogBot, which
    # weighs exact attack previews but has no squad plan; RandomBot picks any legal action.
    bots = ("squad", "cautious", "random")

    def __init__(self) -> None:
        from game.gears.rules.title import GearsTitle

        self.title = GearsTitle()
        self.content = self.title.content

    def scenarios(self) -> list[str]:
        return list(self.content.missions)

    def refusal(self, scenario: str, players: int | None) -> str | None:
        from game.gears.rules.setup import mission_refusal

        return mission_refusal(self.content, scenario, players)

    def player_counts(self, scenario: str) -> list[int]:
        lo, hi = self.content.missions[scenario].players
        return list(range(max(1, lo), min(4, hi) + 1))

    def options(self, scenario: str, players: int) -> dict[str, Any]:
        return {"players": players}

    def bot(self, kind: str, seed: int) -> Bot:
        from game.gears.bots import CogBot, RandomBot, SquadBot

        return {"random": RandomBot, "cautious": CogBot}.get(kind, SquadBot)(seed)

    def finish(self, state: Any) -> None:
        from game.gears.rules.procedures import release

        release(state)
