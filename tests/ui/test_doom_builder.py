"""Issue 13 item 6 through the real loop: a Doom map built from two pieces, a door, a prop, the
start zone, the objective and a figure tagged for 2+ marines placed by dragging from the Things
palette, saved with Ctrl+S, then picked on the Doom set-up screen and played."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.builder.scene import BuilderScene
from tests.ui.conftest import builder_in, click, frame_texts, key, move, post

ROOT = Path(__file__).resolve().parents[2]


def drag(app, start, end, steps=6):
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.run(max_frames=3)


def do_click(app, pos) -> None:
    move(pos)
    click(pos)
    app.run(max_frames=2)


def doom_builder(maps_dir: Path, language: str, size=(1280, 720)):
    """A Doom map builder in `language` in an App of its own (closed after)."""
    return builder_in(maps_dir, "doom", language, size)


@pytest.fixture
def maps_dir(tmp_path) -> Path:
    """A maps folder of its own (the builder saves under maps/custom): the shipped Doom pieces
    and tilesets, an empty custom folder."""
    d = tmp_path / "maps"
    (d / "custom").mkdir(parents=True)
    (d / "doom").symlink_to(ROOT / "maps" / "doom")
    (d / "tilesets").symlink_to(ROOT / "maps" / "tilesets")
    return d


@pytest.fixture
def app(config_dir, maps_dir):
    from game import i18n
    from game.ui.app import App

    a = App((1920, 1080), headless=True, maps_dir=maps_dir)
    pygame.event.clear()
    a.run(max_frames=1)
    yield a
    a.close()
    i18n.set_language("en")


def test_build_a_doom_map_by_drag_save_it_and_play_it_from_the_set_up_screen(app, maps_dir):
    from game.doom.rules.title import DoomTitle
    from game.engine.session import Session
    from game.ui.doom.setup_scene import DoomSetup

    s = BuilderScene(app.ctx, app.screen.get_size(), "doom")
    app.scenes = [s]
    s.center_on((1600, 1400))
    app.run(max_frames=1)

    def at(mx, my):
        x, y = s.camera.to_screen(mx, my)
        assert s.view_rect.collidepoint(x, y)
        return (round(x), round(y))

    def entry(key_: str):
        return next(e for e in s.palette_entries if e.key == key_).rect.center

    # The start room (4x4 squares) with its corner on square 20,20; the corridor dropped near
    # its east connector snaps onto it (doom 9.2): squares 24-29 x 21-22.
    drag(app, entry("start_room"), at(1280 + 128, 1280 + 128))
    drag(app, entry("corridor_straight"), at(1536 + 200, 1344 + 80))
    room, corridor = s.builder.state.placements
    assert (room.x, room.y) == (1280, 1280) and (corridor.x, corridor.y) == (1536, 1344)

    do_click(app, s.tab_rects["things"].center)
    assert s.palette_tab == "things"

    def thing(key_: str):
        rect = next(t for t in s.thing_entries if t.key == key_).rect
        assert s.palette_rect.contains(rect)
        return rect.center

    def square(c, r):
        return at(c * 64 + 32, r * 64 + 32)

    drag(app, thing("door"), at(24 * 64 + 3, 22 * 64 + 20))  # on the joint, x = 24, rows 21-22
    drag(app, thing("barrel"), square(27, 21))
    drag(app, thing("start"), square(21, 21))
    drag(app, thing("objective"), square(28, 22))
    drag(app, thing("barrel"), square(19, 19))  # off the floor: refused, and the status says why
    assert "floor square" in s.status
    do_click(app, thing("tag"))
    assert s.figure_tag == 2
    drag(app, thing("figure:zombie"), square(23, 23))
    items = {i.kind: i for i in s.builder.state.items}
    assert set(items) == {"door", "prop", "start", "objective", "figure"}
    assert (items["door"].cell, items["door"].vertical) == ((24, 22), True)
    assert items["figure"].min_marines == 2 and items["figure"].cell == (23, 23)

    # A placed thing is picked up and moved, and Delete takes one away.
    drag(app, square(27, 21), square(26, 22))
    assert s.builder.item("prop_1").cell == (26, 22)
    drag(app, thing("hazard"), square(25, 21))
    assert s.selected_item == "prop_2"
    key(pygame.K_DELETE)
    app.run(max_frames=1)
    assert [i.name for i in s.builder.state.items if i.kind == "prop"] == ["prop_1"]
    assert s.builder.validate().errors == []

    key(pygame.K_s, pygame.KMOD_CTRL)  # the map has no name yet: Save asks for one first
    app.run(max_frames=2)
    post(pygame.TEXTINPUT, text="Custom map 1")
    key(pygame.K_RETURN)
    app.run(max_frames=2)
    saved = maps_dir / "custom" / "custom_map_1.tmx"
    assert saved.is_file() and s.status.startswith("Saved")

    setup = DoomSetup(app.ctx)
    app.scenes = [setup]
    app.run(max_frames=2)
    hit = next(r for r, w in setup.hits if w == "custom:custom_map_1")
    do_click(app, hit.center)
    assert setup.choice.scenario == "custom:custom_map_1"
    do_click(app, next(r for r, w in setup.hits if w == "add").center)  # two marines
    assert setup.choice.marines == 2
    do_click(app, next(r for r, w in setup.hits if w == "start").center)
    table = app.top
    state = table.session.state
    assert state.scenario == "custom:custom_map_1" and len(state.seats) == 2
    (door,) = state.map.doors.values()
    # The map is saved from its first square (tmx_write.at_origin): the builder's squares less
    # the pieces' top-left corner, in whole squares.
    x0, y0, _x1, _y1 = s.builder.bounds()
    ox, oy = int(x0 // 64), int(y0 // 64)

    def at(c):
        return (c[0] - ox, c[1] - oy)

    assert door.edges == frozenset({(at((24, 21)), at((24, 22))), (at((24, 22)), at((24, 23)))}) and door.name in state.closed
    assert state.map.area_of[at((28, 22))] == state.content.scenarios[state.scenario].win_area
    assert [(i.monster, i.cells) for i in state.invaders.values()] == [("zombie", [at((23, 23))])]  # spec 9.2: 2+ marines
    assert any(m.kind == "barrel" and m.cell == at((26, 22)) for m in state.map.props)
    one = Session.start(DoomTitle(custom_dir=maps_dir / "custom"), "custom:custom_map_1", seed=1, options={"marines": 1})
    assert one.state.invaders == {}  # with one marine the zombie stays in the box


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_every_doom_piece_is_named_whole_in_the_palette_at_1280x720(config_dir, maps_dir, language):
    """The palette cut each Doom piece's name to one line: four entries read "Corridor…" alike
    (seen in the builder at 1280x720). Each name now shows whole on up to two lines (three for
    the Greek 'P1 Ως τα γόνατα στους νεκρούς'), the thumbnail above it, both inside the entry."""
    from game.ui.builder.draw import palette_name, piece_name

    with doom_builder(maps_dir, language) as (a, s):
        drawn = [t for t, _r, _s in frame_texts(a)]
        assert "Doom" in drawn and "DOOM" not in drawn  # the title as the menu names it
        lib = s.builder.library
        seen = [e for e in s.palette_entries if s.palette_rect.contains(e.rect)]
        assert len(seen) >= 8
        for e in seen:
            name = piece_name(lib[e.key])  # in the reader's language
            fitted = palette_name(s, name, e.rect.width - a.ctx.px(12))
            assert fitted.fits, name
            assert all(line in drawn for line in fitted.lines), name
            assert not any(t.endswith("\u2026") and name.startswith(t[:-1]) for t in drawn), name


def test_the_things_and_the_chosen_piece_read_as_names(app):
    """The Things tab listed 'shells/bullets', 'energy cells' in lower case beside 'Armour' and
    'Medikit' (an ammo's name is lower case for its sentences); a chosen piece was headed by its
    file's name, 'corridor_straight — Corri…'. Each thing's label starts with a capital, and a
    chosen piece is headed by its name, whole."""
    s = BuilderScene(app.ctx, app.screen.get_size(), "doom")
    app.scenes = [s]
    s.center_on((1600, 1400))
    app.run(max_frames=1)
    labels = [t.label for t in s.things()]
    assert "Shells/bullets" in labels and all(label[:1] == label[:1].upper() for label in labels)
    start = next(e for e in s.palette_entries if e.key == "corridor_straight").rect.center
    drag(app, start, s.view_rect.center)
    assert s.target() is not None
    drawn = [t for t, _r, _s in frame_texts(app)]
    assert "Corridor, straight" in drawn and not any("corridor_straight" in t for t in drawn)


@pytest.mark.parametrize("language", ["hu", "el"])
def test_the_things_palette_speaks_the_readers_language_whole(config_dir, maps_dir, language):
    """In Hungarian the Things tab named ammo, items and monsters in English ('Shells/bullets',
    'Zombie', 'Hell knight': the data's names, not the table's words) and cut both teleporters
    to 'Teleporthely (pi…' and 'Teleporthely (k…'. Now each thing is named as the Doom table
    names it, and a label takes a smaller size, then two lines, before it is cut."""
    from game import i18n
    from game.doom.rules.names import lookup

    with doom_builder(maps_dir, language) as (a, s):
        a.run(max_frames=1)
        move(s.tab_rects["things"].center)
        click(s.tab_rects["things"].center)
        a.run(max_frames=1)
        assert s.palette_tab == "things"
        labels = {t.value: t.label for t in s.things()}
        zombie = lookup("doom.monster", "zombie", i18n._)
        assert labels["zombie"] == zombie[:1].upper() + zombie[1:] and zombie != "Zombie"
        assert labels["equipment:shells"] != "Shells/bullets" and labels["equipment:shells"][:1].isupper()
        drawn = [(t, r.center) for t, r, _s in frame_texts(a, frames=2)]
        rows = [te for te in s.thing_entries if te.thing is not None and s.palette_rect.contains(te.rect)]
        assert len(rows) > 20
        for te in rows:
            inside = [t for t, pos in drawn if te.rect.collidepoint(pos)]
            assert inside and not any(t.endswith("\u2026") for t in inside), (te.thing.label, inside)


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_a_map_without_a_name_is_named_before_it_is_saved(config_dir, maps_dir, language):
    """The Doom builder had no name field: every Doom map was saved as custom_map.tmx, the next
    one asked to replace it. Save on a map with the default name now says why it waits and
    takes the name typed there (the keys typed are the name's, not R to rotate or D for a door);
    Enter saves the map under it, and a click on the name renames it later."""
    from game import i18n

    with builder_in(maps_dir, "doom", language, (1280, 720)) as (a, s):
        s.builder.add("start_room", 1280, 1280)
        before = s.builder.state
        key(pygame.K_s, pygame.KMOD_CTRL)
        a.run(max_frames=2)
        assert s.naming == "" and s.status == i18n._("Name the map before saving it: type a name, then press Enter")
        assert not list((maps_dir / "custom").iterdir())
        texts = [t for t, _r, _s in frame_texts(a)]
        assert i18n._("Type the map's name") in texts and any(s.status.startswith(t) for t in texts if len(t) > 8)
        for ch in "Red door":
            post(pygame.TEXTINPUT, text=ch)
            key(getattr(pygame, "K_" + ch.lower()) if ch != " " else pygame.K_SPACE)
        a.run(max_frames=2)
        assert s.naming == "Red door" and s.builder.state.placements == before.placements
        key(pygame.K_RETURN)
        a.run(max_frames=2)
        assert (maps_dir / "custom" / "red_door.tmx").is_file() and s.naming is None
        assert s.map_name() == "Red door" and "red_door.tmx" in s.status

        # A click on the name renames the map; Esc leaves the name as it was.
        click(s.name_rect.center)
        a.run(max_frames=2)
        assert s.naming == "Red door"
        post(pygame.TEXTINPUT, text="x")
        key(pygame.K_ESCAPE)
        a.run(max_frames=2)
        assert s.naming is None and s.map_name() == "Red door"


def test_the_doom_builders_help_lists_only_what_the_doom_builder_does(config_dir, maps_dir):
    """F1 in the Doom builder listed Tab (the other face of a double-sided tile), D as a door
    token on the nearest exit and M for the Mission panel: Gears' keys, none of them Doom's."""
    with builder_in(maps_dir, "doom", "en", (1280, 720)) as (_a, s):
        keys = dict(s.shortcuts())
        assert "Tab" not in keys and "M" not in keys and keys["D"] == "Door on the edge nearest the pointer"
    with builder_in(maps_dir, "gears", "en", (1280, 720)) as (_a, s):
        keys = dict(s.shortcuts())
        assert {"Tab", "M"} <= keys.keys() and keys["D"] == "Door token on the nearest exit"


def test_the_palette_heading_names_what_it_counts(config_dir, maps_dir):
    """On the Things tab the palette's heading read "Map pieces" beside the count of things."""
    with builder_in(maps_dir, "doom", "en", (1280, 720)) as (a, s):
        s.set_palette_tab("things")
        texts = [t for t, _r, _s in frame_texts(a)]
        assert "Things" in texts and "Map pieces" not in texts
        s.set_palette_tab("pieces")
        assert "Map pieces" in [t for t, _r, _s in frame_texts(a)]


def test_the_door_button_shows_the_doors_to_drag(app):
    """The toolbar's Door button could not place a door (the pointer is on the button, not on an
    edge) and said only 'Point at an edge…': it opens the Things tab, with its doors, and says
    how to place one."""
    s = BuilderScene(app.ctx, app.screen.get_size(), "doom")
    app.scenes = [s]
    app.run(max_frames=1)
    assert s.palette_tab == "pieces"
    button = next(b for b in s.buttons if b.key == "door")
    do_click(app, button.rect.center)
    assert s.palette_tab == "things" and any(t.key == "door" for t in s.thing_entries)
    assert "Things" in s.status and "D" in s.status
    drawn = " ".join(t for t, _r, _s in frame_texts(app))
    assert " ".join(s.status.split()) in " ".join(drawn.split())  # said whole in the side panel
