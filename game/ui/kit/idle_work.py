"""Work a table does ahead, in the frames where nothing happens, so a click never waits for it
(issue 19: laying a Gears tile read the new tile's .tmx and art on the click).

A title lists small jobs (`GameTable.warm_ups`: read a tile face the mission may lay, its floor
art...); the table runs them in a loop iteration with no input, no animation and nothing to
draw (`run_for`: one after the other within a small CPU budget), so they never lengthen a drawn
frame, and a job that is no longer wanted costs nothing but its time. Each job must be safe to run at any moment and change nothing a player sees.
"""
from __future__ import annotations

import time
from typing import Callable, Iterable, Iterator

Job = Callable[[], object]


class IdleWork:
    def __init__(self) -> None:
        self._jobs: Iterator[Job] | None = None
        self.done = 0

    def plan(self, jobs: Iterable[Job]) -> None:
        """Replace the jobs left (the title's list for the game as it stands now)."""
        self._jobs = iter(jobs)

    def run_for(self, budget_ms: float) -> int:
        """Jobs one after the other until `budget_ms` of CPU time has gone (at least one, when
        there is one): most jobs find their work done or take a fraction of a millisecond, and a
        click that comes meanwhile waits at most the budget and one job. Returns how many ran."""
        start = time.process_time()
        ran = 0
        while self.run_one():
            ran += 1
            if (time.process_time() - start) * 1000 >= budget_ms:
                break
        return ran

    def run_one(self) -> bool:
        """Run the next job; False when there is none left."""
        if self._jobs is None:
            return False
        job = next(self._jobs, None)
        if job is None:
            self._jobs = None
            return False
        job()
        self.done += 1
        return True
