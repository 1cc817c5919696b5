"""The Doom table under the lesson overlay (game/ui/tutorial/scene.py: TutorialTable): where a
lesson's squares, figures, doors and areas are on screen, and the LOS tool by the Doom rules
(spec 3.7, centre to centre; the adapter's `sees`)."""
from __future__ import annotations

import pygame

from game.tutorial.model import Highlight
from game.ui.doom.table_scene import DoomTable
from game.ui.tutorial.scene import TutorialTable


class DoomTutorialTable(TutorialTable, DoomTable):
    def _cells_of(self, ref) -> list[tuple[int, int]]:
        """A figure's squares (a marine colour, an invader id) or a square place [x, y]."""
        st = self.state
        if isinstance(ref, str):
            if ref in st.marines:
                return [st.marines[ref].cell] if st.marines[ref].cell is not None else []
            if ref in st.invaders:
                return list(st.invaders[ref].cells)
            return []
        if isinstance(ref, (list, tuple)) and len(ref) == 2:
            return [(int(ref[0]), int(ref[1]))]
        return []

    def _rect_of_cells(self, cells) -> pygame.Rect | None:
        if not cells:
            return None
        rects = [self._cell_rect(c) for c in cells]
        return rects[0].unionall(rects[1:])

    def lesson_rect(self, h: Highlight) -> pygame.Rect | None:
        px = self.ctx.px
        tgt = h.target[0]
        if h.kind in ("figure", "square"):
            rect = self._rect_of_cells(self._cells_of(tgt))
            return rect.inflate(px(10), px(10)) if rect is not None else None
        if h.kind == "door" and isinstance(tgt, str) and tgt in self.door_objects:
            x, y = self.screen_of_door(tgt)
            size = max(px(30), int(self._cell_rect((0, 0)).width * 1.2))
            return pygame.Rect(x - size // 2, y - size // 2, size, size)
        if h.kind == "area" and isinstance(tgt, str) and tgt in self.dmap.areas:
            return self._rect_of_cells(sorted(self.dmap.areas[tgt]))
        return None

    def los_points(self, h: Highlight):
        a, b = (self._cells_of(t) for t in h.target)
        if not a or not b:
            return None
        sees = self.runner.adapter.sees(self.state, h.target[0], h.target[1])
        return self.screen_of_cell(a[0]), self.screen_of_cell(b[0]), sees

    def lesson_rebuilt(self) -> None:
        self.target, self.selected_card, self.aiming = None, None, None
