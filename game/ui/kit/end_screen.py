"""The end of a game: Victory or Defeat in a panel low in the map's column (the final board
stays in sight above it, the other panels dimmed), the title's summary and numbers, the last
lines of the log, and New game / Main menu. The buttons carry "again" and "menu", which the
table answers (GameTable._command)."""
from __future__ import annotations

import pygame

from game.i18n import _
from game.ui import widgets
from game.ui.scene import Context

WON, LOST = (110, 200, 120), (230, 80, 70)
LOG_LINES = 4


def panel_rect(ctx: Context, column: pygame.Rect) -> pygame.Rect:
    """The panel's place: centred low in `column` (the map's), as tall as its content needs
    but at most half the column, so the final board shows whole above it."""
    px = ctx.px
    need = px(18) + ctx.font(34, bold=True).get_linesize() + px(6) + ctx.font(17, bold=True).get_linesize() + px(4) \
        + ctx.font(15).get_linesize() + px(10) + LOG_LINES * ctx.font(14).get_linesize() + px(14) + px(46) + px(18)
    rect = pygame.Rect(0, 0, min(column.width - px(40), px(820)), min(need, column.height // 2 - px(10)))
    rect.midbottom = (column.centerx, column.bottom - px(16))
    return rect


def draw(surface: pygame.Surface, ctx: Context, rect: pygame.Rect, won: bool | None, summary: str, stats: str,
         log: list[str], mouse: tuple[int, int] | None, dimmed: list[pygame.Rect],
         title: str | None = None) -> list[widgets.Button]:
    """The panel in `rect`, the `dimmed` panels shaded; returns its buttons for hit-testing.
    `won` None: nobody at the table won or lost alone (bots on both sides, or people on both):
    'Game over', and the summary says who won. `title`: the heading in the title's own words
    instead (GameTable.end_heading)."""
    pal, px = ctx.palette, ctx.px
    colour = pal.accent if won is None else WON if won else LOST
    # Dim the panels but not the board: the last position is worth a look.
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    for r in dimmed:
        surface.blit(shade, r, area=pygame.Rect(0, 0, r.width, r.height))
    widgets.panel(surface, ctx, rect, alpha=245)
    pygame.draw.rect(surface, colour, (rect.left + px(6), rect.top + px(6), rect.width - px(12), px(5)), border_radius=px(3))
    if title is None:
        title = _("Game over") if won is None else _("Victory") if won else _("Defeat")
    big = widgets.line_font(ctx, title, rect.width - px(40), 34, 22, bold=True)
    y = widgets.text(surface, title, big, colour, (rect.centerx, rect.top + px(18)), "midtop", shadow=True).bottom + px(6)
    # The summary and the numbers wrap inside the panel (a Greek summary ran out of it on both
    # sides); the log below gets what room is left.
    for font, said, shade, gap in ((ctx.font(17, bold=True), summary, pal.text, px(4)), (ctx.font(15), stats, pal.text_dim, px(10))):
        for line in widgets.wrap_most(said, font, rect.width - px(40), 2):
            y = widgets.text(surface, line, font, shade, (rect.centerx, y), "midtop").bottom
        y += gap
    bw, bh = px(200), px(46)
    buttons_top = rect.bottom - bh - px(18)
    font = ctx.font(14)
    inner = rect.width - px(60)
    room = max(0, (buttons_top - px(8) - y) // font.get_linesize())
    for line in last_entries(log[-LOG_LINES:], font, inner, room):
        y = widgets.text(surface, line, font, pal.text, (rect.left + px(30), y)).bottom
    again = widgets.Button(pygame.Rect(rect.centerx - bw - px(10), buttons_top, bw, bh), _("New game"), "again", primary=True)  # type: ignore[arg-type]
    menu = widgets.Button(pygame.Rect(rect.centerx + px(10), buttons_top, bw, bh), _("Main menu"), "menu")  # type: ignore[arg-type]
    buttons = [again, menu]
    for b in buttons:
        b.draw(surface, ctx, mouse is not None and b.rect.collidepoint(mouse))
    return buttons


def last_entries(log: list[str], font: pygame.font.Font, width: int, room: int) -> list[str]:
    """The wrapped lines of the newest log entries that fit `room` lines, each entry whole: the
    last lines of the wrapped log began with the tail of a cut entry ('attacked (rulebook p. 4,
    13).' at the end of a Level 7 game at 1280x720). Only an entry too long for the room by
    itself is cut, at its end, visibly (wrap_most)."""
    shown: list[str] = []
    for entry in reversed(log):
        lines = widgets.wrap(entry, font, width)
        if len(shown) + len(lines) > room:
            if not shown and room:
                shown = widgets.wrap_most(entry, font, width, room)
            break
        shown = lines + shown
    return shown
