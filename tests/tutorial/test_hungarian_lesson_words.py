"""The Hungarian lessons name things as the Hungarian table does (the catalogue's words for the
same names): Convoy's sectors ('a Salvage-re' where the city card reads 'Zsákmány'), Level 7's
events ('Blood Trail' for 'Vérnyom') and tiles, and a Gears card's text quoted as the Hungarian
card reads it, not in English ('„Move up to 4 areas”'). A tile the Hungarian rulebook names
(shared/seeds/001_…: 'tartályfarm', 'légzsilip', 'A-lift', 'B-lift/szervíz alagút', 'kórház') is
named so on the table, and so in the lessons: an earlier pass had the lessons say 'Tank Farm' to
match a table that kept the English; the table was the one to change."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "game" / "locale" / "hu" / "LC_MESSAGES" / "tiletop.po"
# Where the names a lesson speaks of come from: the catalogue words them for the table.
SOURCES = ("game/convoy/data/cities.toml", "game/convoy/data/cards.toml", "game/level7/data/events.toml",
           "maps/level7/tiles/", "game/gears/data/orders.toml", "game/gears/data/weapons.toml")


@pytest.fixture(scope="module")
def catalogue():
    with PO.open("rb") as f:
        return read_po(f)


def names(catalogue, sources=SOURCES) -> dict[str, str]:
    """English name -> its Hungarian words, for the short names of the sources."""
    out: dict[str, str] = {}
    for m in catalogue:
        if not m.id or isinstance(m.id, tuple) or not m.string or m.context not in (None, "level7"):
            continue
        where = [loc for loc, _line in m.locations]
        if any(loc.startswith(sources) for loc in where) and len(m.id.split()) <= 4 and m.id[:1].isupper() \
                and "{" not in m.id and len(m.id) > 3:
            out.setdefault(m.id, m.string)
    return out


def lessons(catalogue):
    for m in catalogue:
        where = [loc for loc, _line in m.locations]
        if m.id and not isinstance(m.id, tuple) and any("/lessons/" in loc for loc in where):
            yield where[0], m.id, m.string


# The rulebook's own words for the tiles it names (p. 2 TARTALOM, p. 8): the table's words for them.
RULEBOOK_TILES = {"Tank Farm": "Tartályfarm", "Airlock": "Légzsilip", "A-Lift": "A-lift", "B-Lift": "B-lift",
                  "Maintenance Tunnel": "Szervíz alagút", "Hospital": "Kórház"}


def test_the_tiles_the_rulebook_names_are_its_words_on_the_table(catalogue):
    for en, hu in RULEBOOK_TILES.items():
        level7 = catalogue.get(en, context="level7")
        assert level7 is not None and level7.string == hu, (en, level7 and level7.string)


def test_the_hungarian_lessons_use_the_tables_words_for_names(catalogue):
    table = names(catalogue)
    kept = sorted((n for n, hu in table.items() if n == hu), key=len, reverse=True)
    tiles = {n for n, hu in names(catalogue, ("maps/level7/tiles/",)).items() if n == hu}  # printed names
    wrong = []
    for where, en, hu in lessons(catalogue):
        assert hu, f"{where}: {en[:50]!r} has no Hungarian text"
        plain = re.sub(r"\([^()]*\)", "", hu)  # an English gloss in brackets, '(Sergeant)', is a gloss
        for name in kept:  # a kept name inside another ('Blind Fire', 'Iron Gate') is no English word left
            plain = plain.replace(name, "")
        for name, words in table.items():
            if not re.search(rf"\b{re.escape(name)}\b", en):
                continue
            if name == words:
                if name in tiles and name not in hu:
                    wrong.append(f"{where}: {name!r} is kept on the table but renamed here")
            elif re.search(rf"\b{re.escape(name)}\b", plain):
                wrong.append(f"{where}: {name!r} left in English (the table says {words!r})")
    assert not wrong, "\n".join(wrong)


def test_a_card_text_is_quoted_as_the_hungarian_card_reads(catalogue):
    quoted = [(where, q) for where, _en, hu in lessons(catalogue) for q in re.findall(r"„([^”]+)”", hu)]
    english = [(w, q) for w, q in quoted if re.search(r"\b(up to|areas|the|and)\b", q)]
    assert not english, english
