"""A Gears message that cites a rule ("(spec 6.16)", shown to a player as "(rule 6.16)") points at
a section of the F1 help's Rules tab (game/gears/rules_reference.toml): a player told "rule 6.16"
must find 6.16 there. Read from the catalogue template, which holds every message the code says
(tests/test_i18n.py keeps it up to date with the code)."""
from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from game.tutorial.rules_ref import load_rules_reference

ROOT = Path(__file__).resolve().parents[2]


def _gears_citations() -> dict[str, list[str]]:
    with open(ROOT / "game" / "locale" / "tiletop.pot", "rb") as f:
        pot = read_po(f)
    cited: dict[str, list[str]] = {}
    for m in pot:
        if not m.id or not any(path.startswith("game/gears/") for path, _line in m.locations):
            continue
        for text in ([m.id] if isinstance(m.id, str) else list(m.id)):
            for inside in re.findall(r"\((?:[^()]*[;,] )?spec ([^()]*)\)", text):
                for section in re.findall(r"\b\d+(?:\.\d+)*\b", inside):
                    cited.setdefault(section, []).append(text)
    return cited


def test_every_rule_a_gears_message_cites_is_in_the_rules_tab():
    cited = _gears_citations()
    reference = load_rules_reference()
    assert len(cited) > 20  # the citations were read (refusals alone cite some twenty sections)
    missing = {s: texts[0] for s, texts in cited.items() if reference.get(s) is None}
    assert not missing, missing
