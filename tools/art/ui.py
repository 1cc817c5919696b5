"""UI pieces: 9-slice panel and buttons, the Tiletop wordmark, the menu background, game emblems.

The wordmark's letters are built from rectangles and rounded boxes (no font), so it is ours.
"""
from __future__ import annotations

import math

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from . import glyphs as G
from .core import (RGB, SS, Output, Pen, bevel, colorize, down, drop_shadow, emboss_glyph, fill_mask,
                   fractal_noise, glyph_mask, gradient_fill, inner_shadow, levels, noise_texture, rng_for, shade,
                   toml_doc)

ACCENT = (214, 158, 46)      # Tiletop amber, the UI's highlight colour
STEEL = (70, 76, 82)
PANEL_PX, PANEL_SLICE = 96, 24
BUTTON_PX, BUTTON_SLICE = (240, 56), 16
EMBLEM_PX = 256
BG_PX = (1280, 720)
EMBLEM_COLORS: dict[str, RGB] = {"gears": (176, 60, 44), "doom": (52, 170, 150), "level7": (200, 200, 190),
                                 "convoy": (200, 150, 50)}


def panel() -> Image.Image:
    s = PANEL_PX
    img = Image.new("RGBA", (s * SS, s * SS), (0, 0, 0, 0))
    size = img.size
    m = Image.new("L", size, 0)
    ImageDraw.Draw(m).rounded_rectangle((2 * SS, 2 * SS, (s - 5) * SS, (s - 5) * SS), radius=10 * SS, fill=255)
    drop_shadow(img, m, (2 * SS, 3 * SS), 2 * SS, 0.6)
    fill_mask(img, m, gradient_fill(size, (50, 54, 58), (104, 110, 116), "diagonal"))
    bevel(img, m, SS * 2, 0.4, 0.5, blur=SS / 2)
    inner = Image.new("L", size, 0)
    ImageDraw.Draw(inner).rounded_rectangle((9 * SS, 9 * SS, (s - 12) * SS, (s - 12) * SS), radius=6 * SS, fill=255)
    # the centre stays flat (no gradient or noise) so it stretches cleanly in a 9-slice
    fill_mask(img, inner, (24, 26, 30, ), 0.92)
    inner_shadow(img, inner, SS * 2, SS * 2, 0.6)
    bolts = Image.new("L", size, 0)
    d = ImageDraw.Draw(bolts)
    for x, y in ((6, 6), (s - 9, 6), (6, s - 9), (s - 9, s - 9)):
        d.ellipse(((x - 2) * SS, (y - 2) * SS, (x + 2) * SS, (y + 2) * SS), fill=255)
    fill_mask(img, bolts, (170, 172, 170))
    bevel(img, bolts, SS, 0.5, 0.6)
    return down(img, (s, s))


def button(state: str) -> Image.Image:
    w, h = BUTTON_PX
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    size = img.size
    pressed = state == "pressed"
    dy = 2 if pressed else 0
    m = Image.new("L", size, 0)
    ImageDraw.Draw(m).rounded_rectangle((2 * SS, (2 + dy) * SS, (w - 5) * SS, (h - 6 + dy) * SS), radius=9 * SS, fill=255)
    drop_shadow(img, m, (SS, (1 if pressed else 3) * SS), (1 if pressed else 2) * SS, 0.6)
    base = {"normal": (66, 72, 78), "hover": (86, 92, 98), "pressed": (52, 56, 60), "disabled": (58, 58, 58)}[state]
    fill_mask(img, m, gradient_fill(size, shade(base, -0.35), shade(base, 0.25), "vertical"))
    if pressed:
        inner_shadow(img, m, SS * 2, SS * 2, 0.55)
    else:
        bevel(img, m, SS * 2, 0.35, 0.45, blur=SS / 2)
    if state != "disabled":
        edge = Image.new("L", size, 0)
        ImageDraw.Draw(edge).rounded_rectangle((2 * SS, (2 + dy) * SS, (w - 5) * SS, (h - 6 + dy) * SS), radius=9 * SS,
                                               outline=255, width=SS * (3 if state == "hover" else 2))
        if state == "hover":
            fill_mask(img, edge.filter(ImageFilter.GaussianBlur(SS * 2)), ACCENT, 0.6)
        fill_mask(img, edge, ACCENT if state != "normal" else shade(ACCENT, -0.35), 0.9)
    else:
        fill_mask(img, m, (40, 40, 40), 0.35)
    return down(img, (w, h))


# --- wordmark ---------------------------------------------------------------------------------

def _letter(p: Pen, ch: str, x: float) -> float:
    """Draw one block letter with its left edge at x (unit space, cap height 1.2); return advance."""
    st = 0.26
    h = 1.2
    if ch == "T":
        p.rect(x, 0, x + 0.86, st, r=0.04)
        p.rect(x + 0.43 - st / 2, 0, x + 0.43 + st / 2, h, r=0.04)
        return 0.86
    if ch == "I":
        p.rect(x, 0, x + st, h, r=0.04)
        return st
    if ch == "L":
        p.rect(x, 0, x + st, h, r=0.04)
        p.rect(x, h - st, x + 0.7, h, r=0.04)
        return 0.7
    if ch == "E":
        p.rect(x, 0, x + st, h, r=0.04)
        p.rect(x, 0, x + 0.72, st, r=0.04)
        p.rect(x, h / 2 - st / 2, x + 0.6, h / 2 + st / 2, r=0.04)
        p.rect(x, h - st, x + 0.72, h, r=0.04)
        return 0.72
    if ch == "O":
        p.rect(x, 0, x + 0.96, h, r=0.36)
        p.rect(x + st, st, x + 0.96 - st, h - st, ink=0, r=0.14)
        return 0.96
    if ch == "P":
        p.rect(x, 0, x + st, h, r=0.04)
        p.rect(x, 0, x + 0.82, 0.72, r=0.28)
        p.rect(x + st, st, x + 0.82 - st, 0.72 - st, ink=0, r=0.08)
        return 0.82
    raise ValueError(f"no glyph for letter {ch!r}")


def wordmark_glyph(p: Pen) -> None:
    x = 0.0
    for ch in "TILETOP":
        x += _letter(p, ch, x) + 0.16


def logo() -> Image.Image:
    w, h = 640, 160
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    size = img.size
    # tile icon: a bevelled square board tile holding a round token
    tile = Image.new("L", size, 0)
    t0, t1 = 14 * SS, 146 * SS
    ImageDraw.Draw(tile).rounded_rectangle((t0, t0, t1, t1), radius=16 * SS, fill=255)
    drop_shadow(img, tile, (3 * SS, 5 * SS), 4 * SS, 0.6)
    fill_mask(img, tile, gradient_fill(size, (44, 48, 52), (120, 126, 130), "diagonal"))
    noise_texture(img, rng_for("logo"), 0.25, cells=16, mask=tile)
    bevel(img, tile, 2 * SS, 0.45, 0.5, blur=SS)
    grid = Image.new("L", size, 0)
    gd = ImageDraw.Draw(grid)
    c = (t0 + t1) / 2
    gd.line((c, t0 + 10 * SS, c, t1 - 10 * SS), fill=255, width=2 * SS)
    gd.line((t0 + 10 * SS, c, t1 - 10 * SS, c), fill=255, width=2 * SS)
    fill_mask(img, grid, (16, 18, 20), 0.6)
    tok = Image.new("L", size, 0)
    r = 30 * SS
    tx, ty = c + 30 * SS, c + 30 * SS
    ImageDraw.Draw(tok).ellipse((tx - r, ty - r, tx + r, ty + r), fill=255)
    drop_shadow(img, tok, (2 * SS, 4 * SS), 3 * SS, 0.6)
    fill_mask(img, tok, gradient_fill(size, shade(ACCENT, -0.4), shade(ACCENT, 0.3), "radial"))
    bevel(img, tok, 2 * SS, 0.5, 0.45, blur=SS)
    # the word
    word = glyph_mask(wordmark_glyph, size, 178 * SS, 38 * SS, 70 * SS)
    drop_shadow(img, word, (3 * SS, 5 * SS), 4 * SS, 0.7)
    outline = word.filter(ImageFilter.MaxFilter(2 * SS + 1))
    fill_mask(img, outline, (14, 14, 16))
    fill_mask(img, word, gradient_fill(size, (150, 150, 146), (236, 234, 226), "vertical"))
    band = Image.new("L", size, 0)
    ImageDraw.Draw(band).rectangle((0, 76 * SS, size[0], 83 * SS), fill=255)
    fill_mask(img, ImageChops.multiply(band, word), ACCENT, 0.85)
    bevel(img, word, SS * 2, 0.5, 0.4, blur=SS / 2)
    return down(img, (w, h))


def menu_background() -> Image.Image:
    """Dark, quiet backdrop: a receding grid of tiles, four dim glows, vignette."""
    w, h = BG_PX
    lo = (w // 4, h // 4)
    n = levels(fractal_noise(lo[0], rng_for("bg"), base_cells=3, octaves=4, tileable=False), 0, 255).crop((0, 0) + lo)
    base = colorize(n, [(10, 12, 16), (20, 24, 30), (34, 38, 46)]).convert("RGBA")
    glow = Image.new("RGBA", lo, (0, 0, 0, 0))
    for (fx, fy), col in zip(((0.12, 0.25), (0.88, 0.2), (0.15, 0.85), (0.85, 0.82)), EMBLEM_COLORS.values()):
        m = Image.new("L", lo, 0)
        ImageDraw.Draw(m).ellipse((fx * lo[0] - 60, fy * lo[1] - 40, fx * lo[0] + 60, fy * lo[1] + 40), fill=255)
        fill_mask(glow, m.filter(ImageFilter.GaussianBlur(40)), shade(col, -0.2), 0.55)
    base.alpha_composite(glow)
    img = base.resize((w, h), Image.BICUBIC)
    # perspective floor grid: lines converge on a horizon above the middle
    grid = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(grid)
    hy, vx = h * 0.42, w / 2
    for i in range(-14, 15):
        d.line((vx + i * 140, h, vx + i * 14, hy), fill=255, width=1)
    y, step = hy + 8, 6.0
    while y < h:
        d.line((0, y, w, y), fill=255, width=1)
        step *= 1.28
        y += step
    fade = Image.linear_gradient("L").resize((w, h))  # dark at the horizon, stronger towards us
    fade = fade.point(lambda v: max(0, (v - 110)) * 255 // 145)
    grid = ImageChops.multiply(grid, fade)
    fill_mask(img, grid.filter(ImageFilter.GaussianBlur(2)), ACCENT, 0.3)
    fill_mask(img, grid, shade(ACCENT, -0.1), 0.3)
    vign = Image.radial_gradient("L").resize((w, h))
    fill_mask(img, vign, (0, 0, 0), 0.55)
    return img.convert("RGB")


def emblem(game: str) -> Image.Image:
    s = EMBLEM_PX
    img = Image.new("RGBA", (s * 2, s * 2), (0, 0, 0, 0))  # 2x is plenty at 256 px
    size = img.size
    k = 2
    c, r = s, s - 14 * k
    med = Image.new("L", size, 0)
    ImageDraw.Draw(med).ellipse((c - r, c - r, c + r, c + r), fill=255)
    drop_shadow(img, med, (3 * k, 5 * k), 5 * k, 0.6)
    col = EMBLEM_COLORS[game]
    fill_mask(img, med, gradient_fill(size, (40, 42, 46), (130, 134, 138), "diagonal"))
    bevel(img, med, 3 * k, 0.45, 0.5, blur=k)
    face = Image.new("L", size, 0)
    r2 = r - 14 * k
    ImageDraw.Draw(face).ellipse((c - r2, c - r2, c + r2, c + r2), fill=255)
    fill_mask(img, face, gradient_fill(size, (12, 14, 16), (50, 54, 58), "radial"))
    noise_texture(img, rng_for("emblem", game), 0.2, cells=16, mask=face)
    inner_shadow(img, face, 3 * k, 4 * k, 0.7)
    g = glyph_mask(G.EMBLEMS[game], size, c, c, r2 * 0.74)
    glow = g.filter(ImageFilter.GaussianBlur(8 * k))
    fill_mask(img, ImageChops.multiply(glow, face), col, 0.35)
    emboss_glyph(img, g, col, depth=3 * k)
    return down(img, (s, s))


def build(subset: bool = False) -> Output:
    out = Output()
    tables: dict[str, dict[str, object]] = {}
    out.add("ui/panel.png", panel())
    # tables are keyed by file stem so a loader can look an entry up from its path
    tables["panel"] = {"file": "panel.png", "px": [PANEL_PX, PANEL_PX], "margin": PANEL_SLICE,
                       "slice": {"left": PANEL_SLICE, "top": PANEL_SLICE, "right": PANEL_SLICE, "bottom": PANEL_SLICE}}
    for state in ("normal", "hover", "pressed", "disabled"):
        out.add(f"ui/button_{state}.png", button(state))
        tables[f"button_{state}"] = {"file": f"button_{state}.png", "px": list(BUTTON_PX), "margin": BUTTON_SLICE,
                                     "slice": {"left": BUTTON_SLICE, "top": BUTTON_SLICE, "right": BUTTON_SLICE,
                                               "bottom": BUTTON_SLICE}}
    out.add("ui/logo.png", logo())
    tables["logo"] = {"file": "logo.png", "px": [640, 160]}
    if not subset:
        out.add("ui/menu_bg.png", menu_background())
        tables["menu_bg"] = {"file": "menu_bg.png", "px": list(BG_PX), "note": "scale to cover the window"}
    for game in (["gears"] if subset else G.EMBLEMS):
        out.add(f"ui/emblem_{game}.png", emblem(game))
        tables[f"emblem_{game}"] = {"file": f"emblem_{game}.png", "px": [EMBLEM_PX, EMBLEM_PX], "game": game}
    out.texts["ui/ui.toml"] = toml_doc(
        "UI pieces, keyed by file stem: file (relative to this folder) and pixel size. 'slice'\n"
        "gives 9-slice margins in px (corners fixed, edges stretch along one axis, the centre both\n"
        "ways); 'margin' is the same when all four are equal.\n"
        "Button text colour: #F0EAD8 (disabled: #8A8A86); accent (focus, selection): #D69E2E.",
        tables, top={"accent": "#D69E2E", "text": "#F0EAD8", "text_disabled": "#8A8A86"})
    return out
