"""What `python -m game simulate level7` plays (the Simulator protocol of game/simulate.py).

    python -m game simulate level7 --scenario s1|s2|all --games N --seed S [--players 1-4] [--bot player|random]

Every seat is a bot: by default the player bot (game/level7/player_bot.py), or a random one.
`outcome` is "won" when at least one character escaped, else "lost"; the report's `tally` counts,
over the games, the escapes by starting player count (`escapes_with_N_players`), the characters
killed (`deaths`) and the characters who lost otherwise (`lost_inside`: still inside when the game
ended)."""
from __future__ import annotations

from typing import Any


class Level7Simulator:
    bots = ("player", "random")

    def __init__(self) -> None:
        from game.level7.content import shared_content
        from game.level7.rules.title import Level7Title

        self.title = Level7Title()
        self.content = shared_content()

    def scenarios(self) -> list[str]:
        return list(self.content.scenarios)

    def refusal(self, scenario: str, players: int | None) -> str | None:
        from game.level7.rules.setup import refusal

        return refusal(self.content, scenario, players)

    def player_counts(self, scenario: str) -> list[int]:
        from game.level7.rules.setup import PLAYERS

        return list(PLAYERS)

    def options(self, scenario: str, players: int) -> dict[str, Any]:
        return {"players": players}

    def bot(self, kind: str, seed: int):
        from game.level7.bots import RandomBot

        if kind == "player":
            from game.level7.player_bot import PlayerBot

            return PlayerBot(seed)
        return RandomBot(seed)

    def finish(self, state: Any) -> None:
        from game.level7.rules.procedures import RESOLVER

        RESOLVER.release(state)

    def tally(self, state: Any) -> dict[str, int]:
        from game.level7.rules.state import ESCAPED, KILLED

        chars = state.characters.values()
        return {f"escapes_with_{state.starting_players}_players": sum(c.status == ESCAPED for c in chars),
                "deaths": sum(c.status == KILLED for c in chars),
                "lost_inside": sum(c.status not in (ESCAPED, KILLED) for c in chars)}
