"""A set-up screen's list of scenarios (Gears' missions and custom maps, Doom's scenarios and
built maps, Level 7's scenarios): each row a name, a tag (players, frag target...) and a line of what it is about,
selectable with a click, or with the arrow keys through SetupScreen.

The name and the tag are always drawn whole: the tag beside the name where both fit on one
line, else on its own line(s) under it; the name at its size if it can, else smaller or on two
lines (name_fit.fit_name, as the cards' names). At 1280x720 in Hungarian and Greek, and at the
125% text size, Doom's and Gears' rows cut them with '…' ('P2. Απενεργοποίηση αντιδρασ…').
Where the rows do not fit the room, the lines under the names are left to the chosen row (its
whole, the others' none: never cut with '…') before the names get smaller; a row that cannot be played
keeps its line (why) whole, and then the list scrolls (the mouse wheel
over it, or the arrow keys), with a note saying which rows are shown.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import _
from game.ui import widgets
from game.ui.kit.name_fit import FittedName, fit_name
from game.ui.scene import Context

LEAST = 9  # px: the least text size the set-up screens use (SetupScreen.TEXT_LEAST)


def _step(font: pygame.font.Font) -> int:
    """From one line to the next: a line's whole image (taller than the font's line size in
    some sizes: a 12 px line would overlap the next by a pixel)."""
    return max(font.get_linesize(), font.get_height(), font.size("Ég")[1])


@dataclass(frozen=True)
class Row:
    """One selectable scenario; `bad`: listed but not playable (dim, a click says why)."""

    what: str  # the command a click sends
    name: str
    tag: str
    line: str = ""
    chosen: bool = False
    bad: bool = False


@dataclass(frozen=True)
class Heading:
    """A heading between rows ('Custom maps')."""

    text: str


Item = Row | Heading

FIELDS = "  \u2022  "  # between a row's fields: 'Custom map  \u2022  4 players'


def built_line(goal: str, file: str) -> str:
    """A map of the player's own: how it is won, then its file, joined as every title's list
    joins a row's fields (Doom's read '...reaches the objective.  map x.tmx', two spaces, beside
    Gears' '\u2022')."""
    return goal + FIELDS + _("map {file}").format(file=file)

# The name's largest size (UI units), how much of each row's line is shown (None: all of it;
# "chosen": the chosen row's whole, the others' none; 0: none) and the room around the rows'
# texts, tried in turn until the rows fit; then the last one, scrolled. A line is shown whole or
# not at all: the steps that cut every row's line to two lines or one with '…' (Doom's goals in
# English at 125% in 1280x720: 'Marines win when one of them reaches the exit: Evac airlock. The
# invader…') are gone; a scenario's goal reads whole when it is chosen (a click, the arrow keys),
# as Hungarian and Greek, whose longer lines never fitted those steps, already read them.
DETAIL = ((17, None, 1.0), (17, "chosen", 1.0), (15, "chosen", 1.0),
          (15, "chosen", 0.5), (15, 0, 0.5), (14, 0, 0.5), (13, 0, 0.5))


@dataclass(frozen=True)
class _Laid:
    name: FittedName
    tag_lines: tuple[str, ...]  # () when the tag goes beside the name
    line_lines: tuple[str, ...]
    height: int  # the row's rect, without the gap below it
    pad: float  # the room around its texts, times its full size


class ScenarioList:
    """The list's state between frames: the first row shown, and the rows' rects and commands of
    the last frame (for the wheel, the arrow keys and the tests)."""

    def __init__(self) -> None:
        self.scroll = 0
        self.max_scroll = 0
        self.area = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[pygame.Rect, Row]] = []  # drawn rows, top to bottom
        self.order: list[Row] = []  # every row, in order (shown or scrolled away)
        self.show_chosen = False  # after a key: scroll so the chosen row is shown

    # ------------------------------------------------------------------ input
    def wheel(self, pos: tuple[int, int] | None, dy: int) -> bool:
        if pos is None or not self.area.collidepoint(pos) or not self.max_scroll:
            return False
        self.scroll = max(0, min(self.max_scroll, self.scroll - dy))
        return True

    def step(self, d: int) -> str | None:
        """The command of the playable row `d` rows after (before) the chosen one, if any."""
        playable = [r for r in self.order if not r.bad]
        if not playable:
            return None
        now = next((i for i, r in enumerate(playable) if r.chosen), None)
        i = 0 if now is None else max(0, min(len(playable) - 1, now + d))
        self.show_chosen = True
        return playable[i].what

    # ------------------------------------------------------------------ layout
    def _lay(self, ctx: Context, row: Row, width: int, largest: int, most: int | str | None, pad: float) -> _Laid:
        px = ctx.px
        small = ctx.font(12)
        inner = width - px(24)
        least = max(LEAST, px(12))

        def bold(size: int) -> pygame.font.Font:
            return ctx.assets.font(size, True)

        tag_w = small.size(row.tag)[0] if row.tag else 0
        beside = fit_name(bold, row.name, inner - tag_w - px(16), px(largest), px(largest), lines=1) if row.tag else None
        if beside is not None and beside.fits:
            name, tag_lines = beside, ()
        else:
            name = fit_name(bold, row.name, inner, px(largest), least, lines=2)
            tag_lines = tuple(widgets.wrap(row.tag, small, inner)) if row.tag else ()
        if most == "chosen":
            most = None if row.chosen else 0
        if row.bad:  # why it cannot be played: whole (a click on it says no more)
            most = None
        if not row.line or most == 0:
            line_lines: tuple[str, ...] = ()
        else:
            line_lines = tuple(widgets.wrap(row.line, small, inner))
        step = _step(small)
        height = (round(px(5) * pad) + len(name.lines) * _step(bold(name.size)) + len(tag_lines) * step
                  + len(line_lines) * step + round(px(6) * pad))
        return _Laid(name, tag_lines, line_lines, height, pad)

    def _heading_h(self, ctx: Context) -> int:
        return ctx.font(12, bold=True).get_linesize() + ctx.px(8)

    def _layout(self, ctx: Context, items: list[Item], width: int, room: int) -> tuple[list[_Laid | None], int, bool]:
        """The rows laid out at the first DETAIL that fits `room` (True), else at the last; and
        the gap between rows."""
        for largest, most, pad in DETAIL:
            gap = round(ctx.px(6) * pad)
            laid = [None if isinstance(it, Heading) else self._lay(ctx, it, width, largest, most, pad) for it in items]
            total = sum(self._heading_h(ctx) if lay is None else lay.height + gap for lay in laid)
            if total <= room:
                return laid, gap, True
        return laid, gap, False

    def needs(self, ctx: Context, items: list[Item], width: int, room: int) -> int:
        """The height the list takes in a column `width` wide with `room` at most."""
        laid, gap, fits = self._layout(ctx, items, width, room)
        if not fits:
            return room
        return sum(self._heading_h(ctx) if lay is None else lay.height + gap for lay in laid)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, ctx: Context, items: list[Item], area: pygame.Rect,
             mouse: tuple[int, int] | None) -> tuple[list[tuple[pygame.Rect, str]], int]:
        """The rows in `area` from the scroll on; returns the rows' hits and the y below the list."""
        pal, px = ctx.palette, ctx.px
        self.area = area
        self.order = [it for it in items if isinstance(it, Row)]
        laid, gap, fits = self._layout(ctx, items, area.width, area.height)
        note_h = 0 if fits else ctx.font(12).get_linesize() + px(4)
        hs = [self._heading_h(ctx) if lay is None else lay.height + gap for lay in laid]
        # The largest scroll: the first item from which the rest fit above the note.
        self.max_scroll = 0
        if not fits:
            tail = 0
            for i in range(len(items) - 1, -1, -1):
                tail += hs[i]
                if tail > area.height - note_h:
                    self.max_scroll = i + 1
                    break
        if self.show_chosen:
            chosen = next((i for i, it in enumerate(items) if isinstance(it, Row) and it.chosen), None)
            if chosen is not None:
                if chosen < self.scroll:
                    self.scroll = chosen
                else:
                    while self.scroll < chosen and sum(hs[self.scroll:chosen + 1]) > area.height - note_h:
                        self.scroll += 1
            self.show_chosen = False
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        hits: list[tuple[pygame.Rect, str]] = []
        self.rows = []
        y = area.top
        shown = []
        for i in range(self.scroll, len(items)):
            if y + hs[i] - (0 if laid[i] is None else gap) > area.bottom - note_h:
                break
            it, lay = items[i], laid[i]
            if isinstance(it, Heading):
                widgets.heading(surface, ctx, it.text, area.left, y + px(2), area.width)
            else:
                assert lay is not None
                rect = pygame.Rect(area.left, y, area.width, lay.height)
                self._draw_row(surface, ctx, it, lay, rect, mouse)
                hits.append((rect, it.what))
                self.rows.append((rect, it))
                shown.append(i)
            y += hs[i]
        if not fits and shown:
            rows_before = sum(1 for it in items[:self.scroll] if isinstance(it, Row))
            note = _("Rows {a}-{b} of {n}: scroll for more").format(a=rows_before + 1, b=rows_before + len(shown),
                                                                     n=len(self.order))
            widgets.text(surface, note, ctx.font(12), pal.text_dim, (area.centerx, area.bottom), "midbottom")
        return hits, y if fits else area.bottom

    def _draw_row(self, surface, ctx: Context, row: Row, lay: _Laid, rect: pygame.Rect,
                  mouse: tuple[int, int] | None) -> None:
        pal, px = ctx.palette, ctx.px
        hover = mouse is not None and rect.collidepoint(mouse) and not row.bad
        fill = (70, 56, 30) if row.chosen else (46, 50, 58) if hover else (36, 39, 46)
        pygame.draw.rect(surface, fill, rect, border_radius=px(6))
        pygame.draw.rect(surface, pal.accent if row.chosen else (70, 74, 84), rect, 2 if row.chosen else 1,
                         border_radius=px(6))
        small = ctx.font(12)
        font = ctx.assets.font(lay.name.size, True)
        x, y = rect.left + px(12), rect.top + round(px(5) * lay.pad)
        for line in lay.name.lines:
            widgets.text(surface, line, font, pal.text_dim if row.bad else pal.text, (x, y))
            y += _step(font)
        if row.tag and not lay.tag_lines:  # beside the name, on its first line's middle
            widgets.text(surface, row.tag, small, pal.text_dim,
                         (rect.right - px(12), rect.top + round(px(5) * lay.pad) + font.get_linesize() // 2), "midright")
        for line in lay.tag_lines:
            widgets.text(surface, line, small, pal.text_dim, (x, y))
            y += _step(small)
        colour = (200, 130, 110) if row.bad else pal.text_dim
        for line in lay.line_lines:
            widgets.text(surface, line, small, colour, (x, y))
            y += _step(small)
