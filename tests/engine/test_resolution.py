"""game/engine/resolution.py: a resolution pauses at a question and goes on with the answer,
in one thread; a copied or loaded state goes on by re-execution with the same result; a
resolution let go is unwound and frees its state."""
from __future__ import annotations

import ast
import copy
import gc
import json
import threading
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from game.engine.resolution import QUEUE, Ctx, NeedDecision, Resolver

GAME = Path(__file__).resolve().parents[2] / "game"


@dataclass
class Tally:
    """A made-up state: a counter, a log of what was picked, and the resolution record."""

    total: int = 0
    picked: list[str] = field(default_factory=list)
    flags: dict[str, Any] = field(default_factory=dict)
    proc: dict[str, Any] | None = None
    outcome: str | None = None

    def to_json(self) -> dict[str, Any]:
        return json.loads(json.dumps({"total": self.total, "picked": self.picked, "flags": self.flags,
                                      "proc": self.proc, "outcome": self.outcome}))

    def restore(self, data: dict[str, Any]) -> None:
        data = copy.deepcopy(data)
        self.total, self.picked, self.flags = data["total"], data["picked"], data["flags"]
        self.proc, self.outcome = data["proc"], data["outcome"]


def make_resolver() -> tuple[Resolver, list[str]]:
    r = Resolver()
    runs: list[str] = []  # every time a resolution body starts (live: once; re-executed: each answer)

    def pick(ctx: Ctx, who: str, n: int) -> None:
        runs.append("pick")
        for i in range(n):
            got = ctx.choose(who, "number", [{"v": 1}, {"v": 2}, {"v": 3}], f"pick number {i + 1}")
            ctx.state.total += got["v"]
            ctx.state.picked.append(f"{who}:{got['v']}")
            ctx.emit("picked", f"{who} adds {got['v']}", {"v": got["v"]})
        if ctx.state.total > 8:
            ctx.state.outcome = "over"

    def only_one(ctx: Ctx) -> None:
        ctx.state.total += ctx.choose("a", "one", [{"v": 5}], "no real choice")["v"]

    def boom(ctx: Ctx) -> None:
        ctx.choose("a", "number", [{"v": 1}, {"v": 2}], "then fail")
        raise RuntimeError("a bug in a resolution")

    r.procedure("pick")(pick)
    r.procedure("only_one")(only_one)
    r.procedure("boom")(boom)
    return r, runs


def test_a_resolution_stops_at_its_question_and_goes_on_with_the_answer():
    r, runs = make_resolver()
    s = Tally()
    assert r.start(s, "pick", {"who": "a", "n": 2}) == []
    assert s.proc["pending"]["decider"] == "a" and s.proc["pending"]["prompt"] == "pick number 1"
    assert s.proc["pending"]["labels"] == ["{'v': 1}", "{'v': 2}", "{'v': 3}"]
    ev = r.answer(s, {"v": 3})
    assert [e.text for e in ev] == ["a adds 3"] and s.total == 3
    assert s.proc["pending"]["prompt"] == "pick number 2"
    ev = r.answer(s, {"v": 1})
    assert [e.text for e in ev] == ["a adds 1"]
    assert s.proc is None and s.total == 4 and s.picked == ["a:3", "a:1"]
    assert runs == ["pick"]  # live: the body ran once, paused twice


def test_a_single_option_is_no_question():
    r, _ = make_resolver()
    s = Tally()
    r.start(s, "only_one", {})
    assert s.proc is None and s.total == 5


def test_live_and_re_execution_give_the_same_states_and_events():
    answers = [{"v": 2}, {"v": 3}, {"v": 1}]
    results = []
    for live in (True, False):
        r, runs = make_resolver()
        r.live = live
        s = Tally()
        texts = [e.text for e in r.start(s, "pick", {"who": "b", "n": 3})]
        for a in answers:
            texts += [e.text for e in r.answer(s, a)]
        results.append((s.to_json(), texts, len(runs)))
    assert results[0][:2] == results[1][:2]
    assert results[0][2] == 1 and results[1][2] == 4  # re-execution: from the start at every answer


def test_a_copied_state_goes_on_by_re_execution_and_matches_the_live_one():
    r, runs = make_resolver()
    s = Tally()
    r.start(s, "pick", {"who": "a", "n": 3})
    r.answer(s, {"v": 2})
    loaded = Tally()
    loaded.restore(s.to_json())  # as a save file loaded: no paused frame goes with it
    for state in (s, loaded):
        r.answer(state, {"v": 3})
        r.answer(state, {"v": 1})
    assert loaded.to_json() == s.to_json() and s.proc is None and s.total == 6
    assert runs == ["pick", "pick"]  # the live one once, the loaded one re-executed once


def test_queued_resolutions_follow_and_none_starts_after_the_end():
    r, _ = make_resolver()
    s = Tally()
    r.queue(s, "only_one", {})
    assert s.flags[QUEUE] == [["only_one", {}]]
    r.start(s, "pick", {"who": "a", "n": 1})
    assert s.proc is not None and s.total == 0
    r.answer(s, {"v": 3})
    assert s.proc is None and s.total == 8 and QUEUE not in s.flags
    r.queue(s, "pick", {"who": "a", "n": 1})
    r.start(s, "pick", {"who": "a", "n": 1})
    r.answer(s, {"v": 3})  # 11: over
    assert s.outcome == "over" and s.proc is None
    assert s.flags[QUEUE] == [["pick", {"who": "a", "n": 1}]]  # never started: the game is over


def test_an_error_inside_a_resolution_reaches_the_caller():
    r, _ = make_resolver()
    s = Tally()
    r.start(s, "boom", {})
    with pytest.raises(RuntimeError, match="a bug in a resolution"):
        r.answer(s, {"v": 1})
    assert s.proc is None and r.paused_count() == 0


def test_a_plain_ctx_raises_the_question():
    s = Tally()
    ctx = Ctx(s, [])
    with pytest.raises(NeedDecision) as need:
        ctx.choose("a", "number", [{"v": 1}, {"v": 2}], "which?")
    assert need.value.pending()["options"] == [{"v": 1}, {"v": 2}]
    ctx = Ctx(s, [{"v": 2}])
    assert ctx.choose("a", "number", [{"v": 1}, {"v": 2}], "which?") == {"v": 2}


def test_no_thread_is_started_and_the_oldest_paused_resolution_is_let_go():
    r, _ = make_resolver()
    r.max_paused = 3
    before = threading.active_count()
    states = [Tally() for _ in range(5)]
    refs = [weakref.ref(s) for s in states]
    for s in states:
        r.start(s, "pick", {"who": "a", "n": 2})
    assert threading.active_count() == before
    assert r.paused_count() == 3
    # The two oldest were let go: their frames unwound, so nothing holds their states any more.
    del states[:2], s
    gc.collect()
    assert [ref() is None for ref in refs] == [True, True, False, False, False]
    # A state whose paused resolution was let go goes on all the same (by re-execution).
    for s in states:
        r.release(s)
        assert r.paused_count() == 2 - states.index(s)
        r.answer(s, {"v": 1})
        r.answer(s, {"v": 2})
        assert s.proc is None and s.total == 3
    assert r.paused_count() == 0


def test_no_module_under_game_starts_a_thread():
    """Issue 11: the rules pause in greenlets, not OS threads (nor does anything else start one)."""
    offenders = []
    for path in GAME.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(n.split(".")[0] in ("threading", "_thread") or n == "concurrent.futures.thread"
                   for n in names):
                offenders.append(str(path.relative_to(GAME)))
    assert offenders == []


def test_a_question_can_say_what_it_is_about():
    """`about` is data for a screen to point at and a bot to read (never parsed from the prompt)."""
    s = Tally()
    with pytest.raises(NeedDecision) as need:
        Ctx(s, []).choose("a", "guard", [{"v": 1}, {"v": 2}], "Drone 1 is about to move: Guard?",
                          about={"figure": "drone#1"})
    assert need.value.pending()["about"] == {"figure": "drone#1"}
    with pytest.raises(NeedDecision) as need:
        Ctx(s, []).choose("a", "number", [{"v": 1}, {"v": 2}], "which?")
    assert "about" not in need.value.pending()


@pytest.mark.parametrize("live", [True, False])
def test_a_loaded_question_shows_only_the_lines_after_it_whatever_count_its_save_recorded(live):
    """A save's paused resolution records how many lines it had shown (`emitted`); a Tiletop
    that logs more (or fewer) lines before that question counts differently. Going on from such
    a save shows the lines after the answer, no line twice and none lost (issue 19: saves of
    the last version still load)."""
    r, _ = make_resolver()
    r.live = live
    s = Tally()
    r.start(s, "pick", {"who": "a", "n": 3})
    r.answer(s, {"v": 2})
    for recorded in (0, 1, 5):
        older = Tally()
        older.restore(s.to_json())
        older.proc["emitted"] = recorded  # as an older Tiletop counted
        assert [e.text for e in r.answer(older, {"v": 3})] == ["a adds 3"]
        assert older.proc["emitted"] == 2  # counted again by this run
        assert [e.text for e in r.answer(older, {"v": 1})] == ["a adds 1"]
