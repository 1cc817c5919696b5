"""The log in plain words: the newest lines at the bottom of the panel, older ones dimmer above,
whole entries only (the top line never starts mid-sentence)."""
from __future__ import annotations

import pygame

from game.i18n import _
from game.ui import widgets
from game.ui.scene import Context

KEEP = 200  # lines a table keeps; far more than any panel shows


def log_lines(surface: pygame.Surface, ctx: Context, rect: pygame.Rect, lines: list[str]) -> None:
    """The newest lines at the bottom; older ones fade upward until the rect is full."""
    font = ctx.font(13)
    step = font.get_linesize()
    n = max(0, rect.height // step)
    # Whole entries only, newest first, so the top line never starts mid-sentence (the newest
    # one alone may be cut from the top when it is taller than the rect).
    shown: list[str] = []
    for line in reversed(lines[-40:]):
        parts = widgets.wrap(line, font, rect.width)
        if shown and len(shown) + len(parts) > n:
            break
        shown = parts + shown
    shown = shown[-n:] if n else []
    y = rect.bottom - len(shown) * step
    for i, line in enumerate(shown):
        age = len(shown) - i
        colour = ctx.palette.text if age <= 3 else ctx.palette.text_dim
        surface.blit(font.render(line, True, colour), (rect.left, y))
        y += step


def log_section(surface: pygame.Surface, ctx: Context, x: int, y: int, w: int, bottom: int, lines: list[str]) -> int:
    """The side panel's Log section: its heading, then the lines down to `bottom`."""
    y = widgets.heading(surface, ctx, _("Log"), x, y)
    log_lines(surface, ctx, pygame.Rect(x, y, w, bottom - y), lines)
    return bottom
