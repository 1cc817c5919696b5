"""The Gears resolutions that stop for decisions halfway: a Locust Activation Step, an attack
with its wound discards, a pick-up with its choices.

The mechanism is the title-independent game/engine/resolution.py (a resolution is plain code
asking `ctx.choose(...)`; it pauses in a greenlet and a loaded state goes on by re-execution
from its checkpoint). This module binds it to Gears: one Resolver for the title, and a Ctx
that words every option with names.option (plain words, never a payload or an id).
"""
from __future__ import annotations

from typing import Any

from game.engine import resolution
from game.engine.protocol import Event
from game.engine.resolution import NeedDecision
from game.gears.rules.state import GearsState


class Ctx(resolution.Ctx):
    __slots__ = ()

    def label(self, kind: str, option: dict[str, Any]) -> str:
        from game.gears.rules.names import option as option_words

        return option_words(self.state, kind, option)


RESOLVER = resolution.Resolver(Ctx)
PROCS = RESOLVER.procedures
procedure = RESOLVER.procedure


def start(state: GearsState, name: str, args: dict[str, Any]) -> list[Event]:
    """Starts (and runs as far as possible) a resolution; those queued meanwhile follow."""
    return RESOLVER.start(state, name, args)


def answer(state: GearsState, choice: dict[str, Any]) -> list[Event]:
    """Records the answer to the pending question and goes on."""
    return RESOLVER.answer(state, choice)


def queue(state: GearsState, name: str, args: dict[str, Any]) -> None:
    """Asks for a resolution to start once the running one has finished."""
    RESOLVER.queue(state, name, args)


def release(state: GearsState) -> None:
    """Lets go of the resolution paused in this state, if any (an abandoned game)."""
    RESOLVER.release(state)


__all__ = ["Ctx", "NeedDecision", "PROCS", "RESOLVER", "answer", "procedure", "queue", "release", "start"]
