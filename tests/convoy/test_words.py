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


def test_every_action_kind_is_worded_both_ways_in_one_table():
    """ai.deed worded each action kind in the third person by mirroring the action labels by
    hand, so a new kind needed a line in two places: rules/flow.py NAMES_OF and ACTION_WORDS
    word every top-level action kind both ways, the button's command and what a player did, and
    the AI's deed is the second. Over random games every offered kind is in the table, and its
    two words differ."""
    from game.convoy.ai import deed
    from game.convoy.rules import flow
    from game.convoy.rules.procedures import RESOLVER
    from game.engine.bots import RandomBot

    seen = set()
    for seed in (1, 2, 3):
        s, bot = flow.new_state(seed), RandomBot(seed)
        for _ in range(300):
            acts = flow.legal_actions(s)
            if not acts:
                break
            for a in acts:
                if s.proc is None:
                    assert a.kind in flow.NAMES_OF, a.kind
                    did = deed(s, a)
                    key, _names = flow.NAMES_OF[a.kind](s, a.payload)
                    assert did.msgid == flow.ACTION_WORDS[key][1] != a.label.msgid
                    seen.add(a.kind)
            flow.apply(s, bot.choose(acts))
        RESOLVER.release(s)
    assert seen >= {"mulligan", "play", "pass"}
