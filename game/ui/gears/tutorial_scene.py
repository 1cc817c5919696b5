"""The Gears table under the lesson overlay (game/ui/tutorial/scene.py: TutorialTable): where a
lesson's areas, holes, cover spots and figures are on screen, and the LOS tool by the Gears rules
(spec 3.5, area to area)."""
from __future__ import annotations

import pygame

from game.tutorial.model import Highlight
from game.ui.gears.table_scene import GearsTable
from game.ui.tutorial.scene import ARROW, TutorialTable, _bounds


class GearsTutorialTable(TutorialTable, GearsTable):
    walks_far = False  # a lesson's step asks for one area: a far click is refused with its reason

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

    def lesson_focus(self) -> list[pygame.Rect]:
        """The active COG with his name under him: the lessons speak of him ("End the move: the
        unused step is simply lost", lesson 1 step 6) and the text box lay over him."""
        px, p = self.ctx.px, self.state.active_player
        c = self.state.cogs.get(p)
        if c is None or not c.area:
            return []
        x, y = self.screen_of_figure(p)
        return [pygame.Rect(x - px(36), y - px(30), px(72), px(76))]  # the token and the name below it

    def lesson_keep_clear(self) -> list[pygame.Rect]:
        """The figures' names on the map: an arrow at a Drone or an area ran over 'Marcus' and
        'Drone 3' (lessons 2, 3, 6 and 7 at 1280x720)."""
        return [rect.inflate(4, 4) for rect in getattr(self, "label_rects", {}).values()]

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

    def los_blocker(self, h: Highlight, a, b) -> tuple[int, int] | None:
        pa = self.runner.adapter.figure_pos(self.state, h.target[0])
        pb = self.runner.adapter.figure_pos(self.state, h.target[1])
        return self._blocking_point(pa, pb, a, b) if pa is not None and pb is not None else None

    def _blocking_point(self, pa, pb, a, b) -> tuple[int, int] | None:
        """Where the cross goes: on the wall segment the board's LOS reports as the blocker
        (game/board/los.py LosResult.blocker, between the two places as the rules see them), at
        the point of it nearest the gauge drawn between the figures."""
        view = self.state.view()
        cover = view.cover
        sight = view.sight
        if pa[1] in cover and pb[1] in cover:
            result = sight.points(cover[pa[1]].point, cover[pb[1]].point)
        elif pa[1] in cover:
            result = sight.point_area(cover[pa[1]].point, pb[0])
        elif pb[1] in cover:
            result = sight.point_area(cover[pb[1]].point, pa[0])
        else:
            result = sight.areas(pa[0], pb[0])
        if result.blocker is None:
            return None
        u = self.camera.to_screen(float(result.blocker.a[0]), float(result.blocker.a[1]))
        v = self.camera.to_screen(float(result.blocker.b[0]), float(result.blocker.b[1]))
        return _nearest_on_segment(u, v, a, b)

    def _point_of(self, ref: str) -> tuple[int, int] | None:
        st = self.state
        if ref in st.cogs or ref in st.locusts:
            return self.screen_of_figure(ref)
        if ref in st.view().areas:
            return self.screen_of_area(ref)
        return None

    def lesson_rebuilt(self) -> None:
        self._board_key = None  # the board art is drawn again for the new session


def _nearest_on_segment(u, v, a, b) -> tuple[int, int]:
    """The point of segment u-v where the line a-b crosses it, or (when it does not) the point
    of u-v nearest that line."""
    (ux, uy), (vx, vy), (ax, ay), (bx, by) = u, v, a, b
    dx, dy, ex, ey = vx - ux, vy - uy, bx - ax, by - ay
    den = dx * ey - dy * ex
    if den:
        t = ((ax - ux) * ey - (ay - uy) * ex) / den
    else:
        t = 0.5
    t = max(0.0, min(1.0, t))
    return round(ux + t * dx), round(uy + t * dy)
