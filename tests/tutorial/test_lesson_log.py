"""A lesson's log starts with the lesson: its [setup] edits the game the title set up (clears
its Locusts or invaders, places figures, deals hands), so the lines of that set-up (the game's
opening lines, Gears' set-up decisions) would tell of figures and cards the lesson replaced.
What the learner does from there is logged as in any game."""
from __future__ import annotations

import pytest

from game.tutorial.library import adapter_for, lessons_for
from game.tutorial.runner import LessonRunner
from tests.tutorial.conftest import finish_step


def lesson_lines(runner: LessonRunner, start: int) -> list:
    """The events of the actions taken since the lesson began (action `start` on)."""
    return [e for caused in runner.session.events[start:] for e in caused]


@pytest.mark.parametrize("title", ["gears", "doom", "level7", "convoy"])
def test_each_lesson_opens_with_an_empty_log_and_logs_what_the_learner_does(title):
    adapter = adapter_for(title)
    lessons = lessons_for(title, adapter)
    for lesson in lessons:
        set_up = len(adapter.start(lesson)[0].actions)  # the title's set-up decisions, if any
        runner = LessonRunner(lesson, adapter)
        assert lesson.setup and (title == "convoy" or runner.session.opening), lesson.id  # (Convoy says nothing)
        # (what the lesson answered for its learner as it began, a Convoy AI's pass, is the lesson's)
        assert [e.event for e in runner.session.log] == lesson_lines(runner, set_up), lesson.id
    runner = LessonRunner(lessons[0], adapter)
    start = len(runner.session.actions)
    while len(runner.session.actions) == start:
        finish_step(runner)
    finish_step(runner)
    assert len(runner.session.log) > 0
    assert [e.event for e in runner.session.log] == lesson_lines(runner, start)
    assert runner.back()  # Back rebuilds the lesson: its log again starts with the lesson
    assert [e.event for e in runner.session.log] == lesson_lines(runner, start)


def test_a_gears_lesson_log_has_no_line_of_the_locusts_it_cleared():
    adapter = adapter_for("gears")
    lesson = next(x for x in lessons_for("gears", adapter) if x.id == "turn")
    assert lesson.setup.get("clear_locusts")
    runner = LessonRunner(lesson, adapter)
    assert runner.session.actions  # the set-up's own decisions were taken (a Drone's cover)...
    assert runner.session.log.texts() == []  # ...and none of their lines is shown
