"""A marine's order marker on the map is a badge with the order's initial. It was the English id's
('G' for Guard) in every language: the Hungarian table names the order Beavatkozás and the Greek
Φρουρά, so their badges read 'B' and 'Φ'."""
from __future__ import annotations

import pytest

from game import i18n
from tests.ui import test_ui_scale as U


@pytest.mark.parametrize("language, badge", [("en", "G"), ("hu", "B"), ("el", "Φ")])
def test_the_order_badge_is_the_initial_of_the_orders_name_in_the_readers_language(make_app, language, badge):
    app = make_app(U.SIZE)
    table = U.doom_table(app, seats=("human", "bot"))
    U.draw(app)
    table.state.marines["red"].order = "guard"
    i18n.set_language(language)
    try:
        sprites = table._figure_sprites(table._seen_cells())
    finally:
        i18n.set_language("en")
    red = next(s for s in sprites if s.name == ("figure", "red"))
    assert red.key[4] == badge
