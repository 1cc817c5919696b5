"""GearsTitle: the Title (game/engine/protocol.py) that game.engine.Session drives."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from game.engine.protocol import Action, Event, IllegalAction, Title
from game.gears.content import GearsContent, load_content
from game.gears.rules import procedures as P
from game.gears.rules import setup as S
from game.gears.rules import turn as T
from game.gears.rules.board_view import FileTileLoader
from game.gears.rules.state import GearsState

import game.gears.ai  # noqa: F401  (registers the locust_step procedure)


@lru_cache(maxsize=1)
def shared_content() -> GearsContent:
    """The content is read once per process: it is immutable."""
    return load_content()


class GearsTitle(Title[GearsState]):
    name = "gears"

    def __init__(self, tile_loader: Any = None):
        self.loader = tile_loader or FileTileLoader()
        self.content = shared_content()

    def new_game(self, scenario: str, seed: int, options: Mapping[str, Any]) -> GearsState:
        state = S.new_state(self.content, scenario, seed, options, self.loader)
        P.start(state, "setup", {})
        return state

    def legal_actions(self, state: GearsState) -> list[Action]:
        return T.legal_actions(state)

    def apply(self, state: GearsState, action: Action) -> list[Event]:
        if state.outcome is not None:
            raise IllegalAction("The game is over.")
        return T.apply(state, action)

    def current_decider(self, state: GearsState) -> str | None:
        if state.outcome is not None:
            return None
        if state.proc is not None:
            return state.proc["pending"]["decider"]
        f = T.top(state)
        if f is None:
            return None
        if f["f"] == "setup_cover":
            return f["order"][0]
        if f["f"] == "follow":
            return f["candidates"][0]
        return f["player"]

    def to_json(self, state: GearsState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> GearsState:
        return GearsState.from_json(dict(data), self.loader)

    def turn_number(self, state: GearsState) -> int:
        return state.turn
