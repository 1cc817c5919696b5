"""A tall board's start view names its figures: The Showdown at 1280x720 and 150% fitted whole at
0.38, below the zoom at which figures carry their names (NAME_ZOOM), and every figure went
unnamed until the player zoomed. A tall board that fits only below NAME_ZOOM now starts at it,
on the COGs, the rest a drag away; Fit map still shows it whole, and a long board (Emergence,
Scattered: its width is what it needs) still starts whole."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.engine.session import Session
from game.gears.rules.title import GearsTitle
from game.ui.gears.table_scene import NAME_ZOOM, GearsTable
from tests.ui.test_gears_layout import drive


def table_for(make_app, mission, scale, size=(1280, 720)):
    app = make_app(size)
    app.ctx.settings = replace(app.ctx.settings, ui_scale=scale)
    session = Session.start(GearsTitle(), mission, seed=5, options={"players": 2})
    table = GearsTable(app.ctx, session, ["human", "bot"], size, Path(app.ctx.settings_file).parent / "t.json",
                       animate=False)
    app.push(table)
    assert drive(table, lambda t: all(c.area for c in t.state.cogs.values()) and t.session.decider == "P1")
    app._force_redraw = True
    app.draw(app.screen)
    return app, table


def board_on_screen(table):
    x0, y0, x1, y1 = table.camera.extent()
    left, top = table.camera.to_screen(x0, y0)
    right, bottom = table.camera.to_screen(x1, y1)
    return left, top, right, bottom


def test_the_showdown_at_150_percent_starts_with_its_figures_named(make_app):
    app, table = table_for(make_app, "the_showdown", 1.5)
    assert table.camera.zoom >= NAME_ZOOM
    for p in table.state.cogs:
        assert table.view_rect.contains(table.token_rects[p]) and p in table.label_rects
    left, _top, right, _bottom = board_on_screen(table)
    assert table.view_rect.left <= left and right <= table.view_rect.right  # its width whole
    table.camera.fit()  # Fit map (Home): the whole board, names or not
    _l, top, _r, bottom = board_on_screen(table)
    assert table.view_rect.top <= top and bottom <= table.view_rect.bottom


@pytest.mark.parametrize("mission", ["emergence", "scattered", "the_showdown", "china_shop"])
def test_a_board_that_fits_with_names_starts_as_fit_map_shows_it(make_app, mission):
    """Long boards, and tall ones that fit at NAME_ZOOM or more (100%), start as before: as Fit
    map shows them (whole; Scattered's 4032 px at the least zoom step)."""
    _app, table = table_for(make_app, mission, 1.0)
    cam = table.camera
    start = (cam.zoom, cam.x, cam.y)
    cam.fit()
    assert (cam.zoom, cam.x, cam.y) == start
