"""Where a panel laid over the map goes: clear of the figures, else over the fewest.

A title's panels over its map (Level 7's placement cards, an event card revealed beside a step's
sentence, the dice tray) stood at one place or a few corners and covered the figures there on a
crowded map. `places` lists where a panel of a size may lie in the view, the usual place first;
`least_covering` takes the first of those that covers the fewest figures, then the least of what
the title would rather keep in sight (its other panels, a tile, the map), so on an empty map a
panel keeps its usual place."""
from __future__ import annotations

from typing import Callable, Iterable, Sequence

import pygame

STEPS = 8  # the places slid along an edge (and across the view): eighths of the room left


def places(view: pygame.Rect, w: int, h: int, margin: int, first: pygame.Rect | None = None) -> list[pygame.Rect]:
    """The places of a `w` x `h` panel inside `view`, `margin` in from its edges: `first` (its
    usual place) when given; then the middle of the bottom and its corners, the middle of the top
    and its corners; slid along the bottom and the top; down the sides; then across the view."""
    v, m = view, margin
    out = [first.copy()] if first is not None else []
    for anchor, at in (("midbottom", (v.centerx, v.bottom - m)), ("bottomleft", (v.left + m, v.bottom - m)),
                       ("bottomright", (v.right - m, v.bottom - m)), ("midtop", (v.centerx, v.top + m)),
                       ("topleft", (v.left + m, v.top + m)), ("topright", (v.right - m, v.top + m))):
        rect = pygame.Rect(0, 0, w, h)
        setattr(rect, anchor, at)
        out.append(rect)
    room_x, room_y = max(0, v.width - 2 * m - w), max(0, v.height - 2 * m - h)
    for k in range(1, STEPS):  # slid along the bottom and the top, then down the sides
        for top in (v.bottom - m - h, v.top + m):
            out.append(pygame.Rect(v.left + m + room_x * k // STEPS, top, w, h))
    for k in range(1, STEPS):
        for left in (v.left + m, v.right - m - w):
            out.append(pygame.Rect(left, v.top + m + room_y * k // STEPS, w, h))
    for j in range(1, STEPS):  # across the view, row by row from the bottom
        for k in range(1, STEPS):
            out.append(pygame.Rect(v.left + m + room_x * k // STEPS, v.bottom - m - h - room_y * j // STEPS, w, h))
    return out


def hits(rect: pygame.Rect, figures: Iterable[pygame.Rect]) -> int:
    """How many of `figures` `rect` touches."""
    return sum(rect.colliderect(f) for f in figures)


def area(rect: pygame.Rect, others: Iterable[pygame.Rect]) -> int:
    """The pixels of `others` `rect` covers (summed: an overlap of two counts twice)."""
    total = 0
    for o in others:
        c = rect.clip(o)
        total += c.width * c.height
    return total


def least_covering(candidates: Sequence[pygame.Rect], figures: Sequence[pygame.Rect],
                   then: Callable[[pygame.Rect], tuple] = lambda _r: ()) -> tuple[pygame.Rect, tuple]:
    """The first of `candidates` that covers the fewest `figures`, then the least by `then`
    (the title's own order: its other panels' area, a tile's), with what it covers."""
    def covered(rect: pygame.Rect) -> tuple:
        return (hits(rect, figures),) + tuple(then(rect))

    best = min(candidates, key=covered)
    return best, covered(best)
