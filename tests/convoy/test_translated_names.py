"""The sides keep one name in each language. The Hungarian table said 'Outpost dönt' in its
header and 'Ha az Előőrs nyer' in the battle panel beside it: the lessons, the set-up screen and
a few panel lines called the side 'Előőrs' and everything else 'Outpost' (the seed's name, which
the Greek catalogue keeps too). Every translation of a Convoy sentence naming the Outpost names
it 'Outpost', whatever its suffix."""
from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parents[2] / "game" / "locale"


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_the_outpost_keeps_its_name_in_every_translation(lang):
    with (LOCALE / lang / "LC_MESSAGES" / "tiletop.po").open("rb") as f:
        catalogue = read_po(f)
    other = []
    for m in catalogue:
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        # Convoy's sentences only: a Gears place may be an outpost ('Outpost Ruin', 'gears place').
        if not any("Outpost" in i for i in ids if i) or not any("convoy" in path for path, _line in m.locations):
            continue
        other += [s for s in strings if s and "Outpost" not in s]
    assert not other, other[:5]


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_convoy_sentences_name_cards_as_the_table_does(lang):
    """The Hungarian lesson said 'Húzd a Power Core-t a Juggernautra' while the hand showed the
    card as 'Energiamag' (and Reactive Armor, Vanguard, Sabotage the Convoy, Stormtrooper; in
    Greek 'στον Veteran'). A translated Convoy sentence that names a card whose name is
    translated uses that translation (the English may stand beside it in brackets)."""
    import tomllib

    cards = tomllib.loads((LOCALE.parents[1] / "game" / "convoy" / "data" / "cards.toml").read_text(encoding="utf-8"))
    with (LOCALE / lang / "LC_MESSAGES" / "tiletop.po").open("rb") as f:
        catalogue = read_po(f)
    # The cards' own entries (no context): a Gears place of the same English word ('Bunker',
    # msgctxt 'gears place') is another entry with its own translation.
    worded = {m.id: m.string for m in catalogue if isinstance(m.id, str) and m.context is None}
    worded.update({m.id: m.string for m in catalogue if isinstance(m.id, str) and m.context == "convoy"})
    names = {c["name"] for c in cards["card"].values() if worded.get(c["name"]) not in (None, "", c["name"])}
    left = []
    for m in catalogue:
        if not isinstance(m.id, str) or not m.string or not any("convoy" in path for path, _line in m.locations):
            continue
        left += [(name, m.string) for name in names
                 if m.id != name and name in m.id and name in m.string and f"({name})" not in m.string]
    assert not left, left[:5]


def test_a_card_named_like_another_titles_thing_reads_as_the_convoy_card():
    """The Hungarian hand showed 'Dig In' and 'Grenadier' among Hungarian names: the msgids were
    Gears' too (an Order card and a Locust that keep their English names). A Convoy card's name
    is read under the msgctxt "convoy" first (words.card_name), on its face and in the log."""
    from game import i18n
    from game.convoy.rules import words as W

    i18n.set_language("hu")
    try:
        assert W.card_name("Dig In") == "Beásás" and W.card_name("Grenadier") == "Gránátos"
        assert W.lookup("convoy.card", "grenadier", i18n.translate) == "Gránátos"
        assert W.card_name("Juggernaut") == i18n._("Juggernaut")  # the others as before
        assert i18n._("Dig In") == "Dig In" and i18n._("Grenadier") == "Grenadier"  # Gears' own
    finally:
        i18n.untranslated()
