"""The head of one player's block in a table's side panel: the seat's colour dot (ringed when it
is that player's turn) and the name, with "(bot)" for a bot seat and what else the title adds,
cut to the width. Gears-like marine lists, Doom's marines and Level 7's party draw it alike."""
from __future__ import annotations

import pygame

from game.i18n import _
from game.ui import widgets
from game.ui.scene import Context


def player_head(surface: pygame.Surface | None, ctx: Context, x: int, y: int, w: int, colour, name: str, *,
                bot: bool = False, active: bool = False, note: str = "") -> int:
    """Draws the head at (x, y) in width w (with no surface, lays it out only); returns the y of
    the line below it."""
    pal, px = ctx.palette, ctx.px
    if surface is not None:
        pygame.draw.circle(surface, colour, (x + px(7), y + px(9)), px(7))
        if active:
            pygame.draw.circle(surface, pal.accent, (x + px(7), y + px(9)), px(10), 2)
        text = name + ("  (" + _("bot") + ")" if bot else "") + (f"  \u2014 {note}" if note else "")
        # A long name or note (a translation's "in the Hospital") gets a smaller font before an ellipsis.
        font = widgets.line_font(ctx, text, w - px(26), 14, 11, bold=True)
        widgets.text(surface, widgets.elide(text, font, w - px(26)), font, pal.text, (x + px(20), y))
    return y + px(19)
