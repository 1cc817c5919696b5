"""What every title's shipped lessons must do, on the real engine (Doom: issue 13 item 7;
Level 7: issue 15 item 6): the lessons in order, each a few minutes with a first step that
points at something; each runs to its end; `tutorial TITLE --check` completes them all; an
off-lesson legal action is refused with the step's words and changes nothing; the adapter has
every member of the protocol. Each title's own file tests what its rulebook says happens."""
from __future__ import annotations

import functools

import pytest

from game.tutorial import protocol
from game.tutorial.commands import tutorial_main
from game.tutorial.library import adapter_for, lessons_for
from game.tutorial.runner import LessonRunner, check_lesson
from tests.tutorial.conftest import finish_step, lesson
from tests.tutorial.test_doom_lessons import LESSON_IDS as DOOM
from tests.tutorial.test_level7_lessons import LESSON_IDS as LEVEL7

TITLES = {"doom": DOOM, "level7": LEVEL7}
EACH = [(title, les) for title, ids in TITLES.items() for les in ids]


@functools.cache
def loaded(title):
    adapter = adapter_for(title)
    return adapter, lessons_for(title, adapter)


@pytest.mark.parametrize("title", TITLES)
def test_the_lessons_in_order_each_a_few_minutes(title):
    _adapter, lessons = loaded(title)
    assert [les.id for les in lessons] == TITLES[title]
    for les in lessons:
        assert 2 <= les.minutes <= 4, les.id
        assert les.steps[0].highlights, f"{les.id}: the first step must point at something"


@pytest.mark.parametrize("title,lesson_id", EACH)
def test_lesson_runs_to_its_end(title, lesson_id):
    adapter, lessons = loaded(title)
    result = check_lesson(lesson(lessons, lesson_id), adapter)
    assert result.ok, result.problem
    assert result.steps == len(lesson(lessons, lesson_id).steps)


@pytest.mark.parametrize("title", TITLES)
def test_check_command_completes_every_lesson(capsys, title):
    assert tutorial_main([title, "--check"]) == 0
    out = [line for line in capsys.readouterr().out.splitlines() if line.startswith(("ok", "FAIL"))]
    assert len(out) == len(TITLES[title]) and all(line.startswith("ok") for line in out)


@pytest.mark.parametrize("title,lesson_id", EACH)
def test_off_lesson_actions_are_refused_and_change_nothing(title, lesson_id):
    adapter, lessons = loaded(title)
    runner = LessonRunner(lesson(lessons, lesson_id), adapter)
    refused = 0
    while not runner.done:
        step = runner.step
        if step.kind == "action":
            wanted = set(runner.wanted())
            other = next((a for a in runner.session.legal_actions() if a not in wanted), None)
            if other is not None:
                before = runner.session.state_hash()
                fb = runner.submit(other)
                assert not fb.accepted and not fb.illegal and fb.message == step.wrong
                assert runner.session.state_hash() == before
                refused += 1
        finish_step(runner)
    assert refused >= 1


@pytest.mark.parametrize("title", TITLES)
def test_the_adapter_has_every_member_of_the_protocol(title):
    adapter, _lessons = loaded(title)
    members = {n for n in vars(protocol.LessonAdapter) if not n.startswith("_")}
    members |= set(protocol.LessonAdapter.__annotations__)
    assert [m for m in sorted(members) if not hasattr(adapter, m)] == []
