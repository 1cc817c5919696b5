"""Convoy's city cards name their sectors whole. At 1280x720 a city card is 140 px wide and a
sector chip 24: one line cut the names to 'Δια…', 'Επι…' (Greek 'Διασταυρούμενα Πυρά',
'Επιπλέον Τομέας'), 'Üzem…' in Hungarian. A chip's name goes on up to three lines, whole, or the
city's chips show their icons alone, as the printed card does (cards.sector_labels); and the
city under the pointer is shown large beside it, its sectors named, as a hand card is (it was
not enlarged at all), never over the city itself, which the pointer points at."""
from __future__ import annotations

import re

import pygame
import pytest

from game import i18n
from game.ui import widgets
from game.ui.convoy import cards
from tests.ui.conftest import move
from tests.ui.test_convoy_layout import mid_game
from tests.ui.test_ui_scale import draw


def _letters(s: str) -> str:
    return re.sub(r"[\s\-\u00ad]+", "", s)


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
@pytest.mark.parametrize("size", [(140, 127), (230, 204), (366, 330)])  # 1280x720's, 1920x1080's, hovered
def test_no_sector_name_is_cut_on_a_city_card(make_app, monkeypatch, drawn_text, lang, size):
    app = make_app((1280, 720))
    monkeypatch.setattr(cards, "_CITIES", widgets.Memo(60))  # drawn afresh
    from game.convoy.content import load_content

    content = load_content()
    i18n.set_language(lang)
    try:
        surface = pygame.Surface((400, 400))
        for city in content.cities:
            drawn_text.clear()
            cards.draw_city(surface, app.ctx, pygame.Rect((0, 0), size), content, city.id, extra_sector=True)
            names = [i18n._(content.sectors[s].name) for s in (*city.sectors, "extra")]
            assert [t for t in drawn_text if "\u2026" in t] == [], (city.id, size)
            # a line drawn with its shadow is rendered twice: once, so a name's lines join up
            shown = _letters("".join(t for i, t in enumerate(drawn_text) if i == 0 or t != drawn_text[i - 1]))
            if size[0] >= 300:  # the hovered city names every sector
                assert all(_letters(n) in shown for n in names), (city.id, names, drawn_text)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["hu", "el"])
@pytest.mark.parametrize("city", [0, 4])
def test_the_city_under_the_pointer_is_shown_large_beside_it(make_app, monkeypatch, drawn_text, lang, city):
    app = make_app((1280, 720))
    i18n.set_language(lang)
    try:
        table = mid_game(app)
        draw(app)
        small = table.city_rects[city]
        placed: list[pygame.Rect] = []
        real = cards.draw_city

        def spy(surface, ctx, rect, *args, **kwargs):
            placed.append(pygame.Rect(rect))
            return real(surface, ctx, rect, *args, **kwargs)

        monkeypatch.setattr(cards, "draw_city", spy)
        move((small.centerx, small.bottom - 12))
        drawn_text.clear()
        app.run(max_frames=2)
        big = [r for r in placed if r.width > small.width * 2]
        assert big, "no city shown large"
        assert not big[-1].colliderect(small) and table.view_rect.contains(big[-1])
        names = [i18n._(table.content.sectors[s].name) for s in table.content.cities[city].sectors]
        # a line drawn with its shadow is rendered twice: once, so a name's lines join up
        shown = _letters("".join(t for i, t in enumerate(drawn_text) if i == 0 or t != drawn_text[i - 1]))
        assert all(_letters(n) in shown for n in names), names
    finally:
        i18n.set_language("en")


def test_greek_sector_names_read_at_ten_pixels_or_more_at_1920x1080(make_app, monkeypatch):
    """The table's city cards at 1920x1080 (230x204): each Greek sector name on its chip whole at
    10 px or more. The chips were 34-38 px wide, the empty Extra Sector spot as wide as a chip,
    and 'Διασταυρούμενα Πυρά' and 'Αποθήκη Καυσίμων' went on three lines at 8 px: the spot is
    narrower now (cards.EXTRA_SPOT) and the placeholder sectors' Greek names shorter ('Σταυρωτά
    Πυρά', 'Καύσιμα', 'Στη Νέα Υόρκη': rules/convoy.md 7.4 names them, only the Bomb is printed)."""
    from game.convoy.content import load_content

    app = make_app((1920, 1080))
    monkeypatch.setattr(cards, "_CITIES", widgets.Memo(60))  # drawn afresh
    content = load_content()
    lines: list[tuple[str, pygame.font.Font, int]] = []
    real = cards._blit_line

    def spy(surface, text, font, colour, centre, width, shadow=True):
        lines.append((text, font, width))
        return real(surface, text, font, colour, centre, width, shadow)

    monkeypatch.setattr(cards, "_blit_line", spy)
    i18n.set_language("el")
    try:
        table = mid_game(app, (1920, 1080))
        draw(app)
        size = table.city_rects[1].size
        assert size[0] <= 240, size  # the table's city, not one shown large
        surface = pygame.Surface(size)
        for city in content.cities:
            lines.clear()
            sectors = cards.draw_city(surface, app.ctx, pygame.Rect((0, 0), size), content, city.id)
            names = [i18n._(content.sectors[s].name) for s in city.sectors]
            chip = [(t, f) for t, f, w in lines if w <= sectors[0].width]  # the chips' lines
            shown = _letters("".join(t for t, _f in chip))
            assert all(_letters(n) in shown for n in names), (city.id, names, chip)
            assert not [t for t, _f in chip if "\u2026" in t], chip
            small = [(t, f.point_size) for t, f in chip if f.point_size < 10]
            assert not small, (city.id, small)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("scale", [1.0, 1.25])
@pytest.mark.parametrize("size", [(230, 204), (366, 330)])  # 1920x1080's city, a city shown large
def test_the_hungarian_reinforce_is_never_squeezed(make_app, monkeypatch, size, scale):
    """'Erősítés' on one line was drawn squeezed sideways at 1920x1080 (every chip's name was
    fitted a fifth wider than its chip): it goes a size smaller, or breaks between syllables."""
    from dataclasses import replace

    from game.convoy.content import load_content
    from game.ui.scene import ChangeSettings

    app = make_app((1920, 1080))
    app.apply(ChangeSettings(replace(app.ctx.settings, ui_scale=scale)))
    monkeypatch.setattr(cards, "_CITIES", widgets.Memo(60))  # drawn afresh
    squeezed: list[tuple[str, int, int]] = []
    real = cards._blit_line

    def spy(surface, text, font, colour, centre, width, shadow=True):
        if font.size(text)[0] > width:
            squeezed.append((text, font.size(text)[0], width))
        return real(surface, text, font, colour, centre, width, shadow)

    monkeypatch.setattr(cards, "_blit_line", spy)
    content = load_content()
    i18n.set_language("hu")
    try:
        word = i18n._("Reinforce")
        assert word == "Erősítés"
        shown = 0
        for city in content.cities:
            for extra in (False, True):
                cards.draw_city(pygame.Surface(size), app.ctx, pygame.Rect((0, 0), size), content, city.id, extra_sector=extra)
                shown += "reinforce" in city.sectors
        assert shown
        pieces = [(t, w, room) for t, w, room in squeezed if _letters(t).rstrip("-") in word or t == word]
        assert not pieces, pieces
    finally:
        i18n.set_language("en")
