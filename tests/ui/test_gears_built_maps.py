"""Built maps on the Gears table (issue 21, item 3): a map made in the builder gets its tiles'
floor art, is saved without the empty canvas round it, and the table frames its pieces (Fit
map included) even when an older save kept that margin."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from game.board.builder import Builder, PieceLibrary
from game.board.tmx import load_board
from game.board.tmx_write import save_build
from game.engine.session import Session
from game.gears.rules.title import GearsTitle
from game.ui.gears import floor
from game.ui.table.board_render import VOID
from game.ui.table.camera import Camera, FitCamera
from tests.ui.conftest import click, move

ROOT = Path(__file__).resolve().parents[2]


def _centroid(poly):
    xs, ys = [float(p[0]) for p in poly], [float(p[1]) for p in poly]
    return sum(xs) / len(xs), sum(ys) / len(ys)


def test_a_built_map_gets_every_tiles_floor_art(make_app):
    """The built map is one placement ("custom") made of tiles 1A, 4A and 9B: each piece's
    floor is its tile's art, not the bare floor colour."""
    make_app((320, 200))
    session = Session.start(GearsTitle(custom_dir=ROOT / "maps" / "custom"), "custom:plaza_to_the_pit", seed=1)
    state = session.state
    board = state.view().board
    tiles = floor.piece_tiles(board, state.loader)
    assert set(tiles) == {"1A", "4A", "9B"}
    surface, problems = floor.compose_floor(board, tiles)
    assert problems == []
    for piece in ("1A", "4A", "9B"):
        area = next(a for name, a in board.areas.items() if name.startswith(piece + ":"))
        x, y = _centroid(area.polygon)
        assert tuple(surface.get_at((int(x), int(y))))[:3] != tuple(VOID)[:3], piece


def test_the_builder_saves_the_map_from_its_first_square(tmp_path):
    """Dropped far out on the canvas (x = 2304 px), the saved map still starts at its pieces:
    no empty squares before them, the map as wide as the pieces."""
    lib, _problems = PieceLibrary.for_title("gears", ROOT / "maps")
    b = Builder(lib, "gears")
    first = b.add("1A", 2304, 1024)
    second = b.add("2A", 2304 + 1030, 1024)
    b.move(second, 2304 + 1030, 1024, snap=True)
    x0, y0, x1, y1 = b.bounds()
    assert (x0, y0) == (2304, 1024) and first == "1A"
    out = tmp_path / "custom" / "far.tmx"
    save_build(b, out)
    board = load_board(out)
    bx0, by0, bx1, by1 = board.content_bounds()
    assert (bx0, by0) == (0, 0)
    assert board.pixel_size() == (round(x1 - x0), round(y1 - y0))
    assert b.state.placements[0].x == Fraction(2304)  # the builder's own canvas is not moved


def test_the_camera_frames_the_content_not_the_empty_margin():
    """A map with 2304 px of nothing before its pieces (an older builder save): fit shows the
    pieces whole and centred; panning keeps them on screen."""
    for cam in (Camera((0, 0, 1280, 600), (3840, 1984)), FitCamera((0, 0, 1280, 600), (3840, 1984))):
        cam.content = (2304.0, 1024.0, 3840.0, 1408.0)
        cam.fit()
        left, top = cam.to_screen(2304, 1024)
        right, bottom = cam.to_screen(3840, 1408)
        assert 0 <= left and right <= 1280 and 0 <= top and bottom <= 600
        assert abs((left + right) / 2 - 640) < 1 and abs((top + bottom) / 2 - 300) < 1
        assert (right - left) >= 1280 * 0.6  # framed, not tiny in a corner
        cam.pan(100000, 100000)
        r2, b2 = cam.to_screen(3840, 1408)
        l2, t2 = cam.to_screen(2304, 1024)
        assert l2 < 1280 and t2 < 600 and r2 > 0 and b2 > 0  # still partly on screen


def test_the_table_frames_a_built_map_to_its_pieces(make_app, tmp_path):
    from game.ui.gears.table_scene import GearsTable

    app = make_app((1280, 720))
    session = Session.start(GearsTitle(custom_dir=ROOT / "maps" / "custom"), "custom:plaza_to_the_pit", seed=1)
    table = GearsTable(app.ctx, session, ["human", "bot"], (1280, 720), tmp_path / "t.json", animate=False)
    app.push(table)
    app.run(max_frames=2)
    board = table.state.view().board
    assert table.camera.content == board.content_bounds()
    for _ in range(3):  # zoomed in and panned away first, then the toolbar's Fit map
        table.camera.zoom_at(1, 100, 100)
    table.camera.pan(-900, -400)
    fit = next(rect for rect, _label, what in table.buttons if what == "fit")
    move(fit.center)
    click(fit.center)
    app.run(max_frames=2)
    x0, y0, x1, y1 = board.content_bounds()
    vx, vy, vw, vh = table.camera.view
    (l, t), (r, b) = table.camera.to_screen(x0, y0), table.camera.to_screen(x1, y1)
    assert vx <= l and r <= vx + vw and vy <= t and b <= vy + vh
    assert r - l >= vw * 0.8 or b - t >= vh * 0.8  # fills the view along one side
