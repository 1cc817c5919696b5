"""The builder scene driven by real pygame events (issue: "UI tests drag pieces by posting real
mouse events and assert the placements; rotate and snap are tested")."""
from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.board.builder import PieceLibrary
from game.ui.builder.scene import BuilderScene
from tests.ui.conftest import click, key, move, post

ROOT = Path(__file__).resolve().parents[2]
TILE = ROOT / "maps" / "gears" / "sample_1A.tmx"


@pytest.fixture
def builder_app(config_dir):
    """The real App and loop with the builder as its only scene (the menu is tested apart)."""
    from game import i18n
    from game.ui.app import App

    apps = []

    def make(size=(1280, 720)):
        app = App(size, headless=True)
        pygame.event.clear()
        lib, _ = PieceLibrary.from_paths([TILE])
        s = BuilderScene(app.ctx, app.screen.get_size(), "gears", library=lib)
        app.scenes = [s]
        app.run(max_frames=1)
        apps.append(app)
        return app, s

    yield make
    for app in apps:
        app.close()
    i18n.set_language("en")


@pytest.fixture
def scene(builder_app):
    return builder_app()


def drag(app, start, end, steps=6, button=1):
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=button)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=end, button=button)
    app.run(max_frames=3)


def screen_of(s, mx, my):
    x, y = s.camera.to_screen(mx, my)
    return (round(x), round(y))


def test_drag_from_palette_places_the_piece_where_dropped(scene):
    app, s = scene
    entry = s.palette_entries[0]
    target = s.view_rect.center
    drag(app, entry.rect.center, target)
    (p,) = s.builder.state.placements
    assert p.piece == "1A" and p.rotation == 0
    w, h = s.builder.size_of(p)
    mx, my = s.camera.to_map(*target)
    # the piece's centre is under the drop point, its corner on the tile grid (snap to grid)
    assert abs(float(p.x) + w / 2 - mx) <= 32 and abs(float(p.y) + h / 2 - my) <= 32
    assert p.x % 64 == 0 and p.y % 64 == 0
    assert s.selected == p.name and s.drag is None


def test_drop_near_an_exit_snaps_entrance_onto_it_gears_3_4(scene):
    app, s = scene
    s.builder.add("1A", 1280, 1280)
    first = s.builder.placement("1A")
    s.fit()
    s.camera.zoom_at(-3, *s.view_rect.center)  # room beside the tile to drop the next one
    app.run(max_frames=1)
    w, h = s.builder.size_of(first)
    # drop the second tile so its centre is a little off where the snap puts it
    want = (first.x + 768, first.y + 128)
    target = screen_of(s, float(want[0]) + w / 2 + 40, float(want[1]) + h / 2 - 30)
    drag(app, s.palette_entries[0].rect.center, target)
    second = s.builder.state.placements[-1]
    assert (second.x, second.y, second.rotation) == (want[0], want[1], 0)
    assert len(s.builder.compose_all().joined_connectors()) == 1


def test_a_piece_dragged_onto_a_panel_stays_where_it_was(scene):
    """A placed piece let go over the problems panel was moved there, under the panel (a new
    piece or a thing let go off the table is not placed or moved)."""
    app, s = scene
    s.builder.add("1A", 1280, 1280)
    s.fit()
    app.run(max_frames=1)
    before = s.builder.state
    p = s.builder.placement("1A")
    w, h = s.builder.size_of(p)
    start = screen_of(s, float(p.x) + w / 2, float(p.y) + h / 2)
    for panel in (s.panel_rect, s.palette_rect):
        drag(app, start, panel.center)
        assert s.builder.state == before and s.drag is None


def test_move_a_placed_piece_by_dragging_it(scene):
    app, s = scene
    s.builder.add("1A", 1280, 1280)
    s.fit()
    app.run(max_frames=1)
    p = s.builder.placement("1A")
    start = screen_of(s, float(p.x) + 100, float(p.y) + 100)
    end = (start[0] + round(640 * s.camera.zoom), start[1] + round(256 * s.camera.zoom))
    drag(app, start, end)
    q = s.builder.placement("1A")
    assert (q.x - p.x, q.y - p.y) == (640, 256)
    assert len(s.builder.undo_stack) == 2  # the add and the move


def test_right_click_and_r_rotate_and_ctrl_z_undoes(scene):
    app, s = scene
    s.builder.add("1A", 1280, 1280)
    s.fit()
    app.run(max_frames=1)
    p = s.builder.placement("1A")
    at = screen_of(s, float(p.x) + 380, float(p.y) + 250)
    click(at, button=3)
    app.run(max_frames=2)
    assert s.builder.placement("1A").rotation == 90
    move(at)
    key(pygame.K_r)
    app.run(max_frames=2)
    assert s.builder.placement("1A").rotation == 180
    key(pygame.K_f)
    app.run(max_frames=2)
    assert (s.builder.placement("1A").flip_h, s.builder.placement("1A").flip_v) == (True, False)
    key(pygame.K_z, pygame.KMOD_CTRL)
    key(pygame.K_z, pygame.KMOD_CTRL)
    app.run(max_frames=2)
    assert s.builder.placement("1A").rotation == 90
    key(pygame.K_y, pygame.KMOD_CTRL)
    app.run(max_frames=2)
    assert s.builder.placement("1A").rotation == 180


def test_right_click_while_dragging_turns_the_ghost(scene):
    app, s = scene
    entry = s.palette_entries[0]
    target = s.view_rect.center
    post(pygame.MOUSEMOTION, pos=entry.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=entry.rect.center, button=1)
    post(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=target, button=3)
    post(pygame.MOUSEBUTTONUP, pos=target, button=3)
    post(pygame.MOUSEBUTTONUP, pos=target, button=1)
    app.run(max_frames=3)
    (p,) = s.builder.state.placements
    assert p.rotation == 90


def test_problems_are_listed_and_clicking_one_centres_the_view(scene):
    app, s = scene
    s.builder.add("1A", 1280, 1280)
    s.builder.add("1A", 4000, 3000)
    s.fit()
    app.run(max_frames=2)
    assert s.issue_rows
    rect, issue = next((r, i) for r, i in s.issue_rows if i.at is not None and i.at[0] > 3000)
    click(rect.center)
    app.run(max_frames=2)
    cx, cy = s.camera.to_map(*s.view_rect.center)
    assert abs(cx - issue.at[0]) < 2 and abs(cy - issue.at[1]) < 2


def test_door_key_puts_a_token_on_the_nearest_exit_and_save_writes_a_checked_map(scene, tmp_path):
    from game.board.commands import check_map

    app, s = scene
    s.builder.add("1A", 1280, 1280)
    p = s.builder.placement("1A")
    s.fit()
    app.run(max_frames=1)
    move(screen_of(s, float(p.x) + 760, float(p.y) + 380))
    key(pygame.K_d)
    app.run(max_frames=2)
    assert s.builder.state.doors == {"1A:exit"}
    out = s.save(tmp_path / "one.tmx")
    assert out is not None and check_map(str(out)) == []


def test_menu_entry_opens_the_builder(make_app):
    from game.ui.menu import MainMenu

    try:
        from game.ui.games import saved_game

        saved_game()
    except ImportError as exc:  # the menu's game entries are being written by another helper
        pytest.skip(f"menu not importable yet: {exc}")

    app = make_app((1280, 720))
    assert isinstance(app.top, MainMenu)
    button = next(b for b in app.top.buttons if b.label == "Build a map")
    click(button.rect.center)
    app.run(max_frames=2)
    assert isinstance(app.top, BuilderScene) and app.top.palette_entries


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_builder_renders_at_common_sizes(builder_app, size, tmp_path):
    app, s = builder_app(size)
    s.builder.add("1A", 1280, 1280)
    s.builder.add("1A", 2050, 1400)
    s.fit()
    app.run(max_frames=2)
    pygame.image.save(app.screen, str(tmp_path / "builder.png"))
    # the toolbar buttons never overlap each other
    rects = [b.rect for b in s.buttons]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert all(r.right <= size[0] for r in rects)


def test_menu_with_unsaved_work_asks_first_and_a_saved_map_leaves_at_once(scene, tmp_path):
    """Issue 21 item 3: the builder warns before Menu throws away unsaved work: the first Esc
    or Menu says so and stays, the second leaves; after a save one press leaves; an edit after
    the warning warns again."""
    app, s = scene
    s.builder.add("1A", 1280, 1280)
    assert s.unsaved()
    key(pygame.K_ESCAPE)
    app.run(max_frames=1)
    assert app.scenes == [s] and "unsaved changes" in s.status
    s.builder.rotate("1A")  # an edit after the warning: asked again
    assert s.press("menu") is None and app.scenes == [s]
    assert s.press("menu") is not None  # asked twice: leaves
    s._leaving = None
    assert s.save(tmp_path / "kept.tmx") is not None and not s.unsaved()
    assert s.press("menu") is not None  # saved: leaves at once


def test_a_saved_map_reopens_in_the_builder_from_the_map_list(make_app, tmp_path):
    """Issue 21 item 3: a map saved by the builder can be reopened there: Open a map, choose it,
    E; the builder holds the same pieces, and leaving it at once asks nothing."""
    from game.ui.maplist import MapList

    app = make_app((1280, 720))
    custom = app.ctx.maps_dir / "custom"
    custom.mkdir(parents=True, exist_ok=True)
    first = BuilderScene(app.ctx, app.screen.get_size(), "gears")  # the real tiles, as a player builds
    first.builder.add("1A", 1280, 1280)
    saved = first.save(custom / "reopen_me.tmx")
    assert saved is not None
    try:
        listing = MapList(app.ctx)
        app.push(listing)
        app.run(max_frames=1)
        listing.selected = listing.maps.index(saved)
        key(pygame.K_e)
        app.run(max_frames=1)
        again = app.top
        assert isinstance(again, BuilderScene) and again.path == saved
        assert [p.piece for p in again.builder.state.placements] == ["1A"] and not again.unsaved()
    finally:
        for f in custom.glob("reopen_me.*"):  # the shipped maps folder is left as it was
            f.unlink()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_builder_leaves_nothing_of_the_screen_before_it(builder_app, size):
    """Opened from the menu, the builder left the menu's pixels in the strips around its
    problems panel's rounded edges (words peeking between the toolbar and the panel, marks at
    its left edge). Whatever was on the screen before, a drawn frame shows none of it."""
    app, s = builder_app(size)
    stale = (255, 0, 255)
    app.screen.fill(stale)
    s.draw(app.screen)
    w, h = size
    left = [(x, y) for x in range(w) for y in range(0, h, 7) if app.screen.get_at((x, y))[:3] == stale]
    assert not left, left[:5]


def test_the_panel_counts_one_piece_in_the_singular(builder_app, drawn_text):
    """The problems panel's count read "1 pieces" with one tile laid."""
    app, s = builder_app()
    s.builder.add("1A", 1280, 1280)
    drawn_text.clear()
    s.draw(app.screen)
    assert any(t.startswith("1 piece") and not t.startswith("1 pieces") for t in drawn_text), list(drawn_text)[:8]
    s.builder.add("1A", 2050, 1400)
    drawn_text.clear()
    s.draw(app.screen)
    assert any(t.startswith("2 pieces") for t in drawn_text)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_no_problems_is_said_whole(builder_app, drawn_text, size):
    """A map with no problems: the panel says so in full; at 1280x720 it read "No problems:
    ready to save and..." (cut at the panel's width)."""
    app, s = builder_app(size)
    s.builder.add("1A", 1280, 1280)
    p = s.builder.placement("1A")
    s.fit()
    app.run(max_frames=1)
    move(screen_of(s, float(p.x) + 760, float(p.y) + 380))
    key(pygame.K_d)  # a door token on the exit: the one problem left
    app.run(max_frames=2)
    assert not s.validation().issues
    drawn_text.clear()
    s.draw(app.screen)
    said = " ".join(t for t in drawn_text if t.strip())
    assert "No problems: ready to save and play" in said, said


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_gears_tile_is_named_whole_in_the_palette(config_dir, tmp_path, size):
    """The palette cut Gears tile names to one line beside the id: "1A Fountai…", "2B Collaps…"
    and "3A Collaps…" (two Collapsed tiles) at 1280x720. Each name now shows whole on up to two
    lines under its thumbnail, as the Doom pieces' do, the id on the thumbnail's corner, every
    line inside its entry."""
    from game.ui.builder.draw import palette_name
    from tests.ui.conftest import builder_in, frame_texts

    maps = tmp_path / "maps"
    (maps / "custom").mkdir(parents=True)
    (maps / "gears").symlink_to(ROOT / "maps" / "gears")
    (maps / "tilesets").symlink_to(ROOT / "maps" / "tilesets")
    with builder_in(maps, "gears", "en", size) as (a, s):
        lib = s.builder.library
        seen = [e for e in s.palette_entries if s.palette_rect.contains(e.rect)]
        assert len(seen) >= 8
        checked = set()  # the whole palette, half a palette's height at a time
        while True:
            drawn = frame_texts(a)
            for e in [e for e in s.palette_entries if s.palette_rect.contains(e.rect)]:
                name = lib[e.key].name
                fitted = palette_name(s, name, e.rect.width - a.ctx.px(12))
                assert fitted.fits, name
                for line in (e.key, *fitted.lines):
                    rects = [r for t, r, _s in drawn if t == line and e.rect.contains(r)]
                    assert rects, (name, line)
                assert not any(t.endswith("\u2026") for t, r, _s in drawn if e.rect.contains(r)), name
                checked.add(e.key)
            if s.palette_entries[-1].rect.bottom <= s.palette_rect.bottom:
                break
            s.palette_scroll += s.palette_rect.height // 2
            s._layout_palette()
        assert checked == {e.key for e in s.palette_entries}


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_problems_are_counted_in_words_without_the_checks_time(config_dir, tmp_path, lang, size):
    """The panel's heading read "Problems  (1 / 0)" with "3 ms" beside it: two numbers a player
    cannot read and the time the check took. Now the counts say what they are, whole, beside
    the heading or under it, and no time is shown."""
    from tests.ui.conftest import builder_in, frame_texts

    with builder_in(tmp_path, "gears", lang, size) as (app, s):
        s.builder = type(s.builder)(PieceLibrary.for_title("gears", ROOT / "maps")[0], "gears")
        s.builder.add("1A", 1280, 1280)
        s.builder.add("2A", 2400, 1280, snap=False)
        v = s.validation()
        assert v.errors and len(v.issues) > len(v.errors)
        got = frame_texts(app)
        texts = [t for t, _r, _s in got]
        assert not [t for t in texts if re.fullmatch(r"\d+ ms", t) or re.search(r"\(\d+ / \d+\)", t)], texts
        from game.i18n import _
        fix = _("{n} to fix").format(n=len(v.errors))
        check = _("{n} to check").format(n=len(v.issues) - len(v.errors))
        counts = next((t, r) for t, r, _s in got if fix in t)
        assert check in counts[0] and "\u2026" not in counts[0]
        head = next(r for t, r, _s in got if t == _("Problems"))
        assert s.panel_rect.contains(counts[1]) and not counts[1].colliderect(head)


def test_the_door_button_puts_the_token_on_the_selected_tiles_exit_and_says_so(config_dir, tmp_path):
    """1A and 2A joined, 2A selected, the Door button pressed: the token went on the joint at
    2A's entrance (1A's exit, as near 2A's centre as its own), the problem "Exit (2A) has
    neither a next tile nor a door token" stayed, and nothing said where the token went."""
    from tests.ui.conftest import builder_in

    with builder_in(tmp_path, "gears", "en") as (app, s):
        s.builder = type(s.builder)(PieceLibrary.for_title("gears", ROOT / "maps")[0], "gears")
        s.builder.add("1A", 1280, 1280)
        two = s.builder.add("2A", 1792, 1280)  # joined at 1A's exit
        assert any(i.kind == "exit_without_door" for i in s.validation().issues)
        s.selected = two
        s._make_buttons()
        door = next(b for b in s.buttons if b.key == "door")
        click(door.rect.center)
        app.run(max_frames=2)
        assert s.builder.state.doors == {f"{two}:exit"}
        assert not s.validation().issues
        assert s.status == "Door token on Exit (2A)"
        click(door.rect.center)
        app.run(max_frames=2)
        assert not s.builder.state.doors and s.status == "Door token taken off Exit (2A)"


def test_the_selected_piece_is_described_without_map_pixels(builder_app, drawn_text):
    """The selected tile's line read "turned 0°  ·  x 2304, y 1600": the map position in pixels."""
    app, s = builder_app()
    s.builder.add("1A", 2304, 1600)
    s.selected = "1A"
    drawn_text.clear()
    s.draw(app.screen)
    assert "turned 0\u00b0" in drawn_text, list(drawn_text)
    assert not [t for t in drawn_text if re.search(r"\bx \d+, y \d+", t)], list(drawn_text)
