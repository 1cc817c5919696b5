"""The Gears table under the lesson overlay (game/ui/tutorial/scene.py: TutorialTable): where a
lesson's areas, holes, cover spots and figures are on screen, and the LOS tool by the Gears rules
(spec 3.5, area to area)."""
from __future__ import annotations

import pygame

from game.tutorial.model import Highlight
from game.ui.gears.table_scene import GearsTable
from game.ui.tutorial.scene import ARROW, TutorialTable, _bounds


class GearsTutorialTable(TutorialTable, GearsTable):
    def lesson_rect(self, h: Highlight) -> pygame.Rect | None:
        px = self.ctx.px
        st = self.state
        view = st.view()
        tgt = h.target[0]
        if h.kind in ("area", "hole"):
            area = st.holes[tgt]["area"] if tgt in st.holes else tgt
            if area in view.areas:
                return pygame.Rect(_bounds(self._poly_screen(area)))
        if h.kind == "cover" and tgt in view.cover:
            x, y = self.screen_of_spot(tgt)
            return pygame.Rect(x - px(22), y - px(22), px(44), px(44))
        if h.kind == "figure" and (tgt in st.cogs or tgt in st.locusts):
            x, y = self.screen_of_figure(tgt)
            return pygame.Rect(x - px(30), y - px(30), px(60), px(60))
        return None

    def draw_lesson_highlight(self, surface: pygame.Surface, h: Highlight, rect: pygame.Rect) -> bool:
        if h.kind not in ("area", "hole"):
            return False
        tgt = h.target[0]
        area = self.state.holes[tgt]["area"] if tgt in self.state.holes else tgt
        pygame.draw.polygon(surface, ARROW, self._poly_screen(area), self.ctx.px(4))
        return True

    def los_points(self, h: Highlight):
        from game.gears.rules.movement import los

        a, b = (self._point_of(t) for t in h.target)
        if a is None or b is None:
            return None
        pa = self.runner.adapter.figure_pos(self.state, h.target[0])
        pb = self.runner.adapter.figure_pos(self.state, h.target[1])
        return a, b, pa is not None and pb is not None and los(self.state.view(), pa, pb)

    def _point_of(self, ref: str) -> tuple[int, int] | None:
        st = self.state
        if ref in st.cogs or ref in st.locusts:
            return self.screen_of_figure(ref)
        if ref in st.view().areas:
            return self.screen_of_area(ref)
        return None

    def lesson_rebuilt(self) -> None:
        self._board_key = None  # the board art is drawn again for the new session
