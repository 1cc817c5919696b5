"""The Level 7 lessons (issue 15 item 6) on the real engine: what the rulebook says happens in
them with stacked dice, decks and tile stacks, what the rules forbid refused with the rules'
refusal and a rule section, the adapter's verbs at load. What every title's lessons do (run to
their end, refuse off-lesson actions) is tests/tutorial/test_every_title.py."""
from __future__ import annotations

import pytest

from game.engine.protocol import Action
from game.tutorial.library import adapter_for, lessons_for, rules_for
from game.tutorial.runner import LessonRunner
from tests.tutorial.conftest import finish_step, lesson

LESSON_IDS = ["turn", "explore", "challenges", "fear_threat", "events", "hospital", "escape"]


@pytest.fixture(scope="module")
def adapter():
    return adapter_for("level7")


@pytest.fixture(scope="module")
def lessons(adapter):
    return lessons_for("level7", adapter)


def test_an_illegal_action_gets_the_rules_refusal_and_its_rule(lessons, adapter):
    """Spec 6.1: a move goes through a door to a joined tile."""
    runner = LessonRunner(lesson(lessons, "turn"), adapter)
    runner.next(), runner.next()
    fb = runner.submit(Action("move", {"to": "T07"}))
    assert fb.illegal and not fb.accepted
    assert fb.message == "No door joins your tile to that one." and fb.rule == "3.3"
    assert rules_for("level7").get(fb.rule) is not None


def test_the_turns_three_steps(lessons, adapter):
    """Spec 5.2: the stacked tile is drawn by the exploration; ending the turn draws the stacked
    event card (step 3); step 1 of the next turn draws a card for a hand below Vitality."""
    runner = LessonRunner(lesson(lessons, "turn"), adapter)
    while runner.step.id != "event":
        finish_step(runner)
    st = runner.state
    assert [p[0] for p in st.placed] == ["tank_farm", "T07"]
    kinds = [e.event.kind for e in runner.session.log]
    assert kinds.index("event") < kinds.index("turn", kinds.index("event")) < len(kinds)
    assert any(e.event.kind == "event" and e.event.payload.get("card") == "E03" for e in runner.session.log)
    assert st.turn_no == 2 and len(st.characters["subject_1"].hand) == 4


def test_a_setup_naming_an_unknown_thing_fails_at_load(tmp_path, adapter):
    from game.engine.tomldata import DataError
    from game.tutorial.loader import load_lesson

    p = tmp_path / "bad.toml"
    p.write_text('[lesson]\nid = "x"\ntitle = "x"\n[scenario]\ntitle = "level7"\nmission = "s1"\nseed = 1\n'
                 '[[setup.character]]\nid = "subject_1"\nhand = ["bfg9000"]\n'
                 '[[step]]\ntext = "x"\n', encoding="utf-8")
    with pytest.raises(DataError, match=r"setup\.character\[0\]\.hand\[0\] \(line \d+\): unknown adrenaline card"):
        load_lesson(p, adapter.check_lesson)


def test_stacked_dice_are_rolled_and_the_reroll_takes_the_next(lessons, adapter):
    """Lesson 3 (spec 6.3, 6.4, 6.11): Strength 4 + 2 from the card is six dice; the stacked faces
    give 2 icons, Amateur Boxer's reroll of die 2 the stacked double: 4 icons stun a Toughness 3
    clone (not 6: it stays on the tile); the card's Fear cost was paid."""
    runner = LessonRunner(lesson(lessons, "challenges"), adapter)
    while runner.step.id != "stunned":
        finish_step(runner)
    rolls = [e.event.payload["faces"] for e in runner.session.log if e.event.kind == "roll"]
    s1, s2, i1, blank = {"strength": 1}, {"strength": 2}, {"intelligence": 1}, {}
    assert rolls == [[s1, blank, i1, blank, s1, blank], [s1, s2, i1, blank, s1, blank]]
    st = runner.state
    assert [(e.key, e.stunned) for e in st.enemies] == [("clone1", True)]
    assert st.characters["subject_1"].fear == 4
    assert not st.flags.get("dice_stack", {}).get("level7")


def test_the_guard_hunts_threat_and_the_clone_fear(lessons, adapter):
    """Lesson 4 (spec 7.1, 7.4): from the corridor between them, the clone steps to the character
    with the higher Fear, the guard to the one with the higher Threat."""
    runner = LessonRunner(lesson(lessons, "fear_threat"), adapter)
    while not runner.done:
        finish_step(runner)
    st = runner.state
    tiles = {e.key: e.tile for e in st.enemies}
    assert tiles == {"clone1": st.characters["subject_2"].tile, "guard1": st.characters["subject_1"].tile}
    assert st.characters["subject_1"].fear == 4 and st.characters["subject_1"].threat == 2


def test_the_event_card_spawns_moves_and_attacks(lessons, adapter):
    """Lesson 5 (spec 7.2, 7.3, 7.1): the stacked card's guard spawns on the Security tile and
    steps to the character; the clone's stacked 3 icons against Toughness 1 + 1 cost one card."""
    runner = LessonRunner(lesson(lessons, "events"), adapter)
    while runner.step.id != "defend":
        finish_step(runner)
    hand = len(runner.state.characters["subject_1"].hand)
    spawned = [e for e in runner.session.log if e.event.kind == "spawn"]
    assert spawned and "Corridor 101-B" in spawned[0].event.text
    finish_step(runner)
    st = runner.state
    ch = st.characters["subject_1"]
    assert {e.key: e.tile for e in st.enemies} == {"clone1": "tank_farm", "guard1": "tank_farm"}
    assert len(ch.hand) == hand - 2 + 1  # Steel Nerves played, one discarded, turn 2's draw


def test_knocked_out_back_from_the_hospital_then_lockdown(lessons, adapter):
    """Lesson 6 (spec 6.13, 6.12): the last card discarded knocks out: Vitality 4 -> 3, Threat
    1 -> 0; back at the vent with Fear 4 and 3 cards; Threat from an empty pool starts Lockdown;
    from the next turn a lockdown token goes at the end of each turn."""
    runner = LessonRunner(lesson(lessons, "hospital"), adapter)
    while runner.step.id != "knocked_out":
        finish_step(runner)
    ch = runner.state.characters["subject_1"]
    assert (ch.status, ch.tile, ch.vitality, ch.fear, len(ch.hand)) == ("in_play", "tank_farm", 3, 4, 3)
    assert any(e.event.kind == "knocked_out" for e in runner.session.log)
    while runner.step.id != "lockdown":
        finish_step(runner)
    assert runner.state.lockdown and runner.state.lockdown_pool == 4
    finish_step(runner), finish_step(runner)
    assert runner.done and runner.state.lockdown_pool == 3


def test_escaping_needs_the_lift_clear_of_active_enemies(lessons, adapter):
    """Lesson 7 (spec 9.1): on the lift with an active clone the rules refuse Escape; stunned, the
    clone lets you go, and the escaped character wins."""
    runner = LessonRunner(lesson(lessons, "escape"), adapter)
    assert runner.state.lockdown  # placing the A-Lift started it (scenario 1's hook)
    while runner.step.id != "clear":
        finish_step(runner)
    fb = runner.submit(Action("escape", {}))
    assert fb.illegal and "active enemy" in fb.message and fb.rule == "9.1"
    while not runner.done:
        finish_step(runner)
    assert runner.state.outcome == "won" and runner.state.results == {"subject_1": "won"}


def test_places_and_a_threat_beyond_the_pool(tmp_path, adapter):
    """A place is a placed tile, a character's or an enemy's tile, or one defined above; Threat
    comes from the pool (spec 6.12), so a set-up asking for more than it holds stops the lesson."""
    from game.tutorial.loader import load_lesson
    from game.tutorial.protocol import LessonBroken

    head = ('[lesson]\nid = "x"\ntitle = "x"\n[scenario]\ntitle = "level7"\nmission = "s1"\nseed = 2\n'
            'options = { players = 1 }\n')
    p = tmp_path / "places.toml"
    p.write_text(head + '[places]\nme = "subject_1"\nsame = "@me"\nfoe = "clone1"\n'
                 '[[setup.enemy]]\nkind = "clone"\ntile = "tank_farm"\n[[step]]\ntext = "x"\n', encoding="utf-8")
    _session, places = adapter.start(load_lesson(p, adapter.check_lesson))
    assert places == {"me": "tank_farm", "same": "tank_farm", "foe": "tank_farm"}
    p.write_text(head + '[[setup.character]]\nid = "subject_1"\nthreat = 9\n[[step]]\ntext = "x"\n', encoding="utf-8")
    # scenario 1 deals Threat 1 from its pool of 6 (BALANCE.md): 8 more asked, 5 left
    with pytest.raises(LessonBroken, match="takes 8 Threat, the pool holds 5"):
        adapter.start(load_lesson(p, adapter.check_lesson))


def test_the_lessons_name_cards_and_skills_as_the_hand_shows_them():
    """The Hungarian lesson 3 said "játszd ki a Surge of Strength lapot" while the card in the
    hand read "Erőhullám" (and Amateur Boxer, Deep Breath, Steel Nerves likewise). In each
    language, a lesson text naming an adrenaline card, a skill or an item names it by the
    words the table shows for it (declined as the language needs), not the English ones."""
    from pathlib import Path

    import tomli

    from game import i18n
    from game.level7.content import shared_content

    c = shared_content()
    names = {rec.name for table in (c.adrenaline, c.skills, c.items) for rec in table.values()}

    def strings(value):
        if isinstance(value, str):
            yield value.strip()  # as the loader keeps a lesson's texts
        elif isinstance(value, dict):
            for v in value.values():
                yield from strings(v)
        elif isinstance(value, list):
            for v in value:
                yield from strings(v)

    folder = Path(__file__).resolve().parents[2] / "game" / "level7" / "lessons"
    texts = [s for path in sorted(folder.glob("*.toml")) for s in strings(tomli.loads(path.read_text("utf-8")))]
    problems = []
    for lang in ("hu", "el"):
        i18n.set_language(lang)
        try:
            shown = {n: i18n.pgettext("level7", n) for n in names}
            for text in texts:
                said = i18n.translate(text)
                for n in names:
                    if n in text and shown[n] != n and n in said:
                        problems.append((lang, n, shown[n], said[:80]))
        finally:
            i18n.set_language("en")
    assert len(texts) > 50 and problems == []
