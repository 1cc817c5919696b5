"""Area-graph cost of Gears levels laid tile by tile (not a test: prints numbers, asserts nothing).

    .venv/bin/python tools/bench_board_graphs.py [--levels N] [--size K] [--seed S]
                                                 [--gears ROOT ...] [--runs R] [--play [ROOT]]

Lays N random levels of up to K shipped tile faces (maps/gears/tiles), each board the previous
one plus one face on a free exit (compose.add_piece(prev, place_at_exit(...)), what
game/gears/rules/board_view._next_board does in play), and times, cold, the movement and range
graphs of every board asked in play order:
  - full: game/board/distance._area_graph on each board (the computation from scratch);
  - incremental: area_graph (derived from the previous board's graph, see distance.py), the
    faces' own graphs computed before timing (once per face per process, as in play).
It prints ms per level and per board, and the joined_connectors time (cached per board).
`--play [ROOT]` instead plays the cold games of tools/bench_gears.py --games 8 (ROOT's code,
default this tree) and prints the CPU time of the per-board functions play calls (graphs,
_next_board, free exits, SightGeometry set-up, blocking segments), apart for game set-up.
`--gears ROOT` (repeatable) also runs ROOT/tools/bench_gears.py --games 8 R times with this
Python and prints the best `all` actions/s of each tree (e.g. a worktree of HEAD for "before").
"""
from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.board.compose import CompositionError, add_piece, compose, free_exits, place_at_exit, Placement  # noqa: E402
from game.board.distance import _PASSABLE, MOVEMENT, RANGE, _area_graph, area_graph  # noqa: E402
from game.board.tmx import load_board  # noqa: E402

TILES_DIR = ROOT / "maps" / "gears" / "tiles"


def levels(n: int, size: int, seed: int, tiles: dict) -> list[list]:
    rng = random.Random(seed)
    names = sorted(tiles)
    out = []
    for _ in range(n):
        pool = rng.sample(names, len(names))
        first = pool.pop()
        boards = [compose([Placement(tiles[first], first)], "level")]
        while pool and len(boards) < size:
            tile = pool.pop()
            exits = free_exits(boards[-1])
            if not exits:
                break
            try:
                boards.append(add_piece(boards[-1], place_at_exit(boards[-1], rng.choice(exits).name, tiles[tile], tile)))
            except CompositionError:
                continue
        out.append(boards)
    return out


def fresh(lv: list[list]) -> None:
    """Forget the graphs, keep how boards were built, their integer geometry and joined pairs
    (play builds those for every board anyway, to find free exits)."""
    for boards in lv:
        for b in boards:
            for k in [k for k in b._cache if isinstance(k, tuple) and k[0] in _GRAPH_CACHES]:
                del b._cache[k]
            area_at_ready(b)
            geo = b._cache[("int_geometry", b.version)]
            for k in ("shared", "edges_by_line", "vertex_at", "_segments_of"):
                geo.__dict__.pop(k, None)


_GRAPH_CACHES = ("area_graph", "outline_joins", "outline_tables", "rule_c")


def area_at_ready(b) -> None:
    from game.board.distance import _int_geometry

    _int_geometry(b)
    b.joined_connectors()


def time_full(lv) -> float:
    t = time.perf_counter()
    for boards in lv:
        for b in boards:
            closed = b.closed_door_names(None)
            _area_graph(b, _PASSABLE[MOVEMENT], closed)
            _area_graph(b, _PASSABLE[RANGE], closed)
    return time.perf_counter() - t


def time_incremental(lv, last_only: bool = False) -> float:
    t = time.perf_counter()
    for boards in lv:
        for b in boards[-1:] if last_only else boards:
            area_graph(b, MOVEMENT)
            area_graph(b, RANGE)
    return time.perf_counter() - t


def time_full_last(lv) -> float:
    return time_full([boards[-1:] for boards in lv])


def time_joined(lv) -> float:
    t = time.perf_counter()
    for boards in lv:
        for b in boards:
            b.joined_connectors()
            b.joined_connectors()
    return time.perf_counter() - t


def gears_best(root: Path, runs: int) -> float:
    best = 0.0
    for _ in range(runs):
        out = subprocess.run([sys.executable, str(root / "tools" / "bench_gears.py"), "--games", "8"],
                             capture_output=True, text=True, cwd=root, check=True).stdout
        m = re.search(r"^all\s.*?([\d,]+) actions/s", out, re.M)
        if m:
            best = max(best, float(m.group(1).replace(",", "")))
    return best


def play_costs(root: Path) -> None:
    """Per-board function CPU times over the cold games of bench_gears --games 8 (see --play)."""
    import functools
    import importlib

    sys.path.insert(0, str(root))
    for name in [m for m in sys.modules if m == "game" or m.startswith(("game.", "tools."))]:
        del sys.modules[name]
    model = importlib.import_module("game.board.model")
    distance = importlib.import_module("game.board.distance")
    BV = importlib.import_module("game.gears.rules.board_view")
    G = importlib.import_module("tools.bench_gears")
    title_mod = importlib.import_module("game.gears.rules.title")
    importlib.import_module("game.engine.runtime").tune_gc()
    times: dict[str, float] = {}
    phase = ["play"]

    def timed(owner, name, label):
        f = getattr(owner, name)
        depth = [0]

        @functools.wraps(f)
        def w(*a, **k):
            if depth[0]:
                return f(*a, **k)
            depth[0] += 1
            t = time.process_time()
            try:
                return f(*a, **k)
            finally:
                key = label if phase[0] == "play" else "setup: " + label
                times[key] = times.get(key, 0.0) + time.process_time() - t
                depth[0] -= 1

        setattr(owner, name, w)

    title = title_mod.GearsTitle(BV.FileTileLoader())
    missions = G.supported_missions(title)
    recs = [title.content.missions[m] for m in missions]
    for tile in sorted({t for r in recs for lv in r.levels for t in lv.tiles} | {t for r in recs for ts in r.difficulty.values() for t in ts}):
        title.loader(tile)
    G.play(title, missions[0], 10_000, G.players_for(title, missions[0], 0), 50)
    for owner, name in ((model.Board, "range_graph"), (model.Board, "movement_graph"), (model.Board, "blocking_segments"),
                        (BV, "_next_board"), (BV.SightGeometry, "__init__")):
        timed(owner, name, name if owner is not BV.SightGeometry else "SightGeometry")
    exits = BV.BoardView.__dict__["free_exits"]
    inner = exits.func

    def free_exits(self):
        t = time.process_time()
        try:
            return inner(self)
        finally:
            key = "free_exits" if phase[0] == "play" else "setup: free_exits"
            times[key] = times.get(key, 0.0) + time.process_time() - t

    exits.func = free_exits
    new_game = title.new_game

    def setup(*a, **k):
        phase[0] = "setup"
        try:
            return new_game(*a, **k)
        finally:
            phase[0] = "play"

    title.new_game = setup
    actions = 0
    for mission in missions:
        for g in range(8):
            actions += G.play(title, mission, g, G.players_for(title, mission, g), 3000)[1]
    print(f"{root}: {actions} actions; CPU ms in per-board functions (outermost calls):")
    top = ("range_graph", "movement_graph", "_next_board", "free_exits", "SightGeometry")
    print(f"  {'play total':24} {1000 * sum(times.get(k, 0) for k in top):8.1f}")
    for k in sorted(times, key=lambda k: (k.startswith("setup"), -times[k])):
        print(f"  {k:24} {1000 * times[k]:8.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", type=int, default=30)
    ap.add_argument("--size", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--gears", action="append", default=[], help="a tree whose tools/bench_gears.py to run")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--play", nargs="?", const=str(ROOT), default=None, metavar="ROOT",
                    help="per-board costs in the benchmark's cold games (ROOT's code)")
    args = ap.parse_args()
    if args.play is not None:
        play_costs(Path(args.play))
        return

    tiles = {p.stem: load_board(p) for p in sorted(TILES_DIR.glob("*.tmx"))}
    for face in tiles.values():  # once per face per process, as in play (FileTileLoader)
        area_graph(face, MOVEMENT)
        area_graph(face, RANGE)
    lv = levels(args.levels, args.size, args.seed, tiles)
    n_boards = sum(len(b) for b in lv)
    print(f"{len(lv)} levels, {n_boards} boards (1..{args.size} faces), movement + range graphs, cold:")
    fresh(lv)
    t_full = time_full(lv)
    fresh(lv)
    t_inc = time_incremental(lv)
    fresh(lv)
    t_full_last = time_full_last(lv)
    fresh(lv)
    t_inc_last = time_incremental(lv, last_only=True)
    for label, t in (("full", t_full), ("incremental", t_inc)):
        print(f"  {label:12} {1000 * t / len(lv):8.2f} ms/level {1000 * t / n_boards:8.3f} ms/board")
    print(f"  speed-up     {t_full / t_inc:8.1f}x")
    print("only each level's last board asked (play: a level laid at once, then played):")
    for label, t in (("full", t_full_last), ("incremental", t_inc_last)):
        print(f"  {label:12} {1000 * t / len(lv):8.2f} ms/level")
    print(f"  speed-up     {t_full_last / t_inc_last:8.1f}x")
    for boards in lv:  # joined pairs, cold
        for b in boards:
            b._cache.pop("joined_connectors", None)
    t_join = time_joined(lv)
    print(f"  joined_connectors (twice per board, cached): {1e6 * t_join / n_boards:.1f} us/board")
    for root in args.gears:
        print(f"bench_gears --games 8 in {root}: best of {args.runs} = {gears_best(Path(root), args.runs):,.0f} actions/s")


if __name__ == "__main__":
    main()
