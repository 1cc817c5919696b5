"""DoomTitle: the Title (game/engine/protocol.py) that game.engine.Session drives.

    from game.doom.rules.title import DoomTitle
    session = Session.start(DoomTitle(), "knee_deep", seed=7, options={"marines": 2})
"""
from __future__ import annotations

from typing import Any, Mapping

from game.doom.rules import setup as S
from game.doom.rules import turn as T
from game.doom.rules.state import DoomState
from game.engine.protocol import Action, Event, IllegalAction, Title


class DoomTitle(Title[DoomState]):
    name = "doom"

    def new_game(self, scenario: str, seed: int, options: Mapping[str, Any]) -> DoomState:
        return S.new_state(scenario, seed, options)

    def legal_actions(self, state: DoomState) -> list[Action]:
        return T.legal_actions(state)

    def apply(self, state: DoomState, action: Action) -> list[Event]:
        if state.outcome is not None:
            raise IllegalAction("The game is over.")
        return T.apply(state, action)

    def current_decider(self, state: DoomState) -> str | None:
        return T.decider(state)

    def to_json(self, state: DoomState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> DoomState:
        return DoomState.from_json(dict(data))

    def turn_number(self, state: DoomState) -> int:
        return state.round
