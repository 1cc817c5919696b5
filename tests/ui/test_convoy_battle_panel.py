"""The battle panel at 1280x720 (some 130 pixels wide) names the active city and the contested
sector's effect whole. A bot-played English game read 'Cleveland Ha…' under BATTLE, and Iron
Gate's Fuel Depot stopped at 'on the bottom of the Molo…' (its text was given 60 pixels)."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.convoy.rules import board as B
from game.convoy.rules.title import ConvoyTitle
from game.engine.bots import RandomBot
from game.engine.session import Session
from game.ui.convoy.table_scene import ConvoyTable
from tests.ui.conftest import record_text_rects
from tests.ui.test_ui_scale import draw


def contested(city: int, sector: str) -> Session:
    """A random game played up to Phase III with `city` active, `sector` (intact there) made the
    contested one, as Moloch's token would make it in Phase II."""
    for seed in range(40):
        session = Session.start(ConvoyTitle(), "standard", seed=seed, options={})
        bot = RandomBot(seed)
        st = session.state
        while not session.is_over() and not (B.active_city(st) == city and st.phase == "III" and st.proc is None):
            session.apply(bot.choose(session.legal_actions()))
            st = session.state
        if session.is_over():
            continue
        intact = [i for i, sid in enumerate(B.sector_ids(st, city)) if sid == sector and not st.sector_down[city][i]]
        if intact:
            st.battle_sector = intact[0]
            return session
    raise AssertionError("no game reached it")


@pytest.mark.parametrize("language", ["en", "hu", "el"])
@pytest.mark.parametrize("city, sector", [(2, "reinforce"), (1, "fuel_depot")])
def test_the_battle_panel_names_the_city_and_the_sectors_effect_whole(make_app, monkeypatch, drawn_text, language,
                                                                      city, sector):
    app = make_app((1280, 720))
    i18n.set_language(language)
    session = contested(city, sector)
    table = ConvoyTable(app.ctx, session, ["human", "bot"], (1280, 720))
    app.push(table)
    drawn = record_text_rects(monkeypatch)
    drawn_text.clear()
    draw(app)
    panel = table.zones["battle"]
    inside = [(t, r) for t, r in drawn if r.colliderect(panel)]
    assert all(panel.contains(r) for _t, r in inside), [(t, r) for t, r in inside if not panel.contains(r)]
    name, effect = i18n._(table.content.cities[city].name), " ".join(i18n._(table.content.sectors[sector].text).split())
    said = " ".join(drawn_text)  # the effect is set by text_block, past widgets.text
    assert name in " ".join(t for t, _r in inside)
    assert effect in said
    assert [t for t in drawn_text if t.endswith("\u2026") and (t[:-1] in name or t[:-1].strip() in effect)] == []


@pytest.mark.parametrize("language", ["en", "hu", "el"])
@pytest.mark.parametrize("city, sector", [(2, "reinforce"), (1, "fuel_depot")])
def test_at_125_percent_in_1920x1080_the_battle_panel_reads_larger_when_it_fits(make_app, monkeypatch, language,
                                                                                 city, sector):
    """At 125% in 1920x1080 the panel is under 220 UI units wide, and its 'narrow' fonts (10
    and 9 units) set it at 100%'s pixel sizes with half the panel empty below: the 125% text
    size changed nothing there. The panel now takes its larger fonts where they fit it whole,
    drawn inside the panel with no line cut; at 100% in 1280x720 (some 130 pixels) the small
    ones stay."""
    from dataclasses import replace

    from game.ui import widgets

    for size, scale, larger in [((1920, 1080), 1.25, True), ((1280, 720), 1.0, False)]:
        app = make_app(size)
        app.ctx.settings = replace(app.ctx.settings, ui_scale=scale)
        i18n.set_language(language)
        table = ConvoyTable(app.ctx, contested(city, sector), ["human", "bot"], size)
        app.push(table)
        blocks: list[tuple[str, pygame.font.Font, pygame.Rect]] = []
        real = widgets.text_block

        def spy(surface, s, font, colour, rect, *a, **k):
            if surface is not None:
                blocks.append((s, font, rect))
            return real(surface, s, font, colour, rect, *a, **k)

        monkeypatch.setattr(widgets, "text_block", spy)
        draw(app)
        monkeypatch.setattr(widgets, "text_block", real)
        panel = table.zones["battle"]
        ctx = table.ctx
        last = i18n._("Whatever the result, the contested sector is destroyed.")
        font = next(f for s, f, r in blocks if s == last and panel.colliderect(r))
        assert (font.get_height() >= ctx.font(12).get_height()) is larger, (size, font.get_height())
        for s, f, r in blocks if larger else []:  # (1280x720 in Greek: the last line ends at the frame, as before)
            if panel.colliderect(r):
                n = len(widgets.wrap(s, f, r.width))
                assert r.top + (n - 1) * int(f.get_linesize() * 1.0) + f.get_height() <= panel.bottom, s


def test_at_the_end_the_panel_gives_the_last_battle_as_it_was_fought(make_app, monkeypatch):
    """The game ended in a battle ('Battle in Jersey Crust: Moloch 6, Outpost 5.' then the
    winner's abilities and the city's result ran): the panel showed the cards' strengths after
    all that, 7 against 5, under the log's 6 against 5. It gives the battle's own count."""
    from game.convoy.ai import ConvoyAI

    session = Session.start(ConvoyTitle(), "standard", seed=1, options={})
    bots: dict = {}
    while not session.is_over():
        bot = bots.setdefault(session.decider, ConvoyAI(seed=1))
        session.apply(bot.decide(session.state, session.legal_actions()).action)
    st = session.state
    a = B.active_city(st)
    end = next(batch for batch in reversed(session.events) if any(e.kind == "end" for e in batch))
    fought = next((e.payload["moloch"], e.payload["outpost"]) for e in end if e.kind == "strength")
    live = (B.side_strength(st, a, 0), B.side_strength(st, a, 1))
    assert fought != live  # the case: the count moved after the battle
    app = make_app((1280, 720))
    table = ConvoyTable(app.ctx, session, ["human", "bot"], (1280, 720))
    app.push(table)
    drawn = record_text_rects(monkeypatch)
    draw(app)
    numbers = [t for t, r in drawn if table.strength_rect.colliderect(r) and t.isdigit()]
    assert numbers == [str(fought[0]), str(fought[1])], (numbers, fought, live)
