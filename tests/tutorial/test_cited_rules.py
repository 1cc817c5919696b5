"""A message that cites a rule ("(spec 6.16)", shown as "(rule 6.16)") points at a section of the
F1 help's Rules tab (game/<title>/rules_reference.toml): a player told "rule 6.16" must find 6.16
there. Gears cited 3.8, 6.16, 9.2.4, 9.3.2 and the spec's gap list ("11 item 48"), none of them
in the tab. Read from the English catalogue, as a player reads it (the catalogue words a
message: Level 7's and Convoy's English leave their spec sections out), for every title."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game import titles
from game.tutorial.rules_ref import load_rules_reference

ROOT = Path(__file__).resolve().parents[2]
CITATION = re.compile(r"\((?:[^()]*[;,] )?(?:spec|rule|rules) ([^()]*)\)")


def _shown_citations(title: str) -> dict[str, list[str]]:
    with open(ROOT / "game" / "locale" / "en" / "LC_MESSAGES" / "tiletop.po", "rb") as f:
        catalogue = read_po(f)
    cited: dict[str, list[str]] = {}
    for m in catalogue:
        if not m.id or not any(path.startswith((f"game/{title}/", f"game/ui/{title}/")) for path, _line in m.locations):
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        for i, text in enumerate(ids):
            shown = strings[i] if i < len(strings) and strings[i] else text
            for inside in CITATION.findall(shown):
                for section in re.findall(r"\b\d+(?:\.\d+)*\b", inside):
                    cited.setdefault(section, []).append(shown)
    return cited


@pytest.mark.parametrize("title", ["gears", "doom", "level7", "convoy"])
def test_every_rule_a_message_cites_is_in_the_rules_tab(title):
    cited = _shown_citations(title)
    reference = load_rules_reference(titles.get(title).rules_reference_path)
    if title == "gears":
        assert len(cited) > 20  # the citations were read (refusals alone cite some twenty sections)
    missing = {s: texts[0] for s, texts in cited.items() if reference.get(s) is None}
    assert not missing, missing
