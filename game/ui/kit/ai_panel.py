"""The AI's card and reason, shown to the players: DESIGN.md asks that the AI say why it acts,
and the rules say it in events (an `ai_card` event when a card is drawn, `ai` events with the
branch taken, the target and the reason). `AiShown` is what the table keeps of them; `draw`
is the box in the side panel: the card's name and text, then its newest reasons."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.engine.text import as_text
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
         heading: str, empty: str, whole: bool = False, keep: int = 0, folded: bool = False) -> int:
    """The AI card last resolved: its text, then the branch, target and reason. Beside other
    sections it leaves `keep` pixels above `bottom` to the section below (the log); alone
    (`whole`, a tab), it may take all the height. `folded`: the card's name and the newest
    reason on a line each (the log keeps the room; the table's fold button opens it). Before
    any card, `empty` says so when alone, and nothing is drawn otherwise. Returns the y below
    the box."""
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
    if folded:
        card_h = top + px(4)
        need = card_h + (line_h if recent else 0)
    cap = bottom - y if whole else bottom - y - keep
    # The card's text comes first: beside other sections the box grows into the log's room (to
    # the bottom at most) to hold the whole text and the newest reason's first two lines; the
    # other reasons only in what the log does not keep (they are in the log too: at 1280x720 the
    # box had half the height left and the log four lines). Older reasons give way first.
    cap = max(cap, min(card_h + min(reasons_h(recent[-1:], w - px(12)), 2 * line_h), bottom - y))
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
    if folded:
        if recent:
            line = as_text(ARROW + recent[-1])  # a title's reason may be a message (Convoy's), worded now
            widgets.text(surface, widgets.elide(line, f12b, inner.width), f12b, pal.accent, (inner.left, yy))
        return box.bottom + px(10)
    yy = widgets.text_block(surface, ai.text, f12, (230, 210, 200), inner, 1.05)
    shown = list(recent)
    while len(shown) > 1 and reasons_h(shown, inner.width) > inner.bottom - yy:
        shown.pop(0)  # the newest lines (what happened last) over the older ones, all in the log
    for line in shown:
        yy = widgets.text_block(surface, ARROW + line, f12b, pal.accent, pygame.Rect(inner.left, yy, inner.width, inner.bottom - yy), 1.05)
    return box.bottom + px(10)
