"""Process-wide settings for the entry points (`python -m game ...`, tools/bench_*.py), and
where the per-user files live (`config_dir`). (Batch work was pinned to one core while paused
resolutions lived on threads; they pause in greenlets now, game/engine/resolution.py, and
nothing is pinned.)

Garbage collection (`tune_gc`, every entry point): the rules make many short-lived dicts, lists
and small objects per action (events, actions, option lists), almost all freed at once by
reference counting. CPython's default collector still runs a young-generation pass every 700
net allocations and, every hundred or so of those, a full pass over everything alive, which in
a simulation means the content, the tile faces and the board caches (25 ms a time here). A
first generation of 20,000 makes passes about 25 times rarer; a pass then takes about 3 ms,
which a turn-based table never notices. tools/bench_gears.py --games 8: collection time
173 ms -> 76 ms.
"""
from __future__ import annotations

import gc
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

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


@contextmanager
def collection_paused(kept: bool = False) -> Iterator[None]:
    """No garbage collection inside: for work that makes a great many objects which all stay
    alive (a load builds an object per action, event and message of the game, 100,000 at 3,000
    actions): each collection pass would walk them again and free nothing (issue 19: 15-25 ms of
    a 3,000-action load). Nested uses and a collector already off are left as they were.

    `kept`: what was made inside lives as long as the game, so at the end it joins the oldest
    generation at once (gc.freeze then gc.unfreeze: two list splices) instead of waiting in the
    youngest for the first pass after, which walked all 60,000 of a 3,000-action load and freed
    nothing (14-30 ms on a loaded machine, paid by the table built next). Everything young at
    that moment moves with it: its garbage cycles wait for the next full pass instead (which
    the move does not bring forward). Not done when something is frozen (gc.freeze): unfreezing
    would let that go."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            if kept and not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()
