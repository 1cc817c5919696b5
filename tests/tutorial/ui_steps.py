"""What the lesson UI tests do alike, by posted mouse events: a click, and a title's lesson
opened from the main menu (Learn to play, the title's tab, the lesson's row)."""
from __future__ import annotations

from tests.ui.conftest import click, move


def press(app, pos):
    move(pos)
    click(pos)
    app.run(max_frames=1)


def open_from_menu(make_app, title, lesson_id, lesson_ids, table_class, size=(1280, 720)):
    """The lesson's table after the clicks a person makes; checks the tab lists `lesson_ids`."""
    from game.ui.menu import MainMenu
    from game.ui.tutorial.scene import LessonList

    app = make_app(size)
    assert isinstance(app.top, MainMenu)
    learn = next(b for b in app.top.buttons if b.label == "Learn to play")
    press(app, learn.rect.center)
    lessons = app.top
    assert isinstance(lessons, LessonList) and lessons.game_title == lessons.titles[0]
    tab = next(r for r, key in lessons.tab_rects if key == title)
    press(app, tab.center)
    assert lessons.game_title == title and [les.id for les in lessons.lessons] == lesson_ids
    row = next(r for r, les in lessons.rows if les.id == lesson_id)
    press(app, row.center)
    table = app.top
    assert isinstance(table, table_class) and table.runner.lesson.id == lesson_id
    app.run(max_frames=1)
    return app, table
