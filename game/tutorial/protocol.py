"""What the lesson runner needs from a title: the `LessonAdapter` protocol.

A title with lessons provides one adapter (game/gears/tutorial.py: GearsAdapter), named by its
`tutorial` entry in game/titles.py; game/tutorial/runner.py talks to the title only through
these methods, so it never imports a title package. docs/TUTORIAL.md describes each one.
"""
from __future__ import annotations

from typing import Any, Mapping, Protocol

from game.engine.protocol import Action, Event, Title
from game.engine.session import Session
from game.engine.tomldata import TomlFile
from game.tutorial.model import Lesson, Step


class LessonBroken(Exception):
    """A lesson cannot go on: names the lesson file, the step and what is wrong. `message` is a
    message worded when shown (game/engine/text.py), so Learn to play says it in the reader's
    language; `str()` words it now."""

    def __init__(self, message: Any):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


class LessonAdapter(Protocol):
    title: Title[Any]
    # How to answer the decisions a lesson does not teach, by decision kind: "first",
    # "decline" or a payload matcher; a lesson's [auto] table overrides these.
    default_auto: Mapping[str, Any]

    def check_lesson(self, doc: TomlFile, lesson: Lesson) -> None:
        """At load: names the lesson uses that the title does not know (setup verbs, places,
        conditions, cards, dice faces) raise doc.error(key path, problem)."""

    def start(self, lesson: Lesson) -> tuple[Session, dict[str, str]]:
        """The lesson's game past the title's own setup decisions, with the setup verbs applied;
        returns the session and the named places resolved to ids on its map."""

    def step_stacks(self, state: Any, lesson: Lesson, step: Step) -> None:
        """Stacks the dice faces and cards `step` fixes, as the step begins."""

    def drop_stacked(self, state: Any, dice: set[str]) -> bool:
        """Drops the unused stacked faces of these dice, unless a resolution they fed is still
        open (an attack waiting for a Dodge); True when dropped, False to ask again later."""

    def resolve(self, state: Any, value: Any, places: Mapping[str, str]) -> Any:
        """A matcher or highlight value with "@place" names replaced by their ids."""

    def condition(self, state: Any, name: str, value: Any, events: list[Event],
                  places: Mapping[str, str]) -> bool:
        """Whether free-play condition `name = value` holds (events: those since the step began)."""

    def pending_kind(self, state: Any) -> str | None:
        """The kind of question asked now inside a resolution (a key of default_auto), or None."""

    def explain_illegal(self, state: Any, action: Action, engine_reason: Any) -> tuple[Any, str]:
        """The sentence and the rules reference section for an action the rules refuse.
        `engine_reason` is the rules' `IllegalAction.why`: a message (game/engine/text.py, read
        its English with `text.english` to find the rule it cites) or a plain sentence; the
        sentence returned may be either too (the runner words it)."""

    def describe(self, state: Any) -> str:
        """A few words on where the game is, for --check's messages: "phase move", or the
        outcome once the game is over."""
