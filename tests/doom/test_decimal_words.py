"""A number with a fraction in the bots' reasons reads as the player writes it: the invader AI's
'0.7 wounds expected on Red' read '0.7' in Greek and Hungarian too, where a comma parts the
fraction ('0,7'). text.decimal keeps the parts as text (the state and saves hold no floats)."""
from __future__ import annotations

from game import i18n
from game.engine.text import M, decimal


def test_the_fraction_takes_the_languages_separator():
    said = M("{plan}: {pct}% to kill, {wounds} wounds expected on {target}", plan="Imp 1 moves to the Crew lounge",
             pct=0, wounds=decimal(0.66), target="Red")  # the invader AI's words (invader_ai._plan_words)
    assert str(said) == "Imp 1 moves to the Crew lounge: 0% to kill, 0.7 wounds expected on Red"
    try:
        i18n.set_language("hu")
        assert str(decimal(1.25, 2)) == "1,25" and "0,7" in str(said)
        i18n.set_language("el")
        assert str(decimal(2.0)) == "2,0" and "0,7" in str(said)
    finally:
        i18n.set_language("en")
    assert decimal(0.66).to_json() == {"msg": "{whole}.{fraction}", "params": {"whole": "0", "fraction": "7"}}


def test_the_bots_reasons_in_hungarian_write_fractions_with_a_comma():
    """A game of the marine bot against the invader AI, in Hungarian: every reason with a
    fraction in it ('0,7 sebzés várható') writes it with a comma, none with a point."""
    from game.doom.simulation import DoomSimulator
    from game.engine.session import Session
    from tests.translated_games import assert_fractions_with_a_comma, reasons_read_in

    sim = DoomSimulator()
    session = Session.start(sim.title, "knee_deep", 1, sim.options("knee_deep", 2))
    bot = sim.bot("marine", 1, "veteran")
    try:
        reasons = reasons_read_in("hu", session, bot.decide, 400)
    finally:
        sim.finish(session.state)
    assert_fractions_with_a_comma(reasons)
