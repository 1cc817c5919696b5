"""Hidden information stays hidden, on the screen itself (DESIGN.md; the developers' guide: each
seat sees only what its player may see, in the log, panels and animations alike).

At a hot-seat table, after random play, the table is drawn for the seat that decides from the
game's state and from a twin of it (tools/hidden_twins.py): the same game but for what that seat
may not know (another player's hand traded with unseen cards, the draw piles' order, the
unexplored tiles, which wound marker of a value a Locust holds, the seed and the dice). The
title's own seat view checks that the twin changes nothing the seat may see. The two frames
must be the same pixels, behind the hand-off card and after the person clicks it away."""
from __future__ import annotations

import random

import pytest

from game.engine.bots import RandomBot
from tools import monkey
from tools.hidden_twins import leak

SEED = 4
STEPS = (5, 18, 40, 80, 140)  # random actions before each look


@pytest.mark.parametrize("key", ["gears", "doom", "level7", "convoy"])
def test_a_seat_s_screen_is_the_same_whatever_it_may_not_know(key, make_app, tmp_path):
    app = make_app((1280, 720))
    parts = monkey.table_parts(app, key, ["human", "human"], SEED)
    live = parts["start"]()
    bot, rng = RandomBot(SEED), random.Random(key)
    looked = 0
    for steps in STEPS:
        while len(live.actions) < steps and not live.is_over():
            live.apply(bot.choose(live.legal_actions()))
        if live.is_over() or live.decider is None:
            continue
        assert leak(app, key, parts["make_table"], tmp_path / "save.json", live, rng, tmp_path, f"{key}-{steps}") is None
        looked += 1
    assert looked >= 2, "the random game ended before the screen was looked at twice"
