"""Writes tests/data/simulate_gears_seed11.json from the current rules and bots: what
`python -m game simulate gears --mission all --games 4 --seed 11` prints (less
actions_per_second, a timing) and every game's action count and final state hash, which
tests/gears/test_same_games.py replays. Run it only when a change is meant to change games
(a rule fixed, a bot improved), and say in the commit what changed and why.

    .venv/bin/python tools/pin_gears_games.py "what changed"
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

OUT = ROOT / "tests" / "data" / "simulate_gears_seed11.json"
GAMES, SEED = 4, 11


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    tune_gc()
    sim = titles.get("gears").new_simulator()
    games, missions = [], []
    for mission in sim.scenarios():
        if sim.refusal(mission, None) is not None:
            continue
        counts = sim.player_counts(mission)
        results = []
        for i in range(GAMES):
            r = S.play_game(sim, "gears", mission, SEED + i, counts[i % len(counts)], sim.bots[0], 20_000)
            results.append(r)
            games.append({"mission": mission, "seed": r.seed, "players": r.players, "actions": r.actions,
                          "hash": r.state_hash})
        line = S.MissionReport("gears", mission, results).to_json()
        line.pop("actions_per_second")
        missions.append(line)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    OUT.write_text(json.dumps({"command": f"python -m game simulate gears --mission all --games {GAMES} --seed {SEED}",
                               "made_by": f"on {commit}: {argv[0]}; actions_per_second left out (a timing)",
                               "missions": missions, "games": games}, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(games)} games")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
