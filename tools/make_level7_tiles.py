"""Write the Level 7 [Escape] tiles maps/level7/tiles/*.tmx and their tileset (run from the
project root: `python tools/make_level7_tiles.py`; `--only T05 tank_farm` writes some tiles,
`--root DIR` writes everything under DIR instead of the project).

The layouts are Tiletop's own (docs/LEVEL7.md): no record of the printed tiles exists, so the 44
map tiles follow the PLACEHOLDER table of level7-escape.md 8.10 (which doors, duct stubs, vent and
icons each has) and the special tiles follow 8.9. Everything here is drawn by this script with
pillow: assets/tiles/level7.png (64 px squares, 8 columns, 64 tiles) and
maps/tilesets/level7.tsx. The output is the same on every run.

How a tile is laid out (docs/MAPS.md "Level 7"): a standard tile is 5 x 5 squares of 64 px. A
door sits in the middle square of a side, with a white arrow on the floor pointing out through
it. Ducts run from the tile's hub (the middle square, where the vent is) along the middle row or
column to the middle of a side (a duct stub). Icons sit in the four squares between the arms.
Population spots (where figures stand) fill the free squares; how many of each kind comes from
game/level7/data/tiles.toml. A corridor shows floor only on its arms; a room is floor all over.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "maps" / "level7" / "tiles"
TSX_PATH = ROOT / "maps" / "tilesets" / "level7.tsx"
PNG_PATH = ROOT / "assets" / "tiles" / "level7.png"
SPOTS_TOML = ROOT / "game" / "level7" / "data" / "tiles.toml"
TSX = "../../tilesets/level7.tsx"
SQ = 64  # pixels per square
CELLS = 5  # squares per side of a standard tile (game/board/slots.py L7_CELLS)
COLS = 8  # tileset columns
FIRSTGID = 1

# --- the tileset ----------------------------------------------------------------------------------

FLOORS = ("lab", "medical", "security", "bio", "machine", "corridor", "lift", "void")
ICONS = ("security", "recurring_security", "fear", "recurring_fear", "facility", "lab",
         "control_panel", "lift", "generator", "medical", "storage", "vent", "sealed_vent")
# index: row 0 floors, row 1 second floor variants, rows 2-3 duct pieces by mask (N1 E2 S4 W8),
# row 4 door arrows N E S W and a tank, rows 5-6 icons.
FLOOR_INDEX = {name: i for i, name in enumerate(FLOORS)}
FLOOR_B_INDEX = {name: 8 + i for i, name in enumerate(FLOORS)}
PIPE_BASE = 16
ARROW_INDEX = {"N": 32, "E": 33, "S": 34, "W": 35}
TANK_INDEX = 36
ICON_INDEX = {name: 40 + i for i, name in enumerate(ICONS)}
TILECOUNT = 64

FLOOR_COLOURS = {
    "lab": (176, 188, 196), "medical": (208, 216, 218), "security": (98, 112, 130),
    "bio": (64, 88, 80), "machine": (96, 92, 74), "corridor": (78, 82, 90),
    "lift": (120, 124, 128), "void": (26, 28, 33),
}


def _shade(c, k):
    return tuple(max(0, min(255, round(v * k))) for v in c)


def draw_floor(name: str, variant: int) -> Image.Image:
    base = FLOOR_COLOURS[name]
    im = Image.new("RGBA", (SQ, SQ), base + (255,))
    d = ImageDraw.Draw(im)
    rng = random.Random(f"{name}-{variant}")
    if name == "void":
        for i in range(-SQ, SQ, 12):  # machinery hatch
            d.line([(i, SQ), (i + SQ, 0)], fill=_shade(base, 1.35) + (255,), width=2)
        d.rectangle([0, 0, SQ - 1, SQ - 1], outline=(14, 15, 18, 255), width=2)
        return im
    dark, light = _shade(base, 0.78) + (255,), _shade(base, 1.12) + (255,)
    if name in ("lab", "medical"):
        half = SQ // 2
        for x in (0, half):
            for y in (0, half):
                if (x + y) // half % 2 == variant % 2:
                    d.rectangle([x, y, x + half - 1, y + half - 1], fill=_shade(base, 0.95) + (255,))
        d.line([(half, 0), (half, SQ)], fill=dark, width=1)
        d.line([(0, half), (SQ, half)], fill=dark, width=1)
        if name == "medical" and variant:
            d.line([(half - 5, half), (half + 5, half)], fill=(196, 90, 90, 255), width=2)
            d.line([(half, half - 5), (half, half + 5)], fill=(196, 90, 90, 255), width=2)
    elif name == "security":
        for i in range(-SQ, 2 * SQ, 10):
            d.line([(i, 0), (i + 8, 8)], fill=light, width=2)
            d.line([(i, 32), (i + 8, 40)], fill=light, width=2)
    elif name == "bio":
        for _ in range(9 + 5 * variant):
            x, y, r = rng.randrange(SQ), rng.randrange(SQ), rng.randrange(2, 7)
            d.ellipse([x - r, y - r, x + r, y + r], fill=_shade(base, rng.choice((0.8, 1.18))) + (255,))
    elif name == "machine":
        for x in range(4, SQ, 8):
            d.line([(x, 2), (x, SQ - 3)], fill=dark, width=3)
    elif name == "corridor":
        d.line([(0, SQ // 2), (SQ, SQ // 2)], fill=dark, width=1)
        if variant:
            for x in range(0, SQ, 16):
                d.rectangle([x, 2, x + 7, 5], fill=(170, 150, 60, 255))
    elif name == "lift":
        for i in range(-SQ, 2 * SQ, 16):
            d.polygon([(i, SQ - 8), (i + 8, SQ - 8), (i + 16, SQ), (i + 8, SQ)], fill=(210, 180, 40, 255))
        d.rectangle([0, 0, SQ - 1, SQ - 9], outline=dark, width=1)
    d.rectangle([0, 0, SQ - 1, SQ - 1], outline=dark, width=1)
    for x, y in ((4, 4), (SQ - 5, 4), (4, SQ - 5), (SQ - 5, SQ - 5)):  # rivets
        d.ellipse([x - 1, y - 1, x + 1, y + 1], fill=light)
    return im


def draw_pipe(mask: int) -> Image.Image:
    """An air duct from the square's middle to the sides in mask (N1 E2 S4 W8)."""
    im = Image.new("RGBA", (SQ, SQ), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    c, w = SQ // 2, 9
    ends = {1: (c, 0), 2: (SQ, c), 4: (c, SQ), 8: (0, c)}
    for width, colour in ((2 * w + 6, (12, 22, 22, 255)), (2 * w, (44, 150, 132, 255)), (6, (120, 220, 196, 255))):
        for bit, end in ends.items():
            if mask & bit:
                d.line([(c, c), end], fill=colour, width=width)
        r = width // 2
        d.rectangle([c - r, c - r, c + r, c + r], fill=colour)
    for bit, (ex, ey) in ends.items():  # duct joints
        if mask & bit:
            mx, my = (c + ex) // 2, (c + ey) // 2
            if bit in (1, 4):
                d.line([(mx - w, my), (mx + w, my)], fill=(12, 22, 22, 255), width=2)
            else:
                d.line([(mx, my - w), (mx, my + w)], fill=(12, 22, 22, 255), width=2)
    return im


def draw_arrow(edge: str) -> Image.Image:
    """The door arrow painted on the floor at a door (level7 3.1), pointing out of the tile."""
    im = Image.new("RGBA", (SQ * 4, SQ * 4), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    k = 4
    pts = [(32, 4), (56, 30), (42, 30), (42, 52), (22, 52), (22, 30), (8, 30)]  # pointing north
    pts = [(x * k, y * k) for x, y in pts]
    d.polygon(pts, fill=(12, 12, 14, 200))
    inner = [(32, 10), (50, 28), (38, 28), (38, 48), (26, 48), (26, 28), (14, 28)]
    d.polygon([(x * k, y * k) for x, y in inner], fill=(246, 246, 240, 255))
    im = im.resize((SQ, SQ), Image.LANCZOS)
    return im.rotate({"N": 0, "E": -90, "S": 180, "W": 90}[edge])


BADGES = {
    "security": (48, 96, 190), "recurring_security": (48, 96, 190), "fear": (170, 36, 44),
    "recurring_fear": (170, 36, 44), "facility": (214, 150, 34), "lab": (40, 150, 70),
    "control_panel": (30, 160, 176), "lift": (226, 196, 40), "generator": (220, 110, 30),
    "medical": (236, 236, 232), "storage": (140, 98, 56), "vent": (70, 76, 82), "sealed_vent": (70, 76, 82),
}


def draw_icon(kind: str) -> Image.Image:
    """A round badge with a symbol, drawn at 4x and scaled down for smooth edges."""
    k = 4
    S = SQ * k
    im = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    c = S // 2
    R = 27 * k
    d.ellipse([c - R - 3 * k, c - R - 3 * k, c + R + 3 * k, c + R + 3 * k], fill=(10, 10, 12, 230))
    d.ellipse([c - R, c - R, c + R, c + R], fill=BADGES[kind] + (255,))
    ink = (20, 20, 24, 255) if kind in ("medical", "lift") else (250, 250, 246, 255)

    def P(*pts):
        return [(c + x * k, c + y * k) for x, y in pts]

    base = kind.replace("recurring_", "")
    if base == "security":  # a shield
        d.polygon(P((0, -15), (13, -10), (11, 6), (0, 16), (-11, 6), (-13, -10)), fill=ink)
        d.polygon(P((0, -9), (7, -6), (6, 4), (0, 10), (-6, 4), (-7, -6)), fill=BADGES[kind] + (255,))
    elif base == "fear":  # an alien eye
        d.ellipse(P((-16, -9), (16, 9)), fill=ink)
        d.ellipse(P((-4, -9), (4, 9)), fill=BADGES[kind] + (255,))
        d.ellipse(P((-1, -6), (1, 6)), fill=(10, 10, 12, 255))
    elif base == "facility":  # a cog
        for i in range(8):
            a = i * math.pi / 4
            x, y = 14 * math.cos(a), 14 * math.sin(a)
            d.ellipse(P((x - 4, y - 4), (x + 4, y + 4)), fill=ink)
        d.ellipse(P((-11, -11), (11, 11)), fill=ink)
        d.ellipse(P((-5, -5), (5, 5)), fill=BADGES[kind] + (255,))
    elif base == "lab":  # a flask
        d.polygon(P((-4, -15), (4, -15), (4, -4), (13, 13), (-13, 13), (-4, -4)), fill=ink)
        d.polygon(P((-8, 4), (8, 4), (11, 10), (-11, 10)), fill=(120, 230, 140, 255))
    elif base == "control_panel":  # a terminal
        d.rectangle(P((-15, -12), (15, 8)), fill=ink)
        d.rectangle(P((-11, -8), (11, 4)), fill=(16, 40, 48, 255))
        for i, y in enumerate((-5, -1, 3)):
            d.line(P((-8, y), (4 - 4 * i, y)), fill=(110, 240, 250, 255), width=2 * k)
        d.rectangle(P((-5, 8), (5, 14)), fill=ink)
    elif base == "lift":  # up and down arrows
        d.polygon(P((-7, -16), (2, -4), (-4, -4), (-4, 4), (-10, 4), (-10, -4), (-16, -4)), fill=ink)
        d.polygon(P((7, 16), (16, 4), (10, 4), (10, -4), (4, -4), (4, 4), (-2, 4)), fill=ink)
    elif base == "generator":  # a bolt
        d.polygon(P((4, -17), (-10, 2), (-1, 2), (-5, 17), (10, -3), (1, -3)), fill=ink)
    elif base == "medical":  # a red cross
        d.rectangle(P((-5, -15), (5, 15)), fill=(200, 30, 36, 255))
        d.rectangle(P((-15, -5), (15, 5)), fill=(200, 30, 36, 255))
    elif base == "storage":  # a crate
        d.rectangle(P((-14, -12), (14, 12)), fill=ink)
        d.rectangle(P((-10, -8), (10, 8)), fill=BADGES[kind] + (255,))
        d.line(P((-10, -8), (10, 8)), fill=ink, width=3 * k)
        d.line(P((-10, 8), (10, -8)), fill=ink, width=3 * k)
    elif base in ("vent", "sealed_vent"):  # a grille
        d.ellipse(P((-20, -20), (20, 20)), fill=(30, 34, 38, 255))
        for y in range(-14, 16, 6):
            half = int(math.sqrt(max(0, 18 ** 2 - y * y)))
            d.line(P((-half, y), (half, y)), fill=(150, 160, 168, 255), width=3 * k)
        if base == "sealed_vent":
            d.line(P((-14, -14), (14, 14)), fill=(220, 40, 40, 255), width=5 * k)
            d.line(P((-14, 14), (14, -14)), fill=(220, 40, 40, 255), width=5 * k)
    if kind.startswith("recurring_"):  # a ring with an arrowhead: it happens again
        r = R - 3 * k
        d.arc([c - r, c - r, c + r, c + r], 200, 520, fill=ink, width=3 * k)
        a = math.radians(160)
        x, y = c + r * math.cos(a), c + r * math.sin(a)
        d.polygon([(x - 6 * k, y - 2 * k), (x + 5 * k, y - 5 * k), (x + 1 * k, y + 6 * k)], fill=ink)
    return im.resize((SQ, SQ), Image.LANCZOS)


def draw_tank() -> Image.Image:
    """A storage tank seen from above: steel rim, bolts and a glowing sample window."""
    k = 4
    S = SQ * k
    im = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    c = S // 2
    for r, colour in ((29, (12, 14, 16)), (27, (96, 104, 112)), (23, (150, 158, 166)), (19, (110, 118, 126))):
        d.ellipse([c - r * k, c - r * k, c + r * k, c + r * k], fill=colour + (255,))
    for i in range(8):
        a = i * math.pi / 4
        x, y = c + 25 * k * math.cos(a), c + 25 * k * math.sin(a)
        d.ellipse([x - 1.5 * k, y - 1.5 * k, x + 1.5 * k, y + 1.5 * k], fill=(40, 44, 48, 255))
    d.ellipse([c - 10 * k, c - 10 * k, c + 10 * k, c + 10 * k], fill=(20, 60, 40, 255))
    d.ellipse([c - 8 * k, c - 8 * k, c + 8 * k, c + 8 * k], fill=(90, 210, 120, 255))
    d.ellipse([c - 6 * k, c - 7 * k, c - 1 * k, c - 3 * k], fill=(200, 250, 210, 255))
    return im.resize((SQ, SQ), Image.LANCZOS)


def make_tileset() -> Image.Image:
    sheet = Image.new("RGBA", (COLS * SQ, TILECOUNT // COLS * SQ), (0, 0, 0, 0))

    def put(index: int, im: Image.Image) -> None:
        sheet.alpha_composite(im, ((index % COLS) * SQ, (index // COLS) * SQ))

    for name in FLOORS:
        put(FLOOR_INDEX[name], draw_floor(name, 0))
        put(FLOOR_B_INDEX[name], draw_floor(name, 1))
    for mask in range(1, 16):
        put(PIPE_BASE + mask, draw_pipe(mask))
    for edge, index in ARROW_INDEX.items():
        put(index, draw_arrow(edge))
    put(TANK_INDEX, draw_tank())
    for kind, index in ICON_INDEX.items():
        put(index, draw_icon(kind))
    return sheet


# --- the tiles (level7-escape.md 8.9, 8.10) -----------------------------------------------------------


@dataclass(frozen=True)
class TileSpec:
    id: str
    name: str
    doors: str  # "N E": slot 0 of each side (standard tiles); special tiles give "N0 E0"
    stubs: str = ""
    vent: bool = False
    icons: tuple[str, ...] = ()
    floor: str = "lab"
    units: tuple[int, int] = (1, 1)  # footprint in standard tiles
    back: str = ""
    off_map: bool = False
    flavour: str = ""
    tanks: tuple[tuple[int, int], ...] = ()  # squares with a tank drawn (art only)


# 8.10's table: id, name, doors, duct stubs, vent, icons. The floor style is ours.
T = TileSpec
TILES = [
    T("T01", "A-Lift", "N", icons=("lift",), floor="lift"),
    T("T02", "C-Lift", "N E", icons=("lift",), floor="lift"),
    T("T03", "Sick Bay A", "N E", icons=("medical",), floor="medical"),
    T("T04", "Sick Bay B", "N", icons=("medical", "fear"), floor="medical"),
    T("T05", "Morgue A", "N E", "E S", True, ("recurring_fear",), "bio"),
    T("T06", "Morgue B", "N", "W", True, ("fear",), "bio"),
    T("T07", "Corridor 101-A", "N E S W", floor="corridor"),
    T("T08", "Corridor 101-B", "N E S", icons=("security",), floor="corridor"),
    T("T09", "Incinerator", "N S", "E", True, ("facility",), "machine"),
    T("T10", "Green Lab", "N E S", icons=("lab", "fear")),
    T("T11", "Yellow Lab", "N S", icons=("lab", "storage")),
    T("T12", "Red Lab", "N E", icons=("lab", "recurring_fear")),
    T("T13", "Control Room", "N E S", icons=("control_panel", "recurring_security"), floor="security"),
    T("T14", "Security Office", "N S", icons=("control_panel", "security"), floor="security"),
    T("T15", "Monitoring Station", "N E", icons=("control_panel",), floor="security"),
    T("T16", "Server Room", "N", "S", True, ("control_panel", "facility"), "machine"),
    T("T17", "Generator Room A", "N E S", icons=("generator", "facility"), floor="machine"),
    T("T18", "Generator Room B", "N S", "E W", False, ("generator",), "machine"),
    T("T19", "Armory", "N", icons=("storage", "security"), floor="security"),
    T("T20", "Supply Closet", "N E", "S", True, ("storage",), "machine"),
    T("T21", "Storeroom", "N E S", icons=("storage", "facility"), floor="machine"),
    T("T22", "Infirmary", "N E", icons=("medical", "security"), floor="medical"),
    T("T23", "Barracks", "N E S", icons=("recurring_security",), floor="security"),
    T("T24", "Guard Station", "N E S W", icons=("security",), floor="security"),
    T("T25", "Checkpoint", "N S", icons=("security",), floor="security"),
    T("T26", "Holding Cells", "N E S", icons=("fear",), floor="bio"),
    T("T27", "Specimen Storage", "N E", "E S", True, ("fear",), "bio"),
    T("T28", "Dissection Room", "N", "W", True, ("recurring_fear",), "bio"),
    T("T29", "Observation Room", "N S", icons=("fear",)),
    T("T30", "Stasis Pods", "N E S", "W", True, ("fear",), "bio"),
    T("T31", "Maintenance Hall", "N E S W", "N E S W", False, ("facility",), "machine"),
    T("T32", "Pump Room", "N E", "S W", True, ("facility",), "machine"),
    T("T33", "Boiler Room", "N S", "N S", False, ("facility",), "machine"),
    T("T34", "Water Treatment", "N E S", icons=("facility",), floor="machine"),
    T("T35", "Corridor 102", "N E S W", "E W", floor="corridor"),
    T("T36", "Corridor 103", "N E S W", floor="corridor"),
    T("T37", "Corridor 104", "N E S", "E W", True, floor="corridor"),
    T("T38", "Corridor 105", "N E S", floor="corridor"),
    T("T39", "Corridor 106", "N S", "N S", floor="corridor"),
    T("T40", "Corridor 107", "N S", floor="corridor"),
    T("T41", "Junction 108", "N E", "N E", floor="corridor"),
    T("T42", "Corridor 109", "N S", floor="corridor"),
    T("T43", "Decontamination", "N S", "E", True, ("recurring_security",), "medical"),
    T("T44", "Records Office", "N E", icons=("storage",)),
    # 8.9's special tiles. Slot indexes run clockwise along a side (docs/MAPS.md): on the Tank
    # Farm, "N (west cell)" is N0, "E (north cell)" E0, "S (east cell)" S0, "W (south cell)" W0.
    T("tank_farm", "Tank Farm", "N0 E0 S0 W0", "N1 E1 S1 W1", True, floor="machine", units=(2, 2), back="airlock",
      flavour="Rows of humming tanks; the way in, and no way out.",
      tanks=tuple((c, r) for r in (4, 6) for c in (3, 4, 5, 6))),
    T("airlock", "Airlock", "N0 S0", floor="security", units=(2, 2), back="tank_farm"),
    T("b_lift", "B-Lift", "N", icons=("lift",), floor="lift", back="maintenance_tunnel"),
    T("maintenance_tunnel", "Maintenance Tunnel", "N S", "N E S W", True, floor="machine", back="b_lift"),
    T("hospital", "Hospital", "", floor="medical", off_map=True),
]


def _slots(text: str) -> list[tuple[str, int]]:
    out = []
    for word in text.split():
        out.append((word[0], int(word[1:]) if len(word) > 1 else 0))
    return out


def slot_square(spec: TileSpec, edge: str, index: int) -> tuple[int, int]:
    """The square (col, row) of the tile in the middle of a slot, next to the edge."""
    uw, uh = spec.units
    w, h = uw * CELLS, uh * CELLS
    mid = CELLS // 2
    if edge == "N":
        return index * CELLS + mid, 0
    if edge == "S":
        return (uw - 1 - index) * CELLS + mid, h - 1
    if edge == "E":
        return w - 1, index * CELLS + mid
    return 0, (uh - 1 - index) * CELLS + mid


def unit_centre(u: tuple[int, int]) -> tuple[int, int]:
    return u[0] * CELLS + CELLS // 2, u[1] * CELLS + CELLS // 2


def duct_paths(spec: TileSpec) -> list[list[tuple[int, int]]]:
    """Each duct as squares from the hub to the slot's edge square (then out through the edge)."""
    paths = []
    hub = unit_centre((0, 0))
    for edge, index in _slots(spec.stubs):
        end = slot_square(spec, edge, index)
        unit = (end[0] // CELLS, end[1] // CELLS)
        centre = unit_centre(unit)
        path = [hub]
        # along the hub's row to the unit's column, then along its column, then to the edge square
        for target in ((centre[0], hub[1]), centre, end):
            x, y = path[-1]
            while (x, y) != target:
                if x != target[0]:
                    x += 1 if target[0] > x else -1
                else:
                    y += 1 if target[1] > y else -1
                path.append((x, y))
        paths.append((path, edge, index))
    return paths


EDGE_BIT = {"N": 1, "E": 2, "S": 4, "W": 8}


def pipe_masks(spec: TileSpec) -> dict[tuple[int, int], int]:
    masks: dict[tuple[int, int], int] = {}
    for path, edge, _ in duct_paths(spec):
        for a, b in zip(path, path[1:]):
            dx, dy = b[0] - a[0], b[1] - a[1]
            out_bit = {(0, -1): 1, (1, 0): 2, (0, 1): 4, (-1, 0): 8}[(dx, dy)]
            in_bit = {1: 4, 2: 8, 4: 1, 8: 2}[out_bit]
            masks[a] = masks.get(a, 0) | out_bit
            masks[b] = masks.get(b, 0) | in_bit
        masks[path[-1]] = masks.get(path[-1], 0) | EDGE_BIT[edge]
    return masks


def floor_cells(spec: TileSpec) -> dict[tuple[int, int], int]:
    uw, uh = spec.units
    w, h = uw * CELLS, uh * CELLS
    gids = {}
    arms: set[tuple[int, int]] = set()
    if spec.floor == "corridor":
        hub = unit_centre((0, 0))
        arms.add(hub)
        for edge, index in _slots(spec.doors):
            end = slot_square(spec, edge, index)
            x, y = hub
            while (x, y) != end:
                if x != end[0]:
                    x += 1 if end[0] > x else -1
                else:
                    y += 1 if end[1] > y else -1
                arms.add((x, y))
    for r in range(h):
        for c in range(w):
            if spec.floor == "corridor":
                name = "corridor" if (c, r) in arms else "void"
                variant = 1 if name == "corridor" and (c + r) % 2 else 0
            elif spec.floor == "lift":
                inner = 1 <= c % CELLS <= 3 and 1 <= r % CELLS <= 3
                name, variant = ("lift", 0) if inner else ("security", 0)
            else:
                name, variant = spec.floor, (c * 7 + r * 3) % 4 == 0
            gids[(c, r)] = FIRSTGID + (FLOOR_B_INDEX[name] if variant else FLOOR_INDEX[name])
    return gids


def read_spots() -> dict[str, int]:
    data = tomllib.loads(SPOTS_TOML.read_text(encoding="utf-8"))
    return {k: int(v) for k, v in data["spots"].items() if k in ("character", "guard", "clone", "hybrid")}


def tile_tmx(spec: TileSpec, spots: dict[str, int]) -> str:
    uw, uh = spec.units
    w, h = uw * CELLS, uh * CELLS
    floor = floor_cells(spec)
    pipes = {cell: FIRSTGID + PIPE_BASE + mask for cell, mask in pipe_masks(spec).items()}
    decor: dict[tuple[int, int], int] = {}
    objects: dict[str, list[str]] = {"doors": [], "ducts": [], "icons": [], "spots": []}
    next_id = [1]

    def obj(layer: str, name: str, x: float, y: float, props: dict[str, str], shape: str = "<point/>") -> None:
        oid = next_id[0]
        next_id[0] += 1
        prop = "".join(f'\n    <property name="{k}" value="{v}"/>' for k, v in props.items())
        props_xml = f"\n   <properties>{prop}\n   </properties>" if props else ""
        objects[layer].append(f'  <object id="{oid}" name="{name}" x="{x:g}" y="{y:g}">{props_xml}\n   {shape}\n  </object>')

    for edge, index in _slots(spec.doors):
        c, r = slot_square(spec, edge, index)
        decor[(c, r)] = FIRSTGID + ARROW_INDEX[edge]
        if edge in ("N", "S"):
            y = 0 if edge == "N" else h * SQ
            obj("doors", f"door_{edge}{index}", c * SQ, y, {}, f'<polyline points="0,0 {SQ},0"/>')
        else:
            x = 0 if edge == "W" else w * SQ
            obj("doors", f"door_{edge}{index}", x, r * SQ, {}, f'<polyline points="0,0 0,{SQ}"/>')
    half = SQ // 2
    for path, edge, index in duct_paths(spec):
        # corners of the path only, then out to the edge
        pts = [path[0]]
        for a, b, cnext in zip(path, path[1:], path[2:]):
            if (b[0] - a[0], b[1] - a[1]) != (cnext[0] - b[0], cnext[1] - b[1]):
                pts.append(b)
        pts.append(path[-1])
        px = [(c * SQ + half, r * SQ + half) for c, r in pts]
        ex, ey = px[-1]
        px[-1] = {"N": (ex, 0), "S": (ex, h * SQ), "E": (w * SQ, ey), "W": (0, ey)}[edge]
        dedup = [px[0]] + [p for p, q in zip(px[1:], px) if p != q]
        x0, y0 = dedup[0]
        rel = " ".join(f"{x - x0},{y - y0}" for x, y in dedup)
        obj("ducts", f"duct_{edge}{index}", x0, y0, {},
            f'<polyline points="{rel}"/>')
    for cell in spec.tanks:
        decor[cell] = FIRSTGID + TANK_INDEX
    hub = unit_centre((0, 0))
    if spec.vent:
        decor[hub] = FIRSTGID + ICON_INDEX["vent"]
        obj("icons", "vent", hub[0] * SQ + half, hub[1] * SQ + half, {"kind": "vent"})
    corners = [(hub[0] - 1, hub[1] - 1), (hub[0] + 1, hub[1] - 1), (hub[0] + 1, hub[1] + 1), (hub[0] - 1, hub[1] + 1)]
    for kind, (c, r) in zip(spec.icons, corners):
        decor[(c, r)] = FIRSTGID + ICON_INDEX[kind]
        obj("icons", kind, c * SQ + half, r * SQ + half, {"kind": kind})
    # Population spots: two to a floor square without an icon, in reading order, the squares off
    # the ducts and doors first.
    icon_cells = {cell for cell, gid in decor.items() if gid - FIRSTGID in (*ICON_INDEX.values(), TANK_INDEX)}
    free = [(c, r) for r in range(h) for c in range(w)
            if (c, r) not in icon_cells and floor[(c, r)] != FIRSTGID + FLOOR_INDEX["void"]]
    free.sort(key=lambda cell: (cell in decor or cell in pipes, cell[1], cell[0]))
    places = [(c * SQ + dx, r * SQ + half) for c, r in free for dx in (20, 44)]
    wanted = [k for k in ("character", "guard", "clone", "hybrid") if not spec.off_map or k == "character"]
    at = 0
    for kind in wanted:
        for n in range(1, spots[kind] + 1):
            if at >= len(places):
                raise SystemExit(f"{spec.id}: no room for the population spots")
            x, y = places[at]
            at += 1
            obj("spots", f"{kind}{n}", x, y, {"kind": kind})

    def csv(cells: dict[tuple[int, int], int]) -> str:
        rows = [",".join(str(cells.get((c, r), 0)) for c in range(w)) for r in range(h)]
        return ",\n".join(rows)

    props = [("title", "string", "level7"), ("name", "string", spec.name), ("tile_id", "string", spec.id),
             ("placeholder", "bool", "true")]
    if spec.back:
        props.append(("back", "string", spec.back))
    if spec.off_map:
        props.append(("off_map", "bool", "true"))
    if spec.flavour:
        props.append(("flavour", "string", spec.flavour))
    prop_xml = "\n".join(
        f'  <property name="{n}" value="{v}"/>' if t == "string" else f'  <property name="{n}" type="{t}" value="{v}"/>'
        for n, t, v in props)
    layers = []
    lid = 1
    for name, cells in (("floor", floor), ("pipes", pipes), ("decor", decor)):
        if not cells:
            continue
        layers.append(f' <layer id="{lid}" name="{name}" width="{w}" height="{h}">\n  <data encoding="csv">\n{csv(cells)}\n</data>\n </layer>')
        lid += 1
    for name in ("doors", "ducts", "icons", "spots"):
        if not objects[name]:
            continue
        body = "\n".join(objects[name])
        layers.append(f' <objectgroup id="{lid}" name="{name}">\n{body}\n </objectgroup>')
        lid += 1
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{w}" height="{h}" tilewidth="{SQ}" tileheight="{SQ}" infinite="0" nextlayerid="{lid}" nextobjectid="{next_id[0]}">\n'
        f' <properties>\n{prop_xml}\n </properties>\n'
        f' <tileset firstgid="{FIRSTGID}" source="{TSX}"/>\n'
        + "\n".join(layers) + "\n</map>\n"
    )


def write_tileset(root: Path = ROOT) -> None:
    png, tsx = root / PNG_PATH.relative_to(ROOT), root / TSX_PATH.relative_to(ROOT)
    png.parent.mkdir(parents=True, exist_ok=True)
    tsx.parent.mkdir(parents=True, exist_ok=True)
    make_tileset().save(png, optimize=False)
    rows = TILECOUNT // COLS
    tsx.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<tileset version="1.10" tiledversion="1.10.2" name="level7" tilewidth="{SQ}" tileheight="{SQ}" '
        f'tilecount="{TILECOUNT}" columns="{COLS}">\n'
        f' <image source="../../assets/tiles/level7.png" width="{COLS * SQ}" height="{rows * SQ}"/>\n'
        '</tileset>\n', encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="write maps/level7/tiles/*.tmx and the Level 7 tileset")
    p.add_argument("--only", nargs="+", metavar="ID", help="write only these tiles (the tileset is always written)")
    p.add_argument("--root", type=Path, default=ROOT,
                   help="write under this folder instead of the project (maps/..., assets/... inside it)")
    args = p.parse_args(argv)
    known = {t.id for t in TILES}
    for wanted in args.only or ():
        if wanted not in known:
            print(f"make_level7_tiles: no tile {wanted!r} (known: {', '.join(sorted(known))})", file=sys.stderr)
            return 2
    write_tileset(args.root)
    spots = read_spots()
    out = args.root / OUT.relative_to(ROOT)
    out.mkdir(parents=True, exist_ok=True)
    sys.path.insert(0, str(ROOT))
    from game.board.commands import check_map

    failed = 0
    for spec in TILES:
        if args.only and spec.id not in args.only:
            continue
        path = out / f"{spec.id}.tmx"
        path.write_text(tile_tmx(spec, spots), encoding="utf-8")
        problems = check_map(str(path))
        for line in problems:
            print(line, file=sys.stderr)
        failed += bool(problems)
    print(f"wrote {sum(1 for t in TILES if not args.only or t.id in args.only)} tiles to {out}"
          f" and the tileset under {args.root}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
