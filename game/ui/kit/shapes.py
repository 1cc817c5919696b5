"""A mark over a table's map (a path walked, a sight line stopped at its wall) as a plan of
shapes: lines, dots and labels. What draws the mark and the rectangle it may touch come from the
same plan, so a frame drawn in part (GameTable.local_parts) can redraw exactly where the mark
was and where it is now when the pointer moves it. A plan is a tuple of tuples: it compares
equal to the plan of the same mark, which is what a frame's keys need.
"""
from __future__ import annotations

import pygame

from game.ui import widgets

Shape = tuple
Point = tuple[float, float]


def lines(colour, points: list[Point], width: int) -> Shape:
    """A polyline (pygame.draw.lines, open)."""
    return ("lines", tuple(colour), tuple(tuple(p) for p in points), width)


def line(colour, a: Point, b: Point, width: int) -> Shape:
    """One segment (pygame.draw.line: not the same pixels as a two-point polyline)."""
    return ("line", tuple(colour), (tuple(a), tuple(b)), width)


def dot(colour, centre: Point, radius: int) -> Shape:
    return ("dot", tuple(colour), tuple(centre), radius)


def label(text: str, font: pygame.font.Font, colour, pos: Point, anchor: str = "midbottom", shadow: bool = True) -> Shape:
    return ("label", text, font, tuple(colour), tuple(pos), anchor, shadow)


def paint(surface: pygame.Surface, plan: tuple[Shape, ...]) -> None:
    for shape in plan:
        kind = shape[0]
        if kind == "lines":
            pygame.draw.lines(surface, shape[1], False, shape[2], shape[3])
        elif kind == "line":
            pygame.draw.line(surface, shape[1], shape[2][0], shape[2][1], shape[3])
        elif kind == "dot":
            pygame.draw.circle(surface, shape[1], shape[2], shape[3])
        else:
            _k, text, font, colour, pos, anchor, shadow = shape
            widgets.text(surface, text, font, colour, pos, anchor, shadow=shadow)


def bound(plan: tuple[Shape, ...]) -> list[pygame.Rect]:
    """The rectangles every pixel `paint` may touch lies in (generous by a few pixels: a thick
    line's caps and a float centre rounded either way)."""
    out = []
    for shape in plan:
        kind = shape[0]
        if kind in ("lines", "line"):
            pts = shape[2]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            m = shape[3] + 2
            left, top = int(min(xs)) - m, int(min(ys)) - m
            out.append(pygame.Rect(left, top, int(max(xs)) + m + 2 - left, int(max(ys)) + m + 2 - top))
        elif kind == "dot":
            (x, y), r = shape[2], shape[3] + 2
            out.append(pygame.Rect(int(x) - r, int(y) - r, 2 * r + 2, 2 * r + 2))
        else:
            _k, text, font, colour, pos, anchor, shadow = shape
            out.append(widgets.text_bound(text, font, colour, pos, anchor, shadow))
    return out
