"""The composed Gears map as pixels: each placed tile's floor art turned and laid where the
rules placed it, then the shared BoardRenderer's overlays (walls, cover, holes) on top.

The rules keep only the placement list (state.placements) and compose the Board from it; the
composition shifts the pieces so nothing lies above or left of the origin, so each piece's
rotation and offset are recovered here from one of its areas (tile area -> composed area).
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pygame

from game.board.model import Board, MapError
from game.ui.assets import Assets
from game.ui.palette import Palette
from game.ui.table.board_render import VOID, BoardRenderer, in_display_format, load_floor
from game.ui.table.camera import Camera

TILES_DIR = Path(__file__).resolve().parents[3] / "maps" / "gears" / "tiles"


def _turn(p, k: int, w, h):
    """Point p of a w x h tile after k clockwise quarter turns (as compose.Placement.map_point)."""
    x, y = p
    for _ in range(k % 4):
        x, y = h - y, x
        w, h = h, w
    return x, y


def piece_transform(tile: Board, board: Board, piece: str) -> tuple[int, tuple[Fraction, Fraction]]:
    """(quarter turns clockwise, offset) that carry `tile` onto piece `piece` of `board`."""
    w, h = tile.pixel_size()
    for area in tile.areas.values():
        placed = board.areas.get(f"{piece}:{area.name}")
        if placed is None or len(area.polygon) < 2:
            continue
        p0, p1 = area.polygon[0], area.polygon[1]
        q0, q1 = placed.polygon[0], placed.polygon[1]
        for k in range(4):
            a, b = _turn(p0, k, w, h), _turn(p1, k, w, h)
            if (b[0] - a[0], b[1] - a[1]) == (q1[0] - q0[0], q1[1] - q0[1]):
                return k, (q0[0] - a[0], q0[1] - a[1])
    raise ValueError(f"piece {piece}: cannot place tile {tile.source} on the composed board")


# Each tile face's floor art, read once per process (issue 19: laying a tile re-read every
# placed tile's .tmx and tileset PNGs, 8-10 ms a tile): (path, modification time) -> surface and
# problem. A file edited while the program runs is read again.
_FLOORS: dict[tuple[str, int], tuple[pygame.Surface, str | None]] = {}


def tile_floor(path: Path, tile: Board) -> tuple[pygame.Surface, str | None]:
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = -1
    key = (str(path), stamp)
    got = _FLOORS.get(key)
    if got is None:
        got = _FLOORS[key] = load_floor(path, tile)
    return got


_TURNED: dict[tuple[pygame.Surface, int], pygame.Surface] = {}  # a face's art turned k quarter turns


def turned_floor(image: pygame.Surface, k: int) -> pygame.Surface:
    """A face's floor art after k clockwise quarter turns, made once per face and turn."""
    if not k % 4:
        return image
    got = _TURNED.get((image, k % 4))
    if got is None:
        got = _TURNED[(image, k % 4)] = pygame.transform.rotate(image, -90 * (k % 4))
    return got


def lay_piece(floor: pygame.Surface, board: Board, piece: str, tile: Board, tiles_dir: Path) -> list[str]:
    """One piece's floor art onto the composed floor where the composition put it; the
    problems (missing art, a piece that cannot be placed) are returned."""
    image, problem = tile_floor(tiles_dir / f"{piece}.tmx", tile)
    problems = [problem] if problem else []
    try:
        k, offset = piece_transform(tile, board, piece)
    except ValueError as exc:
        return problems + [str(exc)]
    floor.blit(turned_floor(image, k), (round(offset[0]), round(offset[1])))
    return problems


def compose_floor(board: Board, tiles: dict[str, Board], tiles_dir: Path = TILES_DIR) -> tuple[pygame.Surface, list[str]]:
    """One floor surface for the composed board; problems (missing art) are returned, not raised."""
    w, h = board.pixel_size()
    floor = in_display_format(pygame.Surface((max(1, w), max(1, h))))
    floor.fill(VOID)
    problems: list[str] = []
    for piece in board.pieces():
        tile = tiles.get(piece)
        if tile is not None:
            problems += lay_piece(floor, board, piece, tile, tiles_dir)
    return floor, problems


def extend_floor(before: Board, floor: pygame.Surface, board: Board, tiles: dict[str, Board],
                 tiles_dir: Path = TILES_DIR) -> tuple[pygame.Surface, list[str]] | None:
    """The floor of `board` from the floor of `before` when `board` is `before` with pieces
    added after its own: the old floor moved by the shift the composition gave every old piece,
    then only the new pieces laid (issue 19: laying a tile composed every placed tile again).
    The same pixels as compose_floor, as the pieces are laid in the same order. None when
    `board` is not such an extension (a piece moved otherwise, a shift of a fraction of a pixel)."""
    old, new = before.pieces(), board.pieces()
    if not old or new[:len(old)] != old or len(new) == len(old):
        return None
    shift = None
    for piece in old:
        tile = tiles.get(piece)
        if tile is None:
            continue
        try:
            k0, (x0, y0) = piece_transform(tile, before, piece)
            k1, (x1, y1) = piece_transform(tile, board, piece)
        except ValueError:
            return None
        d = (x1 - x0, y1 - y0)
        if k0 != k1 or (shift is not None and d != shift) or any(int(v) != v for v in d):
            return None
        shift = d
    w, h = board.pixel_size()
    out = in_display_format(pygame.Surface((max(1, w), max(1, h))))
    at = floor.get_rect(topleft=(int(shift[0]), int(shift[1])) if shift is not None else (0, 0))
    kept = at.clip(out.get_rect())
    # The cloth only where the old floor does not come (it is opaque: blitted, it replaces).
    for band in (pygame.Rect(0, 0, out.get_width(), kept.top), pygame.Rect(0, kept.bottom, out.get_width(), out.get_height() - kept.bottom),
                 pygame.Rect(0, kept.top, kept.left, kept.height), pygame.Rect(kept.right, kept.top, out.get_width() - kept.right, kept.height)):
        if band.width > 0 and band.height > 0:
            out.fill(VOID, band)
    out.blit(floor, at)
    problems: list[str] = []
    for piece in new[len(old):]:
        tile = tiles.get(piece)
        if tile is not None:
            problems += lay_piece(out, board, piece, tile, tiles_dir)
    return out, problems


def piece_tiles(board: Board, loader) -> dict[str, Board]:
    """Each piece of the board as its own tile, for its floor art. The pieces, not the
    placement list: a built map is one placement ("custom") made of several tiles (issue 21:
    it had no floor art). A piece the loader does not know is left to the plain floor."""
    tiles: dict[str, Board] = {}
    for piece in board.pieces():
        if not piece:
            continue
        try:
            tiles[piece] = loader(piece)
        except (KeyError, OSError, ValueError, MapError):
            continue
    return tiles


class MapPainter:
    """A BoardRenderer for the current placement list, rebuilt when a level is explored."""

    def __init__(self, assets: Assets, palette: Palette) -> None:
        self.assets = assets
        self.palette = palette
        self.key: tuple | None = None
        self.renderer: BoardRenderer | None = None
        self.problems: list[str] = []

    def for_state(self, state) -> BoardRenderer:
        key = tuple((p["tile"], p["exit"]) for p in state.placements)
        if key != self.key or self.renderer is None:
            board = state.view().board
            tiles = piece_tiles(board, state.loader)
            grown = None
            if self.renderer is not None and key[:len(self.key or ())] == self.key:
                grown = extend_floor(self.renderer.board, self.renderer.floor, board, tiles)
            if grown is None:
                floor, self.problems = compose_floor(board, tiles)
            else:
                floor, problems = grown
                self.problems = self.problems + problems
            self.renderer = BoardRenderer(board, floor, self.palette, self.assets)
            self.key = key
        self.renderer.set_palette(self.palette)
        return self.renderer

    def buffer(self, renderer: BoardRenderer, camera: Camera) -> pygame.Surface:
        """The map at the camera's zoom (BoardRenderer.buffer_at)."""
        return renderer.buffer_at(camera)
