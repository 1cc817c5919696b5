"""The composed board of a game and the tables the rules read many times per action.

A `BoardView` is built once per placement list (spec 3.4: tiles laid entrance to exit) and
cached. Everything in it is derived lazily, on first use, because a level being laid out asks
only for the free exits of its intermediate boards, never their distances:
all-pairs movement and range distances (spec 3.6, BFS on the board's area graphs),
adjacency, the area of each connector, holes, equipment spots and cover spots, and line of
sight (spec 3.5) between areas and cover points (`sees`, `point_sees_polygon`).

Speed without changing a single answer:
  - boards are built incrementally: the board of placements[:k+1] is the cached board of
    placements[:k] plus one piece (exactly what replaying all placements does);
  - line of sight runs in integer arithmetic on coordinates scaled once per board (the areas
    are validated once per board instead of once per query, as game/board/los.py does), with
    a cheap exact positive test first (a clear segment between candidate points of the two
    ends *is* a witness, spec 3.5) and game/board/los.py's exact search (`_search`) only when
    that fails;
  - a query depends only on the two ends and the blocking segments touching their convex hull
    (every sight segment lies in that hull), so results are also memoised process-wide under a
    translation-free key of exactly that geometry: the same tiles laid the same way in another
    game (or elsewhere on this map) reuse them.
tests/gears/test_perf_caches.py checks every answer against game/board/los.py's public functions.

Tile faces come from a `TileLoader`: `FileTileLoader` reads maps/gears/tiles/<tile>.tmx.
`SampleTileLoader` (tests only) uses one sample face for every tile id and says so once.
"""
from __future__ import annotations

import logging
import math
from collections import OrderedDict, deque
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from game.board import los as L
from game.board.los import touch_int as _touch
from game.board.compose import OverlapError, Placement, add_piece, area_boxes, compose, place_at_exit
from game.board.distance import prepare_face
from game.board.geometry import normalize_polygon, polygon_problems
from game.board.model import Board, CoverSpot, MapError, Segment
from game.board.tmx import load_board

log = logging.getLogger(__name__)

MAPS_DIR = Path(__file__).resolve().parents[3] / "maps" / "gears"
TILES_DIR = MAPS_DIR / "tiles"
INF = 10 ** 6  # "unreachable" in distance tables

Pos = tuple[str, "str | None"]  # (area, cover spot or None)
IntPt = tuple[int, int]
IntSeg = tuple[IntPt, IntPt]


# Tile faces read in this process, by file and the file's size and time: every loader (each
# table, session and test builds its own) reads a face once, and a file changed since is read again.
_FACES: dict[tuple[str, str, int, int], Board] = {}


class FileTileLoader:
    """Loads tile faces from maps/gears/tiles/<tile_id>.tmx (cached per loader and per process)."""

    def __init__(self, tiles_dir: str | Path = TILES_DIR):
        self.tiles_dir = Path(tiles_dir)
        self.key = ("files", str(self.tiles_dir))
        self._cache: dict[str, Board] = {}

    def __call__(self, tile: str) -> Board:
        if tile not in self._cache:
            path = self.tiles_dir / f"{tile}.tmx"
            try:
                st = path.stat()
            except OSError:
                raise MapError(f"{path}: tile face {tile} is missing (spec 3.7: one .tmx per face)") from None
            key = (str(path), tile, st.st_mtime_ns, st.st_size)
            face = _FACES.get(key)
            if face is None:
                face = load_board(path)
                prepare_face(face, tile)  # its own graphs and outline: read by every board laid from it
                _FACES[key] = face
            self._cache[tile] = face
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


# ============================================================================ the view

class BoardView:
    """One composed board and its lazily derived tables (see the module docstring).

    sections: piece -> map section (0 = the first tile's). A placement without an exit after
    the first starts a new, unconnected section (Scattered, spec 9.2.5); pieces laid on an exit
    belong to that exit's section. Missing pieces count as section 0 (a built custom map).
    joins: extra movement edges between areas (Scattered Stage 3: door areas are adjacent for
    movement only, spec 11 item 53); range, LOS and attacks ignore them."""

    def __init__(self, board: Board, sections: Mapping[str, int] | None = None,
                 joins: frozenset[tuple[str, str]] = frozenset()):
        self.board = board
        self.sections: Mapping[str, int] = dict(sections or {})
        self.joins = joins
        # Rules-level memo (movement.py): LOS between positions and cover bonuses.
        self._los: dict[Any, Any] = {}

    # ------------------------------------------------------------------ graphs and distances

    @cached_property
    def areas(self) -> tuple[str, ...]:
        return tuple(self.board.areas)

    @cached_property
    def move_adj(self) -> Mapping[str, frozenset[str]]:
        adj = self.board.movement_graph()
        if not self.joins:
            return adj
        out = {a: set(adj.get(a, ())) for a in self.areas}
        for a, b in self.joins:
            if a != b and a in out and b in out:
                out[a].add(b)
                out[b].add(a)
        return {a: frozenset(v) for a, v in out.items()}

    @cached_property
    def section_of(self) -> dict[str, int]:
        """Area -> map section (see the class docstring)."""
        return {a.name: self.sections.get(a.piece, 0) for a in self.board.areas.values()}

    @cached_property
    def section_count(self) -> int:
        return 1 + max(self.sections.values(), default=0)

    def section_entrance(self, section: int) -> str | None:
        """The entrance area of a section's first tile (where its COGs start, spec 9.2.5)."""
        first = next((p for p, s in self.sections.items() if s == section), None)
        if first is None:
            return self.entrance_area if section == 0 else None
        entrance = next((c for c in self.board.connectors_of("entrance") if c.piece == first), None)
        return self.board.area_at(_mid(entrance.segment)) if entrance is not None else None

    @cached_property
    def range_adj(self) -> Mapping[str, frozenset[str]]:
        return self.board.range_graph()

    @cached_property
    def move_dist(self) -> Mapping[str, dict[str, int]]:
        """Area -> {area: movement distance}; each source's BFS runs when first asked (a game
        asks from the few areas figures stand in, not from every area of a new board)."""
        return _Distances(self.areas, self.move_adj)

    @cached_property
    def range_dist(self) -> Mapping[str, dict[str, int]]:
        return _Distances(self.areas, self.range_adj)

    @cached_property
    def move_steps(self) -> dict[str, tuple[str, ...]]:
        """Sorted neighbours by movement (spec 3.2), read at every step of every move."""
        adj = self.move_adj
        return {a: tuple(sorted(adj.get(a, ()))) for a in self.areas}

    def mdist(self, a: str, b: str) -> int:
        return self._dist("move_dist", a, b)

    def rdist(self, a: str, b: str) -> int:
        return self._dist("range_dist", a, b)

    def _dist(self, table: str, a: str, b: str) -> int:
        # A place off this board (a COG not yet placed while a level is laid out) is
        # unreachable: answered without building the area graph of every intermediate board
        # (the table, named here, is only read past this check).
        if b not in self.board.areas:
            if a not in self.board.areas:
                raise KeyError(a)
            return INF
        return getattr(self, table)[a].get(b, INF)

    # ------------------------------------------------------------------ places on the board

    @cached_property
    def cover(self) -> dict[str, CoverSpot]:  # cover spot name -> spot
        return {c.name: c for c in self.board.cover}

    @cached_property
    def cover_in(self) -> dict[str, tuple[str, ...]]:  # area -> cover spot names
        out: dict[str, list[str]] = {a: [] for a in self.areas}
        for c in self.board.cover:
            out[c.area].append(c.name)
        return {a: tuple(v) for a, v in out.items()}

    @cached_property
    def holes(self) -> dict[str, str]:  # printed emergence hole name -> area
        return {m.name: m.area for m in self.board.markers_of("emergence") if m.area}

    @cached_property
    def equipment_area(self) -> dict[str, str]:  # piece -> area of its equipment spot
        return {m.piece: m.area for m in self.board.markers_of("equipment") if m.area}

    @cached_property
    def exits(self) -> dict[str, str]:  # exit connector name -> its area
        out = {}
        for c in self.board.connectors_of("exit"):
            area = self.board.area_at(_mid(c.segment))
            if area is not None:
                out[c.name] = area
        return out

    @cached_property
    def free_exits(self) -> tuple[str, ...]:
        joined = {x.name for x, _ in self.board.joined_connectors()}
        return tuple(n for n in self.exits if n not in joined)

    @cached_property
    def entrance(self):
        """The map entrance: the first tile's entrance connector (where the COGs come in); None
        before a tile is laid (Scattered asks how the COGs split before it builds)."""
        pieces = self.board.pieces()
        if not pieces:
            return None
        return next((c for c in self.board.connectors_of("entrance") if c.piece == pieces[0]), None)

    @cached_property
    def entrance_area(self) -> str:  # the first tile's entrance area (COG start, "map entrance")
        if self.entrance is None:
            raise ValueError("the map has no entrance yet (no tile with an entrance laid)")
        return self.board.area_at(_mid(self.entrance.segment)) or self.areas[0]

    @cached_property
    def piece_of_area(self) -> dict[str, str]:
        return {a.name: a.piece for a in self.board.areas.values()}

    # ------------------------------------------------------------------ line of sight

    @cached_property
    def sight(self) -> L.AreaSight:
        """game/board/los.py's cached LOS on this board (kept for callers that want witnesses)."""
        return L.AreaSight(self.board, self.board.blocking_segments())

    @cached_property
    def geometry(self) -> SightGeometry:
        return SightGeometry(self.board)

    def sees(self, a: Pos, b: Pos) -> bool:
        """Spec 3.5: area or cover point at each end; the same area always sees itself; no LOS
        between separate map sections (spec 3.5 proposal, 11 item 14)."""
        if a[0] == b[0]:
            return True
        if self.sections:
            sec = self.section_of
            if sec.get(a[0], 0) != sec.get(b[0], 0):
                return False
        g = self.geometry
        if a[1] is None and b[1] is None:
            return g.area_area(a[0], b[0])
        if a[1] is not None and b[1] is None:
            return g.spot_area(a[1], b[0])
        if a[1] is None:
            return g.spot_area(b[1], a[0])
        return g.spot_spot(a[1], b[1])

    def point_sees_polygon(self, point, polygon: Sequence) -> bool:
        """LOS from a point to any point of a polygon (rational coordinates), as
        game/board/los.py point_to_area on this board's blocking segments."""
        return self.geometry.point_polygon(point, polygon)


# ============================================================================ views cache

_VIEWS: OrderedDict[Any, BoardView] = OrderedDict()
VIEW_CACHE_SIZE = 512  # boards kept (a level's prefixes, recent games); bounded for simulations


def _key(loader: Any, placements: Sequence[Mapping[str, Any]]) -> Any:
    return (getattr(loader, "key", id(loader)), tuple((p["tile"], p["exit"]) for p in placements))


def view_for(loader: Any, placements: Sequence[Mapping[str, Any]],
             joins: Sequence[Sequence[str]] = ()) -> BoardView:
    """The view of the board laid by `placements`; raises OverlapError (a MapError) when the
    last tile would overlap an earlier one (spec 3.4 'impossible placement'). `joins`: pairs
    of areas adjacent for movement only (see BoardView)."""
    if loader is None:
        raise ValueError("the game state has no tile loader (set state.loader)")
    key = _key(loader, placements)
    view = _view(loader, key[0], key[1])
    if not joins:
        return view
    pairs = frozenset(tuple(sorted((str(a), str(b)))) for a, b in joins)
    jkey = (key[0], key[1], pairs)
    joined = _VIEWS.get(jkey)
    if joined is None:
        joined = _VIEWS[jkey] = BoardView(view.board, view.sections, pairs)
        while len(_VIEWS) > VIEW_CACHE_SIZE:
            _VIEWS.popitem(last=False)
    return joined


SECTION_GAP = 14  # empty tiles between separate map sections: room for level 3 to grow toward level 2 (measured: 8 fails often, 12 never on seeds 1-12)


def _composed(board: Board) -> bool:
    """A board that is already a composition (a map built in the builder, game/gears/custom.py)."""
    return board.pieces() not in ((), ("",))


def _next_board(prev: Board, tile: str, exit_name: str | None, piece: Board) -> Board:
    """prev plus one tile: on the named exit (spec 3.4), or, without an exit, as the first tile
    of a new map section (Scattered, spec 9.2.5): to the right of everything, apart by
    SECTION_GAP tiles, so no area, border or connector touches the rest."""
    if exit_name is not None:
        return add_piece(prev, place_at_exit(prev, exit_name, piece, tile))
    x = Fraction((prev.width + SECTION_GAP) * prev.tile_width)
    return add_piece(prev, Placement(piece, tile, (x, Fraction(0))))


def _boxes(board: Board) -> dict[str, tuple]:
    """Piece -> bounding box of its areas, from the areas' boxes compose keeps per board (the
    same extremes as reading every vertex)."""
    out: dict[str, list] = {}
    boxes = area_boxes(board)
    for a in board.areas.values():
        x0, y0, x1, y1 = boxes[a.name]
        b = out.get(a.piece)
        if b is None:
            out[a.piece] = [x0, y0, x1, y1]
        else:
            b[:] = [min(b[0], x0), min(b[1], y0), max(b[2], x1), max(b[3], y1)]
    return {k: tuple(v) for k, v in out.items()}


def _keep_apart(board: Board, sections: Mapping[str, int], tile: str) -> None:
    """Separate sections stay unconnected (spec 9.2.5): a tile that would come within one
    tile of another section's tile is an impossible placement (OverlapError: the level is
    rebuilt, spec 3.4), like an overlap."""
    boxes = _boxes(board)
    x0, y0, x1, y1 = boxes[tile]
    m = board.tile_width
    for piece, (a0, b0, a1, b1) in boxes.items():
        if piece != tile and sections.get(piece, 0) != sections.get(tile, 0):
            if a0 < x1 + m and x0 - m < a1 and b0 < y1 + m and y0 - m < b1:
                raise OverlapError([(piece, tile)], "gears map (separate sections)")


def _sections(tiles: Sequence[tuple[str, Any]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for i, (tile, exit_name) in enumerate(tiles):
        if exit_name is None:
            out[tile] = max(out.values(), default=-1) + 1 if i else 0
        else:
            out[tile] = out.get(str(exit_name).split(":")[0], 0)
    return out


def _view(loader: Any, lkey: Any, tiles: tuple[tuple[str, Any], ...]) -> BoardView:
    key = (lkey, tiles)
    view = _VIEWS.get(key)
    if view is not None:
        _VIEWS.move_to_end(key)
        return view
    if not tiles:
        # No tile laid yet (a set-up decision before level 1, Scattered's COG split): an
        # empty map, so readers of the view (bots, the table) see no areas rather than fail.
        view = _VIEWS[key] = BoardView(Board("gears map (no tile yet)", 0, 0, 64, 64))
        return view
    if len(tiles) == 1:
        piece = loader(tiles[0][0])
        board = piece if _composed(piece) else compose([Placement(piece, tiles[0][0])], "gears map")
    else:
        # One more piece on the cached board of the prefix: what build_board's loop does.
        prev = _view(loader, lkey, tiles[:-1]).board
        tile, exit_name = tiles[-1]
        board = _next_board(prev, tile, exit_name, loader(tile))
    sections = _sections(tiles) if any(e is None for _, e in tiles[1:]) else {}
    if sections:
        _keep_apart(board, sections, tiles[-1][0])
    view = _VIEWS[key] = BoardView(board, sections)
    while len(_VIEWS) > VIEW_CACHE_SIZE:
        _VIEWS.popitem(last=False)
    return view


def build_board(loader: Any, placements: Sequence[Mapping[str, Any]]) -> Board:
    """Replays the placements: the first tile anywhere, each next one on the named exit (or
    apart, as a new map section, when it names none).

    Raises OverlapError (a CompositionError) when a tile would overlap an earlier one."""
    first = placements[0]
    piece = loader(first["tile"])
    board = piece if _composed(piece) else compose([Placement(piece, first["tile"])], "gears map")
    for p in placements[1:]:
        board = _next_board(board, p["tile"], p["exit"], loader(p["tile"]))
    return board


def make_view(board: Board) -> BoardView:
    return BoardView(board)


def clear_caches() -> None:
    """Forgets every cached board and LOS result (tests, memory)."""
    _VIEWS.clear()
    _GEOM.clear()


class _Distances(dict):
    """The all-pairs table of one graph, filled one source at a time: `table[a]` runs the BFS
    from a on first use; `a in table` holds for every area of the board, computed or not."""

    def __init__(self, areas: Sequence[str], adj: Mapping[str, frozenset[str]]):
        super().__init__()
        self._areas = frozenset(areas)
        self._adj = adj

    def __contains__(self, area: object) -> bool:
        return area in self._areas

    def __missing__(self, area: str) -> dict[str, int]:
        if area not in self._areas:
            raise KeyError(area)
        steps = self.__dict__.get("_steps")
        if steps is None:  # neighbours sorted once per board, not once per BFS and area
            steps = self._steps = {a: tuple(sorted(v)) for a, v in self._adj.items()}
        got = self[area] = _bfs_steps(area, steps)
        return got


def _bfs(start: str, adj: Mapping[str, frozenset[str]]) -> dict[str, int]:
    """Distances from start, neighbours visited in sorted order."""
    return _bfs_steps(start, {a: tuple(sorted(v)) for a, v in adj.items()})


def _bfs_steps(start: str, steps: Mapping[str, tuple[str, ...]]) -> dict[str, int]:
    """_bfs on neighbours already sorted (the same visiting order, so the same dict order)."""
    dist = {start: 0}
    queue = deque([start])
    get = steps.get
    while queue:
        a = queue.popleft()
        d = dist[a] + 1
        for b in get(a, ()):
            if b not in dist:
                dist[b] = d
                queue.append(b)
    return dist


def _mid(s: Segment):
    return ((s.a[0] + s.b[0]) / 2, (s.a[1] + s.b[1]) / 2)


def arrow_half_plane(spot: CoverSpot, angle: int, p: tuple[Fraction, Fraction]) -> int:
    """Which side of the cover line through `spot` point p lies on: +1 in the half-plane the
    arrow at `angle` points into (spec 3.3 geometric model, full cover), 0 on the line, -1 behind.

    Arrow angles are multiples of 45 degrees (docs/MAPS.md), so the direction is exact."""
    dx, dy = _DIRS[angle % 360]
    v = (p[0] - spot.point[0]) * dx + (p[1] - spot.point[1]) * dy
    return (v > 0) - (v < 0)


_DIRS = {0: (1, 0), 45: (1, 1), 90: (0, 1), 135: (-1, 1), 180: (-1, 0), 225: (-1, -1),
         270: (0, -1), 315: (1, -1)}


# ============================================================================ exact integer LOS

# Process-wide results keyed by translation-free geometry (see the module docstring).
_GEOM: OrderedDict[Any, bool] = OrderedDict()
GEOM_CACHE_SIZE = 200_000


class SightGeometry:
    """Spec 3.5 LOS on one board, in integers: every coordinate is multiplied by `scale`
    (twice the common denominator, so that midpoints of vertices are whole too).

    Built cheaply: one pass over the coordinates for the scale (boards composed on whole
    numbers give scale 2), the walls converted on first use, each area's polygon and sight
    candidates read from a process-wide table of translation-free shapes (a tile face placed
    anywhere on any board is prepared once)."""

    def __init__(self, board: Board):
        self.board = board
        self._segments = board.blocking_segments()
        self.scale = _board_scale(board, self._segments)
        self._polys: dict[str, tuple[IntPt, ...]] = {}
        self._cands: dict[str, list[IntPt]] = {}
        self._memo: dict[Any, bool] = {}

    @cached_property
    def walls(self) -> WallIndex:
        s = self.scale
        return WallIndex(_scaled_walls(self._segments, s))

    @cached_property
    def _spots(self) -> dict[str, IntPt]:
        return {c.name: self._int(c.point) for c in self.board.cover}

    def _int(self, p) -> IntPt:
        return (_scaled(p[0], self.scale), _scaled(p[1], self.scale))

    def poly(self, area: str) -> tuple[IntPt, ...]:
        """The area's polygon, normalised and validated (los.py does it every query), with its
        sight candidates in self._cands."""
        got = self._polys.get(area)
        if got is None:
            try:
                raw = self.board.areas[area].polygon
            except KeyError:
                raise KeyError(f"{self.board.source}: no area named {area!r}") from None
            got, self._cands[area] = _shape(raw, self.scale)
            self._polys[area] = got
        return got

    # ------------------------------------------------------------------ queries

    def area_area(self, a: str, b: str) -> bool:
        key = (a, b) if a < b else (b, a)
        hit = self._memo.get(key)
        if hit is None:
            pa, pb = self.poly(a), self.poly(b)
            hit = self._memo[key] = _area_area(pa, pb, self._cands[a], self._cands[b], self.walls)
        return hit

    def spot_area(self, spot: str, area: str) -> bool:
        key = (spot, area, "pa")
        hit = self._memo.get(key)
        if hit is None:
            pb = self.poly(area)
            hit = self._memo[key] = _point_area(self._spots[spot], pb, self._cands[area], self.walls)
        return hit

    def spot_spot(self, s: str, t: str) -> bool:
        key = (s, t, "pp") if s < t else (t, s, "pp")
        hit = self._memo.get(key)
        if hit is None:
            p, q = self._spots[s], self._spots[t]
            hit = self._memo[key] = _clear(p, q, _near([p, q], self.walls))
        return hit

    def point_polygon(self, point, polygon: Sequence) -> bool:
        """A rational point to a rational polygon (the cover model's clipped areas): rescaled
        to whole numbers for this query."""
        pts = [_frac(point)] + [_frac(v) for v in polygon]
        k = math.lcm(*(x.denominator for p in pts for x in p)) if pts else 1
        k = 1 if all(x.denominator == 1 for p in pts for x in p) else k
        scale = self.scale * k
        p = (int(pts[0][0] * scale), int(pts[0][1] * scale))
        poly = _valid_int_polygon(polygon, scale)
        walls = self.walls if k == 1 else [((u[0] * k, u[1] * k), (v[0] * k, v[1] * k)) for u, v in self.walls]
        return _point_area(p, poly, _candidates(poly), walls)


def _frac(p) -> tuple[Fraction, Fraction]:
    return (Fraction(p[0]), Fraction(p[1]))


def _den(x) -> int:
    return x.denominator if isinstance(x, Fraction) else 1


def _scaled(x, scale: int) -> int:
    """x * scale as an int (scale is a multiple of x's denominator)."""
    if isinstance(x, Fraction):
        return x.numerator * (scale // x.denominator)
    return int(x * scale)


def _scaled_walls(segments: Sequence[Segment], s: int) -> list[IntSeg]:
    """[(_scaled(a), _scaled(b)) for each segment], with _scaled inlined for Fractions (what
    composed boards hold)."""
    F = Fraction
    out = []
    for w in segments:
        (ax, ay), (bx, by) = w.a, w.b
        if type(ax) is F and type(ay) is F and type(bx) is F and type(by) is F:
            out.append(((ax.numerator * (s // ax.denominator), ay.numerator * (s // ay.denominator)),
                        (bx.numerator * (s // bx.denominator), by.numerator * (s // by.denominator))))
        else:
            out.append(((_scaled(ax, s), _scaled(ay, s)), (_scaled(bx, s), _scaled(by, s))))
    return out


def _board_scale(board: Board, walls: Sequence[Segment]) -> int:
    """Twice the common denominator of every coordinate the queries read (areas, walls, cover
    spots): 2 on a board of whole numbers."""
    vals = [x for a in board.areas.values() for p in a.polygon for x in p]
    vals += [x for w in walls for x in (*w.a, *w.b)]
    vals += [x for c in board.cover for x in c.point]
    dens = {x.denominator for x in vals if isinstance(x, Fraction)}
    dens.discard(1)
    return 2 * math.lcm(*dens) if dens else 2


# Translation-free shape (the polygon on integers shifted to its minimum corner) -> its sight
# candidates, shifted the same way: polygon_problems and _candidates do not depend on where the
# shape lies (every test in them is on differences of coordinates; the coordinates stay even).
_SHAPES: dict[tuple, list[IntPt]] = {}
SHAPE_CACHE_SIZE = 20_000


def _shape(raw: Sequence, scale: int) -> tuple[tuple[IntPt, ...], list[IntPt]]:
    """(polygon, candidates) of an area: _valid_int_polygon and _candidates, computed once
    per translation-free shape."""
    out: list[IntPt] = []
    for x, y in raw:
        q = (_scaled(x, scale), _scaled(y, scale))
        if not out or out[-1] != q:
            out.append(q)
    while len(out) > 1 and out[-1] == out[0]:
        out.pop()
    if not out:
        return _valid_int_polygon(raw, scale), []  # raises: an empty polygon is unusable
    ox = min([x for x, _ in out])
    oy = min([y for _, y in out])
    key = tuple([(x - ox, y - oy) for x, y in out])
    cands = _SHAPES.get(key)
    if cands is None:
        problems = _VALID.get(key)  # the key _valid_int_polygon uses
        if problems is None:
            problems = _VALID[key] = tuple(polygon_problems(key))
        if problems:
            _valid_int_polygon(raw, scale)  # raises the usual message
        cands = _candidates(key)  # coordinates stay even: its midpoints stay whole
        if len(_SHAPES) >= SHAPE_CACHE_SIZE:
            _SHAPES.clear()
        _SHAPES[key] = cands
    return tuple(out), [(x + ox, y + oy) for x, y in cands]


_VALID: dict[tuple, tuple[str, ...]] = {}  # translated polygon -> its problems (cached)


def _valid_int_polygon(raw: Sequence, scale: int) -> tuple[IntPt, ...]:
    """The polygon scaled to integers, with consecutive repeats dropped (normalize_polygon),
    and checked once per shape (polygon_problems does not depend on where the shape lies)."""
    out: list[IntPt] = []
    for p in raw:
        q = (_scaled(p[0], scale), _scaled(p[1], scale))
        if not out or out[-1] != q:
            out.append(q)
    while len(out) > 1 and out[-1] == out[0]:
        out.pop()
    poly = tuple(out)
    if poly:
        ox, oy = min(x for x, _ in poly), min(y for _, y in poly)
        key = tuple((x - ox, y - oy) for x, y in poly)
    else:
        key = ()
    problems = _VALID.get(key)
    if problems is None:
        problems = _VALID[key] = tuple(polygon_problems(poly))
    if problems:  # the same sentence game/board/los.py gives
        shown = normalize_polygon(raw)
        raise ValueError(f"area polygon {shown!r} is unusable: {'; '.join(problems)}")
    return poly


def _candidates(poly: tuple[IntPt, ...]) -> list[IntPt]:
    """Points of the closed polygon to try sight lines from, likeliest first: midpoints of
    diagonals lying strictly inside, then of edges, then vertices (coordinates are even, so
    the midpoints are whole). Capped: this is only the quick positive test."""
    n = len(poly)
    inner = []
    for i in range(n):
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            m = ((poly[i][0] + poly[j][0]) // 2, (poly[i][1] + poly[j][1]) // 2)
            if _strictly_inside(m, poly):
                inner.append(m)
    edges = [((poly[i][0] + poly[(i + 1) % n][0]) // 2, (poly[i][1] + poly[(i + 1) % n][1]) // 2)
             for i in range(n)]
    out: list[IntPt] = []
    for p in inner[:6] + edges + list(poly):
        if p not in out:
            out.append(p)
    return out[:14]


def _strictly_inside(p: IntPt, poly: Sequence[IntPt]) -> bool:
    """geometry.point_in_polygon(p, poly) == 1 on integers: inside, not on the boundary."""
    return _int_point_side(p, poly) == 1


def _int_point_side(p: IntPt, poly: Sequence[IntPt]) -> int:
    """geometry.point_in_polygon on integers: 1 inside, 0 on the boundary, -1 outside, by the
    same crossing-number rule (an edge counts when one end is strictly above p's y)."""
    px, py = p
    inside = False
    ax, ay = poly[-1]
    for bx, by in poly:
        c = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
        if c == 0 and (ax if ax < bx else bx) <= px <= (ax if ax > bx else bx) \
                and (ay if ay < by else by) <= py <= (ay if ay > by else by):
            return 0  # on this edge
        if (ay > py) != (by > py) and (c > 0) == (by > ay):
            inside = not inside
        ax, ay = bx, by
    return 1 if inside else -1


class WallIndex(tuple):
    """A board's walls (an immutable tuple of integer segments) with a uniform grid of their
    bounding boxes, built on first use: a query reads only the walls of the cells its box
    meets, in their original order. Anything else that takes a wall list takes this too.

    Each cell holds its walls as a bitmask over the tuple; the walls of a rectangle of cells
    are decoded once and kept (queries on one board come back to the same few rectangles)."""

    GRID = 8  # cells per side over the walls' bounding box

    def near(self, lo_x: int, hi_x: int, lo_y: int, hi_y: int) -> Sequence[IntSeg]:
        """The walls whose cells meet the box (a superset of those whose boxes meet it)."""
        try:
            x0, y0, cw, ch, masks, rects = self.__dict__["_grid"]
        except KeyError:
            x0, y0, cw, ch, masks, rects = self._build()
        g = self.GRID
        i0 = (lo_x - x0) // cw
        i1 = (hi_x - x0) // cw
        j0 = (lo_y - y0) // ch
        j1 = (hi_y - y0) // ch
        if i0 < 0:
            i0 = 0
        if j0 < 0:
            j0 = 0
        if i1 >= g:
            i1 = g - 1
        if j1 >= g:
            j1 = g - 1
        if i0 > i1 or j0 > j1:
            return ()
        key = ((i0 * g + i1) * g + j0) * g + j1
        out = rects.get(key)
        if out is None:
            m = 0
            for i in range(i0, i1 + 1):
                row = i * g
                for j in range(j0 + row, j1 + row + 1):
                    m |= masks[j]
            found = []
            while m:  # the bits low to high: the walls in their original order
                low = m & -m
                found.append(self[low.bit_length() - 1])
                m ^= low
            out = rects[key] = tuple(found)
        return out

    def _build(self) -> tuple:
        g = self.GRID
        masks = [0] * (g * g)
        x0 = y0 = 0
        cw = ch = 1
        if self:
            xs = [c for u, v in self for c in (u[0], v[0])]
            ys = [c for u, v in self for c in (u[1], v[1])]
            x0, y0 = min(xs), min(ys)
            cw = max(1, -(-(max(xs) - x0 + 1) // g))
            ch = max(1, -(-(max(ys) - y0 + 1) // g))
            bit = 1
            for (ax, ay), (bx, by) in self:
                i0, i1 = ((ax - x0) // cw, (bx - x0) // cw) if ax <= bx else ((bx - x0) // cw, (ax - x0) // cw)
                j0, j1 = ((ay - y0) // ch, (by - y0) // ch) if ay <= by else ((by - y0) // ch, (ay - y0) // ch)
                for i in range(i0, i1 + 1):
                    for j in range(i * g + j0, i * g + j1 + 1):
                        masks[j] |= bit
                bit <<= 1
        grid = self.__dict__["_grid"] = (x0, y0, cw, ch, masks, {})
        return grid


def _hull_walls(points: list[IntPt], walls: Sequence[IntSeg]) -> tuple[list[IntPt], list[IntSeg]]:
    """The convex hull of the points and the walls touching it (closed): only those can touch
    a segment between two of its points. `walls` may be a WallIndex (then only the walls near
    the hull are looked at), or any list of walls."""
    hull = _int_hull(points)
    n = len(hull)
    if n < 3:
        return hull, [w for w in walls if _seg_touches_convex(w, hull)]
    xs = [h[0] for h in hull]
    ys = [h[1] for h in hull]
    lo_x, hi_x, lo_y, hi_y = min(xs), max(xs), min(ys), max(ys)
    if type(walls) is WallIndex:
        walls = walls.near(lo_x, hi_x, lo_y, hi_y)
    # The hull's edges as (ox, oy, dx, dy): a point z is outside edge k when
    # dx * (zy - oy) - dy * (zx - ox) < 0 (the hull is counter-clockwise).
    edges = [(hull[k][0], hull[k][1], hull[(k + 1) % n][0] - hull[k][0], hull[(k + 1) % n][1] - hull[k][1])
             for k in range(n)]
    out = []
    for w in walls:
        (ax, ay), (bx, by) = w
        if (ax if ax > bx else bx) < lo_x or (ax if ax < bx else bx) > hi_x:
            continue
        if (ay if ay > by else by) < lo_y or (ay if ay < by else by) > hi_y:
            continue
        # Separating axes (los.seg_touches_convex, inlined): apart iff both ends are strictly
        # outside one hull edge, or every hull vertex is strictly on one side of the wall.
        a_in = True
        apart = False
        for ox, oy, dx, dy in edges:
            if dx * (ay - oy) - dy * (ax - ox) < 0:
                a_in = False
                if dx * (by - oy) - dy * (bx - ox) < 0:
                    apart = True
                    break
        if apart:
            continue
        if a_in:
            out.append(w)
            continue
        ex, ey = bx - ax, by - ay
        pos = neg = False
        for hx, hy in hull:
            t = ex * (hy - ay) - ey * (hx - ax)
            if t >= 0:
                pos = True
            if t <= 0:
                neg = True
            if pos and neg:
                out.append(w)
                break
    return hull, out


def _int_hull(points: list[IntPt]) -> list[IntPt]:
    """geometry.convex_hull on integer points (the same list, in the same order), inlined."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts
    return _half_hull(pts)[:-1] + _half_hull(reversed(pts))[:-1]


def _half_hull(pts) -> list[IntPt]:
    """Andrew's monotone chain over points in sorted (or reversed) order: one half of the hull."""
    out: list[IntPt] = []
    for p in pts:
        px, py = p
        while len(out) >= 2:
            (ox, oy), (qx, qy) = out[-2], out[-1]
            if (qx - ox) * (py - oy) - (qy - oy) * (px - ox) <= 0:
                out.pop()
            else:
                break
        out.append(p)
    return out


def _some_clear(pairs: list[tuple[IntPt, IntPt]], walls: Sequence[IntSeg]) -> bool:
    """Some segment p-q of `pairs` touches no wall. The wall that blocked the last pair is
    tried first on the next (neighbouring candidates are mostly blocked by the same wall).

    The touch test is los.touch_int inlined: with the bounding boxes overlapping, two closed
    segments touch iff neither has both ends strictly on one side of the other's line (when
    all four ends are collinear, overlapping boxes mean overlapping segments)."""
    order = list(walls)
    for (px, py), (qx, qy) in pairs:
        lo_x, hi_x = (px, qx) if px <= qx else (qx, px)
        lo_y, hi_y = (py, qy) if py <= qy else (qy, py)
        dx = qx - px
        dy = qy - py
        k = 0
        for w in order:
            (rx, ry), (ux, uy) = w
            if (rx if rx > ux else ux) < lo_x or (rx if rx < ux else ux) > hi_x \
                    or (ry if ry > uy else uy) < lo_y or (ry if ry < uy else uy) > hi_y:
                k += 1
                continue
            d1 = dx * (ry - py) - dy * (rx - px)
            d2 = dx * (uy - py) - dy * (ux - px)
            if (d1 > 0 and d2 > 0) or (d1 < 0 and d2 < 0):
                k += 1
                continue
            ex = ux - rx
            ey = uy - ry
            d3 = ex * (py - ry) - ey * (px - rx)
            d4 = ex * (qy - ry) - ey * (qx - rx)
            if (d3 > 0 and d4 > 0) or (d3 < 0 and d4 < 0):
                k += 1
                continue
            if k:
                order[0], order[k] = w, order[0]
            break
        else:
            return True
    return False


def _clear(p: IntPt, q: IntPt, walls: Sequence[IntSeg]) -> bool:
    """The closed segment p-q touches none of the walls (los.touch_int inlined, as in
    _some_clear)."""
    px, py = p
    qx, qy = q
    lo_x, hi_x = (px, qx) if px <= qx else (qx, px)
    lo_y, hi_y = (py, qy) if py <= qy else (qy, py)
    dx = qx - px
    dy = qy - py
    for (rx, ry), (ux, uy) in walls:
        if (rx if rx > ux else ux) < lo_x or (rx if rx < ux else ux) > hi_x:
            continue
        if (ry if ry > uy else uy) < lo_y or (ry if ry < uy else uy) > hi_y:
            continue
        d1 = dx * (ry - py) - dy * (rx - px)
        d2 = dx * (uy - py) - dy * (ux - px)
        if (d1 > 0 and d2 > 0) or (d1 < 0 and d2 < 0):
            continue
        ex = ux - rx
        ey = uy - ry
        d3 = ex * (py - ry) - ey * (px - rx)
        d4 = ex * (qy - ry) - ey * (qx - rx)
        if (d3 > 0 and d4 > 0) or (d3 < 0 and d4 < 0):
            continue
        return False
    return True


def _seg_touches_convex(w: IntSeg, hull: list[IntPt]) -> bool:
    """The closed segment meets the closed convex polygon `hull` (counter-clockwise, as
    geometry.convex_hull gives; fewer than 3 points when degenerate)."""
    n = len(hull)
    if n < 3:
        if n == 1:
            return _touch(w[0], w[1], hull[0], hull[0])
        return _touch(w[0], w[1], hull[0], hull[1])
    return L.seg_touches_convex(w, hull)


def _canon(points: Sequence[IntPt], *groups) -> tuple:
    """A key free of translation: every group shifted by the minimum corner of `points`, as
    one flat tuple of integers (each group's length, then its coordinates)."""
    ox = min([p[0] for p in points])
    oy = min([p[1] for p in points])
    out: list[int] = []
    for g in groups:
        out.append(len(g))
        for x, y in g:
            out.append(x - ox)
            out.append(y - oy)
    return tuple(out)


def _remember(key: Any, compute: Callable[[], bool]) -> bool:
    hit = _GEOM.get(key)
    if hit is None:
        hit = _GEOM[key] = compute()
        if len(_GEOM) > GEOM_CACHE_SIZE:
            _GEOM.popitem(last=False)
    return hit


def _wall_points(rel: list[IntSeg]) -> list[IntPt]:
    """The walls' ends in a canonical order (each wall low end first, walls sorted)."""
    out: list[IntPt] = []
    for u, v in sorted([(u, v) if u <= v else (v, u) for u, v in rel]):
        out.append(u)
        out.append(v)
    return out


QUICK = 6  # candidates per end tried before anything else (most answers are yes, found there)


def _near(points: Sequence[IntPt], walls: Sequence[IntSeg]) -> Sequence[IntSeg]:
    """The walls that may touch the convex hull of the points: a WallIndex narrows them to the
    grid cells of the points' bounding box; any other wall list is returned whole."""
    if type(walls) is not WallIndex:
        return walls
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return walls.near(min(xs), max(xs), min(ys), max(ys))


def _quick_pair(ca: Sequence[IntPt], cb: Sequence[IntPt], walls: Sequence[IntSeg]) -> bool:
    """Some segment between one of the first QUICK candidates of each end touches no wall: a
    witness, so the answer is yes. This needs neither the hull nor the memo key (a yes found
    here costs less than the key would). `walls` must hold every wall near the candidates."""
    return _some_clear([(p, q) for p in ca[:QUICK] for q in cb[:QUICK]], walls)


def _area_area(a: tuple[IntPt, ...], b: tuple[IntPt, ...], ca: list[IntPt], cb: list[IntPt],
               walls: Sequence[IntSeg]) -> bool:
    """game/board/los.py area_to_area(...).visible, exactly (any point of a to any of b).

    Order of the exact tests: a few likely candidate pairs (a clear one is a witness); then,
    through the translation-free memo, the separating-wall-line certificate of los.py (no
    clear segment at all), the other candidate pairs, and the exhaustive search."""
    if a == b:
        return True
    points = list(a) + list(b)
    walls = _near(points, walls)  # candidates lie in the areas, so in the points' box
    if _quick_pair(ca, cb, walls):
        return True
    hull, rel = _hull_walls(points, walls)
    first, second = (a, b) if a <= b else (b, a)
    ca_pts, cb_pts = (ca, cb) if a <= b else (cb, ca)
    key = ("aa", _canon(hull, first, second, _wall_points(rel)))

    def compute() -> bool:
        if not rel:
            return True
        if len(hull) >= 3 and L._wall_line_separates(list(first), list(second), hull, rel):
            return False
        pairs = [(p, q) for i, p in enumerate(ca_pts) for j, q in enumerate(cb_pts) if i >= QUICK or j >= QUICK]
        if _some_clear(pairs, rel):
            return True  # a clear segment between points of the two areas
        return _exact_search(list(first), False, list(second), rel, certified=len(hull) >= 3)

    return _remember(key, compute)


def _point_area(p: IntPt, b: tuple[IntPt, ...], cb: list[IntPt], walls: Sequence[IntSeg]) -> bool:
    """game/board/los.py point_to_area(...).visible, exactly."""
    points = [p, *b]
    walls = _near(points, walls)
    if _some_clear([(p, q) for q in cb], walls):
        return True  # a witness (p is on it, so on no wall); cheaper than the memo key
    hull, rel = _hull_walls(points, walls)
    key = ("pa", _canon(hull, [p], b, _wall_points(rel)))

    def compute() -> bool:
        for u, v in rel:
            if _touch(p, p, u, v):
                return False  # a point on a wall sees nothing (touching blocks)
        if _in_closed_polygon(p, b):
            return True
        if not rel:
            return True
        if len(hull) >= 3 and L._wall_line_separates([p], list(b), hull, rel):
            return False
        return _exact_search([p], True, list(b), rel, certified=len(hull) >= 3)

    return _remember(key, compute)


def _in_closed_polygon(p: IntPt, poly: Sequence[IntPt]) -> bool:
    """geometry.point_in_polygon(p, poly) >= 0 on integers: inside or on the boundary."""
    return _int_point_side(p, poly) >= 0


def _exact_search(a_pts: list[IntPt], a_is_point: bool, b_pts: list[IntPt], walls: list[IntSeg],
                  certified: bool = False) -> bool:
    """game/board/los.py's exact search on integer coordinates (the walls touching the hull
    are all it reads); through the public functions if that internal is ever renamed.
    certified: the caller already ran los._wall_line_separates on these (it failed)."""
    search = getattr(L, "_search", None)
    if search is not None:
        if certified:
            return search(a_pts, a_is_point, b_pts, walls, certificate=False) is not None
        return search(a_pts, a_is_point, b_pts, walls) is not None
    segs = [Segment((Fraction(u[0]), Fraction(u[1])), (Fraction(v[0]), Fraction(v[1]))) for u, v in walls]
    if a_is_point:
        return L.point_to_area(a_pts[0], b_pts, segs).visible
    return L.area_to_area(a_pts, b_pts, segs).visible
