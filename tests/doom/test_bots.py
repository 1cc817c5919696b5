"""game/doom/bots.py: the bots choose only legal actions, say why, and GreedyBot plays whole
games to an end (spec doom.md 11.D, a first step)."""
from __future__ import annotations

import pytest

from game.doom.bots import GreedyBot, RandomBot
from game.engine.session import Session
from tests.doom.conftest import TITLE
from tests.doom.test_property import check


@pytest.mark.parametrize("scenario,seed", [("knee_deep", 1), ("reactor", 1)])
def test_greedy_games_end_and_replay(scenario, seed):
    """Spec 11.D (first step): bot-vs-bot games end by the scenario's victory rules and replay exactly."""
    session = Session.start(TITLE, scenario, seed=seed, options={"marines": 2})
    bot = GreedyBot()
    for _ in range(3000):
        if session.is_over():
            break
        actions = session.legal_actions()
        choice = bot.decide(session.state, actions)
        assert choice.action in actions and choice.reason
        session.apply(choice.action)
        check(session.state)
    assert session.state.outcome in ("marines", "invader")
    replay = Session.replay(TITLE, scenario, seed, session.options, session.actions)
    assert replay.state_hash() == session.state_hash()


def test_random_bot_is_seeded():
    """DESIGN.md: bots take randomness from their own seeded stream, so games replay."""
    session = Session.start(TITLE, "knee_deep", seed=3, options={"marines": 1})
    actions = session.legal_actions()
    assert RandomBot(5).choose(actions) == RandomBot(5).choose(actions)
    assert RandomBot(5).decide(session.state, actions).reason == "picked at random"


def test_greedy_marine_rerolls_the_miss_of_an_aimed_attack(monkeypatch):
    """Seed p. 9 (Célzás): an aimed attack may reroll any dice; the bot rerolls the miss."""
    from game.doom.bots import GreedyBot
    from tests.doom.conftest import Dice, act, fresh, put
    from game.doom.rules import attack as A

    dice = Dice()
    monkeypatch.setattr(A, "roll", dice)
    state = fresh()
    red = state.marines["red"]
    red.order, red.order_turn = "aim", -5
    put(state, "zombie", (4, 8))
    act(state, "declare", action="fire")
    dice.push("miss", "r2 d1")
    act(state, "attack", weapon="pistol", target=[4, 8])
    act(state, "aim", aim=True)
    choice = GreedyBot().decide(state, TITLE.legal_actions(state))
    assert choice.action.kind == "reroll" and choice.action.get("dice") == [0]


def test_greedy_dodger_keeps_a_miss_and_rerolls_a_hit(monkeypatch):
    """Seed p. 10 (Kitérés): the dodging marine's player picks the attacker's dice to reroll."""
    from game.doom.bots import GreedyBot
    from tests.doom.conftest import Dice, imp_attacks_dodging_red
    from game.doom.rules import attack as A

    dice = Dice()
    monkeypatch.setattr(A, "roll", dice)
    state = imp_attacks_dodging_red(dice)
    choice = GreedyBot().decide(state, TITLE.legal_actions(state))
    assert choice.action.kind == "reroll" and choice.action.get("dice") == [0, 1]
