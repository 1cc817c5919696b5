"""Issue 14: the event sections' effects are data of a fixed vocabulary (game/level7/event_effects.py)
the loader checks; a broken one is refused naming the file, the key path and the line (as every
Level 7 data error is, docs/CONTENT.md)."""
from __future__ import annotations

import shutil

import pytest

from game.level7.content import DATA_DIR, shared_content
from game.level7.event_effects import VOCABULARY
from tests.level7 import test_content as content_tests


def test_every_section_has_an_effect_and_the_vocabulary_is_used():
    c = shared_content()
    assert len(c.sections) == 30 and all(s.effect for s in c.sections.values())
    used = set()

    def walk(steps):
        for step in steps:
            used.add(step.do)
            for v in step.params.values():
                if isinstance(v, tuple) and v and isinstance(v[0], tuple):
                    for option in v:
                        walk(option)
                elif isinstance(v, tuple):
                    walk(v)

    for s in c.sections.values():
        walk(s.effect)
    assert used == set(VOCABULARY)
    assert all(not s.provenance.verified for s in c.sections.values())  # PLACEHOLDER, spec 8.7


def test_a_section_effect_reads_as_its_text():
    c = shared_content()
    s7 = c.sections["S7"].effect[0]  # Checkpoint: Strength 3 challenge; fail: +1 Threat and discard 1
    assert (s7.do, s7.params["attribute"], s7.params["level"]) == ("challenge", "strength", 3)
    assert [(f.do, dict(f.params)) for f in s7.params["fail"]] == [("threat", {"amount": 1}), ("discard", {"count": 1})]
    f5 = c.sections["F5"].effect[0]  # Moment of Calm: choose -1 Fear or draw 1 adrenaline card
    assert f5.do == "choose" and [o[0].do for o in f5.params["options"]] == ["fear", "draw_adrenaline"]


BROKEN = [
    ('effect = [{ do = "fear", amount = 1 }]', 'effect = [{ do = "feer", amount = 1 }]',
     "section.F1.effect[0].do", "unknown effect 'feer'"),
    ('effect = [{ do = "fear", amount = 1 }]', 'effect = [{ do = "fear", amont = 1 }]',
     "section.F1.effect[0].amont", "fear takes no 'amont'"),
    ('effect = [{ do = "fear", amount = 1 }]', 'effect = [{ do = "fear" }]', "section.F1.effect[0]", "fear needs 'amount'"),
    ('effect = [{ do = "fear", amount = 1 }]', 'effect = []', "section.F1.effect", "must be a list of steps"),
    ('fail = [{ do = "threat", amount = 1 }] }]', 'fail = [{ do = "threat", amount = "one" }] }]',
     "section.S1.effect[0].fail[0].amount", "must be a whole number"),
    ('enemy = "guard", at = "security"', 'enemy = "hybrid", at = "security"', "section.S3.effect[0].enemy",
     "must be one of guard, clone"),
    ('enemy = "guard", at = "security"', 'enemy = "guard", at = "vent"', "section.S3.effect[0].at",
     "a guard spawns at its own sites"),
]


@pytest.mark.parametrize("old, new, key, problem", BROKEN, ids=[b[2] for b in BROKEN])
def test_a_broken_effect_names_file_key_and_line(tmp_path, old, new, key, problem):
    for f in DATA_DIR.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    # the content tests' check: the message starts with the file, names the key path and a line
    # holding the edited effect
    content_tests.test_a_broken_file_names_file_key_and_line(tmp_path, "events.toml", old, new, key, problem, "effect = ")
