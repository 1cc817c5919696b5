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
                 colour=None, big: bool = False, room: int = 0) -> pygame.Rect:
    """A centred panel over a dimmed screen; `room` px kept free above the hint (buttons)."""
    w, h = surface.get_size()
    px = ctx.px
    widgets.dim(surface, 190)
    width = min(w - px(40), px(720))
    font = ctx.font(17)
    body = sum(len(widgets.wrap(line, font, width - px(60))) for line in lines) * (font.get_linesize() + px(4))
    need = px(28) + ctx.font(40 if big else 30, bold=True).get_linesize() + px(18) + body + (px(60) if hint else px(20)) + room
    rect = pygame.Rect(0, 0, width, min(h - px(40), max(need, px(160)), px(420 if big else 300) + room))
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


def draw_handoff(surface: pygame.Surface, ctx: Context, name: str, hidden: str, colour,
                 answers: list[str] = ()) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """"Pass the table to NAME", with the title's sentence on what stays hidden till then, and
    the buttons of `answers` (GameTable.handoff_answers) in a row above the hint: the card and
    the rectangles of its buttons."""
    px = ctx.px
    row = px(64) if answers else 0
    hint = _("Click anywhere else when ready") if answers else _("Click anywhere when ready")
    rect = overlay_card(surface, ctx, _("Pass the table to {name}").format(name=name), [hidden], hint, colour, room=row)
    rects: list[pygame.Rect] = []
    if answers:
        # Each as wide as its label where the row holds them all so, the others' room to the
        # longest else, its words on two lines there ('Nem játszik ki kártyát a betolakodó
        # köréig' had been cut at half the row).
        gap, bh, font = px(16), px(44), ctx.font(15, bold=True)
        room = rect.width - px(60) - gap * (len(answers) - 1)
        widths = [max(px(140), font.size(label)[0] + px(32)) for label in answers]
        if sum(widths) > room:
            longest = widths.index(max(widths))
            widths[longest] = max(px(140), room - sum(w for i, w in enumerate(widths) if i != longest))
        x = rect.centerx - (sum(widths) + gap * (len(answers) - 1)) // 2
        y = rect.bottom - px(60) - row + px(12)  # under the sentence, above the hint
        for label, bw in zip(answers, widths):
            button = widgets.Button(pygame.Rect(x, y, bw, bh), "", None)
            button.draw(surface, ctx, False)
            lines = widgets.wrap(label, font, bw - px(20))
            if len(lines) > 2:
                lines = [lines[0], widgets.elide(" ".join(lines[1:]), font, bw - px(20))]
            top = button.rect.centery - len(lines) * font.get_linesize() // 2
            for i, line in enumerate(lines):
                widgets.text(surface, line, font, ctx.palette.text, (button.rect.centerx, top + i * font.get_linesize()),
                             "midtop", shadow=True)
            rects.append(button.rect)
            x += bw + gap
    return rect, rects
