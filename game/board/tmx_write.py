"""Board -> Tiled .tmx (the builder's save), and a saved map -> builder state (its load).

The written map follows docs/MAPS.md exactly, so `python -m game check-map` and Tiled read it
like any hand-made map: a `floor` tile layer (and `decor` when a piece has one) composed from
the pieces' own tile layers, each tile turned with Tiled's flip flags; object layers with every
coordinate already transformed into map coordinates; tilesets referenced by paths relative to
the written file.

The loader's schema is strict (an unknown map or object property is an error), so the record
of how the map was built lives in what the schema already has: every object of a placed piece
is named `PIECE:name` (compose's names), PIECE being the placement name (the piece's key, e.g.
`1A`, or `sample_room_2` for a second copy). `load_build` finds each piece's rotation, flips
and offset back from the geometry, rebuilds the map from those placements and accepts them
only if that rebuilds exactly what the file holds; a map edited in Tiled beyond that (or made
in Tiled) loads as one fixed piece, which more pieces can then join.

What a composed board needs that a single tile does not:
- Gears: both connectors of a joined exit/entrance pair (gears 3.7) are kept, named with their
  pieces' prefixes; the loader (game/board/tmx.py) gives every object its piece back from that
  prefix, so the pair is a joint again, the areas touching it are adjacent, and a door token
  on it blocks movement and range across it. Door tokens (gears 3.4 step 6) are `doors` lines
  on their exits, named `EXIT_door`, on an open exit or on a joint alike.
- Doom: where two pieces meet at connectors the floor simply continues; where pieces touch
  elsewhere, each piece's boundary wall is kept as a `walls` line (doom 9.2).
"""
from __future__ import annotations

import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Iterable, Sequence
from xml.etree import ElementTree
from xml.sax.saxutils import quoteattr

from game.board.builder import (
    BuildError,
    Builder,
    BuildPlacement,
    BuildState,
    MapMeta,
    PieceInfo,
    PieceLibrary,
    SIZES,
    piece_from_board,
)
from game.board.compose import Placement, compose
from game.board.model import Area, Board, Connector, CoverSpot, Door, Line, MapError, Marker, Point, Segment
from game.board.tmx_gate import LIMITS, decode_tile_data, layer_head, map_head, object_words, parse_xml
from game.engine.text import M
from game.i18n import translate

__all__ = ["save_build", "build_to_tmx", "export_board", "load_build", "LoadedBuild", "ArtError"]

FLIP_H, FLIP_V, FLIP_D = 0x80000000, 0x40000000, 0x20000000
FLAGS = FLIP_H | FLIP_V | FLIP_D | 0x10000000
TILED_VERSION = ("1.10", "1.10.2")


class ArtError(Exception):
    """A piece's tile layers could not be read (the map is still written, without that art)."""


# --- numbers ---------------------------------------------------------------------------------------


def fmt(v: Fraction | int) -> str:
    """An exact decimal: Tiled and our loader read decimal text exactly."""
    v = Fraction(v)
    if v.denominator == 1:
        return str(v.numerator)
    d = v.denominator
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d != 1:
        raise ValueError(f"{v} has no exact decimal form")
    places = max(twos, fives)
    scaled = v * 10**places
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled.numerator)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}".rstrip("0").rstrip(".")


# --- art: the pieces' tile layers ----------------------------------------------------------------------


@dataclass
class TilesetRef:
    path: Path  # absolute .tsx
    firstgid: int
    tilecount: int


@dataclass
class PieceArt:
    tilesets: list[TilesetRef]
    layers: dict[str, dict[tuple[int, int], int]]  # layer name -> cell -> raw gid (with flags)


def read_art(path: Path) -> PieceArt:
    """The tile layers of a .tmx as raw gids (flip flags kept), with its external tilesets."""
    try:
        root = parse_xml(path).root
    except MapError as exc:
        raise ArtError(f"{path}: " + str(M("cannot read tile layers ({why})", why=exc.problems[0]))) from None
    tilesets = []
    for ts in root.findall("tileset"):
        ref = ts.get("source")
        first = int(ts.get("firstgid", "1"))
        if ref is None:
            raise ArtError(map_head(str(path)) + translate("embedded tilesets are not supported for saving (export the tileset in Tiled)"))
        tsx = (path.parent / ref).resolve()
        try:
            count = int(parse_xml(tsx, str(M("tileset {name}", name=ref)), LIMITS.tileset_bytes).root.get("tilecount", "0"))
        except (MapError, ValueError) as exc:
            raise ArtError(f"{path}: " + str(M("tileset {name}", name=ref)) + f": {exc}") from None
        tilesets.append(TilesetRef(tsx, first, count))
    width = int(root.get("width", "0"))
    height = int(root.get("height", "0"))
    layers: dict[str, dict[tuple[int, int], int]] = {}
    for layer in root.findall("layer"):
        data = layer.find("data")
        if data is None:
            continue
        try:
            gids = decode_tile_data(data, width * height)
        except ValueError as exc:
            raise ArtError(layer_head(str(path), layer.get("name", "")) + str(M("data {problem}", problem=exc))) from None
        cells = {}
        for i, gid in enumerate(gids):
            if gid:
                cells[(i % width, i // width)] = gid
        layers[layer.get("name", "")] = cells
    return PieceArt(tilesets, layers)


_MATS = {}
for _d in (0, 1):
    for _h in (0, 1):
        for _v in (0, 1):
            m = ((1, 0), (0, 1))
            if _d:
                m = ((0, 1), (1, 0))
            if _h:
                m = ((-m[0][0], -m[0][1]), m[1])
            if _v:
                m = (m[0], (-m[1][0], -m[1][1]))
            _MATS[(_d, _h, _v)] = m


def _mul(a, b):
    return tuple(tuple(sum(a[i][k] * b[k][j] for k in range(2)) for j in range(2)) for i in range(2))


def turned_gid(gid: int, p: Placement) -> int:
    """The gid (with Tiled flip flags) showing the tile as the placement turns and flips it."""
    bits = (int(bool(gid & FLIP_D)), int(bool(gid & FLIP_H)), int(bool(gid & FLIP_V)))
    m = _MATS[bits]
    if p.flip_h:
        m = _mul(((-1, 0), (0, 1)), m)
    if p.flip_v:
        m = _mul(((1, 0), (0, -1)), m)
    for _ in range((p.rotation // 90) % 4):
        m = _mul(((0, -1), (1, 0)), m)
    d, h, v = next(k for k, mat in _MATS.items() if mat == m)
    return (gid & ~FLAGS) | (FLIP_D if d else 0) | (FLIP_H if h else 0) | (FLIP_V if v else 0)


def compose_art(placements: Sequence[tuple[Placement, PieceInfo]], shift: tuple[Fraction, Fraction],
                board: Board) -> tuple[list[TilesetRef], dict[str, dict[tuple[int, int], int]], list[str]]:
    """Tilesets (renumbered) and tile layers of the composed map; problems as lines. A piece's
    tile goes where its areas are; elsewhere in its rectangle only where no piece has an area."""
    from game.board.checks import point_in_polygon

    tilesets: list[TilesetRef] = []
    by_path: dict[Path, TilesetRef] = {}
    problems: list[str] = []
    layers: dict[str, dict[tuple[int, int], int]] = {}
    weak: dict[str, dict[tuple[int, int], int]] = {}
    tw, th = board.tile_width, board.tile_height
    for p, info in placements:
        ox, oy = p.offset[0] + shift[0], p.offset[1] + shift[1]
        if (ox / tw).denominator != 1 or (oy / th).denominator != 1:
            problems.append(f"{info.path}: " + str(M("piece {name} is off the tile grid; its floor art is left out", name=p.name)))
            continue
        try:
            art = read_art(info.path)
        except ArtError as exc:
            problems.append(str(exc))
            continue
        remap = []
        for ts in art.tilesets:
            mine = by_path.get(ts.path)
            if mine is None:
                first = max((t.firstgid + t.tilecount for t in tilesets), default=1)
                mine = TilesetRef(ts.path, first, ts.tilecount)
                tilesets.append(mine)
                by_path[ts.path] = mine
            remap.append((ts.firstgid, ts.firstgid + ts.tilecount, mine.firstgid))
        placed_p = replace(p, offset=(ox, oy))
        polys = [a.polygon for a in board.areas.values() if a.piece == p.name]
        for name, cells in art.layers.items():
            strong_out = layers.setdefault(name, {})
            weak_out = weak.setdefault(name, {})
            for (c, r), gid in cells.items():
                raw = gid & ~FLAGS
                base = next(((lo, new) for lo, hi, new in remap if lo <= raw < hi), None)
                if base is None:
                    continue
                new_gid = turned_gid((gid & FLAGS) | (raw - base[0] + base[1]), placed_p)
                centre = placed_p.map_point((Fraction(2 * c + 1, 2) * tw, Fraction(2 * r + 1, 2) * th))
                cell = (int(centre[0] // tw), int(centre[1] // th))
                if board.grid is not None:
                    if cell in board.grid.floor:
                        strong_out[cell] = new_gid
                elif any(point_in_polygon(centre, poly) >= 0 for poly in polys):
                    strong_out[cell] = new_gid
                else:
                    weak_out.setdefault(cell, new_gid)
    for name, cells in weak.items():
        out = layers.setdefault(name, {})
        for cell, gid in cells.items():
            out.setdefault(cell, gid)
    return tilesets, layers, problems


# --- the board as written -----------------------------------------------------------------------------


def export_board(board: Board, title: str, doors: Iterable[str] = (), fixed: Iterable[str] = ()) -> Board:
    """The composed board in the form it is written (see the module doc): door tokens as doors,
    Doom seams as walls and joined Doom connectors left out, fixed pieces' names unprefixed.
    Gears joints keep both connectors: the loader gives each object its piece back from its
    name, so the joint is known again and a door token on it blocks movement (gears 3.4)."""
    door_set = set(doors)
    joined = board.joined_connectors()
    drop = {id(c) for pair in joined for c in pair} if title != "gears" else set()
    new_doors = list(board.doors)
    for c in board.connectors:
        if c.name in door_set and id(c) not in drop:
            new_doors.append(Door(f"{c.name}_door", 0, (c.segment.a, c.segment.b), True, {}, c.piece))
    out = replace(board, doors=tuple(new_doors),
                  connectors=tuple(c for c in board.connectors if id(c) not in drop))
    if board.grid is not None:
        out = replace(out, lines=out.lines + tuple(_seam_walls(board)))
    fixed = set(fixed)
    if fixed:
        out = _unprefix(out, fixed)
    return out


def _seam_walls(board: Board) -> list[Line]:
    """Wall edges between two floor squares that no wall line draws (pieces touching without a
    connector keep their own boundary walls), merged into straight runs."""
    grid = board.grid
    assert grid is not None
    from game.board.model import lattice_edges

    drawn = set()
    for line in board.lines_of("wall"):
        for s in line.segments():
            try:
                drawn.update(lattice_edges(s, board.tile_width, board.tile_height))
            except ValueError:
                pass
    seams = set()
    for e in grid.wall_edges:
        (x0, y0), (x1, y1) = e
        sides = ((x0 - 1, y0), (x0, y0)) if x0 == x1 else ((x0, y0 - 1), (x0, y0))
        if all(s in grid.floor for s in sides) and e not in drawn:
            seams.add(e)
    runs: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for e in sorted(seams):
        (x0, y0), (x1, y1) = e
        if runs:
            (a, b) = runs[-1]
            if b == (x0, y0) and (a[0] == b[0] == x1 or a[1] == b[1] == y1):
                runs[-1] = (a, (x1, y1))
                continue
        runs.append(((x0, y0), (x1, y1)))
    tw, th = board.tile_width, board.tile_height
    return [
        Line("wall", f"seam_{i + 1}", 0, ((Fraction(a[0] * tw), Fraction(a[1] * th)), (Fraction(b[0] * tw), Fraction(b[1] * th))))
        for i, (a, b) in enumerate(runs)
    ]


def _unprefix(b: Board, fixed: set[str]) -> Board:
    def n(name: str | None, piece: str) -> str | None:
        if name and piece in fixed and name.startswith(piece + ":"):
            return name[len(piece) + 1:]
        return name

    return replace(
        b,
        areas={n(a.name, a.piece): replace(a, name=n(a.name, a.piece)) for a in b.areas.values()},
        lines=tuple(replace(x, name=n(x.name, x.piece) or "") for x in b.lines),
        doors=tuple(replace(x, name=n(x.name, x.piece)) for x in b.doors),
        cover=tuple(replace(x, name=n(x.name, x.piece), area=n(x.area, x.piece)) for x in b.cover),
        markers=tuple(replace(x, name=n(x.name, x.piece), area=n(x.area, x.piece)) for x in b.markers),
        connectors=tuple(replace(x, name=n(x.name, x.piece)) for x in b.connectors),
    )


# --- XML -------------------------------------------------------------------------------------------------


class _Xml:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.next_id = 1

    def add(self, text: str) -> None:
        self.lines.append(text)


def _attrs(**kv) -> str:
    return " ".join(f"{k}={quoteattr(str(v))}" for k, v in kv.items() if v is not None and v != "")


def _props(x: _Xml, props: Sequence[tuple[str, str, object]], indent: str) -> None:
    """(name, type, value) custom properties."""
    if not props:
        return
    x.add(f"{indent}<properties>")
    for name, typ, value in props:
        if typ == "bool":
            value = "true" if value else "false"
        t = f" type={quoteattr(typ)}" if typ != "string" else ""
        x.add(f"{indent} <property name={quoteattr(name)}{t} value={quoteattr(str(value))}/>")
    x.add(f"{indent}</properties>")


def _is_rect(poly: Sequence[Point]) -> bool:
    xs, ys = {p[0] for p in poly}, {p[1] for p in poly}
    return len(poly) == 4 and len(xs) == 2 and len(ys) == 2 and set(poly) == {(a, b) for a in xs for b in ys}


def _obj(x: _Xml, name: str, shape: str, points: Sequence[Point], props=(), type_: str = "") -> None:
    oid = x.next_id
    x.next_id += 1
    if shape == "rect":
        x0, y0 = min(p[0] for p in points), min(p[1] for p in points)
        x1, y1 = max(p[0] for p in points), max(p[1] for p in points)
        head = _attrs(id=oid, name=name, type=type_, x=fmt(x0), y=fmt(y0), width=fmt(x1 - x0), height=fmt(y1 - y0))
        if props:
            x.add(f"  <object {head}>")
            _props(x, props, "   ")
            x.add("  </object>")
        else:
            x.add(f"  <object {head}/>")
        return
    ox, oy = points[0]
    x.add(f"  <object {_attrs(id=oid, name=name, type=type_, x=fmt(ox), y=fmt(oy))}>")
    _props(x, props, "   ")
    if shape == "point":
        x.add("   <point/>")
    else:
        rel = " ".join(f"{fmt(p[0] - ox)},{fmt(p[1] - oy)}" for p in points)
        x.add(f"   <{shape} points={quoteattr(rel)}/>")
    x.add("  </object>")


def build_to_tmx(board: Board, title: str, meta: MapMeta, out_path: Path, tilesets: Sequence[TilesetRef],
                 layers: dict[str, dict[tuple[int, int], int]]) -> str:
    """The TMX text of an exported board (see export_board)."""
    x = _Xml()
    w, h = board.width, board.height
    body = _Xml()
    layer_id = 1
    tile_layers = ["floor", "decor"]
    if board.grid is not None and "floor" not in layers:
        layers = {**layers, "floor": {}}
    for name in tile_layers:
        cells = dict(layers.get(name) or {})
        if board.grid is not None and name == "floor":
            default = tilesets[0].firstgid if tilesets else 1
            cells = {c: g for c, g in cells.items() if c in board.grid.floor}
            for c in board.grid.floor:
                cells.setdefault(c, default)
        if not cells:
            continue
        rows = []
        for r in range(h):
            rows.append(",".join(str(cells.get((c, r), 0)) for c in range(w)))
        body.add(f" <layer {_attrs(id=layer_id, name=name, width=w, height=h)}>")
        body.add('  <data encoding="csv">')
        body.add(",\n".join(rows))
        body.add("</data>")
        body.add(" </layer>")
        layer_id += 1
    groups = _gears_groups(board) if title == "gears" else _doom_groups(board)
    for name, color, objects in groups:
        if not objects and name != "areas":
            continue
        body.add(f" <objectgroup {_attrs(id=layer_id, name=name, color=color)}>")
        layer_id += 1
        for args in objects:
            _obj(body, *args)
        body.add(" </objectgroup>")
    head = _attrs(version=TILED_VERSION[0], tiledversion=TILED_VERSION[1], orientation="orthogonal",
                  renderorder="right-down", width=w, height=h, tilewidth=board.tile_width,
                  tileheight=board.tile_height, infinite=0, nextlayerid=layer_id, nextobjectid=body.next_id)
    x.add('<?xml version="1.0" encoding="UTF-8"?>')
    x.add(f"<map {head}>")
    props: list[tuple[str, str, object]] = [("title", "string", title), ("name", "string", meta.name)]
    if title == "gears":
        props += [("tile_id", "string", "+".join(board.pieces()) or "custom"), ("size", "string", meta.size)]
    if meta.flavour:
        props.append(("flavour", "string", meta.flavour))
    if title == "doom" and meta.frag_target:
        props.append(("frag_target", "int", meta.frag_target))
    _props(x, props, " ")
    for ts in tilesets:
        rel = os.path.relpath(ts.path, out_path.resolve().parent).replace(os.sep, "/")
        x.add(f" <tileset {_attrs(firstgid=ts.firstgid, source=rel)}/>")
    x.lines += body.lines
    x.add("</map>")
    return "\n".join(x.lines) + "\n"


def _shape(poly: Sequence[Point]) -> str:
    return "rect" if _is_rect(poly) else "polygon"


def _gears_groups(b: Board):
    areas = [(a.name, _shape(a.polygon), a.polygon, [("equipment", "bool", a.properties["equipment"])] if "equipment" in a.properties else [])
             for a in b.areas.values()]
    lines = {k: [(l.name, "polyline", l.points) for l in b.lines_of(k)] for k in ("wall", "level_line", "border")}
    cover = [(c.name, "point", (c.point,), [("area", "string", c.area), ("arrows", "string", ",".join(str(a) for a in c.arrows))]) for c in b.cover]
    marks = {k: [(m.name, "point", (m.point,), [("area", "string", m.area or "")]) for m in b.markers_of(k)] for k in ("emergence", "equipment")}
    conns = [(c.name, "polyline", (c.segment.a, c.segment.b), [("kind", "string", c.kind)]) for c in b.connectors]
    doors = [(d.name, "polyline", d.points, [("state", "string", "closed" if d.closed else "open")]) for d in b.doors]
    return [
        ("areas", "#55aaff", areas),
        ("walls", "#000000", lines["wall"]),
        ("level_lines", "#2255ff", lines["level_line"]),
        ("borders", "#999999", lines["border"]),
        ("cover", "#00aa00", cover),
        ("emergence", "#aa0000", marks["emergence"]),
        ("equipment", "#ffaa00", marks["equipment"]),
        ("connectors", "#ff00ff", conns),
        ("doors", "#ffffff", doors),
    ]


def _doom_groups(b: Board):
    areas = []
    for a in b.areas.values():
        props = []
        for flag in ("start_zone", "objective"):
            if flag in a.properties:
                props.append((flag, "bool", a.properties[flag]))
        for key in ("label", "text"):
            if key in a.properties:
                props.append((key, "string", a.properties[key]))
        areas.append((a.name, _shape(a.polygon), a.polygon, props))
    edges = []
    for d in b.doors:
        props = [("kind", "string", "door"), ("door_type", "string", d.properties.get("door_type", "ordinary"))]
        if "key" in d.properties:
            props.append(("key", "string", d.properties["key"]))
        props.append(("state", "string", "closed" if d.closed else "open"))
        edges.append((d.name, "polyline", d.points, props))
    for c in b.connectors:
        edges.append((c.name, "polyline", (c.segment.a, c.segment.b), [("kind", "string", "connector")]))
    walls = [(l.name, "polyline", l.points) for l in b.lines_of("wall")]
    props_out, figures = [], []
    for m in b.markers:
        if m.kind == "figure":
            fp = [(k, "int" if k == "min_marines" else "string", m.properties[k]) for k in ("min_marines", "anchor", "orientation") if k in m.properties]
            figures.append((m.name, "point", (m.point,), fp, str(m.properties.get("type", ""))))
            continue
        kind = m.kind + (f":{m.properties['variant']}" if "variant" in m.properties else "")
        pp = [("kind", "string", kind)]
        if "count" in m.properties:
            pp.append(("count", "int", m.properties["count"]))
        props_out.append((m.name, "point", (m.point,), pp))
    return [
        ("areas", "#55aaff", areas),
        ("edges", "#ff00ff", edges),
        ("walls", "#000000", walls),
        ("props", "#ffaa00", props_out),
        ("figures", "#aa0000", figures),
    ]


# --- saving a build ------------------------------------------------------------------------------------


def _fixed_names(builder: Builder, placements: Iterable[BuildPlacement]) -> set[str]:
    return {p.name for p in placements if builder.piece(p).fixed}


def at_origin(builder: Builder) -> Builder:
    """The same build moved so its pieces start at the map's top-left square. The builder's
    canvas puts the first piece wherever it was dropped (x = 2304 px, say); saved as it was,
    the map had that much empty floor before it (issue 21: 60 x 31 squares, framed tiny in
    a corner). The shift is whole squares, so the art stays on its grid."""
    state = builder.state
    if not state.placements:
        return builder
    first = builder.placed(state.placements[0])
    tw, th = first.tile_width or 1, first.tile_height or 1
    x0, y0, _x1, _y1 = builder.bounds()
    dx, dy = Fraction(int(x0 // tw) * tw), Fraction(int(y0 // th) * th)
    if dx == 0 and dy == 0:
        return builder
    moved = tuple(replace(p, x=p.x - dx, y=p.y - dy) for p in state.placements)
    cx, cy = int(dx // tw), int(dy // th)  # the Doom things are on builder squares (build_items.py)
    items = tuple(replace(i, cell=(i.cell[0] - cx, i.cell[1] - cy)) for i in state.items)
    shifted = Builder(builder.library, builder.title, replace(state, placements=moved, items=items))
    shifted.footprint = builder.footprint
    return shifted


def build_text(builder: Builder, out_path: Path) -> tuple[str, list[str]]:
    """The .tmx text of the builder's map and the problems met writing it (art left out...).
    BuildError when there is nothing to write or pieces overlap."""
    builder = at_origin(builder)
    state = builder.state
    board = builder.compose_all(str(out_path))
    first = state.placements[0]
    from game.board.builder import _shift_of

    shift = _shift_of(builder.placed(first), board)
    exported = export_board(board, builder.title, state.doors, _fixed_names(builder, state.placements))
    pairs = [(builder.compose_placement(p), builder.piece(p)) for p in state.placements]
    tilesets, layers, problems = compose_art(pairs, shift, board)
    return build_to_tmx(exported, builder.title, state.meta, out_path, tilesets, layers), problems


def save_build(builder: Builder, out_path: Path) -> list[str]:
    """Write the map; returns the problems met (art left out). BuildError if it cannot."""
    out_path = Path(out_path)
    text, problems = build_text(builder, out_path)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    tmp = out_path.with_name(out_path.name + ".part")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, out_path)
    return problems


# --- loading a saved map back into the builder -------------------------------------------------------------


@dataclass
class LoadedBuild:
    builder: Builder | None
    problems: list[str] = field(default_factory=list)  # what was wrong with the file
    as_pieces: bool = False  # False: the map is one fixed piece


def load_build(path: Path, library: PieceLibrary | None = None, maps_dir: Path | None = None) -> LoadedBuild:
    """A saved or Tiled-made map as a builder state. Broken objects are left out and listed
    (the rest loads); a map that cannot be read at all gives builder None and the problems."""
    from game.board.tmx import load_board

    path = Path(path)
    problems: list[str] = []
    try:
        board = load_board(path)
    except MapError as exc:
        problems = list(exc.problems)
        board = _load_without_broken(path, exc.problems)
        if board is None:
            return LoadedBuild(None, problems)
    title = str(board.properties.get("title", ""))
    if library is None:
        library, lib_problems = PieceLibrary.for_title(title, maps_dir or Path(__file__).resolve().parents[2] / "maps")
    meta = MapMeta(str(board.properties.get("name", path.stem)),
                   str(board.properties.get("size", "small")) if str(board.properties.get("size", "small")) in SIZES else "small",
                   str(board.properties.get("flavour", "")), int(board.properties.get("frag_target", 0) or 0))
    state = _as_pieces(board, library, title, meta)
    if state is not None and not problems:
        return LoadedBuild(Builder(library, title, state), problems, True)
    lib = PieceLibrary(library.pieces.values())
    key = _fixed_key(path, lib)
    lib.add(piece_from_board(path, board, fixed=True, key=key))
    state = BuildState(title, (BuildPlacement(key, key, Fraction(0), Fraction(0)),), frozenset(), meta)
    return LoadedBuild(Builder(lib, title, state), problems, False)


def _fixed_key(path: Path, lib: PieceLibrary) -> str:
    base = "map_" + re.sub(r"[^A-Za-z0-9_]+", "_", path.stem).strip("_")
    key, n = base, 2
    while key in lib:
        key, n = f"{base}_{n}", n + 1
    return key


def _object_id_pattern() -> re.Pattern:
    """Finds the id in a problem line's object words, as the language in use writes them
    ('object b (id 2)', '„b” objektum (azonosító: 2)'): a Hungarian or Greek builder could not
    leave a broken object out, and so could not open the map at all."""
    name, oid = "\x00", "\x01"
    words = object_words(name, oid)
    before, rest = words.split(name, 1)
    middle, after = rest.split(oid, 1)
    return re.compile(": " + re.escape(before) + ".*" + re.escape(middle) + r"(\d+)" + re.escape(after) + ": ")


def _load_without_broken(path: Path, problems: Sequence[str]) -> Board | None:
    """Load the map again without the objects the problems name (by id), and then without
    what referred to them (a cover spot in a removed area...); None if a problem is about the
    map or a layer, or it still fails after a few rounds."""
    from game.board.tmx import load_board

    try:
        root = parse_xml(path).root
    except MapError:
        return None
    tree = ElementTree.ElementTree(root)
    for ts in root.findall("tileset"):
        if ts.get("source"):
            ts.set("source", str((path.parent / ts.get("source")).resolve()))
    tmpdir = Path(tempfile.mkdtemp(prefix="tiletop_load_"))
    try:
        for _ in range(4):
            ids = set()
            named = _object_id_pattern()
            for line in problems:
                m = named.search(line)
                if m is None:
                    return None
                ids.add(m.group(1))
            for group in root.findall("objectgroup"):
                for obj in list(group.findall("object")):
                    if obj.get("id") in ids:
                        group.remove(obj)
            tmp = tmpdir / path.name
            tree.write(tmp, encoding="UTF-8", xml_declaration=True)
            try:
                board = load_board(tmp)
            except MapError as exc:
                problems = [line.replace(str(tmp), str(path)) for line in exc.problems]
                continue
            board.source = str(path)
            return board
        return None
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)


def _canon_poly(poly: Sequence[Point]) -> tuple:
    n = len(poly)
    i = min(range(n), key=lambda k: poly[k])
    fwd = tuple(poly[(i + k) % n] for k in range(n))
    back = tuple(poly[(i - k) % n] for k in range(n))
    return min(fwd, back)


def canonical(board: Board) -> frozenset:
    """Everything a map says, without object ids or piece fields: equal for equal maps."""
    items: set = set()
    for a in board.areas.values():
        items.add(("area", a.name, _canon_poly(a.polygon), tuple(sorted((k, str(v)) for k, v in a.properties.items()))))
    for l in board.lines:
        pts = l.points if l.points <= l.points[::-1] else l.points[::-1]
        items.add(("line", l.kind, l.name, pts))
    for d in board.doors:
        items.add(("door", d.name, d.points, d.closed, tuple(sorted((k, str(v)) for k, v in d.properties.items()))))
    for c in board.cover:
        items.add(("cover", c.name, c.point, c.area, tuple(sorted(c.arrows))))
    for m in board.markers:
        items.add(("marker", m.kind, m.name, m.point, m.area, tuple(sorted((k, str(v)) for k, v in m.properties.items()))))
    for c in board.connectors:
        items.add(("connector", c.kind, c.name, frozenset((c.segment.a, c.segment.b))))
    if board.grid is not None:
        items.add(("floor", board.grid.floor))
        items.add(("walls", board.grid.wall_edges))
    return frozenset(items)


def _as_pieces(board: Board, library: PieceLibrary, title: str, meta: MapMeta) -> BuildState | None:
    """The placements that rebuild this map exactly, or None."""
    prefixes: list[str] = []
    for name in board.areas:
        if ":" not in name:
            return None
        pre = name.split(":", 1)[0]
        if pre not in prefixes:
            prefixes.append(pre)
    if not prefixes:
        return None
    placements = []
    for pre in prefixes:
        key = pre if pre in library else re.sub(r"_\d+$", "", pre)
        if key not in library or library[key].fixed:
            return None
        found = _match_piece(board, pre, library[key])
        if found is None:
            return None
        placements.append(found)
    # Door tokens are written as "EXIT_door"; whatever else is off, the comparison below sees.
    doors = frozenset(d.name[: -len("_door")] for d in board.doors if d.name.endswith("_door") and ":" in d.name)
    state = BuildState(title, tuple(placements), doors, meta)
    builder = Builder(library, title, state)
    try:
        composed = compose([builder.compose_placement(p) for p in placements], board.source)
        if title == "doom":
            # Doom items (build_items.py): the objects without a piece prefix, the objective,
            # a start zone other than the pieces' own. The map's squares are the builder's.
            from game.board.build_items import items_of_board

            defaults = [n for n, a in composed.areas.items() if a.properties.get("start_zone")]
            state = replace(state, items=tuple(items_of_board(board, defaults)))
            builder = Builder(library, title, state)
            composed = builder.with_items(composed, placements)
    except Exception:  # noqa: BLE001 - any failure means "not a build of these pieces"
        return None
    exported = export_board(composed, title, doors)
    if canonical(exported) != canonical(board):
        return None
    return state


def _match_piece(board: Board, prefix: str, info: PieceInfo) -> BuildPlacement | None:
    mine = {n.split(":", 1)[1]: a for n, a in board.areas.items() if n.startswith(prefix + ":")}
    if set(mine) != set(info.board.areas):
        return None
    target = {n: _canon_poly(a.polygon) for n, a in mine.items()}
    marks = {(m.name, m.point) for m in board.markers if m.name.startswith(prefix + ":")}
    covers = {(c.name, c.point, tuple(sorted(c.arrows))) for c in board.cover if c.name.startswith(prefix + ":")}
    from game.board.checks import bbox
    from game.board.compose import transform_board

    tx0, ty0, _, _ = bbox([v for a in mine.values() for v in a.polygon])
    for rotation in (0, 90, 180, 270):
        for flip_h in (False, True):
            trial = transform_board(Placement(info.board, prefix, (Fraction(0), Fraction(0)), rotation, flip_h))
            x0, y0, _, _ = bbox([v for a in trial.areas.values() for v in a.polygon])
            dx, dy = tx0 - x0, ty0 - y0
            p = Placement(info.board, prefix, (dx, dy), rotation, flip_h)
            moved = transform_board(p)
            if any(_canon_poly(a.polygon) != target.get(n.split(":", 1)[1]) for n, a in moved.areas.items()):
                continue
            if {(m.name, m.point) for m in moved.markers} != marks:
                continue
            if {(c.name, c.point, tuple(sorted(c.arrows))) for c in moved.cover} != covers:
                continue
            return BuildPlacement(prefix, info.key, dx, dy, rotation, flip_h, False)
    return None
