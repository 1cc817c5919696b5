"""A click on the other side's card in play asks the rules for its ability (flow.refused, the
one check), which answered with the general sentence for any card not usable ('Hunter is not
one of your cards in a city that is not destroyed.'). The other side's card now says so: 'That is
Moloch's card: you may only use your own.' (spec 9 #13: a side uses its own cards' abilities),
and a card of one's own in no city keeps the general sentence."""
from __future__ import annotations

import pytest

from game.convoy.rules import board as B
from game.convoy.rules import flow
from game.convoy.rules.title import ConvoyTitle
from game.engine.bots import RandomBot
from game.engine.session import Session


def both_sides_in_play():
    session = Session.start(ConvoyTitle(), "standard", seed=11, options={})
    bot = RandomBot(3)
    while True:
        st = session.state
        side = flow.acting_side(st)
        if side >= 0 and st.phase in ("III", "IV") and st.proc is None:
            theirs = [u for c in range(len(st.slots)) if not st.flipped[c] for u in st.slots[c][1 - side]]
            if theirs:
                return st, side, theirs
        session.apply(bot.choose(session.legal_actions()))


def test_the_other_sides_card_is_refused_as_theirs():
    st, side, theirs = both_sides_in_play()
    owner = "Outpost" if side == 0 else "Moloch"
    for uid in theirs:
        assert flow.refusal(st, "ability", {"card": uid}) == f"That is {owner}'s card: you may only use your own."


def test_an_own_card_in_hand_keeps_the_general_refusal():
    st, side, _theirs = both_sides_in_play()
    uid = st.hand[side][0] if st.hand[side] else st.deck[side][0]
    assert B.locate(st, uid) == (-1, -1)
    assert flow.refusal(st, "ability", {"card": uid}).endswith("is not one of your cards in a city that is not destroyed.")


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_the_refusal_reads_in_the_language(lang):
    from game import i18n

    st, side, theirs = both_sides_in_play()
    i18n.set_language(lang)
    try:
        said = str(flow.refusal(st, "ability", {"card": theirs[0]}))
    finally:
        i18n.set_language("en")
    assert "That is" not in said and said
