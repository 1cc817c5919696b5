"""Hostile files at the tables: a map a title needs, broken or gone since it was shipped, is
named on screen with what is wrong, and the program keeps running (DESIGN: bad input). Each of
these had stopped the program: Doom's set-up drew its scenario's map preview from a broken map,
Convoy's table read its own layout map with pytmx (an XML ParseError), and Level 7's set-up
(tests/ui/test_level7_play.py) and Gears' (tests/gears/test_tile_files.py) started a game on a
broken tile, and Learn to play raised a broken lesson file's DataError."""
from __future__ import annotations

import pygame
import pytest

from game.board.model import MapError
from game.ui.convoy import table_scene as convoy_table
from game.ui.convoy.setup_scene import ConvoySetup, SetupChoice as ConvoyChoice
from game.ui.doom.setup_scene import DoomSetup, SetupChoice as DoomChoice
from game.ui.gears.setup_scene import GearsSetup, SetupChoice as GearsChoice
from game.ui.overlays import ErrorPanel
from tests.ui.conftest import continue_from_menu
from tests.ui.test_gears_play import do_click

BROKEN = "<map version='1.10'>\n</map>\ngarbage [[ =\n"


def _start(app, setup):
    do_click(app, next(rect for rect, what in setup.hits if what == "start").center)


def _convoy_started(make_app):
    """A Convoy set-up screen (a person against the AI) and its Start pressed."""
    app = make_app()
    setup = ConvoySetup(app.ctx, ConvoyChoice(seats=["human", "bot"], seed=5))
    app.push(setup)
    app.run(max_frames=1)
    _start(app, setup)
    return app, setup


def test_doom_set_up_names_a_broken_scenario_map_in_its_preview_and_on_start(make_app, config_dir, monkeypatch,
                                                                             drawn_text):
    from game.doom.rules import board, state

    def broken(path, *_args, **_kwargs):
        raise MapError(f"{path}: map: bad XML at line 3, column 0 (junk after document element)")

    monkeypatch.setattr(board, "load_map", broken)
    monkeypatch.setattr(state, "load_map", broken)
    app = make_app()
    setup = DoomSetup(app.ctx, DoomChoice(seats=["human", "bot"], seed=5))
    app.push(setup)
    drawn_text.clear()
    app.run(max_frames=1)
    drawn = " ".join(drawn_text)  # the preview's lines, wrapped
    assert "p1_knee_deep.tmx: map: bad XML at line 3, column 0" in drawn
    _start(app, setup)
    assert app.top is setup and "p1_knee_deep.tmx: map: bad XML at line 3" in setup.message
    pygame.event.clear()




def test_convoy_layout_map_broken_raises_a_map_error_naming_the_file(tmp_path):
    path = tmp_path / "table_layout.tmx"
    path.write_text(BROKEN)
    with pytest.raises(MapError, match=r"table_layout\.tmx: map: bad XML at line 3"):
        convoy_table.load_layout(path)
    path.write_text("<map version='1.10' orientation='orthogonal' width='4' height='4' tilewidth='8' "
                    "tileheight='8'>\n<objectgroup id='1' name='other'/>\n</map>\n")
    with pytest.raises(MapError, match="no object layer 'zones'"):
        convoy_table.load_layout(path)


def test_convoy_set_up_names_its_broken_layout_map_and_continue_says_it_cannot(make_app, config_dir, monkeypatch,
                                                                            tmp_path):
    app, setup = _convoy_started(make_app)  # a game begins (autosaved) with the layout whole
    assert app.top is not setup
    path = tmp_path / "table_layout.tmx"
    path.write_text(BROKEN)
    real = convoy_table.load_layout
    monkeypatch.setattr(convoy_table, "load_layout", lambda *_a: real(path))
    panel = continue_from_menu(make_app)
    assert isinstance(panel, ErrorPanel) and "table_layout.tmx: map: bad XML" in panel.message
    app2, setup2 = _convoy_started(make_app)
    assert app2.top is setup2 and "table_layout.tmx: map: bad XML at line 3" in setup2.message
    pygame.event.clear()


def test_gears_set_up_names_a_broken_tile_face_on_start(make_app, config_dir, monkeypatch):
    from game.gears.rules import board_view

    real = board_view.load_board

    def load(path, *args, **kwargs):
        if path.name == "16A.tmx":  # a face of Emergence's Location deck
            raise MapError(f"{path}: map: bad XML at line 3, column 0 (junk after document element)")
        return real(path, *args, **kwargs)

    monkeypatch.setattr(board_view, "_FACES", {})
    monkeypatch.setattr(board_view, "load_board", load)
    app = make_app()
    setup = GearsSetup(app.ctx, GearsChoice(seats=["human", "bot"], seed=5))
    app.push(setup)
    app.run(max_frames=1)
    _start(app, setup)
    assert app.top is setup and "16A.tmx: map: bad XML at line 3" in setup.message
    pygame.event.clear()


def test_the_lesson_list_leaves_a_broken_lesson_out_and_says_why(make_app, config_dir, monkeypatch, tmp_path):
    """Learn to play with one lesson file broken: the other lessons are offered and the broken
    file is named on screen, once (it had stopped the program: the list raised its DataError)."""
    import functools
    import shutil

    from game.tutorial.library import lesson_folder, lessons_for
    from game.ui.tutorial import scene as tutorial_scene

    folder = tmp_path / "lessons"
    shutil.copytree(lesson_folder("gears"), folder)
    broken = folder / "01_turn.toml"
    broken.write_text(broken.read_text() + "\ngarbage [[ =\n")
    monkeypatch.setattr(tutorial_scene, "lessons_for", functools.partial(lessons_for, folder=folder))
    app = make_app()
    app.ctx.notices.clear()
    app.push(tutorial_scene.LessonList(app.ctx, "gears"))
    app.run(max_frames=1)
    shown = [les.id for les in app.top.lessons]
    assert "turn" not in shown and len(shown) == len(list(lesson_folder("gears").glob("*.toml"))) - 1
    assert sum("01_turn.toml (line" in n for n in app.ctx.notices) == 1
    app.top.show("doom")
    app.top.show("gears")  # back to the tab: said once, not again
    assert sum("01_turn.toml (line" in n for n in app.ctx.notices) == 1


def test_doom_set_up_parses_a_broken_map_once_not_at_every_redraw(make_app, monkeypatch):
    """The set-up screen asks for each scenario's map at every redraw (its goal line, the
    preview); only maps that load were kept, so a broken file was parsed again each frame."""
    from game.doom.rules import board

    read: list[str] = []

    def broken(path, *_args, **_kwargs):
        read.append(path)
        raise MapError(f"{path}: map: bad XML at line 3, column 0 (junk after document element)")

    monkeypatch.setattr(board, "load_map", broken)
    app = make_app()
    setup = DoomSetup(app.ctx, DoomChoice(seats=["human", "bot"], seed=5))
    app.push(setup)
    for _ in range(3):
        setup.draw(app.screen)
    maps = {setup.content.scenarios[s].map for s in setup.scenario_ids}
    assert sorted(read) == sorted(maps)  # each broken file once
    pygame.event.clear()


def test_a_broken_doom_map_is_read_again_once_it_changed(tmp_path, monkeypatch):
    """The problem is kept with the file's time and size: a repaired file loads at once, a file
    left as it is costs no parse."""
    from pathlib import Path

    from game.doom.rules import board

    parses: list[str] = []
    real = board.load_board
    monkeypatch.setattr(board, "load_board", lambda p: (parses.append(str(p)), real(p))[1])
    path = tmp_path / "room.tmx"
    path.write_text(BROKEN, encoding="utf-8")
    reader = board.MapReader()
    first = reader(str(path))
    assert isinstance(first, MapError) and reader(str(path)) is first and len(parses) == 1
    good = Path(__file__).resolve().parents[1] / "data" / "doom_good_room.tmx"
    path.write_text(good.read_text(encoding="utf-8").replace('source="../../maps/', f'source="{board.ROOT}/maps/'),
                    encoding="utf-8")
    repaired = reader(str(path))
    assert isinstance(repaired, board.DoomMap) and len(parses) == 2
