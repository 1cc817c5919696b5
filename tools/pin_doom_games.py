"""Writes tests/data/simulate_doom_pinned.json from the current rules, content and bots: what
`python -m game simulate doom` prints for a few small runs (RUNS below; less actions_per_second,
a timing) and every game's action count and final state hash, which tests/doom/test_same_games.py
replays. Run it when a change is meant to change games (a rule fixed, a bot improved, balance data
tuned: the verified = false numbers of game/doom/data change games too) and say in the commit what
changed and why; a speed-up must leave the file as it is.

    .venv/bin/python tools/pin_doom_games.py "what changed"
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game import simulate as S  # noqa: E402
from game import titles  # noqa: E402
from game.engine.runtime import tune_gc  # noqa: E402

OUT = ROOT / "tests" / "data" / "simulate_doom_pinned.json"
# (--bot, --difficulty, --games, --seed): the marines' bot against GreedyBot, and the invader AI
# (spec 11.D) at two levels; a few short games each, so the test stays quick.
RUNS = (("greedy", None, 2, 5), ("random", None, 1, 5), ("greedy", "recruit", 1, 7), ("greedy", "veteran", 1, 8))
MAX_ACTIONS = 20_000


def command(bot: str, difficulty: str | None, games: int, seed: int) -> str:
    extra = f" --difficulty {difficulty}" if difficulty else ""
    return f"python -m game simulate doom --scenario all --games {games} --seed {seed} --bot {bot}{extra}"


def play(sim, bot: str, difficulty: str | None, games: int, seed: int):
    """The games of one run in the order simulate plays them: (report lines, per-game records)."""
    lines, records = [], []
    for scenario in sim.scenarios():
        counts = sim.player_counts(scenario)
        results = []
        for i in range(games):
            r = S.play_game(sim, "doom", scenario, seed + i, counts[i % len(counts)], bot, MAX_ACTIONS,
                            difficulty=difficulty)
            results.append(r)
            records.append({"scenario": scenario, "seed": r.seed, "players": r.players, "actions": r.actions,
                            "hash": r.state_hash, "replay_ok": r.replay_ok})
        line = S.MissionReport("doom", scenario, results).to_json()
        line.pop("actions_per_second")
        if difficulty is not None:
            line["difficulty"] = difficulty
        lines.append(line)
    return lines, records


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    tune_gc()
    sim = titles.get("doom").new_simulator()
    runs = []
    for bot, difficulty, games, seed in RUNS:
        lines, records = play(sim, bot, difficulty, games, seed)
        runs.append({"command": command(bot, difficulty, games, seed), "bot": bot, "difficulty": difficulty,
                     "games": games, "seed": seed, "scenarios": lines, "played": records})
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    OUT.write_text(json.dumps({"made_by": f"on {commit}: {argv[0]}; actions_per_second left out (a timing)",
                               "runs": runs}, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {sum(len(r['played']) for r in runs)} games")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
