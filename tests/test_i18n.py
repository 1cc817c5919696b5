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
