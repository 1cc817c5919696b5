"""The mission's cards on request (issue 21 item 7): over the table, the mission's name and
players, each Stage card (its special rules, its objective, what its back does, how the mission
is lost) and each Level card (its tiles), all from missions.toml; the stage being played is
marked. The wheel scrolls when they do not fit; Esc, M or a click closes it."""
from __future__ import annotations

import pygame

from game.i18n import _
from game.ui import widgets
from game.ui.gears import words
from game.ui.scene import Context, Pop, Scene


def mission_card_blocks(mission, stage_now: int) -> list[tuple[str, list[tuple[str, str]]]]:
    """(card title, [(text, role)]) per card: the Stage cards then the Level cards. What the
    rulebooks do not give (verified = false in missions.toml) ends in ' *', and a last line
    says what the mark means (issue 21 item 7)."""
    prov = getattr(mission, "provenance", None)

    def unsure(*names: str) -> str:
        return " *" if prov is not None and prov.placeholder(*names) else ""

    blocks = []
    for i, stage in enumerate(mission.stages):
        lines = [(_("Objective: ") + _(stage.flip_when.text) + unsure("stages"), "text")]
        lines += [("\u2022 " + _(r.text) + unsure("stages"), "dim") for r in stage.special_rules]
        lines += [(_("When it flips: ") + _(b.text) + unsure("stages"), "text") for b in stage.back]
        lines += [(_("Lost if: ") + _(lo.text) + unsure("stages"), "danger") for lo in stage.loss]
        title = _("Stage {n}").format(n=stage.number) + ("  \u2014 " + _("now") if i == stage_now else "")
        blocks.append((title, lines))
    for level in mission.levels:
        tiles = ", ".join(level.tiles)
        lines = [(_("Tiles: {tiles}").format(tiles=tiles) + unsure("levels"), "text")]
        if level.locked:
            lines.append((_("Locked: its way in is a locked door.") + unsure("locks"), "dim"))
        blocks.append((_("Level {n}").format(n=level.number), lines))
    if any(text.endswith(" *") for _title, lines in blocks for text, _role in lines):
        blocks.append((_("Placeholders"), [(_("* placeholder: not printed in the rulebooks"), "dim")]))
    return blocks


class MissionCards(Scene):
    opaque = False
    ROOM = (760, 520)

    def __init__(self, ctx: Context, mission, stage_now: int) -> None:
        super().__init__(ctx)
        self.mission = mission
        self.stage_now = stage_now
        self.scroll = 0
        self.max_scroll = 0
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def title(self) -> str:
        return _("Mission cards")

    def shortcuts(self) -> list[tuple[str, str]]:
        return [(_("Wheel"), _("Scroll the cards")), ("M, Esc", _("Close"))]

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_m, pygame.K_RETURN):
            return Pop()
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.max_scroll, self.scroll - event.y * self.ctx.px(40)))
            self.dirty = True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return Pop()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        widgets.dim(surface, 150)
        w, h = surface.get_size()
        rect = pygame.Rect(0, 0, min(w - px(40), px(900)), h - px(40))
        rect.center = (w // 2, h // 2)
        self.rect = rect
        widgets.panel(surface, ctx, rect)
        m = self.mission
        widgets.text(surface, words.mission(m), ctx.font(24, bold=True), pal.accent, (rect.left + px(24), rect.top + px(16)))
        sub = _("{players} players  \u2022  {cards} order cards each").format(
            players=f"{m.players[0]}-{m.players[1]}", cards=m.cards)
        widgets.text(surface, sub, ctx.font(13), pal.text_dim, (rect.left + px(24), rect.top + px(52)))
        body = pygame.Rect(rect.left + px(16), rect.top + px(80), rect.width - px(32), rect.height - px(118))
        cols = 2 if body.width >= px(640) else 1
        gap = px(12)
        col_w = (body.width - (cols - 1) * gap) // cols
        fonts = {"text": (ctx.font(13), pal.text), "dim": (ctx.font(12), pal.text_dim), "danger": (ctx.font(13), pal.danger)}
        head = ctx.font(15, bold=True)
        # Lay the cards out in columns (each into the shorter one), then draw what the scroll shows.
        heights = [body.top] * cols
        placed = []
        for title, lines in mission_card_blocks(m, self.stage_now):
            wrapped = [(part, role) for text, role in lines for part in widgets.wrap(text, fonts[role][0], col_w - px(24))]
            card_h = px(14) + head.get_linesize() + px(6) + sum(fonts[r][0].get_linesize() for _p, r in wrapped) + px(12)
            c = heights.index(min(heights))
            placed.append((pygame.Rect(body.left + c * (col_w + gap), heights[c], col_w, card_h), title, wrapped))
            heights[c] += card_h + gap
        self.max_scroll = max(0, max(heights) - gap - body.bottom)
        self.scroll = min(self.scroll, self.max_scroll)
        surface.set_clip(body)
        for card, title, wrapped in placed:
            card = card.move(0, -self.scroll)
            now = title.endswith(_("now"))
            pygame.draw.rect(surface, (44, 48, 58), card, border_radius=px(8))
            pygame.draw.rect(surface, pal.accent if now else pal.panel_edge, card, 2 if now else 1, border_radius=px(8))
            y = widgets.text(surface, title, head, pal.accent if now else pal.text, (card.left + px(12), card.top + px(10))).bottom + px(6)
            for part, role in wrapped:
                font, colour = fonts[role]
                y = widgets.text(surface, part, font, colour, (card.left + px(12), y)).bottom
        surface.set_clip(None)
        note = _("Wheel: scroll") + "   " if self.max_scroll else ""
        widgets.text(surface, note + _("M, Esc or a click: close"), ctx.font(12), pal.text_dim,
                     (rect.centerx, rect.bottom - px(12)), "midbottom")
