"""The board as pixels: floor art from the Tiled tile layers plus vector overlays from the Board.

Rendered once per zoom step into a converted buffer (pyscroll style) so a frame is one blit of
the visible part. Only the buffers of the last few zoom steps are kept.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from pathlib import Path

import pygame

from game.board.model import Board
from game.engine.text import M
from game.ui.assets import Assets
from game.ui.palette import Palette
from game.ui.table.camera import ZOOM_LEVELS

KEEP_BUFFERS = 4
ART_SQUARE = 64  # assets/board/board.toml: px_per_square
VOID = (34, 38, 44)  # board pixels with no floor show the table cloth (palette.table)
Pt = tuple[float, float]


def in_display_format(surface: pygame.Surface) -> pygame.Surface:
    """`surface` as convert() makes it: itself when it already has the display's pixel format
    (a new plain surface, a scaled converted one), where convert() would only copy it (issue 19:
    a copy of a three-level Gears floor costs as much as making it, about 17 ms)."""
    display = pygame.display.get_surface()
    if display is not None and not surface.get_flags() & pygame.SRCALPHA and surface.get_alpha() is None \
            and surface.get_bitsize() == display.get_bitsize() and surface.get_masks() == display.get_masks():
        return surface
    return surface.convert()


def load_floor(path: Path, board: Board) -> tuple[pygame.Surface, str | None]:
    """The tile layers at zoom 1, and a problem message when the art could not be loaded."""
    import pytmx
    from pytmx.util_pygame import load_pygame

    w, h = board.pixel_size()
    floor = in_display_format(pygame.Surface((w, h)))
    floor.fill(VOID)
    if board.art_problems:  # the gate found the tileset image unusable: never decode it
        return vector_floor(board, floor), board.art_problems[0]
    try:
        tiled = load_pygame(str(path))
    except (pygame.error, OSError, ValueError, KeyError, TypeError) as exc:
        # in the reader's language (a Hungarian viewer read 'floor art not loaded (Error reading
        # the PNG file.)'); the decoder's own reason stays in brackets, in its words
        return vector_floor(board, floor), str(M("{path}: the floor's art could not be loaded: a tileset image does not "
                                                 "decode ({why})", path=str(path), why=str(exc)))
    drew = False
    for layer in tiled.visible_layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            for x, y, image in layer.tiles():
                floor.blit(image, (x * tiled.tilewidth, y * tiled.tileheight + tiled.tileheight - image.get_height()))
                drew = True
        elif isinstance(layer, pytmx.TiledImageLayer) and layer.image is not None:
            floor.blit(layer.image, (getattr(layer, "offsetx", 0) or 0, getattr(layer, "offsety", 0) or 0))
            drew = True
    if not drew:
        return vector_floor(board, floor), None
    return floor, None


def vector_floor(board: Board, floor: pygame.Surface) -> pygame.Surface:
    """A plain stone floor where the areas or floor cells are, when there is no tile art."""
    stone, seam = (96, 92, 84), (78, 75, 69)
    tw, th = board.tile_width, board.tile_height
    if board.grid is not None:
        for c, r in board.grid.floor:
            rect = pygame.Rect(c * tw, r * th, tw, th)
            pygame.draw.rect(floor, stone, rect)
            pygame.draw.rect(floor, seam, rect, 1)
    else:
        for area in board.areas.values():
            pygame.draw.polygon(floor, stone, [(float(x), float(y)) for x, y in area.polygon])
    return floor


class BoardRenderer:
    """`live_marks=True` leaves the doors and markers out of the buffer: a table whose rules
    open doors and place markers (Doom) draws them itself each frame with `draw_door` and
    `draw_marker`, so the art is the same as the map viewer's."""

    def __init__(self, board: Board, floor: pygame.Surface, palette: Palette, assets: Assets,
                 live_marks: bool = False) -> None:
        self.board = board
        self.live_marks = live_marks
        self.floor = floor
        self.palette = palette
        self.assets = assets
        self._buffers: OrderedDict[int, pygame.Surface] = OrderedDict()
        self._fit_buffers: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def set_palette(self, palette: Palette) -> None:
        if palette != self.palette:
            self.palette = palette
            self._buffers.clear()
            self._fit_buffers.clear()

    def buffer_at(self, camera) -> pygame.Surface:
        """The map at a camera's zoom: the prebuilt buffer of a fixed step, else (a FitCamera's
        exact fit) the floor scaled to it, with the overlays; the last two such are kept."""
        z = camera.zoom
        if z == ZOOM_LEVELS[camera.zoom_index]:
            return self.buffer(camera.zoom_index)
        key = (self.palette.name, round(z, 4))
        cached = self._fit_buffers.get(key)
        if cached is None:
            w, h = self.floor.get_size()
            cached = pygame.transform.smoothscale(self.floor, (max(1, round(w * z)), max(1, round(h * z))))
            self.draw_overlays(cached, z)
            cached = in_display_format(cached)
            self._fit_buffers[key] = cached
            while len(self._fit_buffers) > 2:
                self._fit_buffers.popitem(last=False)
        return cached

    def buffer(self, zoom_index: int) -> pygame.Surface:
        cached = self._buffers.get(zoom_index)
        if cached is not None:
            self._buffers.move_to_end(zoom_index)
            return cached
        z = ZOOM_LEVELS[zoom_index]
        w, h = self.floor.get_size()
        size = (max(1, round(w * z)), max(1, round(h * z)))
        if z == 1:
            surface = self.floor.copy()
        elif z < 1:
            surface = pygame.transform.smoothscale(self.floor, size)
        else:
            surface = pygame.transform.scale(self.floor, size)  # crisp pixels when magnified
        self.draw_overlays(surface, z)
        surface = in_display_format(surface)
        self._buffers[zoom_index] = surface
        while len(self._buffers) > KEEP_BUFFERS:
            self._buffers.popitem(last=False)
        return surface

    # -- static overlays ------------------------------------------------------------------
    def draw_overlays(self, surface: pygame.Surface, z: float) -> None:
        board, pal = self.board, self.palette

        def to(p) -> Pt:
            return float(p[0]) * z, float(p[1]) * z

        faint = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        if board.grid is not None:
            tw, th = board.tile_width * z, board.tile_height * z
            for c, r in board.grid.floor:
                pygame.draw.rect(faint, (0, 0, 0, 70), (round(c * tw), round(r * th), round(tw) + 1, round(th) + 1), 1)
        for area in board.areas.values():
            pts = [to(p) for p in area.polygon]
            if len(pts) >= 3:
                pygame.draw.polygon(faint, (*pal.area_outline, 60), pts, max(1, round(1.5 * z)))
        surface.blit(faint, (0, 0))

        borders = [(to(s.a), to(s.b)) for line in board.lines_of("border") for s in line.segments()]
        # Where two pieces meet, their exit and entrance are an open border like any other (gears
        # 3.7): drawn as one, since blue dashes there read like a level line, which blocks.
        joined = {id(c) for pair in board.joined_connectors() for c in pair}
        borders += [(to(c.segment.a), to(c.segment.b)) for c in board.connectors if id(c) in joined]
        for a, b in borders:
            dashed_line(surface, (60, 56, 50), a, b, max(1, round(3 * z)), 6 * z, 8 * z)
        # Two tiles' edges laid against each other with no joint there are still the map's edge:
        # sight and movement stop there (Board.piece_seams, the same segments blocking_segments
        # gives the rules). Drawn as the cloth the map's outer edge meets, where the floor art
        # would run on from one tile into the other.
        for seam in board.piece_seams():
            stroke(surface, [to(seam.a), to(seam.b)], pal.table, max(2, round(4 * z)))
        for connector in board.connectors:
            if id(connector) not in joined:
                a, b = to(connector.segment.a), to(connector.segment.b)
                dashed_line(surface, pal.connector, a, b, max(2, round(4 * z)), 8 * z, 8 * z)
        k = z * board.tile_width / ART_SQUARE  # board art is drawn for a 64 px square
        wall_w = max(3, round(14 * k))
        wall_art = "board/wall_doom.png" if board.grid is not None else "board/wall.png"
        wall_lines = [[to(p) for p in line.points] for line in board.lines_of("wall")]
        if board.grid is not None:
            wall_lines += [[to(s.a), to(s.b)] for s in (board.edge_segment(e) for e in sorted(board.grid.wall_edges))]
        for pts in wall_lines:  # a dark rim under every wall first, so joints read as one wall
            stroke(surface, pts, (12, 12, 14), wall_w + max(2, round(4 * k)))
        for pts in wall_lines:
            if not self._strip(surface, wall_art, pts, wall_w, cap=True):
                stroke(surface, pts, pal.wall, wall_w)
        for line in board.lines_of("level_line"):
            pts = [to(p) for p in line.points]
            # vector, not the strip art: blue dashes are what the legend and the rules text promise
            for a, b in zip(pts, pts[1:]):
                dashed_line(surface, (10, 12, 20), a, b, max(4, round(8 * k)), 18 * k, 10 * k)
                dashed_line(surface, pal.level_line, a, b, max(2, round(5 * k)), 18 * k, 10 * k)
        if not self.live_marks:
            for door in board.doors:
                self.draw_door(surface, door, [to(p) for p in door.points], k)
        for spot in board.cover:
            self._cover(surface, to(spot.point), spot.arrows, k)
        if self.live_marks:
            return
        for marker in board.markers:
            self.draw_marker(surface, marker, to(marker.point), k)

    def _art(self, rel: str, size: tuple[int, int] | None = None) -> pygame.Surface | None:
        """Board art when the file exists; None tells the caller to draw its vector version."""
        if not self.assets.exists(rel):
            return None
        return self.assets.image(rel, size)

    def _strip(self, surface: pygame.Surface, rel: str, pts: list[Pt], thickness: int, cap: bool = False) -> bool:
        """Repeat a horizontal strip image along a polyline; False if the art is missing."""
        tex = self._art(rel)
        if tex is None:
            return False
        tw = max(1, round(tex.get_width() * thickness / tex.get_height()))
        tile = self.assets.image(rel, (tw, thickness))
        for a, b in zip(pts, pts[1:]):
            length = math.dist(a, b)
            if length < 1:
                continue
            extra = thickness if cap else 0  # overlap the joints so corners have no notch
            band = pygame.Surface((math.ceil(length) + extra, thickness), pygame.SRCALPHA)
            for x in range(0, band.get_width(), tw):
                band.blit(tile, (x, 0))
            angle = -math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
            rotated = pygame.transform.rotate(band, angle)
            surface.blit(rotated, rotated.get_rect(center=((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)))
        return True

    def draw_door(self, surface: pygame.Surface, door, pts: list[Pt], k: float, closed: bool | None = None) -> None:
        """A door on its edge, drawn as `closed` says (default: as the map starts); k is the
        scale of the 64 px board art."""
        pal = self.palette
        colour = str(door.properties.get("key", "")).lower()
        closed = door.closed if closed is None else closed
        state = "closed" if closed else "open"
        rel = f"board/door_{colour}_{state}.png" if colour in ("red", "blue", "yellow") else f"board/door_{state}.png"
        if pal.name != "cb_safe" and self._strip(surface, rel, pts, max(4, round(24 * k))):
            return
        width = max(4, round(14 * k))
        for a, b in zip(pts, pts[1:]):
            if closed:
                pygame.draw.line(surface, (20, 16, 10), a, b, width + max(2, round(4 * k)))
                pygame.draw.line(surface, pal.door_closed, a, b, width)
                mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                pygame.draw.circle(surface, (20, 16, 10), mid, max(2, width * 0.35))
            else:
                dashed_line(surface, pal.door_open, a, b, max(2, round(5 * k)), 10 * k, 6 * k)

    def _cover(self, surface: pygame.Surface, at: Pt, arrows: tuple[int, ...], k: float) -> None:
        pal = self.palette
        size = max(8, round(48 * k))
        arrow = self._art("board/cover_arrow.png", (size, size))
        marker = self._art("board/cover_sandbags.png", (size, size))
        for degrees in arrows:
            a = math.radians(degrees)
            dx, dy = math.cos(a), math.sin(a)
            if arrow is not None:
                # the art points north (270 degrees in map terms); rotate() turns counter-clockwise
                turned = pygame.transform.rotate(arrow, 270 - degrees)
                surface.blit(turned, turned.get_rect(center=(at[0] + dx * size * 0.62, at[1] + dy * size * 0.62)))
                continue
            r = size * 0.23
            tip = (at[0] + dx * r * 2.6, at[1] + dy * r * 2.6)
            base = (at[0] + dx * r * 1.2, at[1] + dy * r * 1.2)
            side = (-dy * r * 0.9, dx * r * 0.9)
            tri = [tip, (base[0] + side[0], base[1] + side[1]), (base[0] - side[0], base[1] - side[1])]
            pygame.draw.polygon(surface, (20, 18, 12), tri)
            pygame.draw.polygon(surface, pal.cover, [_toward(p, at, 0.12) for p in tri])
        if marker is not None:
            surface.blit(marker, marker.get_rect(center=(round(at[0]), round(at[1]))))
            return
        r = size * 0.23
        pygame.draw.circle(surface, (20, 18, 12), at, r + max(1.5, 2 * k))
        pygame.draw.circle(surface, pal.cover, at, r)
        # a shield glyph: the marker reads as "cover" without a legend
        s = r * 0.55
        shield = [(at[0] - s, at[1] - s * 0.8), (at[0] + s, at[1] - s * 0.8), (at[0] + s, at[1]), (at[0], at[1] + s * 1.1), (at[0] - s, at[1])]
        pygame.draw.polygon(surface, (20, 18, 12), shield)

    def draw_marker(self, surface: pygame.Surface, marker, at: Pt, k: float) -> None:
        """A marker (kind, name, properties: a Board Marker or alike) centred at `at`."""
        pal = self.palette
        kind = marker.kind
        centre = (round(at[0]), round(at[1]))
        if kind == "figure":
            size = max(8, round(60 * k))
            token = self._art(f"tokens/{marker.properties.get('type', marker.name)}.png", (size, size))
            if token is not None:
                surface.blit(token, token.get_rect(center=centre))
                return
        art = {"emergence": "board/hole_open.png", "equipment": "board/equipment.png", "obstacle": "board/obstacle.png",
               "barrel": "board/barrel.png", "hazard": "board/hazard.png", "teleporter": "board/teleporter.png",
               "vent": "board/vent.png", "encounter": "board/encounter.png"}.get(kind)
        if kind == "key":
            art = f"board/key_{str(marker.properties.get('colour', marker.properties.get('key', 'red'))).lower()}.png"
        if art is not None:
            image = self._art(art)
            if image is not None:
                w, h = image.get_size()
                image = self.assets.image(art, (max(4, round(w * k)), max(4, round(h * k))))
                surface.blit(image, image.get_rect(center=centre))
                return
        if kind == "emergence":
            rx, ry = 20 * k, 14 * k
            rect = pygame.Rect(0, 0, max(4, round(2 * rx)), max(3, round(2 * ry)))
            rect.center = centre
            pygame.draw.ellipse(surface, pal.emergence, rect.inflate(max(3, round(6 * k)), max(3, round(6 * k))))
            pygame.draw.ellipse(surface, (8, 6, 6), rect)
            pygame.draw.ellipse(surface, (40, 12, 12), rect.inflate(-rect.width // 2, -rect.height // 2))
            return
        r = max(4.0, 12 * k)
        colour = {"spawn": pal.connector, "exit": pal.los_visible, "hazard": pal.danger}.get(kind, pal.prop)
        pygame.draw.rect(surface, (18, 18, 20), pygame.Rect(at[0] - r - 2, at[1] - r - 2, 2 * r + 4, 2 * r + 4), border_radius=max(2, round(r / 2)))
        pygame.draw.rect(surface, colour, pygame.Rect(at[0] - r, at[1] - r, 2 * r, 2 * r), border_radius=max(2, round(r / 2)))
        font = self.assets.font(max(6, round(r * 1.3)), bold=True)
        glyph = font.render(kind[:1].upper(), True, (18, 18, 20))
        surface.blit(glyph, glyph.get_rect(center=centre))


def _toward(p: Pt, c: Pt, k: float) -> Pt:
    return p[0] + (c[0] - p[0]) * k, p[1] + (c[1] - p[1]) * k


def stroke(surface: pygame.Surface, pts: list[Pt], colour, width: int) -> None:
    """A polyline with round joints and ends (thick pygame lines have square, gappy joints)."""
    if len(pts) < 2:
        return
    for a, b in zip(pts, pts[1:]):
        pygame.draw.line(surface, colour, a, b, width)
    for p in pts:
        pygame.draw.circle(surface, colour, p, width / 2)


def dashed_line(surface: pygame.Surface, colour, a: Pt, b: Pt, width: int, dash: float, gap: float) -> None:
    length = math.dist(a, b)
    if length == 0:
        return
    dx, dy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    dash, gap = max(2.0, dash), max(2.0, gap)
    while t < length:
        e = min(length, t + dash)
        pygame.draw.line(surface, colour, (a[0] + dx * t, a[1] + dy * t), (a[0] + dx * e, a[1] + dy * e), width)
        t = e + gap
