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
        if not any("Outpost" in i for i in ids if i):
            continue
        other += [s for s in strings if s and "Outpost" not in s]
    assert not other, other[:5]
