"""Issue 11 part 3: the lesson runner talks to a title only through the LessonAdapter protocol
(game/tutorial/protocol.py); nothing in game/tutorial imports a title package."""
from __future__ import annotations

import ast
from pathlib import Path

from game import titles
from game.tutorial import protocol

TUTORIAL = Path(protocol.__file__).resolve().parent


def _imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):  # lazy imports too
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_no_tutorial_module_imports_a_title_package():
    packages = tuple(f"game.{e.key}" for e in titles.TITLES)
    offenders = {p.name: sorted(m for m in _imported_modules(p) if m.startswith(packages))
                 for p in TUTORIAL.glob("*.py")}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_gears_adapter_has_every_member_of_the_protocol(adapter):
    members = {n for n in vars(protocol.LessonAdapter) if not n.startswith("_")}
    members |= set(protocol.LessonAdapter.__annotations__)
    assert {"start", "condition", "default_auto", "drop_stacked"} <= members
    assert [m for m in sorted(members) if not hasattr(adapter, m)] == []
    assert adapter.default_auto["guard"] == "decline"
