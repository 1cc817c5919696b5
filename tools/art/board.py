"""Board overlays with alpha: walls, doors, cover, emergence holes, level lines, Doom props.

Sizes assume a 64 px map square (the floor tileset's). Strips (wall, level line) repeat along x;
doors span one square edge (64 px long, centred on the edge line). Every piece casts its soft
shadow down-right inside its own image.
"""
from __future__ import annotations

import math

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps

from . import glyphs as G
from .core import (RGB, SS, Output, Pen, bevel, colorize, down, drop_shadow, emboss_glyph, fill_mask,
                   fractal_noise, glyph_mask, gradient_fill, inner_shadow, levels, noise_texture, rng_for, shade,
                   toml_doc)

SQ = 64
KEY_COLORS: dict[str, RGB] = {"red": (196, 48, 40), "blue": (46, 108, 196), "yellow": (222, 184, 40)}


def canvas(w: int, h: int) -> Image.Image:
    return Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))


def mask(img: Image.Image) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    m = Image.new("L", img.size, 0)
    return m, ImageDraw.Draw(m)


def textured(size: tuple[int, int], name: str, stops, cells: int = 8) -> Image.Image:
    n = levels(fractal_noise(max(size), rng_for("board-tex", name), base_cells=cells, octaves=4), 50, 210)
    return colorize(n.crop((0, 0) + size), stops).convert("RGBA")


def hstrip(img: Image.Image, out_w: int, out_h: int) -> Image.Image:
    """Downsample a horizontally repeating strip via a 3-wide mosaic so its ends still meet."""
    w, h = img.size
    big = Image.new("RGBA", (w * 3, h))
    for i in range(3):
        big.paste(img, (i * w, 0))
    small = down(big, (out_w * 3, out_h))
    return small.crop((out_w, 0, out_w * 2, out_h))


# --- strips -----------------------------------------------------------------------------------

def wall(name: str, stops, accent: RGB | None) -> Image.Image:
    W, H = SQ * SS, 16 * SS
    # square tileable noise cropped to a band: columns wrap, so the strip repeats along x
    n = levels(fractal_noise(W, rng_for("wall", name), base_cells=8, octaves=4), 50, 210).crop((0, 0, W, H))
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    body = Image.new("L", (W, H), 0)
    ImageDraw.Draw(body).rectangle((0, 1 * SS, W, 12 * SS), fill=255)
    sh = Image.new("L", (W, H), 0)
    ImageDraw.Draw(sh).rectangle((0, 3 * SS, W, 14 * SS), fill=255)
    sh = hblur(sh, 1.5 * SS)
    fill_mask(img, sh, (0, 0, 0), 0.5)
    fill_mask(img, body, colorize(n, stops).convert("RGBA"))
    d = ImageDraw.Draw(img)
    # top face highlight and bottom edge: light from the top-left
    fill_mask(img, band(W, H, 1, 3), (255, 255, 255), 0.22)
    fill_mask(img, band(W, H, 10, 12), (0, 0, 0), 0.4)
    joints = Image.new("L", (W, H), 0)
    jd = ImageDraw.Draw(joints)
    for x in (0, W // 2):
        jd.rectangle((x, 1 * SS, x + SS // 2, 12 * SS), fill=255)
    fill_mask(img, joints, (0, 0, 0), 0.45)
    if accent is not None:
        fill_mask(img, band(W, H, 6, 7), accent, 0.8)
        glow = band(W, H, 6, 7).filter(ImageFilter.GaussianBlur(SS))
        fill_mask(img, glow, accent, 0.35)
    del d
    return hstrip(img, SQ, 16)


def band(W: int, H: int, y0: float, y1: float) -> Image.Image:
    m = Image.new("L", (W, H), 0)
    ImageDraw.Draw(m).rectangle((0, int(y0 * SS), W, int(y1 * SS) - 1), fill=255)
    return m


def hblur(m: Image.Image, r: float) -> Image.Image:
    return m.filter(ImageFilter.GaussianBlur(r))


def level_line() -> Image.Image:
    """Ledge/stairs line: ochre dashes with a dark keyline, 2 dashes per 64 px."""
    W, H = SQ * SS, 8 * SS
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    m = Image.new("L", (W, H), 0)
    d = ImageDraw.Draw(m)
    for x in (4, 36):
        d.rounded_rectangle((x * SS, 2 * SS, (x + 22) * SS, 6 * SS), radius=2 * SS, fill=255)
    outline = m.filter(ImageFilter.MaxFilter(5))
    fill_mask(img, outline, (24, 20, 14), 0.85)
    fill_mask(img, m, gradient_fill((W, H), (150, 112, 40), (236, 190, 90), "vertical"))
    return hstrip(img, SQ, 8)


# --- doors ------------------------------------------------------------------------------------

def door(state: str, key: str | None) -> Image.Image:
    w, h = SQ, 24
    img = canvas(w, h)
    W, H = img.size
    posts, pd = mask(img)
    for x0 in (0, w - 8):
        pd.rounded_rectangle((x0 * SS, 2 * SS, (x0 + 8) * SS, 20 * SS), radius=2 * SS, fill=255)
    slab, sd = mask(img)
    if state == "closed":
        sd.rectangle((7 * SS, 6 * SS, (w - 7) * SS, 16 * SS), fill=255)
    else:  # open: two leaves slid back into the posts, threshold visible
        sd.rectangle((7 * SS, 6 * SS, 14 * SS, 16 * SS), fill=255)
        sd.rectangle(((w - 14) * SS, 6 * SS, (w - 7) * SS, 16 * SS), fill=255)
    caster = ImageChops.lighter(posts, slab)
    drop_shadow(img, caster, (2 * SS, 3 * SS), 2 * SS, 0.55)
    if state == "open":
        th, tdraw = mask(img)
        for x in range(14, w - 14, 6):
            tdraw.rectangle((x * SS, 10 * SS, (x + 3) * SS, 12 * SS), fill=255)
        fill_mask(img, th, (200, 190, 160) if key is None else KEY_COLORS[key], 0.7)
    metal = gradient_fill(img.size, (70, 72, 70), (150, 150, 142), "vertical")
    slab_col = (96, 82, 60) if key is None else shade(KEY_COLORS[key], -0.25)
    fill_mask(img, slab, gradient_fill(img.size, shade(slab_col, -0.3), shade(slab_col, 0.2), "vertical"))
    noise_texture(img, rng_for("door", state, key), 0.3, cells=16, mask=slab)
    if state == "closed":
        det, dd = mask(img)
        if key is None:
            for x in range(12, w - 10, 8):
                dd.line((x * SS, 7 * SS, x * SS, 15 * SS), fill=255, width=SS)
        else:  # hazard chevrons for security doors
            for x in range(10, w - 12, 8):
                dd.polygon([(x * SS, 7 * SS), ((x + 4) * SS, 11 * SS), (x * SS, 15 * SS), ((x + 2) * SS, 15 * SS),
                            ((x + 6) * SS, 11 * SS), ((x + 2) * SS, 7 * SS)], fill=255)
        fill_mask(img, det, (0, 0, 0), 0.45)
        hm, hd = mask(img)
        hd.rounded_rectangle(((w / 2 - 3) * SS, 9 * SS, (w / 2 + 3) * SS, 13 * SS), radius=SS, fill=255)
        fill_mask(img, hm, (210, 206, 190))
        bevel(img, hm, SS, 0.5, 0.4)
    bevel(img, slab, SS, 0.35, 0.45)
    fill_mask(img, posts, metal)
    bevel(img, posts, SS, 0.45, 0.5)
    if key is not None:
        lm, ld = mask(img)
        for x0 in (2, w - 6):
            ld.ellipse((x0 * SS, 4 * SS, (x0 + 4) * SS, 8 * SS), fill=255)
        fill_mask(img, lm.filter(ImageFilter.GaussianBlur(SS * 1.5)), KEY_COLORS[key], 0.8)
        fill_mask(img, lm, shade(KEY_COLORS[key], 0.45))
    return down(img, (w, h))


# --- cover, holes, icons ----------------------------------------------------------------------

def sandbags() -> Image.Image:
    s = 48
    img = canvas(s, s)
    rng = rng_for("sandbags")
    bags = []
    for row, (y, n, off) in enumerate(((14, 3, 4), (24, 4, -2), (34, 3, 4))):
        for i in range(n):
            x = 5 + off + i * (38 / max(n - 1, 1)) * (0.82 if n == 3 else 1)
            bags.append((x + rng.uniform(-1, 1), y + rng.uniform(-1, 1)))
    for bx, by in bags:
        m, d = mask(img)
        d.rounded_rectangle(((bx - 7) * SS, (by - 5.5) * SS, (bx + 7) * SS, (by + 5.5) * SS), radius=5 * SS, fill=255)
        drop_shadow(img, m, (SS * 2, SS * 2), SS * 1.5, 0.6)
        fill_mask(img, m, gradient_fill(img.size, (92, 76, 48), (176, 152, 104), "radial"))
        noise_texture(img, rng, 0.35, cells=24, mask=m)
        st, sd = mask(img)
        sd.line(((bx - 5) * SS, by * SS, (bx + 5) * SS, by * SS), fill=255, width=SS // 2)
        fill_mask(img, st, (60, 48, 30), 0.5)
        bevel(img, m, SS, 0.3, 0.35, blur=SS / 2)
    return down(img, (s, s))


def barricade() -> Image.Image:
    """A concrete barrier block, seen from above and a little from the front."""
    s = 48
    img = canvas(s, s)
    m, d = mask(img)
    d.polygon([(4 * SS, 18 * SS), (44 * SS, 18 * SS), (42 * SS, 34 * SS), (6 * SS, 34 * SS)], fill=255)
    drop_shadow(img, m, (2 * SS, 3 * SS), 2 * SS, 0.6)
    fill_mask(img, m, textured(img.size, "barricade", [(70, 68, 62), (118, 114, 104), (160, 154, 140)]))
    top, td = mask(img)
    td.rectangle((6 * SS, 18 * SS, 42 * SS, 24 * SS), fill=255)
    fill_mask(img, top, (255, 255, 255), 0.18)
    stripes, sd = mask(img)
    for x in range(8, 40, 10):
        sd.polygon([(x * SS, 26 * SS), ((x + 5) * SS, 26 * SS), ((x + 3) * SS, 32 * SS), ((x - 2) * SS, 32 * SS)], fill=255)
    fill_mask(img, stripes, (190, 150, 50), 0.75)
    bevel(img, m, SS, 0.35, 0.45)
    return down(img, (s, s))


def cover_arrow() -> Image.Image:
    s = 48
    img = canvas(s, s)
    m = glyph_mask(G.chevron_up, img.size, img.width / 2, img.height / 2, img.width * 0.4)
    out = m.filter(ImageFilter.MaxFilter(9))
    drop_shadow(img, out, (2 * SS, 2 * SS), 2 * SS, 0.55)
    fill_mask(img, out, (24, 20, 14))
    fill_mask(img, m, gradient_fill(img.size, (170, 120, 30), (250, 204, 96), "diagonal"))
    bevel(img, m, SS, 0.4, 0.35)
    return down(img, (s, s))


def hole(state: str) -> Image.Image:
    s = 64
    img = canvas(s, s)
    W = img.width
    rng = rng_for("hole")
    c = W / 2
    rim_pts, pit_pts = [], []
    for i in range(22):
        a = 2 * math.pi * i / 22
        rim_pts.append((c + math.cos(a) * W * rng.uniform(0.40, 0.46), c + math.sin(a) * W * rng.uniform(0.40, 0.46)))
        pit_pts.append((c + math.cos(a) * W * rng.uniform(0.26, 0.32), c + math.sin(a) * W * rng.uniform(0.26, 0.32)))
    rim, rd = mask(img)
    rd.polygon(rim_pts, fill=255)
    drop_shadow(img, rim, (2 * SS, 3 * SS), 2 * SS, 0.55)
    fill_mask(img, rim, textured(img.size, "hole-rim", [(48, 40, 32), (98, 84, 64), (140, 122, 92)]))
    # rocky chunks heaved up round the rim
    chunks, cd = mask(img)
    for i in range(12):
        a = 2 * math.pi * (i + rng.uniform(-0.2, 0.2)) / 12
        rr = W * 0.36
        x, y, r = c + math.cos(a) * rr, c + math.sin(a) * rr, W * rng.uniform(0.04, 0.07)
        cd.polygon([(x + r * math.cos(b), y + r * math.sin(b) * 0.8) for b in
                    [k * 2 * math.pi / 6 + rng.uniform(-0.3, 0.3) for k in range(6)]], fill=255)
    fill_mask(img, chunks, textured(img.size, "hole-chunk", [(60, 52, 42), (120, 104, 80), (170, 150, 116)]))
    bevel(img, chunks, SS, 0.4, 0.5)
    bevel(img, rim, SS, 0.3, 0.4)
    pit, pd = mask(img)
    pd.polygon(pit_pts, fill=255)
    if state == "open":
        fill_mask(img, pit, gradient_fill(img.size, (8, 4, 4), (70, 24, 14), "radial"))
        glow = Image.new("L", img.size, 0)
        ImageDraw.Draw(glow).ellipse((c - W * 0.1, c - W * 0.08, c + W * 0.12, c + W * 0.12), fill=255)
        fill_mask(img, ImageChops.multiply(glow.filter(ImageFilter.GaussianBlur(W * 0.06)), pit), (190, 60, 20), 0.55)
        inner_shadow(img, pit, 3 * SS, 3 * SS, 0.8)
    else:  # sealed: a riveted steel cap jammed into the pit
        fill_mask(img, pit, (10, 8, 8), 0.9)
        cap, kd = mask(img)
        kd.ellipse((c - W * 0.3, c - W * 0.3, c + W * 0.3, c + W * 0.3), fill=255)
        drop_shadow(img, cap, (SS * 2, SS * 2), SS * 2, 0.6)
        fill_mask(img, cap, gradient_fill(img.size, (60, 62, 62), (150, 150, 144), "diagonal"))
        noise_texture(img, rng, 0.3, cells=16, mask=cap)
        ring, gd = mask(img)
        gd.ellipse((c - W * 0.22, c - W * 0.22, c + W * 0.22, c + W * 0.22), outline=255, width=SS)
        fill_mask(img, ring, (20, 20, 20), 0.5)
        bolts, bd = mask(img)
        for i in range(6):
            a = 2 * math.pi * i / 6 + 0.3
            x, y = c + math.cos(a) * W * 0.26, c + math.sin(a) * W * 0.26
            bd.ellipse((x - 1.5 * SS, y - 1.5 * SS, x + 1.5 * SS, y + 1.5 * SS), fill=255)
        fill_mask(img, bolts, (180, 178, 170))
        bevel(img, bolts, SS // 2, 0.5, 0.6)
        bevel(img, cap, SS, 0.45, 0.5)
        hz, hd = mask(img)
        hd.line((c - W * 0.16, c + W * 0.16, c + W * 0.16, c - W * 0.16), fill=255, width=3 * SS)
        fill_mask(img, hz, (200, 150, 40), 0.85)
    return down(img, (s, s))


def icon_disc(name: str, glyph, ink: RGB, plate: RGB, size: int = 48, shape: str = "disc") -> Image.Image:
    img = canvas(size, size)
    W = img.width
    m, d = mask(img)
    r = W * 0.42
    if shape == "disc":
        d.ellipse((W / 2 - r, W / 2 - r, W / 2 + r, W / 2 + r), fill=255)
    else:
        d.rounded_rectangle((W / 2 - r, W / 2 - r, W / 2 + r, W / 2 + r), radius=W * 0.1, fill=255)
    drop_shadow(img, m, (2 * SS, 3 * SS), 2 * SS, 0.55)
    fill_mask(img, m, gradient_fill(img.size, shade(plate, -0.45), shade(plate, 0.25), "diagonal"))
    noise_texture(img, rng_for("icon", name), 0.25, cells=16, mask=m)
    bevel(img, m, SS, 0.45, 0.5)
    g = glyph_mask(glyph, img.size, W / 2, W / 2, r * 0.7)
    emboss_glyph(img, ImageChops.multiply(g, m), ink, depth=SS)
    return down(img, (size, size))


def keycard(colour: str) -> Image.Image:
    s = 48
    img = canvas(s, s)
    W = img.width
    m = glyph_mask(G.key_icon, img.size, W / 2, W / 2, W * 0.42)
    body, bd = mask(img)
    bd.rounded_rectangle((W / 2 - W * 0.336, W / 2 - W * 0.218, W / 2 + W * 0.336, W / 2 + W * 0.218),
                         radius=W * 0.06, fill=255)
    drop_shadow(img, body, (2 * SS, 3 * SS), 2 * SS, 0.55)
    c = KEY_COLORS[colour]
    fill_mask(img, body, (26, 26, 28))
    fill_mask(img, m, gradient_fill(img.size, shade(c, -0.35), shade(c, 0.3), "diagonal"))
    bevel(img, m, SS, 0.45, 0.4)
    return down(img, (s, s))


def barrel() -> Image.Image:
    s = SQ
    img = canvas(s, s)
    W = img.width
    c, r = W / 2, W * 0.36
    m, d = mask(img)
    d.ellipse((c - r, c - r, c + r, c + r), fill=255)
    drop_shadow(img, m, (3 * SS, 4 * SS), 3 * SS, 0.6)
    fill_mask(img, m, gradient_fill(img.size, (30, 54, 34), (96, 140, 80), "radial"))
    noise_texture(img, rng_for("barrel"), 0.3, cells=16, mask=m)
    rings, rd = mask(img)
    for k in (0.98, 0.72):
        rr = r * k
        rd.ellipse((c - rr, c - rr, c + rr, c + rr), outline=255, width=2 * SS)
    fill_mask(img, rings, (20, 30, 20), 0.6)
    lid, ld = mask(img)
    ld.ellipse((c + r * 0.2, c - r * 0.5, c + r * 0.5, c - r * 0.2), fill=255)
    fill_mask(img, lid, (30, 30, 30))
    bevel(img, lid, SS, 0.0, 0.5)
    tri = glyph_mask(G.warning, img.size, c - r * 0.12, c + r * 0.12, r * 0.42)
    fill_mask(img, tri, (200, 190, 60), 0.9)
    ooze, od = mask(img)
    od.ellipse((c - r * 0.2, c - r * 0.7, c + r * 0.05, c - r * 0.5), fill=255)
    fill_mask(img, ooze, (140, 220, 90), 0.7)
    bevel(img, m, SS * 2, 0.35, 0.45, blur=SS)
    return down(img, (s, s))


def obstacle() -> Image.Image:
    """Two stacked supply crates, blocking the square."""
    s = SQ
    img = canvas(s, s)
    W = img.width
    for (x0, y0, x1, y1, tone) in ((6, 10, 40, 44, 0.0), (28, 24, 58, 56, -0.1)):
        m, d = mask(img)
        d.rectangle((x0 * SS, y0 * SS, x1 * SS, y1 * SS), fill=255)
        drop_shadow(img, m, (3 * SS, 4 * SS), 3 * SS, 0.6)
        base = shade((86, 92, 96), tone)
        fill_mask(img, m, gradient_fill(img.size, shade(base, -0.35), shade(base, 0.25), "diagonal"))
        noise_texture(img, rng_for("obstacle", x0), 0.3, cells=16, mask=m)
        det, dd = mask(img)
        inset = 4
        dd.rectangle(((x0 + inset) * SS, (y0 + inset) * SS, (x1 - inset) * SS, (y1 - inset) * SS), outline=255, width=SS)
        dd.line(((x0 + inset) * SS, (y0 + inset) * SS, (x1 - inset) * SS, (y1 - inset) * SS), fill=255, width=SS)
        fill_mask(img, det, (20, 24, 26), 0.55)
        stripe, sd = mask(img)
        sd.rectangle((x0 * SS, y0 * SS, x1 * SS, (y0 + 2) * SS), fill=255)
        fill_mask(img, stripe, (52, 160, 150), 0.7)
        bevel(img, m, SS, 0.4, 0.5)
    del W
    return down(img, (s, s))


def hazard_plate() -> Image.Image:
    s = SQ
    img = canvas(s, s)
    W = img.width
    m, d = mask(img)
    d.rounded_rectangle((6 * SS, 6 * SS, 58 * SS, 58 * SS), radius=6 * SS, fill=255)
    drop_shadow(img, m, (2 * SS, 3 * SS), 2 * SS, 0.5)
    stripes = Image.new("L", img.size, 0)
    sd = ImageDraw.Draw(stripes)
    for k in range(-8, 16):
        x = k * 8 * SS
        sd.polygon([(x, 0), (x + 4 * SS, 0), (x + 4 * SS - W, W), (x - W, W)], fill=255)
    fill_mask(img, m, (24, 22, 18))
    fill_mask(img, ImageChops.multiply(stripes, m), (196, 160, 40))
    inner, idr = mask(img)
    idr.rounded_rectangle((14 * SS, 14 * SS, 50 * SS, 50 * SS), radius=4 * SS, fill=255)
    fill_mask(img, inner, (30, 28, 24))
    inner_shadow(img, inner, SS * 2, SS * 2, 0.6)
    g = glyph_mask(G.warning, img.size, W / 2, W / 2 - SS, 14 * SS)
    emboss_glyph(img, g, (226, 186, 50), depth=SS)
    bevel(img, m, SS, 0.35, 0.45)
    return down(img, (s, s))


def teleporter() -> Image.Image:
    s = SQ
    img = canvas(s, s)
    W = img.width
    c = W / 2
    teal = (60, 200, 186)
    m, d = mask(img)
    d.ellipse((c - W * 0.45, c - W * 0.45, c + W * 0.45, c + W * 0.45), fill=255)
    drop_shadow(img, m, (2 * SS, 3 * SS), 2 * SS, 0.55)
    fill_mask(img, m, gradient_fill(img.size, (26, 32, 36), (96, 108, 112), "diagonal"))
    bevel(img, m, SS, 0.4, 0.5)
    pad, pd = mask(img)
    pd.ellipse((c - W * 0.35, c - W * 0.35, c + W * 0.35, c + W * 0.35), fill=255)
    fill_mask(img, pad, gradient_fill(img.size, (4, 20, 22), (20, 90, 86), "radial"))
    inner_shadow(img, pad, SS * 2, SS * 2, 0.6)
    rings, rd = mask(img)
    for k in (0.3, 0.2, 0.1):
        rd.ellipse((c - W * k, c - W * k, c + W * k, c + W * k), outline=255, width=SS * 2)
    fill_mask(img, rings.filter(ImageFilter.GaussianBlur(SS * 2)), teal, 0.8)
    fill_mask(img, rings, (190, 250, 240), 0.8)
    studs, sd = mask(img)
    for i in range(8):
        a = 2 * math.pi * i / 8
        x, y = c + math.cos(a) * W * 0.4, c + math.sin(a) * W * 0.4
        sd.ellipse((x - 2 * SS, y - 2 * SS, x + 2 * SS, y + 2 * SS), fill=255)
    fill_mask(img, studs.filter(ImageFilter.GaussianBlur(SS)), teal, 0.8)
    fill_mask(img, studs, (200, 255, 246))
    return down(img, (s, s))


def vent() -> Image.Image:
    s = SQ
    img = canvas(s, s)
    m, d = mask(img)
    d.rounded_rectangle((8 * SS, 8 * SS, 56 * SS, 56 * SS), radius=4 * SS, fill=255)
    drop_shadow(img, m, (2 * SS, 3 * SS), 2 * SS, 0.5)
    fill_mask(img, m, gradient_fill(img.size, (40, 46, 48), (120, 128, 128), "diagonal"))
    noise_texture(img, rng_for("vent"), 0.25, cells=16, mask=m)
    bevel(img, m, SS, 0.45, 0.5)
    slots, sd = mask(img)
    for y in range(15, 50, 6):
        sd.rounded_rectangle((14 * SS, y * SS, 50 * SS, (y + 3) * SS), radius=SS, fill=255)
    fill_mask(img, slots, (6, 10, 10))
    lips, ld = mask(img)
    for y in range(15, 50, 6):
        ld.rectangle((14 * SS, (y + 3) * SS, 50 * SS, (y + 4) * SS), fill=255)
    fill_mask(img, lips, (255, 255, 255), 0.25)
    bolts, bd = mask(img)
    for x, y in ((11, 11), (53, 11), (11, 53), (53, 53)):
        bd.ellipse(((x - 1.6) * SS, (y - 1.6) * SS, (x + 1.6) * SS, (y + 1.6) * SS), fill=255)
    fill_mask(img, bolts, (170, 172, 168))
    bevel(img, bolts, SS // 2, 0.5, 0.6)
    return down(img, (s, s))


def build(subset: bool = False) -> Output:
    del subset  # board pieces are cheap: always built whole
    out = Output()
    entries: dict[str, dict[str, object]] = {}

    def put(name: str, img: Image.Image, note: str, squares: tuple[int, int] | None = None) -> None:
        out.add(f"board/{name}.png", img)
        e: dict[str, object] = {"file": f"{name}.png", "px": [img.width, img.height], "note": note}
        if squares is not None:
            e["squares"] = list(squares)
        entries[name] = e

    put("wall", wall("gears", [(52, 50, 46), (96, 92, 84), (136, 130, 118)], None),
        "wall stroke, repeats along x; centre row on the wall line")
    put("wall_doom", wall("doom", [(26, 30, 34), (54, 62, 66), (82, 90, 94)], (52, 170, 158)),
        "Doom wall stroke with a teal light strip; repeats along x")
    put("level_line", level_line(), "level line (ledge/stairs) dashes; repeats along x")
    for key in (None, "red", "blue", "yellow"):
        for state in ("closed", "open"):
            name = f"door_{state}" if key is None else f"door_{key}_{state}"
            put(name, door(state, key), "door across one square edge; centre on the edge, rotate for vertical edges")
    put("cover_sandbags", sandbags(), "cover marker (sandbags), centred on the cover spot")
    put("cover_barricade", barricade(), "cover marker (concrete barrier), centred on the cover spot")
    put("cover_arrow", cover_arrow(), "cover arrow pointing up (north); rotate to the cover direction")
    put("hole_open", hole("open"), "emergence hole, open", (1, 1))
    put("hole_sealed", hole("sealed"), "emergence hole, sealed", (1, 1))
    put("equipment", icon_disc("equipment", G.crate_icon, (220, 210, 170), (90, 100, 60)), "equipment marker")
    put("obstacle", obstacle(), "Doom blocking obstacle", (1, 1))
    put("barrel", barrel(), "Doom explosive barrel", (1, 1))
    put("hazard", hazard_plate(), "Doom hazard square", (1, 1))
    put("teleporter", teleporter(), "Doom teleporter pad", (1, 1))
    put("vent", vent(), "Doom vent / duct opening", (1, 1))
    for colour in KEY_COLORS:
        put(f"key_{colour}", keycard(colour), f"Doom {colour} keycard")
    put("encounter", icon_disc("encounter", G.encounter, (236, 190, 90), (70, 40, 60)), "Doom encounter marker")
    out.texts["board/board.toml"] = toml_doc(
        "Board overlays (RGBA): name -> file (relative to this folder), pixel size, note.\n"
        "Drawn for a 64 px map square; scale by (square / 64). 'squares' marks pieces that fill\n"
        "whole squares. Strips (wall*, level_line) repeat along x with no seam.",
        entries, top={"px_per_square": SQ})
    return out
