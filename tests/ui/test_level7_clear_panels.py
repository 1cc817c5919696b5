"""The dice tray and an event card revealed beside a step's sentence keep clear of the figures
on a crowded map (and of the step's sentence), at 1280x720 and 1920x1080, 100% and 125%."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.ui.test_level7_placement_panel import explored_at_random

SIZES = [((1280, 720), 1.0), ((1280, 720), 1.25), ((1920, 1080), 1.0), ((1920, 1080), 1.25)]


def _crowded_table(make_app, config_dir, size, scale, seed=3, players=4, actions=45):
    """Scenario 1 played by seeded random choices (explores favoured): seed 3, four players, 45
    actions in, nine figures round the middle of the view."""
    from game.ui.level7.table_scene import Level7Table

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'ui_scale = {scale}\nlanguage = "en"\n')
    session = explored_at_random(seed, players, actions)
    app = make_app(size)
    table = Level7Table(app.ctx, session, ["human"] * players, size, Path(app.ctx.settings_file).parent / "l7.json")
    app.push(table)
    table.handoff = None
    table.animate = False
    app.run(max_frames=1)
    return app, table


def _roll(n=4):
    from game.ui.kit.dice_tray import DiceRoll, ShownDie

    die = ShownDie("dice/level7_blank.png", ("dice/level7_blank.png",))
    return DiceRoll("Subject 1", [die] * n, "rolls 4 dice: blank, blank, blank, blank", age_ms=DiceRoll.ROLL_MS)


@pytest.mark.parametrize("size, scale", SIZES)
def test_the_dice_tray_covers_no_figure(make_app, config_dir, size, scale):
    """Low in the view's middle the tray covered three of the nine figures at 1280x720 (at 125%
    as at 100%); it goes where it covers none, inside the view."""
    from game.ui.kit.dice_tray import tray_bound

    app, table = _crowded_table(make_app, config_dir, size, scale)
    table.dice = _roll()
    figures = table._figure_rects()
    assert len(figures) >= 8
    tray, small = table.tray_place()
    form = replace(table.dice, small=small)
    assert [f for f in figures if tray_bound(table.ctx, table.view_rect, form, tray).colliderect(f)] == []
    assert table.view_rect.contains(tray)


@pytest.mark.parametrize("size, scale", SIZES)
def test_the_tray_under_a_steps_sentence_covers_neither_figures_nor_the_sentence(make_app, config_dir, size, scale):
    """An enemy's attack step with its roll: the tray keeps off the figures as the step leaves
    them and off the step's sentence (placed apart, it lay over the sentence)."""
    from game.ui.level7.table_scene import Shown

    app, table = _crowded_table(make_app, config_dir, size, scale)
    table.steps = [Shown("Clone 1 attacks Subject 1: Subject 1 is on its tile.", None, "attack", table.figure_tiles(),
                         {}, actor=table.state.turn.player)]
    table.dice = _roll()
    panel, _lines, _reveal = table._step_place()
    tray, _small = table.tray_place()
    figures = table._figure_rects(table.steps[0].tiles)
    assert [f for f in figures if tray.colliderect(f)] == []
    assert not tray.colliderect(panel) and table.view_rect.contains(tray)


@pytest.mark.parametrize("size, scale", SIZES)
def test_an_event_card_revealed_covers_no_figure(make_app, config_dir, size, scale):
    """Every event card revealed with its step: beside its sentence (125% in 1280x720) it lay
    over most of the map and up to eight of the figures. It goes where it covers none: in the
    view off the sentence, else over the side panel (whose Event section shows the same card)."""
    from game.ui.level7.table_scene import Shown

    app, table = _crowded_table(make_app, config_dir, size, scale)
    tiles = table.figure_tiles()
    r = table._token_radius()
    bodies = [table._body_at(*table.camera.to_screen(*at), r) for at in table._figure_spots(tiles).values()]
    for card in sorted(table.content.events):
        table.steps = [Shown("Subject 1 draws the event card (fear section), and must resolve it.", None, "event", tiles,
                             {"card": card, "trigger": "fear"}, actor=table.state.turn.player)]
        panel, _lines, reveal = table._step_place()
        assert reveal is not None
        assert [f for f in bodies if reveal.colliderect(f)] == [], card
        assert not reveal.colliderect(panel)
        assert pygame_rect_inside(reveal, table)


def pygame_rect_inside(rect, table) -> bool:
    """In the view, or over the side panel."""
    return table.view_rect.contains(rect) or table.side_rect.contains(rect)


def test_where_no_place_holds_the_tray_its_dice_are_smaller(make_app, config_dir):
    """Seed 3, two players, 30 actions in, 125% in 1280x720: the map fills the view's middle and
    no place of the usual tray's size was clear of the eight figures (it covered two). The tray
    takes smaller dice and a narrower panel there, and covers none."""
    from game.ui.kit.dice_tray import tray_bound

    app, table = _crowded_table(make_app, config_dir, (1280, 720), 1.25, seed=3, players=2, actions=30)
    table.dice = _roll()
    tray, small = table.tray_place()
    figures = table._figure_rects()
    assert small
    # A query: asking where the tray lies leaves the roll as it was (it had set the roll's
    # small flag as it looked); the drawing gives the roll its form.
    assert not table.dice.small
    assert table.tray_place() == (tray, True) and not table.dice.small
    form = replace(table.dice, small=True)
    assert [f for f in figures if tray_bound(table.ctx, table.view_rect, form, tray).colliderect(f)] == []
    assert table.view_rect.contains(tray)
    app._force_redraw = True
    app.run(max_frames=1)  # drawn there, small
    assert table.dice.small


def test_a_small_tray_is_as_narrow_as_its_dice_with_its_words_wrapped(make_app, config_dir):
    """Seed 5, four players, 20 actions in, 125% in 1280x720: the one crowded map of 55 where
    the tray still covered a figure (a clone on the Tank Farm). Its small form was as wide as
    its summary ('rolls 4 dice: blank, blank, blank, blank'), and no place of that width was
    clear; as narrow as its dice, the words wrapped inside it, it lies clear at the bottom left."""
    from game.ui.kit.dice_tray import tray_bound

    app, table = _crowded_table(make_app, config_dir, (1280, 720), 1.25, seed=5, players=4, actions=20)
    table.dice = _roll()
    tray, small = table.tray_place()
    figures = table._figure_rects()
    assert len(figures) >= 6 and small
    form = replace(table.dice, small=True)
    bound = tray_bound(table.ctx, table.view_rect, form, tray)
    assert [f for f in figures if bound.colliderect(f)] == []
    assert table.view_rect.contains(bound)
    from game.ui.kit.dice_tray import small_lines

    _heads, tail = small_lines(table.ctx, form, tray.width)
    assert len(tail) == 2 and all(table.ctx.font(13).size(line)[0] <= tray.width - table.ctx.px(24) for line in tail)
    app._force_redraw = True
    app.run(max_frames=1)  # drawn there, small
