"""Custom maps on the Gears set-up screen (docs/BUILDER.md "Custom Gears missions", gears spec
9.1 goals): the builder's missions are listed under "Custom maps", picked and started by clicks
with the file's fixed player count, broken files are listed with their problem and cannot be
chosen. Real events posted into the real loop."""
from __future__ import annotations

import shutil
from pathlib import Path

import pygame

from game.ui.gears.setup_scene import GearsSetup, SetupChoice
from game.ui.gears.table_scene import GearsTable
from tests.ui.conftest import click, move

REPO_CUSTOM = Path(__file__).resolve().parents[2] / "maps" / "custom"


def custom_maps_dir(tmp_path: Path) -> Path:
    """A maps folder with the shipped plaza map and its two missions, plus one broken file."""
    d = tmp_path / "maps" / "custom"
    d.mkdir(parents=True)
    for name in ("plaza_to_the_pit.tmx", "plaza_to_the_pit.mission.toml", "hold_the_plaza.mission.toml"):
        shutil.copy(REPO_CUSTOM / name, d / name)
    (d.parent / "tilesets").symlink_to(REPO_CUSTOM.parent / "tilesets")  # the map's floor tileset
    (d / "broken.mission.toml").write_text('map = "nowhere.tmx"\nplayers = 9\ngoal = "win"\n', encoding="utf-8")
    return d.parent


def hit(setup: GearsSetup, what: str) -> tuple[int, int]:
    return next(rect for rect, w in setup.hits if w == what).center


def do_click(app, pos) -> None:
    move(pos)
    click(pos)
    app.run(max_frames=1)


def open_setup(make_app, tmp_path, size=(1280, 720)):
    app = make_app(size)
    setup = GearsSetup(app.ctx, SetupChoice(seats=["human", "bot"], characters=[None, None], seed=11),
                       maps_dir=custom_maps_dir(tmp_path))
    app.push(setup)
    app.run(max_frames=1)
    return app, setup


def test_custom_map_is_picked_and_started_by_clicks_with_its_player_count(make_app, tmp_path):
    """gears 9.1 (custom goals): the hold_out map is for 3 players; choosing it adds a seat, the
    add/remove buttons go, and Start lays the built map on the table."""
    app, setup = open_setup(make_app, tmp_path)
    assert {"custom:hold_the_plaza", "custom:plaza_to_the_pit", "custom:broken"} <= {w for _r, w in setup.hits}
    do_click(app, hit(setup, "custom:hold_the_plaza"))
    assert setup.choice.mission == "custom:hold_the_plaza"
    assert setup.choice.seats == ["human", "bot", "bot"] and len(setup.choice.characters) == 3
    assert "players" not in setup.choice.options()  # the file's count, never another
    whats = {w for _r, w in setup.hits}
    assert "add" not in whats and not any(w.startswith("remove:") for w in whats)
    setup.command("add")
    assert len(setup.choice.seats) == 3 and "exactly 3 players" in setup.message
    do_click(app, hit(setup, "start"))
    table = app.top
    assert isinstance(table, GearsTable)
    st = table.state
    assert st.mission == "custom:hold_the_plaza" and len(st.players) == 3
    assert st.view().board.pieces() == ("1A", "4A", "9B")  # the built map, laid whole
    app._force_redraw = True
    app.draw(app.screen)
    bw, bh = st.view().board.pixel_size()
    vx, vy, vw, vh = table.camera.view
    assert bw * table.camera.zoom <= vw + 1 and bh * table.camera.zoom <= vh + 1  # the whole map shows
    # The floor art is drawn in the map's view (not the bare table colour).
    centre = table.camera.to_screen(bw / 2, bh / 2)
    colours = {tuple(app.screen.get_at((round(centre[0]) + dx, round(centre[1]) + dy)))[:3] for dx in (-40, 0, 40) for dy in (-40, 0, 40)}
    assert colours != {tuple(app.ctx.palette.table)[:3]}


def test_switching_back_to_a_box_mission_frees_the_seats(make_app, tmp_path):
    """Spec 4 (1-4 players): after a custom map the seats can be added and removed again."""
    app, setup = open_setup(make_app, tmp_path)
    do_click(app, hit(setup, "custom:plaza_to_the_pit"))
    assert setup.choice.seats == ["human", "bot"]
    do_click(app, hit(setup, "mission:emergence"))
    assert setup.choice.options()["players"] == 2
    do_click(app, hit(setup, "add"))
    assert len(setup.choice.seats) == 3


def test_broken_custom_file_is_listed_with_its_problem_and_not_selectable(make_app, tmp_path):
    """Bad input gives one clear message naming the file and the problem (common rules)."""
    app, setup = open_setup(make_app, tmp_path)
    do_click(app, hit(setup, "custom:broken"))
    assert setup.choice.mission == "emergence"
    assert "broken.mission.toml" in setup.message and "goal must be one of" in setup.message
    do_click(app, hit(setup, "start"))
    assert isinstance(app.top, GearsTable) and app.top.state.mission == "emergence"
