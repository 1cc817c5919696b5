"""Seed p. 15: 'Ha több figura is felbukkan egyszerre az aktív játékos határozza meg
megjelenési sorrendjüket' — when several figures spawn at once, the active player decides the
order in which they appear (spec 7.5: it matters for cover and for the figures left)."""
from __future__ import annotations

import pytest

from game.gears.rules import wounds as W
from game.gears.rules.procedures import Ctx, NeedDecision
from tests.gears.conftest import fresh

PLAZA = "9A:plaza"


def test_different_figures_in_one_area_ask_the_active_player_for_the_order(title, content):
    s = fresh(title, 2)
    with pytest.raises(NeedDecision) as need:
        W.spawn_together(Ctx(s, []), content, [("wretch", PLAZA), ("drone", PLAZA)], "test")
    q = need.value
    assert q.decider == s.active_player and q.kind == "spawn_order"
    assert q.options == [{"enemy": "wretch", "area": PLAZA}, {"enemy": "drone", "area": PLAZA}]
    assert q.labels == [f"Wretch in {PLAZA}", f"Drone in {PLAZA}"]


def answering(s, fn, *args, spawn_first=None, asked=None):
    """Runs fn(ctx, *args): the spawn-order question gets `spawn_first` (then the first option),
    every other question its first option. The events; `asked` collects the questions' kinds."""
    snap, answers = s.to_json(), []
    asked = [] if asked is None else asked
    while True:
        s.restore(snap)
        ctx = Ctx(s, answers)
        try:
            fn(ctx, *args)
            return ctx.events
        except NeedDecision as need:
            asked.append(need.kind)
            pick = need.options[0]
            if need.kind == "spawn_order" and spawn_first in need.options:
                pick, spawn_first = spawn_first, None
            answers.append(pick)


def test_the_chosen_figure_is_placed_first(title, content):
    for first, order in (("drone", ["drone", "wretch"]), ("wretch", ["wretch", "drone"])):
        s = fresh(title, 2)
        events = answering(s, W.spawn_together, content, [("wretch", PLAZA), ("drone", PLAZA)], "test",
                           spawn_first={"enemy": first, "area": PLAZA})
        assert [e.payload["enemy"] for e in events if e.kind == "spawn"] == order


def test_identical_figures_in_plenty_need_no_question(title, content):
    s = fresh(title, 2)
    asked: list[str] = []
    events = answering(s, W.spawn_together, content, [("drone", PLAZA), ("drone", PLAZA)], "test", asked=asked)
    assert [e.payload["enemy"] for e in events if e.kind == "spawn"] == ["drone", "drone"]
    assert "spawn_order" not in asked


def test_figures_that_may_run_out_ask_even_in_different_areas(title, content):
    """With one Drone figure left, which area gets it is the active player's choice; the other
    is upgraded to the next type (spec 7.5)."""
    s = fresh(title, 2)
    count = content.figures[content.enemies["drone"].figure].count
    for _ in range(count - 1):
        answering(s, W.spawn, content, "drone", PLAZA, "fill")
    with pytest.raises(NeedDecision) as need:
        W.spawn_together(Ctx(s, []), content, [("drone", PLAZA), ("drone", "9A:west_street")], "test")
    assert need.value.kind == "spawn_order"
    events = answering(s, W.spawn_together, content, [("drone", PLAZA), ("drone", "9A:west_street")], "test")
    placed = [(e.payload["enemy"], e.payload["area"]) for e in events if e.kind == "spawn"]
    assert placed[0] == ("drone", PLAZA) and placed[1][0] != "drone"
