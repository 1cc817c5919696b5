"""The composed board of a game and the tables the rules read many times per action.

A `BoardView` is built once per placement list (spec 3.4: tiles laid entrance to exit) and
cached: all-pairs movement and range distances (spec 3.6, BFS on the board's area graphs),
adjacency, the area of each connector, holes, equipment spots and cover spots, and one
`AreaSight` for line of sight (spec 3.5). Rules never recompute geometry per action.

Tile faces come from a `TileLoader`: `FileTileLoader` reads maps/gears/tiles/<tile>.tmx.
`SampleTileLoader` (tests only) uses one sample face for every tile id and says so once.
"""
from __future__ import annotations

import logging
from collections import deque
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping, Sequence

from game.board.compose import Placement, add_piece, compose, place_at_exit
from game.board.los import AreaSight
from game.board.model import Board, CoverSpot, MapError
from game.board.tmx import load_board

log = logging.getLogger(__name__)

MAPS_DIR = Path(__file__).resolve().parents[3] / "maps" / "gears"
TILES_DIR = MAPS_DIR / "tiles"
INF = 10 ** 6  # "unreachable" in distance tables


class FileTileLoader:
    """Loads tile faces from maps/gears/tiles/<tile_id>.tmx (cached per loader)."""

    def __init__(self, tiles_dir: str | Path = TILES_DIR):
        self.tiles_dir = Path(tiles_dir)
        self.key = ("files", str(self.tiles_dir))
        self._cache: dict[str, Board] = {}

    def __call__(self, tile: str) -> Board:
        if tile not in self._cache:
            path = self.tiles_dir / f"{tile}.tmx"
            if not path.exists():
                raise MapError(f"{path}: tile face {tile} is missing (spec 3.7: one .tmx per face)")
            self._cache[tile] = load_board(path)
        return self._cache[tile]


class SampleTileLoader:
    """Every tile id loads the same sample face (tests, and tables before the 34 faces exist)."""

    def __init__(self, path: str | Path = MAPS_DIR / "sample_1A.tmx"):
        self.path = Path(path)
        self.key = ("sample", str(self.path))
        self._board: Board | None = None

    def __call__(self, tile: str) -> Board:
        if self._board is None:
            log.info("gears tiles: using %s for every tile face", self.path)
            self._board = load_board(self.path)
        return self._board


@dataclass
class BoardView:
    board: Board
    areas: tuple[str, ...]
    move_adj: Mapping[str, frozenset[str]]
    move_dist: dict[str, dict[str, int]]
    range_dist: dict[str, dict[str, int]]
    sight: AreaSight
    cover: dict[str, CoverSpot]  # cover spot name -> spot
    cover_in: dict[str, tuple[str, ...]]  # area -> cover spot names
    holes: dict[str, str]  # printed emergence hole name -> area
    equipment_area: dict[str, str]  # piece -> area of its equipment spot
    exits: dict[str, str]  # exit connector name -> its area
    free_exits: tuple[str, ...]
    entrance_area: str  # the first tile's entrance area (COG start, "map entrance")
    piece_of_area: dict[str, str]
    _los: dict[Any, bool] = field(default_factory=dict)

    def mdist(self, a: str, b: str) -> int:
        return self.move_dist[a].get(b, INF)

    def rdist(self, a: str, b: str) -> int:
        return self.range_dist[a].get(b, INF)


_VIEWS: dict[Any, BoardView] = {}


def _key(loader: Any, placements: Sequence[Mapping[str, Any]]) -> Any:
    return (getattr(loader, "key", id(loader)), tuple((p["tile"], p["exit"]) for p in placements))


def view_for(loader: Any, placements: Sequence[Mapping[str, Any]]) -> BoardView:
    key = _key(loader, placements)
    view = _VIEWS.get(key)
    if view is None:
        if loader is None:
            raise ValueError("the game state has no tile loader (set state.loader)")
        board = build_board(loader, placements)
        view = _VIEWS[key] = make_view(board)
        if len(_VIEWS) > 256:  # keep memory bounded in long simulations
            _VIEWS.pop(next(iter(_VIEWS)))
    return view


def build_board(loader: Any, placements: Sequence[Mapping[str, Any]]) -> Board:
    """Replays the placements: the first tile anywhere, each next one on the named exit.

    Raises OverlapError (a CompositionError) when a tile would overlap an earlier one."""
    first = placements[0]
    board = compose([Placement(loader(first["tile"]), first["tile"])], "gears map")
    for p in placements[1:]:
        placement = place_at_exit(board, p["exit"], loader(p["tile"]), p["tile"])
        board = add_piece(board, placement)
    return board


def make_view(board: Board) -> BoardView:
    move_adj = board.movement_graph()
    range_adj = board.range_graph()
    areas = tuple(board.areas)
    sight = AreaSight(board, board.blocking_segments())
    cover = {c.name: c for c in board.cover}
    cover_in: dict[str, list[str]] = {a: [] for a in areas}
    for c in board.cover:
        cover_in[c.area].append(c.name)
    holes = {m.name: m.area for m in board.markers_of("emergence") if m.area}
    equipment = {m.piece: m.area for m in board.markers_of("equipment") if m.area}
    exits = {}
    for c in board.connectors_of("exit"):
        mid = ((c.segment.a[0] + c.segment.b[0]) / 2, (c.segment.a[1] + c.segment.b[1]) / 2)
        area = board.area_at(mid)
        if area is not None:
            exits[c.name] = area
    joined = {x.name for x, _ in board.joined_connectors()}
    first_piece = board.pieces()[0]
    entrance = next(c for c in board.connectors_of("entrance") if c.piece == first_piece)
    mid = ((entrance.segment.a[0] + entrance.segment.b[0]) / 2,
           (entrance.segment.a[1] + entrance.segment.b[1]) / 2)
    return BoardView(
        board=board, areas=areas, move_adj=move_adj,
        move_dist={a: _bfs(a, move_adj) for a in areas},
        range_dist={a: _bfs(a, range_adj) for a in areas},
        sight=sight, cover=cover, cover_in={a: tuple(v) for a, v in cover_in.items()},
        holes=holes, equipment_area=equipment, exits=exits,
        free_exits=tuple(n for n in exits if n not in joined),
        entrance_area=board.area_at(mid) or areas[0],
        piece_of_area={a.name: a.piece for a in board.areas.values()},
    )


def _bfs(start: str, adj: Mapping[str, frozenset[str]]) -> dict[str, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        a = queue.popleft()
        for b in sorted(adj.get(a, ())):
            if b not in dist:
                dist[b] = dist[a] + 1
                queue.append(b)
    return dist


def arrow_half_plane(spot: CoverSpot, angle: int, p: tuple[Fraction, Fraction]) -> int:
    """Which side of the cover line through `spot` point p lies on: +1 in the half-plane the
    arrow at `angle` points into (spec 3.3 geometric model, full cover), 0 on the line, -1 behind.

    Arrow angles are multiples of 45 degrees (docs/MAPS.md), so the direction is exact."""
    dx, dy = _DIRS[angle % 360]
    v = (p[0] - spot.point[0]) * dx + (p[1] - spot.point[1]) * dy
    return (v > 0) - (v < 0)


_DIRS = {0: (1, 0), 45: (1, 1), 90: (0, 1), 135: (-1, 1), 180: (-1, 0), 225: (-1, -1),
         270: (0, -1), 315: (1, -1)}
