"""What one COG player may know of a Gears game (DESIGN.md: a bot gets a view, not the state;
docs/GEARS.md "What each seat sees"; spec 6.14 and base p. 25 of the seed).

`view_for(state, player)` is a copy of the GearsState with what that player may not know removed
or put in a fixed order, so a bot deciding on it cannot peek. Besides what no seat knows
(game/engine/views.py `blind`: the seed and the RNG, the resolver's checkpoint, the order of the
Order, Locust AI and weapon decks' draw piles) it hides:

- the order of every level's Location deck (the unexplored map: which tile comes next);
- the other players' Order cards: their hands and the Order draw pile are one pool of unseen cards
  to this player, sorted and dealt back in the same sizes (cards in hand are health, spec 6.13,
  and public: the rules and the bots count them; which cards a teammate holds is not);
- the backs of the wound markers (which weapon a wounded Locust would drop): the markers stand
  wound side up (base p. 5), so each Locust's marker value and the values left in each pile are
  public, but not which marker of that value it is. Each pile's unused markers and those under
  Locusts are pooled and dealt back by value (the lowest index of that value to the Locust
  first), the unused pile sorted.

A wounded Locust's health (`wounded_health`, the marker's face) stays: it is public. So does
which Locust a pending target-tie or path question is about (`ai.asking_locust`; the log shows
it acting), a view fact since the state does not hold it. The view is a real GearsState: the rules' questions (attack previews, sight, wounds) work on it unchanged.
Nothing in it is ever applied.
"""
from __future__ import annotations

from game.engine.views import blind, mark_view, viewer_of
from game.gears.rules.shared import content as _content
from game.gears.rules.state import GearsState

DECKS = ("orders", "ai", "weapon_deck")


def view_for(state: GearsState, player: str) -> GearsState:
    data = blind(state.to_json(), DECKS)
    for deck in [*data["location_decks"], *data["marker_piles"].values()]:
        deck["draw"] = sorted(deck["draw"])
    _pool_hands(data, player)
    _pool_markers(data)
    view = GearsState.from_json(data, state.loader)
    from game.gears.ai import asking_locust

    # Which Locust a pending target tie or path question is about: public (the log names the
    # Locust acting), but not in the state (ai.asking_locust), so the view carries it as a fact.
    return mark_view(view, player, asking_locust=asking_locust(state))


def _pool_hands(data: dict, player: str) -> None:
    others = sorted(p for p in data["cogs"] if p != player)
    pool = sorted(data["orders"]["draw"] + [c for p in others for c in data["cogs"][p]["hand"]])
    for p in others:
        n = len(data["cogs"][p]["hand"])
        data["cogs"][p]["hand"], pool = pool[:n], pool[n:]
    data["orders"]["draw"] = pool


def _pool_markers(data: dict) -> None:
    piles = _content().marker_piles
    under: dict[str, list[dict]] = {}
    for lid in sorted(data["locusts"]):
        x = data["locusts"][lid]
        pile = (x["marker"] or "").split(":")[0]
        if pile in data["marker_piles"] and not x["marker"].endswith(":two_stage"):
            under.setdefault(pile, []).append(x)
    for pile, xs in under.items():
        deck = data["marker_piles"][pile]
        pool = sorted(deck["draw"] + [x["marker"] for x in xs], key=_marker_index)
        for x in xs:
            value = piles[pile].markers[_marker_index(x["marker"])].value
            got = next(m for m in pool if piles[pile].markers[_marker_index(m)].value == value)
            pool.remove(got)
            x["marker"] = got
        deck["draw"] = sorted(pool)


def _marker_index(marker: str) -> int:
    return int(marker.split(":")[1])


__all__ = ["view_for", "viewer_of"]
