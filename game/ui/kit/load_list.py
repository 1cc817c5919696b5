"""The "Load a game" list of a set-up screen: one row per save with what it holds, or, for a
damaged save, the engine's SaveError message (the row stays, so the player sees why).

The rows come from SaveStore.list_saves (every save is checked and replayed there); this module
only words and draws them, and returns the rects a click can hit. What a save holds is said by
the title (`SaveWords`: a headline such as mission, turn and stage, and a name per seat); the
date, seed, action count and who is a bot are said here, the same for every title.
"""
from __future__ import annotations

from typing import Callable

import pygame

from game.i18n import _, ngettext
from game.ui import widgets
from game.ui.kit.saves import SaveEntry, Saved
from game.ui.scene import Context

SaveWords = Callable[[Saved], tuple[str, list[str]]]  # (headline, a name per player)


def describe(entry: SaveEntry, words: SaveWords) -> tuple[str, str]:
    """(headline, detail) for a row: the title's headline; date, seed, who sits where."""
    if entry.saved is None:
        return entry.path.name, entry.error or ""
    session, seats = entry.saved.session, entry.saved.seats
    head, names = words(entry.saved)
    if entry.autosave:
        head = _("Autosave") + ":  " + head
    elif entry.interrupted:
        # Not a save the players asked for: the game that was unfinished when another began
        # (SaveStore.keep_interrupted). Beside the save it was loaded from, it read the same.
        head = _("Set aside unfinished") + ":  " + head
    # Outside the f-string: pybabel does not read calls inside f-string fields.
    seat_word = {"bot": _("bot"), "human": _("person")}
    who = [f"{name} ({seat_word['bot' if seat == 'bot' else 'human']})" for name, seat in zip(names, seats)]
    n = len(session.actions)  # '1 actions' read as a count of several
    detail = ngettext("Saved {date}   Seed {seed}   {actions} action", "Saved {date}   Seed {seed}   {actions} actions",
                      n).format(date=entry.date, seed=session.seed, actions=n)
    return head, detail + "   " + ", ".join(who)


def _detail_lines(ctx: Context, detail: str, room: int) -> tuple[list[str], pygame.font.Font]:
    """A save row's detail in at most two lines of `room` px: at 13 units, else 12, else 11;
    longer still (a table of five bots' names), the second line ends in an ellipsis."""
    for size in (13, 12, 11):
        font = ctx.font(size)
        lines = widgets.wrap(detail, font, room)
        if len(lines) <= 2:
            return lines, font
    return [lines[0], widgets.elide(" ".join(lines[1:]), font, room)], font


def draw(surface: pygame.Surface, ctx: Context, area: pygame.Rect, entries: list[SaveEntry], words: SaveWords,
         scroll: int, mouse: tuple[int, int] | None) -> tuple[list[tuple[pygame.Rect, str]], int]:
    """The list in `area`; returns the clickable rows ("open:<i>") and the largest useful scroll."""
    pal, px = ctx.palette, ctx.px
    widgets.panel(surface, ctx, area, alpha=235)
    x, y = area.left + px(18), area.top + px(14)
    y = widgets.heading(surface, ctx, _("Saved games (newest first)"), x, y)
    hits: list[tuple[pygame.Rect, str]] = []
    inner_w = area.width - px(36)
    if not entries:
        text = _("No saved games yet. On the table, press Ctrl+S or the Save game button; the autosave "
                 "of an unfinished game is listed here too.")
        widgets.text_block(surface, text, ctx.font(15), pal.text_dim, pygame.Rect(x, y + px(8), inner_w, px(120)), 1.2)
        return hits, 0
    row_h = px(72)
    room = area.bottom - px(12) - y
    fits = max(1, room // row_h)
    max_scroll = max(0, len(entries) - fits)
    scroll = max(0, min(scroll, max_scroll))
    head_font, small = ctx.font(16, bold=True), ctx.font(13)
    for i in range(scroll, min(len(entries), scroll + fits)):
        entry = entries[i]
        rect = pygame.Rect(x, y, inner_w, row_h - px(6))
        broken = entry.saved is None
        hot = mouse is not None and rect.collidepoint(mouse)
        fill = (60, 34, 32) if broken else (52, 56, 66) if hot else (36, 39, 46)
        pygame.draw.rect(surface, fill, rect, border_radius=px(6))
        pygame.draw.rect(surface, pal.danger if broken else pal.accent if hot else (70, 74, 84), rect, 1, border_radius=px(6))
        head, detail = describe(entry, words)
        if broken:
            widgets.text(surface, _("Cannot be loaded: {name}").format(name=entry.path.name), head_font, pal.text,
                         (rect.left + px(12), rect.top + px(6)))
            lines = widgets.wrap(detail, small, rect.width - px(24))
            if len(lines) > 2:
                lines = lines[:2]
                lines[-1] = lines[-1][:-1] + "\u2026"
            for k, line in enumerate(lines):
                widgets.text(surface, line, small, (235, 150, 130), (rect.left + px(12), rect.top + px(28) + k * small.get_linesize()))
        else:
            room = rect.width - px(24)
            font = widgets.line_font(ctx, head, room, 16, 12, bold=True)
            widgets.text(surface, widgets.elide(head, font, room), font, pal.text, (rect.left + px(12), rect.top + px(6)))
            # The date, seed and actions, then who sits where: in the two lines under the
            # headline, a size smaller where two lines at 13 units do not take it (only the first
            # line was drawn: a Greek Doom save at 1280x720 lost its invader's seat at 'Ο').
            lines, font = _detail_lines(ctx, detail, room)
            for k, line in enumerate(lines):
                widgets.text(surface, line, font, pal.text_dim, (rect.left + px(12), rect.top + px(28) + k * font.get_linesize()))
        hits.append((rect, f"open:{i}"))
        y += row_h
    if max_scroll:
        note = _("Rows {a}-{b} of {n}: scroll for more").format(a=scroll + 1, b=min(len(entries), scroll + fits), n=len(entries))
        widgets.text(surface, note, ctx.font(12), pal.text_dim, (area.right - px(18), area.top + px(14)), "topright")
    return hits, max_scroll
