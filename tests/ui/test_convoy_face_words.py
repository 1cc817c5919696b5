"""The words on Convoy's small faces at 1920x1080: a card's name in a city column and a sector's
name on a city card were sized by the card alone (10 px and 7 px: 'Militia', 'Crossfire'), and
the 125% text size left them so. A face's name is drawn at the body size (cards.FACE_BODY at the
table's scale) on one line where its band holds it, and the sector chips' names at the largest
size that holds every chip's, up to the body size; neither grows over the picture."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game import i18n
from game.ui import widgets
from game.ui.convoy import cards
from tests.ui.test_convoy_layout import mid_game
from tests.ui.test_ui_scale import draw

SHORT = ["Militia", "Partisan", "Grenadier", "Nestugov", "Calahan", "Rearguard", "Overseer", "Juggernaut"]


def _drawn_lines(make_app, monkeypatch, language, scale):
    """(text, font height) of every line _blit_line draws on a mid-game table at 1920x1080."""
    app = make_app((1920, 1080))
    app.ctx.settings = replace(app.ctx.settings, ui_scale=scale)
    i18n.set_language(language)
    for memo in ("_FACES", "_BANDS", "_CITIES"):
        monkeypatch.setattr(cards, memo, widgets.Memo(400))  # drawn afresh
    lines = []
    real = cards._blit_line

    def spy(surface, text, font, *args, **kwargs):
        lines.append((text, font.get_height()))
        return real(surface, text, font, *args, **kwargs)

    monkeypatch.setattr(cards, "_blit_line", spy)
    table = mid_game(app, (1920, 1080))
    draw(app)
    return app, table, lines


@pytest.mark.parametrize("scale", [1.0, 1.25])
def test_a_short_name_in_a_column_reads_at_the_body_size(make_app, monkeypatch, scale):
    app, table, lines = _drawn_lines(make_app, monkeypatch, "en", scale)
    body = app.ctx.assets.font(cards.face_body(table.ctx), True).get_height()
    names = {text: high for text, high in lines if text in SHORT}
    assert set(names) == set(SHORT), names
    # the body size at 100%; at 125% (faces a little smaller) at least 100%'s, most at 125%'s
    assert {text: high for text, high in names.items()
            if high < app.ctx.assets.font(cards.FACE_BODY, True).get_height()} == {}, names
    assert sum(high >= body for high in names.values()) >= len(SHORT) - 2, (body, names)


@pytest.mark.parametrize("language", ["en", "hu"])
def test_the_sector_names_on_the_tables_cities_are_not_the_least_size(make_app, monkeypatch, language):
    app, table, lines = _drawn_lines(make_app, monkeypatch, language, 1.0)
    content = table.content
    parts = {part for s in content.sectors.values() for part in i18n._(s.name).split()}
    labels = [(text, high) for text, high in lines if text.rstrip("-") in parts
              or any(p.startswith(text.rstrip("-")) or p.endswith(text) for p in parts if len(text) > 2)]
    assert labels
    least = app.ctx.assets.font(9, True).get_height()  # was 7 px
    assert [(t, h) for t, h in labels if h < least] == [], labels
