"""A restless player at every title's table and at the menu (tools/monkey.py): random clicks,
drags, keys and wheel turns into the real loop, with a legal move taken for the person now and
then so later game states are met. No input may crash the program (the developers' guide: bad
input gets a clear message, the program keeps running). Each run names the command that
replays it when it fails. The long runs are the tool's (`python tools/monkey.py --events 2000`);
these short ones keep each table's most common paths under test."""
from __future__ import annotations

import pytest

from tools import monkey

RUNS = [  # (start, language, seed): each title once, the languages across the list; an odd seed
    ("menu", "en", 2),  # is a casual table (undo past draws and explorations)
    ("gears", "hu", 1),
    ("doom", "el", 3),
    ("level7", "en", 5),
    ("convoy", "hu", 4),
]


@pytest.mark.parametrize("start, lang, seed", RUNS)
def test_random_input_never_crashes_the_table(start, lang, seed, config_dir):
    tally = monkey.run(start, 300, seed, (1280, 720), lang, ["human", "bot"], shot_dir=None, quiet=True)
    assert tally["events"] == 300
    if start != "menu":
        assert tally["actions"] > 0, "the game at the table never moved: the run met only its first state"
    else:
        assert len(tally["scenes"]) > 1, "the clicks never left the main menu"
