"""The Doom games the bots play are pinned (issue 12: the speed work on the rules changed no game).
tests/data/simulate_doom_pinned.json holds what a few small `python -m game simulate doom` runs
print (less actions_per_second, a timing) and every game's action count and final state hash:
GreedyBot and RandomBot marines, and the invader AI (spec 11.D) at two levels. A change meant to
change games (a rule fixed, a bot improved, the verified = false data of game/doom/data tuned)
regenerates the file with `tools/pin_doom_games.py "why"` and says why in its commit; the file's
`made_by` says which change wrote it."""
from __future__ import annotations

from pathlib import Path

from tools.pinned_games import check

DATA = Path(__file__).resolve().parents[1] / "data" / "simulate_doom_pinned.json"


def test_simulate_doom_plays_the_pinned_games():
    check("doom", DATA)
