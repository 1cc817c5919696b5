"""Dice that roll visibly, and the exact odds of an outcome before it is rolled.

`DiceRoll` is one roll as the table shows it: each die tumbles through its faces while it spins
and bounces for ROLL_MS, then lies on the face the rules rolled for SHOW_MS with a summary line
under it. The table ages it (`age_ms`) from its update loop, so the animation follows the clock
the scene is given (a test can stop it anywhere). The title says which face images a die has
and which one it landed on; the tray never reads the rules.

`distribution_bars` draws a Fraction distribution (an outcome -> its exact probability, from
game/engine/dice.py) as one bar per outcome with percent and fraction.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

import pygame

from game.engine.text import number
from game.ui import widgets
from game.ui.scene import Context


@dataclass(frozen=True)
class ShownDie:
    face: str  # asset path of the face it landed on
    tumble: tuple[str, ...]  # asset paths it flicks through while rolling, in turn
    offset: int = 0  # where in `tumble` it starts, so dice side by side do not flick in step
    spin: int = 0  # phase of its spin and bounce, likewise


@dataclass
class DiceRoll:
    title: str  # who rolls what, above the dice
    dice: list[ShownDie]
    summary: str = ""  # under the dice once they land
    age_ms: int = 0
    dim: bool = False  # an earlier roll left on show (the question asked since has no roll yet)
    small: bool = False  # smaller dice in a narrower tray: where the usual one would cover a figure
    ROLL_MS = 650
    SHOW_MS = 1500

    @property
    def done(self) -> bool:
        return self.age_ms >= self.ROLL_MS + self.SHOW_MS

    @property
    def rolling(self) -> bool:
        return self.age_ms < self.ROLL_MS


def tray_rect(ctx: Context, view: pygame.Rect, roll: DiceRoll) -> pygame.Rect:
    """Where the tray lies: low in the middle of `view`; a bouncing die stays inside it, and so
    do its title and its summary where the view has the room (a roll's sum in Greek, 'βεληνεκές
    2, 4 ζημιές, 2 εικονίδια πυρομαχικών', ran out over the map on both sides)."""
    px = ctx.px
    size = die_size(ctx, roll)
    if roll.small:  # as narrow as its dice, the words wrapped inside it
        width = min(max(px(220), len(roll.dice) * (size + px(8)) + px(40)), max(px(220), view.width - px(16)))
        heads, tail = small_lines(ctx, roll, width)
        rect = pygame.Rect(0, 0, width, size + px(74) + max(0, len(heads) - 1) * ctx.font(14, bold=True).get_linesize()
                           + max(0, len(tail) - 1) * ctx.font(13).get_linesize())
    else:
        words = max(ctx.font(14, bold=True).size(roll.title)[0], ctx.font(13).size(roll.summary)[0] if roll.summary else 0)
        width = min(max(px(300), len(roll.dice) * (size + px(8)) + px(40), words + px(32)),
                    max(px(300), view.width - px(16)))
        rect = pygame.Rect(0, 0, width, size + px(74))
    rect.midbottom = (view.centerx, view.bottom - px(16))
    return rect


def small_lines(ctx: Context, roll: DiceRoll, width: int) -> tuple[list[str], list[str]]:
    """A small tray's title and summary, each wrapped to its width. (A wide summary made the
    small tray as wide as the usual one: at 125% in 1280x720 'rolls 4 dice: blank, blank, blank,
    blank' kept it over a figure where a tray as narrow as its dice lay clear.)"""
    inner = width - ctx.px(24)
    return (widgets.wrap(roll.title, ctx.font(14, bold=True), inner),
            widgets.wrap(roll.summary, ctx.font(13), inner) if roll.summary else [])


def die_size(ctx: Context, roll: DiceRoll) -> int:
    """A die's side in the tray: 44 units, 32 in a small tray."""
    return ctx.px(32 if roll.small else 44)


def tray_bound(ctx: Context, view: pygame.Rect, roll: DiceRoll, rect: pygame.Rect | None = None) -> pygame.Rect:
    """Every pixel the tray may touch: its panel (`rect`, else `tray_rect`'s), and its title and
    summary lines where they are wider than it (a long summary stands out on both sides)."""
    rect = tray_rect(ctx, view, roll) if rect is None else rect
    px = ctx.px
    out = rect.copy()
    if roll.small:  # its words wrapped inside it
        return out
    for text, font, y in ((roll.title, ctx.font(14, bold=True), rect.top + px(10)),
                          (roll.summary, ctx.font(13), rect.bottom - px(8))):
        if text:
            w, h = font.size(text)
            out.union_ip(pygame.Rect(rect.centerx - w // 2 - 2, y - h - 2, w + 4, 2 * h + 4))
    return out


def tray_key(roll: DiceRoll) -> tuple:
    """What the tray shows: the same key, the same pixels (a frame drawn in part redraws the
    tray only when it changes: every frame while the dice roll, once when they land)."""
    return (roll.title, tuple(roll.dice), roll.summary, roll.age_ms if roll.rolling else -1, roll.dim, roll.small)


def dice_tray(surface: pygame.Surface, ctx: Context, view: pygame.Rect, roll: DiceRoll,
              rect: pygame.Rect | None = None) -> None:
    """The tray at `rect` (a title's place clear of its figures: `GameTable.tray_place`), else low
    in the middle of `view` (the map); a `dim` roll (one from before the question on screen) with
    its dice faint, its title in the dim colour."""
    px = ctx.px
    size = die_size(ctx, roll)
    n = len(roll.dice)
    rect = tray_rect(ctx, view, roll) if rect is None else rect
    widgets.panel(surface, ctx, rect, alpha=240)
    title_colour = ctx.palette.text_dim if roll.dim else ctx.palette.text
    if roll.small:
        heads, tail = small_lines(ctx, roll, rect.width)
        y = rect.top + px(10)
        for line in heads:
            y = widgets.text(surface, line, ctx.font(14, bold=True), title_colour, (rect.centerx, y), "midtop").bottom
        y += px(34) - px(10) - ctx.font(14, bold=True).get_linesize()
    else:
        widgets.text(surface, roll.title, ctx.font(14, bold=True), title_colour, (rect.centerx, rect.top + px(10)), "midtop")
        y = rect.top + px(34)
    x = rect.centerx - (n * (size + px(8)) - px(8)) // 2
    tick = roll.age_ms // 70
    for die in roll.dice:
        face = die.tumble[(tick + die.offset) % len(die.tumble)] if roll.rolling and die.tumble else die.face
        _die(surface, ctx, face, x, y, size, roll, die.spin)
        x += size + px(8)
    if not roll.rolling and roll.summary:
        if roll.small:
            body = ctx.font(13)
            y = rect.bottom - px(8) - len(tail) * body.get_linesize()
            for line in tail:
                y = widgets.text(surface, line, body, ctx.palette.text_dim, (rect.centerx, y), "midtop").bottom
        else:
            widgets.text(surface, roll.summary, ctx.font(13), ctx.palette.text_dim, (rect.centerx, rect.bottom - px(8)), "midbottom")


def _die(surface, ctx, rel, x, y, size, roll: DiceRoll, i: int) -> None:
    image = ctx.assets.image(rel, (size, size))
    if roll.dim:
        image = image.copy()
        image.set_alpha(110)
    if roll.rolling:
        angle = (roll.age_ms * 0.9 + i * 40) % 360
        image = pygame.transform.rotozoom(image, angle, 1.0)
        bounce = abs(math.sin(roll.age_ms / 90 + i)) * ctx.px(8)
        surface.blit(image, image.get_rect(center=(x + size // 2, y + size // 2 - bounce)))
    else:
        surface.blit(image, (x, y))


def distribution_bars(surface: pygame.Surface, ctx: Context, rect: pygame.Rect, dist: dict[int, Fraction],
                      label: Callable[[int], str], at_least: Callable[[int], str] | None = None) -> None:
    """One bar per outcome (`label` words it: "2 wounds") with its exact probability, in
    percent and as a fraction; the zero outcome is drawn dim. Every row stays inside `rect`:
    when the outcomes do not fit, the highest are summed into one last row worded by
    `at_least` ("4+ wounds"), or the rows are cut when there is no such wording."""
    pal, px = ctx.palette, ctx.px
    keys = sorted(dist)
    if not keys:
        return
    font = ctx.font(12)
    fit = max(1, rect.height // px(14))
    rows: list[tuple[str, Fraction, bool]] = [(label(k), dist[k], k == 0) for k in keys]
    if len(rows) > fit:
        if at_least is not None and fit >= 2:
            tail = keys[fit - 1:]
            rows = rows[:fit - 1] + [(at_least(tail[0]), sum((dist[k] for k in tail), Fraction(0)), False)]
        else:
            rows = rows[:fit]
    row = min(px(22), max(px(14), rect.height // len(rows)))
    # The labels' column is as wide as the widest label ("3+ sebesülés" is longer than "3+
    # wounds"), up to a third of the rows; a label wider still is cut with an ellipsis.
    label_w = min(max(px(74), max(font.size(words)[0] for words, _p, _d in rows) + px(8)), rect.width // 3)
    for i, (words, p, dim) in enumerate(rows):
        y = rect.top + i * row
        widgets.text(surface, widgets.elide(words, font, label_w - px(4)), font, pal.text, (rect.left, y + row // 2), "midleft")
        bar = pygame.Rect(rect.left + label_w, y + px(3), rect.width - label_w - px(150), row - px(6))
        pygame.draw.rect(surface, (50, 54, 62), bar, border_radius=px(3))
        fill = bar.copy()
        fill.width = max(1 if p else 0, round(bar.width * float(p)))
        pygame.draw.rect(surface, pal.text_dim if dim else pal.danger, fill, border_radius=px(3))
        frac = f"{p.numerator}/{p.denominator}" if p.denominator <= 9999 else ""
        widgets.text(surface, f"{number(float(p) * 100):5.1f}%  {frac}", font, pal.text, (bar.right + px(8), y + row // 2), "midleft")
