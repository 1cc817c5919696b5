"""The shipped Gears lessons: each runs to its end on the real engine, refuses what it does not
teach with its own explanation, and refuses what the rules forbid with the rule behind it."""
from __future__ import annotations

import pytest

from game.engine.protocol import Action
from game.tutorial.runner import LessonRunner, check_lesson
from tests.tutorial.conftest import lesson

LESSON_IDS = ["turn", "move_cover", "sight_range", "attack", "locust_ai", "wounds", "reactions", "grenades",
              "explore"]


def test_the_lessons_are_in_order_and_short(lessons):
    ids = [les.id for les in lessons]
    assert ids == LESSON_IDS  # the nine lessons, in its order
    for les in lessons:
        assert 2 <= les.minutes <= 4, les.id  # the issue: each lesson 2-4 minutes
        assert les.steps[0].highlights, f"{les.id}: the first step must point at something"


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_lesson_runs_to_its_end(lessons, adapter, lesson_id):
    result = check_lesson(lesson(lessons, lesson_id), adapter)
    assert result.ok, result.problem
    assert result.steps == len(lesson(lessons, lesson_id).steps)


def _off_lesson_action(runner):
    """A legal action the current action step does not want (None if every legal action fits)."""
    wanted = set(runner.wanted())
    return next((a for a in runner.session.legal_actions() if a not in wanted), None)


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_wrong_action_is_refused_with_the_steps_explanation(lessons, adapter, lesson_id):
    """Every action step that has an off-lesson legal action refuses it, says why, and leaves the
    game exactly as it was (the step is still waiting)."""
    les = lesson(lessons, lesson_id)
    runner = LessonRunner(les, adapter)
    refused = 0
    while not runner.done:
        step = runner.step
        if step.kind == "read":
            assert runner.submit(runner.session.legal_actions()[0]).accepted is False
            runner.next()
            continue
        other = _off_lesson_action(runner) if step.kind == "action" else None
        if other is not None:
            before, index = runner.session.state_hash(), runner.index
            fb = runner.submit(other)
            assert not fb.accepted and not fb.illegal
            assert fb.message and fb.message == (step.wrong or fb.message)
            assert runner.session.state_hash() == before and runner.index == index
            refused += 1
        assert runner.submit(runner.hint()).accepted
    assert refused >= 1, f"{lesson_id}: no step offered a wrong action to refuse"


def _walk_to(runner, step_id):
    while runner.step.id != step_id:
        if runner.step.kind == "read":
            runner.next()
        else:
            assert runner.submit(runner.hint()).accepted


def test_illegal_attack_is_refused_with_the_line_of_sight_rule_spec_3_5(lessons, adapter):
    """Spec 3.5 worked example: Marcus in cover cannot see Drone #4; attacking it is refused by
    the rules, with the reason and the rule section the Rules tab opens."""
    runner = LessonRunner(lesson(lessons, "sight_range"), adapter)
    _walk_to(runner, "pick_target")
    attacks = {a.payload["target"] for a in runner.session.legal_actions() if a.kind == "attack"}
    assert "drone#4" not in attacks and {"drone#2", "drone#3", "drone#5"} <= attacks
    before = runner.session.state_hash()
    fb = runner.submit(Action("attack", {"target": "drone#4", "weapon": "lancer", "mode": "normal"}))
    assert not fb.accepted and fb.illegal
    assert "line of sight" in fb.message and fb.rule == "3.5"
    assert runner.session.state_hash() == before


def test_worked_example_spec_3_5_sight_from_the_arrow(lessons, adapter):
    """Marcus (in cover) sees #2 in partial and #3 in full cover and #5 in the open, not #4; Cole
    in the same area out of cover sees all four."""
    from game.gears.rules.movement import cover_bonus, los

    runner = LessonRunner(lesson(lessons, "sight_range"), adapter)
    s = runner.state
    view = s.view()
    marcus = (s.cogs["P1"].area, s.cogs["P1"].cover)
    cole = (s.cogs["P2"].area, s.cogs["P2"].cover)
    pos = {lid: (x.area, x.cover) for lid, x in s.locusts.items()}
    assert marcus[1] is not None and cole[1] is None and marcus[0] == cole[0]
    assert [los(view, marcus, pos[f"drone#{i}"]) for i in (2, 3, 4, 5)] == [True, True, False, True]
    assert all(los(view, cole, pos[f"drone#{i}"]) for i in (2, 3, 4, 5))
    assert cover_bonus(view, marcus, pos["drone#2"]) == 1 and cover_bonus(view, marcus, pos["drone#3"]) == 2


def test_worked_example_spec_6_3_in_the_attack_lesson(lessons, adapter):
    """Overwhelming Lancer, 4 black dice against 1 + 1 (partial cover) + 1 (range) red dice;
    omen + 3 hits against 3 shields: 1 wound, the Drone lives with a marker of value 1."""
    runner = LessonRunner(lesson(lessons, "attack"), adapter)
    _walk_to(runner, "overwhelming")
    from game.gears.rules.attack import cog_attack_plan

    plan = cog_attack_plan(runner.state, adapter.content, "P1", "drone#1", "lancer", "overwhelming")
    assert (plan.black, plan.red) == (4, 3)
    assert runner.submit(runner.hint()).accepted
    x = runner.state.locusts["drone#1"]
    assert x.wounded_health == 1
    assert runner.state.cogs["P1"].ammo("lancer") == 1


def test_back_rebuilds_the_previous_step(lessons, adapter):
    runner = LessonRunner(lesson(lessons, "move_cover"), adapter)
    _walk_to(runner, "step2")
    before = runner.session.state_hash()
    assert runner.submit(runner.hint()).accepted  # step2 done, now at "stop"
    assert runner.step.id == "stop"
    assert runner.back()
    assert runner.step.id == "step2" and runner.session.state_hash() == before


def test_a_step_that_does_not_want_an_action_says_next(lessons, adapter):
    runner = LessonRunner(lesson(lessons, "turn"), adapter)
    fb = runner.submit(runner.session.legal_actions()[0])
    assert not fb.accepted and "Next" in fb.message


def test_grenade_omen_seals_the_hole_spec_6_8(lessons, adapter):
    runner = LessonRunner(lesson(lessons, "grenades"), adapter)
    hole_area = runner.places["hole_area"]
    _walk_to(runner, "sealed")
    assert all(h["sealed"] for h in runner.state.holes.values() if h["area"] == hole_area)
    assert runner.state.cogs["P1"].grenades == 1


def test_exploring_builds_the_next_level_spec_6_11(lessons, adapter):
    runner = LessonRunner(lesson(lessons, "explore"), adapter)
    before = (runner.state.levels_built, len(runner.state.placements))
    _walk_to(runner, "built")
    assert runner.state.levels_built == before[0] + 1 and len(runner.state.placements) > before[1]


def test_wounds_bleed_out_and_revive_spec_6_13(lessons, adapter):
    runner = LessonRunner(lesson(lessons, "wounds"), adapter)
    _walk_to(runner, "down")
    assert runner.state.cogs["P1"].bleeding and runner.state.cogs["P1"].hand == []
    _walk_to(runner, "revived")
    assert not runner.state.cogs["P1"].bleeding and runner.state.cogs["P1"].no_draw
