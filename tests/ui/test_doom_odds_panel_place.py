"""The odds panel of a chosen target stands in the view's corner farthest from the target; at
1280x720 in Greek and Hungarian its lines made it over half the view wide, so every corner
covered the target (and the attacker): the player chose a weapon for a target they could not
see, and the target's hover card, kept clear of it, went over the odds. The panel keeps the
target and the attacker in sight, its lines wrapped, none cut."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game import i18n
from game.doom.rules.state import Invader
from game.doom.rules.title import DoomTitle
from game.engine.session import Session
from game.ui.doom.table_scene import DoomTable
from game.ui.scene import ChangeSettings
from tests.ui.conftest import move, record_text_rects
from tests.ui.test_gears_play import do_click


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_the_odds_panel_leaves_the_target_and_the_attacker_in_sight(make_app, monkeypatch, language):
    size = (1280, 720)
    app = make_app(size)
    app.apply(ChangeSettings(replace(app.ctx.settings, language=language)))
    i18n.set_language(language)
    table = DoomTable(app.ctx, Session.start(DoomTitle(), "knee_deep", 1, {"marines": 2}), ["human", "human", "bot"],
                      size, None)
    app.push(table)
    table.animate = False
    app.run(max_frames=1)
    st = table.state
    st.revealed, st.closed = ["A1", "A2", "A3"], [d for d in st.closed if d != "D1"]
    red = st.marines["red"]
    red.cell = (7, 8)
    if "shotgun" not in red.weapons:
        red.weapons.append("shotgun")  # two weapons: the panel's widest lines
    red.ammo["shells"] = 3
    st.invaders["zombie#9"] = Invader("zombie#9", "zombie", [(11, 8)], 0)
    _red_aims_at_the_zombie(app, table)
    texts = record_text_rects(monkeypatch)
    move(table.screen_of_cell((11, 8)))
    app._force_redraw = True
    table.full_redraw = True
    app.run(max_frames=1)
    panel = table._preview_at[2]
    for cell in ((11, 8), (7, 8)):
        assert not panel.colliderect(table._cell_rect(cell)), (language, cell, panel)
    inside = [t for t, r in texts if panel.contains(r)]
    assert any("%" in t for t in inside) and not [t for t in inside if t.endswith("\u2026")], inside


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_at_125_percent_the_odds_panel_covers_no_marine_where_a_clear_place_exists(make_app, language):
    """At 125% in 1280x720 the red marine fires along the corridor of Knee-Deep: the corner
    farthest from the target (the bottom left) covered the green marine in the start room. The
    panel takes the first place of the kit's clear_place that covers no figure."""
    size = (1280, 720)
    app = make_app(size)
    app.apply(ChangeSettings(replace(app.ctx.settings, language=language, ui_scale=1.25)))
    i18n.set_language(language)
    table = DoomTable(app.ctx, Session.start(DoomTitle(), "knee_deep", 1, {"marines": 3}),
                      ["human", "human", "human", "bot"], size, None)
    app.push(table)
    table.animate = False
    app.run(max_frames=1)
    st = table.state
    st.revealed, st.closed = ["A1", "A2", "A3"], [d for d in st.closed if d != "D1"]
    st.marines["red"].cell = (7, 8)
    st.invaders["zombie#9"] = Invader("zombie#9", "zombie", [(11, 8)], 0)
    _red_aims_at_the_zombie(app, table)
    move(table.screen_of_cell((11, 8)))
    app._force_redraw = True
    table.full_redraw = True
    app.run(max_frames=1)
    panel = table._preview_at[2]
    assert table.view_rect.contains(panel)
    for fig, cell in [(m.id, m.cell) for m in st.marines.values()] + [("zombie#9", (11, 8))]:
        assert not panel.colliderect(table._cell_rect(cell)), (language, fig, panel)


def _red_aims_at_the_zombie(app, table) -> None:
    """Red declares Fire and clicks the zombie on (11, 8): the target chosen, the odds panel up."""
    table._after_change()
    table.submit(next(a for a in table.session.legal_actions() if a.kind == "declare" and a.payload["action"] == "fire"))
    app.run(max_frames=1)
    do_click(app, table.screen_of_cell((11, 8)))
    assert table.target == (11, 8)
