"""Issue part 1 (app shell): scene stack, redraw only on change, F1 help, resizable window, all
driven by real pygame events posted into the real loop."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.maplist import MapList
from game.ui.menu import MainMenu
from game.ui.overlays import ErrorPanel, HelpOverlay
from game.ui.settings_scene import SettingsScene
from tests.ui.conftest import click, frame_texts, key, move


def _button(app, label):
    return next(b for b in app.top.buttons if b.label == label)


def test_starts_on_the_main_menu_and_draws_once(make_app):
    app = make_app()
    assert isinstance(app.top, MainMenu)
    drawn = app.frames_drawn
    assert drawn >= 1
    app.run(max_frames=5)  # nothing happened: no redraw
    assert app.frames_drawn == drawn


def test_hovering_a_button_redraws_and_highlights(make_app):
    app = make_app()
    target = _button(app, "Settings")
    drawn = app.frames_drawn
    move(target.rect.center)
    app.run(max_frames=1)
    assert app.top.hovered == "Settings"
    assert app.frames_drawn == drawn + 1


def test_a_key_pressed_before_the_first_frame_moves_the_focus(config_dir):
    """Tab as the window opens, before the menu was ever drawn (tools/monkey.py, seed 31: the
    menu had no buttons yet and divided by their count)."""
    from game.ui.app import App

    app = App((1280, 720), headless=True)
    try:
        pygame.event.clear()
        key(pygame.K_TAB)
        app.run(max_frames=1)
        assert isinstance(app.top, MainMenu)
        assert app.top.hovered == app.top.buttons[1].label
    finally:
        app.close()


def test_f1_shows_and_hides_the_help_overlay(make_app):
    app = make_app()
    key(pygame.K_F1)
    app.run(max_frames=1)
    assert isinstance(app.top, HelpOverlay)
    keys = [k for k, _d in app.top.entries]
    assert "F1" in keys and "O" in keys  # global and the menu's own shortcuts
    key(pygame.K_F1)
    app.run(max_frames=1)
    assert isinstance(app.top, MainMenu)


def test_menu_buttons_open_scenes_and_esc_goes_back(make_app):
    app = make_app()
    click(_button(app, "Open a map").rect.center)
    app.run(max_frames=1)
    assert isinstance(app.top, MapList)
    assert any(p.name == "sample_1A.tmx" for p in app.top.maps)
    key(pygame.K_ESCAPE)
    app.run(max_frames=1)
    assert isinstance(app.top, MainMenu)
    key(pygame.K_s)
    app.run(max_frames=1)
    assert isinstance(app.top, SettingsScene)


def test_quit_button_and_window_close_stop_the_loop(make_app):
    app = make_app()
    click(_button(app, "Quit").rect.center)
    app.run(max_frames=3)
    assert not app.running
    app2 = make_app()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app2.run(max_frames=3)
    assert not app2.running


def test_games_without_rules_say_coming_soon(make_app):
    """Only games with a table (game/<title>/table.py) open; the others are shown disabled."""
    app = make_app()
    assert {c.game.key for c in app.top.cards} == {"gears", "doom", "level7", "convoy"}
    assert [c.game.key for c in app.top.cards if c.enabled] == ["gears", "doom", "level7", "convoy"]


def test_resize_relayouts_the_menu(make_app):
    app = make_app()
    before = _button(app, "Quit").rect.copy()
    app.screen = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    app.run(max_frames=1)
    assert _button(app, "Quit").rect != before


def test_show_error_returns_to_menu_under_the_panel(make_app):
    app = make_app()
    app.apply(__import__("game.ui.scene", fromlist=["OpenSettings"]).OpenSettings())
    app.show_error("Could not open the map", "maps/x.tmx: map: file not found")
    assert [type(s) for s in app.scenes] == [MainMenu, ErrorPanel]
    key(pygame.K_RETURN)
    app.run(max_frames=1)
    assert isinstance(app.top, MainMenu) and app.running


def test_learn_to_play_has_a_back_button_to_the_menu(make_app):
    """The lesson list, opened from the menu, goes back by a click as the map list and the
    settings do (it had only Esc: a player with the mouse had no way back on screen)."""
    from game.ui.tutorial.scene import LessonList

    app = make_app()
    click(_button(app, "Learn to play").rect.center)
    app.run(max_frames=1)
    lessons = app.top
    assert isinstance(lessons, LessonList)
    assert lessons.back is not None and lessons.back.label == "Back"
    assert all(not lessons.back.rect.colliderect(r) for r, _les in lessons.rows)
    move(lessons.back.rect.center)
    app.run(max_frames=1)
    assert lessons.back_hovered
    click(lessons.back.rect.center)
    app.run(max_frames=1)
    assert isinstance(app.top, MainMenu)


def test_open_a_map_lists_each_map_by_its_own_name_and_game(make_app, tmp_path):
    """'Open a map' listed file names in lower case ('p1 knee deep', 'plaza to the pit') with the
    folder's word beside a custom map ('custom'). Each row now reads the map's own name and, for
    a map of the user's, its game and 'your map' in the reader's words; a file with no name (or
    that cannot be read) keeps its file name."""
    from game.ui.maplist import map_heading

    root = Path(__file__).resolve().parents[2] / "maps"
    assert map_heading(root / "doom" / "p1_knee_deep.tmx") == ("P1 Knee-Deep in the Dead", "doom")
    assert map_heading(root / "custom" / "plaza_to_the_pit.tmx") == ("Plaza to the pit", "gears")
    odd = tmp_path / "half_a_map.tmx"
    odd.write_bytes(b'<?xml version="1.0"?><map><layer name="x"><properties><property name="name" value="Not it"/>')
    assert map_heading(odd) == ("half a map", "")
    assert map_heading(tmp_path / "gone.tmx") == ("gone", "")

    app = make_app()
    click(_button(app, "Open a map").rect.center)
    app.run(max_frames=1)
    listing = app.top
    assert isinstance(listing, MapList)
    drawn = [t for t, _r, _s in frame_texts(app)]
    assert "Plaza to the pit" in drawn and "Gears of War \u00b7 your map" in drawn
    assert "plaza to the pit" not in drawn and "custom" not in drawn


def test_a_scene_covered_by_an_opaque_one_asks_for_no_frame(make_app):
    """The main menu under a game table stayed dirty (it is not drawn while covered), and the
    loop drew every frame for it: a whole core in a real 1920x1080 window, the table left
    alone. Only the scenes a frame shows ask for one; the menu shown again is drawn."""
    from game.ui.scene import Scene

    class Opaque(Scene):
        def draw(self, surface):
            surface.fill((10, 10, 10))

    app = make_app()
    menu = app.top
    app.push(Opaque(app.ctx))
    app.run(max_frames=2)
    menu.dirty = True  # as the menu marks itself while covered
    drawn = app.frames_drawn
    app.run(max_frames=5)
    assert app.frames_drawn == drawn
    app.pop()
    app.run(max_frames=1)
    assert app.frames_drawn == drawn + 1 and app.top is menu and not menu.dirty


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_open_a_map_names_a_gears_tile_in_the_language(lang):
    """'Open a map' listed our Gears tiles as 'Fountain Square', 'Ossuary' in a Hungarian or
    Greek app (the builder's palette and the table already named them in the language)."""
    from game import i18n
    from game.engine.text import named_in
    from game.gears.rules.names import place
    from game.ui.maplist import map_heading, shown_name

    root = Path(__file__).resolve().parents[2] / "maps"
    i18n.set_language(lang)
    try:
        name, title = map_heading(root / "gears" / "tiles" / "3B.tmx")
        assert name == "Ossuary" and shown_name(name, title) == place("Ossuary") != "Ossuary"
        # A Doom map's name too, as the builder's piece palette names it (the seed's Hungarian
        # title: "Térdig vérben gázolva"; it kept the file's English before).
        doom = shown_name(*map_heading(root / "doom" / "p1_knee_deep.tmx"))
        assert doom == named_in("doom", "P1 Knee-Deep in the Dead", i18n.translate) != "P1 Knee-Deep in the Dead"
    finally:
        i18n.set_language("en")


def test_the_map_viewer_names_a_gears_area_in_the_language():
    """Opened from 'Open a map', a Gears tile's area under the pointer (and the line-of-sight
    ends) read 'plaza', its id, in a Hungarian app; they read as the table names them
    ("Főtér", with the tile's id on a built map). A Doom map's places keep their ids."""
    from game import i18n
    from game.board.tmx import load_board
    from game.gears.rules.names import place
    from game.ui.table.hud import shown_label
    from game.ui.table.places import Place, parse_place

    root = Path(__file__).resolve().parents[2] / "maps"
    tile = load_board(root / "gears" / "tiles" / "1A.tmx")
    built = load_board(root / "custom" / "plaza_to_the_pit.tmx")
    doom = load_board(root / "doom" / "sample_room.tmx")
    i18n.set_language("hu")
    try:
        assert shown_label(tile, Place("area", "plaza", None, "plaza")) == place("Plaza") != "Plaza"
        assert shown_label(built, Place("area", "1A:plaza", None, "1A:plaza")) == f"{place('Plaza')} (1A)"
        cell = parse_place(doom, "2,2")
        assert shown_label(doom, cell) == cell.label
    finally:
        i18n.set_language("en")
