"""Issue 18: whole simulated Level 7 games with the language set to Greek, and every text the
rules and the player bot produce for a player (log lines, action labels, refusals, prompts, the
bot's reasons) reads Greek. The game loop is the Hungarian test's (tests/level7/test_hungarian_games.py,
on tests/translated_games.py's); only the catalogue differs."""
from __future__ import annotations

import pytest

from game import i18n
from tests.level7.test_hungarian_games import _play
from tests.translated_games import language

greek = language("el")


@pytest.mark.parametrize("scenario,seed,players", [("s1", 1, 1), ("s1", 2, 2), ("s1", 4, 4), ("s2", 3, 4)])
def test_a_whole_level7_game_in_greek_reads_greek(greek, scenario, seed, players):
    english, n, counts = _play(scenario, seed, players, greek)
    assert n > 30 and counts["event"] > 100 and counts["refusal"] > 5 and counts["prompt"] > 0
    assert sorted(english) == []
    assert i18n.language() == "el"
