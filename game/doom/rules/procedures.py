"""The Doom resolutions that stop for decisions halfway (a move with Guard and Sentry windows, an
attack with Aim, Dodge and Heal, a spawn placement): game/engine/resolution.py bound to Doom.

A resolution is plain code asking `ctx.choose(decider, kind, options, prompt)`; it pauses in a
greenlet and a loaded state goes on by re-execution from its checkpoint (docs/ENGINE.md).
"""
from __future__ import annotations

from typing import Any

from game.engine import resolution
from game.engine.protocol import Event
from game.engine.resolution import NeedDecision


class Ctx(resolution.Ctx):
    __slots__ = ()

    def label(self, kind: str, option: dict[str, Any]) -> str:
        from game.doom.rules.names import option_words

        return option_words(self.state, kind, option)


RESOLVER = resolution.Resolver(Ctx)
PROCS = RESOLVER.procedures
procedure = RESOLVER.procedure


def start(state, name: str, args: dict[str, Any]) -> list[Event]:
    return RESOLVER.start(state, name, args)


def answer(state, choice: dict[str, Any]) -> list[Event]:
    return RESOLVER.answer(state, choice)


__all__ = ["Ctx", "NeedDecision", "PROCS", "RESOLVER", "answer", "procedure", "start"]
