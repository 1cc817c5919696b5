"""Which part of the board the table shows: a zoom level and the map point at the view's corner.

Zoom moves through fixed steps so the board buffer can be rendered once per step and reused;
FitCamera adds the exact whole-board fit between two steps (the Gears table's long maps).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

ZOOM_LEVELS: tuple[float, ...] = (0.25, 0.33, 0.5, 0.67, 0.75, 1.0, 1.25, 1.5, 2.0)


@dataclass
class Camera:
    view: tuple[int, int, int, int]  # screen rect (x, y, w, h) the board is drawn into
    board_size: tuple[int, int]  # map pixels
    zoom_index: int = 5
    x: float = 0.0  # map coordinates of the view's top-left corner
    y: float = 0.0
    # What to frame and keep on screen (x0, y0, x1, y1 in map pixels; Board.content_bounds);
    # None: the whole board_size.
    content: tuple[float, float, float, float] | None = None

    def extent(self) -> tuple[float, float, float, float]:
        if self.content is not None:
            return self.content
        bw, bh = self.board_size
        return (0.0, 0.0, float(bw), float(bh))

    @property
    def zoom(self) -> float:
        return ZOOM_LEVELS[self.zoom_index]

    def to_screen(self, mx: float, my: float) -> tuple[float, float]:
        vx, vy, _, _ = self.view
        return vx + (mx - self.x) * self.zoom, vy + (my - self.y) * self.zoom

    def to_map(self, sx: float, sy: float) -> tuple[float, float]:
        vx, vy, _, _ = self.view
        return self.x + (sx - vx) / self.zoom, self.y + (sy - vy) / self.zoom

    def in_view(self, sx: float, sy: float) -> bool:
        vx, vy, vw, vh = self.view
        return vx <= sx < vx + vw and vy <= sy < vy + vh

    def fit(self) -> None:
        """The largest zoom step that shows the whole board (its content), centred."""
        _, _, vw, vh = self.view
        x0, y0, x1, y1 = self.extent()
        bw, bh = x1 - x0, y1 - y0
        index = 0
        for i, z in enumerate(ZOOM_LEVELS):
            if bw * z <= vw * 0.96 and bh * z <= vh * 0.96:
                index = i
        self.zoom_index = index
        self.center_on((x0 + x1) / 2, (y0 + y1) / 2)

    def center_on(self, mx: float, my: float) -> None:
        _, _, vw, vh = self.view
        self.x = mx - vw / 2 / self.zoom
        self.y = my - vh / 2 / self.zoom
        self.clamp()

    def zoom_at(self, steps: int, sx: float, sy: float) -> bool:
        """Zoom by `steps` levels keeping the map point under (sx, sy) still; True if it changed."""
        index = max(0, min(len(ZOOM_LEVELS) - 1, self.zoom_index + steps))
        if index == self.zoom_index:
            return False
        mx, my = self.to_map(sx, sy)
        self.zoom_index = index
        vx, vy, _, _ = self.view
        self.x = mx - (sx - vx) / self.zoom
        self.y = my - (sy - vy) / self.zoom
        self.clamp()
        return True

    def pan(self, dx_screen: float, dy_screen: float) -> bool:
        """Move the board by a screen distance (drag direction); True if it moved."""
        before = (self.x, self.y)
        self.x -= dx_screen / self.zoom
        self.y -= dy_screen / self.zoom
        self.clamp()
        return (self.x, self.y) != before

    def clamp(self) -> None:
        """Keep at least part of the board on screen; a board smaller than the view stays centred."""
        _, _, vw, vh = self.view
        x0, y0, x1, y1 = self.extent()
        span_w, span_h = vw / self.zoom, vh / self.zoom
        self.x = x0 + _clamp_axis(self.x - x0, span_w, x1 - x0)
        self.y = y0 + _clamp_axis(self.y - y0, span_h, y1 - y0)


def _clamp_axis(start: float, span: float, length: float) -> float:
    if length <= span:
        return (length - span) / 2
    margin = span * 0.25  # let the board edge come a little way into the view
    return max(-margin, min(length - span + margin, start))


@dataclass
class FitCamera(Camera):
    """A camera with one zoom between the fixed steps: the exact fit of the board.

    A long Gears map (Emergence is 34 squares by 8) fits a 1280-wide window only at the 0.33
    step; the exact fit is a third larger. Wheel zoom leaves it for the fixed steps. Only the
    steps have prebuilt buffers (BoardRenderer.buffer): a user of the exact zoom scales the
    floor itself (game/ui/gears/floor.MapPainter.buffer)."""

    fit_zoom: float | None = None

    @property
    def zoom(self) -> float:
        return self.fit_zoom if self.fit_zoom is not None else ZOOM_LEVELS[self.zoom_index]

    def fit(self) -> None:
        _, _, vw, vh = self.view
        x0, y0, x1, y1 = self.extent()
        bw, bh = x1 - x0, y1 - y0
        exact = min(vw * 0.96 / max(1, bw), vh * 0.96 / max(1, bh), 1.0)
        super().fit()  # the step below, for the wheel to go on from
        step = ZOOM_LEVELS[self.zoom_index]
        self.fit_zoom = exact if exact > step * 1.04 and exact > ZOOM_LEVELS[0] else None
        self.center_on((x0 + x1) / 2, (y0 + y1) / 2)

    def zoom_at(self, steps: int, sx: float, sy: float) -> bool:
        if self.fit_zoom is not None:
            mx, my = self.to_map(sx, sy)
            self.fit_zoom = None
            if steps < 0:
                steps += 1  # the step below the exact fit is already one step out
            self.zoom_index = max(0, min(len(ZOOM_LEVELS) - 1, self.zoom_index + steps))
            vx, vy, _, _ = self.view
            self.x = mx - (sx - vx) / self.zoom
            self.y = my - (sy - vy) / self.zoom
            self.clamp()
            return True
        return super().zoom_at(steps, sx, sy)

    def step_in(self) -> None:
        """One fixed step closer than now (the attack view)."""
        if self.fit_zoom is not None:
            self.fit_zoom = None
        self.zoom_index = min(len(ZOOM_LEVELS) - 1, self.zoom_index + 1)

    def zoom_to_read(self, least: float, whole: tuple[float, float, float, float],
                     at: tuple[float, float] | None, margin: int = 0) -> bool:
        """After `fit`: where the fit is below `least` (the zoom at which the figures read:
        Gears' names, Level 7's tokens and tile names), the view at `least` instead, no closer
        than keeps `whole` (map px x0, y0, x1, y1; an empty side is no limit: Gears keeps the
        board's width) whole in the view with `margin` screen px round it (Level 7's door
        arrows stand out of their tile), nor than 1.0, centred on `at` (None: where it is). A
        tall Gears board and Level 7's start tile start so; the rest is a drag or the wheel
        away, the whole map on Fit map (Home). True when it zoomed in."""
        if self.zoom >= least:
            return False
        _, _, vw, vh = self.view
        x0, y0, x1, y1 = whole
        zoom = min(least, 1.0, (vw * 0.96 - 2 * margin) / (x1 - x0) if x1 > x0 else math.inf,
                   (vh * 0.96 - 2 * margin) / (y1 - y0) if y1 > y0 else math.inf)
        if zoom <= self.zoom:
            return False
        self.fit_zoom = zoom
        self.zoom_index = max((i for i, z in enumerate(ZOOM_LEVELS) if z <= zoom), default=0)
        if at is not None:
            self.center_on(*at)
        return True
