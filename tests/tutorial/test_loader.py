"""Lesson files: a mistake gives one message naming the file, the key and the line."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine.tomldata import DataError
from game.tutorial.library import lesson_folder
from game.tutorial.loader import load_lesson, load_lessons
from game.tutorial.runner import LessonRunner, check_lesson

GOOD = (lesson_folder("gears") / "01_turn.toml").read_text(encoding="utf-8")


def _write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "lesson.toml"
    p.write_text(text, encoding="utf-8")
    return p


@pytest.mark.parametrize("old,new,key,problem", [
    ('id = "welcome"', 'id = "welcome"\nhighligth = 1', "step[0].highligth", "unknown key"),
    ("clear_locusts = true", "clear_lucusts = true", "setup.clear_lucusts", "unknown setup verb"),
    ('enemy = "drone"', 'enemy = "dron"', "setup.locust[0].enemy", "unknown enemy"),
    ('"base:15"', '"base:99"', "setup.ai_on_top[0]", "unknown AI card"),
    ('hand = ["advance"', 'hand = ["advanse"', "setup.cog[0].hand[0]", "unknown Order card"),
    ('highlight = { figure = "P1" }', 'highlight = { arrow = "P1" }', "step[0].highlight.arrow", "unknown highlight"),
    ('expect = { kind = "stop" }', 'until = { goal = 1 }\nsolution = { kind = "stop" }', "step[5].until.goal",
     "unknown condition"),
    ('expect = { kind = "stop" }', 'until = { turn = 2 }', "step[5].until", "needs a `solution`"),
])
def test_broken_lesson_names_file_key_and_line(tmp_path, adapter, old, new, key, problem):
    assert old in GOOD
    path = _write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(DataError) as err:
        load_lesson(path, adapter.check_lesson)
    msg = str(err.value)
    assert msg.startswith(str(path)) and key in msg and problem in msg
    last = re.sub(r"\[\d+\]", "", key.split(".")[-1])
    assert err.value.line is not None and last in path.read_text().splitlines()[err.value.line - 1]


def test_dice_face_names_are_checked(tmp_path, adapter):
    path = _write(tmp_path, GOOD.replace('ai_on_top = ["base:15"]', 'ai_on_top = ["base:15"]\ndice = { attack = ["crit"] }'))
    with pytest.raises(DataError, match=r"setup\.dice\.attack\[0\].*no face 'crit'"):
        load_lesson(path, adapter.check_lesson)


def test_syntax_error_and_missing_folder(tmp_path, adapter):
    path = _write(tmp_path, GOOD.replace("[lesson]", "[lesson", 1))
    with pytest.raises(DataError, match="TOML syntax error"):
        load_lesson(path)
    with pytest.raises(DataError, match="lesson folder not found"):
        load_lessons(tmp_path / "nope")


def test_duplicate_lesson_ids_are_refused(tmp_path, adapter):
    (tmp_path / "a.toml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.toml").write_text(GOOD, encoding="utf-8")
    with pytest.raises(DataError, match="also used by"):
        load_lessons(tmp_path, adapter.check_lesson)


def test_a_place_that_fits_nothing_breaks_the_lesson_at_start(tmp_path, adapter):
    path = _write(tmp_path, GOOD.replace("far = { from = \"start\", min_range = 5, los = true }",
                                         "far = { from = \"start\", min_range = 50 }"))
    result = check_lesson(load_lesson(path, adapter.check_lesson), adapter)
    assert not result.ok and "places.far" in result.problem and "no area" in result.problem


def test_check_names_the_step_that_broke(tmp_path, adapter):
    """A lesson whose expected action is not legal (a rules change, a typo in a payload) is
    reported with its file, step number, id and line, and what is legal instead."""
    path = _write(tmp_path, GOOD.replace('expect = { kind = "stop" }', 'expect = { kind = "stop", area = "nowhere" }'))
    les = load_lesson(path, adapter.check_lesson)
    result = check_lesson(les, adapter)
    assert not result.ok and result.steps == 5
    line = next(s.line for s in les.steps if s.id == "stop")
    assert f"step 6 'stop' (line {line})" in result.problem and "stop(area=nowhere)" in result.problem
    assert "legal:" in result.problem


def test_free_play_step_ends_when_its_goal_holds(tmp_path, adapter):
    """`until` + `solution`: any legal action is accepted; the step ends when the goal holds."""
    text = GOOD.replace('expect = { kind = "end" }', 'until = { turn = 2 }\nsolution = [{ kind = "end" }]')
    les = load_lesson(_write(tmp_path, text), adapter.check_lesson)
    assert check_lesson(les, adapter).ok
    runner = LessonRunner(les, adapter)
    while runner.step.id != "end_orders":
        if runner.step.kind == "read":
            runner.next()
        else:
            runner.submit(runner.hint())
    assert runner.step.kind == "free"
    assert runner.submit(runner.hint()).step_done and runner.state.turn == 2



def test_a_broken_lesson_file_is_left_out_when_problems_are_collected(tmp_path, adapter):
    """lessons_for(..., problems=[]): the lesson list's way (tests/ui/test_broken_table_files.py)."""
    import shutil

    from game.tutorial.library import lessons_for

    folder = tmp_path / "lessons"
    shutil.copytree(lesson_folder("gears"), folder)
    whole = lessons_for("gears", adapter, folder)
    broken = folder / "01_turn.toml"
    broken.write_text(broken.read_text() + "\ngarbage [[ =\n")
    with pytest.raises(DataError, match="01_turn.toml"):
        lessons_for("gears", adapter, folder)
    problems: list[str] = []
    kept = lessons_for("gears", adapter, folder, problems=problems)
    assert [les.id for les in kept] == [les.id for les in whole if les.id != "turn"]
    assert len(problems) == 1 and "01_turn.toml (line" in problems[0] and "TOML syntax error" in problems[0]
