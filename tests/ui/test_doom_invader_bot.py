"""The Doom table's bots (game/ui/doom/table_scene.py `make_bot`): the invader seat is the
automated invader of spec 11.D at the session's difficulty (veteran when none is set), the
marine seats GreedyBot; the invader bot's reasons reach the AI panel."""
from __future__ import annotations

from game.doom.bots import GreedyBot
from game.doom.invader_ai import InvaderAI
from game.ui.doom.entry import INVADER
from tests.ui.test_doom_play import start_game


def test_the_invader_seat_is_the_invader_ai(make_app):
    app, table = start_game(make_app, seats=("human", "bot"))
    bot = table.bots[INVADER]
    assert isinstance(bot, InvaderAI) and bot.difficulty == "veteran"
    assert isinstance(table.bots["red"], GreedyBot)
    table.session.options["difficulty"] = "recruit"  # what a set-up screen may choose
    assert table.make_bot(table.players.index(INVADER)).difficulty == "recruit"


def test_invader_ai_reasons_reach_the_ai_panel(make_app):
    app, table = start_game(make_app, seats=("bot", "bot"))
    for _ in range(600):
        if table.session.is_over() or table.ai.card == INVADER and table.state.phase == "kill":
            break
        app.run(max_frames=1)
    assert table.ai.card == INVADER and table.ai.name == table.player_name(INVADER)
    assert table.ai.lines and all(line.strip() for line in table.ai.lines)
