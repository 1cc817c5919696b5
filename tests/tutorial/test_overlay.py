"""Tutorial overlay on the real Gears table (issue part 2), driven by real mouse events:
screenshots of each lesson's first step (look at them: $TILETOP_SHOTS, default
/tmp/tiletop_tutorial_shots), the highlight
lands on the right thing, a wrong click is refused with the step's reason, Next/Back work,
and finishing a lesson is remembered."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pygame
import pytest

from tests.ui.conftest import click, config_dir, frame_texts, make_app, move  # noqa: F401 (fixtures)

SHOTS = Path(os.environ.get("TILETOP_SHOTS", Path(tempfile.gettempdir()) / "tiletop_tutorial_shots"))


def open_lesson(make_app, lesson_id):  # noqa: F811
    from game.ui.tutorial.scene import LessonList, TutorialTable

    app = make_app((1280, 720))
    menu = LessonList(app.ctx)
    app.push(menu)
    app.run(max_frames=1)
    row = next(r for r, les in menu.rows if les.id == lesson_id)
    move(row.center)
    click(row.center)
    app.run(max_frames=1)
    table = app.top
    assert isinstance(table, TutorialTable) and table.runner.lesson.id == lesson_id
    app.run(max_frames=1)
    return app, table


def press(app, pos):
    move(pos)
    click(pos)
    app.run(max_frames=1)


LESSONS = ["turn", "move_cover", "sight_range", "attack", "locust_ai", "wounds", "reactions", "grenades", "explore"]


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_first_step_screenshot_highlights_the_right_thing(make_app, lesson_id):  # noqa: F811
    app, table = open_lesson(make_app, lesson_id)
    SHOTS.mkdir(parents=True, exist_ok=True)
    surface = pygame.display.get_surface()
    table.draw(surface)
    pygame.image.save(surface, str(SHOTS / f"{lesson_id}_step1.png"))
    rects = table.highlight_rects()
    highs = table.runner.highlights()
    assert rects and all(r.width > 0 for r in rects), "every highlight of step 1 is on screen"
    for h, r in zip(highs, rects):
        if h.kind == "figure":
            assert r.collidepoint(table.screen_of_figure(h.target[0]))
        elif h.kind == "area":
            assert r.collidepoint(table.screen_of_area(h.target[0]))
        elif h.kind == "panel" and h.target[0] == "hand":
            assert r == table.hand_rect
        # the highlight is not dimmed: its centre keeps the table's own colour
    assert not any(table.panel_rect.colliderect(r) for r in rects if r.width < 400), "the text hides the highlight"


def test_wrong_click_is_refused_and_next_back_work(make_app):  # noqa: F811
    app, table = open_lesson(make_app, "turn")
    for _ in range(3):  # three read steps
        nxt = next(r for r, w in table.panel_buttons if w == "next")
        press(app, nxt.center)
    assert table.runner.step.id == "play_move"
    # Click the Assault card: a legal card, but not the one this step teaches.
    before = table.session.state_hash()
    press(app, table.card_rects[next(c for c in table.card_rects if c.startswith("assault"))].center)
    for rect, _label, what in list(table.buttons):
        if getattr(what, "kind", None) == "play" and what.payload.get("as") == "move":
            press(app, rect.center)
            break
    assert table.session.state_hash() == before
    assert "Advance" in table.feedback
    back = next(r for r, w in table.panel_buttons if w == "back")
    press(app, back.center)
    assert table.runner.step.id == "three_steps"


def test_finishing_a_lesson_is_remembered(make_app, config_dir):  # noqa: F811
    from game.tutorial.progress import Progress

    app, table = open_lesson(make_app, "grenades")
    runner = table.runner
    while not runner.done:
        if runner.step.kind == "read":
            table.next_step()
        else:
            assert table.submit(runner.hint())
    assert Progress.load().is_done("gears", "grenades")


def test_rule_button_opens_the_rules_tab_at_the_steps_rule(make_app):  # noqa: F811
    """Issue part 5: the help overlay's Rules tab, opened from a tutorial step at its rule."""
    from game.ui.overlays import HelpOverlay

    app, table = open_lesson(make_app, "sight_range")
    rule_btn = next(r for r, w in table.panel_buttons if w == "rule")
    press(app, rule_btn.center)
    help_ = app.top
    assert isinstance(help_, HelpOverlay) and help_.tab == "rules"
    assert help_.rules[help_.rule_index].section == "3.5"
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(pygame.display.get_surface(), str(SHOTS / "rules_tab.png"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0))
    app.run(max_frames=1)
    assert help_.tab == "keys"


def test_menu_learn_to_play_opens_the_lessons(make_app):  # noqa: F811
    from game.ui.tutorial.scene import LessonList

    app = make_app((1280, 720))
    button = next(b for b in app.top.buttons if b.label == "Learn to play")
    assert pygame.Rect(0, 0, 1280, 720).contains(button.rect)
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(pygame.display.get_surface(), str(SHOTS / "menu.png"))
    press(app, button.rect.center)
    assert isinstance(app.top, LessonList) and len(app.top.lessons) == 9
    app.run(max_frames=1)
    pygame.image.save(pygame.display.get_surface(), str(SHOTS / "lesson_list.png"))


def test_the_enlarged_card_lies_over_the_lessons_highlight(make_app):  # noqa: F811
    """Hovering the card a step points at, the lesson's dimming, outline and arrow were painted
    across the enlarged card (seen in lesson 4 at 1280x720). The card the pointer enlarges is
    drawn last: inside it the frame is the same with or without the lesson's highlights."""
    from game.ui.kit.hand import _enlarged_rect

    app, table = open_lesson(make_app, "attack")
    runner = table.runner
    while not any(h.kind == "card" for h in runner.highlights()):
        table.next_step()
        app.run(max_frames=1)
    card = next(h for h in runner.highlights() if h.kind == "card").target[0]
    small = next(rect for c, rect in table.card_rects.items() if c.split("#")[0] == card)
    move(small.center)
    app.run(max_frames=2)
    assert table._hover_card is not None
    big = _enlarged_rect(table.ctx, *table._enlarged_place(table._hover_card[1]))
    assert big is not None and big.colliderect(table.highlight_rects()[0].inflate(0, 200))
    big = big.inflate(-table.ctx.px(16), -table.ctx.px(16))  # the face, not its rounded corners
    surface = pygame.display.get_surface()
    table.draw(surface)
    with_lesson = surface.subsurface(big).copy()
    runner.highlights = lambda: []
    table.draw(surface)
    assert pygame.image.tobytes(with_lesson, "RGB") == pygame.image.tobytes(surface.subsurface(big), "RGB")


def test_a_lesson_box_over_the_side_panel_leaves_the_stage_and_squad_in_sight(make_app):  # noqa: F811
    """Lesson 2's step on cover (1280x720): the map's view has no place clear of the sight line
    and the buttons, so the box goes over the side panel. It lay over the panel's top and hid
    the stage and its objective; it now lies over the log's heading and older lines, and the
    newest log line stays in sight below it."""
    app, table = open_lesson(make_app, "move_cover")
    runner = table.runner
    while runner.step.id != "why_cover":
        if runner.step.kind == "read":
            table.next_step()
        else:
            assert table.submit(runner.hint())
        app.run(max_frames=1)
    table.draw(pygame.display.get_surface())
    box = table.panel_rect
    above = [name for name, rect in table.side_sections.items() if name != "log" and rect.colliderect(box)]
    assert above == [], f"the box covers {above}"
    if table.side_rect.contains(box):
        assert box.bottom < table.side_sections["log"].bottom - table.ctx.font(13).get_linesize()
    else:  # a narrower box in the map's view, clear of the sight line and the cover arrow
        assert table.view_rect.contains(box)
        assert not [r for r in table.highlight_rects() if r.width and r.colliderect(box)]


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_the_lesson_list_shows_each_summary_whole_at_1280x720(make_app, language):  # noqa: F811
    """The lesson list cut a summary longer than its row to one line with '…' (Greek lessons 4,
    6 and 7 of Gears at 1280x720). Every title's list now shows each summary whole, on two lines
    under a title a size smaller where one does not hold it, each line inside its row."""
    from dataclasses import replace

    from game import i18n
    from game.ui.scene import ChangeSettings
    from game.ui.tutorial.scene import LessonList

    app = make_app((1280, 720))
    app.apply(ChangeSettings(replace(app.ctx.settings, language=language)))
    i18n.set_language(language)
    menu = LessonList(app.ctx)
    app.push(menu)
    app.run(max_frames=1)
    for tab, _key in list(menu.tab_rects):
        press(app, tab.center)
        drawn = [(t, r) for t, r, _s in frame_texts(app)]
        for row, les in menu.rows:
            inside = [t for t, r in drawn if row.contains(r)]
            assert not any(t.endswith("\u2026") for t in inside), (menu.game_title, les.id, inside)
            assert i18n._(les.summary).split()[-1] in " ".join(inside), (menu.game_title, les.id)


def test_a_progress_save_that_fails_is_a_notice_in_learn_to_play_and_the_lesson_goes_on(make_app, config_dir, monkeypatch):  # noqa: F811
    """Disk full while a lesson is played: each step's save failed without a word. The lesson
    goes on to its end; Learn to play says once, at its foot, that the progress was not saved."""
    from game.tutorial import progress as progress_module
    from game.ui.tutorial.scene import LessonList

    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(progress_module, "write_json_atomic", full)
    app, table = open_lesson(make_app, "grenades")
    app.ctx.notices.clear()
    runner = table.runner
    while not runner.done:
        if runner.step.kind == "read":
            table.next_step()
        else:
            assert table.submit(runner.hint())
    app.run(max_frames=1)
    said = [str(n) for n in app.ctx.notices if "tutorial.json" in str(n)]
    assert len(said) == 1 and "the disk is full" in said[0], app.ctx.notices
    app.pop()
    assert isinstance(app.top, LessonList)
    shown = " ".join(t for t, _r, _s in frame_texts(app))
    assert "the disk is full" in shown
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(pygame.display.get_surface(), str(SHOTS / "progress_not_saved.png"))
