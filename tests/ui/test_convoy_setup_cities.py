"""Convoy's set-up screen shows the five city cards under the list of the cities. At 1920x1080
and 100% they were drawn 148x185 (taller than the table's cards, which are wider than tall),
and every language cut their names and victory results: 'Clevel…', 'Destroy anoth…',
'Ξεσκαρτ. 1, τρ…'. They are drawn in the table's shape now, as large as the room allows (one
row or two), and not at all where they would be narrower than their texts need."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.convoy.content import shared_content
from game.ui.convoy import cards
from game.ui.convoy.setup_scene import ConvoySetup
from tests.ui.test_ui_scale import draw


@pytest.fixture
def city_spy(monkeypatch, drawn_text):
    """The city cards drawn from now on (their rects), each rendered afresh (the memo cleared:
    a card kept from another test would draw no text)."""
    monkeypatch.setattr(cards, "_CITIES", type(cards._CITIES)(60))
    drawn: list[pygame.Rect] = []
    real = cards.draw_city

    def spy(surface, ctx, rect, content, city_id, **kw):
        drawn.append(pygame.Rect(rect))
        return real(surface, ctx, rect, content, city_id, **kw)

    monkeypatch.setattr(cards, "draw_city", spy)
    return drawn


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
@pytest.mark.parametrize("size, scale", [((1920, 1080), 1.0), ((1920, 1080), 1.25), ((1280, 720), 1.0),
                                         ((1280, 720), 1.25)])
def test_the_set_up_city_cards_read_whole(make_app, drawn_text, city_spy, lang, size, scale):
    from dataclasses import replace

    app = make_app(size)
    app.ctx.settings = replace(app.ctx.settings, ui_scale=scale)
    i18n.set_language(lang)
    app.push(ConvoySetup(app.ctx))
    drawn_text.clear()
    draw(app)
    assert [t for t in drawn_text if t.endswith("\u2026")] == []
    if size == (1920, 1080) and scale == 1.0:  # here there is room for them: all five, of the table's shape
        assert len(city_spy) == 5
    for r in city_spy:
        assert r.width >= cards.CITY_LEAST_W and abs(r.height - r.width * cards.CITY_RATIO) <= 1
    assert all(not a.colliderect(b) for i, a in enumerate(city_spy) for b in city_spy[i + 1:])


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_a_city_card_at_its_least_width_reads_whole(make_app, drawn_text, city_spy, lang):
    """CITY_LEAST_W is the narrowest card whose name and victory results are whole."""
    app = make_app((1280, 720))
    i18n.set_language(lang)
    content = shared_content()
    w, h = cards.city_size(cards.CITY_LEAST_W, 1000)
    for city in content.cities:
        drawn_text.clear()
        cards.draw_city(app.screen, app.ctx, pygame.Rect(0, 0, w, h), content, city.id)
        assert drawn_text and [t for t in drawn_text if t.endswith("\u2026")] == [], city.id
    assert cards.city_size(cards.CITY_LEAST_W - 1, 1000) is None


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_the_city_list_and_hover_view_name_sectors_and_features_in_the_readers_language(make_app, drawn_text, lang):
    """Greek set-up at 1920x1080: the list under 'The road to New York' read 'Τομείς: Salvage,
    Reinforce, Blank, Crossfire  •  χαρακτηριστικό: Scrap Market' while the city card beside it
    said Περισυλλογή and Ενίσχυση: the list and a city's hover view (cards.city_text) named the
    sectors and the feature from the data, untranslated."""
    app = make_app((1920, 1080))
    i18n.set_language(lang)
    try:
        app.push(ConvoySetup(app.ctx))
        drawn_text.clear()
        draw(app)
        content = shared_content()
        first = content.cities[0]
        line = next(t for t in drawn_text if i18n._(first.feature_name) in t)
        assert first.feature_name not in line or i18n._(first.feature_name) == first.feature_name
        for s in first.sectors:
            assert i18n._(content.sectors[s].name) in line, (s, line)
        _name, text = cards.city_text(content, first.id)
        assert i18n._(first.feature_name) + ": " + i18n._(first.feature_text) in text
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
@pytest.mark.parametrize("scale", [1.0, 1.25])
def test_each_citys_sectors_line_reads_at_1280x720(make_app, monkeypatch, lang, scale):
    """At 1280x720 the list under 'The road to New York' showed no city's sectors: 300 units
    were kept for the text below, the rows were too short for the line and some 80 pixels
    stayed empty under the text. Each row now reads its sectors and feature whole inside it
    (at 100%, in every language), or, where the row has no room (125%), in a box while the
    pointer is on the row, with a hint beside the heading saying so."""
    from dataclasses import replace

    from tests.ui.conftest import record_text_rects

    app = make_app((1280, 720))
    app.ctx.settings = replace(app.ctx.settings, ui_scale=scale)
    i18n.set_language(lang)
    scene = ConvoySetup(app.ctx)
    app.push(scene)
    drawn = record_text_rects(monkeypatch)
    draw(app)
    said = lambda: " ".join(" ".join(t.split()) for t, _r in drawn)  # noqa: E731 (fit_name joins spaces)
    assert not any(t.endswith("\u2026") for t, _r in drawn)
    hover = {" ".join(line.split()): r for r, line in getattr(scene, "city_rows", [])}
    if scale == 1.0:
        assert hover == {}  # room for every row's line
    for i, city in enumerate(shared_content().cities):
        secs = ", ".join(i18n._(shared_content().sectors[s].name) for s in city.sectors)
        line = " ".join(i18n._("Sectors: {s}  \u2022  feature: {f}").format(s=secs, f=i18n._(city.feature_name)).split())
        if line not in hover:
            assert line in said(), (city.id, said())
            row = scene.city_rects[i]
            parts = [r for t, r in drawn if t.strip() and " ".join(t.split()) in line and r.top > row.top + 4]
            assert parts and all(row.contains(r) for r in parts), city.id
            continue
        row = hover[line]
        assert line not in said()
        assert i18n._("Point at a city for its sectors") in said()
        drawn.clear()
        scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=row.center, rel=(0, 0), buttons=(0, 0, 0)))
        draw(app)
        assert line in said(), (city.id, said())
        box = [r for t, r in drawn if " ".join(t.split()) in line and not row.colliderect(r)]
        assert box and all(app.screen.get_rect().contains(r) for r in box)
        drawn.clear()
        scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
        draw(app)
