"""The Settings screen: UI scale, language, palette and the bots' pace, saved as soon as they change."""
from __future__ import annotations

from dataclasses import replace

import pygame

from game import i18n
from game.i18n import N_, _
from game.ui import widgets
from game.ui.palette import palette_named
from game.ui.scene import Action, ChangeSettings, Context, Pop, Scene
from game.ui.settings import PACES, PALETTES, UI_SCALES, Settings
from game.ui.widgets import Button

PALETTE_NAMES = {"default": N_("Default"), "cb_safe": N_("Colour-blind safe (Okabe-Ito)")}
ROWS = ("ui_scale", "language", "palette", "pace")
ROW_TITLES = {"ui_scale": N_("UI scale"), "language": N_("Language"), "palette": N_("Colours"),
              "pace": N_("Bots and AI pace")}
PACE_NAMES = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast")}


def _cycle(options: list, current, step: int):
    index = options.index(current) if current in options else 0
    return options[(index + step) % len(options)]


def next_settings(settings: Settings, row: str, step: int) -> Settings:
    if row == "ui_scale":
        nearest = min(UI_SCALES, key=lambda s: abs(s - settings.ui_scale))
        return replace(settings, ui_scale=_cycle(list(UI_SCALES), nearest, step))
    if row == "language":
        return replace(settings, language=_cycle(i18n.available_languages() or ["en"], settings.language, step))
    if row == "pace":
        return replace(settings, pace=_cycle(list(PACES), settings.pace, step))
    return replace(settings, palette=_cycle(list(PALETTES), settings.palette, step))


def value_label(settings: Settings, row: str) -> str:
    if row == "ui_scale":
        return f"{round(settings.ui_scale * 100)} %"
    if row == "language":
        return i18n.LANGUAGE_NAMES.get(settings.language, settings.language)
    if row == "pace":
        return _(PACE_NAMES.get(settings.pace, settings.pace))
    return _(PALETTE_NAMES.get(settings.palette, settings.palette))


class SettingsScene(Scene):
    ROOM = (800, 600)  # the rows, the preview and Back (issue 21: at 150% in 720 Back covered the preview)

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.row = 0
        self.hovered: str | None = None
        self.hit_boxes: list[tuple[str, int, pygame.Rect]] = []  # (row, step, rect)
        self.back: Button | None = None

    @property
    def title(self) -> str:
        return _("Settings")

    def _change(self, row: str, step: int) -> Action:
        return ChangeSettings(next_settings(self.ctx.settings, row, step))

    def handle(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return Pop()
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.row = (self.row + (1 if event.key == pygame.K_DOWN else -1)) % len(ROWS)
                self.dirty = True
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN):
                return self._change(ROWS[self.row], -1 if event.key == pygame.K_LEFT else 1)
        elif event.type == pygame.MOUSEMOTION:
            hovered = self._hit(event.pos)
            if hovered != self.hovered:
                self.hovered, self.dirty = hovered, True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.back and self.back.rect.collidepoint(event.pos):
                return Pop()
            for row, step, rect in self.hit_boxes:
                if rect.collidepoint(event.pos):
                    self.row = ROWS.index(row)
                    return self._change(row, step)
        return None

    def _hit(self, pos: tuple[int, int]) -> str | None:
        if self.back and self.back.rect.collidepoint(pos):
            return "back"
        for row, step, rect in self.hit_boxes:
            if rect.collidepoint(pos):
                return f"{row}:{step}"
        return None

    def shortcuts(self) -> list[tuple[str, str]]:
        return [(_("Up, Down"), _("Choose a setting")), (_("Left, Right"), _("Change it (saved at once)"))]

    def draw(self, surface: pygame.Surface) -> None:
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        w, h = surface.get_size()
        surface.blit(widgets.vertical_gradient((w, h), (40, 44, 52), pal.background), (0, 0))
        rect = pygame.Rect(0, 0, min(w - px(40), px(760)), min(h - px(40), px(560)))
        rect.center = (w // 2, h // 2)
        widgets.panel(surface, ctx, rect)
        widgets.text(surface, _("Settings"), ctx.font(30, bold=True), pal.accent, (rect.left + px(32), rect.top + px(24)))
        widgets.text(surface, str(ctx.settings_file), ctx.font(12), pal.text_dim, (rect.left + px(32), rect.top + px(68)))
        self.hit_boxes = []
        y = rect.top + px(104)
        row_h = px(64)
        for i, row in enumerate(ROWS):
            box = pygame.Rect(rect.left + px(24), y, rect.width - px(48), row_h - px(10))
            active = i == self.row
            pygame.draw.rect(surface, (62, 58, 44) if active else (40, 43, 50), box, border_radius=px(6))
            if active:
                pygame.draw.rect(surface, pal.accent, box, width=2, border_radius=px(6))
            widgets.text(surface, _(ROW_TITLES[row]), ctx.font(18, bold=True), pal.text, (box.left + px(18), box.centery), "midleft")
            arrow = px(36)
            right = pygame.Rect(box.right - arrow - px(10), box.centery - arrow // 2, arrow, arrow)
            left = pygame.Rect(right.left - px(280), right.top, arrow, arrow)
            for step, r, glyph in ((-1, left, "<"), (1, right, ">")):
                hot = self.hovered == f"{row}:{step}"
                pygame.draw.rect(surface, pal.accent if hot else (70, 75, 86), r, border_radius=px(6))
                widgets.text(surface, glyph, ctx.font(20, bold=True), pal.accent_text if hot else pal.text, r.center, "center")
                self.hit_boxes.append((row, step, r))
            widgets.text(surface, value_label(ctx.settings, row), ctx.font(17), pal.text, ((left.right + right.left) // 2, box.centery), "center")
            y += row_h
        self._draw_preview(surface, pygame.Rect(rect.left + px(24), y + px(6), rect.width - px(48), px(80)))
        bw, bh = px(200), px(46)
        self.back = Button(pygame.Rect(rect.left + px(24), rect.bottom - bh - px(22), bw, bh), _("Back"), Pop())
        self.back.draw(surface, ctx, self.hovered == "back")

    def _draw_preview(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """How line of sight looks in the chosen palette, so the choice is made by eye."""
        ctx, px = self.ctx, self.ctx.px
        pal = palette_named(ctx.settings.palette)
        widgets.text(surface, _("Preview"), ctx.font(14, bold=True), pal.text_dim, (box.left, box.top))
        y = box.top + px(40)
        half = box.width // 2
        for i, (colour, label, width) in enumerate(((pal.los_visible, _("visible"), 4), (pal.los_blocked, _("blocked"), 7))):
            x0 = box.left + i * half
            pygame.draw.line(surface, colour, (x0, y), (x0 + px(120), y), px(width))
            widgets.text(surface, label, ctx.font(15), pal.text, (x0 + px(134), y), "midleft")
