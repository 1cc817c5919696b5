"""The Doom lessons (issue 13 item 7) on the real engine: what the rulebook says happens in them
(stacked dice and decks, the invader's script), what the rules forbid refused with the rules'
refusal and a rule section, the adapter's verbs at load. What every title's lessons do (run to
their end, refuse off-lesson actions) is tests/tutorial/test_every_title.py."""
from __future__ import annotations

import pytest

from game.engine.protocol import Action
from game.tutorial.library import adapter_for, lessons_for, rules_for
from game.tutorial.runner import LessonRunner
from tests.tutorial.conftest import finish_step, lesson

LESSON_IDS = ["round", "move_doors_sight", "attack", "orders", "invader_turn", "special_weapons", "death_frags"]


@pytest.fixture(scope="module")
def adapter():
    return adapter_for("doom")


@pytest.fixture(scope="module")
def lessons(adapter):
    return lessons_for("doom", adapter)


def test_an_illegal_action_gets_the_rules_refusal_and_its_rule(lessons, adapter):
    """Spec 5.2 / seed p. 6: a marine does nothing before it declares an action."""
    runner = LessonRunner(lesson(lessons, "round"), adapter)
    runner.next(), runner.next()
    fb = runner.submit(Action("move", {"to": [2, 2]}))
    assert fb.illegal and not fb.accepted
    assert "must declare an action" in fb.message and fb.rule == "5.2"
    assert rules_for("doom").get(fb.rule) is not None


def test_stacked_dice_are_the_ones_rolled(lessons, adapter):
    """Lesson 3 (seed p. 8's worked example): yellow 2 + green 1 damage against a demon's armour 3
    is exactly one wound; the stacked faces are rolled, not the RNG's."""
    runner = LessonRunner(lesson(lessons, "attack"), adapter)
    while runner.step.id != "armour":
        finish_step(runner)
    rolls = [e.event.payload["faces"] for e in runner.session.log if e.event.kind == "roll"]
    demon = runner.state.invaders["demon#1"]
    assert demon.wounds == 1
    assert runner.state.marines["red"].ammo["shells"] == 1  # the first roll's ammo icon (spec 6.4 step 6)
    assert rolls == [[["yellow", "r2 d1 +A"], ["green", "r2 d1"]], [["yellow", "r3 d2"], ["green", "r2 d1"]]]
    assert "dice_stack" not in runner.state.flags or not any(runner.state.flags["dice_stack"].values())


def test_the_invader_plays_its_script_and_guard_interrupts(lessons, adapter):
    """Lesson 4 (seed p. 10, Beavatkozás): the scripted invader activates the imp; the Guard
    question goes to the learner, whose interrupt destroys the imp before it acts."""
    runner = LessonRunner(lesson(lessons, "orders"), adapter)
    while runner.step.id != "interrupt":
        finish_step(runner)
    assert adapter.pending_kind(runner.state) == "guard"
    assert runner.state.act["fig"] == "imp#1"
    finish_step(runner)
    assert "imp#1" not in runner.state.invaders and runner.state.round == 2


def test_spawn_squares_offered_are_out_of_every_marines_sight(lessons, adapter):
    """Lesson 5, spec 8.2: the learner, playing the invader, is offered only unseen squares."""
    from game.doom.rules import queries as Q

    runner = LessonRunner(lesson(lessons, "invader_turn"), adapter)
    while runner.step.id != "place_first":
        finish_step(runner)
    seen = Q.marine_sight(runner.state, invaders_block=False)
    cells = [tuple(a.payload["cells"][0]) for a in runner.session.legal_actions()]
    assert cells and not set(cells) & seen


def test_death_gives_a_frag_and_respawn_is_8_to_16_squares_away(lessons, adapter):
    """Lesson 7, spec 6.16 / seed p. 9."""
    runner = LessonRunner(lesson(lessons, "death_frags"), adapter)
    finish_step(runner)
    st = runner.state
    assert st.frags == 1 and st.marines["red"].dead
    finish_step(runner)
    finish_step(runner)
    red = runner.state.marines["red"]
    dist = runner.state.map.path_distances(red.death_cell, frozenset())
    assert 8 <= dist[red.cell] <= 16
    assert red.health == red.max_health


def test_a_setup_naming_an_unknown_thing_fails_at_load(tmp_path, adapter):
    from game.engine.tomldata import DataError
    from game.tutorial.loader import load_lesson

    p = tmp_path / "bad.toml"
    p.write_text('[lesson]\nid = "x"\ntitle = "x"\n[scenario]\ntitle = "doom"\nmission = "sample"\nseed = 1\n'
                 '[[setup.invader]]\nid = "imp#1"\nmonster = "imp"\ncell = "3,3"\n'
                 '[[setup.marine]]\nid = "red"\nweapons = ["bfg9000"]\n'
                 '[[step]]\ntext = "x"\n', encoding="utf-8")
    with pytest.raises(DataError, match=r"setup\.marine\[0\]\.weapons\[0\] \(line \d+\): unknown weapon"):
        load_lesson(p, adapter.check_lesson)


def test_a_step_that_asks_for_a_square_or_a_declaration_points_at_it(lessons):
    """Lesson 1, "Move Green to the square where the zombie stood", pointed its arrow at Green and
    left the square unmarked, and the Declare Advance and Declare Ready steps marked no button,
    while every other lesson marks the square of a move, placement or respawn and the Declare
    button. Each such step now highlights what it asks the learner to click."""
    missing = []
    for ls in lessons:
        for n, step in enumerate(ls.steps, 1):
            marked = {(h.kind, h.target) for h in step.highlights}
            for m in step.expect:
                where = m.payload.get("to", m.payload.get("cell", m.payload.get("cells")))
                if m.kind in ("move", "place", "respawn") and where is not None:
                    cells = tuple(where) if isinstance(where, (list, tuple)) else (where,)
                    if not any(kind == "square" and set(cells) <= set(target) for kind, target in marked):
                        missing.append((ls.id, n, m.kind, cells))
                if m.kind == "declare" and not any(kind == "button" for kind, _t in marked):
                    missing.append((ls.id, n, "declare"))
    assert missing == []
