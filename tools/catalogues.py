"""Refresh the translation catalogues with Babel: extract, update, compile (`make catalogues`).

    python tools/catalogues.py              # extract -> game/locale/tiletop.pot, update every
                                            # game/locale/<lang>/LC_MESSAGES/tiletop.po, compile .mo
    python tools/catalogues.py --init el    # also start a catalogue for a new language
    python tools/catalogues.py --compile    # only compile the .po files into .mo

What is extracted (babel.cfg): every `_`, `N_`, `translate`, `ngettext` call with literal text
under game/, the engine's messages `M(...)` and plural messages `Mn(singular, plural, ...)`
(game/engine/text.py), and the texts of data files through game/i18n_extract.py (lessons, rules
references, content). The game reads the compiled .mo files with the standard gettext module;
Babel is a development dependency only (the `test` extra).

Updating keeps every translation; a msgid that left the code stays in the .po as an obsolete
(#~) entry. Fuzzy matching is off: a guessed translation would be shown as if it were right.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCALE_DIR = ROOT / "game" / "locale"
DOMAIN = "tiletop"
POT = LOCALE_DIR / f"{DOMAIN}.pot"
MAPPING = ROOT / "babel.cfg"
# Besides Babel's defaults (_, gettext, ngettext, N_, ...): the i18n module's long name and the
# engine's message constructors (Mn: singular, plural).
KEYWORDS = ("translate", "M", "Mn:1,2")


def pybabel(*args: str) -> int:
    """Runs one pybabel command in this process (the game package importable for the
    extractors of babel.cfg)."""
    from babel.messages.frontend import CommandLineInterface

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        CommandLineInterface().run(["pybabel", "-q", *args])
    except SystemExit as exc:  # pybabel exits on errors
        return int(exc.code or 0)
    finally:
        os.chdir(here)
    return 0


def extract(out: Path = POT) -> int:
    keywords = [a for k in KEYWORDS for a in ("-k", k)]
    return pybabel("extract", "-F", str(MAPPING), *keywords, "--project=Tiletop", "--sort-by-file",
                   "--add-location=file",  # no line numbers: an edit elsewhere in a file moves no entry
                   "--ignore-dirs=.* _* locale tests tools assets docs",  # maps: only babel.cfg's patterns (Level 7 tiles)
                   "-o", str(out), ".")  # babel.cfg's paths are from the root


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def update(new: list[str]) -> int:
    for lang in new:
        if not (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po").exists():
            rc = pybabel("init", "-D", DOMAIN, "-i", str(POT), "-d", str(LOCALE_DIR), "-l", lang)
            if rc:
                return rc
    return pybabel("update", "-D", DOMAIN, "-i", str(POT), "-d", str(LOCALE_DIR),
                   "--no-fuzzy-matching", "--ignore-pot-creation-date")


# English is the source language: its catalogue is empty but for the words English players read
# in place of the developers' own. The code, the docs and the rules specs cite the original
# rulebooks as "the seed" ("seed p. 15") and the rules spec's sections as "spec 6.5"; a player
# reads "rulebook p. 15" and "rule 6.5", the section of the F1 help's Rules tab (the Hungarian
# and Greek catalogues say the same in their words: "szabálykönyv", "szabály"). Written here at
# every update, so a new msgid that cites a page or a rule is worded too, and the msgid itself
# (and with it a saved question's hash, game/engine/protocol.py english_words) stays as it was.
# A map's description that cites the spec by its file ("(rules/doom.md 9.3)") reads "(rule 9.3)".
# The spec's numbered gaps ("spec 11 #14") are left: the Rules tab has no such section. An
# English text already in a player's words is kept: Level 7's log lines leave the data's marks
# out ('attack {n}' for "attack {n} (PLACEHOLDER, spec 8.2)", written in the catalogue by hand).
ENGLISH_WORDING = ((r"\bseed pp\.", "rulebook pp."), (r"\bseed p\.", "rulebook p."),
                   (r"\bSeed p\.", "Rulebook p."), (r"\bthe seed (lack|gives)", r"the rulebook \1"),
                   (r"\(seed\)", "(rulebook)"), (r"\bSpec (\d+(?:\.\d+)*)(?!\d|\.\d| ?#| item)", r"Rule \1"),
                   (r"\bspec (\d+(?:\.\d+)*)(?!\d|\.\d| ?#| item)", r"rule \1"),
                   (r"\(rules/[a-z0-9-]+\.md (\d+(?:\.\d+)*)\)", r"(rule \1)"))


def english_wording(text: str) -> str:
    for old, new in ENGLISH_WORDING:
        text = re.sub(old, new, text)
    return text


def word_english() -> int:
    """Sets the English catalogue's text of every msgid that cites a rulebook page or a rule
    (ENGLISH_WORDING); other entries are left as they are."""
    from babel.messages.pofile import read_po, write_po

    path = LOCALE_DIR / "en" / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not path.exists():
        return 0
    with path.open("rb") as f:
        catalog = read_po(f)
    changed = False
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        worded = tuple(english_wording(i) for i in ids)
        if worded == tuple(ids):
            continue
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        if all(strings) and all(english_wording(t) == t for t in strings):
            continue  # already in a player's words: worded here, or by hand (Level 7's log: no data marks)
        string = worded if isinstance(message.id, (tuple, list)) else worded[0]
        if message.string != string:
            message.string = string
            changed = True
    if changed:
        with path.open("wb") as f:
            write_po(f, catalog, width=76)
    return 0


def compile_all() -> int:
    return pybabel("compile", "-D", DOMAIN, "-d", str(LOCALE_DIR))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--init", action="append", default=[], metavar="LANG",
                        help="start a catalogue for LANG (e.g. el) before updating")
    parser.add_argument("--compile", action="store_true", help="only compile .po into .mo")
    args = parser.parse_args(argv)
    if not args.compile:
        rc = extract() or update(args.init) or word_english()
        if rc:
            return rc
    rc = compile_all()
    if not rc:
        print(f"catalogues: {', '.join(languages())} up to date ({POT.relative_to(ROOT)})")
    return rc


if __name__ == "__main__":
    sys.exit(main())
