"""Convoy's Hungarian sentences choose no article by hedging: the log read 'A(z) Darázs belép
ebbe a városba: Ziggy One.', 'Kezdődik a(z) 1. kör' and 'nem tud mit tenni a(z) V. fázisban' (a
name or a number put in later takes 'a' or 'az' by its first sound, which the template cannot
know). They are worded so that no article stands before a name or number put in."""
from __future__ import annotations

from babel.messages.pofile import read_po

from game.i18n import LOCALE_DIR


def test_no_convoy_sentence_hedges_its_hungarian_article():
    with open(LOCALE_DIR / "hu" / "LC_MESSAGES" / "tiletop.po", "rb") as f:
        catalogue = read_po(f, locale="hu")
    hedged = [m.id for m in catalogue if m.id and any("convoy" in path for path, _line in m.locations)
              and any("a(z)" in s.lower() for s in ([m.string] if isinstance(m.string, str) else m.string))]
    assert hedged == []
