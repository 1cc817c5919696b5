"""Small drawing helpers shared by the scenes: text, wrapped text, panels and buttons."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.scene import Action, Context

RGB = tuple[int, int, int]


def text(surface: pygame.Surface, s: str, font: pygame.font.Font, colour: RGB, pos: tuple[int, int],
         anchor: str = "topleft", shadow: bool = False) -> pygame.Rect:
    image = font.render(s, True, colour)
    rect = image.get_rect(**{anchor: pos})
    if shadow:
        shade = font.render(s, True, (0, 0, 0))
        shade.set_alpha(150)
        offset = max(1, font.get_height() // 16)
        surface.blit(shade, rect.move(offset, offset))
    surface.blit(image, rect)
    return rect


def elide(text: str, font: pygame.font.Font, width: int) -> str:
    """`text` cut with an ellipsis to fit `width` pixels."""
    if font.size(text)[0] <= width:
        return text
    while len(text) > 1 and font.size(text + "\u2026")[0] > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def wrap(s: str, font: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap; a word longer than the line (a long path) is broken by characters."""
    lines: list[str] = []
    for paragraph in s.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(word)
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def text_block(surface: pygame.Surface, s: str, font: pygame.font.Font, colour: RGB, rect: pygame.Rect,
               line_gap: float = 1.25) -> int:
    """Wrapped text inside `rect`; returns the y below the last line."""
    y = rect.top
    step = int(font.get_linesize() * line_gap)
    for line in wrap(s, font, rect.width):
        if y + font.get_height() > rect.bottom:
            break
        surface.blit(font.render(line, True, colour), (rect.left, y))
        y += step
    return y


def fitted_font(ctx: Context, text: str, rect: pygame.Rect, largest: int, smallest: int) -> pygame.font.Font:
    """The largest font size (pixels) at which `text` wraps into `rect`."""
    for size in range(largest, smallest, -1):
        font = ctx.assets.font(size)
        if len(wrap(text, font, rect.width)) * font.get_linesize() <= rect.height:
            return font
    return ctx.assets.font(smallest)


def heading(surface: pygame.Surface, ctx: Context, s: str, x: int, y: int) -> int:
    """A section heading (small capitals in the accent colour); returns the y below it."""
    r = text(surface, s.upper(), ctx.font(12, bold=True), ctx.palette.accent, (x, y))
    return r.bottom + ctx.px(4)


def pips(surface: pygame.Surface, ctx: Context, x: int, y: int, filled: int, total: int, colour) -> int:
    """A row of `total` small circles, the first `filled` filled (health, a hand against its
    limit); returns the x after the row."""
    r = ctx.px(5)
    for i in range(total):
        c = (x + r + i * (2 * r + ctx.px(3)), y + r)
        if i < filled:
            pygame.draw.circle(surface, colour, c, r)
        pygame.draw.circle(surface, (200, 200, 200), c, r, 1)
    return x + total * (2 * r + ctx.px(3))


def panel(surface: pygame.Surface, ctx: Context, rect: pygame.Rect, alpha: int = 255) -> None:
    pal = ctx.palette
    image = ctx.assets.panel("ui/panel.png", rect.width, rect.height, pal.panel, pal.panel_edge)
    if alpha < 255:
        image = image.copy()
        image.set_alpha(alpha)
    surface.blit(image, rect)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    shade = pygame.Surface(surface.get_size())
    shade.fill((0, 0, 0))
    shade.set_alpha(alpha)
    surface.blit(shade, (0, 0))


def vertical_gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> pygame.Surface:
    w, h = size
    strip = pygame.Surface((1, 2))
    strip.set_at((0, 0), top)
    strip.set_at((0, 1), bottom)
    return pygame.transform.smoothscale(strip, (max(1, w), max(1, h))).convert()


@dataclass
class Button:
    rect: pygame.Rect
    label: str  # already translated
    action: Action | None
    enabled: bool = True
    primary: bool = False
    badge: str = ""  # e.g. "coming soon", drawn small on the right

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, ctx: Context, hovered: bool) -> None:
        pal = ctx.palette
        state = "disabled" if not self.enabled else "hover" if hovered else "normal"
        art = f"ui/button_{state}.png"
        if ctx.assets.exists(art):
            surface.blit(ctx.assets.panel(art, self.rect.width, self.rect.height), self.rect)
            colour = pal.text_dim if not self.enabled else (255, 248, 230) if hovered else pal.text
            if self.primary or hovered:
                pygame.draw.rect(surface, pal.accent, self.rect, width=max(2, ctx.px(2)), border_radius=ctx.px(8))
        else:
            colour = self._draw_vector(surface, ctx, hovered)
        body = self.rect
        font = ctx.font(19, bold=True)
        if self.badge:
            text(surface, self.label, font, colour, (body.left + ctx.px(18), body.centery), "midleft", shadow=True)
            text(surface, self.badge, ctx.font(13), colour, (body.right - ctx.px(14), body.centery), "midright")
        else:
            text(surface, self.label, font, colour, body.center, "center", shadow=True)

    def _draw_vector(self, surface: pygame.Surface, ctx: Context, hovered: bool) -> RGB:
        """The button without art: a rounded body with a lighter top band."""
        pal = ctx.palette
        radius = ctx.px(8)
        if not self.enabled:
            fill, edge, colour = (44, 46, 52), (66, 68, 74), pal.text_dim
        elif hovered:
            fill, edge, colour = pal.accent, _lighter(pal.accent, 40), pal.accent_text
        elif self.primary:
            fill, edge, colour = _darker(pal.accent, 70), pal.accent, pal.text
        else:
            fill, edge, colour = (52, 57, 66), (92, 98, 110), pal.text
        body = self.rect
        pygame.draw.rect(surface, (10, 10, 12), body.move(0, ctx.px(3)), border_radius=radius)
        pygame.draw.rect(surface, fill, body, border_radius=radius)
        band = pygame.Rect(body.left + 2, body.top + 2, body.width - 4, body.height // 2 - 2)
        top = pygame.Surface(band.size, pygame.SRCALPHA)
        pygame.draw.rect(top, (255, 255, 255, 22 if self.enabled else 8), top.get_rect(), border_radius=radius)
        surface.blit(top, band)
        pygame.draw.rect(surface, edge, body, width=max(1, ctx.px(2)), border_radius=radius)
        return colour


def _lighter(c: RGB, d: int) -> RGB:
    return tuple(min(255, v + d) for v in c)  # type: ignore[return-value]


def _darker(c: RGB, d: int) -> RGB:
    return tuple(max(0, v - d) for v in c)  # type: ignore[return-value]


def button_at(buttons: list[Button], pos: tuple[int, int]) -> Button | None:
    for b in buttons:
        if b.hit(pos):
            return b
    return None
