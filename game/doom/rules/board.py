"""The Doom map model (spec doom.md 3) on a Board read by game/board/tmx.py.

`DoomMap(board, content)` is everything static about a scenario map: floor squares, wall edges,
doors (2 unit edges, 4 flanking squares, ordinary or security with a key colour), the areas
(revealed as a whole, spec 3.10), the props and figures the scenario places with each area, and
the geometry queries the rules ask with the live state passed in (which doors are closed, which
squares hold figures or blocking props):

- `step_ok(a, b, closed)`: a king step that crosses no wall or closed door (spec 3.6 proposal:
  the centre-to-centre wall test of 3.7; game/board/distance.step_allowed);
- `visible(a, b, blocking, closed)`: spec 3.7 via game/board/gridlos.py; `sees(cells, cells)`
  for large figures (any square to any square, 3.4);
- `path_distances(a, closed)`: king-move path lengths through everything but walls and closed
  doors (indirect fire, spec 3.8; respawn distance, 6.16);
- `adjacent(a, b, closed)`: 8-neighbours not separated by a wall or closed door (spec 3.5).

Footprints (spec 3.4): a list of squares. A demon is [head, tail] (two orthogonal neighbours); a
2x2 figure is its four squares from the top-left one.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from game.board.distance import KING_STEPS, step_allowed
from game.board.gridlos import GridSight
from game.board.model import Board, Cell, Edge, MapError
from game.engine.errors import InputError
from game.board.tmx import load_board  # no pygame: pytmx reads the map without images
from game.board.tmx_gate import map_head, object_words
from game.engine.text import M, Msg, Ref, ref

DOOR_LABEL = re.compile(r"D[1-9][0-9]*")  # a door named as the scenario maps name theirs

ORIENTATIONS = {"east": (1, 0), "south": (0, 1), "west": (-1, 0), "north": (0, -1)}
KING_STEPS_ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))  # in the order the rules have always tried them
KING_STEPS_DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ROOT = Path(__file__).resolve().parents[3]


@dataclass(frozen=True)
class DoorSpec:
    name: str
    edges: frozenset[Edge]
    sides: tuple[frozenset[Cell], frozenset[Cell]]  # the 2 flanking squares on each side
    security: bool
    key: str | None
    start_closed: bool

    @property
    def flanks(self) -> frozenset[Cell]:
        return self.sides[0] | self.sides[1]


@dataclass(frozen=True)
class PropSpec:
    """A marker the scenario places when its area is revealed (MAPS.md props)."""

    name: str
    kind: str  # obstacle, hazard, barrel, vent, teleporter, encounter, key, equipment
    variant: str  # colour, encounter id, equipment item ('' when none)
    cell: Cell
    count: int
    area: str


@dataclass(frozen=True)
class FigureSpec:
    name: str
    monster: str
    cells: tuple[Cell, ...]
    min_marines: int
    area: str


def footprint(kind: str, anchor: Cell, orientation: str = "east") -> tuple[Cell, ...]:
    """The squares of a figure (spec 3.4): single, demon (anchor + the square in `orientation`),
    large (2x2 from its top-left square)."""
    x, y = anchor
    if kind == "single":
        return (anchor,)
    if kind == "demon":
        dx, dy = ORIENTATIONS[orientation]
        return (anchor, (x + dx, y + dy))
    if kind == "large":
        return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))
    raise ValueError(f"unknown footprint {kind!r}")


def _edge_sides(e: Edge) -> tuple[Cell, Cell]:
    (x0, y0), (x1, y1) = e
    if y0 == y1:  # horizontal edge between (x0, y0-1) and (x0, y0)
        return (x0, y0 - 1), (x0, y0)
    return (x0 - 1, y0), (x0, y0)


class DoomMap:
    """Static facts of one Doom scenario map (spec 3), with its geometry queries."""

    def __init__(self, board: Board, content=None):
        if board.grid is None:
            raise MapError(map_head(board.source) + str(M("not a Doom map (no square grid)")))
        self.board = board
        grid = board.grid
        self.cols, self.rows = grid.cols, grid.rows
        self.floor: frozenset[Cell] = grid.floor
        self.walls: frozenset[Edge] = grid.wall_edges
        problems: list[str] = []

        self.area_of: dict[Cell, str] = {}
        self.areas: dict[str, frozenset[Cell]] = {}
        self.area_text: dict[str, str] = {}
        # A place name a player reads ("Evac airlock"), where the map gives one: the goal line and
        # the log name an area by it; an area without one is named by its id ("A3").
        self.area_label: dict[str, str] = {}
        self.start_zones: list[str] = []
        where = {c: board.cell_area(c) for c in sorted(self.floor)}  # once per square: it is exact but slow
        for name, area in board.areas.items():
            cells = frozenset(c for c, a in where.items() if a == name)
            self.areas[name] = cells
            for c in cells:
                self.area_of[c] = name
            self.area_text[name] = str(area.properties.get("text", ""))
            self.area_label[name] = str(area.properties.get("label", ""))
            if area.properties.get("start_zone"):
                self.start_zones.append(name)
        # A built map's areas (ids "start_room:start", the builder's "placement:area") named by
        # their piece ("Start room"), where the map gives no label: the log, the questions and the
        # goal name them so, never by the id (built_area_places).
        self.area_place: dict[str, Msg | Ref] = built_area_places(self.areas, self.area_label)
        for c in sorted(self.floor - self.area_of.keys()):
            problems.append(map_head(board.source) + str(M("floor square {c},{r} is in no area", c=c[0], r=c[1])))
            break

        self.doors: dict[str, DoorSpec] = {}
        self.door_of_edge: dict[Edge, str] = {}
        for d in board.doors:
            edges = board.door_edges(d)
            pairs = [_edge_sides(e) for e in sorted(edges)]
            sides = (frozenset(p[0] for p in pairs), frozenset(p[1] for p in pairs))
            security = d.properties.get("door_type") == "security"
            key = d.properties.get("key")
            self.doors[d.name] = DoorSpec(d.name, frozenset(edges), sides, security,
                                          str(key) if key else None, d.closed)
            for e in edges:
                self.door_of_edge[e] = d.name
        # The name a player reads for each door: the scenario maps number theirs D1, D2, ... and
        # keep them; any other name (the practice map's "door_b", a built map's
        # "sample_room:door_b") gets the next free number, in the map's order.
        used = {name for name in self.doors if DOOR_LABEL.fullmatch(name)}
        numbers = (f"D{n}" for n in itertools.count(1) if f"D{n}" not in used)
        self.door_label: dict[str, str] = {name: name if name in used else next(numbers) for name in self.doors}

        self.props: list[PropSpec] = []
        self.figures: list[FigureSpec] = []
        for m in board.markers:
            cell = m.properties.get("cell")
            area = self.area_of.get(cell, "")
            if m.kind == "figure":
                monster = str(m.properties["type"])
                if content is not None and monster not in content.monsters:
                    problems.append(f"{board.source}: {object_words(m.name, m.object_id)}: " + str(M(
                        "unknown monster {monster} (known: {known})", monster=repr(monster),
                        known=", ".join(sorted(content.monsters)))))
                    continue
                kind = content.monsters[monster].footprint if content is not None else "single"
                orientation = str(m.properties.get("orientation", "east"))
                if orientation not in ORIENTATIONS:
                    problems.append(f"{board.source}: {object_words(m.name, m.object_id)}: " + str(M(
                        "orientation must be one of {choices}", choices=", ".join(ORIENTATIONS))))
                    continue
                cells = footprint(kind, cell, orientation)
                if any(c not in self.floor for c in cells):
                    problems.append(f"{board.source}: {object_words(m.name, m.object_id)}: " + str(M(
                        "the {monster}'s squares {cells} are not all floor", monster=monster,
                        cells=", ".join(f"{x},{y}" for x, y in cells))))
                    continue
                self.figures.append(FigureSpec(m.name, monster, cells, int(m.properties.get("min_marines", 1)), area))
                continue
            variant = str(m.properties.get("variant", ""))
            if m.kind == "equipment" and content is not None and not (
                    variant in content.items or variant in content.weapons or variant in content.ammo):
                problems.append(f"{board.source}: {object_words(m.name, m.object_id)}: " + str(M(
                    "unknown equipment {variant} (an item, weapon or ammo id of game/doom/data)", variant=repr(variant))))
                continue
            self.props.append(PropSpec(m.name, m.kind, variant, cell, int(m.properties.get("count", 1)), area))
        if problems:
            raise MapError(problems)

        self.sight = GridSight(self.cols, self.rows, self.walls)
        self._door_edges: dict[frozenset[str], frozenset[Edge]] = {}
        self._strict: GridSight | None = None
        self._steps: dict[frozenset[str], dict[Cell, tuple[Cell, ...]]] = {}
        self._paths: dict[tuple[Cell, frozenset[str]], dict[Cell, int]] = {}
        self._area_cells: dict[tuple[str, ...], frozenset[Cell]] = {}
        self._footprints: dict[frozenset[str], dict] = {}
        self._door_reach: dict[tuple[frozenset[str], bool], dict[str, frozenset[Cell]]] = {}
        self._in_view: dict[tuple[Cell, frozenset[str], bool], frozenset[str]] = {}
        self._area_view: dict[tuple[Cell, str, frozenset[str], bool], tuple] = {}
        self._area_bits_of: dict[tuple[str, bool], int] = {}
        self.area_names: tuple[str, ...] = tuple(sorted(self.areas))

    def cells_of_areas(self, areas: tuple[str, ...]) -> frozenset[Cell]:
        """Every square of these areas (the explored map of a state's `revealed`)."""
        got = self._area_cells.get(areas)
        if got is None:
            got = frozenset().union(*(self.areas[a] for a in areas))
            if len(self._area_cells) > 256:  # a game reveals one area at a time: a few dozen keys
                self._area_cells.clear()
            self._area_cells[areas] = got
        return got

    def prepare(self) -> None:
        """Works out now what the first questions would otherwise build on the way, once per
        process: the LOS tables of the map's size and the walls-only view of every floor square
        (tools/bench_doom.py times play with and without this done first)."""
        for strict in (False, True):
            sight = self._sight(strict)
            for c in self.floor:
                sight.visible_from(c, frozenset(), self.door_edges(frozenset()))

    # --- doors -----------------------------------------------------------------------------

    def door_edges(self, closed: Iterable[str]) -> frozenset[Edge]:
        key = closed if isinstance(closed, frozenset) else frozenset(closed)
        got = self._door_edges.get(key)
        if got is None:
            got = frozenset(e for name in key for e in self.doors[name].edges)
            if len(self._door_edges) < 256:  # a game closes and opens only a few doors
                self._door_edges[key] = got
        return got

    def door_name(self, door: str) -> str:
        """A door as the table, the log and the buttons call it ("D3"), never its map id."""
        return self.door_label.get(door, door)

    def door_between(self, a: Cell, b: Cell) -> str | None:
        """The door whose edge an orthogonal step a->b crosses, if any."""
        (ax, ay), (bx, by) = a, b
        if ay == by and abs(ax - bx) == 1:
            x = max(ax, bx)
            return self.door_of_edge.get(((x, ay), (x, ay + 1)))
        if ax == bx and abs(ay - by) == 1:
            y = max(ay, by)
            return self.door_of_edge.get(((ax, y), (ax + 1, y)))
        return None

    # --- movement and distances --------------------------------------------------------------

    def steps(self, closed: frozenset[str]) -> dict[Cell, tuple[Cell, ...]]:
        """Floor square -> floor squares one legal king step away (walls, closed doors)."""
        table = self._steps.get(closed)
        if table is None:
            floor = self.floor
            if closed:
                # A closed door changes only the steps of the squares cornered at its edges' ends
                # (an orthogonal step crosses one edge, a diagonal one passes a vertex between
                # four squares): the walls-only table with those squares worked out again.
                table = dict(self.steps(frozenset()))
                edges = self.door_edges(closed)
                cells = {c for e in edges for vx, vy in e for c in ((vx, vy), (vx - 1, vy), (vx, vy - 1),
                                                                   (vx - 1, vy - 1)) if c in floor}
            else:
                table = {}
                edges = frozenset()
                cells = floor
            walls = self.walls | edges
            for c in cells:
                x, y = c
                table[c] = tuple(n for n in ((x + dx, y + dy) for dx, dy in KING_STEPS)
                                 if n in floor and step_allowed(walls, c, n))
            if len(self._steps) >= 64:  # door sets come and go (random play toggles doors): the oldest goes
                self._steps.pop(next(iter(self._steps)))
            self._steps[closed] = table
        return table

    def footprint_moves(self, cells: tuple[Cell, ...], closed: frozenset[str], perpendicular: bool = False
                        ) -> tuple[tuple[tuple[Cell, ...], tuple[Cell, ...]], ...]:
        """One step (1 MP) of a figure of two or more squares standing on `cells`, as the walls and
        closed doors allow it (spec 3.6): (the new footprint, the squares it enters that must be
        free), in a fixed order. A demon [head, tail] (seed p. 11): a snake step (either end
        leads orthogonally, the other follows into its square; only the new square is entered)
        or a diagonal sidestep (with `perpendicular`, spec 11 item 14's option, also sideways);
        a larger figure: a king step of every square. A step of each square must pass the walls."""
        table = self._footprints.get(closed)
        if table is None:
            if len(self._footprints) >= 64:
                self._footprints.pop(next(iter(self._footprints)))
            table = self._footprints[closed] = {}
        key = (cells, perpendicular)
        got = table.get(key)
        if got is None:
            steps = self.steps(closed)
            out: list[tuple[tuple[Cell, ...], tuple[Cell, ...]]] = []
            if len(cells) == 2:
                a, b = cells
                for lead, trail in ((a, b), (b, a)):
                    for dx, dy in KING_STEPS_ORTHO:
                        n = (lead[0] + dx, lead[1] + dy)
                        if n != trail and n in steps.get(lead, ()):
                            out.append(((n, lead), (n,)))
                sides = list(KING_STEPS_DIAG)
                if perpendicular:
                    sides += [(0, 1), (0, -1)] if a[1] == b[1] else [(1, 0), (-1, 0)]
            else:
                sides = list(KING_STEPS_ORTHO + KING_STEPS_DIAG)
            for dx, dy in sides:
                new = tuple((c[0] + dx, c[1] + dy) for c in cells)
                if all(n in steps.get(c, ()) for c, n in zip(cells, new)):
                    out.append((new, new))
            got = table[key] = tuple(out)
        return got

    def door_reach(self, closed: frozenset[str], adjacent: bool = True) -> dict[str, frozenset[Cell]]:
        """Door -> the squares a figure may use it from (spec 3.2, seed p. 9): its flanking squares,
        and with `adjacent` (the seed's reading, rules/queries.usable_doors) every square one
        legal step (walls, these closed doors) from one of them."""
        key = (closed, adjacent)
        got = self._door_reach.get(key)
        if got is None:
            steps = self.steps(closed)
            got = {}
            for name, d in self.doors.items():
                near = set(d.flanks)
                if adjacent:
                    for f in d.flanks:
                        near.update(steps.get(f, ()))
                got[name] = frozenset(near)
            if len(self._door_reach) > 64:
                self._door_reach.clear()
            self._door_reach[key] = got
        return got

    def step_ok(self, a: Cell, b: Cell, closed: frozenset[str]) -> bool:
        return b in self.steps(closed).get(a, ())

    def adjacent(self, a: Cell, b: Cell, closed: frozenset[str]) -> bool:
        """Spec 3.5 proposal: neighbours, not separated by a wall or closed door."""
        return self.step_ok(a, b, closed)

    def path_distances(self, a: Cell, closed: frozenset[str]) -> dict[Cell, int]:
        """King-move path lengths from a through props and figures, not walls or closed doors."""
        key = (a, closed)
        got = self._paths.get(key)
        if got is None:
            steps = self.steps(closed)
            got = {a: 0}
            frontier = [a]
            while frontier:
                nxt = []
                for c in frontier:
                    d = got[c] + 1
                    for n in steps[c]:
                        if n not in got:
                            got[n] = d
                            nxt.append(n)
                frontier = nxt
            if len(self._paths) > 4096:
                self._paths.clear()
            self._paths[key] = got
        return got

    # --- line of sight ---------------------------------------------------------------------

    def _sight(self, strict: bool) -> GridSight:
        """The LOS predicate; `strict` is spec 11 item 11's option (touching any solid corner blocks)."""
        if not strict:
            return self.sight
        if self._strict is None:
            self._strict = GridSight(self.cols, self.rows, self.walls, strict_corners=True)
        return self._strict

    def visible(self, a: Cell, b: Cell, blocking: Iterable[Cell], closed: frozenset[str], strict: bool = False) -> bool:
        return self._sight(strict).first_blocker(a, b, blocking, self.door_edges(closed)) is None

    def sight_line(self, a: Cell, b: Cell, blocking: Iterable[Cell], closed: frozenset[str], strict: bool = False):
        """The same test as `visible`, with its witness: a LosResult (game/board/gridlos.py) whose
        segment is the centre line, or whose blocker marks the first wall, door or square in the way
        (in squares; a screen scales it)."""
        return self._sight(strict).visible(a, b, blocking, self.door_edges(closed))

    def visible_from(self, a: Cell, blocking: frozenset[Cell], closed: frozenset[str],
                     strict: bool = False) -> frozenset[Cell]:
        return self._sight(strict).visible_from(a, blocking, self.door_edges(closed))

    def areas_in_view(self, a: Cell, closed: frozenset[str], strict: bool = False) -> frozenset[str]:
        """The areas with a square that square `a` sees past walls and closed doors alone (no
        figure or marker in the way): the areas it could see at most (spec 3.10)."""
        key = (a, closed, strict)
        got = self._in_view.get(key)
        if got is None:
            free = self._sight(strict).visible_bits(a, frozenset(), self.door_edges(closed))
            got = frozenset(name for name in self.area_names if free & self._area_bits(name, strict))
            if len(self._in_view) > 4096:
                self._in_view.clear()
            self._in_view[key] = got
        return got

    def _area_bits(self, area: str, strict: bool) -> int:
        got = self._area_bits_of.get((area, strict))
        if got is None:
            got = self._area_bits_of[(area, strict)] = self._sight(strict).cell_bits(self.areas[area])
        return got

    def sees_area(self, a: Cell, area: str, blocking: frozenset[Cell], closed: frozenset[str],
                  strict: bool = False) -> bool:
        """Whether square a sees a square of the area (spec 3.7, 3.10): `visible_from(a, ...)`
        meets it. Asked after every step for the areas still hidden, and mostly answered no by the
        same few blockers, so the answer is kept per the blocking squares that can matter (those
        on the lines to the squares of the area walls and doors let a see: `line_squares`)."""
        key = (a, area, closed, strict)
        got = self._area_view.get(key)
        if got is None:
            if len(self._area_view) > 4096:
                self._area_view.clear()
            sight = self._sight(strict)
            free = sight.visible_bits(a, frozenset(), self.door_edges(closed))
            targets = tuple(sorted(sight.cells_of_bits(free & self._area_bits(area, strict))))
            got = self._area_view[key] = (targets, sight.line_squares(a, targets), {})
        targets, lines, answers = got
        on_lines = lines & blocking
        seen = answers.get(on_lines)
        if seen is None:
            if len(answers) > 64:
                answers.clear()
            seen = answers[on_lines] = self._sight(strict).sees_any((a,), targets, on_lines, self.door_edges(closed))
        return seen

    def sees(self, viewer: Iterable[Cell], target: Iterable[Cell], blocking: Iterable[Cell],
             closed: frozenset[str], strict: bool = False) -> bool:
        """Spec 3.4/3.7: any square of the viewer to any square of the target; the viewer's and
        the target's own squares never block."""
        viewer, target = tuple(viewer), tuple(target)
        block = blocking if isinstance(blocking, frozenset) else frozenset(blocking)
        if len(viewer) > 1 or len(target) > 1:  # a line's own two end squares never block anyway
            block = block - set(viewer) - set(target)
        return self._sight(strict).sees_any(viewer, target, block, self.door_edges(closed))


def _file(path: str) -> Path:
    p = Path(path)
    return p if p.is_absolute() else ROOT / p


_PLACEMENT_COPY = re.compile(r"_\d+$")  # the builder's second placement of a piece: "room_small_2"


@lru_cache(maxsize=1)
def shipped_pieces() -> dict[str, tuple[str, dict[str, str]]]:
    """The Doom map pieces the builder offers, by key (a file's stem, as builder.piece_from_board
    makes it; maps/doom/pieces/ first, then the whole maps of maps/doom/): each piece's name
    ("Start room", in the catalogues under the context "doom") and its areas' own place names
    (a whole map's `label`s: "Control room"). Read with ElementTree, without the map loader: a
    built map's load asks for names only."""
    import xml.etree.ElementTree as ET

    out: dict[str, tuple[str, dict[str, str]]] = {}
    folder = ROOT / "maps" / "doom"
    for path in sorted(folder.glob("pieces/*.tmx")) + sorted(folder.glob("*.tmx")):
        try:
            root = ET.parse(path).getroot()
        except (OSError, ET.ParseError):
            continue
        props = {p.get("name"): p.get("value") for p in root.findall("./properties/property")}
        labels = {str(o.get("name")): str(p.get("value"))
                  for g in root.findall("objectgroup") if g.get("name") == "areas"
                  for o in g.findall("object") for p in o.findall("./properties/property")
                  if p.get("name") == "label" and p.get("value")}
        key = re.sub(r"[^A-Za-z0-9_]+", "_", path.stem).strip("_") or "piece"
        out.setdefault(key, (str(props.get("name") or key), labels))
    return out


def built_area_places(areas: dict[str, frozenset], labels: dict[str, str]) -> dict[str, Msg | Ref]:
    """A player's name for each area of a built map that has no `label`: its id is
    "placement:area" (the builder's), the placement a piece's key ("room_small", "room_small_2"
    for its second copy); the name is the piece's area's own label, else the piece's name, as a
    `doom.place` Ref (worded in the reader's language, names.lookup). A name borne by more than
    one area is numbered in the map's reading order (by each area's top-left square): "Corridor,
    straight 1", "Corridor, straight 2". An area of no shipped piece keeps its id."""
    pieces = shipped_pieces()
    named: dict[str, str] = {}
    for area in areas:
        if labels.get(area) or ":" not in area:
            continue
        placement, _, inner = area.partition(":")
        key = placement if placement in pieces else _PLACEMENT_COPY.sub("", placement)
        if key in pieces:
            name, own = pieces[key]
            named[area] = own.get(inner) or name
    if not named:
        return {}
    total = {n: sum(1 for m in named.values() if m == n) for n in set(named.values())}
    seen: dict[str, int] = {}
    out: dict[str, Msg | Ref] = {}
    for area in sorted(named, key=lambda a: (min(((c[1], c[0]) for c in areas[a]), default=(0, 0)), a)):
        name = named[area]
        if total[name] > 1:
            seen[name] = seen.get(name, 0) + 1
            out[area] = M("{place} {n}", place=ref("doom.place", name), n=seen[name])
        else:
            out[area] = ref("doom.place", name)
    return out


@lru_cache(maxsize=8)
def load_map(path: str, content=None) -> DoomMap:
    """A scenario map by path (relative to the project root), read once per process."""
    return DoomMap(load_board(_file(path)), content)


class MapReader:
    """Scenario maps for a screen that asks for them at every redraw (the set-up's scenario rows
    and its preview): each path's map as `load_map` gives it, or the InputError saying what is
    wrong with the file. load_map keeps only maps that load, so a broken file was parsed again
    every frame; the reader keeps its problem with the file's modification time and size, and
    reads the file again once it changed (a repaired map shows at once)."""

    def __init__(self, content=None) -> None:
        self.content = content
        self._failed: dict[str, tuple[tuple[int, int] | None, InputError]] = {}

    def __call__(self, path: str) -> DoomMap | InputError:
        try:
            st = _file(path).stat()
            stamp: tuple[int, int] | None = (st.st_mtime_ns, st.st_size)
        except OSError:  # gone: its problem stands until a file is there
            stamp = None
        failed = self._failed.get(path)
        if failed is not None and failed[0] == stamp:
            return failed[1]
        try:
            return load_map(path, self.content)
        except InputError as exc:
            self._failed[path] = (stamp, exc)
            return exc


__all__ = ["DoomMap", "DoorSpec", "FigureSpec", "PropSpec", "footprint", "load_map", "MapReader", "ORIENTATIONS"]
