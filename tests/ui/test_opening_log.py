"""The table's log shows the game's opening lines (what the set-up said before the first
question) as the game starts, after Continue and after an undo back to the start; the lines a
seat may not read stay hidden from it (Doom's invader draws its 5 cards in secret)."""
from __future__ import annotations

from game.engine.session import Session
from game.gears.rules.title import GearsTitle
from game.ui.doom.entry import INVADER
from game.ui.doom.table_scene import DoomTable
from game.ui.gears.table_scene import GearsTable
from tests.ui.test_doom_play import start_game

EMERGENCE_5 = ["Tile 9A is placed.", "Drone 1 spawns in Lawn (9A)."]  # as the table words areas


def shown(app, table) -> list[str]:
    app.run(max_frames=1)
    if table.handoff is not None:
        table.handoff = None
        app.run(max_frames=1)
    return list(table.log)


def test_a_gears_hot_seat_table_opens_with_the_set_up_lines(make_app, config_dir):
    app = make_app((1280, 720))
    session = Session.start(GearsTitle(), "emergence", 5, {"players": 2}, casual=True)
    table = GearsTable(app.ctx, session, ["human", "human"], (1280, 720), config_dir / "t.json", animate=False)
    app.push(table)
    assert shown(app, table) == EMERGENCE_5
    assert table.submit(session.legal_actions()[0])  # Drone 1's cover, a person's decision
    lines = shown(app, table)
    assert lines[:2] == EMERGENCE_5 and len(lines) > 2
    table.undo()
    assert shown(app, table)[:2] == EMERGENCE_5 and not session.actions


def test_doom_s_set_up_lines_hide_the_invader_s_cards_from_a_marine_and_stay_after_continue(make_app):
    app, table = start_game(make_app)  # red a person, the invader a bot
    secret = {e.text for e in table.session.opening if e.visible_to == (INVADER,)}
    assert len(secret) >= 1 and table.viewer == "red"
    lines = shown(app, table)
    assert "The invader draws 5 cards." in lines and "Red's turn." in lines
    assert not secret & set(lines)
    assert table.submit(table.session.legal_actions()[0])
    again = DoomTable.from_autosave(app.ctx)
    app.push(again)
    continued = shown(app, again)
    assert continued[:len(lines)] == lines and not secret & set(continued)
