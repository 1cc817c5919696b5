"""`python -m game simulate convoy` (issue 16 item 4, without AI levels yet): one JSON object with
the games, Moloch wins by condition, Outpost wins, mean rounds, per-card play and win rates,
actions/s, errors and replay_ok."""
from __future__ import annotations

import io
import json

from game import simulate as S
from game.convoy.content import shared_content


def test_simulate_convoy_prints_the_report():
    out, err = io.StringIO(), io.StringIO()
    S.run("convoy", "all", 4, 11, None, out=out, err=err)
    rep = json.loads(out.getvalue())
    assert rep["games"] == 4 and rep["errors"] == 0 and rep["unfinished"] == 0 and rep["replay_ok"]
    assert rep["moloch_wins"] + rep["outpost_wins"] == 4
    assert sum(rep["moloch_wins_by"].values()) == rep["moloch_wins"]
    assert set(rep["moloch_wins_by"]) <= {"deck", "new_york", "deck_and_new_york"}
    assert rep["mean_rounds"] >= 5 and rep["actions_per_second"] > 0 and "tally" not in rep
    assert set(rep["cards"]) == set(shared_content().cards)
    assert all(0 <= c["play_rate"] <= 1 and (c["win_rate"] is None or 0 <= c["win_rate"] <= 1)
               for c in rep["cards"].values())
    assert err.getvalue() == ""


def test_simulate_convoy_refuses_another_player_count():
    out = io.StringIO()
    S.run("convoy", "standard", 1, 1, 3, out=out)
    assert json.loads(out.getvalue())["refused"] == "Neuroshima Convoy is a game for 2 players."
