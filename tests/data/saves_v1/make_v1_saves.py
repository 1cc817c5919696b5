"""How the version-1 saves beside this file were written: by the code of commit 70d94ab (before
the journal, issue 19), so that tests/engine/test_old_saves.py loads real old files.

    git worktree add /tmp/saves-base 70d94ab
    cp -r game/gears/data/. /tmp/saves-base/game/gears/data/   # today's data: a save replays only
    cp -r game/doom/data/. /tmp/saves-base/game/doom/data/     # under the values it was played with
    cp maps/doom/*.tmx /tmp/saves-base/maps/doom/
    cd /tmp/saves-base && PYTHONPATH=/tmp/saves-base python /path/to/make_v1_saves.py OUT_DIR

The old code writes the old format; the data is copied in because a tuned `verified = false`
value (the Gears balance of issue 20) changes the games, and a save replays only under the values
it was played with. Rewrite the files this way after such a tuning. After a rules fix that
changes the game, apply the fix to that tree first if it applies there: the Gears save was last
rewritten so for "sight stops at seams" (a9fa9bf: `git diff b2d5e44 a9fa9bf -- game/board/model.py
game/board/distance.py | patch -p1` in /tmp/saves-base, the two files being the same on 70d94ab).

Run on a newer tree it would write journals instead: it is kept to say where the files come
from, not to be run again.
"""
import json
import random
import sys
from pathlib import Path

from game.doom.rules.title import DoomTitle
from game.engine.bots import RandomBot
from game.engine.runtime import tune_gc
from game.engine.session import Session
from game.engine.toy import ToyTitle
from game.gears.bots import SquadBot
from game.gears.rules.title import GearsTitle

tune_gc()
out = Path(sys.argv[1])

# The toy duel, 12 random actions.
session = Session.start(ToyTitle(), "duel", 7)
chooser = random.Random(7)
for _ in range(12):
    session.apply(chooser.choice(session.legal_actions()))
session.save(out / "toy-duel-12.json")

# Gears: four SquadBots on Hive, saved at action 400 with their bots' state and seats file.
session = Session.start(GearsTitle(), "hive", 1, {"players": 4})
bots = {p: SquadBot(seed=31 + i) for i, p in enumerate(session.state.players)}
while len(session.actions) < 400:
    session.apply((bots.get(session.decider) or SquadBot(9)).decide(session.state, session.legal_actions()).action)
session.bot_states = {p: {"bot": "SquadBot", "state": b.get_state()} for p, b in bots.items()}
session.save(out / "autosave-gears.json")
(out / "autosave-gears.seats.json").write_text(json.dumps({"seats": ["bot"] * 4}))
print("gears", len(session.actions), session.state_hash())

# Doom: Knee Deep with two marines, RandomBots everywhere, 120 actions.
session = Session.start(DoomTitle(), "knee_deep", 5, {"marines": 2})
random_bots: dict = {}
while len(session.actions) < 120 and not session.is_over():
    bot = random_bots.setdefault(session.decider, RandomBot(len(random_bots) + 3))
    session.apply(bot.decide(session.state, session.legal_actions()).action)
session.save(out / "doom-knee_deep-120.json")
print("doom", len(session.actions), session.state_hash())
