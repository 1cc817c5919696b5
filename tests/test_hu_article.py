"""The Hungarian article before a name put into a sentence (game/hu_article.py, game/i18n.py
`fill`). About 136 Hungarian messages hedged it as "a(z) {name}": the table read "A(z) D1 zsilip
kinyílik." and "Kezdődik a(z) 2. forduló.". The catalogue now writes the article as the
placeholder's spec ("{door:Az}"), and the name decides 'a' or 'az' by its first sound."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game import i18n
from game.engine.text import M, Sentence, as_text
from game.hu_article import article, with_article
from game.i18n import LOCALE_DIR, fill

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


AZ = [
    # Gears: COGs, Locust, places, weapons
    "Augustus Cole", "Imulsion-finomító", "Ephyra sugárút", "Ereklyekamra", "Oltár", "Alagútkanyar",
    "Udvar", "Active Reload", "Assault",
    # Doom: monsters, rooms, weapons, doors
    "Ősgonosz", "Ököl", "Ismétlőkarabély", "Adrenalin", "A1", "E2",
    # Level 7: characters, enemies, tiles, door sides
    "Őr", "Egyenruha", "1. alany", "A-lift", "Armory", "Incinerator", "É",
    # Convoy cards
    "Annihilator", "Aknamező", "Élcsapat", "Őrmester", "Újrahasznosító", "EMP-ágyú", "Utász",
    # letters named with a vowel sound, abbreviations
    "F3", "L", "M", "N2", "R", "S", "X", "Sz", "UAC",
    # numbers read aloud (egy/első, öt/ötödik, ezer), Roman ordinals
    "1", "1.", "5", "5.", "50", "500", "5000", "1000", "1999", "1000000", "I.", "V.",
    # quoted
    "„Ajtó”", "(Ősgonosz)",
]
A = [
    "Marcus Fenix", "Dominic Santiago", "Damon Baird", "Lancer Assault Rifle", "Hammerburst", "Boomer",
    "General RAAM", "Drone-laktanya", "Hollow-híd", "Theron Guard", "Wretch", "Bolo Grenade",
    "Démon", "Pokollovag", "Tűzördög", "Zombi", "Kiberdémon", "BFG", "Láncfűrész", "Konzolterem", "D1", "D12",
    "Dr. Cronos", "Klón", "Hibrid", "B-lift", "C-lift", "Sick Bay A", "Yellow Lab", "K", "D", "Ny", "2. alany",
    "Darázs", "Ziggy One", "Juggernaut", "Scorn", "Kasparov", "Roncsmentés",
    "REGENERATION", "SERVE ME!", "COG",
    "2", "2.", "3", "4", "6", "7", "8", "9", "10", "10.", "11", "17B", "2A", "100", "10000", "100000", "0",
    "X.", "IV.", "II.", "+1", "",
]


@pytest.mark.parametrize("word", AZ)
def test_a_vowel_sound_takes_az(word):
    assert article(word) == "az", word


@pytest.mark.parametrize("word", A)
def test_a_consonant_sound_takes_a(word):
    assert article(word) == "a", word


def test_with_article_and_a_sentence_start():
    assert with_article("Ősgonosz") == "az Ősgonosz"
    assert with_article("D1", capital=True) == "A D1"
    assert with_article(1, capital=True) == "Az 1"
    assert fill("{n:Az}. szint feloldva, {d:az} zsilip nyitva, {x}", n=5, d="A3", x="kész") == \
        "Az 5. szint feloldva, az A3 zsilip nyitva, kész"
    assert fill("{n}.", n=2) == "2."


def test_real_messages_in_hungarian_take_the_right_article():
    from game.gears.rules import names as gears_names
    from game.level7.rules.names import door_side

    i18n.set_language("hu")
    assert str(M("Door {door} opens.", door="D1")) == "A D1 zsilip kinyílik."
    assert str(M("Door {door} opens.", door="A2")) == "Az A2 zsilip kinyílik."
    assert str(M("Round {round} begins.", round=1)) == "Kezdődik az 1. forduló."
    assert str(M("Round {round} begins.", round=2)) == "Kezdődik a 2. forduló."
    assert str(M("Level {pick} is unlocked.", pick=1)) == "Az 1. szint feloldva."
    assert str(M("Level {pick} is unlocked.", pick=3)) == "A 3. szint feloldva."
    lancer = str(M("The {weapon} takes no ammo tokens (spec 6.5, 6.8).", weapon=gears_names.weapon("lancer")))
    assert lancer.startswith("A Lancer"), lancer
    assert str(M("The door on side {side}", side=door_side("N"))) == "Az északi oldali ajtó"
    assert str(M("The door on side {side}", side=door_side("W"))) == "A nyugati oldali ajtó"
    # a phrase with its article inside a sentence, then the sentence's capital
    phrase = M("the {weapon}", weapon="Ismétlőkarabély")
    assert str(phrase) == "az Ismétlőkarabély"
    assert str(Sentence(M("the {weapon}", weapon="Boomshot"))) == "A Boomshot."
    assert as_text(M("floor square {c},{r} is in no area", c=5, r=2)).startswith("az 5,2 padlómező")


def test_a_refused_map_names_its_line_with_the_right_article(tmp_path):
    from game.board.model import MapError
    from game.board.tmx import load_board

    cut = tmp_path / "cut.tmx"
    cut.write_text('<?xml version="1.0"?>\n<!DOCTYPE map [<!ENTITY x "y">]>\n<map version="1.10"/>\n')
    i18n.set_language("hu")
    with pytest.raises(MapError) as got:
        load_board(cut)
    assert "DOCTYPE a 2. sorban" in str(got.value), str(got.value)


def _hungarian():
    with open(LOCALE_DIR / "hu" / "LC_MESSAGES" / "tiletop.po", "rb") as f:
        return read_po(f, locale="hu")


def _forms(m):
    return [m.string] if isinstance(m.string, str) else list(m.string)


def test_no_hungarian_message_hedges_its_article():
    hedged = [m.id for m in _hungarian() if m.id and any("a(z)" in s.lower() for s in _forms(m))]
    assert hedged == []


def test_a_message_with_an_article_spec_is_never_filled_by_a_plain_format():
    """str.format refuses the spec "az": every template that carries one is filled by M(...) or
    i18n.fill, never by `_("...").format(...)` in the code."""
    specced = set()
    for m in _hungarian():
        if m.id and any(re.search(r"\{\w+:(?!az\}|Az\})[^}]*\}", s) and ":az}" in s for s in _forms(m)):
            pytest.fail(f"an article spec beside another spec: {m.id}")
        if m.id and any(":az}" in s or ":Az}" in s for s in _forms(m)):
            specced.add(m.id if isinstance(m.id, str) else m.id[0])
    assert len(specced) > 100
    plain = []
    for path in (ROOT / "game").rglob("*.py"):
        src = path.read_text(encoding="utf-8")
        for msgid in specced:
            literal = '"' + msgid.replace("\\", "\\\\").replace('"', '\\"') + '"'
            if re.search(re.escape(literal) + r"\)\s*\.format\(", src):
                plain.append((path.name, msgid))
    assert plain == []
