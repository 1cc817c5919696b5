"""The Neuroshima Convoy lessons (issue 17 item 7) in the shared lesson scene, driven by real mouse
events on the real Convoy table: Learn to play opens Convoy's lessons on their tab, each lesson's
first step highlights what it says on screen, and the first lesson's first steps are played by
drags: a wrong drop is refused with the step's words, the right one taken."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pygame
import pytest

from tests.tutorial.ui_steps import open_from_menu, press
from tests.ui.conftest import config_dir, make_app  # noqa: F401 (fixtures)
from tests.ui.test_convoy_play import button, drag

SHOTS = Path(os.environ.get("TILETOP_SHOTS", Path(tempfile.gettempdir()) / "tiletop_tutorial_shots"))
LESSON_IDS = ["round", "placing", "equipment", "battles", "new_york"]


def open_convoy_lesson(make_app, lesson_id, size=(1280, 720)):  # noqa: F811
    from game.ui.convoy.tutorial_scene import ConvoyTutorialTable

    return open_from_menu(make_app, "convoy", lesson_id, LESSON_IDS, ConvoyTutorialTable, size)


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_first_step_highlights_are_on_screen_and_not_under_the_text(make_app, lesson_id):  # noqa: F811
    app, table = open_convoy_lesson(make_app, lesson_id)
    SHOTS.mkdir(parents=True, exist_ok=True)
    surface = pygame.display.get_surface()
    table.draw(surface)
    pygame.image.save(surface, str(SHOTS / f"convoy_{lesson_id}_step1.png"))
    rects = table.highlight_rects()
    assert rects and all(r.width > 0 for r in rects), "every highlight of step 1 is on screen"


def test_the_first_lesson_played_by_drags(make_app):  # noqa: F811
    app, table = open_convoy_lesson(make_app, "round")
    press(app, next(r for r, w in table.panel_buttons if w == "next").center)
    assert table.runner.step.id == "target"
    # A wrong drop: the token onto the second sector is legal, but not what this step teaches.
    before = table.session.state_hash()
    drag(app, table.token_rect.center, table.sector_rects[(0, 1)].center)
    assert table.session.state_hash() == before and "Salvage" in table.feedback
    drag(app, table.token_rect.center, table.sector_rects[(0, 0)].center)
    assert table.runner.step.id == "robot" and table.state.battle_sector == 0
    jug = table.runner.places["juggernaut"]
    at = next(shown.center for uid, shown, _w in table.hand_rects if uid == jug)
    drag(app, at, table.column_rects[(0, 0)].center)
    assert table.runner.step.id == "moloch_pass" and jug in table.state.slots[0][0]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_token_the_lesson_says_to_drag_is_lit(make_app, size):  # noqa: F811
    """Lesson 1's second step says to drag the Sector Battle token from the Battle panel onto
    Salvage: the token and its "drag onto a sector" show undimmed (the lesson's dimming lay over
    them, the token's red drawn dark), and the lesson's text box covers neither."""
    from game.ui.convoy.table_scene import GLOW

    app, table = open_convoy_lesson(make_app, "round", size)
    press(app, next(r for r, w in table.panel_buttons if w == "next").center)
    assert table.runner.step.id == "target"
    surface = pygame.display.get_surface()
    table.draw(surface)
    token, label = table.token_rect, table.token_label_rect
    assert token is not None and label is not None
    px = table.ctx.px
    for dx, dy in ((-px(11), 0), (px(11), 0), (0, px(12))):
        assert surface.get_at((token.centerx + dx, token.centery + dy))[:3] == (220, 60, 40)
    lit = [surface.get_at((x, y))[:3] for x in range(label.left, label.right) for y in range(label.top, label.bottom)]
    assert GLOW[:3] in lit
    pygame.image.save(surface, str(SHOTS.parent / f"convoy_round_token_{size[0]}.png"))


def test_where_the_lessons_say_a_column_is_is_where_the_table_draws_it(make_app):  # noqa: F811
    """Lesson 1 said to drag the Juggernaut into Ziggy One's column 'above the city', and lesson 2
    that Moloch's stations are above the city: the table draws the side whose turn it is at the
    bottom, by its hand, so Moloch's column was below the city. Where a step says a column is
    (above or below the city), the table draws it there."""
    from game.convoy.rules.state import MOLOCH, OUTPOST

    def said(table) -> str:
        return " ".join(table.runner.step.text.split())

    app, table = open_convoy_lesson(make_app, "round")
    press(app, next(r for r, w in table.panel_buttons if w == "next").center)
    drag(app, table.token_rect.center, table.sector_rects[(0, 0)].center)
    assert table.runner.step.id == "robot"
    assert table.column_rects[(0, MOLOCH)].top >= table.city_rects[0].bottom  # drawn below the city
    assert "below the city" in said(table) and "above the city" not in said(table), said(table)
    jug = table.runner.places["juggernaut"]
    drag(app, next(shown.center for uid, shown, _w in table.hand_rects if uid == jug), table.column_rects[(0, MOLOCH)].center)
    press(app, button(table, "pass"))
    for _ in range(3):
        app.run(max_frames=1)
        if table.handoff is not None:
            press(app, (10, 400))
    assert table.runner.step.id == "soldier"
    assert table.column_rects[(0, OUTPOST)].top >= table.city_rects[0].bottom
    assert "below the city" in said(table) and "above the city" not in said(table), said(table)

    app, table = open_convoy_lesson(make_app, "placing")
    assert table.runner.step.id == "stations" and table.bottom == "moloch"
    assert table.column_rects[(1, MOLOCH)].top >= table.city_rects[1].bottom
    assert "Moloch's above the city" not in said(table), said(table)
    assert "below the city" in said(table), said(table)


def test_a_narrow_lesson_box_shows_the_lessons_whole_title(make_app, monkeypatch):  # noqa: F811
    """At 1280x720, lesson 2's fifth step puts its box beside the side panel, narrow: the title
    read 'Placing units a…'. A title with no room beside the step count goes on a second line;
    the text and the buttons move down with it."""
    from game.convoy.rules.state import MOLOCH
    from game.ui import widgets

    app, table = open_convoy_lesson(make_app, "placing")
    press(app, next(r for r, w in table.panel_buttons if w == "next").center)
    drag(app, table.token_rect.center, table.sector_rects[(0, 2)].center)
    van = table.runner.places["vanguard"]
    drag(app, next(shown.center for uid, shown, _w in table.hand_rects if uid == van), table.column_rects[(1, MOLOCH)].center)
    written: list[tuple[str, tuple[int, int]]] = []
    real = widgets.text
    monkeypatch.setattr(widgets, "text", lambda surface, text, font, colour, at, *a, **k:
                        (written.append((text, at)), real(surface, text, font, colour, at, *a, **k))[1])
    press(app, button(table, "pass"))
    for _ in range(3):
        app.run(max_frames=1)
    assert table.runner.step.id == "soldier"
    box = table.panel_rect
    title = table.runner.lesson.title
    assert box.width < 400  # the narrow place this is about
    shown = [t for t, at in written if box.collidepoint(at) and t and t in title]
    assert " ".join(shown) == title, shown
    # the step's text, drawn after the title, starts below the title's last line
    last = max(i for i, (t, at) in enumerate(written) if box.collidepoint(at) and t == shown[-1])
    body = written[last + 1]
    assert body[0] in " ".join(table.runner.step.text.split()), body
    assert body[1][1] >= box.top + table.ctx.px(48) + table.ctx.font(19, bold=True).get_linesize() * (len(shown) - 1)


def test_the_lessons_arrow_keeps_off_the_cards_of_the_hand(make_app, monkeypatch):  # noqa: F811
    """Lesson 2's first step points at Iron Gate's column, which runs from under the toolbar to
    the hand: the arrow came up from below, its head over the Hunter the step speaks of next.
    Every arrow drawn (its yellow line and head) is off the hand's cards, and off the prompt
    line's words above the column (tests/ui/test_lesson_arrows.py): from above it crossed them,
    so the column's outline alone shows it."""
    from game.ui.tutorial import scene

    app, table = open_convoy_lesson(make_app, "placing")
    drawn: list[pygame.Rect] = []
    line, polygon = pygame.draw.line, pygame.draw.polygon

    def spy_line(surface, colour, a, b, width=1):
        if tuple(colour) == scene.ARROW:
            drawn.append(pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]) + 1, abs(a[1] - b[1]) + 1))
        return line(surface, colour, a, b, width)

    def spy_polygon(surface, colour, points, width=0):
        if tuple(colour) == scene.ARROW:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            drawn.append(pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1))
        return polygon(surface, colour, points, width)

    monkeypatch.setattr(pygame.draw, "line", spy_line)
    monkeypatch.setattr(pygame.draw, "polygon", spy_polygon)
    table.full_redraw, table._last_frame = True, None  # a whole frame, not one drawn in part
    table.draw(pygame.display.get_surface())
    target = table.highlight_rects()[0]
    cards = [r for r in table.card_rects.values() if r.colliderect(table.hand_rect)]
    assert len(cards) >= 6, cards
    for r in drawn:
        assert not any(r.colliderect(c) for c in cards), (r, cards)
        assert not r.colliderect(table.prompt_rect), r
    assert all(r.bottom <= target.top for r in drawn), (drawn, target)  # never from below, over the hand
