"""Writes a version-2 journal with the code before issue 18 (run from that tree: commit b294c5a,
which writes the first file byte for byte): a 2-player Hive game of 160 actions by SquadBots,
stopped at a pending question if one comes.

Rewritten after the rules fix "sight stops at seams" (a9fa9bf), which changes this game: on
b294c5a with a9fa9bf's game/board/model.py and distance.py applied (`git diff b2d5e44 a9fa9bf --
game/board/model.py game/board/distance.py | patch -p1`, the files are the same there) and
today's game/gears/data copied in, as tests/data/saves_v1/make_v1_saves.py says."""
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
