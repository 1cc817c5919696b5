"""A lesson's log starts where its [setup] edited the game (AdapterBase.log_from_here): the
lines logged before the edit (the game's opening lines, Gears' set-up decisions taken before its
Locusts are cleared) tell of figures and cards the lesson replaced. What is logged after the
edit is the lesson's: Convoy's kept hands and first draws (its edits come before them), the
runner's automatic answers, and what the learner does."""
from __future__ import annotations

import pytest

from game.tutorial.library import adapter_for, lessons_for
from game.tutorial.runner import LessonRunner
from tests.tutorial.conftest import finish_step


def lesson_lines(runner: LessonRunner, start: int) -> list:
    """The events of the game's actions from action `start` on."""
    return [e for caused in runner.session.events[start:] for e in caused]


# How many actions each title's adapter takes before its edits (Gears: the set-up's own
# decisions, a cover spot, a tie); Convoy takes its two (the kept hands) after them.
def before_edit(title: str, adapter, lesson) -> int:
    return len(adapter.start(lesson)[0].actions) if title == "gears" else 0


@pytest.mark.parametrize("title", ["gears", "doom", "level7", "convoy"])
def test_each_lesson_logs_only_what_follows_its_set_up_edit(title):
    adapter = adapter_for(title)
    lessons = lessons_for(title, adapter)
    for lesson in lessons:
        runner = LessonRunner(lesson, adapter)
        assert lesson.setup and (title == "convoy" or runner.session.opening), lesson.id  # (Convoy says nothing)
        assert [e.event for e in runner.session.log] == \
            lesson_lines(runner, before_edit(title, adapter, lesson)), lesson.id
    runner = LessonRunner(lessons[0], adapter)
    start = before_edit(title, adapter, lessons[0])
    taken = len(runner.session.actions)
    while len(runner.session.actions) == taken:
        finish_step(runner)
    finish_step(runner)
    assert len(runner.session.log) > 0
    assert [e.event for e in runner.session.log] == lesson_lines(runner, start)
    assert runner.back()  # Back rebuilds the lesson: its log starts at the edit again
    assert [e.event for e in runner.session.log] == lesson_lines(runner, start)


def test_a_gears_lesson_log_has_no_line_of_the_locusts_it_cleared():
    adapter = adapter_for("gears")
    lesson = next(x for x in lessons_for("gears", adapter) if x.id == "turn")
    assert lesson.setup.get("clear_locusts")
    runner = LessonRunner(lesson, adapter)
    assert runner.session.actions  # the set-up's own decisions were taken (a Drone's cover)...
    assert runner.session.log.texts() == []  # ...and none of their lines is shown


def test_a_convoy_lesson_keeps_the_lines_of_its_kept_hands_and_first_draws():
    """Convoy's [setup] deals the lesson's hands and stacks the decks, then both sides keep their
    hands: the round's first lines are about the lesson's own cards (its step 2: "both sides drew
    2 cards")."""
    adapter = adapter_for("convoy")
    lesson = next(x for x in lessons_for("convoy", adapter) if x.id == "round")
    runner = LessonRunner(lesson, adapter)
    lines = runner.session.log.texts()
    assert lines[:2] == ["Moloch keeps the starting hand.", "Outpost keeps the starting hand."]
    assert lines[2] == "Round 1 begins; the active city is Ziggy One."
    # Each side draws the two cards the lesson put on top of its deck, seen by that side alone.
    assert runner.session.log.texts_for("moloch")[3:5] == ["You draw Hunter.", "You draw Recycler."]
    assert runner.session.log.texts_for("outpost")[4:6] == ["You draw Captain.", "You draw Partisan."]
    assert [x for x in lines if x.startswith("You draw")] == lines[3:5] + lines[6:8]
