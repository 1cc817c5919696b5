"""Roadblocks' set-up asks each player where his Ticker spawns (seed p. 27: 'each player spawns
1 Ticker in any empty area') before the COGs enter (spec 4 steps 7-9). Played at 1280x720: the
question listed seven areas of tile 15A and nothing said where the COGs would come in, the
one thing a player placing a Ticker for the Locusts needs. The question now names the
entrance and the map tags it ('Map entrance: the COGs enter here') until the COGs stand on it."""
from __future__ import annotations

from game.engine.session import Session
from game.engine.text import as_text
from game.gears.rules.title import GearsTitle
from game.ui.gears.entry import SAVES
from game.ui.gears.table_scene import GearsTable

ENTRANCE_TAG = "Map entrance: the COGs enter here"


def test_the_setup_ticker_question_names_the_entrance_seed_p27():
    session = Session.start(GearsTitle(), "roadblocks", 3, {"players": 2})
    pending = session.state.proc["pending"]
    assert pending["kind"] == "ticker_area"
    start = session.state.view().entrance_area
    assert not any(c.area for c in session.state.cogs.values())  # not on the map yet
    assert as_text(pending["prompt"]).endswith(f"The COGs will enter at {start}.")


def test_a_ticker_question_after_setup_says_nothing_of_the_entrance():
    """The Tickers of a tile explored in play (Stage 1's rule): the COGs are on the map."""
    from game.gears.rules import explore
    from game.gears.rules.procedures import Ctx, NeedDecision
    from tests.gears.built import past_setup

    title = GearsTitle()
    session = Session.start(title, "roadblocks", 3, {"players": 2})
    state = past_setup(title, session.state)
    tile = state.placements[-1]["tile"]
    try:
        explore._spawn_tickers(Ctx(state, []), title.content, tile, 1)
        raise AssertionError("no question")
    except NeedDecision as need:
        assert as_text(need.prompt) == "Spawn a Ticker in which empty area?"


def test_the_map_tags_the_entrance_until_the_cogs_enter(make_app):
    app = make_app()
    table = GearsTable(app.ctx, Session.start(GearsTitle(), "roadblocks", 3, {"players": 2}), ["human", "human"],
                       (1280, 720), SAVES.autosave_path(), animate=False)
    app.push(table)
    app.run(max_frames=1)
    marks = table._map_exit_marks()
    tags = [text for _a, _b, _tag, text, _font in marks]
    assert ENTRANCE_TAG in tags and "Map exit: entering it explores" in tags
    entrance = next(m for m in marks if m[3] == ENTRANCE_TAG)
    view = table.state.view()
    # Its tag stands in the entrance area, on screen inside the map.
    assert table.area_at_screen(entrance[2].center) == view.entrance_area
    assert table.view_rect.contains(entrance[2])
    while table.session.state.proc is not None and table.session.state.proc["pending"]["kind"] == "ticker_area":
        table.submit(table.session.legal_actions()[-1])
    assert any(c.area for c in table.state.cogs.values())
    assert ENTRANCE_TAG not in [m[3] for m in table._map_exit_marks()]


def test_a_table_before_any_tile_is_laid_draws_without_an_entrance(make_app):
    """Scattered asks how the COGs split before it builds a tile: the entrance tag crashed the
    first frame (no tile, so no entrance: IndexError in BoardView.entrance), seen at 1280x720."""
    app = make_app()
    session = Session.start(GearsTitle(), "scattered", 9, {"players": 3})
    assert not session.state.view().board.pieces()  # the split question comes first
    assert session.state.view().entrance is None
    table = GearsTable(app.ctx, session, ["human", "bot", "bot"], (1280, 720), SAVES.autosave_path(), animate=False)
    app.push(table)
    app.run(max_frames=2)
    assert ENTRANCE_TAG not in [m[3] for m in table._map_exit_marks()]


def test_every_missions_first_frame_draws(make_app):
    """The set-up's first question of each mission, drawn (the entrance tag read a board with no
    tile in Scattered and crashed the window)."""
    title = GearsTitle()
    app = make_app()
    for mission in title.content.missions:
        lo, hi = title.content.missions[mission].players
        players = max(lo, min(hi, 3))
        session = Session.start(title, mission, 9, {"players": players})
        table = GearsTable(app.ctx, session, ["human"] * players, (1280, 720), SAVES.autosave_path(), animate=False)
        app.push(table)
        app.run(max_frames=1)
        app.pop()


import pytest  # noqa: E402


@pytest.mark.parametrize("mission,lang,size", [("the_showdown", "en", (1280, 720)), ("the_showdown", "hu", (1280, 720)),
                                               ("search_for_the_stranded", "el", (1280, 720)),
                                               ("roadblocks", "el", (1920, 1080))])
def test_a_hovered_area_s_name_keeps_off_the_entrance_and_exit_tags(make_app, mission, lang, size):
    """Hovering the area by the entrance laid its name tag over 'Map entrance: the COGs enter
    here' (The Showdown's Stair shaft, Search for the Stranded's Sidings, at set-up): the name
    now keeps off the map's own tags, in every area."""
    from game import i18n

    app = make_app(size)
    i18n.set_language(lang)
    table = GearsTable(app.ctx, Session.start(GearsTitle(), mission, 3, {"players": 2}), ["human", "human"],
                       size, SAVES.autosave_path(), animate=False)
    app.push(table)
    app.run(max_frames=1)
    fixed = [tag for _a, _b, tag, _t, _f in table._map_exit_marks()]
    assert fixed
    areas = [a for a in table.state.view().board.areas if table.view_rect.colliderect(table._area_box(a))]
    assert table.state.view().entrance_area in areas
    for area in areas:
        rect = table._area_tag(area)[0]
        assert table.view_rect.contains(rect)
        assert not any(rect.colliderect(tag) for tag in fixed), (area, rect, fixed)
