"""The Doom lessons in the shared lesson scene (issue 13 item 7), driven by real mouse events on
the real Doom table: the menu's Learn to play opens Doom's lessons on their tab, each lesson's
first step highlights what it says on screen (screenshots in $TILETOP_SHOTS), a wrong click is
refused with the step's words, the right one is taken, and F1 shows Doom's rules."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pygame
import pytest

from tests.tutorial.ui_steps import open_from_menu, press
from tests.ui.conftest import click, config_dir, make_app, move  # noqa: F401 (fixtures)

SHOTS = Path(os.environ.get("TILETOP_SHOTS", Path(tempfile.gettempdir()) / "tiletop_tutorial_shots"))
LESSONS = ["round", "move_doors_sight", "attack", "orders", "invader_turn", "special_weapons", "death_frags"]


def open_doom_lesson(make_app, lesson_id, size=(1280, 720)):  # noqa: F811
    from game.ui.doom.tutorial_scene import DoomTutorialTable

    return open_from_menu(make_app, "doom", lesson_id, LESSONS, DoomTutorialTable, size)


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_first_step_highlights_are_on_screen_and_not_under_the_text(make_app, lesson_id):  # noqa: F811
    app, table = open_doom_lesson(make_app, lesson_id)
    SHOTS.mkdir(parents=True, exist_ok=True)
    surface = pygame.display.get_surface()
    table.draw(surface)
    pygame.image.save(surface, str(SHOTS / f"doom_{lesson_id}_step1.png"))
    rects = table.highlight_rects()
    assert rects and all(r.width > 0 for r in rects), "every highlight of step 1 is on screen"
    for h, r in zip(table.runner.highlights(), rects):
        if h.kind == "figure":
            cells = table._cells_of(h.target[0])
            assert cells and r.collidepoint(table.screen_of_cell(cells[0]))
        elif h.kind == "panel":
            assert r in (table.side_rect, table.hand_rect, table.toolbar_rect) or table.side_rect.contains(r)  # or its section
    assert not any(table.panel_rect.colliderect(r) for r in rects if r.width < 400), "the text hides the highlight"


def test_a_lesson_played_by_clicks_refuses_the_wrong_button_and_takes_the_right_one(make_app):  # noqa: F811
    app, table = open_doom_lesson(make_app, "round")
    for _ in range(2):  # two read steps
        press(app, next(r for r, w in table.panel_buttons if w == "next").center)
    assert table.runner.step.id == "declare_run"
    before = table.session.state_hash()
    fire = next(rect for rect, _label, what in table.buttons
                if getattr(what, "kind", None) == "declare" and what.payload["action"] == "fire")
    press(app, fire.center)
    assert table.session.state_hash() == before and "run" in table.feedback.lower()
    run = next(rect for rect, _label, what in table.buttons
               if getattr(what, "kind", None) == "declare" and what.payload["action"] == "run")
    press(app, run.center)
    assert table.runner.step.id == "run" and table.state.turn["action"] == "run"
    # The lit square of the step: a click there moves Red (through the real table's click handling).
    square = table.runner.highlights()[0].target[0]
    press(app, table.screen_of_cell(square))
    assert table.state.marines["red"].cell == tuple(square) and table.runner.step.id == "end_red"
    press(app, next(r for r, w in table.panel_buttons if w == "back").center)
    assert table.runner.step.id == "run" and table.state.marines["red"].cell == (1, 1)


def test_rule_button_and_f1_show_dooms_rules(make_app):  # noqa: F811
    from game.ui.overlays import HelpOverlay

    app, table = open_doom_lesson(make_app, "move_doors_sight")
    press(app, next(r for r, w in table.panel_buttons if w == "rule").center)
    help_ = app.top
    assert isinstance(help_, HelpOverlay) and help_.tab == "rules"
    rule = help_.rules[help_.rule_index]
    assert rule.section == "3.10" and rule.title == "Exploring"
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(pygame.display.get_surface(), str(SHOTS / "doom_rules_tab.png"))


def test_f1_in_a_doom_game_shows_dooms_rules_at_the_decision(make_app):  # noqa: F811
    """The F1 Rules tab of a Doom game reads game/doom/rules_reference.toml (the registry's
    `rules_reference`), at the rule of the decision on screen: a marine declares (spec 5.2)."""
    from game.doom.rules.title import DoomTitle
    from game.engine.session import Session
    from game.ui.doom.table_scene import DoomTable
    from game.ui.overlays import HelpOverlay

    app = make_app((1280, 720))
    session = Session.start(DoomTitle(), "sample", 3, {"marines": 1})
    app.push(DoomTable(app.ctx, session, ["human", "human"], (1280, 720), save_path=None, animate=False))
    app.run(max_frames=1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    app.run(max_frames=1)
    help_ = app.top
    assert isinstance(help_, HelpOverlay) and help_.tab == "rules"
    assert help_.rules[help_.rule_index].section == "5.2"
    assert {r.section for r in help_.rules} >= {"3.2", "6.4", "6.16", "8.2"}


def test_a_click_in_the_frame_the_tab_changes_opens_nothing_stale(make_app):  # noqa: F811
    """Right (next title) and a click on a row in the same frame: the rows drawn for the old
    title are not clickable any more, so no lesson opens with the other title's adapter."""
    from tests.ui.conftest import key
    from game.ui.tutorial.scene import LessonList

    app = make_app((1280, 720))
    lessons = LessonList(app.ctx)
    app.push(lessons)
    app.run(max_frames=1)
    row = lessons.rows[0][0]
    key(pygame.K_RIGHT)
    click(row.center)
    app.run(max_frames=1)
    assert app.top is lessons and lessons.game_title == lessons.titles[1]
    app.run(max_frames=1)
    press(app, lessons.rows[0][0].center)
    assert app.top is not lessons and app.top.runner.lesson.id == lessons.lessons[0].id
