"""The AI card's whole text shows in the side panel (a player reads what the Locusts will do):
with four long reasons under it, the section's share of the panel cut the card's text short
("If no Boo..."). The card's text comes first, the older reasons give way (they are in the log).
Checked with the longest AI card text of each language at 1280x720 and 1920x1080."""
from __future__ import annotations

import pytest

from game import i18n
from game.i18n import _
from game.ui.kit.ai_panel import AiShown
from tests.ui.test_gears_play import do_click, start_game

CARD_TEXT = (230, 210, 200)  # the colour ai_panel.draw gives the card's text


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_the_ai_cards_whole_text_shows_beside_long_reasons(make_app, config_dir, drawn_text, size, language):
    from game.ui.settings import Settings, save_settings

    save_settings(Settings(language=language))
    app, table = start_game(make_app, size=size)
    assert i18n.language() == language
    cards = sorted(table.content.ai_cards.values(), key=lambda c: len(_(c.text)))
    card = cards[-1]
    text = _(card.text)
    reasons = [_(c.text) for c in cards[-5:-1]]  # four long lines under it
    table.ai = AiShown(card.id, card.id, text, lines=reasons)
    if not table.ai_unfolded():  # a short panel (1280x720) shows it folded: opened by its button
        table.dirty = True
        app.run(max_frames=1)
        drawn_text.clear()
        do_click(app, next(r for r, _l, what in table.buttons if what == "ai_fold").center)
        assert table.ai_unfolded()
    else:
        drawn_text.clear()
        table.dirty = True
        app.run(max_frames=1)
    drawn = list(zip(drawn_text, drawn_text.colours))
    words = text.split()
    pieces = [s for s, colour in drawn if colour == CARD_TEXT and s.strip()]
    assert not any(s.endswith("\u2026") for s in pieces), pieces
    assert " ".join(" ".join(pieces).split()) == " ".join(words), pieces
    assert any(s.startswith("\u2192") for s, _c in drawn), "the newest reason still shows"
