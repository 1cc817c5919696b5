"""The Doom lessons (issue 13 item 7) on the real engine: each runs to its end with stacked dice
and decks, refuses what it does not teach with its own words and what the rules forbid with the
rules' refusal and a rule section; the adapter's verbs, places and invader answers."""
from __future__ import annotations

import pytest

from game.engine.protocol import Action
from game.tutorial import protocol
from game.tutorial.commands import tutorial_main
from game.tutorial.library import adapter_for, lessons_for, rules_for
from game.tutorial.runner import LessonRunner, check_lesson

LESSON_IDS = ["round", "move_doors_sight", "attack", "orders", "invader_turn", "special_weapons", "death_frags"]


@pytest.fixture(scope="module")
def adapter():
    return adapter_for("doom")


@pytest.fixture(scope="module")
def lessons(adapter):
    return lessons_for("doom", adapter)


def lesson(lessons, lesson_id):
    return next(les for les in lessons if les.id == lesson_id)


def finish_step(runner):
    """Submits the hint until the current step is done."""
    index = runner.index
    while runner.index == index:
        if runner.step.kind == "read":
            runner.next()
        else:
            assert runner.submit(runner.hint()).accepted


def test_the_seven_lessons_of_issue_13_in_order(lessons):
    assert [les.id for les in lessons] == LESSON_IDS
    for les in lessons:
        assert 2 <= les.minutes <= 4, les.id
        assert les.steps[0].highlights, f"{les.id}: the first step must point at something"


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_lesson_runs_to_its_end(lessons, adapter, lesson_id):
    result = check_lesson(lesson(lessons, lesson_id), adapter)
    assert result.ok, result.problem
    assert result.steps == len(lesson(lessons, lesson_id).steps)


def test_check_command_completes_every_doom_lesson(capsys, lessons):
    assert tutorial_main(["doom", "--check"]) == 0
    out = [line for line in capsys.readouterr().out.splitlines() if line.startswith(("ok", "FAIL"))]
    assert len(out) == len(lessons) and all(line.startswith("ok") for line in out)


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_off_lesson_actions_are_refused_and_change_nothing(lessons, adapter, lesson_id):
    runner = LessonRunner(lesson(lessons, lesson_id), adapter)
    refused = 0
    while not runner.done:
        step = runner.step
        if step.kind == "action":
            wanted = set(runner.wanted())
            other = next((a for a in runner.session.legal_actions() if a not in wanted), None)
            if other is not None:
                before = runner.session.state_hash()
                fb = runner.submit(other)
                assert not fb.accepted and not fb.illegal and fb.message == step.wrong
                assert runner.session.state_hash() == before
                refused += 1
        finish_step(runner)
    assert refused >= 1


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


def test_the_doom_adapter_has_every_member_of_the_protocol(adapter):
    members = {n for n in vars(protocol.LessonAdapter) if not n.startswith("_")}
    members |= set(protocol.LessonAdapter.__annotations__)
    assert [m for m in sorted(members) if not hasattr(adapter, m)] == []


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
