"""The lesson model: a lesson is a scenario, setup verbs, named places and a list of steps.

Pure data (frozen dataclasses), read from TOML by loader.py. A step never holds a full Action:
it holds matchers (an action kind plus a subset of its payload), so a lesson keeps working when
the rules add payload keys or change labels (docs/TUTORIAL.md, "Matching on meaning").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

# What a step can point at; the overlay draws each kind differently.
# ("square" and "door" are for grid titles: a square place, a door id.)
HIGHLIGHT_KINDS = ("area", "figure", "card", "button", "los", "hole", "cover", "panel", "square", "door")


@dataclass(frozen=True)
class Matcher:
    """Accepts an action of `kind` whose payload agrees with `payload` on every key given.

    A string value also matches a card instance of that card ("advance" matches "advance#3"),
    a list value matches any of its items, and a value starting with "@" names a place or a
    figure of the lesson, resolved when the lesson runs."""

    kind: str
    payload: Mapping[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        if not self.payload:
            return self.kind
        inner = ", ".join(f"{k}={v}" for k, v in sorted(self.payload.items()))
        return f"{self.kind}({inner})"


@dataclass(frozen=True)
class Highlight:
    kind: str  # one of HIGHLIGHT_KINDS
    target: tuple[str, ...]  # one id, or two for "los" (from, to)


@dataclass(frozen=True)
class Condition:
    """A test on the state, for free-play steps (`until`); see conditions in the adapter."""

    name: str
    value: Any


@dataclass(frozen=True)
class Step:
    id: str
    text: str
    line: int | None = None  # where the step starts in its file (for --check messages)
    highlights: tuple[Highlight, ...] = ()
    expect: tuple[Matcher, ...] = ()  # any one of these completes an action step
    # Free play: any legal action is accepted until every condition holds; `solution` is what
    # --check (and the hint) submits.
    until: tuple[Condition, ...] = ()
    solution: tuple[Matcher, ...] = ()
    wrong: str = ""  # why another legal action is not the point now
    rule: str = ""  # rules_reference section behind this step
    dice: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # stacked when the step starts
    ai_on_top: tuple[str, ...] = ()  # AI cards put on top of the AI deck when the step starts
    orders_on_top: tuple[str, ...] = ()
    # Cards put on top of the title's decks when the step starts: deck name -> card names,
    # the first drawn first (Doom: "invader", "marine"); the adapter checks the names.
    decks: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        if self.until:
            return "free"
        if self.expect:
            return "action"
        return "read"


@dataclass(frozen=True)
class Scenario:
    title: str  # "gears"
    mission: str
    seed: int
    options: Mapping[str, Any]


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    order: int
    minutes: int
    summary: str
    path: str
    scenario: Scenario
    setup: Mapping[str, Any]  # setup verbs, checked by the title adapter at load
    places: Mapping[str, Any]  # place name -> literal id or query (adapter)
    steps: tuple[Step, ...]
    rules: tuple[str, ...] = ()
    # Decisions the learner is not being taught in this lesson, answered by the runner with
    # the listed preference (kind -> payload matcher or "first").
    auto: Mapping[str, Any] = field(default_factory=dict)
