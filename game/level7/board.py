"""The Level 7 map as a graph of tiles (level7-escape.md 3.1-3.3; docs/MAPS.md "Level 7").

A tile is read from its Tiled map (game.board.tmx.load_board, then the checks of check-map) into
a `Tile`: its door slots per side, its duct stubs, its vent and icons and its population spots.
Tiles are laid on a square grid of standard-tile cells (`TileMap.place`), in any of 4 quarter
turns. Two placed tiles are joined only where a door of each meets on their shared side (3.2);
duct stubs meeting across a side join vent networks whether or not a door is there (8.9).
Distances are path lengths in moves and depend on who moves (the table of 3.2). Geometry and
sight decide nothing here. Pure: no pygame, no game state (locked door tokens and sealed vents
are the rules' state and are passed in).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping

from game.board.checks import check_board
from game.board.model import MapError
from game.board.slots import L7_CELLS
from game.board.tmx import load_board
from game.board.tmx_gate import map_head
from game.engine.text import M
from game.engine.provenance import read_provenance
from game.engine.tomldata import load_toml

EDGES = ("N", "E", "S", "W")
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
MOVERS = ("character", "guard", "hybrid", "clone")
DATA = Path(__file__).resolve().parent / "data" / "tiles.toml"
MAPS = Path(__file__).resolve().parents[2] / "maps" / "level7" / "tiles"

Slot = tuple[str, int]  # (side, index clockwise along it)
Cell = tuple[int, int]


@dataclass(frozen=True)
class Tile:
    """One tile face as printed (turns = 0) or turned a number of quarter turns clockwise."""

    id: str
    name: str
    size: tuple[int, int]  # footprint in standard tiles (columns, rows)
    doors: Mapping[Slot, str]  # slot -> "doorway", "door" or "locked"
    stubs: frozenset[Slot]
    icons: tuple[str, ...]  # icon kinds (spec 3.4), the vent included
    spots: Mapping[str, int]  # population spots per kind of figure
    off_map: bool = False
    back: str = ""
    placeholder: bool = True
    turns: int = 0
    source: str = ""

    @property
    def vent(self) -> bool:
        return "vent" in self.icons

    def has(self, icon: str) -> bool:
        return icon in self.icons

    def doors_on(self, edge: str) -> dict[int, str]:
        return {i: kind for (e, i), kind in self.doors.items() if e == edge}

    def rotated(self, turns: int) -> Tile:
        """The tile turned `turns` quarter turns clockwise: a slot keeps its index and moves one
        side on (N -> E -> S -> W), since indexes run clockwise."""
        t = turns % 4

        def turn(slot: Slot) -> Slot:
            return EDGES[(EDGES.index(slot[0]) + t) % 4], slot[1]

        size = self.size if t % 2 == 0 else (self.size[1], self.size[0])
        return Tile(self.id, self.name, size, {turn(s): k for s, k in self.doors.items()},
                    frozenset(turn(s) for s in self.stubs), self.icons, self.spots, self.off_map, self.back,
                    self.placeholder, (self.turns + t) % 4, self.source)

    def slot_cell(self, slot: Slot) -> Cell:
        """The footprint cell (col, row) whose side holds the slot."""
        edge, i = slot
        w, h = self.size
        return {"N": (i, 0), "E": (w - 1, i), "S": (w - 1 - i, h - 1), "W": (0, h - 1 - i)}[edge]

    def slot_at(self, cell: Cell, edge: str) -> Slot | None:
        """The slot on side `edge` of footprint cell `cell`, when that side is on the outline."""
        w, h = self.size
        c, r = cell
        if edge == "N" and r == 0:
            return "N", c
        if edge == "S" and r == h - 1:
            return "S", w - 1 - c
        if edge == "E" and c == w - 1:
            return "E", r
        if edge == "W" and c == 0:
            return "W", h - 1 - r
        return None


def spot_minimum(path: str | Path = DATA) -> dict[str, int]:
    """The population spots a tile needs per kind (game/level7/data/tiles.toml [spots])."""
    f = load_toml(path)
    rec = f.data.get("spots")
    if not isinstance(rec, dict):
        raise f.error(["spots"], "missing table [spots] (population spots per kind of figure)")
    read_provenance(rec, ["spots"], f.error)
    out = {}
    for kind in ("character", "guard", "clone", "hybrid"):
        v = rec.get(kind)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise f.error(["spots", kind], f"{kind} must be a whole number >= 0, got {v!r}")
        out[kind] = v
    return out


def load_tile(path: str | Path, minimum: Mapping[str, int] | None = None) -> Tile:
    """Read a Level 7 tile map; MapError with every problem (file, object, what is wrong)."""
    board = load_board(path)
    src = str(path)
    if board.properties.get("title") != "level7":
        raise MapError(map_head(src) + str(M("not a Level 7 tile (title is {title}, not 'level7')",
                                             title=repr(board.properties.get("title")))))
    problems = [str(p) for p in check_board(board)]
    off_map = bool(board.properties.get("off_map", False))
    spots: dict[str, int] = {}
    for f in board.features:
        if f.kind == "spot":
            kind = str(f.properties["kind"])
            spots[kind] = spots.get(kind, 0) + 1
    need = spot_minimum() if minimum is None else minimum
    for kind, n in need.items():
        if off_map and kind != "character":
            continue
        if spots.get(kind, 0) < n:
            problems.append(map_head(src) + str(M("{n} {kind} spots; a tile needs {need} (game/level7/data/tiles.toml [spots])",
                                                  n=spots.get(kind, 0), kind=kind, need=n)))
    if problems:
        raise MapError(problems)
    doors = {(str(d.properties["edge"]), int(d.properties["slot"])): str(d.properties["kind"]) for d in board.doors}
    from game.board.slots import l7_point_slot

    stubs = set()
    w, h = board.pixel_size()
    for line in board.lines_of("duct"):
        for end in (line.points[0], line.points[-1]):
            slot = l7_point_slot(board, end)
            if slot is not None and (end[0] in (0, w) or end[1] in (0, h)):
                stubs.add(slot)
    icons = tuple(str(f.properties["kind"]) for f in board.features if f.kind == "icon")
    return Tile(
        str(board.properties["tile_id"]), str(board.properties["name"]),
        (board.width // L7_CELLS, board.height // L7_CELLS), doors, frozenset(stubs), icons, spots, off_map,
        str(board.properties.get("back", "")), bool(board.properties.get("placeholder", False)), 0, src,
    )


def load_tiles(folder: str | Path = MAPS) -> dict[str, Tile]:
    """Every tile of a folder by id; MapError listing the problems of all broken files."""
    minimum = spot_minimum()
    tiles, problems = {}, []
    for path in sorted(Path(folder).glob("*.tmx")):
        try:
            tile = load_tile(path, minimum)
        except MapError as exc:
            problems += exc.problems
            continue
        if tile.id in tiles:
            problems.append(map_head(str(path)) + str(M("tile_id {id} is also {other}", id=tile.id, other=tiles[tile.id].source)))
            continue
        tiles[tile.id] = tile
    if problems:
        raise MapError(problems)
    return tiles


# --- the map: placed tiles ------------------------------------------------------------------------


@dataclass(frozen=True)
class Link:
    """A connection between two placed tiles: kind "door" (through two doors; `locked` when either
    is locked) or "vent" (vents of one duct network)."""

    a: str
    b: str
    kind: str
    locked: bool = False
    slots: tuple[Slot, Slot] | None = None  # the door slots (of a's and b's turned tiles)


@dataclass(frozen=True)
class Edge:
    """One move from a tile in a mover's graph: through a door (its two sides in `door`, this
    tile's first; `tokens`: the locked door tokens on it) or a vent link; `cost` in moves."""

    to: str
    cost: int
    kind: str  # door | vent
    door: tuple[tuple[str, Slot], tuple[str, Slot]] | None = None
    tokens: tuple[tuple[str, Slot], ...] = ()

    @property
    def locked(self) -> bool:
        return self.cost > 1


@dataclass
class TileMap:
    """Tiles placed on a grid of standard-tile cells. Placement names are the tile ids."""

    placed: dict[str, tuple[Tile, Cell]] = field(default_factory=dict)  # name -> (turned tile, top-left cell)
    # links() per set of sealed vents, cleared by place(): the rules ask for distances many times
    # per action and the map changes only when a tile is placed
    _links: dict[frozenset[str], list[Link]] = field(default_factory=dict, repr=False, compare=False)
    _graphs: dict[tuple, dict[str, list[Edge]]] = field(default_factory=dict, repr=False, compare=False)

    def occupied(self) -> dict[Cell, str]:
        out = {}
        for name, (tile, (x, y)) in self.placed.items():
            for c in range(tile.size[0]):
                for r in range(tile.size[1]):
                    out[(x + c, y + r)] = name
        return out

    def place(self, tile: Tile, at: Cell, turns: int = 0, name: str | None = None) -> str:
        """Put `tile` turned `turns` quarter turns with its top-left cell at `at`."""
        if tile.off_map:
            raise ValueError(f"{tile.name} is never joined to the map (spec 3.4)")
        name = name or tile.id
        if name in self.placed:
            raise ValueError(f"{name} is already on the map")
        turned = tile.rotated(turns)
        taken = self.occupied()
        cells = [(at[0] + c, at[1] + r) for c in range(turned.size[0]) for r in range(turned.size[1])]
        clash = [taken[c] for c in cells if c in taken]
        if clash:
            raise ValueError(f"{name} at {at} would lie on {clash[0]}")
        self.placed[name] = (turned, at)
        self._links.clear()
        self._graphs.clear()
        return name

    def _outline(self, tile: Tile, at: Cell, taken: dict[Cell, str]):
        """(slot, neighbour name or None, neighbour's slot or None) for every outline slot of
        `tile` (turned as placed) with its top-left cell at `at`."""
        x, y = at
        for c in range(tile.size[0]):
            for r in range(tile.size[1]):
                for edge in EDGES:
                    slot = tile.slot_at((c, r), edge)
                    if slot is None:
                        continue
                    dx, dy = STEP[edge]
                    cell = (x + c + dx, y + r + dy)
                    other = taken.get(cell)
                    if other is None:
                        yield slot, None, None
                        continue
                    otile, (ox, oy) = self.placed[other]
                    yield slot, other, otile.slot_at((cell[0] - ox, cell[1] - oy), OPPOSITE[edge])

    def _sides(self):
        """(name, slot, neighbour name or None, neighbour's slot or None) for every outline slot."""
        taken = self.occupied()
        for name, (tile, at) in self.placed.items():
            for slot, other, oslot in self._outline(tile, at, taken):
                yield name, slot, other, oslot

    def door_links(self) -> list[Link]:
        """The doors that meet a door of a neighbour (3.2: only they join tiles)."""
        links = []
        for name, slot, other, oslot in self._sides():
            if other is None or name > other:
                continue
            tile, otile = self.placed[name][0], self.placed[other][0]
            if slot in tile.doors and oslot in otile.doors:
                locked = "locked" in (tile.doors[slot], otile.doors[oslot])
                links.append(Link(name, other, "door", locked, (slot, oslot)))
        return links

    def open_doors(self) -> list[tuple[str, Slot]]:
        """Doors that face no tile: where exploring places the next one (3.3)."""
        return [(name, slot) for name, slot, other, _ in self._sides()
                if other is None and slot in self.placed[name][0].doors]

    def open_edges(self) -> list[tuple[str, Slot]]:
        """Every outline slot, door or wall, that faces no tile (spec 3.3: vents as doors)."""
        return [(name, slot) for name, slot, other, _ in self._sides() if other is None]

    def vent_networks(self) -> list[frozenset[str]]:
        """Groups of placed tiles whose ducts join (8.9: all stubs of a tile join each other; two
        stubs meeting across a shared side join), keeping only the tiles with a vent."""
        parent = {name: name for name in self.placed}

        def find(n: str) -> str:
            while parent[n] != n:
                parent[n] = parent[parent[n]]
                n = parent[n]
            return n

        for name, slot, other, oslot in self._sides():
            if other is not None and slot in self.placed[name][0].stubs and oslot in self.placed[other][0].stubs:
                parent[find(name)] = find(other)
        groups: dict[str, set[str]] = {}
        for name, (tile, _) in self.placed.items():
            if tile.vent:
                groups.setdefault(find(name), set()).add(name)
        return sorted((frozenset(g) for g in groups.values()), key=sorted)

    def links(self, sealed: Iterable[str] = ()) -> list[Link]:
        """Door links and vent links (each pair of vent tiles of one network); `sealed`: tiles
        whose vent nobody may use (a sealed vent token, spec 3.4 PLACEHOLDER)."""
        shut = frozenset(sealed)
        known = self._links.get(shut)
        if known is not None:
            return list(known)
        out = self.door_links()
        for group in self.vent_networks():
            usable = sorted(group - shut)
            out += [Link(a, b, "vent") for i, a in enumerate(usable) for b in usable[i + 1:]]
        self._links[shut] = out
        return list(out)

    def graph(self, mover: str = "character", locked: Iterable[tuple[str, Slot]] = (),
              sealed: Iterable[str] = ()) -> dict[str, list[Edge]]:
        """Every move `mover` can make from each tile, with its cost: the one statement of spec
        3.2's table (distances, the enemies' routes and everyone else read it). Characters and
        clones use vents and stop at locked doors; guards and hybrids pass a locked door for one
        extra move and never use vents. `locked`: doors with a locked door token, as (placement,
        slot of its turned tile); a locked door on either side locks the link. Kept until a tile
        is placed; read it, never change it."""
        if mover not in MOVERS:
            raise ValueError(f"unknown mover {mover!r} (one of {', '.join(MOVERS)})")
        key = (mover, frozenset(locked), frozenset(sealed))
        known = self._graphs.get(key)
        if known is not None:
            return known
        tokens = key[1]
        graph: dict[str, list[Edge]] = {n: [] for n in self.placed}
        for link in self.links(key[2]):
            if link.kind == "vent":
                if mover in ("guard", "hybrid"):
                    continue
                graph[link.a].append(Edge(link.b, 1, "vent"))
                graph[link.b].append(Edge(link.a, 1, "vent"))
                continue
            sides = ((link.a, link.slots[0]), (link.b, link.slots[1]))
            on = tuple(x for x in sides if x in tokens)
            shut = link.locked or bool(on)
            if shut and mover in ("character", "clone"):
                continue
            cost = 2 if shut else 1
            graph[link.a].append(Edge(link.b, cost, "door", sides, on))
            graph[link.b].append(Edge(link.a, cost, "door", (sides[1], sides[0]), on))
        self._graphs[key] = graph
        return graph

    def distances(self, start: str, mover: str = "character", locked: Iterable[tuple[str, Slot]] = (),
                  sealed: Iterable[str] = ()) -> dict[str, int]:
        """Moves from `start` to every tile `mover` can reach, on its `graph` (spec 3.2)."""
        if mover not in MOVERS:
            raise ValueError(f"unknown mover {mover!r} (one of {', '.join(MOVERS)})")
        if start not in self.placed:
            raise KeyError(f"no tile {start!r} on the map")
        graph = self.graph(mover, locked, sealed)
        # costs are 1 or 2: a 0-1-2 breadth-first search with a bucket queue is exact
        dist = {start: 0}
        buckets: dict[int, deque[str]] = {0: deque([start])}
        d = 0
        while buckets:
            queue = buckets.pop(d, None)
            if queue is None:
                d += 1
                continue
            while queue:
                n = queue.popleft()
                if dist[n] != d:
                    continue
                for e in graph[n]:
                    m, cost = e.to, e.cost
                    if m not in dist or d + cost < dist[m]:
                        dist[m] = d + cost
                        buckets.setdefault(d + cost, deque()).append(m)
            d += 1
        return dist

    def blocked_doors(self) -> list[tuple[str, Slot]]:
        """Doors that face a neighbour's wall (3.3: allowed only when no placement avoids it)."""
        return [(name, slot) for name, slot, other, oslot in self._sides()
                if other is not None and slot in self.placed[name][0].doors
                and oslot not in self.placed[other][0].doors]

    def placements_at(self, tile: Tile, name: str, slot: Slot) -> list[tuple[int, Cell, int]]:
        """Where `tile` may be placed to explore through door `slot` of placed tile `name`
        (spec 3.3 step 2): (turns, top-left cell, doors joined), one of its doors meeting that
        door, not overlapping; only the placements joining the most doors, and among them those
        that leave the fewest doors against a wall (a door may be blocked only when no
        alternative exists). The explorer chooses among what is left."""
        here, (x, y) = self.placed[name]
        if slot not in here.doors:
            raise ValueError(f"{name} has no door at {slot[0]}{slot[1]}")
        c, r = here.slot_cell(slot)
        dx, dy = STEP[slot[0]]
        target = (x + c + dx, y + r + dy)
        if target in self.occupied():
            raise ValueError(f"the door {slot[0]}{slot[1]} of {name} already faces a tile")
        found = self.candidates(tile, target, OPPOSITE[slot[0]])
        if not found:
            return []
        best = max(f[2] for f in found)
        fewest = min(f[3] for f in found if f[2] == best)
        return sorted({f[:3] for f in found if f[2] == best and f[3] == fewest})

    def candidates(self, tile: Tile, target: Cell, edge: str) -> list[tuple[int, Cell, int, int]]:
        """Every placement of `tile` with a door on its `edge` side in cell `target`, not
        overlapping: (turns, top-left cell, doors it joins, doors it leaves against a wall)."""
        # Only the new tile's own sides change: the pairs of tiles already placed keep their doors
        # and walls, so what a placement joins and blocks is read from its outline alone
        # (tests/level7/test_tiles.py compares with trial maps and the whole map's counts).
        taken = self.occupied()
        found = []
        for turns in range(4):
            turned = tile.rotated(turns)
            for s in turned.doors:
                if s[0] != edge:
                    continue
                sc = turned.slot_cell(s)
                at = (target[0] - sc[0], target[1] - sc[1])
                if tile.off_map or any((at[0] + c, at[1] + r) in taken
                                       for c in range(turned.size[0]) for r in range(turned.size[1])):
                    continue
                joined = blocked = 0
                for tslot, other, oslot in self._outline(turned, at, taken):
                    if other is None:
                        continue
                    door, odoor = tslot in turned.doors, oslot in self.placed[other][0].doors
                    joined += door and odoor
                    blocked += door != odoor
                found.append((turns, at, joined, blocked))
        return found
