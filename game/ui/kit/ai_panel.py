"""The AI's card and reason, shown to the players: DESIGN.md asks that the AI say why it acts,
and the rules say it in events (an `ai_card` event when a card is drawn, `ai` events with the
branch taken, the target and the reason). `AiShown` is what the table keeps of them; `draw`
is the box in the side panel: the card's name and text, then its newest reasons."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.i18n import _
from game.ui import widgets
from game.ui.scene import Context

ARROW = "\u2192 "
SHOWN_LINES = 4  # the newest reasons; older ones are in the log


@dataclass
class AiShown:
    card: str = ""  # the card's id, "" before the first one is drawn
    name: str = ""
    text: str = ""
    lines: list[str] = field(default_factory=list)  # branch, target and reason, in order
    placeholder: bool = False  # its text is not printed in the rulebooks (verified = false)


def draw(surface: pygame.Surface, ctx: Context, ai: AiShown, x: int, y: int, w: int, bottom: int,
         heading: str, empty: str, whole: bool = False) -> int:
    """The AI card last resolved: its text, then the branch, target and reason. Beside other
    sections it takes at most about half the height left; alone (`whole`, a tab), all of it.
    Before any card, `empty` says so when alone, and nothing is drawn otherwise. Returns the
    y below the box."""
    pal, px = ctx.palette, ctx.px
    if not ai.card:
        if not whole:
            return y
        y = widgets.heading(surface, ctx, heading, x, y)
        return widgets.text_block(surface, empty, ctx.font(13), pal.text_dim, pygame.Rect(x, y, w, px(60)), 1.1)
    f12, f12b = ctx.font(12), ctx.font(12, bold=True)
    recent = ai.lines[-SHOWN_LINES:]
    text_step, line_h = int(f12.get_linesize() * 1.05), int(f12b.get_linesize() * 1.05)

    def reasons_h(lines: list[str], width: int) -> int:
        return sum(len(widgets.wrap(ARROW + t, f12b, width)) for t in lines) * line_h

    top = px(8) + f12b.get_linesize() + px(4) + ctx.font(14, bold=True).get_linesize() + px(2)
    card_h = top + len(widgets.wrap(ai.text, f12, w - px(12))) * text_step + px(10)
    need = card_h + reasons_h(recent, w - px(12))
    cap = bottom - y if whole else int((bottom - y) * 0.55)
    # The card's text comes first: beside other sections the box grows past its share (to the
    # bottom at most) to hold the whole text and the newest reason's first lines (three at most:
    # the log below keeps its room); older reasons give way, the newest is cut last.
    cap = max(cap, min(card_h + min(reasons_h(recent[-1:], w - px(12)), 3 * line_h), bottom - y))
    box = pygame.Rect(x - px(4), y, w + px(8), min(need, cap))
    pygame.draw.rect(surface, (58, 22, 20), box, border_radius=px(8))
    pygame.draw.rect(surface, (150, 60, 50), box, 1, border_radius=px(8))
    yy = widgets.heading(surface, ctx, heading, box.left + px(10), box.top + px(8))
    name_rect = widgets.text(surface, f"{ai.name}", ctx.font(14, bold=True), pal.text, (box.left + px(10), yy))
    if ai.placeholder:  # the mark, and what it means, beside the card's name
        from game.ui.kit.hand import PLACEHOLDER_COLOUR

        note = "* " + _("placeholder text")
        widgets.text(surface, widgets.elide(note, f12, box.right - name_rect.right - px(18)), f12, PLACEHOLDER_COLOUR,
                     (name_rect.right + px(8), name_rect.centery), "midleft")
    yy = name_rect.bottom + px(2)
    inner = pygame.Rect(box.left + px(10), yy, box.width - px(20), box.bottom - yy - px(6))
    yy = widgets.text_block(surface, ai.text, f12, (230, 210, 200), inner, 1.05)
    shown = list(recent)
    while len(shown) > 1 and reasons_h(shown, inner.width) > inner.bottom - yy:
        shown.pop(0)  # the newest lines (what happened last) over the older ones, all in the log
    for line in shown:
        yy = widgets.text_block(surface, ARROW + line, f12b, pal.accent, pygame.Rect(inner.left, yy, inner.width, inner.bottom - yy), 1.05)
    return box.bottom + px(10)
