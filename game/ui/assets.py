"""The one place the UI loads art from assets/: images, 9-slice panels, fonts and data files.

Every image is convert()ed / convert_alpha()ed once and cached, per requested size. A missing
or unreadable file never crashes the table: the loader draws a vector stand-in of the right kind
(a disc for a token, a framed card, a plain panel) and records the path in `missing`, so a test
or the log can say what art is absent.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pygame
import tomli

from game.i18n import language

ASSETS_DIR = Path(__file__).resolve().parents[2] / "assets"

# Tried in order; pygame's bundled font is the last resort (it lacks nothing we need for
# English or Hungarian, but DejaVu is nicer and has a condensed bold for labels).
_FONT_FILES = {
    False: ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",),
    True: ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",),
}


def fuses_accents(font: pygame.font.Font) -> bool:
    """Whether `font` draws the tonos of 'ί' onto the iota's stem, no blank row of pixels
    between them (read from the rendered glyphs: the hinting decides it, size by size)."""
    def ink_rows(text: str) -> list[bool]:
        mask = pygame.mask.from_surface(font.render(text, True, (255, 255, 255)), 60)
        w, h = mask.get_size()
        return [any(mask.get_at((x, y)) for x in range(w)) for y in range(h)]

    accented, plain = ink_rows("\u03af"), ink_rows("\u03b9")
    if True not in accented or True not in plain:
        return False
    top, stem = accented.index(True), plain.index(True)
    return all(accented[top:stem])


class Assets:
    def __init__(self, root: Path | None = None) -> None:
        # TILETOP_ASSETS_DIR lets an artist preview regenerated art without replacing assets/.
        self.root = root or Path(os.environ.get("TILETOP_ASSETS_DIR") or ASSETS_DIR)
        self.missing: set[str] = set()
        self.problems: list[str] = []
        self._images: dict[tuple[str, tuple[int, int] | None], pygame.Surface] = {}
        self._fonts: dict[tuple[int, bool, bool], pygame.font.Font] = {}  # (px, bold, Greek)
        self._data: dict[str, dict[str, Any]] = {}
        self._panels: dict[tuple[str, int, int], pygame.Surface] = {}
        self._exists: dict[str, bool] = {}

    # -- images ---------------------------------------------------------------------------
    def exists(self, rel: str) -> bool:
        # Asked for every marker and wall strip of a map drawn (thousands a frame): the answer is
        # kept for the process, as the images themselves are.
        got = self._exists.get(rel)
        if got is None:
            got = self._exists[rel] = (self.root / rel).is_file()
        return got

    def image(self, rel: str, size: tuple[int, int] | None = None) -> pygame.Surface:
        """The image at assets/`rel`, scaled to `size` if given; a vector stand-in if missing."""
        key = (rel, size)
        cached = self._images.get(key)
        if cached is not None:
            return cached
        surface = self._load(rel)
        if surface is None:
            surface = fallback_image(rel, size or (64, 64))
        elif size is not None and surface.get_size() != size:
            surface = pygame.transform.smoothscale(surface, size)
        self._images[key] = surface
        return surface

    def _load(self, rel: str) -> pygame.Surface | None:
        base = self._images.get((rel, None))
        if base is not None:
            return base
        path = self.root / rel
        if not path.is_file():
            self.missing.add(rel)
            return None
        try:
            raw = pygame.image.load(str(path))
        except (pygame.error, OSError) as exc:
            self.problems.append(f"{path}: cannot load image ({exc})")
            self.missing.add(rel)
            return None
        # convert once: blitting a converted surface is several times faster.
        has_alpha = raw.get_flags() & pygame.SRCALPHA or raw.get_colorkey() is not None
        surface = raw.convert_alpha() if has_alpha else raw.convert()
        self._images[(rel, None)] = surface
        return surface

    def panel(self, rel: str, width: int, height: int, fallback_colour=(30, 33, 39), edge=(78, 84, 96)) -> pygame.Surface:
        """A 9-slice panel stretched to width x height (margins from assets/ui/ui.toml)."""
        key = (rel, width, height)
        cached = self._panels.get(key)
        if cached is not None:
            return cached
        source = self._load(rel)
        if source is None:
            surface = pygame.Surface((width, height), pygame.SRCALPHA)
            radius = max(4, min(12, min(width, height) // 14))
            pygame.draw.rect(surface, (*fallback_colour, 240), surface.get_rect(), border_radius=radius)
            pygame.draw.rect(surface, edge, surface.get_rect(), width=2, border_radius=radius)
        else:
            margin = self.nine_slice_margin(rel)
            surface = nine_slice(source, width, height, margin)
        if len(self._panels) > 64:
            self._panels.clear()
        self._panels[key] = surface
        return surface

    def nine_slice_margin(self, rel: str) -> int:
        """The 9-slice margin of `rel` from assets/ui/ui.toml (the entry whose file matches)."""
        name = Path(rel).name

        def find(table: dict[str, Any]) -> int | None:
            if table.get("file") == name and isinstance(table.get("slice"), dict):
                sides = [v for v in table["slice"].values() if isinstance(v, int) and v >= 0]
                return min(sides) if sides else None
            for value in table.values():
                if isinstance(value, dict):
                    found = find(value)
                    if found is not None:
                        return found
            return None

        return find(self.data("ui/ui.toml")) or 16

    # -- fonts ----------------------------------------------------------------------------
    def font(self, px: int, bold: bool = False) -> pygame.font.Font:
        px = max(6, int(px))
        greek = language() == "el"
        key = (px, bold, greek)
        cached = self._fonts.get(key)
        if cached is not None:
            return cached
        font = self._load_font(px, bold)
        if greek and fuses_accents(font):
            # DejaVu Sans hinted by FreeType's default TrueType interpreter (v40) sets the
            # tonos right on the letter at 9 and 14 px: on an iota it joins the stem, and
            # 'σταθμοί' read 'σταθμο(' (the catalogue's text is NFC, and an NFD one is composed
            # back by the shaper: the glyph is the same). The next size down that keeps the
            # accent apart, for a Greek table; English and Hungarian keep the asked size.
            for other in range(px - 1, max(6, px - 3) - 1, -1):
                smaller = self._load_font(other, bold)
                if not fuses_accents(smaller):
                    font = smaller
                    break
        self._fonts[key] = font
        return font

    @staticmethod
    def _load_font(px: int, bold: bool) -> pygame.font.Font:
        for candidate in _FONT_FILES[bold]:
            if Path(candidate).is_file():
                try:
                    return pygame.font.Font(candidate, px)
                except (pygame.error, OSError):
                    continue
        font = pygame.font.Font(None, int(px * 1.3))  # the bundled font runs small
        font.set_bold(bold)
        return font

    # -- data -----------------------------------------------------------------------------
    def data(self, rel: str) -> dict[str, Any]:
        """A TOML file under assets/ as a dict; {} (and a recorded problem) if missing or bad."""
        if rel in self._data:
            return self._data[rel]
        path = self.root / rel
        data: dict[str, Any] = {}
        if path.is_file():
            try:
                data = tomli.loads(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, tomli.TOMLDecodeError) as exc:
                self.problems.append(f"{path}: {exc}")
        else:
            self.missing.add(rel)
        self._data[rel] = data
        return data


def nine_slice(source: pygame.Surface, width: int, height: int, margin: int) -> pygame.Surface:
    sw, sh = source.get_size()
    m = max(0, min(margin, sw // 2 - 1, sh // 2 - 1, width // 2, height // 2))
    out = pygame.Surface((width, height), pygame.SRCALPHA)
    if m <= 0:
        return pygame.transform.smoothscale(source, (width, height)).convert_alpha()
    cols = [(0, m, 0, m), (m, sw - m, m, width - m), (sw - m, sw, width - m, width)]
    rows = [(0, m, 0, m), (m, sh - m, m, height - m), (sh - m, sh, height - m, height)]
    for sx0, sx1, dx0, dx1 in cols:
        for sy0, sy1, dy0, dy1 in rows:
            if sx1 <= sx0 or sy1 <= sy0 or dx1 <= dx0 or dy1 <= dy0:
                continue
            piece = source.subsurface((sx0, sy0, sx1 - sx0, sy1 - sy0))
            if (dx1 - dx0, dy1 - dy0) != piece.get_size():
                piece = pygame.transform.smoothscale(piece, (dx1 - dx0, dy1 - dy0))
            out.blit(piece, (dx0, dy0))
    return out.convert_alpha()


def fallback_image(rel: str, size: tuple[int, int]) -> pygame.Surface:
    """A vector stand-in shaped like what `rel` would have shown."""
    w, h = max(1, size[0]), max(1, size[1])
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    folder = rel.split("/", 1)[0]
    stem = Path(rel).stem
    hue = _hue(stem)
    rect = surface.get_rect()
    if folder in ("tokens", "dice") or "emblem" in stem:
        r = min(w, h) // 2 - 1
        pygame.draw.circle(surface, (18, 18, 22), rect.center, r)
        pygame.draw.circle(surface, hue, rect.center, max(1, r - max(2, r // 8)))
        _letter(surface, stem.split("_")[-1][:1].upper() or "?", rect)
    elif folder == "cards":
        radius = max(3, w // 12)
        pygame.draw.rect(surface, (240, 234, 218), rect, border_radius=radius)
        inner = rect.inflate(-max(4, w // 10), -max(4, w // 10))
        pygame.draw.rect(surface, hue, inner, border_radius=radius)
        pygame.draw.rect(surface, (40, 36, 30), rect, width=2, border_radius=radius)
    elif folder == "board":
        r = min(w, h) // 2 - 1
        pygame.draw.circle(surface, (*hue, 220), rect.center, r)
        pygame.draw.circle(surface, (15, 15, 15), rect.center, r, width=max(1, r // 6))
    elif folder == "tiles":
        surface.fill((92, 88, 80, 255))
        for x in range(0, w, 8):
            pygame.draw.line(surface, (84, 80, 72), (x, 0), (x, h))
    else:  # ui: panels, buttons, logo, background
        radius = max(3, min(w, h) // 10)
        pygame.draw.rect(surface, (*hue, 235), rect, border_radius=radius)
        pygame.draw.rect(surface, (20, 20, 24), rect, width=2, border_radius=radius)
    return surface.convert_alpha()


def _hue(name: str) -> tuple[int, int, int]:
    """A stable, muted colour per name so stand-ins of different things differ."""
    h = sum((i + 1) * ord(c) for i, c in enumerate(name)) % 360
    color = pygame.Color(0)
    color.hsva = (h, 45, 70, 100)
    return color.r, color.g, color.b


def _letter(surface: pygame.Surface, letter: str, rect: pygame.Rect) -> None:
    if not pygame.font.get_init():
        return
    font = pygame.font.Font(None, max(8, int(rect.height * 0.7)))
    text = font.render(letter, True, (250, 250, 250))
    surface.blit(text, text.get_rect(center=rect.center))
