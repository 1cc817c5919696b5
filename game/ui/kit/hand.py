"""The hand of cards: a row of card faces (or backs while the hand is hidden), which card the
pointer is over, and that card drawn large enough to read.

Every title's cards use the same 250x350 frame layout (assets/cards/cards.toml: title band, art
box, text box), so one face drawing serves them all; a title names its frame ("order" is the
Gears order card) and says per card what to show and in which state.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from game.i18n import _

from game.ui import widgets
from game.ui.kit.card_art import Motif, draw_motifs
from game.ui.kit.layers import Layer
from game.ui.kit.name_fit import fit_name
from game.ui.scene import Context

CARD_RATIO = 350 / 250  # height / width of every card frame
CARD_STATES = ("normal", "playable", "selected", "dim")
LIFT = 14  # units a selected card is raised above its row (card_face)


def card_face(surface: pygame.Surface, ctx: Context, rect: pygame.Rect, name: str, text: str,
              state: str = "normal", badge: str = "", frame: str = "order", icon: str = "",
              placeholder: bool = False, art_keep: float = 0.0, motifs: Sequence[Motif] = ()) -> None:
    """One card face: frame art, name in the title band, rules text in the text box, and its
    `icon` (a reaction: guard, dodge, follow; "" none) in the title band's left corner.
    `motifs`: what the card does (card_art), drawn in the part of the art window that shows.
    `placeholder`: what the card says is not printed in the rulebooks (verified = false in
    its data): a '*' in the title band's right corner, and a "placeholder" tag over the art
    when the art shows (issue 21 item 7: an owner of the box knows why it differs).

    state: normal | playable | selected (raised and outlined) | dim.
    art_keep: on a small card, whose text takes the art's place, the part of the art (0-1, from
    its top) left showing above the text (draw_hand picks it per card, so that the card's text
    still fits at the size it has with no art kept)."""
    px = ctx.px
    if state == "selected":
        rect = rect.move(0, -px(LIFT))
    image = ctx.assets.image(f"cards/frame_{frame}.png", rect.size)
    surface.blit(image, rect)
    k = rect.width / 250
    title = _title_box(rect)
    body = pygame.Rect(rect.left + round(22 * k), rect.top + round(206 * k), round(206 * k), round(124 * k))
    # The reaction icon keeps the title band's left corner, the '*' mark its right one: the name
    # lies between, on one line or two (name_fit); two lines the band cannot hold lengthen it down.
    icon_r = max(7, round(15 * k))
    fit, band = _name_band(ctx, rect, name, icon, placeholder)
    font = ctx.assets.font(fit.size, bold=True)
    step = font.get_linesize()
    if band.height > title.height:  # the band's own art, stretched to the height it needs
        band_art = image.subsurface(title.move(-rect.left, -rect.top))
        surface.blit(pygame.transform.smoothscale(band_art, band.size), band)
    centre_x = title.left + fit.left + fit.room // 2
    art = _art_box(rect)
    # The art window's part that shows: below a lengthened name band, above a small card's paper.
    picture = pygame.Rect(art.left, max(art.top, band.bottom + round(2 * k)), art.width, 0)
    picture.height = art.bottom - picture.top
    tf = ctx.assets.font(max(8, round(15 * k)))
    gap = 1.0
    strip = False
    if text and _small(ctx, rect, text):
        # A small card (720p hand): the rules text matters more than the art, so it takes the
        # art's place too (below a lengthened name band), at the largest size that fits, on a
        # paper with thin margins; the art keeps a strip under the name band (ART_LEAST: at
        # 1280x720 most cards with a long text had shown no picture) and more above the text
        # where the whole hand's texts leave room (art_keep).
        paper, body = _small_paper(rect, band, art, k, art_keep)
        strip = True
        smallest = ctx.assets.font(TEXT_SMALLEST)
        if not _fits(text, smallest, body):
            # Still too long (the Greek Ambush on a 7-card hand at 720p): the lines a little
            # closer, then no strip (the paper right under the name band): the text is whole at
            # the least size before the picture shows.
            # Last, the paper out to the frame's inner edge (the Hungarian and Greek Ambush on the
            # 89 px cards of a 7-card hand at 1280x720, where the strip has its least height).
            for least, gap, thin in ((ART_LEAST, TIGHT_GAP, False), (0.0, 1.0, False), (0.0, TIGHT_GAP, False),
                                     (0.0, TIGHT_GAP, True)):
                paper, body = _small_paper(rect, band, art, k, 0.0, least, thin)
                strip = least > 0
                if _fits(text, smallest, body, gap):
                    break
        pygame.draw.rect(surface, (226, 218, 196), paper, border_radius=max(2, round(6 * k)))
        picture.height = max(0, min(picture.bottom, paper.top - round(2 * k)) - picture.top)
        tf = widgets.fitted_font(ctx, text, body, max(px(12), min(px(15), round(16 * k))), TEXT_SMALLEST,
                                 hyphenate=True)
    art_covered = body.top < art.bottom
    widgets.text_block(surface, text, tf, (30, 28, 24), body, line_gap=gap, hyphenate=True)
    beside = None
    if motifs and not badge and art_covered and not strip and len(fit.lines) == 1:
        # No room for a strip of art (the Greek Ambush on a 7-card hand at 1280x720): the
        # picture goes beside the name, the name moved to the band's left, where both fit.
        left = title.left + fit.left + round(4 * k)
        name_w = font.size(fit.lines[0])[0]
        box = pygame.Rect(left + name_w + round(4 * k), band.top + 1, 0, band.height - 2)
        box.width = title.left + fit.left + fit.room - round(2 * k) - box.left
        if draw_motifs(None, box, motifs, lambda n: ctx.assets.font(n, bold=True), least=STRIP_MARK):
            beside, centre_x = box, left + name_w // 2
    top = band.centery - (len(fit.lines) * step) // 2
    for n, line in enumerate(fit.lines):
        widgets.text(surface, line, font, (240, 234, 216), (centre_x, top + n * step + step // 2), "center", shadow=True)
    if beside is not None:
        draw_motifs(surface, beside, motifs, lambda n: ctx.assets.font(n, bold=True),
                    lambda path, n: ctx.assets.image(path, (n, n)), least=STRIP_MARK)
    elif motifs and not badge:
        if placeholder and not art_covered and k >= 0.75:  # the placeholder tag's strip stays clear
            picture.height = max(0, picture.height - _placeholder_tag(ctx, art, k)[0].height - round(8 * k))
        # A small card's strip of art: its marks from STRIP_MARK pixels, with a thinner inset.
        box = picture.inflate(-round(4 * k), 0) if strip else picture.inflate(-round(8 * k), -round(6 * k))
        draw_motifs(surface, box, motifs, lambda n: ctx.assets.font(n, bold=True),
                    lambda path, n: ctx.assets.image(path, (n, n)), least=STRIP_MARK if strip else MARK_LEAST)
    if placeholder:
        mark = ctx.assets.font(max(10, round(22 * k)), bold=True)
        widgets.text(surface, "*", mark, PLACEHOLDER_COLOUR, (title.right - round(2 * k), band.centery), "midright", shadow=True)
        if not art_covered and k >= 0.75:
            tag, label, tag_font = _placeholder_tag(ctx, art, k)
            pygame.draw.rect(surface, (40, 34, 22), tag, border_radius=max(2, round(5 * k)))
            pygame.draw.rect(surface, PLACEHOLDER_COLOUR, tag, 1, border_radius=max(2, round(5 * k)))
            widgets.text(surface, label, tag_font, PLACEHOLDER_COLOUR, tag.center, "center")
    if badge:
        bf = ctx.assets.font(max(10, round(30 * k)), bold=True)
        widgets.text(surface, badge, bf, (240, 234, 216), art.center, "center", shadow=True)
    if icon:
        reaction_icon(surface, (title.left + icon_r - round(4 * k), title.top + icon_r + round(2 * k)), icon_r, icon)
    if state in ("playable", "selected"):
        pygame.draw.rect(surface, ctx.palette.accent, rect.inflate(px(4), px(4)), width=max(2, px(3)), border_radius=px(10))
    elif state == "dim":
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, rect)


def _placeholder_tag(ctx: Context, art: pygame.Rect, k: float) -> tuple[pygame.Rect, str, pygame.font.Font]:
    """The "* placeholder" tag in the art window's lower right corner: its rect, words, font."""
    tag_font = ctx.assets.font(max(9, round(13 * k)), bold=True)
    label = "* " + _("placeholder")
    tw, th = tag_font.size(label)
    tag = pygame.Rect(0, 0, tw + round(12 * k), th + round(4 * k))
    tag.bottomright = (art.right - round(6 * k), art.bottom - round(6 * k))
    return tag, label, tag_font


PLACEHOLDER_COLOUR = (240, 196, 90)  # the "not in the rulebooks" mark, on cards and panels
NAME_SMALLEST = 8  # px: the least size a card's name is drawn at (the 720p hand's cards)
# px: the least size a small card's rules text is drawn at. The Greek Ambush (the longest Order
# card) needs it on the 720p hand's cards, where at 8 px it ended in '…' (the hovered card
# shows it large): small type whole reads better than a cut sentence.
TEXT_SMALLEST = 7
TIGHT_GAP = 0.9  # the line spacing of a small card's text that fits no other way
THIN_EDGE = 8  # frame units (of 250) from a card's edge to a small card's paper that fits no other way (12)
# The part of the art window's height a small card keeps as a strip above its text at least (the
# picture says what the card does; art_keep gives it more where its text keeps its size so),
# and the least size of the strip's marks (card_art.draw_motifs).
ART_LEAST = 0.2
STRIP_MARK = 8
MARK_LEAST = 14
NAME_LINES = 4  # a long Hungarian name on a 68 px card: 'Pokollovag' / 'vagy démon–' / 'pókmutáns'


@dataclass(frozen=True)
class NameFit:
    """How a card's name is drawn in its title band: the font size (bold), its lines (up to
    NAME_LINES, fitted by kit.name_fit.fit_name), the room each line has and where that room
    starts from the band's left edge. `fits` is False when no size down to NAME_SMALLEST holds
    the name whole: then its one line is cut with an ellipsis."""
    size: int
    lines: tuple[str, ...]
    left: int
    room: int
    fits: bool


def _name_band(ctx: Context, rect: pygame.Rect, name: str, icon: str, placeholder: bool) -> tuple[NameFit, pygame.Rect]:
    """How the card's name is fitted (name_fit) and the title band that holds it: the frame's
    band, lengthened downward for a name on more lines than it holds."""
    k = rect.width / 250
    title = _title_box(rect)
    fit = name_fit(ctx, name, rect.width, bool(icon), placeholder)
    step = ctx.assets.font(fit.size, bold=True).get_linesize()
    return fit, pygame.Rect(title.left, title.top, title.width, max(title.height, len(fit.lines) * step + round(8 * k)))


def _art_box(rect: pygame.Rect) -> pygame.Rect:
    """The frame's picture window."""
    k = rect.width / 250
    return pygame.Rect(rect.left + round(18 * k), rect.top + round(58 * k), round(214 * k), round(138 * k))


def _small(ctx: Context, rect: pygame.Rect, text: str) -> bool:
    """Whether a card at `rect` sets `text` on a small card's paper over its art: a card too
    small for the frame's own text box, or whose text does not fit there."""
    k = rect.width / 250
    if round(15 * k) < ctx.px(12):
        return True
    tf = ctx.assets.font(max(8, round(15 * k)))
    body = pygame.Rect(0, 0, round(206 * k), round(124 * k))
    return len(widgets.wrap(text, tf, body.width, hyphenate=True)) * tf.get_linesize() > body.height


def _small_paper(rect: pygame.Rect, band: pygame.Rect, art: pygame.Rect, k: float,
                 art_keep: float, least: float | None = None, thin: bool = False) -> tuple[pygame.Rect, pygame.Rect]:
    """A small card's paper (over the art, below the name band and `art_keep` of the art, and
    at least a strip of `least` of the art's height under the band, ART_LEAST unless said) and
    the text's box inside it. The paper reaches near the frame's edges, with thin margins: the
    strip's room comes from there, not from the text's size. `thin`: the paper out to the
    frame's inner edge (THIN_EDGE), for a text no other way holds."""
    least = ART_LEAST if least is None else least
    picture = max(art.top, band.bottom + round(2 * k))
    strip = picture + round(art.height * least) + round(2 * k) if least else band.bottom + round(3 * k)
    top = max(art.top + round(art.height * art_keep), strip)
    edge = THIN_EDGE if thin else 12
    paper = pygame.Rect(rect.left + round(edge * k), top, rect.width - round(2 * edge * k), rect.bottom - round(edge * k) - top)
    return paper, paper.inflate(-round(8 * k), -round(6 * k))


# The art a hand's small cards keep above their text, most first; below these, the strip of
# ART_LEAST that _small_paper always leaves.
ART_KEEPS = (1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.25)


def art_keep(ctx: Context, size: tuple[int, int], faces: Sequence[tuple[str, str, str, bool]]) -> float:
    """How much of the art (ART_KEEPS, or 0: the strip of ART_LEAST) a hand of small cards of
    `size` keeps above the text: the most with which every card's text (name, text, icon,
    placeholder) is drawn at the size it has with the least art (as widgets.fitted_font
    measures): the art never makes a text smaller. draw_hand asks it per card (a face each); 0
    on a card large enough to show art and text in their own places. A large card whose text
    does not fit the frame's text box (the Greek Active Reload at 1920x1080) is a small one: it
    had shown only the strip, over a paper half empty."""
    rect = pygame.Rect((0, 0), size)
    k = rect.width / 250
    px = ctx.px
    if not any(text and _small(ctx, rect, text) for _n, text, _i, _p in faces):
        return 0.0  # a card large enough to show art and text in their own places
    art = _art_box(rect)
    largest = max(px(12), min(px(15), round(16 * k)))
    bands = [_name_band(ctx, rect, name, icon, placeholder)[1] for name, _text, icon, placeholder in faces]
    texts = [(text, band) for (_n, text, _i, _p), band in zip(faces, bands) if text]

    def size_at(text: str, band: pygame.Rect, keep: float) -> int:
        """The text's size with `keep` of the art; 0 where it is not whole at any."""
        body = _small_paper(rect, band, art, k, keep)[1]
        font = widgets.fitted_font(ctx, text, body, largest, TEXT_SMALLEST, hyphenate=True)
        whole = len(widgets.wrap(text, font, body.width, hyphenate=True)) * font.get_linesize() <= body.height
        return font.get_height() if whole else 0

    least = [size_at(text, band, 0.0) for text, band in texts]
    for keep in ART_KEEPS:
        if all(size_at(text, band, keep) >= max(n, 1) for (text, band), n in zip(texts, least)):
            return keep
    return 0.0


def _fits(text: str, font: pygame.font.Font, body: pygame.Rect, gap: float = 1.0) -> bool:
    """`text` wraps into `body` at `font` whole (as widgets.text_block lays it with `gap`)."""
    n = len(widgets.wrap(text, font, body.width, hyphenate=True))
    return (n - 1) * int(font.get_linesize() * gap) + font.get_height() <= body.height


def _title_box(rect: pygame.Rect) -> pygame.Rect:
    """The frame's title band (assets/cards/cards.toml title_rect) on a card drawn at `rect`."""
    k = rect.width / 250
    return pygame.Rect(rect.left + round(16 * k), rect.top + round(14 * k), round(218 * k), round(36 * k))


def name_fit(ctx: Context, name: str, width: int, icon: bool = False, placeholder: bool = False) -> NameFit:
    """How card_face draws `name` on a card `width` pixels wide with (or without) a reaction
    icon and the placeholder mark, by the kit's one fitting rule (name_fit.fit_name): one line
    at the card's size or a little smaller; else more lines between words, the largest size at
    which they hold, down to NAME_SMALLEST; else a long word broken between syllables. A
    Hungarian or Greek name ('Visszafojtott lélegzet', 'Αντιπερισπασμός') runs longer than the
    English one."""
    return _NAMES.get((name, width, icon, placeholder, ctx.assets), lambda: _name_fit(ctx, name, width, icon, placeholder))


def _name_fit(ctx: Context, name: str, width: int, icon: bool, placeholder: bool) -> NameFit:
    k = width / 250
    title_w = round(218 * k)
    left = 2 * max(7, round(15 * k)) - round(4 * k) if icon else 0
    room = title_w - left - (max(8, round(22 * k)) if placeholder else 0)
    largest = max(9, round(18 * k))
    got = fit_name(lambda size: ctx.assets.font(size, bold=True), name, room, largest, NAME_SMALLEST, NAME_LINES)
    return NameFit(got.size, got.lines, left, room, got.fits)


_NAMES = widgets.Memo(512)

ICON_COLOURS = {"guard": (200, 60, 50), "dodge": (60, 130, 200), "follow": (70, 160, 90)}


def reaction_icon(surface: pygame.Surface, centre: tuple[int, int], r: int, kind: str) -> None:
    """An order card's reaction icon, drawn as vectors (our own marks, not the box's art): Guard
    a crosshair, Dodge a zigzag arrow sideways, Follow two chevrons forward; another kind its
    initial. Shape tells them apart, not colour alone."""
    x, y = centre
    pygame.draw.circle(surface, (18, 18, 20), centre, r + 2)
    pygame.draw.circle(surface, ICON_COLOURS.get(kind, (120, 120, 120)), centre, r)
    ink, w = (248, 244, 232), max(2, r // 5)
    if kind == "guard":
        pygame.draw.circle(surface, ink, centre, round(r * 0.55), w)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            pygame.draw.line(surface, ink, (x + dx * r * 0.3, y + dy * r * 0.3), (x + dx * r * 0.85, y + dy * r * 0.85), w)
    elif kind == "dodge":
        pts = [(x - r * 0.6, y + r * 0.35), (x - r * 0.15, y - r * 0.3), (x + r * 0.15, y + r * 0.3), (x + r * 0.6, y - r * 0.35)]
        pygame.draw.lines(surface, ink, False, pts, w)
        pygame.draw.polygon(surface, ink, [(x + r * 0.75, y - r * 0.5), (x + r * 0.35, y - r * 0.45), (x + r * 0.62, y - r * 0.08)])
    elif kind == "follow":
        for off in (-0.35, 0.2):
            cx = x + r * off
            pygame.draw.lines(surface, ink, False, [(cx - r * 0.2, y - r * 0.45), (cx + r * 0.2, y), (cx - r * 0.2, y + r * 0.45)], w)
    else:
        font = pygame.font.Font(None, max(10, round(r * 1.6)))
        widgets.text(surface, kind[:1].upper(), font, ink, centre, "center")


def card_back(surface: pygame.Surface, ctx: Context, rect: pygame.Rect, deck: str) -> None:
    surface.blit(ctx.assets.image(f"cards/back_{deck}.png", rect.size), rect)


# Pixels of window height the map keeps under the toolbar and the prompt line before a hand strip
# grows past its title's height (strip_height): at 1280x720 none is spare, so those layouts stay.
MAP_LEAST = 640


def strip_height(ctx: Context, window_h: int, above: int, now: int, row_w: int, full: int) -> int:
    """The hand strip's height: the title's `now`, grown toward the height at which a full hand
    (`full` cards) fills its row (`row_w` wide) side by side, while the map keeps MAP_LEAST
    pixels under the `above` the toolbar and prompt take. At 1920x1080 a strip of a fifth of the
    window had a 6-7 card hand's cards 131 px wide, the row's right third empty (at 125% text
    size too): the cards now use the row, larger, their text with them."""
    px = ctx.px
    count = max(1, full)
    fill = round((row_w - (count - 1) * px(8)) / count * CARD_RATIO) + px(26)
    return max(now, min(fill, window_h - above - MAP_LEAST))


def lay_out(ctx: Context, row: pygame.Rect, n: int) -> list[pygame.Rect]:
    """Where n cards lie in `row`: side by side when they fit at a readable width, else fanned
    (overlapping, each still showing a strip to point at)."""
    px = ctx.px
    gap = px(8)
    room = row.width
    count = max(1, n)
    card_h = row.height - px(26)
    card_w = round(card_h / CARD_RATIO)
    if count * card_w + (count - 1) * gap > room:
        # Narrower to fit, down to a readable 100 px; never wider than the strip's height makes
        # them (a low strip's 81 px cards grew to 100 and overlapped where they fitted whole).
        card_w = min(card_w, max(px(100), (room - (count - 1) * gap) // count))
        card_h = min(card_h, round(card_w * CARD_RATIO))
    step = min(card_w + gap, max(px(30), (room - card_w) // max(1, count - 1))) if count > 1 else card_w
    return [pygame.Rect(row.left + i * step, row.top + px(16), card_w, card_h) for i in range(n)]


def draw_hand(surface: pygame.Surface, ctx: Context, row: pygame.Rect, cards: list[str],
              face: Callable[[str], tuple[str, str]], state: Callable[[str], str], mouse: tuple[int, int] | None,
              hidden_deck: str | None = None, frame: str = "order",
              icon: Callable[[str], str] | None = None,
              placeholder: Callable[[str], bool] | None = None,
              layer: Layer | None = None,
              art: Callable[[str], tuple[Motif, ...]] | None = None) -> tuple[dict[str, pygame.Rect], tuple[str, pygame.Rect] | None]:
    """The cards in `row`: (name, text) and state from the title per card. Face down (backs of
    `hidden_deck`) while the hand is hidden, and then nothing to click. Returns the part of each
    card that shows (a fanned card is covered by the next one from its left edge on: a click
    there is the next card's, as the eye sees it) and the hovered card. With a `layer` (the
    table's, over a background that is the same each frame) the row is drawn only when a card,
    its face or its state changed (layers.py)."""
    laid = lay_out(ctx, row, len(cards))
    if hidden_deck is not None:
        faces = None
    else:
        faces = [(card, *face(card), state(card), icon(card) if icon else "", bool(placeholder and placeholder(card)),
                  tuple(art(card)) if art else ()) for card in cards]

    def paint(target: pygame.Surface) -> tuple[dict[str, pygame.Rect], list[float]]:
        # Measured here, when the row is painted (a layer keeps it otherwise): the art each card
        # keeps. Per card, not one value for the hand: the picture says what the card does
        # (card_art), and one long text (the Greek Ambush) left every card of the hand blank.
        keep = [art_keep(ctx, laid[0].size, [(f[1], f[2], f[4], f[5])]) for f in faces] if faces and laid else []
        rects: dict[str, pygame.Rect] = {}
        for i, rect in enumerate(laid):
            if faces is None:
                card_back(target, ctx, rect, hidden_deck or "")
                continue
            card, name, text, look, mark, unsure, motifs = faces[i]
            card_face(target, ctx, rect, name, text, look, frame=frame, icon=mark, placeholder=unsure, art_keep=keep[i],
                      motifs=motifs)
            shown = rect.clip(pygame.Rect(rect.left, rect.top, laid[i + 1].left - rect.left, rect.height)) if i + 1 < len(laid) else rect
            rects[card] = shown
        return rects, keep

    if layer is None:
        rects, keep = paint(surface)
    else:
        # Outlines and a selected card's lift reach a little past the row's sides.
        area = row.inflate(ctx.px(8), 0)
        rects, keep = layer.draw(surface, area, (faces, hidden_deck, [tuple(r) for r in laid], frame, ctx.scale,
                                                 ctx.palette), paint)
    shown = HandCards(rects)
    shown.faces = {card: dict(name=name, text=text, state=look, frame=frame, icon=mark, placeholder=unsure, art_keep=kept,
                              motifs=motifs)
                   for (card, name, text, look, mark, unsure, motifs), kept in zip(faces or (), keep)}
    return shown, hovered(shown, mouse)


class HandCards(dict):
    """draw_hand's row: each card and the part of it that shows (the next card covers the rest),
    and in `faces` how each face was drawn (card_face's arguments but its rect; none for a hand
    face down), so that the hovered card is drawn again in front of its neighbours (draw_front)."""

    faces: dict[str, dict] = {}


def draw_front(surface: pygame.Surface, ctx: Context, cards: dict[str, pygame.Rect], card: str,
               rect: pygame.Rect) -> None:
    """The hovered card of a row (`cards`, draw_hand's) drawn whole at its place `rect`, in front
    of its neighbours: in a fanned row the next card covered its right part, under the enlarged
    card too (and where no enlarged card is drawn, at 1920x1080, it stayed half hidden)."""
    face = getattr(cards, "faces", {}).get(card)
    if face is not None:
        card_face(surface, ctx, rect, **face)


def front_bound(ctx: Context, rect: pygame.Rect) -> pygame.Rect:
    """Every pixel draw_front may touch for a card at `rect`: a selected card's lift and the
    outline of a playable or selected one (card_face)."""
    px = ctx.px
    return rect.union(rect.move(0, -px(LIFT))).inflate(px(4) + 2, px(4) + 2)


def as_drawn(ctx: Context, cards: dict[str, pygame.Rect], card: str) -> pygame.Rect:
    """Where `card` of a row (`cards`, draw_hand's) shows now: its part of the row, raised with it
    when it is the selected card. The row's rects stay where the card lies unraised (the clicks and
    the hover read them); what points at the card on screen reads this (a lesson's outline stayed
    at the old place when the card it lit was raised)."""
    rect = cards[card]
    face = getattr(cards, "faces", {}).get(card)
    if face is not None and face.get("state") == "selected":
        return rect.move(0, -ctx.px(LIFT))
    return rect.copy()


def hovered(rects: dict[str, pygame.Rect], mouse: tuple[int, int] | None) -> tuple[str, pygame.Rect] | None:
    """The card under `mouse` among the parts of a row that show (draw_hand's rects), with the
    whole card's rect: every card of a row is as large as the last, which shows whole. The
    table asks it before drawing too, to know which enlarged card a frame will show."""
    if mouse is None or not rects:
        return None
    last = list(rects.values())[-1]
    for card, shown in rects.items():
        if shown.collidepoint(mouse):
            return card, pygame.Rect(shown.left, shown.top, last.width, last.height)
    return None


def draw_enlarged(surface: pygame.Surface, ctx: Context, small: pygame.Rect, above: int, bounds: pygame.Rect,
                  span: pygame.Rect | None, name: str, text: str, frame: str = "order", icon: str = "",
                  placeholder: bool = False, motifs: Sequence[Motif] = ()) -> None:
    """The hovered card large enough to read, rising from its place in the hand: up to `above`
    pixels over the hand's top, kept inside `bounds` and over the hand's cards (`span`, see
    _enlarged_rect); nothing when the hand's cards are already about this big."""
    px = ctx.px
    rect = _enlarged_rect(ctx, small, above, bounds, span, placeholder)
    if rect is None:
        return
    shadow = pygame.Surface(rect.inflate(px(12), px(12)).size, pygame.SRCALPHA)
    shadow.fill((0, 0, 0, 120))
    surface.blit(shadow, rect.inflate(px(12), px(12)).move(px(4), px(6)))
    card_face(surface, ctx, rect, name, text, frame=frame, icon=icon, placeholder=placeholder, motifs=motifs)
    if placeholder:  # what the mark means, over the enlarged card
        note = _placeholder_note()
        font = ctx.font(12)
        box = _note_box(ctx, rect, bounds, font.size(note)[0], font.get_linesize())
        pygame.draw.rect(surface, (40, 34, 22), box, border_radius=px(6))
        widgets.text(surface, widgets.elide(note, font, box.width - px(12)), font, PLACEHOLDER_COLOUR, box.center, "center")


def _placeholder_note() -> str:
    return _("* placeholder: not printed in the rulebooks")


def enlarged_bound(ctx: Context, small: pygame.Rect, above: int, bounds: pygame.Rect,
                   span: pygame.Rect | None = None, placeholder: bool = False) -> pygame.Rect | None:
    """Every pixel draw_enlarged may touch for these arguments (the card, its shadow and the
    placeholder note), None when it draws nothing: a frame that shows another card or none
    draws these rectangles again only (GameTable's hand card part)."""
    px = ctx.px
    rect = _enlarged_rect(ctx, small, above, bounds, span, placeholder)
    if rect is None:
        return None
    out = rect.union(rect.inflate(px(12), px(12)).move(px(4), px(6)))  # the card and its shadow
    if placeholder:
        font = ctx.font(12)
        out.union_ip(_note_box(ctx, rect, bounds, font.size(_placeholder_note())[0], font.get_linesize()))
    return out


def _enlarged_rect(ctx: Context, small: pygame.Rect, above: int, bounds: pygame.Rect,
                   span: pygame.Rect | None = None, placeholder: bool = False) -> pygame.Rect | None:
    """Where the hovered card is drawn large: up to `above` over the hand's top, inside
    `bounds`; None when the hand's cards are already about this big. A placeholder card leaves
    its note's room above it (the note goes over the card: under it lies the hand strip).
    `span`, the hand's cards from the first one's left to the last one's right: the card stays
    over them, its lower part in the strip clear of what the strip shows beside the cards (the
    first card's covered Doom's 'Invader's hand: 6 cards', the last one the legend); a card
    wider than the span keeps to the span's left."""
    px = ctx.px
    room = _note_room(ctx) if placeholder else 0
    h = min(px(360), above - room + small.height // 2)
    w = round(h / CARD_RATIO)
    if w <= small.width * 1.15:
        return None
    rect = pygame.Rect(0, 0, w, h)
    rect.midbottom = (small.centerx, small.top + small.height // 3)
    rect.clamp_ip(bounds)
    if span is not None:
        rect.left = max(rect.left, span.left) if rect.width > span.width else \
            min(max(rect.left, span.left), span.right - rect.width)
        rect.right = min(rect.right, bounds.right)
    if room and rect.top - bounds.top < room:
        rect.top = min(bounds.top + room, bounds.bottom - h)
    return rect


def _note_room(ctx: Context) -> int:
    """The height the placeholder note takes over the enlarged card, its gap included."""
    return ctx.font(12).get_linesize() + ctx.px(8) + ctx.px(4)


def _note_box(ctx: Context, rect: pygame.Rect, bounds: pygame.Rect, text_w: int, line_h: int) -> pygame.Rect:
    """The placeholder note's box over the enlarged card: under it, the note lay on the hand
    strip's cards, since the enlarged card rises from the hand (Doom at 1280x720)."""
    px = ctx.px
    box = pygame.Rect(0, 0, min(bounds.width, text_w + px(16)), line_h + px(8))
    box.midbottom = (rect.centerx, rect.top - px(4))
    box.clamp_ip(bounds)
    return box
