"""The Ticker spawn of Roadblocks names the mission as the table does: in Hungarian the toolbar
said 'Útakadályok' and the log '(Roadblocks, 15A lapka)'."""
from __future__ import annotations

import pytest

from game import i18n


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_the_ticker_spawn_names_the_mission_in_the_table_s_words(lang):
    i18n.set_language(lang)
    try:
        line = i18n._("Roadblocks, tile {tile}").format(tile="15A")
        assert line.startswith(i18n._("Roadblocks") + ","), line
    finally:
        i18n.set_language("en")
