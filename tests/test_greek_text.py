"""Issue 18, Greek on screen: every letter of the Greek catalogue has a glyph in the UI's fonts,
and capitals are written the Greek way (no accents in all-capitals headings)."""
from __future__ import annotations

import os
from pathlib import Path

from babel.messages.pofile import read_po

from game.i18n import LOCALE_DIR, capitals


def _greek_characters() -> set[str]:
    with open(LOCALE_DIR / "el" / "LC_MESSAGES" / "tiletop.po", "rb") as f:
        catalogue = read_po(f)
    chars: set[str] = set()
    for m in catalogue:
        if m.id and m.string:
            chars.update("".join(m.string) if isinstance(m.string, tuple) else m.string)
    return {c for c in chars if not c.isspace()}


def test_every_character_of_the_greek_catalogue_has_a_glyph_in_the_ui_fonts():
    """A character the font lacks renders as the same 'missing glyph' box as a private-use one;
    the catalogue's characters (Greek letters with tonos and dialytika, «», ·, →, …) must not."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.ui import assets

    pygame.font.init()
    chars = _greek_characters()
    assert {"ά", "ώ", "ς", "«", "·"} <= chars
    # The font Assets.font takes for each weight: its first file present, else pygame's own.
    paths = [next((p for p in assets._FONT_FILES[bold] if Path(p).is_file()), None) for bold in (False, True)]
    for path in paths:
        font = pygame.font.Font(path, 24)
        box = pygame.image.tobytes(font.render("\U000f0000", True, (255, 255, 255)), "RGBA")
        lacking = sorted(c for c in chars if pygame.image.tobytes(font.render(c, True, (255, 255, 255)), "RGBA") == box)
        assert lacking == [], (path, lacking)


def test_greek_capitals_drop_the_accents_and_keep_the_vowels_apart():
    """Greek all-capitals carry no tonos (str.upper would give ΘΈΣΕΙΣ); where the accent kept
    a vowel apart from a following ι or υ, a dialytika does that instead."""
    assert capitals("Θέσεις (πολλοί παίκτες)") == "ΘΕΣΕΙΣ (ΠΟΛΛΟΙ ΠΑΙΚΤΕΣ)"
    assert capitals("Προαιρετικοί κανόνες") == "ΠΡΟΑΙΡΕΤΙΚΟΙ ΚΑΝΟΝΕΣ"
    assert capitals("κέικ") == "ΚΕΪΚ" and capitals("άυλος") == "ΑΫΛΟΣ"
    assert capitals("τρόλεϊ") == "ΤΡΟΛΕΪ" and capitals("ΐ") == "Ϊ"


def test_capitals_leave_other_languages_as_upper_does():
    assert capitals("Küldetés: ő, ű") == "KÜLDETÉS: Ő, Ű"
    assert capitals("Mission cards") == "MISSION CARDS"


# Unambiguous second-person singular forms: imperatives, "you are/can/want", "your".
# (Not forms that are also a third-person past, like διάλεξε "it chose" or άφησε "it left".)
_SINGULAR = ("πάτα", "σύρε", "επίλεξε", "κάνε", "βάλε", "παίξε", "δες", "μάθε", "κράτα", "τράβα",
             "είσαι", "μπορείς", "θέλεις", "σου")


def test_greek_addresses_the_player_in_the_plural_everywhere():
    """One register (README, Translations): the Greek Convoy rulebook speaks to its reader in the
    plural (ξεπακετάρετε, τοποθετήστε, δείτε), so no screen, lesson or prompt uses the singular."""
    import re

    pattern = re.compile(r"(?<!\w)(" + "|".join(_SINGULAR) + r")(?!\w)", re.IGNORECASE)
    with open(LOCALE_DIR / "el" / "LC_MESSAGES" / "tiletop.po", "rb") as f:
        catalogue = read_po(f)
    singular = []
    for m in catalogue:
        for text in (m.string if isinstance(m.string, tuple) else (m.string,)):
            if m.id and text and pattern.search(text):
                singular.append(text)
    assert singular == []
    assert pattern.search("Πάτα Επόμενο") and not pattern.search("Πατήστε Επόμενο")


def test_greek_names_the_attack_modes_as_its_rules_texts_do():
    """The Guard buttons read 'Φρουρά: Snub Pistol, normal' and '..., overwhelming' (Hive,
    1280x720): the Greek texts keep the printed mode names, capitalised ('Normal 3 ζάρια, ή
    Overwhelming 4 ζάρια', the refusals, the card texts), and the mode word alone was left
    in lower case."""
    from game import i18n
    from game.engine.text import M, as_text
    from game.gears.rules import names

    rule = M("The {weapon} has no Overwhelming attack: it fires Normal only (spec 6.5).", weapon="Lancer")
    try:
        for lang in ("el", "hu", "en"):
            i18n.set_language(lang)
            said = as_text(rule)
            for mode in ("normal", "overwhelming"):
                word = as_text(names.mode(mode))
                assert word.lower() in said.lower(), (lang, word, said)
                if lang == "el":
                    assert word in said, (word, said)
    finally:
        i18n.set_language("en")


def test_greek_keeps_every_gears_order_card_name_as_printed():
    """README: printed names stay in English in Greek. The Gears log read 'Marcus Fenix: παίζει
    το Εξερεύνηση' beside 'Roadie Run': the Order card's name 'Explore' shared its entry with
    Level 7's help line, which Greek translates. That line has its own context now."""
    from game import i18n
    from game.engine.text import as_text
    from game.gears.rules import names
    from game.gears.rules.title import GearsTitle

    orders = GearsTitle().content.orders
    try:
        i18n.set_language("el")
        assert {k: as_text(names.card(k)) for k in orders} == {k: o.name for k, o in orders.items()}
        assert i18n.pgettext("level7", "Explore") != "Explore"
        i18n.set_language("hu")
        assert i18n.pgettext("level7", "Explore") != "Explore"  # Level 7's help line in Hungarian
    finally:
        i18n.set_language("en")
