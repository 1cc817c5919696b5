"""A card lifted from the hand and let go over the hand again goes back into it without a word:
a player who changes their mind put Juggernaut back and read a refusal in red, 'Drop Juggernaut
into a city column of your side. Rule: …'. Let go anywhere else off a city, it is still refused
with the reason."""
from __future__ import annotations

from tests.ui.test_convoy_play import drag, hand_card, start_game, token_placed


def test_a_card_put_back_on_the_hand_is_no_refusal(make_app, config_dir):
    app, table = start_game(make_app)
    token_placed(app, table)
    n = len(table.session.actions)
    uid, at = hand_card(table, "Juggernaut")
    drag(app, at, (table.hand_rect.right - 20, table.hand_rect.centery))
    assert len(table.session.actions) == n and uid in table.state.hand[0]
    assert table.message == ""
    _uid, at = hand_card(table, "Juggernaut")
    drag(app, at, table.zones["battle"].center)  # off the cities, off the hand: refused, with the reason
    assert len(table.session.actions) == n and "Drop Juggernaut into a city column" in table.message
