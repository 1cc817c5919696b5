"""`python -m game simulate` (issue part 6): one JSON object per mission with games, wins,
losses, mean turns and actions, actions/s, errors and replay_ok (spec 12.3: the action list
replayed from the seed reaches the same state hash); refused missions listed with their
reason; an exception is an error reported with its seed and action index."""
from __future__ import annotations

import io
import json

import pytest

from game import simulate as S
from game import titles
from game.engine.toy import ToyTitle
from game.gears.simulation import GearsSimulator

KEYS = {"title", "mission", "games", "wins", "losses", "unfinished", "errors", "mean_turns",
        "mean_actions", "actions_per_second", "replay_ok", "seeds", "players"}


def test_gears_mission_runs_to_the_end_with_replays(monkeypatch):
    out, err = io.StringIO(), io.StringIO()
    (obj,) = S.run("gears", "emergence", 2, 5, 1, out=out, err=err)
    assert set(obj) == KEYS and json.loads(out.getvalue()) == obj
    assert obj["errors"] == 0 and obj["unfinished"] == 0 and obj["replay_ok"], err.getvalue()
    assert obj["wins"] + obj["losses"] == obj["games"] == 2
    assert obj["mean_actions"] > 0 and obj["mean_turns"] >= 1 and obj["actions_per_second"] > 0


def test_refused_missions_are_listed_with_their_reason():
    sim = GearsSimulator()
    from game.gears.rules.missions import unsupported

    refused = [m for m in sim.scenarios() if unsupported(sim.content, m)]
    for m in refused:
        assert "not modelled" in sim.refusal(m, None)
    out = io.StringIO()
    objs = S.run("gears", refused[0], 1, 1, None, out=out) if refused else []
    for o in objs:
        assert set(o) == {"title", "mission", "refused"}
    assert S.run("gears", "no_such_mission", 1, 1, None, out=out)[0]["refused"].startswith("unknown")
    lo, hi = sim.content.missions["emergence"].players
    if hi < 4:
        assert "players" in sim.refusal("emergence", 4)


class _ToySim:
    """A second title through the registry (the simulator is title-generic)."""

    bots = ("random",)

    def __init__(self, fail_at: int | None = None):
        self.title = ToyTitle()
        self.fail_at = fail_at
        self.calls = 0  # decisions asked of every bot of this simulator

    def scenarios(self):
        return ["duel"]

    def refusal(self, scenario, players):
        return None if scenario == "duel" else f"unknown toy scenario {scenario!r}"

    def player_counts(self, scenario):
        return [2]

    def options(self, scenario, players):
        return {}

    def bot(self, kind, seed):
        from game.gears.bots import RandomBot

        sim = self

        class Bot(RandomBot):
            def decide(self, state, actions):
                sim.calls += 1
                if sim.fail_at is not None and sim.calls > sim.fail_at:
                    raise RuntimeError("bot broke")
                return super().decide(state, actions)

        return Bot(seed)

    def finish(self, state):
        pass


def _register_toy(monkeypatch, factory=_ToySim):
    """A registry entry is all a title needs to be simulated (game/titles.py)."""
    toy = titles.TitleEntry("toy", "Toy", "toy", "ui/none.png", simulator=factory)
    monkeypatch.setattr(titles, "TITLES", titles.TITLES + (toy,))


def test_registry_runs_another_title(monkeypatch):
    _register_toy(monkeypatch)
    (obj,) = S.run("toy", "all", 3, 1, None, out=io.StringIO())
    assert obj["title"] == "toy" and obj["games"] == 3 and obj["errors"] == 0 and obj["replay_ok"]


def test_an_exception_is_an_error_with_seed_and_action_index(monkeypatch):
    _register_toy(monkeypatch, lambda: _ToySim(fail_at=3))
    err = io.StringIO()
    (obj,) = S.run("toy", "duel", 1, 42, None, out=io.StringIO(), err=err)
    assert obj["errors"] == 1 and not obj["replay_ok"]
    text = err.getvalue()
    assert "seed 42" in text and "action index 3" in text and "RuntimeError: bot broke" in text


def test_command_line(monkeypatch, capsys):
    _register_toy(monkeypatch)
    assert S.simulate_main(["toy", "--mission", "duel", "--games", "2", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["games"] == 2
    assert S.simulate_main(["toy", "--mission", "nope"]) == 2
    with pytest.raises(SystemExit):
        S.simulate_main(["toy", "--games", "0"])
    with pytest.raises(SystemExit):
        S.simulate_main(["toy", "--bot", "cog"])  # the toy has only a random bot
    with pytest.raises(SystemExit):
        S.simulate_main(["chess"])  # not a title with a simulator: not a choice
    from game.__main__ import COMMANDS

    assert COMMANDS["simulate"][:2] == ("game.simulate", "simulate_main")


def _less_timing(text: str) -> list[dict]:
    return [{k: v for k, v in json.loads(line).items() if k != "actions_per_second"} for line in text.splitlines()]


def test_jobs_2_prints_what_a_serial_run_prints_but_the_timing():
    """--jobs N: the same JSON lines in the same order, same wins, losses, turns and actions;
    only actions_per_second (a timing) may differ."""
    serial, parallel = io.StringIO(), io.StringIO()
    S.run("gears", "emergence", 4, 21, None, out=serial, jobs=1)
    S.run("gears", "emergence", 4, 21, None, out=parallel, jobs=2)
    assert _less_timing(parallel.getvalue()) == _less_timing(serial.getvalue())
    (obj,) = _less_timing(serial.getvalue())
    assert obj["games"] == 4 and obj["players"] == [1, 2, 3, 4] and obj["errors"] == 0


def test_jobs_keep_the_order_of_the_missions():
    """Every mission, one game each cut short (unfinished after 20 actions): the workers finish in any
    order, the lines come out in the serial one."""
    serial, parallel = io.StringIO(), io.StringIO()
    S.run("gears", "all", 1, 3, None, max_actions=20, out=serial, jobs=1)
    S.run("gears", "all", 1, 3, None, max_actions=20, out=parallel, jobs=2)
    lines = _less_timing(serial.getvalue())
    assert _less_timing(parallel.getvalue()) == lines and len(lines) > 1


def test_jobs_command_line_option(monkeypatch):
    seen = {}
    monkeypatch.setattr(S, "run", lambda *a, **k: seen.update(k) or [])
    assert S.simulate_main(["gears", "--jobs", "3"]) == 0
    assert seen["jobs"] == 3
    with pytest.raises(SystemExit):
        S.simulate_main(["gears", "--jobs", "0"])


def test_a_competitive_title_s_report_counts_each_side_and_no_co_op_wins_or_losses():
    """A title whose simulator names its `sides` (Doom, Convoy) ends each game with the side
    that won; the report had said "wins": 0, "losses": 0 beside them. Every side is listed,
    one that never won with 0; a co-op title's report keeps wins and losses."""
    def game(outcome: str) -> S.GameResult:
        return S.GameResult(1, 2, outcome, 3, 10, 0.1, True)

    games = [game("red"), game("red"), game("unfinished")]
    rep = S.MissionReport("t", "m", games, ("red", "blue")).to_json()
    assert "wins" not in rep and "losses" not in rep
    assert rep["outcomes"] == {"red": 2, "blue": 0} and rep["unfinished"] == 1
    coop = S.MissionReport("t", "m", [game("won"), game("lost"), game("lost")]).to_json()
    assert (coop["wins"], coop["losses"]) == (1, 2) and "outcomes" not in coop
