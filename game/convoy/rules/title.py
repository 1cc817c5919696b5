"""ConvoyTitle: the Title (game/engine/protocol.py) that game.engine.Session drives.

    from game.convoy.rules.title import ConvoyTitle
    session = Session.start(ConvoyTitle(), "standard", seed=7, options={})

Seats are "moloch" and "outpost"; the game begins with Moloch's mulligan decision (spec 4).
Options: `fallback` = "robot_first" (the seed's order, the default) or "hand_first" (spec 9 #25)."""
from __future__ import annotations

from typing import Any, Mapping

from game.convoy.rules import flow
from game.convoy.rules.state import ConvoyState
from game.engine.protocol import Action, Event, Title

SCENARIOS = ("standard",)


class ConvoyTitle(Title[ConvoyState]):
    name = "convoy"

    def new_game(self, scenario: str, seed: int, options: Mapping[str, Any]) -> ConvoyState:
        if scenario not in SCENARIOS:
            raise ValueError(f"unknown Neuroshima Convoy scenario {scenario!r} (known: {', '.join(SCENARIOS)})")
        if options.get("fallback", "robot_first") not in ("robot_first", "hand_first"):
            raise ValueError(f"option fallback must be robot_first or hand_first, got {options['fallback']!r}")
        return flow.new_state(seed, dict(options))

    def legal_actions(self, state: ConvoyState) -> list[Action]:
        return flow.legal_actions(state)

    def apply(self, state: ConvoyState, action: Action) -> list[Event]:
        return flow.apply(state, action)

    def current_decider(self, state: ConvoyState) -> str | None:
        return flow.decider(state)

    def to_json(self, state: ConvoyState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> ConvoyState:
        return ConvoyState.from_json(dict(data))

    def turn_number(self, state: ConvoyState) -> int:
        return state.round
