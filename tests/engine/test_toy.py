"""game/engine/toy.py: the toy duel exercises decks, dice, hidden draws, a reaction decision
point and a win condition; properties: card conservation, replay reproduces the hash
(rules/gears-of-war.md 12.3)."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from game.engine.protocol import Action, IllegalAction
from game.engine.session import Session
from game.engine.toy import ToyTitle

TITLE = ToyTitle()
ALL_CARDS = TITLE.data.all_cards


def play_randomly(session: Session, chooser: random.Random, limit: int = 10_000) -> None:
    for _ in range(limit):
        if session.is_over():
            return
        session.apply(chooser.choice(session.legal_actions()))
    raise AssertionError("the toy game did not end")


def test_setup_deals_opening_hands_and_picks_a_first_player():
    state = TITLE.new_game("duel", 1, {})
    assert all(len(h) == 2 for h in state.hands.values())
    assert TITLE.cards_in_play(state) == ALL_CARDS
    assert TITLE.current_decider(state) == state.active and state.turn == 1


def test_a_strike_opens_a_reaction_for_the_other_player():
    """The decision point passes to the defender (guard or take), then back to the attacker."""
    state = TITLE.new_game("duel", 3, {})
    attacker = state.active
    state.hands[attacker] = ["strike-08"]  # stack the hand, as a tutorial would
    state.hands["B" if attacker == "A" else "A"].append("guard-01")
    state.deck.take("strike-08")
    state.deck.take("guard-01")
    TITLE.apply(state, Action("strike", {"card": "strike-08"}))
    defender = TITLE.current_decider(state)
    assert defender != attacker
    kinds = {a.kind for a in TITLE.legal_actions(state)}
    assert kinds == {"guard", "take"}
    with pytest.raises(IllegalAction, match=f"{defender} must first answer {attacker}'s strike"):
        TITLE.apply(state, Action("end"))
    events = TITLE.apply(state, Action("guard", {"card": "guard-01"}))
    assert [e.kind for e in events][:2] == ["guard", "roll"] and events[1].hidden_info
    assert TITLE.current_decider(state) == attacker


def test_draw_is_hidden_information_seen_by_the_drawer_only():
    state = TITLE.new_game("duel", 4, {})
    player = state.active
    events = TITLE.apply(state, Action("draw"))
    drew = [e for e in events if e.kind == "drew"][0]
    assert drew.hidden_info and drew.visible_to == (player,)
    assert drew.payload["card"] == state.hands[player][-1]


def test_illegal_reasons_are_in_plain_words():
    state = TITLE.new_game("duel", 4, {"draws_per_turn": 0})
    player = state.active
    with pytest.raises(IllegalAction, match=f"{player} has already drawn 0 cards this turn"):
        TITLE.apply(state, Action("draw"))
    with pytest.raises(IllegalAction, match="'strike-99' is not in"):
        TITLE.apply(state, Action("strike", {"card": "strike-99"}))
    with pytest.raises(IllegalAction, match="Duel has no action 'fly'"):
        TITLE.apply(state, Action("fly"))


def test_unknown_scenario_and_option_are_value_errors():
    with pytest.raises(ValueError, match="unknown toy scenario 'siege'"):
        TITLE.new_game("siege", 1, {})
    with pytest.raises(ValueError, match="unknown toy option 'mana'"):
        TITLE.new_game("duel", 1, {"mana": 3})


def test_turn_limit_ends_the_game_on_health():
    session = Session.start(TITLE, "duel", 2, {"max_turns": 1})
    session.apply(Action("end"))
    assert session.is_over() and session.decider is None and session.legal_actions() == []
    assert session.log.texts()[-1] == "Time is up: the duel is a draw."
    with pytest.raises(IllegalAction, match="The game is over"):
        session.apply(Action("end"))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**63), choices=st.integers(0, 2**32))
def test_random_legal_games_conserve_cards_and_replay_to_the_same_hash(seed, choices):
    """Property: no card is ever lost or created; replay from seed + actions gives the hash."""
    session = Session.start(TITLE, "duel", seed)
    chooser = random.Random(choices)
    while not session.is_over():
        session.apply(chooser.choice(session.legal_actions()))
        assert TITLE.cards_in_play(session.state) == ALL_CARDS
        assert all(h <= 8 for h in session.state.health.values())
    assert session.state.phase == "over"
    replayed = Session.replay(TITLE, "duel", seed, {}, session.actions)
    assert replayed.state_hash() == session.state_hash()
    assert replayed.log.texts() == session.log.texts()
