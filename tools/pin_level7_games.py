"""Writes tests/data/simulate_level7_pinned.json from the current rules, content and bots: what
`python -m game simulate level7` prints for a few small runs (RUNS below; less
actions_per_second, a timing) and every game's action count and final state hash, which
tests/level7/test_same_games.py replays. Run it when a change is meant to change games (a rule
fixed, a bot improved, data tuned) and say in the commit what changed and why; a speed-up must
leave the file as it is.

    /work/venv/bin/python tools/pin_level7_games.py "what changed"
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.pinned_games import main  # noqa: E402

OUT = ROOT / "tests" / "data" / "simulate_level7_pinned.json"
# (--bot, --difficulty, --games, --seed): 4 games per scenario is every player count 1-4 once
# (simulate cycles the counts); both bots, since the speed work touches what each of them asks.
RUNS = (("random", None, 4, 3), ("player", None, 4, 21))


if __name__ == "__main__":
    sys.exit(main("level7", RUNS, OUT, __doc__, sys.argv[1:]))
