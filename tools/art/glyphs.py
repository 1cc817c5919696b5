"""Original vector glyphs in unit space (-1..1, y down), drawn with a Pen onto a mask.

Every figure, icon and emblem here is our own design from plain shapes. Nothing traces or
imitates a published game's art or logo: Locust and invader glyphs are generic icons (a claw, a
grenade, a hood, a maw), the Gears emblem is a plain machine cog, the Doom emblem a visor sigil.
Ink 255 adds to the mask, ink 0 cuts detail out of it.
"""
from __future__ import annotations

import math

from .core import Glyph, Pen

CUT = 0


# --- player figures ----------------------------------------------------------------------------

def cog_soldier(p: Pen) -> None:
    """Armoured bust: broad pauldrons, head with a headband, a cog mark on the chest."""
    p.rect(-0.62, 0.16, 0.62, 0.75, r=0.2)
    p.circle(-0.47, 0.22, 0.22)
    p.circle(0.47, 0.22, 0.22)
    p.circle(0, -0.13, 0.3, CUT)
    p.rect(-0.1, -0.05, 0.1, 0.16)
    p.ellipse(0, -0.24, 0.21, 0.26)
    p.rect(-0.24, -0.34, 0.24, -0.27, CUT)
    p.line([(-0.28, 0.14), (-0.28, 0.7)], 0.05, CUT)
    p.line([(0.28, 0.14), (0.28, 0.7)], 0.05, CUT)
    p.ring(0, 0.44, 0.11, 0.05, CUT)


def marine(p: Pen) -> None:
    """Sealed helmet with a wide visor over angular shoulder armour."""
    p.poly([(-0.68, 0.72), (-0.6, 0.2), (-0.28, 0.08), (0.28, 0.08), (0.6, 0.2), (0.68, 0.72)])
    p.rect(-0.36, -0.62, 0.36, 0.12, CUT, r=0.26)
    p.rect(-0.3, -0.58, 0.3, 0.08, r=0.24)
    p.rect(-0.38, -0.3, -0.26, -0.02, r=0.04)
    p.rect(0.26, -0.3, 0.38, -0.02, r=0.04)
    p.rect(-0.24, -0.34, 0.24, -0.16, CUT, r=0.06)
    p.line([(-0.2, -0.04), (0.2, -0.04)], 0.05, CUT)
    p.line([(-0.36, 0.3), (-0.12, 0.56)], 0.05, CUT)
    p.line([(0.36, 0.3), (0.12, 0.56)], 0.05, CUT)


# --- Locust (Gears) ---------------------------------------------------------------------------

def drone(p: Pen) -> None:
    """Grunt: a long reptilian head, slanted eye cuts, heavy jaw."""
    p.poly([(-0.42, -0.5), (0.42, -0.5), (0.5, -0.05), (0.3, 0.45), (0, 0.62), (-0.3, 0.45), (-0.5, -0.05)])
    p.poly([(-0.36, -0.16), (-0.08, -0.06), (-0.1, 0.02), (-0.34, -0.06)], CUT)
    p.poly([(0.36, -0.16), (0.08, -0.06), (0.1, 0.02), (0.34, -0.06)], CUT)
    p.line([(-0.26, 0.28), (0, 0.36), (0.26, 0.28)], 0.06, CUT)
    p.line([(0, -0.46), (0, -0.24)], 0.05, CUT)


def grenadier(p: Pen) -> None:
    p.ellipse(0, 0.14, 0.4, 0.48)
    p.rect(-0.16, -0.46, 0.16, -0.28)
    p.poly([(0.12, -0.46), (0.48, -0.34), (0.5, -0.26), (0.14, -0.32)])
    p.ring(-0.3, -0.5, 0.13, 0.06)
    for y in (-0.06, 0.14, 0.34):
        p.line([(-0.38, y), (0.38, y)], 0.045, CUT, round_caps=False)
    p.line([(0, -0.3), (0, 0.6)], 0.045, CUT, round_caps=False)


def boomer(p: Pen) -> None:
    """Heavy launcher tube with a blast at the muzzle."""
    p.star(0.4, -0.36, 0.36, 0.16, 9)
    p.circle(0.4, -0.36, 0.1, CUT)
    p.poly([(-0.66, 0.46), (-0.48, 0.64), (0.2, -0.04), (0.02, -0.22)])
    p.rect(-0.4, 0.06, -0.2, 0.44, r=0.04)
    p.poly([(-0.2, 0.12), (0.02, -0.1), (0.1, -0.02), (-0.12, 0.2)], CUT)


def wretch(p: Pen) -> None:
    """Three raking claw marks."""
    for dx in (-0.34, 0, 0.34):
        p.poly([(dx - 0.02, -0.66), (dx + 0.1, -0.2), (dx + 0.04, 0.3), (dx - 0.14, 0.66),
                (dx - 0.08, 0.2), (dx - 0.08, -0.3)])


def theron(p: Pen) -> None:
    """Pointed hood with glowing eyes in the dark opening."""
    p.poly([(0, -0.72), (0.48, 0.1), (0.44, 0.62), (-0.44, 0.62), (-0.48, 0.1)])
    p.poly([(0, -0.36), (0.26, 0.08), (0.18, 0.42), (-0.18, 0.42), (-0.26, 0.08)], CUT)
    p.poly([(-0.18, 0.06), (-0.04, 0.12), (-0.16, 0.16)])
    p.poly([(0.18, 0.06), (0.04, 0.12), (0.16, 0.16)])


def kantus(p: Pen) -> None:
    """A chanting mouth between spreading sound arcs."""
    p.ellipse(0, 0, 0.2, 0.28)
    p.ellipse(0, 0.02, 0.1, 0.17, CUT)
    for i, r in enumerate((0.36, 0.52, 0.68)):
        w = 0.07 - i * 0.01
        p.arc(0, 0, r, 140, 220, w)
        p.arc(0, 0, r, -40, 40, w)


def berserker(p: Pen) -> None:
    """A clenched fist, knuckles forward."""
    for i, x in enumerate((-0.39, -0.13, 0.13, 0.39)):
        p.rect(x - 0.13, -0.5 + abs(i - 1.5) * 0.05, x + 0.13, 0.02, r=0.11)
    p.rect(-0.52, -0.1, 0.52, 0.5, r=0.18)
    p.poly([(-0.52, 0.0), (0.1, 0.02), (0.14, 0.2), (-0.5, 0.24)], CUT)
    p.rect(-0.48, 0.04, 0.08, 0.18, r=0.07)
    p.rect(-0.34, 0.48, 0.34, 0.72, r=0.06)
    for x in (-0.26, 0, 0.26):
        p.line([(x, -0.44), (x, -0.1)], 0.04, CUT)


def raam(p: Pen) -> None:
    """A spiked crown over a downward blade."""
    p.poly([(-0.5, -0.2), (-0.5, -0.56), (-0.3, -0.36), (-0.16, -0.7), (0, -0.42), (0.16, -0.7), (0.3, -0.36),
            (0.5, -0.56), (0.5, -0.2)])
    p.rect(-0.5, -0.16, 0.5, -0.06)
    p.poly([(-0.12, 0.02), (0.12, 0.02), (0.1, 0.5), (0, 0.74), (-0.1, 0.5)])
    p.rect(-0.32, -0.02, 0.32, 0.06, r=0.03)
    p.line([(0, 0.1), (0, 0.5)], 0.03, CUT)


def butcher(p: Pen) -> None:
    """A cleaver, tilted."""
    p.poly([(-0.56, -0.5), (0.3, -0.5), (0.36, 0.16), (-0.5, 0.26)])
    p.circle(-0.3, -0.26, 0.08, CUT)
    p.poly([(0.28, -0.2), (0.7, 0.42), (0.58, 0.52), (0.18, -0.08)])
    p.line([(-0.44, 0.16), (0.28, 0.08)], 0.03, CUT)


def feral_berserker(p: Pen) -> None:
    """A snarling maw: jagged teeth top and bottom."""
    p.ellipse(0, 0, 0.66, 0.5)
    p.ellipse(0, 0, 0.52, 0.36, CUT)
    top = [(-0.5, -0.06)]
    bot = [(-0.5, 0.06)]
    for i in range(6):
        x0 = -0.5 + i * (1.0 / 6)
        top += [(x0 + 1 / 12, 0.12 if i % 2 else 0.2), (x0 + 1 / 6, -0.06)]
        bot += [(x0 + 1 / 12, -0.1 if i % 2 else -0.18), (x0 + 1 / 6, 0.06)]
    p.poly(top + [(0.5, -0.4), (-0.5, -0.4)])
    p.poly(bot + [(0.5, 0.4), (-0.5, 0.4)])
    p.poly([(-0.7, -0.3), (-0.42, -0.62), (-0.36, -0.4)])
    p.poly([(0.7, -0.3), (0.42, -0.62), (0.36, -0.4)])


# --- invaders (Doom) --------------------------------------------------------------------------

def zombie(p: Pen) -> None:
    """A shambling figure, arms reaching forward, head lolling."""
    p.circle(0.08, -0.5, 0.16)
    p.poly([(-0.2, -0.3), (0.22, -0.3), (0.2, 0.2), (-0.22, 0.2)])
    p.line([(-0.16, -0.24), (-0.5, -0.1), (-0.66, -0.16)], 0.16)
    p.line([(0.16, -0.24), (0.52, -0.2), (0.66, -0.3)], 0.16)
    p.line([(-0.12, 0.16), (-0.22, 0.44), (-0.34, 0.7)], 0.17)
    p.line([(0.1, 0.16), (0.2, 0.44), (0.2, 0.7)], 0.17)
    p.line([(-0.1, -0.16), (0.12, 0.04)], 0.04, CUT)


def imp(p: Pen) -> None:
    """A spiny head with a fireball."""
    p.ellipse(-0.14, 0.06, 0.38, 0.44)
    for x, h in ((-0.44, -0.38), (-0.28, -0.56), (-0.1, -0.62), (0.08, -0.56)):
        p.poly([(x - 0.09, -0.2), (x, h), (x + 0.09, -0.2)])
    p.poly([(-0.36, 0.0), (-0.16, 0.08), (-0.34, 0.12)], CUT)
    p.poly([(0.06, 0.0), (-0.1, 0.08), (0.06, 0.12)], CUT)
    p.poly([(-0.34, 0.28), (0.06, 0.28), (-0.14, 0.4)], CUT)
    p.star(0.44, 0.34, 0.26, 0.14, 7, rot=-60)
    p.circle(0.44, 0.34, 0.08, CUT)


def demon(p: Pen) -> None:
    """Jaws thrown open, side view, fangs meeting."""
    upper = [(-0.8, -0.1), (-0.5, -0.52), (0.3, -0.58), (0.78, -0.2), (0.8, -0.06)]
    lower = [(-0.8, 0.1), (0.72, 0.16), (0.6, 0.42), (-0.2, 0.56), (-0.6, 0.4)]
    p.poly(upper)
    p.poly(lower)
    for i in range(6):
        x = -0.6 + i * 0.25
        p.poly([(x - 0.08, -0.08), (x, 0.1), (x + 0.08, -0.08)])
        p.poly([(x + 0.04, 0.16), (x + 0.12, -0.02), (x + 0.2, 0.16)])
    p.circle(0.26, -0.34, 0.08, CUT)
    p.line([(-0.5, -0.4), (-0.2, -0.26)], 0.04, CUT)


def trite(p: Pen) -> None:
    """A squat body on eight jointed legs."""
    p.ellipse(0, 0.06, 0.26, 0.22)
    p.circle(0, -0.2, 0.14)
    for s in (-1, 1):
        for k, (kx, ky, fx, fy) in enumerate(((0.4, -0.36, 0.62, -0.1), (0.5, -0.12, 0.72, 0.14),
                                              (0.5, 0.16, 0.66, 0.44), (0.36, 0.36, 0.5, 0.68))):
            p.line([(s * 0.16, 0.0 + k * 0.06), (s * kx, ky), (s * fx, fy)], 0.075)
    p.circle(-0.06, -0.22, 0.035, CUT)
    p.circle(0.06, -0.22, 0.035, CUT)


def maggot(p: Pen) -> None:
    """Two biting heads on necks from one body."""
    p.ellipse(0, 0.3, 0.5, 0.28)
    for s in (-1, 1):
        p.line([(s * 0.12, 0.2), (s * 0.4, -0.1), (s * 0.5, -0.3)], 0.16)
        p.ellipse(s * 0.54, -0.36, 0.22, 0.18)
        p.poly([(s * 0.44, -0.36), (s * 0.8, -0.46), (s * 0.8, -0.26)], CUT)
    for x in (-0.3, -0.1, 0.1, 0.3):
        p.line([(x, 0.12), (x, 0.48)], 0.035, CUT)


def cacodemon(p: Pen) -> None:
    """A floating sphere: one great eye, a grin of teeth, small horns."""
    p.poly([(-0.42, -0.46), (-0.36, -0.78), (-0.22, -0.56)])
    p.poly([(0.42, -0.46), (0.36, -0.78), (0.22, -0.56)])
    p.circle(0, 0, 0.6)
    p.ellipse(0, -0.18, 0.24, 0.16, CUT)
    p.circle(0, -0.18, 0.09)
    p.ellipse(0, 0.3, 0.38, 0.16, CUT)
    for i in range(5):
        x = -0.28 + i * 0.14
        p.poly([(x - 0.05, 0.16), (x, 0.28), (x + 0.05, 0.16)])
        p.poly([(x + 0.02, 0.46), (x + 0.07, 0.34), (x + 0.12, 0.46)])


def hell_knight(p: Pen) -> None:
    """A helm with swept-up horns."""
    p.poly([(-0.36, -0.3), (0.36, -0.3), (0.4, 0.2), (0, 0.64), (-0.4, 0.2)])
    for s in (-1, 1):
        p.poly([(s * 0.3, -0.2), (s * 0.66, -0.36), (s * 0.74, -0.74), (s * 0.52, -0.46), (s * 0.24, -0.34)])
    p.poly([(-0.28, -0.04), (-0.06, 0.04), (-0.08, 0.12), (-0.28, 0.06)], CUT)
    p.poly([(0.28, -0.04), (0.06, 0.04), (0.08, 0.12), (0.28, 0.06)], CUT)
    p.line([(0, 0.2), (0, 0.5)], 0.05, CUT)


def mancubus(p: Pen) -> None:
    """A bloated body with a cannon fused to each arm."""
    p.ellipse(0, 0.14, 0.46, 0.5)
    p.circle(0, -0.42, 0.16)
    for s in (-1, 1):
        p.rect(s * 0.4 - 0.14, -0.24, s * 0.4 + 0.14, 0.16, r=0.06)
        p.rect(s * 0.62 - 0.12, -0.2, s * 0.62 + 0.12, 0.56, r=0.05)
        p.circle(s * 0.62, 0.56, 0.08, CUT)
    p.arc(0, 0.16, 0.28, 20, 160, 0.05, CUT)


def archvile(p: Pen) -> None:
    """A gaunt figure, both arms raised, flame in each hand."""
    p.circle(0, -0.28, 0.15)
    p.poly([(-0.2, -0.12), (0.2, -0.12), (0.14, 0.4), (0.26, 0.74), (-0.26, 0.74), (-0.14, 0.4)])
    for s in (-1, 1):
        p.line([(s * 0.12, -0.08), (s * 0.36, -0.26), (s * 0.44, -0.52)], 0.12)
        p.star(s * 0.46, -0.66, 0.2, 0.08, 5, jitter=(1.0, 0.6, 0.8, 0.5, 0.7))
    p.line([(-0.06, -0.3), (0.06, -0.3)], 0.035, CUT)


def revenant(p: Pen) -> None:
    """A ribcage carrying a rocket pod on each shoulder."""
    p.circle(0, -0.5, 0.16)
    p.rect(-0.06, -0.38, 0.06, 0.64)
    for i in range(4):
        y = -0.26 + i * 0.18
        w = 0.38 - i * 0.05
        p.arc(0, y - 0.12, w, 20, 160, 0.1)
    for s in (-1, 1):
        p.rect(s * 0.56 - 0.12, -0.7, s * 0.56 + 0.12, -0.2, r=0.04)
        p.circle(s * 0.56, -0.62, 0.06, CUT)
        p.circle(s * 0.56, -0.42, 0.06, CUT)


def cyberdemon(p: Pen) -> None:
    """Great horns above a head, one arm a rotary cannon."""
    p.ellipse(-0.1, -0.06, 0.3, 0.34)
    for s in (-1, 1):
        p.poly([(-0.1 + s * 0.2, -0.26), (-0.1 + s * 0.56, -0.46), (-0.1 + s * 0.6, -0.8), (-0.1 + s * 0.38, -0.52),
                (-0.1 + s * 0.1, -0.36)])
    p.poly([(-0.26, -0.06), (-0.12, 0.0), (-0.26, 0.04)], CUT)
    p.poly([(0.06, -0.06), (-0.08, 0.0), (0.06, 0.04)], CUT)
    p.rect(0.12, 0.22, 0.74, 0.5, r=0.06)
    p.rect(0.66, 0.16, 0.8, 0.56, r=0.04)
    for y in (0.3, 0.42):
        p.line([(0.2, y), (0.6, y)], 0.035, CUT)
    p.rect(-0.5, 0.3, 0.1, 0.66, r=0.12)


def baron(p: Pen) -> None:
    """A long goat face framed by curling horns."""
    p.poly([(-0.26, -0.36), (0.26, -0.36), (0.22, 0.26), (0, 0.68), (-0.22, 0.26)])
    for s in (-1, 1):
        p.arc(s * 0.44, -0.3, 0.22, 180 if s < 0 else 0, 450 if s < 0 else -270, 0.12)
    p.poly([(-0.2, -0.1), (-0.04, -0.04), (-0.18, 0.02)], CUT)
    p.poly([(0.2, -0.1), (0.04, -0.04), (0.18, 0.02)], CUT)
    p.line([(-0.08, 0.36), (0, 0.44), (0.08, 0.36)], 0.04, CUT)


# --- cue shapes (player badges: colour is never the only cue) ---------------------------------

def cue(shape: str) -> Glyph:
    def draw(p: Pen) -> None:
        if shape == "circle":
            p.circle(0, 0, 0.8)
        elif shape == "triangle":
            p.regular(0, 0.12, 0.95, 3)
        elif shape == "square":
            p.rect(-0.7, -0.7, 0.7, 0.7)
        elif shape == "diamond":
            p.regular(0, 0, 0.95, 4)
        elif shape == "hexagon":
            p.regular(0, 0, 0.88, 6, rot=0)
        elif shape == "star":
            p.star(0, 0.06, 0.98, 0.42, 5)
        elif shape == "cross":
            p.rect(-0.28, -0.85, 0.28, 0.85)
            p.rect(-0.85, -0.28, 0.85, 0.28)
        else:
            raise ValueError(f"unknown cue shape {shape!r}")
    return draw


CUES = ("circle", "triangle", "square", "diamond", "hexagon", "star", "cross")


# --- dice symbols -----------------------------------------------------------------------------

def hit(p: Pen) -> None:
    """A four-point strike star."""
    p.star(0, 0, 0.98, 0.36, 4, rot=-90)
    p.circle(0, 0, 0.16, CUT)


def shield(p: Pen) -> None:
    p.poly([(-0.7, -0.8), (0.7, -0.8), (0.7, -0.1), (0, 0.9), (-0.7, -0.1)])
    p.poly([(-0.44, -0.56), (0.44, -0.56), (0.44, -0.14), (0, 0.5), (-0.44, -0.14)], CUT)
    p.poly([(-0.26, -0.4), (0.26, -0.4), (0.26, -0.16), (0, 0.22), (-0.26, -0.16)])


def omen(p: Pen) -> None:
    """A jagged twelve-point burst around an open ring: our own 'omen', not any game's emblem."""
    p.star(0, 0, 0.98, 0.6, 12, jitter=(1.0, 0.8, 0.92, 0.74))
    p.circle(0, 0, 0.46, CUT)
    p.circle(0, 0, 0.22)


def bullet_hole(p: Pen) -> None:
    """A punched hole: ragged ring, dark centre (the die's colour shows through)."""
    p.star(0, 0, 1.0, 0.74, 9, rot=-80, jitter=(1.0, 0.86, 0.95, 0.82))
    p.circle(0, 0, 0.44, CUT)


def ammo(p: Pen) -> None:
    """A cartridge standing upright."""
    p.rect(-0.34, -0.2, 0.34, 0.9, r=0.06)
    p.poly([(-0.34, -0.2), (0.34, -0.2), (0.2, -0.7), (0, -0.95), (-0.2, -0.7)])
    p.line([(-0.34, 0.0), (0.34, 0.0)], 0.1, CUT, round_caps=False)
    p.line([(-0.34, 0.7), (0.34, 0.7)], 0.08, CUT, round_caps=False)


def miss(p: Pen) -> None:
    """A broken ring crossed out: the attack fails."""
    p.arc(0, 0, 0.7, -20, 250, 0.2)
    p.line([(-0.62, 0.62), (0.62, -0.62)], 0.22)


def intellect(p: Pen) -> None:
    """A lamp: round bulb, filament, screw base."""
    p.circle(0, -0.22, 0.56)
    p.rect(-0.3, 0.24, 0.3, 0.56)
    p.rect(-0.24, 0.58, 0.24, 0.82, r=0.08)
    p.line([(-0.3, 0.4), (0.3, 0.4)], 0.07, CUT, round_caps=False)
    p.line([(-0.2, -0.02), (-0.1, -0.34), (0, -0.1), (0.1, -0.34), (0.2, -0.02)], 0.08, CUT)


def strength(p: Pen) -> None:
    """A dumbbell."""
    p.rect(-0.7, -0.08, 0.7, 0.08)
    for s in (-1, 1):
        p.rect(s * 0.62 - 0.12, -0.5, s * 0.62 + 0.12, 0.5, r=0.06)
        p.rect(s * 0.4 - 0.1, -0.38, s * 0.4 + 0.1, 0.38, r=0.05)


def pip(p: Pen) -> None:
    p.circle(0, 0, 1.0)


# Vector numerals on a 7-segment-like skeleton with rounded strokes: no font is used.
_DIGIT_STROKES: dict[str, list[list[tuple[float, float]]]] = {
    "0": [[(0, -1), (0.55, -0.75), (0.62, 0), (0.55, 0.75), (0, 1), (-0.55, 0.75), (-0.62, 0), (-0.55, -0.75), (0, -1)]],
    "1": [[(-0.3, -0.6), (0.1, -1), (0.1, 1)], [(-0.35, 1), (0.5, 1)]],
    "2": [[(-0.55, -0.55), (-0.3, -0.92), (0.1, -1), (0.5, -0.8), (0.55, -0.4), (0.3, 0.0), (-0.6, 1), (0.6, 1)]],
    "3": [[(-0.55, -0.8), (0, -1), (0.5, -0.78), (0.5, -0.25), (0, 0), (0.55, 0.3), (0.55, 0.75), (0, 1), (-0.6, 0.8)],
          [(-0.15, 0), (0, 0)]],
    "4": [[(0.3, 1), (0.3, -1), (-0.62, 0.4), (0.62, 0.4)]],
    "5": [[(0.5, -1), (-0.45, -1), (-0.52, -0.08), (0.05, -0.22), (0.55, 0.05), (0.58, 0.6), (0.15, 1), (-0.58, 0.85)]],
    "6": [[(0.45, -0.92), (0, -1), (-0.45, -0.6), (-0.58, 0.2), (-0.45, 0.8), (0, 1), (0.45, 0.8), (0.55, 0.3),
           (0.3, -0.05), (-0.2, -0.05), (-0.55, 0.3)]],
}


def digit(ch: str, weight: float = 0.34) -> Glyph:
    def draw(p: Pen) -> None:
        for stroke in _DIGIT_STROKES[ch]:
            p.line([(x * 0.9, y * 0.92) for x, y in stroke], weight)
    return draw


# --- small board icons ------------------------------------------------------------------------

def crate_icon(p: Pen) -> None:
    """An ammo/equipment crate: lid band, latch, a cartridge stencil."""
    p.rect(-0.78, -0.5, 0.78, 0.66, r=0.08)
    p.rect(-0.68, -0.3, 0.68, 0.56, CUT, r=0.04)
    p.rect(-0.6, -0.22, 0.6, 0.48, r=0.03)
    p.rect(-0.14, -0.62, 0.14, -0.22, r=0.04)
    p.line([(-0.6, -0.22), (0.6, 0.48)], 0.06, CUT)
    p.line([(0.6, -0.22), (-0.6, 0.48)], 0.06, CUT)


def key_icon(p: Pen) -> None:
    """A keycard: rounded card, chip, stripe."""
    p.rect(-0.8, -0.52, 0.8, 0.52, r=0.14)
    p.rect(-0.6, -0.3, -0.16, 0.08, CUT, r=0.05)
    p.line([(-0.52, -0.12), (-0.24, -0.12)], 0.04)
    p.line([(-0.38, -0.26), (-0.38, 0.04)], 0.04)
    p.rect(0.04, 0.22, 0.66, 0.34, CUT, r=0.04)
    p.circle(0.52, -0.28, 0.1, CUT)


def warning(p: Pen) -> None:
    """A warning triangle with an exclamation bar."""
    p.regular(0, 0.14, 0.98, 3)
    p.regular(0, 0.18, 0.68, 3, ink=CUT)
    p.rect(-0.08, -0.34, 0.08, 0.26, r=0.06)
    p.circle(0, 0.44, 0.09)


def encounter(p: Pen) -> None:
    """An eye inside a diamond: something waits here."""
    p.regular(0, 0, 0.98, 4)
    p.regular(0, 0, 0.8, 4, ink=CUT)
    p.ellipse(0, 0, 0.54, 0.3)
    p.ellipse(0, 0, 0.42, 0.2, CUT)
    p.circle(0, 0, 0.14)


def chevron_up(p: Pen) -> None:
    p.poly([(0, -0.9), (0.7, -0.1), (0.36, -0.1), (0.36, 0.8), (-0.36, 0.8), (-0.36, -0.1), (-0.7, -0.1)])


# --- game emblems (menu, card backs) ----------------------------------------------------------

def gear_emblem(p: Pen) -> None:
    """A machine cog with a split hub: a plain gear, not any game's crest."""
    teeth = 10
    pts = []
    for i in range(teeth * 4):
        a = math.radians(i * 360 / (teeth * 4) - 90 + 360 / teeth / 8)
        r = 0.96 if (i % 4) in (1, 2) else 0.74
        pts.append((r * math.cos(a), r * math.sin(a)))
    p.poly(pts)
    p.circle(0, 0, 0.5, CUT)
    p.ring(0, 0, 0.4, 0.1)
    p.circle(0, 0, 0.16)
    for a in (30, 150, 270):
        r = math.radians(a)
        p.line([(0.16 * math.cos(r), 0.16 * math.sin(r)), (0.38 * math.cos(r), 0.38 * math.sin(r))], 0.1)


def visor_emblem(p: Pen) -> None:
    """A visor sigil: a faceted helmet shell with one wide slit and swept side fins (no pentagram,
    no lettering)."""
    p.poly([(-0.62, -0.56), (0, -0.86), (0.62, -0.56), (0.7, 0.1), (0.36, 0.74), (-0.36, 0.74), (-0.7, 0.1)])
    p.poly([(-0.56, -0.16), (0.56, -0.16), (0.5, 0.06), (-0.5, 0.06)], CUT)
    p.line([(0, -0.8), (0, -0.3)], 0.08, CUT)
    p.line([(-0.3, 0.32), (0.3, 0.32)], 0.06, CUT)
    p.line([(-0.22, 0.48), (0.22, 0.48)], 0.06, CUT)
    for s in (-1, 1):
        p.poly([(s * 0.72, -0.3), (s * 0.98, -0.6), (s * 0.9, 0.0), (s * 0.74, 0.12)])


def seven_emblem(p: Pen) -> None:
    """A stair that folds into a numeral 7."""
    p.poly([(-0.7, -0.8), (0.75, -0.8), (0.75, -0.5), (0.2, 0.9), (-0.2, 0.9), (0.3, -0.5), (-0.7, -0.5)])
    for i in range(4):
        x = -0.72 + i * 0.18
        y = 0.9 - i * 0.2
        p.rect(x, y - 0.14, x + 0.5 - i * 0.02, y, ink=255)
    p.line([(-0.6, -0.65), (0.55, -0.65)], 0.05, CUT)


def convoy_emblem(p: Pen) -> None:
    """A truck nose under stacked forward chevrons."""
    for i in range(3):
        y = -0.86 + i * 0.26
        p.poly([(-0.7, y + 0.22), (0, y), (0.7, y + 0.22), (0.7, y + 0.36), (0, y + 0.14), (-0.7, y + 0.36)])
    p.rect(-0.62, -0.02, 0.62, 0.62, r=0.1)
    p.rect(-0.5, 0.08, 0.5, 0.3, CUT, r=0.05)
    for x in (-0.45, -0.25, 0.25, 0.45):
        p.rect(x - 0.06, 0.38, x + 0.06, 0.52, CUT)
    p.rect(-0.7, 0.62, -0.3, 0.9, r=0.06)
    p.rect(0.3, 0.62, 0.7, 0.9, r=0.06)


EMBLEMS: dict[str, Glyph] = {"gears": gear_emblem, "doom": visor_emblem, "level7": seven_emblem,
                             "convoy": convoy_emblem}
