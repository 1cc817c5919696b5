"""The side panel's line for the marine whose turn it is ('Run: 9 MP, 0 attacks left'): a marine
killed in its own turn (a Demon's bite as it ran past) showed it under 'dead: respawns at the
start of its turn', though its turn was over. Spec 11 item 42: the turn ends at once."""
from __future__ import annotations

import pygame

from game.ui import widgets
from tests.ui import test_ui_scale as U


def _panel_lines(table, monkeypatch) -> list[str]:
    said: list[str] = []
    draw = widgets.text_block
    monkeypatch.setattr(widgets, "text_block", lambda surface, s, *a, **k: (said.append(s), draw(surface, s, *a, **k))[1])
    table._side_marines(pygame.Surface(table._size), 0, 0, 300)
    monkeypatch.setattr(widgets, "text_block", draw)
    return said


def test_a_marine_killed_in_its_turn_shows_no_moves_left(make_app, monkeypatch):
    app = make_app(U.SIZE)
    table = U.doom_table(app, seats=("human", "bot"))
    U.draw(app)
    table.submit(next(a for a in table.session.legal_actions() if a.kind == "declare" and a.payload["action"] == "run"))
    app.run(max_frames=1)
    assert any(line.startswith("Run: 8 MP") for line in _panel_lines(table, monkeypatch))
    st = table.state
    st.marines["red"].cell, st.marines["red"].dead = None, True  # as a kill in its own turn leaves it
    st.turn["over"] = True
    lines = _panel_lines(table, monkeypatch)
    assert not any(" MP" in line and "attack" in line for line in lines), lines


def test_an_ammo_count_stays_with_its_ammo_on_a_narrow_panel(make_app, monkeypatch):
    """At 1280x720 the panel read 'ammo: rockets/grenades 1, shells/bullets' and '4' alone on
    the next line: each count is bound to its ammo's name."""
    from game.ui.widgets import wrap

    app = make_app(U.SIZE)
    table = U.doom_table(app, seats=("human", "bot"))
    U.draw(app)
    table.state.marines["red"].ammo.update(rockets=1, shells=4)
    line = next(s for s in _panel_lines(table, monkeypatch) if "rockets/grenades" in s)
    font = table.ctx.font(12)
    for width in range(200, 420, 2):
        lines = wrap(line, font, width)
        assert not any(part.strip().isdigit() for part in lines), (width, lines)


def test_a_marines_cards_line_is_whole_in_greek_at_125_percent(make_app):
    """At 125% in 1280x720, in Greek, the Red marine's four cards took three lines of the side
    panel and each line had room for two: 'Επιχειρήσεις Επιβίωσης, Εμπροσθοφυλακή, Ελεύθερος
    Σκοπευτής…', the fourth card not named."""
    from dataclasses import replace

    from game import i18n
    from game.ui.doom import words
    from game.ui.scene import ChangeSettings

    app = make_app(U.SIZE)
    app.apply(ChangeSettings(replace(app.ctx.settings, language="el", ui_scale=1.25)))
    i18n.set_language("el")
    table = U.doom_table(app, seats=("human", "human"))
    st = table.state
    st.marines["red"].cards = ["survival_ops", "front_guard", "sniper", "prepared"]
    table._after_change()
    U.draw(app)
    said: list[str] = []
    real = widgets.rendered

    def spy(font, text, colour):
        said.append(text)
        return real(font, text, colour)

    widgets.rendered = spy
    try:
        x, w, _y, _bottom, _shown = table._side_places()
        table._side_marines(pygame.Surface(table._size), x, 0, w)
    finally:
        widgets.rendered = real
    names = [words.name(st.content.marine_card(c)) for c in st.marines["red"].cards]
    lines = [t for t in said if any(n.split()[0] in t for n in names)]
    assert "…" not in " ".join(lines) and all(n in " ".join(lines) for n in names), (names, lines)
