"""The shared part of the pin tools (tools/pin_doom_games.py, tools/pin_level7_games.py) and their
tests (tests/*/test_same_games.py): play a few small `python -m game simulate TITLE` runs the way
simulate plays them, and write what they print (less actions_per_second, a timing) with every
game's action count and final state hash. A speed-up must leave a pinned file as it is."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

from game import simulate as S
from game import titles
from game.engine.runtime import tune_gc

ROOT = Path(__file__).resolve().parents[1]
MAX_ACTIONS = 20_000


def command(title: str, bot: str, difficulty: str | None, games: int, seed: int) -> str:
    extra = f" --difficulty {difficulty}" if difficulty else ""
    return f"python -m game simulate {title} --scenario all --games {games} --seed {seed} --bot {bot}{extra}"


def play(sim, title: str, bot: str, difficulty: str | None, games: int, seed: int):
    """The games of one run in the order simulate plays them: (report lines, per-game records)."""
    lines, records = [], []
    for scenario in sim.scenarios():
        if sim.refusal(scenario, None) is not None:  # not playable (e.g. Level 7's s3): simulate skips it too
            continue
        counts = sim.player_counts(scenario)
        results = []
        for i in range(games):
            r = S.play_game(sim, title, scenario, seed + i, counts[i % len(counts)], bot, MAX_ACTIONS,
                            difficulty=difficulty)
            results.append(r)
            records.append({"scenario": scenario, "seed": r.seed, "players": r.players, "actions": r.actions,
                            "hash": r.state_hash, "replay_ok": r.replay_ok})
        line = S.MissionReport(title, scenario, results).to_json()
        line.pop("actions_per_second")
        if difficulty is not None:
            line["difficulty"] = difficulty
        lines.append(line)
    return lines, records


def write(title: str, runs_spec, out: Path, why: str) -> None:
    """Plays every (bot, difficulty, games, seed) of runs_spec and writes them to out."""
    tune_gc()
    sim = titles.get(title).new_simulator()
    runs = []
    for bot, difficulty, games, seed in runs_spec:
        lines, records = play(sim, title, bot, difficulty, games, seed)
        runs.append({"command": command(title, bot, difficulty, games, seed), "bot": bot, "difficulty": difficulty,
                     "games": games, "seed": seed, "scenarios": lines, "played": records})
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    out.write_text(json.dumps({"made_by": f"on {commit}: {why}; actions_per_second left out (a timing)",
                               "runs": runs}, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT)}: {sum(len(r['played']) for r in runs)} games")


def main(title: str, runs_spec, out: Path, doc: str, argv: list[str]) -> int:
    """A pin tool's command line: the reason for the new file is its one argument."""
    if not argv:
        print(doc)
        return 2
    write(title, runs_spec, out, argv[0])
    return 0


def check(title: str, pinned_file: Path) -> None:
    """Replays a pinned file's runs; asserts the same games and the same report lines."""
    pinned = json.loads(pinned_file.read_text(encoding="utf-8"))
    sim = titles.get(title).new_simulator()
    for run in pinned["runs"]:
        lines, records = play(sim, title, run["bot"], run["difficulty"], run["games"], run["seed"])
        assert records == run["played"], run["command"]
        assert lines == run["scenarios"], run["command"]
