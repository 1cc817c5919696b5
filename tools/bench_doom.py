"""Doom rules speed (not a test: prints numbers, asserts nothing).

    .venv/bin/python tools/bench_doom.py [--games N] [--actions N]

Random legal games (game/doom/bots.RandomBot) on both scenarios: legal_actions + apply through
Session, then a replay of each game from its seed.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.doom.bots import RandomBot  # noqa: E402
from game.doom.rules.title import DoomTitle  # noqa: E402
from game.engine.runtime import tune_gc  # noqa: E402
from game.engine.session import Session  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--actions", type=int, default=800)
    args = p.parse_args(argv)
    tune_gc()
    title = DoomTitle()
    played = []
    start, n = time.perf_counter(), 0
    for g in range(args.games):
        scenario = ("knee_deep", "reactor")[g % 2]
        options = {"marines": 1 + g % 3}
        s = Session.start(title, scenario, seed=g, options=options)
        bot = RandomBot(g)
        for _ in range(args.actions):
            if s.is_over():
                break
            s.apply(bot.choose(s.legal_actions()))
            n += 1
        played.append((scenario, g, options, s.actions))
    t = time.perf_counter() - start
    print(f"{'random play (Session.apply)':<36} {n:>7} actions in {t:6.2f} s = {n / t:>8,.0f} actions/s")
    start, n = time.perf_counter(), 0
    for scenario, seed, options, actions in played:
        Session.replay(title, scenario, seed, options, actions)
        n += len(actions)
    t = time.perf_counter() - start
    print(f"{'replay from the seed':<36} {n:>7} actions in {t:6.2f} s = {n / t:>8,.0f} actions/s")


if __name__ == "__main__":
    main()
