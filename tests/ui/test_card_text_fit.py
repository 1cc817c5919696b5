"""A hand card's small face shows its rules text whole: at 1280x720 the Greek and Hungarian
Ambush (the longest Order card) ended in '…' ('Overwhelming ενός…'), whole only when hovered.
Every Gears Order card, at the size the table deals a full hand at 1280x720 and 1920x1080, in
English, Hungarian and Greek: every word of its text drawn, none cut (kit/hand.card_face)."""
from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.engine.session import Session
from game.gears.rules.title import GearsTitle
from game.ui.gears.table_scene import GearsTable
from game.ui.kit import hand


def _letters(s: str) -> str:
    """The text without spaces and hyphens: its lines as drawn, a word broken at a line's end
    joined again, read in order."""
    return re.sub(r"[\s-]+", "", s)


def _table_with_full_hand(make_app, size):
    """Emergence, seed 5, at `size`: the viewer's COG holds the largest hand any COG holds
    (Marcus Fenix: 7), the smallest cards, drawn once: the app and table."""
    app = make_app(size)
    session = Session.start(GearsTitle(), "emergence", seed=5, options={"players": 2})
    table = GearsTable(app.ctx, session, ["human", "bot"], size, Path(app.ctx.settings_file).parent / "t.json",
                       animate=False)
    app.push(table)
    cog = table.state.cogs[table.viewer]
    cog.character = max(table.content.cogs, key=lambda c: table.content.cogs[c].hand_limit)
    table._size = (0, 0)
    table._layout(size)
    cog.hand = sorted(table.state.orders.draw_pile)[:table.content.cogs[cog.character].hand_limit]
    table.dirty = True
    app.run(max_frames=1)
    return app, table


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_every_order_card_shows_its_text_whole_on_the_hand_s_card(make_app, size, lang, drawn_text):
    app, table = _table_with_full_hand(make_app, size)
    limit = len(table.state.cogs[table.viewer].hand)
    sizes = {r.size for r in table.card_rects.values()}
    assert len(table.card_rects) == limit and len(sizes) == 1
    card = pygame.Rect((0, 0), sizes.pop())
    i18n.set_language(lang)
    surface = pygame.Surface(size)
    cut = []
    for oid, order in table.content.orders.items():
        text = i18n._(order.text)
        drawn_text.clear()
        hand.card_face(surface, app.ctx, card, i18n._(order.name), text)
        if any("\u2026" in s for s in drawn_text) or _letters(text) not in _letters(" ".join(drawn_text)):
            cut.append(oid)
    assert cut == [], f"{lang} {size} card {card.size}"


def test_small_cards_at_1920x1080_show_their_art_above_the_text(make_app):
    """At 1920x1080 a hand card's text took the art's place, as on the 720p hand, and left the
    lower half of the card an empty paper: the cards looked unfinished. The hand now keeps as
    much of the art above the text as every card's text leaves room for, at its own size."""
    app, table = _table_with_full_hand(make_app, (1920, 1080))
    surface = pygame.display.get_surface()
    paper = (226, 218, 196)
    assert len(table.card_rects) == 7
    for card, rect in table.card_rects.items():
        k = rect.width / 250
        # A line down the art's upper half, under the name band: art, not paper (nor text on it).
        column = [tuple(surface.get_at((rect.left + round(x * k), rect.top + round(y * k))))[:3]
                  for x in (60, 125, 190) for y in range(64, 120, 4)]
        assert sum(c == paper for c in column) < len(column) // 5, card


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_the_art_kept_never_makes_a_card_s_text_smaller(make_app, lang):
    """Whatever seven Order cards a hand holds at 1920x1080 and 1280x720 (the deck in slices),
    each card's text is drawn at the size it has with no art kept."""
    from game import i18n as I
    from game.ui import widgets

    for size in ((1920, 1080), (1280, 720)):
        app, table = _table_with_full_hand(make_app, size)
        width = max(r.width for r in table.card_rects.values())  # a fanned card shows only a strip
        card = pygame.Rect(0, 0, width, round(width * hand.CARD_RATIO))
        I.set_language(lang)
        orders = sorted(table.content.orders)
        faces = [(I._(table.content.orders[o].name), I._(table.content.orders[o].text), "", False) for o in orders]
        for i in range(0, len(faces), 7):
            chunk = faces[i:i + 7]
            keep = hand.art_keep(app.ctx, card.size, chunk)
            k = card.width / 250
            art = pygame.Rect(round(18 * k), round(58 * k), round(214 * k), round(138 * k))
            for name, text, _icon, _p in chunk:
                band = hand._title_box(card)
                sizes = [widgets.fitted_font(app.ctx, text, hand._small_paper(card, band, art, k, kk)[1],
                                             max(app.ctx.px(12), min(app.ctx.px(15), round(16 * k))), hand.TEXT_SMALLEST,
                                             hyphenate=True).get_height() for kk in (0.0, keep)]
                assert sizes[0] == sizes[1], (lang, size, name, keep)
