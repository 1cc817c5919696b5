"""Issues 17 and 18: Neuroshima Convoy in Greek. Every msgid of Convoy's screens, lessons and rules
reference, and of the shared UI a Convoy player meets (the table kit, the lesson overlay, the menu,
the settings), has a Greek translation in game/locale/el; the lessons still run to their end
(`tutorial convoy --check`), also with the language set to Greek."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game import i18n

ROOT = Path(__file__).resolve().parents[1]
GREEK_PO = ROOT / "game" / "locale" / "el" / "LC_MESSAGES" / "tiletop.po"

# Where a Convoy player's texts come from (the `#:` locations of the .po).
CONVOY_SOURCES = ("game/ui/convoy/", "game/convoy/lessons/", "game/convoy/rules_reference.toml",
                  "game/ui/kit/", "game/ui/tutorial/", "game/ui/menu.py", "game/ui/settings_scene.py")
# The whole Convoy data and engine (cards, cities, rules messages) were translated before.
CONVOY_DATA = ("game/convoy/data/", "game/convoy/rules/")


@pytest.fixture(scope="module")
def greek():
    with GREEK_PO.open("rb") as f:
        return read_po(f)


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _entries(catalog, prefixes):
    return [m for m in catalog if m.id and any(f.startswith(prefixes) for f, _ in m.locations)]


def _translated(m) -> bool:
    return all(m.string) if isinstance(m.string, tuple) else bool(m.string)


def test_every_convoy_screen_lesson_and_rule_text_is_in_greek(greek):
    entries = _entries(greek, CONVOY_SOURCES)
    assert len(entries) > 300  # the locations really were read
    lessons = [m for m in entries if any(f.startswith("game/convoy/lessons/") for f, _ in m.locations)]
    assert len(lessons) > 60
    missing = sorted(str(m.id)[:70] for m in entries if not _translated(m))
    assert missing == [], f"Convoy msgids without a Greek translation: {missing}"


def test_convoy_cards_cities_and_engine_sentences_stay_translated(greek):
    entries = _entries(greek, CONVOY_DATA)
    assert len(entries) > 250
    assert [str(m.id)[:70] for m in entries if not _translated(m)] == []


def test_greek_convoy_keeps_placeholders_and_is_not_english(greek):
    entries = _entries(greek, CONVOY_SOURCES)
    for m in entries:
        if isinstance(m.id, str):
            assert sorted(re.findall(r"\{[^}]*\}", m.id)) == sorted(re.findall(r"\{[^}]*\}", m.string)), m.id
    # Sentences (not names or numbers) are Greek, not copied English.
    copied = [m.id for m in entries if isinstance(m.id, str) and " " in m.id and m.string == m.id
              and not re.fullmatch(r"[{}\w:, ().]*", m.id.replace(" ", ""))]
    assert copied == []


def test_the_glossary_terms_are_used(greek):
    by_id = {m.id: m.string for m in greek if m.id and isinstance(m.id, str)}
    assert "δείκτη Μάχης για τον Τομέα" in by_id["Drop the Sector Battle token on an intact sector of the active city."]
    assert by_id["Pass (done)"].startswith("Πάσο")
    assert "σταθμοί μάχης" in by_id["Battle stations, future cities and the undefended +1."].lower()


def test_the_lesson_texts_come_out_in_greek():
    from game.tutorial.library import adapter_for, lessons_for
    from game.tutorial.runner import LessonRunner

    adapter = adapter_for("convoy")
    lesson = next(les for les in lessons_for("convoy", adapter) if les.id == "round")
    runner = LessonRunner(lesson, adapter)
    i18n.set_language("el")
    assert i18n.translate(lesson.title) == "Ένας γύρος, φάση προς φάση"
    assert i18n.translate(runner.step.text).startswith("Η φάλαγγα των μηχανών του Moloch")


def test_check_command_completes_every_convoy_lesson_in_greek(capsys):
    from game.tutorial.commands import tutorial_main

    i18n.set_language("el")
    assert tutorial_main(["convoy", "--check"]) == 0
    out = [line for line in capsys.readouterr().out.splitlines() if line.startswith(("ok", "FAIL"))]
    assert len(out) == 5 and all(line.startswith("ok") for line in out)
