"""The map exit, where no door token shows it, is marked on the Gears map: Roadblocks' Stage 1
explores the next tile when a COG enters the newest tile's free exit, and the map did not show
which edge that was (seen in the real window, 1920x1080)."""
from __future__ import annotations

from game.engine.session import Session
from game.gears.rules.spawning import exit_areas, map_exit_connectors
from game.gears.rules.title import GearsTitle
from game.ui.gears.entry import SAVES
from game.ui.gears.table_scene import GearsTable


def _table(make_app, mission: str):
    app = make_app()
    session = Session.start(GearsTitle(), mission, 5, {"players": 2})
    table = GearsTable(app.ctx, session, ["human", "human"], (1280, 720), SAVES.autosave_path(), animate=False)
    app.push(table)
    return app, table


def test_roadblocks_marks_the_map_exit_that_explores(make_app, drawn_text):
    app, table = _table(make_app, "roadblocks")
    state = table.state
    assert not state.doors and map_exit_connectors(state)
    drawn_text.clear()
    table.dirty = True
    table.map_layer.key = None
    app.run(max_frames=1)
    assert "Map exit: entering it explores" in drawn_text
    # At set-up the entrance has its own tag (test_gears_entrance_mark.py): the exit's is the other.
    (a, b, tag, _text, _font), = [m for m in table._map_exit_marks() if m[3].startswith("Map exit")]
    # The tag lies inside the exit's area on the map, near the exit's edge.
    assert table.area_at_screen(tag.center) == exit_areas(state)[0]


def test_a_door_token_is_the_map_exit_and_needs_no_mark(make_app):
    app, table = _table(make_app, "roadblocks")
    table.state.doors.append(map_exit_connectors(table.state)[0])
    assert not [m for m in table._map_exit_marks() if m[3].startswith("Map exit")]


def test_the_exit_tag_keeps_clear_of_a_ticker_standing_at_the_exit(make_app):
    """Roadblocks' set-up asks where each Ticker comes up; one put in the exit's area stood over
    'Map exit: entering it explores' (seen at 1280x720 in Hungarian). The tag moves within the
    area off the figures' tokens."""
    app = make_app()
    session = Session.start(GearsTitle(), "roadblocks", 21, {"players": 2})
    table = GearsTable(app.ctx, session, ["human", "human"], (1280, 720), SAVES.autosave_path(), animate=False)
    app.push(table)
    app.run(max_frames=1)
    exit_area = exit_areas(table.state)[0]
    table.session.apply(next(a for a in table.session.legal_actions() if a.payload.get("area") == exit_area))
    table.dirty = True
    app.run(max_frames=2)
    assert any(x.area == exit_area for x in table.state.locusts.values())
    (_a, _b, tag, _text, _font), = [m for m in table._map_exit_marks() if m[3].startswith("Map exit")]
    assert table.token_rects and not any(tag.colliderect(r) for r in table.token_rects.values()), tag
    assert table.area_at_screen(tag.center) == exit_area
