"""Neuroshima Convoy rules speed (not a test: prints numbers, asserts nothing).

    /work/venv/bin/python tools/bench_convoy.py [--games N] [--repeats N]

Random legal games (game.engine.bots.RandomBot in both seats), each to its end. "rules" times the
title alone (legal_actions + apply on the state: the issue's goal is >= 10,000 random legal
actions per second on one core); "session" the same games through game.engine.Session (its log
and action list), as `simulate` plays them. Times are CPU seconds of this process
(time.process_time); each line gives the best (least CPU time) and the median rate over the
repeats of the whole set (the games replay exactly), and whole games per second.
Whole games with the AI on both sides wait for the AI (issue 16 item 3).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.convoy.rules.procedures import RESOLVER  # noqa: E402
from game.convoy.rules.title import ConvoyTitle  # noqa: E402
from game.engine.bots import RandomBot  # noqa: E402
from game.engine.runtime import tune_gc  # noqa: E402
from game.engine.session import Session  # noqa: E402


def rules_only(title: ConvoyTitle, n: int) -> int:
    actions = 0
    for seed in range(n):
        state = title.new_game("standard", seed, {})
        bot = RandomBot(seed)
        while title.current_decider(state) is not None:
            title.apply(state, bot.choose(title.legal_actions(state)))
            actions += 1
        RESOLVER.release(state)
    return actions


def with_session(title: ConvoyTitle, n: int) -> int:
    actions = 0
    for seed in range(n):
        s = Session.start(title, "standard", seed, {})
        bot = RandomBot(seed)
        while not s.is_over():
            s.apply(bot.choose(s.legal_actions()))
            actions += 1
        RESOLVER.release(s.state)
    return actions


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--repeats", type=int, default=5)
    args = p.parse_args(argv)
    tune_gc()
    title = ConvoyTitle()
    for label, run in (("rules (legal_actions + apply)", rules_only), ("session (Session.apply)", with_session)):
        rates, game_rates, n = [], [], 0
        for _ in range(args.repeats):
            start = time.process_time()
            n = run(title, args.games)
            secs = time.process_time() - start
            rates.append(n / secs)
            game_rates.append(args.games / secs)
        print(f"{label:<32} {n:>6} actions per run, {args.games} games: best {max(rates):>7,.0f}  "
              f"median {statistics.median(rates):>7,.0f} actions/s; median {statistics.median(game_rates):,.1f} games/s "
              "(CPU; best = the run with the least CPU time)")


if __name__ == "__main__":
    main()
