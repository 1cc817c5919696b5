"""Level 7's own words on the table (game/ui/level7/words.py) in the language in use."""
from __future__ import annotations

import pytest

from game import i18n
from game.level7.content import load_content
from game.ui.level7 import words


@pytest.mark.parametrize("language", ["hu", "el"])
def test_the_scenarios_name_is_in_the_language_in_use(language):
    """A Greek table's title bar and the saves list read '1. A New Level of Fear': the name
    was the English one in every language but Hungarian, though the catalogue translates it.
    Every scenario's name is worded in the language (Hungarian as the seed prints it)."""
    content = load_content()
    i18n.set_language(language)
    try:
        for sc in content.scenarios.values():
            got = words.scenario(sc)
            assert sc.name not in got, (language, got)
    finally:
        i18n.set_language("en")
