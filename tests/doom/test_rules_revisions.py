"""Doom rules revisions (state.RULES_REVISION, game/engine/revisions.py shared with Gears and Level 7):
a new game carries the revision it is played by in its options, a save keeps it, and a game of an
older revision keeps the old questions, so its save replays as it was played.

Revision 1: the invader is asked about a reaction card at every moment where a card of that timing
could be played (Dodge and Dud after a marine's roll, Dark Energies before a marine's attack on a
wounded invader's side, Trap after a pick-up, Ambush before a marine's turn, Hellfire after a
Medic's question) whenever its hand holds any card, and passes when none fits. Before, it was asked
only when it held a fitting card: in hot-seat the hand-off to the invader in the middle of a
marine's attack told the marines it held one (seed p. 11: event cards are the invader's hidden
hand; only its size is public)."""
from __future__ import annotations

import pytest

from game.doom.rules.state import RULES_REVISION, rules_revision
from game.doom.rules.title import DoomTitle
from game.engine.session import Session, load_session
from tests.doom.conftest import act, deal, fresh, marker, options, put

TITLE = DoomTitle()
PASS = [{"card": None}]


def revised(marines: int = 1, hand: tuple[str, ...] = ("zombie_pack#1",)):
    """`fresh`'s P1 played by revision 1, the invader holding `hand` (by default a spawn card: no
    reaction card at all)."""
    state = fresh(marines)
    state.options["rules"] = 1
    for card in hand:
        deal(state, card)
    return state


def payloads(state) -> list[dict]:
    return [dict(a.payload) for a in options(state)]


def test_a_new_game_is_played_by_the_newest_revision_and_its_save_keeps_it(tmp_path):
    session = Session.start(TITLE, "knee_deep", 7, {"marines": 2})
    assert session.options["rules"] == RULES_REVISION == rules_revision(session.state) == 1
    session.apply(session.legal_actions()[0])
    session.save(tmp_path / "game.json")
    loaded = load_session(tmp_path / "game.json", TITLE)
    assert loaded.options["rules"] == RULES_REVISION == rules_revision(loaded.state)
    assert loaded.state_hash() == session.state_hash()


def test_a_revision_out_of_range_is_refused():
    with pytest.raises(ValueError, match="rules must be a revision from 0 to"):
        TITLE.new_game("knee_deep", 1, {"marines": 1, "rules": 9})


def test_a_marine_attack_stops_for_the_invaders_pass_though_no_card_fits(dice):
    """The invader holds a spawn card only: after Red's roll on a zombie it is asked the Dodge
    question all the same, and then the Dud one (an ammo icon), with nothing to play but a pass."""
    state = revised()
    z = put(state, "zombie", (3, 8))
    act(state, "declare", action="fire")
    dice.push("r2 d1 +A", "r4 d1")
    act(state, "attack", weapon="pistol", target=[3, 8])
    assert TITLE.current_decider(state) == "invader" and state.proc["pending"]["kind"] == "dodge_card"
    assert payloads(state) == PASS
    act(state, "dodge_card", card=None)
    assert state.proc["pending"]["kind"] == "dud" and payloads(state) == PASS
    act(state, "dud", card=None)
    assert state.proc is None and TITLE.current_decider(state) == "red" and z not in state.invaders


def test_revision_0_asks_only_an_invader_holding_a_fitting_card(dice):
    """The old question, kept for an old save: no fitting card, no stop."""
    state = revised()
    state.options.pop("rules")
    put(state, "zombie", (3, 8))
    act(state, "declare", action="fire")
    dice.push("r2 d1 +A", "r4 d1")
    act(state, "attack", weapon="pistol", target=[3, 8])
    assert state.proc is None and TITLE.current_decider(state) == "red"


def test_an_empty_hand_is_not_asked(dice):
    """The hand's size is public: with no card at all nothing is asked."""
    state = revised(hand=())
    put(state, "zombie", (3, 8))
    act(state, "declare", action="fire")
    dice.push("r2 d1 +A", "r4 d1")
    act(state, "attack", weapon="pistol", target=[3, 8])
    assert state.proc is None and TITLE.current_decider(state) == "red"


def test_a_fitting_card_is_offered_as_before(dice):
    state = revised(hand=("zombie_pack#1", "dodge#2"))
    put(state, "zombie", (3, 8))
    act(state, "declare", action="fire")
    dice.push("r3 d2", "r4 d1")
    act(state, "attack", weapon="pistol", target=[3, 8])
    assert payloads(state) == PASS + [{"card": "dodge#2"}]


def test_dark_energies_is_asked_before_an_attack_while_an_invader_is_wounded(dice):
    state = revised()
    put(state, "zombie", (5, 8), wounds=1)
    act(state, "declare", action="fire")
    act(state, "attack", weapon="pistol", target=[5, 8])
    assert state.proc["pending"]["kind"] == "dark_energies" and payloads(state) == PASS
    dice.push("miss", "r2 d1")
    act(state, "dark_energies", card=None)
    assert state.proc["pending"]["kind"] == "dodge_card"  # after the roll (a miss: no Dud question)
    act(state, "dodge_card", card=None)
    assert state.proc is None and TITLE.current_decider(state) == "red"


def test_trap_is_asked_after_a_pick_up():
    state = revised()
    marker(state, "equipment", (2, 8), "shotgun")
    put(state, "zombie", (5, 10))
    act(state, "declare", action="run")
    act(state, "move", to=[3, 8])
    assert state.proc["pending"]["kind"] == "trap" and payloads(state) == PASS
    act(state, "trap", card=None)
    assert state.marines["red"].cell == (3, 8) and TITLE.current_decider(state) == "red"


def test_the_ambush_moment_opens_for_an_invader_near_though_no_ambush_is_held():
    state = revised(hand=())
    z = put(state, "zombie", (5, 10))
    act(state, "declare", action="run")
    act(state, "end_turn")
    while state.phase == "discard":
        act(state, "discard", card=state.hand[-1])
    deal(state, "zombie_pack#1")  # kept through the invader's turn: it spawns nothing
    act(state, "no_spawn")
    act(state, "end_invader_turn")
    assert TITLE.current_decider(state) == "invader" and state.flags["window"] == {"card": None, "figures": [z]}
    assert [a.kind for a in options(state)] == ["pass"]
    act(state, "pass")
    assert TITLE.current_decider(state) == "red" and state.turn["action"] is None


def test_hellfire_is_asked_after_a_medics_question_before_an_invader_roll(dice):
    """In the invader's own activation the seat passes to a Medic asked to heal before the roll;
    the Hellfire question then comes whether or not a Hellfire is held."""
    state = revised(marines=2)
    red, green = state.marines["red"], state.marines["green"]
    red.cards.append(state.marine_deck.take("medic#1"))
    red.order, red.order_turn = "heal", -5
    green.cell, green.health = (2, 8), green.max_health - 1
    state.phase, state.turn = "kill", None
    imp = put(state, "imp", (5, 8))
    act(state, "activate", figure=imp)
    act(state, "attack", target=[2, 8])
    assert TITLE.current_decider(state) == "red"
    act(state, "heal", heal=False)
    assert state.proc["pending"]["kind"] == "hellfire" and payloads(state) == PASS
    dice.push("miss", "r4 d1")
    act(state, "hellfire", card=None)


def test_hellfire_in_the_invaders_own_activation_is_not_asked_without_one(dice):
    """No marine was asked between the invader's attack and its roll: the invader keeps the seat,
    a question nobody else sees would only cost it a click."""
    state = revised()
    state.phase, state.turn = "kill", None
    imp = put(state, "imp", (4, 8))
    act(state, "activate", figure=imp)
    dice.push("miss", "r4 d1")
    act(state, "attack", target=[1, 8])
    assert state.proc is None


def test_the_invader_ai_passes_at_once_on_a_question_with_nothing_to_play(dice, monkeypatch):
    """The AI gets the same question; with one option it answers without building its view."""
    from game.doom import invader_ai

    state = revised()
    put(state, "zombie", (3, 8))
    act(state, "declare", action="fire")
    dice.push("r3 d2", "r4 d1")
    act(state, "attack", weapon="pistol", target=[3, 8])
    monkeypatch.setattr(invader_ai, "view_for", lambda *a: pytest.fail("a view for a pass"))
    ai = invader_ai.InvaderAI("veteran", 1)
    got = ai.decide(state, TITLE.legal_actions(state))
    assert got.action.kind == "dodge_card" and not got.action.payload.get("card")


def test_a_revision_0_journal_replays_its_questions(tmp_path):
    """A game saved before the revision (options without "rules") loads by replaying its actions
    under revision 0: the invader, holding cards but no fitting one, is never asked."""
    from game.doom.bots import GreedyBot

    session = Session(TITLE, "knee_deep", 3, {"marines": 2})  # as saved before the revisions began
    bot = GreedyBot()
    while len(session.actions) < 400 and session.decider is not None:
        session.apply(bot.decide(session.state, session.legal_actions()).action)
    session.save(tmp_path / "old.json")
    loaded = load_session(tmp_path / "old.json", TITLE)
    assert "rules" not in loaded.options and rules_revision(loaded.state) == 0
    assert loaded.state_hash() == session.state_hash()
    again = Session.replay(TITLE, "knee_deep", 3, {"marines": 2}, session.actions)
    assert again.state_hash() == session.state_hash()
    # the same actions under revision 1 would meet questions they do not answer
    with pytest.raises(Exception):
        Session.replay(TITLE, "knee_deep", 3, {"marines": 2, "rules": 1}, session.actions)
