"""CPU time of Level 7's Continue and of the set-up screen's look at an unfinished game, at
several game lengths (issue 19: undo and load <= 50 ms at 3,000 actions).

    python tools/bench_continue.py [--base /work/wt/base-084] [--points 300,1000,3000] [--rounds 7]

A legal Level 7 game of the last of --points actions is played once from one seed (two
PlayerBots, casual; when the game ends it is taken back 5-60 actions and played on after a few
random actions, as tools/bench_saves.py's long Gears game), with this tree's code; the scenario's
round limit bounds a game's length, so the points are cut to the longest game reached. Each side (this
tree, and --base: the code before) runs in its own worker process, which replays the game to
each point and keeps it as the title's autosave (its own config folder, SaveStore "level7"). Then,
the sides alternating first sample by sample, --rounds times per point and operation:

- `continue`: the menu's Continue: SaveStore.load of the autosave and a Level7Table on it
  (GameTable.from_autosave's work);
- `frame`: then its first frame (1920x1080, headless) (the table's tile art read and scaled, the side panel's
  log and event card);
- `unfinished`: the set-up screen's look at the autosave before a new game takes its place
  (SaveStore.keep_interrupted: whether it holds a game with actions, and its scenario for the name
  it is kept under); the file is put back before each sample (not timed).

Printed: CPU ms (time.process_time) min and median per side, operation and point.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
SEED = 11
OPS = ("continue", "frame", "unfinished")


def long_game(target: int, endings: int = 30) -> dict:
    """A legal Level 7 game of up to `target` actions from one seed (this tree's code): two
    PlayerBots, casual, taken back 5-60 actions each time the game ends and played on after a
    few random actions (as tools/bench_saves.py's long Gears game). The scenario's round limit
    (40 rounds, data/scenarios.toml) bounds a game's length: after `endings` endings the
    longest game reached is the one measured."""
    sys.path.insert(0, str(HERE))
    from game.engine.runtime import tune_gc
    from game.engine.session import Session
    from game.level7.player_bot import PlayerBot
    from game.level7.rules.title import Level7Title
    from bench_saves import play_long  # tools/ is this script's folder

    tune_gc()
    options = {"players": 2}
    session = Session.start(Level7Title(), "s1", SEED, options, casual=True)
    actions = play_long(session, target, PlayerBot, endings)
    return {"scenario": "s1", "seed": SEED, "options": options, "actions": [a.to_json() for a in actions]}


def worker(tree: str, game_file: str, points: list[int]) -> None:
    """Answers `op n` lines on stdin with the sample's CPU seconds."""
    sys.path.insert(0, str(Path(tree).resolve()))
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    folder = Path(tempfile.mkdtemp(prefix="bench-continue-"))
    os.environ["TILETOP_CONFIG_DIR"] = str(folder)
    from game.engine.protocol import Action
    from game.engine.runtime import tune_gc
    from game.engine.session import Session
    from game.level7.rules.title import Level7Title
    from game.ui.app import App
    from game.ui.level7.entry import SAVES
    from game.ui.level7.table_scene import Level7Table

    tune_gc()
    game = json.loads(Path(game_file).read_text())
    actions = [Action.from_json(a) for a in game["actions"]]
    size = (1920, 1080)
    app = App(size, headless=True)
    kept = {}
    auto = SAVES.autosave_path()
    for n in points:
        session = Session.replay(Level7Title(), game["scenario"], game["seed"], game["options"], actions[:n], casual=True)
        SAVES.discard()
        assert SAVES.begin(session, ["bot", "bot"]) is None
        kept[n] = folder / f"kept-{n}"
        kept[n].mkdir()
        for p in auto.parent.iterdir():
            if p.name.startswith("autosave-level7"):
                shutil.copy(p, kept[n] / p.name)
    print("ready", flush=True)
    for line in sys.stdin:
        op, n = line.split()
        n = int(n)
        for p in list(auto.parent.iterdir()):
            if p.is_file():
                p.unlink()
        for p in kept[n].iterdir():
            shutil.copy(p, auto.parent / p.name)
        if op in ("continue", "frame"):
            cpu = time.process_time()
            saved = SAVES.load()
            table = Level7Table(app.ctx, saved.session, saved.seats, size, auto)
            app.push(table)
            if op == "continue":
                cpu = time.process_time() - cpu
            else:
                cpu = time.process_time()
                app.draw(app.screen)
                cpu = time.process_time() - cpu
            assert len(table.session.actions) == n
            app.scenes.pop()
        else:
            cpu = time.process_time()
            moved, problem = SAVES.keep_interrupted()
            cpu = time.process_time() - cpu
            assert problem is None and moved is not None, problem
        print(cpu, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", help="a worktree of the code before (the sides interleaved)")
    ap.add_argument("--points", default="300,1000,3000")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--ops", default=",".join(OPS))
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--game", help=argparse.SUPPRESS)
    args = ap.parse_args()
    points = [int(p) for p in args.points.split(",")]
    if args.worker:
        worker(args.worker, args.game, points)
        return
    game_file = Path(tempfile.mkdtemp(prefix="bench-continue-game-")) / "game.json"
    t = time.perf_counter()
    game = long_game(max(points))
    game_file.write_text(json.dumps(game))
    length = len(game["actions"])
    print(f"a Level 7 game of {length} actions played in {time.perf_counter() - t:.0f} s", flush=True)
    points = sorted({min(p, length) for p in points})
    args.points = ",".join(map(str, points))
    sides = [("after", HERE)] + ([("before", Path(args.base))] if args.base else [])
    procs = {}
    for name, tree in sides:
        procs[name] = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--worker", str(tree), "--game",
                                        str(game_file), "--points", args.points],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    for proc in procs.values():
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    samples: dict[tuple[str, str, int], list[float]] = {}
    order = [name for name, _t in sides]
    for op in args.ops.split(","):
        for n in points:
            for r in range(args.rounds):
                for name in order if r % 2 == 0 else order[::-1]:
                    proc = procs[name]
                    assert proc.stdin is not None and proc.stdout is not None
                    proc.stdin.write(f"{op} {n}\n")
                    proc.stdin.flush()
                    samples.setdefault((op, name, n), []).append(float(proc.stdout.readline()) * 1000)
    for proc in procs.values():
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait()
    print(f"CPU ms, min / median of {args.rounds}")
    print("| operation | actions | " + " | ".join(f"{name} min / median" for name in order[::-1]) + " |")
    print("|---|---|" + "---|" * len(order))
    for op in args.ops.split(","):
        for n in points:
            cells = []
            for name in order[::-1]:
                got = samples[(op, name, n)]
                cells.append(f"{min(got):.2f} / {statistics.median(got):.2f}")
            print(f"| {op} | {n:,} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
