"""Every bot reason in the Gears log takes at most two lines at 1280x720, in Hungarian and Greek
too: its whole form where that fits, else its short form (bots.log_form). Seen: attacks, Guards,
cover spots, a Locust's cover, 'Pull no Locust', a card's actions, a grenade's seal odds, a
hole or dropped weapon chosen took three to six lines ('Őrködés Drone 3 ellen, fegyver: Lancer
Assault Rifle (Elsöprő): 48% eséllyel öl, 0,2 sebzéssel fenyeget.')."""
from __future__ import annotations

import pytest

from game import i18n
from game.engine.text import M, as_text
from game.gears.bots import log_form
from game.ui import widgets
from game.ui.gears.table_scene import _Reason
from tests.ui.test_gears_bot_move_reasons import bots_table


@pytest.mark.parametrize("mission", ["emergence", "hive"])
@pytest.mark.parametrize("language", ["hu", "el"])
def test_every_bot_reason_takes_at_most_two_lines(make_app, config_dir, language, mission):
    table = bots_table(make_app, config_dir, mission, language)
    font, width = table.ctx.font(13), table._log_rect.width
    reasons = [e for e, _who in table._log if isinstance(e, _Reason)]
    assert len(reasons) > 40
    long = [table.log_text(e) for e in reasons if len(widgets.wrap(table.log_text(e), font, width)) > 2]
    assert not long, long


def test_a_short_form_keeps_what_is_done_and_to_what():
    guard = M("Guard against {target} with the {weapon} ({mode}): {kill:.0%} to kill, it threatens {threat} wounds",
              target="Drone 3", weapon="Lancer Assault Rifle", mode="Overwhelming", kill=0.48, threat="0.2")
    assert as_text(log_form(guard)) == "Guard against Drone 3: 48% to kill"
    attack = M("Play {card} to attack: {why}", card="Explore",
               why=M("{e:.2f} expected wounds, {kill:.0%} to kill {target} ({weapon})", e=4.33, kill=0.97,
                     target="Wretch 3", weapon="Lancer Assault Rifle"))
    assert as_text(log_form(attack)) == "97% to kill Wretch 3"  # "... plays Explore to make one attack."
    seal = M("{why}: {n} holes sealed on average (only an Omen seals)", n="0.52",
             why=M("Throw a Bolo Grenade into {area} to seal the emergence hole {hole}", area="Crater (12A)", hole="Crater (12A)"))
    assert as_text(log_form(seal)) == "To seal the emergence hole there"  # the throw: the rules' next line
    i18n.set_language("hu")
    try:
        assert as_text(log_form(guard)) == "Őrködés Drone 3 ellen: 48% eséllyel öl"
    finally:
        i18n.set_language("en")
