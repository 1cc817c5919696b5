"""Board cold-path benchmark (not a test: prints numbers, asserts nothing).

    .venv/bin/python tools/bench_board.py [--repeat N] [--quick]

Measures what a new game or a builder edit pays before the rules can run:
  - load: `load_board` of every shipped map (maps/**/*.tmx);
  - compose: a 6- and a 12-tile Gears chain of maps/gears/tiles/*.tmx laid entrance on exit
    (`place_at_exit` + `add_piece`, exactly what game/gears/rules/board_view.py does). The
    chain is chosen once (first tile face, in sorted order, whose placement does not overlap);
    the timed runs replay it;
  - graphs: `movement_graph` and `range_graph` of those boards built from scratch ("cold":
    a freshly composed board, process-wide tile caches as a running game has them; "first":
    the first build in this process, nothing cached);
  - check: `check_board` of the 12-tile board (the builder's validation);
  - doom: all movement and range distances from every floor square of
    maps/doom/sample_room.tmx (fresh board each repeat).
Each figure is the best of --repeat runs (default 5) in milliseconds.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.board.checks import check_board  # noqa: E402
from game.board.compose import (  # noqa: E402
    CompositionError,
    Placement,
    add_piece,
    compose,
    free_exits,
    place_at_exit,
)
from game.board.distance import distances_from  # noqa: E402
from game.board.model import Board  # noqa: E402
from game.board.tmx import load_board  # noqa: E402

TILES = ROOT / "maps" / "gears" / "tiles"


def best(fn, repeat: int) -> tuple[float, object]:
    """(best wall time in ms, last result) of repeat calls."""
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return min(times) * 1000, out


def choose_chain(tiles: dict[str, Board], length: int) -> list[tuple[str, str]]:
    """[(tile, exit name)] of a chain of `length` distinct faces that does not overlap; the first
    entry's exit is ''. Greedy in sorted order, so the same chain every run."""
    names = sorted(tiles, key=lambda t: (int(t[:-1]), t[-1]))
    first = names[0]
    chain = [(first, "")]
    board = compose([Placement(tiles[first], first)], "bench")
    used = {first[:-1]}  # one face per physical tile, as a mission lays them
    while len(chain) < length:
        for name in names:
            if name[:-1] in used:
                continue
            placed = None
            for x in free_exits(board):
                try:
                    placed = add_piece(board, place_at_exit(board, x.name, tiles[name], name)), x.name
                    break
                except CompositionError:
                    continue
            if placed is not None:
                board = placed[0]
                chain.append((name, placed[1]))
                used.add(name[:-1])
                break
        else:
            raise SystemExit(f"no chain of {length} tiles found (stopped at {len(chain)})")
    return chain


def build(tiles: dict[str, Board], chain: list[tuple[str, str]]) -> Board:
    board = compose([Placement(tiles[chain[0][0]], chain[0][0])], "bench")
    for name, exit_name in chain[1:]:
        board = add_piece(board, place_at_exit(board, exit_name, tiles[name], name))
    return board


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs per figure, best kept (default 5)")
    ap.add_argument("--quick", action="store_true", help="skip the per-map load lines (totals only)")
    args = ap.parse_args(argv)
    rep = max(1, args.repeat)

    maps = sorted(p for p in (ROOT / "maps").rglob("*.tmx") if not p.stem.endswith("_layout"))
    total = 0.0
    print(f"load ({len(maps)} shipped maps, best of {rep}):")
    for path in maps:
        ms, _ = best(lambda: load_board(path), rep)
        total += ms
        if not args.quick:
            print(f"  {path.relative_to(ROOT)!s:<44} {ms:8.2f} ms")
    print(f"  {'total':<44} {total:8.2f} ms")

    tiles = {p.stem: load_board(p) for p in sorted(TILES.glob("*.tmx"))}
    chain12 = choose_chain(tiles, 12)
    for n in (6, 12):
        chain = chain12[:n]
        print(f"gears chain of {n}: {' '.join(t for t, _ in chain)}")
        first_ms = {}
        board = build(tiles, chain)
        for kind in ("movement", "range"):
            t0 = time.perf_counter()
            getattr(board, f"{kind}_graph")()
            first_ms[kind] = (time.perf_counter() - t0) * 1000
        ms, board = best(lambda: build(tiles, chain), rep)
        areas = len(board.areas)
        print(f"  compose ({areas} areas)          {ms:8.2f} ms")
        for kind in ("movement", "range"):
            def graph(kind=kind):
                fresh = build(tiles, chain)
                t0 = time.perf_counter()
                getattr(fresh, f"{kind}_graph")()
                return time.perf_counter() - t0

            times = [graph() for _ in range(rep)]
            print(f"  {kind + '_graph':<16} cold {min(times) * 1000:8.2f} ms   first {first_ms[kind]:8.2f} ms")
        if n == 12:
            def check():
                fresh = build(tiles, chain)
                t0 = time.perf_counter()
                problems = check_board(fresh)
                return time.perf_counter() - t0, problems

            runs = [check() for _ in range(rep)]
            print(f"  check_board      {min(t for t, _ in runs) * 1000:8.2f} ms   ({len(runs[-1][1])} problems)")

    room = ROOT / "maps" / "doom" / "sample_room.tmx"

    def doom():
        b = load_board(room)
        t0 = time.perf_counter()
        for cell in sorted(b.grid.floor):
            distances_from(b, cell, "movement")
            distances_from(b, cell, "range")
        return time.perf_counter() - t0, len(b.grid.floor)

    runs = [doom() for _ in range(rep)]
    print(f"doom {room.name}: movement+range from each of {runs[-1][1]} squares "
          f"{min(t for t, _ in runs) * 1000:8.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
