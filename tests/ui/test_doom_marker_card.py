"""Hovering a marker on the Doom table (DESIGN.md: hover a figure, its stats): a player saw a
green disc in the corridor of Knee-Deep in the Dead with no name and no card, and could not tell
the barrel to shoot from a hazard to walk round. The marker's square now shows a card with its
name and what it does, in the player's language; a marker of an area the marines have not
explored shows nothing to them."""
from __future__ import annotations

import pygame

from game import i18n
from game.doom.rules.title import DoomTitle
from game.engine.session import Session
from game.ui.doom.table_scene import DoomTable, marker_card_lines
from tests.ui import test_ui_scale as U


def _table(app, seats=("human", "bot")):
    table = DoomTable(app.ctx, Session.start(DoomTitle(), "knee_deep", 1, {"marines": 1}), list(seats), U.SIZE,
                      bot_delay_ms=0, animate=False)
    app.push(table)
    U.draw(app)
    return table


def _hover(app, table, cell):
    pos = table.screen_of_cell(cell)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    return table._figure_card()


def test_a_barrel_shows_its_card_once_its_area_is_explored(make_app):
    app = make_app(U.SIZE)
    table = _table(app)
    session = table.session
    barrel = next(p for p in table.dmap.props if p.kind == "barrel" and p.area == "A2")
    assert barrel.cell not in table._seen_cells()
    assert _hover(app, table, barrel.cell) is None  # the corridor is not on the marines' table yet
    # the marine runs to the lounge door and opens it (A2 is revealed, its barrel placed)
    session.apply(next(a for a in session.legal_actions() if a.kind == "declare" and a.payload["action"] == "run"))
    door = table.dmap.doors["D1"]
    while not any(a.kind == "door" for a in session.legal_actions()):
        moves = [a for a in session.legal_actions() if a.kind == "move"]
        session.apply(min(moves, key=lambda a: min(abs(a.payload["to"][0] - f[0]) + abs(a.payload["to"][1] - f[1])
                                                    for f in door.flanks)))
    session.apply(next(a for a in session.legal_actions() if a.kind == "door"))
    table.dirty = True
    assert any(m.kind == "barrel" and m.cell == barrel.cell for m in table.state.markers)
    card = _hover(app, table, barrel.cell)
    assert card is not None
    _rect, fig, title, lines = card
    assert fig is None and title == "Barrel"
    said = " ".join(lines)
    assert "wound" in said and "next to it" in said and "\u2026" not in said
    assert table.view_rect.contains(_rect)


def test_every_marker_kind_has_its_words_in_each_language(make_app):
    """The card's words go through the catalogues: no English left in Hungarian or Greek."""
    from game.doom.rules.state import Marker

    app = make_app(U.SIZE)
    table = _table(app)
    state, c = table.state, table.content
    kinds = [("barrel", ""), ("hazard", ""), ("obstacle", ""), ("vent", ""), ("encounter", "E1"),
             ("teleporter", "red"), ("key", "blue"), ("equipment", "shells")]
    english = {}
    for language in ("en", "hu", "el"):
        i18n.set_language(language)
        for n, (kind, variant) in enumerate(kinds):
            cell = (-10 - n, -10)
            state.markers.append(Marker(f"t{n}", kind, variant, cell))
            title, lines = marker_card_lines(state, c, cell)
            state.markers.pop()
            assert title and lines and all(lines)
            if language == "en":
                english[kind] = (title, lines[0])
            else:
                assert lines[0] != english[kind][1], (language, kind, lines)
                if kind not in ("equipment",):
                    assert title != english[kind][0], (language, kind, title)
    i18n.set_language("en")
    assert english["teleporter"][0] == "Teleporter (red)" and english["key"][0] == "Key (blue)"


def test_the_hovered_targets_card_keeps_off_the_odds_panel(make_app):
    """At 1280x720 the card of the hovered target, drawn beside the pointer, lay over the odds
    panel's heading (the target's name and health). With the panel on screen the card goes to a
    side of the pointer clear of it."""
    i18n.set_language("el")  # the longest odds lines: the widest panel
    app = make_app(U.SIZE)
    table = _table(app)
    session = table.session
    # zombies in the lounge, in Red's sight, then Red declares Fire: they are its targets
    from game.doom.rules.state import Invader

    state = session.state
    red = state.marines[state.seats[0]].cell
    free = sorted(c for c in table._seen_cells() if c not in state.figure_cells() and not state.markers_at(c)
                  and max(abs(c[0] - red[0]), abs(c[1] - red[1])) > 1)
    for n, cell in enumerate(free, start=90):  # a zombie on every square of the lounge
        state.invaders[f"zombie#{n}"] = Invader(f"zombie#{n}", "zombie", [cell])
    table.submit(next(a for a in session.legal_actions() if a.kind == "declare" and a.payload["action"] == "fire"))
    table.dirty = True
    U.draw(app)
    targets = sorted(table.choices.targets)
    assert targets
    crossed = 0  # how often the card beside the pointer, as it was placed, lay over the panel
    for cell in targets:
        table.target = cell
        table.dirty = True
        U.draw(app)
        for dx, dy in ((0, 0), (-6, -6), (6, 6)):
            x, y = table.screen_of_cell(cell)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + dx, y + dy), rel=(0, 0), buttons=(0, 0, 0)))
            app.step()
            U.draw(app)
            card = table._figure_card()
            odds = table._preview_at
            assert card is not None and odds is not None and odds[0] == cell
            assert not card[0].colliderect(odds[2]), (cell, card[0], odds[2])
            beside = pygame.Rect(x + dx + app.ctx.px(18), y + dy + app.ctx.px(18), *card[0].size).clamp(table.view_rect)
            crossed += beside.colliderect(odds[2])
    i18n.set_language("en")
    assert crossed  # the case the fix is for was met


def test_the_card_of_a_figure_at_the_views_edge_leaves_the_figure_in_sight(make_app):
    """A marine respawned in the bottom right corner of the map: its card, pushed up and left by
    the view's edges, lay over the marine itself. It goes to a side of the pointer clear of it."""
    app = make_app(U.SIZE)
    table = _table(app)
    state = table.state
    red = state.seats[0]
    view = table.view_rect
    state.revealed += [a for a in ("A2", "A3") if a not in state.revealed]  # a table wider than the view
    table._frame(force=True)
    free = [c for c in table._seen_cells() if c not in state.figure_cells() and not state.markers_at(c)]
    corner = max(free, key=lambda c: c[0] + c[1])  # the bottom right square on the table
    table.camera.zoom_at(2, *table.screen_of_cell(corner))  # closer, then the square to the view's corner
    x, y = table.screen_of_cell(corner)
    table.camera.pan(view.right - 30 - x, view.bottom - 30 - y)
    bottom = corner
    state.marines[red].cell = bottom
    table.dirty = True
    U.draw(app)
    pos = table.screen_of_cell(bottom)
    assert view.bottom - pos[1] < 120 and view.right - pos[0] < 300  # the card beside the pointer fits neither way
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    card = table._figure_card()
    assert card is not None and card[1] == red
    middle = table._cell_rect(bottom).inflate(-table._cell_rect(bottom).width // 2, -table._cell_rect(bottom).height // 2)
    assert not card[0].colliderect(middle), (card[0], middle)


def test_the_hover_card_reads_the_rules_reference_for_every_prop_kind():
    """One source: the marker hover card's words are the rules reference's [marker.<kind>]
    (game/doom/rules_reference.toml), written apart in the table before (MARKER_TEXTS); every
    prop kind a Doom map may hold has an entry, and each sums up a rule that exists."""
    from game.board.tmx import DOOM_PROP_KINDS
    from game.doom.content import shared_content
    from game.doom.rules.state import Marker
    from game.tutorial.library import rules_for
    from game.ui.doom import table_scene

    reference = rules_for("doom")
    assert set(reference.markers) == set(DOOM_PROP_KINDS)
    assert table_scene.marker_texts() == reference.markers
    assert not hasattr(table_scene, "MARKER_TEXTS")
    state = Session.start(DoomTitle(), "knee_deep", 1, {"marines": 1}).state
    for n, kind in enumerate(sorted(DOOM_PROP_KINDS)):
        entry = reference.markers[kind]
        assert entry.section and reference.get(entry.section) is not None, kind
        cell = (-10 - n, -10)
        state.markers.append(Marker(f"t{n}", kind, "shells" if kind == "equipment" else "red", cell))
        title, lines = marker_card_lines(state, shared_content(), cell)
        state.markers.pop()
        assert lines == [entry.text], kind
        if entry.title:
            assert title == entry.title.format(colour="red", key="red"), kind


def test_a_marines_hover_card_wraps_its_cards_rules_in_hungarian_at_125_percent(make_app):
    """At 125% in 1280x720 the Hungarian (and Greek) hover card of the Green marine cut the
    rules of its Officer and Medic cards with '…' ('...+1 hatótávot és sebzést k…'): a line
    wider than the view goes on over the next lines, every word of it on the card."""
    from dataclasses import replace

    from game.ui.doom import words
    from game.ui.scene import ChangeSettings

    app = make_app(U.SIZE)
    app.apply(ChangeSettings(replace(app.ctx.settings, language="hu", ui_scale=1.25)))
    i18n.set_language("hu")
    table = _table(app, seats=("human", "human"))
    st = table.state
    red = st.seats[0]
    st.marines[red].cards = ["officer", "medic"]
    table._after_change()
    U.draw(app)
    card = _hover(app, table, st.marines[red].cell)
    assert card is not None and card[1] == red
    lines = card[3]
    assert not [line for line in lines if "\u2026" in line], lines
    for c in ("officer", "medic"):
        assert words.name(st.content.marine_card(c)) in " ".join(lines), (c, lines)
    assert card[0].right <= table.view_rect.right and card[0].bottom <= table.view_rect.bottom
