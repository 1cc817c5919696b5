"""Two versions of the Level 7 rules timed fairly (not a test: prints numbers, asserts nothing).

    /work/venv/bin/python tools/bench_level7_compare.py BASE_TREE NEW_TREE [--rounds 7] [--games 80]

Each tree is a checkout of the project (`git worktree add --detach /tmp/l7-base d49f2be`). Every
round runs, for each tree in turn (the order alternating round by round), a fresh process that
plays tools/bench_level7.py's random games of that tree: "cold" (rules only, the process's first
games: it also reads the tiles and the content), "rules" (the same games again) and "session"
(the same games through Session), and prints their actions per CPU second (time.process_time of
that process). Both trees play the same games when their rules agree
(tests/level7/test_same_games.py), so the action counts printed must match. Then the minimum and
median per tree (tools/compare_trees.py).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.compare_trees import compare, parser  # noqa: E402

# Run inside the fresh process, in the tree given: the bench's own games.
CHILD = r"""
import importlib.util, os, sys, time
tree, games = sys.argv[1], int(os.environ.get("L7_GAMES", "80"))
sys.path.insert(0, tree)
os.chdir(tree)
spec = importlib.util.spec_from_file_location("bench_level7", os.path.join(tree, "tools", "bench_level7.py"))
b = importlib.util.module_from_spec(spec)
spec.loader.exec_module(b)
b.tune_gc()
title = b.Level7Title()
rates = []
for run in (b.rules_only, b.rules_only, b.with_session):
    t = time.process_time()
    n = run(title, games)
    rates.append((n, time.process_time() - t))
print(" ".join(f"{n} {secs}" for n, secs in rates))
"""
PARTS = ("cold", "rules", "session")


def main(argv: list[str] | None = None) -> None:
    import os

    p = parser(__doc__)
    p.add_argument("--games", type=int, default=80)
    args = p.parse_args(argv)
    os.environ["L7_GAMES"] = str(args.games)
    compare(CHILD, PARTS, args.base, args.new, args.rounds)


if __name__ == "__main__":
    main()
