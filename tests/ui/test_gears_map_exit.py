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
