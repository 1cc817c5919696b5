"""Compose a Board from pieces: each piece (a Board) placed with an offset, a quarter-turn rotation
and optional flips, all geometry transformed exactly (Fractions), names made unique.

A placement's transform, in this order: flip the piece inside its own rectangle (horizontal:
x -> W - x; vertical: y -> H - y), rotate it clockwise on screen by 0/90/180/270 degrees about
its own top-left so that its rotated rectangle again starts at (0, 0), then translate by the
offset (pixels). Cover arrows turn with the piece (rotation adds, a horizontal flip maps a to
180 - a, a vertical flip maps a to -a).

Names become "PIECE:name" (e.g. "2A:courtyard") and every object records its piece. Composing
checks that no two pieces' areas (or, on grid maps, floor squares) overlap; touching is fine.
A composed board's coordinates are shifted by whole tiles so that nothing lies left of or above
(0, 0); its version is one more than the highest version of its pieces plus their count, so a
cache keyed on version never mistakes it for a piece.

Gears (spec 3.4, 3.7): `place_at_exit` finds the rotation and offset that lay a new tile's
entrance on a free exit, entrance pointing away. Grid pieces (Doom): `Placement.at_cell` takes
whole-cell offsets; where two pieces' connectors coincide the shared edges are open (a piece's
connector edges are never walls), everywhere else the pieces' own boundary walls stay.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from math import floor
from typing import Sequence

from game.board.checks import line_param, orient, polygons_overlap
from game.board.distance import note_composition, whole_fraction as _frac
from game.board.model import (
    Area,
    Board,
    Connector,
    CoverSpot,
    Door,
    Grid,
    Line,
    MapError,
    Marker,
    Point,
    Segment,
)
from game.engine.text import Joined, M, Msg

__all__ = [
    "Placement",
    "CompositionError",
    "OverlapError",
    "compose",
    "transform_board",
    "add_piece",
    "place_at_exit",
    "free_exits",
    "overlapping_pieces",
    "area_boxes",
]


class CompositionError(MapError):
    """Pieces that cannot be put together as asked (bad rotation, no matching exit...).

    Each problem is a message 'SOURCE: what is wrong', worded when read (`problems`, `str`), in
    the language in use then: the builder's status line and build-map show it in the reader's
    language, and the rules that report one (a tile that does not fit) keep the message, not
    its words (`message`)."""

    def __init__(self, problems):
        self.messages: tuple = tuple(problems) if isinstance(problems, (list, tuple)) else (problems,)
        Exception.__init__(self)

    @property
    def problems(self) -> tuple[str, ...]:  # type: ignore[override]
        return tuple(str(m) for m in self.messages)

    @property
    def message(self):
        """Every problem as one message ('; ' between them)."""
        return self.messages[0] if len(self.messages) == 1 else Joined(self.messages, "; ")

    def __str__(self) -> str:
        return "\n".join(self.problems)


def _made_for(board: Board) -> str | Msg:
    """What a map or piece is for, as a refusal names it: its game's name (the map's `title`
    property, game/titles.py), else its kind of map in words (square grid or areas), never the
    ids ('doom', 'grid')."""
    from game.titles import TITLES

    key = str(board.properties.get("title") or "")
    name = next((t.name for t in TITLES if t.key == key), None)
    if name:
        return name
    return M("square-grid maps") if board.kind == "grid" else M("maps of areas")


def _problem(source: str, message) -> Msg:
    """'SOURCE: message', the source (a file or the built map) as it is."""
    return M("{source}: {problem}", source=source, problem=message)


class OverlapError(CompositionError):
    """Two pieces overlap (gears 3.4: an impossible placement; the rules rebuild the level)."""

    def __init__(self, pairs: Sequence[tuple[str, str]], source: str = "composed map"):
        self.pairs = tuple(pairs)
        super().__init__([_problem(source, M("pieces {a} and {b} overlap", a=a, b=b)) for a, b in self.pairs])


@dataclass(frozen=True)
class Placement:
    """Where one piece goes. offset is in pixels; rotation is clockwise on screen, in degrees."""

    piece: Board
    name: str
    offset: tuple[Fraction, Fraction] = (Fraction(0), Fraction(0))
    rotation: int = 0
    flip_h: bool = False
    flip_v: bool = False

    @classmethod
    def at_cell(cls, piece: Board, name: str, col: int, row: int, rotation: int = 0, flip_h: bool = False, flip_v: bool = False) -> "Placement":
        """A placement offset by whole cells (grid pieces)."""
        return cls(piece, name, (Fraction(col * piece.tile_width), Fraction(row * piece.tile_height)), rotation, flip_h, flip_v)

    def size(self) -> tuple[int, int]:
        """The placed piece's size in pixels (width and height swap on a quarter turn)."""
        w, h = self.piece.pixel_size()
        return (h, w) if self.rotation % 180 else (w, h)

    def map_point(self, p: Point) -> Point:
        w, h = self.piece.pixel_size()
        x, y = p
        if self.flip_h:
            x = w - x
        if self.flip_v:
            y = h - y
        for _ in range((self.rotation // 90) % 4):
            x, y = h - y, x  # a clockwise quarter turn on screen (y points down)
            w, h = h, w
        return (_plus(x, self.offset[0]), _plus(y, self.offset[1]))

    def mapper(self):
        """map_point as a function, with a fast path for whole-number points when the offset is
        whole (the usual case): map_point is affine with integer coefficients then (flips,
        quarter turns and a whole translation), so x' = ax + by + c, y' = dx + ey + f in ints
        is exactly what the Fraction steps give."""
        ox, oy = self.offset
        if getattr(ox, "denominator", 0) != 1 or getattr(oy, "denominator", 0) != 1:
            return self.map_point
        zero = (Fraction(0), Fraction(0))
        c, f = (int(v) for v in self.map_point(zero))
        ex, ey = self.map_point((Fraction(1), Fraction(0))), self.map_point((Fraction(0), Fraction(1)))
        a, d = int(ex[0]) - c, int(ex[1]) - f
        b, e = int(ey[0]) - c, int(ey[1]) - f
        slow = self.map_point

        def fast(p: Point) -> Point:
            x, y = p
            if getattr(x, "denominator", 0) == 1 and getattr(y, "denominator", 0) == 1:
                x, y = x.numerator, y.numerator
                return (_frac(a * x + b * y + c), _frac(d * x + e * y + f))
            return slow(p)

        return fast

    def map_angle(self, a: int) -> int:
        if self.flip_h:
            a = 180 - a
        if self.flip_v:
            a = -a
        return (a + self.rotation) % 360


def _plus(a, b) -> Fraction:
    """a + b exactly, as a Fraction; integral values skip Fraction's general addition (most map
    coordinates are whole pixels, and composing moves every point of every piece)."""
    if getattr(a, "denominator", 0) == 1 and getattr(b, "denominator", 0) == 1:
        return _frac(a.numerator + b.numerator)
    return a + b


def _ipt(p) -> tuple[int, int] | None:
    """p as ints when both coordinates are whole numbers, else None."""
    x, y = p
    if getattr(x, "denominator", 0) == 1 and getattr(y, "denominator", 0) == 1:
        return (x.numerator, y.numerator)
    return None


def _iorient(a, b, c) -> int:
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _check_placement(p: Placement) -> None:
    if p.rotation % 90 or not 0 <= p.rotation < 360:
        raise CompositionError(_problem(p.piece.source, M("piece {name}: rotation must be 0, 90, 180 or 270, not {rotation}", name=p.name, rotation=p.rotation)))
    if not p.name or ":" in p.name:
        raise CompositionError(_problem(p.piece.source, M("piece name {name} must be non-empty and without ':'", name=repr(p.name))))
    if p.piece.grid is not None:
        if p.piece.tile_width != p.piece.tile_height and p.rotation % 180:
            raise CompositionError(_problem(p.piece.source, M("piece {name}: only square cells can be turned by 90 degrees", name=p.name)))
        for v, t in zip(p.offset, (p.piece.tile_width, p.piece.tile_height)):
            if Fraction(v) / t != int(Fraction(v) / t):
                raise CompositionError(_problem(p.piece.source, M("piece {name}: a grid piece is offset by whole cells", name=p.name)))


def transform_board(p: Placement) -> Board:
    """The piece moved into place, its names prefixed with 'PIECE:' and its piece fields set."""
    _check_placement(p)
    b, name = p.piece, p.name
    mp = p.mapper()
    pts = lambda ps: tuple(mp(q) for q in ps)  # noqa: E731
    pre = lambda n: f"{name}:{n}"  # noqa: E731
    areas = {
        pre(a.name): Area(pre(a.name), a.object_id, pts(a.polygon), dict(a.properties), name) for a in b.areas.values()
    }
    lines = tuple(Line(l.kind, pre(l.name) if l.name else "", l.object_id, pts(l.points), name) for l in b.lines)
    doors = tuple(Door(pre(d.name), d.object_id, pts(d.points), d.closed, dict(d.properties), name) for d in b.doors)
    cover = tuple(
        CoverSpot(pre(c.name), c.object_id, mp(c.point), pre(c.area), tuple(p.map_angle(a) for a in c.arrows), name)
        for c in b.cover
    )
    markers = tuple(
        Marker(m.kind, pre(m.name), m.object_id, mp(m.point), pre(m.area) if m.area else m.area, _moved_props(m.properties, p), name)
        for m in b.markers
    )
    connectors = tuple(
        Connector(c.kind, pre(c.name), c.object_id, Segment(mp(c.segment.a), mp(c.segment.b)), name)
        for c in b.connectors
    )
    w, h = p.size()
    grid = _transform_grid(b, p) if b.grid is not None else None
    return Board(
        source=b.source,
        width=w // b.tile_width,
        height=h // b.tile_height,
        tile_width=b.tile_width,
        tile_height=b.tile_height,
        properties=dict(b.properties),
        areas=areas,
        lines=lines,
        doors=doors,
        cover=cover,
        markers=markers,
        connectors=connectors,
        grid=grid,
        version=b.version,
    )


def _map_cell(p: Placement, cell: tuple[int, int]) -> tuple[int, int]:
    b = p.piece
    c, r = cell
    centre = (Fraction(2 * c + 1, 2) * b.tile_width, Fraction(2 * r + 1, 2) * b.tile_height)
    x, y = p.map_point(centre)
    return (floor(x / b.tile_width), floor(y / b.tile_height))


def _moved_props(props, p: Placement):
    if "cell" not in props or p.piece.grid is None:
        return dict(props)
    return {**props, "cell": _map_cell(p, props["cell"])}


def _transform_grid(b: Board, p: Placement) -> Grid:
    g = b.grid
    assert g is not None
    tw, th = b.tile_width, b.tile_height

    def edge(e):
        (x0, y0), (x1, y1) = e
        a = p.map_point((Fraction(x0 * tw), Fraction(y0 * th)))
        c = p.map_point((Fraction(x1 * tw), Fraction(y1 * th)))
        pa = (int(a[0] / tw), int(a[1] / th))
        pc = (int(c[0] / tw), int(c[1] / th))
        return (min(pa, pc), max(pa, pc))

    w, h = p.size()
    return Grid(
        cols=w // tw,
        rows=h // th,
        floor=frozenset(_map_cell(p, c) for c in g.floor),
        wall_edges=frozenset(edge(e) for e in g.wall_edges),
        blocking=frozenset(_map_cell(p, c) for c in g.blocking),
    )


def overlapping_pieces(pieces: Sequence[Board]) -> list[tuple[str, str]]:
    """Pairs of placed pieces (from transform_board) that overlap with positive area."""
    pairs = []
    for i, a in enumerate(pieces):
        for b in pieces[i + 1 :]:
            if _pieces_overlap(a, b):
                pairs.append((_piece_name(a), _piece_name(b)))
    return pairs


# --- bounding boxes --------------------------------------------------------------------------------
# polygons_overlap starts with a strict bounding-box test; doing that test here, on boxes
# computed once per board (cached under its version) instead of once per pair of areas, makes
# the pair loops cheap without changing any answer. Boxes hold the polygons' own coordinates.

Box = tuple[Fraction, Fraction, Fraction, Fraction]


def _box(poly: Sequence[Point]) -> Box:
    xs = [v[0] for v in poly]
    ys = [v[1] for v in poly]
    if all(getattr(v, "denominator", 0) == 1 for v in xs) and all(getattr(v, "denominator", 0) == 1 for v in ys):
        # Integral coordinates (the usual case): compare the int numerators, not Fractions.
        num = lambda v: v.numerator  # noqa: E731
        return min(xs, key=num), min(ys, key=num), max(xs, key=num), max(ys, key=num)
    return min(xs), min(ys), max(xs), max(ys)


def _area_boxes(b: Board) -> dict[str, Box]:
    """Area name -> bounding box, cached on the board (keyed by its version)."""
    key = ("area_boxes", b.version)
    boxes = b._cache.get(key)
    if boxes is None or boxes.keys() != b.areas.keys():
        boxes = b._cache[key] = {n: _box(a.polygon) for n, a in b.areas.items()}
    return boxes


def area_boxes(b: Board) -> dict[str, Box]:
    """Area name -> bounding box (min x, min y, max x, max y) of its polygon, cached per board
    version (kept by compose for the boards it builds): read-only."""
    return _area_boxes(b)


def _union_box(boxes) -> Box | None:
    boxes = list(boxes)
    if not boxes:
        return None
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def _strictly_overlap(b1: Box, b2: Box) -> bool:
    return b1[0] < b2[2] and b2[0] < b1[2] and b1[1] < b2[3] and b2[1] < b1[3]


def _overlapping_areas(a: Board, b: Board):
    """(area of a, area of b) pairs whose polygons overlap with positive area."""
    boxes_a, boxes_b = _area_boxes(a), _area_boxes(b)
    whole_b = _union_box(boxes_b.values())
    if whole_b is None:
        return
    for na, ba in boxes_a.items():
        if not _strictly_overlap(ba, whole_b):
            continue
        for nb, bb in boxes_b.items():
            if _strictly_overlap(ba, bb) and polygons_overlap(a.areas[na].polygon, b.areas[nb].polygon):
                yield a.areas[na], b.areas[nb]


def _piece_name(b: Board) -> str:
    return next(iter(b.areas.values())).piece if b.areas else b.source


def _pieces_overlap(a: Board, b: Board) -> bool:
    if a.grid is not None and b.grid is not None:
        return bool(a.grid.floor & b.grid.floor)
    return next(_overlapping_areas(a, b), None) is not None


def compose(placements: Sequence[Placement], source: str = "composed map") -> Board:
    """One Board from placed pieces; raises OverlapError (listing the pieces) if any overlap."""
    if not placements:
        raise CompositionError(_problem(source, M("nothing to compose")))
    kinds = {p.piece.kind for p in placements}
    sizes = {(p.piece.tile_width, p.piece.tile_height) for p in placements}
    if len(kinds) > 1 or len(sizes) > 1:
        raise CompositionError(_problem(source, M("pieces mix grid and area maps or tile sizes")))
    names = [p.name for p in placements]
    dup = next((n for n in names if names.count(n) > 1), None)
    if dup is not None:
        raise CompositionError(_problem(source, M("piece name {name} is used twice", name=repr(dup))))
    placed = [transform_board(p) for p in placements]
    clash = overlapping_pieces(placed)
    if clash:
        raise OverlapError(clash, source)
    merged = _merge(placed, source, max(p.piece.version for p in placements) + len(placements))
    if len(placements) == 1:
        # One face placed: its area graphs are the face's, renamed (game/board/distance.py).
        note_composition(merged, placements[0].piece, placements[0].name)
    return merged


def add_piece(board: Board, placement: Placement) -> Board:
    """board with one more piece; placement is in board's coordinates (see place_at_exit).

    A board loaded from a single file is first made a composition of one piece, named by its
    tile_id (or 'base'), so its names gain that prefix. The result's version is board's + 1.
    """
    if board.pieces() in ((), ("",)):
        board_face = board
        base = str(board.properties.get("tile_id") or "base")
        board = compose([Placement(board, base)], board.source)
        board.version -= 1  # the wrapping is not a change of geometry
        note_composition(board, board_face, base)
    if placement.name in board.pieces():
        raise CompositionError(_problem(board.source, M("piece name {name} is used twice", name=repr(placement.name))))
    if placement.piece.kind != board.kind:
        raise CompositionError(_problem(board.source, M("cannot add this piece: it is for {piece}, the map is for {board}",
                                                        piece=_made_for(placement.piece), board=_made_for(board))))
    new = transform_board(placement)
    clash = _pieces_hit(board, new)
    if clash:
        raise OverlapError([(c, placement.name) for c in clash], board.source)
    merged = _merge([board, new], board.source, board.version + 1)
    # board plus one face: area graphs are derived from board's and the face's (distance.py).
    note_composition(merged, placement.piece, placement.name, board)
    return merged


def _pieces_hit(board: Board, new: Board) -> list[str]:
    """Names of board's pieces that the placed piece new overlaps."""
    hit: dict[str, None] = {}
    if board.grid is not None and new.grid is not None:
        for cell in sorted(board.grid.floor & new.grid.floor):
            area = board.cell_area(cell)
            hit.setdefault(board.areas[area].piece if area else "the board", None)
        return list(hit)
    for a, _ in _overlapping_areas(board, new):
        hit.setdefault(a.piece, None)
    return list(hit)


def free_exits(board: Board) -> tuple[Connector, ...]:
    """Exits not yet joined to another piece's entrance."""
    joined = {id(x) for x, _ in board.joined_connectors()}
    return tuple(c for c in board.connectors_of("exit") if id(c) not in joined)


def place_at_exit(board: Board, exit_name: str, piece: Board, name: str) -> Placement:
    """The placement laying piece's entrance on board's exit exit_name (gears 3.4 / 3.7): the
    two segments coincide, the piece lies on the far side of the exit from the board. The
    placement is in board's coordinates (as add_piece expects). Raises CompositionError if the
    exit is unknown or joined, or the entrance and exit differ in length; overlap is left to
    add_piece/compose, whose OverlapError means 'rebuild the level'."""
    exit_ = next((c for c in board.connectors if c.name == exit_name and c.kind == "exit"), None)
    if exit_ is None:
        raise CompositionError(_problem(board.source, M("no exit named {name}", name=repr(exit_name))))
    if exit_ not in free_exits(board):
        raise CompositionError(_problem(board.source, M("exit {name} is already joined", name=exit_name)))
    entrances = piece.connectors_of("entrance")
    if len(entrances) != 1:
        raise CompositionError(_problem(piece.source, M("a tile needs exactly one entrance to be placed (it has {n})", n=len(entrances))))
    entrance = entrances[0]
    xa, xb = exit_.segment.a, exit_.segment.b
    inside = _side_of_board(board, exit_)
    # The placements tried below map the entrance exactly onto the exit (parallel, same length,
    # same midpoint; quarter turns and translations are exact isometries), so the areas that
    # touch the exit once placed are the areas touching the entrance now: found once.
    at_entrance = _areas_at_entrance(piece, entrance)
    for rotation in (0, 90, 180, 270):
        trial = Placement(piece, name, (Fraction(0), Fraction(0)), rotation)
        ea, eb = trial.map_point(entrance.segment.a), trial.map_point(entrance.segment.b)
        if orient(xa, xb, (xa[0] + eb[0] - ea[0], xa[1] + eb[1] - ea[1])) != 0:
            continue  # not parallel to the exit
        if _len2(ea, eb) != _len2(xa, xb):
            raise CompositionError(_problem(piece.source, M(
                "entrance {entrance} and exit {exit} of {board} differ in length",
                entrance=entrance.name, exit=exit_name, board=board.source)))
        mid_e = ((ea[0] + eb[0]) / 2, (ea[1] + eb[1]) / 2)
        mid_x = ((xa[0] + xb[0]) / 2, (xa[1] + xb[1]) / 2)
        offset = (mid_x[0] - mid_e[0], mid_x[1] - mid_e[1])
        placed = Placement(piece, name, offset, rotation)
        far = _side_of_piece(placed, xa, xb, at_entrance)
        if far != 0 and far != inside:
            return placed
    raise CompositionError(_problem(piece.source, M("no rotation lays entrance {entrance} on exit {exit}", entrance=entrance.name, exit=exit_name)))


def _areas_at_entrance(piece: Board, entrance: Connector) -> list[Area]:
    """The piece's areas running along its entrance, in the piece's order; cached on the piece
    (a loaded tile face is placed again and again, game after game)."""
    key = ("areas_at_entrance", piece.version, entrance.name, entrance.segment)
    names = piece._cache.get(key)
    if names is None:
        names = piece._cache[key] = [n for n, a in piece.areas.items() if _area_touches(a.polygon, entrance.segment)]
    return [piece.areas[n] for n in names]


def _len2(a: Point, b: Point) -> Fraction:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def _side_of_board(board: Board, c: Connector) -> int:
    """Which side of c's line the board's area touching c lies on (+1/-1)."""
    ia, ib = _ipt(c.segment.a), _ipt(c.segment.b)
    whole = ia is not None and ib is not None
    for area in board.areas.values():
        if area.piece != c.piece:
            continue
        touches = None  # decided once per area, only if it has a vertex off the line
        for v in area.polygon:
            iv = _ipt(v) if whole else None
            s = _iorient(ia, ib, iv) if iv is not None else orient(c.segment.a, c.segment.b, v)
            if s != 0:
                if touches is None:
                    touches = _area_touches(area.polygon, c.segment)
                if touches:
                    return s
                break
    return 0


def _side_of_piece(p: Placement, a: Point, b: Point, touching: Sequence[Area]) -> int:
    """Which side of the line a-b (the exit) the placed piece's areas on that line lie on;
    touching: the piece's areas that run along a-b once placed, in the piece's order."""
    for area in touching:
        for v in area.polygon:
            s = orient(a, b, p.map_point(v))
            if s != 0:
                return s
    return 0


def _area_touches(poly, s: Segment) -> bool:
    a, b = _ipt(s.a), _ipt(s.b)
    ipoly = [_ipt(p) for p in poly] if a is not None and b is not None else [None]
    if None not in ipoly:
        return _iarea_touches(ipoly, a, b)
    t = line_param(s.a, s.b)
    lo, hi = sorted((t(s.a), t(s.b)))
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        if orient(s.a, s.b, p) == 0 and orient(s.a, s.b, q) == 0:
            a0, a1 = sorted((t(p), t(q)))
            if max(lo, a0) < min(hi, a1):
                return True
    return False


def _iarea_touches(poly, a, b) -> bool:
    """_area_touches on whole numbers (the same tests, exact on ints)."""
    ix = 0 if a[0] != b[0] else 1
    lo, hi = sorted((a[ix], b[ix]))
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        if _iorient(a, b, p) == 0 and _iorient(a, b, q) == 0:
            a0, a1 = sorted((p[ix], q[ix]))
            if max(lo, a0) < min(hi, a1):
                return True
    return False


# --- merging ---------------------------------------------------------------------------------------


def _shift(b: Board, d: tuple[Fraction, Fraction]) -> Board:
    if d == (0, 0):
        return b
    dx, dy = d
    if getattr(dx, "denominator", 0) == 1 and getattr(dy, "denominator", 0) == 1:
        ix, iy = dx.numerator, dy.numerator

        def mv(q):
            # _plus with its whole-number test done once for the shift (always whole tiles).
            x, y = q
            if getattr(x, "denominator", 0) == 1 and getattr(y, "denominator", 0) == 1:
                return (_frac(x.numerator + ix), _frac(y.numerator + iy))
            return (_plus(x, dx), _plus(y, dy))
    else:
        mv = lambda q: (_plus(q[0], d[0]), _plus(q[1], d[1]))  # noqa: E731
    pts = lambda ps: tuple(mv(q) for q in ps)  # noqa: E731
    grid = b.grid
    if grid is not None:
        dc, dr = int(d[0] / b.tile_width), int(d[1] / b.tile_height)
        mc = lambda c: (c[0] + dc, c[1] + dr)  # noqa: E731
        grid = Grid(
            grid.cols,
            grid.rows,
            frozenset(mc(c) for c in grid.floor),
            frozenset((mc(a), mc(z)) for a, z in grid.wall_edges),
            frozenset(mc(c) for c in grid.blocking),
        )
    markers = []
    for m in b.markers:
        props = dict(m.properties)
        if "cell" in props and b.grid is not None:
            c = props["cell"]
            props["cell"] = (c[0] + int(d[0] / b.tile_width), c[1] + int(d[1] / b.tile_height))
        markers.append(replace(m, point=mv(m.point), properties=props))
    return replace(
        b,
        areas={n: replace(a, polygon=pts(a.polygon)) for n, a in b.areas.items()},
        lines=tuple(replace(x, points=pts(x.points)) for x in b.lines),
        doors=tuple(replace(x, points=pts(x.points)) for x in b.doors),
        cover=tuple(replace(x, point=mv(x.point)) for x in b.cover),
        markers=tuple(markers),
        connectors=tuple(replace(x, segment=Segment(mv(x.segment.a), mv(x.segment.b))) for x in b.connectors),
        grid=grid,
    )


def _lo_hi(vals: list) -> tuple:
    """(min, max) of the values; on whole numbers compared as ints (the same elements)."""
    if all(getattr(v, "denominator", 0) == 1 for v in vals):
        num = lambda v: v.numerator  # noqa: E731
        return min(vals, key=num), max(vals, key=num)
    return min(vals), max(vals)


def _merge(pieces: list[Board], source: str, version: int) -> Board:
    tw, th = pieces[0].tile_width, pieces[0].tile_height
    xs, ys = [], []
    piece_boxes = [_area_boxes(b) for b in pieces]
    for b, boxes in zip(pieces, piece_boxes):
        for x0, y0, x1, y1 in boxes.values():  # the extremes of the areas' vertices
            xs += [x0, x1]
            ys += [y0, y1]
        if b.grid is not None:
            xs += [Fraction(c * tw) for c, _ in b.grid.floor] + [Fraction((c + 1) * tw) for c, _ in b.grid.floor]
            ys += [Fraction(r * th) for _, r in b.grid.floor] + [Fraction((r + 1) * th) for _, r in b.grid.floor]
    # Shift by whole tiles so nothing lies left of or above the origin.
    (min_x, max_x), (min_y, max_y) = _lo_hi(xs), _lo_hi(ys)
    shift = (
        Fraction(-floor(min_x / tw) * tw) if min_x < 0 else Fraction(0),
        Fraction(-floor(min_y / th) * th) if min_y < 0 else Fraction(0),
    )
    pieces = [_shift(b, shift) for b in pieces]
    width = max(1, -(-int(max_x + shift[0]) // tw))
    height = max(1, -(-int(max_y + shift[1]) // th))
    areas: dict[str, Area] = {}
    for b in pieces:
        areas.update(b.areas)
    dx, dy = shift
    merged_boxes = {}
    for boxes in piece_boxes:
        merged_boxes.update({n: (_plus(x0, dx), _plus(y0, dy), _plus(x1, dx), _plus(y1, dy)) for n, (x0, y0, x1, y1) in boxes.items()})
    grid = None
    if pieces[0].grid is not None:
        grid = Grid(
            cols=width,
            rows=height,
            floor=frozenset().union(*(b.grid.floor for b in pieces)),
            wall_edges=frozenset().union(*(b.grid.wall_edges for b in pieces)),
            blocking=frozenset().union(*(b.grid.blocking for b in pieces)),
        )
    props = dict(pieces[0].properties)
    props.pop("tile_id", None)
    props.pop("piece", None)  # a map built of pieces is a whole map
    merged = Board(
        source=source,
        width=width,
        height=height,
        tile_width=tw,
        tile_height=th,
        properties=props,
        areas=areas,
        lines=tuple(x for b in pieces for x in b.lines),
        doors=tuple(x for b in pieces for x in b.doors),
        cover=tuple(x for b in pieces for x in b.cover),
        markers=tuple(x for b in pieces for x in b.markers),
        connectors=tuple(x for b in pieces for x in b.connectors),
        grid=grid,
        version=version,
    )
    merged._cache[("area_boxes", version)] = {n: merged_boxes[n] for n in areas}
    return merged
