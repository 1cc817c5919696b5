"""The log in plain words: the newest lines at the bottom of the panel, older ones dimmer above,
whole entries only (the top line never starts mid-sentence); the whole game is kept, and the
mouse wheel over the panel reads back through it."""
from __future__ import annotations

from typing import Callable, Sequence

import pygame

from game.i18n import _
from game.ui import widgets
from game.ui.scene import Context

KEEP = 100_000  # lines a table keeps: the whole game (the panel scrolls back through it)


class LogLines(Sequence[str]):
    """Some lines of a table's log (those a seat may read), each put in words when it is read:
    the panel reads the newest lines until it is full, so a loaded game of 3,000 actions words
    the thirty lines it shows, not its 4,400 (issue 19: Continue spent 40 ms wording them all)."""

    __slots__ = ("_at", "_line")

    def __init__(self, at: list[int], line: Callable[[int], str]) -> None:
        self._at = at  # positions in the table's log
        self._line = line  # a position's words

    def __len__(self) -> int:
        return len(self._at)

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self._line(k) for k in self._at[i]]
        return self._line(self._at[i])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, (list, LogLines)) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]


def log_lines(surface: pygame.Surface, ctx: Context, rect: pygame.Rect, lines: Sequence[str], scroll: int = 0) -> int:
    """The newest lines at the bottom; older ones fade upward until the rect is full. `scroll`
    entries are skipped from the newest end (the wheel reads back); a line at the top or
    bottom says how many entries are hidden on that side. Returns the scroll actually used
    (never past the oldest entry)."""
    font = ctx.font(13)
    step = font.get_linesize()
    scroll = max(0, min(scroll, len(lines) - 1))
    older_note = scroll > 0 or len(lines) > 1
    n = max(0, rect.height // step - (1 if scroll else 0))  # a line for "newer below"
    # Whole entries only, newest first, so the top line never starts mid-sentence (the newest
    # one alone may be cut from the top when it is taller than the rect).
    shown: list[str] = []
    entry: list[int] = []  # the entry each shown line is part of
    end = len(lines) - scroll
    first = end
    for i in range(end - 1, -1, -1):
        parts = widgets.wrap(lines[i], font, rect.width)
        if shown and len(shown) + len(parts) > n - (1 if i > 0 and older_note else 0):
            break
        shown = parts + shown
        entry = [i] * len(parts) + entry
        first = i
    whole = first == end - 1 and len(shown) <= n  # the newest entry alone, and it fits the rect
    shown, entry = (shown[-n:], entry[-n:]) if n else ([], [])
    if first > 0 and n >= 2 and len(shown) > n - 1 and not whole:
        # The newest entry alone is taller than the rect: its top line gives way to the
        # "earlier" note, which went above the rect, over the section's heading.
        shown, entry = shown[-(n - 1):], entry[-(n - 1):]
    notes_font = ctx.font(12, bold=True)
    top = rect.bottom - len(shown) * step - (step if scroll else 0)
    # The note gives way to a newest entry that fits whole without it (under the open AI card
    # at 1280x720 the log read '↑ 19 earlier' over the entry's last line, 'card (30).').
    if first > 0 and shown and top - step >= rect.top:
        top -= step
        widgets.text(surface, _("\u2191 {n} earlier (mouse wheel)").format(n=first), notes_font,
                     ctx.palette.accent, (rect.left, top))
        top += step
    y = top
    # The newest entries bright: each with a line among the last three, whole (an entry wrapped
    # over two lines read dim, then bright from its second line on).
    bright = set(entry[-3:]) if not scroll else set()
    for i, line in enumerate(shown):
        colour = ctx.palette.text if entry[i] in bright else ctx.palette.text_dim
        surface.blit(widgets.rendered(font, line, colour), (rect.left, y))
        y += step
    if scroll:
        widgets.text(surface, _("\u2193 {n} newer (End)").format(n=scroll), notes_font, ctx.palette.accent,
                     (rect.left, rect.bottom - step))
    return scroll


def log_section(surface: pygame.Surface, ctx: Context, x: int, y: int, w: int, bottom: int, lines: Sequence[str],
                scroll: int = 0) -> int:
    """The side panel's Log section: its heading, then the lines down to `bottom`."""
    y = widgets.heading(surface, ctx, _("Log"), x, y)
    log_lines(surface, ctx, pygame.Rect(x, y, w, bottom - y), lines, scroll)
    return bottom
