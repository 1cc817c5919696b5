"""A lesson in English (or Greek) names no section of the Hungarian rulebook: Doom's lessons said
'(rulebook p. 9, Zsilipek)' and '(rulebook p. 12, Láncrombolás)', Hungarian headings an English
or Greek reader cannot look up; the page is enough. The Hungarian lessons may name them."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game import titles
from game.tutorial.library import adapter_for, lessons_for

ROOT = Path(__file__).resolve().parents[2]
# Letters only Hungarian writes among the three languages, and the rulebook's headings the
# lessons cited without them.
HUNGARIAN = re.compile(r"[áéíóöőúüűÁÉÍÓÖŐÚÜŰ]|Zsilip")


def lesson_texts() -> list[tuple[str, str]]:
    out = []
    for title in titles.keys_with("lessons"):
        for lesson in lessons_for(title, adapter_for(title)):
            for step in lesson.steps:
                out += [(f"{title}/{lesson.id}/{step.id}", t) for t in (step.text, step.wrong) if t]
    return out


def test_the_english_lessons_cite_no_hungarian_heading():
    found = [(where, HUNGARIAN.search(text).group()) for where, text in lesson_texts() if HUNGARIAN.search(text)]
    assert not found, found


def test_the_greek_lessons_cite_no_hungarian_heading():
    with (ROOT / "game" / "locale" / "el" / "LC_MESSAGES" / "tiletop.po").open("rb") as f:
        catalogue = read_po(f)
    texts = {text for _where, text in lesson_texts()}
    found = [m.string[:60] for m in catalogue if m.id in texts and m.string and HUNGARIAN.search(m.string)]
    assert not found, found
