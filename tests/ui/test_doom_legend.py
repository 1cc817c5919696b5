"""The hand strip's legend of the lit squares ('On the map') at 1280x720: the strip grew to 140 px
for the invader's cards, and the marine's five card backs left 216 px beside them, under the
fixed 240 the legend asked for, so it went from the marines' table. It shows when its one column
fits, its words whole, in each language."""
from __future__ import annotations

import pygame

from game import i18n
from game.ui import widgets
from game.ui.doom.table_scene import DoomTable
from tests.ui import test_ui_scale as U


def test_the_legend_shows_beside_five_card_backs_at_1280x720(make_app, monkeypatch):
    app = make_app(U.SIZE)
    table = U.doom_table(app, seats=("human", "bot"))
    U.draw(app)
    assert len(table.state.hand) == 5 and not table.invader_view()
    for language in ("en", "hu", "el"):
        i18n.set_language(language)
        said: list[tuple[str, tuple]] = []
        draw = widgets.text

        def recording(surface, s, font, colour, pos, anchor="topleft", **kw):
            said.append((s, pos))
            return draw(surface, s, font, colour, pos, anchor, **kw)

        monkeypatch.setattr(widgets, "text", recording)
        surface = pygame.Surface(table._size)
        table._draw_hand(surface)
        monkeypatch.setattr(widgets, "text", draw)
        words = [s for s, pos in said if table.hand_rect.collidepoint(pos)]
        assert i18n._("On the map") in words, (language, words)
        for _shape, _colour, entry in DoomTable.LEGEND[:-1]:
            assert i18n._(entry) in words, (language, entry, words)  # whole, not cut with '…'
    i18n.set_language("en")


def test_the_hand_heading_counts_one_card_in_the_singular(make_app, monkeypatch):
    """Lesson 5 deals the invader one card: the strip read 'Invader's hand: 1 cards' ('Χέρι
    εισβολέα: 1 κάρτες' in Greek)."""
    app = make_app(U.SIZE)
    table = U.doom_table(app, seats=("human", "bot"))
    del table.state.hand[1:]
    for language, want in (("en", "Invader's hand: 1 card"), ("el", "Χέρι εισβολέα: 1 κάρτα")):
        i18n.set_language(language)
        said: list[str] = []
        draw = widgets.text
        monkeypatch.setattr(widgets, "text", lambda surface, s, *a, **k: (said.append(s), draw(surface, s, *a, **k))[1])
        table._draw_hand(pygame.Surface(table._size))
        monkeypatch.setattr(widgets, "text", draw)
        assert want in said, said
    i18n.set_language("en")


def test_the_legend_is_laid_out_from_the_room_the_cards_leave(make_app, monkeypatch):
    """At 1280x720 six of the invader's cards left the legend 110 px: its last entry was drawn
    into one 18 px row and cut ('door, invader…'); then, laid out from its room, it was not drawn
    at all in Hungarian and Greek with six cards, nor in any language with seven or eight.
    Whatever the hand holds, the legend shows, every entry's words whole (on one line, or
    folded at spaces), inside the strip and off the cards (they lie closer to leave it room)."""
    app = make_app(U.SIZE)
    table = U.doom_table(app, seats=("human", "bot"))
    U.draw(app)
    strip = table.hand_rect
    for n in range(0, 9):
        while len(table.state.hand) < n:
            table.state.hand.append(table.state.deck.draw_pile.pop())
        del table.state.hand[n:]
        for language in ("en", "hu", "el"):
            i18n.set_language(language)
            entries = [i18n._(w) for _s, _c, w in DoomTable.LEGEND]
            said: list[tuple[str, pygame.Rect]] = []
            draw = widgets.text

            def recording(surface, s, font, colour, pos, anchor="topleft", **kw):
                said.append((s, pygame.Rect(pos, font.size(s))))
                return draw(surface, s, font, colour, pos, anchor, **kw)

            monkeypatch.setattr(widgets, "text", recording)
            table._draw_hand(pygame.Surface(table._size))
            monkeypatch.setattr(widgets, "text", draw)
            heading = [i for i, (s, _r) in enumerate(said) if s == i18n._("On the map")]
            assert heading, (n, language, [s for s, _r in said])  # the legend is there
            pieces = said[heading[0] + 1:]
            shown, i = [], 0
            for entry in entries:  # each entry's words, its folded lines one after the other
                got = []
                while i < len(pieces) and " ".join(got) != entry:
                    got.append(pieces[i][0])
                    i += 1
                shown.append(" ".join(got))
            assert shown == entries and i == len(pieces), (n, language, [s for s, _r in pieces])
            cards = list(table.card_rects.values())
            for s, rect in said[heading[0]:]:
                assert strip.contains(rect), (n, language, s, rect)
                assert not any(rect.colliderect(c) for c in cards), (n, language, s, rect, cards)
            assert all(strip.contains(c) for c in cards)
    i18n.set_language("en")


def test_the_invader_panel_shows_reactors_goal_whole(make_app, monkeypatch):
    """At 1280x720 the invader's side panel gave the goal line three rows: Reactor Shutdown's,
    with its meltdown clock, ended 'Τήξη πυρήνα: έν…' in Greek. It takes the rows it wraps to."""
    from game.doom.rules.title import DoomTitle
    from game.engine.session import Session
    from game.ui.doom import words as W

    app = make_app(U.SIZE)
    table = DoomTable(app.ctx, Session.start(DoomTitle(), "reactor", 1, {"marines": 2}), ["human", "human", "bot"],
                      U.SIZE, None)
    app.push(table)
    U.draw(app)
    for language in ("en", "hu", "el"):
        i18n.set_language(language)
        try:
            goal = W.goal(table.state.content.scenarios["reactor"], table.dmap)
            drawn: list[str] = []
            block = widgets.text_block

            def recording(surface, s, font, colour, rect, *a, **kw):
                if s == goal and surface is not None:
                    lines = widgets.wrap(s, font, rect.width)
                    room = (rect.height - font.get_height()) // int(font.get_linesize() * (a[0] if a else 1.25)) + 1
                    drawn.append("whole" if room >= len(lines) else "cut")
                return block(surface, s, font, colour, rect, *a, **kw)

            monkeypatch.setattr(widgets, "text_block", recording)
            table._side_invader(pygame.Surface(table._size), 990, 60, 270)
            monkeypatch.setattr(widgets, "text_block", block)
        finally:
            i18n.set_language("en")
        assert drawn == ["whole"], (language, drawn)


def test_the_remembered_legend_layouts_are_those_laid_out_afresh(make_app):
    """The hand strip asks for the legend's layouts in every frame it draws (its narrowest for
    the room, then the one that fits): laid out each time they were half of a Doom frame drawn
    whole, so they are remembered (`legend_layouts`). What it remembers must be what laying
    them out gives now, asked in turn in each language and at 100% and 125%, and in English
    again: a memo keyed without the words or the fonts would hand back another language's or
    another scale's lines."""
    from dataclasses import replace

    from game.ui.doom.table_scene import _legend_layouts, legend_layout, legend_layouts, legend_need

    app = make_app(U.SIZE)
    try:
        for scale in (1.0, 1.25):
            ctx = replace(app.ctx, settings=replace(app.ctx.settings, ui_scale=scale))
            for language in ("en", "hu", "el", "en"):
                i18n.set_language(language)
                entries = [i18n._(w) for _s, _c, w in DoomTable.LEGEND]
                for height in (90, 120, 163):
                    want = tuple(_legend_layouts(ctx, height, entries))
                    assert legend_layouts(ctx, height, entries) == want, (scale, language, height)
                    heading = ctx.font(12, bold=True).size(i18n._("On the map"))[0]
                    assert legend_need(ctx, height, entries) == (max(min(x.width for x in want), heading) if want else None)
                    for width in (120, 200, 400):
                        area = pygame.Rect(0, 0, width, height)
                        fits = next((x for x in want if x.width <= width), None) if width >= heading else None
                        assert legend_layout(ctx, area, entries) == fits, (scale, language, height, width)
    finally:
        i18n.set_language("en")
