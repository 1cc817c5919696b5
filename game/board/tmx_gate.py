"""The door every Tiled file passes before anything reads it (issue 22).

A map or tileset a player hands us is checked here for what would make a reader hang, run out
of memory or raise something other than MapError, before tmx.py, pytmx or the builder look at
it: sizes and counts are bounded, numbers are parsed by a grammar before any Fraction or float
is made of them, object ids are whole numbers and unique, tile data has exactly width*height
cells whose gids lie in a tileset, compressed data is inflated only up to the size it must
have, a DOCTYPE (so any entity) is refused by the parser itself, and each tileset's image is a
whole PNG of sane dimensions whose tile grid holds the tiles the tileset declares (read from its
header and chunk list, never decoded: `check_png`). An image problem does not stop the rules
(they need no art): it is `MapShape.art_problems`, which check-map prints and the table shows
while it draws the plain floor instead of decoding the image.

Problems are lines in tmx.py's style (`FILE: map: ...`, `FILE: layer NAME: ...`,
`FILE: object NAME (id N): ...`), ending in `(line L)` where the element's line is known.
Every limit is in LIMITS below and in docs/MAPS.md ("Limits").
"""
from __future__ import annotations

import base64
import binascii
import os
import re
import zlib
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from xml.etree import ElementTree
from xml.parsers import expat

from game.board.model import MapError
from game.engine.errors import open_file, os_reason
from game.engine.text import M
from game.i18n import N_, _, fill, pgettext


@dataclass(frozen=True)
class Limits:
    file_bytes: int = 16 * 1024 * 1024  # a .tmx; the shipped ones are under 20 kB
    tileset_bytes: int = 1024 * 1024  # a .tsx
    elements: int = 300_000
    depth: int = 32
    side: int = 1000  # map width or height in tiles
    cells: int = 100_000  # width * height
    tile_size: int = 1024  # tilewidth, tileheight in pixels
    layers: int = 64
    tilesets: int = 32
    tilecount: int = 65_536
    objects_per_layer: int = 2_000
    vertices: int = 128  # points of one polygon or polyline (shipped areas have at most 9)
    map_vertices: int = 5_000  # points of every object of a map (checks are quadratic per polygon)
    properties: int = 100  # custom properties of one element
    name: int = 200  # characters of a name (object, layer, property, the map's `name`)
    value: int = 2_000  # characters of a property value
    number_text: int = 40  # characters of one number as written
    coordinate: int = 10**7  # largest magnitude of a number as written
    image_bytes: int = 32 * 1024 * 1024  # a tileset's PNG; the shipped one is 190 kB
    image_side: int = 16_384  # pixels across or down (what a graphics card takes as one texture)
    image_pixels: int = 16_777_216  # width * height: 64 MB once decoded to 32-bit pixels
    # An object may reach one map size beyond each edge (x from -W to 2W); further out it is
    # not on the map, and a Doom wall there would be split into millions of unit edges.


LIMITS = Limits()

# Tiled's flip flags in the high bits of a gid (orthogonal maps use H, V, D; bit 28 is hex).
GID_FLAGS = 0xF0000000

_NUMBER = re.compile(r"[+-]?(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?\d+))?")
_WHOLE = re.compile(r"\d{1,9}")


# --- numbers ------------------------------------------------------------------------------------


def exact_number(text: str | None, limit: int = LIMITS.coordinate) -> Fraction:
    """A decimal as written (Tiled's number text) -> exact Fraction, or ValueError with a
    sentence. Checked by grammar first, so '1e999999999', a billion digits, 'nan' or 'inf'
    never reach Fraction (which would compute 10**999999999)."""
    raw = (text or "").strip()
    if len(raw) > LIMITS.number_text:
        raise ValueError(str(M("number {value} is too long (at most {most} characters)", value=_short(raw), most=LIMITS.number_text)))
    m = _NUMBER.fullmatch(raw)
    if m is None:
        raise ValueError(str(M("{value} is not a number", value=_short(raw))))
    digits = (m.group(1) or "") + (m.group(2) or "") + (m.group(3) or "")
    exponent = int(m.group(4) or 0)  # at most number_text digits: cheap
    if digits.strip("0") and abs(exponent) > 2 * LIMITS.number_text:
        raise ValueError(str(M("number {value} is out of range (at most {most} in size)", value=raw, most=limit)))
    value = Fraction(raw) if digits.strip("0") else Fraction(0)
    if abs(value) > limit:
        raise ValueError(str(M("number {value} is out of range (at most {most} in size)", value=raw, most=limit)))
    return value


def whole_number(text: str | None, what: str, low: int, high: int) -> int:
    """A bounded whole number attribute, or ValueError naming it."""
    raw = (text or "").strip()
    if not _WHOLE.fullmatch(raw):
        raise ValueError(str(M("{what} must be a whole number, not {value}", what=what, value=_short(raw))))
    value = int(raw)
    if not low <= value <= high:
        raise ValueError(str(M("{what} {value} is out of range ({low} to {high})", what=what, value=value, low=low, high=high)))
    return value


def _short(text: str, keep: int = 24) -> str:
    return repr(text) if len(text) <= keep else repr(text[:keep]) + f"... ({len(text)} characters)"


# --- the heads of a problem's line, in the reader's language -----------------------------------
# Every problem is one line 'FILE: WHERE: what is wrong (line N)'; the builder's map list, the
# set-up lists and check-map show it, so WHERE and the problem are said in the reader's language
# (the file name stays as it is).


def map_head(src: str) -> str:
    """'FILE: map: '."""
    return f"{src}: " + _("map") + ": "


def layer_head(src: str, name: str) -> str:
    """'FILE: layer NAME: '."""
    return f"{src}: " + str(M("layer {name}", name=name)) + ": "


def object_words(name: str, object_id: object) -> str:
    """'object NAME (id N)', or 'object <unnamed> (id N)'."""
    return str(M("object {name} (id {id})", name=name or _("<unnamed>"), id=object_id))


def line_words(line: int | None) -> str:
    """' (line N)' after a problem, or '' when the line is not known."""
    return " " + str(M("(line {line})", line=line)) if line else ""


def kind_word(kind: str) -> str:
    """A map object's or marker's kind as a problem names it ('wall', 'door', 'cover', 'figure',
    'barrel'...), in the reader's language; the layer names of docs/MAPS.md ('level_lines') are
    not translated."""
    words = {"area": pgettext("map object", "area"), "wall": pgettext("map object", "wall"),
             "level_line": pgettext("map object", "level line"), "border": pgettext("map object", "border"),
             "duct": pgettext("map object", "duct"),
             "door": pgettext("map object", "door"), "cover": pgettext("map object", "cover spot"),
             "connector": pgettext("map object", "connector"), "entrance": pgettext("map object", "entrance"),
             "exit": pgettext("map object", "exit"), "polygon": pgettext("map object", "polygon"),
             "polyline": pgettext("map object", "polyline"),
             # Markers: a Doom figure or prop, a Gears emergence hole or equipment, a Level 7 icon
             # (a problem named them in English inside a translated sentence).
             "figure": pgettext("map object", "figure"), "emergence": pgettext("map object", "emergence hole"),
             "equipment": pgettext("map object", "equipment"), "obstacle": pgettext("map object", "obstacle"),
             "hazard": pgettext("map object", "hazard"), "barrel": pgettext("map object", "barrel"),
             "vent": pgettext("map object", "vent"), "teleporter": pgettext("map object", "teleporter"),
             "encounter": pgettext("map object", "encounter"), "key": pgettext("map object", "key"),
             "security": pgettext("map object", "security event"),
             "recurring_security": pgettext("map object", "recurring security event"),
             "fear": pgettext("map object", "fear event"), "recurring_fear": pgettext("map object", "recurring fear event"),
             "facility": pgettext("map object", "facility event"), "lab": pgettext("map object", "lab"),
             "control_panel": pgettext("map object", "control panel"), "lift": pgettext("map object", "lift"),
             "generator": pgettext("map object", "generator"), "medical": pgettext("map object", "medical supplies"),
             "storage": pgettext("map object", "storage"), "sealed_vent": pgettext("map object", "sealed vent")}
    return words.get(kind, kind)


# --- XML ---------------------------------------------------------------------------------------


@dataclass
class XmlFile:
    """A parsed file: its root element and the line each element starts on."""

    source: str
    root: ElementTree.Element
    lines: dict[int, int]  # id(element) -> line

    def line(self, el: ElementTree.Element) -> int | None:
        return self.lines.get(id(el))

    def at(self, el: ElementTree.Element) -> str:
        """' (line N)' for a message, or ''."""
        return line_words(self.line(el))


class _Refused(Exception):
    pass


# The parser's own reason for a broken file, by expat's error code, in the reader's language: a
# Greek or Hungarian table read "... line 86, column 2 (unclosed token)" with expat's English in
# the brackets. Codes a file cannot cause (the parser's API misused) get the generic words.
_EXPAT_REASONS = {
    "XML_ERROR_NO_MEMORY": N_("out of memory"),
    "XML_ERROR_SYNTAX": N_("syntax error"),
    "XML_ERROR_NO_ELEMENTS": N_("no element found"),
    "XML_ERROR_INVALID_TOKEN": N_("not well-formed (invalid token)"),
    "XML_ERROR_UNCLOSED_TOKEN": N_("unclosed token"),
    "XML_ERROR_PARTIAL_CHAR": N_("partial character"),
    "XML_ERROR_TAG_MISMATCH": N_("mismatched tag"),
    "XML_ERROR_DUPLICATE_ATTRIBUTE": N_("duplicate attribute"),
    "XML_ERROR_JUNK_AFTER_DOC_ELEMENT": N_("junk after document element"),
    "XML_ERROR_PARAM_ENTITY_REF": N_("illegal parameter entity reference"),
    "XML_ERROR_UNDEFINED_ENTITY": N_("undefined entity"),
    "XML_ERROR_RECURSIVE_ENTITY_REF": N_("recursive entity reference"),
    "XML_ERROR_ASYNC_ENTITY": N_("asynchronous entity"),
    "XML_ERROR_BAD_CHAR_REF": N_("reference to invalid character number"),
    "XML_ERROR_BINARY_ENTITY_REF": N_("reference to binary entity"),
    "XML_ERROR_ATTRIBUTE_EXTERNAL_ENTITY_REF": N_("reference to external entity in attribute"),
    "XML_ERROR_MISPLACED_XML_PI": N_("XML or text declaration not at start of entity"),
    "XML_ERROR_UNKNOWN_ENCODING": N_("unknown encoding"),
    "XML_ERROR_INCORRECT_ENCODING": N_("encoding specified in XML declaration is incorrect"),
    "XML_ERROR_UNCLOSED_CDATA_SECTION": N_("unclosed CDATA section"),
    "XML_ERROR_EXTERNAL_ENTITY_HANDLING": N_("error in processing external entity reference"),
    "XML_ERROR_NOT_STANDALONE": N_("document is not standalone"),
    "XML_ERROR_UNBOUND_PREFIX": N_("unbound prefix"),
    "XML_ERROR_UNDECLARING_PREFIX": N_("must not undeclare prefix"),
    "XML_ERROR_INCOMPLETE_PE": N_("incomplete markup in parameter entity"),
    "XML_ERROR_XML_DECL": N_("XML declaration not well-formed"),
    "XML_ERROR_TEXT_DECL": N_("text declaration not well-formed"),
    "XML_ERROR_PUBLICID": N_("illegal character(s) in public id"),
    "XML_ERROR_RESERVED_PREFIX_XML": N_("reserved prefix (xml) must not be undeclared or bound to another namespace name"),
    "XML_ERROR_RESERVED_PREFIX_XMLNS": N_("reserved prefix (xmlns) must not be declared or undeclared"),
    "XML_ERROR_RESERVED_NAMESPACE_URI": N_("prefix must not be bound to one of the reserved namespace names"),
    "XML_ERROR_AMPLIFICATION_LIMIT_BREACH": N_("limit on input amplification factor (from DTD and entities) breached"),
}
# expat's code -> the msgid above (a constant this Python's expat lacks is left out).
_EXPAT_WORDS = {expat.errors.codes[getattr(expat.errors, name)]: words
                for name, words in _EXPAT_REASONS.items() if getattr(expat.errors, name, None) in expat.errors.codes}


def expat_reason(code: int) -> str:
    """expat's reason for error `code` in the reader's language."""
    words = _EXPAT_WORDS.get(code)
    if words is None:
        return fill(_("XML parser error {code}"), code=code)
    return _(words)


def parse_xml(path: str | os.PathLike, what: str = "map", max_bytes: int | None = None,
              source: str | None = None) -> XmlFile:
    """Read an XML file into elements with their lines, or raise MapError: too large, no
    DOCTYPE or entities (nothing Tiled writes; refused before any expansion), nesting and element
    count bounded. `what` is the message's subject: 'map' or 'tileset REF'."""
    src = source or str(path)
    limit = max_bytes or LIMITS.file_bytes
    # Said in the reader's language (the set-up list and the map list show it): a Greek table
    # read "map: bad XML at line 86, column 2 (unclosed token)" in English.
    word = _("map")
    head = f"{src}: {word}: " if what == "map" else f"{src}: {word}: {what}: "
    try:
        size = os.path.getsize(path)
        if size > limit:
            raise MapError(head + _("file is too large ({size} bytes; at most {limit})").format(size=size, limit=limit))
        with open_file(path) as handle:  # never a pipe: its read would wait for ever
            data = handle.read(limit + 1)
    except OSError as exc:
        raise MapError(head + _("cannot read ({why})").format(why=os_reason(exc))) from None
    if len(data) > limit:
        raise MapError(head + _("file is too large (more than {limit} bytes)").format(limit=limit))

    builder = ElementTree.TreeBuilder()
    parser = expat.ParserCreate()
    parser.buffer_text = True
    lines: dict[int, int] = {}
    depth = [0, 0]  # current depth, elements so far

    def start(tag, attrs):
        depth[0] += 1
        depth[1] += 1
        if depth[0] > LIMITS.depth:
            raise _Refused(fill(_("elements nested more than {n} deep at line {line}"), n=LIMITS.depth, line=parser.CurrentLineNumber))
        if depth[1] > LIMITS.elements:
            raise _Refused(_("more than {n} XML elements").format(n=LIMITS.elements))
        el = builder.start(tag, attrs)
        lines[id(el)] = parser.CurrentLineNumber

    def end(tag):
        depth[0] -= 1
        builder.end(tag)

    def doctype(*_args):
        raise _Refused(fill(_("a DOCTYPE at line {line} is not allowed (Tiled writes none; entities are refused)"),
            line=parser.CurrentLineNumber))

    def entity(*_args):
        raise _Refused(fill(_("an entity declaration at line {line} is not allowed"), line=parser.CurrentLineNumber))

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.UnparsedEntityDeclHandler = entity
    parser.ExternalEntityRefHandler = lambda *a: entity()
    try:
        parser.Parse(data, True)
        root = builder.close()
    except _Refused as exc:
        raise MapError(f"{head}{exc}") from None
    except expat.ExpatError as exc:
        reason = expat_reason(exc.code)
        raise MapError(head + fill(_("bad XML at line {line}, column {column} ({why})"), line=exc.lineno, column=exc.offset, why=reason)) from None
    except (AssertionError, IndexError) as exc:  # TreeBuilder on a document with no element
        why = _("missing end tags") if "end tag" in str(exc) else _("no root element")
        raise MapError(head + _("bad XML ({why})").format(why=why)) from None
    except LookupError as exc:  # an encoding= that Python does not know ("unknown encoding: UTF99-8")
        name = str(exc).partition("unknown encoding: ")[2]
        why = fill(_("unknown encoding: {name}"), name=name[:60]) if name else str(exc)[:80]
        raise MapError(head + _("bad XML ({why})").format(why=why)) from None
    return XmlFile(src, root, lines)


# --- the map gate -------------------------------------------------------------------------------


@dataclass(frozen=True)
class TilesetRange:
    ref: str
    firstgid: int
    tilecount: int


@dataclass
class MapShape:
    """What the gate read from the map element, for tmx.py."""

    width: int = 0
    height: int = 0
    tile_width: int = 0
    tile_height: int = 0
    # Problems of the tilesets' images, in the same line format: the floor art cannot be drawn,
    # but the rules need no art, so they do not stop the load (Board.art_problems).
    art_problems: list[str] = field(default_factory=list)


def check_map(xml: XmlFile, lines: list[str]) -> MapShape | None:
    """Every check of this module on a parsed map; appends problem lines. Returns the map's
    shape, or None when it is unusable (a problem was found: nothing else may read the file)."""
    src, root = xml.source, xml.root
    start = len(lines)

    def map_problem(message, el: ElementTree.Element = root) -> None:
        lines.append(f"{map_head(src)}{message}{xml.at(el)}")

    shape = MapShape()
    shape_ok = True
    for attr, what, low, high in (("width", "width", 1, LIMITS.side), ("height", "height", 1, LIMITS.side),
                                  ("tilewidth", "tilewidth", 1, LIMITS.tile_size),
                                  ("tileheight", "tileheight", 1, LIMITS.tile_size)):
        try:
            value = whole_number(root.get(attr), f"{what} (in {'tiles' if 'tile' not in attr else 'pixels'})", low, high)
        except ValueError as exc:
            map_problem(str(exc))
            shape_ok = False
            continue
        setattr(shape, {"tilewidth": "tile_width", "tileheight": "tile_height"}.get(attr, attr), value)
    if shape.width and shape.height and shape.width * shape.height > LIMITS.cells:
        map_problem(M("{w}x{h} tiles is too large (at most {most} tiles)", w=shape.width, h=shape.height, most=LIMITS.cells))
        shape_ok = False
    _check_properties(xml, root, lambda m, el: map_problem(m, el))

    tilesets = _check_tilesets(xml, map_problem, lambda message, el: shape.art_problems.append(
        f"{map_head(src)}{message}{xml.at(el)}"))
    layers = [c for c in root if c.tag in ("layer", "objectgroup", "imagelayer", "group")]
    if len(layers) > LIMITS.layers:
        map_problem(M("{n} layers is too many (at most {most})", n=len(layers), most=LIMITS.layers))
        layers = []
    object_ids: dict[int, str] = {}
    budget = [LIMITS.map_vertices]
    bounds = (shape.width * shape.tile_width, shape.height * shape.tile_height) if shape_ok else None
    for layer in layers:
        name = layer.get("name", "")

        def layer_problem(message, el: ElementTree.Element = layer, name: str = name) -> None:
            lines.append(f"{layer_head(src, _short(name, 40) if len(name) > LIMITS.name else name)}{message}{xml.at(el)}")

        if len(name) > LIMITS.name:
            layer_problem(M("name is too long ({n} characters; at most {most})", n=len(name), most=LIMITS.name))
            continue
        _check_properties(xml, layer, layer_problem)
        if layer.tag == "layer":
            if shape_ok:
                _check_tile_layer(xml, layer, shape, tilesets, layer_problem)
        elif layer.tag == "objectgroup":
            _check_objects(xml, layer, object_ids, lines, layer_problem, bounds, budget)
    return shape if len(lines) == start else None


def _check_properties(xml: XmlFile, owner: ElementTree.Element, report) -> None:
    holder = owner.find("properties")
    if holder is None:
        return
    props = holder.findall("property")
    if len(props) > LIMITS.properties:
        report(M("{n} properties is too many (at most {most})", n=len(props), most=LIMITS.properties), holder)
        return
    for prop in props:
        name = prop.get("name", "")
        value = prop.get("value")
        if value is None:
            value = prop.text or ""
        if len(name) > LIMITS.name:
            report(M("a property name is too long ({n} characters; at most {most})", n=len(name), most=LIMITS.name), prop)
        elif len(value) > (LIMITS.name if name == "name" else LIMITS.value):
            cap = LIMITS.name if name == "name" else LIMITS.value
            report(M("property {name} is too long ({n} characters; at most {most})", name=name, n=len(value), most=cap), prop)
        elif "\x00" in value:
            report(M("property {name} contains a NUL character", name=name), prop)


def _check_tilesets(xml: XmlFile, map_problem, art_problem) -> list[TilesetRange]:
    found = []
    elements = xml.root.findall("tileset")
    if len(elements) > LIMITS.tilesets:
        map_problem(M("{n} tilesets is too many (at most {most})", n=len(elements), most=LIMITS.tilesets))
        return []
    base = Path(xml.source).parent
    for ts in elements:
        ref = ts.get("source")
        try:
            first = whole_number(ts.get("firstgid", "1"), str(M("tileset {attr}", attr="firstgid")), 1, 0x0FFFFFFF)
        except ValueError as exc:
            map_problem(str(exc), ts)
            continue
        holder, label = ts, _("tileset")
        if ref is not None:
            label = str(M("tileset {name}", name=ref))
            tsx = base / ref
            if not tsx.is_file():
                continue  # tmx.py reports a missing tileset with the path it looked for
            try:
                holder = parse_xml(tsx, label, LIMITS.tileset_bytes, source=xml.source).root
            except MapError as exc:
                # parse_xml's line begins with the map's head in the reader's language ("térkép")
                first_line, head = exc.problems[0], map_head(xml.source)
                map_problem(first_line[len(head):] if first_line.startswith(head) else first_line, ts)
                continue
        try:
            count = whole_number(holder.get("tilecount", "0"), f"{label} tilecount", 0, LIMITS.tilecount)
            for attr in ("tilewidth", "tileheight"):
                if holder.get(attr) is not None:
                    whole_number(holder.get(attr), f"{label} {attr}", 1, LIMITS.tile_size)
            problem = _tileset_image_problem(holder, (base / ref).parent if ref is not None else base, count, label)
        except ValueError as exc:
            map_problem(str(exc), ts)
            continue
        if problem:  # its gids still count as covered: the one message is the image's
            art_problem(f"{label}: {problem}", ts)
        found.append(TilesetRange(ref or "(embedded)", first, count))
    return found


# --- tileset images ----------------------------------------------------------------------------

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# Bit depths allowed for each PNG colour type (PNG spec 11.2.2, IHDR).
_PNG_DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}


def _tileset_image_problem(tileset: ElementTree.Element, folder: Path, tilecount: int, label: str) -> str | None:
    """What is wrong with a tileset's image, or None: present, a whole PNG of bounded size
    (check_png), of the size the tileset's `<image>` declares, and cut by the tileset's grid
    (tile size, margin, spacing) into the declared columns and at least `tilecount` tiles, the
    same way by Tiled and by the floor loader (pytmx, which cuts by the declared size).
    ValueError (a problem that stops the load: pytmx reads these) for a declared image size,
    tile size or margin that is missing or not a bounded whole number. Worded in the reader's
    language (the set-up list and check-map show it)."""
    if tileset.find("tile/image") is not None:
        return _("tiles with images of their own (an image collection) are not supported: use one tileset image")
    image = tileset.find("image")
    if image is None:
        return _("has no image") if tilecount else None
    src = image.get("source")
    if not src:
        return _("its <image> has no source file (embedded image data is not supported)")
    if len(src) > LIMITS.name:
        return str(M("image source is too long ({n} characters; at most {most})", n=len(src), most=LIMITS.name))
    shown = str(M("image {name}", name=src))
    declared = []
    for attr in ("width", "height"):  # pytmx reads them even without images: a ValueError stops the load
        if image.get(attr) is None:
            raise ValueError(f"{label}: {shown}: " + str(M(
                "<image> must declare its {attr} (Tiled writes it; the loader cuts tiles by it)", attr=attr)))
        declared.append(whole_number(image.get(attr), f"{label}: {shown} {attr}", 1, LIMITS.image_side))
    problem, (width, height) = check_png(folder / src)
    if problem:
        return f"{shown}: {problem}"
    if tuple(declared) != (width, height):
        return str(M("{image} is {w}x{h} pixels but the tileset says {dw}x{dh} (the image was replaced: "
                     "open the tileset in Tiled and save it again)", image=shown, w=width, h=height,
                     dw=declared[0], dh=declared[1]))
    if tileset.get("tilewidth") is None or tileset.get("tileheight") is None:
        return _("must declare tilewidth and tileheight")
    tw = whole_number(tileset.get("tilewidth"), "tilewidth", 1, LIMITS.tile_size)
    th = whole_number(tileset.get("tileheight"), "tileheight", 1, LIMITS.tile_size)
    margin = whole_number(tileset.get("margin", "0"), "margin", 0, LIMITS.tile_size)
    spacing = whole_number(tileset.get("spacing", "0"), "spacing", 0, LIMITS.tile_size)
    # Tiled: columns = (width - 2 margin + spacing) // (tilewidth + spacing); pytmx cuts from
    # `margin` up to width + margin - tilewidth, so it counts (width + spacing) // (tw + spacing).
    cols = max(0, (width - 2 * margin + spacing) // (tw + spacing))
    rows = max(0, (height - 2 * margin + spacing) // (th + spacing))
    if margin or spacing:
        grid = M("{w}x{h} image cut into {tw}x{th} tiles (margin {margin}, spacing {spacing})",
                 w=width, h=height, tw=tw, th=th, margin=margin, spacing=spacing)
    else:
        grid = M("{w}x{h} image cut into {tw}x{th} tiles", w=width, h=height, tw=tw, th=th)
    if tileset.get("columns") is not None:
        columns = whole_number(tileset.get("columns"), "columns", 0, LIMITS.tilecount)
        if columns != cols:
            return str(M("declares {n} columns but its {grid} has {cols}", n=columns, grid=grid, cols=cols))
    if cols * rows < tilecount:
        return str(M("declares {n} tiles but its {grid} holds {held} ({cols} columns, {rows} rows)",
                     n=tilecount, grid=grid, held=cols * rows, cols=cols, rows=rows))
    if ((width + spacing) // (tw + spacing), (height + spacing) // (th + spacing)) != (cols, rows):
        return str(M("its {grid} is cut into {cols}x{rows} tiles by Tiled but into more by the floor "
                     "loader: use margin 0 or trim the image to the last whole tile", grid=grid, cols=cols, rows=rows))
    return None


_PNG_CACHE: dict[tuple[str, int, int], tuple[object | None, tuple[int, int]]] = {}


def check_png(path: Path) -> tuple[str | None, tuple[int, int]]:
    """(problem, (width, height)) of a PNG file, read from its bytes, never decoded: present
    and at most LIMITS.image_bytes; the PNG signature; an IHDR of sane dimensions (checked
    before anything else is read, so a 100000x100000 image costs 33 bytes) and valid bit depth
    and colour type; then every chunk whole with a right CRC, a palette where the colour type
    needs one, image data, and IEND (else: truncated). Cached by path, size and time (the
    problem kept as a message, worded in the language in use when asked)."""
    try:
        st = path.stat()
    except OSError as exc:
        if isinstance(exc, FileNotFoundError):
            return str(M("not found (looked for {path})", path=os.path.normpath(path))), (0, 0)
        return str(M("cannot read ({why})", why=os_reason(exc))), (0, 0)
    if not path.is_file():
        return str(M("is not a file ({path})", path=os.path.normpath(path))), (0, 0)
    key = (str(path.resolve()), st.st_size, st.st_mtime_ns)
    if key not in _PNG_CACHE:
        if len(_PNG_CACHE) > 256:
            _PNG_CACHE.clear()
        _PNG_CACHE[key] = _read_png(path, st.st_size)
    problem, size = _PNG_CACHE[key]
    return (None if problem is None else str(problem)), size


def _read_png(path: Path, size: int) -> tuple[object | None, tuple[int, int]]:
    if size > LIMITS.image_bytes:
        return M("file is too large ({size} bytes; at most {limit})", size=size, limit=LIMITS.image_bytes), (0, 0)
    try:
        with open_file(path) as handle:  # never a pipe: its read would wait for ever
            head = handle.read(33)
            if not head.startswith(PNG_SIGNATURE):
                return M("is not a PNG image (Tiletop's tilesets use PNG; its first bytes are not a PNG signature)"), (0, 0)
            if len(head) < 33 or head[8:16] != b"\x00\x00\x00\x0dIHDR":
                return M("is not a whole PNG image (no image header: the file is truncated or damaged)"), (0, 0)
            width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
            depth, colour, compression, filtering, interlace = head[24:29]
            if not (1 <= width <= LIMITS.image_side and 1 <= height <= LIMITS.image_side) \
                    or width * height > LIMITS.image_pixels:
                return (M("{w}x{h} pixels is too large (at most {side} on a side and {most} pixels)", w=width,
                          h=height, side=LIMITS.image_side, most=LIMITS.image_pixels) if width and height else
                        M("has a size of {w}x{h} pixels", w=width, h=height)), (width, height)
            if depth not in _PNG_DEPTHS.get(colour, ()) or compression or filtering or interlace > 1:
                return (M("has a damaged image header (colour type {colour}, bit depth {depth}, compression "
                          "{compression}, filter {filtering}, interlace {interlace})", colour=colour, depth=depth,
                          compression=compression, filtering=filtering, interlace=interlace)), (width, height)
            if zlib.crc32(head[12:29]) != int.from_bytes(head[29:33], "big"):
                return M("has a damaged image header (its checksum is wrong)"), (width, height)
            rest = head[8:] + handle.read(size)
    except OSError as exc:
        return M("cannot read ({why})", why=os_reason(exc)), (0, 0)
    return _png_chunks_problem(rest, colour), (width, height)


def _png_chunks_problem(data: bytes, colour: int) -> object | None:
    """The chunk list after the signature: lengths within the file, CRCs right, PLTE before
    IDAT for a palette image, IDAT present, IEND reached."""
    pos, seen_palette, seen_data = 0, False, False
    while True:
        if pos + 12 > len(data):
            return M("is truncated (the file ends before the PNG's end marker)")
        length = int.from_bytes(data[pos:pos + 4], "big")
        kind = data[pos + 4:pos + 8]
        end = pos + 12 + length
        if length > 0x7FFFFFFF or end > len(data):
            return M("is truncated (chunk {chunk} runs past the end of the file)", chunk=repr(kind.decode('latin-1')))
        if zlib.crc32(data[pos + 4:pos + 8 + length]) != int.from_bytes(data[end - 4:end], "big"):
            return M("is damaged (chunk {chunk} has a wrong checksum)", chunk=repr(kind.decode('latin-1')))
        if kind == b"PLTE":
            seen_palette = True
        elif kind == b"IDAT":
            if colour == 3 and not seen_palette:
                return M("is damaged (a palette image without its palette)")
            seen_data = True
        elif kind == b"IEND":
            return None if seen_data else M("has no image data")
        pos = end


def decode_tile_data(data: ElementTree.Element, cells: int) -> list[int]:
    """The raw gids (flip flags kept) of a <data> element that must hold `cells` cells, or
    ValueError with a sentence. Compressed data is inflated at most to its expected size."""
    enc, comp = data.get("encoding"), data.get("compression")
    if enc == "csv":
        if comp:
            raise ValueError(str(M("csv data cannot be compressed ({comp})", comp=repr(comp))))
        parts = (data.text or "").replace("\n", "").replace("\r", "").split(",")
        if parts and not parts[-1].strip():
            parts.pop()
        if len(parts) != cells:
            raise ValueError(str(M("has {n} cells of data; width*height is {cells}", n=len(parts), cells=cells)))
        gids = []
        for i, part in enumerate(parts):
            part = part.strip()
            if not part.isdigit() or len(part) > 10:
                raise ValueError(str(M("cell {i}: {value} is not a tile gid (a whole number >= 0)", i=i, value=_short(part))))
            gids.append(int(part))
        return gids
    if enc == "base64":
        try:
            raw = base64.b64decode("".join((data.text or "").split()), validate=True)
        except (binascii.Error, ValueError) as exc:
            raise ValueError(str(M("base64 data is damaged ({why})", why=exc))) from None
        want = 4 * cells
        if comp in ("zlib", "gzip"):
            inflater = zlib.decompressobj(zlib.MAX_WBITS | (16 if comp == "gzip" else 0))
            try:
                out = inflater.decompress(raw, want + 1)
            except zlib.error as exc:
                raise ValueError(str(M("{comp} data is damaged ({why})", comp=comp, why=exc))) from None
            if len(out) > want or inflater.unconsumed_tail:
                raise ValueError(str(M("{comp} data inflates to more than width*height*4 = {want} bytes", comp=comp, want=want)))
            raw = out
        elif comp:
            raise ValueError(str(M("compression {comp} is not supported (use CSV, zlib or gzip)", comp=repr(comp))))
        if len(raw) != want:
            raise ValueError(str(M("has {n} cells of data; width*height is {cells}", n=len(raw) // 4, cells=cells)))
        return [int.from_bytes(raw[i:i + 4], "little") for i in range(0, want, 4)]
    if enc is None:
        tiles = data.findall("tile")
        if len(tiles) != cells:
            raise ValueError(str(M("has {n} cells of data; width*height is {cells}", n=len(tiles), cells=cells)))
        gids = []
        for i, t in enumerate(tiles):
            part = t.get("gid", "0")
            if not part.isdigit() or len(part) > 10:
                raise ValueError(str(M("cell {i}: {value} is not a tile gid (a whole number >= 0)", i=i, value=_short(part))))
            gids.append(int(part))
        return gids
    raise ValueError(str(M("encoding {enc} is not supported (use CSV)", enc=repr(enc))))


def _check_tile_layer(xml: XmlFile, layer: ElementTree.Element, shape: MapShape,
                      tilesets: list[TilesetRange], report) -> None:
    for attr, want in (("width", shape.width), ("height", shape.height)):
        if layer.get(attr) is not None and layer.get(attr) != str(want):
            report(M("{attr} {value} differs from the map's {want} (finite maps only)", attr=attr, value=_short(layer.get(attr)),
                     want=want))
            return
    data = layer.find("data")
    if data is None:
        report(M("has no <data>"))
        return
    if data.find("chunk") is not None:
        report(M("has chunks (an infinite map); uncheck Infinite in the map properties"), data)
        return
    try:
        gids = decode_tile_data(data, shape.width * shape.height)
    except ValueError as exc:
        report(M("data {problem}", problem=exc), data)
        return
    for i, raw in enumerate(gids):
        gid = raw & ~GID_FLAGS
        if gid and not any(t.firstgid <= gid < t.firstgid + t.tilecount for t in tilesets):
            covered = ", ".join(f"{t.firstgid}-{t.firstgid + t.tilecount - 1}" for t in tilesets) or _("none")
            report(M("cell {c},{r}: gid {gid} is in no tileset (the tilesets cover {covered})", c=i % shape.width,
                     r=i // shape.width, gid=gid, covered=covered), data)
            return


def _check_objects(xml: XmlFile, group: ElementTree.Element, ids: dict[int, str], lines: list[str],
                   layer_problem, bounds: tuple[int, int] | None, budget: list[int]) -> None:
    objects = group.findall("object")
    if len(objects) > LIMITS.objects_per_layer:
        layer_problem(M("{n} objects is too many (at most {most})", n=len(objects), most=LIMITS.objects_per_layer))
        return
    src = xml.source
    for el in objects:
        name = el.get("name", "")
        raw_id = el.get("id", "")
        shown = name if len(name) <= LIMITS.name else _short(name, 40)
        try:
            oid = whole_number(raw_id, "id", 1, 2**31 - 1)
            who = object_words(shown, oid)
        except ValueError as exc:
            lines.append(f"{src}: {object_words(shown, _short(raw_id))}: {exc}{xml.at(el)}")
            continue

        def problem(message, at: ElementTree.Element = el, who: str = who) -> None:
            lines.append(f"{src}: {who}: {message}{xml.at(at)}")

        if oid in ids:
            problem(M("id {id} is already used by {other}", id=oid, other=ids[oid]))
        else:
            ids[oid] = who
        if len(name) > LIMITS.name:
            problem(M("name is too long ({n} characters; at most {most})", n=len(name), most=LIMITS.name))
        origin = [Fraction(0), Fraction(0)]
        for attr in ("x", "y", "width", "height", "rotation"):
            if el.get(attr) is not None:
                try:
                    value = exact_number(el.get(attr))
                except ValueError as exc:
                    problem(f"{attr}: {exc}")
                    continue
                if attr in ("x", "y"):
                    origin[attr == "y"] = value
                    _check_on_map(value, attr, bounds, problem)
                elif attr in ("width", "height"):
                    _check_on_map(origin[attr == "height"] + value, "x" if attr == "width" else "y", bounds, problem)
        if el.get("gid") is not None and not (el.get("gid", "").isdigit() and len(el.get("gid", "")) <= 10):
            problem(M("gid {gid} is not a tile gid", gid=_short(el.get("gid", ""))))
        budget[0] -= 4
        for kind in ("polygon", "polyline"):
            shape = el.find(kind)
            if shape is not None:
                budget[0] -= _check_points(shape.get("points", ""), kind, lambda m, s=shape: problem(m, s),
                                           (origin[0], origin[1]), bounds)
        if budget[0] < 0:
            problem(M("the map has more than {most} points in its objects", most=LIMITS.map_vertices))
            return
        _check_properties(xml, el, problem)


def _check_on_map(value: Fraction, axis: str, bounds: tuple[int, int] | None, problem) -> bool:
    if bounds is None:
        return True
    size = bounds[axis == "y"]
    if not -size <= value <= 2 * size:
        problem(M("x {value} is far off the map (it is {size} pixels wide)", value=_decimal(value), size=size) if axis == "x"
                else M("y {value} is far off the map (it is {size} pixels high)", value=_decimal(value), size=size))
        return False
    return True


def _decimal(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _check_points(text: str, kind: str, problem, origin: tuple[Fraction, Fraction],
                  bounds: tuple[int, int] | None) -> int:
    """Checks a points attribute; returns how many points it has."""
    pairs = text.split()
    if len(pairs) > LIMITS.vertices:
        problem(M("{kind} has {n} points (at most {most})", kind=kind_word(kind), n=len(pairs), most=LIMITS.vertices))
        return len(pairs)
    for n, pair in enumerate(pairs, 1):
        xy = pair.split(",")
        if len(xy) != 2:
            problem(M("{kind} point {n} {pair} is not x,y", kind=kind_word(kind), n=n, pair=_short(pair)))
            return len(pairs)
        try:
            x, y = exact_number(xy[0]), exact_number(xy[1])
        except ValueError as exc:
            problem(M("{kind} point {n}: {problem}", kind=kind_word(kind), n=n, problem=exc))
            return len(pairs)
        def off_map(m, n=n):
            problem(M("{kind} point {n}: {problem}", kind=kind_word(kind), n=n, problem=m))

        if not (_check_on_map(origin[0] + x, "x", bounds, off_map) and _check_on_map(origin[1] + y, "y", bounds, off_map)):
            return len(pairs)
    return len(pairs)
