"""Floor tileset: 32 seamless 64x64 textures in a fixed 8x4 layout (maps/tilesets/floors.tsx).

Each tile is painted at 256x256 on a torus: every shape is drawn at the 9 wrapped offsets,
blurs and bevels use wrap-around shifts, so a tile meets copies of itself without a seam. The
downsample to 64 also runs on a 3x3 mosaic and keeps the centre, so LANCZOS sees wrapped
neighbours too.
"""
from __future__ import annotations

import math
import random
from typing import Callable

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps

from .core import (RGB, Output, bevel, colorize, fill_mask, fractal_noise, hex_rgb, levels, mix,
                   overlay_gray, rng_for, shade, speckle, threshold, toml_doc, value_noise)

T = 64          # final tile size
S = 256         # painting size (4x)
COLS, ROWS = 8, 4

NAMES = [
    "concrete_a", "concrete_b", "concrete_c", "cracked", "rubble", "dirt", "metal_plate", "grate",
    "tiles_a", "tiles_b", "carpet", "grass", "mud", "sand", "water", "broken_tiles",
    "tech_a", "tech_b", "tech_c", "panel", "grate_dark", "hazard_stripes", "blood", "slime",
    "stone_a", "stone_b", "metal_dark", "lava", "void", "carpet_red", "tile_white", "moss",
]

# Gears: war-torn grey/ochre city. Doom: dark sci-fi base with teal/green accents.
CONCRETE = [(62, 61, 58), (104, 101, 95), (142, 137, 127)]
OCHRE = (150, 118, 66)
DOOM_BASE = [(22, 27, 30), (44, 52, 56), (70, 80, 84)]
TEAL = (52, 160, 150)
ACID = (110, 170, 70)


# --- torus helpers --------------------------------------------------------------------------

class Wrap:
    """ImageDraw that repeats every shape at the 9 wrapped offsets of an S x S torus."""

    OFFS = [(dx, dy) for dx in (-S, 0, S) for dy in (-S, 0, S)]

    def __init__(self, img: Image.Image):
        self.d = ImageDraw.Draw(img)

    def polygon(self, pts, **kw):
        for dx, dy in self.OFFS:
            self.d.polygon([(x + dx, y + dy) for x, y in pts], **kw)

    def line(self, pts, **kw):
        for dx, dy in self.OFFS:
            self.d.line([(x + dx, y + dy) for x, y in pts], **kw)

    def ellipse(self, box, **kw):
        x0, y0, x1, y1 = box
        for dx, dy in self.OFFS:
            self.d.ellipse((x0 + dx, y0 + dy, x1 + dx, y1 + dy), **kw)

    def rectangle(self, box, **kw):
        x0, y0, x1, y1 = box
        for dx, dy in self.OFFS:
            self.d.rectangle((x0 + dx, y0 + dy, x1 + dx, y1 + dy), **kw)

    def rounded(self, box, radius, **kw):
        x0, y0, x1, y1 = box
        for dx, dy in self.OFFS:
            self.d.rounded_rectangle((x0 + dx, y0 + dy, x1 + dx, y1 + dy), radius=radius, **kw)


def mosaic(img: Image.Image) -> Image.Image:
    big = Image.new(img.mode, (img.width * 3, img.height * 3))
    for i in range(3):
        for j in range(3):
            big.paste(img, (i * img.width, j * img.height))
    return big


def wrap_blur(img: Image.Image, radius: float | tuple[float, float]) -> Image.Image:
    w, h = img.size
    return mosaic(img).filter(ImageFilter.GaussianBlur(radius)).crop((w, h, 2 * w, 2 * h))


def shift(img: Image.Image, dx: int, dy: int) -> Image.Image:
    return ImageChops.offset(img, dx, dy)


def rgba(img: Image.Image) -> Image.Image:
    return img.convert("RGBA")


def noise_base(rng: random.Random, stops, cells: int = 4, octaves: int = 5, lo: int = 0, hi: int = 255,
               persistence: float = 0.55) -> Image.Image:
    n = levels(fractal_noise(S, rng, base_cells=cells, octaves=octaves, persistence=persistence), lo, hi)
    return rgba(colorize(n, stops))


def grain(img: Image.Image, rng: random.Random, strength: float = 0.35, cells: int = 32) -> Image.Image:
    n = fractal_noise(S, rng, base_cells=cells, octaves=2)
    out = overlay_gray(img.convert("RGB"), n, strength)
    return rgba(out)


def wrap_shadow(canvas: Image.Image, mask: Image.Image, off: int, blur: float, opacity: float) -> None:
    sh = wrap_blur(shift(mask, off, off), blur)
    sh = ImageChops.subtract(sh, mask)  # shadow only falls outside the caster
    fill_mask(canvas, sh, (0, 0, 0), opacity)


def recess(canvas: Image.Image, raised: Image.Image, depth: int = 6, opacity: float = 0.55) -> None:
    """Grout/joint look: everything outside `raised` darkens, raised parts get a rim bevel."""
    low = ImageOps.invert(raised)
    fill_mask(canvas, low, (0, 0, 0), opacity)
    wrap_shadow(canvas, raised, depth // 2, depth / 2, 0.35)
    bevel(canvas, raised, max(2, depth // 2), light=0.22, dark=0.3, blur=1.5)


def jitter_grid(rng: random.Random, n: int, amount: float) -> list[list[tuple[float, float]]]:
    """(n+1)x(n+1) lattice corners, jittered, with the last row/column equal to the first + S
    so polygons across the seam line up with their wrapped twins."""
    step = S / n
    base = [[(rng.uniform(-amount, amount) * step, rng.uniform(-amount, amount) * step) for _ in range(n)]
            for _ in range(n)]
    grid = []
    for j in range(n + 1):
        row = []
        for i in range(n + 1):
            ox, oy = base[j % n][i % n]
            row.append((i * step + ox, j * step + oy))
        grid.append(row)
    return grid


def inset(poly: list[tuple[float, float]], amount: float) -> list[tuple[float, float]]:
    cx = sum(p[0] for p in poly) / len(poly)
    cy = sum(p[1] for p in poly) / len(poly)
    out = []
    for x, y in poly:
        d = math.hypot(x - cx, y - cy) or 1
        out.append((x + (cx - x) * amount / d, y + (cy - y) * amount / d))
    return out


def blob(rng: random.Random, cx: float, cy: float, r: float, n: int = 9, rough: float = 0.35):
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n + rng.uniform(-0.2, 0.2)
        rr = r * rng.uniform(1 - rough, 1 + rough * 0.5)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def cracks(canvas: Image.Image, rng: random.Random, count: int, length: int, color: RGB = (20, 18, 16),
           width: int = 3) -> None:
    m = Image.new("L", (S, S), 0)
    w = Wrap(m)
    for _ in range(count):
        x, y = rng.uniform(0, S), rng.uniform(0, S)
        ang = rng.uniform(0, 2 * math.pi)
        pts = [(x, y)]
        for _ in range(length):
            ang += rng.uniform(-0.7, 0.7)
            step = rng.uniform(8, 16)
            x, y = x + step * math.cos(ang), y + step * math.sin(ang)
            pts.append((x, y))
            if rng.random() < 0.15:  # a short branch
                bx, by, ba = x, y, ang + rng.choice((-1, 1)) * rng.uniform(0.6, 1.2)
                bp = [(bx, by)]
                for _ in range(rng.randint(2, 4)):
                    ba += rng.uniform(-0.5, 0.5)
                    bx, by = bx + 9 * math.cos(ba), by + 9 * math.sin(ba)
                    bp.append((bx, by))
                w.line(bp, fill=170, width=max(1, width - 1))
        w.line(pts, fill=255, width=width)
    lit = shift(m, 2, 2)
    fill_mask(canvas, ImageChops.subtract(lit, m), (255, 255, 255), 0.18)
    fill_mask(canvas, m, color, 0.85)


def bolts(canvas: Image.Image, centres, r: float, color: RGB) -> None:
    m = Image.new("L", (S, S), 0)
    w = Wrap(m)
    for x, y in centres:
        w.ellipse((x - r, y - r, x + r, y + r), fill=255)
    wrap_shadow(canvas, m, 3, 2, 0.5)
    fill_mask(canvas, m, color)
    bevel(canvas, m, 2, light=0.55, dark=0.5, blur=1)
    slot = Image.new("L", (S, S), 0)
    ws = Wrap(slot)
    for x, y in centres:
        ws.line([(x - r * 0.6, y + r * 0.6), (x + r * 0.6, y - r * 0.6)], fill=255, width=2)
    fill_mask(canvas, slot, (0, 0, 0), 0.45)


def brushed(rng: random.Random, stops, horizontal: bool = True) -> Image.Image:
    n = Image.frombytes("L", (S, S), bytes(rng.randrange(256) for _ in range(S * S)))
    n = wrap_blur(n, (12, 0.6) if horizontal else (0.6, 12))
    n = ImageOps.autocontrast(n, cutoff=2)
    base = fractal_noise(S, rng, base_cells=2, octaves=3)
    return rgba(colorize(Image.blend(n, base, 0.5), stops))


def wavy_lines(m: Image.Image, rng: random.Random, count: int, amp: float, freq: int, width: int,
               ink: int = 255) -> None:
    """Near-horizontal sine lines with integer frequency, so they wrap across the tile."""
    w = Wrap(m)
    for k in range(count):
        y0 = (k + rng.uniform(0.2, 0.8)) * S / count
        ph = rng.uniform(0, 2 * math.pi)
        f2 = freq * 2
        pts = [(x, y0 + amp * math.sin(2 * math.pi * freq * x / S + ph)
                + amp * 0.4 * math.sin(2 * math.pi * f2 * x / S + ph * 1.7)) for x in range(0, S + 9, 8)]
        w.line(pts, fill=ink, width=width)


# --- recipes --------------------------------------------------------------------------------

def concrete(rng, tint: RGB | None = None, cells: int = 4):
    stops = CONCRETE if tint is None else [mix(c, tint, 0.25) for c in CONCRETE]
    img = noise_base(rng, stops, cells=cells, lo=70, hi=190)
    pits = speckle(S, rng, 0.010)
    fill_mask(img, wrap_blur(pits, 0.6), (30, 28, 26), 0.5)
    return grain(img, rng, 0.3)


def concrete_a(rng):
    return concrete(rng)


def concrete_b(rng):
    """Poured slab with an expansion joint round each square."""
    img = concrete(rng, cells=3)
    slab = Image.new("L", (S, S), 0)
    Wrap(slab).rectangle((5, 5, S - 6, S - 6), fill=255)
    recess(img, slab, depth=6, opacity=0.45)
    return img


def concrete_c(rng):
    """Stained concrete: ochre water marks and soot."""
    img = concrete(rng, tint=OCHRE)
    stain = threshold(fractal_noise(S, rng, base_cells=3, octaves=4), 150, 60)
    fill_mask(img, wrap_blur(stain, 4), (110, 84, 44), 0.35)
    soot = threshold(fractal_noise(S, rng, base_cells=2, octaves=3), 170, 70)
    fill_mask(img, wrap_blur(soot, 6), (20, 18, 16), 0.35)
    return img


def cracked(rng):
    img = concrete(rng)
    cracks(img, rng, 4, 14)
    return img


def rubble(rng):
    img = concrete(rng, tint=OCHRE)
    m = Image.new("L", (S, S), 0)
    w = Wrap(m)
    stones = []
    for _ in range(26):
        x, y, r = rng.uniform(0, S), rng.uniform(0, S), rng.uniform(6, 22)
        stones.append(blob(rng, x, y, r, n=rng.randint(5, 8), rough=0.4))
    colours = Image.new("RGBA", (S, S))
    wc = Wrap(colours)
    for pts in stones:
        w.polygon(pts, fill=255)
        tone = rng.uniform(-0.25, 0.2)
        wc.polygon(pts, fill=shade(mix(CONCRETE[1], OCHRE, rng.uniform(0, 0.4)), tone) + (255,))
    wrap_shadow(img, m, 5, 3, 0.55)
    texture = grain(colours, rng, 0.5, cells=16)
    fill_mask(img, m, texture)
    bevel(img, m, 3, light=0.3, dark=0.35, blur=1)
    return img


def dirt(rng):
    img = noise_base(rng, [(58, 46, 32), (98, 80, 56), (134, 112, 78)], cells=4, lo=60, hi=200)
    m = Image.new("L", (S, S), 0)
    w = Wrap(m)
    for _ in range(40):
        x, y, r = rng.uniform(0, S), rng.uniform(0, S), rng.uniform(2, 6)
        w.polygon(blob(rng, x, y, r, n=6), fill=255)
    wrap_shadow(img, m, 2, 1.5, 0.5)
    fill_mask(img, m, (128, 114, 92))
    bevel(img, m, 2, light=0.3, dark=0.3)
    return grain(img, rng, 0.35)


def metal_plate(rng):
    img = brushed(rng, [(62, 64, 64), (96, 98, 96), (128, 128, 122)])
    plate = Image.new("L", (S, S), 0)
    Wrap(plate).rectangle((4, 4, S - 5, S - 5), fill=255)
    recess(img, plate, depth=6, opacity=0.6)
    e = 26
    bolts(img, [(e, e), (S - e, e), (e, S - e), (S - e, S - e)], 8, (112, 112, 106))
    rust = threshold(fractal_noise(S, rng, base_cells=4, octaves=4), 175, 50)
    fill_mask(img, wrap_blur(rust, 3), (120, 70, 36), 0.3)
    return img


def grate_tile(rng, stops, under: RGB, glow: RGB | None):
    pit = noise_base(rng, [shade(under, -0.6), under, shade(under, 0.2)], cells=2, lo=0, hi=160)
    if glow is not None:
        g = wrap_blur(threshold(fractal_noise(S, rng, base_cells=2, octaves=2), 120, 90), 10)
        fill_mask(pit, g, glow, 0.45)
    bars = Image.new("L", (S, S), 0)
    w = Wrap(bars)
    n = 8
    for i in range(n):
        x = i * S / n
        w.rectangle((x, 0, x + 9, S), fill=255)
    for j in range(2):
        y = j * S / 2
        w.rectangle((0, y, S, y + 20), fill=255)
    metal = brushed(rng, stops, horizontal=False)
    wrap_shadow(pit, bars, 10, 5, 0.75)
    fill_mask(pit, bars, metal)
    bevel(pit, bars, 3, light=0.35, dark=0.45, blur=1)
    return pit


def grate(rng):
    return grate_tile(rng, [(60, 60, 58), (100, 98, 92), (138, 134, 124)], (44, 38, 30), None)


def ceramic(rng, n: int, palette: list[RGB], grout: RGB, checker: bool = False, gloss: float = 0.18):
    img = noise_base(rng, [shade(grout, -0.2), grout, shade(grout, 0.15)], cells=8, lo=40, hi=200)
    raised = Image.new("L", (S, S), 0)
    colours = Image.new("RGBA", (S, S))
    step = S / n
    gap = 5
    for j in range(n):
        for i in range(n):
            box = (i * step + gap / 2, j * step + gap / 2, (i + 1) * step - gap / 2 - 1, (j + 1) * step - gap / 2 - 1)
            ImageDraw.Draw(raised).rounded_rectangle(box, radius=4, fill=255)
            base = palette[(i + j) % len(palette)] if checker else palette[rng.randrange(len(palette))]
            ImageDraw.Draw(colours).rounded_rectangle(box, radius=4, fill=shade(base, rng.uniform(-0.08, 0.08)) + (255,))
    colours = grain(colours, rng, 0.25, cells=16)
    fill_mask(img, raised, colours)
    sheen = ImageOps.invert(Image.linear_gradient("L").rotate(45).resize((int(step), int(step))))
    sheen_full = Image.new("L", (S, S), 0)
    for j in range(n):
        for i in range(n):
            sheen_full.paste(sheen, (int(i * step), int(j * step)))
    fill_mask(img, ImageChops.multiply(sheen_full, raised), (255, 255, 255), gloss)
    bevel(img, raised, 3, light=0.3, dark=0.35, blur=1)
    return img


def tiles_a(rng):
    return ceramic(rng, 2, [(118, 112, 98), (126, 119, 104), (110, 104, 92)], (60, 56, 50))


def tiles_b(rng):
    return ceramic(rng, 4, [(128, 116, 92), (82, 78, 72)], (52, 48, 44), checker=True)


def woven(rng, base: RGB, motif: RGB, accent: RGB):
    img = noise_base(rng, [shade(base, -0.3), base, shade(base, 0.15)], cells=8, lo=60, hi=190)
    weave = Image.new("L", (S, S), 128)
    d = ImageDraw.Draw(weave)
    for y in range(0, S, 4):  # alternating over/under threads
        for x in range(0, S, 8):
            o = 4 if (y // 4) % 2 else 0
            d.rectangle((x + o, y, x + o + 3, y + 3), fill=170)
    img = rgba(overlay_gray(img.convert("RGB"), weave, 0.5))
    m = Image.new("L", (S, S), 0)
    w = Wrap(m)
    for cx, cy in ((0, 0), (S / 2, S / 2)):  # a diamond lattice that repeats every tile
        w.polygon([(cx, cy - 54), (cx + 54, cy), (cx, cy + 54), (cx - 54, cy)], fill=255)
    inner = Image.new("L", (S, S), 0)
    wi = Wrap(inner)
    for cx, cy in ((0, 0), (S / 2, S / 2)):
        wi.polygon([(cx, cy - 44), (cx + 44, cy), (cx, cy + 44), (cx - 44, cy)], fill=255)
    ring = ImageChops.subtract(m, inner)
    fill_mask(img, ring, motif, 0.55)
    dots = Image.new("L", (S, S), 0)
    wd = Wrap(dots)
    for cx, cy in ((0, 0), (S / 2, S / 2), (S / 2, 0), (0, S / 2)):
        wd.ellipse((cx - 7, cy - 7, cx + 7, cy + 7), fill=255)
    fill_mask(img, dots, accent, 0.6)
    wear = threshold(fractal_noise(S, rng, base_cells=3, octaves=3), 160, 60)
    fill_mask(img, wrap_blur(wear, 5), (30, 26, 22), 0.3)
    return img


def carpet(rng):
    return woven(rng, (58, 66, 84), (120, 110, 84), (140, 120, 70))


def carpet_red(rng):
    return woven(rng, (86, 32, 34), (150, 116, 60), (60, 20, 22))


def grass(rng):
    img = noise_base(rng, [(44, 52, 30), (76, 86, 48), (110, 116, 70)], cells=4, lo=50, hi=200)
    for layer in range(2):
        m = Image.new("L", (S, S), 0)
        w = Wrap(m)
        for _ in range(260):
            x, y = rng.uniform(0, S), rng.uniform(0, S)
            a = rng.uniform(-0.5, 0.5) - math.pi / 2
            ln = rng.uniform(6, 14)
            w.line([(x, y), (x + ln * math.cos(a), y + ln * math.sin(a))], fill=255, width=2)
        col = (96, 110, 58) if layer else (46, 56, 30)
        fill_mask(img, m, col, 0.65)
    dry = threshold(fractal_noise(S, rng, base_cells=3, octaves=3), 150, 60)
    fill_mask(img, wrap_blur(dry, 5), (120, 108, 64), 0.35)
    return img


def mud(rng):
    img = noise_base(rng, [(34, 28, 22), (66, 54, 40), (92, 78, 58)], cells=4, lo=50, hi=200)
    pud = wrap_blur(threshold(fractal_noise(S, rng, base_cells=3, octaves=4), 150, 20), 2)
    fill_mask(img, pud, (30, 28, 26), 0.7)
    sky = ImageChops.multiply(pud, ImageOps.invert(shift(pud, 6, 6)))
    fill_mask(img, wrap_blur(sky, 2), (150, 150, 140), 0.25)
    tracks = Image.new("L", (S, S), 0)
    wavy_lines(tracks, rng, 2, 10, 1, 10)
    fill_mask(img, wrap_blur(tracks, 3), (26, 20, 16), 0.35)
    return grain(img, rng, 0.3)


def sand(rng):
    img = noise_base(rng, [(120, 100, 66), (154, 132, 92), (178, 158, 116)], cells=4, lo=70, hi=190)
    rip = Image.new("L", (S, S), 0)
    wavy_lines(rip, rng, 8, 5, 2, 4)
    fill_mask(img, wrap_blur(rip, 1.5), (100, 80, 50), 0.4)
    fill_mask(img, wrap_blur(shift(rip, -3, -3), 1.5), (200, 184, 140), 0.25)
    img2 = img.copy()
    fill_mask(img2, speckle(S, rng, 0.02), (80, 66, 44), 0.6)
    return img2


def water(rng):
    img = noise_base(rng, [(24, 40, 48), (40, 66, 76), (64, 94, 104)], cells=3, lo=40, hi=210)
    rip = Image.new("L", (S, S), 0)
    wavy_lines(rip, rng, 6, 6, 2, 3)
    fill_mask(img, wrap_blur(rip, 1.2), (150, 180, 186), 0.35)
    dark = Image.new("L", (S, S), 0)
    wavy_lines(dark, rng, 5, 8, 1, 6)
    fill_mask(img, wrap_blur(dark, 3), (10, 20, 26), 0.35)
    return img


def broken_tiles(rng):
    img = tiles_a(rng)
    under = concrete(rng, tint=OCHRE)
    holes = Image.new("L", (S, S), 0)
    w = Wrap(holes)
    for _ in range(3):
        x, y = rng.uniform(0, S), rng.uniform(0, S)
        w.polygon(blob(rng, x, y, rng.uniform(24, 44), n=9, rough=0.45), fill=255)
    img.paste(under, (0, 0), holes)
    # the broken tile edge casts a shadow into the hole along its top-left side
    fill_mask(img, ImageChops.multiply(holes, wrap_blur(shift(ImageOps.invert(holes), 6, 6), 3)), (0, 0, 0), 0.55)
    bevel(img, ImageOps.invert(holes), 3, light=0.35, dark=0.4)
    cracks(img, rng, 2, 8, width=2)
    return img


# Doom ---------------------------------------------------------------------------------------

def doom_base(rng, cells: int = 4):
    return noise_base(rng, DOOM_BASE, cells=cells, lo=70, hi=185)


def tech_a(rng):
    """Dark floor panels, four to a square, with a teal light strip in the seams."""
    img = brushed(rng, DOOM_BASE)
    raised = Image.new("L", (S, S), 0)
    w = Wrap(raised)
    for (x, y) in ((0, 0), (S / 2, 0), (0, S / 2), (S / 2, S / 2)):
        w.rounded((x + 7, y + 7, x + S / 2 - 8, y + S / 2 - 8), 8, fill=255)
    seams = ImageOps.invert(raised)
    recess(img, raised, depth=6, opacity=0.55)
    strip = Image.new("L", (S, S), 0)
    ws = Wrap(strip)
    ws.rectangle((S / 2 - 40, -2, S / 2 + 40, 1), fill=255)
    ws.rectangle((-2, S / 2 - 40, 1, S / 2 + 40), fill=255)
    fill_mask(img, wrap_blur(strip, 5), TEAL, 0.6)
    fill_mask(img, ImageChops.multiply(strip, seams), shade(TEAL, 0.4), 0.9)
    return img


def tech_b(rng):
    """Circuit traces: teal lines with pads, on dark composite."""
    img = doom_base(rng, cells=6)
    m = Image.new("L", (S, S), 0)
    w = Wrap(m)
    pads = []
    for _ in range(14):
        x, y = rng.randrange(0, S, 16), rng.randrange(0, S, 16)
        pts = [(x, y)]
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.5:
                x += rng.choice((-1, 1)) * rng.randrange(16, 64, 16)
            else:
                y += rng.choice((-1, 1)) * rng.randrange(16, 64, 16)
            if rng.random() < 0.5:  # 45-degree dog-leg
                d = rng.choice((-16, 16))
                x, y = x + d, y + d
            pts.append((x, y))
        w.line(pts, fill=255, width=4, joint="curve")
        pads.extend([pts[0], pts[-1]])
    for x, y in pads:
        w.ellipse((x - 7, y - 7, x + 7, y + 7), fill=255)
    fill_mask(img, wrap_blur(m, 6), TEAL, 0.35)
    fill_mask(img, m, mix(TEAL, DOOM_BASE[1], 0.35), 0.9)
    holes = Image.new("L", (S, S), 0)
    wh = Wrap(holes)
    for x, y in pads:
        wh.ellipse((x - 3, y - 3, x + 3, y + 3), fill=255)
    fill_mask(img, holes, (10, 14, 16))
    return grain(img, rng, 0.25)


def tech_c(rng):
    """Studded deck plate with small status lights."""
    img = brushed(rng, [(30, 36, 40), (52, 60, 64), (76, 84, 88)], horizontal=False)
    plate = Image.new("L", (S, S), 0)
    Wrap(plate).rectangle((3, 3, S - 4, S - 4), fill=255)
    recess(img, plate, depth=6, opacity=0.6)
    studs = Image.new("L", (S, S), 0)
    w = Wrap(studs)
    for j in range(4):
        for i in range(4):
            x, y = 32 + i * 64, 32 + j * 64
            w.ellipse((x - 10, y - 10, x + 10, y + 10), fill=255)
    wrap_shadow(img, studs, 3, 2, 0.5)
    fill_mask(img, studs, (70, 78, 82))
    bevel(img, studs, 3, light=0.4, dark=0.45, blur=1)
    lights = Image.new("L", (S, S), 0)
    wl = Wrap(lights)
    for x in (S / 2 - 24, S / 2, S / 2 + 24):
        wl.rectangle((x - 6, 10, x + 6, 15), fill=255)
    fill_mask(img, wrap_blur(lights, 5), ACID, 0.7)
    fill_mask(img, lights, shade(ACID, 0.5))
    return img


def panel(rng):
    img = brushed(rng, [(34, 40, 44), (58, 66, 70), (84, 92, 96)])
    raised = Image.new("L", (S, S), 0)
    Wrap(raised).rounded((8, 8, S - 9, S - 9), 14, fill=255)
    recess(img, raised, depth=8, opacity=0.6)
    vents = Image.new("L", (S, S), 0)
    d = ImageDraw.Draw(vents)
    for k in range(5):
        y = 96 + k * 14
        d.rounded_rectangle((70, y, 186, y + 6), radius=3, fill=255)
    fill_mask(img, vents, (8, 10, 12), 0.9)
    bevel(img, ImageOps.invert(vents), 2, light=0.25, dark=0.0)
    e = 28
    bolts(img, [(e, e), (S - e, e), (e, S - e), (S - e, S - e)], 9, (86, 94, 98))
    stripe = Image.new("L", (S, S), 0)
    ImageDraw.Draw(stripe).rectangle((70, 60, 186, 66), fill=255)
    fill_mask(img, wrap_blur(stripe, 4), TEAL, 0.5)
    fill_mask(img, stripe, shade(TEAL, 0.3), 0.8)
    return img


def grate_dark(rng):
    return grate_tile(rng, [(26, 30, 32), (50, 56, 58), (76, 82, 84)], (14, 26, 22), (70, 190, 110))


def hazard_stripes(rng):
    img = brushed(rng, [(20, 20, 18), (38, 38, 34), (56, 54, 48)])
    m = Image.new("L", (S, S), 0)
    w = Wrap(m)
    period = S // 4  # 4 stripes per tile, 45 degrees: repeats exactly across the seam
    for k in range(-4, 9):
        x = k * period
        w.polygon([(x, 0), (x + period / 2, 0), (x + period / 2 - S, S), (x - S, S)], fill=255)
    paint = rgba(colorize(levels(fractal_noise(S, rng, base_cells=8, octaves=3), 60, 200),
                          [(130, 104, 26), (176, 142, 40), (200, 170, 70)]))
    worn = threshold(fractal_noise(S, rng, base_cells=6, octaves=4), 170, 30)
    m2 = ImageChops.subtract(m, worn)
    fill_mask(img, m2, paint)
    bevel(img, m2, 2, light=0.2, dark=0.25)
    scuff = Image.new("L", (S, S), 0)
    cracks_rng = random.Random(rng.random())
    cracks(img, cracks_rng, 2, 10, color=(18, 18, 16), width=2)
    del scuff
    return img


def blood(rng):
    img = doom_base(rng)
    plates = Image.new("L", (S, S), 0)
    Wrap(plates).rectangle((4, 4, S - 5, S - 5), fill=255)
    recess(img, plates, depth=6, opacity=0.5)
    stain = threshold(fractal_noise(S, rng, base_cells=3, octaves=5), 150, 25)
    drops = Image.new("L", (S, S), 0)
    w = Wrap(drops)
    for _ in range(18):
        x, y, r = rng.uniform(0, S), rng.uniform(0, S), rng.uniform(2, 7)
        w.ellipse((x - r, y - r, x + r, y + r), fill=255)
    stain = ImageChops.lighter(stain, drops)
    fill_mask(img, stain, (78, 10, 12), 0.85)
    core = threshold(fractal_noise(S, rng, base_cells=4, octaves=3), 140, 60)
    fill_mask(img, ImageChops.multiply(stain, core), (40, 4, 6), 0.6)
    fill_mask(img, ImageChops.subtract(stain, shift(stain, 3, 3)), (200, 90, 80), 0.25)
    return img


def slime(rng):
    img = noise_base(rng, [(24, 38, 20), (52, 82, 36), (86, 118, 54)], cells=3, lo=40, hi=220)
    swirl = Image.new("L", (S, S), 0)
    wavy_lines(swirl, rng, 4, 14, 1, 8)
    fill_mask(img, wrap_blur(swirl, 6), (150, 190, 80), 0.3)
    bub = Image.new("L", (S, S), 0)
    w = Wrap(bub)
    for _ in range(16):
        x, y, r = rng.uniform(0, S), rng.uniform(0, S), rng.uniform(4, 12)
        w.ellipse((x - r, y - r, x + r, y + r), outline=255, width=3)
        w.ellipse((x - r * 0.5, y - r * 0.6, x - r * 0.1, y - r * 0.2), fill=255)
    fill_mask(img, bub, (160, 196, 110), 0.45)
    return img


def flagstones(rng, stops, grout: RGB, n: int = 3):
    img = noise_base(rng, [shade(grout, -0.3), grout, shade(grout, 0.2)], cells=8, lo=40, hi=200)
    grid = jitter_grid(rng, n, 0.22)
    raised = Image.new("L", (S, S), 0)
    colours = Image.new("RGBA", (S, S))
    wr, wc = Wrap(raised), Wrap(colours)
    for j in range(n):
        for i in range(n):
            quad = [grid[j][i], grid[j][i + 1], grid[j + 1][i + 1], grid[j + 1][i]]
            poly = inset(quad, 4)
            wr.polygon(poly, fill=255)
            wc.polygon(poly, fill=shade(stops[1], rng.uniform(-0.15, 0.12)) + (255,))
    tex = rgba(colorize(levels(fractal_noise(S, rng, base_cells=6, octaves=4), 60, 200), stops))
    colours = rgba(Image.blend(colours.convert("RGB"), tex.convert("RGB"), 0.55))
    fill_mask(img, raised, colours)
    wrap_shadow(img, raised, 4, 3, 0.4)
    bevel(img, raised, 3, light=0.28, dark=0.35, blur=1.2)
    return img


def stone_a(rng):
    return flagstones(rng, [(58, 58, 60), (96, 96, 96), (132, 130, 126)], (40, 38, 36))


def stone_b(rng):
    """Ashlar blocks in running bond."""
    img = noise_base(rng, [(30, 30, 30), (50, 48, 46), (70, 68, 64)], cells=8, lo=40, hi=200)
    raised = Image.new("L", (S, S), 0)
    colours = Image.new("RGBA", (S, S))
    wr, wc = Wrap(raised), Wrap(colours)
    rows, per = 4, 2
    h = S / rows
    wdt = S / per
    for r in range(rows):
        off = (wdt / 2) if r % 2 else 0
        for c in range(per):
            x0 = c * wdt + off
            box = (x0 + 3, r * h + 3, x0 + wdt - 4, (r + 1) * h - 4)
            wr.rounded(box, 4, fill=255)
            wc.rounded(box, 4, fill=shade((88, 86, 82), rng.uniform(-0.18, 0.1)) + (255,))
    tex = rgba(colorize(levels(fractal_noise(S, rng, base_cells=8, octaves=4), 60, 200),
                        [(50, 50, 50), (90, 88, 84), (126, 122, 116)]))
    colours = rgba(Image.blend(colours.convert("RGB"), tex.convert("RGB"), 0.5))
    fill_mask(img, raised, colours)
    wrap_shadow(img, raised, 3, 2, 0.4)
    bevel(img, raised, 3, light=0.28, dark=0.35, blur=1.2)
    return img


def metal_dark(rng):
    """Diamond tread plate."""
    img = brushed(rng, [(24, 28, 30), (44, 50, 52), (66, 72, 74)])
    m = Image.new("L", (S, S), 0)
    w = Wrap(m)
    step = 32
    for j in range(S // step):
        for i in range(S // step):
            cx, cy = i * step + step / 2, j * step + step / 2
            a = 1 if (i + j) % 2 else -1
            l, t = 11, 3.2
            dx, dy = l * 0.707, a * l * 0.707
            nx, ny = -a * t * 0.707, t * 0.707
            w.polygon([(cx - dx, cy - dy), (cx + nx, cy + ny), (cx + dx, cy + dy), (cx - nx, cy - ny)], fill=255)
    wrap_shadow(img, m, 3, 1.5, 0.6)
    fill_mask(img, m, (70, 76, 78))
    bevel(img, m, 2, light=0.45, dark=0.4)
    plate = Image.new("L", (S, S), 0)
    Wrap(plate).rectangle((3, 3, S - 4, S - 4), fill=255)
    recess(img, plate, depth=4, opacity=0.5)
    return img


def lava(rng):
    img = noise_base(rng, [(90, 20, 6), (180, 70, 18), (230, 150, 60)], cells=4, lo=20, hi=255)
    grid = jitter_grid(rng, 3, 0.3)
    crust = Image.new("L", (S, S), 0)
    w = Wrap(crust)
    for j in range(3):
        for i in range(3):
            quad = [grid[j][i], grid[j][i + 1], grid[j + 1][i + 1], grid[j + 1][i]]
            w.polygon(inset(quad, rng.uniform(5, 10)), fill=255)
    glow = wrap_blur(ImageOps.invert(crust), 10)
    fill_mask(img, glow, (255, 140, 40), 0.35)
    rock = noise_base(rng, [(18, 14, 12), (40, 32, 28), (64, 52, 44)], cells=8, lo=40, hi=220)
    fill_mask(img, crust, rock)
    bevel(img, crust, 3, light=0.2, dark=0.4, blur=1)
    rim = ImageChops.subtract(crust, ImageChops.offset(wrap_blur(crust, 6).point(lambda v: 255 if v > 250 else 0), 0, 0))
    fill_mask(img, rim, (200, 70, 20), 0.35)
    return img


def void(rng):
    img = noise_base(rng, [(6, 6, 10), (16, 12, 24), (34, 24, 46)], cells=3, lo=0, hi=200)
    stars = speckle(S, rng, 0.0015)
    fill_mask(img, wrap_blur(stars, 0.8), (170, 160, 200), 0.7)
    fill_mask(img, stars, (200, 196, 220), 0.5)
    return img


def tile_white(rng):
    return ceramic(rng, 2, [(168, 170, 166), (160, 163, 160), (174, 174, 170)], (96, 100, 100), gloss=0.22)


def moss(rng):
    img = stone_a(rng)
    cover = threshold(fractal_noise(S, rng, base_cells=3, octaves=5), 120, 50)
    tex = rgba(colorize(levels(fractal_noise(S, rng, base_cells=16, octaves=3), 40, 220),
                        [(34, 50, 22), (66, 90, 38), (104, 126, 58)]))
    fill_mask(img, cover, tex, 0.9)
    return img


RECIPES: dict[str, Callable[[random.Random], Image.Image]] = {
    "concrete_a": concrete_a, "concrete_b": concrete_b, "concrete_c": concrete_c, "cracked": cracked,
    "rubble": rubble, "dirt": dirt, "metal_plate": metal_plate, "grate": grate,
    "tiles_a": tiles_a, "tiles_b": tiles_b, "carpet": carpet, "grass": grass, "mud": mud, "sand": sand,
    "water": water, "broken_tiles": broken_tiles,
    "tech_a": tech_a, "tech_b": tech_b, "tech_c": tech_c, "panel": panel, "grate_dark": grate_dark,
    "hazard_stripes": hazard_stripes, "blood": blood, "slime": slime,
    "stone_a": stone_a, "stone_b": stone_b, "metal_dark": metal_dark, "lava": lava, "void": void,
    "carpet_red": carpet_red, "tile_white": tile_white, "moss": moss,
}
assert list(RECIPES) == NAMES, "recipe order must match the fixed tileset layout"


def render_tile(name: str) -> Image.Image:
    painted = RECIPES[name](rng_for("floor", name)).convert("RGB")
    small = mosaic(painted).resize((T * 3, T * 3), Image.LANCZOS)
    return small.crop((T, T, 2 * T, 2 * T))


def build(subset: bool = False) -> Output:
    del subset  # the tileset is one image with a fixed layout: always built whole
    out = Output()
    sheet = Image.new("RGB", (T * COLS, T * ROWS))
    for idx, name in enumerate(NAMES):
        sheet.paste(render_tile(name), ((idx % COLS) * T, (idx // COLS) * T))
    tables: dict[str, dict[str, object]] = {"tiles": {str(i): n for i, n in enumerate(NAMES)}}
    out.add("tiles/floors.png", sheet)
    out.texts["tiles/floors.toml"] = toml_doc(
        "Floor tileset: tile index (row * 8 + col) -> name. floors.png is 8 x 4 tiles of 64 x 64 px,\n"
        "no margin, no spacing. Rows 0-1: Gears, rows 2-3: Doom. Every tile repeats seamlessly.",
        tables,
        top={"file": "floors.png", "px": [T * COLS, T * ROWS], "tile_width": T, "tile_height": T, "columns": COLS, "rows": ROWS,
             "count": len(NAMES)},
    )
    return out
