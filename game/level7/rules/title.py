"""Level7Title: the Title (game/engine/protocol.py) that game.engine.Session drives.

    from game.level7.rules.title import Level7Title
    session = Session.start(Level7Title(), "s1", seed=7, options={"players": 2})
"""
from __future__ import annotations

from typing import Any, Mapping

from game.engine.protocol import Action, Event, Title
from game.level7.rules import setup, turn
from game.level7.rules.procedures import RESOLVER
from game.level7.rules.state import REVISIONS, Level7State


class Level7Title(Title[Level7State]):
    name = "level7"

    def new_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """A new game is played by the current rules revision (state.RULES_REVISION)."""
        return REVISIONS.new_options(options)

    def opening(self, scenario: str, seed: int, options: Mapping[str, Any]) -> tuple[Level7State, list[Event]]:
        """The new game and what its first step 1 said before the first question: the log's
        opening lines."""
        state = setup.new_state(scenario, seed, options)
        return state, RESOLVER.start(state, "first_turn", {})

    def legal_actions(self, state: Level7State) -> list[Action]:
        return turn.legal_actions(state)

    def apply(self, state: Level7State, action: Action) -> list[Event]:
        return turn.apply(state, action)

    def current_decider(self, state: Level7State) -> str | None:
        return turn.decider(state)

    def to_json(self, state: Level7State) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> Level7State:
        return Level7State.from_json(dict(data))

    def turn_number(self, state: Level7State) -> int:
        return state.turn_no
