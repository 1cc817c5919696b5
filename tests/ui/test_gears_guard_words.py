"""The Guard buttons in Hungarian: the question read "Drone 1 készül: támadás. Őrködés?" (the
Hungarian rulebook's word, seed p. 24) and its buttons "Beavatkozás: Lancer Assault Rifle,
Normál", Doom's word for its Guard order (hu, 1920x1080). Every Gears Guard label says Őrködés."""
from __future__ import annotations

import pytest

from game import i18n
from game.engine.protocol import Action
from game.engine.session import Session
from game.gears.rules.title import GearsTitle
from game.ui.gears import choices as C


@pytest.mark.parametrize("payload", [{"guard": "P1", "card": "ambush#1", "weapon": "lancer", "mode": "normal"},
                                     {"guard": "P1", "card": "ambush#1", "weapon": "lancer", "mode": "chainsaw"},
                                     {"guard": "P1", "card": "ambush#1"}])
def test_a_guard_button_says_the_gears_word_in_hungarian(payload):
    session = Session.start(GearsTitle(), "emergence", seed=5, options={"players": 1})
    try:
        i18n.set_language("hu")
        label = C.option_label(session.state, session.title.content, Action("guard", payload, "Guard"))
        assert label.startswith("Őrködés") and "Beavatkozás" not in label, label
        assert "Őrködés" in i18n._("{locust} is about to {about_to}: Guard?")
    finally:
        i18n.set_language("en")


def test_a_card_clicked_for_a_guard_is_not_still_selected_at_the_next_turn(make_app):
    """Two Ambush cards, the Guard question offers one (the rules list one copy per name; a click
    on the other answers as it, choices.py): the copy clicked stayed selected after the Guard
    and the player's next Order Step opened on 'Ambush: how will you use it?'. Built: P2's turn,
    one Drone in P1's area, base:5 next ("Each Drone ... attacks a COG within 3 range"), every
    attack die blank: the Guard is the step's last question, P1's turn comes next."""
    from game.gears.rules.title import shared_content
    from tests.gears.built import BLANK, HIT2, SH0, ai_on_top, give_hand, put, stack_dice, turn_of
    from tests.ui.test_gears_table_items import built_table, drive

    def build(state):
        p1 = state.players[0]
        state.locusts.clear()  # the Drone alone: its Guard is the step's last question
        put(state, shared_content(), "drone", state.cogs[p1].area)
        give_hand(state, p1, ["ambush", "ambush", "scavenging", "sit_tight"])
        give_hand(state, state.players[1], ["teamwork", "teamwork"])  # no Guard of his to choose between
        ai_on_top(state, "base:5")
        stack_dice(state, attack=[BLANK] * 300)
        turn_of(state, 1)

    _app, table = built_table(make_app, build)
    assert drive(table, lambda t: t.session.decider == "P1" and any(a.kind == "guard" and a.payload.get("guard")
                                                                    for a in t.session.legal_actions()))
    offered = {a.payload["card"] for a in table.session.legal_actions() if a.kind == "guard" and a.payload.get("guard")}
    other = next(h for h in table.state.cogs["P1"].hand if h.startswith("ambush") and h not in offered)
    table.click_card(other)
    assert table.selected_card == other
    stack_dice(table.state, attack=[HIT2] * 8, defence=[SH0] * 8)  # the Guard kills the Drone: the step ends
    table.submit(next(a for a in table.choices.cards[other] if a.payload.get("weapon") == "lancer"))
    assert other in table.state.cogs["P1"].hand  # the offered copy went to the Guard
    assert table.session.decider == "P1" and other in table.choices.cards  # P1's turn, the card usable
    assert table.selected_card is None

