"""The state's map as a TileMap (game/level7/board.py), cached on the state: the graph of spec 3.2
with the rules' tokens (locked doors, sealed vents) passed in. Distances are cached per map and
token set, since enemies, spawns and the bots ask for them many times per action."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from game.level7.board import EDGES, Slot, Tile, TileMap, load_tiles
from game.level7.rules.state import Level7State


@lru_cache(maxsize=1)
def shared_tiles() -> dict[str, Tile]:
    """Every tile of maps/level7/tiles by id, read once per process."""
    return load_tiles()


class CachedTileMap(TileMap):
    """A TileMap remembering its distances until a tile is placed: the enemy rules ask the same
    ones many times per event (every figure's target, path and spawn site)."""

    def __init__(self) -> None:
        super().__init__()
        self._memo: dict[tuple, dict[str, int]] = {}

    def place(self, tile: Tile, at: tuple[int, int], turns: int = 0, name: str | None = None) -> str:
        self._memo.clear()
        return super().place(tile, at, turns, name)

    def distances(self, start: str, mover: str = "character", locked=(), sealed=()) -> dict[str, int]:
        key = (start, mover, frozenset(locked), frozenset(sealed))
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = super().distances(start, mover, locked, sealed)
        return got


class MapView:
    """A TileMap built from `state.placed`, with distance caches keyed on the tokens."""

    def __init__(self, state: Level7State):
        tiles = shared_tiles()
        self.tilemap = CachedTileMap()
        extra: dict[str, list[Slot]] = {}
        for t, e, i in state.tokens["new_doors"]:
            extra.setdefault(t, []).append((e, i))
        for tile_id, x, y, turns in state.placed:
            self.tilemap.place(with_doors(tiles[tile_id], turns, extra.get(tile_id, [])), (x, y), turns)
        self.count = len(state.placed)
        self.doors = len(state.tokens["new_doors"])
        self.open: list[tuple[str, Slot]] | None = None
        self.edges: list[tuple[str, Slot]] | None = None
        self._dist: dict[tuple, dict[str, int]] = {}
        self._links: dict[tuple, dict[str, list[tuple[str, str, tuple[str, Slot] | None]]]] = {}

    def place(self, tile: Tile, at: tuple[int, int], turns: int) -> None:
        self.tilemap.place(tile, at, turns)
        self.count += 1
        self.open = self.edges = None
        self._dist.clear()
        self._links.clear()

    def distances(self, state: Level7State, start: str, mover: str = "character") -> dict[str, int]:
        key = (start, mover, _locked_key(state), _sealed_key(state))
        got = self._dist.get(key)
        if got is None:
            got = self._dist[key] = self.tilemap.distances(start, mover, _locked(state), key[3])
        return got

    def neighbours(self, state: Level7State, tile: str) -> dict[str, list[tuple[str, str, tuple[str, Slot] | None]]]:
        """tile -> [(other tile, "door" | "locked" | "vent", the door (tile, slot) on this side)]."""
        key = (_locked_key(state), _sealed_key(state))
        table = self._links.get(key)
        if table is None:
            table = {n: [] for n in self.tilemap.placed}
            tokens = set(_locked(state))
            for link in self.tilemap.links(key[1]):
                if link.kind == "vent":
                    table[link.a].append((link.b, "vent", None))
                    table[link.b].append((link.a, "vent", None))
                    continue
                shut = link.locked or (link.a, link.slots[0]) in tokens or (link.b, link.slots[1]) in tokens
                kind = "locked" if shut else "door"
                table[link.a].append((link.b, kind, (link.a, link.slots[0])))
                table[link.b].append((link.a, kind, (link.b, link.slots[1])))
            self._links[key] = table
        return table.get(tile, [])

    def open_doors(self, tile: str | None = None) -> list[tuple[str, Slot]]:
        """The doors (of `tile`, or of every tile) that face no tile (spec 3.3: where exploring goes)."""
        if self.open is None:
            self.open = self.tilemap.open_doors()
        return [(n, s) for n, s in self.open if tile is None or n == tile]

    def open_edges(self) -> list[tuple[str, Slot]]:
        """Every outline slot, door or wall, facing no tile (vents as doors, spec 11 #5)."""
        if self.edges is None:
            self.edges = self.tilemap.open_edges()
        return self.edges

    def vent_tiles(self, state: Level7State) -> list[str]:
        sealed = set(_sealed_key(state))
        return sorted(n for n, (t, _) in self.tilemap.placed.items() if t.vent and n not in sealed)

    def tile(self, name: str) -> Tile:
        return self.tilemap.placed[name][0]


def with_doors(tile: Tile, turns: int, slots: list[Slot]) -> Tile:
    """`tile` with a door added at each slot (given on the tile turned `turns` quarter turns): an
    edge explored through as a door is a door from then on (spec 11 #5)."""
    if not slots:
        return tile
    printed = {(EDGES[(EDGES.index(e) - turns) % 4], i): "door" for e, i in slots}
    return replace(tile, doors={**tile.doors, **printed})


def _locked(state: Level7State) -> list[tuple[str, Slot]]:
    return [(t, (e, i)) for t, e, i in state.tokens["locked"]]


def _locked_key(state: Level7State) -> tuple:
    return tuple(sorted((t, e, i) for t, e, i in state.tokens["locked"]))


def _sealed_key(state: Level7State) -> tuple:
    return tuple(sorted(state.tokens["sealed"]))


def view(state: Level7State) -> MapView:
    """The state's MapView, rebuilt when the state was restored or loaded."""
    got = state._graph
    if got is None or got.count != len(state.placed) or got.doors != len(state.tokens["new_doors"]):
        got = state._graph = MapView(state)
    return got


__all__ = ["CachedTileMap", "MapView", "shared_tiles", "view", "with_doors"]
