"""Level 7's Hungarian sentences choose no article by hedging: the prompt's button read
'Kukucskálás a(z) K oldali ajtón át', the log '1. alany húzza a(z) „Suttogás” esemény kártyát'
(a side, a name or a number put in later takes 'a' or 'az' by its first sound, which the
template cannot know: 'az É oldali', 'a K oldali'). They are worded so that no article stands
before what is put in, as Convoy's are (tests/convoy/test_hungarian_articles.py)."""
from __future__ import annotations

from babel.messages.pofile import read_po

from game.i18n import LOCALE_DIR


def test_no_level7_sentence_hedges_its_hungarian_article():
    with open(LOCALE_DIR / "hu" / "LC_MESSAGES" / "tiletop.po", "rb") as f:
        catalogue = read_po(f, locale="hu")
    hedged = [m.id for m in catalogue if m.id and any("level7" in path for path, _line in m.locations)
              and any("a(z)" in s.lower() for s in ([m.string] if isinstance(m.string, str) else m.string))]
    assert hedged == []
