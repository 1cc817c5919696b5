"""game/engine/runtime.py: the process settings the entry points apply (run in a child process,
so the test process itself keeps its own)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import gc, os
before = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
from game.engine.runtime import GC_THRESHOLD, tune_gc
import game.engine.runtime as runtime
tune_gc()
assert gc.get_threshold() == GC_THRESHOLD, gc.get_threshold()
assert not hasattr(runtime, "use_one_core")
after = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
print(before == after)
"""


def test_tune_gc_sets_the_thresholds_and_nothing_pins_the_process():
    """Issue 11: with resolutions in greenlets nothing is gained by pinning to one core, and the
    entry points no longer do it."""
    out = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "True"


KEPT = """
import gc
from game.engine.runtime import collection_paused
gc.collect()
with collection_paused(kept=True):
    made = [[i] for i in range(5000)]
    assert not gc.isenabled()
# A nested pause leaves the collector off and nothing moved.
gc.disable()
with collection_paused(kept=True):
    more = [[i] for i in range(5000)]
still_off = not gc.isenabled()
gc.enable()
tracked = gc.get_objects(generation=2)
print(gc.isenabled(), still_off, sum(1 for o in tracked if o is made or o is more), gc.get_freeze_count())
"""


def test_a_kept_pause_moves_what_it_made_to_the_oldest_generation():
    """Issue 19: a load's objects live as long as the game; the first collection after the load
    walked them all (60,000 at 3,000 actions) and freed nothing. After a pause with kept=True
    they are in the oldest generation, the collector is back on and nothing stays frozen; a
    nested pause moves nothing (the young `more` waits for a pass like any other object)."""
    out = subprocess.run([sys.executable, "-c", KEPT], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["True", "True", "1", "0"]
