"""Referee audit of reactions (Guard, Dodge, Follow), bleeding out, reviving and exploring
(spec 5.4, 6.9, 6.10, 6.11, 6.13) against the Hungarian base rulebook (the seed, p. 21-24).

Each test names the rule text it checks. Decisions are driven by answering every question
with its first option (no Guard, no Dodge) unless a test says otherwise.
"""
from __future__ import annotations

from game.gears import ai
from game.gears.rules import attack as A
from game.gears.rules import wounds as W
from game.gears.rules.movement import los
from game.gears.rules.procedures import Ctx, NeedDecision
from game.gears.rules.state import LocustState
from tests.gears.conftest import fresh


def drive(s, fn, answer=lambda need: need.options[0], events: list | None = None):
    """Runs fn(ctx) from the current state, answering each question with `answer`; returns
    the questions asked as (decider, kind, prompt). `events`: filled with what the whole run
    emitted."""
    snap = s.to_json()
    answers: list = []
    asked: list = []
    while True:
        s.restore(snap)
        try:
            ctx = Ctx(s, list(answers))
            fn(ctx)
            if events is not None:
                events[:] = ctx.events
            return asked
        except NeedDecision as need:
            asked.append((need.decider, need.kind, need.prompt))
            answers.append(answer(need))


def guard_scene(title, content):
    """P1 with a Lancer and a Guard card; a Wretch 2-4 areas away in LOS, not spawned now."""
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.hand, c.weapons = ["blind_fire#1"], [["lancer", 3]]
    view = s.view()
    here = next(a for a in view.areas if 2 <= view.mdist(c.area, a) <= 4 and los(view, (c.area, None), (a, None)))
    s.locusts["wretch#1"] = LocustState("wretch#1", "wretch", here)
    return s


# ----------------------------------------------------------------------------- Guard

def test_guard_needs_a_locust_that_was_not_just_spawned_seed_p24(title, content):
    """Seed p. 24 (spec 6.9): 'Nem támadhat viszont olyan Locustot, amely nem mozog vagy támad.
    Így nem vehet célba egy éppen felbukkant Locustot akkor sem, ha az később mozog vagy
    támad.' A Locust spawned in this Locust Activation Step opens no Guard window when the
    same card then moves it."""
    s = guard_scene(title, content)
    s.phase = "locust"
    s.flags["spawned"] = ["wretch#1"]
    goal = s.cogs["P1"].area
    asked = drive(s, lambda ctx: ai.move_locust(
        ctx, content, "wretch#1", lambda a: ai.next_steps_toward(s.view(), a, goal), 1, {}))
    assert not [q for q in asked if q[1] == "guard"], asked


def test_guard_still_open_for_a_locust_spawned_earlier_spec_6_9(title, content):
    """Counter-check of the test above: the same move by a Locust already on the map opens a
    Guard window (seed p. 24: 'mielőtt az lép vagy támad')."""
    s = guard_scene(title, content)
    s.phase = "locust"
    goal = s.cogs["P1"].area
    asked = drive(s, lambda ctx: ai.move_locust(
        ctx, content, "wretch#1", lambda a: ai.next_steps_toward(s.view(), a, goal), 1, {}))
    assert [q for q in asked if q[1] == "guard"], asked


def test_no_guard_against_a_mission_card_move_in_the_order_step_seed_p24(title, content):
    """Seed p. 24 (spec 6.9): Guard is played 'a Locust Aktivációs fázisban'. Emergence Stage 1
    flips in the COG Order Step (the last hole sealed by a Bolo Grenade) and its back moves each
    Wretch toward the nearest COG: no Guard window opens then."""
    s = guard_scene(title, content)
    s.phase = "attack"  # the Order Step: the Bolo Grenade that sealed the last hole
    asked = drive(s, lambda ctx: ai.move_toward_nearest(ctx, content, "wretch#1", 2))
    assert not [q for q in asked if q[1] == "guard"], asked
    assert "blind_fire#1" in s.cogs["P1"].hand


def test_guard_against_a_mission_card_move_in_the_locust_step_spec_6_9(title, content):
    """Counter-check: a mission card's move resolved inside the Locust Activation Step (a stage
    flipped by an AI card) is a Locust moving in that step, so Guard may interrupt it."""
    s = guard_scene(title, content)
    s.phase = "locust"
    asked = drive(s, lambda ctx: ai.move_toward_nearest(ctx, content, "wretch#1", 2))
    assert [q for q in asked if q[1] == "guard"], asked


def test_active_player_chooses_who_guards_when_several_want_seed_p24(title, content):
    """Seed p. 24 (spec 6.9): 'Ha több játékos is egy időben szeretné használni ezt a reakció
    képességet, az aktív játékos dönti el, melyikük alkalmazhatja.' With P2 and P3 both
    willing, P1 (active) is asked who Guards; he picks P3, so P2 keeps his card."""
    s = fresh(title, 3)
    s.phase = "locust"
    view = s.view()
    start = s.cogs["P1"].area
    here = next(a for a in view.areas if 2 <= view.mdist(start, a) <= 4 and los(view, (start, None), (a, None)))
    for p in ("P2", "P3"):
        s.cogs[p].area, s.cogs[p].cover = start, None
        s.cogs[p].hand, s.cogs[p].weapons = ["blind_fire#" + p[1]], [["lancer", 3]]
    s.cogs["P1"].hand = []
    s.locusts["wretch#1"] = LocustState("wretch#1", "wretch", here)

    def answer(need):
        if need.kind == "guard":
            return next(o for o in need.options if o.get("guard") and o["mode"] == "normal")
        if need.kind == "guard_who":
            return next(o for o in need.options if o["guard"] == "P3")
        return need.options[0]

    asked = drive(s, lambda ctx: ai.guard_window(ctx, content, "wretch#1", "move"), answer)
    assert ("P1", "guard_who") in [(d, k) for d, k, _ in asked], asked
    assert s.cogs["P2"].hand == ["blind_fire#2"] and s.cogs["P3"].hand == []


def test_a_declined_guard_is_said_in_the_log(title, content):
    """A player who answered No Guard saw no line for it, where a Guard has one ("Augustus
    Cole plays ... to Guard against ..."): the decline is an event of its own, naming the COG
    and the Locust; the Locust then moves, the card stays in hand."""
    from game.engine.text import as_text

    s = guard_scene(title, content)
    s.phase = "locust"
    events: list = []
    asked = drive(s, lambda ctx: ai.guard_window(ctx, content, "wretch#1", "move"), events=events)
    assert [k for _d, k, _p in asked] == ["guard"]
    said = [e for e in events if e.kind == "no_guard"]
    assert len(said) == 1 and said[0].payload == {"player": "P1", "figure": "wretch#1"}
    assert as_text(said[0].text) == "Augustus Cole does not Guard against Wretch 1.", as_text(said[0].text)
    assert s.cogs["P1"].hand == ["blind_fire#1"]
    events.clear()
    drive(s, lambda ctx: ai.guard_window(ctx, content, "wretch#1", "move"),
          answer=lambda need: need.options[-1], events=events)  # a Guard: no decline said
    assert [e.kind for e in events][:1] == ["guard"] and not [e for e in events if e.kind == "no_guard"]


def test_the_guard_question_names_what_the_locust_is_about_to_do_in_the_readers_language(title, content):
    """Hungarian read 'Ticker 2 készül: move. Őrködés?' (1280x720, Roadblocks): the move and the
    attack were handed to the question as English words, only 'take cover' as a message."""
    from game import i18n
    from game.engine.text import as_text

    s = guard_scene(title, content)
    s.phase = "locust"
    goal = s.cogs["P1"].area
    moved = drive(s, lambda ctx: ai.move_locust(
        ctx, content, "wretch#1", lambda a: ai.next_steps_toward(s.view(), a, goal), 1, {}))
    s = guard_scene(title, content)
    s.phase = "locust"
    s.locusts["wretch#1"].area = s.cogs["P1"].area  # in his area: it attacks every figure there
    attacked = drive(s, lambda ctx: ai._attack_everyone(ctx, content, "wretch#1", 0))
    prompts = [p for _d, k, p in moved[:1] + attacked[:1] if k == "guard"]
    assert len(prompts) == 2, (moved, attacked)
    try:
        i18n.set_language("hu")
        said = [as_text(p) for p in prompts]
    finally:
        i18n.set_language("en")
    assert said == ["Wretch 1 készül: mozgás. Őrködés?", "Wretch 1 készül: támadás. Őrködés?"], said


# ----------------------------------------------------------------------------- Dodge

def test_a_declined_dodge_is_said_in_the_log(title, content):
    """As a declined Guard: No Dodge left no line, "X dodges." did."""
    from game.engine.text import as_text

    s = fresh(title, 1)
    s.phase = "locust"
    s.cogs["P1"].hand = ["advance#1"]
    events: list = []
    drive(s, lambda ctx: A.ask_dodge(ctx, content, "P1", "a Wretch attacks"), events=events)
    assert [(e.kind, as_text(e.text)) for e in events] == [("no_dodge", "Augustus Cole does not dodge.")]
    drive(s, lambda ctx: A.ask_dodge(ctx, content, "P1", "a Wretch attacks"),
          answer=lambda need: need.options[-1], events=events)
    assert [e.kind for e in events] == ["dodge"]


def test_one_dodge_per_step_option_resets_each_locust_step_spec_11_item_58(title, content):
    """Spec 11 item 58 option one_dodge_per_step: 'at most once per Locust Activation Step'
    (the stricter reading of the seed p. 24 example). A Dodge in one turn's Locust step must
    not forbid Dodging in a later turn's step."""
    s = fresh(title, 1)
    s.options["one_dodge_per_step"] = True
    s.phase = "locust"
    c = s.cogs["P1"]
    c.hand = ["advance#1", "advance#2"]
    got = []
    drive(s, lambda ctx: got.append(A.ask_dodge(ctx, content, "P1", "first")),
          answer=lambda need: need.options[-1])
    assert got[-1] is True
    got.clear()
    drive(s, lambda ctx: got.append(A.ask_dodge(ctx, content, "P1", "second, same step")),
          answer=lambda need: need.options[-1])
    assert got[-1] is False  # the option: once per step
    s.turn += 1  # a later turn's Locust Activation Step
    got.clear()
    asked = drive(s, lambda ctx: got.append(A.ask_dodge(ctx, content, "P1", "next step")),
                  answer=lambda need: need.options[-1])
    assert asked and got[-1] is True


# ----------------------------------------------------------------------------- exploring

def test_a_cog_down_in_its_own_order_step_cannot_explore_seed_p21_p22(title):
    """Seed p. 22 (spec 6.11): the COG in a door's area explores 'Parancs fázisában'; seed p. 21
    (spec 6.13, 5.4): a bleeding-out COG skips the COG Order Step. A COG that goes down during
    its own Order Step (its own Boomshot Omen, a Ticker it killed) explores nothing more."""
    from game.gears.rules.explore import explore_refusal

    s = fresh(title, 2, mission="hive")
    c = s.cogs["P1"]
    c.area = s.view().exits[s.doors[0]]
    assert explore_refusal(s, "P1") is None
    c.bleeding, c.hand = True, []
    assert explore_refusal(s, "P1") is not None
    assert "explore" not in {a.kind for a in title.legal_actions(s)}
