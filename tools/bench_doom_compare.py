"""Two versions of the Doom rules timed fairly (not a test: prints numbers, asserts nothing).

    python tools/bench_doom_compare.py BASE_TREE NEW_TREE [--rounds 7]

Each tree is a checkout of the project (`git worktree add /tmp/doom-base 70d94ab`). Every round
runs, for each tree in turn (the order alternates round by round), a fresh process that plays
tools/bench_doom.py's random games of that tree: "cold" (seeds 0-3, the process's first games),
"prepared" (seeds 100-103 after DoomMap.prepare()) and a replay of the cold games, and prints
their actions per CPU second (time.process_time of that process). Both trees play the same
games when their rules agree (tests/doom/test_same_games.py), so the action counts printed must
match. Then the minimum and median per tree.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.compare_trees import compare, parser  # noqa: E402

# Run inside the fresh process, in the tree given: the bench's own random_play.
CHILD = r"""
import contextlib, importlib.util, io, os, sys, time
tree = sys.argv[1]
sys.path.insert(0, tree)
os.chdir(tree)
spec = importlib.util.spec_from_file_location("bench_doom", os.path.join(tree, "tools", "bench_doom.py"))
b = importlib.util.module_from_spec(spec)
spec.loader.exec_module(b)
b.tune_gc()
title = b.DoomTitle()
rates = []
with contextlib.redirect_stdout(io.StringIO()):
    t = time.process_time()
    cold = b.random_play(title, 4, 800, 0, "cold")
    rates.append((sum(len(g[3]) for g in cold), time.process_time() - t))
    for sc in ("knee_deep", "reactor"):
        title.new_game(sc, 1, {"marines": 1}).map.prepare()
    t = time.process_time()
    prepared = b.random_play(title, 4, 800, 100, "prepared")
    rates.append((sum(len(g[3]) for g in prepared), time.process_time() - t))
    t = time.process_time()
    for scenario, seed, options, actions in cold:
        b.Session.replay(title, scenario, seed, options, actions)
    rates.append((sum(len(g[3]) for g in cold), time.process_time() - t))
print(" ".join(f"{n} {secs}" for n, secs in rates))
"""
PARTS = ("cold", "prepared", "replay")


def main(argv: list[str] | None = None) -> None:
    p = parser(__doc__)
    args = p.parse_args(argv)
    compare(CHILD, PARTS, args.base, args.new, args.rounds)

if __name__ == "__main__":
    main()
