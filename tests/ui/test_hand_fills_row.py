"""The hand's cards use the strip's row at 1920x1080 (kit hand.strip_height): a strip of a fifth
of the window had a six-card Gears hand's cards 131 px wide at 125% text size, the row's right
third empty. They now grow until a full hand fills the row, clear of the COG column and the side
panel, and the 1280x720 layouts, with no height to spare, stay as they were."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.engine.session import Session
from game.gears.rules.title import GearsTitle
from game.ui.gears.table_scene import GearsTable
from game.ui.kit import hand
from tests.ui.test_gears_layout import drive
from tests.ui.test_level7_play import start_game


def gears_hand(make_app, size, scale, mission="china_shop"):
    app = make_app(size)
    app.ctx.settings = replace(app.ctx.settings, ui_scale=scale)
    session = Session.start(GearsTitle(), mission, seed=5, options={"players": 2})
    table = GearsTable(app.ctx, session, ["human", "bot"], size, Path(app.ctx.settings_file).parent / "t.json",
                       animate=False)
    app.push(table)
    assert drive(table, lambda t: t.state.turn >= 2 and t.session.decider == "P1")
    app._force_redraw = True
    app.draw(app.screen)
    return table


@pytest.mark.parametrize("scale", [1.0, 1.25])
def test_a_full_gears_hand_fills_the_row_at_1920x1080(make_app, scale):
    table = gears_hand(make_app, (1920, 1080), scale)
    cards = list(table.card_rects.values())
    assert len(cards) == 6  # a full hand (Damon Baird's limit)
    px = table.ctx.px
    column_right = table.hand_rect.left + px(14) + table.HAND_INFO_W(px)
    assert cards[0].left > column_right and cards[-1].right <= table.side_rect.left
    assert all(a.right <= b.left for a, b in zip(cards, cards[1:]))  # side by side
    free = table.hand_rect.right - cards[-1].right
    assert free < cards[0].width  # no room left for another card: the row is used
    assert cards[0].width >= 180


@pytest.mark.parametrize("scale", [1.0, 1.25])
@pytest.mark.parametrize("mission", ["china_shop", "emergence"])
def test_the_720p_strip_is_as_it_was(make_app, monkeypatch, scale, mission):
    """No height to spare at 1280x720: the strip keeps the title's own height."""
    grown = gears_hand(make_app, (1280, 720), scale, mission).hand_rect
    monkeypatch.setattr(hand, "strip_height", lambda ctx, window_h, above, now, row_w, full: now)
    assert gears_hand(make_app, (1280, 720), scale, mission).hand_rect == grown


def test_strip_height_grows_only_into_spare_height(make_app):
    app = make_app((1280, 720))
    ctx = app.ctx
    assert hand.strip_height(ctx, 720, 92, 150, 900, 6) == 150
    grown = hand.strip_height(ctx, 1080, 92, 216, 1250, 6)
    assert 216 < grown <= 1080 - 92 - hand.MAP_LEAST
    assert hand.strip_height(ctx, 1080, 92, 216, 1250, 6) == round((1250 - 40) / 6 * hand.CARD_RATIO) + 26


def test_level7_hand_fills_more_of_its_row_at_1920x1080(make_app):
    _app, table = start_game(make_app, seats=("human",), size=(1920, 1080))
    _app.run(max_frames=2)
    cards = list(table.card_rects.values())
    assert cards and cards[-1].right <= table.side_rect.left
    assert cards[0].height >= table.hand_rect.height - table.ctx.px(40)
    assert table.hand_rect.height > int(1080 * 0.23)
