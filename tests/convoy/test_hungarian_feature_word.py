"""A city's feature has one Hungarian word: the log, the button and the refusals said
'adottság' ('Az Outpost használja ennek a városnak az adottságát'), while the set-up screen's
city rows ('jellemző: Roncspiac'), the rule note under a refused feature and the rules reference
said 'jellemző', so a Hungarian player read of two things where the rules have one."""
from __future__ import annotations

from babel.messages.pofile import read_po

from game.i18n import LOCALE_DIR


def test_a_city_feature_is_adottsag_in_every_convoy_sentence():
    with open(LOCALE_DIR / "hu" / "LC_MESSAGES" / "tiletop.po", "rb") as f:
        catalogue = read_po(f, locale="hu")
    convoy = [m for m in catalogue if m.id and isinstance(m.string, str)
              and any("convoy" in path for path, _line in m.locations) and "feature" in m.id]
    assert convoy
    assert [m.id for m in convoy if "jellemz" in m.string.lower()] == []
    assert all("adottság" in m.string.lower() for m in convoy if "city" in m.id.lower() or "{f}" in m.id)


def test_a_strength_token_reads_with_its_number_after_the_noun():
    """'Zúzó egy +1 erőjelzőt kap.' put a bare number before the noun, where Hungarian wants
    its suffix ('+1-es', '+3-as', '-2-es', as 'a +1-es erőjelzőt' elsewhere in the log), which
    a template cannot choose; the number now follows: 'Erőjelzőt kap: Zúzó (+1).' (the card's name
    after the verb, which then agrees with no name: tests/convoy/test_hungarian_agreement.py)."""
    from game import i18n
    from game.convoy.rules import words as W
    from game.engine.text import as_text

    i18n.set_language("hu")
    try:
        said = [as_text(W.say(W.TOKEN, card=W.card_id("crusher"), value=v)) for v in (1, -2)]
    finally:
        i18n.set_language("en")
    assert said == ["Erőjelzőt kap: Zúzó (+1).", "Erőjelzőt kap: Zúzó (-2)."]
