"""Shared drawing machinery for the asset generator: seeded noise, supersampling, shading.

Everything here uses pillow only (no numpy: the project's venv does not promise it), and every
random choice comes from a `random.Random` seeded by the caller, so output is byte-identical
between runs. Light always comes from the top-left: highlights go up-left, shadows down-right.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Iterable, Sequence

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps

SS = 4  # supersampling factor: draw at 4x, downsample with LANCZOS for anti-aliasing

RGB = tuple[int, int, int]
Point = tuple[float, float]


def hex_rgb(value: str) -> RGB:
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))  # type: ignore[return-value]


def shade(c: RGB, f: float) -> RGB:
    """f > 0 lightens towards white, f < 0 darkens towards black."""
    return mix(c, (255, 255, 255), f) if f >= 0 else mix(c, (0, 0, 0), -f)


def rng_for(*parts: object) -> random.Random:
    """A generator seeded from a stable name, so adding an asset never shifts another's noise."""
    seed = 0
    for ch in "/".join(str(p) for p in parts):
        seed = (seed * 131 + ord(ch)) % (2**61 - 1)
    return random.Random(seed)


# --- noise ---------------------------------------------------------------------------------

def _random_grid(cells: int, rng: random.Random) -> Image.Image:
    return Image.frombytes("L", (cells, cells), bytes(rng.randrange(256) for _ in range(cells * cells)))


def value_noise(size: int, cells: int, rng: random.Random, tileable: bool = True) -> Image.Image:
    """Smooth value noise in [0,255]. Tileable: the random grid is wrapped 3x3, upscaled, and the
    centre cut out, so the kernel sees the wrapped neighbours and the edges meet exactly."""
    grid = _random_grid(cells, rng)
    if not tileable:
        return grid.resize((size, size), Image.BICUBIC)
    big = Image.new("L", (cells * 3, cells * 3))
    for i in range(3):
        for j in range(3):
            big.paste(grid, (i * cells, j * cells))
    up = big.resize((size * 3, size * 3), Image.BICUBIC)
    return up.crop((size, size, size * 2, size * 2))


def fractal_noise(size: int, rng: random.Random, base_cells: int = 4, octaves: int = 4,
                  persistence: float = 0.5, tileable: bool = True) -> Image.Image:
    """Sum of octaves of value noise, normalised to use the full 0..255 range."""
    acc = value_noise(size, base_cells, rng, tileable)
    weight = 1.0
    total = 1.0
    cells = base_cells
    for _ in range(octaves - 1):
        cells = min(cells * 2, size)
        weight *= persistence
        layer = value_noise(size, cells, rng, tileable)
        total += weight
        acc = Image.blend(acc, layer, weight / total)
    return ImageOps.autocontrast(acc, cutoff=1)


def speckle(size: int, rng: random.Random, density: float) -> Image.Image:
    """Sparse single-pixel specks (L), for grit on concrete and sand."""
    n = size * size
    data = bytearray(n)
    for _ in range(int(n * density)):
        data[rng.randrange(n)] = rng.randrange(128, 256)
    return Image.frombytes("L", (size, size), bytes(data))


def colorize(gray: Image.Image, stops: Sequence[RGB]) -> Image.Image:
    """Gradient-map a grey image through 2 or 3 colour stops (dark, [mid], light)."""
    if len(stops) == 2:
        return ImageOps.colorize(gray, stops[0], stops[1])
    return ImageOps.colorize(gray, stops[0], stops[2], stops[1])


def levels(gray: Image.Image, lo: int, hi: int) -> Image.Image:
    """Squash a grey image into [lo, hi] so a texture stays muted."""
    return gray.point(lambda v: lo + (hi - lo) * v // 255)


def threshold(gray: Image.Image, cut: int, soft: int = 0) -> Image.Image:
    if soft <= 0:
        return gray.point(lambda v: 255 if v >= cut else 0)
    return gray.point(lambda v: max(0, min(255, (v - cut) * 255 // soft)))


def multiply_gray(img: Image.Image, gray: Image.Image, strength: float = 1.0) -> Image.Image:
    """Darken an RGB image by a grey map (white = unchanged)."""
    if strength < 1.0:
        gray = gray.point(lambda v: int(255 - (255 - v) * strength))
    return ImageChops.multiply(img, Image.merge("RGB", (gray, gray, gray)))


def overlay_gray(img: Image.Image, gray: Image.Image, strength: float) -> Image.Image:
    """Soft-light a grey detail map onto an RGB image (mid grey = no change)."""
    lit = ImageChops.soft_light(img, Image.merge("RGB", (gray, gray, gray)))
    return Image.blend(img, lit, strength)


# --- gradients -----------------------------------------------------------------------------

@lru_cache(maxsize=64)
def radial_light(size: tuple[int, int], cx: float = 0.38, cy: float = 0.32, spread: float = 1.35) -> Image.Image:
    """L image: bright near (cx, cy) (fractions of the size), dark away from it: top-left light."""
    w, h = size
    grad = ImageOps.invert(Image.radial_gradient("L"))  # 255 at centre, falls off outwards
    s = int(max(w, h) * spread)
    grad = grad.resize((s * 2, s * 2), Image.BILINEAR)
    ox = int(s - cx * w)
    oy = int(s - cy * h)
    return grad.crop((ox, oy, ox + w, oy + h))


@lru_cache(maxsize=64)
def diagonal_light(size: tuple[int, int]) -> Image.Image:
    """L image: 255 at the top-left corner, 0 at the bottom-right."""
    w, h = size
    s = int(math.hypot(w, h)) + 2
    grad = ImageOps.invert(Image.linear_gradient("L").resize((s, s)))  # 255 at top
    grad = grad.rotate(-45, resample=Image.BILINEAR, expand=True)
    gw, gh = grad.size
    return grad.crop(((gw - w) // 2, (gh - h) // 2, (gw - w) // 2 + w, (gh - h) // 2 + h))


@lru_cache(maxsize=64)
def vertical_light(size: tuple[int, int]) -> Image.Image:
    """L image: 255 at the top, 0 at the bottom."""
    return ImageOps.invert(Image.linear_gradient("L")).resize(size, Image.BILINEAR)


def gradient_fill(size: tuple[int, int], dark: RGB, light: RGB, kind: str = "radial") -> Image.Image:
    gray = {"radial": radial_light, "diagonal": diagonal_light, "vertical": vertical_light}[kind](size)
    return ImageOps.colorize(gray, dark, light)


# --- supersampled drawing ------------------------------------------------------------------

def down(img: Image.Image, size: tuple[int, int]) -> Image.Image:
    """Downsample with LANCZOS; premultiplies alpha so transparent edges do not go dark."""
    if img.mode == "RGBA":
        pre = img.convert("RGBa").resize(size, Image.LANCZOS)
        return pre.convert("RGBA")
    return img.resize(size, Image.LANCZOS)


def blank(size: tuple[int, int], ss: int = SS) -> Image.Image:
    return Image.new("RGBA", (size[0] * ss, size[1] * ss), (0, 0, 0, 0))


def mask_of(size: tuple[int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    m = Image.new("L", size, 0)
    return m, ImageDraw.Draw(m)


def fill_mask(canvas: Image.Image, mask: Image.Image, fill: Image.Image | RGB, alpha: float = 1.0) -> None:
    """Composite `fill` (a colour or an RGB(A) image the canvas's size) through `mask`."""
    if alpha < 1.0:
        mask = mask.point(lambda v: int(v * alpha))
    if isinstance(fill, tuple):
        layer = Image.new("RGBA", canvas.size, fill + (255,))
    else:
        layer = fill.convert("RGBA")
    layer.putalpha(ImageChops.multiply(layer.getchannel("A"), mask))
    canvas.alpha_composite(layer)


def drop_shadow(canvas: Image.Image, mask: Image.Image, offset: tuple[int, int], blur: float,
                opacity: float = 0.5, color: RGB = (0, 0, 0)) -> None:
    """Soft shadow of `mask`, cast down-right (light from the top-left)."""
    sh = Image.new("L", canvas.size, 0)
    sh.paste(mask, offset)
    if blur > 0:
        sh = sh.filter(ImageFilter.GaussianBlur(blur))
    fill_mask(canvas, sh, color, opacity)


def bevel(canvas: Image.Image, mask: Image.Image, width: int, light: float = 0.45, dark: float = 0.45,
          blur: float = 0.0) -> None:
    """Emboss the inside edge of `mask`: white along its top-left rim, black along bottom-right."""
    shifted_dr = ImageChops.offset(mask, width, width)
    shifted_ul = ImageChops.offset(mask, -width, -width)
    hi = ImageChops.subtract(mask, shifted_dr)  # edge pixels whose down-right neighbour is... upper-left rim
    lo = ImageChops.subtract(mask, shifted_ul)
    if blur > 0:
        hi = ImageChops.multiply(hi.filter(ImageFilter.GaussianBlur(blur)), mask)
        lo = ImageChops.multiply(lo.filter(ImageFilter.GaussianBlur(blur)), mask)
    fill_mask(canvas, hi, (255, 255, 255), light)
    fill_mask(canvas, lo, (0, 0, 0), dark)


def inner_shadow(canvas: Image.Image, mask: Image.Image, offset: int, blur: float, opacity: float) -> None:
    """Shadow cast inside a recess (holes, pits, grout): dark near the top-left inner edge."""
    outside = ImageOps.invert(mask)
    sh = ImageChops.offset(outside, offset, offset).filter(ImageFilter.GaussianBlur(blur))
    fill_mask(canvas, ImageChops.multiply(sh, mask), (0, 0, 0), opacity)


@lru_cache(maxsize=32)
def _grain_field(s: int, cells: int) -> Image.Image:
    """One shared grain field per (size, scale), 1.5x the size so callers can take windows of it:
    generating fresh fractal noise for every small part was most of the run time."""
    big = int(s * 1.5)
    return fractal_noise(big, random.Random(s * 1000 + cells), base_cells=int(cells * 1.5), octaves=3,
                         tileable=False)


def noise_texture(canvas: Image.Image, rng: random.Random, strength: float, cells: int = 16,
                  mask: Image.Image | None = None) -> None:
    """Subtle surface grain over the canvas's opaque parts (stops flat fills looking plastic)."""
    w, h = canvas.size
    s = max(w, h)
    big = _grain_field(s, cells)
    ox, oy = rng.randrange(s // 2 + 1), rng.randrange(s // 2 + 1)  # a different window per use
    n = big.crop((ox, oy, ox + w, oy + h))
    rgb = canvas.convert("RGB")
    lit = overlay_gray(rgb, n, strength)
    lit = lit.convert("RGBA")
    lit.putalpha(canvas.getchannel("A") if mask is None else ImageChops.multiply(canvas.getchannel("A"), mask))
    canvas.alpha_composite(lit)


# --- unit-space pen for glyphs ---------------------------------------------------------------

@dataclass
class Pen:
    """Draws shapes given in unit coordinates (-1..1 around a centre, y down) onto a mask.

    Glyphs are written once in unit space and rendered at any size and position."""

    draw: ImageDraw.ImageDraw
    cx: float
    cy: float
    scale: float
    ink: int = 255
    sx: float = 1.0  # horizontal stretch, for 2x1 tokens

    def pt(self, x: float, y: float) -> Point:
        return (self.cx + x * self.scale * self.sx, self.cy + y * self.scale)

    def pts(self, points: Iterable[Point]) -> list[Point]:
        return [self.pt(x, y) for x, y in points]

    def poly(self, points: Iterable[Point], ink: int | None = None) -> None:
        self.draw.polygon(self.pts(points), fill=self.ink if ink is None else ink)

    def circle(self, x: float, y: float, r: float, ink: int | None = None) -> None:
        (ax, ay), (bx, by) = self.pt(x - r, y - r), self.pt(x + r, y + r)
        self.draw.ellipse((ax, ay, bx, by), fill=self.ink if ink is None else ink)

    def ellipse(self, x: float, y: float, rx: float, ry: float, ink: int | None = None) -> None:
        (ax, ay), (bx, by) = self.pt(x - rx, y - ry), self.pt(x + rx, y + ry)
        self.draw.ellipse((ax, ay, bx, by), fill=self.ink if ink is None else ink)

    def ring(self, x: float, y: float, r: float, w: float, ink: int | None = None) -> None:
        (ax, ay), (bx, by) = self.pt(x - r, y - r), self.pt(x + r, y + r)
        self.draw.ellipse((ax, ay, bx, by), outline=self.ink if ink is None else ink,
                          width=max(1, int(w * self.scale)))

    def rect(self, x0: float, y0: float, x1: float, y1: float, ink: int | None = None, r: float = 0) -> None:
        a, b = self.pt(x0, y0), self.pt(x1, y1)
        if r > 0:
            self.draw.rounded_rectangle((a[0], a[1], b[0], b[1]), radius=r * self.scale,
                                        fill=self.ink if ink is None else ink)
        else:
            self.draw.rectangle((a[0], a[1], b[0], b[1]), fill=self.ink if ink is None else ink)

    def line(self, points: Sequence[Point], w: float, ink: int | None = None, round_caps: bool = True) -> None:
        pix = self.pts(points)
        width = max(1, int(w * self.scale))
        fill = self.ink if ink is None else ink
        self.draw.line(pix, fill=fill, width=width, joint="curve")
        if round_caps:
            r = width / 2
            for px, py in (pix[0], pix[-1]):
                self.draw.ellipse((px - r, py - r, px + r, py + r), fill=fill)

    def arc(self, x: float, y: float, r: float, start: float, end: float, w: float, ink: int | None = None,
            round_caps: bool = True) -> None:
        """Arc in degrees (0 = east, clockwise as pillow draws it)."""
        steps = max(6, int(abs(end - start) / 6))
        pts = [(x + r * math.cos(math.radians(start + (end - start) * i / steps)),
                y + r * math.sin(math.radians(start + (end - start) * i / steps))) for i in range(steps + 1)]
        self.line(pts, w, ink, round_caps)

    def star(self, x: float, y: float, r_out: float, r_in: float, n: int, rot: float = -90,
             ink: int | None = None, jitter: Sequence[float] | None = None) -> None:
        pts: list[Point] = []
        for i in range(n * 2):
            r = r_out if i % 2 == 0 else r_in
            if jitter is not None and i % 2 == 0:
                r *= jitter[(i // 2) % len(jitter)]
            a = math.radians(rot + i * 180 / n)
            pts.append((x + r * math.cos(a), y + r * math.sin(a)))
        self.poly(pts, ink)

    def regular(self, x: float, y: float, r: float, n: int, rot: float = -90, ink: int | None = None) -> None:
        self.poly([(x + r * math.cos(math.radians(rot + i * 360 / n)),
                    y + r * math.sin(math.radians(rot + i * 360 / n))) for i in range(n)], ink)


Glyph = Callable[[Pen], None]


def glyph_mask(glyph: Glyph, size: tuple[int, int], cx: float, cy: float, scale: float, sx: float = 1.0) -> Image.Image:
    m, d = mask_of(size)
    glyph(Pen(d, cx, cy, scale, sx=sx))
    return m


def emboss_glyph(canvas: Image.Image, mask: Image.Image, color: RGB, depth: int, shadow_opacity: float = 0.55,
                 gradient: float = 0.25) -> None:
    """Paint a glyph as a raised inlay: soft shadow down-right, vertical sheen, rim bevel."""
    drop_shadow(canvas, mask, (depth, depth), depth * 0.8, shadow_opacity)
    fill = gradient_fill(canvas.size, shade(color, -gradient), shade(color, gradient * 0.6), "vertical")
    fill_mask(canvas, mask, fill)
    bevel(canvas, mask, max(1, depth // 2), light=0.35, dark=0.3)


# --- output collection ---------------------------------------------------------------------

@dataclass
class Output:
    """What one generator produced: images by path relative to assets/, plus index files."""

    images: dict[str, Image.Image] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)

    def add(self, rel: str, img: Image.Image) -> Image.Image:
        if rel in self.images:
            raise ValueError(f"asset path produced twice: {rel}")
        self.images[rel] = img
        return img

    def merge(self, other: "Output") -> None:
        for k, v in other.images.items():
            self.add(k, v)
        self.texts.update(other.texts)


def toml_value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {type(v).__name__} to TOML")


def toml_doc(header: str, tables: dict[str, dict[str, object]], top: dict[str, object] | None = None) -> str:
    """A small TOML writer (the venv has a TOML reader only): top-level keys, then [tables]."""
    lines = [f"# {line}" if line else "#" for line in header.strip().splitlines()]
    lines.append("# Generated by tools/make_assets.py; do not edit by hand, rerun the script.")
    lines.append("")
    for k, v in (top or {}).items():
        lines.append(f"{k} = {toml_value(v)}")
    if top:
        lines.append("")
    for name, table in tables.items():
        key = name if all(c.isalnum() or c in "_-." for c in name) else toml_value(name)
        lines.append(f"[{key}]")
        for k, v in table.items():
            lines.append(f"{k} = {toml_value(v)}")
        lines.append("")
    return "\n".join(lines)
