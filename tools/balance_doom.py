"""Doom balance runs (issue 12, game/doom/data/BALANCE.md): MarineBot marines against the
automated invader per scenario x difficulty x number of marines, with why each game ended.
The games are those of `python -m game simulate doom --bot marine --difficulty D --players N`
with the same seeds (same bots, same bot seeds), without the replay check. Not a test; asserts
nothing.

    .venv/bin/python tools/balance_doom.py [--games N] [--seed S] [--scenario ID ...]
        [--difficulty D ...] [--marines N ...] [--games-log FILE] [--jobs N]

Per cell it prints the marines' wins, the mean rounds, and the invader's frags by source (a
marine killed, the deck's last card, the meltdown clock); `--games-log` appends one JSON line
per game (outcome, rounds, frags by source, keys, encounters, areas revealed, invaders killed).
`--jobs N` plays a cell's games in N worker processes (spawned, as simulate's --jobs); the
games and their order are those of a serial run.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.doom.simulation import DoomSimulator  # noqa: E402
from game.engine.runtime import tune_gc  # noqa: E402
from game.engine.session import Session  # noqa: E402


def frag_source(text: str) -> str:
    if "was killed" in text:
        return "kill"
    if "last card" in text:
        return "deck"
    return "meltdown" if "meltdown" in text else "other"


def play(sim: DoomSimulator, scenario: str, seed: int, marines: int, difficulty: str,
         max_actions: int) -> dict:
    """One game, seeded and botted as game/simulate.py's play_game does."""
    session = Session.start(sim.title, scenario, seed, sim.options(scenario, marines))
    bots: dict = {}
    frags = {"kill": 0, "deck": 0, "meltdown": 0, "other": 0}
    killed = 0
    try:
        for _ in range(max_actions):
            decider = session.decider
            if decider is None:
                break
            bot = bots.get(decider)
            if bot is None:
                bot = bots[decider] = sim.bot("marine", seed * 8 + len(bots), difficulty)
            for event in session.apply(bot.decide(session.state, session.legal_actions()).action):
                if event.kind == "frag":
                    frags[frag_source(event.text)] += 1
                elif event.kind == "destroyed":
                    killed += 1
        state = session.state
        return {"scenario": scenario, "seed": seed, "marines": marines, "difficulty": difficulty,
                "outcome": state.outcome or "unfinished", "rounds": state.round, "frags": frags,
                "keys": list(state.keys), "encounters": list(state.encounters_done),
                "revealed": len(state.revealed), "invaders_killed": killed, "actions": len(session.actions)}
    finally:
        sim.finish(session.state)


_SIM: DoomSimulator | None = None


def _worker_play(task: tuple) -> dict:
    """One game in a worker process (its own simulator, made once per worker)."""
    global _SIM
    if _SIM is None:
        tune_gc()
        _SIM = DoomSimulator()
    return play(_SIM, *task)


def games_of(sim: DoomSimulator, tasks: list[tuple], jobs: int):
    """The tasks' game records in task order, played here or in `jobs` worker processes."""
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield play(sim, *task)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(min(jobs, len(tasks)), mp_context=multiprocessing.get_context("spawn")) as pool:
        yield from pool.map(_worker_play, tasks)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=20, help="games per cell")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i")
    p.add_argument("--scenario", action="append", choices=("knee_deep", "reactor"))
    p.add_argument("--difficulty", action="append", choices=DoomSimulator.difficulties)
    p.add_argument("--marines", type=int, action="append", choices=(1, 2, 3))
    p.add_argument("--max-actions", type=int, default=20_000)
    p.add_argument("--games-log", type=Path, help="append one JSON line per game to this file")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1: play here)")
    args = p.parse_args(argv)
    tune_gc()
    sim = DoomSimulator()
    print(f"{'scenario':<10} {'level':<9} {'marines':>7} {'games':>5} {'win':>4} {'win%':>5} {'unfin':>5} "
          f"{'rounds':>6} {'kill':>5} {'deck':>5} {'melt':>5} {'s/game':>6}", flush=True)
    for scenario in args.scenario or ["knee_deep", "reactor"]:
        for difficulty in args.difficulty or ["recruit", "veteran", "nightmare"]:
            for marines in args.marines or [1, 2, 3]:
                start = time.perf_counter()
                games = []
                tasks = [(scenario, args.seed + i, marines, difficulty, args.max_actions) for i in range(args.games)]
                for game in games_of(sim, tasks, args.jobs):
                    games.append(game)
                    if args.games_log:
                        with args.games_log.open("a") as f:
                            f.write(json.dumps(games[-1]) + "\n")
                secs = (time.perf_counter() - start) / args.games
                n = len(games)
                wins = sum(g["outcome"] == "marines" for g in games)
                unfinished = sum(g["outcome"] == "unfinished" for g in games)

                def mean(key):
                    return sum(g["frags"][key] for g in games) / n
                print(f"{scenario:<10} {difficulty:<9} {marines:>7} {n:>5} {wins:>4} {100 * wins / n:>4.0f}% "
                      f"{unfinished:>5} {sum(g['rounds'] for g in games) / n:>6.1f} {mean('kill'):>5.1f} "
                      f"{mean('deck'):>5.1f} {mean('meltdown'):>5.1f} {secs:>6.1f}", flush=True)


if __name__ == "__main__":
    main()
