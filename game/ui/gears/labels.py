"""Where the figures' name labels go: each beside its own token, clear of the other labels and
tokens, so a crowded area ("Wretch", "Augustus" and a Drone spread round one area) stays readable.

Greedy: labels are placed top to bottom, left to right; each takes the first free spot of a
fixed list (below, above, right, left, then further below); when every spot is taken it takes
the one that overlaps least. Only rectangles: the caller draws.
"""
from __future__ import annotations

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


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    c = a.clip(b)
    return c.width * c.height


def place_labels(tokens: dict[str, pygame.Rect], sizes: dict[str, tuple[int, int]],
                 bounds: pygame.Rect | None = None, gap: int = 2) -> dict[str, pygame.Rect]:
    """One label rect per key of `sizes` (whose token is in `tokens`), kept inside `bounds`."""
    order = sorted((k for k in sizes if k in tokens), key=lambda k: (tokens[k].centery, tokens[k].centerx, k))
    placed: dict[str, pygame.Rect] = {}
    for key in order:
        w, h = sizes[key]
        others = [r for k, r in tokens.items() if k != key]
        best, best_cost = None, None
        for spot in _spots(tokens[key], w, h, gap):
            if bounds is not None and not bounds.contains(spot):
                spot = spot.clamp(bounds)
            # Another label is worse to cover than another token (both are text one needs).
            cost = sum(3 * _overlap(spot, r) for r in placed.values()) + sum(_overlap(spot, r) for r in others)
            if best_cost is None or cost < best_cost:
                best, best_cost = spot, cost
            if cost == 0:
                break
        placed[key] = best  # type: ignore[assignment]
    return placed
