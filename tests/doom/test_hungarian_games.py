"""Issue 18: whole simulated Doom games with the language set to Hungarian, and every text the
rules, the marine bots and the invader AI produce for a player (log lines, action labels,
refusals, questions' prompts and option labels, the bots' reasons) comes out translated: each
message's msgid has a Hungarian translation that differs from the English, apart from proper
names (Refs: figures, weapons, cards, monsters), square and door ids and the dice faces' codes.

The loop and the check are tests/translated_games.py's; Doom adds its plain-string rule (a word
of two letters is English, a die face's code is not) and lets its simulator clean up."""
from __future__ import annotations

import re

import pytest

from game import i18n
from game.doom.simulation import DoomSimulator
from game.engine.protocol import IllegalAction
from game.engine.session import Session
from game.engine.text import Msg, Ref
from tests.translated_games import english_words, language, play

# Written the same in Hungarian: joins of other messages and numbers, the BFG.
SAME_IN_HUNGARIAN = {"{path}: {problem}", "{n} {monster}", "{plan}, {exposed}", "{action}: {plan}", "BFG"}
FACE_CODE = re.compile(r"^r\d d\d( \+A)?$")  # a die face as the dice table names it: "r2 d1 +A"
WORD = re.compile(r"[a-z]{2}")  # a word (squares, doors and areas are "4,10", "D1", "A2")

hungarian = language("hu")


def _plain_english(text: str) -> bool:
    """English words as a plain string: not a message at all (a die face's code is not words)."""
    return bool(WORD.search(text)) and not FACE_CODE.match(text)


def _english_words(value, hu: dict, where: str, out: set) -> None:
    """Adds to `out` every piece of `value` a Hungarian player would read in English."""
    english_words(value, hu, where, out, SAME_IN_HUNGARIAN, _plain_english)


def _play(scenario: str, seed: int, marines: int, bot: str, difficulty: str | None, hu: dict):
    sim = DoomSimulator()
    controller = sim.bot(bot, seed, difficulty)

    def choose(state, actions):
        choice = controller.decide(state, actions)
        return (choice.action, choice.reason) if choice.reason else choice.action

    played = play(sim.title, scenario, seed, sim.options(scenario, marines), choose, hu,
                  SAME_IN_HUNGARIAN, limit=1500, plain=_plain_english)
    sim.finish(played.state)
    return played.english, played.counts


@pytest.mark.parametrize("scenario,seed,marines,bot,difficulty", [
    ("knee_deep", 1, 2, "marine", "veteran"), ("reactor", 2, 3, "marine", "recruit"),
    ("knee_deep", 3, 1, "greedy", None), ("reactor", 4, 2, "greedy", "nightmare")])
def test_a_whole_doom_game_in_hungarian_reads_hungarian(hungarian, scenario, seed, marines, bot, difficulty):
    """Every event, label, prompt, refusal and bot's reason of a whole game is Hungarian."""
    english, counts = _play(scenario, seed, marines, bot, difficulty, hungarian)
    assert counts["event"] > 200 and counts["refusal"] > 10 and counts["reason"] > 100 and counts["prompt"] > 0
    assert sorted(english) == []


def test_the_check_finds_english():
    """The walk above flags a msgid without a translation and a sentence as a plain string, and
    looks inside a message's parameters; a name, a square and a die face pass."""
    out: set = set()
    hu = {"{figure} carries on.": "{figure} folytatja."}
    _english_words(Msg("{figure} carries on.", {"figure": Ref("doom.figure", "red")}), hu, "event", out)
    _english_words("4,10 + 5,10", hu, "label", out)
    _english_words("r2 d1 +A", hu, "event", out)
    _english_words("D1", hu, "label", out)
    assert out == set()
    _english_words(Msg("{figure} carries on.", {"figure": Msg("the invader")}), hu, "event", out)
    _english_words("Red moves to 4,10.", hu, "event", out)
    assert out == {("event", "the invader"), ("event", "Red moves to 4,10.")}


def test_a_hungarian_refusal_keeps_its_rule_link(hungarian):
    """A lesson links a refusal to its rule by the refusal's English words (game/doom/tutorial.py
    rule_of), so in Hungarian the same rule comes up: spec 6.9, orders only with Ready."""
    from game.doom.rules.title import DoomTitle
    from game.doom.tutorial import rule_of
    from game.engine.protocol import Action

    session = Session.start(DoomTitle(), "knee_deep", 1, {"marines": 1})
    run = next(a for a in session.legal_actions() if a.get("action") == "run")
    session.apply(run)
    with pytest.raises(IllegalAction) as refused:
        session.title.apply(session.state, Action("order", {"order": "aim"}))
    assert str(refused.value.why) == "Parancsjelzőt csak a készenlét akcióval lehet lerakni."
    assert rule_of(refused.value.why, "order") == "6.9"


def test_doom_names_its_advance_action_while_gears_keeps_its_advance_card(hungarian):
    """One English word, two things: Doom's Advance action is translated (Megközelítés, from the
    seed's words), Gears' Advance order card keeps its printed name as Gears' cards do. Doom's
    names are in the catalogues under the context "doom" too, and its lookup asks it first."""
    import game.doom.rules.names  # noqa: F401  (each title registers its names lookup)
    import game.gears.rules.names  # noqa: F401

    i18n.set_language("hu")
    try:
        assert str(Ref("doom.action", "advance")) == "Megközelítés"
        assert str(Ref("gears.card", "advance")) == "Advance"
    finally:
        i18n.set_language("en")
    assert str(Ref("doom.action", "advance")) == "Advance"
