"""Where each title's lessons and rules reference live, and how to load them checked."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from game.tutorial.loader import load_lessons
from game.tutorial.model import Lesson
from game.tutorial.rules_ref import RulesReference, check_sections, load_rules_reference

GAME_DIR = Path(__file__).resolve().parents[1]
TITLES = {"gears": GAME_DIR / "gears" / "lessons"}
RULES = {"gears": GAME_DIR / "gears" / "rules_reference.toml"}


def adapter_for(title: str, rules_title: Any = None) -> Any:
    if title == "gears":
        from game.tutorial.gears_adapter import GearsAdapter

        return GearsAdapter(rules_title)
    raise ValueError(f"no lessons for {title!r} (titles with lessons: {', '.join(sorted(TITLES))})")


def lessons_for(title: str, adapter: Any = None, folder: Path | None = None) -> list[Lesson]:
    """The title's lessons in order; names and rule sections are checked (DataError if not)."""
    if title not in TITLES:
        raise ValueError(f"no lessons for {title!r} (titles with lessons: {', '.join(sorted(TITLES))})")
    adapter = adapter or adapter_for(title)
    lessons = load_lessons(folder or TITLES[title], adapter.check_lesson)
    reference = rules_for(title)
    pairs = [(f"{les.path}: step {s.id!r}", s.rule) for les in lessons for s in les.steps]
    pairs += [(f"{les.path}: lesson.rules", r) for les in lessons for r in les.rules]
    problems = check_sections(reference, pairs)
    if problems:
        from game.engine.tomldata import DataError

        raise DataError(problems[0].split(":")[0], problems[0].split(": ", 1)[1])
    return lessons


def rules_for(title: str) -> RulesReference:
    return load_rules_reference(RULES[title])
