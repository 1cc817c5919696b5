"""The words 'no line of sight' over an enemy the attacker cannot shoot (the hover guide, drawn by
table_scene._make_guide): they stood a little above the target square's centre, over the upper
half of its token (seen at 1920x1080 on a Zombie behind a barrel). They stand above the square."""
from __future__ import annotations

import pygame

from game.doom.rules.state import Invader, Marker
from tests.ui import test_ui_scale as U
from tests.ui.conftest import move


def test_the_no_line_of_sight_words_stand_clear_of_the_target_token(make_app):
    app = make_app(U.SIZE)
    table = U.doom_table(app, seats=("human", "bot"))
    U.draw(app)
    st = table.state
    st.revealed = sorted(a for a, cells in st.map.areas.items() if {(7, 8), (12, 8)} & set(cells))
    st.closed.clear()
    st.marines["red"].cell = (7, 8)
    st.markers.append(Marker("mb1", "barrel", "", (10, 8)))  # blocks the sight line
    st.invaders["zombie#7"] = Invader("zombie#7", "zombie", [(12, 8)], 0)
    table.submit(next(a for a in table.session.legal_actions() if a.kind == "declare" and a.payload["action"] == "fire"))
    app.run(max_frames=1)
    table.camera.zoom_at(3, *table.screen_of_cell((12, 8)))  # squares as large as a small map's at 1920x1080
    move(table.screen_of_cell((12, 8)))
    app.run(max_frames=1)
    assert table.hover_cell == (12, 8)
    labels = [s for s in table._make_guide(table._seen_cells()) if s[0] == "label"]
    assert len(labels) == 1
    _k, text, font, _colour, pos, anchor, _shadow = labels[0]
    assert anchor == "midbottom"
    words = pygame.Rect((0, 0), font.size(text))
    words.midbottom = pos
    z = table.camera.zoom
    x, y = table.camera.to_screen(12 * table.tw, 8 * table.th)
    square = pygame.Rect(round(x), round(y), round(table.tw * z), round(table.th * z))
    token = square.inflate(-round(square.w * 0.1), -round(square.h * 0.1))  # _token: 0.9 of the square
    assert not words.colliderect(token), (words, token)
