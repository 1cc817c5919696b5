"""An Order card's optional action is answered 'Do: move up to 4 areas' or, to leave it undone,
in words that cannot read as doing it ('Do not move'): 'Skip: move up to 4 areas' beside it read
to players as a way to move. Saves keep an answer's message id, so a save written with the old
'Skip: {action}' labels (tests/data/saves_v3_skip/make_skip_save.py, before the change) still
loads, replays to its hash and words those labels in every language."""
from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n
from game.engine.session import Session, load_session
from game.gears.bots import SquadBot
from game.gears.rules import names as N
from game.gears.rules.turn import top
from game.gears.rules.title import GearsTitle

OLD_SKIPS = Path(__file__).resolve().parents[1] / "data" / "saves_v3_skip" / "gears-skip-v3.json"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _card_questions(session: Session, n: int):
    """Each Order card action asked in the first n actions of a bot game: (verb, labels)."""
    bots: dict = {}
    while len(session.actions) < n and not session.is_over():
        f = top(session.state)
        acts = session.legal_actions()
        if f is not None and f["f"] == "card" and session.state.proc is None:
            yield f, {a.kind: a.text for a in acts if a.kind in ("do", "skip")}
        who = session.decider
        bot = bots.setdefault(who, SquadBot(seed=3 + len(bots)))
        session.apply(bot.decide(session.state, acts).action)


def test_the_answer_that_leaves_a_move_undone_says_so():
    i18n.set_language("en")
    session = Session.start(GearsTitle(), "emergence", seed=4, options={"players": 2})
    seen = {}
    for _f, labels in _card_questions(session, 200):
        assert not labels["skip"].startswith("Skip:"), labels
        if labels.get("do", "").startswith("Do: move up to"):
            seen["move"] = labels["skip"]
    assert seen == {"move": "Do not move"}
    i18n.set_language("hu")
    assert str(N.skip_bullet("move", 4)) == "Nincs mozgás"
    i18n.set_language("el")
    assert str(N.skip_bullet("move", 4)) == "Χωρίς κίνηση"
    assert str(N.skip_bullet("skip_locust_activation", True)) == "Οι Locust ενεργοποιούνται"


def test_a_save_with_the_old_skip_labels_loads_replays_and_reads():
    title = GearsTitle()
    i18n.set_language("en")
    session = load_session(OLD_SKIPS, title)
    assert len(session.actions) == 176
    assert session.state_hash() == "5f45d0ec6a2b296f43c0845c030fb11d285e1cfae20dddd69973809b9a7b508f"
    old = [a.text for a in session.actions if a.kind == "skip" and a.text.startswith("Skip: ")]
    assert old == ["Skip: take another Order Step", "Skip: take another Order Step", "Skip: use equipment for free"]
    i18n.set_language("hu")
    hu = [a.text for a in session.actions if a.kind == "skip" and a.text.startswith("Kihagyás: ")]
    assert hu == ["Kihagyás: újabb parancs fázis", "Kihagyás: újabb parancs fázis",
                  "Kihagyás: felszerelés ingyenes használata"]
    i18n.set_language("en")
    bots: dict = {}
    while len(session.actions) < 220 and not session.is_over():  # and the game goes on
        who = session.decider
        bot = bots.setdefault(who, SquadBot(seed=9 + len(bots)))
        session.apply(bot.decide(session.state, session.legal_actions()).action)
    assert len(session.actions) >= 220 or session.is_over()
