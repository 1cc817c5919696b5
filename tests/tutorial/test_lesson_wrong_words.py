"""A wrong click in a lesson is answered in the step's own words: every step that waits for an
action, where the table allows something else, says what to do instead. Four Gears steps (a
cover choice after a move, twice after Follow, and the end of Blind Fire) answered a weapon
dropped with "That is allowed, but it is not what this step is about.", which names nothing."""
from __future__ import annotations

import pytest

from game import titles
from game.tutorial.library import adapter_for, lessons_for
from game.tutorial.runner import LessonRunner

GENERIC = "That is allowed, but it is not what this step is about."


@pytest.mark.parametrize("title", titles.keys_with("lessons"))
def test_every_action_step_words_its_own_refusal(title):
    adapter = adapter_for(title)
    vague = []
    for lesson in lessons_for(title, adapter):
        runner = LessonRunner(lesson, adapter)
        while not runner.done:
            step = runner.step
            if step.kind == "read":
                runner.next()
                continue
            if step.kind == "action":
                wanted = runner.wanted()
                other = next((a for a in runner.session.legal_actions() if a not in wanted), None)
                if other is not None:
                    got = runner.submit(other)
                    assert not got.accepted
                    if got.message == GENERIC:
                        vague.append((lesson.id, step.id, other.kind))
            assert runner.submit(runner.hint()).accepted, (lesson.id, step.id)
    assert not vague, vague
