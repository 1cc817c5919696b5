"""Write the 34 Gears of War tile faces maps/gears/tiles/<id>.tmx (run from the project root:
`python tools/make_gears_tiles.py`; `--only 3A 5B` writes some faces; `--preview DIR` also draws
a quick PNG of each face's geometry with pillow).

The faces are Tiletop's own layouts (spec gears-of-war.md 3.7 "Original tile faces"): no public
transcription of the printed tiles exists. The face data is FACES near the end of this file; the
script turns it into plain TMX 1.10 following docs/MAPS.md, and refuses to write a face that
fails the board checks.

How a face is described (see FACES below):

* `grid`: one character per 64 px map tile, a letter per area. An UPPER-case letter is a cover
  spot in that tile (the area of the lower-case letter). Areas must be 4-connected, without holes,
  and two areas may not meet only diagonally in a checkerboard.
* The boundary between two areas is traced on the tile lattice and, unless the face says
  `smooth=0`, simplified (Douglas-Peucker, tolerance `smooth` tiles) so that staircases become
  diagonal cuts; the simplification is done once per boundary chain, so both neighbours keep the
  exact same vertices and the areas still tile the face without gaps or overlaps.
* `seps` says what each boundary is: "border" (the default: a cracked border, movement passes),
  "wall", "level" (a level line), "none" (a cover graphic only: blocks movement, not sight),
  "door" (a wall with a cracked gap in the middle of its longest stretch) and "stairs" (a level
  line with a cracked gap). `walls` adds free wall polylines in tile units (pillars, ruins);
  borders never run along a wall (the stretch a wall covers is removed from the border).
* Cover arrows point at the likely approach: by default towards the middle of the boundary with
  the neighbouring area that is nearest the entrance (the next nearest for a second spot in the
  same area), rounded to 45 degrees; `arrows={(col, row): "0,90"}` overrides a spot.
* Emergence holes and the equipment icon name an area (the script picks a clear tile in it, far
  from the entrance for holes) or a (col, row) tile.
* Connectors are 2 tiles (128 px) wide, centred on an edge unless offset: "W", "E", "N+1"
  (1 tile towards larger x/y), so any face can follow any other (compose.place_at_exit).
"""
from __future__ import annotations

import argparse
import math
import sys
import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "maps" / "gears" / "tiles"
LOCATIONS = ROOT / "game" / "gears" / "data" / "locations.toml"
TILE = 64
CONNECTOR = 2  # connector width in tiles, the same on every face
FIRSTGID = 1
TSX = "../../tilesets/floors.tsx"

# Tile indices of maps/tilesets/floors.tsx (assets/tiles/floors.toml): rows 0-1 are Gears.
FLOORS = {
    "concrete_a": 0, "concrete_b": 1, "concrete_c": 2, "cracked": 3, "rubble": 4, "dirt": 5,
    "metal_plate": 6, "grate": 7, "tiles_a": 8, "tiles_b": 9, "carpet": 10, "grass": 11,
    "mud": 12, "sand": 13, "water": 14, "broken_tiles": 15,
}
SIZES = {"small": range(1, 13), "medium": range(13, 17), "large": range(17, 18)}
SEP_KINDS = ("border", "wall", "level", "none", "door", "stairs")

LAYER_COLOURS = {
    "areas": "#55aaff", "walls": "#000000", "level_lines": "#2255ff", "borders": "#999999",
    "cover": "#00aa00", "emergence": "#aa0000", "equipment": "#ffaa00", "connectors": "#ff00ff",
}

Pt = tuple[int, int]  # a lattice point, in tiles
FPt = tuple[Fraction, Fraction]  # a point in pixels


class FaceError(Exception):
    """A face description that cannot become a valid tile; the message names the face."""


@dataclass
class Face:
    tile_id: str
    name: str
    flavour: str
    grid: str
    areas: dict[str, tuple[str, str]]  # letter -> (area name, floor texture)
    seps: dict[str, str] = field(default_factory=dict)  # "ab" -> kind (see SEP_KINDS)
    walls: list[list[tuple[float, float]]] = field(default_factory=list)  # tile units
    holes: list[object] = field(default_factory=list)  # area letters or (col, row)
    equipment: object = None  # area letter or (col, row); None = no equipment
    entrance: str = "W"
    exits: tuple[str, ...] = ("E",)
    arrows: dict[tuple[int, int], str] = field(default_factory=dict)
    smooth: float = 0.75
    jitter: int = 24  # px: inner vertices move up to this far (multiples of 8), 0 = on the lattice


# --- lattice tracing ------------------------------------------------------------------------------


@dataclass
class Traced:
    cells: dict[tuple[int, int], str]
    width: int
    height: int
    polygons: dict[str, list[Pt]]  # letter -> ring of lattice points (tiles), final vertices
    chains: list[tuple[str, str, list[Pt]]]  # (a, b, final vertices) per internal boundary chain
    offsets: dict[Pt, tuple[int, int]] = field(default_factory=dict)  # px nudges of inner vertices

    def px(self, p: Pt) -> FPt:
        dx, dy = self.offsets.get(p, (0, 0))
        return (Fraction(p[0] * TILE + dx), Fraction(p[1] * TILE + dy))

    def jitter(self, amount: int, seed: str) -> None:
        """Nudge every vertex inside the face (never one on its edge, so connectors and the outline
        stay put) by a seeded multiple of 8 px: irregular rooms, still exactly shared."""
        import random

        rng = random.Random(seed)
        steps = list(range(-amount, amount + 1, 8))
        inner = sorted({p for ring in self.polygons.values() for p in ring if 0 < p[0] < self.width and 0 < p[1] < self.height})
        self.offsets = {p: (rng.choice(steps), rng.choice(steps)) for p in inner} if amount else {}


def parse_grid(face: Face) -> tuple[dict[tuple[int, int], str], set[tuple[int, int]], int, int]:
    rows = [r.strip() for r in face.grid.strip().splitlines() if r.strip()]
    width, height = len(rows[0]), len(rows)
    if any(len(r) != width for r in rows):
        raise FaceError(f"{face.tile_id}: grid rows differ in length")
    cells, spots = {}, set()
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch.lower() not in face.areas:
                raise FaceError(f"{face.tile_id}: grid letter {ch!r} at ({c}, {r}) has no area")
            cells[(c, r)] = ch.lower()
            if ch.isupper():
                spots.add((c, r))
    return cells, spots, width, height


def trace(face: Face) -> Traced:
    cells, _, W, H = parse_grid(face)

    def region(c: int, r: int) -> str | None:
        return cells.get((c, r))

    def around(p: Pt) -> list[str | None]:
        i, j = p
        return [region(i - 1, j - 1), region(i, j - 1), region(i - 1, j), region(i, j)]

    junction = set()
    for i in range(W + 1):
        for j in range(H + 1):
            nw, ne, sw, se = around((i, j))
            regs = {nw, ne, sw, se}
            if len(regs) >= 3:
                junction.add((i, j))
            elif len(regs) == 2 and nw == se and ne == sw and nw != ne:
                raise FaceError(f"{face.tile_id}: areas meet only diagonally at lattice point {(i, j)}")

    # Internal unit edges, keyed by the pair of areas they separate.
    adj: dict[Pt, list[tuple[Pt, tuple[str, str]]]] = {}
    for i in range(W + 1):
        for j in range(H + 1):
            for (di, dj), (a, b) in (
                ((1, 0), (region(i, j - 1), region(i, j))),  # horizontal edge: above / below
                ((0, 1), (region(i - 1, j), region(i, j))),  # vertical edge: left / right
            ):
                if a is None or b is None or a == b:
                    continue
                q = (i + di, j + dj)
                key = tuple(sorted((a, b)))
                adj.setdefault((i, j), []).append((q, key))
                adj.setdefault(q, []).append(((i, j), key))

    # Walk chains from junction to junction.
    seen: set[frozenset] = set()
    raw_chains: list[tuple[tuple[str, str], list[Pt]]] = []
    for start in sorted(junction):
        for q, key in adj.get(start, []):
            if frozenset((start, q)) in seen:
                continue
            chain = [start, q]
            seen.add(frozenset((start, q)))
            while chain[-1] not in junction:
                nxt = [(n, k) for n, k in adj[chain[-1]] if k == key and frozenset((chain[-1], n)) not in seen]
                if len(nxt) != 1:
                    raise FaceError(f"{face.tile_id}: cannot follow the boundary {key} at {chain[-1]}")
                seen.add(frozenset((chain[-1], nxt[0][0])))
                chain.append(nxt[0][0])
            raw_chains.append((key, chain))
    total = sum(len(v) for v in adj.values()) // 2
    if len(seen) != total:
        raise FaceError(f"{face.tile_id}: an area lies wholly inside another (no holes allowed)")

    removed: set[Pt] = set()
    chains = []
    for key, chain in raw_chains:
        keep = _douglas_peucker(chain, face.smooth) if face.smooth > 0 else list(chain)
        keep = _drop_collinear(keep)
        removed |= set(chain) - set(keep)
        chains.append((key[0], key[1], keep))

    polygons = {}
    for letter in face.areas:
        ring = _ring(face, cells, letter)
        ring = [p for p in ring if p not in removed]
        # Outline-only vertices that are collinear go; junctions stay so neighbours share them.
        changed = True
        while changed:
            changed = False
            for k in range(len(ring)):
                p = ring[k]
                if p in junction:
                    continue
                a, b = ring[k - 1], ring[(k + 1) % len(ring)]
                if _cross(a, p, b) == 0:
                    ring.pop(k)
                    changed = True
                    break
        polygons[letter] = ring
    return Traced(cells, W, H, polygons, chains)


def _ring(face: Face, cells, letter: str) -> list[Pt]:
    nxt: dict[Pt, Pt] = {}
    for (c, r), l in cells.items():
        if l != letter:
            continue
        for (dc, dr), a, b in (
            ((0, -1), (c, r), (c + 1, r)),
            ((1, 0), (c + 1, r), (c + 1, r + 1)),
            ((0, 1), (c + 1, r + 1), (c, r + 1)),
            ((-1, 0), (c, r + 1), (c, r)),
        ):
            if cells.get((c + dc, r + dr)) != letter:
                if a in nxt:
                    raise FaceError(f"{face.tile_id}: area {letter} pinches at {a}")
                nxt[a] = b
    if not nxt:
        raise FaceError(f"{face.tile_id}: area {letter} has no tiles in the grid")
    start = min(nxt)
    ring = [start]
    while nxt[ring[-1]] != start:
        ring.append(nxt[ring[-1]])
    if len(ring) != len(nxt):
        raise FaceError(f"{face.tile_id}: area {letter} is split in pieces or has a hole")
    return ring


def _cross(a: Pt, b: Pt, c: Pt) -> int:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _dist(p: Pt, a: Pt, b: Pt) -> float:
    if a == b:
        return math.dist(p, a)
    return abs(_cross(a, b, p)) / math.dist(a, b)


def _douglas_peucker(pts: list[Pt], tol: float) -> list[Pt]:
    if len(pts) < 3:
        return list(pts)
    far, k = max((_dist(p, pts[0], pts[-1]), i) for i, p in enumerate(pts[1:-1], 1))
    if far <= tol:
        return [pts[0], pts[-1]]
    return _douglas_peucker(pts[: k + 1], tol)[:-1] + _douglas_peucker(pts[k:], tol)


def _drop_collinear(pts: list[Pt]) -> list[Pt]:
    out = [pts[0]]
    for k in range(1, len(pts) - 1):
        if _cross(out[-1], pts[k], pts[k + 1]) != 0:
            out.append(pts[k])
    out.append(pts[-1])
    return out


# --- separators -----------------------------------------------------------------------------------


def px(p) -> FPt:
    return (Fraction(p[0]) * TILE, Fraction(p[1]) * TILE)


def _lerp(a: FPt, b: FPt, t: Fraction) -> FPt:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _gap(chain: list[FPt]) -> tuple[list[FPt], list[FPt], list[FPt]]:
    """Split a chain into (before, gap, after): the gap is the middle of its longest stretch,
    about a tile wide (ends on multiples of 8 px, so the TMX stays exact)."""
    k = max(range(len(chain) - 1), key=lambda i: (abs(chain[i + 1][0] - chain[i][0]) + abs(chain[i + 1][1] - chain[i][1]), -abs(i - len(chain) / 2)))
    a, b = chain[k], chain[k + 1]
    major = max(abs(b[0] - a[0]), abs(b[1] - a[1])) / TILE
    h = Fraction(1, 4) if major <= 4 else Fraction(1, 8)
    g0, g1 = _lerp(a, b, Fraction(1, 2) - h), _lerp(a, b, Fraction(1, 2) + h)
    return chain[: k + 1] + [g0], [g0, g1], [g1] + chain[k + 1 :]


def separators(face: Face, traced: Traced) -> dict[str, list[list[FPt]]]:
    out: dict[str, list[list[FPt]]] = {"walls": [], "level_lines": [], "borders": []}
    kinds = {}
    for key, kind in face.seps.items():
        if len(key) != 2 or kind not in SEP_KINDS or any(k not in face.areas for k in key):
            raise FaceError(f"{face.tile_id}: bad separator {key!r}: {kind!r}")
        kinds[tuple(sorted(key))] = kind
    used = set()
    for a, b, chain in traced.chains:
        kind = kinds.get((a, b), "border")
        used.add((a, b))
        pts = [traced.px(p) for p in chain]
        if kind == "border":
            out["borders"].append(pts)
        elif kind == "wall":
            out["walls"].append(pts)
        elif kind == "level":
            out["level_lines"].append(pts)
        elif kind in ("door", "stairs"):
            before, gap, after = _gap(pts)
            solid = "walls" if kind == "door" else "level_lines"
            out[solid] += [before, after]
            out["borders"].append(gap)
    unknown = set(kinds) - used
    if unknown:
        raise FaceError(f"{face.tile_id}: separators for areas that do not touch: {sorted(unknown)}")
    extra = [[px(p) for p in w] for w in face.walls]
    out["walls"] += extra
    # A border never runs along a wall: cut the stretches free walls cover out of the borders.
    wall_segs = [(w[i], w[i + 1]) for w in extra for i in range(len(w) - 1)]
    borders = []
    for line in out["borders"]:
        for i in range(len(line) - 1):
            borders += [[p, q] for p, q in _subtract(line[i], line[i + 1], wall_segs)]
    out["borders"] = _join(borders)
    return out


def _subtract(a: FPt, b: FPt, segs) -> list[tuple[FPt, FPt]]:
    def t_of(p: FPt) -> Fraction:
        return (p[0] - a[0]) / (b[0] - a[0]) if b[0] != a[0] else (p[1] - a[1]) / (b[1] - a[1])

    def on_line(p: FPt) -> bool:
        return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) == 0

    cuts = []
    for c, d in segs:
        if on_line(c) and on_line(d):
            lo, hi = sorted((t_of(c), t_of(d)))
            if hi > 0 and lo < 1:
                cuts.append((max(lo, Fraction(0)), min(hi, Fraction(1))))
    pieces, cur = [], Fraction(0)
    for lo, hi in sorted(cuts):
        if lo > cur:
            pieces.append((cur, lo))
        cur = max(cur, hi)
    if cur < 1:
        pieces.append((cur, Fraction(1)))
    return [(_lerp(a, b, s), _lerp(a, b, e)) for s, e in pieces]


def _join(segs: list[list[FPt]]) -> list[list[FPt]]:
    """Chain consecutive segments back into polylines."""
    out: list[list[FPt]] = []
    for s in segs:
        if out and out[-1][-1] == s[0]:
            out[-1].append(s[1])
        else:
            out.append(list(s))
    return out


# --- points: connectors, cover, holes, equipment ----------------------------------------------------


def connector(face: Face, spec: str, W: int, H: int) -> list[FPt]:
    edge, off = spec[0], Fraction(spec[1:] or 0)
    if edge in "WE":
        y0 = Fraction(H - CONNECTOR, 2) + off
        x = 0 if edge == "W" else W
        pts = [(x, y0), (x, y0 + CONNECTOR)]
    elif edge in "NS":
        x0 = Fraction(W - CONNECTOR, 2) + off
        y = 0 if edge == "N" else H
        pts = [(x0, y), (x0 + CONNECTOR, y)]
    else:
        raise FaceError(f"{face.tile_id}: bad connector {spec!r}")
    return [px(p) for p in pts]


def _inside(p: FPt, poly: list[FPt]) -> bool:
    from game.board.checks import point_in_polygon

    return point_in_polygon(p, poly) == 1


def _seg_dist(p: FPt, a: FPt, b: FPt) -> float:
    pxf, pyf = float(p[0]), float(p[1])
    ax, ay, bx, by = float(a[0]), float(a[1]), float(b[0]), float(b[1])
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((pxf - ax) * dx + (pyf - ay) * dy) / L2))
    return math.hypot(pxf - ax - t * dx, pyf - ay - t * dy)


def _clearance(p: FPt, poly: list[FPt], walls: list[list[FPt]]) -> float:
    segs = [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]
    segs += [(w[i], w[i + 1]) for w in walls for i in range(len(w) - 1)]
    return min(_seg_dist(p, a, b) for a, b in segs)


def place(cell: tuple[int, int], poly: list[FPt], walls, taken: list[FPt], need: float = 20) -> FPt:
    """A point near the centre of cell, strictly inside poly, clear of its edges, the walls and
    the points already placed; None if the tile has no such point."""
    c, r = cell
    cx, cy = Fraction(c * TILE + TILE // 2), Fraction(r * TILE + TILE // 2)
    offsets = sorted(((dx, dy) for dx in range(-24, 25, 8) for dy in range(-24, 25, 8)), key=lambda d: d[0] ** 2 + d[1] ** 2)
    for want in (need, need * 0.6):
        for dx, dy in offsets:
            p = (cx + dx, cy + dy)
            if _inside(p, poly) and _clearance(p, poly, walls) >= want and all(math.dist(p, q) >= 40 for q in taken):
                return p
    return None


def _angle_to(p: FPt, q: FPt) -> int:
    a = math.degrees(math.atan2(float(q[1] - p[1]), float(q[0] - p[0])))
    return int(round(a / 45)) * 45 % 360


# --- writing ----------------------------------------------------------------------------------------


def _num(v: Fraction) -> str:
    v = Fraction(v)
    if v.denominator == 1:
        return str(v.numerator)
    if (v * 1000).denominator != 1:
        raise FaceError(f"coordinate {v} is not exact in decimal")
    return format(float(v), "f").rstrip("0")


@dataclass
class Obj:
    name: str
    shape: str  # point | polygon | polyline
    points: list[FPt]
    props: dict[str, object] = field(default_factory=dict)


def _props(props: dict[str, object], indent: str) -> list[str]:
    if not props:
        return []
    out = [f"{indent}<properties>"]
    for k, v in props.items():
        if isinstance(v, bool):
            out.append(f'{indent} <property name="{k}" type="bool" value="{str(v).lower()}"/>')
        else:
            out.append(f"{indent} <property name=\"{k}\" value={quoteattr(str(v))}/>")
    out.append(f"{indent}</properties>")
    return out


def tmx_text(width: int, height: int, props: dict, floor: list[list[int]], layers: list[tuple[str, list[Obj]]]) -> str:
    n_objects = sum(len(objs) for _, objs in layers)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{width}" height="{height}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
        f'nextlayerid="{len(layers) + 2}" nextobjectid="{n_objects + 1}">',
    ]
    lines += _props(props, " ")
    lines.append(f' <tileset firstgid="{FIRSTGID}" source="{TSX}"/>')
    lines.append(f' <layer id="1" name="floor" width="{width}" height="{height}">')
    lines.append('  <data encoding="csv">')
    lines.append(",\n".join(",".join(str(g) for g in row) for row in floor))
    lines.append("</data>")
    lines.append(" </layer>")
    oid = 1
    for i, (name, objs) in enumerate(layers):
        lines.append(f' <objectgroup id="{i + 2}" name="{name}" color="{LAYER_COLOURS[name]}">')
        for o in objs:
            x0, y0 = o.points[0]
            attrs = f'id="{oid}" name={quoteattr(o.name)} x="{_num(x0)}" y="{_num(y0)}"'
            lines.append(f"  <object {attrs}>")
            lines += _props(o.props, "   ")
            if o.shape == "point":
                lines.append("   <point/>")
            else:
                rel = " ".join(f"{_num(x - x0)},{_num(y - y0)}" for x, y in o.points)
                lines.append(f'   <{o.shape} points="{rel}"/>')
            lines.append("  </object>")
            oid += 1
        lines.append(" </objectgroup>")
    lines.append("</map>")
    return "\n".join(lines) + "\n"


def size_of(tile_id: str) -> str:
    n = int(tile_id[:-1])
    return next(s for s, r in SIZES.items() if n in r)


def build(face: Face, locations: dict, attempt: int = 0) -> tuple[str, dict]:
    """The TMX text of a face and a few facts about it (for the summary). attempt picks another
    seed for the vertex jitter (main retries when a jittered face fails its checks)."""
    traced = trace(face)
    traced.jitter(face.jitter if attempt < 12 else 0, f"{face.tile_id}#{attempt}")
    cells, spots, W, H = parse_grid(face)
    names = {l: n for l, (n, _) in face.areas.items()}
    polys = {l: [traced.px(p) for p in ring] for l, ring in traced.polygons.items()}
    seps = separators(face, traced)

    loc = locations.get(face.tile_id)
    if loc is None:
        raise FaceError(f"{face.tile_id}: no Location card in {LOCATIONS.name}")
    if bool(loc.get("equipment")) != (face.equipment is not None):
        raise FaceError(f"{face.tile_id}: equipment {loc.get('equipment')!r} in locations.toml, face says {face.equipment!r}")

    ent = connector(face, face.entrance, W, H)
    exits = [connector(face, e, W, H) for e in face.exits]
    ent_mid = ((ent[0][0] + ent[1][0]) / 2, (ent[0][1] + ent[1][1]) / 2)

    for spec, seg in zip((face.entrance,) + tuple(face.exits), [ent] + exits):
        behind = [names[l] for l, p in polys.items() if _touches(p, seg)]
        if len(behind) != 1:
            raise FaceError(f"{face.tile_id}: connector {spec} must open onto one area, not {behind}")
    entrance_area = next(l for l, p in polys.items() if _touches(p, ent))
    # Approach order: breadth-first from the entrance area over the boundary chains.
    neighbours: dict[str, dict[str, FPt]] = {l: {} for l in face.areas}
    for a, b, chain in traced.chains:
        kind = {tuple(sorted(k)): v for k, v in face.seps.items()}.get((a, b), "border")
        mid = _chain_mid([traced.px(p) for p in chain])
        for x, y in ((a, b), (b, a)):
            if kind != "none" and y not in neighbours[x]:
                neighbours[x][y] = mid
    dist = {entrance_area: 0}
    queue = [entrance_area]
    while queue:
        x = queue.pop(0)
        for y in sorted(neighbours[x]):
            if y not in dist:
                dist[y] = dist[x] + 1
                queue.append(y)

    taken: list[FPt] = []
    cover_objs = []
    per_area: dict[str, int] = {}
    for cell in sorted(spots, key=lambda c: (c[1], c[0])):
        l = cells[cell]
        p = place(cell, polys[l], seps["walls"], taken)
        if p is None:
            raise FaceError(f"{face.tile_id}: no room for a cover spot in tile {cell} (area {names[l]})")
        taken.append(p)
        k = per_area.get(l, 0)
        per_area[l] = k + 1
        if cell in face.arrows:
            arrows = face.arrows[cell]
        else:
            order = sorted(neighbours[l], key=lambda y: (dist.get(y, 99), y))
            if l == entrance_area:
                # COGs start here: face the way in to the rest of the tile.
                order = sorted(neighbours[l], key=lambda y: (-dist.get(y, 0), y))
            target = neighbours[l][order[k % len(order)]] if order else ent_mid
            arrows = str(_angle_to(p, target))
        cover_objs.append(Obj(f"{names[l]}_cover{k + 1}", "point", [p], {"area": names[l], "arrows": arrows}))

    def auto_cell(letter: str, far: bool) -> tuple[int, int]:
        cand = [c for c, l in cells.items() if l == letter and c not in spots]
        if far:
            cand.sort(key=lambda c: -math.dist(px((c[0] + 0.5, c[1] + 0.5)), ent_mid))
        else:
            cx = sum(c[0] for c in cand) / len(cand)
            cy = sum(c[1] for c in cand) / len(cand)
            cand.sort(key=lambda c: math.dist(c, (cx - 0.5, cy - 0.5)))
        for c in cand:
            p = place(c, polys[letter], seps["walls"], taken, need=26)
            if p is not None:
                return c, p
        raise FaceError(f"{face.tile_id}: no clear tile in area {names[letter]}")

    hole_objs = []
    for k, spec in enumerate(face.holes):
        if isinstance(spec, tuple):
            l = cells[spec]
            p = place(spec, polys[l], seps["walls"], taken, need=26)
        else:
            l = spec
            _, p = auto_cell(l, far=True)
        if p is None:
            raise FaceError(f"{face.tile_id}: no room for the hole at {spec}")
        if l == entrance_area:
            raise FaceError(f"{face.tile_id}: emergence hole in the entrance area (spec 3.7: away from it)")
        taken.append(p)
        hole_objs.append(Obj(f"hole_{names[l]}" + (f"_{k + 1}" if k else ""), "point", [p], {"area": names[l]}))
    if not hole_objs:
        raise FaceError(f"{face.tile_id}: no emergence hole")

    equip_objs = []
    equip_area = None
    if face.equipment is not None:
        spec = face.equipment
        if isinstance(spec, tuple):
            equip_area = cells[spec]
            p = place(spec, polys[equip_area], seps["walls"], taken, need=26)
        else:
            equip_area = spec
            _, p = auto_cell(spec, far=False)
        taken.append(p)
        equip_objs.append(Obj(f"{loc['equipment']}_{names[equip_area]}", "point", [p], {"area": names[equip_area]}))

    area_objs = []
    for l in face.areas:
        props = {"equipment": True} if l == equip_area else {}
        area_objs.append(Obj(names[l], "polygon", polys[l], props))
    layers = [
        ("areas", area_objs),
        ("walls", [Obj(f"wall{i + 1}", "polyline", w) for i, w in enumerate(seps["walls"])]),
        ("level_lines", [Obj(f"level{i + 1}", "polyline", w) for i, w in enumerate(seps["level_lines"])]),
        ("borders", [Obj(f"border{i + 1}", "polyline", w) for i, w in enumerate(seps["borders"])]),
        ("cover", cover_objs),
        ("emergence", hole_objs),
        ("equipment", equip_objs),
        ("connectors", [Obj("entrance", "polyline", ent, {"kind": "entrance"})]
         + [Obj("exit" if i == 0 else f"exit_{i + 1}", "polyline", e, {"kind": "exit"}) for i, e in enumerate(exits)]),
    ]
    layers = [(n, objs) for n, objs in layers if objs or n in ("areas", "walls", "borders")]
    floor = [[FLOORS[face.areas[_floor_area(polys, cells, c, r)][1]] + FIRSTGID for c in range(W)] for r in range(H)]
    props = {"title": "gears", "name": face.name, "tile_id": face.tile_id, "size": size_of(face.tile_id), "flavour": face.flavour}
    facts = {"size": (W, H), "areas": len(face.areas), "cover": len(cover_objs), "holes": len(hole_objs), "attempt": attempt}
    return tmx_text(W, H, props, floor, layers), facts


def _floor_area(polys: dict[str, list[FPt]], cells, c: int, r: int) -> str:
    """The area whose polygon holds the tile's centre (the art follows the diagonal cuts)."""
    centre = (Fraction(c * TILE + TILE // 2), Fraction(r * TILE + TILE // 2))
    for letter, poly in polys.items():
        if _inside(centre, poly):
            return letter
    return cells[(c, r)]


def _touches(poly: list[FPt], seg: list[FPt]) -> bool:
    a, b = seg
    for i in range(len(poly)):
        p, q = poly[i], poly[(i + 1) % len(poly)]
        if _cross_f(a, b, p) == 0 and _cross_f(a, b, q) == 0:
            ax = 0 if a[0] != b[0] else 1
            lo, hi = sorted((a[ax], b[ax]))
            plo, phi = sorted((p[ax], q[ax]))
            if max(lo, plo) < min(hi, phi):
                return True
    return False


def _cross_f(a: FPt, b: FPt, c: FPt) -> Fraction:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _chain_mid(chain: list[FPt]) -> FPt:
    lens = [math.dist(chain[i], chain[i + 1]) for i in range(len(chain) - 1)]
    half, acc = sum(lens) / 2, 0.0
    for i, L in enumerate(lens):
        if acc + L >= half:
            t = (half - acc) / L
            a, b = chain[i], chain[i + 1]
            return (a[0] + (b[0] - a[0]) * Fraction(t), a[1] + (b[1] - a[1]) * Fraction(t))
        acc += L
    return chain[-1]


# --- checking what was written -----------------------------------------------------------------------


def verify(path: Path) -> list[str]:
    """Problems of a written face: the board checks, plus 'a wall blocks sight between two areas'."""
    from game.board.checks import check_board
    from game.board.model import MapError
    from game.board.tmx import load_board

    try:
        board = load_board(path)
    except MapError as exc:
        return list(exc.problems)
    problems = [str(p) for p in check_board(board)]
    if not problems and not wall_blocked_pairs(board):
        problems.append(f"{path}: map: no wall blocks sight between two of its areas")
    return problems


def wall_blocked_pairs(board) -> list[tuple[str, str]]:
    """Area pairs that see each other over the bare tile but not once its walls stand."""
    from game.board.los import AreaSight

    open_ = AreaSight(board, board.outline_segments())
    walled = AreaSight(board, board.blocking_segments(()))
    names = sorted(board.areas)
    return [
        (a, b)
        for i, a in enumerate(names)
        for b in names[i + 1 :]
        if open_.areas(a, b).visible and not walled.areas(a, b).visible
    ]


# --- preview -------------------------------------------------------------------------------------------


def preview(path: Path, out: Path) -> None:
    """A quick pillow drawing of a face's geometry (areas, walls, level lines, borders, cover)."""
    from PIL import Image, ImageDraw

    from game.board.tmx import load_board

    b = load_board(path)
    s = 1
    W, H = b.pixel_size()
    img = Image.new("RGB", (W + 40, H + 40), "white")
    d = ImageDraw.Draw(img)
    o = 20
    f = lambda p: (float(p[0]) * s + o, float(p[1]) * s + o)  # noqa: E731
    palette = ["#e8d8b0", "#c8e0c8", "#c8d0f0", "#f0c8c8", "#e0c8f0", "#d0f0f0", "#f0e0c0", "#d8d8d8", "#f8f0a0", "#b0d8b0", "#c0c0e8", "#f0b0d0", "#d0b090", "#a0d0f0"]
    for i, a in enumerate(b.areas.values()):
        d.polygon([f(p) for p in a.polygon], fill=palette[i % len(palette)], outline="#888888")
        cx = sum(float(p[0]) for p in a.polygon) / len(a.polygon)
        cy = sum(float(p[1]) for p in a.polygon) / len(a.polygon)
        d.text(f((cx - 20, cy)), a.name, fill="black")
    for line in b.lines:
        colour, width = {"wall": ("black", 6), "level_line": ("blue", 4), "border": ("#999999", 2)}[line.kind]
        d.line([f(p) for p in line.points], fill=colour, width=width)
    for c in b.connectors:
        d.line([f(p) for p in c.segment], fill="magenta" if c.kind == "entrance" else "orange", width=8)
    for c in b.cover:
        x, y = f(c.point)
        d.ellipse([x - 8, y - 8, x + 8, y + 8], fill="green")
        for a in c.arrows:
            d.line([x, y, x + 20 * math.cos(math.radians(a)), y + 20 * math.sin(math.radians(a))], fill="darkgreen", width=3)
    for m in b.markers:
        x, y = f(m.point)
        d.ellipse([x - 10, y - 10, x + 10, y + 10], fill="red" if m.kind == "emergence" else "gold")
    img.save(out)


# --- the faces ---------------------------------------------------------------------------------------
# A faces: the surface (Ephyra streets, estates, shops). B faces: the Hollow, mines and Locust
# tunnels. Small faces (tiles 1-12) are 8x6 tiles, medium (13-16) 10x8, large (17) 12x10.
# Every face has at least one pair of areas walled off from each other's sight (checked).

FACES: list[Face] = []


def face(*args, **kwargs) -> None:
    FACES.append(Face(*args, **kwargs))


# ---- small, side A ----

face(
    "1A", "Fountain Square", "A drained fountain in a shelled square; the pharmacy still has shelves of rounds.",
    """
    bbBbcCcc
    bbbbcccc
    AaaaaaDd
    aaaAaddd
    eeeaaddd
    eEeeaddD
    """,
    {"a": ("plaza", "tiles_a"), "b": ("cafe", "tiles_b"), "c": ("pharmacy", "broken_tiles"),
     "d": ("east_street", "cracked"), "e": ("fountain_basin", "water")},
    seps={"bc": "wall", "ab": "door", "cd": "door", "ae": "stairs"},
    holes=["d"], equipment="c",
)

face(
    "2A", "Sentry Post", "A sandbagged checkpoint on a boulevard, abandoned with the rifles still racked.",
    """
    aaaaBbbb
    aAaabbbB
    aaacccCc
    AaacCccc
    ddddDeee
    dDddeeeE
    """,
    {"a": ("boulevard", "concrete_a"), "b": ("guard_post", "metal_plate"), "c": ("checkpoint", "concrete_c"),
     "d": ("barracks", "tiles_b"), "e": ("motor_pool", "grate")},
    seps={"de": "wall", "ad": "level", "ab": "door", "ce": "door"},
    holes=["e"], equipment="b",
)

face(
    "3A", "Collapsed Overpass", "An elevated road fell across the avenue; a tollbooth hides behind its slabs.",
    """
    aaabBbcc
    aAabbbcC
    aaabbbcc
    AaddddcC
    aaddDdee
    eeeeeeEe
    """,
    {"a": ("embankment", "dirt"), "b": ("overpass_deck", "concrete_c"), "c": ("tollbooth", "metal_plate"),
     "d": ("underpass", "cracked"), "e": ("wreck_lane", "rubble")},
    seps={"bc": "wall", "cd": "wall", "ab": "level", "bd": "stairs"},
    holes=["c", "e"], entrance="W", exits=("N",),
)

face(
    "4A", "Bank Plaza", "The vault door hangs open; whoever cracked it left in a hurry.",
    """
    aaaaabbb
    aaAaabBb
    Aaaacccc
    aaaccccC
    dDddeeEe
    ddddeeee
    """,
    {"a": ("street", "concrete_a"), "b": ("kiosk", "sand"), "c": ("square", "tiles_a"),
     "d": ("lobby", "carpet"), "e": ("vault", "metal_plate")},
    seps={"de": "wall", "ad": "door", "ce": "door", "ab": "level", "cd": "wall"},
    holes=["b", "c"], equipment="e",
)

face(
    "5A", "Tram Crossing", "Tram lines cross an alley; a cellar stair drops off the corner.",
    """
    aaabbbbb
    aAabbBbb
    Aaaccccc
    aaacCccC
    dDdeeeee
    dddeeEee
    """,
    {"a": ("alley", "cracked"), "b": ("tram_platform", "concrete_b"), "c": ("tracks", "grate"),
     "d": ("cellar_steps", "broken_tiles"), "e": ("crossroads", "concrete_a")},
    seps={"ad": "wall", "ab": "level"},
    holes=["b", "d"], exits=("S",),
)

face(
    "6A", "Gallery Hall", "Portraits of dead patriarchs watch a marble hall from the upper gallery.",
    """
    aaBbbbbb
    aabbbbbB
    Aaaddddd
    aaaDdddd
    eeEeffFf
    eeeeffff
    """,
    {"a": ("foyer", "carpet"), "b": ("portrait_gallery", "tiles_b"), "d": ("grand_hall", "tiles_a"),
     "e": ("library", "carpet"), "f": ("trophy_room", "concrete_b")},
    seps={"ef": "wall", "ab": "door", "bd": "level", "ae": "wall", "de": "door", "df": "stairs"},
    holes=["f", "b"], smooth=0, jitter=0,
)

face(
    "7A", "Curio Shop", "Glass cabinets of porcelain, and a stock room of ammunition behind the counter.",
    """
    aaaBbccc
    aAabbcCc
    Aaabbccc
    aaaddddD
    eEeddddd
    eeeddddd
    """,
    {"a": ("atrium", "tiles_a"), "b": ("stair_hall", "concrete_b"), "c": ("stock_room", "carpet"),
     "d": ("showroom", "tiles_b"), "e": ("office", "broken_tiles")},
    seps={"bc": "wall", "ab": "door", "ae": "level", "bd": "door", "cd": "door"},
    holes=["d"], equipment="c", exits=("N",), smooth=0, jitter=0,
)

face(
    "8A", "Rail Yard", "Coal heaps and a rusted turntable under a footbridge to the signal gantry.",
    """
    aaaBbbbb
    aAabbbbB
    Aaaccccc
    aaacCccC
    eeEeffff
    eeeefFff
    """,
    {"a": ("platform", "concrete_b"), "b": ("footbridge", "metal_plate"), "c": ("sidings", "grate"),
     "e": ("coal_heap", "rubble"), "f": ("turntable", "dirt")},
    seps={"ef": "wall", "ab": "level", "bc": "stairs", "ce": "level"},
    walls=[[(5, 2.5), (6.5, 2.5)]],
    holes=["f"], exits=("N",),
)

face(
    "9A", "Park Gate", "A wrought-iron gate, a gatehouse and a lawn the Locust have churned to mud.",
    """
    aaaBbbbb
    aaabbbbb
    AaaaccCc
    aaAacccc
    ddddcccC
    dDddcccc
    """,
    {"a": ("gatehouse", "concrete_a"), "b": ("promenade", "tiles_a"), "c": ("lawn", "grass"),
     "d": ("groundskeeper_shed", "dirt")},
    seps={"ad": "wall", "ab": "door", "bc": "level", "cd": "door"},
    holes=["c"],
)

face(
    "10A", "Ordnance Depot", "Crates stencilled BOLO are stacked to the rafters of a gutted warehouse.",
    """
    aaabBbbb
    aAabbbbB
    Aaacccbb
    aaaccCbb
    ddDcceee
    dddeeEee
    """,
    {"a": ("loading_dock", "concrete_c"), "b": ("warehouse", "metal_plate"), "c": ("crate_stacks", "grate"),
     "d": ("guard_hut", "tiles_b"), "e": ("yard", "dirt")},
    seps={"ad": "wall", "ab": "door", "bc": "level"},
    holes=["e"], equipment="b", exits=("S",),
)

face(
    "11A", "Collector's Corridor", "A private museum: porcelain to one side, clocks to the other, all of it rattling.",
    """
    bbBbcCcc
    bbbbcccc
    AaaaaaaA
    aaaAaaaa
    eeeeEfff
    eEeeefFf
    """,
    {"a": ("gallery_corridor", "carpet"), "b": ("porcelain_room", "tiles_b"), "c": ("clock_room", "carpet"),
     "e": ("jade_room", "tiles_a"), "f": ("storeroom", "concrete_b")},
    seps={"bc": "wall", "ef": "wall", "ab": "door", "ac": "door", "ae": "stairs", "af": "door"},
    holes=["c", "f"], smooth=0, jitter=0,
)

face(
    "12A", "Seeder Crater", "Something huge burrowed out here; a concrete bunker survived the blast.",
    """
    aaaBbbbb
    aAabbbbb
    AaaacccC
    aaaccccc
    ddddccCc
    dDddcccc
    """,
    {"a": ("storefront", "broken_tiles"), "b": ("rooftop_ledge", "concrete_c"), "c": ("crater", "rubble"),
     "d": ("bunker", "concrete_b")},
    seps={"ad": "wall", "ab": "level", "bc": "stairs"},
    walls=[[(3, 4), (4, 4)]],
    holes=["c"], equipment="d", jitter=0,
)

# ---- small, side B ----

face(
    "1B", "Mine Junction", "A lift cage at the bottom of the shaft; two drifts run on into the dark.",
    """
    aaaBbbbb
    aAabbbBb
    AaacccCc
    aaacCccc
    dDdeeeee
    dddeeEee
    """,
    {"a": ("lift_cage", "metal_plate"), "b": ("ore_gallery", "rubble"), "c": ("junction", "dirt"),
     "d": ("sump", "mud"), "e": ("shaft_mouth", "cracked")},
    seps={"ad": "wall", "ab": "stairs", "ce": "stairs"},
    holes=["b", "d"], exits=("E", "S"),
)

face(
    "2B", "Collapsed Gallery", "Timber props gave way; the flooded drift below is full of clicking.",
    """
    aaaabbbb
    aAaabBbb
    AaaccccC
    aacccccc
    ddDccEee
    dddddeee
    """,
    {"a": ("tunnel_mouth", "dirt"), "b": ("lambent_seam", "cracked"), "c": ("gallery", "rubble"),
     "d": ("flooded_drift", "water"), "e": ("timber_stope", "sand")},
    seps={"de": "wall", "ce": "door", "ad": "level", "bc": "stairs"},
    holes=["e"],
)

face(
    "3B", "Ossuary", "Bones of the old miners stacked in niches; a chute climbs back toward the light.",
    """
    aaaBbccc
    aAabbcCc
    Aaaddddd
    aaaddddD
    aAaddfff
    aaaddfFf
    """,
    {"a": ("ossuary_steps", "cracked"), "b": ("bone_chute", "rubble"), "c": ("skull_niche", "sand"),
     "d": ("ossuary_floor", "dirt"), "f": ("burial_cells", "sand")},
    seps={"bc": "wall", "ab": "door", "cd": "door", "bd": "level", "df": "stairs"},
    holes=["f"], equipment="c", exits=("E", "N"),
)

face(
    "4B", "Twin Shafts", "Two shafts meet at a single pillar; the diagonal corners never join.",
    """
    aaaaBbbb
    aAaabbbB
    Aaaabbbb
    aaccdDdd
    cCccdddd
    cccddddD
    """,
    {"a": ("west_shaft", "metal_plate"), "b": ("east_shaft", "grate"), "c": ("lower_drift", "dirt"),
     "d": ("sump", "mud")},
    seps={"ab": "wall", "cd": "door", "ac": "stairs"},
    holes=["b"], exits=("S",),
)

face(
    "5B", "Glowing Grotto", "Lambent light pulses in a still pool; fungus beds choke the low chambers.",
    """
    aaabBbbb
    aAabbbbb
    AaaacccC
    aaacCccc
    ddDdeeee
    dddeeEee
    """,
    {"a": ("grotto_mouth", "mud"), "b": ("crystal_shelf", "sand"), "c": ("glowing_pool", "water"),
     "d": ("fungus_bed", "dirt"), "e": ("rock_chimney", "rubble")},
    seps={"de": "wall", "ab": "level", "bc": "stairs", "ad": "door"},
    holes=["e", "b"],
)

face(
    "6B", "Pump Station", "Jacinto's old drainage pumps, still thumping; spare magazines in the pump room.",
    """
    aaaBbccc
    aaabbcCc
    AaabbccC
    aaaddddd
    eEeddddD
    eeeedDdd
    """,
    {"a": ("intake_hall", "concrete_c"), "b": ("stair_shaft", "metal_plate"), "c": ("pump_room", "grate"),
     "d": ("reservoir_walk", "concrete_b"), "e": ("valve_gallery", "grate")},
    seps={"bc": "wall", "ab": "door", "bd": "stairs", "cd": "door", "ae": "level"},
    holes=["d"], equipment="c", exits=("N",),
)

face(
    "7B", "Hollow Bridge", "A rope-and-girder bridge over the chasm; the Locust nest is on the far ledge.",
    """
    aaaabbBb
    aAaabbbb
    AacccccC
    aacccCcc
    eeeeffff
    eEeeffFf
    """,
    {"a": ("west_ledge", "sand"), "b": ("overhang", "rubble"), "c": ("girder_bridge", "grate"),
     "e": ("lower_cavern", "mud"), "f": ("nest", "dirt")},
    seps={"ef": "wall", "ab": "level", "ce": "stairs", "ae": "level"},
    holes=["f"], equipment="b",
)

face(
    "8B", "Seam Drift", "An ore-cart track splits the upper and lower seams of a worked-out vein.",
    """
    aaaaaccc
    aAaabcCc
    AaabbccC
    aaabbddd
    eEeBbdDd
    eeebbddd
    """,
    {"a": ("drift_west", "dirt"), "b": ("cart_track", "grate"), "c": ("upper_seam", "rubble"),
     "d": ("lower_seam", "cracked"), "e": ("flooded_sump", "water")},
    seps={"cd": "wall", "ac": "level", "bc": "stairs", "bd": "door"},
    holes=["d"], equipment="c", exits=("E+1",),
)

face(
    "9B", "Drill Yard", "Where Drones drill: a packed-earth yard, a brood pit and an armoury tunnel.",
    """
    aaaBbbbb
    aAabbbBb
    Aaaccccc
    aaacCccc
    ddDceeee
    dddeeeEe
    """,
    {"a": ("guard_niche", "dirt"), "b": ("drill_yard", "sand"), "c": ("barracks_floor", "cracked"),
     "d": ("brood_pit", "mud"), "e": ("armoury_tunnel", "rubble")},
    seps={"ad": "wall", "bc": "level", "cd": "door"},
    holes=["d", "b"], exits=("S",),
)

face(
    "10B", "Outpost Ruin", "A COG outpost the ground swallowed whole: radio hut, generator, mess.",
    """
    aaaBbccc
    aAabbcCc
    AaaddddD
    aaaddddd
    aAadffff
    aaadfFff
    """,
    {"a": ("checkpoint", "concrete_c"), "b": ("radio_hut", "metal_plate"), "c": ("generator_room", "grate"),
     "d": ("yard", "dirt"), "f": ("collapsed_barracks", "rubble")},
    seps={"bc": "wall", "ab": "door", "cd": "door", "df": "stairs", "bd": "level"},
    holes=["f"], exits=("E", "N"),
)

face(
    "11B", "Hollow Crossroads", "Four tunnels meet under a ribbed vault; someone stashed ammo in a side cell.",
    """
    aaabBbbb
    aAabbbbb
    AaaccCcc
    aaacccCc
    ddDcceee
    dddcceEe
    """,
    {"a": ("tunnel_bend", "dirt"), "b": ("rib_vault", "cracked"), "c": ("crossroads", "mud"),
     "d": ("larva_nest", "sand"), "e": ("side_cell", "rubble")},
    seps={"ad": "wall", "ab": "level", "ce": "door"},
    holes=["d", "b"], equipment="e", exits=("E", "S"),
)

face(
    "12B", "Nexus Gate", "Sealed cells along a causeway; one holds the keycode to the deeper levels.",
    """
    bbBcCdDd
    bbbccddd
    AaaaaaaA
    aaaaAaaa
    eeeEeeee
    eeeeeeEe
    """,
    {"a": ("causeway", "cracked"), "b": ("keycode_vault", "metal_plate"), "c": ("guard_cell", "grate"),
     "d": ("spawning_cell", "mud"), "e": ("nexus_hall", "concrete_c")},
    seps={"bc": "wall", "cd": "wall", "ab": "door", "ac": "stairs", "ad": "door"},
    holes=["d", "e"], equipment="b",
)

# ---- medium ----

face(
    "13A", "Ephyra Boulevard", "Shopfronts on a wide boulevard, a bus depot and a pawn shop full of grenades.",
    """
    aaaBbbbccc
    aAabbbbcCc
    aaabbbbccc
    Aaaddddddd
    aaadDddddD
    eeeeeffggg
    eEeeefFgGg
    eeeeefffgg
    """,
    {"a": ("sidewalk", "concrete_a"), "b": ("bus_depot", "metal_plate"), "c": ("cafe", "tiles_b"),
     "d": ("boulevard", "concrete_b"), "e": ("bookshop", "carpet"), "f": ("alley", "cracked"),
     "g": ("pawn_shop", "broken_tiles")},
    seps={"bc": "wall", "ef": "wall", "ab": "door", "bd": "level", "cd": "door", "de": "stairs", "dg": "door",
          "ae": "level"},
    holes=["c", "g"], equipment="g",
)

face(
    "13B", "Lambent Hive", "Pods of glowing grubs line a trench; the walls sweat imulsion.",
    """
    aaaaBbbbbb
    aAaabbbbBb
    aaaccccbbb
    AacccCcddd
    aaccccddDd
    aaccccdddd
    eEeffffggg
    eeeffFfgGg
    """,
    {"a": ("tunnel_mouth", "mud"), "b": ("lambent_vein", "sand"), "c": ("pod_chamber", "rubble"),
     "d": ("glow_pool", "water"), "e": ("spawn_cell", "dirt"), "f": ("grub_trench", "mud"),
     "g": ("crystal_nook", "sand")},
    seps={"ef": "wall", "fg": "door", "ab": "level", "bc": "stairs", "ae": "wall", "ce": "door", "df": "level"},
    holes=["e", "g"], equipment="g",
)

face(
    "14A", "Junker Lot", "A scrapyard of wrecked Junkers; one in the garage still starts.",
    """
    aaaaaBbfff
    aAaaabbfFf
    aaaccccccc
    AaacccCccc
    aaaccccccC
    dddDdeeeee
    ddddeeEeee
    dDddeeeeeE
    """,
    {"a": ("gate", "concrete_a"), "b": ("crane_cab", "metal_plate"), "c": ("scrap_yard", "rubble"),
     "d": ("junker_garage", "metal_plate"), "e": ("car_pile", "cracked"), "f": ("crusher", "grate")},
    seps={"de": "wall", "bf": "wall", "ab": "door", "bc": "level", "cf": "stairs", "ad": "level", "cd": "door"},
    holes=["e", "f"], equipment="d",
)

face(
    "14B", "Subway Platform", "A long platform above the tracks; the tunnels at each end are not empty.",
    """
    bbBbbbcCcc
    bbbbbbcccc
    aaaaAaaaaa
    Aaaaaaaaaa
    aaaaaaaaaA
    ddddeeeffF
    dDddeeEfff
    dddeeeefff
    """,
    {"a": ("platform", "concrete_c"), "b": ("ticket_hall", "tiles_a"), "c": ("signal_room", "metal_plate"),
     "d": ("west_tunnel", "grate"), "e": ("derailed_car", "metal_plate"), "f": ("east_tunnel", "dirt")},
    seps={"bc": "wall", "ab": "door", "ac": "door", "ad": "level", "ae": "stairs", "af": "level"},
    holes=["d", "f"],
)

face(
    "15A", "Barricaded Street", "Burnt cars and sandbags block a tenement street; the corner shop is shuttered.",
    """
    aaaBbbcccc
    aAabbbcCcc
    aaabbbcccc
    AaaddddddD
    aaaddDdddd
    eeeeffffgg
    eEeefffgGg
    eeeefFfggg
    """,
    {"a": ("west_lane", "concrete_a"), "b": ("hardware_store", "tiles_b"), "c": ("tenement", "broken_tiles"),
     "d": ("barricade", "concrete_b"), "e": ("bus_wreck", "metal_plate"), "f": ("rubble_heap", "rubble"),
     "g": ("corner_shop", "tiles_a")},
    seps={"bc": "wall", "fg": "wall", "ab": "door", "cd": "door", "ae": "level", "df": "level"},
    holes=["c", "g"],
)

face(
    "15B", "Sunken Cathedral", "A cathedral that sank into the Hollow; water fills the south aisle.",
    """
    aaaaabbbbb
    aAaaabbBbb
    aaaccccbbb
    AacccCcddd
    aacccccdDd
    eeeecccddd
    eEeeffffgg
    eeeeffFfgG
    """,
    {"a": ("nave_door", "cracked"), "b": ("choir_loft", "tiles_b"), "c": ("nave", "broken_tiles"),
     "d": ("altar", "tiles_a"), "e": ("crypt", "rubble"), "f": ("flooded_aisle", "water"),
     "g": ("reliquary", "concrete_b")},
    seps={"fg": "wall", "ab": "level", "bc": "stairs", "ce": "level", "ef": "door", "dg": "door"},
    holes=["b", "f"], equipment="g", smooth=1.0,
)

face(
    "16A", "Memorial Square", "The Tomb of the Unknown Gear, its statue toppled across the flowerbeds.",
    """
    aaaaBbbbcc
    aAaabbbbcC
    aaaabbbbcc
    Aaaeeeeeee
    aaaeeeEeeE
    dddeeeffff
    dDddeeffFf
    ddddeeffff
    """,
    {"a": ("memorial_steps", "concrete_a"), "b": ("colonnade", "tiles_a"), "c": ("statue_plinth", "concrete_c"),
     "d": ("flowerbeds", "grass"), "e": ("memorial_square", "tiles_b"), "f": ("fallen_statue", "rubble")},
    seps={"bc": "wall", "ab": "level", "be": "stairs", "ce": "door", "ad": "door"},
    holes=["f", "c"], equipment="c",
)

face(
    "16B", "Troika Emplacement", "A captured Troika nest commands the trench line; the dugouts are crawling.",
    """
    aaaBbbbccc
    aAabbbbcCc
    aaabbbbccc
    AaaddDdddd
    aaaddDdddD
    eeeddddfff
    eEeegggfFf
    eeeegGgfff
    """,
    {"a": ("bunker_door", "concrete_c"), "b": ("sandbag_line", "sand"), "c": ("ammo_store", "metal_plate"),
     "d": ("gun_nest", "grate"), "e": ("shell_crater", "rubble"), "f": ("trench", "mud"),
     "g": ("dugout", "dirt")},
    seps={"bc": "wall", "df": "door", "fg": "wall", "bd": "level", "cd": "stairs", "ae": "level"},
    holes=["f", "c"], equipment="d",
)

# ---- large ----

face(
    "17A", "Imulsion Refinery", "Tank farms and flare stacks under an open sky: room for the Hammer of Dawn.",
    """
    aaaBbbbcccdd
    aAabbBbcCcdD
    aaabbbbcccdd
    aaaeeeeeeeff
    AaaeeeEeeefF
    aaaeeeeeeeff
    ggggeeeehhhh
    gGggiiiihhHh
    ggggiiIihhhh
    ggggiiiihhhh
    """,
    {"a": ("gatehouse", "concrete_a"), "b": ("pump_house", "metal_plate"), "c": ("control_room", "tiles_a"),
     "d": ("tank_farm", "grate"), "e": ("refinery_yard", "cracked"), "f": ("loading_bay", "concrete_b"),
     "g": ("pipe_rack", "metal_plate"), "h": ("cooling_ponds", "water"), "i": ("flare_stack", "rubble")},
    seps={"bc": "wall", "cd": "wall", "ab": "door", "ce": "stairs", "df": "stairs", "ag": "level",
          "eh": "stairs", "gi": "door", "hi": "wall"},
    holes=["d", "h", "i"], equipment="e",
)

face(
    "17B", "Nexus Approach", "The causeway to the Locust palace, watched from the battlements and the throne ramp.",
    """
    aaaabbbbbccc
    aAaabbBbbcCc
    aaaddddbbccc
    aaddddDdeeee
    AaddddddeEee
    aaffffddeeeE
    gggffFfhhhhh
    gGgiiiiihhHh
    gggiiIiijjjJ
    ggiiiiijjjjj
    """,
    {"a": ("breach", "concrete_c"), "b": ("battlements", "metal_plate"), "c": ("watchtower", "grate"),
     "d": ("causeway", "cracked"), "e": ("nexus_gate", "tiles_b"), "f": ("spore_pit", "mud"),
     "g": ("sinkhole", "dirt"), "h": ("throne_ramp", "sand"), "i": ("drone_barracks", "rubble"),
     "j": ("royal_stair", "broken_tiles")},
    seps={"bc": "wall", "ab": "door", "ad": "level", "bd": "stairs", "ce": "door", "ag": "level",
          "gi": "door", "hi": "wall", "ij": "door", "hj": "level", "eh": "stairs"},
    holes=["c", "i", "j"], equipment="d",
)


# --- main ----------------------------------------------------------------------------------------------


def load_locations() -> dict:
    with LOCATIONS.open("rb") as fh:
        data = tomllib.load(fh)
    return {v["tile"]: v for v in data.get("location", {}).values()}


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(ROOT))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="*", help="tile ids to write (default: all)")
    ap.add_argument("--preview", metavar="DIR", help="also draw a PNG of each face into DIR")
    args = ap.parse_args(argv)
    locations = load_locations()
    ids = [f.tile_id for f in FACES]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        print(f"faces defined twice: {sorted(dup)}", file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    bad = 0
    for face in FACES:
        if args.only and face.tile_id not in args.only:
            continue
        facts: dict = {}
        path = OUT / f"{face.tile_id}.tmx"
        problems: list[str] = []
        for attempt in range(13):  # the last attempt has no jitter at all
            try:
                text, facts = build(face, locations, attempt)
            except FaceError as exc:
                problems = [str(exc)]
                break
            path.write_text(text, encoding="utf-8")
            problems = verify(path)
            if not problems:
                break
        if not facts:  # the description itself is broken: nothing was written
            print(*problems, sep="\n", file=sys.stderr)
            bad += 1
            continue
        from game.board.tmx import load_board

        blocked = len(wall_blocked_pairs(load_board(path))) if not problems else 0
        print(f"{face.tile_id:>4} {face.name:<28} {facts['size'][0]}x{facts['size'][1]} areas={facts['areas']} cover={facts['cover']} holes={facts['holes']} wall-blocked pairs={blocked} attempt={facts['attempt']}")
        for p in problems:
            print("   ", p)
        bad += bool(problems)
        if args.preview:
            Path(args.preview).mkdir(parents=True, exist_ok=True)
            preview(path, Path(args.preview) / f"{face.tile_id}.png")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
