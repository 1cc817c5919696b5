"""Neuroshima Convoy's cards and cities, drawn by our own code at run time (issue 17 item 6).

    draw_card(surface, ctx, rect, content, "hunter", state="playable")
    draw_back(surface, ctx, rect, "moloch")
    sector_rects = draw_city(surface, ctx, rect, content, "iron_gate", battle_sector=1)

A card face is a frame by side (Moloch: red and steel; Outpost: green and canvas) and by type
(the emblem window's shape and the corner symbol differ per type), the printed strength big in
the top-left corner, the timing icon of its ability in the top-right one (spec 2's six timings,
plus the engine's "activated"), an emblem in the middle, the name, the ability text and, for a
card whose words are not printed in the rulebooks (verified = false), the placeholder '*' in the
bottom-right corner (the mark of game/ui/kit/hand.py).

Every emblem is procedural vector art derived from the card: a Robot is a silhouette put
together from parts (tracks or legs, hull, head, arms) chosen per card, a Soldier an insignia
(badge shape and device), a Building an outline, Equipment a module, an Instant a symbol of
what it does. Shapes are drawn at 3x and smoothed down, so they read at 90 px.
Over the emblem, drawn faint, the picture says what the card does: the kit's motifs
(kit/card_art.py) that convoy/card_art.py names from the card's rules steps, given by the
table's `card_art` hook (a skull for a kill, a fist with '+1' for a Strength token...).

Small faces (under 150 px wide, the table's size at 1280x720) leave the ability text out and
give its room to the emblem and the name: the enlarged hover view (a large rect) shows it all.
A face is rendered once per (card, size, state) and kept (a table frame blits 70 cached faces).
Nothing here changes state: the module only reads the content.
"""
from __future__ import annotations

import hashlib
import math
from typing import Callable

import pygame

from game.convoy.rules.words import card_name
from game.i18n import _, capitals, pgettext
from game.ui import widgets
from game.ui.convoy.card_art import card_motifs
from game.ui.convoy.words import victory_result
from game.ui.kit.card_art import draw_motifs, motif_size
from game.ui.kit.hand import PLACEHOLDER_COLOUR
from game.ui.kit.name_fit import fit_name

RGB = tuple[int, int, int]
Pt = tuple[float, float]

CARD_W, CARD_H = 250, 350  # the aspect of every card (assets/cards: 250x350)
STATES = ("normal", "playable", "selected", "dim", "offline")
COMPACT_BELOW = 150  # narrower faces leave the ability text to the enlarged view
FAINT = 80  # the emblem's opacity (of 255) behind the motifs of what the card does

# side -> (frame, frame edge, band, band text, window, ink, accent)
SIDE_LOOK: dict[str, dict[str, RGB]] = {
    "moloch": {"frame": (84, 88, 96), "edge": (34, 36, 40), "band": (150, 36, 30), "band_text": (246, 236, 226),
               "window": (28, 26, 30), "ink": (206, 210, 216), "accent": (222, 64, 48), "text_bg": (214, 210, 204),
               "text": (26, 24, 24), "hi": (140, 146, 156)},
    "outpost": {"frame": (186, 170, 128), "edge": (58, 52, 36), "band": (58, 104, 50), "band_text": (244, 240, 222),
                "window": (30, 36, 28), "ink": (226, 214, 176), "accent": (120, 196, 96), "text_bg": (232, 224, 200),
                "text": (30, 30, 22), "hi": (224, 212, 172)},
}
# type -> the frame's second colour (the outer rim), so types of one side read apart
TYPE_RIM: dict[tuple[str, str], RGB] = {
    ("moloch", "robot"): (96, 100, 110),
    ("moloch", "equipment"): (120, 92, 70),
    ("moloch", "instant"): (150, 40, 34),
    ("outpost", "soldier"): (168, 154, 112),
    ("outpost", "building"): (132, 118, 90),
    ("outpost", "instant"): (70, 122, 58),
}

RATIO = CARD_H / CARD_W  # height / width of every card, for a table laying out its columns
_FACES = widgets.Memo(320)  # (content, card, w, h, state, palette, language) -> surface
_EMBLEMS = widgets.Memo(200)
_BANDS = widgets.Memo(400)  # (content, card, w, h, language) -> a small face's name band


# ------------------------------------------------------------------------------- the interface

def card_size(height: int) -> tuple[int, int]:
    """The width and height of a card `height` pixels tall (every card is 250x350)."""
    return max(1, round(height * CARD_W / CARD_H)), height


def card_text(content, card_id: str) -> tuple[str, str]:
    """(name, rules text) of a card, for an enlarged hover view or a tooltip."""
    card = content.cards[card_id]
    return card_name(card.name), _(card.text)


def city_text(content, city_id: str) -> tuple[str, str]:
    """(name, what the card says) of a city, for a hover view: the victory results, the
    feature and each sector's effect, one per line."""
    city = next(c for c in content.cities if c.id == city_id)
    lines = [_("Moloch wins: {result}").format(result=victory_result(city.moloch_win)),
             _("Outpost wins: {result}").format(result=victory_result(city.outpost_win)),
             f"{_(city.feature_name)}: {_(city.feature_text)}"]
    lines += [f"{_(content.sectors[s].name)}{' *' if content.sectors[s].star else ''}: {_(content.sectors[s].text)}"
              for s in city.sectors]
    return f"{city.number} {_(city.name)}", "\n".join(lines)


def draw_card(surface: pygame.Surface, ctx, rect: pygame.Rect, content, card_id: str, *, state: str = "normal",
              shown: int | None = None, motifs: tuple | None = None, clear_left: int = 0) -> None:
    """One card face filling `rect`. state: normal | playable | selected | dim | offline.
    `shown`: the face's width left in sight when the next card of a fanned hand lies over it:
    the name is fitted into that part of its band (on two lines, a long word broken), so each
    name of a hand of 13 or more still reads whole ('Ripper Robo', 'Artillery Strik', 'Újrahasznosítc'
    showed at 1280x720)."""
    rect = pygame.Rect(rect)
    if rect.width < 8 or rect.height < 8:
        return
    if state not in STATES:
        state = "normal"
    if shown is not None and shown >= rect.width:
        shown = None
    key = (id(content), card_id, rect.width, rect.height, state, ctx.palette.name, _("placeholder"), shown, motifs, clear_left,
           face_body(ctx))
    face = _FACES.get(key, lambda: _render_card(ctx, content, card_id, rect.size, state, shown, motifs, clear_left))
    surface.blit(face, rect)


def draw_back(surface: pygame.Surface, ctx, rect: pygame.Rect, side: str) -> None:
    """A card back of the Moloch or the Outpost deck (assets/cards/back_convoy_*.png)."""
    rect = pygame.Rect(rect)
    deck = "convoy_moloch" if side == "moloch" else "convoy_outpost"
    surface.blit(ctx.assets.image(f"cards/back_{deck}.png", rect.size), rect)


# ------------------------------------------------------------------------------- drawing kit

def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def _dark(c: RGB, t: float) -> RGB:
    return _mix(c, (0, 0, 0), t)


def _light(c: RGB, t: float) -> RGB:
    return _mix(c, (255, 255, 255), t)


def _seed(*parts: str) -> int:
    return int.from_bytes(hashlib.sha1("|".join(parts).encode()).digest()[:4], "big")


class Pen:
    """Vector drawing in unit space (-1..1 both ways, y down) on a square surface; drawn big and
    smoothed down by the caller for anti-aliasing."""

    def __init__(self, surface: pygame.Surface, ink: RGB, accent: RGB, cut: RGB) -> None:
        self.s = surface
        self.n = surface.get_width()
        self.ink, self.accent, self.cut = ink, accent, cut

    def p(self, x: float, y: float) -> tuple[int, int]:
        h = self.n / 2
        return round(h + x * h * 0.92), round(h + y * h * 0.92)

    def d(self, v: float) -> int:
        return max(1, round(v * self.n / 2 * 0.92))

    def poly(self, pts, colour=None) -> None:
        pygame.draw.polygon(self.s, colour or self.ink, [self.p(*q) for q in pts])

    def rect(self, x0, y0, x1, y1, colour=None, radius=0.0) -> None:
        a, b = self.p(x0, y0), self.p(x1, y1)
        pygame.draw.rect(self.s, colour or self.ink, pygame.Rect(a, (b[0] - a[0], b[1] - a[1])),
                         border_radius=self.d(radius) if radius else 0)

    def circle(self, x, y, r, colour=None, width=0.0) -> None:
        pygame.draw.circle(self.s, colour or self.ink, self.p(x, y), self.d(r), self.d(width) if width else 0)

    def line(self, pts, width, colour=None) -> None:
        w = self.d(width)
        pts = [self.p(*q) for q in pts]
        pygame.draw.lines(self.s, colour or self.ink, False, pts, w)
        for q in pts:  # round joints
            pygame.draw.circle(self.s, colour or self.ink, q, w // 2)

    def arc(self, x, y, r, a0, a1, width, colour=None) -> None:
        steps = max(6, int(abs(a1 - a0) / 8))
        pts = [(x + r * math.cos(math.radians(a0 + (a1 - a0) * i / steps)),
                y + r * math.sin(math.radians(a0 + (a1 - a0) * i / steps))) for i in range(steps + 1)]
        self.line(pts, width, colour)

    def star(self, x, y, r, n=5, inner=0.45, colour=None, turn=-90.0) -> None:
        pts = []
        for i in range(n * 2):
            rr = r if i % 2 == 0 else r * inner
            a = math.radians(turn + i * 180 / n)
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        self.poly(pts, colour)

    def ngon(self, x, y, r, n, turn=0.0, colour=None, width=0.0) -> None:
        pts = [(x + r * math.cos(math.radians(turn + 360 * i / n)), y + r * math.sin(math.radians(turn + 360 * i / n)))
               for i in range(n)]
        if width:
            self.line(pts + [pts[0]], width, colour)
        else:
            self.poly(pts, colour)

    def arrow(self, pts, width, head, colour=None) -> None:
        self.line(pts[:-1] + [pts[-1]], width, colour)
        (x0, y0), (x1, y1) = pts[-2], pts[-1]
        a = math.atan2(y1 - y0, x1 - x0)
        tip = (x1 + math.cos(a) * head * 0.6, y1 + math.sin(a) * head * 0.6)
        left = (x1 + math.cos(a + 2.4) * head, y1 + math.sin(a + 2.4) * head)
        right = (x1 + math.cos(a - 2.4) * head, y1 + math.sin(a - 2.4) * head)
        self.poly([tip, left, right], colour)

    def bolt(self, x, y, s, colour=None) -> None:
        self.poly([(x + 0.15 * s, y - 1 * s), (x - 0.45 * s, y + 0.1 * s), (x - 0.02 * s, y + 0.1 * s),
                   (x - 0.2 * s, y + 1 * s), (x + 0.45 * s, y - 0.15 * s), (x + 0.02 * s, y - 0.15 * s)], colour)


def _smooth_square(size: int, paint: Callable[[Pen], None], ink: RGB, accent: RGB, cut: RGB, factor: int = 3) -> pygame.Surface:
    """A square glyph `size` px wide, painted at `factor`x and smoothed down."""
    big = pygame.Surface((size * factor, size * factor), pygame.SRCALPHA)
    paint(Pen(big, ink, accent, cut))
    return pygame.transform.smoothscale(big, (size, size))


def _font(ctx, px: float, bold: bool = False) -> pygame.font.Font:
    return ctx.assets.font(max(6, round(px)), bold)


LONE_WORD = 1.25  # a word alone on its line may be drawn this much narrower again, before it is broken


def _word_fit(ctx, name: str, width: int, size: float, least: float, lines: int = 1,
              squeeze: float = 1.0) -> tuple[list[str], pygame.font.Font]:
    """`name` in a bold font from `size` down to `least` on at most `lines` lines, fitted by the
    kit's one rule for card names (game/ui/kit/name_fit.py: smaller, then between words, then a
    long word broken between syllables). `squeeze` > 1 lets a line be that much wider (drawn
    narrower by _blit_line): a long word keeps a readable height instead of shrinking."""
    least = max(6, round(least))  # a band too low for `least` still tries `least` (it cut 'Heavy…')
    got = fit_name(lambda px: _font(ctx, px, True), name, round(width * squeeze), max(least, round(size)),
                   least, lines, LONE_WORD if squeeze > 1.0 else 1.0)
    if not got.fits and squeeze > 1.0 and len(name.split()) == 1:
        return [name], _font(ctx, got.size, True)  # one word on one line: squeezed when drawn, never cut
    return list(got.lines), _font(ctx, got.size, True)


# UI units: the least size of the words on a small face where it has the room, the kit's least
# body size (the side panel's notes, the set-up screens' hints: 12). The faces' words were sized
# by the face alone, 10 px at 1920x1080 and 7 at 1280x720, and stayed so at the 125% text size.
FACE_BODY = 12


def face_body(ctx) -> int:
    """FACE_BODY in pixels at the table's text size (the UI scale)."""
    return max(FACE_BODY, round(FACE_BODY * getattr(ctx, "scale", 1.0)))


def _body_name(ctx, name: str, width: int, band: int, usual: float):
    """A small face's name on one line (squeezed a little) at the body size (face_body), or as
    near it above its `usual` size as the `band` holds: (lines, font, band), or None where the
    face has no room for more than the usual size. The band does not grow for it: a taller band
    hid the picture's marks (Assault Drone's '+1') and ran under a pile's count."""
    for size in range(face_body(ctx), max(8, round(usual)), -1):
        lines, font = _word_fit(ctx, name, width, size, size, lines=1, squeeze=1.3)
        if "\u2026" not in "".join(lines) and len(lines) == 1 and font.get_linesize() + 1 <= band:
            return lines, font, band
    return None


def _compact_name(ctx, name: str, width: int, band: int, most: int = 0) -> tuple[list[str], pygame.font.Font, int]:
    """A small face's name in its `band` pixels high name band, and the band's height it needs:
    on one line at the body size where the face has the room (_body_name), else at the usual
    size (a long word squeezed), else on two lines in the largest size
    whose two lines the band holds (a battle column's faces at 1280x720 read 'Heavy…', 'Siege…',
    'Sabota…': the two lines were never tried there, the band being lower than the least size
    asked for); a name that two lines cannot hold takes three or four, the band growing up over
    the picture to `most` pixels at most ('Electroma…' for Electromagnetic Field, and its
    Hungarian name, on a battle column's face at 1280x720)."""
    body = _body_name(ctx, name, width, band, band * 0.44)
    if body is not None:
        return body
    lines, font = _word_fit(ctx, name, width, band * 0.44, 8, lines=1, squeeze=1.3)
    if "\u2026" not in "".join(lines):
        return lines, font, band
    size = 8
    while size > 6 and 2 * (_font(ctx, size, True).get_linesize() - 1) > band + 2:
        size -= 1
    lines, font = _word_fit(ctx, name, width, size, min(size, 6), lines=2, squeeze=1.3)
    if "\u2026" not in "".join(lines):
        return lines, font, band
    for more in (3, 4):
        tall, small = _word_fit(ctx, name, width, 6, 6, lines=more, squeeze=1.3)
        high = max(band, len(tall) * (small.get_linesize() - 1) + 2)
        if "\u2026" not in "".join(tall) and high <= max(band, most):
            return tall, small, high
    return lines, font, band


def _hidden_right_name(ctx, name: str, width: int, band: int, k: float, compact: bool) -> tuple[list[str], pygame.font.Font]:
    """A name in the `width` left of a fanned hand card's band: on one line as the face words
    it, a little smaller if need be, else on two lines as large as the band holds (a long word
    broken between syllables), squeezed a little rather than cut."""
    if compact:
        lines, font = _word_fit(ctx, name, width, band * 0.44, 8, lines=1, squeeze=1.3)
    else:
        lines, font = _word_fit(ctx, name, width, 19 * k, max(9, 12 * k), lines=1, squeeze=1.15)
    if "\u2026" not in "".join(lines):
        return lines, font
    size = max(8, round(12 * k))
    while size > 7 and 2 * (_font(ctx, size, True).get_linesize() - 1) > band + 2:
        size -= 1
    return _word_fit(ctx, name, width, size, min(size, 7), lines=2, squeeze=1.15)


def face_layout(ctx, content, card_id: str, w: int, h: int) -> dict[str, pygame.Rect | float | bool]:
    """The layout of one card's face `w` x `h` (_layout), with the name band that card's name
    needs: on a small face a long name's band reaches up over the picture (_compact_name). The
    table keeps its token badges and buttons off this band."""
    L = _layout(w, h)
    card = content.cards.get(card_id)
    if not L["compact"] or card is None:
        return L

    def make() -> pygame.Rect:
        name: pygame.Rect = L["name"]
        pad = max(3, round(6 * L["k"]))
        # the band may grow up to the type symbol's room under the strength badge
        most = name.bottom - strength_badge_rect(L).bottom - TYPE_ICON_LEAST - 1
        high = _compact_name(ctx, card_name(card.name), name.width - 2 * pad, name.height, most)[2]
        return pygame.Rect(name.left, name.bottom - high, name.width, high)

    name = _BANDS.get((id(content), card_id, w, h, _("placeholder"), face_body(ctx)), make)
    if name.height == L["name"].height:
        return L
    art: pygame.Rect = L["art"]
    return {**L, "name": name, "art": pygame.Rect(art.left, art.top, art.width, name.top - art.top)}


def _blit_line(surface, text: str, font, colour: RGB, centre: tuple[int, int], width: int, shadow: bool = True) -> None:
    """A line centred on `centre`, squeezed sideways if it is wider than `width`."""
    img = widgets.rendered(font, text, colour)
    if img.get_width() > width:
        img = pygame.transform.smoothscale(img, (width, img.get_height()))
        if shadow:
            sh = pygame.transform.smoothscale(font.render(text, True, (0, 0, 0)), img.get_size())
            sh.set_alpha(150)
            surface.blit(sh, sh.get_rect(center=(centre[0] + 1, centre[1] + 1)))
        surface.blit(img, img.get_rect(center=centre))
        return
    widgets.text(surface, text, font, colour, centre, "center", shadow=shadow)


# ------------------------------------------------------------------------------- the card face

def strength_badge_rect(L: dict) -> pygame.Rect:
    """The box of the printed strength's badge at a face's top left (the table keeps its token
    badges clear of it)."""
    k, inner, c = L["k"], L["inner"], L["corner"]
    r = c // 2 + max(1, c // 10)
    cx, cy = inner.left + r - max(0, round(2 * k)), inner.top + r - max(0, round(2 * k))
    return pygame.Rect(cx - r, cy - r, 2 * r, 2 * r)


def timing_icon_rect(L: dict) -> pygame.Rect:
    """The box of the timing icon at a face's top right (its circle's centre and radius)."""
    k, inner = L["k"], L["inner"]
    tr = max(7, round(strength_badge_rect(L).width // 2 * 0.8))
    centre = (inner.right - tr - max(1, round(3 * k)), inner.top + tr + max(1, round(3 * k)))
    return pygame.Rect(centre[0] - tr, centre[1] - tr, 2 * tr, 2 * tr)


def type_icon_rect(L: dict, h: int) -> pygame.Rect:
    """The box of the type symbol (its circle's centre and radius): at a face's bottom left,
    below the name band; on a small face, where there is no room for it there, at the bottom
    left of the picture just above the band (a battle column's faces at 1280x720 read 'oteur'
    for Saboteur: the symbol covered the name's start)."""
    k, inner, name = L["k"], L["inner"], L["name"]
    ts = max(7, round((16 if not L["compact"] else 11) * max(k, 0.36) * (1.0 if not L["compact"] else 1.6)))
    ty = h - L["border"] - ts - max(1, round(2 * k))
    cx = inner.left + ts + max(1, round(2 * k))
    rect = pygame.Rect(cx - ts, ty - ts, 2 * ts, 2 * ts)
    if rect.colliderect(name):
        # above the band; smaller when a long name's band leaves less room under the strength
        room = name.top - 1 - strength_badge_rect(L).bottom
        if room < rect.height:
            ts = max(TYPE_ICON_LEAST // 2, room // 2)
            rect = pygame.Rect(inner.left + max(1, round(2 * k)), 0, 2 * ts, 2 * ts)
        rect.bottom = name.top - 1
    return rect


TYPE_ICON_LEAST = 10  # the type symbol's least size, above a small face's tall name band


def _layout(w: int, h: int) -> dict[str, pygame.Rect | float | bool]:
    k = w / CARD_W
    compact = w < COMPACT_BELOW
    b = max(2, round(9 * k))  # frame border
    inner = pygame.Rect(b, b, w - 2 * b, h - 2 * b)
    corner = max(9, round(40 * k)) if not compact else max(12, round(h * 0.2))
    if compact:
        name_h = max(12, round(h * 0.22))
        name = pygame.Rect(inner.left, inner.bottom - name_h - max(1, round(h * 0.09)), inner.width, name_h)
        art = pygame.Rect(inner.left, inner.top, inner.width, name.top - inner.top)
        text = pygame.Rect(0, 0, 0, 0)
    else:
        name = pygame.Rect(inner.left, inner.top + round(154 * k), inner.width, round(34 * k))
        art = pygame.Rect(inner.left, inner.top, inner.width, name.top - inner.top)
        # the text box ends above the bottom row (type symbol, placeholder mark)
        text = pygame.Rect(inner.left + round(8 * k), name.bottom + round(8 * k), inner.width - round(16 * k),
                           inner.bottom - name.bottom - round(8 * k) - round(38 * k))
    return {"k": k, "compact": compact, "border": b, "inner": inner, "corner": corner, "name": name, "art": art,
            "text": text}


def _render_card(ctx, content, card_id: str, size: tuple[int, int], state: str,
                 shown: int | None = None, motifs: tuple | None = None, clear_left: int = 0) -> pygame.Surface:
    w, h = size
    out = pygame.Surface(size, pygame.SRCALPHA)
    card = content.cards.get(card_id)
    if card is None:  # an unknown id: a plain blank, never a crash at the table
        pygame.draw.rect(out, (90, 90, 90), out.get_rect(), border_radius=max(2, w // 14))
        return out
    look = SIDE_LOOK[card.side]
    L = face_layout(ctx, content, card_id, w, h)
    k = L["k"]
    radius = max(3, round(14 * k))
    rim = TYPE_RIM.get((card.side, card.type), look["frame"])
    full = out.get_rect()
    # frame: edge, side colour, type rim, then the window
    pygame.draw.rect(out, look["edge"], full, border_radius=radius)
    pygame.draw.rect(out, rim, full.inflate(-2, -2), border_radius=radius)
    inner: pygame.Rect = L["inner"]
    pygame.draw.rect(out, look["frame"], inner.inflate(max(2, L["border"]), max(2, L["border"])), border_radius=max(2, radius - 2))
    _frame_texture(out, card.side, card.type, full, inner, k)
    art: pygame.Rect = L["art"]
    _window(out, card, art, look, k)
    motifs = card_motifs(content, card_id) if motifs is None else motifs
    marks = face_marks(ctx, L, h, motifs, clear_left, shown)
    alone = marks is not None and marks[2]
    if not alone:
        _emblem_into(out, card, art, look, L, faint=bool(motifs))
    if marks is not None:
        draw_motifs(out, marks[0], marks[1], lambda px: _font(ctx, px, True), least=SMALL_MARK if alone else 14, tight=marks[3])
    # name band
    name: pygame.Rect = L["name"]
    band = look["band"] if card.type != "instant" else _mix(look["band"], (30, 30, 30), 0.35)
    pygame.draw.rect(out, _dark(band, 0.45), name.inflate(0, 2), border_radius=max(2, round(5 * k)))
    pygame.draw.rect(out, band, name, border_radius=max(2, round(5 * k)))
    pygame.draw.line(out, _light(band, 0.3), (name.left + 2, name.top + 1), (name.right - 3, name.top + 1))
    pad = max(3, round(6 * k))
    room = name
    if shown is not None:  # the next card covers the band's right part: the name in the rest
        room = pygame.Rect(name.left, name.top, max(2 * pad + 8, min(name.width, shown - name.left - 1)), name.height)
        lines, font = _hidden_right_name(ctx, card_name(card.name), room.width - 2 * pad, name.height, k, L["compact"])
    elif L["compact"]:
        lines, font, _high = _compact_name(ctx, card_name(card.name), room.width - 2 * pad, name.height)
    else:
        lines, font = _word_fit(ctx, card_name(card.name), room.width - 2 * pad, 19 * k, max(9, 12 * k), lines=1, squeeze=1.15)
    step = font.get_linesize() - (1 if len(lines) > 1 else 0)
    y0 = name.centery - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        _blit_line(out, line, font, look["band_text"], (room.centerx, round(y0 + i * step)), room.width - 2 * pad)
    # ability text
    text: pygame.Rect = L["text"]
    if not L["compact"]:
        box = text.inflate(round(10 * k), round(10 * k))
        pygame.draw.rect(out, _dark(look["text_bg"], 0.3), box.move(0, 1), border_radius=max(2, round(5 * k)))
        pygame.draw.rect(out, look["text_bg"], box, border_radius=max(2, round(5 * k)))
        said = _(card.text)
        tf = widgets.fitted_font(ctx, said, text, max(9, round(17 * k)), max(7, round(8 * k)))
        widgets.text_block(out, said, tf, look["text"], text, line_gap=1.0)
    # corners: strength, timing, type, placeholder mark
    badge = strength_badge_rect(L)
    r = badge.width // 2
    if card.type != "instant":
        _strength_badge(out, ctx, card, badge.center, r, look)
    if card.timing != "none":
        spot = timing_icon_rect(L)
        _timing_icon(out, card.timing, spot.center, spot.width // 2)
    icon = type_icon_rect(L, h)
    ts = icon.width // 2
    ty = h - L["border"] - ts - max(1, round(2 * k))  # the bottom row (the placeholder mark, the type word)
    if not alone or not icon.colliderect(marks[0]):  # the marks alone: in the picture, they take its place
        _type_icon(out, card.type, card.side, icon.center, ts)
    kf = _font(ctx, max(8, 11 * k), True)
    end = inner.right  # where the type word must end (before the placeholder mark and its tag)
    if card.provenance.placeholder():
        # the mark of game/ui/kit/hand.py: what the card says is not printed in the rulebooks
        mf = _font(ctx, max(12, ts * 2.2), True)
        star = widgets.text(out, "*", mf, PLACEHOLDER_COLOUR,
                            (inner.right - max(1, round(3 * k)), ty + ts + max(1, mf.get_height() // 5)), "midright", shadow=True)
        end = star.left - round(4 * k)
        if not L["compact"] and k >= 0.8:
            word = widgets.rendered(kf, _("placeholder"), PLACEHOLDER_COLOUR)
            tag = word.get_rect(midright=(star.left - round(4 * k), ty)).inflate(round(10 * k), round(4 * k))
            pygame.draw.rect(out, (40, 34, 22), tag, border_radius=max(2, tag.height // 3))
            out.blit(word, word.get_rect(center=tag.center))
            end = tag.left - round(4 * k)
    if not L["compact"]:
        kind = capitals({"robot": _("Robot"), "equipment": _("Equipment"), "instant": _("Instant"), "soldier": _("Soldier"),
                         "building": _("Building")}[card.type])
        # the type word ends before the placeholder tag (the Greek 'ΕΞΟΠΛΙΣΜΟΣ' ran under it)
        left = inner.left + 2 * ts + round(8 * k)
        px = max(8, round(11 * k))
        while px > 7 and _font(ctx, px, True).size(kind)[0] > end - left:
            px -= 1
        kf = _font(ctx, px, True)
        widgets.text(out, widgets.elide(kind, kf, end - left), kf, look["ink"] if card.side == "moloch" else look["edge"],
                     (left, ty), "midleft", shadow=card.side == "moloch")
    _state_overlay(out, ctx, state, radius, k)
    # transparent rounded corners
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), full, border_radius=radius)
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


def _frame_texture(out: pygame.Surface, side: str, ctype: str, full: pygame.Rect, inner: pygame.Rect, k: float) -> None:
    """A light pattern on the frame border by type: rivets on a Robot, bolts and stripes on
    Equipment, hazard slashes on an Instant, stitching on a Soldier, brick courses on a Building."""
    look = SIDE_LOOK[side]
    b = inner.left
    if b < 3:
        return
    hi = _light(look["frame"], 0.35) if side == "moloch" else _dark(look["frame"], 0.25)
    if ctype == "instant":
        stripe = look["accent"] if side == "moloch" else (226, 200, 90)
        step = max(6, round(18 * k))
        clip = out.get_clip()
        for area in (pygame.Rect(0, 0, full.width, b), pygame.Rect(0, full.height - b, full.width, b)):
            out.set_clip(area)
            for x in range(-full.height, full.width, step):
                pygame.draw.line(out, stripe, (x, area.bottom), (x + area.height, area.top), max(1, step // 3))
        out.set_clip(clip)
    elif ctype in ("robot", "equipment"):
        rr = max(1, round(2.5 * k))
        n = 3 if ctype == "robot" else 5
        for i in range(n):
            for y in (b // 2, full.height - b // 2 - 1):
                x = round(full.width * (i + 1) / (n + 1))
                pygame.draw.circle(out, hi, (x, y), rr)
    elif ctype == "soldier":
        step = max(4, round(9 * k))
        for x in range(b, full.width - b, step):
            pygame.draw.line(out, hi, (x, b // 2), (x + step // 2, b // 2))
            pygame.draw.line(out, hi, (x, full.height - b // 2 - 1), (x + step // 2, full.height - b // 2 - 1))
    elif ctype == "building":
        step = max(5, round(14 * k))
        for row, y in enumerate((0, full.height - b)):
            pygame.draw.line(out, hi, (0, y + b // 2), (full.width, y + b // 2))
            for x in range(0, full.width, step):
                pygame.draw.line(out, hi, (x + (step // 2 if row else 0), y), (x + (step // 2 if row else 0), y + b // 2))


def _window(out: pygame.Surface, card, art: pygame.Rect, look, k: float) -> None:
    """The emblem window: a rectangle (units), a hexagon-cornered plate (Equipment, Building) or
    a round-cornered panel (Instant), dark with a faint radial light."""
    win = look["window"]
    rad = max(2, round(6 * k))
    if card.type == "instant":
        rad = max(3, round(26 * k))
    if card.type in ("equipment", "building"):
        cut = max(3, round(20 * k))
        pts = [(art.left + cut, art.top), (art.right - cut, art.top), (art.right, art.top + cut), (art.right, art.bottom - cut),
               (art.right - cut, art.bottom), (art.left + cut, art.bottom), (art.left, art.bottom - cut), (art.left, art.top + cut)]
        pygame.draw.polygon(out, _dark(win, 0.4), [(x, y + 1) for x, y in pts])
        pygame.draw.polygon(out, win, pts)
    else:
        pygame.draw.rect(out, win, art, border_radius=rad)
    # a soft glow behind the emblem
    glow = pygame.Surface(art.size, pygame.SRCALPHA)
    c = look["accent"]
    for i in range(6, 0, -1):
        rr = round(min(art.width, art.height) * 0.09 * i)
        pygame.draw.circle(glow, (*c, 9), (art.width // 2, art.height // 2 + art.height // 12), rr)
    out.blit(glow, art)


def motif_box(L: dict, h: int, clear_left: int = 0) -> pygame.Rect:
    """Where a face's motifs go (kit/card_art.py): the picture below the strength badge and the
    timing icon, above the type symbol where that stands in the picture (a small face), right
    of `clear_left` pixels (a card in play keeps its token badges' column clear: they covered
    the marks)."""
    art: pygame.Rect = L["art"]
    top = max(strength_badge_rect(L).bottom, timing_icon_rect(L).bottom) + 1
    bottom = art.bottom - max(1, round(3 * L["k"]))
    icon = type_icon_rect(L, h)
    if icon.colliderect(art) and icon.top > top:
        bottom = min(bottom, icon.top)
    side = max(2, round(8 * L["k"]))
    left = max(art.left + side, clear_left)
    return pygame.Rect(left, top, max(0, art.right - side - left), max(0, bottom - top))


SMALL_MARK = 11  # the least mark a small face's picture shows when it gives the marks its whole room


def face_marks(ctx, L: dict, h: int, motifs: tuple, clear_left: int = 0,
               shown: int | None = None) -> tuple[pygame.Rect, tuple, bool, bool] | None:
    """Where a face (`L`, `h` tall) draws its motifs, which of them, whether alone and whether
    their labels lie over them (`draw_motifs`' tight): None for none. Usually all of them below the corner badges over the card's faint emblem (motif_box).
    A small face where they do not fit there at 14 px (a card in play at 1280x720, 36-41 px wide:
    its picture showed no mark at all, only the faint emblem) shows the marks alone: no emblem,
    the type symbol's place given to them too, from the badges down to the name band across the
    picture (right of the token badges), a label over its mark where it has no room beside it (an
    Annihilator's '−1' right of its +1 token badge), as many of the
    first ones as fit at SMALL_MARK px or more (the card shown large
    under the pointer has them all). `shown`: the width of a fanned hand card left in sight."""
    if not motifs:
        return None

    def font(px: int) -> pygame.font.Font:
        return _font(ctx, px, True)

    box = motif_box(L, h, clear_left)
    if shown is not None:  # a fanned hand's next card covers the rest: the marks in the part that shows
        box.width = max(0, min(box.width, shown - 2 - box.left))
    if not L["compact"] or motif_size(box, motifs, font) is not None:
        return box, tuple(motifs), False, False
    art: pygame.Rect = L["art"]
    top = max(strength_badge_rect(L).bottom, timing_icon_rect(L).bottom) + 1
    left = max(art.left + 1, clear_left)
    right = art.right - 1 if shown is None else min(art.right - 1, shown - 2)
    room = pygame.Rect(left, top, max(0, right - left), max(0, L["name"].top - 1 - top))
    for n in range(len(motifs), 0, -1):
        first = carried(motifs, n)
        for tight in (False, True):
            if motif_size(room, first, font, least=SMALL_MARK, tight=tight) is not None:
                return room, first, True, tight
    return box, tuple(motifs), False, False


def carried(motifs: tuple, n: int) -> tuple:
    """The first `n` motifs, the last of them bearing the value of the first one left out where
    it has none of its own: a Lieutenant in play at 36 px showed its team mark without the '+1'
    the strength mark after it carries (team, +1: its other units get +1)."""
    first = tuple(motifs[:n])
    value = motifs[n][1] if 0 < n < len(motifs) else ""
    if value and not first[-1][1]:
        first = first[:-1] + ((first[-1][0], value),)
    return first


def _emblem_into(out: pygame.Surface, card, art: pygame.Rect, look, L, faint: bool = False) -> None:
    k = L["k"]
    c = L["corner"]
    # leave the corners' badges room when the art is short; in compact faces the emblem sits
    # between the strength and timing corners
    size = min(art.width - (round(c * 0.6) if L["compact"] else round(40 * k)), art.height - max(2, round(6 * k)))
    size = max(8, size)
    img = emblem(card.id, card.side, card.type, size)
    rect = img.get_rect(center=(art.centerx, art.centery + (round(c * 0.18) if L["compact"] else round(10 * k))))
    if faint:  # behind the motifs of what the card does: the card's own picture, a backdrop
        img = img.copy()
        img.fill((255, 255, 255, FAINT), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(img, rect)


def emblem(card_id: str, side: str, ctype: str, size: int) -> pygame.Surface:
    """The card's own emblem, `size` px square (cached)."""
    look = SIDE_LOOK[side]

    def make() -> pygame.Surface:
        paint = _EMBLEM_PAINTERS.get(ctype, _paint_generic)
        return _smooth_square(size, lambda pen: paint(pen, card_id, side), look["ink"], look["accent"], look["window"])

    return _EMBLEMS.get((card_id, side, ctype, size), make)


def _strength_badge(out, ctx, card, centre, r, look) -> None:
    """The printed strength: a steel nut (Moloch) or a round canvas disc (Outpost); Equipment's
    bonus with its sign."""
    x, y = centre
    if card.side == "moloch":
        pts = [(x + r * math.cos(math.radians(30 + 60 * i)), y + r * math.sin(math.radians(30 + 60 * i))) for i in range(6)]
        pygame.draw.polygon(out, (16, 16, 18), [(px + 1, py + 1) for px, py in pts])
        pygame.draw.polygon(out, look["accent"] if card.type == "robot" else (200, 120, 50), pts)
        inner = [(x + (r - max(2, r // 5)) * math.cos(math.radians(30 + 60 * i)),
                  y + (r - max(2, r // 5)) * math.sin(math.radians(30 + 60 * i))) for i in range(6)]
        pygame.draw.polygon(out, (34, 30, 32), inner)
    else:
        pygame.draw.circle(out, (16, 18, 14), (x + 1, y + 1), r)
        pygame.draw.circle(out, look["accent"] if card.type == "soldier" else (170, 150, 96), (x, y), r)
        pygame.draw.circle(out, (30, 40, 26), (x, y), r - max(2, r // 5))
    label = f"+{card.strength}" if card.type == "equipment" else str(card.strength)
    font = _font(ctx, r * (1.45 if len(label) == 1 else 1.05), True)
    widgets.text(out, label, font, (250, 246, 236), (x, y + max(0, r // 14)), "center", shadow=True)


# ------------------------------------------------------------------------------- icons

TIMING_LOOK = {  # timing -> badge colour
    "on_enter": (60, 110, 170), "permanent": (104, 96, 150), "on_discard": (150, 110, 40),
    "on_outpost_win": (60, 130, 60), "on_moloch_win": (160, 44, 36), "on_tie": (120, 120, 112),
    "activated": (170, 120, 30),
}


def _timing_icon(out: pygame.Surface, timing: str, centre: tuple[int, int], r: int) -> None:
    """Our own vector icons for the timings: on entering an arrow into a gate, permanent an
    unbroken loop, on discard a card dropping, a win a star on the winner's badge (the Outpost's
    round, Moloch's toothed), a tie two bars, activated a pressed switch. Shape tells them apart,
    not colour alone."""
    size = 2 * r + 2
    col = TIMING_LOOK.get(timing, (100, 100, 100))

    def paint(p: Pen) -> None:
        ink = (248, 244, 232)
        if timing == "on_moloch_win":
            p.star(0, 0, 1.0, n=10, inner=0.82, colour=(14, 14, 16))
            p.star(0, 0, 0.9, n=10, inner=0.8, colour=col)
        else:
            p.circle(0, 0, 1.0, (14, 14, 16))
            p.circle(0, 0, 0.88, col)
        if timing == "on_enter":
            p.line([(0.25, -0.5), (0.5, -0.5), (0.5, 0.5), (0.25, 0.5)], 0.14, ink)
            p.arrow([(-0.6, 0), (0.05, 0)], 0.16, 0.32, ink)
        elif timing == "permanent":
            p.circle(-0.28, 0, 0.28, ink, 0.13)
            p.circle(0.28, 0, 0.28, ink, 0.13)
        elif timing == "on_discard":
            p.rect(-0.32, -0.62, 0.22, 0.1, ink, 0.06)
            p.arrow([(0.35, -0.45), (0.35, 0.35)], 0.13, 0.3, ink)
            p.line([(-0.5, 0.55), (0.55, 0.55)], 0.1, ink)
        elif timing in ("on_outpost_win", "on_moloch_win"):
            p.star(0, 0.04, 0.58, colour=ink)
        elif timing == "on_tie":
            p.rect(-0.5, -0.3, 0.5, -0.1, ink)
            p.rect(-0.5, 0.1, 0.5, 0.3, ink)
        elif timing == "activated":
            p.arc(0, 0.05, 0.45, -50, 230, 0.13, ink)
            p.line([(0, -0.55), (0, -0.05)], 0.14, ink)

    img = _smooth_square(size, paint, (0, 0, 0), (0, 0, 0), (0, 0, 0), factor=4)
    out.blit(img, img.get_rect(center=centre))


def _type_icon(out: pygame.Surface, ctype: str, side: str, centre: tuple[int, int], r: int) -> None:
    """The type symbol of the bottom-left corner (spec 2)."""
    size = 2 * r + 2
    look = SIDE_LOOK[side]

    def paint(p: Pen) -> None:
        ink = look["ink"]
        p.circle(0, 0, 1.0, (14, 14, 16))
        p.circle(0, 0, 0.86, _dark(look["band"], 0.2))
        if ctype == "robot":
            p.rect(-0.42, -0.3, 0.42, 0.38, ink, 0.08)
            p.circle(-0.17, 0.02, 0.1, look["band"])
            p.circle(0.17, 0.02, 0.1, look["band"])
            p.line([(0, -0.3), (0, -0.58)], 0.09, ink)
        elif ctype == "equipment":
            p.line([(-0.4, 0.4), (0.2, -0.2)], 0.2, ink)
            p.circle(0.28, -0.28, 0.26, ink)
            p.circle(0.38, -0.38, 0.12, _dark(look["band"], 0.2))
        elif ctype == "instant":
            p.bolt(0, 0, 0.6, ink)
        elif ctype == "soldier":
            p.poly([(-0.55, 0.2), (-0.45, -0.2), (-0.2, -0.45), (0.2, -0.45), (0.45, -0.2), (0.55, 0.2)], ink)
            p.rect(-0.65, 0.15, 0.65, 0.32, ink)
        elif ctype == "building":
            p.poly([(-0.5, 0.45), (-0.5, -0.05), (0, -0.5), (0.5, -0.05), (0.5, 0.45)], ink)
            p.rect(-0.14, 0.1, 0.14, 0.45, _dark(look["band"], 0.2))

    img = _smooth_square(size, paint, (0, 0, 0), (0, 0, 0), (0, 0, 0), factor=4)
    out.blit(img, img.get_rect(center=centre))


def _state_overlay(out: pygame.Surface, ctx, state: str, radius: int, k: float) -> None:
    full = out.get_rect()
    if state in ("playable", "selected"):
        colour = ctx.palette.accent if state == "playable" else (250, 236, 170)
        width = max(2, round((5 if state == "selected" else 3) * max(k, 0.5)))
        pygame.draw.rect(out, colour, full, width, border_radius=radius)
        if state == "selected":
            pygame.draw.rect(out, (40, 30, 10), full.inflate(-2 * width, -2 * width), 1, border_radius=max(1, radius - width))
    elif state == "dim":
        shade = pygame.Surface(full.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        out.blit(shade, (0, 0))
    elif state == "offline":
        # greyed (desaturated and darkened) with a power-off mark: its city is destroyed
        grey = pygame.transform.grayscale(out)
        out.blit(grey, (0, 0))
        shade = pygame.Surface(full.size, pygame.SRCALPHA)
        shade.fill((10, 10, 14, 110))
        out.blit(shade, (0, 0))
        r = max(8, min(full.width, full.height) // 5)

        def paint(p: Pen) -> None:
            p.circle(0, 0, 1.0, (20, 20, 22))
            p.circle(0, 0, 0.9, (178, 52, 44))
            p.arc(0, 0.05, 0.5, -50, 230, 0.15, (250, 240, 230))
            p.line([(0, -0.62), (0, -0.05)], 0.16, (250, 240, 230))
            p.line([(-0.62, 0.62), (0.62, -0.62)], 0.12, (20, 20, 22))

        img = _smooth_square(2 * r, paint, (0, 0, 0), (0, 0, 0), (0, 0, 0), factor=4)
        centre = (full.centerx, round(full.height * 0.3))  # over the emblem: the name stays readable
        out.blit(img, img.get_rect(center=centre))
        if full.width >= 120:
            font = _font(ctx, max(10, 14 * k), True)
            widgets.text(out, capitals(_("offline")), font, (240, 226, 210), (centre[0], centre[1] + r + font.get_height() // 2 + 2),
                         "center", shadow=True)


# ------------------------------------------------------------------------------- emblems

# Robot parts per card: (locomotion, hull, head, arms). A card not listed takes parts by hash.
ROBOT_PARTS: dict[str, tuple[str, str, str, str]] = {
    "hornet": ("hover", "round", "eye", "wings"),
    "annihilator": ("treads", "box", "visor", "twin"),
    "ripper_robot": ("legs2", "trap", "visor", "claws"),
    "hunter": ("legs2", "tall", "eye", "cannon"),
    "spiders": ("legs6", "round", "eyes", "none"),
    "stormtrooper": ("legs2", "box", "dome", "twin"),
    "juggernaut": ("treads", "trap", "box", "cannon"),
    "transporter": ("wheels", "cargo", "antenna", "none"),
    "gauss_cannon": ("tripod", "hex", "visor", "rail"),
    "clown": ("wheels", "round", "dome", "claws"),
    "crusher": ("treads", "trap", "eye", "claws"),
    "recycler": ("wheels", "hex", "antenna", "claws"),
    "shredder": ("legs2", "round", "visor", "saw"),
    "mine_layer": ("treads", "round", "antenna", "mines"),
    "overseer": ("hover", "tall", "eye", "none"),
    "vanguard": ("legs2", "hex", "box", "shield"),
    "interceptor": ("hover", "trap", "visor", "twin"),
    "bulwark": ("treads", "box", "dome", "shield"),
    "assault_drone": ("hover", "hex", "eye", "rotors"),
    "siege_engine": ("tripod", "box", "none", "mortar"),
    "incinerator": ("legs4", "box", "visor", "flamer"),
}
_LOCOS = ("treads", "legs2", "legs4", "wheels", "hover", "tripod")
_HULLS = ("box", "trap", "round", "hex", "tall")
_HEADS = ("dome", "box", "visor", "eye", "antenna")
_ARMS = ("claws", "cannon", "twin", "saw", "shield", "flamer")


def _robot_parts(card_id: str) -> tuple[str, str, str, str]:
    if card_id in ROBOT_PARTS:
        return ROBOT_PARTS[card_id]
    h = _seed("robot", card_id)
    return (_LOCOS[h % 6], _HULLS[(h // 6) % 5], _HEADS[(h // 30) % 5], _ARMS[(h // 150) % 6])


def _paint_robot(p: Pen, card_id: str, side: str) -> None:
    loco, hull, head, arms = _robot_parts(card_id)
    ink, acc, cut = p.ink, p.accent, p.cut
    dark = _dark(ink, 0.35)
    # locomotion (under the hull)
    if loco == "treads":
        p.rect(-0.78, 0.42, 0.78, 0.9, dark, 0.2)
        p.rect(-0.72, 0.48, 0.72, 0.84, ink, 0.17)
        for x in (-0.5, -0.17, 0.17, 0.5):
            p.circle(x, 0.66, 0.12, cut)
    elif loco in ("legs2", "tripod"):
        xs = (-0.3, 0.3) if loco == "legs2" else (-0.42, 0.0, 0.42)
        for x in xs:
            s = -1 if x < 0 else (1 if x > 0 else 0)
            p.line([(x * 0.6, 0.38), (x + s * 0.12, 0.62), (x, 0.86)], 0.13, ink)
            p.rect(x - 0.16, 0.84, x + 0.16, 0.94, ink, 0.03)
    elif loco in ("legs4", "legs6"):
        n = 2 if loco == "legs4" else 3
        for i in range(n):
            spread = 0.5 + 0.2 * i
            for s in (-1, 1):
                p.line([(s * 0.2, 0.3), (s * (spread + 0.18), 0.12 + 0.1 * i), (s * (spread + 0.3), 0.88)], 0.08, ink)
    elif loco == "wheels":
        for x in (-0.5, 0.0, 0.5):
            p.circle(x, 0.7, 0.22, ink)
            p.circle(x, 0.7, 0.09, cut)
        p.rect(-0.7, 0.42, 0.7, 0.52, dark)
    elif loco == "hover":
        p.poly([(-0.55, 0.45), (0.55, 0.45), (0.4, 0.62), (-0.4, 0.62)], dark)
        for x in (-0.3, 0.0, 0.3):
            p.poly([(x - 0.09, 0.62), (x + 0.09, 0.62), (x, 0.92)], acc)
    # arms behind the hull
    if arms == "wings":
        for s in (-1, 1):
            p.poly([(s * 0.2, -0.1), (s * 0.95, -0.55), (s * 0.85, -0.2), (s * 0.95, 0.05), (s * 0.25, 0.2)], dark)
    elif arms == "rotors":
        for s in (-1, 1):
            p.line([(s * 0.3, 0.0), (s * 0.7, -0.35)], 0.08, ink)
            p.rect(s * 0.7 - 0.3, -0.44, s * 0.7 + 0.3, -0.36, ink, 0.04)
            p.circle(s * 0.7, -0.36, 0.07, acc)
    # hull
    if hull == "box":
        p.rect(-0.45, -0.2, 0.45, 0.46, ink, 0.08)
        p.rect(-0.3, 0.0, 0.3, 0.3, dark, 0.05)
    elif hull == "trap":
        p.poly([(-0.6, -0.2), (0.6, -0.2), (0.38, 0.46), (-0.38, 0.46)], ink)
        p.line([(-0.3, 0.1), (0.3, 0.1)], 0.06, dark)
    elif hull == "round":
        p.circle(0, 0.12, 0.4, ink)
        p.circle(0, 0.12, 0.22, dark)
    elif hull == "hex":
        p.ngon(0, 0.12, 0.43, 6, 30, ink)
        p.ngon(0, 0.12, 0.22, 6, 30, dark)
    elif hull == "tall":
        p.rect(-0.3, -0.3, 0.3, 0.46, ink, 0.1)
        for y in (-0.1, 0.08, 0.26):
            p.line([(-0.18, y), (0.18, y)], 0.05, dark)
    elif hull == "cargo":
        p.rect(-0.7, -0.25, 0.7, 0.46, ink, 0.06)
        for x in (-0.45, -0.15, 0.15, 0.45):
            p.line([(x, -0.15), (x, 0.36)], 0.05, dark)
    # head
    top = -0.2 if hull not in ("tall", "cargo") else (-0.3 if hull == "tall" else -0.25)
    if head == "dome":
        p.circle(0, top, 0.24, ink)
        p.rect(-0.16, top - 0.06, 0.16, top + 0.02, acc)
    elif head == "box":
        p.rect(-0.2, top - 0.34, 0.2, top, ink, 0.04)
        p.circle(0, top - 0.17, 0.07, acc)
    elif head == "visor":
        p.rect(-0.24, top - 0.3, 0.24, top, ink, 0.1)
        p.rect(-0.18, top - 0.2, 0.18, top - 0.12, acc)
    elif head == "eye":
        p.circle(0, top - 0.12, 0.2, ink)
        p.circle(0, top - 0.12, 0.11, acc)
        p.circle(0.03, top - 0.15, 0.04, (255, 255, 255))
    elif head == "eyes":
        for x in (-0.14, 0.0, 0.14):
            p.circle(x, 0.0, 0.06, acc)
    elif head == "antenna":
        p.rect(-0.18, top - 0.24, 0.18, top, ink, 0.04)
        p.line([(0.1, top - 0.24), (0.25, top - 0.55)], 0.04, ink)
        p.circle(0.25, top - 0.55, 0.06, acc)
        p.circle(-0.06, top - 0.12, 0.05, acc)
    # arms in front
    if arms == "claws":
        for s in (-1, 1):
            p.line([(s * 0.42, 0.0), (s * 0.68, 0.12), (s * 0.72, 0.4)], 0.1, ink)
            p.line([(s * 0.72, 0.4), (s * 0.85, 0.52)], 0.07, ink)
            p.line([(s * 0.72, 0.4), (s * 0.6, 0.56)], 0.07, ink)
    elif arms in ("cannon", "rail"):
        p.rect(0.35, -0.05, 0.6, 0.15, ink)
        length = 0.95 if arms == "cannon" else 0.98
        p.rect(0.55, 0.0, length, 0.1, ink)
        if arms == "rail":
            p.rect(0.55, -0.08, 0.98, -0.03, acc)
            p.rect(0.55, 0.13, 0.98, 0.18, acc)
        else:
            p.rect(length - 0.08, -0.04, length, 0.14, ink)
    elif arms == "twin":
        for s in (-1, 1):
            p.line([(s * 0.42, 0.05), (s * 0.66, 0.05)], 0.12, ink)
            p.line([(s * 0.66, -0.02), (s * 0.66, -0.42)], 0.08, ink)
            p.line([(s * 0.58, -0.02), (s * 0.58, -0.36)], 0.06, ink)
    elif arms == "saw":
        for s in (-1, 1):
            p.line([(s * 0.4, 0.1), (s * 0.66, 0.1)], 0.1, ink)
            p.star(s * 0.72, 0.1, 0.24, n=8, inner=0.72, colour=ink)
            p.circle(s * 0.72, 0.1, 0.07, cut)
    elif arms == "shield":
        p.poly([(-0.86, -0.3), (-0.5, -0.36), (-0.5, 0.4), (-0.68, 0.56), (-0.86, 0.4)], ink)
        p.line([(-0.68, -0.22), (-0.68, 0.36)], 0.05, acc)
        p.line([(0.42, 0.05), (0.7, 0.2)], 0.1, ink)
    elif arms == "flamer":
        p.line([(0.42, 0.1), (0.72, 0.1)], 0.14, ink)
        p.poly([(0.72, 0.0), (0.98, -0.2), (0.88, 0.1), (0.98, 0.4), (0.72, 0.2)], acc)
    elif arms == "mines":
        for x in (-0.7, 0.7):
            p.circle(x, 0.78, 0.1, acc)
            p.line([(x - 0.14, 0.78), (x + 0.14, 0.78)], 0.03, ink)
    elif arms == "mortar":
        p.poly([(0.1, -0.2), (0.3, -0.3), (0.72, -0.86), (0.56, -0.94)], ink)
        p.circle(0.2, -0.24, 0.12, ink)


# Soldier insignia per card: (badge shape, device, count). A card not listed takes them by hash.
SOLDIER_BADGES: dict[str, tuple[str, str, int]] = {
    "scorn": ("diamond", "dagger", 1),
    "comando": ("shield", "dagger", 2),
    "saboteur": ("circle", "wrench", 1),
    "lieutenant": ("shield", "bars", 1),
    "calahan": ("star", "star", 1),
    "nestugov": ("hex", "hook", 1),
    "scout": ("circle", "eye", 1),
    "medic": ("circle", "cross", 1),
    "raider": ("diamond", "arrow", 1),
    "demolition_team": ("square", "bomb", 1),
    "militia": ("shield", "rifle", 1),
    "ranger": ("hex", "arrow", 2),
    "veteran": ("shield", "chevrons", 4),
    "partisan": ("diamond", "flag", 1),
    "grenadier": ("circle", "grenade", 1),
    "captain": ("shield", "bars", 2),
    "ambusher": ("square", "eye", 1),
    "sergeant": ("shield", "chevrons", 3),
    "heavy_gunner": ("square", "rifle", 2),
    "sapper": ("hex", "shovel", 1),
    "rearguard": ("circle", "chevrons", 2),
}
_SHAPES = ("shield", "circle", "diamond", "hex", "square", "star")
_DEVICES = ("chevrons", "bars", "star", "dagger", "arrow", "rifle", "eye", "flag")


def _paint_soldier(p: Pen, card_id: str, side: str) -> None:
    if card_id in SOLDIER_BADGES:
        shape, device, n = SOLDIER_BADGES[card_id]
    else:
        h = _seed("soldier", card_id)
        shape, device, n = _SHAPES[h % 6], _DEVICES[(h // 6) % 8], 1 + (h // 48) % 3
    ink, acc, cut = p.ink, p.accent, p.cut
    rim = _dark(ink, 0.3)
    field = _dark(acc, 0.45)
    # the badge: a rim, a field, an inner line
    for r, colour in ((0.96, rim), (0.86, field)):
        if shape == "shield":
            p.poly([(-0.8 * r, -0.85 * r), (0.8 * r, -0.85 * r), (0.8 * r, 0.1 * r), (0, 0.95 * r), (-0.8 * r, 0.1 * r)], colour)
        elif shape == "circle":
            p.circle(0, 0, 0.9 * r, colour)
        elif shape == "diamond":
            p.poly([(0, -r), (r, 0), (0, r), (-r, 0)], colour)
        elif shape == "hex":
            p.ngon(0, 0, 0.95 * r, 6, 0, colour)
        elif shape == "square":
            p.rect(-0.78 * r, -0.78 * r, 0.78 * r, 0.78 * r, colour, 0.14 * r)
        elif shape == "star":
            p.star(0, 0.05, 1.0 * r, n=6, inner=0.68, colour=colour, turn=-90)
    s = 0.55 if shape in ("diamond", "star") else 0.62
    if device == "chevrons":
        for i in range(n):
            y = -0.38 * s * 1.4 + i * 0.26 * s * 1.4 * (3 / max(3, n))
            p.line([(-0.55 * s * 1.2, y + 0.26), (0, y), (0.55 * s * 1.2, y + 0.26)], 0.11, ink)
        if n >= 4:
            p.star(0, -0.55, 0.16, colour=acc)
    elif device == "bars":
        for i in range(n):
            x = (i - (n - 1) / 2) * 0.32
            p.rect(x - 0.1, -0.5 * s * 1.3, x + 0.1, 0.45 * s * 1.3, ink, 0.03)
    elif device == "star":
        p.star(0, 0.03, 0.55 * s * 1.4, colour=ink)
        for i in range(n - 1):
            p.star(-0.3 + 0.6 * i, -0.6, 0.12, colour=ink)
    elif device == "dagger":
        angles = (0,) if n == 1 else (-35, 35)
        for a in angles:
            ca, sa = math.cos(math.radians(a)), math.sin(math.radians(a))

            def rot(x, y, ca=ca, sa=sa):
                return (x * ca - y * sa, x * sa + y * ca)
            p.poly([rot(0, -0.7 * s * 1.3), rot(0.1, -0.1), rot(0.1, 0.2), rot(-0.1, 0.2), rot(-0.1, -0.1)], ink)
            p.poly([rot(-0.25, 0.2), rot(0.25, 0.2), rot(0.25, 0.28), rot(-0.25, 0.28)], ink)
            p.poly([rot(-0.06, 0.28), rot(0.06, 0.28), rot(0.06, 0.55), rot(-0.06, 0.55)], acc)
    elif device == "arrow":
        for i in range(n):
            y = 0.4 - i * 0.32
            p.arrow([(-0.42, y), (0.35, y - 0.5)], 0.1, 0.22, ink)
    elif device == "rifle":
        angles = (-20,) if n == 1 else (-35, 35)
        for a in angles:
            ca, sa = math.cos(math.radians(a)), math.sin(math.radians(a))

            def rot(x, y, ca=ca, sa=sa):
                return (x * ca - y * sa, x * sa + y * ca)
            p.poly([rot(-0.6, -0.04), rot(0.55, -0.04), rot(0.55, 0.04), rot(-0.6, 0.04)], ink)
            p.poly([rot(-0.62, -0.07), rot(-0.25, -0.07), rot(-0.22, 0.14), rot(-0.62, 0.18)], ink)
            p.poly([rot(-0.05, 0.03), rot(0.03, 0.03), rot(0.0, 0.2), rot(-0.08, 0.2)], ink)
    elif device == "eye":
        p.poly([(-0.55, 0), (-0.25, -0.26), (0.25, -0.26), (0.55, 0), (0.25, 0.26), (-0.25, 0.26)], ink)
        p.circle(0, 0, 0.2, field)
        p.circle(0, 0, 0.09, acc)
    elif device == "cross":
        p.rect(-0.14, -0.48, 0.14, 0.48, (236, 232, 220))
        p.rect(-0.48, -0.14, 0.48, 0.14, (236, 232, 220))
        p.rect(-0.08, -0.42, 0.08, 0.42, (190, 44, 40))
        p.rect(-0.42, -0.08, 0.42, 0.08, (190, 44, 40))
    elif device == "wrench":
        p.line([(-0.35, 0.38), (0.2, -0.17)], 0.14, ink)
        p.circle(0.28, -0.26, 0.22, ink)
        p.rect(0.24, -0.52, 0.36, -0.26, field)
    elif device == "hook":
        p.arc(0, 0.12, 0.3, 0, 200, 0.11, ink)
        p.line([(0.3, 0.12), (0.3, -0.5)], 0.11, ink)
        p.circle(0.3, -0.55, 0.1, acc)
    elif device == "bomb":
        p.circle(-0.05, 0.1, 0.38, ink)
        p.line([(0.2, -0.2), (0.35, -0.45)], 0.1, ink)
        p.star(0.42, -0.55, 0.16, n=6, colour=(236, 190, 80))
    elif device == "flag":
        p.line([(-0.35, 0.55), (-0.35, -0.55)], 0.08, ink)
        p.poly([(-0.32, -0.55), (0.45, -0.4), (0.1, -0.25), (0.45, -0.1), (-0.32, -0.08)], acc)
    elif device == "grenade":
        p.circle(0, 0.12, 0.32, ink)
        p.rect(-0.12, -0.35, 0.12, -0.16, ink)
        p.line([(0.12, -0.3), (0.32, -0.45)], 0.06, ink)
        for x in (-0.12, 0.12):
            p.line([(x, -0.12), (x, 0.38)], 0.04, field)
    elif device == "shovel":
        p.line([(0, -0.5), (0, 0.1)], 0.09, ink)
        p.rect(-0.16, -0.6, 0.16, -0.52, ink)
        p.poly([(-0.22, 0.08), (0.22, 0.08), (0.2, 0.4), (0, 0.55), (-0.2, 0.4)], ink)


def _paint_building(p: Pen, card_id: str, side: str) -> None:
    ink, acc, cut = p.ink, p.accent, p.cut
    dark = _dark(ink, 0.35)
    p.rect(-0.95, 0.72, 0.95, 0.8, dark)  # the ground line
    if card_id == "bunker":
        p.poly([(-0.8, 0.72), (-0.7, 0.1), (-0.3, -0.2), (0.3, -0.2), (0.7, 0.1), (0.8, 0.72)], ink)
        p.rect(-0.45, 0.12, 0.45, 0.22, cut)
        for i, x in enumerate((-0.8, -0.5, -0.2, 0.1, 0.4, 0.7)):
            p.circle(x + 0.1, 0.66, 0.1, dark)
    elif card_id == "electromagnetic_field":
        for s in (-1, 1):
            p.poly([(s * 0.7, 0.72), (s * 0.6, -0.5), (s * 0.52, -0.5), (s * 0.42, 0.72)], ink)
            p.circle(s * 0.56, -0.58, 0.12, acc)
        for r in (0.28, 0.48):
            p.arc(0, -0.58, r, 20, 160, 0.06, acc)
            p.arc(0, -0.58, r, 200, 340, 0.06, acc)
    elif card_id == "emp_cannon":
        p.rect(-0.45, 0.3, 0.45, 0.72, ink, 0.05)
        p.poly([(-0.2, 0.3), (0.2, 0.3), (0.1, 0.0), (-0.1, 0.0)], ink)
        p.arc(0.0, -0.05, 0.55, 200, 340, 0.12, ink)
        p.line([(0, 0.0), (0.3, -0.55)], 0.08, ink)
        p.bolt(0.45, -0.6, 0.28, acc)
    elif card_id == "barricade":
        for a, b in (((-0.8, 0.72), (-0.1, -0.1)), ((-0.1, 0.72), (-0.8, -0.1)), ((0.1, 0.72), (0.8, -0.1)), ((0.8, 0.72), (0.1, -0.1))):
            p.line([a, b], 0.1, ink)
        p.rect(-0.9, 0.2, 0.9, 0.32, dark)
        for x in (-0.6, 0.0, 0.6):
            p.rect(x - 0.25, 0.5, x + 0.25, 0.7, ink, 0.08)
    elif card_id == "minefield":
        for x, y in ((-0.55, 0.6), (0.0, 0.66), (0.5, 0.58)):
            p.poly([(x - 0.22, y + 0.1), (x - 0.14, y - 0.06), (x + 0.14, y - 0.06), (x + 0.22, y + 0.1)], ink)
            p.rect(x - 0.03, y - 0.14, x + 0.03, y - 0.06, acc)
        p.line([(0.65, 0.72), (0.65, -0.45)], 0.06, ink)
        p.poly([(0.65, -0.45), (0.1, -0.3), (0.65, -0.15)], acc)
        p.star(-0.35, -0.25, 0.2, n=8, inner=0.5, colour=(236, 190, 80))
    elif card_id == "field_hospital":
        p.poly([(-0.9, 0.72), (0, -0.4), (0.9, 0.72)], ink)
        p.poly([(-0.18, 0.72), (0, 0.3), (0.18, 0.72)], cut)
        p.rect(-0.1, -0.05, 0.1, 0.25, (190, 44, 40))
        p.rect(-0.2, 0.05, 0.2, 0.15, (190, 44, 40))
    elif card_id == "radio_tower":
        p.poly([(-0.4, 0.72), (-0.06, -0.6), (0.06, -0.6), (0.4, 0.72)], ink)
        p.poly([(-0.26, 0.72), (-0.02, -0.3), (0.02, -0.3), (0.26, 0.72)], cut)
        for y in (-0.2, 0.15, 0.45):
            w = 0.1 + (y + 0.6) * 0.22
            p.line([(-w, y), (w, y)], 0.05, ink)
        p.circle(0, -0.66, 0.08, acc)
        for r in (0.26, 0.44):
            p.arc(0, -0.66, r, -60, 20, 0.06, acc)
            p.arc(0, -0.66, r, 160, 240, 0.06, acc)
    else:  # a Building the art does not know: a block with windows chosen from its id
        h = _seed("building", card_id)
        floors = 1 + h % 3
        p.rect(-0.6, 0.72 - 0.42 * floors, 0.6, 0.72, ink)
        for f in range(floors):
            for i in range(1 + (h >> (f + 2)) % 3):
                x = -0.4 + i * 0.35
                p.rect(x, 0.72 - 0.42 * (f + 1) + 0.1, x + 0.18, 0.72 - 0.42 * f - 0.12, cut)


def _paint_equipment(p: Pen, card_id: str, side: str) -> None:
    """A module plate with pins, and the device on it."""
    ink, acc, cut = p.ink, p.accent, p.cut
    dark = _dark(ink, 0.4)
    p.rect(-0.72, -0.72, 0.72, 0.72, dark, 0.14)
    p.rect(-0.62, -0.62, 0.62, 0.62, _dark(cut, -0.0), 0.1)
    for i in range(4):
        t = -0.45 + 0.3 * i
        for a, b in (((t, -0.92), (t, -0.72)), ((t, 0.72), (t, 0.92)), ((-0.92, t), (-0.72, t)), ((0.72, t), (0.92, t))):
            p.line([a, b], 0.06, dark)
    if card_id == "contamination":
        for x, y, r in ((-0.22, -0.05, 0.2), (0.22, -0.05, 0.2), (0.0, 0.3, 0.2)):
            p.circle(x, y + 0.05, r, acc)
            p.poly([(x - r * 0.9, y), (x, y - r * 2.0), (x + r * 0.9, y)], acc)
    elif card_id == "net":
        p.circle(0, 0, 0.5, ink, 0.05)
        for i in range(-2, 3):
            t = i * 0.2
            half = math.sqrt(max(0.0, 0.25 - t * t))
            p.line([(t, -half), (t, half)], 0.035, ink)
            p.line([(-half, t), (half, t)], 0.035, ink)
    elif card_id == "kasparov":
        for i in range(4):
            for j in range(4):
                if (i + j) % 2 == 0:
                    p.rect(-0.44 + 0.22 * i, -0.44 + 0.22 * j, -0.22 + 0.22 * i, -0.22 + 0.22 * j, ink)
        p.circle(0.22, -0.22, 0.1, acc)
    elif card_id == "power_core":
        p.rect(-0.28, -0.45, 0.28, 0.5, ink, 0.1)
        p.rect(-0.12, -0.55, 0.12, -0.45, ink)
        p.bolt(0, 0.03, 0.38, acc)
    elif card_id == "servo_booster":
        p.rect(-0.18, -0.1, 0.18, 0.52, ink, 0.04)
        p.rect(-0.07, -0.52, 0.07, -0.1, ink)
        p.rect(-0.3, -0.6, 0.3, -0.48, ink, 0.04)
        p.arrow([(0.42, 0.3), (0.42, -0.35)], 0.07, 0.16, acc)
        p.arrow([(-0.42, 0.3), (-0.42, -0.35)], 0.07, 0.16, acc)
    elif card_id == "jump_jets":
        for x in (-0.22, 0.22):
            p.rect(x - 0.14, -0.5, x + 0.14, 0.1, ink, 0.08)
            p.poly([(x - 0.14, 0.1), (x + 0.14, 0.1), (x + 0.2, 0.22), (x - 0.2, 0.22)], ink)
            p.poly([(x - 0.14, 0.24), (x + 0.14, 0.24), (x, 0.6)], acc)
    elif card_id == "reactive_armor":
        for i, y in enumerate((-0.36, -0.02, 0.32)):
            for j in range(3 - (i % 2)):
                x = -0.3 + 0.3 * j + (0.15 if i % 2 else 0)
                p.ngon(x, y, 0.16, 6, 30, ink)
        p.circle(0.42, 0.42, 0.09, acc)
    elif card_id == "overcharger":
        p.circle(0, 0, 0.46, acc, 0.07)
        p.bolt(0, 0, 0.42, ink)
        for a in (0, 90, 180, 270):
            x, y = math.cos(math.radians(a + 45)) * 0.52, math.sin(math.radians(a + 45)) * 0.52
            p.circle(x, y, 0.05, acc)
    else:
        h = _seed("equipment", card_id)
        p.ngon(0, 0, 0.4, 3 + h % 5, (h // 5) % 60, ink)


def _paint_instant(p: Pen, card_id: str, side: str) -> None:
    ink, acc, cut = p.ink, p.accent, p.cut
    dark = _dark(ink, 0.35)
    if card_id == "emp_attack":
        p.star(0, 0, 0.9, n=12, inner=0.7, colour=dark)
        p.circle(0, 0, 0.6, cut)
        p.bolt(0, 0, 0.55, acc)
        p.arc(0, 0, 0.72, 200, 250, 0.05, ink)
        p.arc(0, 0, 0.72, 20, 70, 0.05, ink)
    elif card_id.startswith("move"):
        # a unit token carried from one city to the next; Moloch's goes right-down, the Outpost's right-up
        up = -1 if side == "outpost" else 1
        p.rect(-0.9, -0.25 * up - 0.25, -0.5, -0.25 * up + 0.25, dark, 0.06)
        p.rect(0.5, 0.25 * up - 0.25, 0.9, 0.25 * up + 0.25, dark, 0.06)
        pts = [(-0.7 + 1.2 * t / 10, -0.25 * up - 0.1 * up + (-0.55 * math.sin(math.pi * t / 10)) + 0.5 * up * t / 10)
               for t in range(11)]
        p.arrow(pts, 0.13, 0.3, ink)
        p.circle(-0.7, -0.25 * up, 0.12, acc)
    elif card_id == "sniper":
        p.circle(0, 0, 0.65, ink, 0.08)
        p.circle(0, 0, 0.3, ink, 0.05)
        for a, b in (((0, -0.9), (0, -0.35)), ((0, 0.35), (0, 0.9)), ((-0.9, 0), (-0.35, 0)), ((0.35, 0), (0.9, 0))):
            p.line([a, b], 0.07, ink)
        p.circle(0, 0, 0.08, acc)
    elif card_id == "sabotage_the_convoy":
        for s in (-1, 1):
            p.circle(s * 0.48, s * 0.2, 0.3, ink, 0.1)
        p.star(0, 0, 0.28, n=7, inner=0.4, colour=acc)
        p.line([(-0.95, 0.7), (0.95, 0.7)], 0.06, dark)
        for x in (-0.6, -0.2, 0.2, 0.6):
            p.line([(x - 0.1, 0.78), (x + 0.1, 0.62)], 0.05, dark)
    elif card_id == "dig_in":
        p.poly([(-0.95, 0.2), (-0.5, 0.2), (-0.35, 0.55), (0.35, 0.55), (0.5, 0.2), (0.95, 0.2), (0.95, 0.8), (-0.95, 0.8)], dark)
        p.line([(0.1, -0.8), (0.35, 0.0)], 0.08, ink)
        p.poly([(0.22, -0.08), (0.5, -0.16), (0.58, 0.2), (0.45, 0.34), (0.3, 0.24)], ink)
        p.rect(-0.02, -0.88, 0.2, -0.8, ink)
        p.rect(-0.3, 0.32, 0.3, 0.42, acc)
    elif card_id == "push_back":
        p.rect(0.55, -0.8, 0.75, 0.8, dark)
        p.arrow([(0.4, 0.0), (-0.55, 0.0)], 0.22, 0.45, ink)
        for y in (-0.45, 0.45):
            p.arrow([(0.35, y), (-0.2, y)], 0.07, 0.18, acc)
    elif card_id == "artillery_strike":
        p.poly([(-0.55, -0.9), (-0.35, -0.95), (0.05, -0.2), (-0.12, -0.12)], ink)
        p.poly([(0.05, -0.2), (-0.12, -0.12), (-0.02, 0.0)], ink)
        p.star(0.15, 0.4, 0.55, n=9, inner=0.5, colour=acc)
        p.star(0.15, 0.4, 0.25, n=9, inner=0.5, colour=(250, 220, 130))
        p.rect(-0.95, 0.8, 0.95, 0.88, dark)
    elif card_id == "scrap_recovery":
        p.star(0, 0, 0.5, n=10, inner=0.78, colour=ink)
        p.circle(0, 0, 0.2, cut)
        p.arc(0, 0, 0.75, 200, 470, 0.08, acc)
        p.arrow([(0.72 * math.cos(math.radians(100)), 0.72 * math.sin(math.radians(100))),
                 (0.72 * math.cos(math.radians(120)), 0.72 * math.sin(math.radians(120)))], 0.08, 0.2, acc)
    else:
        h = _seed("instant", card_id)
        p.star(0, 0, 0.8, n=4 + h % 6, inner=0.35 + (h // 6 % 4) * 0.1, colour=ink)
        p.circle(0, 0, 0.15, acc)


def _paint_generic(p: Pen, card_id: str, side: str) -> None:
    h = _seed("card", card_id)
    p.ngon(0, 0, 0.8, 3 + h % 6, h % 90, p.ink)


_EMBLEM_PAINTERS: dict[str, Callable[[Pen, str, str], None]] = {
    "robot": _paint_robot, "soldier": _paint_soldier, "building": _paint_building,
    "equipment": _paint_equipment, "instant": _paint_instant,
}


# ------------------------------------------------------------------------------- city cards

CITY_RED, CITY_GREEN = (150, 38, 30), (56, 108, 48)


def _result_icon(p: Pen, steps) -> None:
    ink = p.ink
    op = steps[0].op if steps else ""
    if op == "mill":
        n = steps[0].n
        for i in range(n):
            p.rect(-0.55 + 0.22 * i, -0.7 + 0.1 * i, 0.25 + 0.22 * i, 0.55 + 0.1 * i, _dark(ink, 0.2 * (n - 1 - i)), 0.1)
        p.line([(-0.75, 0.8), (0.75, 0.8)], 0.12, p.accent)
    elif op == "reveal_two":
        p.poly([(-0.85, 0), (-0.4, -0.45), (0.4, -0.45), (0.85, 0), (0.4, 0.45), (-0.4, 0.45)], ink)
        p.circle(0, 0, 0.3, p.cut)
        p.circle(0, 0, 0.14, p.accent)
    elif op == "destroy_sector":
        p.rect(-0.7, -0.5, 0.7, 0.6, ink, 0.08)
        p.line([(-0.1, -0.5), (0.1, -0.1), (-0.15, 0.2), (0.05, 0.6)], 0.12, p.cut)
        if steps[0].apply:
            p.star(0.6, -0.6, 0.35, colour=p.accent)


def _sector_icon(p: Pen, sector_id: str) -> None:
    ink, acc = p.ink, p.accent
    if sector_id == "bomb":
        p.circle(-0.05, 0.15, 0.55, ink)
        p.line([(0.3, -0.3), (0.5, -0.6)], 0.12, ink)
        p.star(0.6, -0.72, 0.25, n=6, colour=(240, 190, 80))
    elif sector_id == "to_new_york":
        for x, hh in ((-0.1, 0.9), (0.25, 1.2), (0.6, 0.7)):
            p.rect(x - 0.15, 0.75 - hh, x + 0.15, 0.75, ink)
        p.arrow([(-0.9, 0.3), (-0.35, 0.3)], 0.12, 0.3, acc)
    elif sector_id == "reinforce":
        p.rect(-0.14, -0.6, 0.14, 0.6, ink)
        p.rect(-0.6, -0.14, 0.6, 0.14, ink)
    elif sector_id == "salvage":
        p.rect(-0.45, -0.6, 0.35, 0.5, ink, 0.1)
        p.arrow([(0.7, 0.6), (0.7, -0.5)], 0.12, 0.3, acc)
    elif sector_id == "supplies":
        p.rect(-0.65, -0.35, 0.65, 0.65, ink, 0.06)
        p.line([(-0.65, 0.05), (0.65, 0.05)], 0.08, p.cut)
        p.line([(0, -0.35), (0, 0.65)], 0.08, p.cut)
        p.rect(-0.4, -0.7, 0.4, -0.35, ink)
    elif sector_id == "crossfire":
        p.line([(-0.75, -0.75), (0.75, 0.75)], 0.14, ink)
        p.line([(-0.75, 0.75), (0.75, -0.75)], 0.14, ink)
        p.circle(0, 0, 0.3, acc)
    elif sector_id == "fuel_depot":
        p.rect(-0.5, -0.55, 0.5, 0.75, ink, 0.12)
        for y in (-0.2, 0.3):
            p.line([(-0.5, y), (0.5, y)], 0.07, p.cut)
        p.rect(-0.15, -0.75, 0.15, -0.55, ink)
    elif sector_id == "extra":
        p.rect(-0.6, -0.6, 0.6, 0.6, ink, 0.1)
        p.rect(-0.1, -0.4, 0.1, 0.4, p.cut)
        p.rect(-0.4, -0.1, 0.4, 0.1, p.cut)


def _feature_icon(p: Pen) -> None:
    """The city feature (the Outpost's only): a gear-toothed wrench on a green badge."""
    p.star(0, 0, 0.95, n=8, inner=0.8, colour=p.ink)
    p.circle(0, 0, 0.55, p.accent)
    p.line([(-0.3, 0.3), (0.25, -0.25)], 0.14, p.ink)
    p.circle(0.3, -0.3, 0.16, p.ink)


def _glyph(out: pygame.Surface, centre: tuple[int, int], size: int, paint: Callable[[Pen], None], ink: RGB, accent: RGB, cut: RGB) -> None:
    if size < 4:
        return
    img = _smooth_square(size, paint, ink, accent, cut, factor=4)
    out.blit(img, img.get_rect(center=centre))


def _stations(out: pygame.Surface, ctx, rect: pygame.Rect, n: int, colour: RGB) -> int:
    """n small station slots and the number; returns the x after them."""
    font = _font(ctx, rect.height * 0.78, True)
    x = rect.left
    img = widgets.text(out, str(n), font, (250, 246, 236), (x, rect.centery), "midleft", shadow=True)
    x = img.right + max(2, rect.height // 6)
    s = max(3, rect.height // 3)
    cols = (n + 1) // 2
    for i in range(n):
        cx = x + (i % cols) * (s + 1)
        cy = rect.centery - s - 1 + (i // cols) * (s + 2) + (s // 2 if n == 1 else 0)
        pygame.draw.rect(out, _light(colour, 0.55), (cx, cy, s, s))
    return x + cols * (s + 1) + max(2, rect.height // 5)


CITY_RATIO = 130 / 180  # height / width of a city card as the table lays it (about 180x130 at 1280x720)
# px: the narrowest city card of that shape whose texts all read whole in every language (its
# name, the victory results); narrower, or taller than that shape (a set-up screen's cards were
# drawn 148x185: 'Clevel…', 'Destroy anoth…'), the name and the results are cut. The fonts are
# in pixels, not UI units: the same at every text size. tests/ui/test_convoy_setup_cities.py.
CITY_LEAST_W = 130


def city_size(width: int, height: int) -> tuple[int, int] | None:
    """The largest city card of the table's shape (CITY_RATIO) in `width` x `height`, or None
    when it would be narrower than CITY_LEAST_W (its texts cut)."""
    w = min(width, int(height / CITY_RATIO))
    if w < CITY_LEAST_W:
        return None
    return w, round(w * CITY_RATIO)


def draw_city(surface: pygame.Surface, ctx, rect: pygame.Rect, content, city_id: str, *, destroyed: bool = False,
              sectors_destroyed: tuple[int, ...] = (), battle_sector: int | None = None, feature_used: bool = False,
              extra_sector: bool = False) -> list[pygame.Rect]:
    """A city card filling `rect`: the red edge at the top (Moloch's stations and victory result),
    number and name, the row of sectors with their effect icons (the Extra Sector spot at its
    end), the feature and its Used marker, the green edge at the bottom (the Outpost's). The
    destroyed side when `destroyed`. Returns each sector's rectangle in order (with the extra
    sector last when `extra_sector`), for clicks and drops. Rendered once per look and kept."""
    rect = pygame.Rect(rect)
    city = next((c for c in content.cities if c.id == city_id), None)
    if city is None or rect.width < 16 or rect.height < 16:
        return []
    key = (id(content), city_id, rect.size, destroyed, tuple(sectors_destroyed), battle_sector, feature_used, extra_sector,
           _("Destroyed"), face_body(ctx))
    image, rel = _CITIES.get(key, lambda: _render_city(ctx, content, city, rect.size, destroyed, tuple(sectors_destroyed),
                                                       battle_sector, feature_used, extra_sector))
    surface.blit(image, rect)
    return [r.move(rect.topleft) for r in rel]


_CITIES = widgets.Memo(60)


SECTOR_LABEL_LEAST = 7  # px: the least size a sector's name is drawn at on its chip
EXTRA_SPOT = 0.4  # the empty Extra Sector spot's width, in chips
SECTOR_LABEL_SQUEEZE = 1.2  # a chip's line may be drawn this much narrower (_blit_line) where no line fits it


def sector_labels(ctx, names: list[str], width: int, height: int, size: float) -> list[tuple[list[str], pygame.font.Font]] | None:
    """Each sector chip's name whole, as (lines, font): on up to three lines (between words, a
    long word broken between syllables: the kit's name_fit), from `size` down to
    SECTOR_LABEL_LEAST, in `width` pixels (a line drawn up to SECTOR_LABEL_SQUEEZE narrower),
    in the lower half of the chip's `height` at most (its icon above). Every chip's name or
    none (None): on a city too small for them, the table's at 1280x720 where a chip is 24 px
    wide, one line cut them to 'Δια…', 'Επι…' ('Διασταυρούμενα Πυρά', 'Επιπλέον Τομέας'), so
    the chips show their icons, as the printed card does, and the city hovered, shown large,
    names them (ConvoyTable's hovered city)."""
    if width < 8:
        return None
    # About one size for every chip, the largest that holds them all (a name on one line a
    # little smaller, else a long word broken at it rather than drawn smaller): sized by the
    # chip alone, below the body size (face_body), 'Crossfire' read at 7 px at 1920x1080.
    for px in range(max(SECTOR_LABEL_LEAST, round(size)), SECTOR_LABEL_LEAST - 1, -1):
        out = []
        for name in names:
            # Each name at its chip's width first (a size smaller, or broken between syllables):
            # squeezed only where no such line fits at this size. A one-line Hungarian
            # 'Erősítés' at 1920x1080 was drawn squeezed, the room a fifth wider for every name.
            for room in (width, round(width * SECTOR_LABEL_SQUEEZE)):
                got = fit_name(lambda n: _font(ctx, n, True), name, room, px, max(SECTOR_LABEL_LEAST, round(px * 0.85)), 3)
                font = _font(ctx, got.size, True)
                if got.fits and len(got.lines) * (font.get_linesize() - 1) + 2 <= height // 2:
                    out.append((list(got.lines), font))
                    break
            else:
                break
        else:
            return out
    return None


def _render_city(ctx, content, city, size, destroyed, sectors_destroyed, battle_sector, feature_used,
                 extra_sector) -> tuple[pygame.Surface, list[pygame.Rect]]:
    rect = pygame.Rect((0, 0), size)
    city_id = city.id
    w, h = rect.size
    unit = min(w / 180, h / 130)  # a city card of about 180x130 is the table's at 1280x720
    radius = max(3, round(8 * unit))
    edge = max(10, round(h * 0.17))
    out = pygame.Surface(rect.size, pygame.SRCALPHA)
    full = out.get_rect()
    body = (196, 184, 150) if not destroyed else (74, 70, 66)
    pygame.draw.rect(out, (26, 24, 22), full, border_radius=radius)
    pygame.draw.rect(out, body, full.inflate(-2, -2), border_radius=radius)
    if not destroyed:  # a faint street grid
        for x in range(0, w, max(6, round(16 * unit))):
            pygame.draw.line(out, _dark(body, 0.06), (x, edge), (x, h - edge))
        for y in range(edge, h - edge, max(6, round(16 * unit))):
            pygame.draw.line(out, _dark(body, 0.06), (0, y), (w, y))
    else:  # rubble: cracks from the middle
        rnd = _seed("ruin", city_id)
        for i in range(7):
            a = math.radians((rnd >> i) % 360 + i * 51)
            x0, y0 = w / 2, h / 2
            pts = [(x0, y0)]
            for j in range(1, 4):
                pts.append((x0 + math.cos(a + 0.3 * ((rnd >> (i + j)) % 3 - 1)) * w * 0.18 * j,
                            y0 + math.sin(a) * h * 0.15 * j))
            pygame.draw.lines(out, (40, 38, 36), False, pts, max(1, round(2 * unit)))
    top = pygame.Rect(2, 2, w - 4, edge)
    bottom = pygame.Rect(2, h - 2 - edge, w - 4, edge)
    red = CITY_RED if not destroyed else (92, 56, 52)
    green = CITY_GREEN if not destroyed else (58, 74, 54)
    pygame.draw.rect(out, red, top, border_top_left_radius=radius, border_top_right_radius=radius)
    pygame.draw.rect(out, green, bottom, border_bottom_left_radius=radius, border_bottom_right_radius=radius)
    pad = max(3, round(6 * unit))
    for band, stations, steps, colour in ((top, city.stations[0], city.moloch_win, red),
                                         (bottom, city.stations[1], city.outpost_win, green)):
        if destroyed:
            continue
        inner = band.inflate(-2 * pad, -max(2, edge // 5))
        x = _stations(out, ctx, inner, stations, colour)
        ic = inner.height
        _glyph(out, (x + ic // 2, inner.centery), ic, lambda p, s=steps: _result_icon(p, s), (246, 240, 226),
               (250, 210, 110), _dark(colour, 0.2))
        x += ic + max(2, pad // 2)
        room = inner.right - x
        caption = victory_result(steps)
        if room > 24:
            lines, font = _word_fit(ctx, caption, room, max(8, edge * 0.42), 7, lines=2)
            step = font.get_linesize() - 1
            y0 = inner.centery - step * (len(lines) - 1) / 2
            for i, line in enumerate(lines):
                widgets.text(out, line, font, (246, 240, 226), (x, round(y0 + i * step)), "midleft", shadow=True)
    # header: number and name, the feature at the right
    head_h = max(12, round((h - 2 * edge) * 0.36))
    head = pygame.Rect(pad, edge + 2 + max(1, pad // 3), w - 2 * pad, head_h)
    nr = max(6, head_h // 2)
    disc = (head.left + nr, head.centery)
    pygame.draw.circle(out, (20, 20, 22), disc, nr)
    pygame.draw.circle(out, (236, 228, 206) if not destroyed else (150, 144, 136), disc, nr - max(1, nr // 6))
    widgets.text(out, str(city.number), _font(ctx, nr * 1.3, True), (30, 26, 22), (disc[0], disc[1] + 1), "center")
    feat_size = head_h
    feat_c = (head.right - feat_size // 2, head.centery)
    name_room = head.width - 2 * nr - feat_size - 3 * pad
    name_colour = (34, 30, 26) if not destroyed else (200, 194, 186)
    big = min(head_h * 0.62, 30 * unit + 6)
    lines, font = _word_fit(ctx, _(city.name), name_room, big, max(8, big * 0.7), lines=1)
    if lines[-1].endswith("\u2026") and head_h >= 22:
        lines, font = _word_fit(ctx, _(city.name), name_room, min(big, head_h * 0.45), 8, lines=2)
    step = font.get_linesize() - 1
    y0 = head.centery - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        widgets.text(out, line, font, name_colour, (head.left + 2 * nr + pad, round(y0 + i * step)), "midleft")
    if not destroyed and not feature_used:
        _glyph(out, feat_c, feat_size, _feature_icon, (230, 224, 200), CITY_GREEN, (0, 0, 0))
    elif not destroyed:
        # the stamp of the City Feature Used token: its own short word (the Greek 'used',
        # 'χρησιμοποιήθηκε', was squeezed past reading into the icon's width), on a tag as
        # wide as the word up to 9/5 of the icon, leftwards no further than the city's name.
        # Under the feature's emblem, made smaller in its slot: laid over it, the tag hid the
        # emblem a player reads the city's feature by.
        word = capitals(pgettext("convoy feature token", "used"))
        t = pygame.Rect(0, 0, feat_size, max(8, round(feat_size * 0.44)))
        small = max(6, feat_size - t.height - 1)
        _glyph(out, (feat_c[0], head.top + small // 2), small, _feature_icon, (230, 224, 200), CITY_GREEN, (0, 0, 0))
        uf = _font(ctx, t.height * 0.7, True)
        name_right = head.left + 2 * nr + pad + max(font.size(line)[0] for line in lines)
        t.width = max(feat_size, min(uf.size(word)[0] + 4, feat_size * 9 // 5, head.right - 1 - name_right - pad))
        t.midtop = (feat_c[0], head.top + small + 1)
        t.right = min(t.right, head.right - 1)
        pygame.draw.rect(out, (30, 28, 26), t, border_radius=max(2, t.height // 3))
        pygame.draw.rect(out, (236, 200, 90), t, 1, border_radius=max(2, t.height // 3))
        _blit_line(out, word, uf, (236, 200, 90), t.center, t.width - 2, shadow=False)
    # the sector row
    row = pygame.Rect(pad, head.bottom + max(2, pad // 2), w - 2 * pad, h - edge - max(2, pad // 2) - head.bottom - max(2, pad // 2) - 2)
    n = len(city.sectors)
    gap = max(2, round(4 * unit))
    # The Extra Sector spot is always there (its token may lie on it). Empty, it is an outline
    # narrower than a chip (EXTRA_SPOT of one): a chip as wide as it gave the Greek sector names
    # 34-38 px at 1920x1080, 'Διασταυ-' 'ρούμε-' 'να Πυρά' at 8 px.
    sw = (row.width - gap * n) // (n + 1) if extra_sector else int((row.width - gap * n) / (n + EXTRA_SPOT))
    rects: list[pygame.Rect] = []
    ids = list(city.sectors) + ["extra"]
    named = ids if extra_sector else ids[:-1]  # the printed Extra Sector spot is an outline, unnamed
    labels = sector_labels(ctx, [_(content.sectors[s].name) for s in named], sw - 4, row.height,
                           max(SECTOR_LABEL_LEAST, min(sw * 0.16, row.height * 0.2), face_body(ctx)))
    label_h = max(len(ls) * (f.get_linesize() - 1) for ls, f in labels) + 2 if labels else 0
    for i, sid in enumerate(ids):
        r = pygame.Rect(row.left + i * (sw + gap), row.top, sw, row.height)
        sector = content.sectors[sid]
        is_extra = i == n
        if is_extra and not extra_sector:
            # the printed spot: a dashed outline, the rest of the row
            r.width = max(2, row.right - r.left)
            dash = max(3, round(5 * unit))
            col = _dark(body, 0.35)
            for x in range(r.left, r.right, dash * 2):
                pygame.draw.line(out, col, (x, r.top), (min(x + dash, r.right), r.top))
                pygame.draw.line(out, col, (x, r.bottom - 1), (min(x + dash, r.right), r.bottom - 1))
            for y in range(r.top, r.bottom, dash * 2):
                pygame.draw.line(out, col, (r.left, y), (r.left, min(y + dash, r.bottom)))
                pygame.draw.line(out, col, (r.right - 1, y), (r.right - 1, min(y + dash, r.bottom)))
            if r.width > 10:
                _glyph(out, r.center, min(r.width - 2, row.height // 2), lambda p: p.rect(-0.1, -0.6, 0.1, 0.6) or p.rect(-0.6, -0.1, 0.6, -0.1 + 0.2),
                       col, col, col)
            continue
        chip_col = (62, 64, 70) if not is_extra else (92, 84, 64)
        gone = destroyed or i in sectors_destroyed
        if gone:
            chip_col = (48, 44, 42)
        pygame.draw.rect(out, (20, 20, 22), r, border_radius=max(2, round(4 * unit)))
        pygame.draw.rect(out, chip_col, r.inflate(-2, -2), border_radius=max(2, round(4 * unit)))
        ic_area = pygame.Rect(r.left, r.top + 1, r.width, r.height - label_h - 2)
        isz = min(ic_area.width - 4, ic_area.height - 4)
        if sid != "blank" and isz >= 6 and not (destroyed and not gone):
            _glyph(out, ic_area.center, isz, lambda p, s=sid: _sector_icon(p, s), (232, 226, 210), (236, 180, 70), chip_col)
        if sector.star and isz >= 6:
            st = max(5, isz // 3)
            _glyph(out, (r.right - st // 2 - 2, r.top + st // 2 + 2), st, lambda p: p.star(0, 0, 0.95, colour=(246, 206, 90)),
                   (0, 0, 0), (0, 0, 0), (0, 0, 0))
        if labels:  # the name's lines at the chip's foot, under its icon
            lines, f2 = labels[i]
            step = f2.get_linesize() - 1
            for k, line in enumerate(lines):
                _blit_line(out, line, f2, (236, 230, 214), (r.centerx, r.bottom - 2 - (len(lines) - k) * step + step // 2),
                           r.width - 4)
        if gone:
            shade = pygame.Surface(r.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 120))
            out.blit(shade, r)
            wdt = max(2, round(3 * unit))
            c = (200, 60, 48)
            m = max(3, min(r.width, r.height) // 5)
            pygame.draw.line(out, c, (r.left + m, r.top + m), (r.right - m, r.bottom - m), wdt)
            pygame.draw.line(out, c, (r.left + m, r.bottom - m), (r.right - m, r.top + m), wdt)
        if battle_sector == i:
            tr = max(5, min(r.width, r.height) // 2 - 1)

            def target(p: Pen) -> None:
                p.circle(0, 0, 0.95, (250, 190, 60), 0.16)
                p.circle(0, 0, 0.45, (250, 190, 60), 0.14)
                for a, b in (((0, -1), (0, -0.6)), ((0, 0.6), (0, 1)), ((-1, 0), (-0.6, 0)), ((0.6, 0), (1, 0))):
                    p.line([a, b], 0.12, (250, 190, 60))

            tr = max(5, min(r.width, r.height) // 4)
            _glyph(out, (r.left + tr, r.top + tr), 2 * tr, target, (0, 0, 0), (0, 0, 0), (0, 0, 0))
            pygame.draw.rect(out, (250, 190, 60), r, max(2, round(2 * unit)), border_radius=max(2, round(4 * unit)))
        rects.append(r)
    if destroyed:
        # the destroyed side: a red band across the card with the word
        band = top.inflate(0, 0)
        strip = pygame.Surface(band.size, pygame.SRCALPHA)
        strip.fill((120, 28, 24, 210))
        out.blit(strip, band)
        df = _font(ctx, band.height * 0.6, True)
        _blit_line(out, capitals(_("Destroyed")), df, (246, 230, 220), band.center, band.width - 8)
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), full, border_radius=radius)
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out, rects
