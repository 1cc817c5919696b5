"""DESIGN.md, Layers: nothing outside game/ui imports pygame; the rules run headless."""
import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_no_pygame_outside_ui():
    offenders = [
        str(p.relative_to(GAME.parent))
        for p in GAME.rglob("*.py")
        if "ui" not in p.relative_to(GAME).parts[:1] and "pygame" in _imports(p)
    ]
    assert offenders == [], f"pygame imported outside game/ui: {offenders}"


def test_checker_sees_a_pygame_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import pygame.display\n")
    assert "pygame" in _imports(bad)
