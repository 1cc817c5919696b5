"""game/engine/text.py (issue 18): engine text as message ids with named parameters, worded in
the current language only when read; saves keep ids and parameters, not sentences."""
from __future__ import annotations

import pytest

from game import i18n
from game.engine import text as T
from game.engine.protocol import Action, Event, IllegalAction, english_words
from game.engine.text import M, Mn, Msg, Ref


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


@pytest.fixture
def names():
    """A title's name lookup: two figures with names in two languages."""
    words = {"hu": {"Cloud": "Felhő", "Rain": "Eső"}}

    def lookup(kind, key, translate):
        english = {"toy.figure": {"c": "Cloud", "r": "Rain"}}[kind][key]
        return translate(english)

    T.register_names("toy", lookup)
    yield words
    T._LOOKUPS.pop("toy", None)


def test_a_message_is_worded_when_read_in_the_language_then(monkeypatch, names):
    catalogue = {"{who} moves to {area}.": "{who} a(z) {area} területre lép.", "Cloud": "Felhő"}
    msg = M("{who} moves to {area}.", who=Ref("toy.figure", "c"), area="2A:b")
    assert str(msg) == "Cloud moves to 2A:b."
    monkeypatch.setattr(i18n, "translate", lambda s: catalogue.get(s, s))
    i18n.set_language("en")  # a new generation: the worded text is made again
    assert str(msg) == "Felhő a(z) 2A:b területre lép."
    assert msg.english() == "Cloud moves to 2A:b."


def test_plural_forms_follow_the_number():
    assert str(Mn("{n} wound", "{n} wounds", 1)) == "1 wound"
    assert str(Mn("{n} wound", "{n} wounds", 3)) == "3 wounds"
    assert str(Mn("{who} takes {n} wound", "{who} takes {n} wounds", 2, who="Dom")) == "Dom takes 2 wounds"


def test_a_broken_translation_falls_back_to_english(monkeypatch):
    monkeypatch.setattr(i18n, "translate", lambda s: "{nobody} broke it")
    i18n.set_language("en")
    assert str(M("{who} waits.", who="Dom")) == "Dom waits."


def test_messages_round_trip_through_json_with_refs_and_nested_messages():
    msg = M("{who} plays {card}: {what}", who=Ref("gears.cog", "dom"), card=Ref("gears.card", "advance#2"),
            what=Mn("{n} area", "{n} areas", 3))
    data = msg.to_json()
    assert data["params"]["who"] == {"ref": "gears.cog", "id": "dom"}
    back = Msg.from_json(data)
    assert back == msg and hash(back) == hash(msg)


@pytest.mark.parametrize("bad", [{"msg": 3}, {"msg": "x", "params": []}, {"msg": "x", "plural": "y"},
                                 {"msg": "x", "params": {"a": {"ref": 1, "id": "z"}}},
                                 {"msg": "x", "params": {"a": 1.5}}, {"msg": "x", "extra": 1}])
def test_malformed_message_json_is_a_value_error(bad):
    with pytest.raises(ValueError):
        Msg.from_json(bad)


def test_events_actions_and_refusals_carry_messages_and_plain_strings():
    msg = M("{who} waits.", who="Dom")
    ev = Event("waited", msg, {"who": "dom"})
    assert ev.text == "Dom waits." and ev.message is msg
    assert Event.from_json(ev.to_json()) == ev
    assert ev.to_json()["text"] == {"msg": "{who} waits.", "params": {"who": "Dom"}}
    plain = Event("old", "A sentence from a title not converted yet.")
    assert Event.from_json(plain.to_json()) == plain and plain.text.startswith("A sentence")
    act = Action("wait", {"who": "dom"}, M("Wait"))
    assert act.text == "Wait" and Action.from_json(act.to_json()).label == M("Wait")
    assert Action("wait", {"who": "dom"}, "other words") == act
    exc = IllegalAction(M("{who} cannot wait.", who="Dom"))
    assert exc.reason == "Dom cannot wait." and str(exc) == exc.reason


def test_the_hash_sees_a_pending_questions_words_in_english():
    """A paused question keeps message JSON in the state; the hash is over the English words,
    as the state held them before messages (pinned games and old saves keep their hashes)."""
    words = {"proc": {"pending": {"prompt": "Which card does Dom discard?", "labels": ["Advance", "Stay"]}}}
    msgs = {"proc": {"pending": {"prompt": M("Which card does {who} discard?", who="Dom").to_json(),
                                 "labels": [M("Advance").to_json(), "Stay"]}}}
    assert english_words(msgs) == words
    assert english_words(words) is words


def test_a_capitalised_phrase_starts_a_line_in_the_language_shown():
    """A map check says 'floor square 3,4 is in no area' inside a longer line; the builder shows
    it as a line of its own, capitalised in English and in Hungarian alike."""
    phrase = M("floor square {c},{r} is in no area", c=3, r=4)
    line = T.Capitalised(phrase)
    assert line == "Floor square 3,4 is in no area" and line.english() == "Floor square 3,4 is in no area"
    assert line == T.Capitalised(M("floor square {c},{r} is in no area", c=3, r=4)) and line != T.Clause(phrase)
    assert hash(line) != hash(T.Clause(phrase))
    i18n.set_language("hu")
    try:
        assert str(line) == "A 3,4 padlómező egyik területhez sem tartozik"
    finally:
        i18n.set_language("en")


def test_a_reason_used_as_a_log_line_is_a_sentence_and_saves_as_one():
    """Sentence: a clause worded with a capital and a full stop (Level 7's enemy reasons are
    clauses inside other sentences and log lines of their own); its JSON reads back the same and
    words the same, and it differs from a Clause of the same piece."""
    reason = M("{who} moves toward the lift", who="Guard 2")
    line = T.Sentence(reason)
    assert str(line) == "Guard 2 moves toward the lift." and str(T.Sentence(M("steps to the lift"))) == "Steps to the lift."
    back = T.from_json(line.to_json())
    assert back == line and str(back) == str(line) and line.to_json() == {"sentence": reason.to_json()}
    assert T.Clause(reason) != line and hash(T.Clause(reason)) != hash(line)


def test_kept_makes_each_key_once_and_stays_bounded():
    made = []

    def make(tile):
        made.append(tile)
        return M("Move to {tile}", tile=tile)

    kept = T.Kept(bound=2)
    first = kept(("move", "a"), make, "a")
    assert kept(("move", "a"), make, "a") is first and made == ["a"]
    assert kept(("move", "b"), make, "b") is not first and made == ["a", "b"]
    # a third key empties it first: the next ask for "a" makes a new (equal) message
    kept(("move", "c"), make, "c")
    again = kept(("move", "a"), make, "a")
    assert again is not first and again == first and made == ["a", "b", "c", "a"]


def test_every_wrapped_kind_inside_a_message_words_in_the_language_asked():
    """A Clause, Sentence or Capitalised inside another message is worded with the translate
    function the outer message is worded with (English for hashes and code that matches words),
    not in whatever language the screen happens to show."""
    inner = M("floor square {c},{r} is in no area", c=3, r=4)
    i18n.set_language("hu")
    try:
        for wrapped, words in ((T.Capitalised(inner), "Floor square 3,4 is in no area"),
                               (T.Sentence(inner), "Floor square 3,4 is in no area."),
                               (T.Clause(inner), "floor square 3,4 is in no area")):
            assert M("Problem: {p}", p=wrapped).english() == f"Problem: {words}"
    finally:
        i18n.set_language("en")
