"""Issue 'Gears playable on screen', must hold: killing the process mid-game and starting again
offers to continue the same game at the same action.

A child process starts a real Gears game on the real table (a person and a bot), plays some
actions through the table (each one autosaved as in play), prints how far it got, and then kills
itself with SIGKILL: no clean-up code runs. A new App in this process must offer Continue, and
Continue must come back at exactly that action."""
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
def test_a_killed_game_continues_at_the_same_action(make_app, config_dir):
    child = textwrap.dedent(
        """
        import os, signal, sys
        from game.ui.app import App
        from game.ui.gears.setup_scene import GearsSetup, SetupChoice
        from game.ui.gears.table_scene import GearsTable
        import pygame

        app = App((1280, 720), headless=True)
        setup = GearsSetup(app.ctx, SetupChoice(seats=["human", "bot"], characters=[None, None], seed=2718))
        app.push(setup)
        app.run(max_frames=1)
        start = next(rect for rect, what in setup.hits if what == "start")
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=start.center, button=1))
        app.run(max_frames=1)
        table = app.top
        assert isinstance(table, GearsTable)
        table.animate = False
        while len(table.session.actions) < 12 and not table.session.is_over():
            decider = table.session.decider
            if decider is not None and not table.is_bot(decider):
                assert table.submit(table.session.legal_actions()[0])
            app.run(max_frames=25)  # bots take their turns on the table's clock
        print(len(table.session.actions), table.session.state_hash(), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-c", child], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == -signal.SIGKILL, proc.stderr[-2000:]
    count, state_hash = proc.stdout.split()[-2:]
    assert int(count) >= 12

    from game.ui.gears.table_scene import GearsTable

    table = continue_from_menu(make_app)
    assert isinstance(table, GearsTable)
    assert len(table.session.actions) == int(count)
    assert table.session.state_hash() == state_hash
