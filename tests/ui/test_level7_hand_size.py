"""Level 7's hand cards are sized by the window as the other titles' are: the hand strip was held
to 190 px, so at 1920x1080 the cards were 117 px wide, little more than at 1280x720 in a window
half as large again. Their height is now at least the same share of the window's at 1920x1080
as at 1280x720, and a full hand still lies side by side."""
from __future__ import annotations

import pytest

from game.ui.level7.table_scene import Level7Table
from tests.ui.test_level7_play import start_game


def _card_height(make_app, size) -> tuple[Level7Table, int]:
    app, table = start_game(make_app, seats=("human",), size=size)
    app.run(max_frames=2)
    assert table.card_rects, "no hand drawn"
    return table, max(r.height for r in table.card_rects.values())


@pytest.mark.parametrize("big", [(1920, 1080), (2560, 1440)])
def test_the_hand_s_cards_grow_with_the_window(make_app, big):
    _t, small_h = _card_height(make_app, (1280, 720))
    table, big_h = _card_height(make_app, big)
    assert big_h / big[1] >= small_h / 720
    rects = list(table.card_rects.values())
    assert all(a.right <= b.left for a, b in zip(rects, rects[1:]))  # side by side, not fanned
