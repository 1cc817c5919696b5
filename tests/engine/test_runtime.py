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
