"""No Greek message hedges a name's gender with both articles: the Gears log read "Το χέρι
του/της Damon Baird είναι γεμάτο (6 κάρτες)..." at the Healing Step (and the prompt after an
Order card, "Η κάρτα Διαταγής του/της ..."). The name leads the sentence instead ("Damon Baird:
γεμάτο χέρι ..."), as the other Greek lines about a COG do, where the article cannot be known."""
from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

PO = Path(__file__).resolve().parents[1] / "game" / "locale" / "el" / "LC_MESSAGES" / "tiletop.po"
HEDGE = re.compile(r"\b(?:του/της|της/του|ο/η|η/ο|τον/την|την/τον)\b")


def test_no_greek_message_hedges_a_gender():
    with PO.open("rb") as f:
        catalogue = read_po(f, locale="el")
    hedged = [m.id for m in catalogue if m.id and any(HEDGE.search(s or "") for s in
                                                       (m.string if isinstance(m.string, tuple) else (m.string,)))]
    assert hedged == []
