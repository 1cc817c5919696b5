"""Issue 21 item 8: the colour-blind palette's lit areas (sky blue) were too close to the level
lines' blue. Each palette's lit colour stays far from its level-line colour for normal vision and
under simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira & Fernandes 2009,
severity 1), measured as CIELAB distance (Delta E 1976); the colour-blind palette keeps to the
Okabe-Ito set."""
from __future__ import annotations

import math

import pytest

from game.ui.palette import CB_SAFE, OKABE_ITO, PALETTES

# Machado et al. (2009), severity 1.0, on linear RGB.
CVD = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
FAR = 40.0  # Delta E: a clearly different colour, not a shade of the same one


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def lab(rgb, kind: str) -> tuple[float, float, float]:
    lin = [_linear(c) for c in rgb]
    r, g, b = (max(0.0, min(1.0, sum(m * v for m, v in zip(row, lin)))) for row in CVD[kind])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a, b, kind: str) -> float:
    return math.dist(lab(a, kind), lab(b, kind))


@pytest.mark.parametrize("name,kind", [(n, "normal") for n in PALETTES] + [("cb_safe", k) for k in CVD if k != "normal"])
def test_lit_areas_are_far_from_the_level_lines(name, kind):
    """Every palette for normal vision; the colour-blind one for each kind of colour blindness."""
    pal = PALETTES[name]
    assert delta_e(pal.lit, pal.level_line, kind) >= FAR


def test_the_old_sky_blue_was_too_close_and_the_palette_keeps_okabe_ito():
    # What the player saw: sky blue beside blue falls under the bar for at least one vision.
    assert min(delta_e(OKABE_ITO["sky_blue"], CB_SAFE.level_line, k) for k in CVD) < FAR
    assert CB_SAFE.lit in OKABE_ITO.values() and CB_SAFE.level_line in OKABE_ITO.values()
