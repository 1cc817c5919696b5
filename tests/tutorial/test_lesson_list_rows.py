"""The lesson list lays each lesson's title and summary inside its own row: at 125% in 1280x720
the nine Gears lessons' rows were shorter than a title at 18 units over its summary, and each
summary ran under the next row, hidden (the heading also stood below both the tabs' row and
the Back button, as if those were two rows)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.ui.scene import ChangeSettings
from tests.ui.conftest import config_dir, frame_texts, make_app  # noqa: F401 (fixtures)


@pytest.mark.parametrize("language", ["en", "hu", "el"])
@pytest.mark.parametrize("scale", [1.0, 1.25])
def test_every_lesson_row_holds_its_words(make_app, language, scale):  # noqa: F811
    from game.ui.tutorial.scene import LessonList

    app = make_app((1280, 720))
    app.apply(ChangeSettings(replace(app.ctx.settings, ui_scale=scale, language=language)))
    lessons = LessonList(app.ctx)
    app.push(lessons)
    for title in lessons.titles:
        lessons.show(title)
        drawn = frame_texts(app)
        rows = [r for r, _les in lessons.rows]
        assert len(rows) == len(lessons.lessons)
        for text, rect, _size in drawn:
            row = next((r for r in rows if r.colliderect(rect)), None)
            if row is not None:
                assert row.contains(rect), f"{title}: {text!r} at {rect} leaves its row {row}"
        assert all(a.bottom <= b.top for a, b in zip(rows, rows[1:]))
        assert rows[-1].bottom <= app.screen.get_height()
        top = [lessons.back.rect] + [r for r, _k in lessons.tab_rects]
        assert not any(r.colliderect(t) for r in rows for t in top)


@pytest.mark.parametrize("language", ["hu", "el"])
@pytest.mark.parametrize("scale", [1.0, 1.25])
def test_a_notice_shows_whole_below_the_lessons(make_app, tmp_path, language, scale):  # noqa: F811
    """A damaged progress file's notice on the list: drawn as one elided line over the ninth Gears
    lesson at 1280x720 ('... elölr…'); now whole, on up to three lines, below the rows."""
    import json

    from game.engine.runtime import config_dir as where
    from game.ui.tutorial.scene import LessonList

    app = make_app((1280, 720))
    app.apply(ChangeSettings(replace(app.ctx.settings, ui_scale=scale, language=language)))
    (where() / "tutorial.json").write_text(json.dumps({"format": "tiletop-tutorial", "progress": {"gears": 3}}))
    lessons = LessonList(app.ctx)
    app.push(lessons)
    notice = str(app.ctx.notices[-1])
    drawn = frame_texts(app)
    rows = [r for r, _les in lessons.rows]
    said = [(text, rect) for text, rect, _size in drawn if text and text.split()[0] in notice and not any(r.contains(rect) for r in rows)]
    lines = [text for text, _rect in said if text in notice]
    assert " ".join(lines) == notice and "\u2026" not in " ".join(lines)
    assert all(rect.top >= rows[-1].bottom and rect.bottom <= app.screen.get_height() for _t, rect in said)


def _old_progress_file(folder, gears: dict) -> None:
    """A progress file as the table has always written it (format 1: done and best_step)."""
    import json

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tutorial.json").write_text(json.dumps({"format": "tiletop-tutorial", "version": 1,
                                                      "progress": {"gears": gears}}))


@pytest.mark.parametrize("language,size,scale", [("en", (1920, 1080), 1.0), ("hu", (1280, 720), 1.25),
                                                 ("el", (1280, 720), 1.0)])
def test_a_lesson_left_part_way_shows_how_far(make_app, config_dir, language, size, scale):  # noqa: F811
    """The list showed a tick for a lesson done and its number for any other: one left at its
    third step of ten looked untouched. Its row says "3/10" now (from the progress file's
    best_step, which an older file has too), inside the row; a finished one only its tick."""
    from game.ui.tutorial.scene import LessonList

    _old_progress_file(config_dir, {"turn": {"done": True, "best_step": 10},
                                    "move_cover": {"done": False, "best_step": 3}})
    app = make_app(size)
    app.apply(ChangeSettings(replace(app.ctx.settings, ui_scale=scale, language=language)))
    lessons = LessonList(app.ctx)
    app.push(lessons)
    assert not app.ctx.notices  # the old file loads
    drawn = frame_texts(app)
    rows = {les.id: r for r, les in lessons.rows}
    steps = len(next(les for les in lessons.lessons if les.id == "move_cover").steps)
    said = [rect for text, rect, _s in drawn if text == f"3/{steps}"]
    assert len(said) == 1 and rows["move_cover"].contains(said[0]), (said, rows["move_cover"])
    assert not [t for t, rect, _s in drawn if "/" in t and rows["turn"].colliderect(rect)]
    assert not [t for t, rect, _s in drawn if "/" in t and rows["attack"].colliderect(rect)]


def test_leaving_a_lesson_part_way_is_kept_and_listed(make_app, config_dir, capsys):  # noqa: F811
    """A lesson left at its third step is kept in the progress file, read again by the list and
    by `python -m game tutorial gears`."""
    from game import titles
    from game.tutorial.commands import tutorial_main
    from game.tutorial.progress import Progress
    from game.tutorial.runner import LessonRunner
    from game.ui.tutorial.scene import LessonList

    app = make_app((1280, 720))
    lessons = LessonList(app.ctx)
    les = next(les for les in lessons.lessons if les.id == "move_cover")
    runner = LessonRunner(les, lessons.adapter)
    scene = titles.get("gears").ui_module().tutorial_scene(app.ctx, runner, (1280, 720), lessons.progress)
    while runner.index < 3:
        if runner.step.kind == "read":
            scene.next_step()
        else:
            assert scene.submit(runner.hint())
    assert Progress.load().part_done("gears", "move_cover", len(les.steps)) == 3
    assert tutorial_main(["gears"]) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if "move_cover" in line)
    assert f"3/{len(les.steps)}" in line
