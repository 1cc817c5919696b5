"""Figure tokens: round (or stadium-shaped for 2x1) pieces with an embossed glyph.

96 px per square, drawn at 4x. Players get an Okabe-Ito face colour AND a cue shape (badge plus
a ring of the same shape round the rim), so colour is never the only cue. Enemies have a toothed
rim so they read as hostile at a glance even in greyscale.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from . import glyphs as G
from .core import (RGB, SS, Glyph, Output, Pen, bevel, down, drop_shadow, emboss_glyph, fill_mask,
                   glyph_mask, gradient_fill, hex_rgb, inner_shadow, noise_texture, rng_for, shade, toml_doc)

SQUARE = 96  # px per map square in the token images; the UI scales to its own square size

OKABE_ITO = [("orange", "#E69F00"), ("sky", "#56B4E9"), ("green", "#009E73"), ("yellow", "#F0E442"),
             ("blue", "#0072B2"), ("vermillion", "#D55E00"), ("purple", "#CC79A7")]

GUNMETAL = (92, 96, 100)
IRON = (70, 58, 54)
BONE = (222, 208, 178)
EMBER = (240, 134, 58)
LOCUST_FACE = (112, 22, 20)
INVADER_FACE = (66, 30, 24)


@dataclass(frozen=True)
class TokenSpec:
    name: str
    game: str
    kind: str            # player | enemy
    glyph: Glyph
    face: RGB
    rim: RGB
    ink: RGB
    squares: tuple[int, int] = (1, 1)
    cue: str | None = None
    color: str | None = None
    wide_glyph: float = 1.0  # horizontal stretch of the glyph on 2x1 tokens


def luminance(c: RGB) -> float:
    return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255


def players() -> list[TokenSpec]:
    specs = []
    for game, glyph, prefix in (("gears", G.cog_soldier, "cog"), ("doom", G.marine, "marine")):
        for i, ((cname, hexc), cue) in enumerate(zip(OKABE_ITO, G.CUES), start=1):
            face = hex_rgb(hexc)
            ink = (24, 24, 26) if luminance(face) > 0.42 else (240, 238, 230)
            rim = GUNMETAL if game == "gears" else (74, 86, 74)
            specs.append(TokenSpec(f"{prefix}_p{i}", game, "player", glyph, face, rim, ink,
                                   cue=cue, color=hexc))
    return specs


LOCUST = [("drone", G.drone), ("grenadier", G.grenadier), ("boomer", G.boomer), ("wretch", G.wretch),
          ("theron", G.theron), ("kantus", G.kantus), ("berserker", G.berserker), ("general_raam", G.raam),
          ("butcher", G.butcher), ("feral_berserker", G.feral_berserker)]

# Footprints follow rules/doom.md 7.1 (demon 1x2, hell knight / mancubus / cyberdemon 2x2) and the
# expansion table (maggot 1x2, cacodemon 2x2); the baron is hell-knight sized (fan campaign).
INVADERS = [("zombie", G.zombie, (1, 1)), ("imp", G.imp, (1, 1)), ("demon", G.demon, (2, 1)),
            ("trite", G.trite, (1, 1)), ("maggot", G.maggot, (2, 1)), ("cacodemon", G.cacodemon, (2, 2)),
            ("hell_knight", G.hell_knight, (2, 2)), ("mancubus", G.mancubus, (2, 2)),
            ("archvile", G.archvile, (1, 1)), ("revenant", G.revenant, (1, 1)),
            ("cyberdemon", G.cyberdemon, (2, 2)), ("baron", G.baron, (2, 2))]


def enemies() -> list[TokenSpec]:
    specs = [TokenSpec(n, "gears", "enemy", g, LOCUST_FACE, IRON, BONE) for n, g in LOCUST]
    specs += [TokenSpec(n, "doom", "enemy", g, INVADER_FACE, (88, 64, 44), EMBER, squares=sq,
                        wide_glyph=1.5 if sq == (2, 1) else 1.0) for n, g, sq in INVADERS]
    return specs


def all_specs() -> list[TokenSpec]:
    return players() + enemies()


# --- shape ------------------------------------------------------------------------------------

def stadium(w: float, h: float, cx: float, cy: float, n: int) -> list[tuple[float, float, float, float]]:
    """n points round a stadium (a disc when w == h): (x, y, normal_x, normal_y)."""
    r = min(w, h) / 2
    straight = max(w, h) - 2 * r
    horiz = w >= h
    perim = 2 * math.pi * r + 2 * straight
    out = []
    for i in range(n):
        t = perim * i / n
        # walk: right semicircle, bottom straight, left semicircle, top straight (for horizontal)
        if t < math.pi * r:
            a = -math.pi / 2 + t / r
            ox, oy = straight / 2, 0.0
            nx, ny = math.cos(a), math.sin(a)
            x, y = ox + r * nx, oy + r * ny
        elif t < math.pi * r + straight:
            d = t - math.pi * r
            x, y, nx, ny = straight / 2 - d, r, 0.0, 1.0
        elif t < 2 * math.pi * r + straight:
            a = math.pi / 2 + (t - math.pi * r - straight) / r
            nx, ny = math.cos(a), math.sin(a)
            x, y = -straight / 2 + r * nx, r * ny
        else:
            d = t - 2 * math.pi * r - straight
            x, y, nx, ny = -straight / 2 + d, -r, 0.0, -1.0
        if not horiz:
            x, y, nx, ny = y, x, ny, nx
        out.append((cx + x, cy + y, nx, ny))
    return out


def shape_mask(size: tuple[int, int], w: float, h: float, teeth: int = 0, tooth: float = 0.0) -> Image.Image:
    m = Image.new("L", size, 0)
    cx, cy = size[0] / 2, size[1] / 2
    if teeth:
        pts = stadium(w - 2 * tooth, h - 2 * tooth, cx, cy, teeth * 2)
        poly = [(x + nx * (tooth if i % 2 == 0 else 0), y + ny * (tooth if i % 2 == 0 else 0))
                for i, (x, y, nx, ny) in enumerate(pts)]
        ImageDraw.Draw(m).polygon(poly, fill=255)
    else:
        r = min(w, h) / 2
        ImageDraw.Draw(m).rounded_rectangle((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), radius=r, fill=255)
    return m


# --- render -----------------------------------------------------------------------------------

def render(spec: TokenSpec) -> Image.Image:
    ss = SS
    W, H = spec.squares[0] * SQUARE * ss, spec.squares[1] * SQUARE * ss
    size = (W, H)
    margin = 7 * ss
    bw, bh = W - 2 * margin, H - 2 * margin
    R = min(bw, bh) / 2
    rim_w = max(4.5 * ss, R * 0.13)
    canvas = Image.new("RGBA", size, (0, 0, 0, 0))
    rng = rng_for("token", spec.name)

    enemy = spec.kind == "enemy"
    teeth = int((2 * math.pi * R + 2 * abs(bw - bh)) / (7 * ss)) if enemy else 0
    body = shape_mask(size, bw, bh, teeth, 3.2 * ss if enemy else 0)
    drop_shadow(canvas, body, (int(2.5 * ss), int(3.5 * ss)), 2.6 * ss, 0.55)
    fill_mask(canvas, body, gradient_fill(size, shade(spec.rim, -0.5), shade(spec.rim, 0.45), "diagonal"))
    bevel(canvas, body, int(1.5 * ss), light=0.5, dark=0.45, blur=ss / 2)

    face = shape_mask(size, bw - 2 * rim_w, bh - 2 * rim_w)
    # a thin dark groove between rim and face, then the face recessed into the rim
    groove = shape_mask(size, bw - 2 * rim_w + 2 * ss, bh - 2 * rim_w + 2 * ss)
    fill_mask(canvas, groove, (10, 10, 12), 0.7)
    fill_mask(canvas, face, gradient_fill(size, shade(spec.face, -0.4), shade(spec.face, 0.06), "radial"))
    noise_texture(canvas, rng, 0.22, cells=24, mask=face)

    if spec.cue is not None:
        rim_pattern(canvas, spec, R, rim_w)

    # glyph
    fr = R - rim_w
    big = spec.squares == (2, 2)
    gmask = glyph_mask(spec.glyph, size, W / 2, H / 2, fr * (0.9 if big else 1.08), sx=spec.wide_glyph)
    gmask = ImageChops.multiply(gmask, face)
    emboss_glyph(canvas, gmask, spec.ink, depth=int(1.6 * ss), shadow_opacity=0.6)
    inner_shadow(canvas, face, int(2 * ss), 2 * ss, 0.5)

    # gloss: a soft highlight on the upper left of the face
    gl = Image.new("L", size, 0)
    ImageDraw.Draw(gl).ellipse((W / 2 - bw * 0.38, H / 2 - bh * 0.44, W / 2 + bw * 0.08, H / 2 - bh * 0.06), fill=255)
    gl = ImageChops.multiply(gl.filter(ImageFilter.GaussianBlur(6 * ss)), face)
    fill_mask(canvas, gl, (255, 255, 255), 0.16)

    if spec.cue is not None:
        badge(canvas, spec, R)
    return down(canvas, (W // ss, H // ss))


def rim_pattern(canvas: Image.Image, spec: TokenSpec, R: float, rim_w: float) -> None:
    """Eight tiny copies of the cue shape around the rim: a second, colour-free cue."""
    W, H = canvas.size
    m, d = Image.new("L", canvas.size, 0), None
    d = ImageDraw.Draw(m)
    r = R - rim_w / 2
    for i in range(8):
        if i == 1:  # leave room for the badge at the lower right
            continue
        a = math.radians(i * 45)
        G.cue(spec.cue)(Pen(d, W / 2 + r * math.cos(a), H / 2 + r * math.sin(a), rim_w * 0.36))
    fill_mask(canvas, m, (236, 232, 220), 0.85)
    bevel(canvas, m, 2, light=0.0, dark=0.35)


def badge(canvas: Image.Image, spec: TokenSpec, R: float) -> None:
    W, H = canvas.size
    a = math.radians(45)
    bx, by = W / 2 + R * 0.74 * math.cos(a), H / 2 + R * 0.74 * math.sin(a)
    br = R * 0.3
    disc = Image.new("L", canvas.size, 0)
    ImageDraw.Draw(disc).ellipse((bx - br, by - br, bx + br, by + br), fill=255)
    drop_shadow(canvas, disc, (SS * 2, SS * 2), SS * 1.5, 0.5)
    fill_mask(canvas, disc, gradient_fill(canvas.size, (16, 16, 18), (70, 70, 74), "diagonal"))
    ring = Image.new("L", canvas.size, 0)
    ImageDraw.Draw(ring).ellipse((bx - br, by - br, bx + br, by + br), outline=255, width=int(SS * 1.6))
    fill_mask(canvas, ring, spec.face)
    m = glyph_mask(G.cue(spec.cue), canvas.size, bx, by, br * 0.62)
    fill_mask(canvas, m, (246, 244, 236))
    bevel(canvas, m, 2, light=0.0, dark=0.3)


SUBSET = ("cog_p1", "marine_p2", "drone", "zombie", "demon", "cyberdemon")


def build(subset: bool = False) -> Output:
    out = Output()
    tables: dict[str, dict[str, object]] = {}
    for spec in all_specs():
        if subset and spec.name not in SUBSET:
            continue
        rel = f"tokens/{spec.name}.png"
        img = out.add(rel, render(spec))
        entry: dict[str, object] = {"file": f"{spec.name}.png", "squares": list(spec.squares),
                                    "px": [img.width, img.height], "game": spec.game, "kind": spec.kind}
        if spec.color is not None:
            entry["color"] = spec.color
            entry["cue"] = spec.cue
        tables[spec.name] = entry
    out.texts["tokens/tokens.toml"] = toml_doc(
        "Figure tokens: name -> file (relative to this folder), footprint in map squares (w, h),\n"
        "pixel size (96 px per square; scale to the board's square size), game and kind.\n"
        "Player tokens p1..p7 carry an Okabe-Ito colour and a cue shape (badge + rim ring);\n"
        "p1..p4 are the main seats, p5..p7 extras. 2x1 tokens are horizontal: rotate 90 degrees\n"
        "for a vertical figure. The body is centred; a soft shadow falls down-right inside the image.",
        tables, top={"px_per_square": SQUARE})
    return out
