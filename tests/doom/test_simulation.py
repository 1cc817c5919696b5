"""`python -m game simulate doom` (issue 12 item 5) through the generic simulate: one JSON line
per scenario with who won (`outcomes`: marines or invader), replays checked, no error."""
from __future__ import annotations

import io
import json

from game import simulate as S


def test_simulate_doom_reports_each_side_s_wins_and_replays_every_game():
    out, err = io.StringIO(), io.StringIO()
    objs = S.run("doom", "all", 2, 1, 1, "greedy", 4000, out=out, err=err)
    assert [o["mission"] for o in objs] == ["knee_deep", "reactor"]
    for o in objs:
        assert o["errors"] == 0 and o["replay_ok"], err.getvalue()
        assert set(o["outcomes"]) == {"marines", "invader"}  # each side named, 0 included
        assert sum(o["outcomes"].values()) + o["unfinished"] == 2
        assert "wins" not in o and "losses" not in o  # a competitive game: whose win would they be?
    assert [json.loads(line)["mission"] for line in out.getvalue().splitlines()] == ["knee_deep", "reactor"]


def test_marines_beyond_three_are_refused():
    from game.doom.simulation import DoomSimulator

    assert "1-3 marines" in DoomSimulator().refusal("knee_deep", 4)
    assert "unknown Doom scenario" in DoomSimulator().refusal("nope", None)
