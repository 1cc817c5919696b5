"""Spec 5.3 step 1, seed p. 6 (set-up step 6): the invader may look at the cards drawn but not
show them to the others, and nothing says a discard for the hand limit is face up; so the
marines' log says a card went, the invader's own line names it (rules/effects.discard_card)."""
from __future__ import annotations

from game import i18n
from game.doom.rules.state import INVADER
from game.doom.simulation import DoomSimulator
from game.engine.session import Session


def _first_hand_limit_discard():
    sim = DoomSimulator()
    session = Session.start(sim.title, "knee_deep", 1, sim.options("knee_deep", 2))
    bot = sim.bot("greedy", 1)
    while not session.is_over():
        action = bot.decide(session.state, session.legal_actions()).action
        session.apply(action)
        if action.kind == "discard":
            return session, action.payload["card"]
    raise AssertionError("no discard for the hand limit in the game")


def test_the_marines_read_that_a_card_was_discarded_not_which():
    session, card = _first_hand_limit_discard()
    events = session.events[-1]
    name = str(session.state.content.invader_card(card).name)
    seen_by_red = [str(e.text) for e in events if e.visible_to is None or "red" in e.visible_to]
    seen_by_invader = [str(e.text) for e in events if e.visible_to is None or INVADER in e.visible_to]
    assert seen_by_red == ["The invader discards a card (hand limit 8)."]
    assert f"The invader discards {name} (hand limit 8)." in seen_by_invader
    try:
        for language in ("hu", "el"):
            i18n.set_language(language)
            public = [str(e.text) for e in events if e.visible_to is None]
            assert public and all(str(session.state.content.invader_card(card).name) not in t for t in public)
            assert public[0] != "The invader discards a card (hand limit 8)."
    finally:
        i18n.set_language("en")
