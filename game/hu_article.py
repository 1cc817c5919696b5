"""The Hungarian definite article before a name put into a sentence: 'a' before a consonant
sound, 'az' before a vowel sound, chosen by how the name is read aloud.

A Hungarian template cannot know the article of a name or number filled in later (a Gears
weapon, a Doom door plate, a Level 7 door side, a round number), so the catalogue writes the
placeholder with the article as its format spec: "{door:Az} zsilip kinyílik." gives "A D1
zsilip kinyílik." and "{lv:az}. szint" gives "az 1. szint" (game/i18n.py `fill`).

How a name is read:
- a word by its first letter: a vowel (a, á, e, é, i, í, o, ó, ö, ő, u, ú, ü, ű) takes 'az'
  (az Ősgonosz, az Imulsion-finomító, a Lancer, a Drone-laktanya);
- a number by its first word read aloud, the same for 'egy' and 'első': 1 (egy), 5 (öt) and
  1000 (ezer) take 'az', 2, 10 (tíz), 11 (tizenegy), 100 (száz) take 'a';
  a Roman ordinal too (az I., az V., a X.);
- a code or an abbreviation (a single letter, letters in capitals, a letter before a digit or
  a hyphen: D1, A-lift, EMP, É) by its letters' names: A, E, I, O, U (and accented), F (ef),
  L (el), M (em), N (en), R (er), S (es), X (iksz), Y (ipszilon), Sz (esz), Ly take 'az';
  B (bé), D (dé), K (ká), Ny (nyé)... take 'a'. A word in capitals of four letters or more
  with a vowel is read as a word (a REGENERATION, a RAAM).

Pure: no pygame, no gettext.
"""
from __future__ import annotations

_VOWELS = frozenset("aáàâäeéèêëiíìîïoóòôöőõuúùûüű")
# Letters whose Hungarian names start with a vowel sound (ef, el, em, en, er, es, iksz, ipszilon).
_VOWEL_NAMED = _VOWELS | frozenset("flmnrsxy")
# Hungarian two-letter consonants, named as one letter: 'esz' and 'ely' start with a vowel.
_DIGRAPHS = {"cs": "a", "dz": "a", "gy": "a", "ly": "az", "ny": "a", "sz": "az", "ty": "a", "zs": "a"}
# What a reader skips before the first sound: quotes, brackets, dashes, spaces.
_SKIPPED = " \t\u00a0\u202f\"'„“”‚‘’«»()[]{}<>-–—*_/"
_ROMAN = {"I": 1, "V": 5, "X": 10}


def article(text: object) -> str:
    """'a' or 'az' for `text` (a name, a code or a number) as a Hungarian reader reads it."""
    word = str(text).lstrip(_SKIPPED)
    if not word:
        return "a"
    first = word[0]
    if first.isdigit():
        return _number_article(word)
    if first in "+−":  # plusz, mínusz
        return "a"
    letters = _leading_letters(word)
    if not letters:
        return "a"
    rest = word[len(letters):]
    if set(letters) <= set(_ROMAN) and rest.startswith("."):
        value = _roman(letters)
        if value:
            return _number_article(str(value))
    if _is_code(letters):
        pair = letters[:2].lower()
        if len(letters) == 2 and pair in _DIGRAPHS:
            return _DIGRAPHS[pair]
        return "az" if letters[0].lower() in _VOWEL_NAMED else "a"
    return "az" if letters[0].lower() in _VOWELS else "a"


def with_article(text: object, capital: bool = False) -> str:
    """`text` after its article: 'az Ősgonosz', 'a D1'; 'Az 5.' with `capital` (a sentence's start)."""
    art = article(text)
    if capital:
        art = art.capitalize()
    return f"{art} {text}"


def _leading_letters(word: str) -> str:
    n = 0
    while n < len(word) and word[n].isalpha():
        n += 1
    return word[:n]


def _is_code(letters: str) -> bool:
    """Letters read by their names: one letter, a Hungarian digraph standing alone (Ny, Sz),
    or capitals that are not a word (EMP, BFG, UAC; RAAM and REGENERATION are words)."""
    if len(letters) == 1:
        return True
    if len(letters) == 2 and letters[0].isupper() and letters.lower() in _DIGRAPHS:
        return True
    if letters.isupper():
        has_vowel = any(ch.lower() in _VOWELS for ch in letters)
        return len(letters) <= 3 or not has_vowel
    return False


def _roman(letters: str) -> int:
    total, prev = 0, 0
    for ch in reversed(letters):
        v = _ROMAN[ch]
        total = total - v if v < prev else total + v
        prev = max(prev, v)
    return total


def _number_article(word: str) -> str:
    """By the first word of the number read aloud: egy (1), öt (5..., ötven, ötszáz, ötezer),
    ezer (1000-1999), egymillió take 'az'; tíz, száz, tízezer, százezer and the rest 'a'."""
    digits = 0
    while digits < len(word) and word[digits].isdigit():
        digits += 1
    number = word[:digits].lstrip("0") or "0"
    first, length = number[0], len(number)
    if first == "5":
        return "az"
    if first == "1" and length % 3 == 1:  # egy, ezer, egymillió, egymilliárd
        return "az"
    return "a"
