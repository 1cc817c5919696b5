"""Engine overhead benchmark on the toy title (not a test: prints numbers, asserts nothing).

    .venv/bin/python tools/bench_engine.py

Measures legal_actions + apply on the bare title, the same through Session (log, action list),
replay from the seed, save + load (with its verifying replay), and raw RNG throughput.
"""
from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.rng import Rng  # noqa: E402
from game.engine.session import Session, load_session  # noqa: E402
from game.engine.toy import ToyTitle  # noqa: E402


def rate(label: str, count: int, seconds: float, unit: str = "actions") -> None:
    print(f"{label:<40} {count:>8} {unit} in {seconds:6.3f} s = {count / seconds:>10,.0f} {unit}/s")


def main() -> None:
    title = ToyTitle()
    chooser = random.Random(0)

    start, n = time.perf_counter(), 0
    for seed in range(300):
        state = title.new_game("duel", seed, {})
        while title.current_decider(state) is not None:
            actions = title.legal_actions(state)
            title.apply(state, actions[chooser.randrange(len(actions))])
            n += 1
    rate("bare title: legal_actions + apply", n, time.perf_counter() - start)

    start, n, sessions = time.perf_counter(), 0, []
    for seed in range(300):
        session = Session.start(title, "duel", seed)
        while not session.is_over():
            actions = session.legal_actions()
            session.apply(actions[chooser.randrange(len(actions))])
            n += 1
        sessions.append(session)
    rate("Session.apply (with log)", n, time.perf_counter() - start)

    start = time.perf_counter()
    for s in sessions:
        Session.replay(title, "duel", s.seed, {}, s.actions)
    rate("replay from seed", n, time.perf_counter() - start)

    longest = max(sessions, key=lambda s: len(s.actions))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "save.json"
        start = time.perf_counter()
        for _ in range(50):
            longest.save(path)
        rate(f"save ({len(longest.actions)} actions)", 50, time.perf_counter() - start, "saves")
        start = time.perf_counter()
        for _ in range(50):
            load_session(path, title)
        rate(f"load + verify ({len(longest.actions)} actions)", 50, time.perf_counter() - start,
             "loads")

    rng = Rng(1).stream("dice")
    start = time.perf_counter()
    for _ in range(200_000):
        rng.below(6)
    rate("Pcg32.below(6)", 200_000, time.perf_counter() - start, "draws")


if __name__ == "__main__":
    main()
