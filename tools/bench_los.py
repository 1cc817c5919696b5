"""Line-of-sight benchmark: prints numbers, asserts nothing (DESIGN.md: speed is measured by
benchmarks, never by timed tests).

    tools/bench_los.py [MAP.tmx]

Grid part (doom.md §3.7): a 40x40 grid with random thin walls and blocking squares (fixed seed):
single query, one source to all squares, all pairs; compared with tcod.map.compute_fov when
tcod is importable (tcod cannot represent thin walls, so its map only gets the blocking squares:
it is a speed reference, not the same question).

Area part (gears §3.5): area-to-area LOS for every pair of areas of MAP.tmx (loaded with
game.board.tmx.load_board), or of a generated map of 14 polygons with walls.
"""
from __future__ import annotations

import random
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.board.gridlos import GridSight, _Lattice  # noqa: E402
from game.board.los import AreaSight, area_to_area  # noqa: E402
from game.board.model import Area, Board, Segment  # noqa: E402

SEED = 20240611
N = 40


def timed(fn, repeat: int = 1) -> float:
    """Best-of-3 mean seconds per call."""
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - t0) / repeat)
    return best


def fmt(sec: float) -> str:
    return f"{sec * 1e6:9.1f} us" if sec < 1e-3 else f"{sec * 1e3:9.2f} ms"


def random_grid(rng: random.Random, cols: int, rows: int):
    walls = set()
    for y in range(rows + 1):
        for x in range(cols):
            if y in (0, rows) or rng.random() < 0.06:
                walls.add(((x, y), (x + 1, y)))
    for y in range(rows):
        for x in range(cols + 1):
            if x in (0, cols) or rng.random() < 0.06:
                walls.add(((x, y), (x, y + 1)))
    blocking = {(x, y) for y in range(rows) for x in range(cols) if rng.random() < 0.08}
    return walls, blocking


def bench_grid() -> None:
    rng = random.Random(SEED)
    walls, blocking = random_grid(rng, N, N)
    print(f"== grid LOS, {N}x{N}, {len(walls)} wall edges, {len(blocking)} blocking squares (seed {SEED})")
    t0 = time.perf_counter()
    lat = _Lattice.of(N, N)
    t1 = time.perf_counter()
    lat.shadows()
    t2 = time.perf_counter()
    sight = GridSight(N, N, walls)
    sight._steps()
    t3 = time.perf_counter()
    # The paths are walked on the first ask (one quadrant, mirrored): the shadows time holds them.
    print(f"one-time per grid size: lattice {fmt(t1 - t0)}, paths + shadows {fmt(t2 - t1)}, "
          f"all-pairs steps {fmt(t3 - t2)}")

    cells = [(x, y) for y in range(N) for x in range(N)]
    pairs = [(rng.choice(cells), rng.choice(cells)) for _ in range(400)]
    single = timed(lambda: [sight.visible(a, b, blocking) for a, b in pairs]) / len(pairs)
    print(f"single query visible(a, b):                {fmt(single)}")

    origin = (N // 2, N // 2)
    # cold: a state never seen, walls' shadow for this origin not cached yet
    fresh = [frozenset(blocking | {(i % N, 3)}) for i in range(60)]
    origins = [cells[(i * 97) % len(cells)] for i in range(60)]

    def cold():
        for b, o in zip(fresh, origins):
            sight._static_shadow.pop(o, None)
            sight._layers.clear()
            sight._keys.pop((b, frozenset()), None)
            sight.visible_from(o, b)

    one_cold = timed(cold) / len(fresh)

    def warm():  # figures moved (new state), same walls: the common case in play
        for b in fresh:
            sight._keys.pop((b, frozenset()), None)
            sight.visible_from(origin, b)

    sight.visible_from(origin, blocking)
    one_warm = timed(warm) / len(fresh)
    one_cached = timed(lambda: sight.visible_from(origin, blocking), 1000)
    seen = len(sight.visible_from(origin, blocking))
    print(f"one source to all, cold (new state+source): {fmt(one_cold)}")
    print(f"one source to all, new figures, same walls: {fmt(one_warm)}   ({seen} squares seen from {origin})")
    print(f"one source to all, cached state:            {fmt(one_cached)}")

    def build_all():
        sight._keys.pop((frozenset(blocking), frozenset()), None)
        return sight.all_pairs(blocking)

    all_build = timed(build_all)
    ap = sight.all_pairs(blocking)
    sees = timed(lambda: [ap.sees(a, b) for a, b in pairs]) / len(pairs)
    rows_t0 = time.perf_counter()
    total = sum(len(row) for row in ap.as_dict().values())
    rows_time = time.perf_counter() - rows_t0
    print(f"all pairs build (bitsets by displacement):  {fmt(all_build)}")
    print(f"all pairs: sees(a, b) lookup:               {fmt(sees)}")
    print(f"all pairs: decode every row to sets:        {fmt(rows_time)}   ({total} visible ordered pairs)")

    try:
        import numpy as np
        import tcod.map
    except ImportError:
        print("tcod not importable: no FOV comparison")
        return
    transparent = np.ones((N, N), dtype=bool, order="F")
    for x, y in blocking:
        transparent[x, y] = False  # tcod: no thin walls, only opaque squares (speed reference only)
    algo = tcod.constants.FOV_SYMMETRIC_SHADOWCAST
    fov_one = timed(lambda: tcod.map.compute_fov(transparent, origin, radius=0, algorithm=algo), 2000)

    def fov_all():
        for c in cells:
            tcod.map.compute_fov(transparent, c, radius=0, algorithm=algo)

    fov_every = timed(fov_all)
    print(f"tcod compute_fov (symmetric shadowcast), one origin:   {fmt(fov_one)}")
    print(f"tcod compute_fov, from every origin ({len(cells)}):        {fmt(fov_every)}")
    print("  (tcod cannot represent thin walls: blocking squares only, speed reference only)")
    print(f"ratio one-source cold / tcod one origin:      {one_cold / fov_one:6.2f}  (goal <= 1.0)")
    print(f"ratio one-source new-figures / tcod:          {one_warm / fov_one:6.2f}")
    print(f"ratio one-source cached / tcod:               {one_cached / fov_one:6.2f}")
    print(f"ratio all-pairs build / tcod every origin:    {all_build / fov_every:6.2f}  (goal <= 2.0)")
    print(f"ratio all-pairs + all rows / tcod every origin: {(all_build + rows_time) / fov_every:6.2f}")


def generated_area_board(seed: int = SEED) -> Board:
    """A 4x4 block of jittered quadrilateral areas (two pairs merged: 14 areas); each shared
    border is a full wall, a wall with a gap, or open; a few free-standing walls; the outline."""
    rng = random.Random(seed)
    size = 200
    pts = {}
    for j in range(5):
        for i in range(5):
            jitter = (0, 0) if i in (0, 4) or j in (0, 4) else (rng.randint(-40, 40), rng.randint(-40, 40))
            pts[(i, j)] = (Fraction(i * size + jitter[0]), Fraction(j * size + jitter[1]))
    polys = {}
    for j in range(4):
        for i in range(4):
            polys[(i, j)] = [pts[(i, j)], pts[(i + 1, j)], pts[(i + 1, j + 1)], pts[(i, j + 1)]]
    # merge (0,0)+(1,0) and (2,3)+(3,3) into hexagons
    polys[(0, 0)] = [pts[(0, 0)], pts[(1, 0)], pts[(2, 0)], pts[(2, 1)], pts[(1, 1)], pts[(0, 1)]]
    del polys[(1, 0)]
    polys[(2, 3)] = [pts[(2, 3)], pts[(3, 3)], pts[(4, 3)], pts[(4, 4)], pts[(3, 4)], pts[(2, 4)]]
    del polys[(3, 3)]
    areas = {f"a{i}{j}": Area(f"a{i}{j}", n, tuple(p)) for n, ((i, j), p) in enumerate(sorted(polys.items()))}
    walls: list[Segment] = []
    for j in range(5):
        for i in range(5):
            for di, dj in ((1, 0), (0, 1)):
                q = (i + di, j + dj)
                if q not in pts:
                    continue
                a, b = pts[(i, j)], pts[q]
                outline = (dj == 0 and j in (0, 4)) or (di == 0 and i in (0, 4))
                if outline:
                    walls.append(Segment(a, b))
                else:
                    roll = rng.random()
                    if roll < 0.45:  # a solid wall along the whole border
                        walls.append(Segment(a, b))
                    elif roll < 0.75:  # a wall along part of the border, leaving a gap
                        k = Fraction(rng.randint(3, 7), 10)
                        mid = (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
                        walls.append(Segment(a, mid) if rng.random() < 0.5 else Segment(mid, b))
    for _ in range(5):
        x, y = rng.randint(50, 750), rng.randint(50, 750)
        walls.append(Segment((Fraction(x), Fraction(y)), (Fraction(x + rng.randint(-60, 60)), Fraction(y + rng.randint(-60, 60)))))
    board = Board(source="generated", width=4, height=4, tile_width=size, tile_height=size, areas=areas)
    board._bench_walls = walls  # type: ignore[attr-defined]
    return board


def bench_areas(path: str | None) -> None:
    if path:
        from game.board.tmx import load_board

        board = load_board(path)
        walls = list(board.blocking_segments()) if hasattr(board, "blocking_segments") else list(board.wall_segments())
        label = path
    else:
        board = generated_area_board()
        walls = board._bench_walls  # type: ignore[attr-defined]
        label = "generated map"
    names = sorted(board.areas)
    print(f"\n== area LOS, {label}: {len(names)} areas, {len(walls)} blocking segments")
    times = []
    seen = 0
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            t0 = time.perf_counter()
            res = area_to_area(board.areas[a].polygon, board.areas[b].polygon, walls)
            times.append(time.perf_counter() - t0)
            seen += res.visible
    times.sort()
    print(f"area_to_area over {len(times)} pairs: total {fmt(sum(times))}, median {fmt(times[len(times) // 2])}, "
          f"max {fmt(times[-1])}; {seen} pairs visible")
    sight = AreaSight(board, walls)
    t0 = time.perf_counter()
    for a in names:
        sight.visible_areas(a)
    cold = time.perf_counter() - t0
    cached = timed(lambda: [sight.areas(a, b) for a in names for b in names]) / (len(names) ** 2)
    print(f"AreaSight full matrix cold: {fmt(cold)}; cached lookup {fmt(cached)} per pair")


if __name__ == "__main__":
    bench_grid()
    bench_areas(sys.argv[1] if len(sys.argv) > 1 else None)
