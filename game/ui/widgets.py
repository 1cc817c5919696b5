"""Small drawing helpers shared by the scenes: text, wrapped text, panels and buttons.

Text is laid out and rendered once per change (issue 19: a table frame re-wrapped every text of
its panels, 700-800 `Font.size` calls, and rendered about 100 of them): `wrap`, `elide` and the
rendered lines are kept by (font, text, width or colour) in bounded caches, so drawing the same
words again is a blit. A cached surface is never changed after it is made (a shadow has its own).
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import pygame

from game import i18n
from game.i18n import capitals
from game.ui.hyphenate import breaks, joints
from game.ui.scene import Action, Context

RGB = tuple[int, int, int]


class Memo:
    """A bounded cache, oldest use dropped first: text layouts and rendered lines (a game's log
    grows without end; the fonts of every zoom step and UI scale come and go)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._items: OrderedDict = OrderedDict()

    def get(self, key, make):
        items = self._items
        got = items.get(key)
        if got is None:
            got = items[key] = make()
            if len(items) > self.limit:
                items.popitem(last=False)
        else:
            items.move_to_end(key)
        return got


# (font, text, colour, shadow) -> surface: a few screens of text (a frame shows 100-200 lines,
# a log line at 1920 wide is about 25 KB: the bound keeps it under 40 MB)
_RENDERED = Memo(1500)
_LAID_OUT = Memo(6000)  # (kind, font, text, width) -> lines or elided text


def rendered(font: pygame.font.Font, s: str, colour: RGB) -> pygame.Surface:
    """`font.render(s, True, colour)`, made once; the caller must not change it."""
    return _RENDERED.get((font, s, tuple(colour), False), lambda: font.render(s, True, colour))


def _shadow(font: pygame.font.Font, s: str) -> pygame.Surface:
    def make() -> pygame.Surface:
        shade = font.render(s, True, (0, 0, 0))
        shade.set_alpha(150)
        return shade

    return _RENDERED.get((font, s, (0, 0, 0), True), make)


def text(surface: pygame.Surface | None, s: str, font: pygame.font.Font, colour: RGB, pos: tuple[int, int],
         anchor: str = "topleft", shadow: bool = False) -> pygame.Rect:
    """One line of text; returns its rectangle. With no surface it is laid out, not drawn (a
    side-panel section measured by the function that draws it: GameTable.section_height)."""
    image = rendered(font, s, colour)
    rect = image.get_rect(**{anchor: pos})
    if surface is None:
        return rect
    if shadow:
        shade = _shadow(font, s)
        offset = max(1, font.get_height() // 16)
        surface.blit(shade, rect.move(offset, offset))
    surface.blit(image, rect)
    return rect


def text_bound(s: str, font: pygame.font.Font, colour: RGB, pos: tuple[int, int], anchor: str = "topleft",
               shadow: bool = False) -> pygame.Rect:
    """Every pixel `text` with the same arguments draws (its shadow too), without drawing."""
    rect = rendered(font, s, colour).get_rect(**{anchor: pos})
    if shadow:
        offset = max(1, font.get_height() // 16)
        rect = rect.union(rect.move(offset, offset))
    return rect


def elide(text: str, font: pygame.font.Font, width: int) -> str:
    """`text` cut with an ellipsis to fit `width` pixels."""
    return _LAID_OUT.get(("elide", font, text, width), lambda: _elide(text, font, width))


def _elide(text: str, font: pygame.font.Font, width: int) -> str:
    if font.size(text)[0] <= width:
        return text
    while len(text) > 1 and font.size(text + "\u2026")[0] > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def elide_middle(text: str, font: pygame.font.Font, width: int, sep: str = "  \u2022  ") -> str:
    """`text` made of fields joined by `sep` (a table's toolbar title: the game, the scenario,
    the turn) cut to `width` pixels in its longest field but the last, the others whole (at
    125% in 1280x720 Level 7's Greek title lost its turn: '... Φόβου  •  Σειρ…'); cut at its
    end as `elide` cuts when that is not enough or there is one field."""
    return _LAID_OUT.get(("elide_middle", font, text, width, sep), lambda: _elide_middle(text, font, width, sep))


def _elide_middle(text: str, font: pygame.font.Font, width: int, sep: str) -> str:
    parts = text.split(sep)
    if font.size(text)[0] <= width or len(parts) < 2:
        return _elide(text, font, width)
    # The longest field but the last (the turn): Doom's and Gears' titles begin with the
    # scenario's name ('Térdig vérben gázolva  •  1. kör  •…' lost the frags at 125%).
    m = max(range(len(parts) - 1), key=lambda i: font.size(parts[i])[0])
    room = width - font.size(sep.join(parts[:m] + [""] + parts[m + 1:]))[0]
    if room < font.size("\u2026")[0] * 4:  # too little of the field would be left to read:
        # the others whole without it ('Στάδιο 1/2  •  Σειρά 3': Gears' Greek toolbar at 125% in
        # 1280x720 read 'Οδοφράγματα  •  Στάδιο 1/…', the turn lost, and Doom's, beside
        # 'Αποφασίζει: Κόκκινος πεζοναύτης', 'Ως τα γόνατα στους ν…', the round and frags
        # gone; the name is in a side section), else cut at the end.
        rest = sep.join(parts[:m] + parts[m + 1:])
        return rest if font.size(rest)[0] <= width else _elide(text, font, width)
    return sep.join(parts[:m] + [_elide(parts[m], font, room)] + parts[m + 1:])


def wrap(s: str, font: pygame.font.Font, width: int, first: int | None = None,
         break_words: bool = True, hyphenate: bool = False) -> list[str]:
    """Greedy word wrap into lines of `width` pixels, the first of `first` pixels when given (a
    title beside a count). A word longer than its line is broken by characters (a long path);
    with `hyphenate` (words of the language: a card's rules text) it is broken where the
    language's hyphenation allows, with a hyphen, or after a dash of its own
    ('tengerész-' 'gyalogos-' 'támadás', not 'tengerészgyal' 'ogos-támadá' 's'), by
    characters only where no such place fits; with `break_words=False` it goes to the next
    line whole (a narrower first line is then left empty), and a word wider than every line is
    cut with an ellipsis as `elide` cuts."""
    key = ("wrap", font, s, width, first, break_words, hyphenate, i18n.language())
    return list(_LAID_OUT.get(key, lambda: tuple(_held_or_plain(s, font, width, first, break_words, hyphenate))))


def _held_or_plain(s: str, font: pygame.font.Font, width: int, first: int | None,
                   break_words: bool, hyphenate: bool) -> list[str]:
    """The lines with each article held to its word, where that costs no line: holding them
    took a line more in a small card's text or a two-line log reason, and a text that had fit
    its room was cut ('…') or set smaller."""
    held = _wrap(s, font, width, first, break_words, hyphenate)
    if not any(_held(w) for w in s.split()):
        return held
    plain = _wrap(s, font, width, first, break_words, hyphenate, hold=False)
    return held if len(held) <= len(plain) else plain


# Words a line does not end with (the language's articles; any one-letter word is held too):
# a Greek save's invader seat broke as 'Ο' / 'εισβολέας', a Hungarian 'a' / 'vörös tengerészgyalogos'.
ARTICLES = {"el": frozenset({"ο", "η", "το", "οι", "τα", "τη", "την", "τον", "του", "της", "των", "τις", "τους"}),
            "hu": frozenset({"a", "az", "egy"})}


def _held(word: str) -> bool:
    """Whether `word` stays on the line of the word after it."""
    return (len(word) == 1 and word.isalpha()) or word.lower() in ARTICLES.get(i18n.language(), ())


def _words(paragraph: str, font: pygame.font.Font, width: int, hold: bool = True) -> list[str]:
    """The paragraph's words, an article (or a one-letter word) joined to the word after it as
    one unbreakable word where the two fit a line together (with `hold`)."""
    words = paragraph.split(" ")
    if not hold:
        return words
    out: list[str] = []
    for word in words:
        if out and _held(out[-1].rsplit(" ", 1)[-1]) and word and font.size(f"{out[-1]} {word}")[0] <= width:
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out


def _wrap(s: str, font: pygame.font.Font, width: int, first: int | None = None,
          break_words: bool = True, hyphenate: bool = False, hold: bool = True) -> list[str]:
    lines: list[str] = []
    room = width if first is None else first  # the current line's width
    for paragraph in s.split("\n"):
        line = ""
        for word in _words(paragraph, font, width, hold):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= room:
                line = candidate
                continue
            if not break_words:
                if line or room < width:  # the word whole on the next line
                    lines.append(line)
                    room = width
                line = word if font.size(word)[0] <= room else elide(word, font, room)
                continue
            if line:
                lines.append(line)
                room = width
            while font.size(word)[0] > room and len(word) > 1:
                head = _hyphen_head(word, font, room) if hyphenate else None
                if head is None:
                    cut = len(word)
                    while cut > 1 and font.size(word[:cut])[0] > room:
                        cut -= 1
                    head = (word[:cut], cut)
                lines.append(head[0])
                room = width
                word = word[head[1]:]
            line = word
        lines.append(line)
        room = width
    return lines


def _hyphen_head(word: str, font: pygame.font.Font, room: int) -> tuple[str, int] | None:
    """The longest start of `word` that fits `room` ending where the word may be broken (with
    its hyphen, or after its own dash), and where the rest starts; None if none fits. A joint
    (after the dash, between a compound's members: hyphenate.joints) first, if one fits:
    'tengerész-' 'gyalogos', not 'tengerészgyalo-' 'gos'."""
    options = breaks(word)
    best = joints(word)
    for preferred in (True, False):
        for at, mark in reversed(options):
            if preferred and at not in best:
                continue
            head = word[:at] + mark
            if font.size(head)[0] <= room:
                return head, at
    return None


def wrap_most(s: str, font: pygame.font.Font, width: int, most: int) -> list[str]:
    """`wrap` into at most `most` lines; when the text needs more, the last line ends with an
    ellipsis (a longer translation is cut visibly, never silently)."""
    lines = wrap(s, font, width)
    if len(lines) <= most:
        return lines
    return lines[:most - 1] + [elide(lines[most - 1] + " " + lines[most], font, width)]


def text_block(surface: pygame.Surface | None, s: str, font: pygame.font.Font, colour: RGB, rect: pygame.Rect,
               line_gap: float = 1.25, hyphenate: bool = False) -> int:
    """Wrapped text inside `rect`; returns the y below the last line. Text that does not fit
    ends with an ellipsis on the last line that does (a longer translation is cut visibly,
    never in mid-sentence without a mark). With no surface: laid out only. `hyphenate`: a word
    too long for a line breaks as `wrap` says."""
    y = rect.top
    step = int(font.get_linesize() * line_gap)
    lines = wrap(s, font, rect.width, hyphenate=hyphenate)
    room = 0
    while room < len(lines) and rect.top + room * step + font.get_height() <= rect.bottom:
        room += 1
    for n, line in enumerate(lines[:room]):
        if surface is not None:
            if n == room - 1 and room < len(lines):
                line = elide(line + " " + lines[room], font, rect.width)
            surface.blit(rendered(font, line, colour), (rect.left, y))
        y += step
    return y


def block_font(ctx: Context, text: str, rect: pygame.Rect, size: float, least: int = 9, line_gap: float = 1.25,
               bold: bool = False) -> pygame.font.Font:
    """The font (from `size` UI units down to `least` pixels) at which `text_block` sets `text`
    whole in `rect` with `line_gap`: a set-up screen's notes at 125% in 1280x720 ended in '…'
    ('Μια πόλη χωρίς τομείς πέφτει και η φάλαγγα προχ…'). The least size when none does."""
    def pick() -> pygame.font.Font:
        for px_ in range(ctx.px(size), least - 1, -1):
            font = ctx.assets.font(px_, bold)
            lines = len(wrap(text, font, rect.width))
            if (lines - 1) * int(font.get_linesize() * line_gap) + font.get_height() <= rect.height:
                return font
        return ctx.assets.font(least, bold)
    return _LAID_OUT.get(("block_font", ctx.font(size, bold), text, rect.size, least, line_gap), pick)


def fitted_font(ctx: Context, text: str, rect: pygame.Rect, largest: int, smallest: int,
                hyphenate: bool = False) -> pygame.font.Font:
    """The largest font size (pixels, `largest` down to `smallest`) at which `text` wraps into
    `rect`, its words whole if any size allows (a long word of a translation, 'Pókmutáns' or
    'Cyberdemon' on a hand card, is not broken while a smaller size keeps it whole); wrapped as
    `wrap` does with `hyphenate`."""
    words = text.split()
    broken = None
    for size in range(largest, smallest - 1, -1):
        font = ctx.assets.font(size)
        if len(wrap(text, font, rect.width, hyphenate=hyphenate)) * font.get_linesize() <= rect.height:
            if all(font.size(w)[0] <= rect.width for w in words):
                return font
            broken = broken or font
    return broken or ctx.assets.font(smallest)


def line_font(ctx: Context, s: str, width: int, largest: int, smallest: int, bold: bool = False) -> pygame.font.Font:
    """The largest font (UI units, `largest` down to `smallest`) at which `s` fits on one line
    of `width` pixels; the smallest if none does (the caller elides then). A Greek or Hungarian
    label is often half again as long as the English one it replaces."""
    def pick() -> pygame.font.Font:
        for size in range(largest, smallest, -1):
            font = ctx.font(size, bold)
            if font.size(s)[0] <= width:
                return font
        return ctx.font(smallest, bold)
    return _LAID_OUT.get(("line_font", ctx.font(largest, bold), ctx.font(smallest, bold), s, width), pick)


def heading(surface: pygame.Surface | None, ctx: Context, s: str, x: int, y: int, width: int | None = None) -> int:
    """A section heading (small capitals in the accent colour); returns the y below it. Within
    `width` pixels when given: smaller down to 9, then elided (the Greek set-up heading 'ΣΠΟΡΟΣ
    (ΜΟΙΡΑΣΤΕΙΤΕ ΤΟΝ ΓΙΑ ΝΑ ΞΑΝΑΠΑΙΧΤΕΙ...' ran out of its panel at 125% in 1280x720)."""
    words = capitals(s)
    font = ctx.font(12, bold=True) if width is None else line_font(ctx, words, width, 12, 9, bold=True)
    if width is not None:
        words = elide(words, font, width)
    r = text(surface, words, font, ctx.palette.accent, (x, y))
    return r.bottom + ctx.px(4)


def pips(surface: pygame.Surface | None, ctx: Context, x: int, y: int, filled: int, total: int, colour) -> int:
    """A row of `total` small circles, the first `filled` filled (health, a hand against its
    limit); returns the x after the row (with no surface, only that)."""
    r = ctx.px(5)
    for i in range(total if surface is not None else 0):
        c = (x + r + i * (2 * r + ctx.px(3)), y + r)
        if i < filled:
            pygame.draw.circle(surface, colour, c, r)
        pygame.draw.circle(surface, (200, 200, 200), c, r, 1)
    return x + total * (2 * r + ctx.px(3))


def panel(surface: pygame.Surface, ctx: Context, rect: pygame.Rect, alpha: int = 255) -> None:
    pal = ctx.palette
    image = ctx.assets.panel("ui/panel.png", rect.width, rect.height, pal.panel, pal.panel_edge)
    if alpha < 255:
        image = _SEE_THROUGH.get((image, alpha), lambda: _with_alpha(image.copy(), alpha))
    surface.blit(image, rect)


_SEE_THROUGH = Memo(32)  # (surface, alpha) -> a copy with that alpha: the panels


def _with_alpha(image: pygame.Surface, alpha: int) -> pygame.Surface:
    image.set_alpha(alpha)
    return image


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """The surface darkened as a black sheet `alpha` opaque blended over it would: each channel
    multiplied by (255 - alpha) / 256 (a multiply fill, issue 19: the alpha blit of a full-screen
    black sheet cost 2.2 ms of CPU at 1920x1080, this 0.4 ms; the two differ by one level of a
    channel, a rounding). Under a clip it dims the clip alone, pixel for pixel as a whole dim."""
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)


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
        font = self.label_font(ctx)
        room = self.label_room(ctx)
        if self.badge:
            text(surface, elide(self.label, font, room), font, colour, (body.left + ctx.px(18), body.centery), "midleft", shadow=True)
            text(surface, self.badge, ctx.font(13), colour, (body.right - ctx.px(14), body.centery), "midright")
        else:
            text(surface, elide(self.label, font, room), font, colour, body.center, "center", shadow=True)

    def label_room(self, ctx: Context) -> int:
        """The width the label may take: the body less its margins (and the badge)."""
        badge = ctx.font(13).size(self.badge)[0] + ctx.px(14) if self.badge else 0
        return self.rect.width - ctx.px(18 if self.badge else 12) * 2 - badge

    def label_font(self, ctx: Context) -> pygame.font.Font:
        """The label's font: 19 px, smaller for a longer label (a translation longer than
        the English, to 13); a label too long even then is cut with an ellipsis."""
        return line_font(ctx, self.label, self.label_room(ctx), 19, 13, bold=True)

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
