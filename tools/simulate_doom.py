"""Doom self-play, GreedyBot as the invader against MarineBot marines (`--marine-bot greedy`:
GreedyBot marines), to tune the PLACEHOLDER numbers (spec doom.md 11: "tune by self-play").
Prints, per scenario and number of marines, how often each side wins, how long games last and
the invader's frags. Not a test; asserts nothing.

    .venv/bin/python tools/simulate_doom.py [--games N] [--seed S] [--scenario ID] [--marines N]
        [--marine-bot marine|greedy] [--max-actions N]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.doom.bots import GreedyBot  # noqa: E402
from game.doom.content import shared_content  # noqa: E402
from game.doom.marine_bot import MarineBot  # noqa: E402
from game.doom.rules.state import INVADER  # noqa: E402
from game.doom.rules.title import DoomTitle  # noqa: E402
from game.engine.runtime import tune_gc  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=10, help="games per scenario and number of marines")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--scenario", choices=sorted(shared_content().scenarios), action="append")
    p.add_argument("--marines", type=int, choices=(1, 2, 3), action="append", help="marine counts (default 1-3)")
    p.add_argument("--marine-bot", default="marine", choices=("marine", "greedy"))
    p.add_argument("--max-actions", type=int, default=6000)
    args = p.parse_args(argv)
    tune_gc()
    title, bot = DoomTitle(), GreedyBot()
    scenarios = args.scenario or ["knee_deep", "reactor"]
    print(f"{'scenario':<10} {'marines':>7} {'games':>5} {'marines win':>11} {'invader':>7} {'unfinished':>10} "
          f"{'rounds':>6} {'frags':>5} {'actions/s':>9}")
    for scenario in scenarios:
        for marines in args.marines or (1, 2, 3):
            wins = {"marines": 0, "invader": 0, None: 0}
            rounds = frags = actions = 0
            start = time.perf_counter()
            for g in range(args.games):
                state = title.new_game(scenario, args.seed + g, {"marines": marines})
                marine_bot = MarineBot(args.seed + g) if args.marine_bot == "marine" else bot
                n = 0
                while (decider := title.current_decider(state)) is not None and n < args.max_actions:
                    who = bot if decider == INVADER else marine_bot
                    title.apply(state, who.choose(title.legal_actions(state), state))
                    n += 1
                wins[state.outcome] += 1
                rounds += state.round
                frags += state.frags
                actions += n
            secs = time.perf_counter() - start
            print(f"{scenario:<10} {marines:>7} {args.games:>5} {wins['marines']:>11} {wins['invader']:>7} "
                  f"{wins[None]:>10} {rounds / args.games:>6.1f} {frags / args.games:>5.1f} {actions / secs:>9,.0f}")


if __name__ == "__main__":
    main()
