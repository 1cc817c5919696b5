"""Where the figures' name labels go: each beside its own token, clear of the other labels and
tokens, so a crowded area ("Wretch", "Augustus" and a Drone spread round one area) stays readable.

Greedy: labels are placed top to bottom, left to right; each takes the first free spot of a
fixed list (below, above, right, left, then further below); when every spot is taken it takes
the one that overlaps least. Only rectangles: the caller draws.

A label never lies over another text when any place near its token is clear of them (the names
already placed and the map's own tags, `fixed`: a dropped weapon's name, the map exit's tag):
'Theron Guard 3' lay over 'Torque' (a dropped Torque Bow) and two Wretches' names over each other
in a crowded area, where the six spots were all taken. Past those six, rings of places round the
token, nearest first (as kit/clear_place.py slides a panel on until it is clear of the figures);
where none is clear of the tokens too, the place clear of the texts that covers the least of them.
"""
from __future__ import annotations

import itertools
from typing import Iterator

import pygame


def _spots(token: pygame.Rect, w: int, h: int, gap: int) -> list[pygame.Rect]:
    r = pygame.Rect(0, 0, w, h)
    out = []
    for place in ("below", "above", "right", "left", "below2", "above2"):
        c = r.copy()
        if place == "below":
            c.midtop = token.midbottom
        elif place == "above":
            c.midbottom = token.midtop
        elif place == "right":
            c.midleft = (token.right + gap, token.centery)
        elif place == "left":
            c.midright = (token.left - gap, token.centery)
        elif place == "below2":
            c.midtop = (token.centerx, token.bottom + h)
        else:
            c.midbottom = (token.centerx, token.top - h)
        out.append(c)
    return out


def _rings(token: pygame.Rect, w: int, h: int, gap: int, rings: int = 3) -> Iterator[pygame.Rect]:
    """Places further out than `_spots`: a grid of half a label's width by a label's height
    round the token, ring by ring, nearest first, none over the token itself (made as asked:
    most labels find a place among the first six)."""
    sx, sy = w // 2 + gap, h + gap
    for ring in range(1, rings + 1):
        cells = [(i, j) for i in range(-2 * ring, 2 * ring + 1) for j in range(-ring - 1, ring + 2)
                 if max((abs(i) + 1) // 2, abs(j) - 1) == ring]
        for i, j in sorted(cells, key=lambda c: (abs(c[0]) * sx) ** 2 + (abs(c[1]) * sy) ** 2):
            c = pygame.Rect(0, 0, w, h)
            c.center = (token.centerx + i * sx, token.centery + j * sy)
            if not c.colliderect(token):
                yield c


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    c = a.clip(b)
    return c.width * c.height


def place_labels(tokens: dict[str, pygame.Rect], sizes: dict[str, tuple[int, int]],
                 bounds: pygame.Rect | None = None, gap: int = 2,
                 fixed: list[pygame.Rect] | tuple[pygame.Rect, ...] = ()) -> dict[str, pygame.Rect]:
    """One label rect per key of `sizes` (whose token is in `tokens`), kept inside `bounds`,
    clear of the other labels and of the `fixed` texts wherever a place near its token is."""
    order = sorted((k for k in sizes if k in tokens), key=lambda k: (tokens[k].centery, tokens[k].centerx, k))
    placed: dict[str, pygame.Rect] = {}
    for key in order:
        w, h = sizes[key]
        others = [r for k, r in tokens.items() if k != key]
        texts = list(placed.values()) + list(fixed)
        best, best_cost = None, None
        for n, spot in enumerate(itertools.chain(_spots(tokens[key], w, h, gap), _rings(tokens[key], w, h, gap))):
            if bounds is not None and not bounds.contains(spot):
                spot = spot.clamp(bounds)
            on_text = sum(_overlap(spot, r) for r in texts)
            on_tokens = sum(_overlap(spot, r) for r in others)
            # Another text is worse to cover than another token (both are things one needs to
            # see): the nearest place clear of both, else of the texts, the least token covered.
            cost = (on_text, on_tokens > 0, n if on_tokens == 0 else 0, on_tokens)
            if best_cost is None or cost < best_cost:
                best, best_cost = spot, cost
            if cost[:2] == (0, False):
                break
        placed[key] = best  # type: ignore[assignment]
    return placed
