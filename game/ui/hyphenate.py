"""Where a word may be broken at the end of a line: after a dash inside it ('Zombi–' 'tűzördög'),
and between syllables with a hyphen, by Pyphen's hyphenation patterns for its language
(LibreOffice's hu, el and en dictionaries). Card names (kit/name_fit.py) and card rules text
(widgets.wrap with hyphenate=True) break long Hungarian and Greek words by the same rule.

Pyphen knows syllables, not compounds: it offers 'tengerészgyalo-' 'gos' as readily as
'tengerész-' 'gyalogos'. The compounds the game's texts use are listed with their members apart
in game/locale/compounds.toml; a break where members meet (`joints`) comes first where one fits.
"""
from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path

import pyphen

from game import i18n
from game.engine.errors import InputError
from game.engine.tomldata import load_toml

COMPOUNDS = Path(__file__).resolve().parents[1] / "locale" / "compounds.toml"
log = logging.getLogger(__name__)

DASHES = "-\u2013\u2014"  # a line may end after one of these (kept on the line)
HYPHEN = "-"  # added where a word is broken between syllables

# Pyphen's dictionary per language (LibreOffice's hyphenation patterns); English for any other.
_PYPHEN = {"hu": "hu_HU", "el": "el_GR", "en": "en_US"}


@lru_cache(maxsize=None)
def _dictionary(language: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=_PYPHEN.get(language, "en_US"), left=2, right=2)


def _greek(word: str) -> bool:
    return any("\u0370" <= ch <= "\u03ff" for ch in word)


def _language(word: str) -> str:
    """The language whose rules break `word`: Greek for a word in Greek letters; else the
    table's, or English at a Greek table, whose cards keep some names in English."""
    if _greek(word):
        return "el"
    return "en" if i18n.language() == "el" else i18n.language()


def syllable_cuts(word: str) -> list[int]:
    """Where `word` may be broken with a hyphen, by Pyphen's hyphenation patterns for its
    language ('Zom-bi-csor-da', 'Απο-κλει-σμός', 'Re-in-force-ments'), and where the members of a
    listed compound meet (joint_cuts); at least two letters stay on either side."""
    language = _language(word)
    return sorted(set(_dictionary(language).positions(word)) | set(joint_cuts(word)))


@lru_cache(maxsize=None)
def _compounds(language: str) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The language's listed compounds (compounds.toml): each written whole in lower case, with
    the offsets where its members meet ('tengerész-gyalogos' -> ('tengerészgyalogos', (9,))); a
    Hungarian one without a final a or e (LENGTHENED)."""
    try:
        table = load_toml(COMPOUNDS).data.get(language, {})
    except InputError as exc:  # a broken list only costs the nicer breaks: syllables still break
        log.warning("%s; compound words break by syllables only", exc)
        return ()
    entries = table.get("words", []) if isinstance(table, dict) else None
    if not isinstance(entries, list) or not all(isinstance(e, str) and e for e in entries):
        log.warning("%s: [%s] words is not a list of words; compound words break by syllables only",
                    COMPOUNDS, language)
        return ()
    out = []
    for entry in entries:
        members = entry.lower().split("-")
        offsets, at = [], 0
        for member in members[:-1]:
            at += len(member)
            offsets.append(at)
        whole = "".join(members)
        if language == "hu" and whole[-1:] in LENGTHENED and len(members[-1]) > 2:
            # Hungarian lengthens a final a or e before a suffix ('ivadékkártya' ->
            # 'ivadékkártyát', 'zombicsorda' -> 'zombicsordát'): the entry matches without it.
            whole = whole[:-1]
        out.append((whole, tuple(offsets)))
    return tuple(out)


LENGTHENED = "ae"  # Hungarian: a word's final a, e is á, é before a suffix


def joint_cuts(word: str) -> list[int]:
    """Where members of a listed compound meet inside `word` ('tengerészgyalogosoknak' -> [9]),
    with at least two letters on either side."""
    low = word.lower()
    cuts: set[int] = set()
    for whole, offsets in _compounds(_language(word)):
        start = low.find(whole)
        while start >= 0:
            cuts.update(start + o for o in offsets if 2 <= start + o <= len(word) - 2)
            start = low.find(whole, start + 1)
    return sorted(cuts)


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


def joints(word: str) -> set[int]:
    """The places among `breaks(word)` a line had best end at, where one fits: after the word's
    own dash, or where the members of a listed compound meet ('tengerész-' rather than
    'tengerészgyalo-')."""
    out: set[int] = set()
    start = 0
    for part in after_dashes(word):
        letters = part.rstrip(DASHES) if part[-1:] in DASHES else part
        out.update(start + cut for cut in joint_cuts(letters))
        start += len(part)
        if start < len(word):
            out.add(start)
    return out
