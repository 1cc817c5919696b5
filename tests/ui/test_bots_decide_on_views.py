"""AIs get a view, not the state (DESIGN.md; the developers' guide): every title's bot, asked at
the same moment of a game and of its twin (tools/hidden_twins.py: the same game but for what
the deciding seat may not know: the other hands, the decks' order, the unexplored tiles, the
seed and the dice), makes the same choice for the same reason. A bot that read another hand,
the next card or the dice would choose differently in some of these games."""
from __future__ import annotations

import random

import pytest

from game.engine.bots import RandomBot
from tools import monkey
from tools.hidden_twins import twin

SEED = 6
LOOKS = range(3, 160, 9)  # random actions before each look


@pytest.mark.parametrize("key", ["gears", "doom", "level7", "convoy"])
def test_a_bot_chooses_alike_whatever_its_seat_may_not_know(key, make_app):
    app = make_app((1280, 720))
    parts = monkey.table_parts(app, key, ["bot", "bot"], SEED)
    live = parts["start"]()
    table = parts["make_table"](live, parts["save"], 0)  # the title's own bots, as the table seats them
    play, rng = RandomBot(SEED), random.Random(key)
    asked = set()
    for steps in LOOKS:
        while len(live.actions) < steps and not live.is_over():
            live.apply(play.choose(live.legal_actions()))
        seat = live.decider
        if live.is_over() or seat is None:
            break
        other = twin(key, live.title, live.state, seat, rng)
        i = table.players.index(seat)
        a, b = table.make_bot(i), table.make_bot(i)
        got = a.decide(live.title.from_json(live.title.to_json(live.state)), live.legal_actions())
        alt = b.decide(other, live.title.legal_actions(other))
        assert (got.action, str(got.reason)) == (alt.action, str(alt.reason)), \
            f"{key}, {steps} actions in, {seat} ({type(a).__name__}) chose otherwise in a twin game"
        asked.add(type(a).__name__)
    assert asked, "the random game ended before a bot was asked"
