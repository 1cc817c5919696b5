"""A card's picture: what the card does, drawn as large marks in the frame's art window.

Every hand card used to show the frame's bare pattern, the same on every card, so a hand of
seven read as seven blank pictures with different captions. A title names per card the
*motifs* of what it does, in order (a Gears "Assault": move 3, then attack), and the art window
shows them as our own vector marks with their numbers: a player finds the card by its picture
before reading its text. The marks are drawn at run time (no image file), four times larger and
scaled down smoothly, and kept per size.

A motif is (kind, label): kind one of MOTIFS, or "image:<asset path>" for a picture the game
already has (a Doom monster's token), label a short number or "" (drawn at the mark's lower
right). Unknown kinds draw nothing, so a title may name a kind before it has a mark.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable, Sequence

import pygame

Motif = tuple[str, str]

INK = (238, 229, 204)  # the marks: the cards' title colour, a little warmer
EDGE = (18, 20, 26)  # their outline, for the frame's blue pattern behind
SS = 4  # drawn this many times larger, then scaled down (smooth edges)


def _poly(s: pygame.Surface, pts, colour, w: int = 0) -> None:
    pygame.draw.polygon(s, colour, [(round(x), round(y)) for x, y in pts], w)


def _arrow(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """Move: a broad arrow forward."""
    u = n / 100
    pts = [(12, 38), (52, 38), (52, 18), (90, 50), (52, 82), (52, 62), (12, 62)]
    _poly(s, [(x * u, y * u) for x, y in _grow(pts, grow / u)], colour)


def _crosshair(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """Attack: a ring with four ticks and a dot."""
    u = n / 100
    c = (round(50 * u), round(50 * u))
    pygame.draw.circle(s, colour, c, round(30 * u) + grow, round(9 * u) + 2 * grow)
    pygame.draw.circle(s, colour, c, round(7 * u) + grow)
    t = round(5 * u) + grow
    for (x0, y0, x1, y1) in ((50, 6, 50, 30), (50, 70, 50, 94), (6, 50, 30, 50), (70, 50, 94, 50)):
        pygame.draw.line(s, colour, (x0 * u, y0 * u), (x1 * u, y1 * u), 2 * t)


def _cards(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """Draw: two cards fanned."""
    u = n / 100
    for angle, dx in ((-14, -10), (12, 10)):
        a = math.radians(angle)
        w, h = 26 + grow / u, 38 + grow / u
        cx, cy = 50 + dx, 52
        pts = [(cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a))
               for x, y in ((-w, -h), (w, -h), (w, h), (-w, h))]
        _poly(s, [(x * u, y * u) for x, y in pts], colour)
        if grow == 0:  # each card's own edge, so that two read as two
            _poly(s, [(x * u, y * u) for x, y in pts], EDGE, max(1, round(3 * u)))


def _hourglass(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """Skip the Locusts' activation: an hourglass (their time does not run)."""
    u = n / 100
    g = grow / u
    _poly(s, [(x * u, y * u) for x, y in [(22 - g, 8 - g), (78 + g, 8 - g), (78 + g, 18), (56 + g, 50), (78 + g, 82),
                                          (78 + g, 92 + g), (22 - g, 92 + g), (22 - g, 82), (44 - g, 50), (22 - g, 18)]], colour)
    if grow == 0:
        _poly(s, [(x * u, y * u) for x, y in [(32, 22), (68, 22), (50, 44)]], EDGE)
        _poly(s, [(x * u, y * u) for x, y in [(50, 60), (70, 84), (30, 84)]], EDGE)


def _bullets(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """Ammo: three rounds standing."""
    u = n / 100
    g = grow / u
    for x in (26, 50, 74):
        body = pygame.Rect(round((x - 9 - g) * u), round((40 - g) * u), round((18 + 2 * g) * u), round((50 + 2 * g) * u))
        pygame.draw.rect(s, colour, body, border_radius=round(3 * u))
        _poly(s, [((x - 9 - g) * u, (41 - g) * u), ((x + 9 + g) * u, (41 - g) * u), (x * u, (12 - 2 * g) * u)], colour)
        if grow == 0:
            pygame.draw.line(s, EDGE, ((x - 9) * u, 46 * u), ((x + 9) * u, 46 * u), max(1, round(3 * u)))


def _crate(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """Equipment: a braced crate."""
    u = n / 100
    g = grow
    box = pygame.Rect(round(16 * u) - g, round(20 * u) - g, round(68 * u) + 2 * g, round(62 * u) + 2 * g)
    pygame.draw.rect(s, colour, box, border_radius=round(4 * u))
    if grow == 0:
        inner = box.inflate(-round(14 * u), -round(14 * u))
        w = max(1, round(4 * u))
        pygame.draw.rect(s, EDGE, inner, w)
        pygame.draw.line(s, EDGE, inner.topleft, inner.bottomright, w)
        pygame.draw.line(s, EDGE, inner.bottomleft, inner.topright, w)


def _loop(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """Another Order Step: an arrow coming round again."""
    u = n / 100
    rect = pygame.Rect(round(18 * u) - grow, round(18 * u) - grow, round(64 * u) + 2 * grow, round(64 * u) + 2 * grow)
    pygame.draw.arc(s, colour, rect, math.radians(-30), math.radians(230), round(12 * u) + 2 * grow)
    g = grow / u
    _poly(s, [(x * u, y * u) for x, y in [(64 - g, 50 + g), (96 + g, 50 + g), (80, 78 + 2 * g)]], colour)


def _pair(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """Teamwork: two soldiers side by side."""
    u = n / 100
    for x in (32, 68):
        pygame.draw.circle(s, colour, (round(x * u), round(34 * u)), round(14 * u) + grow)
        body = pygame.Rect(round((x - 22) * u) - grow, round(52 * u) - grow, round(44 * u) + 2 * grow, round(40 * u) + 2 * grow)
        pygame.draw.ellipse(s, colour, body)
    if grow == 0:
        pygame.draw.line(s, EDGE, (50 * u, 50 * u), (50 * u, 92 * u), max(1, round(3 * u)))


def _hook(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """Pull a Locust: an arrow drawing something in, toward a bar."""
    u = n / 100
    g = grow / u
    _poly(s, [(x * u, y * u) for x, y in [(90 + g, 40 - g), (46, 40 - g), (46, 24 - 2 * g), (16 - 2 * g, 50),
                                          (46, 76 + 2 * g), (46, 60 + g), (90 + g, 60 + g)]], colour)
    pygame.draw.rect(s, colour, pygame.Rect(round(4 * u) - grow, round(18 * u) - grow, round(8 * u) + 2 * grow, round(64 * u) + 2 * grow))


def _die(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """A reroll: a die showing three."""
    u = n / 100
    box = pygame.Rect(round(16 * u) - grow, round(16 * u) - grow, round(68 * u) + 2 * grow, round(68 * u) + 2 * grow)
    pygame.draw.rect(s, colour, box, border_radius=round(12 * u) + grow)
    if grow == 0:
        for x, y in ((32, 32), (50, 50), (68, 68)):
            pygame.draw.circle(s, EDGE, (round(x * u), round(y * u)), round(7 * u))


def _cross(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """A wound healed: a plain cross."""
    u = n / 100
    g = grow
    pygame.draw.rect(s, colour, pygame.Rect(round(38 * u) - g, round(12 * u) - g, round(24 * u) + 2 * g, round(76 * u) + 2 * g))
    pygame.draw.rect(s, colour, pygame.Rect(round(12 * u) - g, round(38 * u) - g, round(76 * u) + 2 * g, round(24 * u) + 2 * g))


def _bolt(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """An extra activation, a stun: a lightning bolt."""
    u = n / 100
    _poly(s, [(x * u, y * u) for x, y in _grow([(58, 6), (22, 56), (46, 56), (36, 94), (78, 40), (54, 40), (66, 6)], grow / u)], colour)


def _door(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """A door: a frame and its leaf."""
    u = n / 100
    g = grow
    pygame.draw.rect(s, colour, pygame.Rect(round(24 * u) - g, round(8 * u) - g, round(52 * u) + 2 * g, round(86 * u) + 2 * g),
                     border_top_left_radius=round(6 * u), border_top_right_radius=round(6 * u))
    if grow == 0:
        pygame.draw.rect(s, EDGE, pygame.Rect(round(34 * u), round(18 * u), round(32 * u), round(76 * u)), max(1, round(4 * u)))
        pygame.draw.circle(s, EDGE, (round(58 * u), round(56 * u)), round(4 * u))


def _broken_door(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """A door smashed: the door with a crack through it."""
    _door(s, n, colour, grow)
    if grow == 0:
        u = n / 100
        pygame.draw.lines(s, EDGE, False, [(p[0] * u, p[1] * u) for p in ((30, 14), (52, 40), (40, 54), (64, 90))], max(2, round(7 * u)))


def _moon(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """Darkness: a crescent moon."""
    u = n / 100
    big = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(big, colour, (round(50 * u), round(50 * u)), round(38 * u) + grow)
    pygame.draw.circle(big, (0, 0, 0, 0), (round(70 * u), round(38 * u)), round(32 * u) - grow)
    s.blit(big, (0, 0))


def _eye(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """Watching, an ambush: an eye."""
    u = n / 100
    _poly(s, [(x * u, y * u) for x, y in _grow([(6, 50), (20, 34), (36, 26), (50, 24), (64, 26), (80, 34), (94, 50),
                                                 (80, 66), (64, 74), (50, 76), (36, 74), (20, 66)], grow / u)], colour)
    if grow == 0:
        pygame.draw.circle(s, EDGE, (round(50 * u), round(50 * u)), round(17 * u))
        pygame.draw.circle(s, colour, (round(50 * u), round(50 * u)), round(7 * u))


def _struck(base: Callable[[pygame.Surface, int, tuple, int], None]) -> Callable[[pygame.Surface, int, tuple, int], None]:
    """A mark struck through: an attack that fails (a crosshair), unseen (an eye)."""
    def draw(s: pygame.Surface, n: int, colour, grow: int) -> None:
        base(s, n, colour, grow)
        u = n / 100
        pygame.draw.line(s, EDGE if grow == 0 else colour, (14 * u, 86 * u), (86 * u, 14 * u), round(10 * u) + 2 * grow)
    return draw


_dud = _struck(_crosshair)
_unseen = _struck(_eye)


def _portal(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """More figures come in: a portal ring with a plus."""
    u = n / 100
    c = (round(50 * u), round(50 * u))
    pygame.draw.ellipse(s, colour, pygame.Rect(round(12 * u) - grow, round(22 * u) - grow, round(76 * u) + 2 * grow, round(56 * u) + 2 * grow),
                        round(11 * u) + 2 * grow)
    w = round(7 * u) + grow
    pygame.draw.line(s, colour, (c[0], round(34 * u)), (c[0], round(66 * u)), 2 * w)
    pygame.draw.line(s, colour, (round(34 * u), c[1]), (round(66 * u), c[1]), 2 * w)


def _round_on_stem(s: pygame.Surface, u: float, colour, grow: int, head: tuple[int, int],
                   stem: tuple[int, int, int, int, int]) -> None:
    """A round head (centre height, radius) on a stem below it (left, top, width, height, corner
    radius), centred: a skull's jaw, a bulb's base."""
    cy, r = head
    x, y, w, h, corner = stem
    pygame.draw.circle(s, colour, (round(50 * u), round(cy * u)), round(r * u) + grow)
    pygame.draw.rect(s, colour, pygame.Rect(round(x * u) - grow, round(y * u), round(w * u) + 2 * grow, round(h * u) + grow),
                     border_radius=round(corner * u))


def _skull(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """Deadly: a skull."""
    u = n / 100
    _round_on_stem(s, u, colour, grow, (42, 34), (30, 56, 40, 36, 6))
    if grow == 0:
        for x in (36, 64):
            pygame.draw.circle(s, EDGE, (round(x * u), round(44 * u)), round(10 * u))
        _poly(s, [(50 * u, 56 * u), (44 * u, 68 * u), (56 * u, 68 * u)], EDGE)
        for x in (40, 50, 60):
            pygame.draw.line(s, EDGE, (x * u, 78 * u), (x * u, 92 * u), max(1, round(3 * u)))


def _fist(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """Strength: a raised fist."""
    u = n / 100
    g = grow
    pygame.draw.rect(s, colour, pygame.Rect(round(22 * u) - g, round(22 * u) - g, round(56 * u) + 2 * g, round(44 * u) + 2 * g),
                     border_radius=round(12 * u))
    pygame.draw.rect(s, colour, pygame.Rect(round(34 * u) - g, round(60 * u) - g, round(34 * u) + 2 * g, round(34 * u) + 2 * g))
    if grow == 0:
        for x in (36, 50, 64):
            pygame.draw.line(s, EDGE, (x * u, 24 * u), (x * u, 44 * u), max(1, round(3 * u)))
        pygame.draw.line(s, EDGE, (24 * u, 46 * u), (62 * u, 46 * u), max(1, round(3 * u)))


def _bulb(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """Intelligence: a light bulb."""
    u = n / 100
    _round_on_stem(s, u, colour, grow, (40, 30), (36, 58, 28, 34, 4))
    if grow == 0:
        for y in (72, 82):
            pygame.draw.line(s, EDGE, (36 * u, y * u), (64 * u, y * u), max(1, round(3 * u)))
        pygame.draw.lines(s, EDGE, False, [(p[0] * u, p[1] * u) for p in ((42, 58), (42, 40), (50, 48), (58, 40), (58, 58))],
                          max(1, round(3 * u)))


def _shield(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """Toughness, an attack cancelled: a shield."""
    u = n / 100
    _poly(s, [(x * u, y * u) for x, y in _grow([(50, 6), (86, 20), (82, 56), (50, 94), (18, 56), (14, 20)], grow / u)], colour)
    if grow == 0:
        pygame.draw.line(s, EDGE, (50 * u, 16 * u), (50 * u, 82 * u), max(1, round(4 * u)))


def _warning(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """Threat rises, Fear: a warning triangle."""
    u = n / 100
    _poly(s, [(x * u, y * u) for x, y in _grow([(50, 8), (94, 88), (6, 88)], grow / u)], colour)
    if grow == 0:
        pygame.draw.line(s, EDGE, (50 * u, 34 * u), (50 * u, 64 * u), round(10 * u))
        pygame.draw.circle(s, EDGE, (round(50 * u), round(76 * u)), round(6 * u))


def _discard(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """A card discarded: a card dropping down into a tray."""
    u = n / 100
    g = grow / u
    _poly(s, [(x * u, y * u) for x, y in _grow([(30, 6), (70, 6), (70, 56), (30, 56)], g)], colour)
    _poly(s, [(x * u, y * u) for x, y in _grow([(42, 58), (58, 58), (58, 66), (70, 66), (50, 82), (30, 66), (42, 66)], g)],
          colour)
    pygame.draw.rect(s, colour, pygame.Rect(round(12 * u) - grow, round(86 * u) - grow, round(76 * u) + 2 * grow,
                                            round(8 * u) + 2 * grow))
    if grow == 0:
        _poly(s, [(x * u, y * u) for x, y in [(36, 12), (64, 12), (64, 50), (36, 50)]], EDGE, max(1, round(3 * u)))


def _back(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """Back to its owner's hand: a U-turn arrow coming back to a card."""
    u = n / 100
    g = grow / u
    rect = pygame.Rect(round(34 * u) - grow, round(16 * u) - grow, round(56 * u) + 2 * grow, round(56 * u) + 2 * grow)
    pygame.draw.arc(s, colour, rect, math.radians(-90), math.radians(90), round(12 * u) + 2 * grow)
    pygame.draw.rect(s, colour, pygame.Rect(round(44 * u) - grow, round(16 * u) - grow, round(20 * u) + 2 * grow,
                                            round(12 * u) + 2 * grow))
    _poly(s, [(x * u, y * u) for x, y in _grow([(62, 54), (62, 88), (34, 71)], g)], colour)
    _poly(s, [(x * u, y * u) for x, y in _grow([(6, 34), (30, 34), (30, 90), (6, 90)], g)], colour)
    if grow == 0:
        _poly(s, [(x * u, y * u) for x, y in [(11, 40), (25, 40), (25, 84), (11, 84)]], EDGE, max(1, round(3 * u)))


def _building(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """A Building: a low bunker with a slit, on the ground."""
    u = n / 100
    _poly(s, [(x * u, y * u) for x, y in _grow([(8, 84), (16, 44), (36, 26), (64, 26), (84, 44), (92, 84)], grow / u)], colour)
    if grow == 0:
        pygame.draw.rect(s, EDGE, pygame.Rect(round(28 * u), round(46 * u), round(44 * u), round(10 * u)))
        pygame.draw.line(s, EDGE, (14 * u, 70 * u), (86 * u, 70 * u), max(1, round(3 * u)))


def _station(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """A battle station: the slot a card takes in a city, an empty card's outline (as the
    table draws a free station)."""
    u = n / 100
    box = pygame.Rect(round(22 * u) - grow, round(8 * u) - grow, round(56 * u) + 2 * grow, round(80 * u) + 2 * grow)
    pygame.draw.rect(s, colour, box, round(11 * u) + 2 * grow, border_radius=round(9 * u) + grow)


def _tie(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """A tie decided: a balance with its two pans level."""
    u = n / 100
    g = grow
    pygame.draw.rect(s, colour, pygame.Rect(round(45 * u) - g, round(14 * u) - g, round(10 * u) + 2 * g, round(72 * u) + 2 * g))
    pygame.draw.rect(s, colour, pygame.Rect(round(28 * u) - g, round(84 * u) - g, round(44 * u) + 2 * g, round(8 * u) + 2 * g))
    pygame.draw.rect(s, colour, pygame.Rect(round(10 * u) - g, round(22 * u) - g, round(80 * u) + 2 * g, round(7 * u) + 2 * g))
    for x in (20, 80):
        _poly(s, [(px * u, py * u) for px, py in _grow([(x, 26), (x + 16, 58), (x - 16, 58)], grow / u)], colour)
        if grow == 0:
            _poly(s, [(px * u, py * u) for px, py in [(x, 34), (x + 10, 54), (x - 10, 54)]], EDGE)


def _anchor(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """Never moved: an anchor."""
    u = n / 100
    g = grow
    pygame.draw.circle(s, colour, (round(50 * u), round(16 * u)), round(10 * u) + g, round(6 * u) + 2 * g)
    pygame.draw.rect(s, colour, pygame.Rect(round(45 * u) - g, round(24 * u) - g, round(10 * u) + 2 * g, round(64 * u) + 2 * g))
    pygame.draw.rect(s, colour, pygame.Rect(round(28 * u) - g, round(34 * u) - g, round(44 * u) + 2 * g, round(8 * u) + 2 * g))
    rect = pygame.Rect(round(14 * u) - g, round(34 * u) - g, round(72 * u) + 2 * g, round(58 * u) + 2 * g)
    pygame.draw.arc(s, colour, rect, math.radians(200), math.radians(340), round(9 * u) + 2 * g)
    for x, d in ((16, 1), (84, -1)):
        _poly(s, [(px * u, py * u) for px, py in _grow([(x - 8 * d, 58), (x + 10 * d, 62), (x, 74)], grow / u)], colour)


def _sector(s: pygame.Surface, n: int, colour, grow: int) -> None:
    """A city's sector: a square plot with its corner marks."""
    u = n / 100
    box = pygame.Rect(round(16 * u) - grow, round(16 * u) - grow, round(68 * u) + 2 * grow, round(68 * u) + 2 * grow)
    pygame.draw.rect(s, colour, box, border_radius=round(6 * u))
    if grow == 0:
        inner = box.inflate(-round(20 * u), -round(20 * u))
        pygame.draw.rect(s, EDGE, inner, max(1, round(5 * u)))
        pygame.draw.line(s, EDGE, inner.midtop, inner.midbottom, max(1, round(5 * u)))
        pygame.draw.line(s, EDGE, inner.midleft, inner.midright, max(1, round(5 * u)))


_no_move = _struck(_arrow)
_no_bonus = _struck(_fist)
_no_station = _struck(_station)


def _grow(pts, g: float):
    """A convex-ish outline pushed out by g (its centre's way): the mark's dark edge."""
    if g == 0:
        return pts
    cx = sum(x for x, _ in pts) / len(pts)
    cy = sum(y for _, y in pts) / len(pts)
    out = []
    for x, y in pts:
        d = math.hypot(x - cx, y - cy) or 1.0
        out.append((x + (x - cx) / d * g, y + (y - cy) / d * g))
    return out


MOTIFS: dict[str, Callable[[pygame.Surface, int, tuple, int], None]] = {
    "move": _arrow, "attack": _crosshair, "draw": _cards, "hold": _hourglass, "ammo": _bullets,
    "equipment": _crate, "again": _loop, "team": _pair, "pull": _hook,
    "die": _die, "heal": _cross, "bolt": _bolt, "door": _door, "broken_door": _broken_door, "dud": _dud,
    "dark": _moon, "eye": _eye, "unseen": _unseen, "portal": _portal, "skull": _skull,
    "strength": _fist, "intelligence": _bulb, "shield": _shield, "warning": _warning,
    "discard": _discard, "back": _back, "building": _building, "station": _station, "no_station": _no_station,
    "tie": _tie, "anchor": _anchor, "no_move": _no_move, "no_bonus": _no_bonus, "sector": _sector,
}


@lru_cache(maxsize=256)
def _mark(kind: str, size: int) -> pygame.Surface:
    """One motif, `size` pixels square, with its dark edge."""
    big = size * SS
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    draw = MOTIFS[kind]
    draw(s, big, EDGE, max(2, round(big * 0.035)))
    draw(s, big, INK, 0)
    return pygame.transform.smoothscale(s, (size, size))


def draw_motifs(surface: pygame.Surface, box: pygame.Rect, motifs: Sequence[Motif], font: Callable[[int], pygame.font.Font],
                image: Callable[[str, int], pygame.Surface] | None = None, least: int = 14, tight: bool = False) -> bool:
    """The card's motifs across `box` (the visible part of its art window), in order, each as
    large as the box allows, its label beside its lower right corner (the mark's last quarter
    and on); nothing for a box too small to read.
    `image(path, size)`: an asset scaled to a square, for "image:" motifs. An "or" motif stands
    between alternatives as a narrow slash (a Doom spawn card's two halves). `least`: the
    smallest mark drawn (a small card's strip of art draws smaller ones than a whole window).
    `tight`: each label over its mark's last three quarters and on (its dark edge keeps it
    readable over the mark) and 1 px of margin, for a picture a few marks wide (Convoy's cards in play).
    Returns whether the marks fit (and were drawn); with no surface, only measured."""
    fit = _fit_motifs(box, motifs, font, image, least, tight)
    if fit is None:
        return False
    if surface is None:
        return True
    shown, size, total, over, wide, label_font = fit
    x = box.centerx - total // 2
    y = box.centery - size // 2
    for (kind, label), extra, w in zip(shown, over, wide):
        if kind == OR:
            _slash(surface, pygame.Rect(x, y, w, size))
        elif kind.startswith("image:"):
            surface.blit(image(kind[len("image:"):], size), (x, y))  # type: ignore[misc]
        else:
            surface.blit(_mark(kind, size), (x, y))
        if label:
            # tight: across the mark's middle (a '−1' at its foot read as its bottom edge)
            _label(surface, label, label_font,
                   (x + _lead(size, tight), y + size // 2 + label_font.get_ascent() // 2 + 1 if tight else y + size))
        x += w + extra + gap_of(box)
    return True


def _lead(size: int, tight: bool) -> int:
    """Where a mark's label starts, from the mark's left: over its last quarter, or (`tight`)
    its last three quarters."""
    return size // 4 if tight else size - size // 4


def gap_of(box: pygame.Rect) -> int:
    """The room between two marks (and round them) in `box`."""
    return max(2, box.height // 10)


def motif_size(box: pygame.Rect, motifs: Sequence[Motif], font: Callable[[int], pygame.font.Font],
               image: Callable[[str, int], pygame.Surface] | None = None, least: int = 14, tight: bool = False) -> int | None:
    """The size in pixels `draw_motifs` draws the marks at in `box`; None when they do not fit."""
    fit = _fit_motifs(box, motifs, font, image, least, tight)
    return None if fit is None else fit[1]


def _fit_motifs(box: pygame.Rect, motifs: Sequence[Motif], font: Callable[[int], pygame.font.Font],
                image: Callable[[str, int], pygame.Surface] | None, least: int, tight: bool = False) -> tuple | None:
    """The marks shown, their size, their whole width, each label's reach past its mark, each
    mark's width and the labels' font; None when they do not fit `box` at `least` pixels."""
    shown: list[Motif] = []
    for k, label in motifs:
        if k == OR and shown and shown[-1][0] != OR:
            shown.append((k, ""))
        elif k in MOTIFS or (image is not None and k.startswith("image:")):
            if sum(kind != OR for kind, _l in shown) == 3:
                break
            shown.append((k, label))
    while shown and shown[-1][0] == OR:
        shown.pop()
    if not shown or box.height < least + 2 or box.width < least + 2:
        return None
    gap = gap_of(box)
    size = min(box.height - 2 * gap, round(box.height * 0.8)) if box.height >= 16 else box.height - 2
    while size >= least:
        label_font = font(max(9, round(size * 0.42)))
        # Each label starts over the mark's last quarter and reaches on to its right.
        over = [max(0, label_font.size(label)[0] - (size - _lead(size, tight))) if label else 0 for _k, label in shown]
        wide = [size // 3 if kind == OR else size for kind, _l in shown]
        total = sum(wide) + sum(over) + (len(shown) - 1) * gap
        if total <= box.width - (2 if tight else 2 * gap):
            return shown, size, total, over, wide, label_font
        size -= max(1, size // 10)
    return None


OR = "or"  # the motif between two alternatives


def _slash(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """'Or': a slash across `rect`, light on a dark edge."""
    a, b = (rect.right - 1, rect.top + rect.height // 8), (rect.left, rect.bottom - rect.height // 8)
    width = max(2, rect.height // 12)
    pygame.draw.line(surface, EDGE, a, b, width + 4)
    pygame.draw.line(surface, INK, a, b, width)


def _label(surface: pygame.Surface, text: str, font: pygame.font.Font, corner: tuple[int, int]) -> None:
    """A motif's number from `corner` (its bottom left) on, light on a dark edge."""
    face = font.render(text, True, INK)
    edge = font.render(text, True, EDGE)
    rect = face.get_rect(bottomleft=corner)
    for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (-1, -1), (1, 1), (-1, 1), (1, -1)):
        surface.blit(edge, rect.move(dx, dy))
    surface.blit(face, rect)
