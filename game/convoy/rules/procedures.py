"""The Convoy resolutions (game/engine/resolution.py bound to Convoy): every action runs as one,
so any rule inside it (a target, a trigger order, the Iron Gate pick, the Bomb) stops and asks."""
from __future__ import annotations

from typing import Any

from game.engine import resolution


def _option_words(state, kind: str, option: dict[str, Any]) -> str:
    from game.convoy.rules import words as W

    if "card" in option:
        uid = option["card"]
        if uid < 0:
            return W.say(W.OPT_NONE)
        from game.convoy.rules.board import locate

        c, _ = locate(state, uid)
        if c >= 0:
            return W.say(W.OPT_CARD_IN, card=W.card(state, uid), city=W.city(c))
        return W.say(W.OPT_CARD, card=W.card(state, uid))
    if "city" in option:
        return W.say(W.OPT_NONE) if option["city"] < 0 else W.say(W.OPT_CITY, city=W.city(option["city"]))
    if "sector" in option:
        c, i = option["sector"]
        return W.say(W.OPT_SECTOR, sector=W.sector(state, c, i), city=W.city(c))
    if "yes" in option:
        return W.say(W.OPT_YES) if option["yes"] else W.say(W.OPT_NO)
    return str(option)


Ctx = resolution.labelled_ctx(_option_words, "ConvoyCtx")
RESOLVER = resolution.Resolver(Ctx)
procedure = RESOLVER.procedure
