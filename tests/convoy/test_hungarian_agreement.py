"""Convoy's Hungarian sentences put no card's name before its verb: the log read 'Pókok belép
ebbe a városba: Ziggy One.', a plural name ('Pókok', Spiders) with a singular verb. A name put in
later is singular or plural by the card, which the template cannot know, so the verb comes first
and the name after a colon ('Belép: Pókok → Ziggy One.'), or 'ez a lap' is the subject. The
convoy question spoke of the player in the third person ('Továbbvonuljon egy robot…?') where the
rest of the game says 'te' to the player."""
from __future__ import annotations

import re

from babel.messages.pofile import read_po

from game import i18n
from game.i18n import LOCALE_DIR

# a card's placeholder as a sentence's subject: the name, then a lower-case word (its verb); the
# name before its possession ('Pókok képessége') agrees with nothing and may stay
NAME_THEN_VERB = re.compile(r"^\{(card|robot|soldier|target)\} (?!képessége )[a-záéíóöőúüű]")


def _convoy_entries(lang):
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / "tiletop.po", "rb") as f:
        catalogue = read_po(f, locale=lang)
    return [m for m in catalogue if m.id and isinstance(m.string, str)
            and any("convoy" in path for path, _line in m.locations)]


def test_no_hungarian_convoy_sentence_makes_a_card_name_its_subject():
    entries = _convoy_entries("hu")
    assert len(entries) > 100
    assert [m.string for m in entries if NAME_THEN_VERB.search(m.string)] == []


def test_a_plural_card_name_enters_a_city_in_good_hungarian():
    from game.convoy.rules import words as W
    from game.engine.text import as_text

    i18n.set_language("hu")
    try:
        said = as_text(W.say(W.ENTERS, card=W.card_id("spiders"), city=W.city(0)))
    finally:
        i18n.set_language("en")
    assert said == "Belép: Pókok → Ziggy One.", said


def test_the_convoy_question_addresses_the_player():
    from game.convoy.rules import words as W
    from game.engine.text import as_text

    said = {}
    for lang in ("hu", "el"):
        i18n.set_language(lang)
        try:
            said[lang] = as_text(W.say(W.ASK_CONVOY, city=W.city(0), next_city=W.city(1)))
        finally:
            i18n.set_language("en")
    assert said["hu"].startswith("Továbbviszel egy robotot"), said  # te, as 'válassz', 'húzod'
    assert said["el"].startswith("Μετακινείτε ένα Ρομπότ"), said  # εσείς, as 'επιλέξτε', 'Τραβάτε'
