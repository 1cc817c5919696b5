"""Neuroshima Convoy card and city faces: plain vector frames (name, strength, type, text).

A stand-in with the art helper's interface (branch convoy-art replaces this file at merge):
`draw_card`, `draw_back`, `draw_city`, `card_size`, `card_text`. Nothing else belongs here."""
from __future__ import annotations

import pygame

from game.ui import widgets

RATIO = 88 / 63  # height / width
SIDE_COLOURS = {"moloch": (150, 52, 46), "outpost": (58, 122, 70)}
STATE_EDGE = {"normal": (40, 40, 44), "playable": (240, 200, 90), "selected": (255, 236, 150), "dim": (40, 40, 44),
              "offline": (70, 70, 74)}


def card_size(height: int) -> tuple[int, int]:
    return max(1, round(height / RATIO)), height


def card_text(content, card_id: str) -> tuple[str, str]:
    d = content.cards[card_id]
    return d.name, d.text


def _font(ctx, size: int, bold: bool = False):
    return ctx.assets.font(max(8, size), bold=bold)


def draw_card(surface, ctx, rect, content, card_id, *, state="normal"):
    d = content.cards[card_id]
    rect = pygame.Rect(rect)
    if state == "selected":
        rect = rect.move(0, -max(2, rect.height // 12))
    k = rect.height / 176
    rad = max(2, round(8 * k))
    base = SIDE_COLOURS.get(d.side, (90, 90, 90))
    pygame.draw.rect(surface, (22, 22, 26), rect, border_radius=rad)
    inner = rect.inflate(-max(2, round(6 * k)), -max(2, round(6 * k)))
    pygame.draw.rect(surface, base, inner, border_radius=rad)
    band = pygame.Rect(inner.left, inner.top, inner.width, max(10, round(30 * k)))
    pygame.draw.rect(surface, tuple(max(0, v - 50) for v in base), band, border_top_left_radius=rad, border_top_right_radius=rad)
    name_font = _font(ctx, round(15 * k), True)
    badge_r = max(6, round(15 * k))
    room = band.width - 2 * badge_r - max(4, round(8 * k))
    widgets.text(surface, widgets.elide(d.name, name_font, room), name_font, (245, 240, 228),
                 (band.left + max(3, round(6 * k)), band.centery), "midleft")
    if d.type != "instant":
        centre = (band.right - badge_r - max(2, round(3 * k)), band.centery)
        pygame.draw.circle(surface, (240, 232, 210), centre, badge_r)
        pygame.draw.circle(surface, (30, 30, 30), centre, badge_r, max(1, round(2 * k)))
        sf = _font(ctx, round(17 * k), True)
        shown = f"+{d.strength}" if d.type == "equipment" else str(d.strength)
        widgets.text(surface, shown, sf, (30, 30, 30), centre, "center")
    tf = _font(ctx, round(11 * k), True)
    widgets.text(surface, d.type.upper(), tf, (236, 226, 200), (inner.left + max(3, round(6 * k)), band.bottom + max(1, round(3 * k))))
    body = pygame.Rect(inner.left + max(2, round(5 * k)), band.bottom + max(8, round(20 * k)),
                       inner.width - max(4, round(10 * k)), inner.bottom - band.bottom - max(10, round(25 * k)))
    if body.height > 8:
        pygame.draw.rect(surface, (232, 226, 210), body, border_radius=max(2, round(5 * k)))
        text_rect = body.inflate(-max(2, round(8 * k)), -max(2, round(6 * k)))
        font = widgets.fitted_font(ctx, d.text, text_rect, max(8, round(13 * k)), 7)
        widgets.text_block(surface, d.text, font, (36, 32, 28), text_rect, 1.0)
    if state in ("dim", "offline"):
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((10, 10, 12, 150))
        surface.blit(shade, rect)
    edge = STATE_EDGE.get(state, (40, 40, 44))
    pygame.draw.rect(surface, edge, rect, max(1, round((3 if state in ("playable", "selected") else 1) * k + 0.5)), border_radius=rad)


def draw_back(surface, ctx, rect, side):
    rect = pygame.Rect(rect)
    k = rect.height / 176
    rad = max(2, round(8 * k))
    base = SIDE_COLOURS.get(side, (90, 90, 90))
    pygame.draw.rect(surface, (22, 22, 26), rect, border_radius=rad)
    inner = rect.inflate(-max(2, round(6 * k)), -max(2, round(6 * k)))
    pygame.draw.rect(surface, tuple(max(0, v - 40) for v in base), inner, border_radius=rad)
    pygame.draw.rect(surface, base, inner.inflate(-max(2, round(16 * k)), -max(2, round(16 * k))), max(1, round(3 * k)),
                     border_radius=rad)
    font = _font(ctx, round(16 * k), True)
    widgets.text(surface, "M" if side == "moloch" else "O", font, (236, 226, 200), inner.center, "center")


def draw_city(surface, ctx, rect, content, city_id, *, destroyed=False, sectors_destroyed=(), battle_sector=None,
              feature_used=False, extra_sector=False):
    city = next(c for c in content.cities if c.id == city_id)
    rect = pygame.Rect(rect)
    k = rect.height / 200
    rad = max(3, round(10 * k))
    pygame.draw.rect(surface, (70, 70, 76) if destroyed else (176, 160, 120), rect, border_radius=rad)
    pygame.draw.rect(surface, (24, 24, 28), rect, max(1, round(2 * k)), border_radius=rad)
    nf = _font(ctx, round(18 * k), True)
    widgets.text(surface, widgets.elide(f"{city.number}. {city.name}", nf, rect.width - 8), nf, (28, 26, 22),
                 (rect.centerx, rect.top + max(2, round(6 * k))), "midtop")
    small = _font(ctx, round(12 * k))
    y = rect.top + max(12, round(32 * k))
    widgets.text(surface, widgets.elide(f"{city.feature_name}" + (" (used)" if feature_used else ""), small, rect.width - 8),
                 small, (60, 50, 30), (rect.centerx, y), "midtop")
    n = len(city.sectors) + (1 if extra_sector else 0)
    gap = max(2, round(6 * k))
    sw = (rect.width - gap * (n + 1)) // max(1, n)
    sh = max(10, round(70 * k))
    top = rect.top + max(24, round(56 * k))
    rects = []
    names = list(city.sectors) + (["extra"] if extra_sector else [])
    for i, sid in enumerate(names):
        r = pygame.Rect(rect.left + gap + i * (sw + gap), top, sw, sh)
        down = i in sectors_destroyed
        pygame.draw.rect(surface, (60, 60, 64) if down else (226, 214, 180), r, border_radius=max(2, round(5 * k)))
        pygame.draw.rect(surface, (24, 24, 28), r, 1, border_radius=max(2, round(5 * k)))
        sec = content.sectors.get(sid)
        label = sec.name if sec is not None else sid
        f = widgets.fitted_font(ctx, label, r.inflate(-4, -4), max(8, round(12 * k)), 7)
        widgets.text_block(surface, label, f, (120, 120, 120) if down else (30, 28, 24), r.inflate(-4, -4), 1.0)
        if down:
            pygame.draw.line(surface, (200, 60, 50), r.topleft, r.bottomright, max(1, round(3 * k)))
            pygame.draw.line(surface, (200, 60, 50), r.topright, r.bottomleft, max(1, round(3 * k)))
        if battle_sector == i:
            pygame.draw.circle(surface, (220, 60, 40), (r.centerx, r.bottom), max(4, round(12 * k)))
            pygame.draw.circle(surface, (250, 240, 220), (r.centerx, r.bottom), max(4, round(12 * k)), max(1, round(2 * k)))
        rects.append(r)
    cap = _font(ctx, round(11 * k))
    y = top + sh + max(4, round(12 * k))
    for colour, steps_text in (((150, 40, 36), "M: " + ("destroy another sector" if city.moloch_win else "-")),
                               ((40, 110, 50), "O: " + ("Moloch deck discards" if city.outpost_win else "-"))):
        widgets.text(surface, widgets.elide(steps_text, cap, rect.width - 8), cap, colour, (rect.left + 4, y))
        y += cap.get_linesize()
    if destroyed:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((10, 10, 12, 120))
        surface.blit(shade, rect)
    return rects
