"""The odds panel of a barrel chosen as a target: it showed the wounds the shot deals the barrel
('1 wound 83%', bars), which mean nothing to a player; it shows the chance the shot sets the
barrel off and what the explosion does (who next to it takes how many wounds, and whether that
kills), in each language, read from the rules (odds.explode_chance, effects.barrel_chain)."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.doom.rules.odds import explode_chance
from game.doom.rules.state import Invader, Marker
from game.doom.rules import queries as Q
from game.ui import widgets
from game.ui.doom import words
from tests.ui import test_ui_scale as U
from tests.ui.conftest import click, move


def _aimed_at_a_barrel(make_app):
    app = make_app(U.SIZE)
    table = U.doom_table(app, seats=("human", "bot"))
    U.draw(app)
    st = table.state
    st.revealed = sorted(st.map.areas)
    st.closed.clear()
    st.marines["red"].cell = (7, 8)
    st.markers += [Marker("mb1", "barrel", "", (10, 8)), Marker("mb2", "barrel", "", (11, 9))]
    st.invaders["zombie#7"] = Invader("zombie#7", "zombie", [(11, 8)], 0)
    table.submit(next(a for a in table.session.legal_actions() if a.kind == "declare" and a.payload["action"] == "fire"))
    app.run(max_frames=1)
    pos = table.screen_of_cell((10, 8))
    move(pos)
    click(pos)
    app.run(max_frames=1)
    assert table.target == (10, 8)
    return app, table


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_a_barrels_panel_gives_the_chance_to_set_it_off_and_the_blast(make_app, monkeypatch, language):
    app, table = _aimed_at_a_barrel(make_app)
    st = table.state
    prof = Q.profile(st, "red", "pistol")
    far = Q.distance(st, "red", (10, 8), False)
    chance = explode_chance(prof.dice, far, prof.accuracy, prof.deadly, prof.melee)
    assert 0 < chance < 1
    i18n.set_language(language)
    try:
        said: list[str] = []
        draw = widgets.text
        monkeypatch.setattr(widgets, "text", lambda surface, s, *a, **k: (said.append(s), draw(surface, s, *a, **k))[1])
        table._draw_preview(pygame.Surface(table._size))
        monkeypatch.setattr(widgets, "text", draw)
        _, n_ = i18n._, i18n.ngettext
        pistol = st.content.weapons["pistol"]
        assert _("{weapon} ({dice}), distance {d}: {p:.0f}% to set it off").format(
            weapon=words.name(pistol), dice=words.dice(pistol.dice), d=far, p=float(chance) * 100) in said, said
        # The second barrel, next to the first, goes off with it: the Zombie between them takes 2.
        assert n_("If it goes off, {n} more barrel goes off with it: 1 wound to each figure next to one.",
                  "If it goes off, {n} more barrels go off with it: 1 wound to each figure next to one.", 1).format(n=1) in said
        assert n_("{figure}: {n} wound, enough to kill", "{figure}: {n} wounds, enough to kill", 2).format(
            figure=words.figure(st, "zombie#7"), n=2) in said, said
        assert _("1 wound") not in said and _("{n} wounds").format(n=2) not in said  # no wound bars for a barrel
    finally:
        i18n.set_language("en")
