"""The Doom resolutions that stop for decisions halfway (a move with Guard and Sentry windows, an
attack with Aim, Dodge and Heal, a spawn placement): game/engine/resolution.py bound to Doom.

A resolution is plain code asking `ctx.choose(decider, kind, options, prompt)`; it pauses in a
greenlet and a loaded state goes on by re-execution from its checkpoint (docs/ENGINE.md).
"""
from __future__ import annotations

from typing import Any

from game.engine import resolution
from game.engine.resolution import NeedDecision


def _option_words(state, kind: str, option: dict[str, Any]) -> str:
    from game.doom.rules.names import option_words

    return option_words(state, kind, option)


Ctx = resolution.labelled_ctx(_option_words)
RESOLVER = resolution.Resolver(Ctx)
PROCS = RESOLVER.procedures
procedure = RESOLVER.procedure
start = RESOLVER.start
answer = RESOLVER.answer

__all__ = ["Ctx", "NeedDecision", "PROCS", "RESOLVER", "answer", "procedure", "start"]
