"""The timing loop the rules benchmarks share (bench_level7.py, bench_convoy.py): a workload run
`repeats` times, each measured in CPU seconds of this process (the machine is shared: wall time
would measure the neighbours), with what it did."""
from __future__ import annotations

import time
from typing import Callable


def cpu_runs(work: Callable[[], int], repeats: int) -> tuple[int, list[float]]:
    """Runs `work` (returning how many actions it took) `repeats` times; the last count and the
    CPU seconds of each run."""
    n, seconds = 0, []
    for _ in range(repeats):
        start = time.process_time()
        n = work()
        seconds.append(time.process_time() - start)
    return n, seconds
