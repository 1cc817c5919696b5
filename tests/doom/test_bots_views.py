"""The marine bot and GreedyBot decide on a view, not on the state (DESIGN.md "AIs get a view";
spec 11.D): the invader's hand, the order of both decks and the RNG are not what they decide
on. Two states that differ only there give the same choices with the same reasons, and each
bot is handed the deciding seat's view."""
from __future__ import annotations

import pytest

from game.doom import bots as B
from game.doom.bots import GreedyBot
from game.doom.marine_bot import MarineBot
from game.doom.rules.state import DoomState
from game.doom.rules.turn import decider
from game.doom.rules.view import viewer_of
from game.engine.rng import Rng
from tests.doom.conftest import TITLE


def _twins(seed: int):
    a = TITLE.new_game("knee_deep", seed, {"marines": 2})
    b = DoomState.from_json(a.to_json())
    b.deck.draw_pile.reverse()
    b.marine_deck.draw_pile.reverse()
    b.hand = list(reversed(b.hand))[:2] + sorted(b.deck.draw_pile)[:3]  # other cards, same count
    b.rng = Rng(77)
    b.seed = 77
    return a, b


@pytest.mark.parametrize("make", [lambda: MarineBot(seed=3), lambda: GreedyBot()], ids=["marine", "greedy"])
def test_choices_do_not_change_when_only_hidden_parts_differ(make):
    a, b = _twins(8)
    assert a.hand != b.hand and a.deck.draw_pile != b.deck.draw_pile
    bot_a, bot_b = make(), make()
    for _ in range(40):  # the marines' first turns: moves, doors, attacks
        if decider(a) not in a.marines:
            break
        ca = bot_a.decide(a, TITLE.legal_actions(a))
        cb = bot_b.decide(b, TITLE.legal_actions(b))
        assert (ca.action, ca.reason) == (cb.action, cb.reason)
        TITLE.apply(a, ca.action)
        TITLE.apply(b, cb.action)


def test_the_bots_are_handed_the_deciding_seats_view(monkeypatch):
    state = TITLE.new_game("knee_deep", 8, {"marines": 2})
    seen = []
    real = B.seat_view

    def spy(s):
        v = real(s)
        seen.append(viewer_of(v))
        return v

    monkeypatch.setattr(B, "seat_view", spy)
    import game.doom.marine_bot as MB

    monkeypatch.setattr(MB, "seat_view", spy)
    seat = decider(state)
    MarineBot(seed=1).decide(state, TITLE.legal_actions(state))
    GreedyBot().decide(state, TITLE.legal_actions(state))
    assert seen and all(v == seat for v in seen)
    view = real(state)
    assert view.hand == [] and real(view) is view  # a marine's view: no invader hand; kept as it is
