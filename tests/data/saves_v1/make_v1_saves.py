"""Writes real version-1 saves with the 70d94ab code (run with PYTHONPATH=/tmp/saves-base)."""
import json, sys, random
from pathlib import Path
from game.engine.runtime import tune_gc
tune_gc()
from game.engine.session import Session
from game.engine.toy import ToyTitle
from game.gears.rules.title import GearsTitle
from game.gears.bots import SquadBot
from game.doom.rules.title import DoomTitle
from game.doom.marine_bot import MarineBot
from game.engine.bots import RandomBot
out = Path(sys.argv[1])
# toy
s = Session.start(ToyTitle(), "duel", 7)
ch = random.Random(7)
for _ in range(12):
    s.apply(ch.choice(s.legal_actions()))
s.save(out / "toy-duel-12.json")
# gears: a SquadBot game of four, saved mid-game with its bots' state
t = GearsTitle()
s = Session.start(t, "hive", 1, {"players": 4})
bots = {p: SquadBot(seed=31 + i) for i, p in enumerate(s.state.players)}
while len(s.actions) < 400:
    s.apply((bots.get(s.decider) or SquadBot(9)).decide(s.state, s.legal_actions()).action)
s.bot_states = {p: {"bot": "SquadBot", "state": b.get_state()} for p, b in bots.items()}
s.save(out / "autosave-gears.json")
(out / "autosave-gears.seats.json").write_text(json.dumps({"seats": ["bot"] * 4}))
print("gears", len(s.actions), s.state_hash())
# doom
d = DoomTitle()
sc = "knee_deep"
s = Session.start(d, sc, 5, {"marines": 2})
bots = {}
n = 0
while len(s.actions) < 120 and not s.is_over():
    who = s.decider
    b = bots.setdefault(who, RandomBot(len(bots) + 3))
    s.apply(b.decide(s.state, s.legal_actions()).action)
s.save(out / ("doom-%s-120.json" % sc))
print("doom", sc, len(s.actions), s.state_hash())
