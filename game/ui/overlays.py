"""Modal overlays drawn over the scene below: the F1 help and the error panel."""
from __future__ import annotations

import pygame

from game.i18n import _
from game.ui import widgets
from game.ui.scene import Action, Context, Pop, Scene
from game.ui.widgets import Button


def global_shortcuts() -> list[tuple[str, str]]:
    return [
        ("F1", _("Show or hide this help")),
        ("Esc", _("Back / close")),
        ("Ctrl+Q", _("Quit Tiletop")),
    ]


class HelpOverlay(Scene):
    """Lists the keyboard shortcuts of the scene below it plus the global ones."""

    opaque = False

    def __init__(self, ctx: Context, title: str, shortcuts: list[tuple[str, str]]) -> None:
        super().__init__(ctx)
        self.title = title
        own = {k for k, _d in shortcuts}
        self.entries = shortcuts + [(k, d) for k, d in global_shortcuts() if k not in own]

    def handle(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            return Pop()
        if event.type == pygame.MOUSEBUTTONDOWN:
            return Pop()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        widgets.dim(surface, 160)
        key_font, desc_font = ctx.font(17, bold=True), ctx.font(17)
        key_w = max(key_font.size(k)[0] for k, _d in self.entries) + px(40)
        desc_w = max(desc_font.size(d)[0] for _k, d in self.entries)
        row = px(34)
        w = min(surface.get_width() - px(40), key_w + desc_w + px(80))
        h = min(surface.get_height() - px(40), px(130) + row * len(self.entries))
        rect = pygame.Rect(0, 0, w, h)
        rect.center = surface.get_rect().center
        widgets.panel(surface, ctx, rect)
        widgets.text(surface, _("Keyboard shortcuts"), ctx.font(26, bold=True), pal.accent, (rect.left + px(32), rect.top + px(24)))
        widgets.text(surface, self.title, ctx.font(15), pal.text_dim, (rect.right - px(32), rect.top + px(32)), "topright")
        y = rect.top + px(78)
        for key, desc in self.entries:
            if y + row > rect.bottom - px(30):
                break
            chip = pygame.Rect(rect.left + px(32), y, key_font.size(key)[0] + px(18), row - px(8))
            pygame.draw.rect(surface, (58, 62, 72), chip, border_radius=px(5))
            pygame.draw.rect(surface, (98, 104, 118), chip, width=1, border_radius=px(5))
            widgets.text(surface, key, key_font, pal.text, chip.center, "center")
            widgets.text(surface, desc, desc_font, pal.text, (rect.left + px(32) + key_w, chip.centery), "midleft")
            y += row
        widgets.text(surface, _("Press F1 or Esc to close"), ctx.font(13), pal.text_dim, (rect.centerx, rect.bottom - px(14)), "midbottom")


class ErrorPanel(Scene):
    """A problem the user should read (a map that failed to load): title, message, one button."""

    opaque = False

    def __init__(self, ctx: Context, title: str, message: str) -> None:
        super().__init__(ctx)
        self.title = title
        self.message = message
        self.button: Button | None = None
        self.hovered = False

    def handle(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return Pop()
        if self.button is None:
            return None
        if event.type == pygame.MOUSEMOTION:
            hovered = self.button.rect.collidepoint(event.pos)
            if hovered != self.hovered:
                self.hovered, self.dirty = hovered, True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.button.rect.collidepoint(event.pos):
            return Pop()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        widgets.dim(surface, 170)
        w = min(surface.get_width() - px(40), px(720))
        body_font = ctx.font(17)
        lines = widgets.wrap(self.message, body_font, w - px(64))
        h = px(170) + len(lines) * int(body_font.get_linesize() * 1.25)
        rect = pygame.Rect(0, 0, w, min(h, surface.get_height() - px(40)))
        rect.center = surface.get_rect().center
        widgets.panel(surface, ctx, rect)
        pygame.draw.rect(surface, pal.danger, (rect.left, rect.top, rect.width, px(6)), border_top_left_radius=px(8), border_top_right_radius=px(8))
        # a warning sign drawn as a vector so it needs no art
        cx, cy, s = rect.left + px(46), rect.top + px(46), px(18)
        pygame.draw.polygon(surface, pal.danger, [(cx, cy - s), (cx + s, cy + s), (cx - s, cy + s)])
        widgets.text(surface, "!", ctx.font(20, bold=True), (255, 255, 255), (cx, cy + px(4)), "center")
        widgets.text(surface, self.title, ctx.font(24, bold=True), pal.text, (rect.left + px(80), rect.top + px(30)))
        widgets.text_block(surface, self.message, body_font, pal.text, pygame.Rect(rect.left + px(32), rect.top + px(84), w - px(64), rect.height - px(160)))
        bw, bh = px(220), px(46)
        self.button = Button(pygame.Rect(rect.right - bw - px(28), rect.bottom - bh - px(24), bw, bh), _("Back to menu"), Pop(), primary=True)
        self.button.draw(surface, ctx, self.hovered)
