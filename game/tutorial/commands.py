"""`python -m game tutorial TITLE [--check] [--lesson ID]`: list or check a title's lessons.

--check plays every lesson to its end with its expected actions and prints one line per
lesson (result and step count); the exit code is 1 if any lesson cannot be completed or a
lesson file is broken (one line, `error: <message>` naming the file, as every command prints
for bad input: issue 22), 2 for bad arguments. Without --check it lists the lessons; the lessons are
played in the window (menu: Learn to play).
"""
from __future__ import annotations

import argparse
import sys
import time

from game.engine.errors import InputError
from game.tutorial.library import adapter_for, lessons_for, with_lessons
from game.tutorial.progress import Progress
from game.tutorial.runner import check_lesson


def tutorial_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game tutorial", description="run or check the rules lessons")
    parser.add_argument("title", choices=with_lessons(), help="which game's lessons")
    parser.add_argument("--check", action="store_true", help="play every lesson to its end headless")
    parser.add_argument("--lesson", help="only this lesson id")
    parser.add_argument("--trace", action="store_true", help="with --check: print each step and the game log")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        adapter = adapter_for(args.title)
        lessons = lessons_for(args.title, adapter)
    except InputError as exc:  # a broken lesson file (DataError), or a map or content it names
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.lesson:
        lessons = [les for les in lessons if les.id == args.lesson]
        if not lessons:
            print(f"error: no lesson {args.lesson!r}", file=sys.stderr)
            return 2
    width = max([12] + [len(les.id) for les in lessons])  # Doom's 'move_doors_sight' is 16
    if not args.check:
        progress = Progress.load()
        for les in lessons:
            part = progress.part_done(args.title, les.id, len(les.steps))  # left part-way: "3/10"
            mark = "done" if progress.is_done(args.title, les.id) else f"{part}/{len(les.steps)}" if part else ""
            print(f"{les.order:>2}. {les.id:<{width}} {mark:<5}  {les.title} ({les.minutes} min, {len(les.steps)} steps)")
        return 0
    failed = 0
    for les in lessons:
        t0 = time.perf_counter()
        result = check_lesson(les, adapter, print if args.trace else None)
        ms = (time.perf_counter() - t0) * 1000
        status = "ok  " if result.ok else "FAIL"
        line = (f"{status} {les.id:<{width}} {result.steps}/{len(les.steps)} steps, "
                f"{result.actions} actions, {ms:.0f} ms")
        if not result.ok:
            failed += 1
            line += f"\n     {result.problem}"
        print(line)
    print(f"{len(lessons) - failed}/{len(lessons)} lessons complete")
    return 1 if failed else 0
