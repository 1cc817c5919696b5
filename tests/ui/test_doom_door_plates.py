"""A door's name plate ("D1") stood at the door's middle, a grid corner touching the four squares
beside the door: a figure beside the door touched it or, drawn over it, hid half of it. The plate
now stands at the nearest spot clear of every token (tables/_door_plates); a door crowded all
round shows it only while the pointer is on the door, over the figures. Checked on the drawn
frame: where each plate's text landed against where each token was drawn."""
from __future__ import annotations

import pygame
import pytest

from game.doom.rules.state import Invader
from game.doom.rules.title import DoomTitle
from game.engine.session import Session
from game.ui.doom.table_scene import DoomTable
from tests.ui.conftest import move, record_text_rects


def _table(make_app, size):
    app = make_app(size)
    table = DoomTable(app.ctx, Session.start(DoomTitle(), "knee_deep", 1, {"marines": 2}), ["human", "human", "bot"],
                      size, None)
    app.push(table)
    table.animate = False
    app.run(max_frames=1)
    return app, table


def _crowd(table, door: str, squares: int) -> None:
    """Figures on `squares` of the squares beside `door` (the marines first, then zombies)."""
    st = table.state
    st.revealed = sorted(st.map.areas)  # every door on the table
    flanks = sorted(st.map.doors[door].flanks)[:squares]
    for i, cell in enumerate(flanks):
        if i < 2:
            st.marines[("red", "green")[i]].cell = cell
        else:
            st.invaders[f"zombie#{20 + i}"] = Invader(f"zombie#{20 + i}", "zombie", [cell], 0)
    table._after_change()


def _drawn(app, table, monkeypatch, rings: bool):
    """A whole frame: each text drawn and its rect, and each token's rect as drawn (with its ring
    round it where `rings`)."""
    texts = record_text_rects(monkeypatch)
    tokens: list[pygame.Rect] = []
    real = DoomTable._token

    def spy(self, surface, rel, cells, ring=None, offset=(0, 0), alpha=255):
        rect = real(self, surface, rel, cells, ring, offset, alpha)
        ring_width = max(2, round(4 * self.camera.zoom))
        shown = rect.move(-offset[0], -offset[1])
        tokens.append(shown.inflate(4 * ring_width, 4 * ring_width) if ring and rings else shown)
        return rect

    monkeypatch.setattr(DoomTable, "_token", spy)
    app._force_redraw = True
    table.full_redraw = table.dirty = True
    app.run(max_frames=1)
    return texts, tokens


def _frame(app, table, monkeypatch):
    """Each door name's text rect, and each token's rect as drawn (its ring round it)."""
    texts, tokens = _drawn(app, table, monkeypatch, rings=True)
    names = set(table.state.map.door_label.values()) | set(table.state.map.doors)
    return [(t, r) for t, r in texts if t in names], tokens


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("squares", [1, 2, 3, 4])
def test_no_door_plate_touches_a_token(make_app, monkeypatch, size, squares):
    app, table = _table(make_app, size)
    _crowd(table, "D1", squares)
    plates, tokens = _frame(app, table, monkeypatch)
    assert "D1" in [t for t, _r in plates]  # a spot is free: the plate is on the map, not on hover only
    assert len(tokens) >= squares
    for text, rect in plates:
        plate = rect.inflate(6, 2)  # the plate round its text
        assert plate.collidelist(tokens) < 0, (text, plate, [t for t in tokens if t.colliderect(plate)])


def test_a_door_crowded_all_round_shows_its_plate_under_the_pointer_over_the_figures(make_app, monkeypatch):
    app, table = _table(make_app, (1280, 720))
    monkeypatch.setattr(DoomTable, "PLATE_SPOTS", ((0, 0), (0.5, 0.5)))  # both spots beside D1 taken below
    _crowd(table, "D1", 4)
    plates, tokens = _frame(app, table, monkeypatch)
    assert "D1" not in [t for t, _r in plates]
    move(table.screen_of_door("D1"))
    app.run(max_frames=1)
    plates, tokens = _frame(app, table, monkeypatch)
    shown = [r for t, r in plates if t == "D1"]
    assert len(shown) == 1 and shown[0].collidepoint(table.screen_of_door("D1"))
    move((table.view_rect.right - 5, table.view_rect.bottom - 5))
    app.run(max_frames=1)
    assert table._hovered_door_tag() is None


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_an_items_name_never_runs_under_a_token_beside_it(make_app, monkeypatch, size):
    """'shells/bullets' under its marker is wider than its square: with a figure beside the item
    it ran under the figure's token ('φυσίγγια/σφαίρες' read 'σίγγια/σφαίρες', Greek, 1280x720).
    It is left out then (the marker's hover card names it); alone, it shows."""
    from game.doom.rules.state import Marker

    app, table = _table(make_app, size)
    st = table.state
    st.revealed = sorted(st.map.areas)
    item = (3, 10)
    st.markers.append(Marker("m9", "equipment", "shells", item))
    st.marines["red"].cell, st.marines["green"].cell = (1, 8), (1, 9)
    table._after_change()
    app.run(max_frames=1)
    while table.camera.zoom < 0.8 and table.camera.zoom_at(1, *table.screen_of_cell(item)):
        pass  # near enough for the items' names
    name = table._item_name("shells")
    texts, tokens = _frame_all(app, table, monkeypatch)
    assert name in texts
    st.marines["red"].cell = (item[0] + 1, item[1])  # beside the item
    table._after_change()
    texts, tokens = _frame_all(app, table, monkeypatch)
    assert not [r for t, r in texts.items() if t == name and r.collidelist(tokens) >= 0]


def _frame_all(app, table, monkeypatch):
    """A whole frame: each text drawn and its rect; each token's rect as drawn."""
    texts, tokens = _drawn(app, table, monkeypatch, rings=False)
    return dict(texts), tokens
