"""game/doom/rules_reference.toml reads with the tutorial's loader (game/tutorial/rules_ref.py) and
its sections are sections of the spec."""
from __future__ import annotations

import re
from pathlib import Path

from game.tutorial.rules_ref import load_rules_reference

ROOT = Path(__file__).resolve().parents[2]
SPEC = Path("/work/shared/rules/doom.md")


def test_rules_reference_loads_and_names_spec_sections():
    ref = load_rules_reference(ROOT / "game" / "doom" / "rules_reference.toml")
    assert ref.get("3.7").title == "Line of sight"
    assert ref.for_context("guard").section == "6.9"
    if SPEC.is_file():  # the spec lives beside the project, not in it
        headings = set(re.findall(r"^###? (\d+(?:\.\d+)?)\b", SPEC.read_text(encoding="utf-8"), re.M))
        assert set(ref.rules) <= headings
