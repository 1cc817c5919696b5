"""Exact Gears line of sight (spec 3.5) on a corpus of real queries: time and answers (prints numbers).

    .venv/bin/python tools/bench_los_corpus.py [CORPUS.pickle] [--repeat N] [--games N] [--save PATH]

A corpus is a pickled list of (kind, args, result) tuples, the LOS computations (memo misses)
of a benchmark run, all on integer coordinates:
  "aa"    board_view._area_area(a, b, ca, cb, walls) -> bool
  "pa"    board_view._point_area(p, b, cb, walls) -> bool
  "exact" board_view._exact_search(a_pts, a_is_point, b_pts, walls) -> bool
            (the exhaustive search those two fall back on; recorded inside them).
Without a path the script makes one: it plays `--games` random games of every supported
mission (tools/bench_gears.py's loop, cold caches) with those three functions wrapped to record
their calls; `--save` writes it out, so that the same corpus can then be timed on another
revision (that is how the before/after numbers of issue #4 were taken).

Every entry is recomputed from scratch (the process-wide memo board_view._GEOM is cleared
before each one), `--repeat` times; the best total per (kind, answer) is printed, and every
answer is asserted equal to the recorded one.
"""
from __future__ import annotations

import argparse
import collections
import pickle
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.gears.rules import board_view as bv  # noqa: E402

Entry = tuple[str, tuple, bool]


def record(games: int) -> list[Entry]:
    """The LOS computations of a cold run of `games` games per supported mission."""
    import bench_gears as bg
    from game.gears.rules.title import GearsTitle

    rec: list[Entry] = []
    real_exact, real_aa, real_pa = bv._exact_search, bv._area_area, bv._point_area

    def exact(a_pts, a_is_point, b_pts, walls, **kw):
        r = real_exact(a_pts, a_is_point, b_pts, walls, **kw)
        rec.append(("exact", (list(a_pts), a_is_point, list(b_pts), list(walls)), r))
        return r

    def aa(a, b, ca, cb, walls):
        r = real_aa(a, b, ca, cb, walls)
        rec.append(("aa", (a, b, list(ca), list(cb), list(walls)), r))
        return r

    def pa(p, b, cb, walls):
        r = real_pa(p, b, cb, walls)
        rec.append(("pa", (p, b, list(cb), list(walls)), r))
        return r

    bv._exact_search, bv._area_area, bv._point_area = exact, aa, pa
    try:
        title = GearsTitle(bv.FileTileLoader())
        for mission in bg.supported_missions(title):
            for game in range(games):
                bg.play(title, mission, game, bg.players_for(title, mission, game), 3000)
    finally:
        bv._exact_search, bv._area_area, bv._point_area = real_exact, real_aa, real_pa
    return rec


def share_walls(corpus: list[Entry]) -> list[Entry]:
    """One wall list object per board, as in a real run: SightGeometry.walls (a
    board_view.WallIndex where this revision has one). The exhaustive-search rows keep their
    plain lists (they hold only the walls touching the hull)."""
    index = getattr(bv, "WallIndex", list)
    seen: dict[tuple, object] = {}
    out = []
    for kind, args, result in corpus:
        walls = args[-1]
        if kind != "exact":
            key = tuple(walls)
            if key not in seen:
                seen[key] = index(walls)
            walls = seen[key]
        out.append((kind, (*args[:-1], walls), result))
    return out


def run(corpus: list[Entry], repeat: int) -> dict[tuple[str, bool], float]:
    funcs = {"aa": bv._area_area, "pa": bv._point_area, "exact": bv._exact_search}
    best: dict[tuple[str, bool], float] = {}
    for _ in range(repeat):
        times: dict[tuple[str, bool], float] = collections.defaultdict(float)
        for kind, args, want in corpus:
            bv._GEOM.clear()
            t = time.process_time()
            got = funcs[kind](*args)
            times[(kind, bool(want))] += time.process_time() - t
            assert got == want, (kind, args, want, got)
        for k, v in times.items():
            best[k] = min(best.get(k, v), v)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="?", help="pickled corpus (default: record one now)")
    ap.add_argument("--repeat", type=int, default=3, help="passes; the best is shown (default 3)")
    ap.add_argument("--games", type=int, default=2, help="games per mission when recording (default 2)")
    ap.add_argument("--save", help="write the recorded corpus here")
    args = ap.parse_args(argv)
    if args.corpus:
        with open(args.corpus, "rb") as f:
            corpus = pickle.load(f)
    else:
        t = time.perf_counter()
        corpus = record(args.games)
        print(f"recorded {len(corpus)} LOS computations in {time.perf_counter() - t:.1f} s")
        if args.save:
            with open(args.save, "wb") as f:
                pickle.dump(corpus, f)
    corpus = share_walls(corpus)
    counts = collections.Counter((k, bool(r)) for k, _, r in corpus)
    best = run(corpus, args.repeat)
    print(f"{'kind':6} {'answer':6} {'count':>6} {'total ms':>9} {'ms/query':>9}")
    for key in sorted(best):
        kind, ans = key
        n = counts[key]
        print(f"{kind:6} {str(ans):6} {n:6d} {best[key] * 1e3:9.1f} {best[key] * 1e3 / n:9.3f}")
    top = sum(v for (k, _), v in best.items() if k != "exact")
    print(f"aa + pa (what the game pays; 'exact' runs inside them): {top * 1e3:.1f} ms")
    print(f"every row, 'exact' included: {sum(best.values()) * 1e3:.1f} ms")
    print("all answers equal the recorded ones")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
