"""The Level 7 resolutions (game/engine/resolution.py bound to Level 7): every action runs as one,
so a rule deep inside (a discard, a tied spawn tile, a path among equals) can stop and ask."""
from __future__ import annotations

from typing import Any

from game.engine import resolution


def _option_words(state, kind: str, option: dict[str, Any]) -> str:
    from game.level7.rules.names import option_words

    return option_words(state, kind, option)


Ctx = resolution.labelled_ctx(_option_words)
RESOLVER = resolution.Resolver(Ctx)
procedure = RESOLVER.procedure
