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
            rect = pygame.Rect(x - size // 2, y - size // 2, size, size)
            # Round the door's plate too ('D1' beside it): the outline ran through the plate and
            # the dimming outside it greyed half the name (lesson 2, door B).
            plate = self._door_plates(self._seen_cells()).get(tgt)
            return rect.union(plate.inflate(px(12), px(12))) if plate is not None else rect
        if h.kind == "area" and isinstance(tgt, str) and tgt in self.dmap.areas:
            return self._rect_of_cells(sorted(self.dmap.areas[tgt]))
        return None

    def draw_over_highlights(self, surface: pygame.Surface, targets: list[pygame.Rect]) -> None:
        """The plates of the doors a highlight's outline crosses, drawn again over it: lesson
        2's square beside door B framed the square its 'D1' plate lies on."""
        lit = [t for t in targets if t.width > 0]
        for name, plate in self._door_plates(self._seen_cells()).items():
            if plate is not None and any(t.colliderect(plate) for t in lit):
                self._paint_door_tag(surface, name, plate)

    def lesson_figures(self) -> list[pygame.Rect]:
        """The figures' squares: lesson 1's arrow at the red marine came down over the green one,
        its text box lay over the zombie where a place over a crate alone was free (1280x720)."""
        seen, view = self._seen_cells(), self.view_rect
        return [r for r in (self._cell_rect(c) for c in self.state.figure_cells() if c in seen) if r.colliderect(view)]

    def lesson_keep_clear(self) -> list[pygame.Rect]:
        """The markers (a crate, an item, a key), the items' names and the doors' plates."""
        seen, view = self._seen_cells(), self.view_rect
        figures = set(self.state.figure_cells())
        markers = [self._cell_rect(c) for c in self._token_squares() - figures if c in seen]
        plates = [r for r in self._door_plates(seen).values() if r is not None]
        return [r for r in markers + self._item_label_rects(seen) + plates if r.colliderect(view)]

    def los_points(self, h: Highlight):
        a, b = (self._cells_of(t) for t in h.target)
        if not a or not b:
            return None
        sees = self.runner.adapter.sees(self.state, h.target[0], h.target[1])
        return self.screen_of_cell(a[0]), self.screen_of_cell(b[0]), sees

    def lesson_rebuilt(self) -> None:
        self.target, self.selected_card, self.aiming = None, None, None
