"""Issue 18: whole random Neuroshima Convoy games with the language set to Hungarian, and to
Greek, and every text the rules produce for a player (log lines, action labels, refusals,
questions' prompts and option labels) comes out translated: each message's msgid has a
translation that differs from the English, apart from proper names (cards, cities, sectors,
features and sides are Refs, named by the "convoy" lookup) and the templates that hold nothing
but names. Each translation also formats with the message's parameters (a broken placeholder
would fall back to English without a word)."""
from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from game import i18n
from game.convoy.rules.title import ConvoyTitle
from game.engine.bots import RandomBot
from game.engine.protocol import IllegalAction
from game.engine.session import Session
from game.engine.text import Clause, Joined, Msg, Ref, from_json

LOCALE = Path(__file__).resolve().parents[2] / "game" / "locale"


def _catalogue(lang: str) -> dict:
    with (LOCALE / lang / "LC_MESSAGES" / "tiletop.mo").open("rb") as f:
        return gettext.GNUTranslations(f)._catalog


@pytest.fixture(params=["hu", "el"])
def language(request):
    catalogue = _catalogue(request.param)
    i18n.set_language(request.param)
    yield request.param, catalogue
    i18n.set_language("en")


def _english_words(value, tr: dict, where: str, out: set) -> None:
    """Adds to `out` every piece of `value` a player would read in English."""
    cls = value.__class__
    if isinstance(value, Msg):
        key = value.msgid if value.plural is None else (value.msgid, 0)
        got = tr.get(key)
        if not got or (got == value.msgid and any(c.isalpha() for c in value.msgid.replace("{", " {").split("{")[0])):
            out.add((where, value.msgid))
        elif got:
            values = {k: str(v) if isinstance(v, (Msg, Ref, Joined)) else v for k, v in value.params.items()}
            if value.n is not None:
                values.setdefault("n", value.n)
            try:
                got.format(**values)
            except (KeyError, IndexError, ValueError):
                out.add((where, f"broken translation: {got}"))
        for p in value.params.values():
            _english_words(p, tr, where, out)
    elif cls in (Joined, Clause):
        for p in value.parts:
            _english_words(p, tr, where, out)
    elif cls is Ref:
        if value.name() == value.key and "_" in value.key:
            out.add((where, f"unnamed {value.kind} {value.key}"))
    elif cls is str:
        if " " in value.strip() and any(c.isalpha() for c in value):
            out.add((where, value))  # a sentence as plain English: not a message at all
    elif isinstance(value, dict):
        _english_words(from_json(value), tr, where, out)


def _play(seed: int, tr: dict) -> tuple[set, int, dict]:
    title = ConvoyTitle()
    session = Session.start(title, "standard", seed, {})
    bot = RandomBot(seed)
    english: set = set()
    counts = {"event": 0, "label": 0, "prompt": 0, "refusal": 0}
    tried: list = []
    while not session.is_over() and len(session.actions) < 3000:
        actions = session.legal_actions()
        for a in actions:
            _english_words(a.label, tr, "label", english)
        counts["label"] += len(actions)
        pending = session.state.proc and session.state.proc["pending"]
        if pending:
            _english_words(pending["prompt"], tr, "prompt", english)
            counts["prompt"] += 1
        for old in tried[-4:]:  # actions legal a moment ago and not now: the rules' refusals
            if old not in actions:
                try:
                    title.apply(session.state, old)
                except IllegalAction as exc:
                    _english_words(exc.why, tr, "refusal", english)
                    counts["refusal"] += 1
                else:  # pragma: no cover - apply checks legality before any change
                    raise AssertionError(f"{old} was applied though not legal")
        tried += actions[:2]
        for event in session.apply(bot.choose(actions)):
            _english_words(event.message, tr, "event", english)
            counts["event"] += 1
    return english, len(session.actions), counts


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_convoy_game_reads_in_the_language(language, seed):
    lang, tr = language
    english, n, counts = _play(seed, tr)
    assert n > 30 and counts["event"] > 50 and counts["refusal"] > 5 and counts["prompt"] > 0
    assert sorted(english) == []
    assert i18n.language() == lang


def test_names_and_printed_texts_come_from_the_catalogue(language):
    lang, _tr = language
    if lang == "el":
        assert str(Ref("convoy.city", "new_york")) == "Νέα Υόρκη"
        assert str(Ref("convoy.card", "spiders")) == "Αράχνες"
        assert "δείκτη Δύναμης" in str(Ref("convoy.card_text", "veteran"))
    else:
        assert str(Ref("convoy.card", "scout")) == "Felderítő"
        assert "erőjelzőt" in str(Ref("convoy.card_text", "veteran"))
    assert str(Ref("convoy.side", "moloch")) == "Moloch"


def test_the_check_finds_english():
    out: set = set()
    tr = {"{card} is killed.": "{card} elesik."}
    _english_words(Msg("{card} is killed.", {"card": Ref("convoy.card", "scout")}), tr, "event", out)
    assert out == set()
    _english_words(Msg("{card} is discarded.", {"card": Ref("convoy.card", "scout")}), tr, "event", out)
    _english_words("Scout moves.", tr, "event", out)
    assert out == {("event", "{card} is discarded."), ("event", "Scout moves.")}


def test_a_paused_question_saves_as_ids_and_reads_in_any_language():
    """A pending question's prompt and labels go to JSON as messages' JSON form (no sentence),
    come back as messages, and the state hash does not depend on the language."""
    import json

    title = ConvoyTitle()
    found = 0
    for seed in range(1, 6):
        state = title.new_game("standard", seed, {})
        bot = RandomBot(seed)
        while title.current_decider(state) is not None and found < 5:
            if state.proc is not None:
                data = json.loads(json.dumps(title.to_json(state)))
                pend = data["proc"]["pending"]
                assert isinstance(pend["prompt"], dict) and "msg" in pend["prompt"]
                back = title.from_json(data)
                assert [a.label for a in title.legal_actions(back)] == [a.label for a in title.legal_actions(state)]
                english = title.state_hash(state)
                i18n.set_language("el")
                try:
                    assert title.state_hash(back) == english
                    assert str(back.proc["pending"]["prompt"]) != back.proc["pending"]["prompt"].english()
                finally:
                    i18n.set_language("en")
                found += 1
            title.apply(state, bot.choose(title.legal_actions(state)))
    assert found == 5
