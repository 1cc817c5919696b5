"""Tiled .tmx -> Board, following the conventions of docs/MAPS.md.

pytmx.TiledMap reads the map (tilesets, layer order, tile data in any encoding); no images are
loaded and pygame is never used here. pytmx turns object coordinates into floats and forgets
what shape an object is (point, ellipse, text all look like rectangles), so the object elements
themselves are read alongside from the same XML: coordinates come from their decimal text,
exactly, and shapes from their child elements.

Every problem becomes one line `FILE: object NAME (id N): problem`; all problems of a file are
collected and raised together as one MapError, never a traceback.

A composed map (the builder's save) names every object of a placed piece `PIECE:name`; each
object's `piece` is set from that prefix, so the loaded board is the same composition the
builder made: joined entrance/exit pairs are known again (Board.joined_connectors), a door on
a joint blocks movement across it, and check-map checks each piece as a tile.
"""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Callable
from xml.etree import ElementTree

from game.board.checks import fmt_point, point_in_polygon, polygon_problem
from game.board.slots import L7_CELLS, L7_DOOR_KINDS, L7_ICONS, L7_SPOTS, l7_slot
from game.board.tmx_gate import (LIMITS, check_map, exact_number, kind_word, layer_head, line_words, map_head,
                                  object_words, parse_xml)
from game.engine.errors import os_reason
from game.engine.text import M
from game.i18n import N_, _, pgettext, translate
from game.board.model import (
    Area,
    Board,
    Connector,
    CoverSpot,
    Door,
    Edge,
    Grid,
    Line,
    MapError,
    Marker,
    Point,
    Segment,
    lattice_edges,
)

# pytmx imports pygame when it is installed (only for a type hint); keep its banner off stdout
# so `python -m game los` prints nothing but its answer.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pytmx  # noqa: E402

__all__ = ["MapError", "load_board", "TITLES", "MAP_PROPERTIES", "LAYERS"]

TITLES = ("gears", "doom", "level7")

# --- the schema of docs/MAPS.md -------------------------------------------------------------


@dataclass(frozen=True)
class Prop:
    """A custom property: Tiled type ('string', 'int', 'bool', 'float'), required or not, and the
    values it may take (None = any)."""

    type: str = "string"
    required: bool = False
    choices: tuple[str, ...] | None = None


@dataclass(frozen=True)
class LayerSpec:
    """kind 'tiles' or 'objects'; shapes allowed for its objects; custom properties of objects."""

    kind: str
    shapes: frozenset[str] = frozenset()
    props: dict[str, Prop] = field(default_factory=dict)
    named: bool = False  # objects must carry a unique name
    required: bool = False


MAP_PROPERTIES: dict[str, dict[str, Prop]] = {
    "gears": {
        "title": Prop(required=True, choices=TITLES),
        "name": Prop(required=True),
        "tile_id": Prop(required=True),
        "size": Prop(required=True, choices=("small", "medium", "large")),
        "flavour": Prop(),
    },
    "doom": {
        "title": Prop(required=True, choices=TITLES),
        "name": Prop(required=True),
        "flavour": Prop(),
        "piece": Prop("bool"),  # a map piece for the builder, not a whole map (no start zone needed)
        "frag_target": Prop("int"),  # a built map's frag target (docs/MAPS.md, "Playing a built map")
    },
    "level7": {
        "title": Prop(required=True, choices=TITLES),
        "name": Prop(required=True),
        "tile_id": Prop(required=True),  # T01..T44, or a special tile's id (level7-escape.md 8.9, 8.10)
        "flavour": Prop(),
        "back": Prop(),  # the tile_id of the other side of a double-sided tile
        "off_map": Prop("bool"),  # never joined to the map (the Hospital, level7 3.4)
        "placeholder": Prop("bool"),  # the layout is ours, not the printed tile's (spec 8.9, 8.10)
    },
}

_LINES = frozenset({"polyline", "polygon"})
_POLY = frozenset({"polygon", "rectangle"})
_POINT = frozenset({"point"})

LAYERS: dict[str, dict[str, LayerSpec]] = {
    "gears": {
        "floor": LayerSpec("tiles"),
        "decor": LayerSpec("tiles"),
        "areas": LayerSpec("objects", _POLY, {"equipment": Prop("bool")}, named=True, required=True),
        "walls": LayerSpec("objects", _LINES),
        "level_lines": LayerSpec("objects", _LINES),
        "borders": LayerSpec("objects", _LINES),
        "cover": LayerSpec("objects", _POINT, {"area": Prop(required=True), "arrows": Prop(required=True)}),
        "emergence": LayerSpec("objects", _POINT, {"area": Prop(required=True)}),
        "equipment": LayerSpec("objects", _POINT, {"area": Prop(required=True)}),
        "connectors": LayerSpec(
            "objects", frozenset({"polyline"}), {"kind": Prop(required=True, choices=("entrance", "exit"))}
        ),
        "doors": LayerSpec("objects", frozenset({"polyline"}), {"state": Prop(choices=("closed", "open"))}),
    },
    "doom": {
        "floor": LayerSpec("tiles", required=True),
        "decor": LayerSpec("tiles"),
        "areas": LayerSpec(
            "objects", _POLY, {"start_zone": Prop("bool"), "objective": Prop("bool"), "text": Prop(), "label": Prop()}, named=True,
            required=True
        ),
        "edges": LayerSpec(
            "objects",
            frozenset({"polyline"}),
            {
                "kind": Prop(required=True, choices=("door", "connector")),
                "door_type": Prop(choices=("ordinary", "security")),
                "key": Prop(choices=("red", "blue", "yellow")),
                "state": Prop(choices=("closed", "open")),
            },
        ),
        "walls": LayerSpec("objects", _LINES),
        "props": LayerSpec("objects", _POINT, {"kind": Prop(required=True), "count": Prop("int")}),
        "figures": LayerSpec(
            "objects",
            _POINT,
            {"min_marines": Prop("int"), "anchor": Prop(), "orientation": Prop()},
        ),
    },
    "level7": {
        "floor": LayerSpec("tiles", required=True),
        "pipes": LayerSpec("tiles"),  # duct art (not read by the rules)
        "decor": LayerSpec("tiles"),
        "doors": LayerSpec("objects", frozenset({"polyline"}), {"kind": Prop(choices=L7_DOOR_KINDS)}),
        "ducts": LayerSpec("objects", frozenset({"polyline"})),
        "icons": LayerSpec("objects", _POINT, {"kind": Prop(required=True, choices=L7_ICONS)}),
        "spots": LayerSpec("objects", _POINT, {"kind": Prop(required=True, choices=L7_SPOTS)}),
    },
}

# Prop kinds on a Doom `props` layer; the part after ':' (colour, id, item) is kept as `variant`.
DOOM_PROP_KINDS = {
    "obstacle": False,
    "hazard": False,
    "barrel": False,
    "vent": False,
    "teleporter": True,
    "encounter": True,
    "key": True,
    "equipment": True,
}
BLOCKING_PROPS = frozenset({"obstacle", "barrel"})



# --- raw objects ------------------------------------------------------------------------------


@dataclass
class RawObject:
    """One <object> as written: exact coordinates, its shape, typed custom properties."""

    layer: str
    id: int
    name: str
    type: str
    shape: str  # 'rectangle', 'point', 'polygon', 'polyline', 'ellipse', 'text', 'tile'
    points: tuple[Point, ...]  # absolute; rectangles as 4 corners clockwise from top-left
    properties: dict[str, object]
    rotation: Fraction
    line: int | None = None  # where its <object> starts in the file


class _Collector:
    """Gathers problems as printable lines; raise_if_any() turns them into one MapError. A
    problem is a message (M) worded now, in the reader's language, after its head ('FILE: layer
    NAME: ', tmx_gate.layer_head); the file name stays as it is."""

    def __init__(self, source: str):
        self.source = source
        self.lines: list[str] = []
        self.declared_areas: set[str] = set()
        self.fatal = False  # a map- or layer-level problem: no point building the board

    def map(self, message) -> None:
        self.lines.append(map_head(self.source) + str(message))
        self.fatal = True

    def layer(self, name: str, message, line: int | None = None) -> None:
        self.lines.append(layer_head(self.source, name) + str(message) + line_words(line))
        self.fatal = True

    def obj(self, o: RawObject, message) -> None:
        self.lines.append(f"{self.source}: {describe(o.name, o.id)}: {message}{line_words(o.line)}")

    def raise_if_any(self) -> None:
        if self.lines:
            raise MapError(self.lines)


def describe(name: str, object_id: int) -> str:
    return object_words(name, object_id)


# Why a wall or door segment is refused (model.lattice_edges raises these words; translated here).
SEGMENT_REASONS = (N_("does not lie on grid lines"), N_("is diagonal; walls and doors run along grid lines"))


def _shape_word(shape: str) -> str:
    """A Tiled object's shape as a problem names it, in the reader's language."""
    words = {"point": pgettext("map object shape", "point"), "polygon": pgettext("map object shape", "polygon"),
             "polyline": pgettext("map object shape", "polyline"), "rectangle": pgettext("map object shape", "rectangle"),
             "ellipse": pgettext("map object shape", "ellipse"), "text": pgettext("map object shape", "text"),
             "tile": pgettext("map object shape", "tile")}
    return words.get(shape, shape)


def _num(text: str | None, default: str = "0") -> Fraction:
    return exact_number(text if text is not None else default)


def _parse_points(text: str, origin: Point) -> tuple[Point, ...]:
    pts = []
    for pair in text.split():
        x, y = pair.split(",")
        pts.append((origin[0] + exact_number(x), origin[1] + exact_number(y)))
    return tuple(pts)


def _rotate(points: tuple[Point, ...], origin: Point, degrees: Fraction) -> tuple[Point, ...]:
    """Tiled rotates clockwise on screen about the object's origin; quarter turns are exact."""
    turns = int(degrees / 90) % 4
    out = []
    for x, y in points:
        dx, dy = x - origin[0], y - origin[1]
        for _turn in range(turns):
            dx, dy = -dy, dx
        out.append((origin[0] + dx, origin[1] + dy))
    return tuple(out)


def _read_props(owner: ElementTree.Element) -> dict[str, tuple[str, str | None]]:
    """name -> (Tiled type, raw value) of an element's custom properties, in order."""
    out: dict[str, tuple[str, str | None]] = {}
    holder = owner.find("properties")
    if holder is None:
        return out
    for prop in holder.findall("property"):
        value = prop.get("value")
        if value is None:
            value = prop.text or ""
        out[prop.get("name", "")] = (prop.get("type", "string"), value)
    return out


def _typed(spec: Prop, tiled_type: str, raw: str | None) -> tuple[object, str | None]:
    """(value, problem) for one property against its spec."""
    if spec.type != tiled_type:
        return None, str(M("must be of type {type} (it is {found})", type=spec.type, found=tiled_type))
    raw = raw or ""
    if spec.type == "bool":
        if raw not in ("true", "false"):
            return None, str(M("must be true or false, not {value}", value=repr(raw)))
        return raw == "true", None
    if spec.type == "int":
        try:
            return int(raw), None
        except ValueError:
            return None, str(M("must be a whole number, not {value}", value=repr(raw)))
    if spec.type == "float":
        try:
            return exact_number(raw), None
        except ValueError:
            return None, str(M("must be a number, not {value}", value=repr(raw)))
    if spec.choices is not None and raw not in spec.choices:
        return None, str(M("must be one of {choices}, not {value}", choices=", ".join(spec.choices), value=repr(raw)))
    return raw, None


def _check_props(
    found: dict[str, tuple[str, str | None]],
    specs: dict[str, Prop],
    report: Callable[[str], None],
) -> dict[str, object]:
    values: dict[str, object] = {}
    for name, (tiled_type, raw) in found.items():
        if name not in specs:
            known = ", ".join(sorted(specs)) or _("none")
            report(M("unknown property {name} (known: {known})", name=repr(name), known=known))
            continue
        value, problem = _typed(specs[name], tiled_type, raw)
        if problem:
            report(M("property {name} {problem}", name=name, problem=problem))
        else:
            values[name] = value
    for name, spec in specs.items():
        if spec.required and name not in found:
            report(M("missing required property {name}", name=repr(name)))
    return values


def _shape_of(el: ElementTree.Element) -> str:
    if el.get("gid") is not None:
        return "tile"
    for child in ("polygon", "polyline", "ellipse", "point", "text"):
        if el.find(child) is not None:
            return child
    return "rectangle"


def _raw_object(layer: str, el: ElementTree.Element, out: _Collector, line: int | None) -> RawObject | None:
    oid = int(el.get("id", "0"))  # a whole number: checked by tmx_gate
    name = el.get("name", "")
    o = RawObject(layer, oid, name, el.get("type", el.get("class", "")), _shape_of(el), (), {}, Fraction(0), line)
    try:
        origin = (_num(el.get("x")), _num(el.get("y")))
        o.rotation = _num(el.get("rotation"))
        if el.get("template") is not None:
            out.obj(o, M("object templates are not supported; detach the template in Tiled"))
            return None
        if o.shape in ("polygon", "polyline"):
            o.points = _parse_points(el.find(o.shape).get("points", ""), origin)
        elif o.shape == "rectangle":
            w, h = _num(el.get("width")), _num(el.get("height"))
            x, y = origin
            o.points = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
        else:
            o.points = (origin,)
    except (ValueError, ZeroDivisionError, AttributeError) as exc:
        out.obj(o, M("unreadable coordinates ({why})", why=exc))
        return None
    if o.rotation % 360 and o.shape != "point":
        if o.rotation % 90:
            out.obj(o, M("is rotated by {degrees} degrees; only quarter turns are supported (reset the rotation in Tiled)",
                         degrees=str(o.rotation)))
            return None
        o.points = _rotate(o.points, origin, o.rotation)
    return o


# --- loading ----------------------------------------------------------------------------------


def load_board(path: str | os.PathLike) -> Board:
    """Read a .tmx map into a Board; raise MapError listing every problem found."""
    source = str(path)
    out = _Collector(source)
    try:
        exists = Path(source).is_file()
        folder = not exists and Path(source).is_dir()
    except OSError as exc:  # a name too long for the file system
        raise MapError(f"{source[:200]}: " + _("map") + ": " + _("cannot read ({why})").format(why=os_reason(exc))) from None
    if folder:  # a folder named like a map ('a file not found' misled)
        raise MapError(f"{source}: " + _("map") + ": " + _("this is a folder, not a file"))
    if not exists and os.path.lexists(source) and Path(source).exists():  # a pipe or a device
        raise MapError(f"{source}: " + _("map") + ": " + _("this is not a file (a pipe or a device)"))
    if not exists:
        raise MapError(f"{source}: " + _("map") + ": " + _("file not found"))
    xml = parse_xml(source)  # bounded, no DOCTYPE; MapError otherwise
    root = xml.root
    if root.tag != "map":
        raise MapError(f"{source}: " + _("map") + ": " + _("not a Tiled map (root element is <{tag}>, not <map>)").format(tag=root.tag))
    _check_tilesets(source, root, out)
    out.raise_if_any()
    # Sizes, numbers, ids and tile data, before anything converts or decodes them.
    shape = check_map(xml, out.lines)
    if shape is None:
        out.raise_if_any()

    if root.get("orientation", "orthogonal") != "orthogonal":
        out.map(M("orientation {orientation} is not supported (use orthogonal)", orientation=repr(root.get("orientation"))))
    if root.get("infinite", "0") == "1":
        out.map(M("infinite maps are not supported (uncheck Infinite in the map properties)"))
    found = _read_props(root)
    title_raw = found.get("title", ("string", None))[1]
    title = title_raw if title_raw in TITLES else None
    if title is None:
        if "title" not in found:
            out.map(M("missing required property 'title' (one of {titles})", titles=", ".join(TITLES)))
        else:
            out.map(M("property title must be one of {titles}, not {value}", titles=", ".join(TITLES), value=repr(title_raw)))
        out.raise_if_any()
    map_props = _check_props(found, MAP_PROPERTIES[title], out.map)

    specs = LAYERS[title]
    objects: dict[str, list[RawObject]] = {}
    tile_layers: dict[str, object] = {}
    seen_layers: set[str] = set()
    for child in root:
        if child.tag in ("properties", "tileset", "editorsettings"):
            continue
        name = child.get("name", "")
        if child.tag not in ("layer", "objectgroup"):
            out.layer(name, M("<{tag}> layers are not supported (see docs/MAPS.md)", tag=child.tag), xml.line(child))
            continue
        spec = specs.get(name)
        if spec is None:
            out.layer(name, M("unknown layer for a {title} map (known: {known})", title=title, known=", ".join(specs)),
                      xml.line(child))
            continue
        if name in seen_layers:
            out.layer(name, M("appears twice"), xml.line(child))
            continue
        seen_layers.add(name)
        want = "layer" if spec.kind == "tiles" else "objectgroup"
        if child.tag != want:
            out.layer(name, M("must be a tile layer") if spec.kind == "tiles" else M("must be an object layer"), xml.line(child))
            continue
        for prop in _read_props(child):
            out.layer(name, M("unknown property {name} (layers take no properties)", name=repr(prop)), xml.line(child))
        if spec.kind == "tiles":
            tile_layers[name] = None  # read through pytmx below
            continue
        objects[name] = []
        for el in child.findall("object"):
            o = _raw_object(name, el, out, xml.line(el))
            if o is None:
                continue
            if name == "areas" and o.name:
                out.declared_areas.add(o.name)
            before = len(out.lines)
            o.properties = _check_props(_read_props(el), spec.props, lambda m, o=o: out.obj(o, m))
            if len(out.lines) > before:
                continue  # reported; building it would only repeat the problem
            if o.shape not in spec.shapes:
                allowed = str(M(" or ")).join(_shape_word(x) for x in sorted(spec.shapes))
                out.obj(o, M("is a {shape} on layer {layer}; this layer takes {allowed} objects", shape=_shape_word(o.shape),
                             layer=name, allowed=allowed))
                continue
            objects[name].append(o)
    for name, spec in specs.items():
        if spec.required and name not in seen_layers:
            out.map(M("missing required layer {name}", name=repr(name)))
    if out.fatal:
        out.raise_if_any()
    # Our own checks passed, so pytmx sees a well-formed map; it decodes the tile data.
    tiled = _open_with_pytmx(source)
    for name in tile_layers:
        tile_layers[name] = tiled.get_layer_by_name(name)

    board = Board(
        source=source,
        width=int(tiled.width),
        height=int(tiled.height),
        tile_width=int(tiled.tilewidth),
        tile_height=int(tiled.tileheight),
        properties=map_props,
        art_problems=tuple(shape.art_problems) if shape is not None else (),
    )
    if title == "gears":
        _build_gears(board, objects, out)
    elif title == "level7":
        _build_level7(board, objects, out)
    else:
        _build_doom(board, objects, tile_layers, tiled, out)
    out.raise_if_any()
    _pieces_from_names(board)
    return board


def piece_of(name: str | None) -> str:
    """The piece an object of a composed map belongs to: its name's `PIECE:` prefix, else ''."""
    if not name or ":" not in name:
        return ""
    return name.split(":", 1)[0]


def _pieces_from_names(board: Board) -> None:
    """Set every object's piece from its name (see the module doc); a map without prefixed
    names is left as it is (one piece, '')."""
    if not any(":" in n for n in board.areas):
        return
    board.areas = {n: replace(a, piece=piece_of(n)) for n, a in board.areas.items()}
    board.lines = tuple(replace(x, piece=piece_of(x.name)) for x in board.lines)
    board.doors = tuple(replace(x, piece=piece_of(x.name)) for x in board.doors)
    board.cover = tuple(replace(x, piece=piece_of(x.name)) for x in board.cover)
    board.markers = tuple(replace(x, piece=piece_of(x.name)) for x in board.markers)
    board.connectors = tuple(replace(x, piece=piece_of(x.name)) for x in board.connectors)


def _check_tilesets(source: str, root: ElementTree.Element, out: _Collector) -> None:
    """External tilesets must exist; pytmx's own message would be a bare Exception."""
    base = Path(source).parent
    for ts in root.findall("tileset"):
        ref = ts.get("source")
        if ref is None:
            continue
        tsx = base / ref
        if not tsx.is_file():
            out.map(M("tileset {ref} not found (looked for {path})", ref=ref, path=os.path.normpath(tsx)))
        # its XML and sizes are checked by tmx_gate.check_map


def _open_with_pytmx(source: str):
    logging.getLogger("pytmx").setLevel(logging.CRITICAL)  # its errors are reported by us
    try:
        return pytmx.TiledMap(source)
    except Exception as exc:  # pytmx raises bare Exception/ValueError/KeyError on bad input
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise MapError(f"{source}: " + _("map") + ": " + _("Tiled reader failed ({why})").format(why=reason)) from None


def _check_names(objs: list[RawObject], out: _Collector, what: str) -> dict[str, RawObject]:
    named: dict[str, RawObject] = {}
    for o in objs:
        if not o.name:
            out.obj(o, M("{what} needs a name (it is the {what} id)", what=kind_word(what)))
        elif o.name in named:
            out.obj(o, M("{what} name {name} is already used by {other}", what=kind_word(what), name=repr(o.name),
                         other=describe(o.name, named[o.name].id)))
        else:
            named[o.name] = o
    return named


def _unique(o: RawObject, name: str, seen: dict[str, RawObject], what: str, out: _Collector) -> bool:
    """Names the rules and missions refer to (doors, cover spots) must be unique on the map."""
    if name in seen:
        out.obj(o, M("{what} name {name} is already used by {other}", what=kind_word(what), name=repr(name),
                     other=describe(name, seen[name].id)))
        return False
    seen[name] = o
    return True


def _areas(objs: list[RawObject], out: _Collector) -> dict[str, Area]:
    areas: dict[str, Area] = {}
    named = _check_names(objs, out, "area")
    out.declared_areas |= set(named)
    for name, o in named.items():
        problem = polygon_problem(o.points)
        if problem:
            out.obj(o, problem)
            continue
        areas[name] = Area(name, o.id, o.points, dict(o.properties))
    return areas


def _lines(kind: str, objs: list[RawObject], out: _Collector) -> list[Line]:
    lines = []
    for o in objs:
        pts = o.points + (o.points[:1] if o.shape == "polygon" else ())
        if len(o.points) < 2:
            out.obj(o, M("a {kind} line needs at least 2 points", kind=kind_word(kind)))
            continue
        if any(p == q for p, q in zip(pts, pts[1:])):
            out.obj(o, M("{kind} line repeats a point (zero-length segment)", kind=kind_word(kind)))
            continue
        lines.append(Line(kind, o.name, o.id, pts))
    return lines


def _point_in_area(o: RawObject, area_name: str, areas: dict[str, Area], out: _Collector) -> bool:
    area = areas.get(area_name)
    if area is None:
        if area_name not in out.declared_areas:  # a broken area was reported already
            out.obj(o, M("refers to unknown area {area}", area=repr(area_name)))
        return False
    if point_in_polygon(o.points[0], area.polygon) != 1:
        out.obj(o, M("point {point} is not inside its area {area}", point=fmt_point(o.points[0]), area=repr(area_name)))
        return False
    return True


def _arrows(o: RawObject, out: _Collector) -> tuple[int, ...] | None:
    text = str(o.properties.get("arrows", ""))
    try:
        angles = [int(part) for part in text.replace(" ", "").split(",") if part != ""]
    except ValueError:
        out.obj(o, M("arrows must be angles in degrees separated by commas, e.g. \"0,90\" (got {text})", text=repr(text)))
        return None
    if not angles:
        out.obj(o, M("a cover spot needs at least one arrow"))
        return None
    bad = [a for a in angles if a % 45]
    if bad:
        out.obj(o, M("arrow angle {angle} is not a multiple of 45 degrees", angle=bad[0]))
        return None
    norm = tuple(dict.fromkeys(a % 360 for a in angles))
    return norm


def _segment_connector(o: RawObject, kind: str, out: _Collector) -> Connector | None:
    if len(o.points) != 2 or o.points[0] == o.points[1]:
        out.obj(o, M("a connector is a straight line of exactly 2 distinct points"))
        return None
    return Connector(kind, o.name or f"{kind}{o.id}", o.id, Segment(o.points[0], o.points[1]))


def _build_gears(board: Board, objects: dict[str, list[RawObject]], out: _Collector) -> None:
    areas = _areas(objects.get("areas", []), out)
    board.areas = areas
    lines: list[Line] = []
    for layer, kind in (("walls", "wall"), ("level_lines", "level_line"), ("borders", "border")):
        lines += _lines(kind, objects.get(layer, []), out)
    board.lines = tuple(lines)
    cover = []
    names: dict[str, RawObject] = {}
    for o in objects.get("cover", []):
        name = o.name or f"cover{o.id}"
        if not _unique(o, name, names, "cover", out):
            continue
        area = str(o.properties.get("area", ""))
        arrows = _arrows(o, out)
        if _point_in_area(o, area, areas, out) and arrows is not None:
            cover.append(CoverSpot(name, o.id, o.points[0], area, arrows))
    board.cover = tuple(cover)
    markers = []
    for kind in ("emergence", "equipment"):
        for o in objects.get(kind, []):
            area = str(o.properties.get("area", ""))
            if _point_in_area(o, area, areas, out):
                markers.append(Marker(kind, o.name or f"{kind}{o.id}", o.id, o.points[0], area))
    board.markers = tuple(markers)
    connectors = []
    for o in objects.get("connectors", []):
        c = _segment_connector(o, str(o.properties.get("kind", "")), out)
        if c is not None:
            connectors.append(c)
    board.connectors = tuple(connectors)
    doors = []
    door_names: dict[str, RawObject] = {}
    for o in objects.get("doors", []):
        if len(o.points) < 2:
            out.obj(o, M("a door line needs at least 2 points"))
            continue
        if not _unique(o, o.name or f"door{o.id}", door_names, "door", out):
            continue
        closed = o.properties.get("state", "closed") != "open"
        doors.append(Door(o.name or f"door{o.id}", o.id, o.points, closed))
    board.doors = tuple(doors)


def _build_doom(board: Board, objects, tile_layers, tiled, out: _Collector) -> None:
    tw, th = board.tile_width, board.tile_height
    cols, rows = board.width, board.height
    floor_layer = tile_layers["floor"]
    floor = frozenset(
        (x, y) for y, row in enumerate(floor_layer.data) for x, gid in enumerate(row) if gid
    )
    areas = _areas(objects.get("areas", []), out)
    board.areas = areas

    def edges_of(o: RawObject, what: str) -> list[Edge] | None:
        pts = o.points + (o.points[:1] if o.shape == "polygon" else ())
        found: list[Edge] = []
        for p, q in zip(pts, pts[1:]):
            try:
                found += lattice_edges(Segment(p, q), tw, th)
            except ValueError as exc:
                out.obj(o, M("{what} segment {a}-{b} {problem}", what=kind_word(what), a=fmt_point(p), b=fmt_point(q),
                             problem=translate(str(exc))))  # lattice_edges' reasons: SEGMENT_REASONS
                return None
        if not found:
            out.obj(o, M("{what} has zero length", what=kind_word(what)))
            return None
        return found

    lines, interior = [], set()
    for line in _lines("wall", objects.get("walls", []), out):
        o = next(x for x in objects["walls"] if x.id == line.object_id)
        es = edges_of(o, "wall")
        if es is not None:
            interior.update(es)
            lines.append(line)
    board.lines = tuple(lines)

    doors, connectors, open_edges = [], [], set()
    door_names: dict[str, RawObject] = {}
    for o in objects.get("edges", []):
        kind = o.properties.get("kind")
        if kind == "door" and not _unique(o, o.name or f"door{o.id}", door_names, "door", out):
            continue
        es = edges_of(o, str(kind))
        if es is None:
            continue
        open_edges.update(es)
        if kind == "connector":
            c = _segment_connector(o, "connector", out)
            if c is not None:
                connectors.append(c)
            for extra in ("door_type", "key", "state"):
                if extra in o.properties:
                    out.obj(o, M("property {name} is for doors, not connectors", name=extra))
            continue
        door_type = o.properties.get("door_type", "ordinary")
        if door_type == "security" and "key" not in o.properties:
            out.obj(o, M("a security door needs a key colour (property key)"))
        if door_type != "security" and "key" in o.properties:
            out.obj(o, M("only security doors take a key colour"))
        props = {"door_type": door_type}
        if "key" in o.properties:
            props["key"] = o.properties["key"]
        closed = o.properties.get("state", "closed") != "open"
        doors.append(Door(o.name or f"door{o.id}", o.id, o.points, closed, props))
    board.doors = tuple(doors)
    board.connectors = tuple(connectors)

    boundary = set()
    for c, r in floor:
        for edge, neighbour in (
            (((c, r), (c + 1, r)), (c, r - 1)),
            (((c, r + 1), (c + 1, r + 1)), (c, r + 1)),
            (((c, r), (c, r + 1)), (c - 1, r)),
            (((c + 1, r), (c + 1, r + 1)), (c + 1, r)),
        ):
            if neighbour not in floor:
                boundary.add(edge)
    wall_edges = frozenset((boundary - open_edges) | (interior - open_edges))

    markers, blocking = [], set()
    for o in objects.get("props", []):
        kind_text = str(o.properties.get("kind", ""))
        kind, _colon, variant = kind_text.partition(":")
        if kind not in DOOM_PROP_KINDS:
            out.obj(o, M("unknown prop kind {kind} (known: {known})", kind=repr(kind_text), known=", ".join(DOOM_PROP_KINDS)))
            continue
        if DOOM_PROP_KINDS[kind] and not variant:
            out.obj(o, M("prop kind {kind} needs a value after ':' (e.g. {kind}:red)", kind=kind))
            continue
        if not DOOM_PROP_KINDS[kind] and variant:
            out.obj(o, M("prop kind {kind} takes no ':' value", kind=kind))
            continue
        if "count" in o.properties and kind != "equipment":
            out.obj(o, M("property count is only for equipment props"))
        cell = _cell_of(o, board, floor, out)
        if cell is None:
            continue
        props: dict[str, object] = {"cell": cell}
        if variant:
            props["variant"] = variant
        if "count" in o.properties:
            props["count"] = o.properties["count"]
        markers.append(Marker(kind, o.name or f"{kind}{o.id}", o.id, o.points[0], board.cell_area(cell), props))
        if kind in BLOCKING_PROPS:
            blocking.add(cell)
    for o in objects.get("figures", []):
        if not o.type:
            out.obj(o, M("a figure needs its monster type in the Class field (e.g. imp)"))
            continue
        cell = _cell_of(o, board, floor, out)
        if cell is None:
            continue
        props = {"type": o.type, "cell": cell, **o.properties}
        markers.append(Marker("figure", o.name or f"figure{o.id}", o.id, o.points[0], board.cell_area(cell), props))
    board.markers = tuple(markers)
    board.grid = Grid(cols, rows, floor, wall_edges, frozenset(blocking))


def _cell_of(o: RawObject, board: Board, floor: frozenset, out: _Collector):
    p = o.points[0]
    gx, gy = p[0] / board.tile_width, p[1] / board.tile_height
    if gx.denominator == 1 or gy.denominator == 1:
        out.obj(o, M("point {point} lies on a grid line; put it inside a square (at its centre)", point=fmt_point(p)))
        return None
    cell = (int(gx), int(gy))
    if cell not in floor:
        out.obj(o, M("point {point} is in square {c},{r}, which is not floor", point=fmt_point(p), c=cell[0], r=cell[1]))
        return None
    return cell


def _build_level7(board: Board, objects, out: _Collector) -> None:
    tw, th = board.tile_width, board.tile_height
    if tw != th:
        out.map(M("a Level 7 tile has square cells (tilewidth {tw} is not tileheight {th})", tw=tw, th=th))
        return
    if board.width % L7_CELLS or board.height % L7_CELLS:
        out.map(M("a Level 7 tile is {n} x {n} squares, or a whole number of such tiles (this map is {w} x {h})",
                  n=L7_CELLS, w=board.width, h=board.height))
        return
    w, h = board.width * tw, board.height * th
    tile_id = str(board.properties.get("tile_id", ""))
    corners = ((Fraction(0), Fraction(0)), (Fraction(w), Fraction(0)), (Fraction(w), Fraction(h)), (Fraction(0), Fraction(h)))
    board.areas = {tile_id: Area(tile_id, 0, corners, {})}

    doors: list[Door] = []
    door_names: dict[str, RawObject] = {}
    taken: dict[tuple[str, int], str] = {}
    for o in objects.get("doors", []):
        name = o.name or f"door{o.id}"
        if len(o.points) != 2:
            out.obj(o, M("a door is a line of 2 points on the tile's edge (this one has {n})", n=len(o.points)))
            continue
        slot = l7_slot(board, *o.points)
        if slot is None:
            out.obj(o, M("door {a}-{b} does not lie on one side of the tile (each side of a {px} px standard tile "
                         "holds one door)", a=fmt_point(o.points[0]), b=fmt_point(o.points[1]), px=L7_CELLS * tw))
            continue
        if slot in taken:
            out.obj(o, M("side {side} slot {slot} already has door {door}", side=slot[0], slot=slot[1], door=taken[slot]))
            continue
        if not _unique(o, name, door_names, "door", out):
            continue
        taken[slot] = name
        kind = str(o.properties.get("kind", "door"))
        doors.append(Door(name, o.id, o.points, kind != "doorway", {"kind": kind, "edge": slot[0], "slot": slot[1]}))
    board.doors = tuple(doors)

    lines = [Line("duct", line.name, line.object_id, line.points) for line in _lines("duct", objects.get("ducts", []), out)]
    # Walls: every part of the outline that no door covers (level7 3.1); drawn, never a rule.
    outline = []
    for x0, y0, x1, y1 in ((0, 0, w, 0), (w, 0, w, h), (w, h, 0, h), (0, h, 0, 0)):
        cuts = []
        for d in doors:
            (ax, ay), (bx, by) = d.points
            if x0 == x1 == ax == bx or y0 == y1 == ay == by:
                cuts.append(tuple(sorted((ax, bx) if y0 == y1 else (ay, by))))
        lo, hi = (min(x0, x1), max(x0, x1)) if y0 == y1 else (min(y0, y1), max(y0, y1))
        at = Fraction(lo)
        for a, b in sorted(cuts) + [(Fraction(hi), Fraction(hi))]:
            if a > at:
                outline.append(((at, Fraction(y0)), (a, Fraction(y0))) if y0 == y1 else ((Fraction(x0), at), (Fraction(x0), a)))
            at = max(at, b)
    lines += [Line("wall", f"wall{i}", 0, seg) for i, seg in enumerate(outline, 1)]
    board.lines = tuple(lines)

    features = []
    for layer, what in (("icons", "icon"), ("spots", "spot")):
        for o in objects.get(layer, []):
            x, y = o.points[0]
            if not (0 < x < w and 0 < y < h):
                out.obj(o, M("icon point {point} is not inside the tile", point=fmt_point(o.points[0])) if what == "icon"
                        else M("spot point {point} is not inside the tile", point=fmt_point(o.points[0])))
                continue
            kind = str(o.properties["kind"])
            features.append(Marker(what, o.name or f"{kind}{o.id}", o.id, o.points[0], tile_id, {"kind": kind}))
    board.features = tuple(features)
