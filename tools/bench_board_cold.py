"""Cold board costs of the Gears engine (not a test: prints numbers, asserts nothing).

    .venv/bin/python tools/bench_board_cold.py [--levels N] [--seed S] [--repeat R]

Lays N random levels of the 34 real tile faces through the rules' path (board_view.view_for,
one tile on the first free exit of the previous one, as explore._layout does; a tile that
would overlap ends the level), then times, with every cache emptied first:
  - compose: view_for and free_exits of every prefix of every level (compose.add_piece,
    place_at_exit, Board.area_at);
  - graphs:  movement and range area graphs plus the BFS tables of each level's board;
  - cover:   movement.cover_bonus from every area to every cover spot of another area;
  - cover again: the same on fresh BoardViews of the same boards with the process-wide
    memos kept (what the next game laying the same tiles pays).
Best of R repeats per phase (the machine is shared and noisy).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.board.model import MapError  # noqa: E402
from game.gears.rules import board_view as BV  # noqa: E402
from game.gears.rules import movement as M  # noqa: E402

TILES = [f"{n}{s}" for n in range(1, 18) for s in "AB"]


def random_levels(loader, count: int, seed: int) -> list[list[dict]]:
    """count levels of 3-6 tiles (distinct tile numbers), laid like explore._layout."""
    rng = random.Random(seed)
    levels = []
    while len(levels) < count:
        numbers = rng.sample(range(1, 18), rng.randint(3, 6))
        tiles = [f"{n}{rng.choice('AB')}" for n in numbers]
        placements: list[dict] = []
        at = None
        for tile in tiles:
            entry = {"tile": tile, "exit": at}
            try:
                view = BV.view_for(loader, placements + [entry])
            except MapError:
                break
            placements.append(entry)
            exits = [e for e in view.free_exits if e.split(":")[0] == tile]
            at = exits[0] if exits else None
            if at is None:
                break
        if len(placements) >= 2:
            levels.append(placements)
    return levels


def clear_all() -> None:
    BV.clear_caches()
    clear = getattr(M, "clear_cover_cache", None)
    if clear is not None:
        clear()


def compose_all(loader, levels) -> list:
    views = []
    for placements in levels:
        for k in range(1, len(placements) + 1):
            view = BV.view_for(loader, placements[:k])
            view.free_exits  # what the rules read of every intermediate board
        views.append(view)
    return views


def graphs(views) -> None:
    for v in views:
        v.move_adj
        v.range_adj
        v.move_dist
        v.range_dist


def cover_pairs(views) -> int:
    n = 0
    for v in views:
        for spot in v.board.cover:
            for a in v.areas:
                if a != spot.area:
                    M.cover_bonus(v, (a, None), (spot.area, spot.name))
                    n += 1
    return n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    loader = BV.FileTileLoader()
    for t in TILES:
        loader(t)  # tile loading is a one-off per process, not a board cost
    levels = random_levels(loader, args.levels, args.seed)
    tiles = sum(len(p) for p in levels)
    best = {"compose": 1e9, "graphs": 1e9, "cover": 1e9, "cover again": 1e9}
    pairs = 0
    for _ in range(args.repeat):
        clear_all()
        t0 = time.perf_counter()
        views = compose_all(loader, levels)
        t1 = time.perf_counter()
        graphs(views)
        t2 = time.perf_counter()
        pairs = cover_pairs(views)
        t3 = time.perf_counter()
        fresh = [BV.BoardView(v.board, v.sections, v.joins) for v in views]
        cover_pairs(fresh)
        t4 = time.perf_counter()
        for k, dt in (("compose", t1 - t0), ("graphs", t2 - t1), ("cover", t3 - t2), ("cover again", t4 - t3)):
            best[k] = min(best[k], dt)
    print(f"{len(levels)} levels, {tiles} tiles, {pairs} (area, cover spot) pairs; best of {args.repeat}")
    for k, dt in best.items():
        print(f"  {k:<12} {dt * 1000:8.1f} ms")
    print(f"  {'total':<12} {sum(best.values()) * 1000:8.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
