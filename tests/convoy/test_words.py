"""Issue 18 readiness: every player-facing sentence of the Convoy rules is one `N_` template in
game/convoy/rules/words.py, used by name (no dead templates), with named placeholders only."""
from __future__ import annotations

import ast
import re
import string
from pathlib import Path

from game.convoy.rules import words as W

RULES = Path(W.__file__).resolve().parent
TEMPLATES = {k: v for k, v in vars(W).items() if k.isupper() and isinstance(v, str)}


def test_every_template_is_marked_and_its_placeholders_are_named():
    text = (RULES / "words.py").read_text(encoding="utf-8")
    for name, template in TEMPLATES.items():
        assert re.search(rf"^{name} = N_\(", text, re.M), name
        fields = [f for _t, f, _s, _c in string.Formatter().parse(template) if f is not None]
        assert all(f and not f.isdigit() for f in fields), (name, template)


def test_every_template_is_used_by_the_rules():
    used = set()
    for path in [*RULES.glob("*.py"), RULES.parent / "simulation.py"]:
        if path.name == "words.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in TEMPLATES:
                used.add(node.attr)
            elif isinstance(node, ast.alias) and node.name in TEMPLATES:
                used.add(node.name)
    assert sorted(set(TEMPLATES) - used - {"SIDE_NAMES"}) == []
