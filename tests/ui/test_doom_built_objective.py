"""A built map's objective on the Doom table. The shipped scenarios show theirs by its place name
in the goal ('reaches the exit: Evac airlock') and P1's exit by its striped floor; a built map's
objective has no place name (the builder names no areas), so the goal said only 'reaches the exit'
and nothing on the map told which area that was. Its squares are laid with the exit's striped floor
now (table_scene.lay_exit_floor) and the goal says to look for it."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.board.tmx_write import save_build
from game.i18n import _
from game.ui.doom import words
from game.ui.doom.setup_scene import DoomSetup, SetupChoice
from game.ui.doom.table_scene import exit_tile
from tests.board.test_build_items import library  # noqa: F401  (a fixture)
from tests.doom.test_custom_maps import build


@pytest.fixture
def maps(tmp_path, library):  # noqa: F811
    d = tmp_path / "maps" / "custom"
    d.mkdir(parents=True)
    save_build(build(library), d / "outpost.tmx")
    (tmp_path / "maps" / "tilesets").symlink_to(pytest.importorskip("game.ui.app").MAPS_DIR / "tilesets")
    return d.parent


def _table(make_app, tmp_path, maps, scenario: str):
    app = make_app((1280, 720))
    setup = DoomSetup(app.ctx, SetupChoice(seed=2, seats=["human", "bot"]), maps_dir=maps)
    setup.choice.scenario = scenario
    table = setup.make_table(setup.new_session(), ["human", "bot"], tmp_path / "s.json")
    return app, table


def _looks_like(floor: pygame.Surface, cell, tile: pygame.Surface, size: int) -> bool:
    tile = tile if tile.get_size() == (size, size) else pygame.transform.smoothscale(tile, (size, size))
    x, y = cell[0] * size, cell[1] * size
    return all(floor.get_at((x + dx, y + dy))[:3] == tile.get_at((dx, dy))[:3]
               for dx in range(3, size, 7) for dy in range(5, size, 11))


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_a_built_maps_objective_is_laid_with_the_exits_floor_and_the_goal_says_so(make_app, tmp_path, maps, lang):
    app, table = _table(make_app, tmp_path, maps, "custom:outpost")
    i18n.set_language(lang)
    dmap, floor = table.dmap, table.renderer.floor
    tile = exit_tile(app.ctx.assets)
    goal = table.content.scenarios["custom:outpost"].win_area
    assert goal and not dmap.area_label.get(goal)
    size = dmap.board.tile_width
    inside = [c for c, a in dmap.area_of.items() if a == goal]
    outside = [c for c, a in dmap.area_of.items() if a != goal]
    assert inside and all(_looks_like(floor, c, tile, size) for c in inside)
    assert not any(_looks_like(floor, c, tile, size) for c in outside)
    line = words.goal(table.content.scenarios["custom:outpost"], dmap)
    # named by its piece too (rules/board.py built_area_places), never by its id
    assert line.startswith(_("Marines win when one of them reaches the exit: {place} (the area with the striped "
                             "floor).").format(place=str(dmap.area_place[goal])))
    assert goal not in line
    if lang == "en":
        assert str(dmap.area_place[goal]) == "Corridor, straight"
    if lang != "en":
        assert "striped" not in line and "Corridor" not in line


def test_a_scenarios_named_exit_keeps_its_own_floor(make_app, tmp_path, maps):
    """The sample's exit, the Console room, is named in the goal and its floor is the map's."""
    app, table = _table(make_app, tmp_path, maps, "sample")
    dmap = table.dmap
    goal = table.content.scenarios["sample"].win_area
    inside = [c for c, a in dmap.area_of.items() if a == goal]
    assert not any(_looks_like(table.renderer.floor, c, exit_tile(app.ctx.assets), dmap.board.tile_width) for c in inside)
    assert _("Console room") in words.goal(table.content.scenarios["sample"], dmap)
