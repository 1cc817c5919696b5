"""Writes a version-2 journal with the code before issue 18 (run from that tree): a 2-player
Hive game of 160 actions by SquadBots, stopped at a pending question if one comes."""
import sys
from pathlib import Path
sys.path.insert(0, ".")
from game.engine.session import Session
from game.gears.bots import SquadBot
from game.gears.rules.title import GearsTitle
out = Path(sys.argv[1])
s = Session.start(GearsTitle(), "hive", seed=5, options={"players": 2})
bots = {}
while len(s.actions) < 160 or s.state.proc is None:
    who = s.decider
    bot = bots.setdefault(who, SquadBot(seed=5 * 8 + len(bots)))
    s.apply(bot.decide(s.state, s.legal_actions()).action)
    if len(s.actions) > 400: break
print(s.autosave(out), len(s.actions), s.state.proc and s.state.proc["pending"]["prompt"], s.state_hash())
