"""Writes a version-3 journal (commit e2620951, before the Order card's 'Skip' answers were
reworded) of an Emergence game where SquadBots skipped Order card actions, so its action lines
hold the old label {"msg": "Skip: {action}", ...}: tests/gears/test_skip_labels.py loads it."""
import sys
from pathlib import Path
sys.path.insert(0, ".")
from game.engine.session import Session
from game.gears.bots import SquadBot
from game.gears.rules.title import GearsTitle
out = Path(sys.argv[1])
s = Session.start(GearsTitle(), "emergence", seed=6, options={"players": 2})
bots = {}
skips = 0
while skips < 3 or s.state.proc is not None:
    who = s.decider
    bot = bots.setdefault(who, SquadBot(seed=6 + len(bots)))
    a = bot.decide(s.state, s.legal_actions()).action
    skips += a.kind == "skip" and a.text.startswith("Skip: ")
    s.apply(a)
    if len(s.actions) > 400: break
s.save(out)
print(len(s.actions), skips, s.state_hash())
