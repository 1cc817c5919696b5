"""Doom's item names on the map stay inside their room: a long name ('Rocket launcher',
'ρουκέτες/χειροβομβίδες', 'Rakétavető') under a marker near a wall ran over the wall into the
next room or the corridor. Each label keeps to the squares of its room on its row (it slides
along them, then is cut with an ellipsis; the marker's hover card names it whole)."""
from __future__ import annotations

import pytest

from game import i18n
from game.doom.rules.state import Marker
from tests.ui.test_doom_play import start_game


def room_row(table, cell) -> tuple[int, int]:
    """The screen x-range of the squares of `cell`'s area on its row, reachable from it without
    crossing a wall (closed doors count as walls)."""
    dmap, st = table.dmap, table.state
    area = dmap.area_of.get(cell)
    lo = hi = cell[0]
    while dmap.area_of.get((lo - 1, cell[1])) == area and dmap.adjacent((lo, cell[1]), (lo - 1, cell[1]), st.closed_set):
        lo -= 1
    while dmap.area_of.get((hi + 1, cell[1])) == area and dmap.adjacent((hi, cell[1]), (hi + 1, cell[1]), st.closed_set):
        hi += 1
    return table._cell_rect((lo, cell[1])).left, table._cell_rect((hi, cell[1])).right


def every_item_everywhere(table):
    """An item marker of every kind on free squares of every area (the longest names too)."""
    st, c = table.state, table.content
    kinds = list(c.weapons) + list(c.ammo) + list(c.items)
    taken = set(st.figure_cells()) | {m.cell for m in st.markers}
    st.revealed = sorted(table.dmap.areas)
    n = 0
    for area, cells in sorted(table.dmap.areas.items()):
        for cell in sorted(cells):
            if cell in taken:
                continue
            st.markers.append(Marker(f"m9{n}", "equipment", kinds[n % len(kinds)], cell))
            taken.add(cell)
            n += 1
    table._after_change()


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("scenario", ["knee_deep", "reactor"])
def test_item_names_stay_inside_their_room(make_app, lang, size, scenario):
    i18n.set_language(lang)
    try:
        app, table = start_game(make_app, size=size, scenario=scenario)
        every_item_everywhere(table)
        app.run(max_frames=1)
        seen = table._seen_cells()
        by_id = {m.id: m for m in table.state.markers}
        out, shown = [], 0
        while True:  # every zoom level that shows the names
            labels = table._item_labels(seen)
            shown += len(labels)
            for mid, text, rect in labels:
                lo, hi = room_row(table, by_id[mid].cell)
                if rect.left + 2 < lo - 1 or rect.right - 2 > hi + 1:  # the text, not its shadow's margin
                    out.append((round(table.camera.zoom, 2), text, by_id[mid].cell))
            if not table.camera.zoom_at(1, *table.view_rect.center):
                break
        assert shown and out == []
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang, medic, scout", [("el", "Νοσοκόμος", "Ανιχνευτής"), ("hu", "Szanitéc", None)])
def test_the_marines_cards_are_named_in_the_language_on_the_panel_and_the_hover_card(make_app, drawn_text,
                                                                                    lang, medic, scout):
    """The side panel and a marine's hover card read 'Medic' and 'Scout' in Greek (the plain
    catalogue entry, which Convoy's own Medic and Scout keep English), beside Greek card names."""
    from game.ui.doom.table_scene import figure_card_lines

    app, table = start_game(make_app, scenario="knee_deep")
    i18n.set_language(lang)  # (the app set the settings' language)
    try:
        st = table.state
        st.marines["red"].cards = ["medic#1", "scout#1"]
        table._after_change()
        drawn_text.clear()
        app._force_redraw = True
        table.full_redraw = True
        app.run(max_frames=1)
        said = " ".join(drawn_text)
        _title, lines = figure_card_lines(st, st.content, "red")
        for where in (said, " ".join(lines)):
            assert "Medic" not in where and medic in where
            assert "Scout" not in where and (scout is None or scout in where)
    finally:
        i18n.set_language("en")
