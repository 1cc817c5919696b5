"""The Gears games the bots play are pinned (issue 11: moving the resolutions from threads to
greenlets and the commands to the title registry changed no game). tests/data/
simulate_gears_seed11.json holds what `python -m game simulate gears --mission all --games 4
--seed 11` printed before that work (less actions_per_second, a timing) and every game's
action count and final state hash. A change to the rules or the bots that is meant to change
games regenerates the file (tools/pin_gears_games.py "why") and says why in its commit; the
file's `made_by` says which change wrote it (the issue 11 version is in git history)."""
from __future__ import annotations

import json
from pathlib import Path

from game import simulate as S
from game import titles

DATA = Path(__file__).resolve().parents[1] / "data" / "simulate_gears_seed11.json"


def test_simulate_gears_seed_11_plays_the_pinned_games():
    pinned = json.loads(DATA.read_text(encoding="utf-8"))
    sim = titles.get("gears").new_simulator()
    results: dict[str, list[S.GameResult]] = {}
    for g in pinned["games"]:
        r = S.play_game(sim, "gears", g["mission"], g["seed"], g["players"], sim.bots[0], 20_000)
        assert (r.actions, r.state_hash, r.replay_ok) == (g["actions"], g["hash"], True), g
        results.setdefault(g["mission"], []).append(r)
    for line in pinned["missions"]:
        got = S.MissionReport("gears", line["mission"], results[line["mission"]]).to_json()
        got.pop("actions_per_second")
        assert got == line
