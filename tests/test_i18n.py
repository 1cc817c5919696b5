"""DESIGN.md 'What a user sees': all UI text goes through one translation function backed by
gettext catalogues; English is complete, Hungarian covers the menu and the shell."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from game import i18n

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "game" / "locale"
_spec = importlib.util.spec_from_file_location("compile_catalogues", ROOT / "tools" / "compile_catalogues.py")
cc = importlib.util.module_from_spec(_spec)
sys.modules["compile_catalogues"] = cc
_spec.loader.exec_module(cc)

SHELL_FILES = ("app.py", "menu.py", "overlays.py", "settings_scene.py", "maplist.py", "games.py")


def _catalogue(lang: str) -> dict[str, str]:
    po = LOCALE / lang / "LC_MESSAGES" / "tiletop.po"
    return cc.parse_po(po.read_text(encoding="utf-8"), str(po))


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def test_every_ui_msgid_has_an_english_entry():
    used = cc.extract_msgids(ROOT / "game" / "ui")
    english = _catalogue("en")
    missing = {m: where for m, where in used.items() if not english.get(m)}
    assert len(used) > 50  # the scan really found the UI's strings
    assert missing == {}, f"msgids without an English entry (run tools/compile_catalogues.py --extract): {missing}"


def test_hungarian_covers_menu_and_shell():
    used = cc.extract_msgids(ROOT / "game" / "ui")
    shell = {m for m, where in used.items() if any(w.split(":")[0].endswith(SHELL_FILES) for w in where)}
    hungarian = _catalogue("hu")
    untranslated = sorted(m for m in shell if not hungarian.get(m) or (hungarian[m] == m and m not in ("Enter",)))
    assert "Open a map" in shell and "Settings" in shell
    assert untranslated == []


def test_placeholders_survive_translation():
    """A translated '{name}' string must keep the same fields or .format() would raise."""
    import string

    for lang in ("en", "hu"):
        for msgid, msgstr in _catalogue(lang).items():
            if not msgid or not msgstr:
                continue
            fields = lambda s: sorted(f for _t, f, _s, _c in string.Formatter().parse(s) if f)  # noqa: E731
            assert fields(msgid) == fields(msgstr), (lang, msgid)


def test_compiled_catalogues_are_up_to_date():
    for po in cc.catalogues(LOCALE):
        compiled = cc.mo_bytes(cc.parse_po(po.read_text(encoding="utf-8"), str(po)))
        assert po.with_suffix(".mo").read_bytes() == compiled, f"{po}: run tools/compile_catalogues.py"


def test_translate_switches_language_and_falls_back():
    assert i18n.set_language("hu") == "hu"
    assert i18n.translate("Open a map") == "Térkép megnyitása"
    assert i18n._("Quit") == "Kilépés"
    assert i18n.translate("a string nobody catalogued") == "a string nobody catalogued"
    assert i18n.set_language("xx") == "en"
    assert i18n.translate("Open a map") == "Open a map"


def test_po_parser_reports_file_and_line():
    with pytest.raises(cc.PoError, match=r"x.po:2"):
        cc.parse_po('msgid "a"\nbogus line\n', "x.po")


def test_mo_roundtrip_through_gettext(tmp_path):
    import gettext

    mo = tmp_path / "t.mo"
    mo.write_bytes(cc.mo_bytes({"": "Content-Type: text/plain; charset=UTF-8\n", "Hello": "Szia", "Empty": ""}))
    with mo.open("rb") as f:
        t = gettext.GNUTranslations(f)
    assert t.gettext("Hello") == "Szia"
    assert t.gettext("Empty") == "Empty"


# ---------------------------------------------------------------- lessons and rules reference
# docs/TUTORIAL.md: step texts "go through the translation function"; the overlay and the F1
# Rules tab translate lesson titles, summaries, step texts, "wrong" explanations and rule texts
# at display time, so each must be a msgid exactly as the loaders hand it over.


def _data_texts() -> dict[str, list[str]]:
    found = dict(cc.extract_lesson_texts())
    for msgid, where in cc.extract_rule_texts().items():
        found.setdefault(msgid, []).extend(where)
    return found


def test_every_lesson_and_rule_text_has_an_english_entry():
    texts = _data_texts()
    english = _catalogue("en")
    assert len(texts) > 150  # nine lessons and the rules reference really were read
    missing = {m: where[0] for m, where in texts.items() if english.get(m) != m}
    assert missing == {}, f"lesson/rule texts without an English entry (run tools/compile_catalogues.py --extract): {missing}"


def test_every_tutorial_code_msgid_has_an_english_entry():
    used = cc.extract_msgids(ROOT / "game" / "tutorial")
    english = _catalogue("en")
    assert "The lesson is over." in used
    assert {m: w for m, w in used.items() if not english.get(m)} == {}


def test_hungarian_covers_every_lesson_and_rule_text():
    hungarian = _catalogue("hu")
    wanted = set(_data_texts()) | set(cc.extract_msgids(ROOT / "game" / "tutorial"))
    untranslated = sorted(m[:60] for m in wanted if not hungarian.get(m) or hungarian[m] == m)
    # Names and numbers alone may stay as they are; everything else is a sentence.
    assert [m for m in untranslated if " " in m] == []


def test_lesson_msgids_are_the_loaded_values_with_file_and_key_comments():
    """A multi-line step text keeps its line breaks in the msgid (the loader strips only the
    ends) and the English entry names the file and the key it came from."""
    from game.tutorial.loader import load_lesson

    lesson = load_lesson(ROOT / "game" / "gears" / "lessons" / "01_turn.toml")
    welcome = lesson.steps[0]
    assert "\n" in welcome.text and welcome.text == welcome.text.strip()
    po = (LOCALE / "en" / "LC_MESSAGES" / "tiletop.po").read_text(encoding="utf-8")
    assert "#: game/gears/lessons/01_turn.toml step.welcome.text\n" in po
    assert '#: game/gears/rules_reference.toml rule."3.5".text\n' in po
    assert _catalogue("en")[welcome.text] == welcome.text


@pytest.mark.parametrize("text", [
    "short",
    "two\nlines",
    "trailing newline\n",
    'quotes " and \\ backslash\nand a long line ' + "word " * 40,
    "x" * 200,  # no space to cut at
])
def test_po_string_round_trips(text):
    po = f'msgid "a"\nmsgstr {cc.po_string(text)}\n'
    assert cc.parse_po(po)["a"] == text
    assert all(len(line) <= cc.PO_WIDTH + 2 or " " not in line for line in po.splitlines())


def test_extract_adds_missing_data_texts_once(tmp_path):
    po = tmp_path / "tiletop.po"
    assert cc.extract_english(po) > 150
    first = po.read_text(encoding="utf-8")
    assert cc.extract_english(po) == 0 and po.read_text(encoding="utf-8") == first
    assert "step.welcome.wrong" not in first  # empty texts are not msgids


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


def test_references_follow_the_code_that_moved(tmp_path):
    """`--extract` rewrites each entry's #: lines to where the msgid is now (a module moved into
    the kit); an entry no longer found keeps its lines; the translations are untouched."""
    po = tmp_path / "x.po"
    po.write_text('msgid ""\nmsgstr ""\n\n#: game/ui/gears/panels.py:12\nmsgid "1 wound"\nmsgstr "1 sebesülés"\n\n'
                  '#: game/old.py:3\nmsgid "Gone"\nmsgstr "Elment"\n', encoding="utf-8")
    assert cc.refresh_references(po, {"1 wound": ["game/ui/kit/dice_tray.py:90"]}) == 1
    text = po.read_text(encoding="utf-8")
    assert "#: game/ui/kit/dice_tray.py:90\nmsgid \"1 wound\"\nmsgstr \"1 sebesülés\"" in text
    assert "#: game/old.py:3\nmsgid \"Gone\"" in text
    assert cc.parse_po(text) == {"": "", "1 wound": "1 sebesülés", "Gone": "Elment"}
