"""The contract between the generic engine and a game ("title"): actions, events, decisions.

The rules of a title are a state machine that stops at decision points (DESIGN.md, Layers):

    state = title.new_game(scenario, seed, options)
    while (who := title.current_decider(state)) is not None:
        action = pick(title.legal_actions(state))     # a person, a bot or a tutorial script
        events = title.apply(state, action)            # mutates `state`, returns what happened

`apply` mutates the state in place. Copying a whole game state per action would cost more
than the rules themselves (the Gears engine must reach thousands of actions per second for
bots and tests), and nothing needs the old state: undo and replays rebuild any earlier state
from the seed and the action list (game/engine/session.py). A title's `apply` must therefore
check legality *before* changing anything, so an `IllegalAction` leaves the state as it was.
"""
from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Generic, Mapping, TypeVar

S = TypeVar("S")


def canonical_json(data: Any) -> str:
    """One fixed text for a JSON value: sorted keys, no spaces, ASCII only.

    Floats are rejected by convention (not checked here): keep state in ints, strings and
    Fractions-as-strings so the text, and the hash, are the same on every machine.
    """
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False)


def hash_json(data: Any) -> str:
    """sha256 hex digest of the canonical JSON text."""
    return hashlib.sha256(canonical_json(data).encode("ascii")).hexdigest()


class IllegalAction(Exception):
    """Raised by `apply` for an action that is not legal now; `reason` is shown to the user."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Action:
    """A decision: a `kind` ("move", "attack", "guard", "pass") and a JSON-able payload.

    `text` is the plain-words label a UI may show ("Attack the Drone with the Lancer"); it is
    not part of the action's identity, so an action read back from a save (text included or
    not) equals the one `legal_actions` lists. Treat `payload` as read-only.
    """

    kind: str
    payload: dict[str, Any] = field(default_factory=dict)
    text: str = field(default="", compare=False)

    def __hash__(self) -> int:
        return hash((self.kind, canonical_json(self.payload)))

    def get(self, key: str, default: Any = None) -> Any:
        return self.payload.get(key, default)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "payload": self.payload}
        if self.text:
            data["text"] = self.text
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        kind = data.get("kind")
        payload = data.get("payload", {})
        text = data.get("text", "")
        if not isinstance(kind, str) or not kind:
            raise ValueError(f"an action needs a text 'kind', got {kind!r}")
        if not isinstance(payload, dict):
            raise ValueError(f"action payload must be an object, got {type(payload).__name__}")
        if not isinstance(text, str):
            raise ValueError(f"action text must be text, got {text!r}")
        return cls(kind, payload, text)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the log and the UI's animations.

    `text` is the plain-words line for the log ("Marcus rolls 3 hits."). `hidden_info` marks
    events that revealed something nobody knew before (a card drawn, dice rolled, a deck
    shuffled and looked at): undo refuses to go back across them unless the table is casual.
    `visible_to` limits who may see the event (a card drawn into a hand): None means everyone.
    """

    kind: str
    text: str
    payload: dict[str, Any] = field(default_factory=dict)
    hidden_info: bool = False
    visible_to: tuple[str, ...] | None = None

    def __hash__(self) -> int:
        return hash((self.kind, self.text, canonical_json(self.payload), self.hidden_info,
                     self.visible_to))

    def seen_by(self, player: str | None) -> bool:
        """Whether `player` may see this event (None: an observer who sees only public events)."""
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "text": self.text, "payload": self.payload}
        if self.hidden_info:
            data["hidden_info"] = True
        if self.visible_to is not None:
            data["visible_to"] = list(self.visible_to)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        """Inverse of to_json (a save's log); ValueError names what is malformed."""
        kind, text, payload = data.get("kind"), data.get("text"), data.get("payload", {})
        hidden, seen = data.get("hidden_info", False), data.get("visible_to")
        if not isinstance(kind, str) or not isinstance(text, str):
            raise ValueError("an event needs a text 'kind' and 'text'")
        if not isinstance(payload, dict):
            raise ValueError(f"event payload must be an object, got {type(payload).__name__}")
        if not isinstance(hidden, bool):
            raise ValueError(f"'hidden_info' must be true or false, got {hidden!r}")
        if seen is not None and not (isinstance(seen, list) and all(isinstance(x, str) for x in seen)):
            raise ValueError(f"'visible_to' must be a list of player ids, got {seen!r}")
        return cls(kind, text, payload, hidden, tuple(seen) if seen is not None else None)


class Title(ABC, Generic[S]):
    """What a game implements so the engine, the UI, bots and saves can run it.

    `name` is the title's id in save files ("gears", "doom", "level7", "convoy").
    Subclasses implement the abstract methods; the others have sound defaults.
    """

    name: str = ""

    @abstractmethod
    def new_game(self, scenario: str, seed: int, options: Mapping[str, Any]) -> S:
        """A fresh state for `scenario`; all randomness from an Rng(seed) stored in it."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[Action]:
        """Every action the current decider may take now (empty when the game is over)."""

    @abstractmethod
    def apply(self, state: S, action: Action) -> list[Event]:
        """Performs `action` on `state` in place and returns the events, in order.

        Raises IllegalAction (state untouched) when the action is not legal now.
        """

    @abstractmethod
    def current_decider(self, state: S) -> str | None:
        """Who decides now (a player id, or e.g. "locust" for the AI); None when the game is over."""

    @abstractmethod
    def to_json(self, state: S) -> dict[str, Any]:
        """The whole state as JSON-able data (ints, strings, lists, dicts; no floats)."""

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> S:
        """Inverse of to_json. May raise KeyError/TypeError/ValueError on malformed data."""

    def is_over(self, state: S) -> bool:
        return self.current_decider(state) is None

    def state_hash(self, state: S) -> str:
        """A stable hash of the state: sha256 of its canonical JSON."""
        return hash_json(self.to_json(state))

    def turn_number(self, state: S) -> int:
        """The turn (round) number shown in the log; titles without turns keep 0."""
        return 0

    def require_legal(self, state: S, action: Action) -> None:
        """A plain legality check for `apply`: the action must be one of `legal_actions`.

        Titles with long action lists may check more directly; either way the reason given
        should say why in words a player understands.
        """
        if action not in self.legal_actions(state):
            who = self.current_decider(state)
            if who is None:
                raise IllegalAction("The game is over.")
            raise IllegalAction(f"{action.text or action.kind} is not a legal choice for {who} now.")
