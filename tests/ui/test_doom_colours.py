"""Issue 13 item 1: each marine's colour is picked on the Doom set-up screen (no two alike); the
choice is a game option (rules/setup.py marine_seats: a marine's colour is its identity in the
rules and the log), so the table, the log and a save continued from the menu keep it."""
from __future__ import annotations

import pytest

from game.doom.rules.title import DoomTitle
from game.engine.session import Session
from game.ui.doom.setup_scene import DoomSetup, SetupChoice
from game.ui.doom.table_scene import DoomTable
from game.ui.doom import words
from tests.ui.conftest import click, continue_from_menu, move


def do_click(app, pos) -> None:
    move(pos)
    click(pos)
    app.run(max_frames=1)


def hit(setup, what):
    return next(rect for rect, w in setup.hits if w == what).center


def test_marine_colours_are_chosen_by_click_and_kept_through_continue(make_app):
    app = make_app((1280, 720))
    setup = DoomSetup(app.ctx, SetupChoice(seats=["human", "human", "bot"], seed=4))
    app.push(setup)
    app.run(max_frames=1)
    assert setup.choice.seat_colours() == ["red", "green"]
    do_click(app, hit(setup, "colour:0"))  # red -> green: the green marine's seat takes red
    assert setup.choice.seat_colours() == ["green", "red"]
    do_click(app, hit(setup, "colour:1"))  # red -> green again: they swap back
    do_click(app, hit(setup, "colour:1"))  # green -> blue, free: no swap
    assert setup.choice.seat_colours() == ["red", "blue"]
    assert setup.seat_colour(1) == words.colour("blue")
    do_click(app, hit(setup, "start"))
    table = app.top
    assert isinstance(table, DoomTable)
    assert table.state.seats == ["red", "blue"] and table.session.options["colours"] == ["red", "blue"]
    assert "blue" in table.state.marines and "green" not in table.state.marines
    assert table.colour_of("blue") == words.colour("blue")
    app.close()

    again = continue_from_menu(make_app)
    assert isinstance(again, DoomTable)
    assert again.state.seats == ["red", "blue"] and again.session.options["colours"] == ["red", "blue"]


def test_the_default_colours_send_no_option_and_bad_colours_are_refused():
    assert "colours" not in SetupChoice(seats=["human", "bot"]).options()
    s = Session.start(DoomTitle(), "knee_deep", seed=2, options={"marines": 2, "colours": ["blue", "green"]})
    assert s.state.seats == ["blue", "green"]
    assert s.state.marines["blue"].cell == (1, 8)  # the first start square goes to the first seat
    s.apply(next(a for a in s.legal_actions() if a.kind == "declare"))
    assert any(t.startswith("Blue ") for t in s.log.texts())  # the log names the marine by its colour
    for bad in (["blue", "blue"], ["red"], ["red", "purple"]):
        with pytest.raises(ValueError, match="option colours"):
            Session.start(DoomTitle(), "knee_deep", seed=2, options={"marines": 2, "colours": bad})
