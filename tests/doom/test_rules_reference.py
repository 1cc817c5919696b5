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


def test_a_scenarios_rule_text_states_no_number_the_data_does_not_hold():
    """Rule 9.4 said 'The invader wins with 5 frags, and from round 10 the meltdown...' while
    scenarios.toml (tuned by simulation) holds 7 frags and round 12: the F1 Rules tab contradicted
    the goal line. A number of frags or a round in a scenario's rule text is the data's."""
    from game.doom.content import shared_content

    ref = load_rules_reference(ROOT / "game" / "doom" / "rules_reference.toml")
    scenarios = {sc.name: sc for sc in shared_content().scenarios.values()}
    checked = 0
    for rule in ref.rules.values():
        sc = scenarios.get(rule.title)
        if sc is None:
            continue
        checked += 1
        for n in re.findall(r"(\d+) frags", rule.text):
            assert int(n) == sc.frag_target, (rule.section, rule.text)
        for n in re.findall(r"round (\d+)", rule.text):
            assert sc.meltdown and int(n) == sc.meltdown[0], (rule.section, rule.text)
    assert checked >= 2
