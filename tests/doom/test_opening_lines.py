"""The set-up's lines are the log's first (DoomTitle.opening): each marine's cards dealt face up,
the invader's 5 starting cards drawn in secret (seed p. 6: "the invader draws 5 cards whatever
the number of marines"; only the invader reads which), the start zone revealed, then the first
marine's turn. Before, none of them reached the log: the set-up ran inside new_game."""
from __future__ import annotations

import pytest

from game.doom.rules.state import INVADER
from game.doom.rules.title import DoomTitle
from game.engine.session import Session, load_session


@pytest.mark.parametrize("marines", [1, 3])
def test_the_set_up_lines_come_first_and_the_invaders_cards_only_to_the_invader(marines):
    session = Session.start(DoomTitle(), "knee_deep", 4, {"marines": marines})
    state = session.state
    opening = [e.event for e in session.log]
    assert opening and all(e.step == -1 for e in session.log)
    dealt = [e for e in opening if e.kind == "cards"]
    assert [e.payload["marine"] for e in dealt] == list(state.seats)
    assert all(e.visible_to is None for e in dealt)  # face up
    secret = [e for e in opening if e.kind == "draw" and e.visible_to is not None]
    assert [e.payload["card"] for e in secret] == state.hand and len(state.hand) == 5
    assert all(e.visible_to == (INVADER,) for e in secret)
    assert any(e.kind == "revealed" for e in opening)
    for seat in state.seats:  # a marine reads the count, never the cards
        lines = session.log.texts_for(seat)
        assert "The invader draws 5 cards." in lines
        assert not any(e.text in lines for e in secret)
        assert all(e.text in lines for e in dealt)
    assert [e.text for e in secret] == [x for x in session.log.texts_for(INVADER) if x in {e.text for e in secret}]
    assert not any(e.text in session.log.texts_for(None) for e in secret)


def test_a_loaded_doom_game_and_an_undo_to_the_start_keep_the_set_up_lines(tmp_path):
    session = Session.start(DoomTitle(), "knee_deep", 4, {"marines": 2}, casual=True)
    opening = session.log.texts()
    assert "The invader draws 5 cards." in opening and opening[-1] == "Red's turn."
    for _ in range(12):
        session.apply(session.legal_actions()[0])
    path = tmp_path / "doom.json"
    assert session.autosave(path) is None
    loaded = load_session(path, DoomTitle())
    assert loaded.state_hash() == session.state_hash()
    for seat in (None, INVADER, *session.state.seats):
        assert loaded.log.texts_for(seat) == session.log.texts_for(seat)
    loaded.undo_to(0)
    assert loaded.log.texts() == opening


def test_no_area_text_begins_by_naming_its_own_area_again():
    """The reveal line names the area: 'Junction hall is revealed: A junction hall. Three doors
    lead on ...', 'Evac airlock is revealed: The evac airlock.' said it twice (so did 10 of the
    14 areas of P1 and P2, in every language). No area text's first sentence is its own place
    name again, in English, Hungarian or Greek."""
    import re

    from game import i18n
    from game.doom.content import shared_content
    from game.doom.rules.board import load_map

    articles = re.compile(r"^(a|an|the|az|egy|ο|η|το|ένα|μια|ένας)\s+", re.IGNORECASE)
    c = shared_content()
    try:
        for language in ("en", "hu", "el"):
            i18n.set_language(language)
            for sid, sc in c.scenarios.items():
                dmap = load_map(sc.map)
                for area, label in dmap.area_label.items():
                    text = dmap.area_text.get(area, "")
                    if not (label and text):
                        continue
                    first = articles.sub("", i18n._(text).split(".")[0]).strip().casefold()
                    assert first != i18n._(label).casefold(), (language, sid, area, i18n._(text))
    finally:
        i18n.set_language("en")
