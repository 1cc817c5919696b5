"""The Convoy table under the lesson overlay (game/ui/tutorial/scene.py: TutorialTable): where a
lesson's cities, sectors and cards are on screen. Convoy has no line of sight."""
from __future__ import annotations

import pygame

from game.tutorial.model import Highlight
from game.ui.convoy.table_scene import ConvoyTable
from game.ui.tutorial.scene import TutorialTable


class ConvoyTutorialTable(TutorialTable, ConvoyTable):
    def lesson_rect(self, h: Highlight) -> pygame.Rect | None:
        """`area = "city:N"` a city card with its two columns, `area = "sector:C:I"` a sector,
        `card = "@juggernaut"` that card in play or in the hand on show."""
        px = self.ctx.px
        tgt = h.target[0]
        if h.kind == "area" and isinstance(tgt, str):
            kind, _sep, rest = tgt.partition(":")
            if kind == "city" and rest.isdigit() and int(rest) in self.city_rects:
                c = int(rest)
                rect = self.city_rects[c]
                for s in (0, 1):
                    if (c, s) in self.column_rects:
                        rect = rect.union(self.column_rects[(c, s)])
                return rect.inflate(px(6), px(6))
            if kind == "sector":
                c, _s, i = rest.partition(":")
                got = self.sector_rects.get((int(c), int(i))) if c.isdigit() and i.isdigit() else None
                return got.inflate(px(8), px(8)) if got is not None else None
        if h.kind == "card" and isinstance(tgt, int):
            if tgt in self.slot_rects:
                return self.slot_rects[tgt].inflate(px(8), px(8))
            for uid, _shown, whole in self.hand_rects:
                if uid == tgt:
                    return whole.inflate(px(8), px(8))
        return None

    def _rect_of(self, h: Highlight) -> pygame.Rect:
        """`panel = "battle"`: the Battle panel, where a battle's result and the game's end are
        told (Convoy's own panel beside the cities, not a side-panel section). A step that speaks
        of the result names it, so that its box keeps off it: lesson 5's last step ("New York
        fell ... the Outpost wins") named nothing, and its box lay over the panel's top and the
        battle's score (1920x1080)."""
        if h.kind == "panel" and h.target and h.target[0] == "battle" and "battle" in self.zones:
            return self.zones["battle"].copy()
        return super()._rect_of(h)

    def lesson_keep_clear(self) -> list[pygame.Rect]:
        """The battle columns, their headings (strength, stations), the city cards and the hand's
        heading: an arrow pointing down at a hand card ran through "Moloch's hand (6)" and the
        column's '⚔ 0' above it (lessons 1-5 at 1280x720 and 1920x1080)."""
        from game.ui.convoy.entry import PLAYERS

        px = self.ctx.px
        out = []
        for (_c, s), inner in self.column_rects.items():
            far = PLAYERS[s] != self.bottom
            out.append(pygame.Rect(inner.left, inner.top if far else inner.bottom - px(22), inner.width, px(22)))
        # the city cards and the other columns: their words are the lesson's matter too (an arrow
        # from the left at Iron Gate's column lay over Ziggy One's card)
        out += list(self.city_rects.values()) + list(self.column_rects.values())
        if "battle" in self.zones:  # the Battle panel's words ('If Moloch wins': an arrow at New York)
            out.append(self.zones["battle"])
        if "hand" in self.zones:
            row = self.zones["hand"].inflate(-px(8), 0)
            out.append(pygame.Rect(row.left, row.top, row.width, px(2) + self.ctx.font(12, bold=True).get_linesize()))
        return out

    def highlight_rects(self) -> list[pygame.Rect]:
        """The step's highlights, and while a step asks for the Sector Battle token's drop (it
        expects a sector) the waiting token in the Battle panel with its "drag onto a sector":
        the dimming lay over it while the lesson said to drag it from there."""
        rects = super().highlight_rects()
        step = self.runner.step
        if step is not None and any(m.kind == "sector" for m in step.expect) and self.token_rect is not None:
            token = self.token_rect.union(self.token_label_rect) if self.token_label_rect else self.token_rect
            rects.append(token.inflate(self.ctx.px(8), self.ctx.px(8)))
        return rects

    def lesson_rebuilt(self) -> None:
        self.steps.clear()
        self.intent = None
        self.glow = {}
