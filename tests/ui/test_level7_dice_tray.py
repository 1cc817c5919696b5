"""The dice tray under a question: a roll from before the question is shown as an earlier one."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.ui.test_level7_play import start_at_a_reroll


def _table_before(make_app, seed: int, players: int, actions: int):
    """Scenario 1 played by seeded random choices (explores favoured): the table `actions` - 1
    actions in, and the next action, not applied yet."""
    from game.engine.session import Session
    from game.level7.rules.title import Level7Title
    from game.ui.level7.table_scene import Level7Table

    rng = random.Random(seed * 10 + players)
    session = Session.start(Level7Title(), "s1", seed, {"players": players})
    for k in range(actions):
        acts = session.legal_actions()
        explores = [a for a in acts if a.kind == "explore"]
        action = rng.choice(explores) if explores and rng.random() < 0.6 else rng.choice(acts)
        if k < actions - 1:
            session.apply(action)
    app = make_app((1280, 720))
    table = Level7Table(app.ctx, session, ["human"] * players, (1280, 720), Path(app.ctx.settings_file).parent / "l7.json")
    app.push(table)
    table.handoff = None
    table.bot_delay_ms = 0
    app.run(max_frames=1)
    return app, table, action


def test_the_roll_before_an_enemy_attacks_question_is_shown_as_an_earlier_roll(make_app, config_dir, drawn_text):
    """Seed 2, one player, the 30th action: Subject 1 outwits the aliens (4 dice, Intelligence),
    fails, and a clone attacks: "Subject 1: Clone 1 attacks. Play a card for Toughness, or cancel
    the attack?". The tray still showed Subject 1's four dice under that question, read as the
    clone's attack roll. Under a question with no roll of its own the tray says it is an earlier
    roll, its dice faint."""
    app, table, outwit = _table_before(make_app, 2, 1, 30)
    assert outwit.kind == "outwit"
    table.submit(outwit)
    drawn_text.clear()
    app.run(max_frames=1)
    assert table._pending_kind() == "defend"
    assert table.dice is not None and len(table.dice.dice) == 4  # the outwit's dice, still on show
    assert "Earlier roll: Subject 1" in drawn_text and table.dice.dim


def test_the_roll_a_reroll_question_is_about_stays_as_rolled(make_app, config_dir, drawn_text):
    """The reroll question is about the roll on show: the tray keeps it as rolled."""
    app, table = start_at_a_reroll(make_app)
    roll = table._last_roll()
    assert table._pending_kind() == "reroll"
    from game.ui.kit.dice_tray import DiceRoll

    table.dice = DiceRoll("Subject 1", [], "rolls", age_ms=DiceRoll.ROLL_MS)  # as the tray holds the roll just made
    table.update(16)
    app.run(max_frames=1)
    assert roll is not None and table.dice is not None and not table.dice.dim
    assert table.dice.title == "Subject 1"


def test_the_roll_that_caused_the_question_is_shown_as_its_roll(make_app, config_dir, drawn_text):
    """Seed 1, two players, the 5th action: a clone's attack comes (no defence played); its
    dice hit and the question is "discard an adrenaline card". That roll caused the question:
    it was titled "Earlier roll: Clone 1" and faint under it. It stays as rolled; only
    a roll that did not lead to the question on screen is an earlier one."""
    app, table, defend = _table_before(make_app, 1, 2, 5)
    assert defend.kind == "defend"
    table.submit(defend)
    for _ in range(400):  # the steps up to the attack's roll
        table.update(16)
        if table.dice is not None and table.dice.dice:
            break
    assert table._pending_kind() == "discard"
    rolled = table.dice
    assert rolled is not None and rolled.title == "Clone 1"
    table.update(16)
    drawn_text.clear()
    app.run(max_frames=1)
    assert table.dice is rolled
    assert not table.dice.dim and not table.dice.title.startswith("Earlier roll")
    assert table.dice.title in drawn_text


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_the_line_under_the_dice_does_not_begin_with_the_names_colon(language):
    """A roll's log line split for the tray: the name above the dice, the rest under them. The
    Greek line names the roller with a colon ("Κλώνος 1: ρίχνει 2 ζάρια: ..."): the line under
    the dice began ": ρίχνει"."""
    from game import i18n
    from game.engine.protocol import Event
    from game.engine.text import Mn
    from game.ui.level7.table_scene import _roll_words

    before = i18n.language()
    try:
        i18n.set_language(language)
        msg = Mn("{enemy} rolls {n} die: {faces}.", "{enemy} rolls {n} dice: {faces}.", 2, enemy="Clone 1", n=2,
                 faces="blank, blank")
        title, rest = _roll_words(Event("roll", msg, {"enemy": "clone1"}))
        assert title == "Clone 1"
        assert rest[:1].isalnum(), rest
    finally:
        i18n.set_language(before)
