"""Issue 18: whole simulated Gears games with the language set to Hungarian, and every text the
rules produce for a player (log lines, action labels, refusals, questions' prompts and option
labels) comes out translated: each message's msgid has a Hungarian translation that differs
from the English, apart from proper names (characters, Locusts, weapons, cards, areas, ids) and
the few words Hungarian writes the same way (listed below)."""
from __future__ import annotations

import pytest

from game import i18n, titles
from game.engine.text import Msg, Ref
from tests.translated_games import english_words, language, play

# Written the same in Hungarian: names of things (an equipment named after its weapon) and the
# dice faces' word 'omen' (the seed keeps it).
SAME_IN_HUNGARIAN = {"Locust", "omen", "Hammer of Dawn", "{enemy}", "{weapon} ({mode})", "{weapon} +{extra}", ": {text}"}


hungarian = language("hu")


def _play(mission: str, seed: int, players: int, hu: dict):
    sim = titles.get("gears").new_simulator()
    bots: dict = {}

    def choose(state, actions):
        who = sim.title.current_decider(state)
        bot = bots.get(who) or bots.setdefault(who, sim.bot(sim.bots[0], seed * 8 + len(bots)))
        choice = bot.decide(state, actions)
        return choice.action, choice.reason  # the reason shows in the AI panel

    return play(sim.title, mission, seed, sim.options(mission, players), choose, hu, SAME_IN_HUNGARIAN)


@pytest.mark.parametrize("mission,seed,players", [
    ("emergence", 1, 1), ("emergence", 2, 2), ("emergence", 3, 4),
    ("china_shop", 1, 2), ("search_for_the_stranded", 2, 2), ("the_showdown", 1, 2), ("scattered", 3, 3),
    # Missions made in the map builder (maps/custom): their goals and stage texts are generated.
    ("custom:hold_the_plaza", 1, 3), ("custom:plaza_to_the_pit", 1, 2)])
def test_a_whole_gears_game_in_hungarian_reads_hungarian(hungarian, mission, seed, players):
    """Every event, label, prompt, refusal and bot's reason of a whole game is Hungarian."""
    played = _play(mission, seed, players, hungarian)
    n, counts = played.actions, played.counts
    assert n > 50 and counts["event"] > 100 and counts["refusal"] > 10 and counts["prompt"] > 0
    assert counts["reason"] > 50
    assert played.english == []
    assert i18n.language() == "hu"


def test_the_check_finds_english():
    """The walk above flags a msgid without a translation, a sentence as a plain string, and
    looks inside a message's parameters; a name and an area id pass."""
    out: set = set()
    hu = {"{who} waits.": "{who} vár."}
    english_words(Msg("{who} waits.", {"who": Ref("gears.character", "dom")}), hu, "event", out)
    english_words("2A:boulevard", hu, "label", out)
    assert out == set()
    english_words(Msg("{who} waits.", {"who": Msg("the Stranded")}), hu, "event", out)
    english_words("Marcus moves.", hu, "event", out)
    assert out == {("event", "the Stranded"), ("event", "Marcus moves.")}
