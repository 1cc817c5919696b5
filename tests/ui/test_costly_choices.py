"""Issue 21 item 6: after "Do not follow", "Discard the Snub Pistol" appeared in the same place
and a second click discarded a weapon. A costly choice (GearsTable.costly: discard a weapon or
a wound card, let a reaction or an attack go, end a move) that appears under the pointer does
not take the click that made it appear: a click on it then only asks again, until the pointer
has left it or HOLD_MS have passed. Driven through the real loop with posted events."""
from __future__ import annotations

from game.engine.protocol import Action
from game.engine.session import Session
from game.gears import bots
from game.gears.rules.title import GearsTitle
from game.ui.gears.entry import SAVES
from game.ui.gears.table_scene import GearsTable
from game.ui.kit.game_table import HOLD_MS
from tests.ui.conftest import click, move


def costly_button(table):
    return next(((r, label, w) for r, label, w in table.buttons if isinstance(w, Action) and table.costly(w)), None)


def table_with_a_costly_choice(make_app):
    app = make_app()
    session = Session.start(GearsTitle(), "emergence", seed=5, options={"players": 2})
    table = GearsTable(app.ctx, session, ["human", "bot"], (1280, 720), SAVES.autosave_path(), animate=False)
    app.push(table)
    chooser = {p: bots.CogBot(seed=i) for i, p in enumerate(table.state.players)}
    for _ in range(1500):
        app._force_redraw = True
        app.draw(app.screen)
        if table.session.decider == "P1" and costly_button(table):
            return app, table
        table.submit(chooser[table.session.decider].decide(table.state, table.session.legal_actions()).action)
    raise AssertionError("no costly choice came up")


def appear_under_pointer(app, table, pos):
    """The costly button shown anew with the pointer on it (as right after the click that
    replaced the button that was there)."""
    table._costly_seen.clear()
    table.mouse = pos
    app._force_redraw = True
    app.draw(app.screen)


def test_a_costly_choice_under_the_pointer_asks_for_a_second_click(make_app):
    app, table = table_with_a_costly_choice(make_app)
    rect, label, _what = costly_button(table)
    appear_under_pointer(app, table, rect.center)
    before = len(table.session.actions)
    click(rect.center)
    app.run(max_frames=1)
    assert len(table.session.actions) == before  # the first click only asks
    assert label in table.message
    click(rect.center)
    app.run(max_frames=1)
    assert len(table.session.actions) == before + 1  # the second, deliberate click chooses


def test_a_costly_choice_is_ready_once_the_pointer_left_it_or_after_the_hold(make_app):
    app, table = table_with_a_costly_choice(make_app)
    rect, _label, _what = costly_button(table)
    appear_under_pointer(app, table, rect.center)
    assert table._held
    for _ in range(HOLD_MS // 100 + 1):  # the hold passes with the pointer still on it (frames of 100 ms)
        table.update(100)
    app._force_redraw = True
    app.draw(app.screen)
    assert not table._held
    appear_under_pointer(app, table, rect.center)
    move((rect.right + 40, rect.bottom + 80))  # the pointer leaves it...
    app.run(max_frames=1)
    move(rect.center)  # ...and comes back: a deliberate aim
    before = len(table.session.actions)
    click(rect.center)
    app.run(max_frames=2)
    assert len(table.session.actions) == before + 1


def test_a_costly_choice_not_under_the_pointer_takes_one_click(make_app):
    app, table = table_with_a_costly_choice(make_app)
    rect, _label, _what = costly_button(table)
    appear_under_pointer(app, table, (rect.left - 200, rect.bottom + 150))
    assert not table._held
    before = len(table.session.actions)
    click(rect.center)
    app.run(max_frames=1)
    assert len(table.session.actions) == before + 1
