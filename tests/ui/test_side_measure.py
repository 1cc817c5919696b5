"""The side panel's measuring hook (GameTable.section_height): each title's sections laid out at
a width by the very function that draws them, with no surface, so nothing is drawn and nothing
recorded; the kit's tab rule (side_tabbed) reads it, for every title alike (Level 7 drew its
party and event card onto a scratch surface of its own to learn their heights)."""
from __future__ import annotations

import pygame
import pytest

from tests.ui.conftest import config_dir, drawn_text, make_app  # noqa: F401 (fixtures)


def _table(make_app, key: str, players: int, mission: str = "emergence"):  # noqa: F811
    from game.engine.session import Session

    app = make_app((1280, 720))
    if key == "gears":
        from game.gears.rules.title import GearsTitle as Title
        from game.ui.gears.table_scene import GearsTable as Table
        session = Session.start(Title(), mission, seed=5, options={"players": players})
    elif key == "doom":
        from game.doom.rules.title import DoomTitle as Title
        from game.ui.doom.table_scene import DoomTable as Table
        session = Session.start(Title(), "knee_deep", seed=5, options={"marines": players - 1})
    elif key == "level7":
        from game.level7.rules.title import Level7Title as Title
        from game.ui.level7.table_scene import Level7Table as Table
        session = Session.start(Title(), "s1", seed=8, options={"players": players})
    else:
        from game.convoy.rules.title import ConvoyTitle as Title
        from game.ui.convoy.table_scene import ConvoyTable as Table
        session = Session.start(Title(), "standard", seed=5, options={})
    table = Table(app.ctx, session, ["human"] * players, (1280, 720), animate=False)
    app.push(table)
    table.handoff = None
    app.run(max_frames=1)
    return app, table


@pytest.mark.parametrize("key,players", [("gears", 4), ("doom", 4), ("level7", 4), ("convoy", 2)])
@pytest.mark.parametrize("language", ["en", "el"])
def test_a_sections_measured_height_is_the_height_it_draws_and_measuring_draws_nothing(make_app, key, players, language):  # noqa: F811
    from game import i18n

    app, table = _table(make_app, key, players)
    i18n.set_language(language)
    px, w = table.ctx.px, table.side_rect.width - table.ctx.px(32)
    own = table.sections()
    assert own and set(own) <= set(table.SIDE_TABS)
    for name, draw in own.items():
        measured = table.section_height(name, w)
        assert measured > px(20), (name, measured)
        surface = pygame.Surface((w + px(40), 3000))
        for top in (0, 137):
            assert draw(surface, px(16), top, w) - top == measured, (name, top)
    # measuring again: no surface, so no pixel; no button to click and no rect kept either
    buttons, records = list(table.buttons), {k: dict(getattr(table, k, {})) for k in ("squad_rows",)}
    for name in own:
        table.section_height(name, w)
    assert table.buttons == buttons and {k: dict(getattr(table, k, {})) for k in records} == records
    # the kit's log keeps about five lines' room in every title; its AI box gives way to the others
    assert table.section_height("log", w) == px(80)
    assert table.section_height("ai", w) == 0


def test_level7_tabs_by_the_kits_rule_when_four_leave_the_log_no_room(make_app):  # noqa: F811
    """Level 7 no longer measures by drawing: its table has no tab rule of its own; the kit's,
    on its sections' measured heights, tabs the panel for four characters at 1280x720 and not
    for two, and changes its mind when the sections' heights do."""
    from game.ui.kit.game_table import GameTable
    from game.ui.level7.table_scene import Level7Table

    assert Level7Table.side_tabbed is GameTable.side_tabbed
    _app, four = _table(make_app, "level7", 4)
    _app, two = _table(make_app, "level7", 2)
    assert not two.side_tabbed()
    r, px = four.side_rect, four.ctx.px
    need = px(14) + sum(four.section_height(n, r.width - px(32)) for n in four.SIDE_TABS)
    assert four.side_tabbed() == (need > r.height - px(12))
    # a party that needs less room (as two do) leaves the panel whole, at once
    two_high = {n: two.section_height(n, r.width - px(32)) for n in two.SIDE_TABS}
    four.section_height = lambda name, w: two_high[name]
    four.state_version += 1
    assert not four.side_tabbed()


def test_gears_four_cogs_in_greek_keep_the_log_in_view_or_tab_the_panel(make_app, drawn_text):  # noqa: F811
    """Roadblocks' stage card and four bot COGs in Greek at 1280x720 (seed 4, turn 2) took the
    side panel down to its bottom: the log had no line and the AI card's box was cut (seen in
    the real window). Every title's log keeps about five lines (LOG_ROOM), or the panel turns to
    tabs."""
    from game import i18n
    from game.engine.session import Session
    from game.gears.rules.title import GearsTitle
    from game.ui.gears.table_scene import GearsTable

    try:
        app = make_app((1280, 720))
        i18n.set_language("el")  # after the App, which sets the settings' language
        session = Session.start(GearsTitle(), "roadblocks", seed=4, options={"players": 4})
        table = GearsTable(app.ctx, session, ["bot"] * 4, (1280, 720), animate=False, bot_delay_ms=0)
        app.push(table)
        while table.state.turn < 2:
            table.step_bot(1)
        table.stage_open = True  # the stage's special rules opened by their + (folded, the log fits)
        app.run(max_frames=1)
        r, px = table.side_rect, table.ctx.px
        above = px(14) + sum(table.section_height(n, r.width - px(32)) for n in table.SIDE_TABS if n != "log")
        assert r.height - px(12) - above < px(80)  # the sections leave the log less than five lines
        assert table.side_tabbed() and len(table._side_places()[4]) == 1  # so one section at a time, under tabs
        # each tab's name whole on one line: four equal tabs broke 'Ημερολόγιο' (Log) into 'Ημερολ' / 'όγιο'
        drawn_text.clear()
        for layer in (table.side_layer, *table.section_layers.values()):
            layer.key = None  # painted again, not its copy
        table.dirty = table.full_redraw = True
        app.run(max_frames=1)
        assert all(label in drawn_text for label in table.side_labels().values()), table.side_labels()
    finally:
        i18n.set_language("en")
