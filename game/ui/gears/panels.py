"""Drawing pieces of the Gears table: order cards, the squad, decks, the stage card, the AI
card, the log, dice, the attack preview, and the full-screen handoff and end overlays.

Each function draws from plain values into a rect and returns what it needs to hit-test later.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import pygame

from game.i18n import _
from game.ui import widgets
from game.ui.scene import Context

CARD_RATIO = 350 / 250


def order_card(surface: pygame.Surface, ctx: Context, rect: pygame.Rect, name: str, text: str,
               state: str = "normal", badge: str = "") -> None:
    """One order card face: frame art, name in the title band, rules text in the text box.

    state: normal | playable | selected | dim."""
    px = ctx.px
    if state == "selected":
        rect = rect.move(0, -px(14))
    frame = ctx.assets.image("cards/frame_order.png", rect.size)
    surface.blit(frame, rect)
    k = rect.width / 250
    title = pygame.Rect(rect.left + round(16 * k), rect.top + round(14 * k), round(218 * k), round(36 * k))
    body = pygame.Rect(rect.left + round(22 * k), rect.top + round(206 * k), round(206 * k), round(124 * k))
    font = ctx.assets.font(max(9, round(18 * k)), bold=True)
    lines = widgets.wrap(name, font, title.width)
    widgets.text(surface, lines[0], font, (240, 234, 216), title.center, "center", shadow=True)
    art = pygame.Rect(rect.left + round(18 * k), rect.top + round(58 * k), round(214 * k), round(138 * k))
    tf = ctx.assets.font(max(8, round(15 * k)))
    fits = len(widgets.wrap(text, tf, body.width)) * tf.get_linesize() <= body.height
    if text and (round(15 * k) < px(12) or not fits):
        # A small card (720p hand): the rules text matters more than the art, so it takes the
        # art's place too, at the largest size that fits.
        body = pygame.Rect(art.left, art.top, art.width, rect.bottom - round(16 * k) - art.top)
        pygame.draw.rect(surface, (226, 218, 196), body, border_radius=max(2, round(6 * k)))
        body = body.inflate(-round(12 * k), -round(10 * k))
        tf = widgets.fitted_font(ctx, text, body, max(px(12), min(px(15), round(16 * k))), 8)
    widgets.text_block(surface, text, tf, (30, 28, 24), body, line_gap=1.0)
    if badge:
        bf = ctx.assets.font(max(10, round(30 * k)), bold=True)
        widgets.text(surface, badge, bf, (240, 234, 216), art.center, "center", shadow=True)
    if state in ("playable", "selected"):
        pygame.draw.rect(surface, ctx.palette.accent, rect.inflate(px(4), px(4)), width=max(2, px(3)), border_radius=px(10))
    elif state == "dim":
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, rect)


def card_back(surface: pygame.Surface, ctx: Context, rect: pygame.Rect, deck: str) -> None:
    surface.blit(ctx.assets.image(f"cards/back_{deck}.png", rect.size), rect)


def log_lines(surface: pygame.Surface, ctx: Context, rect: pygame.Rect, lines: list[str]) -> None:
    """The newest lines at the bottom; older ones fade upward until the rect is full."""
    font = ctx.font(13)
    step = font.get_linesize()
    n = max(0, rect.height // step)
    # Whole entries only, newest first, so the top line never starts mid-sentence (the newest
    # one alone may be cut from the top when it is taller than the rect).
    shown: list[str] = []
    for line in reversed(lines[-40:]):
        parts = widgets.wrap(line, font, rect.width)
        if shown and len(shown) + len(parts) > n:
            break
        shown = parts + shown
    shown = shown[-n:] if n else []
    y = rect.bottom - len(shown) * step
    for i, line in enumerate(shown):
        age = len(shown) - i
        colour = ctx.palette.text if age <= 3 else ctx.palette.text_dim
        surface.blit(font.render(line, True, colour), (rect.left, y))
        y += step


# ---------------------------------------------------------------------------------- dice

ATTACK_FACES = {(0, 0): "blank", (1, 0): "hit1", (2, 0): "hit2", (0, 1): "omen"}
DEFENCE_FACES = {0: "blank", 1: "shield1", 2: "shield2"}


@dataclass
class DiceRoll:
    title: str
    attack: list[tuple[int, int]]  # (hits, omen) per black die
    defence: list[int]  # shields per red die
    age_ms: int = 0
    ROLL_MS = 650
    SHOW_MS = 1500

    @property
    def done(self) -> bool:
        return self.age_ms >= self.ROLL_MS + self.SHOW_MS

    @property
    def rolling(self) -> bool:
        return self.age_ms < self.ROLL_MS


def dice_tray(surface: pygame.Surface, ctx: Context, view: pygame.Rect, roll: DiceRoll) -> None:
    px = ctx.px
    size = px(44)
    n = len(roll.attack) + len(roll.defence)
    width = max(px(300), n * (size + px(8)) + px(40))
    rect = pygame.Rect(0, 0, width, size + px(74))
    rect.midbottom = (view.centerx, view.bottom - px(16))
    widgets.panel(surface, ctx, rect, alpha=240)
    widgets.text(surface, roll.title, ctx.font(14, bold=True), ctx.palette.text, (rect.centerx, rect.top + px(10)), "midtop")
    x = rect.centerx - (n * (size + px(8)) - px(8)) // 2
    y = rect.top + px(34)
    tick = roll.age_ms // 70
    for i, (hits, omen) in enumerate(roll.attack):
        face = ATTACK_FACES.get((min(hits, 2), omen), "blank")
        if roll.rolling:
            face = list(ATTACK_FACES.values())[(tick + i * 3) % 4]
        _die(surface, ctx, f"dice/gears_attack_{face}.png", x, y, size, roll, i)
        x += size + px(8)
    for j, shields in enumerate(roll.defence):
        face = DEFENCE_FACES.get(min(shields, 2), "blank")
        if roll.rolling:
            face = list(DEFENCE_FACES.values())[(tick + j * 2) % 3]
        _die(surface, ctx, f"dice/gears_defence_{face}.png", x, y, size, roll, j + 7)
        x += size + px(8)
    if not roll.rolling:
        hits = sum(h for h, _o in roll.attack)
        omens = sum(o for _h, o in roll.attack)
        shields = sum(roll.defence)
        summary = _("{hits} hits, {shields} shields, {omens} omens").format(hits=hits, shields=shields, omens=omens)
        widgets.text(surface, summary, ctx.font(13), ctx.palette.text_dim, (rect.centerx, rect.bottom - px(8)), "midbottom")


def _die(surface, ctx, rel, x, y, size, roll: DiceRoll, i: int) -> None:
    image = ctx.assets.image(rel, (size, size))
    if roll.rolling:
        angle = (roll.age_ms * 0.9 + i * 40) % 360
        image = pygame.transform.rotozoom(image, angle, 1.0)
        bounce = abs(math.sin(roll.age_ms / 90 + i)) * ctx.px(8)
        surface.blit(image, image.get_rect(center=(x + size // 2, y + size // 2 - bounce)))
    else:
        surface.blit(image, (x, y))


# ----------------------------------------------------------------------------- preview

def distribution_bars(surface: pygame.Surface, ctx: Context, rect: pygame.Rect, dist: dict[int, Fraction]) -> None:
    """One bar per wound count with its exact probability (percent and fraction)."""
    pal, px = ctx.palette, ctx.px
    keys = sorted(dist)
    if not keys:
        return
    font = ctx.font(12)
    row = min(px(22), max(px(14), rect.height // max(1, len(keys))))
    label_w = px(74)
    for i, k in enumerate(keys):
        p = dist[k]
        y = rect.top + i * row
        widgets.text(surface, _("{n} wounds").format(n=k) if k != 1 else _("1 wound"), font, pal.text, (rect.left, y + row // 2), "midleft")
        bar = pygame.Rect(rect.left + label_w, y + px(3), rect.width - label_w - px(150), row - px(6))
        pygame.draw.rect(surface, (50, 54, 62), bar, border_radius=px(3))
        fill = bar.copy()
        fill.width = max(1 if p else 0, round(bar.width * float(p)))
        pygame.draw.rect(surface, pal.danger if k else pal.text_dim, fill, border_radius=px(3))
        frac = f"{p.numerator}/{p.denominator}" if p.denominator <= 9999 else ""
        widgets.text(surface, f"{float(p) * 100:5.1f}%  {frac}", font, pal.text, (bar.right + px(8), y + row // 2), "midleft")


def overlay_card(surface: pygame.Surface, ctx: Context, title: str, lines: list[str], hint: str,
                 colour=None, big: bool = False) -> pygame.Rect:
    """A centred panel over a dimmed screen (handoff, end of game)."""
    w, h = surface.get_size()
    px = ctx.px
    widgets.dim(surface, 190)
    width = min(w - px(40), px(720))
    font = ctx.font(17)
    body = sum(len(widgets.wrap(line, font, width - px(60))) for line in lines) * (font.get_linesize() + px(4))
    need = px(28) + ctx.font(40 if big else 30, bold=True).get_linesize() + px(18) + body + (px(60) if hint else px(20))
    rect = pygame.Rect(0, 0, width, min(h - px(40), max(need, px(160)), px(420 if big else 300)))
    rect.center = (w // 2, h // 2)
    widgets.panel(surface, ctx, rect)
    y = widgets.text(surface, title, ctx.font(40 if big else 30, bold=True), colour or ctx.palette.accent,
                     (rect.centerx, rect.top + px(28)), "midtop", shadow=True).bottom + px(18)
    font = ctx.font(17)
    for line in lines:
        for part in widgets.wrap(line, font, rect.width - px(60)):
            y = widgets.text(surface, part, font, ctx.palette.text, (rect.centerx, y), "midtop").bottom + px(4)
    if hint:
        widgets.text(surface, hint, ctx.font(15), ctx.palette.text_dim, (rect.centerx, rect.bottom - px(20)), "midbottom")
    return rect
