"""The hot-seat handoff card only where the next person's view shows what the one leaving may not
see (kit: GameTable.needs_handoff): in Roadblocks the players place the Tickers in turn before any
Order card is dealt, and each change of player had brought a handoff card with nothing behind it."""
from __future__ import annotations

from game.ui.gears.setup_scene import GearsSetup, SetupChoice
from game.ui.gears.table_scene import GearsTable
from tests.ui.conftest import click
from tests.ui.test_gears_play import do_click, play_by_clicks


def start(make_app, mission: str, seats=("human", "human"), seed: int = 3):
    app = make_app((1280, 720))
    setup = GearsSetup(app.ctx, SetupChoice(mission=mission, seats=list(seats), characters=[None] * len(seats),
                                            seed=seed))
    app.push(setup)
    app.run(max_frames=1)
    click(next(rect for rect, what in setup.hits if what == "start").center)
    app.run(max_frames=1)
    table = app.top
    assert isinstance(table, GearsTable) and table.state.mission == mission
    table.animate = False
    app.run(max_frames=1)
    return app, table


def test_set_up_placements_pass_the_desk_without_a_card_until_cards_are_dealt(make_app):
    app, table = start(make_app, "roadblocks")
    deciders, said = [], []
    while not any(c.hand for c in table.state.cogs.values()):
        decider = table.session.decider
        assert table.handoff is None, f"a handoff card before any card is dealt ({decider})"
        assert table.viewer == decider
        if not deciders or deciders[-1] != decider:
            deciders.append(decider)
            said.append(table.message)
        play_by_clicks(app, table, table.session.legal_actions()[0])
    assert len(deciders) >= 2, deciders  # the Ticker placements, one player after the other
    # Each change of person is said on the message line instead.
    assert all(table.player_name(d) in m for d, m in zip(deciders[1:], said[1:]))
    # Cards dealt: the next person at the desk sees a hand the other may not, behind the card.
    for _ in range(200):
        if table.handoff is not None:
            break
        play_by_clicks(app, table, table.session.legal_actions()[0])
    decider = table.session.decider
    assert table.handoff == decider and table.state.cogs[decider].hand and table.card_rects == {}
    do_click(app, table.view_rect.center)
    assert table.handoff is None and table.card_rects



def test_a_person_given_the_desk_without_a_card_gets_one_when_their_hand_comes(make_app):
    """The Showdown: P2 answers the set-up questions (which Locust is placed next, which cover
    spot) with no card, nothing being private yet; whoever sat at the desk may have answered
    them. When P2's Order cards are dealt, the card comes up before the hand shows, though the
    decision never left P2 (it showed P2's hand to the desk at once)."""
    app, table = start(make_app, "the_showdown", seats=("human", "human", "bot"), seed=5)
    for _ in range(200):
        decider = table.session.decider
        if not table.is_bot(decider) and table.state.cogs[decider].hand:
            break
        assert table.handoff is None
        play_by_clicks(app, table, table.session.legal_actions()[0])
    assert table.viewer == decider and table.handoff == decider and table.card_rects == {}
    do_click(app, table.view_rect.center)
    assert table.handoff is None and table.seated == decider and table.card_rects
