"""Two checkouts, one benchmark, interleaved: a fair before/after comparison (prints numbers,
asserts nothing).

    .venv/bin/python tools/bench_vs.py OLD_ROOT NEW_ROOT [--rounds 5] [--old-args "--any-core"]
                                       [--new-args ""] [-- BENCH ARGS]

Runs ROOT/tools/bench_gears.py (or --bench) of each checkout in turn, OLD then NEW, for
--rounds rounds, each run a fresh process with `--repeat 1` plus the shared BENCH ARGS, so both
sides play the same games on the same machine in the same minutes. Each run's closing line
("all ... actions/s (... per CPU s)") is read; the summary gives, per side, the minimum and
median of actions per wall second and per CPU second. The machine is shared and its speed
drifts, which is why the runs alternate and why CPU seconds are reported too.
"""
from __future__ import annotations

import argparse
import re
import shlex
import statistics
import subprocess
import sys
from pathlib import Path

LINE = re.compile(r"^all\b.*?([\d,]+) actions/s \(\s*([\d,]+) per CPU s\)", re.M)


def run_once(root: Path, bench: str, args: list[str]) -> tuple[float, float]:
    cmd = [sys.executable, str(root / bench), "--repeat", "1", *args]
    out = subprocess.run(cmd, cwd=root, capture_output=True, text=True, env={"PYTHONPATH": str(root),
                         "PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy"})
    m = LINE.search(out.stdout)
    if out.returncode or not m:
        raise SystemExit(f"{root}: {' '.join(cmd)} failed:\n{out.stdout}\n{out.stderr}")
    return float(m.group(1).replace(",", "")), float(m.group(2).replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", type=Path)
    ap.add_argument("new", type=Path)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--bench", default="tools/bench_gears.py")
    ap.add_argument("--old-args", default="", help="extra arguments for the old side only")
    ap.add_argument("--new-args", default="", help="extra arguments for the new side only")
    argv = list(sys.argv[1:] if argv is None else argv)
    shared = argv[argv.index("--") + 1:] if "--" in argv else []  # arguments for both sides
    args = ap.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    sides = {"old": (args.old, shlex.split(args.old_args)), "new": (args.new, shlex.split(args.new_args))}
    got: dict[str, list[tuple[float, float]]] = {k: [] for k in sides}
    for r in range(args.rounds):
        for name, (root, extra) in sides.items():
            wall, cpu = run_once(root.resolve(), args.bench, [*extra, *shared])
            got[name].append((wall, cpu))
            print(f"round {r + 1} {name:<3} {wall:>9,.0f} actions/s  {cpu:>9,.0f} per CPU s", flush=True)
    print()
    for name, (root, extra) in sides.items():
        walls = [w for w, _ in got[name]]
        cpus = [c for _, c in got[name]]
        print(f"{name} ({root} {' '.join(extra)}): actions/s min {min(walls):,.0f} median "
              f"{statistics.median(walls):,.0f} max {max(walls):,.0f};  per CPU s min {min(cpus):,.0f} "
              f"median {statistics.median(cpus):,.0f} max {max(cpus):,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
