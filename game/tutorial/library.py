"""Where each title's lessons and rules reference live (its entry in game/titles.py), and how to
load them checked."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from game import titles
from game.tutorial.loader import load_lessons
from game.tutorial.model import Lesson
from game.tutorial.protocol import LessonAdapter
from game.tutorial.rules_ref import RulesReference, check_sections, load_rules_reference


def with_lessons() -> list[str]:
    """The titles that have lessons (the choices of `python -m game tutorial`)."""
    return titles.keys_with("tutorial")


def lesson_folder(title: str) -> Path:
    return _entry(title).lesson_folder


def adapter_for(title: str, rules_title: Any = None) -> LessonAdapter:
    return _entry(title).new_adapter(rules_title)


def lessons_for(title: str, adapter: LessonAdapter | None = None, folder: Path | None = None,
                problems: list[str] | None = None) -> list[Lesson]:
    """The title's lessons in order; names and rule sections are checked (DataError if not).
    With `problems`, a broken lesson is left out and its message added there instead."""
    entry = _entry(title)
    adapter = adapter or entry.new_adapter()
    lessons = load_lessons(folder or entry.lesson_folder, adapter.check_lesson, problems)
    reference = rules_for(title)
    pairs = [(f"{les.path}: step {s.id!r}", s.rule) for les in lessons for s in les.steps]
    pairs += [(f"{les.path}: lesson.rules", r) for les in lessons for r in les.rules]
    wrong = check_sections(reference, pairs)
    if wrong and problems is None:
        from game.engine.tomldata import DataError

        raise DataError(wrong[0].split(":")[0], wrong[0].split(": ", 1)[1])
    if wrong:
        problems += wrong
        lessons = [les for les in lessons if not any(w.startswith(f"{les.path}: ") for w in wrong)]
    return lessons


def rules_for(title: str) -> RulesReference:
    return load_rules_reference(titles.get(title).rules_reference_path)


def _entry(title: str) -> titles.TitleEntry:
    if title not in with_lessons():
        raise ValueError(f"no lessons for {title!r} (titles with lessons: {', '.join(with_lessons())})")
    return titles.get(title)
