"""Card frames (one per kind) and card backs (one per deck), 250x350, blank of text.

The UI draws the card's words at run time into the rectangles listed in cards.toml (title band,
art window, text box), in the colours listed there. Drawn at 2x: cards have no fine detail that
needs 4x, and there are many of them.
"""
from __future__ import annotations

import math

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from . import glyphs as G
from .core import (RGB, Output, bevel, colorize, down, drop_shadow, emboss_glyph, fill_mask, fractal_noise,
                   glyph_mask, gradient_fill, inner_shadow, levels, noise_texture, rng_for, shade, toml_doc)

W, H = 250, 350
K = 2  # supersampling for cards
TITLE = (16, 14, 234, 50)
ART = (18, 58, 232, 196)
TEXT = (18, 204, 232, 334)

KINDS: dict[str, RGB] = {
    "order": (62, 100, 146),
    "ai": (150, 38, 32),
    "location": (168, 128, 58),
    "enemy": (98, 42, 74),
    "item": (40, 118, 100),
    "generic": (104, 104, 100),
}

DECKS: dict[str, tuple[str, RGB]] = {
    "gears_order": ("gears", (62, 100, 146)),
    "gears_ai": ("gears", (150, 38, 32)),
    "gears_location": ("gears", (168, 128, 58)),
    "gears_weapon": ("gears", (96, 106, 60)),
    "gears_mission": ("gears", (96, 96, 92)),
    "doom_marine": ("doom", (40, 118, 100)),
    "doom_invader": ("doom", (128, 30, 36)),
    "level7_adrenaline": ("level7", (196, 110, 30)),
    "level7_event": ("level7", (104, 64, 130)),
    "level7_item": ("level7", (50, 96, 160)),
    "level7_skill": ("level7", (60, 130, 70)),
    "convoy_outpost": ("convoy", (66, 120, 56)),
    "convoy_moloch": ("convoy", (150, 40, 30)),
    "convoy_city": ("convoy", (130, 110, 80)),
}


def box(r: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    return (r[0] * K, r[1] * K, r[2] * K, r[3] * K)


def rmask(size, r, radius) -> Image.Image:
    m = Image.new("L", size, 0)
    ImageDraw.Draw(m).rounded_rectangle(box(r), radius=radius * K, fill=255)
    return m


def card_base(accent: RGB, seed: str) -> tuple[Image.Image, Image.Image]:
    size = (W * K, H * K)
    img = Image.new("RGBA", size, (0, 0, 0, 0))
    outer = rmask(size, (0, 0, W - 1, H - 1), 14)
    fill_mask(img, outer, gradient_fill(size, shade(accent, -0.55), shade(accent, 0.15), "diagonal"))
    noise_texture(img, rng_for("card", seed), 0.35, cells=12, mask=outer)
    bevel(img, outer, 2 * K, light=0.45, dark=0.5, blur=K)
    inner = rmask(size, (7, 7, W - 8, H - 8), 10)
    fill_mask(img, inner, gradient_fill(size, (18, 18, 20), (46, 46, 48), "radial"))
    noise_texture(img, rng_for("card-in", seed), 0.2, cells=16, mask=inner)
    inner_shadow(img, inner, 2 * K, 2 * K, 0.6)
    return img, outer


def rivets(img: Image.Image, accent: RGB) -> None:
    m = Image.new("L", img.size, 0)
    d = ImageDraw.Draw(m)
    for x, y in ((12, 12), (W - 12, 12), (12, H - 12), (W - 12, H - 12)):
        d.ellipse(((x - 3) * K, (y - 3) * K, (x + 3) * K, (y + 3) * K), fill=255)
    fill_mask(img, m, shade(accent, 0.35))
    bevel(img, m, K, 0.6, 0.5)


def art_pattern(kind: str, accent: RGB, size: tuple[int, int]) -> Image.Image:
    """Abstract art for the window: tinted noise plus a motif per kind."""
    w, h = size
    n = levels(fractal_noise(max(w, h), rng_for("art", kind), base_cells=3, octaves=5, tileable=False), 30, 220).crop((0, 0, w, h))
    img = colorize(n, [shade(accent, -0.75), shade(accent, -0.35), shade(accent, 0.15)]).convert("RGBA")
    m = Image.new("L", size, 0)
    d = ImageDraw.Draw(m)
    lw = 3 * K
    if kind == "order":  # forward chevrons
        for i in range(-2, 8):
            x = i * 40 * K
            d.line([(x, 0), (x + h / 2, h / 2), (x, h)], fill=255, width=lw)
    elif kind == "ai":  # radar rings and sweep
        cx, cy = w * 0.5, h * 0.55
        for r in range(20, 260, 26):
            d.ellipse((cx - r * K, cy - r * K, cx + r * K, cy + r * K), outline=255, width=lw // 2 + 1)
        d.line([(cx, cy), (cx + 200 * K, cy - 120 * K)], fill=255, width=lw)
    elif kind == "location":  # contour lines
        for t in range(30, 230, 18):
            c = n.point(lambda v, t=t: 255 if abs(v - t) < 3 else 0)
            m = ImageChops.lighter(m, c)
        d = ImageDraw.Draw(m)
        for x in range(0, w, 30 * K):
            d.line([(x, 0), (x, h)], fill=120, width=K)
        for y in range(0, h, 30 * K):
            d.line([(0, y), (w, y)], fill=120, width=K)
    elif kind == "enemy":  # raking slashes
        for i in range(4):
            x = w * (0.25 + i * 0.16)
            d.polygon([(x, -10), (x + 12 * K, -10), (x - 50 * K, h + 10), (x - 58 * K, h + 10)], fill=255)
    elif kind == "item":  # hex mesh
        r = 16 * K
        for j in range(-1, int(h / (r * 1.5)) + 2):
            for i in range(-1, int(w / (r * 1.732)) + 2):
                cx = i * r * 1.732 + (r * 0.866 if j % 2 else 0)
                cy = j * r * 1.5
                pts = [(cx + r * math.cos(math.radians(60 * k + 30)), cy + r * math.sin(math.radians(60 * k + 30)))
                       for k in range(6)]
                d.polygon(pts, outline=255, width=K)
    else:  # generic: fine diagonal hatching
        for x in range(-h, w, 14 * K):
            d.line([(x, h), (x + h, 0)], fill=255, width=K)
    glow = m.filter(ImageFilter.GaussianBlur(3 * K))
    fill_mask(img, glow, shade(accent, 0.5), 0.35)
    fill_mask(img, m, shade(accent, 0.55), 0.55)
    vign = Image.radial_gradient("L").resize(size)
    fill_mask(img, vign, (0, 0, 0), 0.6)
    return img


def frame(kind: str) -> Image.Image:
    accent = KINDS[kind]
    img, _ = card_base(accent, kind)
    size = img.size
    t = rmask(size, TITLE, 6)
    drop_shadow(img, t, (K, 2 * K), 2 * K, 0.6)
    fill_mask(img, t, gradient_fill(size, shade(accent, -0.6), shade(accent, -0.05), "vertical"))
    noise_texture(img, rng_for("title", kind), 0.25, cells=16, mask=t)
    bevel(img, t, K, 0.35, 0.5)
    a = rmask(size, ART, 4)
    x0, y0, x1, y1 = box(ART)
    art = Image.new("RGBA", size, (0, 0, 0, 0))
    art.paste(art_pattern(kind, accent, (x1 - x0, y1 - y0)), (x0, y0))
    fill_mask(img, a, art)
    inner_shadow(img, a, 2 * K, 3 * K, 0.7)
    ring = ImageChops.subtract(rmask(size, (ART[0] - 2, ART[1] - 2, ART[2] + 2, ART[3] + 2), 5), a)
    fill_mask(img, ring, shade(accent, 0.2), 0.8)
    tb = rmask(size, TEXT, 5)
    fill_mask(img, tb, gradient_fill(size, (196, 188, 166), (232, 226, 208), "radial"))
    noise_texture(img, rng_for("text", kind), 0.25, cells=20, mask=tb)
    inner_shadow(img, tb, K, 2 * K, 0.45)
    rivets(img, accent)
    return down(img, (W, H))


def back(deck: str) -> Image.Image:
    game, accent = DECKS[deck]
    img, outer = card_base(accent, "back-" + deck)
    size = img.size
    panel = rmask(size, (14, 14, W - 15, H - 15), 8)
    field = Image.new("RGBA", size, (0, 0, 0, 0))
    n = levels(fractal_noise(size[1], rng_for("back", deck), base_cells=4, octaves=4, tileable=False), 40, 200).crop((0, 0) + size)
    field.paste(colorize(n, [shade(accent, -0.7), shade(accent, -0.4), shade(accent, -0.1)]).convert("RGBA"))
    fill_mask(img, panel, field)
    pat = Image.new("L", size, 0)
    d = ImageDraw.Draw(pat)
    step = 22 * K
    for y in range(0, size[1] + step, step):  # lattice of small diamonds
        for x in range(0, size[0] + step, step):
            ox = step / 2 if (y // step) % 2 else 0
            cx, cy = x + ox, y
            d.polygon([(cx, cy - 4 * K), (cx + 4 * K, cy), (cx, cy + 4 * K), (cx - 4 * K, cy)], fill=255)
    fill_mask(img, ImageChops.multiply(pat, panel), shade(accent, 0.1), 0.35)
    vign = Image.radial_gradient("L").resize(size)
    fill_mask(img, ImageChops.multiply(vign, panel), (0, 0, 0), 0.5)
    inner_shadow(img, panel, 2 * K, 3 * K, 0.6)
    # central medallion with the game's emblem
    cx, cy, r = size[0] / 2, size[1] / 2, 70 * K
    med = Image.new("L", size, 0)
    ImageDraw.Draw(med).ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
    drop_shadow(img, med, (2 * K, 4 * K), 4 * K, 0.6)
    fill_mask(img, med, gradient_fill(size, shade(accent, -0.5), shade(accent, 0.3), "diagonal"))
    bevel(img, med, 2 * K, 0.45, 0.5, blur=K)
    face = Image.new("L", size, 0)
    r2 = r - 8 * K
    ImageDraw.Draw(face).ellipse((cx - r2, cy - r2, cx + r2, cy + r2), fill=255)
    fill_mask(img, face, gradient_fill(size, (16, 16, 18), (52, 52, 54), "radial"))
    inner_shadow(img, face, 2 * K, 2 * K, 0.6)
    g = glyph_mask(G.EMBLEMS[game], size, cx, cy, r2 * 0.78)
    emboss_glyph(img, g, shade(accent, 0.45), depth=2 * K)
    rivets(img, accent)
    return down(img, (W, H))


def build(subset: bool = False) -> Output:
    out = Output()
    frames: dict[str, dict[str, object]] = {}
    for kind in (["order"] if subset else KINDS):
        out.add(f"cards/frame_{kind}.png", frame(kind))
        frames[f"frames.{kind}"] = {"file": f"frame_{kind}.png", "px": [W, H], "title_rect": list(TITLE),
                                    "art_rect": list(ART), "text_rect": list(TEXT),
                                    "title_color": "#F0EAD8", "text_color": "#1E1C18"}
    for deck, (game, _) in DECKS.items():
        if subset and deck != "gears_order":
            continue
        out.add(f"cards/back_{deck}.png", back(deck))
        frames[f"backs.{deck}"] = {"file": f"back_{deck}.png", "px": [W, H], "game": game}
    out.texts["cards/cards.toml"] = toml_doc(
        "Card frames and backs, 250 x 350 RGBA (rounded corners are transparent).\n"
        "[frames.KIND]: draw the title in title_rect (light title_color), the card's art or a\n"
        "portrait over art_rect if any, rules text in text_rect (dark text_color). Rects are\n"
        "[x0, y0, x1, y1] in card pixels; scale them with the card.\n"
        "[backs.DECK]: the face-down card of each deck.",
        frames)
    return out
