"""The invader's spawn buttons say when the card's figures have nowhere to go: at the start of
Knee-Deep in the Dead the marines see every explored square, so a spawn card played then brings
no one and is spent ('... elvész' in the log, seen playing the invader in Hungarian); the buttons
offered it as any other. The words come from the squares the placement would offer
(rules/queries.placements)."""
from __future__ import annotations

from game import i18n
from game.doom.rules import queries as Q
from game.doom.rules.title import DoomTitle
from game.engine.session import Session
from game.ui.doom.table_scene import DoomTable
from tests.ui import test_ui_scale as U


def _invader_at_spawn(app, size=U.SIZE):
    """Knee-Deep hot-seat, the marine's first turn passed: the invader decides, its hand shown."""
    session = Session.start(DoomTitle(), "knee_deep", 11, {"marines": 1})
    table = DoomTable(app.ctx, session, ["human", "human"], size, bot_delay_ms=0, animate=False)
    app.push(table)
    table.submit(next(a for a in session.legal_actions() if a.kind == "declare" and a.payload["action"] == "ready"))
    table.submit(next(a for a in session.legal_actions() if a.kind == "end_turn"))
    table.handoff = None
    U.draw(app)
    assert session.decider == "invader"
    return session, table


def test_a_spawn_with_no_square_out_of_sight_says_it_is_lost(make_app):
    app = make_app(U.SIZE)
    session, table = _invader_at_spawn(app)
    spawns = [a for a in session.legal_actions() if a.kind == "spawn"]
    assert spawns
    card = spawns[0].payload["card"]
    half = table.content.invader_card(card).halves[spawns[0].payload["half"]]
    assert not any(Q.placements(table.state, g.monster) for g in half)  # A1 only, all in sight
    table.selected_card = card
    _prompt, buttons = table.prompt_choices()
    said = [label for label, what, _p in buttons if getattr(what, "kind", "") == "spawn"]
    assert said and all("no room out of sight, lost" in label for label in said), said
    i18n.set_language("hu")
    try:
        _prompt, buttons = table.prompt_choices()
        hu = [label for label, what, _p in buttons if getattr(what, "kind", "") == "spawn"]
        assert hu and all("lost" not in label for label in hu), hu
    finally:
        i18n.set_language("en")


def test_a_spawn_that_fits_says_nothing_more(make_app):
    app = make_app(U.SIZE)
    session, table = _invader_at_spawn(app)
    table.state.revealed.append("A3")  # the junction hall, out of the marine's sight
    table.state_version += 1  # the table reads the state again
    spawns = [a for a in session.legal_actions() if a.kind == "spawn"]
    card = spawns[0].payload["card"]
    table.selected_card = card
    _prompt, buttons = table.prompt_choices()
    said = [label for label, what, _p in buttons if getattr(what, "kind", "") == "spawn"]
    assert said and not any("lost" in label for label in said), said
