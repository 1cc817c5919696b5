"""A 7-card hand's cards at 1280x720 show their text whole as the table draws them: with the
card's reaction icon, its placeholder mark, its picture and the art it keeps (draw_hand's own
arguments, recorded in `faces`), at every height the table gives the hand strip there. Where the
map leaves the strip no spare height (its least, 150 px: the cards 89 px wide) the Hungarian
and Greek Ambush ended in '…' (whole on the larger cards a wide map leaves room for, and on the
enlarged card); tests/ui/test_card_text_fit.py drew the faces at the largest size only. Every
Order card, in English, Hungarian and Greek, never under the 7 px text floor."""
from __future__ import annotations


import pygame
import pytest

from game import i18n
from game.ui.kit import hand
from tests.ui.test_card_text_fit import _letters, _table_with_full_hand


@pytest.mark.parametrize("strip", ["least", "middle", "most"])
@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_every_order_card_is_whole_on_a_7_card_hand_at_1280x720(make_app, lang, strip, drawn_text, monkeypatch):
    app, table = _table_with_full_hand(make_app, (1280, 720))
    px = app.ctx.px
    most = table.hand_rect.height  # this small map leaves spare height: a full hand fills the row
    hand_h = {"least": px(150), "middle": (px(150) + most) // 2, "most": most}[strip]
    table.set_rects((1280, 720), table.toolbar_rect.height, table.side_rect.width, hand_h)
    i18n.set_language(lang)
    cog = table.state.cogs[table.viewer]
    assert len(cog.hand) == 7
    kinds = sorted(table.content.orders)
    pile = sorted(set(table.state.orders.draw_pile) | set(cog.hand))
    copy = {k: next(c for c in pile if c.split("#")[0] == k) for k in kinds}
    sizes = []
    real_font = hand.widgets.fitted_font

    def spy(*a, **k):
        font = real_font(*a, **k)
        sizes.append(font.get_height())
        return font
    monkeypatch.setattr(hand.widgets, "fitted_font", spy)
    cut = []
    for i in range(0, len(kinds), 7):
        chunk = [copy[k] for k in kinds[i:i + 7]]
        chunk += [c for c in pile if c not in chunk][:7 - len(chunk)]
        cog.hand = chunk
        table.dirty = True
        app.run(max_frames=1)
        faces = table.card_rects.faces
        assert len(table.card_rects) == 7
        width = max(r.width for r in table.card_rects.values())
        card = pygame.Rect(0, 0, width, round(width * hand.CARD_RATIO))
        surface = pygame.Surface(card.size)
        for c in chunk:
            drawn_text.clear()
            hand.card_face(surface, app.ctx, card, **faces[c])
            text = faces[c]["text"]
            if any("\u2026" in s for s in drawn_text) or _letters(text) not in _letters(" ".join(drawn_text)):
                cut.append((c, faces[c]["icon"], faces[c]["art_keep"]))
    assert cut == [], f"{lang} card {card.size}"
    assert strip != "least" or card.width == 89, card
    assert sizes and min(sizes) >= hand.TEXT_SMALLEST
