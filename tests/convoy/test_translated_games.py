"""Issue 18: whole random Neuroshima Convoy games with the language set to Hungarian, and to
Greek, and every text the rules produce for a player (log lines, action labels, refusals,
questions' prompts and option labels) comes out translated: each message's msgid has a
translation that differs from the English, apart from proper names (cards, cities, sectors,
features and sides are Refs, named by the "convoy" lookup) and the templates that hold nothing
but names. Each translation also formats with the message's parameters (a broken placeholder
would fall back to English without a word)."""
from __future__ import annotations

import pytest

from game import i18n
from game.convoy.rules.title import ConvoyTitle
from game.engine.bots import RandomBot
from game.engine.text import Msg, Ref
from tests.translated_games import catalogue, english_words, play


@pytest.fixture(params=["hu", "el"])
def language(request):
    tr = catalogue(request.param)
    i18n.set_language(request.param)
    yield request.param, tr
    i18n.set_language("en")


def _play(seed: int, tr: dict):
    bot = RandomBot(seed)
    return play(ConvoyTitle(), "standard", seed, {}, lambda state, actions: bot.choose(actions), tr)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_convoy_game_reads_in_the_language(language, seed):
    lang, tr = language
    played = _play(seed, tr)
    n, counts = played.actions, played.counts
    assert n > 30 and counts["event"] > 50 and counts["refusal"] > 5 and counts["prompt"] > 0
    assert played.english == []
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
    english_words(Msg("{card} is killed.", {"card": Ref("convoy.card", "scout")}), tr, "event", out)
    assert out == set()
    english_words(Msg("{card} is discarded.", {"card": Ref("convoy.card", "scout")}), tr, "event", out)
    english_words("Scout moves.", tr, "event", out)
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
