"""Issue 13 item 4 on the Doom table: the invader's spawns and activations shown step by step,
each with its reason, skippable; and the hot-seat handoff only where something is hidden.

A figure coming onto the map (spec 8.2: a spawn card's figures, placed one at a time out of every
marine's sight; spec 3.10: the figures of an area just revealed) appears in turn with a portal on
its squares; the bots wait until it has appeared; Space skips. Each bot step's reason stands in a
caption over the map while the bots act. The rules place figures on explored squares only
(`queries.placements`), so a marine's view never gets an effect or a square it has not seen."""
from __future__ import annotations

import pygame

from game.doom.rules.names import place
from game.ui.doom.entry import INVADER
from game.ui.doom.table_scene import SPAWN_MS
from tests.ui.conftest import key
from tests.ui.test_doom_play import play_by_clicks, start_game
from tests.ui.test_gears_play import do_click


def _until_spawn(app, table, limit: int = 3000):
    """Run the real loop (bots acting, moves, dice and reveals skipped) until the invader has just
    placed a figure of its spawn card and it is coming onto the map."""
    for _ in range(limit):
        if table.spawns and table.session.actions[-1].kind == "place" or table.session.is_over():
            break
        if table.anims or table.dice is not None or table.spawns:
            table.skip_animation()
        app.run(max_frames=1)
    assert table.spawns, "no figure came onto the map"


def test_a_spawned_figure_appears_in_turn_with_its_reason_and_the_bots_wait(make_app):
    """Spec 8.2: the invader's spawn card brings its figures in one by one; each placement is the
    AI's choice with its reason (the square, out of sight, how far from the marines), shown over
    the map while its figure appears; the next step waits for it; Space skips the effect."""
    app, table = start_game(make_app, seats=("bot", "bot"))
    table.animate = True
    _until_spawn(app, table)
    st = table.state
    fx = table.spawns[0]
    assert st.phase in ("spawn", "kill") and table.session.actions[-1].kind == "place"
    assert st.invaders[fx.figure].cells == fx.cells  # on the squares the rules placed it
    who, why, at = table.step_note
    assert who == INVADER and at == len(table.session.actions)
    # The AI's reason, with the place a player finds on the map (not the square's coordinates).
    assert "appears in " + str(place(st, fx.cells)) in why and "out of sight" in why
    assert table.ai.lines[-1] == why  # the AI panel says the same
    # The effect plays at its pace: no bot acts meanwhile; the caption is on the map.
    n = len(table.session.actions)
    for _ in range(4):
        app.run(max_frames=1)
    assert table.busy and table.spawns and table.spawns[0].figure == fx.figure
    assert len(table.session.actions) == n
    caption = [r for r, _n in table.panels if r.top <= table.view_rect.top + table.ctx.px(14)]
    assert caption and table.view_rect.contains(caption[0])
    # Space skips it; the invader goes on (with no pause set, at once).
    key(pygame.K_SPACE)
    app.run(max_frames=1)
    assert all(f.figure != fx.figure for f in table.spawns) and len(table.session.actions) > n
    # Played to its end, an effect takes SPAWN_MS at the table's pace (a frame counts 100 ms at most).
    _until_spawn(app, table)
    frames = 0
    first = table.spawns[0]
    while table.spawns and table.spawns[0] is first:
        app.run(max_frames=1)
        frames += 1
    assert frames >= SPAWN_MS // 100


def test_an_areas_figures_appear_one_after_the_other_on_the_marines_table(make_app):
    """Spec 3.10: opening D1 reveals A2 and A3 and the figures the scenario puts there; they come
    onto the marine's table in turn (the first drawn, the rest not yet), every effect on a square
    of a revealed area (`_seen_cells`: the marine's table); Space shows them all at once."""
    app, table = start_game(make_app)
    table.animate = True
    st = table.state
    play_by_clicks(app, table, next(a for a in table.session.legal_actions()
                                    if a.kind == "declare" and a.payload["action"] == "run"))
    do_click(app, table.screen_of_cell((5, 8)))
    table.skip_animation()
    app.run(max_frames=1)
    do_click(app, table.screen_of_door("D1"))
    assert {"A2", "A3"} <= set(st.revealed)
    placed = [e.event.payload["figure"] for e in table.session.log if e.event.kind == "placed"]
    assert len(placed) >= 2 and [fx.figure for fx in table.spawns] == placed
    seen = table._seen_cells()
    assert all(set(fx.cells) <= seen for fx in table.spawns)
    # The last one waits for its turn: its square shows no token until the effect gets there.
    last = table.spawns[-1]
    at = table.screen_of_cell(last.cells[0])
    app.draw(app.screen)
    waiting = app.screen.get_at(at)
    key(pygame.K_SPACE)
    app.run(max_frames=1)
    assert not table.spawns
    app.draw(app.screen)
    assert app.screen.get_at(at) != waiting


def test_spawn_effects_only_on_the_viewers_table(make_app):
    """Hidden information: an effect is queued only for squares on the viewer's table; a marine
    at the table has the revealed areas only, so a square of an unexplored area gets none."""
    from game.engine.protocol import Event

    app, table = start_game(make_app)
    table.animate = True
    st = table.state
    hidden = next(c for a, cells in st.map.areas.items() if a not in st.revealed for c in cells)
    assert table.viewer == "red" and hidden not in table._seen_cells()
    table.animate_event(Event("placed", "An imp appears.", {"figure": "imp#99", "cells": [list(hidden)]}), {})
    assert table.spawns == []
    shown = next(iter(table._seen_cells()))
    table.animate_event(Event("placed", "An imp appears.", {"figure": "imp#98", "cells": [list(shown)]}), {})
    assert [fx.figure for fx in table.spawns] == ["imp#98"]


def _end_marine_turn(app, table) -> None:
    """Declare Run if nothing is declared yet, then end the turn, by clicks."""
    me = table.session.decider
    while table.session.decider == me:
        acts = table.session.legal_actions()
        play_by_clicks(app, table, next(a for a in acts if a.kind in ("end_turn", "declare")))


def test_no_handoff_card_between_marines(make_app):
    """Hot-seat: marines hide nothing from each other, so the turn passes from one marine to the
    next with a notice, not a card to click; the card comes up only when the desk passes to a
    person playing the invader (their hand and the whole map: kit GameTable.needs_handoff)."""
    app, table = start_game(make_app, seats=("human", "human", "bot"))
    assert table.handoff is None and table.viewer == "red"
    _end_marine_turn(app, table)
    assert table.session.decider == "green" and table.viewer == "green"
    assert table.handoff is None and table.message_ok and table.message == "Green marine's turn."

    app, table = start_game(make_app, seats=("human", "human", "human"))
    assert table.handoff is None  # the marines' view: nothing the invader may not see
    _end_marine_turn(app, table)
    assert table.session.decider == "green" and table.handoff is None
    _end_marine_turn(app, table)
    assert table.session.decider == INVADER and table.handoff == INVADER


def test_the_invader_bot_declining_a_card_tells_the_marines_nothing(make_app):
    """Hidden information (spec 8.1: the invader's hand is secret): the rules ask the invader
    about Dodge, Dud, Hellfire, Dark Energies, Trap or Ambush (once only when it held the card,
    from rules revision 1 whenever its hand holds any), so a marine's screen shows nothing of the
    bot's "no" (no log line, no AI panel line, no pause); the invader's own log keeps its reason."""
    from game.doom.invader_ai import QUIET

    app, table = start_game(make_app, seats=("bot", "bot"))
    declined = 0
    for _ in range(4000):
        if table.session.is_over() or declined >= 2:
            break
        table.viewer = "red"
        n = len(table.session.actions)
        # a card it holds (from rules revision 1 it is asked whatever it holds: a question with
        # nothing to play has one option, and its pass goes unsaid even in the invader's log)
        asked = table._asks_invader_card() and len(table.session.legal_actions()) > 1
        table.update(50)
        if asked and len(table.session.actions) > n and table._card_declined(table.session.actions[n]):
            declined += 1
    assert declined, "the invader was never asked about a card it holds"
    table.viewer = "red"  # (with bots alone the table shows whoever decides)
    assert not any(str(QUIET) in line for line in table.log)
    assert not any(str(QUIET) in line for line in table.ai.lines)
    table.viewer = INVADER
    assert any(str(QUIET) in line for line in table.log)


def test_a_large_targets_outline_shows_over_its_token(make_app):
    """Spec 3.4: each square of a large figure may be targeted; the lit outline of a target square
    is drawn over the figure's token (drawn beneath it, the 2x2 token hid the outline's inner
    corner, where the four squares meet)."""
    from game.doom.rules.state import Invader

    app, table = start_game(make_app)
    st = table.state
    cells = [(3, 6), (4, 6), (3, 7), (4, 7)]
    assert all(c in table._seen_cells() and c not in st.figure_cells() for c in cells)
    st.invaders["hell_knight#1"] = Invader("hell_knight#1", "hell_knight", cells)
    play_by_clicks(app, table, next(a for a in table.session.legal_actions()
                                    if a.kind == "declare" and a.payload["action"] == "fire"))
    assert set(cells) <= set(table.choices.targets)
    table.mouse = None
    app.draw(app.screen)
    inner = table._cell_rect((3, 6)).inflate(-3, -3).bottomright  # where the four squares meet
    r, g, b, *_a = app.screen.get_at((inner[0] - 2, inner[1] - 2))
    assert r > 150 and g < 120 and b < 120, (r, g, b)  # the target red, not the token's art
