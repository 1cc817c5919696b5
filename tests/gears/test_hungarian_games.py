"""Issue 18: whole simulated Gears games with the language set to Hungarian, and every text the
rules produce for a player (log lines, action labels, refusals, questions' prompts and option
labels) comes out translated: each message's msgid has a Hungarian translation that differs
from the English, apart from proper names (characters, Locusts, weapons, cards, areas, ids) and
the few words Hungarian writes the same way (listed below)."""
from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from game import i18n, titles
from game.engine.protocol import IllegalAction
from game.engine.session import Session
from game.engine.text import Clause, Joined, Msg, Ref, from_json

LOCALE = Path(__file__).resolve().parents[2] / "game" / "locale"
# Written the same in Hungarian: names of things (an equipment named after its weapon) and the
# dice faces' word 'omen' (the seed keeps it).
SAME_IN_HUNGARIAN = {"Locust", "omen", "Hammer of Dawn", "{enemy}", "{weapon} ({mode})", "{weapon} +{extra}", ": {text}"}


@pytest.fixture(scope="module")
def hungarian():
    with (LOCALE / "hu" / "LC_MESSAGES" / "tiletop.mo").open("rb") as f:
        catalogue = gettext.GNUTranslations(f)
    i18n.set_language("hu")
    yield catalogue._catalog
    i18n.set_language("en")


def _english_words(value, hu: dict, where: str, out: set) -> None:
    """Adds to `out` every piece of `value` a Hungarian player would read in English."""
    cls = value.__class__
    if isinstance(value, Msg):
        key = value.msgid if value.plural is None else (value.msgid, 0)
        got = hu.get(key)
        if not got or (got == value.msgid and value.msgid not in SAME_IN_HUNGARIAN
                       and any(c.isalpha() for c in value.msgid.replace("{", " {").split("{")[0])):
            out.add((where, value.msgid))
        for p in value.params.values():
            _english_words(p, hu, where, out)
    elif cls in (Joined, Clause):
        for p in value.parts:
            _english_words(p, hu, where, out)
        if value.sep.__class__ is not str:
            _english_words(value.sep, hu, where, out)
    elif cls is Ref:
        return  # a proper name: a character, a Locust, a weapon, a card, an enemy
    elif cls is str:
        if " " in value.strip() and any(c.isalpha() for c in value):
            out.add((where, value))  # a sentence as plain English: not a message at all
    elif isinstance(value, dict):
        _english_words(from_json(value), hu, where, out)


def _play(mission: str, seed: int, players: int, hu: dict) -> tuple[set, int, dict]:
    sim = titles.get("gears").new_simulator()
    title = sim.title
    session = Session.start(title, mission, seed, sim.options(mission, players))
    bots: dict = {}
    english: set = set()
    counts = {"event": 0, "label": 0, "prompt": 0, "refusal": 0, "reason": 0}
    tried: list = []
    while not session.is_over() and len(session.actions) < 3000:
        actions = session.legal_actions()
        for a in actions:
            _english_words(a.label, hu, "label", english)
        counts["label"] += len(actions)
        pending = session.state.proc and session.state.proc["pending"]
        if pending:
            _english_words(pending["prompt"], hu, "prompt", english)
            counts["prompt"] += 1
        for old in tried[-4:]:  # actions legal a moment ago and not now: the rules' refusals
            if old not in actions:
                try:
                    title.apply(session.state, old)
                except IllegalAction as exc:
                    _english_words(exc.why, hu, "refusal", english)
                    counts["refusal"] += 1
                else:  # pragma: no cover - apply checks legality before any change
                    raise AssertionError(f"{old} was applied though not legal")
        tried += actions[:2]
        who = session.decider
        bot = bots.get(who) or bots.setdefault(who, sim.bot(sim.bots[0], seed * 8 + len(bots)))
        choice = bot.decide(session.state, actions)
        _english_words(choice.reason, hu, "reason", english)  # the bot's reason, shown in the AI panel
        counts["reason"] += 1
        for event in session.apply(choice.action):
            _english_words(event.message, hu, "event", english)
            counts["event"] += 1
    return english, len(session.actions), counts


@pytest.mark.parametrize("mission,seed,players", [
    ("emergence", 1, 1), ("emergence", 2, 2), ("emergence", 3, 4),
    ("china_shop", 1, 2), ("search_for_the_stranded", 2, 2), ("the_showdown", 1, 2), ("scattered", 3, 3)])
def test_a_whole_gears_game_in_hungarian_reads_hungarian(hungarian, mission, seed, players):
    """Every event, label, prompt, refusal and bot's reason of a whole game is Hungarian."""
    english, n, counts = _play(mission, seed, players, hungarian)
    assert n > 50 and counts["event"] > 100 and counts["refusal"] > 10 and counts["prompt"] > 0
    assert counts["reason"] > 50
    assert sorted(english) == []
    assert i18n.language() == "hu"


def test_the_check_finds_english():
    """The walk above flags a msgid without a translation, a sentence as a plain string, and
    looks inside a message's parameters; a name and an area id pass."""
    out: set = set()
    hu = {"{who} waits.": "{who} vár."}
    _english_words(Msg("{who} waits.", {"who": Ref("gears.character", "dom")}), hu, "event", out)
    _english_words("2A:boulevard", hu, "label", out)
    assert out == set()
    _english_words(Msg("{who} waits.", {"who": Msg("the Stranded")}), hu, "event", out)
    _english_words("Marcus moves.", hu, "event", out)
    assert out == {("event", "the Stranded"), ("event", "Marcus moves.")}
