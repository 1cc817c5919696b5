"""Issue 22, "nothing lost": bots' random state is part of the saved game, so a game continued
from its autosave (the menu's Continue) or from a named save goes on exactly as the game that
was never interrupted: the same actions, the same state hash. Played at the real table (bots on
every seat, headless), for Gears (CogBot, whose ties go to its seeded stream) and for Doom (the
table's own bots, and the engine's RandomBot on its seats, a bot with nothing but random state)."""
from __future__ import annotations

import pytest

from game.engine.bots import RandomBot
from game.engine.session import load_session, read_save
from game.ui.doom.table_scene import DoomTable
from game.ui.gears.table_scene import GearsTable
from game.ui.kit.game_table import GameTable
from tests.ui import test_doom_play as doom_play
from tests.ui import test_gears_play as gears_play
from tests.ui.conftest import continue_from_menu


def bots_play(table: GameTable, until: int) -> None:
    """The table's bots act (no pause, no animation) until the game has `until` actions."""
    table.animate, table.bot_delay_ms = False, 0
    for _ in range(until * 5):
        if len(table.session.actions) >= until or table.session.is_over():
            break
        table.update(50)
    assert len(table.session.actions) == until, "the game ended early: pick fewer actions"


def start(make_app, title: str, seed: int):
    if title == "gears":
        return gears_play.start_game(make_app, seats=("bot", "bot"), seed=seed)
    return doom_play.start_game(make_app, seats=("bot", "bot"), seed=seed)


def played(table: GameTable):
    return list(table.session.actions), table.session.state_hash()


# (title, seed, actions before the interruption, actions after, Doom's bots)
CASES = [("gears", 7, 30, 30, "shipped"), ("gears", 11, 25, 35, "shipped"),
         ("doom", 4242, 20, 40, "shipped"), ("doom", 4242, 20, 40, "random"), ("doom", 99, 30, 30, "random")]


def seat_bots(monkeypatch, bots: str) -> None:
    """"random": the engine's RandomBot on Doom's seats (its table's GreedyBot has no state)."""
    if bots == "random":
        monkeypatch.setattr(DoomTable, "make_bot", lambda self, i: RandomBot(self.session.seed * 31 + i))


@pytest.mark.parametrize("title, seed, n, m, bots", CASES)
def test_continue_plays_the_uninterrupted_game(make_app, config_dir, monkeypatch, title, seed, n, m, bots):
    seat_bots(monkeypatch, bots)
    _app, whole = start(make_app, title, seed)
    bots_play(whole, n + m)
    want = played(whole)

    _app, first = start(make_app, title, seed)
    bots_play(first, n)
    again = continue_from_menu(make_app)  # a new App, as after a restart: the autosave
    assert isinstance(again, GearsTable if title == "gears" else DoomTable)
    assert played(again) == played(first)
    bots_play(again, n + m)
    assert played(again) == want


@pytest.mark.parametrize("title, seed, n, m, bots", [CASES[0], CASES[3]])
def test_a_named_save_loaded_plays_the_uninterrupted_game(make_app, config_dir, monkeypatch, title, seed, n, m, bots):
    seat_bots(monkeypatch, bots)
    _app, whole = start(make_app, title, seed)
    bots_play(whole, n + m)
    want = played(whole)

    _app, first = start(make_app, title, seed)
    bots_play(first, n)
    path = first.save_game()
    assert path is not None
    saved = first.saves.load(path)
    assert set(saved.session.bot_states) == set(first.players)  # every seat is a bot with a state
    app = make_app()
    later = type(first)(app.ctx, saved.session, saved.seats, app.screen.get_size(), first.saves.autosave_path())
    bots_play(later, n + m)
    assert played(later) == want


def test_an_old_save_without_bots_loads_and_its_bots_start_fresh(make_app, config_dir):
    """A save written before bots' state was kept (no "bots" key) still continues."""
    import json

    _app, first = start(make_app, "gears", 7)
    bots_play(first, 10)
    path = first.saves.autosave_path()
    assert set(read_save(path)["bots"]) == set(first.players)
    data = load_session(path, first.session.title).to_save()  # as Tiletop wrote it then: version 1
    del data["bots"]
    path.write_text(json.dumps(data))
    again = continue_from_menu(make_app)
    assert isinstance(again, GearsTable) and again.session.bot_states == {}
    assert played(again) == played(first) and not again.message
    bots_play(again, 15)


def test_a_saved_bot_state_the_bot_refuses_is_said_and_the_bot_starts_fresh(make_app, config_dir):
    import json

    _app, first = start(make_app, "gears", 7)
    bots_play(first, 10)
    path = first.saves.autosave_path()
    data = load_session(path, first.session.title).to_save()
    seat = first.players[0]
    data["bots"][seat]["state"] = {"rng": [1, 2]}  # an even increment: no PCG32 stream
    path.write_text(json.dumps(data))
    again = continue_from_menu(make_app)
    assert isinstance(again, GearsTable)
    assert again.message == (f"The saved state of the bot playing {again.player_name(seat)} could not be read: "
                             "it starts afresh.")
    fresh = again.make_bot(0)
    assert again.bots[seat].get_state() == fresh.get_state()
    bots_play(again, 15)


@pytest.mark.parametrize("side, words", [
    ("[" * 100 + "]" * 100, "the values are nested too deeply in the file (at most 64 levels)"),
    ("[" * 50_000 + "]" * 50_000, "the file is too large"),
    ('{"seats": ["bot"]}', "it does not list one seat (human or bot) per player"),
    ('{"seats": ["bot", "robot"]}', "it does not list one seat (human or bot) per player"),
    ("", "the file is empty"),
])
def test_a_damaged_seats_file_is_said_and_every_seat_is_a_person(make_app, config_dir, side, words):
    """Issue 22: "a broken seats side file (a bot,bot game continues as two people), all without
    a word". It still continues with people (the safe guess), but the table says why."""
    from game.ui.kit.saves import seats_path

    _app, first = start(make_app, "gears", 7)
    bots_play(first, 5)
    seats_path(first.saves.autosave_path()).write_text(side)
    again = continue_from_menu(make_app)
    assert isinstance(again, GearsTable) and again.seats == ["human", "human"]
    assert again.message.startswith(str(seats_path(first.saves.autosave_path()))) and words in again.message
    assert again.message.endswith(": every seat is played by a person.")


def test_a_save_without_a_seats_file_loads_quietly(make_app, config_dir):
    from game.ui.kit.saves import seats_path

    _app, first = start(make_app, "gears", 7)
    bots_play(first, 5)
    seats_path(first.saves.autosave_path()).unlink()
    again = continue_from_menu(make_app)
    assert isinstance(again, GearsTable) and again.seats == ["human", "human"] and not again.message
