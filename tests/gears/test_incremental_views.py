"""Board views of levels laid tile by tile (board_view.view_for / _view / _next_board, spec 3.4)
read the incremental area graphs (game/board/distance.py): their movement and range tables
(spec 3.2, 3.6), free exits (spec 3.7) and section boxes (spec 9.2.5) must be the ones the
full computation gives. Levels use the 34 shipped tile faces, laid the way explore.py lays
them (each tile on the first free exit of the previous one, or on a random free exit, some
as new map sections without an exit)."""
from __future__ import annotations

import random
from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.distance import _PASSABLE, MOVEMENT, RANGE, _area_graph, _pieces_graph, outline_segments, piece_seams
from game.board.model import MapError
from game.gears.rules import board_view as BV

LOADER = BV.FileTileLoader()
TILES = sorted(p.stem for p in BV.TILES_DIR.glob("*.tmx"))


def plain_bfs(start, adj):
    dist = {start: 0}
    queue = deque([start])
    while queue:
        a = queue.popleft()
        for b in sorted(adj.get(a, ())):
            if b not in dist:
                dist[b] = dist[a] + 1
                queue.append(b)
    return dist


def plain_boxes(board):
    out = {}
    for a in board.areas.values():
        xs = [p[0] for p in a.polygon]
        ys = [p[1] for p in a.polygon]
        b = out.setdefault(a.piece, [min(xs), min(ys), max(xs), max(ys)])
        b[:] = [min(b[0], min(xs)), min(b[1], min(ys)), max(b[2], max(xs)), max(b[3], max(ys))]
    return {k: tuple(v) for k, v in out.items()}


def lay(rng: random.Random, size: int) -> list[BV.BoardView]:
    """Views of one random map, laid like explore._layout (first free exit of the last tile)
    or on any free exit, with a few tiles apart (Scattered sections)."""
    tiles = rng.sample(TILES, size)
    placements = [{"tile": tiles[0], "exit": None}]
    views = [BV.view_for(LOADER, placements)]
    for tile in tiles[1:]:
        view = views[-1]
        if view.free_exits and rng.random() < 0.9:
            last = [e for e in view.free_exits if e.split(":")[0] == placements[-1]["tile"]]
            at = last[0] if last and rng.random() < 0.7 else rng.choice(view.free_exits)
        else:
            at = None
        entry = {"tile": tile, "exit": at}
        try:
            views.append(BV.view_for(LOADER, placements + [entry]))
        except MapError:
            continue
        placements.append(entry)
    return views


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 12))
def test_view_tables_on_tile_by_tile_levels_are_the_full_ones_gears_3_2_3_4_3_6_3_7(seed, size):
    rng = random.Random(seed)
    views = lay(rng, size)
    asked = [v for v in views if rng.random() < 0.4] + [views[-1]]
    for view in asked:
        board = view.board
        closed = board.closed_door_names(None)
        move = _area_graph(board, _PASSABLE[MOVEMENT], closed)
        rng_graph = _area_graph(board, _PASSABLE[RANGE], closed)
        assert dict(view.move_adj) == move and dict(view.range_adj) == rng_graph
        # the graphs came from the faces (the fast path applies to every laid board)
        assert _pieces_graph(board, MOVEMENT, closed) == move and _pieces_graph(board, RANGE, closed) == rng_graph
        # spec 3.5: the cached blocking segments are the ones read afresh
        assert board.blocking_segments() == (board.wall_segments() + board.door_segments() + outline_segments(board)
                                             + piece_seams(board))  # the seams, tests/board/test_piece_seams.py
        for a in rng.sample(view.areas, min(6, len(view.areas))):
            assert view.move_dist[a] == plain_bfs(a, move)
            assert list(view.move_dist[a]) == list(plain_bfs(a, move))  # same visiting order
            assert view.range_dist[a] == plain_bfs(a, rng_graph)
            for b in view.areas:
                assert view.mdist(a, b) == plain_bfs(a, move).get(b, BV.INF)
        assert BV._boxes(board) == plain_boxes(board)
    for view in views:
        board = view.board
        joined = set()
        for x in board.connectors_of("exit"):
            for e in board.connectors_of("entrance"):
                if x.piece != e.piece and {x.segment.a, x.segment.b} == {e.segment.a, e.segment.b}:
                    joined.add(x.name)
        assert view.free_exits == tuple(n for n in view.exits if n not in joined)
