"""game/engine/bots.py: a seeded bot's state is plain JSON it gives and takes back, so a game
continued from a save decides as the uninterrupted one (issue 22); bad state is refused."""
from __future__ import annotations

import json

import pytest

from game.engine.bots import RandomBot
from game.engine.protocol import Action
from game.gears.bots import CogBot

ACTIONS = [Action("pick", {"n": i}) for i in range(10)]


@pytest.mark.parametrize("make", [RandomBot, CogBot])
def test_state_round_trips_through_json_and_the_stream_goes_on(make):
    bot = make(3)
    if make is RandomBot:
        for _ in range(5):
            bot.choose(ACTIONS)
    else:
        bot.rng.below(6)
    data = json.loads(json.dumps(bot.get_state()))
    other = make(99)
    other.set_state(data)
    assert other.get_state() == bot.get_state()
    assert [other.rng.below(1000) for _ in range(20)] == [bot.rng.below(1000) for _ in range(20)]


@pytest.mark.parametrize("data", [
    None, [], {}, {"rng": [1, 2]}, {"rng": [1]}, {"rng": "x"}, {"rng": [1, 3], "more": 1},
    {"rng": [-1, 3]}, {"rng": [2**64, 3]}, {"rng": [True, 3]},
])
def test_a_state_that_is_no_stream_is_refused(data):
    bot = RandomBot(1)
    before = bot.get_state()
    with pytest.raises(ValueError):
        bot.set_state(data)
    assert bot.get_state() == before
