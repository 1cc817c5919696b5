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
from game.engine.resolution import NeedDecision
from game.gears.rules.state import GearsState


def _option_words(state: GearsState, kind: str, option: dict[str, Any]) -> str:
    from game.gears.rules.names import option as option_words  # names imports the rules' modules

    return option_words(state, kind, option)


Ctx = resolution.labelled_ctx(_option_words)
RESOLVER = resolution.Resolver(Ctx)
PROCS = RESOLVER.procedures
procedure = RESOLVER.procedure
start = RESOLVER.start  # starts (and runs as far as possible) a resolution; those queued follow
answer = RESOLVER.answer  # records the answer to the pending question and goes on
queue = RESOLVER.queue  # a resolution to start once the running one has finished
release = RESOLVER.release  # lets go of the resolution paused in this state (an abandoned game)

__all__ = ["Ctx", "NeedDecision", "PROCS", "RESOLVER", "answer", "procedure", "queue", "release", "start"]
