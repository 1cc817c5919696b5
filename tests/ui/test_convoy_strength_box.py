"""The battle panel's strength box keeps its 'vs' clear of the two strengths. At 1280x720 in Greek
a two-digit Moloch strength ran into it: '11έναντι 1' (the word 'έναντι' is four times the
English 'vs', and the box is some 130 pixels wide)."""
from __future__ import annotations

import pytest

from game import i18n
from game.convoy.rules import board as B
from tests.ui.conftest import record_text_rects
from tests.ui.test_convoy_layout import mid_game
from tests.ui.test_ui_scale import draw


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "hu", "el"])
@pytest.mark.parametrize("strengths", [(11, 1), (14, 12), (3, 4)])
def test_the_strength_boxs_words_and_numbers_do_not_overlap(make_app, monkeypatch, size, language, strengths):
    app = make_app(size)
    i18n.set_language(language)
    table = mid_game(app, size)
    monkeypatch.setattr(B, "side_strength", lambda st, c, s: strengths[s])
    drawn = record_text_rects(monkeypatch)
    draw(app)
    box = table.strength_rect
    inside = [(t, r) for t, r in drawn if box.contains(r)]
    numbers = [r for t, r in inside if t in (str(strengths[0]), str(strengths[1]))]
    between = [(t, r) for t, r in inside if t in (i18n._("vs"), "\u2013")]
    assert len(numbers) == 2 and len(between) == 1, inside
    assert between[0][1].collidelist(numbers) < 0, (between, numbers)
