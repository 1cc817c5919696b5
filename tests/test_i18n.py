"""DESIGN.md 'What a user sees': all UI text goes through one translation function backed by
gettext catalogues, kept with Babel (tools/catalogues.py, `make catalogues`): every msgid of the
code and the data is in every catalogue, the .mo files are compiled from the .po beside them,
Hungarian covers the menu and the shell, the lessons and the rules reference."""
from __future__ import annotations

import importlib.util
import io
import string
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from game import i18n

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "game" / "locale"
_spec = importlib.util.spec_from_file_location("catalogues", ROOT / "tools" / "catalogues.py")
tool = importlib.util.module_from_spec(_spec)
sys.modules["catalogues"] = tool
_spec.loader.exec_module(tool)

SHELL_FILES = ("app.py", "menu.py", "overlays.py", "settings_scene.py", "maplist.py", "games.py")


def _po(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / "tiletop.po").open("rb") as f:
        return read_po(f)


def _catalogue(lang: str) -> dict[str, str]:
    """msgid -> msgstr of the live (not obsolete) singular entries."""
    return {m.id: m.string for m in _po(lang) if m.id and isinstance(m.id, str)}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """What `make catalogues` extracts now from the code and the data (babel.cfg)."""
    pot = tmp_path_factory.mktemp("pot") / "tiletop.pot"
    assert tool.extract(pot) == 0
    with pot.open("rb") as f:
        return read_po(f)


def _ids(catalog) -> set:
    return {m.id for m in catalog if m.id}


def _from(catalog, folder: str) -> dict:
    """msgid -> files, for the entries found under `folder` (e.g. game/ui)."""
    return {m.id: [f for f, _ in m.locations] for m in catalog
            if m.id and any(f.startswith(folder) for f, _ in m.locations)}


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", tool.languages())
def test_every_msgid_of_the_code_and_data_is_in_every_catalogue(extracted, lang):
    ids = _ids(extracted)
    assert len(ids) > 1000  # the extraction really read the code, the lessons and the rules
    live = _ids(_po(lang))
    missing = sorted(str(m)[:70] for m in ids - live)
    assert missing == [], f"{lang}: msgids not in the catalogue (run make catalogues): {missing}"


def test_the_extraction_finds_code_plurals_and_data_texts(extracted):
    ids = _ids(extracted)
    assert "Open a map" in ids and "cannot save settings" in ids  # code, also beside an f-string
    assert any("step.welcome.text" in m.auto_comments for m in extracted)  # a lesson's text
    assert any("rule.\"3.5\".text" in c for m in extracted for c in m.auto_comments)


def test_hungarian_covers_menu_and_shell(extracted):
    shell = {m for m, files in _from(extracted, "game/ui").items() if any(f.endswith(SHELL_FILES) for f in files)}
    hungarian = _catalogue("hu")
    untranslated = sorted(m for m in shell if not hungarian.get(m) or (hungarian[m] == m and m not in ("Enter",)))
    assert "Open a map" in shell and "Settings" in shell
    assert untranslated == []


def test_hungarian_is_complete(extracted):
    """Issue 18: Hungarian for everything a game, the builder and the tutorial show: every msgid
    the code and the data give (plurals too) has a Hungarian text. A new msgid gets its Hungarian
    with the change that adds it."""
    hungarian = {(m.context, m.id): m.string for m in _po("hu") if m.id}
    wanted = {(m.context, m.id) for m in extracted if m.id}
    assert (None, "Guard") in wanted and ("level7 enemy", "Guard") in wanted  # one word, two meanings
    empty = sorted(str(k)[:70] for k in wanted
                   if not (all(hungarian.get(k) or ()) if isinstance(k[1], tuple) else hungarian.get(k)))
    assert empty == [], f"{len(empty)} msgids without Hungarian: {empty[:20]}"


def test_greek_covers_menu_and_shell_and_is_listed_in_its_own_name(extracted):
    shell = {m for m, files in _from(extracted, "game/ui").items() if any(f.endswith(SHELL_FILES) for f in files)}
    shell |= set(_from(extracted, "game/titles.py"))
    greek = _catalogue("el")
    untranslated = sorted(m for m in shell if not greek.get(m) or (greek[m] == m and m not in ("Enter", "Bot")))
    assert "Open a map" in shell and untranslated == []
    assert i18n.LANGUAGE_NAMES["el"] == "Ελληνικά"
    assert i18n.available_languages()[:3] == ["en", "hu", "el"]
    assert i18n.set_language("el") == "el" and i18n.translate("Settings") == "Ρυθμίσεις"


def test_the_fonts_have_hungarian_and_greek_letters():
    """Every font the UI draws with (game/ui/assets.py: DejaVu Sans, or pygame's bundled font
    where DejaVu is missing) has a glyph of its own for ő, ű and the Greek letters: each renders
    unlike a character no font here has (the 'missing glyph' box)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.ui import assets

    pygame.font.init()
    paths = [p for bold in (False, True) for p in assets._FONT_FILES[bold] if Path(p).is_file()] + [None]
    for path in paths:
        font = pygame.font.Font(path, 24)
        missing = pygame.image.tobytes(font.render("\U000f0000", True, (255, 255, 255)), "RGBA")
        for letter in "őűŐŰΕλληνικάΩ":
            got = pygame.image.tobytes(font.render(letter, True, (255, 255, 255)), "RGBA")
            assert got != missing, (path, letter)


def _fields(s: str) -> list[str]:
    return sorted({f for _t, f, _s, _c in string.Formatter().parse(s) if f})


@pytest.mark.parametrize("lang", tool.languages())
def test_placeholders_survive_translation(lang):
    """A translated '{name}' string must keep the same fields or .format() would raise (every
    plural form too: a form may leave out {n} only where the number is the word itself)."""
    for m in _po(lang):
        if not m.id or not m.string:
            continue
        if isinstance(m.id, str):
            assert _fields(m.id) == _fields(m.string), (lang, m.id)
        else:
            wanted = set(_fields(m.id[0])) | set(_fields(m.id[1]))
            for form in m.string:
                assert set(_fields(form)) <= wanted, (lang, m.id, form)


@pytest.mark.parametrize("lang", tool.languages())
def test_compiled_catalogues_are_up_to_date(lang):
    po = LOCALE / lang / "LC_MESSAGES" / "tiletop.po"
    out = io.BytesIO()
    write_mo(out, _po(lang))
    assert po.with_suffix(".mo").read_bytes() == out.getvalue(), f"{po}: run make catalogues"


def test_translate_switches_language_and_falls_back():
    assert i18n.set_language("hu") == "hu"
    assert i18n.translate("Open a map") == "Térkép megnyitása"
    assert i18n._("Quit") == "Kilépés"
    assert i18n.translate("a string nobody catalogued") == "a string nobody catalogued"
    assert i18n.set_language("xx") == "en"
    assert i18n.translate("Open a map") == "Open a map"


def test_the_game_reads_a_babel_compiled_catalogue_with_gettext(tmp_path):
    """The game needs no Babel: what `pybabel compile` writes, the standard gettext module reads
    (plural forms too)."""
    import gettext

    po = io.BytesIO(b'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                    b'"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
                    b'msgid "Hello"\nmsgstr "Szia"\n\nmsgid "Empty"\nmsgstr ""\n\n'
                    b'msgid "{n} wound"\nmsgid_plural "{n} wounds"\nmsgstr[0] "{n} seb"\nmsgstr[1] "{n} sebek"\n')
    out = io.BytesIO()
    write_mo(out, read_po(po))
    t = gettext.GNUTranslations(io.BytesIO(out.getvalue()))
    assert t.gettext("Hello") == "Szia"
    assert t.gettext("Empty") == "Empty"
    assert t.ngettext("{n} wound", "{n} wounds", 1) == "{n} seb"
    assert t.ngettext("{n} wound", "{n} wounds", 3) == "{n} sebek"


# ---------------------------------------------------------------- lessons and rules reference
# docs/TUTORIAL.md: step texts "go through the translation function"; the overlay and the F1
# Rules tab translate lesson titles, summaries, step texts, "wrong" explanations and rule texts
# at display time, so each must be a msgid exactly as the loaders hand it over.


def _data_texts(extracted) -> set:
    return {m.id for m in extracted if m.id and any(f.endswith(".toml") and ("lessons/" in f or "rules_reference" in f)
                                                     for f, _ in m.locations)}


def test_hungarian_covers_every_lesson_and_rule_text(extracted):
    texts = _data_texts(extracted)
    assert len(texts) > 150  # the lessons and the rules references really were read
    hungarian = _catalogue("hu")
    wanted = texts | set(_from(extracted, "game/tutorial"))
    untranslated = sorted(str(m)[:60] for m in wanted if not hungarian.get(m) or hungarian[m] == m)
    # Names and numbers alone may stay as they are; everything else is a sentence.
    assert [m for m in untranslated if " " in m] == []


def test_lesson_msgids_are_the_loaded_values_with_file_and_key_comments(extracted):
    """A multi-line step text keeps its line breaks in the msgid (the loader strips only the
    ends) and its entry names the file and the key it came from."""
    from game.tutorial.loader import load_lesson

    lesson = load_lesson(ROOT / "game" / "gears" / "lessons" / "01_turn.toml")
    welcome = lesson.steps[0]
    assert "\n" in welcome.text and welcome.text == welcome.text.strip()
    entry = extracted.get(welcome.text)
    assert entry is not None and "step.welcome.text" in entry.auto_comments
    assert ("game/gears/lessons/01_turn.toml", None) in entry.locations
    assert "step.welcome.wrong" not in {c for m in extracted for c in m.auto_comments}  # empty texts are not msgids


def test_wrong_action_explanation_is_shown_in_hungarian():
    """The runner translates a step's `wrong` text when it refuses an off-lesson action."""
    from game.tutorial.library import adapter_for, lessons_for
    from game.tutorial.runner import LessonRunner

    adapter = adapter_for("gears")
    lesson = next(les for les in lessons_for("gears", adapter) if les.id == "turn")
    runner = LessonRunner(lesson, adapter)
    while runner.step.kind == "read":
        runner.next()
    step = runner.step
    wanted = set(runner.wanted())
    other = next(a for a in runner.session.legal_actions() if a not in wanted)
    i18n.set_language("hu")
    fb = runner.submit(other)
    assert not fb.accepted and step.wrong
    assert fb.message == _catalogue("hu")[step.wrong] != step.wrong


def test_make_catalogues_updates_keeps_translations_and_compiles(tmp_path, monkeypatch):
    """tools/catalogues.py on a copy: a new msgid reaches every catalogue, a translation stays,
    a msgid gone from the code becomes obsolete (#~), and the .mo is written."""
    import shutil

    locale = tmp_path / "locale"
    shutil.copytree(LOCALE, locale)
    pot = locale / "tiletop.pot"
    with (LOCALE / "tiletop.pot").open("rb") as f:
        template = read_po(f)
    template.add("A brand new line")
    template.delete("Open a map")
    from babel.messages.pofile import write_po
    with pot.open("wb") as f:
        write_po(f, template)
    monkeypatch.setattr(tool, "LOCALE_DIR", locale)
    monkeypatch.setattr(tool, "POT", pot)
    assert tool.update([]) == 0 and tool.compile_all() == 0
    with (locale / "hu" / "LC_MESSAGES" / "tiletop.po").open("rb") as f:
        hu = read_po(f)
    assert "A brand new line" in hu and hu["A brand new line"].string == ""
    assert "Open a map" in hu.obsolete and hu.obsolete["Open a map"].string == "Térkép megnyitása"
    assert hu["Quit"].string == "Kilépés"
    assert (locale / "hu" / "LC_MESSAGES" / "tiletop.mo").stat().st_size > 1000


def test_english_players_read_rulebook_pages_and_rules_where_the_code_cites_seed_and_spec():
    """The code cites the original rulebooks as "seed p. N" and the rules spec as "spec 6.5"; the
    English catalogue words them "rulebook p. N" and "rule 6.5" (the F1 Rules tab's section) for
    every such msgid (tools/catalogues.py word_english), and the Hungarian and Greek texts never
    say "seed" or "spec" for them. A question's hash keeps the msgid's own words."""
    import re

    from game.engine.protocol import english_words
    from game.engine.text import M

    def first(x):
        return x if isinstance(x, str) else x[0]

    en = _po("en")
    cited = [m for m in en if m.id and tool.english_wording(first(m.id)) != first(m.id)]
    assert len(cited) > 150

    def worded(m):
        # as the tool words the msgid, or a player's words written by hand (Level 7's log lines
        # leave the data's marks out: test_plain_log.py), with no citation left to word
        strings = (m.string,) if isinstance(m.id, str) else tuple(m.string)
        if all(strings) and all(tool.english_wording(t) == t for t in strings):
            return True
        if isinstance(m.id, str):
            return m.string == tool.english_wording(m.id)
        return tuple(m.string) == tuple(tool.english_wording(i) for i in m.id)
    unworded = [m.id for m in cited if not worded(m)]
    assert unworded == [], f"run make catalogues: {unworded[:3]}"
    for lang in ("hu", "el"):
        said = [first(m.string) for m in _po(lang) if m.id
                and re.search(r"seed p\.|seed σ\.|spec \d+\.\d", first(m.string))]
        assert said == [], f"{lang}: {said[:3]}"

    prompt = M("Several Locusts spawn at once: which one is placed next (seed p. 15)?")
    refusal = M("Only one Order card per turn: you have already played yours (spec 5.2).")
    gap = M("{tiles}, the active player chooses (spec 11 #21)", tiles="A")
    i18n.set_language("en")
    assert str(prompt) == "Several Locusts spawn at once: which one is placed next (rulebook p. 15)?"
    assert str(refusal) == "Only one Order card per turn: you have already played yours (rule 5.2)."
    assert str(gap) == "A, the active player chooses"  # the spec's gap list: no Rules tab section, a data mark
    state = {"proc": {"pending": {"prompt": prompt, "labels": None}}}
    assert english_words(state)["proc"]["pending"]["prompt"].endswith("(seed p. 15)?")


@pytest.mark.parametrize("damage", [b"", b"\xde\x12\x04\x95\x00", bytes(range(256)) * 4])
def test_a_broken_catalogue_falls_back_to_english_and_says_which(tmp_path, monkeypatch, damage):
    """An empty or cut .mo file (shorter than its header) raised struct.error, which
    set_language did not catch: the program stopped at start with a Hungarian settings file."""
    import shutil

    from game import i18n

    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale)
    mo = locale / "hu" / "LC_MESSAGES" / "tiletop.mo"
    mo.write_bytes(damage)
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    try:
        assert i18n.set_language("hu") == "en" and i18n.translate("Settings") == "Settings"
        assert i18n.catalogue_problem("hu").startswith(f"{mo}: ")
        assert i18n.set_language("el") == "el" and i18n.catalogue_problem("el") is None
    finally:
        i18n.untranslated()


def test_fill_drops_the_colon_after_a_value_that_ends_with_its_own_mark():
    """A card named with an exclamation ('Fedezékbe!') joined by '{card}: ...' read '!:'; the
    joiner drops the colon and begins the rest as a sentence, in every language."""
    from game.i18n import fill

    assert fill("{card}: a támadás elmarad", card="Fedezékbe!") == "Fedezékbe! A támadás elmarad"
    assert fill("{card}: {who} draws a card", card="Why?", who="ann") == "Why? Ann draws a card"
    assert fill("{card}: cancel the attack", card="Take cover") == "Take cover: cancel the attack"
    assert fill("{a:az} ajtó: {b}", a="A1", b="x") == "az A1 ajtó: x"
    assert fill("{n}: {{x}}", n=3) == "3: {x}"
