"""The table scene: one board, zoom and pan, hover, and the line-of-sight tool.

State tests read: `camera.zoom`, `hovered` (a Place or None), `los` (a LosShown or None) and
`los_status`. Everything here redraws only when that state (or the window) changed.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.board.model import Board, MapError
from game.i18n import _
from game.ui import widgets
from game.ui.scene import Action, Context, Pop, Scene
from game.ui.maplist import shown_name
from game.ui.table import hud
from game.ui.table.board_render import BoardRenderer, load_floor
from game.ui.table.camera import Camera
from game.ui.table.los_view import LosShown, LosUnavailable, compute_los
from game.ui.table.places import Place, anchor, parse_place, place_at

DRAG_THRESHOLD = 4  # pixels a press may move and still count as a click


class MapLoadError(Exception):
    """A map the table cannot show; the message names the file and the problem."""


@dataclass(frozen=True)
class FigureToken:
    kind: str  # a token name under assets/tokens/
    x: float  # map pixels
    y: float


def load_map(path: Path) -> Board:
    from game.board.tmx import load_board

    try:
        return load_board(path)
    except MapError as exc:
        raise MapLoadError(str(exc)) from None
    except OSError as exc:
        raise MapLoadError(f"{path}: cannot read ({exc.strerror or exc})") from None


class TableScene(Scene):
    def __init__(self, ctx: Context, path: Path, screen_size: tuple[int, int], board: Board | None = None) -> None:
        super().__init__(ctx)
        self.path = Path(path)
        self.board = board if board is not None else load_map(self.path)
        floor, problem = load_floor(self.path, self.board)
        self.notices = [problem] if problem else []
        self.renderer = BoardRenderer(self.board, floor, ctx.palette, ctx.assets)
        self.title = shown_name(str(self.board.properties.get("name") or self.path.stem.replace("_", " ")),
                                str(self.board.properties.get("title", "")))
        self.figures: list[FigureToken] = []
        self.hand: list[str] = []
        self.hovered: Place | None = None
        self.los_active = False
        self.los_from: Place | None = None
        self.los: LosShown | None = None
        self.mouse: tuple[int, int] | None = None
        self._press: tuple[int, int] | None = None  # where a button went down
        self._dragging = False
        self._hover_button: str | None = None
        self._size = (0, 0)
        self.camera = Camera((0, 0, 1, 1), self.board.pixel_size())
        self.buttons: list[hud.ToolButton] = []
        self._panel_cache: pygame.Surface | None = None
        self._panel_key: tuple | None = None
        self._chrome_key: tuple | None = None
        self._cloth: pygame.Surface | None = None
        self._cloth_key: tuple | None = None
        self._layout(screen_size)
        self.camera.fit()

    # -- layout ---------------------------------------------------------------------------
    def _layout(self, size: tuple[int, int]) -> None:
        if size == self._size and self.buttons:
            return
        first = self._size == (0, 0)
        self._size = size
        px = self.ctx.px
        w, h = size
        bar = px(52)
        side = min(px(340), max(px(240), w // 4))
        self.toolbar_rect = pygame.Rect(0, 0, w, bar)
        self.panel_rect = pygame.Rect(w - side, bar, side, h - bar)
        self.view_rect = pygame.Rect(0, bar, w - side, h - bar)
        self.buttons = hud.toolbar_buttons(self.ctx, w, bar, self.los_active)
        centre = None if first else self.camera.to_map(*self.view_rect.center) if self.camera.view[2] > 1 else None
        self.camera.view = tuple(self.view_rect)  # type: ignore[assignment]
        if centre is not None:
            self.camera.center_on(*centre)
        self._panel_key = None

    def on_settings_changed(self) -> None:
        self.renderer.set_palette(self.ctx.palette)
        size, self._size = self._size, (0, 0)
        self.buttons = []
        self._layout(size)
        self.dirty = True

    @property
    def los_status(self) -> str:
        return self.los.status if self.los else ""

    @property
    def hovered_name(self) -> str | None:
        return self.hovered.label if self.hovered else None

    # -- input ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Action | None:
        self._layout(pygame.display.get_surface().get_size())
        if event.type == pygame.MOUSEWHEEL:
            at = self.mouse or self.view_rect.center
            if self.view_rect.collidepoint(at) and event.y:
                self._changed(self.camera.zoom_at(1 if event.y > 0 else -1, *at))
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            self.mouse = event.pos
            button = self._button_at(event.pos)
            if event.button == 1 and button is not None:
                return self._press_button(button)
            if self.view_rect.collidepoint(event.pos):
                self._press, self._dragging = event.pos, event.button != 1
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
            was_click = self._press is not None and not self._dragging and event.button == 1
            self._press, self._dragging = None, False
            if was_click:
                self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return None

    def _motion(self, pos: tuple[int, int]) -> None:
        last = self.mouse
        self.mouse = pos
        if self._press is not None and last is not None:
            if not self._dragging and math.dist(pos, self._press) > DRAG_THRESHOLD:
                self._dragging = True
                last = self._press
            if self._dragging:
                self._changed(self.camera.pan(pos[0] - last[0], pos[1] - last[1]))
        button = self._button_at(pos)
        if button != self._hover_button:
            self._hover_button = button
            self.dirty = True
        self._update_hover()

    def _update_hover(self) -> None:
        place = None
        if self.mouse is not None and self.view_rect.collidepoint(self.mouse):
            place = place_at(self.board, *self.camera.to_map(*self.mouse))
        if place != self.hovered:
            self.hovered = place
            self.dirty = True

    def _changed(self, changed: bool) -> None:
        if changed:
            self.dirty = True
            self._update_hover()

    def _button_at(self, pos: tuple[int, int]) -> str | None:
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return b.key
        return None

    def _press_button(self, key: str) -> Action | None:
        if key == "menu":
            return Pop()
        if key == "fit":
            self.camera.fit()
            self._changed(True)
        elif key in ("zoom_in", "zoom_out"):
            self._changed(self.camera.zoom_at(1 if key == "zoom_in" else -1, *self.view_rect.center))
        elif key == "los":
            self.toggle_los()
        return None

    def _key(self, key: int) -> Action | None:
        step = self.ctx.px(96)
        pans = {pygame.K_LEFT: (step, 0), pygame.K_RIGHT: (-step, 0), pygame.K_UP: (0, step), pygame.K_DOWN: (0, -step)}
        if key in pans:
            self._changed(self.camera.pan(*pans[key]))
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self._changed(self.camera.zoom_at(1, *self.view_rect.center))
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self._changed(self.camera.zoom_at(-1, *self.view_rect.center))
        elif key in (pygame.K_HOME, pygame.K_0):
            self.camera.fit()
            self._changed(True)
        elif key == pygame.K_l:
            self.toggle_los()
        elif key == pygame.K_c:
            self.clear_los()
        elif key == pygame.K_ESCAPE:
            if self.los_active or self.los is not None:
                self.los_active = False
                self.clear_los()
            else:
                return Pop()
        return None

    # -- line of sight --------------------------------------------------------------------
    def toggle_los(self) -> None:
        self.los_active = not self.los_active
        self.los_from = None
        self.buttons = hud.toolbar_buttons(self.ctx, self._size[0], self.toolbar_rect.height, self.los_active)
        self.dirty = True

    def clear_los(self) -> None:
        self.los_from, self.los = None, None
        self.buttons = hud.toolbar_buttons(self.ctx, self._size[0], self.toolbar_rect.height, self.los_active)
        self.dirty = True

    def _click(self, pos: tuple[int, int]) -> None:
        if not self.los_active or not self.view_rect.collidepoint(pos):
            return
        place = place_at(self.board, *self.camera.to_map(*pos))
        if place is None:
            return
        if self.los_from is None:
            self.los_from, self.los = place, None
        else:
            origin, self.los_from = self.los_from, None
            try:
                self.show_los(origin, place)
            except LosUnavailable as exc:
                self.notices = [str(exc)]
        self.dirty = True

    def show_los(self, origin: Place, target: Place) -> LosShown:
        self.los = compute_los(self.board, origin, target)
        self.dirty = True
        return self.los

    def show_los_named(self, origin: str, target: str) -> LosShown:
        """LOS between places written as on the command line (area names or c,r cells)."""
        return self.show_los(parse_place(self.board, origin), parse_place(self.board, target))

    def shortcuts(self) -> list[tuple[str, str]]:
        return [
            (_("Wheel, +, \u2212"), _("Zoom in and out")),
            (_("Drag, arrows"), _("Move the board")),
            ("Home", _("Fit the board to the window")),
            ("L", _("Line of sight: click two places")),
            ("C", _("Clear the line of sight")),
            ("Esc", _("Leave the tool, then back to the menu")),
        ]

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._layout(surface.get_size())
        ctx = self.ctx
        view = self.view_rect
        buffer = self.renderer.buffer(self.camera.zoom_index)
        ox, oy = self.camera.to_screen(0, 0)
        board_rect = buffer.get_rect(topleft=(round(ox), round(oy)))
        # copy only the cloth the board leaves uncovered, from a pre-drawn surface (SDL's fill is
        # slower than a blit of a converted surface, measured with tools/bench_render.py)
        cloth = self._cloth_for(view.size)
        for strip in _uncovered(view, board_rect):
            surface.blit(cloth, strip, strip.move(-view.left, -view.top))
        surface.set_clip(view)
        surface.blit(buffer, board_rect)
        self._draw_hover(surface)
        self._draw_figures(surface)
        self._draw_los(surface)  # over the figures: the A/B badges must stay readable
        self._draw_hover_label(surface)
        hud.draw_hand(surface, ctx, view, self.hand)
        surface.set_clip(None)
        # The toolbar and side panel change far less often than the board moves: redraw them only
        # when their content changed or the App asked for a full frame (a scene above went away).
        chrome = (self._hover_button, self.camera.zoom, self.los_active, self._size, ctx.settings, self._panel_key_now())
        if chrome != self._chrome_key or self.full_redraw:
            hud.draw_toolbar(surface, ctx, self.toolbar_rect, self.buttons, self._hover_button, self.title, self.camera.zoom)
            self._draw_panel(surface)
            self._chrome_key = chrome
        self.full_redraw = False

    def _cloth_for(self, size: tuple[int, int]) -> pygame.Surface:
        key = (size, self.ctx.palette.table)
        if self._cloth is None or self._cloth_key != key:
            top = tuple(min(255, c + 6) for c in self.ctx.palette.table)
            bottom = tuple(max(0, c - 8) for c in self.ctx.palette.table)
            self._cloth, self._cloth_key = widgets.vertical_gradient(size, top, bottom), key
        return self._cloth

    def _panel_key_now(self) -> tuple:
        return (self.hovered, self.los_active, self.los_from, self.los, self.panel_rect.size, ctx_key(self.ctx), len(self.notices))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        key = self._panel_key_now()
        if key != self._panel_key or self._panel_cache is None:
            panel = pygame.Surface(self.panel_rect.size).convert()
            local = panel.get_rect()
            hud.draw_side_panel(panel, self.ctx, local, self.board, self.title, self.hovered, self.los_active,
                                self.los_from, self.los, [str(n) for n in self.notices + self.ctx.notices])
            self._panel_cache, self._panel_key = panel, key
        surface.blit(self._panel_cache, self.panel_rect)

    def _screen(self, p) -> tuple[float, float]:
        return self.camera.to_screen(float(p[0]), float(p[1]))

    def _place_shape(self, place: Place) -> list[tuple[float, float]]:
        if place.cell is not None:
            c, r = place.cell
            tw, th = self.board.tile_width, self.board.tile_height
            return [self._screen(p) for p in ((c * tw, r * th), ((c + 1) * tw, r * th), ((c + 1) * tw, (r + 1) * th), (c * tw, (r + 1) * th))]
        if place.point is not None:
            return []  # a cover spot or point sees from that point alone: its badge marks it
        return [self._screen(p) for p in self.board.areas[place.name].polygon]

    def _fill_place(self, surface: pygame.Surface, place: Place, colour, alpha: int, outline: int) -> None:
        pts = self._place_shape(place)
        if len(pts) < 3:
            return
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = pygame.Rect(math.floor(min(xs)) - outline, math.floor(min(ys)) - outline,
                          math.ceil(max(xs) - min(xs)) + 2 * outline + 2, math.ceil(max(ys) - min(ys)) + 2 * outline + 2)
        box = box.clip(self.view_rect)
        if box.width <= 0 or box.height <= 0:
            return
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        local = [(x - box.left, y - box.top) for x, y in pts]
        pygame.draw.polygon(layer, (*colour, alpha), local)
        surface.blit(layer, box)
        pygame.draw.polygon(surface, colour, pts, outline)

    def _draw_hover(self, surface: pygame.Surface) -> None:
        if self.hovered is not None:
            self._fill_place(surface, self.hovered, self.ctx.palette.hover, 55, max(2, self.ctx.px(3)))

    def _draw_hover_label(self, surface: pygame.Surface) -> None:
        if self.hovered is None or self.mouse is None:
            return
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        font = ctx.font(15, bold=True)
        label = font.render(hud.shown_label(self.board, self.hovered), True, pal.text)
        box = label.get_rect().inflate(px(16), px(10))
        box.topleft = (self.mouse[0] + px(16), self.mouse[1] + px(18))
        box.clamp_ip(self.view_rect)
        pygame.draw.rect(surface, (16, 17, 20), box, border_radius=px(5))
        pygame.draw.rect(surface, pal.hover, box, width=1, border_radius=px(5))
        surface.blit(label, label.get_rect(center=box.center))

    def _draw_los(self, surface: pygame.Surface) -> None:
        pal, px = self.ctx.palette, self.ctx.px
        z = self.camera.zoom
        if self.los_from is not None:
            self._fill_place(surface, self.los_from, pal.los_from, 45, max(2, px(3)))
            self._badge(surface, self.los_from, "A", pal.los_from)
        los = self.los
        if los is None:
            return
        self._fill_place(surface, los.origin, pal.los_from, 40, max(2, px(2)))
        self._fill_place(surface, los.target, pal.los_to, 40, max(2, px(2)))
        if los.visible and los.witness is not None:
            a, b = self._screen(los.witness.a), self._screen(los.witness.b)
            width = max(3, round(6 * z))
            pygame.draw.line(surface, (10, 10, 12), a, b, width + 4)
            pygame.draw.line(surface, pal.los_visible, a, b, width)
            for p in (a, b):
                pygame.draw.circle(surface, (10, 10, 12), p, width + 2)
                pygame.draw.circle(surface, pal.los_visible, p, width)
        elif los.blocker is not None:
            if los.origin.cell is not None and los.target.cell is not None:
                # grid sight runs centre to centre, so that line is the rule's own: show where it stops
                from game.ui.table.board_render import dashed_line

                c0, c1 = self._screen(anchor(self.board, los.origin)), self._screen(anchor(self.board, los.target))
                dashed_line(surface, (10, 10, 12), c0, c1, max(3, px(4)), 12, 8)
                dashed_line(surface, pal.los_blocked, c0, c1, max(1, px(2)), 12, 8)
            a, b = self._screen(los.blocker.a), self._screen(los.blocker.b)
            width = max(6, round(14 * z))
            pygame.draw.line(surface, (10, 10, 12), a, b, width + 6)
            pygame.draw.line(surface, pal.los_blocked, a, b, width)
            for p in (a, b):
                pygame.draw.circle(surface, pal.los_blocked, p, width / 2)
            # a cross on the wall: "blocked" is told by shape too, not by colour alone
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            r = max(8, round(16 * z))
            for dx, dy in ((r, r), (r, -r)):
                pygame.draw.line(surface, (10, 10, 12), (mid[0] - dx, mid[1] - dy), (mid[0] + dx, mid[1] + dy), max(5, round(9 * z)))
                pygame.draw.line(surface, (255, 255, 255), (mid[0] - dx, mid[1] - dy), (mid[0] + dx, mid[1] + dy), max(2, round(4 * z)))
        self._badge(surface, los.origin, "A", pal.los_from)
        self._badge(surface, los.target, "B", pal.los_to)

    def _badge(self, surface: pygame.Surface, place: Place, letter: str, colour) -> None:
        px = self.ctx.px
        at = self._screen(anchor(self.board, place))
        r = px(13)
        pygame.draw.circle(surface, (10, 10, 12), at, r + 2)
        pygame.draw.circle(surface, colour, at, r)
        widgets.text(surface, letter, self.ctx.font(15, bold=True), (10, 10, 12), (round(at[0]), round(at[1])), "center")

    def _draw_figures(self, surface: pygame.Surface) -> None:
        if not self.figures:
            return
        size = max(8, round(min(self.board.tile_width, self.board.tile_height) * 0.62 * self.camera.zoom))
        for f in self.figures:
            image = self.ctx.assets.image(f"tokens/{f.kind}.png", (size, size))
            x, y = self.camera.to_screen(f.x, f.y)
            surface.blit(image, (round(x - size / 2), round(y - size / 2)))


def _uncovered(view: pygame.Rect, board: pygame.Rect) -> list[pygame.Rect]:
    """The parts of `view` outside `board` as at most four rectangles."""
    inner = board.clip(view)
    if inner.width == 0 or inner.height == 0:
        return [view]
    strips = [
        pygame.Rect(view.left, view.top, view.width, inner.top - view.top),
        pygame.Rect(view.left, inner.bottom, view.width, view.bottom - inner.bottom),
        pygame.Rect(view.left, inner.top, inner.left - view.left, inner.height),
        pygame.Rect(inner.right, inner.top, view.right - inner.right, inner.height),
    ]
    return [r for r in strips if r.width > 0 and r.height > 0]


def ctx_key(ctx: Context) -> tuple:
    return (ctx.settings, len(ctx.notices))
