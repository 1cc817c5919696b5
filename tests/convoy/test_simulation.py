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
    # spec 7.5's other figures: every round is one battle in some city (spec 1), won or tied
    battles = sum(n for city in rep["battles_by_city"].values() for n in city.values())
    assert set(rep["battles_by_city"]) == {c.id for c in shared_content().cities}
    assert battles == round(rep["mean_rounds"] * rep["games"])
    assert 0 < rep["mean_moloch_deck_at_new_york"] <= 31


def test_simulate_convoy_refuses_another_player_count():
    out = io.StringIO()
    S.run("convoy", "standard", 1, 1, 3, out=out)
    assert json.loads(out.getvalue())["refused"] == "Neuroshima Convoy is a game for 2 players."


def _report(jobs: int) -> dict:
    out, err = io.StringIO(), io.StringIO()
    S.run("convoy", "standard", 4, 5, None, out=out, err=err, jobs=jobs,
          seat_bots={"moloch": "novice", "outpost": "expert"})
    assert err.getvalue() == ""
    rep = json.loads(out.getvalue())
    rep.pop("actions_per_second")  # a timing
    return rep


def test_simulate_convoy_with_jobs_prints_what_a_serial_run_prints():
    serial = _report(1)
    assert serial["seat_bots"] == {"moloch": "novice", "outpost": "expert"} and serial["errors"] == 0
    assert _report(2) == serial


def test_simulate_convoy_takes_a_bot_for_each_seat(capsys):
    assert S.simulate_main(["convoy", "--games", "2", "--seed", "3", "--moloch", "expert"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["seat_bots"] == {"moloch": "expert", "outpost": "random"} and rep["games"] == 2
    import pytest

    with pytest.raises(SystemExit):
        S.simulate_main(["convoy", "--outpost", "nightmare"])
    with pytest.raises(ValueError):
        S.run("convoy", "standard", 1, 1, None, out=io.StringIO(), seat_bots={"invader": "expert"})


def test_simulate_convoy_reports_each_side_s_wins_not_co_op_wins_and_losses():
    """A competitive game has no 'wins' and 'losses' (the old report said 0 and 0 for games
    that all ended with a winner); both sides are counted, 0 included."""
    (rep,) = S.run("convoy", "standard", 3, 2, None, out=io.StringIO(), err=io.StringIO())
    assert "wins" not in rep and "losses" not in rep
    assert set(rep["outcomes"]) == {"moloch", "outpost"}
    assert sum(rep["outcomes"].values()) + rep["unfinished"] == rep["games"] == 3
    assert (rep["moloch_wins"], rep["outpost_wins"]) == (rep["outcomes"]["moloch"], rep["outcomes"]["outpost"])
