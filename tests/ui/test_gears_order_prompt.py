"""The prompt line after the Order card (seed p. 9: the active player chooses ONE Order card of
his hand in the COG Order Step; 'E fázis során a játékos eldobhat még egy kártyát a kezéből,
hogy végrehajtson egy speciális akciót': one more card may be discarded for a special action;
Dodge, Follow and Guard are reactions at other times, seed p. 24)."""
from __future__ import annotations

from game.engine.session import Session
from game.gears.rules.title import GearsTitle
from game.ui.gears import words
from game.ui.gears.entry import SAVES
from game.ui.gears.table_scene import GearsTable
from tests.ui.test_gears_table_items import drive


def test_after_the_order_card_lit_cards_are_not_offered_as_a_second_order(make_app):
    """Played after an Assault (el, hot-seat): the line still said 'Click an order card to play
    it' while the rules offer no second Order card, only a discard for a special action (revive,
    pick up, equipment). Emergence, seed 1: P1's Active Reload resolved beside a dropped weapon."""
    app = make_app()
    session = Session.start(GearsTitle(), "emergence", seed=1, options={"players": 2})
    table = GearsTable(app.ctx, session, ["human", "human"], (1280, 720), SAVES.autosave_path(), animate=False)
    app.push(table)

    def resolved_with_lit_cards(t: GearsTable) -> bool:
        return t.state.phase == "order" and bool(t.state.flags.get("played")) and bool(t.choices.cards)

    assert drive(table, resolved_with_lit_cards, limit=1500)
    legal = table.session.legal_actions()
    assert not [a for a in legal if a.kind == "play"]  # the rules: one Order card a turn
    assert {a.kind for acts in table.choices.cards.values() for a in acts} == {"special"}
    cog = table.state.cogs[table.session.decider]
    assert table.hint() == (f"{words.character(table.content, cog.character)}'s Order card is resolved: a lit card "
                            "may be discarded for a special action, or choose End the Order Step.")
