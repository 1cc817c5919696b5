"""The Gears log in a player's words: a move is one line naming where it went ("Augustus Cole
moves from Lawn (9A) through Memorial steps (16A) to Storefront (12A)."); it was a line per area,
each step being an action of its own. Drawn headless on the real App."""
from __future__ import annotations

import pytest

from game import i18n
from game.gears.rules import names as N
from game.gears.rules.title import GearsTitle
from game.ui.gears.entry import SAVES
from game.ui.gears.table_scene import GearsTable
from tests.ui.conftest import continue_from_menu


def move_table(make_app, seats=("human", "human")):
    """Emergence at the desk, P1 (a person) to act with Roadie Run (move up to 5 areas) in hand."""
    from tests.gears.built import built_session, give_hand

    def build(state):
        give_hand(state, state.players[0], ["roadie_run", "sit_tight"])

    app = make_app()
    table = GearsTable(app.ctx, built_session(GearsTitle(), "emergence", 5, 2, build), list(seats), (1280, 720),
                       SAVES.autosave_path(), animate=False)
    app.push(table)
    app.run(max_frames=1)
    return app, table


def walk(table, steps: int) -> list[str]:
    """P1 plays Roadie Run to move and takes `steps` steps, each to an area not yet visited,
    then ends the move: the areas, the first the one left."""
    acts = table.session.legal_actions()
    table.submit(next(a for a in acts if a.kind == "play" and a.payload["as"] == "card"))
    while not any(a.kind == "step" for a in table.session.legal_actions()):
        table.submit(next(a for a in table.session.legal_actions() if a.kind in ("do", "no_follow")))
    path = [table.state.cogs["P1"].area]
    for _ in range(steps):
        step = next(a for a in table.session.legal_actions() if a.kind == "step" and a.payload["area"] not in path)
        table.submit(step)
        path.append(step.payload["area"])
    table.submit(next(a for a in table.session.legal_actions() if a.kind == "stop"))
    return path


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_a_move_is_one_log_line_naming_where_it_went(make_app, language):
    app, table = move_table(make_app)
    i18n.set_language(language)
    path = walk(table, 3)
    words = [table._words(a) for a in path]  # the areas' names as the log writes them
    moved = [line for line in table.log if all(w in line for w in words)]
    line = table._words(str(N.moved(N.character(table.state.cogs["P1"].character), path)))
    assert moved == [line]
    # No line of its own for an area on the way.
    steps = [e.event for e in table.session.log if e.event.kind == "move"]
    assert len(steps) == 3
    cog = table.player_name("P1").split(" (")[0]
    assert not [x for x in table.log if x != line and x.startswith(cog) and any(table._words(a) in x for a in path[1:-1])]
    if language == "en":
        assert line == f"{cog} moves from {words[0]} through {words[1]}, {words[2]} to {words[3]}."


def test_the_joined_move_line_comes_back_after_continue(make_app):
    """A continued game reads its log again from the session (reset_log): the move is still one line."""
    _app, table = move_table(make_app)
    path = walk(table, 2)
    line = table._words(str(N.moved(N.character(table.state.cogs["P1"].character), path)))
    assert line in table.log
    again = continue_from_menu(make_app)
    assert isinstance(again, GearsTable)
    assert line in list(again.log)
    cog = table.player_name("P1").split(" (")[0]
    assert not [x for x in again.log if x != line and x.startswith(cog) and table._words(path[1]) in x]


def test_one_step_names_where_it_came_from(make_app):
    _app, table = move_table(make_app)
    path = walk(table, 1)
    cog = table.player_name("P1").split(" (")[0]
    assert f"{cog} moves from {table._words(path[0])} to {table._words(path[1])}." in table.log
