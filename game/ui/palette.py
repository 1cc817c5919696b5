"""Colours for the table and the shell: a default palette and a colour-blind-safe one.

The colour-blind-safe palette is built on the Okabe-Ito set (distinguishable under protanopia,
deuteranopia and tritanopia). Meaning never rests on colour alone: a blocked line of sight is
also drawn thicker and crossed out, a witness line is solid with round ends.
"""
from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

# Okabe & Ito (2008), "Color Universal Design".
OKABE_ITO: dict[str, RGB] = {
    "black": (0, 0, 0),
    "orange": (230, 159, 0),
    "sky_blue": (86, 180, 233),
    "bluish_green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "blue": (0, 114, 178),
    "vermillion": (213, 94, 0),
    "reddish_purple": (204, 121, 167),
}


@dataclass(frozen=True)
class Palette:
    name: str
    background: RGB
    table: RGB  # the cloth around the board
    panel: RGB
    panel_edge: RGB
    text: RGB
    text_dim: RGB
    accent: RGB
    accent_text: RGB
    danger: RGB
    area_outline: RGB
    wall: RGB
    wall_edge: RGB
    level_line: RGB
    door_closed: RGB
    door_open: RGB
    cover: RGB
    emergence: RGB
    connector: RGB
    prop: RGB
    hover: RGB
    los_from: RGB
    los_to: RGB
    los_visible: RGB
    los_blocked: RGB
    lit: RGB  # the areas a click may choose (moves): far from level_line (issue 21)


DEFAULT = Palette(
    name="default",
    background=(22, 24, 28),
    table=(34, 38, 44),
    panel=(30, 33, 39),
    panel_edge=(78, 84, 96),
    text=(232, 230, 222),
    text_dim=(150, 154, 162),
    accent=(222, 168, 62),
    accent_text=(24, 20, 12),
    danger=(226, 72, 72),
    area_outline=(240, 236, 220),
    wall=(20, 20, 24),
    wall_edge=(120, 116, 104),
    level_line=(70, 140, 235),
    door_closed=(196, 120, 40),
    door_open=(120, 190, 110),
    cover=(232, 200, 80),
    emergence=(190, 40, 40),
    connector=(140, 200, 230),
    prop=(170, 160, 140),
    hover=(255, 226, 120),
    los_from=(90, 200, 255),
    los_to=(255, 160, 60),
    los_visible=(60, 230, 100),
    los_blocked=(240, 40, 150),
    lit=(60, 230, 100),
)

CB_SAFE = Palette(
    name="cb_safe",
    background=(22, 24, 28),
    table=(34, 38, 44),
    panel=(30, 33, 39),
    panel_edge=(78, 84, 96),
    text=(236, 236, 236),
    text_dim=(160, 160, 168),
    accent=OKABE_ITO["orange"],
    accent_text=(20, 16, 8),
    danger=OKABE_ITO["vermillion"],
    area_outline=(240, 240, 240),
    wall=(10, 10, 12),
    wall_edge=(128, 128, 128),
    level_line=OKABE_ITO["blue"],
    door_closed=OKABE_ITO["orange"],
    door_open=OKABE_ITO["bluish_green"],
    cover=OKABE_ITO["yellow"],
    emergence=OKABE_ITO["reddish_purple"],
    connector=OKABE_ITO["sky_blue"],
    prop=(180, 180, 180),
    hover=OKABE_ITO["yellow"],
    los_from=OKABE_ITO["sky_blue"],
    los_to=OKABE_ITO["orange"],
    los_visible=OKABE_ITO["sky_blue"],
    los_blocked=OKABE_ITO["vermillion"],
    # Not sky blue: lit areas in sky blue read as the level lines' blue (issue 21). Orange is
    # the choice colour of the lit cover spots too, and far from blue under every CVD kind.
    lit=OKABE_ITO["orange"],
)

PALETTES: dict[str, Palette] = {p.name: p for p in (DEFAULT, CB_SAFE)}


def palette_named(name: str) -> Palette:
    return PALETTES.get(name, DEFAULT)
