"""Level 7 rules speed (not a test: prints numbers, asserts nothing).

    /work/venv/bin/python tools/bench_level7.py [--games N] [--repeats N]

Random legal games (game.engine.bots.RandomBot) on the playable scenarios with 1-4 players, each
to its end. "rules" times the title alone (legal_actions + apply on the state); "session" the
same games through game.engine.Session (its log and action list), as `simulate` plays them.
Times are CPU seconds of this process (time.process_time); each line gives the minimum and the
median over the repeats of the whole set (the games replay exactly). The first run of the
process also pays for reading the tiles and the content: it is one of the repeats.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.bots import RandomBot  # noqa: E402
from game.engine.runtime import tune_gc  # noqa: E402
from game.engine.session import Session  # noqa: E402
from game.level7.rules.procedures import RESOLVER  # noqa: E402
from game.level7.rules.title import Level7Title  # noqa: E402
from tools.bench_cpu import cpu_runs  # noqa: E402

SCENARIOS = ("s1", "s2")


def games(n: int):
    return [(SCENARIOS[g % 2], g, 1 + g % 4) for g in range(n)]


def rules_only(title: Level7Title, n: int) -> int:
    actions = 0
    for scenario, seed, players in games(n):
        state = title.new_game(scenario, seed, {"players": players})
        bot = RandomBot(seed)
        while title.current_decider(state) is not None:
            title.apply(state, bot.choose(title.legal_actions(state)))
            actions += 1
        RESOLVER.release(state)
    return actions


def with_session(title: Level7Title, n: int) -> int:
    actions = 0
    for scenario, seed, players in games(n):
        s = Session.start(title, scenario, seed, {"players": players})
        bot = RandomBot(seed)
        while not s.is_over():
            s.apply(bot.choose(s.legal_actions()))
            actions += 1
        RESOLVER.release(s.state)
    return actions


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=80)
    p.add_argument("--repeats", type=int, default=5)
    args = p.parse_args(argv)
    tune_gc()
    title = Level7Title()
    for label, run in (("rules (legal_actions + apply)", rules_only), ("session (Session.apply)", with_session)):
        n, seconds = cpu_runs(lambda: run(title, args.games), args.repeats)
        rates = [n / s for s in seconds]
        print(f"{label:<32} {n:>6} actions per run, {args.games} games: "
              f"best {max(rates):>7,.0f}  median {statistics.median(rates):>7,.0f} actions/s (CPU; best = the run with the least CPU time)")


if __name__ == "__main__":
    main()
