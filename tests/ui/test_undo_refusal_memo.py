"""The toolbar asks at every frame it draws whether Undo may be pressed (its grey); the table
works that out once per game as it stands and remembers it (GameTable.undo_refusal). What it
remembers must be what working it out afresh says (`undo_refusal_now`) after each action, an
undo, a change of language and a load: a memo kept across them would grey the button for an
undo that is allowed, or let a press through to a refusal in another language's words."""
from __future__ import annotations

import pytest

from game import i18n
from game.convoy.rules.title import ConvoyTitle
from game.engine.session import Session, load_session
from game.ui.convoy.table_scene import ConvoyTable

SIZE = (1280, 720)


def _agrees(table, said: set) -> None:
    got = table.undo_refusal()
    assert got == table.undo_refusal_now(), len(table.session.actions)
    assert table.undo_refusal() is got  # asked again for the same game: the remembered answer
    said.add(got)


def test_the_remembered_undo_refusal_is_the_one_worked_out_afresh(make_app, tmp_path):
    app = make_app(SIZE)
    session = Session.start(ConvoyTitle(), "standard", 1, {})
    table = ConvoyTable(app.ctx, session, ["human", "human"], SIZE, tmp_path / "auto.json", animate=False)
    bots = [table.make_bot(0), table.make_bot(1)]
    said: set = set()
    undone = 0
    tried: set = set()
    try:
        while len(session.actions) < 60 and not session.is_over():
            _agrees(table, said)
            bot = bots[table.players.index(session.decider)]
            table.submit(bot.choose(session.legal_actions()) if not hasattr(bot, "decide")
                         else bot.decide(session.state, session.legal_actions()).action)
            _agrees(table, said)
            if len(session.actions) % 7 == 0 and len(session.actions) not in tried and table.undo_refusal() is None:
                tried.add(len(session.actions))  # once at each length: the bots would play it again
                table.undo()
                undone += 1
                _agrees(table, said)
            if table.undo_refusal() is not None:  # the refusal's words follow the language
                i18n.set_language("hu")
                _agrees(table, said)
                i18n.set_language("en")
                _agrees(table, said)
        # Allowed, and refused for two reasons, each in two languages.
        assert undone >= 1 and None in said and len(said) >= 5, (undone, said)
        path = tmp_path / "game.json"
        session.save(path)
        again = ConvoyTable(app.ctx, load_session(path, ConvoyTitle()), ["human", "human"], SIZE,
                            tmp_path / "auto2.json", animate=False)
        _agrees(again, said)
    finally:
        i18n.set_language("en")


def _table(app, key: str, tmp_path):
    """A hot-seat table of `key` with every seat a person's (the hand-off card comes up)."""
    if key == "gears":
        from game.gears.rules.title import GearsTitle
        from game.ui.gears.table_scene import GearsTable
        return GearsTable(app.ctx, Session.start(GearsTitle(), "emergence", 5, {"players": 2}), ["human"] * 2, SIZE,
                          tmp_path / "auto.json", animate=False)
    if key == "doom":
        from game.doom.rules.title import DoomTitle
        from game.ui.doom.table_scene import DoomTable
        return DoomTable(app.ctx, Session.start(DoomTitle(), "knee_deep", 1, {"marines": 2}), ["human"] * 3, SIZE,
                         tmp_path / "auto.json", animate=False)
    if key == "level7":
        from game.level7.rules.title import Level7Title
        from game.ui.level7.table_scene import Level7Table
        return Level7Table(app.ctx, Session.start(Level7Title(), "s1", 1, {"players": 2}), ["human"] * 2, SIZE,
                           tmp_path / "auto.json", animate=False)
    return ConvoyTable(app.ctx, Session.start(ConvoyTitle(), "standard", 1, {}), ["human"] * 2, SIZE,
                       tmp_path / "auto.json", animate=False)


def _changed(table, before: tuple, what: str, seen: set) -> tuple:
    """After a change of `what`: the table's key moved on, and the remembered answer (asked
    before the change too) is the one worked out afresh."""
    key = table.table_key()
    assert key != before, what
    assert table.undo_refusal() == table.undo_refusal_now(), (what, len(table.session.actions))
    seen.add(what)
    return key


@pytest.mark.parametrize("key", ["gears", "doom", "level7", "convoy"])
def test_every_kind_of_change_moves_the_table_key_and_the_memo_follows(make_app, tmp_path, key):
    """An action applied, an undo, a hand-off card shown and taken away, a seat change, a
    language switch, a change made on the session itself (a lesson's runner, a bot), a load:
    after each, the remembered answer is the fresh one, in every title."""
    app = make_app(SIZE)
    table = _table(app, key, tmp_path)
    session = table.session
    bots = [table.make_bot(i) for i in range(len(table.players))]
    seen: set = set()
    at = table.table_key()
    table.undo_refusal()
    try:
        for step in range(40):
            if session.is_over():
                break
            if table.handoff is not None:
                table.click((5, 5))
                at = _changed(table, at, "hand-off taken away", seen)
            bot = bots[table.players.index(session.decider)]
            actions = session.legal_actions()
            table.submit(bot.choose(actions) if not hasattr(bot, "decide") else bot.decide(session.state, actions).action)
            at = _changed(table, at, "action", seen)
            if table.handoff is not None:
                seen.add("hand-off shown")
            if step % 5 == 4 and table.undo_refusal() is None:
                table.undo()
                at = _changed(table, at, "undo", seen)
            if step % 6 == 2:
                i18n.set_language("el")
                at = _changed(table, at, "language", seen)
                i18n.set_language("en")
                at = _changed(table, at, "language", seen)
            if step % 8 == 3:
                seats = list(table.seats)
                table.seats = ["bot"] + seats[1:]
                at = _changed(table, at, "seat change", seen)
                table.seats = seats
                at = _changed(table, at, "seat change", seen)
            if step % 9 == 5 and len(session.actions) > 1 and session.refusal_of(len(session.actions) - 1) is None:
                # Taken back and played again on the session, the table not told: same length,
                # same table version.
                last = session.actions[-1]
                session.undo_to(len(session.actions) - 1)
                session.apply(last)
                at = _changed(table, at, "session changed directly", seen)
        path = tmp_path / "game.json"
        session.save(path)
        again = type(table)(app.ctx, load_session(path, session.title), list(table.seats), SIZE,
                            tmp_path / "auto2.json", animate=False)
        assert again.undo_refusal() == again.undo_refusal_now()
    finally:
        i18n.set_language("en")
    assert {"action", "hand-off shown", "hand-off taken away", "language", "seat change", "undo"} <= seen, seen
    with pytest.raises(TypeError):
        table.seats.append("bot")  # a seat changes by assigning the seats anew, which moves the key
