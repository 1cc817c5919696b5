"""The Level 7 games the bots play are pinned (issue 14: the speed work on the rules changed no
game). tests/data/simulate_level7_pinned.json holds what a few small `python -m game simulate
level7` runs print (less actions_per_second, a timing) and every game's action count and final
state hash: the random bot and the player bot, both scenarios, 1-4 players. A change meant to
change games regenerates the file with `tools/pin_level7_games.py "why"` and says why in its
commit; the file's `made_by` says which change wrote it."""
from __future__ import annotations

from pathlib import Path

from tools.pinned_games import check

DATA = Path(__file__).resolve().parents[1] / "data" / "simulate_level7_pinned.json"


def test_simulate_level7_plays_the_pinned_games():
    check("level7", DATA)
