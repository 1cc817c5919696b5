"""Things a Doom build places besides its pieces (issue 13 item 6): doors, props, invader
figures with their marine-count tag (spec 9.2), the marines' start zone and the objective.

Items live in the builder's coordinates (squares of the table grid; a door at the grid vertex
at its middle) and do not move with the pieces: a piece moved away from under an item leaves
the item on no floor, which validation reports. Composing a build adds them to the composed
board exactly as docs/MAPS.md says a hand-made Doom map has them, so the written .tmx is read
by the ordinary loaders:

- a door is an `edges` polyline (kind door, 2 squares wide), named `door_N`;
- a prop is a `props` point at the centre of its square (kind `barrel`, `key:red`...), `prop_N`;
- a figure is a `figures` point with its monster in the Class field and `min_marines`, `figure_N`;
- the start zone and the objective are area properties (`start_zone`, `objective`) of the
  area under them; a placed start zone replaces the pieces' own start zones.

No pygame.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Callable, Iterable, Sequence

from game.board.model import Area, Board, Door, Marker, Point
from game.engine.text import Joined, M, Msg, Ref

__all__ = ["BuildItem", "ITEM_KINDS", "START_SQUARES", "door_edges", "door_flanks", "item_problem",
           "apply_items", "items_of_board", "item_cells", "prop_value_problem", "Footprint"]

ITEM_KINDS = ("door", "prop", "figure", "start", "objective")
KEYS = ("red", "blue", "yellow")
# Spec 4 / 9.2: the marines start in the start zone, one per square; a map must hold three.
START_SQUARES = 3

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]
Footprint = Callable[[str, Cell], Sequence[Cell]]  # monster id, anchor square -> its squares


@dataclass(frozen=True)
class BuildItem:
    kind: str  # one of ITEM_KINDS
    name: str  # unique on the map (D1, prop_2, figure_3; start, objective)
    cell: Cell  # its square; a door: the grid vertex at its middle
    value: str = ""  # door: "ordinary" or "security:<key>"; prop: its kind text; figure: the monster id
    vertical: bool = False  # a door running north-south (else west-east)
    min_marines: int = 1  # a figure: present with this many marines or more (spec 9.2)


def door_edges(item: BuildItem) -> frozenset[Edge]:
    """The 2 unit edges (grid vertices) a door covers (spec 3.2: doors are 2 squares wide)."""
    x, y = item.cell
    if item.vertical:
        return frozenset({((x, y - 1), (x, y)), ((x, y), (x, y + 1))})
    return frozenset({((x - 1, y), (x, y)), ((x, y), (x + 1, y))})


def door_flanks(item: BuildItem) -> tuple[tuple[Cell, Cell], tuple[Cell, Cell]]:
    """The squares on each side of a door (its 4 flanking squares, docs/MAPS.md)."""
    x, y = item.cell
    if item.vertical:
        return ((x - 1, y - 1), (x - 1, y)), ((x, y - 1), (x, y))
    return ((x - 1, y - 1), (x, y - 1)), ((x - 1, y), (x, y))


def prop_value_problem(value: str) -> Msg | None:
    from game.board.tmx import DOOM_PROP_KINDS
    from game.board.tmx_gate import kind_word

    kind, _sep, variant = value.partition(":")
    if kind not in DOOM_PROP_KINDS:
        return M("unknown prop kind {kind} (known: {known})", kind=repr(value), known=", ".join(DOOM_PROP_KINDS))
    if DOOM_PROP_KINDS[kind] and not variant:
        return M("prop kind {kind} needs a value after ':' (e.g. {kind}:red)", kind=kind)
    if not DOOM_PROP_KINDS[kind] and variant:
        return M("prop kind {kind} takes no ':' value", kind=kind)
    if kind in ("key", "teleporter") and variant not in KEYS:
        return M("a {kind} is {keys}, not {value}", kind=kind_word(kind), keys=", ".join(KEYS), value=repr(variant))
    return None


def item_cells(item: BuildItem, footprint: Footprint | None = None) -> tuple[Cell, ...]:
    if item.kind == "figure" and footprint is not None:
        return tuple(footprint(item.value, item.cell))
    return (item.cell,)


def item_problem(item: BuildItem, floor: frozenset[Cell] | set[Cell], items: Iterable[BuildItem],
                 piece_doors: Iterable[frozenset[Edge]] = (), piece_marks: Iterable[tuple[str, Cell]] = (),
                 footprint: Footprint | None = None) -> Msg | Joined | str | None:
    """Why the item cannot lie where it is (None: it can), as a message (issue 18). `items` are the other items;
    piece_doors the edges of the pieces' own doors, piece_marks their (kind, square) markers."""
    from game.board.tmx import BLOCKING_PROPS

    others = [i for i in items if i.name != item.name]
    if item.kind == "door":
        a, b = door_flanks(item)
        if not all(c in floor for c in a + b):
            return M("a door goes on an edge between floor squares: its 4 flanking squares must be floor")
        mine = door_edges(item)
        if any(mine & door_edges(o) for o in others if o.kind == "door") or any(mine & d for d in piece_doors):
            return M("there is already a door on this edge")
        kind, _sep, key = item.value.partition(":")
        if kind not in ("ordinary", "security") or (kind == "security") != bool(key) or (key and key not in KEYS):
            return M("a door is ordinary or security:<{keys}>, not {value}", keys="|".join(KEYS), value=repr(item.value))
        return None
    cells = item_cells(item, footprint)
    if not all(c in floor for c in cells):
        where = {"prop": M("A prop goes on a floor square"), "figure": M("A figure goes on a floor square"),
                 "start": M("The start zone goes on a floor square"), "objective": M("The objective goes on a floor square")}[item.kind]
        # The monster by its name in the reader's language ('imp' was the id, in English).
        thing = Ref("doom.monster", item.value) if item.kind == "figure" else item.value
        return where if len(cells) == 1 else where + M(" ({n} squares for a {thing})", n=len(cells), thing=thing)
    if item.kind == "prop":
        problem = prop_value_problem(item.value)
        if problem:
            return problem
        taken = {c for o in others if o.kind == "prop" for c in item_cells(o)} | {c for _k, c in piece_marks}
        if item.cell in taken:
            return M("there is already a marker on this square")
        blocking = item.value in BLOCKING_PROPS
        if blocking and any(item.cell in item_cells(o, footprint) for o in others if o.kind == "figure"):
            return M("an obstacle or barrel cannot go under a figure")
    elif item.kind == "figure":
        if not 1 <= item.min_marines <= START_SQUARES:
            return M("a figure is present with 1 to {most} marines or more, not {n}", most=START_SQUARES, n=item.min_marines)
        held = {c for o in others if o.kind == "figure" for c in item_cells(o, footprint)}
        held |= {c for k, c in piece_marks if k == "figure"}
        if any(c in held for c in cells):
            return M("there is already a figure on this square")
        solid = {o.cell for o in others if o.kind == "prop" and o.value in BLOCKING_PROPS}
        solid |= {c for k, c in piece_marks if k in BLOCKING_PROPS}
        if any(c in solid for c in cells):
            return M("a figure cannot stand on an obstacle or barrel")
    return None


# --- onto the composed board ----------------------------------------------------------------------


def _vertex(board: Board, v: Cell) -> Point:
    return (Fraction(v[0] * board.tile_width), Fraction(v[1] * board.tile_height))


def apply_items(board: Board, items: Sequence[BuildItem], delta: Cell = (0, 0)) -> Board:
    """The composed board with the items on it; `delta` moves builder squares to the board's."""
    from game.board.tmx import BLOCKING_PROPS

    if not items or board.grid is None:
        return board
    dx, dy = delta

    def moved(c: Cell) -> Cell:
        return (c[0] + dx, c[1] + dy)

    doors = list(board.doors)
    markers = list(board.markers)
    areas = dict(board.areas)
    open_edges: set[Edge] = set()
    blocking = set(board.grid.blocking)
    for item in items:
        cell = moved(item.cell)
        if item.kind == "door":
            it = replace(item, cell=cell)
            a, b = sorted(v for e in door_edges(it) for v in e)[0], sorted(v for e in door_edges(it) for v in e)[-1]
            kind, _sep, key = item.value.partition(":")
            props = {"door_type": kind or "ordinary"}
            if key:
                props["key"] = key
            doors.append(Door(item.name, 0, (_vertex(board, a), _vertex(board, b)), True, props))
            open_edges |= door_edges(it)
        elif item.kind in ("prop", "figure"):
            point = board.cell_center(cell)
            area = board.cell_area(cell)
            if item.kind == "figure":
                props = {"type": item.value, "cell": cell, "min_marines": item.min_marines}
                markers.append(Marker("figure", item.name, 0, point, area, props))
            else:
                kind, _sep, variant = item.value.partition(":")
                props = {"cell": cell, **({"variant": variant} if variant else {})}
                markers.append(Marker(kind, item.name, 0, point, area, props))
                if kind in BLOCKING_PROPS:
                    blocking.add(cell)
        elif item.kind in ("start", "objective"):
            name = board.cell_area(cell)
            if name is None or name not in areas:
                continue
            flag = "start_zone" if item.kind == "start" else "objective"
            if item.kind == "start":
                for n, a in list(areas.items()):
                    if a.properties.get("start_zone"):
                        areas[n] = replace(a, properties={k: v for k, v in a.properties.items() if k != "start_zone"})
            area = areas[name]
            areas[name] = replace(area, properties={**area.properties, flag: True})
    grid = replace(board.grid, wall_edges=board.grid.wall_edges - open_edges, blocking=frozenset(blocking))
    return replace(board, doors=tuple(doors), markers=tuple(markers), areas=areas, grid=grid)


def items_of_board(board: Board, default_starts: Iterable[str]) -> list[BuildItem]:
    """The items of a saved build: its objects without a piece prefix, the objective areas, and
    the start zone when it is not the pieces' own (`default_starts`, the areas the pieces mark)."""
    tw, th = board.tile_width, board.tile_height
    out: list[BuildItem] = []
    for d in board.doors:
        if ":" in d.name or d.name.endswith("_door"):
            continue
        (ax, ay), (bx, by) = d.points[0], d.points[-1]
        mid = (int((ax + bx) / 2 / tw), int((ay + by) / 2 / th))
        kind = str(d.properties.get("door_type", "ordinary"))
        key = d.properties.get("key")
        out.append(BuildItem("door", d.name, mid, f"{kind}:{key}" if key else kind, ax == bx))
    for m in board.markers:
        if ":" in m.name:
            continue
        cell = m.properties.get("cell")
        if not isinstance(cell, tuple):
            continue
        if m.kind == "figure":
            out.append(BuildItem("figure", m.name, cell, str(m.properties.get("type", "")),
                                 min_marines=int(m.properties.get("min_marines", 1))))
        else:
            variant = m.properties.get("variant")
            out.append(BuildItem("prop", m.name, cell, m.kind + (f":{variant}" if variant else "")))

    def first_cell(a: Area) -> Cell:
        x0 = min(p[0] for p in a.polygon)
        y0 = min(p[1] for p in a.polygon)
        return (int(x0 // tw), int(y0 // th))

    goal = next((a for a in board.areas.values() if a.properties.get("objective")), None)
    if goal is not None:
        out.append(BuildItem("objective", "objective", first_cell(goal)))
    starts = [a for a in board.areas.values() if a.properties.get("start_zone")]
    if {a.name for a in starts} != set(default_starts) and len(starts) == 1:
        out.append(BuildItem("start", "start", first_cell(starts[0])))
    return out
