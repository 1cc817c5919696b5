"""Issue 19 item 3: a Gears bot game autosaving into its journal is killed (SIGKILL) at random
moments, many times; each time Continue (load_session of the autosave) resumes at the last
action whose autosave completed, with the state hash the game had there, and the game goes on
from it in the next process (so the journal is appended to after loads, undos and kills); a
game that ends is followed by a new one.

The child process plays (SquadBot on every seat, a casual table that now and then undoes a few
actions) and writes to a report file, before each autosave, `pending <actions> <state hash>`
and after it `done`. After the kill the autosave must hold the last `done` state, or the
`pending` one after it (killed after the write but before `done`); the loaded game must also be
the one a replay of its actions from the seed reaches (the snapshots are not trusted blindly).
"""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.engine.session import Session, load_session
from game.gears.rules.title import GearsTitle

ROOT = Path(__file__).resolve().parents[2]
KILLS = 12

CHILD = r'''
import random, sys, zlib
from pathlib import Path
from game.engine.runtime import tune_gc
from game.engine.session import Session, load_session
from game.gears.bots import SquadBot
from game.gears.rules.title import GearsTitle

tune_gc()
path, report = Path(sys.argv[1]), open(sys.argv[2], "a", buffering=1)
rules = GearsTitle()
if path.exists():
    session = load_session(path, rules)
else:
    session = Session.start(rules, "hive", int(sys.argv[3]), {"players": 4}, casual=True)
    assert session.autosave(path) is None
bots = {}

def bot(who):
    if who not in bots:
        bots[who] = SquadBot(zlib.crc32(who.encode()))
        saved = session.bot_states.get(who)
        if saved is not None:
            bots[who].set_state(saved["state"])
    return bots[who]

report.write(f"ready {len(session.actions)} {session.state_hash()}\n")
chance = random.Random(len(session.actions))
while not session.is_over() and len(session.actions) < 5000:
    if len(session.actions) > 60 and chance.random() < 0.02:
        session.undo_to(len(session.actions) - chance.randint(1, 4))
    else:
        who = session.decider
        session.apply(bot(who).decide(session.state, session.legal_actions()).action)
    session.bot_states = {w: {"bot": "SquadBot", "state": b.get_state()} for w, b in bots.items()}
    report.write(f"pending {len(session.actions)} {session.state_hash()}\n")
    problem = session.autosave(path)
    assert problem is None, problem
    report.write("done\n")
report.write("over\n")
'''


def expected(report: Path) -> tuple[set[tuple[int, str]], bool]:
    """The states the autosave may hold after the kill, and whether the game ended."""
    done, pending = None, None
    for line in report.read_text().splitlines():
        words = line.split()
        if words[:1] == ["ready"] and len(words) == 3:
            done, pending = (int(words[1]), words[2]), None
        elif words[:1] == ["pending"] and len(words) == 3:
            pending = (int(words[1]), words[2])
        elif words == ["done"] and pending is not None:
            done, pending = pending, None
        elif words == ["over"]:
            return {done}, True
    assert done is not None, "the child never got ready"
    return ({done} | ({pending} if pending else set())), False


def test_continue_after_sigkill_resumes_at_the_last_completed_action(tmp_path):
    path, report = tmp_path / "autosave-gears.json", tmp_path / "report.txt"
    rules = GearsTitle()
    chance = random.Random(19)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    resumed = []
    for _kill in range(KILLS):
        report.write_text("")
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(path), str(report), str(_kill)], cwd=ROOT, env=env)
        try:
            deadline = time.monotonic() + 60
            while "ready" not in report.read_text():
                assert child.poll() is None, "the child stopped before playing"
                assert time.monotonic() < deadline, "the child did not start"
                time.sleep(0.02)
            # The moment: after a random number of this child's actions (so the game always gets
            # on, however loaded the machine), then a random instant inside the next ones.
            target = chance.randint(5, 40)
            while report.read_text().count("pending") < target and child.poll() is None:
                assert time.monotonic() < deadline + 120, "the child plays too slowly"
                time.sleep(0.01)
            time.sleep(chance.uniform(0.0, 0.03))
            child.send_signal(signal.SIGKILL)
        finally:
            child.wait(30)
        allowed, over = expected(report)
        session = load_session(path, rules)
        got = (len(session.actions), session.state_hash())
        assert got in allowed, f"the autosave holds {got}, expected one of {allowed}"
        # A kill inside the write of a long line (a snapshot's) can leave it torn: it is dropped
        # and the table says so (docs/ENGINE.md); the state is still one the child had saved.
        # (CI once met this: the check had been that no notice ever comes.)
        assert session.load_notice is None or "was cut short when it was written" in session.load_notice
        scratch = Session.replay(rules, "hive", session.seed, session.options, session.actions, casual=True)
        assert scratch.state_hash() == got[1]
        resumed.append(got[0])
        if over:  # the next child starts another game
            path.unlink()
    assert len(resumed) == KILLS and max(resumed) > 200
