"""Writes version-2 journals with the code of commit bda8b6d (the last to write version 2; run
from that tree: `python make_v2_saves.py OUT_DIR`): a toy Duel of 23 actions, and a four-player
Hive game of 260 SquadBot actions (private draws, hidden information, several snapshots) whose
autosave went back 7 actions once (an undo line) and on.

Rewritten (with make_v2_logs.py) after the rules fix "sight stops at seams" (a9fa9bf), which
changes the Hive game: on bda8b6d with a9fa9bf's game/board/model.py and distance.py applied
(`git diff b2d5e44 a9fa9bf -- game/board/model.py game/board/distance.py | patch -p1`, the files
are the same there) and today's game/gears/data copied in (tests/data/saves_v1/make_v1_saves.py);
the toy files came out byte for byte the same."""
import json
import sys
from pathlib import Path

sys.path.insert(0, ".")
from game.engine.session import Session  # noqa: E402
from game.engine.toy import ToyTitle  # noqa: E402
from game.gears.bots import SquadBot  # noqa: E402
from game.gears.rules.title import GearsTitle  # noqa: E402

out = Path(sys.argv[1])
toy = Session.start(ToyTitle(), "duel", seed=12)
while len(toy.actions) < 23 and not toy.is_over():
    toy.apply(toy.legal_actions()[len(toy.actions) % len(toy.legal_actions())])
    assert toy.autosave(out / "toy-duel.json") is None
gears = Session.start(GearsTitle(), "hive", seed=9, options={"players": 4}, casual=True)
bots: dict = {}
undone = False
while len(gears.actions) < 260 and not gears.is_over():
    who = gears.decider
    bot = bots.setdefault(who, SquadBot(seed=90 + len(bots)))
    gears.apply(bot.decide(gears.state, gears.legal_actions()).action)
    gears.bot_states = {seat: {"bot": "SquadBot", "state": b.get_state()} for seat, b in bots.items()}
    assert gears.autosave(out / "gears-hive-4p.json") is None
    if len(gears.actions) == 200 and not undone:
        gears.undo_to(193)
        undone = True
print(json.dumps({"toy": [len(toy.actions), toy.state_hash()], "gears": [len(gears.actions), gears.state_hash()]}))
