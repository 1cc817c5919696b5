"""The Neuroshima Convoy lessons on the real engine: what a step asks for happens in the phase the
step names. What every title's lessons do (run to their end, refuse off-lesson actions) is
tests/tutorial/test_every_title.py; the lessons on the table, tests/tutorial/test_convoy_overlay.py."""
from __future__ import annotations

import pytest

from game.tutorial.library import adapter_for, lessons_for
from game.tutorial.runner import LessonRunner
from tests.tutorial.conftest import lesson


@pytest.mark.parametrize("lesson_id", ["round", "equipment"])
def test_a_one_round_lesson_asks_for_no_action_in_the_next_round(lesson_id):
    """Lesson 1 ('you play both sides for one round') asked, after the Reactive Armor was attached,
    to 'press Pass (done): Phase VI, the battle, follows at once': but with no Equipment left in
    either hand Phases V and Va end by themselves, the battle was already fought and round 2 had
    begun, so that Pass gave away Moloch's attack of round 2. Every action the lesson asks for is
    taken in round 1; its last step reads the result with round 2 begun. Lesson 3 ('Press Pass
    (done) to fight the battle: 8 against 2') did the same."""
    adapter = adapter_for("convoy")
    runner = LessonRunner(lesson(lessons_for("convoy", adapter), lesson_id), adapter)
    taken: list[tuple[str, int, str]] = []
    while not runner.done:
        if runner.step.kind == "read":
            runner.next()
            continue
        st = runner.state
        step, wanted = runner.step.id, runner.hint()
        taken.append((step, st.round, st.phase))
        assert runner.submit(wanted).accepted, step
    assert taken and all(r == 1 for _s, r, _p in taken), taken
    assert runner.state.round == 2 and runner.state.phase == "III"
    assert taken[-1][2] == "V"  # the last thing asked: Moloch's Equipment
