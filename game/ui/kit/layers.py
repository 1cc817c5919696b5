"""Parts of a table frame drawn once per change and blitted from a copy in between (issue 19:
every frame drew the whole map, its highlights and every card face again, though a frame mostly
differs from the last by a figure sliding or the pointer over another button).

A `Layer` is one region of the screen with the key of everything its drawing reads (the state's
version, the camera, the choices, what is hovered...). When the key is the last one, the region
is blitted from the copy taken after the last drawing; else it is drawn in place, over what lies
beneath it this frame, and copied. Drawn in place and copied, not drawn offscreen: the pixels are
the ones drawing directly gives (alpha blended onto the same background), so a cached frame
looks exactly like a drawn one. The caller draws what lies beneath first, the same every time
for a key (a flat strip fill; nothing, for an opaque map view).
"""
from __future__ import annotations

from typing import Any, Callable

import pygame


class Layer:
    painted = 0  # drawings (not copies) by any layer: a frame drawn in part can tell it missed one
    # While a frame is drawn in part (GameTable.draw_moving) because a part of it changed only
    # inside the rectangles drawn again (the hovered area's glow): the layers whose key changed
    # there, with their new key. Such a layer is painted under the clip and its copy patched
    # there; the new key is its own once every rectangle is drawn (`patched`).
    patching: list[tuple["Layer", Any]] | None = None

    def __init__(self) -> None:
        self.key: Any = None
        self.image: pygame.Surface | None = None
        self.extra: Any = None  # what the drawing returned (the rects it laid out), given back on a hit
        self.drawn = 0  # times drawn, not copied (a test or benchmark can tell a hit from a miss)
        self._spare: pygame.Surface | None = None  # the last copy's surface, blitted into again (_copy)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, key: Any, paint: Callable[[pygame.Surface], Any]) -> Any:
        """Draw `rect` of `surface` by `paint(surface)` when `key` changed, else from the copy;
        returns what `paint` returned when it last ran."""
        area = rect.clip(surface.get_rect())
        key = (key, tuple(area), surface.get_size())
        if self.image is not None and key == self.key:
            surface.blit(self.image, area)
            return self.extra
        if self.image is not None and Layer.patching is not None and key[1:] == self.key[1:]:
            return self._patch(surface, area, key, paint)
        self.extra = paint(surface)
        Layer.painted += 1
        self.drawn += 1
        if not surface.get_clip().contains(area):
            # Drawn under a clip (a frame that redraws only what moved, GameTable.draw_moving):
            # the copy would keep the last frame's pixels outside it. None kept: drawn again next.
            self.key, self.image = None, None
            return self.extra
        self.image = self._copy(surface, area) if area.width and area.height else None
        self.key = key
        return self.extra

    def _copy(self, surface: pygame.Surface, area: pygame.Rect) -> pygame.Surface:
        """A copy of `area` of `surface`: blitted into the surface of the last copy when it has
        that size (a new copy of a strip or of the map's view cost its allocation each time it
        was painted again, issue 19); an opaque blit onto an opaque surface copies the pixels."""
        spare = self.image if self.image is not None else self._spare
        if spare is not None and spare.get_size() == area.size and not surface.get_flags() & pygame.SRCALPHA \
                and spare.get_bitsize() == surface.get_bitsize() and spare.get_masks() == surface.get_masks():
            spare.blit(surface, (0, 0), area)
            copy = spare
        else:
            copy = surface.subsurface(area).copy()
        self._spare = copy
        return copy

    def draw_down(self, surface: pygame.Surface, left: int, top: int, width: int, key: Any,
                  paint: Callable[[pygame.Surface], tuple[int, Any]]) -> tuple[int, Any]:
        """A region whose height its drawing decides (a side-panel section: its words wrapped
        to the width), from `top` down, `width` wide from `left`: while `key` (with the place)
        is the last one, blitted from the copy and its bottom given back without laying anything
        out, so what lies below it can be placed; else `paint(surface)` draws it in place over
        what lies beneath (the caller drew that first) and returns (bottom, extra), and the copy
        is taken of (left, top, width, bottom - top). Returns (bottom, extra). Drawn under a clip
        that cuts the region, no copy is kept (drawn again next time)."""
        key = (key, left, top, width, surface.get_size())
        if self.image is not None and key == self.key:
            surface.blit(self.image, self.extra[2])
            return self.extra[0], self.extra[1]
        bottom, extra = paint(surface)
        Layer.painted += 1
        self.drawn += 1
        area = pygame.Rect(left, top, width, max(0, bottom - top)).clip(surface.get_rect())
        if not area.width or not area.height or not surface.get_clip().contains(area):
            self.key, self.image, self.extra = None, None, None
            return bottom, extra
        self.image = self._copy(surface, area)
        self.key, self.extra = key, (bottom, extra, area.topleft)
        return bottom, extra

    def hits(self, left: int, top: int, width: int, size: tuple[int, int], key: Any) -> int | None:
        """The bottom `draw_down` would give back from its copy for this key and place, without
        drawing; None when it would draw."""
        if self.image is not None and (key, left, top, width, size) == self.key:
            return self.extra[0]
        return None

    def draw_below(self, surface: pygame.Surface, rect: pygame.Rect, key: Any, top: int,
                   paint: Callable[[pygame.Surface], Any]) -> Any:
        """Drawn again from `top` down only, when the caller knows nothing above `top` changed
        (the side panel's sections above the first whose key changed): `paint(surface)` under
        that clip, over what the caller drew beneath there, and the copy patched there; the
        region's key is then `key`. Returns what `paint` returned. The caller checks `below`
        first."""
        area = rect.clip(surface.get_rect())
        part = pygame.Rect(area.left, top, area.width, area.bottom - top).clip(area)
        clip = surface.get_clip()
        surface.set_clip(part.clip(clip))
        try:
            self.extra = paint(surface)
        finally:
            surface.set_clip(clip)
        Layer.painted += 1
        self.drawn += 1
        assert self.image is not None
        self.image.blit(surface, (part.x - area.x, part.y - area.y), part)
        self.key = (key, tuple(area), surface.get_size())
        return self.extra

    def below(self, surface: pygame.Surface, rect: pygame.Rect, clipped: bool = True) -> bool:
        """A copy of this very region is kept (draw_below may patch it), and the surface's clip
        holds the region (unless `clipped` is False: the caller sets the clip)."""
        area = rect.clip(surface.get_rect())
        return self.image is not None and self.key is not None and self.key[1:] == (tuple(area), surface.get_size()) \
            and (not clipped or surface.get_clip().contains(area))

    def _patch(self, surface: pygame.Surface, area: pygame.Rect, key: Any, paint: Callable[[pygame.Surface], Any]) -> Any:
        """Painted under the surface's clip, and the copy made the same there: the caller drew
        in part because nothing the key names changed outside the clip."""
        assert self.image is not None and Layer.patching is not None
        self.extra = paint(surface)
        part = surface.get_clip().clip(area)
        self.image.blit(surface, (part.x - area.x, part.y - area.y), part)
        if all(layer is not self for layer, _k in Layer.patching):
            Layer.patching.append((self, key))
        return self.extra

    @staticmethod
    def patched() -> None:
        """The frame drawn in part is done: each patched layer's copy is of its new key."""
        for layer, key in Layer.patching or ():
            layer.key = key
        Layer.patching = None

    def rekey(self, key: Any) -> None:
        """The key of the copy just drawn, when the drawing itself told what it showed (which
        button the pointer is over is known only once the buttons are laid out)."""
        if self.key is not None:
            self.key = (key,) + self.key[1:]

    def forget(self) -> None:
        self.key, self.image, self.extra = None, None, None


def outline(surface: pygame.Surface, colour, rect: pygame.Rect, width: int) -> None:
    """A rectangle's border, `width` pixels inside it: pygame.draw.rect(surface, colour, rect,
    width) on a surface that holds the whole rectangle, drawn as four fills, so the same pixels
    under any clip. (pygame.draw.rect with a width and no border radius is not: under a clip that
    cuts the rectangle it may draw a border where the cut is; a frame drawn in part, clipped to
    what moved, showed a border across a tile.)"""
    r = pygame.Rect(rect)
    r.normalize()
    if not r.width or not r.height:
        return
    if width < 1 or 2 * width >= min(r.width, r.height):
        surface.fill(colour, r)  # as thick as the rectangle: filled, as draw.rect does
        return
    surface.fill(colour, (r.left, r.top, r.width, width))
    surface.fill(colour, (r.left, r.bottom - width, r.width, width))
    surface.fill(colour, (r.left, r.top + width, width, r.height - 2 * width))
    surface.fill(colour, (r.right - width, r.top + width, width, r.height - 2 * width))
