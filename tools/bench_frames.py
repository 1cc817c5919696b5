"""CPU time of one frame of each title's table in a mid-game state, headless (SDL dummy driver),
at 1920x1080 and 1280x720: the frame drawn whole, the loop with the pointer still, the loop with
the pointer moving over the hand and the map, and the rules queries a change makes the table ask
(`update_choices`: the legal actions, the prompt, what lights up).

    python tools/bench_frames.py [--base TREE] [--runs 3] [--frames 120]
                                 [--sizes 1920x1080,1280x720] [--titles gears,doom,level7,convoy]
                                 [--profile TITLE --size WxH --mode whole|still|moving|queries]

The states (each reached by the titles' own bots from a fixed seed, the same on both sides):
Gears, Roadblocks with two COGs: a COG's Order Step with a full hand and Locusts on the map;
Doom, Knee Deep with two marines: a marine's turn; Level 7, s1 with two players: a player's turn
after several tiles were explored; Convoy: Phase III (the cards' turn). The seat deciding is a
person's, the others bots', so the table lights that person's choices.

Measured per title and size, CPU ms (time.process_time) per frame, min and median of --frames:
  whole    a frame drawn whole (the table marked dirty and full_redraw, one App.step);
  still    one loop iteration with no input (what the table costs while a person thinks);
  moving   one loop iteration after a pointer move (posted MOUSEMOTION), the pointer touring
           the hand's cards and the map, a few pixels a frame;
  queries  the table's `update_choices()` (what an action, an undo or a load makes it ask).

With --base TREE (the code before a change: `git archive HEAD | tar -x -C /tmp/perf-base`),
each run of each side is its own process (the tree's code first on sys.path), the sides
interleaved A/B/A/B so the machine's load moves both; a figure is over all runs' frames. With
--profile, one side (this tree) runs the mode under cProfile and prints the top functions.

A 60 Hz frame is 16.7 ms; the table's goal (issue 19) is a frame median <= 4 ms, p99 <= 12 ms.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODES = ("whole", "still", "moving", "queries", "changed")
TITLES = ("gears", "gears-card", "gears-aim", "doom", "level7", "convoy")
FRAME_MS = 16


class FixedClock:
    """The App's clock, 16 ms a frame, so every run does the same frames."""

    def tick(self, _fps: int = 0) -> int:
        return FRAME_MS

    def get_time(self) -> int:
        return FRAME_MS


def headless(tree: str) -> None:
    sys.path.insert(0, str(Path(tree).resolve()))
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    os.environ["TILETOP_CONFIG_DIR"] = tempfile.mkdtemp(prefix="bench-frames-")


# ------------------------------------------------------------------------------- the states
def _gears_ready(s) -> bool:
    st = s.state
    d = s.decider
    return (len(s.actions) >= 30 and d in st.cogs and st.proc is None and st.phase == "order"
            and not st.flags.get("played") and len(st.cogs[d].hand) >= 5 and len(st.locusts) >= 3)


def _gears_card_ready(s) -> bool:
    """A COG resolving its Order card's attack action: the frame whose prompt asks whether the
    action can be done (turn.frame_prompt) and whose buttons are Do and Skip."""
    st = s.state
    d = s.decider
    if not (len(s.actions) >= 30 and d in st.cogs and st.proc is None and st.phase == "card" and len(st.locusts) >= 2):
        return False
    from game.gears.rules.turn import _content, card_name, top

    f = top(st)
    return _content().orders[card_name(f["card"])].actions[f["i"]].verb == "attack"


def _gears_aim_ready(s) -> bool:
    """A COG's attack with Locusts to target (the attack frame)."""
    st = s.state
    return len(s.actions) >= 30 and s.decider in st.cogs and st.proc is None and st.phase == "attack" and len(st.locusts) >= 2


def _gears_aim(table) -> None:
    """A target picked, as a click on a lit Locust does: the attack preview panel is up."""
    target = next(iter(table.choices.targets))
    table.target, table.attack_choice = target, table.choices.targets[target][0]


def _doom_ready(s) -> bool:
    st = s.state
    return (len(s.actions) >= 40 and st.phase == "marine" and s.decider in st.marines and st.proc is None
            and bool(st.turn) and st.turn.get("action") in ("advance", "fire", "run") and st.turn.get("mp", 0) > 0)


def _level7_ready(s) -> bool:
    st = s.state
    return len(st.placed) >= 6 and s.decider in st.characters and st.proc is None


def _convoy_ready(s) -> bool:
    st = s.state
    return st.phase == "III" and st.proc is None and st.round >= 3


STATES = {
    # case: (rules class, table class, scenario, options, seed, ready)
    "gears-card": ("game.gears.rules.title:GearsTitle", "game.ui.gears.table_scene:GearsTable", "roadblocks",
                   {"players": 2}, 3, _gears_card_ready),
    "gears-aim": ("game.gears.rules.title:GearsTitle", "game.ui.gears.table_scene:GearsTable", "roadblocks",
                  {"players": 2}, 3, _gears_aim_ready, _gears_aim),
    "gears": ("game.gears.rules.title:GearsTitle", "game.ui.gears.table_scene:GearsTable", "roadblocks",
              {"players": 2}, 3, _gears_ready),
    "doom": ("game.doom.rules.title:DoomTitle", "game.ui.doom.table_scene:DoomTable", "knee_deep",
             {"marines": 2}, 3, _doom_ready),
    "level7": ("game.level7.rules.title:Level7Title", "game.ui.level7.table_scene:Level7Table", "s1",
               {"players": 2}, 3, _level7_ready),
    "convoy": ("game.convoy.rules.title:ConvoyTitle", "game.ui.convoy.table_scene:ConvoyTable", "standard",
               {}, 3, _convoy_ready),
}
MAX_ACTIONS = 1500


def _load(ref: str):
    import importlib

    module, name = ref.split(":")
    return getattr(importlib.import_module(module), name)


def build_table(app, key: str, size):
    """The title's table on its mid-game state, the deciding seat a person's."""
    from game.engine.session import Session

    rules, table_ref, scenario, options, seed, ready, *prepare = STATES[key]
    table_class = _load(table_ref)
    session = Session.start(_load(rules)(), scenario, seed, options)
    # The bots are the table's own (make_bot), taken from a throwaway table of bots.
    players = table_class.saves.players(session.state)
    probe = table_class(app.ctx, session, ["bot"] * len(players), size, animate=False)
    bots = {p: probe.make_bot(i) for i, p in enumerate(players)}
    while not session.is_over() and len(session.actions) < MAX_ACTIONS and not ready(session):
        decider = session.decider
        legal = session.legal_actions()
        bot = bots[decider]
        act = bot.decide(session.state, legal).action if hasattr(bot, "decide") else bot.choose(legal)
        session.apply(act)
    decider = session.decider
    seats = ["human" if p == decider else "bot" for p in players]
    table = table_class(app.ctx, session, seats, size, animate=False)
    for step in prepare:
        step(table)
    return table, session


def tour(table, size) -> list[tuple[int, int]]:
    """The pointer's path: along the hand row, then zig-zag over the map, 6 px a frame."""
    pts: list[tuple[int, int]] = []

    def line(a, b):
        n = max(1, int(max(abs(b[0] - a[0]), abs(b[1] - a[1])) // 6))
        for k in range(n):
            pts.append((a[0] + (b[0] - a[0]) * k // n, a[1] + (b[1] - a[1]) * k // n))

    hand = getattr(table, "hand_rect", None)
    if hand is not None and hand.w > 0 and hand.h > 0:
        line((hand.left + 4, hand.centery), (hand.right - 4, hand.centery))
    view = table.view_rect
    rows = 4
    for r in range(rows):
        y = view.top + view.h * (2 * r + 1) // (2 * rows)
        a, b = (view.left + 10, y), (view.right - 10, y)
        line(a, b) if r % 2 == 0 else line(b, a)
    return [(min(max(x, 0), size[0] - 1), min(max(y, 0), size[1] - 1)) for x, y in pts]


def measure(app, table, mode: str, frames: int, path) -> tuple[list[float], int]:
    import pygame

    times: list[float] = []
    drawn: list[float] = []  # the times of the iterations that drew a frame
    if mode == "moving":
        frames = len(path)  # the whole tour, each point once
    for i in range(frames):
        if mode == "whole":
            table.dirty = True
            table.full_redraw = True
        elif mode == "moving":
            x, y = path[i]
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
        if mode == "changed":  # the table told the game changed (as after an action), then its frame
            t0 = time.process_time()
            table._after_change()
            table.dirty = True
            app.step()
            times.append((time.process_time() - t0) * 1000)
            drawn.append(times[-1])
            continue
        if mode == "queries":
            t0 = time.process_time()
            table.update_choices()
            times.append((time.process_time() - t0) * 1000)
            drawn.append(times[-1])
            continue
        t0 = time.process_time()
        drew = app.step()
        dt = (time.process_time() - t0) * 1000
        times.append(dt)
        if drew:
            drawn.append(dt)
    return times, drawn


def worker(args) -> None:
    headless(args.tree)
    import pygame

    import game

    assert Path(game.__file__).resolve().is_relative_to(Path(args.tree).resolve()), game.__file__

    from game.engine import runtime
    from game.ui.app import App

    if hasattr(runtime, "tune_gc"):
        runtime.tune_gc()
    size = tuple(int(v) for v in args.size.split("x"))
    app = App(size, headless=True)
    app.clock = FixedClock()
    app.step()
    out = {}
    for key in args.titles.split(","):
        table, session = build_table(app, key, size)
        app.push(table)
        for _ in range(5):  # settle: the first frames lay out and cache
            app.step()
        path = tour(table, size)
        # Warm the pointer's path once (text and card caches), as a person's first look does.
        measure(app, table, "moving", len(path), path)
        res = {"actions": len(session.actions), "decider": session.decider, "phase": str(getattr(session.state, "phase", ""))}
        if args.profile:
            import cProfile
            import pstats

            prof = cProfile.Profile()
            prof.enable()
            measure(app, table, args.mode, args.frames, path)
            prof.disable()
            pstats.Stats(prof, stream=sys.stderr).sort_stats("cumulative").print_stats(45)
            pstats.Stats(prof, stream=sys.stderr).sort_stats("tottime").print_stats(30)
        else:
            for mode in MODES:
                times, drawn = measure(app, table, mode, args.frames, path)
                res[mode] = {"times": times, "drawn": drawn}
        out[key] = res
        app.scenes.pop()
    pygame.display.quit()
    print(json.dumps(out))


def run(args) -> None:
    sides = [("this", ROOT)]
    if args.base:
        sides.insert(0, ("base", Path(args.base).resolve()))
    got: dict[tuple[str, str], list[dict]] = {}
    for _r in range(args.runs):
        for size in args.sizes.split(","):
            for name, tree in sides:
                cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", "--tree", str(tree),
                       "--size", size, "--titles", args.titles, "--frames", str(args.frames)]
                res = subprocess.run(cmd, cwd=tree, capture_output=True, text=True)
                if res.returncode != 0:
                    sys.exit(f"{name} ({tree}) {size} failed:\n{res.stderr[-3000:]}")
                got.setdefault((name, size), []).append(json.loads(res.stdout.strip().splitlines()[-1]))
    print(f"CPU ms per loop iteration (time.process_time), {args.runs} runs a side, sides interleaved; "
          "min / median over all runs' iterations.\n  whole: a frame drawn whole; still: no input; moving: "
          "the pointer's tour, every iteration / the iterations that drew a frame (how many a run, and their "
          "max); queries: update_choices()")
    head = ["whole", "still", "moving all", "moving drawn (n, max)", "queries", "changed"]
    print(f"{'case':11}{'size':>10}{'side':>5}{'acts':>5}" + "".join(f"{h:>{w}}" for h, w in zip(head, (15, 14, 15, 30, 15, 15))))
    for key in args.titles.split(","):
        for size in args.sizes.split(","):
            for name, _t in sides:
                runs = got[(name, size)]

                def both(mode, part="times"):
                    values = [v for r in runs for v in r[key][mode][part]]
                    return values, f"{min(values):6.2f} /{statistics.median(values):6.2f}" if values else f"{'-':>14}"

                cells = f"{both('whole')[1]:>15}{both('still')[1]:>14}{both('moving')[1]:>15}"
                drawn, text = both("moving", "drawn")
                n = len(drawn) // len(runs)
                cells += f"{text:>16} ({n:3d},{max(drawn) if drawn else 0:6.2f})"
                cells += f"{both('queries')[1]:>15}{both('changed')[1]:>15}"
                print(f"{key:11}{size:>10}{name:>5}{runs[0][key]['actions']:>5}{cells}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", help="the code before a change (a tree), run interleaved with this one")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--frames", type=int, default=120)
    ap.add_argument("--sizes", default="1920x1080,1280x720")
    ap.add_argument("--titles", default=",".join(TITLES))
    ap.add_argument("--profile", action="store_true", help="cProfile one mode on this tree (stderr)")
    ap.add_argument("--mode", default="moving", choices=MODES)
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--tree", default=str(ROOT), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker or args.profile:
        worker(args)
    else:
        run(args)


if __name__ == "__main__":
    main()
