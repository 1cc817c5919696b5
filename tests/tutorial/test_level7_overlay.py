"""The Level 7 lessons in the shared lesson scene (issue 15 item 6), driven by real mouse events
on the real Level 7 table: Learn to play opens Level 7's lessons on their tab, each lesson's first
step highlights what it says on screen (screenshots in $TILETOP_SHOTS), and the first lesson is
walked by clicks: a wrong click is refused with the step's words, the right one taken."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pygame
import pytest

from tests.tutorial.ui_steps import open_from_menu, press
from tests.ui.conftest import config_dir, drawn_text, make_app  # noqa: F401 (fixtures)
from tests.tutorial.test_level7_lessons import LESSON_IDS

SHOTS = Path(os.environ.get("TILETOP_SHOTS", Path(tempfile.gettempdir()) / "tiletop_tutorial_shots"))


def open_level7_lesson(make_app, lesson_id, size=(1280, 720)):  # noqa: F811
    from game.ui.level7.tutorial_scene import Level7TutorialTable

    return open_from_menu(make_app, "level7", lesson_id, LESSON_IDS, Level7TutorialTable, size)


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_first_step_highlights_are_on_screen_and_not_under_the_text(make_app, lesson_id):  # noqa: F811
    app, table = open_level7_lesson(make_app, lesson_id)
    SHOTS.mkdir(parents=True, exist_ok=True)
    surface = pygame.display.get_surface()
    table.draw(surface)
    pygame.image.save(surface, str(SHOTS / f"level7_{lesson_id}_step1.png"))
    rects = table.highlight_rects()
    assert rects and all(r.width > 0 for r in rects), "every highlight of step 1 is on screen"
    assert not any(table.panel_rect.colliderect(r) for r in rects if r.width < 400), "the text hides the highlight"


def test_the_first_lesson_played_by_clicks(make_app):  # noqa: F811
    app, table = open_level7_lesson(make_app, "turn")
    for _ in range(2):  # two read steps
        press(app, next(r for r, w in table.panel_buttons if w == "next").center)
    assert table.runner.step.id == "explore"
    # A wrong click: the end-of-turn button is legal, but not what this step teaches.
    before = table.session.state_hash()
    end = next(rect for rect, _label, what in table.buttons if getattr(what, "kind", None) == "end_turn")
    press(app, end.center)
    app.run(max_frames=40)  # a costly button taken on a second click after its hold: none came
    press(app, end.center)
    assert table.session.state_hash() == before and "north door" in table.feedback
    # The lit door arrow: a click there explores (through the real table's click handling).
    door = table.highlight_rects()[0]
    press(app, door.center)
    assert table.runner.step.id == "end_turn" and len(table.state.placed) == 2
    assert table.state.characters["subject_1"].tile == "T07"
    end = next(rect for rect, _label, what in table.buttons if getattr(what, "kind", None) == "end_turn")
    press(app, (end.centerx + 40, end.centery + 40))
    app.run(max_frames=40)
    press(app, end.center)
    assert table.runner.step.id == "event" and table.state.turn_no == 2
    assert len(table.state.characters["subject_1"].hand) == 4  # step 1 of turn 2 drew a card
    press(app, next(r for r, w in table.panel_buttons if w == "next").center)
    assert table.runner.step.id == "walk_back"
    press(app, table.highlight_rects()[0].center)
    assert table.runner.done and table.state.characters["subject_1"].tile == "tank_farm"
    press(app, next(r for r, w in table.panel_buttons if w == "back").center)
    assert table.runner.step.id == "walk_back" and table.state.characters["subject_1"].tile == "T07"


def test_rule_button_shows_level7_rules(make_app):  # noqa: F811
    from game.ui.overlays import HelpOverlay

    app, table = open_level7_lesson(make_app, "turn")
    press(app, next(r for r, w in table.panel_buttons if w == "next").center)
    press(app, next(r for r, w in table.panel_buttons if w == "rule").center)
    help_ = app.top
    assert isinstance(help_, HelpOverlay) and help_.tab == "rules"
    rule = help_.rules[help_.rule_index]
    assert rule.section == "5.2" and rule.title == "Your turn: three steps"


def test_the_lit_placement_card_is_the_taught_one(make_app):  # noqa: F811
    """Lesson 2, spec 3.3: the explorer picks among the placements joining the most doors; the
    step lights the card of the way it teaches, and a click on it places the tile so."""
    app, table = open_level7_lesson(make_app, "explore")
    press(app, next(r for r, w in table.panel_buttons if w == "next").center)
    press(app, table.highlight_rects()[0].center)
    assert table.runner.step.id == "place"
    app.run(max_frames=1)
    lit = table.highlight_rects()[0]
    cards = dict((i, r) for r, i in table.option_rects)
    assert len(cards) == 2 and lit in cards.values()
    other = next(r for r in cards.values() if r != lit)
    press(app, other.center)
    assert table.runner.step.id == "place" and "south" in table.feedback
    press(app, lit.center)
    assert table.runner.step.id == "explore_south" and table.state.placed[-1] == ["T41", 2, 0, 2]


def test_f1_in_a_level7_game_shows_its_rules_at_the_decision(make_app):  # noqa: F811
    """The F1 Rules tab of a Level 7 game reads game/level7/rules_reference.toml, at the rule of
    the question on screen: a player's own turn (spec 5.2); a skill's Fear shift at the start of
    the turn (Zen Master, seed 3) is a Fear rule (6.12)."""
    from game.engine.session import Session
    from game.level7.rules.title import Level7Title
    from game.ui.level7.table_scene import Level7Table
    from game.ui.overlays import HelpOverlay
    from tests.ui.conftest import key

    for seed, section in ((2, "5.2"), (3, "6.12")):
        app = make_app((1280, 720))
        session = Session.start(Level7Title(), "s1", seed, {"players": 1})
        app.push(Level7Table(app.ctx, session, ["human"], (1280, 720), save_path=None, animate=False))
        app.run(max_frames=1)
        key(pygame.K_F1)
        app.run(max_frames=1)
        help_ = app.top
        assert isinstance(help_, HelpOverlay) and help_.tab == "rules"
        assert help_.rules[help_.rule_index].section == section
        assert {r.section for r in help_.rules} >= {"3.3", "6.3", "6.13", "7.4", "9.1"}


def test_the_text_keeps_off_the_tile_it_speaks_of(make_app):  # noqa: F811
    """Lesson 1, after exploring north at 1280x720: "Corridor 101-A has no event icon..." lay
    over Corridor 101-A and Subject 1 on it (the box avoided only the End-the-turn button and its
    arrow). The box now keeps off the active character's tile where a place allows it."""
    app, table = open_level7_lesson(make_app, "turn")
    table.draw(pygame.display.get_surface())
    assert table.view_rect.contains(table.panel_rect)  # the Tank Farm fills the view: not over the side panel for it
    for _ in range(2):
        press(app, next(r for r, w in table.panel_buttons if w == "next").center)
    press(app, table.highlight_rects()[0].center)
    assert table.runner.step.id == "end_turn" and table.state.characters["subject_1"].tile == "T07"
    table.draw(pygame.display.get_surface())
    tile = table._screen_rect(table._tile_rect("T07"))
    assert table.view_rect.contains(tile)
    assert not table.panel_rect.colliderect(tile), (table.panel_rect, tile)
    assert not any(table.panel_rect.colliderect(r) for r in table.highlight_rects())


def test_the_lessons_title_shows_whole_in_a_narrow_box(make_app, drawn_text):  # noqa: F811
    """Lesson 2's placement step at 1280x720 puts the text box over the side panel, where the
    title beside "Step 3 of 6" read "Moving, explori…". It goes on below, whole."""
    app, table = open_level7_lesson(make_app, "explore")
    press(app, next(r for r, w in table.panel_buttons if w == "next").center)
    press(app, table.highlight_rects()[0].center)
    assert table.runner.step.id == "place"
    drawn_text.clear()
    table.draw(pygame.display.get_surface())
    # Over the side panel while the arrow at the first placement came from above (the box kept
    # clear of it); the arrow now comes from the left, off the placements' heading, and the box
    # has room over the map: whole there too.
    narrow = table.side_rect.contains(table.panel_rect)
    assert narrow or table.view_rect.contains(table.panel_rect)
    title = table.runner.lesson.title
    assert not any(t.endswith("\u2026") and title.startswith(t[:-1]) for t in drawn_text), drawn_text
    lines = [t for t in drawn_text if t in title]
    assert " ".join(lines) == title and (len(lines) > 1 or not narrow), lines
    text_top = min(r.top for r, w in table.panel_buttons)
    assert text_top > table.panel_rect.top


def test_lesson_3_lights_the_roll_button_it_asks_for(make_app):  # noqa: F811
    """Lesson 3 says "click the clone, then Roll", but once the attack's preview opened its Roll
    button lay dimmed like everything not lit (only the clone was), as if it could not be
    pressed. The preview's Roll button is lit too; a click on it rolls."""
    app, table = open_level7_lesson(make_app, "challenges")
    while table.runner.step.id != "bonus":
        press(app, next(r for r, w in table.panel_buttons if w == "next").center)
    card = next(r for c, r in table.card_rects.items() if c.startswith("surge_of_strength"))
    press(app, card.center)
    bonus = next(r for r, _label, what in table.buttons if getattr(what, "payload", {}).get("use") == "bonus")
    press(app, bonus.center)
    assert table.runner.step.id == "attack"
    press(app, table.highlight_rects()[0].center)  # the clone: its preview opens
    table.draw(pygame.display.get_surface())
    roll = next(r for r, _label, what in table.buttons if what == "roll")
    assert any(r.contains(roll) for r in table.highlight_rects()), (roll, table.highlight_rects())
    press(app, roll.center)
    assert table.runner.step.id == "reroll"


def walk_lesson(app, table, check) -> int:
    """Every step of the open lesson, as its reader takes it (a read step's Next, else the
    step's hinted action), `check()` at each once drawn; the number of steps."""
    steps = 0
    while not table.runner.done:
        app.run(max_frames=30)
        check()
        if table.runner.step.kind == "read":
            table.runner.next()
        else:
            table.submit(table.runner.hint())
        steps += 1
    return steps


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lesson_id", ["challenges", "escape"])
def test_a_lessons_arrows_leave_the_tile_names_and_figures_in_sight(make_app, lesson_id, size):  # noqa: F811
    """Lesson 3's first step pointed down at the clone through 'Tank Farm' at 1280x720, lesson
    7's at the clone on the lift through 'A-Lift' and over the character above it at 1920x1080:
    an arrow pointing from above ran over the tile's name. At every step of both lessons each
    arrow keeps off the tiles' names and the figures it does not point at."""
    app, table = open_level7_lesson(make_app, lesson_id, size)

    def check() -> None:
        figures = table._figure_sprites()
        keep = [sp.rect for sp in table._label_sprites(figures)] + [table._figure_body(sp) for sp in figures]
        for rect in table.highlight_rects():
            if rect.width:
                zone = table.arrow_zone(rect)
                assert not any(zone.colliderect(k) for k in keep if not k.colliderect(rect)), (
                    table.runner.step.id, rect, zone, keep)

    assert walk_lesson(app, table, check) >= 5


@pytest.mark.parametrize("language", ["el", "en"])
def test_the_lessons_text_box_keeps_off_the_tile_names(make_app, language):  # noqa: F811
    """Lesson 3 in Greek at 1920x1080: the text box kept off most of the active tile (the
    lesson's focus) by lying over its name, 'Tank Farm'. The box now keeps off what the title
    keeps clear of its arrows (lesson_keep_clear: the tile names, the figures) first, at every
    step, where a place in the map's view as good allows it."""
    from dataclasses import replace

    from game import i18n
    from game.ui.scene import ChangeSettings

    app, table = open_level7_lesson(make_app, "challenges", (1920, 1080))
    app.apply(ChangeSettings(replace(app.ctx.settings, language=language)))
    i18n.set_language(language)

    def check() -> None:
        table.draw(pygame.display.get_surface())
        names = [sp.rect for sp in table._label_sprites(table._figure_sprites())]
        assert names and not any(table.panel_rect.colliderect(r) for r in names), (table.runner.step.id, names)

    assert walk_lesson(app, table, check) >= 5


def test_lesson_6_a_click_on_the_guard_while_ending_the_turn_gives_the_steps_reason(make_app):  # noqa: F811
    """Lesson 6's "End the turn" lit the guard on the learner's tile: a click on it opened the
    attack's preview, which hid the End button, and the step would refuse the attack anyway.
    The step lights the End button; a click on the guard says the step's reason and opens no
    preview; the End button is still there and ends the turn."""
    app, table = open_level7_lesson(make_app, "hospital")
    while table.runner.step.id != "end":
        press(app, next(r for r, w in table.panel_buttons if w == "next").center)
    app.run(max_frames=2)
    guard = next(e for e in table.state.enemies if e.key == "guard1")
    assert guard.tile == table.state.player.tile
    spot = table._figure_spots()[next(k for k in table._figure_spots() if "guard1" in str(k))]
    press(app, tuple(map(round, table.camera.to_screen(*spot))))
    app.run(max_frames=2)
    assert table.selected is None
    assert table.feedback == "End the turn: this lesson is about what the guard does to you."
    end = next(r for r, _label, what in table.buttons if getattr(what, "kind", "") == "end_turn")
    assert any(r.contains(end) for r in table.highlight_rects())
    press(app, end.center)
    assert table.runner.step.id != "end"


@pytest.mark.parametrize("language", ["en", "hu", "el"])
@pytest.mark.parametrize("lesson_id, step_id", [("explore", "event_icon"), ("hospital", "knocked_out")])
def test_a_steps_map_is_framed_beside_its_box_at_125_percent(make_app, config_dir, language, lesson_id, step_id):  # noqa: F811
    """At 125% in 1280x720 (a view of 868 by 393) lesson 2's 'the Holding Cells has a Fear icon'
    and lesson 6's knocked-out character: the box (650 by 334) lay over the whole small map
    wherever it went, the tile and the figure the step names under it. The map is framed
    beside the box: what the step lights on the map lies in the view, clear of the box."""
    from game.tutorial.library import adapter_for, lessons_for
    from game.tutorial.runner import LessonRunner
    from game.ui.level7.tutorial_scene import Level7TutorialTable

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'ui_scale = 1.25\nlanguage = "{language}"\n')
    app = make_app((1280, 720))
    runner = LessonRunner(next(les for les in lessons_for("level7") if les.id == lesson_id), adapter_for("level7"))
    table = Level7TutorialTable(app.ctx, runner, (1280, 720), title="level7")
    app.push(table)
    while runner.step.id != step_id:
        if runner.step.kind == "read":
            table.next_step()
        else:
            table.submit(runner.hint())
    app.run(max_frames=6)
    lit = [table.lesson_rect(h) for h in runner.highlights() if h.kind in ("area", "figure")]
    assert lit and all(r is not None for r in lit)
    for r in lit:
        assert table.view_rect.contains(r), (r, table.view_rect)
        assert not r.colliderect(table.panel_rect), (r, table.panel_rect)
