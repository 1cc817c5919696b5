"""Hidden information (spec 10): a seat's view hides the opponent's hand and both decks' order;
changing either in the state does not change what the seat reads."""
from __future__ import annotations

from game.convoy.rules.view import deck_size, hand_size, view, view_for
from game.engine.bots import RandomBot
from tests.convoy.helpers import M, O, T


def _midgame(seed=3, steps=60):
    s = T.new_game("standard", seed, {})
    bot = RandomBot(seed)
    for _ in range(steps):
        T.apply(s, bot.choose(T.legal_actions(s)))
    return s


def test_view_does_not_change_when_the_hidden_parts_change():
    s = _midgame()
    seat = "moloch"
    before = T.to_json(view_for(s, seat))
    # the opponent's hand swapped with cards from its deck, and both decks reordered
    o_hand, o_deck = s.hand[O], s.deck[O]
    k = min(len(o_hand), len(o_deck))
    s.hand[O], s.deck[O] = o_deck[:k] + o_hand[k:], o_hand[:k] + o_deck[k:]
    s.deck[M].reverse()
    s.rng.stream("main").below(7)
    assert T.to_json(view_for(s, seat)) == before
    assert view(s, seat)["hand"] == list(s.hand[M]) and view(s, None)["hand"] == []


def test_view_keeps_the_public_counts_and_the_own_hand():
    s = _midgame()
    v = view_for(s, "outpost")
    assert v.hand[O] == s.hand[O] and v.hand[M] == []
    assert hand_size(v, M) == len(s.hand[M]) and deck_size(v, M) == len(s.deck[M])
    assert v.slots == s.slots and v.discard == s.discard


def test_another_seats_question_options_are_hidden():
    s = T.new_game("standard", 1, {})
    bot = RandomBot(1)
    while s.proc is None:
        T.apply(s, bot.choose(T.legal_actions(s)))
    seat = s.proc["pending"]["decider"]
    other = "outpost" if seat == "moloch" else "moloch"
    assert view_for(s, other).proc["pending"]["options"] == []
    assert view_for(s, seat).proc["pending"]["options"] == s.proc["pending"]["options"]
