"""Saves, undo and load of a long Gears game, before and after issue 19 (not a test: prints numbers).

    /work/venv/bin/python tools/bench_saves.py --before /tmp/saves-base [--rounds 7] [--points 10,300,1000,3000]
    /work/venv/bin/python tools/bench_saves.py --intervals 10,25,50,100,200


`--before` is a worktree of the code to compare with (e.g. `git worktree add /tmp/saves-base
70d94ab`). The game: SquadBots on the four seats of Hive, played by this tree's code to the
largest point; a game that ends is taken back a few actions (a casual undo) and played on with
a few random choices, so one legal game from the seed reaches 3,000 actions. Both trees replay
that action list, each in its own worker process, and time, at each point n:

- autosave: the n-th action applied (not timed), then `Session.autosave` of the table's file
  (timed), then the action undone and saved again (not timed), so each sample is the autosave
  that follows one new action;
- named: `Session.save` of the game at n actions to a new file (Ctrl+S's named save: the whole
  game, atomically);
- undo: `Session.undo()` of the n-th action (timed), then the action applied again (the table's
  undo back over several bots' actions was one such replay per action before, one now);
- load: `load_session` of the autosave holding the n actions (timed).

The two workers take turns, one sample each, op by op and point by point, for `--rounds`
rounds: both sides see the same load of the machine. CPU time (time.process_time) of the
worker, min and median, in milliseconds; the saves' wall time too (their fsync waits for the
disk, which CPU time does not count).

`--intervals`: this tree alone, the game at its last point with a snapshot every N actions for
each N given: the journal's size, load (median and min of 9), the worst of 9 undos spread over
one interval, and the median autosave; how SNAPSHOT_EVERY was chosen (docs/ENGINE.md).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
OPS = ("autosave", "named", "undo", "load")


# ---------------------------------------------------------------------- the game

def long_game(target: int) -> dict:
    """A legal Gears game of `target` actions from one seed (this tree's code)."""
    sys.path.insert(0, str(HERE))
    from game.engine.runtime import tune_gc
    from game.engine.session import Session
    from game.gears.bots import SquadBot
    from game.gears.rules.title import GearsTitle

    tune_gc()
    options = {"players": 4}
    session = Session.start(GearsTitle(), "hive", 1, options, casual=True)
    actions = play_long(session, target, SquadBot)
    return {"scenario": "hive", "seed": 1, "options": options, "actions": [a.to_json() for a in actions]}


def play_long(session, target: int, bot_class, endings: int | None = None) -> list:
    """Plays `session` on to `target` actions with one `bot_class(seat number)` a seat; each time
    the game ends it is taken back 5-60 actions and played on after 8 random legal actions. With
    `endings`, at most that many endings: then the longest game reached (a title whose games
    cannot get that long, Level 7's round limit). The actions, from one seeded chance: the same
    game every run. tools/bench_continue.py plays its Level 7 game with it too."""
    bots: dict = {}
    chance, wild = random.Random(1), 0
    best: list = []
    while len(session.actions) < target and endings != 0:
        if session.is_over():
            if len(session.actions) > len(best):
                best = list(session.actions)
            if endings is not None:
                endings -= 1
            session.undo_to(max(0, len(session.actions) - chance.randint(5, 60)))
            wild = 8
            continue
        actions = session.legal_actions()
        if wild:
            wild -= 1
            action = chance.choice(actions)
        else:
            who = session.decider
            action = bots.setdefault(who, bot_class(len(bots) + 1)).decide(session.state, actions).action
        session.apply(action)
    return list(session.actions) if len(session.actions) >= len(best) else best[:-1]


# ---------------------------------------------------------------------- a worker (one tree)

def worker(tree: str, game_file: str, points: list[int], folder: str) -> None:
    """Answers `op n` lines on stdin with the sample's CPU and wall seconds."""
    sys.path.insert(0, tree)
    from game.engine.protocol import Action
    from game.engine.runtime import tune_gc
    from game.engine.session import Session, load_session
    from game.gears.rules.title import GearsTitle

    tune_gc()
    rules = GearsTitle()
    game = json.loads(Path(game_file).read_text())
    actions = [Action.from_json(a) for a in game["actions"]]
    sessions, files = {}, {}
    for n in points:
        session = Session.replay(rules, game["scenario"], game["seed"], game["options"], actions[:n], casual=True)
        path = Path(folder) / f"autosave-{n}.json"
        assert session.autosave(path) is None
        sessions[n], files[n] = session, path
        session.undo()
        assert session.autosave(path) is None  # the autosave op starts one action short
    print("ready", flush=True)
    for line in sys.stdin:
        op, n = line.split()
        n = int(n)
        session, path = sessions[n], files[n]
        if op == "autosave":
            session.apply(actions[n - 1])
            cpu, wall = time.process_time(), time.perf_counter()
            problem = session.autosave(path)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            assert problem is None, problem
            session.undo()
            session.autosave(path)
        elif op == "named":
            session.apply(actions[n - 1])
            cpu, wall = time.process_time(), time.perf_counter()
            session.save(path.with_name(f"named-{n}.json"))
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            session.undo()
            session.autosave(path)
        elif op == "undo":
            session.apply(actions[n - 1])
            cpu, wall = time.process_time(), time.perf_counter()
            session.undo()
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        else:
            load_path = path.with_name(f"load-{n}.json")
            if not load_path.exists():
                session.apply(actions[n - 1])
                session.save(load_path)
                session.undo()
            cpu, wall = time.process_time(), time.perf_counter()
            loaded = load_session(load_path, rules)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            assert len(loaded.actions) == n
        print(f"{cpu} {wall}", flush=True)


# ---------------------------------------------------------------------- snapshot intervals

def intervals(game: dict, every: list[int], folder: Path) -> None:
    from game.engine.protocol import Action
    from game.engine.session import Session, load_session
    from game.gears.rules.title import GearsTitle

    rules = GearsTitle()
    actions = [Action.from_json(a) for a in game["actions"]]
    n = len(actions)

    def timed(call) -> float:
        cpu = time.process_time()
        call()
        return (time.process_time() - cpu) * 1000

    print(f"{'every':>6} {'file MB':>8} {'load median':>12} {'min':>6} {'undo worst':>11} {'autosave median':>16}")
    for interval in every:
        Session.snapshot_every = interval
        session = Session.replay(rules, game["scenario"], game["seed"], game["options"], actions, casual=True)
        path = folder / f"every-{interval}.json"
        session.save(path)
        loads = [timed(lambda: load_session(path, rules)) for _ in range(9)]
        undos = []
        for k in range(9):  # back to points spread over one interval
            target = n - 1 - (k * interval) // 9
            undos.append(timed(lambda: session.undo_to(target)))
            for action in actions[target:]:
                session.apply(action)
        assert session.autosave(path) is None
        session.undo_to(n - interval)
        assert session.autosave(path) is None
        saves = []
        for action in actions[n - interval:]:
            session.apply(action)
            saves.append(timed(lambda: session.autosave(path)))
        print(f"{interval:>6} {path.stat().st_size / 1e6:>8.2f} {statistics.median(loads):>12.1f} {min(loads):>6.1f}"
              f" {max(undos):>11.1f} {statistics.median(saves):>16.2f}", flush=True)


# ---------------------------------------------------------------------- the run

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", help="a worktree of the code to compare with")
    parser.add_argument("--intervals", help="snapshot intervals to compare on this tree (10,25,50)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--points", default="10,300,1000,3000")
    parser.add_argument("--worker", nargs=4, metavar=("TREE", "GAME", "POINTS", "FOLDER"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        tree, game_file, points, folder = args.worker
        worker(tree, game_file, [int(p) for p in points.split(",")], folder)
        return
    points = [int(p) for p in args.points.split(",")]
    if args.intervals:
        with tempfile.TemporaryDirectory() as tmp:
            intervals(long_game(max(points)), [int(e) for e in args.intervals.split(",")], Path(tmp))
        return
    if not args.before:
        parser.error("--before TREE is needed to compare")
    with tempfile.TemporaryDirectory() as tmp:
        game_file = Path(tmp) / "game.json"
        cpu = time.process_time()
        game_file.write_text(json.dumps(long_game(max(points))))
        print(f"a Hive game of {max(points)} actions played in {time.process_time() - cpu:.1f} s CPU", flush=True)
        sides = {}
        for name, tree in (("before", os.path.abspath(args.before)), ("after", str(HERE))):
            folder = Path(tmp) / name
            folder.mkdir()
            sides[name] = subprocess.Popen(
                [sys.executable, __file__, "--worker", tree, str(game_file), args.points, str(folder)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=tree)
        for proc in sides.values():
            assert proc.stdout.readline().strip() == "ready"
        samples: dict[tuple[str, str, int], list[tuple[float, float]]] = {}
        for r in range(args.rounds):
            for op in OPS:
                for n in points:
                    order = ("before", "after") if r % 2 == 0 else ("after", "before")
                    for name in order:
                        proc = sides[name]
                        proc.stdin.write(f"{op} {n}\n")
                        proc.stdin.flush()
                        c, w = proc.stdout.readline().split()
                        samples.setdefault((name, op, n), []).append((float(c), float(w)))
        for proc in sides.values():
            proc.stdin.close()
            proc.wait()
    print(f"CPU ms per operation, min / median of {args.rounds} (saves: wall median too)")
    print(f"{'operation':<10}{'actions':>8}  {'before min':>11}{'median':>9}  {'after min':>10}{'median':>9}")
    for op in OPS:
        for n in points:
            row = f"{op:<10}{n:>8}"
            for name in ("before", "after"):
                got = samples[(name, op, n)]
                cpu = [c * 1000 for c, _w in got]
                row += f"  {min(cpu):>10.2f}{statistics.median(cpu):>9.2f}"
                if op in ("autosave", "named"):
                    row += f" (wall {statistics.median(w * 1000 for _c, w in got):.1f})"
            print(row)


if __name__ == "__main__":
    main()
