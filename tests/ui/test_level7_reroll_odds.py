"""The reroll buttons' odds are the odds of the challenge being rolled."""
from __future__ import annotations

import pytest

from game import i18n
from game.engine.session import Session
from game.level7.rules.title import Level7Title
from game.ui.level7.table_scene import Level7Table

SEED = 367404805
# Scenario 1, one player: turn 3 attacks Clone 1 (Strength), turn 4 explores onto Maintenance
# Hall, whose Short Circuit is an event's Intelligence 3 challenge, rolled as double
# Intelligence, Intelligence, blank, double Strength: 3 icons, and a reroll is asked.
ACTIONS = [
    ("explore", {"door": ["N", 0]}), ("placement", {"tile": "T33", "turns": 0, "x": 0, "y": -1, "joined": 1}),
    ("lock_door", {"door": ["N", 0]}), ("move", {"to": "tank_farm"}), ("explore", {"door": ["E", 0]}),
    ("placement", {"tile": "T12", "turns": 3, "x": 2, "y": 0, "joined": 1}),
    ("adrenaline", {"card": "slip_away#1", "use": "bonus", "shift": 0}), ("attack", {"enemy": "clone1"}),
    ("reroll", {"reroll": ""}), ("explore", {"door": ["N", 0]}),
    ("placement", {"tile": "T42", "turns": 0, "x": 2, "y": -1, "joined": 1}), ("explore", {"door": ["N", 0]}),
    ("placement", {"tile": "T40", "turns": 0, "x": 2, "y": -2, "joined": 1}), ("end_turn", {}),
    ("explore", {"door": ["N", 0]}), ("placement", {"tile": "T38", "turns": 0, "x": 2, "y": -3, "joined": 1}),
    ("explore", {"door": ["E", 0]}), ("placement", {"tile": "T31", "turns": 0, "x": 3, "y": -3, "joined": 1}),
]


def test_an_events_reroll_shows_the_odds_of_the_events_challenge(make_app):
    """The reroll buttons of Short Circuit's Intelligence 3 challenge read 'Reroll 4 (Self-Defense
    Training): 0%' although the roll already held 3 Intelligence icons without die 4 (a double
    Strength): the odds were worked out for the last challenge action in the game, turn 3's
    Attack on Clone 1 (Strength). They are the pending question's own challenge's now: rerolling
    die 4 cannot fail (100%)."""
    app = make_app((1280, 720))
    session = Session.start(Level7Title(), "s1", seed=SEED, options={"players": 1})
    for kind, payload in ACTIONS:
        session.apply(next(a for a in session.legal_actions() if a.kind == kind and a.payload == payload))
    pend = session.state.proc["pending"]
    assert pend["kind"] == "reroll" and pend["about"]["attribute"] == "intelligence"
    table = Level7Table(app.ctx, session, ["human"], (1280, 720), None)
    labels = {tuple(a.payload.get("dice", [])): table._reroll_label(a) for a in session.legal_actions()}
    assert labels[(3,)] == "Reroll 4: 100%", labels  # the one source is named by the prompt
    # Nor is turn 3's Attack taken for the challenge in play (a helper's odds were its odds).
    assert table._challenge_in_play() is None


def test_rerolls_of_one_source_name_it_once_and_their_buttons_stay_short(make_app):
    """Six 'Újradobás: n (Szerencsés): p%' buttons (one per die) stood in a column over the
    roller's tile at 1280x720. When every reroll offered comes from one skill or card, the
    prompt names it once and each button reads 'Reroll n: p%'."""
    app = make_app((1280, 720))
    session = Session.start(Level7Title(), "s1", seed=SEED, options={"players": 1})
    for kind, payload in ACTIONS:
        session.apply(next(a for a in session.legal_actions() if a.kind == kind and a.payload == payload))
    table = Level7Table(app.ctx, session, ["human"], (1280, 720), None)
    question, buttons = table.prompt_choices()
    assert question.endswith("With Self-Defense Training:"), question
    assert [label for label, _a, _p in buttons] == ["Keep the roll (3 icons)", "Reroll 1: 17%", "Reroll 4: 100%"]


@pytest.mark.parametrize("lang, line", [
    ("en", "Subject 1 uses Self-Defense Training to reroll 1 of the dice: "),
    ("el", "ξαναρίχνει 1 από τα ζάρια"),
])
def test_the_reroll_line_counts_the_dice_it_does_not_name_one(lang, line):
    """Die 4 rerolled, the log read 'Subject 1 rerolls 1 with Self-Defense Training': '1' the
    count, read as die 1 (the button said 'Reroll 4'); Greek 'ξαναρίχνει 1' alike."""
    i18n.set_language(lang)
    try:
        session = Session.start(Level7Title(), "s1", seed=SEED, options={"players": 1})
        for kind, payload in ACTIONS:
            session.apply(next(a for a in session.legal_actions() if a.kind == kind and a.payload == payload))
        events = session.apply(next(a for a in session.legal_actions() if a.payload.get("dice") == [3]))
        assert any(line in str(e.text) for e in events), [str(e.text) for e in events]
    finally:
        i18n.set_language("en")
