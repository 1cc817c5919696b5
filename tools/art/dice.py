"""Dice faces, 64x64 each: Gears attack/defence, Doom (six colours), Level 7, and plain d6 pips.

Which symbols a die's faces carry is game data (the rules packages read it from their TOML);
here we draw one image per symbol combination and name it in dice.toml:
  gears_attack_{blank,hit1,hit2,omen}     black attack die (rules/gears-of-war.md, Dice)
  gears_defence_{blank,shield1,shield2}   red defence die
  doom_{colour}_r{R}_d{D}[_ammo]          range R, D bullet holes, optional ammo icon
  doom_{colour}_miss                      the miss face
  level7_{blank,int,int2,str,str2,int_str}
  d6_{1..6}                               plain pips
"""
from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw

from . import glyphs as G
from .core import (RGB, SS, Glyph, Output, bevel, down, drop_shadow, fill_mask, glyph_mask, gradient_fill,
                   noise_texture, rng_for, shade, toml_doc)

PX = 64

DOOM_COLOURS: dict[str, tuple[RGB, RGB]] = {  # body, ink
    "red": ((170, 34, 30), (248, 236, 220)),
    "green": ((40, 132, 64), (244, 240, 226)),
    "blue": ((36, 82, 170), (244, 240, 226)),
    "yellow": ((226, 186, 36), (30, 26, 20)),
    "white": ((226, 222, 212), (30, 28, 26)),
    "black": ((34, 34, 36), (236, 232, 220)),
}

# Every (range, damage, ammo) on rules/doom.md Appendix A's placeholder dice, drawn for all
# six colours. If the data gains a new combination, add it here and rerun the script.
DOOM_FACES: list[tuple[int, int, bool]] = sorted({
    (0, 4, True), (0, 3, False), (1, 3, False), (1, 2, True), (2, 2, False),
    (2, 1, True), (3, 1, False), (3, 2, False), (4, 1, True),
    (2, 1, False), (3, 0, True), (4, 1, False), (4, 0, False), (5, 1, True),
    (1, 2, False), (1, 1, False), (2, 2, True), (0, 3, False),
    (6, 0, False), (5, 0, False), (0, 0, False),
})


_BODIES: dict[RGB, Image.Image] = {}


def body(colour: RGB) -> Image.Image:
    """The blank die in one colour; computed once per colour (it is most of a face's cost)."""
    if colour not in _BODIES:
        _BODIES[colour] = _body(colour)
    return _BODIES[colour].copy()


def _body(colour: RGB) -> Image.Image:
    name = "%02x%02x%02x" % colour
    img = Image.new("RGBA", (PX * SS, PX * SS), (0, 0, 0, 0))
    m = Image.new("L", img.size, 0)
    inset = 4 * SS
    ImageDraw.Draw(m).rounded_rectangle((inset, inset, img.width - inset - SS, img.height - inset - SS),
                                        radius=12 * SS, fill=255)
    drop_shadow(img, m, (2 * SS, 3 * SS), 2 * SS, 0.55)
    fill_mask(img, m, gradient_fill(img.size, shade(colour, -0.35), shade(colour, 0.22), "radial"))
    noise_texture(img, rng_for("die", name), 0.18, cells=16, mask=m)
    face = Image.new("L", img.size, 0)
    f = 9 * SS
    ImageDraw.Draw(face).rounded_rectangle((f, f, img.width - f - SS, img.height - f - SS), radius=9 * SS, fill=255)
    # the face is a shallow dish: darker rim at top-left inside, lighter at bottom-right
    bevel(img, face, SS, light=0.0, dark=0.18, blur=SS)
    bevel(img, m, int(1.5 * SS), light=0.45, dark=0.45, blur=SS / 2)
    return img


def ink(img: Image.Image, glyph: Glyph, cx: float, cy: float, scale: float, colour: RGB) -> None:
    """Engraved-and-painted symbol: a thin dark keyline under the paint, a highlight below it."""
    W = img.width
    m = glyph_mask(glyph, img.size, cx * W, cy * W, scale * W)
    low = ImageChops.offset(m, SS // 2, SS // 2)
    fill_mask(img, low, shade(colour, 0.0) if sum(colour) < 200 else (0, 0, 0), 0.35)
    fill_mask(img, m, colour)


def face(colour: RGB, parts: list[tuple[Glyph, float, float, float, RGB]]) -> Image.Image:
    img = body(colour)
    for glyph, cx, cy, scale, c in parts:
        ink(img, glyph, cx, cy, scale, c)
    return down(img, (PX, PX))


def holes(n: int, cx: float, cy: float, c: RGB) -> list[tuple[Glyph, float, float, float, RGB]]:
    """n bullet holes laid out in a row (two rows for 4)."""
    spots = {0: [], 1: [(0, 0)], 2: [(-1, 0), (1, 0)], 3: [(-2, 0), (0, 0), (2, 0)],
             4: [(-1, -0.9), (1, -0.9), (-1, 0.9), (1, 0.9)]}[n]
    step = 0.115
    return [(G.bullet_hole, cx + x * step, cy + y * step, 0.1, c) for x, y in spots]


PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


SUBSET = ("gears_attack_omen", "gears_defence_shield2", "doom_red_miss", "doom_red_r0_d4_ammo", "level7_int_str",
          "d6_6")


def build(subset: bool = False) -> Output:
    out = Output()
    faces: dict[str, dict[str, object]] = {}

    def put(name: str, colour: RGB, parts: list, die: str, **data: object) -> None:
        if subset and name not in SUBSET:
            return
        out.add(f"dice/{name}.png", face(colour, parts))
        faces[name] = {"file": f"{name}.png", "px": [PX, PX], "die": die, **data}

    black, red = (38, 38, 40), (168, 34, 30)
    light, bone = (238, 232, 218), (246, 236, 214)
    ember = (236, 84, 60)
    put("gears_attack_blank", black, [], "gears_attack", hits=0, omen=False)
    put("gears_attack_hit1", black, [(G.hit, 0.5, 0.5, 0.26, light)], "gears_attack", hits=1, omen=False)
    put("gears_attack_hit2", black, [(G.hit, 0.36, 0.36, 0.17, light), (G.hit, 0.64, 0.64, 0.17, light)],
        "gears_attack", hits=2, omen=False)
    put("gears_attack_omen", black, [(G.omen, 0.5, 0.5, 0.27, ember)], "gears_attack", hits=0, omen=True)
    put("gears_defence_blank", red, [], "gears_defence", shields=0)
    put("gears_defence_shield1", red, [(G.shield, 0.5, 0.5, 0.25, bone)], "gears_defence", shields=1)
    put("gears_defence_shield2", red, [(G.shield, 0.35, 0.37, 0.16, bone), (G.shield, 0.65, 0.63, 0.16, bone)],
        "gears_defence", shields=2)

    for cname, (col, fg) in DOOM_COLOURS.items():
        die = f"doom_{cname}"
        put(f"{die}_miss", col, [(G.miss, 0.5, 0.5, 0.27, fg)], die, miss=True)
        for r, d, a in DOOM_FACES:
            parts = [(G.digit(str(r)), 0.34, 0.35, 0.155, fg)]
            if a:
                parts.append((G.ammo, 0.68, 0.35, 0.14, fg))
            parts += holes(d, 0.5, 0.71, fg)
            name = f"{die}_r{r}_d{d}" + ("_ammo" if a else "")
            put(name, col, parts, die, range=r, damage=d, ammo=a, miss=False)

    white, dark = (214, 210, 200), (34, 34, 38)
    put("level7_blank", white, [], "level7", intelligence=0, strength=0)
    put("level7_int", white, [(G.intellect, 0.5, 0.5, 0.25, dark)], "level7", intelligence=1, strength=0)
    put("level7_int2", white, [(G.intellect, 0.33, 0.5, 0.2, dark), (G.intellect, 0.67, 0.5, 0.2, dark)],
        "level7", intelligence=2, strength=0)
    put("level7_str", white, [(G.strength, 0.5, 0.5, 0.25, (150, 30, 26))], "level7", intelligence=0, strength=1)
    put("level7_str2", white, [(G.strength, 0.5, 0.36, 0.18, (150, 30, 26)),
                               (G.strength, 0.5, 0.66, 0.18, (150, 30, 26))],
        "level7", intelligence=0, strength=2)
    put("level7_int_str", white, [(G.intellect, 0.33, 0.5, 0.2, dark),
                                  (G.strength, 0.68, 0.5, 0.19, (150, 30, 26))],
        "level7", intelligence=1, strength=1)
    for n, spots in PIPS.items():
        put(f"d6_{n}", white, [(G.pip, 0.5 + x * 0.2, 0.5 + y * 0.2, 0.065, dark) for x, y in spots],
            "d6", value=n)

    out.texts["dice/dice.toml"] = toml_doc(
        "Dice faces, 64 x 64 RGBA: face name -> file (relative to this folder), the die it belongs\n"
        "to and the symbols it shows. The rules data says which faces each die has; the UI looks\n"
        "a rolled face up here by name (see docs/ART.md for the naming scheme).",
        faces, top={"px": PX})
    return out
