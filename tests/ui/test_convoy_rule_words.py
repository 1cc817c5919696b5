"""The rule named after a refused Convoy drop is said in a player's words. It ended in the spec's
section numbers, which a player cannot look up (the rulebook has other numbers, and '9 #18' is
the spec's list of gaps): 'Move has nothing to act on now.  Rule: an Instant is played in its
owner's attack phase and needs something to act on (rule 2, 5).' (English, 1280x720)."""
from __future__ import annotations

import re

import pytest

from game import i18n
from game.ui.convoy import words

REFERENCE = re.compile(r"\((spec|rule|szabály|κανόνας)\b[^)]*\)|#\d|\bspec\b", re.IGNORECASE)


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
@pytest.mark.parametrize("kind", sorted(words.RULES))
def test_a_refusals_rule_names_no_spec_section(lang, kind):
    i18n.set_language(lang)
    try:
        said = words.rule(kind)
        assert said and said != words.RULES[kind] or lang == "en"
        assert not REFERENCE.search(said), said
        assert not re.search(r"\d+\.\d+|\b\d+, \d+\b", said), said  # no bare section numbers either
    finally:
        i18n.set_language("en")
