"""Doom rules and invader AI speed (not a test: prints numbers, asserts nothing).

    .venv/bin/python tools/bench_doom.py [--games N] [--actions N] [--ai-games N] [--repeats N]

Times are CPU seconds of this process (time.process_time: a shared machine's other work does
not count). Random legal games (game/doom/bots.RandomBot) on both scenarios: legal_actions + apply through
Session, then a replay of each game from its seed. The first games of the process pay for the
per-map tables (the map read, its LOS tables, step tables): "random play" includes that; "random
play, maps prepared" is other games (seeds 100 on) after DoomMap.prepare(), the play alone. Then the invader AI's think time
(game/doom/invader_ai.py) per invader turn at every difficulty: GreedyBot marines (2) against it
on the scenario with the most squares, the CPU time of its `decide` calls summed per round (the
invader's turn with its reactions in the marines' turns), each turn's minimum over the repeats
(the games replay exactly), then the median and the maximum over all turns.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.doom.bots import GreedyBot, RandomBot  # noqa: E402
from game.doom.invader_ai import DIFFICULTIES, InvaderAI  # noqa: E402
from game.doom.rules.title import DoomTitle  # noqa: E402
from game.engine.runtime import tune_gc  # noqa: E402
from game.engine.session import Session  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--actions", type=int, default=800)
    p.add_argument("--ai-games", type=int, default=3, help="games per difficulty for the AI's think time")
    p.add_argument("--repeats", type=int, default=2, help="times each AI game is played (the minimum counts)")
    args = p.parse_args(argv)
    tune_gc()
    title = DoomTitle()
    played = random_play(title, args.games, args.actions, 0, "random play (Session.apply)")
    for sc in ("knee_deep", "reactor"):
        title.new_game(sc, 1, {"marines": 1}).map.prepare()
    random_play(title, args.games, args.actions, 100, "random play, maps prepared")
    start, n = time.process_time(), 0
    for scenario, seed, options, actions in played:
        Session.replay(title, scenario, seed, options, actions)
        n += len(actions)
    t = time.process_time() - start
    print(f"{'replay from the seed':<36} {n:>7} actions in {t:6.2f} s = {n / t:>8,.0f} actions/s (CPU)")
    ai_think(title, args.ai_games, args.repeats)


def random_play(title: DoomTitle, games: int, actions: int, first_seed: int, label: str) -> list:
    """RandomBot games (the scenarios and marine counts in turn); prints the rate, returns the games."""
    played = []
    start, n = time.process_time(), 0
    for g in range(games):
        scenario = ("knee_deep", "reactor")[g % 2]
        options = {"marines": 1 + g % 3}
        s = Session.start(title, scenario, seed=first_seed + g, options=options)
        bot = RandomBot(first_seed + g)
        for _ in range(actions):
            if s.is_over():
                break
            s.apply(bot.choose(s.legal_actions()))
            n += 1
        played.append((scenario, first_seed + g, options, s.actions))
    t = time.process_time() - start
    print(f"{label:<36} {n:>7} actions in {t:6.2f} s = {n / t:>8,.0f} actions/s (CPU)")
    return played


def ai_game(title: DoomTitle, scenario: str, seed: int, difficulty: str) -> dict[int, float]:
    """One game, GreedyBot marines against InvaderAI: round -> the AI's CPU seconds in it."""
    s = Session.start(title, scenario, seed=seed, options={"marines": 2})
    marines, ai = GreedyBot(), InvaderAI(difficulty, seed)
    per_round: dict[int, float] = {}
    for _ in range(8000):
        if s.is_over():
            break
        state, actions = s.state, s.legal_actions()
        if s.decider == "invader":
            t0 = time.process_time()
            choice = ai.decide(state, actions)
            per_round[state.round] = per_round.get(state.round, 0.0) + time.process_time() - t0
        else:
            choice = marines.decide(state, actions)
        s.apply(choice.action)
    return per_round


def ai_think(title: DoomTitle, games: int, repeats: int) -> None:
    content = title.new_game("knee_deep", 1, {"marines": 2}).content
    scenario = max((sc for sc in content.scenarios if sc != "sample"),
                   key=lambda sc: len(title.new_game(sc, 1, {"marines": 2}).map.floor))
    for difficulty in DIFFICULTIES:
        turns: dict[tuple[int, int], float] = {}
        for seed in range(1, games + 1):
            for _ in range(repeats):
                for rnd, secs in ai_game(title, scenario, seed, difficulty).items():
                    key = (seed, rnd)
                    turns[key] = min(turns.get(key, secs), secs)
        ms = sorted(v * 1000 for v in turns.values())
        median = ms[len(ms) // 2] if ms else 0.0
        print(f"{'invader AI ' + difficulty + ' on ' + scenario:<36} {len(ms):>7} turns: median "
              f"{median:6.1f} ms, max {ms[-1] if ms else 0.0:6.1f} ms per invader turn (CPU)")


if __name__ == "__main__":
    main()
