"""Process-wide settings every entry point applies (`python -m game ...`, tools/bench_*.py).

Garbage collection: the rules make many short-lived dicts, lists and small objects per action
(events, actions, option lists), almost all freed at once by reference counting. CPython's
default collector still runs a young-generation pass every 700 net allocations and, every
hundred or so of those, a full pass over everything alive, which in a simulation means the
content, the tile faces and the board caches (25 ms a time here). A first generation of 20,000
makes passes about 25 times rarer; a pass then takes about 3 ms, which a turn-based table never
notices. Measured with tools/bench_gears.py --games 8: collection time 173 ms -> 76 ms.
"""
from __future__ import annotations

import gc

GC_THRESHOLD = (20_000, 10, 10)


def tune_gc() -> None:
    gc.set_threshold(*GC_THRESHOLD)
