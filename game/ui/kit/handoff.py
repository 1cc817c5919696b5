"""The hot-seat handoff: when the decision passes to another person at the same desk, the
table hides that seat's secrets (the hand) behind a full-screen card until they click, so the
player before does not see them. Which seat waits is the table's (GameTable.handoff); this draws
the card, and `overlay_card` is the centred panel over a dimmed screen it is made of."""
from __future__ import annotations

import pygame

from game.i18n import _
from game.ui import widgets
from game.ui.scene import Context


def overlay_card(surface: pygame.Surface, ctx: Context, title: str, lines: list[str], hint: str,
                 colour=None, big: bool = False) -> pygame.Rect:
    """A centred panel over a dimmed screen."""
    w, h = surface.get_size()
    px = ctx.px
    widgets.dim(surface, 190)
    width = min(w - px(40), px(720))
    font = ctx.font(17)
    body = sum(len(widgets.wrap(line, font, width - px(60))) for line in lines) * (font.get_linesize() + px(4))
    need = px(28) + ctx.font(40 if big else 30, bold=True).get_linesize() + px(18) + body + (px(60) if hint else px(20))
    rect = pygame.Rect(0, 0, width, min(h - px(40), max(need, px(160)), px(420 if big else 300)))
    rect.center = (w // 2, h // 2)
    widgets.panel(surface, ctx, rect)
    y = widgets.text(surface, title, ctx.font(40 if big else 30, bold=True), colour or ctx.palette.accent,
                     (rect.centerx, rect.top + px(28)), "midtop", shadow=True).bottom + px(18)
    font = ctx.font(17)
    for line in lines:
        for part in widgets.wrap(line, font, rect.width - px(60)):
            y = widgets.text(surface, part, font, ctx.palette.text, (rect.centerx, y), "midtop").bottom + px(4)
    if hint:
        widgets.text(surface, hint, ctx.font(15), ctx.palette.text_dim, (rect.centerx, rect.bottom - px(20)), "midbottom")
    return rect


def draw_handoff(surface: pygame.Surface, ctx: Context, name: str, hidden: str, colour) -> pygame.Rect:
    """"Pass the table to NAME", with the title's sentence on what stays hidden till then."""
    return overlay_card(surface, ctx, _("Pass the table to {name}").format(name=name), [hidden],
                        _("Click anywhere when ready"), colour)
