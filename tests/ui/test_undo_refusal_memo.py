"""The toolbar asks at every frame it draws whether Undo may be pressed (its grey); the table
works that out once per game as it stands and remembers it (GameTable.undo_refusal). What it
remembers must be what working it out afresh says (`undo_refusal_now`) after each action, an
undo, a change of language and a load: a memo kept across them would grey the button for an
undo that is allowed, or let a press through to a refusal in another language's words."""
from __future__ import annotations

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
