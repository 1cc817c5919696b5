"""Where a word may be broken at the end of a line: after a dash inside it ('Zombi–' 'tűzördög'),
and between syllables with a hyphen, by Pyphen's hyphenation patterns for its language
(LibreOffice's hu, el and en dictionaries). Card names (kit/name_fit.py) and card rules text
(widgets.wrap with hyphenate=True) break long Hungarian and Greek words by the same rule.
"""
from __future__ import annotations

from functools import lru_cache

import pyphen

from game import i18n

DASHES = "-\u2013\u2014"  # a line may end after one of these (kept on the line)
HYPHEN = "-"  # added where a word is broken between syllables

# Pyphen's dictionary per language (LibreOffice's hyphenation patterns); English for any other.
_PYPHEN = {"hu": "hu_HU", "el": "el_GR", "en": "en_US"}


@lru_cache(maxsize=None)
def _dictionary(language: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=_PYPHEN.get(language, "en_US"), left=2, right=2)


def _greek(word: str) -> bool:
    return any("\u0370" <= ch <= "\u03ff" for ch in word)


def syllable_cuts(word: str) -> list[int]:
    """Where `word` may be broken with a hyphen, by Pyphen's hyphenation patterns for its
    language: Greek for a word in Greek letters; else the table's, or English at a Greek table,
    whose cards keep some names in English ('Contamination') ('Zom-bi-csor-da', 'Απο-κλει-σμός',
    'Re-in-force-ments'); at least two letters stay on either side."""
    if _greek(word):
        return _dictionary("el").positions(word)
    return _dictionary("en" if i18n.language() == "el" else i18n.language()).positions(word)


def after_dashes(word: str) -> list[str]:
    """'Zombi–tűzördög' -> ['Zombi–', 'tűzördög']: a line may end after a dash."""
    parts, start = [], 0
    for i, ch in enumerate(word):
        if ch in DASHES and 0 < i < len(word) - 1:
            parts.append(word[start:i + 1])
            start = i + 1
    parts.append(word[start:])
    return parts


def breaks(word: str) -> list[tuple[int, str]]:
    """Every place `word` may end a line, in order: (index, what the line shows after the
    piece: '' after a dash, else a hyphen). 'tengerészgyalogos-támadás' -> after 'tenge-',
    'tengerész-', ..., 'tengerészgyalogos-' (the dash is the word's own), 'tengerészgyalogos-tá-'."""
    out: list[tuple[int, str]] = []
    start = 0
    for part in after_dashes(word):
        letters = part.rstrip(DASHES) if part[-1:] in DASHES else part
        out += [(start + cut, HYPHEN) for cut in syllable_cuts(letters)]
        start += len(part)
        if start < len(word):
            out.append((start, ""))
    return out
