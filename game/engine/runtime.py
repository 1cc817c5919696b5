"""Process-wide settings for the entry points (`python -m game ...`, tools/bench_*.py), and
where the per-user files live (`config_dir`).

Garbage collection (`tune_gc`, every entry point): the rules make many short-lived dicts, lists
and small objects per action (events, actions, option lists), almost all freed at once by
reference counting. CPython's default collector still runs a young-generation pass every 700
net allocations and, every hundred or so of those, a full pass over everything alive, which in
a simulation means the content, the tile faces and the board caches (25 ms a time here). A
first generation of 20,000 makes passes about 25 times rarer; a pass then takes about 3 ms,
which a turn-based table never notices. tools/bench_gears.py --games 8: collection time
173 ms -> 76 ms.

One core (`use_one_core`, for batch work: `simulate` and the benchmarks): a Gears resolution
that waits for decisions runs on a thread of its own (game/gears/rules/procedures.py) and hands
control to the caller and back at every question, only one of them running at a time. When
the two threads sit on different cores, every hand-off moves the interpreter's working set from
one core's caches to the other's; on one core it stays. Nothing runs in parallel anyway (one
thread at a time, and the GIL), so nothing is lost. tools/bench_gears.py --games 8, same
machine, same minute: about 4,300 actions/s on two cores, 6,000-7,250 on one. The table
(`play`) is not pinned: at a person's pace the hand-offs do not matter, and the window should
not be tied to a core another program may be using.
"""
from __future__ import annotations

import gc
import os
from pathlib import Path

GC_THRESHOLD = (20_000, 10, 10)


def config_dir() -> Path:
    """The per-user folder for settings, saves and tutorial progress: $TILETOP_CONFIG_DIR, else
    $XDG_CONFIG_HOME/tiletop, else ~/.config/tiletop."""
    override = os.environ.get("TILETOP_CONFIG_DIR")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "tiletop"


def tune_gc() -> None:
    gc.set_threshold(*GC_THRESHOLD)


def use_one_core() -> int | None:
    """Pins the calling thread, and every thread it starts afterwards, to the core it runs on
    now (Linux; elsewhere nothing happens). Returns that core, or None when not pinned."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    try:
        allowed = os.sched_getaffinity(0)
        core = _current_core()
        if core not in allowed:
            core = min(allowed)
        os.sched_setaffinity(0, {core})
    except OSError:
        return None
    return core


def _current_core() -> int | None:
    """The core this thread last ran on (field 39 of /proc/thread-self/stat), or None."""
    try:
        with open("/proc/thread-self/stat", encoding="ascii") as f:
            text = f.read()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()  # after "pid (comm) "
    try:
        return int(fields[36])  # field 39 overall: fields 1-2 are pid and comm
    except (IndexError, ValueError):
        return None
