"""Neuroshima Convoy rules speed (not a test: prints numbers, asserts nothing).

    /work/venv/bin/python tools/bench_convoy.py [--games N] [--repeats N] [--ai-games N]

Random legal games (game.engine.bots.RandomBot in both seats), each to its end. "rules" times the
title alone (legal_actions + apply on the state: the issue's goal is >= 10,000 random legal
actions per second on one core); "session" the same games through game.engine.Session (its log
and action list), as `simulate` plays them. Times are CPU seconds of this process
(time.process_time); each line gives the best (least CPU time) and the median rate over the
repeats of the whole set (the games replay exactly), and whole games per second.
"ai LEVEL" plays whole games with the Convoy AI (game/convoy/ai.py) at that level in both seats
(rules only, as "rules" does) and gives whole games per second and the actions per second they
make (the AI's thinking included): --ai-games of them per repeat.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.convoy.ai import LEVELS, ConvoyAI  # noqa: E402
from game.convoy.rules.procedures import RESOLVER  # noqa: E402
from game.convoy.rules.title import ConvoyTitle  # noqa: E402
from game.engine.bots import RandomBot  # noqa: E402
from game.engine.runtime import tune_gc  # noqa: E402
from game.engine.session import Session  # noqa: E402
from tools.bench_cpu import cpu_runs  # noqa: E402


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


def ai_games(level: str):
    def run(title: ConvoyTitle, n: int) -> int:
        actions = 0
        for seed in range(n):
            state = title.new_game("standard", seed, {})
            bots = {"moloch": ConvoyAI(seed * 2, level), "outpost": ConvoyAI(seed * 2 + 1, level)}
            while (seat := title.current_decider(state)) is not None:
                title.apply(state, bots[seat].decide(state, title.legal_actions(state)).action)
                actions += 1
            RESOLVER.release(state)
        return actions
    return run


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
    p.add_argument("--ai-games", type=int, default=20, help="games per repeat with the AI in both seats")
    args = p.parse_args(argv)
    tune_gc()
    title = ConvoyTitle()
    runs = [("rules (legal_actions + apply)", rules_only, args.games),
            ("session (Session.apply)", with_session, args.games)]
    runs += [(f"ai {level} (both seats)", ai_games(level), args.ai_games) for level in LEVELS]
    for label, run, games in runs:
        n, seconds = cpu_runs(lambda: run(title, games), args.repeats)
        rates, game_rates = [n / s for s in seconds], [games / s for s in seconds]
        print(f"{label:<32} {n:>6} actions per run, {games} games: best {max(rates):>7,.0f}  "
              f"median {statistics.median(rates):>7,.0f} actions/s; games/s best {max(game_rates):,.1f} "
              f"median {statistics.median(game_rates):,.1f} (CPU; best = the run with the least CPU time)")


if __name__ == "__main__":
    main()
