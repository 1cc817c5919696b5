"""An undo clears the refusal left on screen. In a Hungarian hot-seat game at 1280x720 Moloch's
Servo Booster dropped into a column in Phase III was refused ('Ejtsd Szervoerősítő lapot az
egyik Robotodra…'); after Undo took back the Hornet played before it, the refusal still stood
over the table (a refusal stays until the next move; an undo is one)."""
from __future__ import annotations

from game.engine.protocol import Action
from tests.ui.test_convoy_layout import mid_game


def test_an_undo_clears_the_refusal_on_screen(make_app):
    app = make_app((1280, 720))
    table = mid_game(app)  # Moloch, a person, attacks in Phase III
    session = table.session
    play = next(a for a in session.legal_actions() if a.kind == "play")
    assert table.submit(play)
    assert not table.submit(Action(play.kind, {**play.payload, "city": 99}))  # refused: no such city
    assert table.message
    assert table.undo_refusal() is None
    table.undo()
    assert session.actions[-1] != play
    assert table.message == ""
