"""Issue 19 item 5: the Gears set-up screen reads what is playable from the content and builds no
game to find out (it built one per mission: 0.4-0.5 s), with the same refusals a game would give."""
from __future__ import annotations

import pytest

from game.gears.rules.title import GearsTitle, shared_content
from game.ui.gears.setup_scene import GearsSetup


def test_opening_the_set_up_screen_builds_no_game(make_app, config_dir, monkeypatch):
    def no_game(*args, **kwargs):
        raise AssertionError("the set-up screen built a game")

    monkeypatch.setattr(GearsTitle, "new_game", no_game)
    app = make_app()
    setup = GearsSetup(app.ctx)
    app.push(setup)
    app.run(max_frames=1)
    assert set(setup.refusals) == set(shared_content().missions)


@pytest.mark.parametrize("mission", sorted(shared_content().missions))
def test_each_missions_refusal_is_the_one_a_game_gives(mission):
    """What the screen shows disabled (and why) is what starting the mission says."""
    from game.ui.gears.setup_scene import mission_refusal

    lo = shared_content().missions[mission].players[0]
    try:
        GearsTitle().new_game(mission, 1, {"players": max(1, lo)})
        refused = None
    except ValueError as exc:
        refused = str(exc)
    assert mission_refusal(mission) == refused
