"""game/engine/runtime.py: the process settings the entry points apply (run in a child process,
so the test process itself keeps its own)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import gc, os, threading
from game.engine.runtime import GC_THRESHOLD, tune_gc, use_one_core
tune_gc()
assert gc.get_threshold() == GC_THRESHOLD, gc.get_threshold()
core = use_one_core()
seen = []
t = threading.Thread(target=lambda: seen.append(sorted(os.sched_getaffinity(0))))
t.start(); t.join()
print(core, sorted(os.sched_getaffinity(0)), seen[0])
"""


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="no CPU affinity on this platform")
def test_use_one_core_pins_the_process_and_the_threads_it_starts_later():
    """The resolution threads (game/gears/rules/procedures.py) are started after the pinning,
    so they share the one core with the thread that asks them questions."""
    out = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split(maxsplit=1)
    core = int(out[0])
    assert out[1].strip() == f"[{core}] [{core}]"
    assert core in os.sched_getaffinity(0)
