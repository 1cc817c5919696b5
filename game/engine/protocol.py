"""The contract between the generic engine and a game ("title"): actions, events, decisions.

The rules of a title are a state machine that stops at decision points (DESIGN.md, Layers):

    state = title.new_game(scenario, seed, options)    # or: state, said = title.opening(...)
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
from typing import Any, Generic, Iterable, Mapping, TypeVar

from game.engine import text as T
from game.engine.text import M, Msg

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


def english_words(data: Any) -> Any:
    """A state's JSON with the prompt and labels of its pending question worded in English.

    A resolution's question keeps its prompt and labels as messages (ids and parameters, so a
    save reads in any language); the state's hash is taken over them worded in English, the
    sentences the state held before issue 18, so the hashes of pinned games and of saves made
    before stay what they were. Only a pending question is looked at (a few dict lookups)."""
    proc = data.get("proc") if isinstance(data, dict) else None
    pend = proc.get("pending") if isinstance(proc, dict) else None
    if not isinstance(pend, dict):
        return data
    prompt, labels = pend.get("prompt"), pend.get("labels")
    if prompt.__class__ is str and (labels is None or all(x.__class__ is str for x in labels)):
        return data
    pend = dict(pend, prompt=T.english(prompt))
    if labels is not None:
        pend["labels"] = [T.english(x) for x in labels]
    return dict(data, proc=dict(proc, pending=pend))


class IllegalAction(Exception):
    """Raised by `apply` for an action that is not legal now; `reason` is shown to the user.

    `why` is a message (game/engine/text.py) or a plain sentence; `reason` words it in the
    current language when read."""

    def __init__(self, reason: str | Msg):
        super().__init__(reason)
        self.why = reason

    @property
    def reason(self) -> str:
        return T.as_text(self.why)

    def __str__(self) -> str:
        return self.reason


@dataclass(frozen=True, slots=True)
class Action:
    """A decision: a `kind` ("move", "attack", "guard", "pass") and a JSON-able payload.

    `label` is the plain-words label a UI may show ("Attack the Drone with the Lancer"), a
    message (game/engine/text.py) or a plain string; `text` words it in the current language
    when read. It is not part of the action's identity, so an action read back from a save
    (label included or not) equals the one `legal_actions` lists. Treat `payload` as read-only.
    """

    kind: str
    payload: dict[str, Any] = field(default_factory=dict)
    label: str | Msg = field(default="", compare=False)

    def __hash__(self) -> int:
        return hash((self.kind, canonical_json(self.payload)))

    @property
    def text(self) -> str:
        label = self.label
        return label if label.__class__ is str else T.as_text(label)

    def get(self, key: str, default: Any = None) -> Any:
        return self.payload.get(key, default)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "payload": self.payload}
        if self.label:
            data["text"] = T.to_json(self.label)
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
        if not isinstance(text, (str, dict)):
            raise ValueError(f"action text must be text or a message, got {text!r}")
        return cls(kind, payload, T.from_json(text))


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the log and the UI's animations.

    `message` is the log line ("Marcus rolls 3 hits."): a message (game/engine/text.py, ids and
    parameters, worded in the reader's language when `text` is read) or a plain string. A save
    keeps the message's ids and parameters, not the sentence. `hidden_info` marks
    events that revealed something nobody knew before (a card drawn, dice rolled, a deck
    shuffled and looked at): undo refuses to go back across them unless the table is casual.
    `visible_to` limits who may see the event (a card drawn into a hand): None means everyone.
    """

    kind: str
    message: str | Msg
    payload: dict[str, Any] = field(default_factory=dict)
    hidden_info: bool = False
    visible_to: tuple[str, ...] | None = None

    def __hash__(self) -> int:
        return hash((self.kind, self.message, canonical_json(self.payload), self.hidden_info,
                     self.visible_to))

    @property
    def text(self) -> str:
        message = self.message
        return message if message.__class__ is str else T.as_text(message)

    def seen_by(self, player: str | None) -> bool:
        """Whether `player` may see this event (None: an observer who sees only public events)."""
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "text": T.to_json(self.message), "payload": self.payload}
        if self.hidden_info:
            data["hidden_info"] = True
        if self.visible_to is not None:
            data["visible_to"] = list(self.visible_to)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        """Inverse of to_json (a save's log); ValueError names what is malformed."""
        kind, text, payload, hidden, seen = cls.fields_from_json(data)
        return cls(kind, T.from_json(text), payload, hidden, seen)

    @staticmethod
    def fields_from_json(data: Mapping[str, Any]) -> tuple[str, str | dict[str, Any], dict[str, Any], bool,
                                                            tuple[str, ...] | None]:
        """kind, text (its JSON: a string or a message not read yet), payload, hidden_info and
        visible_to of an event's JSON, checked; ValueError names what is malformed."""
        kind, text, payload = data.get("kind"), data.get("text"), data.get("payload", {})
        hidden, seen = data.get("hidden_info", False), data.get("visible_to")
        if not isinstance(kind, str) or not isinstance(text, (str, dict)):
            raise ValueError("an event needs a text 'kind' and a 'text' (a string or a message)")
        if not isinstance(payload, dict):
            raise ValueError(f"event payload must be an object, got {type(payload).__name__}")
        if not isinstance(hidden, bool):
            raise ValueError(f"'hidden_info' must be true or false, got {hidden!r}")
        if seen is not None and not (isinstance(seen, list) and all(isinstance(x, str) for x in seen)):
            raise ValueError(f"'visible_to' must be a list of player ids, got {seen!r}")
        return kind, text, payload, hidden, tuple(seen) if seen is not None else None


class Title(ABC, Generic[S]):
    """What a game implements so the engine, the UI, bots and saves can run it.

    `name` is the title's id in save files ("gears", "doom", "level7", "convoy").
    Subclasses implement the abstract methods and one of `new_game` and `opening` (each is
    made from the other); the others have sound defaults.
    """

    name: str = ""

    def new_game(self, scenario: str, seed: int, options: Mapping[str, Any]) -> S:
        """A fresh state for `scenario`; all randomness from an Rng(seed) stored in it.

        A title implements this or `opening` (a title whose set-up says something before the
        first decision implements `opening`, and this is its state)."""
        if type(self).opening is Title.opening:
            raise TypeError(f"{type(self).__name__} implements neither new_game nor opening")
        return self.opening(scenario, seed, options)[0]

    def new_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options a new game starts with (Session.start), which its saves keep. A title
        whose rules changed a question a game asks adds its rules revision here, and its rules
        read it from the state's options: a save made before the change (no revision in its
        options) replays with the questions it was played with, a new game has the new ones.
        Default: the options as given."""
        return dict(options)

    def opening(self, scenario: str, seed: int, options: Mapping[str, Any]) -> tuple[S, list[Event]]:
        """A fresh state (as `new_game`) and the events its set-up emitted before the first
        decision, in order: the log's opening lines ("Tile 9A is placed.", "The invader draws
        5 cards."), which the session logs before action 1 (step -1). They are not in the state
        (its hash, and so pinned games and saves, stay what they were); the same seed, scenario
        and options give the same events, so a load rebuilds them this way. Default: the
        set-up says nothing."""
        if type(self).new_game is Title.new_game:
            raise TypeError(f"{type(self).__name__} implements neither new_game nor opening")
        return self.new_game(scenario, seed, options), []

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
        """A stable hash of the state: sha256 of its canonical JSON, with the words of a pending
        question (`proc.pending`, game/engine/resolution.py) in English (`english_words`)."""
        return hash_json(english_words(self.to_json(state)))

    def older_words(self, data: dict[str, Any]) -> Iterable[dict[str, Any]]:
        """A state's JSON (`to_json`) with its pending question worded as older Tiletops did, one
        copy per older wording: a save paused at that question hashed those words, and loading
        it compares hashes (game/engine/session.py). None by default."""
        return ()

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
                raise IllegalAction(M("The game is over."))
            raise IllegalAction(M("{action} is not a legal choice for {who} now.",
                                  action=action.label or action.kind, who=who))
