"""The Doom table's bots (game/ui/doom/table_scene.py `make_bot`): the invader seat is the
automated invader of spec 11.D at the level chosen on the set-up screen (veteran unless another
is chosen), the marine seats MarineBot; a continued game keeps the level (it travels with the
bot's saved state); the invader bot's reasons reach the AI panel."""
from __future__ import annotations

from game.doom.invader_ai import InvaderAI
from game.doom.marine_bot import MarineBot
from game.ui.doom.entry import INVADER
from game.ui.doom.setup_scene import DoomSetup, SetupChoice
from game.ui.doom.table_scene import DoomTable
from tests.ui.conftest import click, continue_from_menu
from tests.ui.test_doom_play import start_game
from tests.ui.test_gears_play import do_click


def test_the_invader_seat_is_the_invader_ai(make_app):
    app, table = start_game(make_app, seats=("bot", "bot"))
    bot = table.bots[INVADER]
    assert isinstance(bot, InvaderAI) and bot.difficulty == "veteran"
    assert isinstance(table.bots["red"], MarineBot)


def test_the_level_chosen_at_set_up_plays_and_survives_continue(make_app, config_dir):
    app = make_app((1280, 720))
    setup = DoomSetup(app.ctx, SetupChoice(seats=["human", "bot"], seed=99))
    app.push(setup)
    app.run(max_frames=1)
    assert any(what == "difficulty" for _rect, what in setup.hits)  # the invader is a bot: its level shows
    do_click(app, next(rect for rect, what in setup.hits if what == "difficulty").center)
    assert setup.choice.difficulty == "nightmare"  # veteran, then nightmare, recruit, veteran...
    click(next(rect for rect, what in setup.hits if what == "start").center)
    app.run(max_frames=1)
    table = app.top
    assert isinstance(table, DoomTable) and table.bots[INVADER].difficulty == "nightmare"
    table.animate, table.bot_delay_ms = False, 0
    table.submit(next(a for a in table.session.legal_actions() if a.kind == "declare"))
    again = continue_from_menu(make_app)
    assert isinstance(again, DoomTable) and again.bots[INVADER].difficulty == "nightmare"


def test_invader_ai_reasons_reach_the_ai_panel(make_app):
    app, table = start_game(make_app, seats=("bot", "bot"))
    for _ in range(600):
        if table.session.is_over() or table.ai.card == INVADER and table.state.phase == "kill":
            break
        app.run(max_frames=1)
    assert table.ai.card == INVADER and table.ai.name == table.player_name(INVADER)
    assert table.ai.lines and all(line.strip() for line in table.ai.lines)


def test_a_plan_s_reason_is_logged_once_not_once_per_step(make_app):
    """A monster's plan (move, then attack) gives every step the same reason; the log and the
    AI panel say it once (a watch-mode screenshot showed "Trite 3 moves to 5,9 ..." twice)."""
    app, table = start_game(make_app, seats=("bot", "bot"))
    table.animate, table.bot_delay_ms = False, 0
    invader = table.player_name(INVADER)
    for _ in range(400):
        if table.session.is_over():
            break
        app.run(max_frames=1)
    reasons = [text for text in table.log_where(lambda _who: True) if text.startswith(invader + ":")]
    assert len(reasons) > 20  # the invader has acted for a while
    assert all(a != b for a, b in zip(reasons, reasons[1:]))
    assert all(a != b for a, b in zip(table.ai.lines, table.ai.lines[1:]))


def test_every_log_line_ends_as_a_sentence(make_app):
    """The bots' reasons were logged as clauses ("Red marine: head for the objective") among
    the rules' sentences; every line of the log, the marines' and the invader's reasons
    included, ends with a full stop (or the sentence's own mark)."""
    app, table = start_game(make_app, seats=("bot", "bot"))
    table.animate, table.bot_delay_ms = False, 0
    for _ in range(300):
        if table.session.is_over():
            break
        app.run(max_frames=1)
    names = {table.player_name(p) for p in table.players}
    lines = [table._line(i) for i in range(len(table._log))]
    reasons = [t for t in lines if t.split(": ", 1)[0] in names]
    assert len(reasons) >= 20, reasons
    unended = [t for t in lines if not t.rstrip().endswith((".", "!", "?", "\u2026"))]
    assert not unended, unended[:10]
