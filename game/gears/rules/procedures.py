"""Resolutions that stop for decisions halfway: a Locust Activation Step, an attack with its
wound discards, a pick-up with its choices.

Such a resolution is a plain Python function `fn(ctx, **args)` that asks `ctx.choose(...)`
whenever someone must decide (a Guard window, a Dodge, which card to discard for a wound, a
tie between two nearest COGs). The state cannot hold a paused Python frame, so the engine uses
deterministic re-execution: when the resolution starts, the state is snapshotted; a decision
that has no recorded answer raises `NeedDecision`, which leaves the state as it was at that
moment (what the players see) and records the question in `state.proc`. The answer is appended
to `proc["answers"]`, the snapshot restored, and the function run again from the start: the RNG
is in the snapshot, so every die and card comes out the same, earlier questions are answered
from the list, and the resolution goes one decision further. Events already returned are not
returned again (`proc["emitted"]`).

This keeps every decision a real decision point for the right player (DESIGN.md) with no
callbacks, and the whole thing is JSON (a save in the middle of an AI card works).
"""
from __future__ import annotations

from typing import Any, Callable

from game.engine.protocol import Event
from game.gears.rules.state import GearsState

PROCS: dict[str, Callable[..., None]] = {}


def procedure(name: str):
    def register(fn):
        PROCS[name] = fn
        return fn
    return register


class NeedDecision(Exception):
    def __init__(self, decider: str, kind: str, options: list[dict[str, Any]], prompt: str,
                 labels: list[str]):
        super().__init__(prompt)
        self.decider, self.kind, self.options, self.prompt, self.labels = (
            decider, kind, options, prompt, labels)


class Ctx:
    """What a procedure sees: the state, the recorded answers, and the events it emits."""

    def __init__(self, state: GearsState, answers: list[dict[str, Any]]):
        self.state = state
        self.answers = answers
        self.used = 0
        self.events: list[Event] = []

    def choose(self, decider: str, kind: str, options: list[dict[str, Any]], prompt: str,
               labels: list[str] | None = None) -> dict[str, Any]:
        """One option; asks `decider` only when there is a real choice (two or more options)."""
        if not options:
            raise ValueError(f"no options for {kind}")
        if len(options) == 1:
            return options[0]
        if self.used < len(self.answers):
            answer = self.answers[self.used]
            self.used += 1
            return answer
        raise NeedDecision(decider, kind, options, prompt, labels or [str(o) for o in options])

    def emit(self, kind: str, text: str, payload: dict[str, Any] | None = None,
             hidden: bool = False, visible_to: tuple[str, ...] | None = None) -> None:
        self.events.append(Event(kind, text, payload or {}, hidden, visible_to))


def start(state: GearsState, name: str, args: dict[str, Any]) -> list[Event]:
    """Starts (and runs as far as possible) a procedure; procedures queued meanwhile follow."""
    events: list[Event] = []
    queue = [(name, args)]
    while queue and state.proc is None and state.outcome is None:
        n, a = queue.pop(0)
        snapshot = state.to_json()
        state.proc = {"name": n, "args": a, "checkpoint": snapshot, "answers": [], "emitted": 0,
                      "pending": None}
        events += _run(state)
        queue += state.flags.pop("queued_procs", [])
    if queue and state.outcome is None:
        state.flags.setdefault("queued_procs", []).extend(queue)
    return events


def answer(state: GearsState, choice: dict[str, Any]) -> list[Event]:
    """Records the answer to the pending question and resumes."""
    assert state.proc is not None
    state.proc["answers"].append(choice)
    events = _run(state)
    queued = state.flags.pop("queued_procs", [])
    for n, a in queued:
        if state.proc is None and state.outcome is None:
            events += start(state, n, a)
        else:
            state.flags.setdefault("queued_procs", []).append([n, a])
    return events


def queue(state: GearsState, name: str, args: dict[str, Any]) -> None:
    """Asks for a procedure to start once the running one has finished."""
    state.flags.setdefault("queued_procs", []).append([name, args])


def _run(state: GearsState) -> list[Event]:
    proc = state.proc
    assert proc is not None
    state.restore(proc["checkpoint"])
    ctx = Ctx(state, proc["answers"])
    try:
        PROCS[proc["name"]](ctx, **proc["args"])
    except NeedDecision as need:
        proc["pending"] = {"decider": need.decider, "kind": need.kind, "options": need.options,
                           "prompt": need.prompt, "labels": need.labels}
        new = ctx.events[proc["emitted"]:]
        proc["emitted"] = len(ctx.events)
        state.proc = proc
        return new
    new = ctx.events[proc["emitted"]:]
    state.proc = None
    return new
