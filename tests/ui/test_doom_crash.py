"""Issue 13, must hold: killing the process mid-game and starting again offers to continue the
same Doom game at the same action and state hash.

A child process starts a real Doom game on the real table from the set-up screen (one marine, a
person; the invader, a bot), plays through the table (every action autosaved as in play) until
the invader's turn has passed at least once, prints how far it got and kills itself with SIGKILL:
no clean-up code runs. A new App must offer Continue, and Continue must come back at exactly that
action and state."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.ui.conftest import continue_from_menu

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_doom_game_continues_at_the_same_action(make_app, config_dir):
    child = textwrap.dedent(
        """
        import os, signal
        import pygame
        from game.ui.app import App
        from game.ui.doom.setup_scene import DoomSetup, SetupChoice
        from game.ui.doom.table_scene import DoomTable

        app = App((1280, 720), headless=True)
        setup = DoomSetup(app.ctx, SetupChoice(seats=["human", "bot"], seed=31337))
        app.push(setup)
        app.run(max_frames=1)
        start = next(rect for rect, what in setup.hits if what == "start")
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=start.center, button=1))
        app.run(max_frames=1)
        table = app.top
        assert isinstance(table, DoomTable)
        table.animate, table.bot_delay_ms = False, 0
        while (table.state.round < 2 or len(table.session.actions) < 25) and not table.session.is_over():
            decider = table.session.decider
            if decider is not None and not table.is_bot(decider):
                acts = table.session.legal_actions()
                pick = next((a for a in acts if a.kind == "declare"), None) or next(
                    (a for a in acts if a.kind == "move"), None) or acts[-1]
                assert table.submit(pick)
            app.run(max_frames=5)
        print(len(table.session.actions), table.session.state_hash(), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-c", child], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == -signal.SIGKILL, proc.stderr[-2000:]
    count, state_hash = proc.stdout.split()[-2:]
    assert int(count) >= 25

    from game.ui.doom.table_scene import DoomTable

    table = continue_from_menu(make_app)
    assert isinstance(table, DoomTable)
    assert len(table.session.actions) == int(count)
    assert table.session.state_hash() == state_hash
