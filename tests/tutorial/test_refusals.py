"""Tutorial refusals (docs/TUTORIAL.md "Refusals"): the engine's specific reason
(game/gears/rules/refusals.py, citing the spec) reaches the learner unchanged, and the Rules
link follows the cited section (its parent when the reference lacks it), else the keywords."""
from __future__ import annotations

from game.engine.protocol import Action
from game.gears.rules.refusals import why_illegal
from game.gears.tutorial import cited_sections, rule_of_reason
from game.tutorial.runner import LessonRunner
from tests.tutorial.conftest import lesson
from tests.tutorial.test_lessons import _walk_to


def test_cited_sections_are_read_in_order_spec_3_5():
    assert cited_sections("No line of sight: a wall blocks every line (spec 3.5, 6.6).") == ["3.5", "6.6"]
    assert cited_sections("First (spec 5.2). Then (spec 6.16).") == ["5.2", "6.16"]
    assert cited_sections("no citation here") == []


def test_rule_link_prefers_a_known_cited_section_then_parent_then_keywords_spec_6_16(adapter):
    assert adapter.rule_of("The target area is not in line of sight (spec 6.6).", "area_attack") == "6.6"
    # 5.2.1 is not in the reference: its parent 5.2 is.
    assert adapter.rule_of("One Order card per turn (spec 5.2.1).", "play") == "5.2"
    assert adapter.rule_of("A bleeding-out COG was executed (spec 6.16).", "play") == "6.16"
    # 8.3 and its parent 8 are not in the reference: the keywords decide (bleeding -> 6.13).
    assert adapter.rule_of("A bleeding-out COG was executed (spec 8.3).", "play") == "6.13"
    assert adapter.rule_of("Something odd.", "grenade") == "6.8"  # the action kind's rule
    assert rule_of_reason("The Drone is 4 areas away") == "3.6"


def test_engine_reason_is_passed_through_with_its_rule_spec_6_2(lessons, adapter):
    """An illegal move in the move lesson: the learner reads exactly the engine's sentence."""
    runner = LessonRunner(lesson(lessons, "sight_range"), adapter)
    _walk_to(runner, "pick_target")
    state = runner.state
    action = Action("step", {"area": "nowhere"})
    assert action not in runner.session.legal_actions()
    engine = why_illegal(state, action)
    before = runner.session.state_hash()
    fb = runner.submit(action)
    assert not fb.accepted and fb.illegal
    assert fb.message == engine and cited_sections(engine)
    assert fb.rule == adapter.rule_of(engine, "step") and fb.rule
    assert runner.session.state_hash() == before


def test_a_hungarian_refusal_still_links_the_rule_it_cites(lessons, adapter):
    """Issue 18: the learner reads the engine's reason in Hungarian ("(szabály 6.2)"), and the
    rule link still comes from the section it cites (read from the message, not the words)."""
    from game import i18n

    runner = LessonRunner(lesson(lessons, "sight_range"), adapter)
    _walk_to(runner, "pick_target")
    action = Action("step", {"area": "nowhere"})
    english_rule = runner.submit(action).rule
    i18n.set_language("hu")
    try:
        fb = runner.submit(action)
        assert not fb.accepted and "szabály" in fb.message and "spec" not in fb.message
        assert fb.message == str(why_illegal(runner.state, action))
        assert fb.rule == english_rule and fb.rule
    finally:
        i18n.set_language("en")
