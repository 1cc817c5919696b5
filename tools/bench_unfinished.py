"""CPU time of the set-up screen's look at an unfinished autosave (SaveStore.keep_interrupted:
whether it holds a game with actions, and its scenario for the name it is kept under) on a long
Gears game, this tree and --base interleaved (issue 19: undo and load <= 50 ms at 3,000 actions).

    python tools/bench_unfinished.py --base /work/wt/base-084 [--actions 3000] [--rounds 9]

The game is tools/bench_saves.py's long Hive game of four SquadBots (this tree's code), autosaved
once; each side's worker (its own process and config folder) copies it into place before each
sample (not timed) and times keep_interrupted. Printed: CPU ms min and median per side.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def worker(tree: str, save: str) -> None:
    sys.path.insert(0, str(Path(tree).resolve()))
    os.environ["TILETOP_CONFIG_DIR"] = tempfile.mkdtemp(prefix="bench-unfinished-")
    from game.ui.gears.entry import SAVES

    auto = SAVES.autosave_path()
    auto.parent.mkdir(parents=True, exist_ok=True)
    print("ready", flush=True)
    for _line in sys.stdin:
        for p in auto.parent.iterdir():
            p.unlink()
        shutil.copy(save, auto)
        cpu = time.process_time()
        moved, problem = SAVES.keep_interrupted()
        cpu = time.process_time() - cpu
        assert moved is not None and problem is None, problem
        print(cpu * 1000, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", help="a worktree of the code before (required)")
    ap.add_argument("--actions", type=int, default=3000)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(*args.worker)
        return
    if not args.base:
        ap.error("--base is required")
    sys.path.insert(0, str(HERE))
    sys.path.insert(0, str(HERE / "tools"))
    from bench_saves import long_game

    from game.engine.protocol import Action
    from game.engine.session import Session
    from game.gears.rules.title import GearsTitle

    game = long_game(args.actions)
    session = Session.replay(GearsTitle(), game["scenario"], game["seed"], game["options"],
                             [Action.from_json(a) for a in game["actions"]], casual=True)
    save = Path(tempfile.mkdtemp(prefix="bench-unfinished-game-")) / "autosave.json"
    assert session.autosave(save) is None
    print(f"a Gears autosave of {len(session.actions)} actions, {save.stat().st_size:,} bytes", flush=True)
    procs = {name: subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--worker", str(tree), str(save)],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
             for name, tree in (("before", Path(args.base)), ("after", HERE))}
    for proc in procs.values():
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    got: dict[str, list[float]] = {name: [] for name in procs}
    for r in range(args.rounds):
        for name in ("before", "after") if r % 2 == 0 else ("after", "before"):
            proc = procs[name]
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write("look\n")
            proc.stdin.flush()
            got[name].append(float(proc.stdout.readline()))
    for proc in procs.values():
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait()
    for name, values in got.items():
        print(f"{name}: CPU ms min {min(values):.2f} / median {statistics.median(values):.2f} of {args.rounds}")


if __name__ == "__main__":
    main()
