"""Piece images for the builder: each piece drawn once per zoom step by the table's own
BoardRenderer (floor art plus overlays), then turned and mirrored per placement, and small
thumbnails for the palette. Cached, since dragging redraws every frame."""
from __future__ import annotations

import pygame

from game.board.builder import BuildPlacement, PieceInfo
from game.ui.scene import Context
from game.ui.table.board_render import BoardRenderer, load_floor


class PieceSprites:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._renderers: dict[str, BoardRenderer] = {}
        self._turned: dict[tuple, pygame.Surface] = {}
        self._thumbs: dict[tuple, pygame.Surface] = {}
        self.notices: list[str] = []

    def renderer(self, info: PieceInfo) -> BoardRenderer:
        r = self._renderers.get(info.key)
        if r is None:
            floor, problem = load_floor(info.path, info.board)
            if problem:
                self.notices.append(problem)
            r = BoardRenderer(info.board, floor, self.ctx.palette, self.ctx.assets)
            self._renderers[info.key] = r
        return r

    def image(self, info: PieceInfo, p: BuildPlacement, zoom_index: int) -> pygame.Surface:
        key = (info.key, zoom_index, p.rotation, p.flip_h, p.flip_v)
        img = self._turned.get(key)
        if img is None:
            img = self.renderer(info).buffer(zoom_index).copy()
            # Outside its floor a piece is see-through, so pieces that touch do not hide each
            # other: the colour of an empty spot of the buffer (the overlays tint VOID) is keyed.
            spot = _empty_spot(info)
            if spot is not None:
                z = img.get_width() / max(1, info.board.pixel_size()[0])
                img.set_colorkey(img.get_at((min(img.get_width() - 1, int(spot[0] * z)), min(img.get_height() - 1, int(spot[1] * z)))))
            if p.flip_h or p.flip_v:
                img = pygame.transform.flip(img, p.flip_h, p.flip_v)
            if p.rotation:
                img = pygame.transform.rotate(img, -p.rotation)  # pygame turns anticlockwise
            if len(self._turned) > 96:
                self._turned.clear()
            self._turned[key] = img
        return img

    def thumb(self, info: PieceInfo, box: tuple[int, int]) -> pygame.Surface:
        key = (info.key, box)
        img = self._thumbs.get(key)
        if img is None:
            r = self.renderer(info)
            src = r.buffer(0)  # the smallest zoom step already has the overlays
            w, h = src.get_size()
            k = min(box[0] / w, box[1] / h)
            img = pygame.transform.smoothscale(src, (max(1, int(w * k)), max(1, int(h * k))))
            self._thumbs[key] = img
        return img

    def set_palette(self) -> None:
        for r in self._renderers.values():
            r.set_palette(self.ctx.palette)
        self._turned.clear()
        self._thumbs.clear()


def _empty_spot(info: PieceInfo) -> tuple[float, float] | None:
    """A point of the piece's rectangle away from its floor, or None if the floor fills it."""
    from fractions import Fraction

    from game.board.checks import point_in_polygon

    b = info.board
    tw, th = b.tile_width, b.tile_height
    for r in range(b.height):
        for c in range(b.width):
            if b.grid is not None:
                if all((c + dc, r + dr) not in b.grid.floor for dc in (-1, 0, 1) for dr in (-1, 0, 1)):
                    return ((c + 0.5) * tw, (r + 0.5) * th)
            else:
                centre = (Fraction(2 * c + 1, 2) * tw, Fraction(2 * r + 1, 2) * th)
                if all(point_in_polygon(centre, a.polygon) < 0 for a in b.areas.values()):
                    return (float(centre[0]), float(centre[1]))
    return None
