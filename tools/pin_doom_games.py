"""Writes tests/data/simulate_doom_pinned.json from the current rules, content and bots: what
`python -m game simulate doom` prints for a few small runs (RUNS below; less actions_per_second,
a timing) and every game's action count and final state hash, which tests/doom/test_same_games.py
replays. Run it when a change is meant to change games (a rule fixed, a bot improved, balance data
tuned: the verified = false numbers of game/doom/data change games too) and say in the commit what
changed and why; a speed-up must leave the file as it is.

    .venv/bin/python tools/pin_doom_games.py "what changed"
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.pinned_games import main  # noqa: E402

OUT = ROOT / "tests" / "data" / "simulate_doom_pinned.json"
# (--bot, --difficulty, --games, --seed): the marines' bot against GreedyBot, and the invader AI
# (spec 11.D) at two levels; a few short games each, so the test stays quick.
RUNS = (("greedy", None, 2, 5), ("random", None, 1, 5), ("greedy", "recruit", 1, 7), ("greedy", "veteran", 1, 8))


if __name__ == "__main__":
    sys.exit(main("doom", RUNS, OUT, __doc__, sys.argv[1:]))
