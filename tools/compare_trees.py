"""The shared part of the two-tree benchmarks (tools/bench_doom_compare.py,
tools/bench_level7_compare.py): per round a fresh process per tree, the order alternating round
by round, each running the caller's CHILD code in that tree and printing "actions seconds" pairs
(CPU time of that process, time.process_time); then the minimum and median per tree and part."""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys


def parser(doc: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=doc.splitlines()[0])
    p.add_argument("base")
    p.add_argument("new")
    p.add_argument("--rounds", type=int, default=7)
    return p


def compare(child: str, parts: tuple[str, ...], base: str, new: str, rounds: int) -> None:
    trees = {"base": base, "new": new}
    runs: dict[str, list[list[tuple[int, float]]]] = {k: [] for k in trees}
    for r in range(rounds):
        order = list(trees.items()) if r % 2 == 0 else list(reversed(trees.items()))
        for name, tree in order:
            out = subprocess.run([sys.executable, "-c", child, tree], capture_output=True, text=True, check=True)
            v = [float(x) for x in out.stdout.split()]
            got = [(int(v[i]), v[i + 1]) for i in range(0, len(v), 2)]
            runs[name].append(got)
            print(f"round {r + 1} {name:4} " + "  ".join(f"{part} {n / s:7,.0f}/s ({n} actions)"
                                                       for part, (n, s) in zip(parts, got)), flush=True)
    for name, rs in runs.items():
        cols = [[n / s for n, s in col] for col in zip(*rs)]
        print(f"{name:4} " + " | ".join(f"{part}: min {min(c):,.0f} median {statistics.median(c):,.0f}"
                                        for part, c in zip(parts, cols)) + " actions/s (CPU)")
