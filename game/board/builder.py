"""The map builder's model: pieces placed on a table, snapping, undo/redo and live validation.

No pygame: the builder scene (game/ui/builder/) and the headless `python -m game build-map`
command drive this same model, so what a test scripts is what a player drags.

A build is a `BuildState`: placements (piece key, position, quarter-turn rotation, flips), the
door tokens put on free exits, and the map's metadata. Every edit makes a new state and pushes
the old one on the undo stack, so undo/redo covers every edit.

Positions are the compose.Placement offsets (map pixels of the placed piece's top-left corner).
Snapping (gears 3.4: "entrance against the previous tile's exit, outer edges flush"; doom 9.2:
pieces meet at their connectors on the square grid): a piece dropped near a free connector of
another piece is moved, and if needed turned, so that its matching connector lies exactly on
it; otherwise it is aligned to the tile grid.

`Builder.validate()` composes the pieces that do not overlap and returns `Issue`s: overlapping
pieces, connectors left open, exits without a door, areas no figure can reach, no entrance, no
emergence hole or spawn point, plus every check-map problem (game/board/checks.py), each with a
map point the UI centres on.
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Iterable, Sequence

from game.board.build_items import (
    START_SQUARES,
    BuildItem,
    Footprint,
    apply_items,
    door_edges,
    door_flanks,
    item_cells,
    item_problem,
)
from game.board.checks import Problem, bbox, check_board, orient
from game.board.compose import CompositionError, Placement, compose, overlapping_pieces, transform_board
from game.board.model import Board, Connector, MapError, Point, Segment, slug_words
from game.board.tmx_gate import map_head
from game.engine.text import Capitalised, Joined, M, Msg, Ref, english, join, ref, register_names
from game.i18n import N_, _, first_capital

__all__ = [
    "PieceInfo",
    "PieceLibrary",
    "BuildPlacement",
    "BuildState",
    "MapMeta",
    "Issue",
    "Validation",
    "Builder",
    "BuildError",
    "BuildItem",
    "SIZES",
]

SIZES = ("small", "medium", "large")  # docs/MAPS.md: the Gears map property `size`
SNAP_TILES = Fraction(3, 2)  # a connector snaps when dropped within 1.5 tiles of its mate
ROTATION_PENALTY = 32  # px: prefer keeping the player's rotation when two snaps are close


class BuildError(Exception):
    """An edit or a script the builder cannot carry out; the message says why."""


# --- pieces ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PieceInfo:
    """One map piece the palette offers: a Gears tile face or a Doom map piece.

    key names it in placements and saved maps ("1A", "sample_room"); tile groups the faces of
    one double-sided tile ("1" for 1A and 1B); fixed marks a whole map loaded as one piece."""

    key: str
    path: Path
    board: Board
    title: str
    name: str
    tile: str
    face: str = ""
    fixed: bool = False


_FACE = re.compile(r"^(\d+)([A-Za-z])$")


def piece_from_board(path: Path, board: Board, fixed: bool = False, key: str | None = None) -> PieceInfo:
    title = str(board.properties.get("title", ""))
    if key is None:
        key = str(board.properties.get("tile_id") or "") if title == "gears" else ""
        key = key or _key_of(path.stem)
    m = _FACE.match(key)
    tile, face = (m.group(1), m.group(2).upper()) if m and title == "gears" else (key, "")
    return PieceInfo(key, path, board, title, str(board.properties.get("name") or key), tile, face, fixed)


def _key_of(text: str) -> str:
    key = re.sub(r"[^A-Za-z0-9_]+", "_", text).strip("_")
    return key or "piece"


class PieceLibrary:
    """The pieces of one title, by key, in palette order."""

    def __init__(self, pieces: Iterable[PieceInfo] = ()) -> None:
        self.pieces: dict[str, PieceInfo] = {}
        for p in pieces:
            self.add(p)

    def add(self, piece: PieceInfo) -> None:
        self.pieces[piece.key] = piece

    def __contains__(self, key: str) -> bool:
        return key in self.pieces

    def __getitem__(self, key: str) -> PieceInfo:
        try:
            return self.pieces[key]
        except KeyError:
            known = ", ".join(self.pieces) or _("none")
            raise BuildError(str(M("no map piece {key} (known: {known})", key=repr(key), known=known))) from None

    def keys(self) -> list[str]:
        return list(self.pieces)

    def faces_of(self, tile: str) -> list[PieceInfo]:
        return [p for p in self.pieces.values() if p.tile == tile]

    def find(self, key_or_file: str) -> PieceInfo:
        """A piece by key, or by its file name or path (a script may name either)."""
        if key_or_file in self.pieces:
            return self.pieces[key_or_file]
        for p in self.pieces.values():
            if p.path.name == key_or_file or p.path.stem == key_or_file or str(p.path).endswith(key_or_file):
                return p
        return self[key_or_file]

    @classmethod
    def from_paths(cls, paths: Iterable[Path], title: str | None = None) -> tuple["PieceLibrary", list[str]]:
        """Load every map that is a usable piece; problems (broken files) come back as lines."""
        from game.board.tmx import load_board

        lib, problems = cls(), []
        for path in paths:
            try:
                board = load_board(path)
            except MapError as exc:
                problems += list(exc.problems)
                continue
            info = piece_from_board(Path(path), board)
            if title is not None and info.title != title:
                continue
            if info.title == "gears" and len(board.connectors_of("entrance")) != 1:
                continue  # not a tile face (e.g. a line-of-sight example map)
            if info.key in lib:
                problems.append(map_head(str(path)) + str(M("piece {key} is also {other}", key=info.key, other=lib[info.key].path)))
                continue
            lib.add(info)
        return lib, problems

    @classmethod
    def for_title(cls, title: str, maps_dir: Path) -> tuple["PieceLibrary", list[str]]:
        """The shipped pieces of a title: Gears tile faces (maps/gears/tiles/, else the sample
        tiles in maps/gears/); Doom's small pieces (maps/doom/pieces/: corridors, junctions,
        rooms) first, then its whole maps (maps/doom/, the scenario maps, to edit them)."""
        folder = maps_dir / title
        tiles = folder / "tiles"
        paths = sorted(tiles.glob("*.tmx")) if tiles.is_dir() and any(tiles.glob("*.tmx")) else sorted(folder.glob("*.tmx"))
        paths = sorted((folder / "pieces").glob("*.tmx")) + paths
        lib, problems = cls.from_paths(paths, title)
        lib.pieces = dict(sorted(lib.pieces.items(), key=lambda kv: _palette_order(kv[1])))
        return lib, problems


def _palette_order(p: PieceInfo) -> tuple:
    m = re.match(r"^(\d+)", p.tile)
    return (p.path.parent.name != "pieces", int(m.group(1)) if m else 10**6, p.tile, p.face)


# --- build state ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class BuildPlacement:
    """One placed piece: name (unique, no ':'), piece key, offset in map pixels, rotation
    (0/90/180/270 clockwise on screen) and flips, applied as compose.Placement applies them."""

    name: str
    piece: str
    x: Fraction
    y: Fraction
    rotation: int = 0
    flip_h: bool = False
    flip_v: bool = False

    @property
    def offset(self) -> tuple[Fraction, Fraction]:
        return (self.x, self.y)


@dataclass(frozen=True)
class MapMeta:
    name: str = N_("Custom map")  # the builder shows it translated until it is renamed
    size: str = "small"
    flavour: str = ""
    frag_target: int = 0  # Doom: the map property frag_target; 0 = not written (the default applies)


@dataclass(frozen=True)
class BuildState:
    title: str
    placements: tuple[BuildPlacement, ...] = ()
    doors: frozenset[str] = frozenset()  # full exit names ("1A:exit") holding a door token
    meta: MapMeta = field(default_factory=MapMeta)
    items: tuple[BuildItem, ...] = ()  # Doom: doors, props, figures, start zone, objective (build_items.py)

    def names(self) -> list[str]:
        return [p.name for p in self.placements]


# --- validation ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Issue:
    """One problem of the build, drawn on the map at `at` (map pixels, builder coordinates)."""

    kind: str  # overlap, open_connector, exit_without_door, unreachable, no_entrance, no_emergence, ...
    message: Msg | Joined | str  # a message (issue 18): worded when shown, in the language then
    at: tuple[float, float] | None
    pieces: tuple[str, ...] = ()
    severity: str = "error"  # or "warning"
    segment: tuple[tuple[float, float], tuple[float, float]] | None = None
    area: str = ""  # the map object a check named (an area of a piece), when it named one


@dataclass
class Validation:
    issues: list[Issue]
    board: Board | None  # the composed board of the pieces that do not overlap
    seconds: float

    @property
    def errors(self) -> list[Issue]:
        return [i for i in self.issues if i.severity == "error"]


def _fpt(p: Point, shift: tuple[Fraction, Fraction] = (Fraction(0), Fraction(0))) -> tuple[float, float]:
    return (float(p[0] - shift[0]), float(p[1] - shift[1]))


def _mid(s: Segment) -> Point:
    return ((s.a[0] + s.b[0]) / 2, (s.a[1] + s.b[1]) / 2)


def _centroid(poly: Sequence[Point]) -> Point:
    n = len(poly)
    return (sum(p[0] for p in poly) / n, sum(p[1] for p in poly) / n)


# --- the builder ---------------------------------------------------------------------------------


class Builder:
    """Edits a BuildState; every edit is undoable. Pure Python, no pygame."""

    def __init__(self, library: PieceLibrary, title: str, state: BuildState | None = None) -> None:
        self.library = library
        self.title = title
        self.state = state or BuildState(title)
        self.undo_stack: list[BuildState] = []
        self.redo_stack: list[BuildState] = []
        self._placed: dict[BuildPlacement, Board] = {}
        self._validation: tuple[BuildState, Validation] | None = None
        # Doom: a monster id and its anchor square -> its squares (the title's data knows a
        # monster's size); None counts every figure as one square.
        self.footprint: Footprint | None = None

    # -- geometry of placed pieces ------------------------------------------------------------
    def piece(self, p: BuildPlacement) -> PieceInfo:
        return self.library[p.piece]

    def placement(self, name: str) -> BuildPlacement:
        for p in self.state.placements:
            if p.name == name:
                return p
        raise BuildError(str(M("no placed piece named {name}", name=repr(name))))

    def compose_placement(self, p: BuildPlacement) -> Placement:
        return Placement(self.piece(p).board, p.name, p.offset, p.rotation, p.flip_h, p.flip_v)

    def placed(self, p: BuildPlacement) -> Board:
        """The piece moved into place (cached: dragging asks this every frame)."""
        board = self._placed.get(p)
        if board is None:
            try:
                board = transform_board(self.compose_placement(p))
            except CompositionError as exc:
                raise BuildError(str(exc)) from None
            if len(self._placed) > 512:
                self._placed.clear()
            self._placed[p] = board
        return board

    def size_of(self, p: BuildPlacement) -> tuple[int, int]:
        return self.compose_placement(p).size()

    def rect_of(self, p: BuildPlacement) -> tuple[float, float, float, float]:
        w, h = self.size_of(p)
        return (float(p.x), float(p.y), float(w), float(h))

    def bounds(self) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 around every placed piece (a default table when empty)."""
        if not self.state.placements:
            return (0.0, 0.0, 1536.0, 1024.0)
        rects = [self.rect_of(p) for p in self.state.placements]
        return (min(r[0] for r in rects), min(r[1] for r in rects),
                max(r[0] + r[2] for r in rects), max(r[1] + r[3] for r in rects))

    def piece_at(self, x: float, y: float) -> str | None:
        """The topmost placed piece under a map point (its areas or floor squares)."""
        from game.board.checks import point_in_polygon

        pt = (Fraction(x).limit_denominator(1000), Fraction(y).limit_denominator(1000))
        for p in reversed(self.state.placements):
            rx, ry, rw, rh = self.rect_of(p)
            if not (rx <= x <= rx + rw and ry <= y <= ry + rh):
                continue
            board = self.placed(p)
            if board.grid is not None:
                cell = (int(pt[0] // board.tile_width), int(pt[1] // board.tile_height))
                if cell in board.grid.floor:
                    return p.name
            elif any(point_in_polygon(pt, a.polygon) >= 0 for a in board.areas.values()):
                return p.name
        return None

    # -- edits ----------------------------------------------------------------------------------
    def _commit(self, state: BuildState) -> None:
        if state == self.state:
            return
        self.undo_stack.append(self.state)
        self.redo_stack.clear()
        self.state = state

    def undo(self) -> bool:
        if not self.undo_stack:
            return False
        self.redo_stack.append(self.state)
        self.state = self.undo_stack.pop()
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        self.undo_stack.append(self.state)
        self.state = self.redo_stack.pop()
        return True

    def new_name(self, key: str) -> str:
        taken = set(self.state.names()) | self._reserved_names()
        if key not in taken:
            return key
        n = 2
        while f"{key}_{n}" in taken:
            n += 1
        return f"{key}_{n}"

    def _reserved_names(self) -> set[str]:
        """Prefixes used inside fixed pieces (a loaded map's 'P:name' objects): never reuse them."""
        out: set[str] = set()
        for p in self.state.placements:
            info = self.library.pieces.get(p.piece)
            if info is not None and info.fixed:
                out |= {n.split(":", 1)[0] for n in info.board.areas if ":" in n}
        return out

    def add(self, key: str, x: float | Fraction = 0, y: float | Fraction = 0, rotation: int = 0,
            flip_h: bool = False, flip_v: bool = False, snap: bool = True, name: str | None = None) -> str:
        """Place a piece with its top-left at (x, y); returns its placement name."""
        info = self.library.find(key)
        if info.title != self.title:
            raise BuildError(str(M("piece {key} is a {title} piece; this is a {map_title} map", key=info.key, title=info.title, map_title=self.title)))
        if rotation % 90 or not 0 <= rotation < 360:
            raise BuildError(str(M("rotation must be 0, 90, 180 or 270, not {rotation}", rotation=rotation)))
        name = name or self.new_name(info.key)
        if not name or ":" in name or name in self.state.names():
            raise BuildError(str(M("placement name {name} must be unique and without ':'", name=repr(name))))
        p = BuildPlacement(name, info.key, _frac(x), _frac(y), rotation, flip_h, flip_v)
        if snap:
            p = self.snapped(p, others=self.state.placements)
        self._commit(replace(self.state, placements=self.state.placements + (p,)))
        return name

    def set_placement(self, p: BuildPlacement, snap: bool = False, turn: bool = True) -> BuildPlacement:
        """Replace the placement of the same name (a move, turn or flip); returns it as placed.
        turn: the snap may turn it to meet a connector (a move), not a turn or flip (snapped
        with every rotation, a tile turned on a joint was turned back: R did nothing)."""
        others = tuple(q for q in self.state.placements if q.name != p.name)
        if len(others) == len(self.state.placements):
            raise BuildError(str(M("no placed piece named {name}", name=repr(p.name))))
        if snap:
            p = self.snapped(p, others=others, turn=turn)
        # Door tokens are named by their exit, so they move with the piece.
        self._commit(replace(self.state, placements=tuple(p if q.name == p.name else q for q in self.state.placements)))
        return p

    def move(self, name: str, x: float | Fraction, y: float | Fraction, snap: bool = True) -> BuildPlacement:
        return self.set_placement(replace(self.placement(name), x=_frac(x), y=_frac(y)), snap)

    def rotate(self, name: str, quarters: int = 1, snap: bool = True) -> BuildPlacement:
        """Turn a piece clockwise about its centre by quarter turns."""
        p = self.placement(name)
        return self.set_placement(self._turned_about_centre(p, (p.rotation + 90 * quarters) % 360), snap, turn=False)

    def flip(self, name: str, axis: str = "h", snap: bool = True) -> BuildPlacement:
        """Mirror a piece as it lies on the table (left-right for 'h', top-bottom for 'v')."""
        p = self.placement(name)
        # Placement flips act before the rotation; on a quarter-turned piece a screen flip is
        # the other axis of the piece.
        along_h = (axis == "h") != (p.rotation % 180 == 90)
        flipped = replace(p, flip_h=p.flip_h ^ along_h, flip_v=p.flip_v ^ (not along_h))
        return self.set_placement(flipped, snap, turn=False)

    def delete(self, name: str) -> None:
        self.placement(name)
        prefix = name + ":"
        self._commit(replace(
            self.state,
            placements=tuple(q for q in self.state.placements if q.name != name),
            doors=frozenset(d for d in self.state.doors if not d.startswith(prefix)),
        ))

    def flip_face(self, name: str) -> BuildPlacement:
        """Swap a Gears tile for its other face, same place and orientation."""
        p = self.placement(name)
        info = self.piece(p)
        others = [f for f in self.library.faces_of(info.tile) if f.key != info.key]
        if not others:
            raise BuildError(str(M("piece {key} has no other face", key=info.key)))
        new_name = self.new_name(others[0].key) if p.name == info.key or p.name.startswith(info.key + "_") else p.name
        q = replace(p, piece=others[0].key, name=new_name)
        placements = tuple(q if x.name == p.name else x for x in self.state.placements)
        doors = frozenset(d for d in self.state.doors if not d.startswith(p.name + ":"))
        self._commit(replace(self.state, placements=placements, doors=doors))
        return q

    def toggle_door(self, exit_name: str) -> bool:
        """Put a door token on a free exit (gears 3.1 item 10, 3.4 step 6) or take it off; True
        when the exit now has a door."""
        conns = {c.name: c for p in self.state.placements for c in self.placed(p).connectors}
        c = conns.get(exit_name)
        if c is None or c.kind != "exit":
            raise BuildError(str(M("no exit named {name} (door tokens go on Gears exits)", name=repr(exit_name))))
        doors = set(self.state.doors)
        has = exit_name in doors
        if has:
            doors.discard(exit_name)
        else:
            doors.add(exit_name)
        self._commit(replace(self.state, doors=frozenset(doors)))
        return not has

    def set_meta(self, meta: MapMeta) -> None:
        if meta.size not in SIZES:
            raise BuildError(str(M("size must be one of {sizes}, not {size}", sizes=", ".join(SIZES), size=repr(meta.size))))
        self._commit(replace(self.state, meta=meta))

    # -- Doom items: doors, props, figures, start zone, objective (build_items.py) ----------------
    def floor_cells(self, placements: Sequence[BuildPlacement] | None = None) -> frozenset[tuple[int, int]]:
        """The floor squares of the placed pieces, in builder squares."""
        out: set[tuple[int, int]] = set()
        for p in self.state.placements if placements is None else placements:
            grid = self.placed(p).grid
            if grid is not None:
                out |= grid.floor
        return frozenset(out)

    def _piece_things(self, placements: Sequence[BuildPlacement]):
        doors, marks = [], []
        for p in placements:
            b = self.placed(p)
            if b.grid is None:
                continue
            doors += [b.door_edges(d) for d in b.doors]
            marks += [(m.kind, m.properties["cell"]) for m in b.markers if isinstance(m.properties.get("cell"), tuple)]
        return doors, marks

    def item(self, name: str) -> BuildItem:
        for i in self.state.items:
            if i.name == name:
                return i
        raise BuildError(str(M("no placed item named {name}", name=repr(name))))

    def item_problem(self, item: BuildItem, placements: Sequence[BuildPlacement] | None = None) -> str | None:
        """Why the item cannot lie where it is, on the pieces placed (None: it can)."""
        placements = self.state.placements if placements is None else placements
        doors, marks = self._piece_things(placements)
        return item_problem(item, self.floor_cells(placements), self.state.items, doors, marks, self.footprint)

    def _new_item_name(self, kind: str) -> str:
        if kind in ("start", "objective"):
            return kind
        taken = {i.name for i in self.state.items}
        for p in self.state.placements:  # a fixed piece (a map made in Tiled) keeps its own names
            info = self.library.pieces.get(p.piece)
            if info is not None and info.fixed:
                taken |= {d.name for d in info.board.doors} | {m.name for m in info.board.markers}
        # A door is named as the scenario maps name theirs (D1, D2, ...): the Doom table shows the
        # name on the door and the log and the buttons say it ('Destroy door D3'); 'door_1'
        # read as a file's id there.
        form = "D{n}" if kind == "door" else kind + "_{n}"
        n = 1
        while form.format(n=n) in taken:
            n += 1
        return form.format(n=n)

    def place_item(self, kind: str, cell: tuple[int, int], value: str = "", vertical: bool = False,
                   min_marines: int = 1) -> str:
        """Put a door, prop, figure, the start zone or the objective on the table (a start zone
        or objective already placed moves); BuildError says why it cannot go there."""
        if self.title != "doom":
            raise BuildError(_("doors, props and figures are placed on Doom maps"))
        name = self._new_item_name(kind)
        item = BuildItem(kind, name, (int(cell[0]), int(cell[1])), value, vertical, min_marines)
        return self.set_item(item).name

    def set_item(self, item: BuildItem) -> BuildItem:
        """Add the item, or replace the one of the same name (a move, a new tag)."""
        if item.kind not in ("door", "prop", "figure", "start", "objective"):
            raise BuildError(str(M("unknown item kind {kind}", kind=repr(item.kind))))
        problem = self.item_problem(item)
        if problem:
            raise BuildError(Capitalised(problem))
        items = tuple(i for i in self.state.items if i.name != item.name)
        old = [i for i in self.state.items if i.name == item.name]
        if old:
            items = tuple(item if i.name == item.name else i for i in self.state.items)
        else:
            items = items + (item,)
        self._commit(replace(self.state, items=items))
        return item

    def move_item(self, name: str, cell: tuple[int, int], vertical: bool | None = None) -> BuildItem:
        it = self.item(name)
        return self.set_item(replace(it, cell=(int(cell[0]), int(cell[1])), vertical=it.vertical if vertical is None else vertical))

    def remove_item(self, name: str) -> None:
        self.item(name)
        self._commit(replace(self.state, items=tuple(i for i in self.state.items if i.name != name)))

    def item_at(self, cell: tuple[int, int]) -> BuildItem | None:
        """The topmost item on a square (a figure over a prop; a door touching the square last)."""
        for kind in ("figure", "prop", "objective", "start"):
            for i in reversed(self.state.items):
                if i.kind == kind and cell in item_cells(i, self.footprint):
                    return i
        return None

    def door_near(self, x: float, y: float, vertical: bool | None = None) -> BuildItem:
        """The door position nearest a map point: 2 squares centred on the nearest grid vertex,
        along the grid line the point is closer to (or `vertical` if given)."""
        tw, th = self._tile()
        gx, gy = x / tw, y / th
        vx, vy = round(gx), round(gy)
        if vertical is None:
            vertical = abs(gx - vx) < abs(gy - vy)
        return BuildItem("door", "(new)", (vx, vy), "ordinary", vertical)

    def door_at(self, x: float, y: float) -> BuildItem | None:
        """A placed door within half a square of a map point."""
        tw, th = self._tile()
        for i in reversed(self.state.items):
            if i.kind != "door":
                continue
            cx, cy = i.cell[0] * tw, i.cell[1] * th
            w, h = (tw / 3, th * 1.1) if i.vertical else (tw * 1.1, th / 3)
            if abs(x - cx) <= w and abs(y - cy) <= h:
                return i
        return None

    def _tile(self) -> tuple[int, int]:
        for p in self.state.placements:
            b = self.piece(p).board
            return b.tile_width, b.tile_height
        return 64, 64

    def with_items(self, board: Board, kept: Sequence[BuildPlacement]) -> Board:
        """The composed board of `kept` with the items on it (compose shifts the map so nothing
        lies left of or above 0,0: the items move with it)."""
        if not self.state.items or board.grid is None or not kept:
            return board
        sx, sy = _shift_of(self.placed(kept[0]), board)
        return apply_items(board, self.state.items, (int(sx / board.tile_width), int(sy / board.tile_height)))

    def _item_issues(self, kept: Sequence[BuildPlacement], board: Board, shift) -> list[Issue]:
        """Doom (issue 13 item 6): each item where it can lie, a start zone with room for the
        marines, an objective."""
        out: list[Issue] = []
        tw, th = board.tile_width, board.tile_height
        for i in self.state.items:
            problem = self.item_problem(i, kept)
            if problem:
                at = (i.cell[0] * tw + (0 if i.kind == "door" else tw / 2), i.cell[1] * th + (0 if i.kind == "door" else th / 2))
                # By what it is ("Barrel: ..."), as the Things palette names it: its id
                # ("Prop prop_2") is the saved map's, no word a player reads.
                label = M("{name}: {problem}", name=item_words(i), problem=problem)
                out.append(Issue("item", label, at))
        starts = [a for a in board.areas.values() if a.properties.get("start_zone")]
        if starts:
            free = [c for c in marine_start_squares(board)]
            if len(free) < START_SQUARES:
                a = starts[0]
                out.append(Issue("start_small", M("The start zone has {n} free squares; {marines} marines need {marines}", n=len(free), marines=START_SQUARES),
                                 _fpt(_centroid(a.polygon), shift)))
        goals = [a for a in board.areas.values() if a.properties.get("objective")]
        if not goals:
            out.append(Issue("no_objective", M("No objective: drag the objective onto the area the marines must reach"), None))
        elif any(g.properties.get("start_zone") for g in goals):
            out.append(Issue("no_objective", M("The objective is in the start zone: the marines would win at once"), _fpt(_centroid(goals[0].polygon), shift)))
        return out

    # -- snapping --------------------------------------------------------------------------------
    def connectors_free(self, placements: Sequence[BuildPlacement]) -> list[Connector]:
        """Connectors of the given placements not lying on a mate of another of them."""
        conns = [c for p in placements for c in self.placed(p).connectors]
        out = []
        for c in conns:
            if not any(d.piece != c.piece and _mates(c, d) and _same_segment(c.segment, d.segment) for d in conns):
                out.append(c)
        return out

    def snapped(self, p: BuildPlacement, others: Sequence[BuildPlacement], turn: bool = True) -> BuildPlacement:
        """p moved onto the nearest matching free connector of the other pieces within
        SNAP_TILES, turning it if turn is true; otherwise aligned to the tile grid."""
        info = self.piece(p)
        tw, th = info.board.tile_width, info.board.tile_height
        reach = SNAP_TILES * max(tw, th)
        p = replace(p, x=_round_to(p.x, tw), y=_round_to(p.y, th))
        free = self.connectors_free(others)
        best: tuple[Fraction, BuildPlacement] | None = None
        rotations = [p.rotation] + ([r for r in (0, 90, 180, 270) if r != p.rotation] if turn else [])
        for rot in rotations:
            trial = p if rot == p.rotation else self._turned_about_centre(p, rot)
            placed = self.placed(trial)
            for mine in placed.connectors:
                for theirs in free:
                    if not _mates(mine, theirs):
                        continue
                    delta = _join_delta(mine.segment, theirs.segment)
                    if delta is None:
                        continue
                    moved = replace(trial, x=trial.x + delta[0], y=trial.y + delta[1])
                    if not self._faces_away(moved, mine, theirs, others):
                        continue
                    dist = abs(moved.x - p.x) + abs(moved.y - p.y)
                    if dist > reach * 2:
                        continue
                    score = dist + (0 if rot == p.rotation else ROTATION_PENALTY)
                    if best is None or score < best[0]:
                        best = (score, moved)
        return best[1] if best is not None else p

    def _turned_about_centre(self, p: BuildPlacement, rotation: int) -> BuildPlacement:
        """p turned to rotation about its centre, its corner kept on the tile grid (grid pieces
        are offset by whole cells, and Gears art sits on the tile layer)."""
        w, h = self.size_of(p)
        cx, cy = p.x + Fraction(w, 2), p.y + Fraction(h, 2)
        t = replace(p, rotation=rotation)
        w2, h2 = self.size_of(t)
        board = self.piece(p).board
        return replace(t, x=_round_to(cx - Fraction(w2, 2), board.tile_width), y=_round_to(cy - Fraction(h2, 2), board.tile_height))

    def _faces_away(self, moved: BuildPlacement, mine: Connector, theirs: Connector, others) -> bool:
        """The moved piece lies on the far side of the joint from the piece it joins."""
        other = next(q for q in others if q.name == theirs.piece)
        seg = theirs.segment
        a = _side(self.placed(other), seg)
        b = _side(self.placed(moved), seg)
        return a != 0 and b != 0 and a != b

    # -- composition and validation ----------------------------------------------------------------
    def compose_all(self, source: str = "built map") -> Board:
        """The composed board of every placement (with the Doom items); BuildError if pieces
        overlap."""
        if not self.state.placements:
            raise BuildError(_("nothing placed yet"))
        try:
            board = compose([self.compose_placement(p) for p in self.state.placements], source)
        except CompositionError as exc:
            raise BuildError("; ".join(exc.problems)) from None
        return self.with_items(board, self.state.placements)

    def validate(self) -> Validation:
        cached = self._validation
        if cached is not None and cached[0] == self.state:
            return cached[1]
        start = time.perf_counter()
        issues, board = self._validate()
        result = Validation(issues, board, time.perf_counter() - start)
        self._validation = (self.state, result)
        return result

    def _validate(self) -> tuple[list[Issue], Board | None]:
        state = self.state
        if not state.placements:
            return [Issue("empty", M("No pieces yet: drag one from the palette"), None, severity="warning")], None
        issues: list[Issue] = []
        placed = {p.name: self.placed(p) for p in state.placements}
        rects = {p.name: self.rect_of(p) for p in state.placements}
        clash: set[tuple[str, str]] = set()
        for i, p in enumerate(state.placements):
            for q in state.placements[i + 1:]:
                ra, rb = rects[p.name], rects[q.name]
                x0, y0 = max(ra[0], rb[0]), max(ra[1], rb[1])
                x1, y1 = min(ra[0] + ra[2], rb[0] + rb[2]), min(ra[1] + ra[3], rb[1] + rb[3])
                # Only pieces whose rectangles cross can overlap: skip the exact test otherwise.
                if x0 < x1 and y0 < y1 and _overlap_pair(placed[p.name], placed[q.name]):
                    clash.add((p.name, q.name))
                    issues.append(Issue("overlap", M("Pieces {a} and {b} overlap", a=self.piece_words(p.name), b=self.piece_words(q.name)), ((x0 + x1) / 2, (y0 + y1) / 2), (p.name, q.name)))
        kept: list[BuildPlacement] = []
        for p in state.placements:
            if not any((q.name, p.name) in clash for q in kept):
                kept.append(p)
        issues += self._physical_tiles(state.placements)
        issues += self._connector_issues(kept)
        try:
            board = compose([self.compose_placement(p) for p in kept], "built map")
        except CompositionError as exc:
            issues += [Issue("map", line, None) for line in exc.problems]
            return issues, None
        shift = _shift_of(placed[kept[0].name], board)
        if self.title == "doom":
            board = self.with_items(board, kept)
            issues += self._item_issues(kept, board, shift)
        for problem in check_board(board):
            issue = self._from_problem(problem, board, shift)
            if issue is not None:
                issues.append(issue)
        if self.title == "doom" and not any(m.kind in ("figure", "encounter") for m in board.markers):
            issues.append(Issue("no_spawn", M("No spawn point: no figure or encounter marker on any piece"), None, severity="warning"))
        issues += self._art_issues(kept)
        return _dedupe(self._group_unreachable(issues, board)), board

    def _group_unreachable(self, issues: list[Issue], board: Board) -> list[Issue]:
        """A piece left apart makes every one of its areas unreachable: say it once per piece,
        naming three of its areas as the map does (their label, or the name in words: "Lift
        cage", not "lift_cage")."""
        by_piece: dict[str, list[Issue]] = {}
        for i in issues:
            if i.kind == "unreachable" and len(i.pieces) == 1:
                by_piece.setdefault(i.pieces[0], []).append(i)
        out = []
        for i in issues:
            group = by_piece.get(i.pieces[0]) if i.kind == "unreachable" and len(i.pieces) == 1 else None
            if group is None or len(group) < 3:
                out.append(i)
            elif i is group[0]:
                x, y, w, h = self.rect_of(self.placement(i.pieces[0])) if i.pieces[0] in self.state.names() else (0, 0, 0, 0)
                names = join(", ", [_area_words(board, i.pieces[0], g.area, self.title) for g in group[:3]])
                piece = self.piece_words(i.pieces[0]) if i.pieces[0] in self.state.names() else i.pieces[0]
                out.append(Issue("unreachable", M("{n} areas of piece {piece} cannot be reached by movement ({names}, ...)",
                                                  n=len(group), piece=piece, names=names),
                                 (x + w / 2, y + h / 2) if w else i.at, i.pieces))
        return out

    def _physical_tiles(self, placements: Sequence[BuildPlacement]) -> list[Issue]:
        """A Gears tile is one card: its two faces cannot both be on the table (gears 3.1 item 8)."""
        if self.title != "gears":
            return []
        seen: dict[str, BuildPlacement] = {}
        out = []
        for p in placements:
            info = self.piece(p)
            if info.fixed or not info.face:
                continue
            if info.tile in seen:
                first = seen[info.tile]
                x, y, w, h = self.rect_of(p)
                out.append(Issue("tile_twice", M("Tile {tile} is used twice ({a} and {b}); the game has one of each tile", tile=info.tile, a=first.piece, b=p.piece),
                                 (x + w / 2, y + h / 2), (first.name, p.name), "warning"))
            else:
                seen[info.tile] = p
        return out

    def piece_words(self, name: str) -> Ref | Msg | str:
        """A placed piece by its name in the reader's language (module piece_words)."""
        return piece_words(self.piece(self.placement(name)), name)

    def _object_words(self, name: str, board: Board) -> Msg | Ref | str:
        """An object of the composed map a check names ('start_room:east', '2A:checkpoint') as
        a person reads it: a joint by its side of its piece, an area by its words and its piece;
        else as the map names it."""
        piece, _sep, own = name.partition(":")
        if own and piece in self.state.names():
            joint = next((c for c in self.placed(self.placement(piece)).connectors if c.name == name), None)
            if joint is not None:
                return self.joint_words(joint)
            if name in board.areas:
                where = piece if self.title == "gears" else self.piece_words(piece)
                return M("{place} ({tile})", place=_area_words(board, piece, own, self.title), tile=where)
        return first_capital(name)

    def joint_words(self, c: Connector) -> Msg:
        """A free connector of a placed piece as a person reads it, never its id
        ("room_small_2:east", "2A:exit_2"): a Gears entrance or exit by its words and its tile
        ("Exit 2 (2A)", the Gears places' words); a Doom joint by the side of its piece it lies
        on as the piece lies now, turned or not ("East side of Room, small 2")."""
        tile, _sep, own = c.name.rpartition(":")
        tile = tile or c.piece
        if self.title == "gears":
            return M("{place} ({tile})", place=ref("gears.place", slug_words(own)), tile=tile)
        x, y, w, h = self.rect_of(self.placement(c.piece))
        mx, my = _fpt(_mid(c.segment))
        dx, dy = (mx - (x + w / 2)) / max(w, 1), (my - (y + h / 2)) / max(h, 1)
        side = ("east" if dx > 0 else "west") if abs(dx) >= abs(dy) else ("south" if dy > 0 else "north")
        return M(_SIDES[side], piece=self.piece_words(c.piece))

    def _connector_issues(self, kept: Sequence[BuildPlacement]) -> list[Issue]:
        free = self.connectors_free(kept)
        out: list[Issue] = []
        if self.title == "gears":
            entrances = [c for c in free if c.kind == "entrance"]
            if not entrances and kept:
                out.append(Issue("no_entrance", M("No entrance: every entrance is joined, so the map has no start"), None))
            for c in entrances[1:]:
                out.append(Issue("open_connector", M("{entrance} is left open: join it to an exit (only the first tile's entrance stays open)", entrance=self.joint_words(c)),
                                 _fpt(_mid(c.segment)), (c.piece,), segment=(_fpt(c.segment.a), _fpt(c.segment.b))))
            for c in free:
                if c.kind == "exit" and c.name not in self.state.doors:
                    out.append(Issue("exit_without_door", M("{exit} has neither a next tile nor a door token", exit=self.joint_words(c)),
                                     _fpt(_mid(c.segment)), (c.piece,), segment=(_fpt(c.segment.a), _fpt(c.segment.b))))
        else:
            for c in free:
                if c.name not in self.state.doors:
                    out.append(Issue("open_connector", M("{joint} is left open: another piece can join here", joint=self.joint_words(c)),
                                     _fpt(_mid(c.segment)), (c.piece,), "warning", segment=(_fpt(c.segment.a), _fpt(c.segment.b))))
        return out

    def _art_issues(self, kept: Sequence[BuildPlacement]) -> list[Issue]:
        out = []
        for p in kept:
            info = self.piece(p)
            tw, th = info.board.tile_width, info.board.tile_height
            if (p.x / tw).denominator != 1 or (p.y / th).denominator != 1:
                x, y, w, h = self.rect_of(p)
                out.append(Issue("art_off_grid", M("Piece {name} is off the tile grid: its floor art cannot be saved on the tile layer", name=self.piece_words(p.name)),
                                 (x + w / 2, y + h / 2), (p.name,), "warning"))
        return out

    def _from_problem(self, problem: Problem, board: Board, shift) -> Issue | None:
        msg = english(problem.message)  # what the checks say is read in English; shown in any language
        m = re.match(r"object (.+) \(id (\d+)\)$", problem.what)
        name = m.group(1) if m else ""
        at, seg = _locate(board, name, shift)
        piece = name.split(":", 1)[0] if ":" in name else ""
        pm = re.match(r"piece (\S+) ", msg)
        if pm and at is None:
            piece = pm.group(1)
            if piece in board.pieces():
                xs = [v for a in board.areas.values() if a.piece == piece for v in a.polygon]
                x0, y0, x1, y1 = bbox(xs)
                at = _fpt(((x0 + x1) / 2, (y0 + y1) / 2), shift)
        sq = re.search(r"square (\d+),(\d+)", msg)
        if sq and at is None:
            c, r = int(sq.group(1)), int(sq.group(2))
            at = _fpt(((c + Fraction(1, 2)) * board.tile_width, (r + Fraction(1, 2)) * board.tile_height), shift)
        if "entrance" in msg and "exactly one" in msg:
            return None  # joined entrances are counted by _connector_issues, which knows joins
        if "is not on the edge of the map" in msg:
            return None  # an entrance/exit covered by a neighbour that is not its mate: reported as open
        kind = "map"
        if "cannot be reached" in msg:
            kind = "unreachable"
        elif "no emergence" in msg:
            kind = "no_emergence"
        elif "start_zone" in msg:
            kind = "no_entrance"
            if self.title == "doom":  # the property's name is the file's ("start_zone = true"), no player's word
                return Issue(kind, M("No start zone: drag the start zone onto the area where the marines begin"), at)
        elif "has no exit" in msg:
            kind = "no_exit"
        label = M("{name}: {problem}", name=self._object_words(name, board), problem=problem.message) if name \
            else Capitalised(problem.message)
        area = name.split(":", 1)[1] if name.count(":") >= 1 else name
        return Issue(kind, label, at, (piece,) if piece else (), segment=seg, area=area)


# --- helpers ---------------------------------------------------------------------------------------


def marine_start_squares(board: Board) -> list[tuple[int, int]]:
    """The squares the marines start on (spec 4: in the start zone): the start zone's floor
    squares in reading order (row by row, west to east), without obstacles, barrels or figures."""
    grid = board.grid
    if grid is None:
        return []
    zones = {n for n, a in board.areas.items() if a.properties.get("start_zone")}
    taken = set(grid.blocking) | {m.properties.get("cell") for m in board.markers if m.kind == "figure"}
    cells = [c for c in grid.floor if board.cell_area(c) in zones and c not in taken]
    return sorted(cells, key=lambda c: (c[1], c[0]))


def _frac(v: float | int | str | Fraction) -> Fraction:
    if isinstance(v, float):
        return Fraction(v).limit_denominator(64)
    return Fraction(v)


def _round_to(v: Fraction, step: int) -> Fraction:
    return Fraction(round(v / step) * step)


def _mates(a: Connector, b: Connector) -> bool:
    """Connector kinds that join: exit with entrance (gears 3.7), connector with connector (doom)."""
    return {a.kind, b.kind} == {"entrance", "exit"} or a.kind == b.kind == "connector"


def _same_segment(s: Segment, t: Segment) -> bool:
    return {s.a, s.b} == {t.a, t.b}


def _join_delta(mine: Segment, theirs: Segment) -> tuple[Fraction, Fraction] | None:
    """The translation laying segment mine exactly on theirs, or None if it cannot."""
    dm = (mine.b[0] - mine.a[0], mine.b[1] - mine.a[1])
    dt = (theirs.b[0] - theirs.a[0], theirs.b[1] - theirs.a[1])
    if dm[0] * dt[1] - dm[1] * dt[0] != 0:
        return None
    if dm[0] ** 2 + dm[1] ** 2 != dt[0] ** 2 + dt[1] ** 2:
        return None
    mm, mt = _mid(mine), _mid(theirs)
    return (mt[0] - mm[0], mt[1] - mm[1])


def _side(board: Board, seg: Segment) -> int:
    """Which side of seg's line the board's areas (or floor squares) touching seg lie on."""
    if board.grid is not None:
        tw, th = board.tile_width, board.tile_height
        m = _mid(seg)
        d = (seg.b[0] - seg.a[0], seg.b[1] - seg.a[1])
        length = abs(d[0]) + abs(d[1])
        normal = (-d[1] / length * tw / 4, d[0] / length * th / 4)
        for sign in (1, -1):
            q = (m[0] + sign * normal[0], m[1] + sign * normal[1])
            cell = (int(q[0] // tw), int(q[1] // th))
            if cell in board.grid.floor:
                return orient(seg.a, seg.b, q)
        return 0
    for area in board.areas.values():
        if _touches(area.polygon, seg):
            for v in area.polygon:
                s = orient(seg.a, seg.b, v)
                if s != 0:
                    return s
    return 0


def _touches(poly: Sequence[Point], s: Segment) -> bool:
    """Some edge of poly runs along a stretch of s."""
    from game.board.checks import edges, line_param

    t = line_param(s.a, s.b)
    lo, hi = sorted((t(s.a), t(s.b)))
    for p, q in edges(poly):
        if orient(s.a, s.b, p) == 0 and orient(s.a, s.b, q) == 0:
            a0, a1 = sorted((t(p), t(q)))
            if max(lo, a0) < min(hi, a1):
                return True
    return False


def _overlap_pair(a: Board, b: Board) -> bool:
    return bool(overlapping_pieces([a, b]))


def _shift_of(placed_first: Board, composed: Board) -> tuple[Fraction, Fraction]:
    """How far compose moved everything (it shifts so nothing lies left of or above 0,0)."""
    for name, area in placed_first.areas.items():
        got = composed.areas.get(name)
        if got is not None:
            return (got.polygon[0][0] - area.polygon[0][0], got.polygon[0][1] - area.polygon[0][1])
    if placed_first.grid is not None and composed.grid is not None:
        a, b = min(placed_first.grid.floor), min(composed.grid.floor)
        return (Fraction((b[0] - a[0]) * composed.tile_width), Fraction((b[1] - a[1]) * composed.tile_height))
    return (Fraction(0), Fraction(0))


def _locate(board: Board, name: str, shift) -> tuple[tuple[float, float] | None, tuple | None]:
    """A map point (and segment, for lines) for an object of the composed board, in builder
    coordinates."""
    if not name:
        return None, None
    if name in board.areas:
        return _fpt(_centroid(board.areas[name].polygon), shift), None
    for c in board.connectors:
        if c.name == name:
            return _fpt(_mid(c.segment), shift), (_fpt(c.segment.a, shift), _fpt(c.segment.b, shift))
    for group in (board.lines, board.doors):
        for x in group:
            if x.name == name:
                s = Segment(x.points[0], x.points[-1])
                return _fpt(_mid(s), shift), (_fpt(s.a, shift), _fpt(s.b, shift))
    for m in board.markers:
        if m.name == name:
            return _fpt(m.point, shift), None
    for c in board.cover:
        if c.name == name:
            return _fpt(c.point, shift), None
    return None, None


def _area_words(board: Board, piece: str, area: str, title: str) -> Ref | Msg:
    """An area of a piece as a person reads it, in the reader's language: its Tiled `label`, else
    its name in words (Area.words, the msgid); a Gears area's under the Gears places' context
    (the Ref "gears.place", game/gears/rules/names.py)."""
    a = board.areas.get(f"{piece}:{area}") or board.areas.get(area)
    words = a.words if a is not None else slug_words(area)
    return ref("gears.place", words) if title == "gears" else M(words)


def _dedupe(issues: list[Issue]) -> list[Issue]:
    seen, out = set(), []
    for i in issues:
        key = (i.kind, i.message)
        if key not in seen:
            seen.add(key)
            out.append(i)
    order = {"error": 0, "warning": 1}
    return sorted(out, key=lambda i: order.get(i.severity, 2))


# --- what the builder calls pieces, joints and things, in the reader's language ----------------

# A Doom piece's name (its map's `name`, "Room, small") is a msgid under the context "doom"
# (game/i18n_extract.py extract_doom_pieces); a Gears tile is named by its printed id ("2A").
PIECE = "board.piece"
_SIDES = {"east": N_("East side of {piece}"), "west": N_("West side of {piece}"),
          "north": N_("North side of {piece}"), "south": N_("South side of {piece}")}
_PROP_WORDS = {"obstacle": N_("Obstacle"), "barrel": N_("Barrel"), "hazard": N_("Hazard"), "vent": N_("Vent"),
               "encounter": N_("Encounter")}
_COLOUR_WORDS = {"red": N_("red"), "blue": N_("blue"), "yellow": N_("yellow")}


def _piece_lookup(kind: str, key: str, translate) -> str:
    from game.engine.text import named_in

    return named_in("doom", key, translate)


register_names("board", _piece_lookup)


def piece_words(info: PieceInfo, placement: str = "") -> Ref | Msg | str:
    """A placed piece as a person reads it: a Gears tile by its printed id ("2A"), a Doom piece
    by its name in the reader's language, numbered from its second copy on ("Room, small 2":
    the placement "room_small_2"), never its file's key."""
    if info.title == "gears":
        return placement or info.key
    name = ref(PIECE, info.name or slug_words(info.key))
    m = re.fullmatch(re.escape(info.key) + r"_(\d+)", placement)
    return M("{piece} {n}", piece=name, n=int(m.group(1))) if m else name


def item_words(item: BuildItem) -> Ref | Msg:
    """A Doom thing of the builder by what it is ("Barrel", "Imp", "Security (red)"), as the
    Things palette names it; never its id ("prop_2")."""
    kind, _sep, variant = item.value.partition(":")
    if item.kind == "door":
        return M("Security ({key})", key=M(_COLOUR_WORDS.get(variant, variant))) if kind == "security" else M("Ordinary door")
    if item.kind == "figure":
        return ref("doom.monster", item.value)
    if item.kind == "start":
        return M("Start zone")
    if item.kind == "objective":
        return M("Objective")
    if kind == "key":
        return M("Key ({key})", key=M(_COLOUR_WORDS.get(variant, variant)))
    if kind == "teleporter":
        return M(f"Teleporter ({variant})")
    if kind == "equipment":
        return Capitalised(ref("doom.equipment", variant))
    return M(_PROP_WORDS.get(kind, slug_words(kind)))
