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


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_every_order_card_shows_its_text_whole_on_the_hand_s_card(make_app, size, lang, drawn_text):
    app = make_app(size)
    session = Session.start(GearsTitle(), "emergence", seed=5, options={"players": 2})
    table = GearsTable(app.ctx, session, ["human", "bot"], size, Path(app.ctx.settings_file).parent / "t.json",
                       animate=False)
    app.push(table)
    # The largest hand a COG holds (Marcus Fenix: 7), the smallest cards: for drawing only.
    cog = table.state.cogs[table.viewer]
    cog.character = max(table.content.cogs, key=lambda c: table.content.cogs[c].hand_limit)
    limit = table.content.cogs[cog.character].hand_limit
    table._size = (0, 0)
    table._layout(size)
    cog.hand = sorted(table.state.orders.draw_pile)[:limit]
    table.dirty = True
    app.run(max_frames=1)
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
