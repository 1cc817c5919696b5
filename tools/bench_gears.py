"""Gears rules engine benchmark: random legal play (not a test: prints numbers, asserts nothing).

    .venv/bin/python tools/bench_gears.py [--games N] [--seed S] [--max-actions N] [--repeat R]
                                          [--mission NAME] [--sample] [--warm] [--profile]

Plays N games per supported mission with a RandomBot choosing among `legal_actions` (the
title directly, no Session log), seats 1-4 in turn. Reports separately:
  - setup: seconds per `new_game` (board composition, decks, first procedures); the first game
    of a process also pays for loading tiles and building the board tables, reported apart;
  - steady state: actions per second of legal_actions + choose + apply (the goal is >= 5,000
    actions/s on one core, issue "Gears of War: the whole rules engine").
`--profile` prints a cProfile top 15 (cumulative and own time) of the play loop (resolutions
pause in greenlets of the same thread, game/engine/resolution.py, so one profiler sees them).
`--warm` measures a second pass over the same games (board tables and LOS cached: the rules
alone). `--sample` uses the sample tile face for every tile (what the tests use).
The process is not pinned to a core: everything runs in one thread (the greenlets of paused
resolutions included). `--repeat R` (default 3) measures R passes over the same games, each with the boards laid afresh (the
caches that depend on the layout are dropped, `forget_layouts`), and reports the best: the
speed of this shared machine varies by up to 40% from one run to the next, and the best pass
is the one least disturbed (as `timeit` reports its minimum).
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.runtime import tune_gc  # noqa: E402
from game.gears.bots import RandomBot  # noqa: E402
from game.gears.rules.board_view import FileTileLoader, SampleTileLoader  # noqa: E402
from game.gears.rules.missions import unsupported  # noqa: E402
from game.gears.rules.title import GearsTitle  # noqa: E402


def supported_missions(title: GearsTitle) -> list[str]:
    return [m for m in title.content.missions if not unsupported(title.content, m)]


def players_for(title: GearsTitle, mission: str, game: int) -> int:
    """1-4 players in turn, within what the mission allows (Scattered needs 2+)."""
    lo, hi = title.content.missions[mission].players
    return lo + game % (hi - lo + 1)


def play(title: GearsTitle, mission: str, seed: int, players: int, max_actions: int,
         prof: cProfile.Profile | None = None):
    """One game: (setup seconds, actions, play seconds, play CPU seconds, outcome). Only play is
    profiled. CPU seconds (process time): on a machine other programs share, they leave out
    the time spent waiting for a core."""
    t0 = time.perf_counter()
    state = title.new_game(mission, seed, {"players": players})
    t1 = time.perf_counter()
    c1 = time.process_time()
    bot = RandomBot(seed)
    n = 0
    if prof:
        prof.enable()
    while n < max_actions and title.current_decider(state) is not None:
        title.apply(state, bot.choose(title.legal_actions(state)))
        n += 1
    if prof:
        prof.disable()
    return t1 - t0, n, time.perf_counter() - t1, time.process_time() - c1, state.outcome or "unfinished"


def measure(title: GearsTitle, missions: list[str], args, prof) -> dict[str, dict]:
    """One pass over every game: per mission the actions, play/setup/CPU seconds, outcomes."""
    out: dict[str, dict] = {}
    for mission in missions:
        m = out[mission] = {"n": 0, "play": 0.0, "setup": 0.0, "cpu": 0.0, "outcomes": {}}
        for g in range(args.games):
            seed = args.seed + g
            try:
                setup, n, secs, cpu, outcome = play(title, mission, seed, players_for(title, mission, g),
                                                    args.max_actions, prof)
            except Exception as exc:  # a rules bug: say so and go on measuring the rest
                if prof:
                    prof.disable()
                print(f"  {mission} seed {seed}: {type(exc).__name__}: {exc}", file=sys.stderr)
                m["outcomes"]["error"] = m["outcomes"].get("error", 0) + 1
                continue
            m["outcomes"][outcome] = m["outcomes"].get(outcome, 0) + 1
            m["n"] += n
            m["play"] += secs
            m["setup"] += setup
            m["cpu"] += cpu
    return out


def forget_layouts() -> None:
    """Drops everything that depends on how tiles were laid (composed boards and their tables,
    line of sight, cover), so a repeated pass pays for them again; what comes from one tile face
    alone is part of loading the tiles and stays."""
    from game.gears.rules import board_view, movement

    board_view.clear_caches()
    movement.clear_cover_cache()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6, help="games per mission (default 6)")
    ap.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    ap.add_argument("--max-actions", type=int, default=3000, help="cap per game (default 3000)")
    ap.add_argument("--mission", default="all", help="mission id or 'all' (default)")
    ap.add_argument("--sample", action="store_true", help="sample tile face for every tile")
    ap.add_argument("--profile", action="store_true", help="cProfile top lines of the play loop")
    ap.add_argument("--top", type=int, default=15, help="lines of --profile output (default 15)")
    ap.add_argument("--repeat", type=int, default=3,
                    help="measured passes (default 3), each from cold board caches (unless --warm); "
                         "the best pass is reported (the machine's speed varies between runs)")
    ap.add_argument("--warm", action="store_true",
                    help="play every game once unmeasured first: boards and LOS come from the caches, "
                         "what is left is the rules themselves")
    args = ap.parse_args(argv)

    tune_gc()  # the program's own settings (python -m game applies them too)
    title = GearsTitle(SampleTileLoader() if args.sample else FileTileLoader())
    missions = supported_missions(title) if args.mission == "all" else [args.mission]
    prof = cProfile.Profile() if args.profile else None

    # Warm-up: reading the tile faces (maps/gears/tiles/*.tmx) is a one-off per process, as is
    # the first game's imports; neither is a cost of an action. Boards, distances and LOS are
    # not warmed: every measured game lays its own boards (unless --warm).
    t0 = time.perf_counter()
    recs = [title.content.missions[m] for m in missions]
    tiles = sorted({t for r in recs for lv in r.levels for t in lv.tiles}
                   | {t for r in recs for ts in r.difficulty.values() for t in ts})
    if not args.sample:
        for tile in tiles:
            title.loader(tile)
    play(title, missions[0], args.seed + 10_000, players_for(title, missions[0], 0), 50)
    print(f"warm-up (reading {len(tiles)} tile faces, one short game): {time.perf_counter() - t0:.3f} s")

    if args.warm:
        for mission in missions:
            for g in range(args.games):
                try:
                    play(title, mission, args.seed + g, players_for(title, mission, g), args.max_actions)
                except Exception:  # reported by the measured pass
                    pass

    passes = []
    for r in range(max(1, args.repeat)):
        if r and not args.warm:
            forget_layouts()  # every pass lays its boards afresh, as the first did
        passes.append(measure(title, missions, args, prof if r == 0 else None))
        if args.repeat > 1:
            n, secs, cpu = (sum(m[k] for m in passes[-1].values()) for k in ("n", "play", "cpu"))
            print(f"pass {r + 1}: {int(n)} actions  {n / max(secs, 1e-9):,.0f} actions/s "
                  f"({n / max(cpu, 1e-9):,.0f} per CPU s)")
    best = max(passes, key=lambda ms: sum(m["n"] for m in ms.values()) / max(sum(m["play"] for m in ms.values()), 1e-9))
    total_n = total_play = total_setup = total_cpu = 0.0
    for mission, m in best.items():
        total_n += m["n"]
        total_play += m["play"]
        total_setup += m["setup"]
        total_cpu += m["cpu"]
        print(f"{mission:<24} {args.games} games {int(m['n']):>7} actions  "
              f"{m['n'] / max(m['play'], 1e-9):>9,.0f} actions/s ({m['n'] / max(m['cpu'], 1e-9):>6,.0f} per CPU s)  "
              f"setup {m['setup'] / args.games * 1000:7.1f} ms/game  outcomes {m['outcomes']}")
    games = args.games * len(missions)
    label = "all" if len(passes) == 1 else f"all (best of {len(passes)})"
    print(f"{label:<24} {games} games {int(total_n):>7} actions  "
          f"{total_n / max(total_play, 1e-9):>9,.0f} actions/s ({total_n / max(total_cpu, 1e-9):>6,.0f} per CPU s)  "
          f"setup {total_setup / games * 1000:7.1f} ms/game")
    if prof:
        for key in ("cumulative", "tottime"):
            out = io.StringIO()
            stats = pstats.Stats(prof, stream=out)
            stats.sort_stats(key).print_stats(args.top)
            print(f"--- cProfile top {args.top} by {key} ---")
            print("\n".join(out.getvalue().splitlines()[4:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
