"""One translation function for every piece of UI text, backed by gettext catalogues.

Catalogues live in game/locale/<lang>/LC_MESSAGES/tiletop.mo, compiled by Babel from the .po
beside it (`make catalogues`, README "Translations"); this module reads them with the standard
gettext module only. English is the source language. A language without a catalogue, or a msgid
missing or untranslated in one, falls back to the English text rather than failing.

No pygame here: the rules and command-line tools may translate too.
"""
from __future__ import annotations

import gettext
import string
import struct
import unicodedata
from pathlib import Path

from game.hu_article import with_article

DOMAIN = "tiletop"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DEFAULT_LANGUAGE = "en"
# Shown in the settings screen in each language's own name, so a user who cannot read the
# current language can still find theirs.
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "hu": "Magyar", "el": "Ελληνικά"}

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT_LANGUAGE
_broken: dict[str, str] = {}  # language -> why its catalogue did not load
_generation = 0  # bumped at every switch: a message worded before knows to word itself again


def available_languages() -> list[str]:
    """Languages with a compiled catalogue: English first, then as LANGUAGE_NAMES lists them
    (the settings screen cycles through them in this order), then any other."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    order = list(LANGUAGE_NAMES)
    return sorted(found, key=lambda lang: (lang != DEFAULT_LANGUAGE, order.index(lang) if lang in order else len(order), lang))


def set_language(lang: str) -> str:
    """Switch the catalogue; returns the language actually in use (English if `lang` is unknown)."""
    global _translations, _language, _generation
    _generation += 1
    try:
        _translations = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[lang])
        _language = lang
        _broken.pop(lang, None)
    except (OSError, ValueError, struct.error) as exc:
        # OSError: no catalogue for that language, or one gettext calls corrupt; ValueError
        # (UnicodeDecodeError): a corrupt .mo file; struct.error: one cut shorter than its header
        # (an empty file stopped the program at start).
        mo = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if mo.exists():
            _broken[lang] = f"{mo}: this catalogue cannot be read ({exc.__class__.__name__}: {exc}); the text is in English"
        _translations = gettext.NullTranslations()
        _language = DEFAULT_LANGUAGE
    return _language


def catalogue_problem(lang: str) -> str | None:
    """Why the catalogue of `lang` did not load when last asked for (a line naming its file, in
    English: the catalogue that would translate it is the broken one), or None."""
    return _broken.get(lang)


def untranslated() -> None:
    """Back to the msgids themselves, as at start-up before the settings' language is set (the
    English catalogue words a few of them otherwise: tools/catalogues.py ENGLISH_WORDING). The
    tests start each test so (tests/conftest.py); a test that shows a screen sets its language
    as the app does."""
    global _translations, _language, _generation
    _generation += 1
    _translations = gettext.NullTranslations()
    _language = DEFAULT_LANGUAGE


def language() -> str:
    return _language


def generation() -> int:
    """Changes whenever the language is set (game/engine/text.py keeps a worded message until then)."""
    return _generation


def translate(msgid: str) -> str:
    """The text for `msgid` in the current language (the msgid itself when untranslated)."""
    return _translations.gettext(msgid)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for the number `n` in the current language (English: singular for 1)."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, msgid: str) -> str:
    """The text for `msgid` where the same English word means another thing elsewhere: Level 7's
    guard is "Guard", and so is a Gears Order's Guard, two words in Hungarian (őr, Őrködés)."""
    return _translations.pgettext(context, msgid)


def N_(msgid: str) -> str:
    """Marks a string for translation without translating it yet (labels built at import time);
    the extraction test finds these just like calls to `_`."""
    return msgid


_ = translate


# A placeholder's format spec that puts the Hungarian article before the value: "{door:az}"
# gives "a D1" / "az A1", "{door:Az}" begins a sentence ("A D1", "Az A1"). The catalogue writes
# the spec where the article depends on the name filled in (game/hu_article.py); the English
# and Greek msgids never need it.
ARTICLE_SPECS = {"az": False, "Az": True}


class _ArticleFormatter(string.Formatter):
    def format_field(self, value, format_spec):
        capital = ARTICLE_SPECS.get(format_spec)
        if capital is not None:
            return with_article(format(value, ""), capital)
        return super().format_field(value, format_spec)


_ARTICLES = _ArticleFormatter()


def fill(template: str, /, **values) -> str:
    """`template.format(**values)`, where a placeholder may also carry an article spec
    ("{name:az}", "{name:Az}"): every translated template with parameters is filled by this (a
    plain `.format` would refuse the spec)."""
    out: list[str] = []
    capital = False  # the next words begin a sentence: the colon after a '!' was dropped
    for literal, field, spec, conversion in _ARTICLES.parse(template):
        if literal.startswith(":") and out and out[-1].endswith(_OWN_STOP):
            # A value that ends with its own '!' or '?' ("Take cover!") takes no colon after it:
            # "Take cover! Cancel the attack", not "Take cover!: cancel the attack".
            literal, capital = literal[1:], True
        if capital and literal.strip():
            literal, capital = _capital_after_space(literal), False
        out.append(literal)
        if field is None:
            continue
        value, _key = _ARTICLES.get_field(field, (), values)
        value = _ARTICLES.convert_field(value, conversion)
        text = _ARTICLES.format_field(value, _ARTICLES.vformat(spec, (), values) if spec else "")
        if capital and text.strip():
            text, capital = _capital_after_space(text), False
        out.append(text)
    return "".join(out)


# The marks that end a value the way a colon would (a label that is an exclamation or a question).
_OWN_STOP = ("!", "?", "\u037e")


def _capital_after_space(text: str) -> str:
    lead = len(text) - len(text.lstrip())
    return text[:lead] + first_capital(text[lead:])


_TONOS = "\u0301"
_DIALYTIKA = "\u0308"
# A Greek vowel whose accent keeps it apart from a following ι or υ (κέικ, άυλος): in capitals
# the accent goes and the ι or υ takes a dialytika instead (ΚΕΪΚ, ΑΫΛΟΣ).
_APART_BEFORE = {"Ι": "ΑΕΟΥ", "Υ": "ΑΕΟΗ"}


def first_capital(text: str) -> str:
    """`text` with its first letter a capital, the rest as it is (a name or clause that begins a
    label or a sentence: 'shells/bullets' -> 'Shells/bullets')."""
    return text[:1].upper() + text[1:]


def capitals(text: str) -> str:
    """`text` in capitals as its language writes them. Greek all-capitals drop the accents
    (ΘΕΣΕΙΣ, not ΘΈΣΕΙΣ, which str.upper gives) but keep a dialytika; Latin accents (Hungarian
    Á, Ő) stay."""
    upper = text.upper()
    if not any(map(_is_greek, upper)):
        return upper
    out: list[str] = []
    base = ""  # the last letter, under its combining marks
    apart_from = ""  # the letter whose accent was just dropped
    for ch in unicodedata.normalize("NFD", upper):
        if unicodedata.combining(ch):
            if ch == _TONOS and _is_greek(base):
                apart_from = base
            else:
                out.append(ch)
            continue
        out.append(ch)
        if apart_from and apart_from in _APART_BEFORE.get(ch, ""):
            out.append(_DIALYTIKA)
        base, apart_from = ch, ""
    return unicodedata.normalize("NFC", "".join(out))


def _is_greek(ch: str) -> bool:
    return "\u0370" <= ch <= "\u03ff"
