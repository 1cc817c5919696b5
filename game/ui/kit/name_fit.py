"""A card's name fitted whole into the room its face has: the one text-fitting rule every title's
card faces use (the kit's shared face in hand.py, Convoy's own faces and Equipment tabs).

The name keeps its size on one line if it can, else a little smaller; then it goes on two lines,
then three (up to what the caller allows), split between words or after a dash ('Zombi–'
'tűzördög–' 'pókmutáns'), each at the largest size at which every line holds; then, only when
no size down to the floor keeps every word whole, a word too long for the room is broken with a
hyphen where the language's hyphenation patterns allow ('Zombi-' 'csorda', 'Απο-' 'κλεισμός';
Pyphen, with LibreOffice's dictionaries). Cut with an ellipsis only when even that fails, and
then `fits` says so. A Hungarian or Greek name runs half again as long as the
English one, and a 1280x720 hand card is 68 px wide.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Callable

import pygame

from game import i18n
from game.ui import widgets
from game.ui.hyphenate import HYPHEN, after_dashes as _after_dashes, joint_cuts as _joint_cuts, syllable_cuts as _syllable_cuts


@dataclass(frozen=True)
class FittedName:
    """A name as it is drawn: the bold font size, its lines, and whether they hold it whole
    (False: the last line is cut with an ellipsis)."""
    size: int
    lines: tuple[str, ...]
    fits: bool


def fit_name(font: Callable[[int], pygame.font.Font], name: str, room: int, largest: int, least: int,
             lines: int = 2, lone: float = 1.0) -> FittedName:
    """`name` fitted into lines `room` pixels wide, in `font(size)` from `largest` down to
    `least`, on at most `lines` lines (see the module's docstring for the order tried).
    `lone` > 1: a word alone on its line may be that much wider than `room`, before any word is
    broken (the caller draws it squeezed: Convoy's 'Elektromágneses' / 'mező')."""
    return _FITS.get((font(largest), font(least), name, room, largest, least, lines, lone, i18n.language()),
                     lambda: _fit(font, name, room, largest, least, lines, lone))


def _fit(font: Callable[[int], pygame.font.Font], name: str, room: int, largest: int, least: int,
         most: int, lone: float) -> FittedName:
    name = " ".join(w for w in name.split(" ") if w)  # a no-break space (U+00A0) holds its words on one line
    one_floor = max(least, round(largest * 0.85))
    for size in range(largest, one_floor - 1, -1):  # one line, a little smaller
        if font(size).size(name)[0] <= room:
            return FittedName(size, (name,), True)
    # Words whole at any size first; else a long word broken where a compound's members meet
    # ('Tengerész-' 'gyalogos'), else between any syllables.
    for syllables in (False, "joints", True):
        pieces = _pieces(name, syllables)
        for count in range(2, most + 1):  # the fewest lines, each at the largest size that holds
            for size in range(largest, least - 1, -1):
                f = font(size)
                if not syllables and size < one_floor and f.size(name)[0] <= room:
                    return FittedName(size, (name,), True)  # below the floor one line comes first
                got = _split(pieces, f, room, count, 1.0 if syllables else lone)
                if got is not None:
                    return FittedName(size, got, True)
    return FittedName(least, (widgets.elide(name, font(least), room),), False)


# A piece of a name: its text, what joins it to the next piece on the same line (" " or ""),
# and what the line shows after it when the line ends there ("" or a hyphen).
Piece = tuple[str, str, str]


def _pieces(name: str, syllables: bool | str) -> list[Piece]:
    out: list[Piece] = []
    words = name.split(" ")
    for n, word in enumerate(words):
        parts = _after_dashes(word)
        for m, part in enumerate(parts):
            last_of_word = m == len(parts) - 1
            cuts = _joint_cuts(part) if syllables == "joints" else _syllable_cuts(part) if syllables else []
            bits = [part[a:b] for a, b in zip([0, *cuts], [*cuts, len(part)])]
            for k, bit in enumerate(bits):
                if k < len(bits) - 1:
                    out.append((bit, "", HYPHEN))
                else:
                    out.append((bit, " " if last_of_word and n < len(words) - 1 else "", ""))
    return out


def _split(pieces: list[Piece], font: pygame.font.Font, room: int, most: int, lone: float = 1.0) -> tuple[str, ...] | None:
    """The pieces on 2..`most` lines that each fit `room` (a word alone on its line: `lone`
    times it), the fewest lines, the widest line as narrow as can be; None if no way does."""
    for count in range(2, most + 1):
        best: tuple[int, tuple[str, ...]] | None = None
        for ends in combinations(range(1, len(pieces)), count - 1):
            lines = tuple(_line(pieces[a:b]) for a, b in zip((0, *ends), (*ends, len(pieces))))
            widths = [font.size(line)[0] for line in lines]
            if any(w > (room * lone if " " not in line else room) for w, line in zip(widths, lines)):
                continue
            widest = max(widths)
            if best is None or widest < best[0]:
                best = (widest, lines)
        if best is not None:
            return best[1]
    return None


def _line(pieces: list[Piece]) -> str:
    text = "".join(t + j for t, j, _mark in pieces[:-1])
    return text + pieces[-1][0] + pieces[-1][2]


_FITS = widgets.Memo(1024)
