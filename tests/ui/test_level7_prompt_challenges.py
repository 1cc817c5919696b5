"""The challenges of a turn stand on one page of the prompt line, in Hungarian at 125% too."""
from __future__ import annotations

import random
from pathlib import Path

import pytest


@pytest.mark.parametrize("language", ["hu", "en", "el"])
def test_the_challenges_on_a_tile_share_one_page_of_the_prompt(make_app, config_dir, language):
    """Seed 1, one player, 6 actions in: Subject 1 stands with Clone 1 on the Red Lab, and may
    attack it, bull rush out or outwit the aliens. In Hungarian at 125% in 1280x720 each had a
    page of the prompt line to itself ('Legázolás, ki erről a lapkáról', 'A forduló vége
    (esemény húzása)' took the room): all three show at once, with End the turn."""
    from game.engine.session import Session
    from game.level7.rules.title import Level7Title
    from game.ui.level7.table_scene import Level7Table

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'ui_scale = 1.25\nlanguage = "{language}"\n')
    rng = random.Random(11)
    session = Session.start(Level7Title(), "s1", 1, {"players": 1})
    for _ in range(6):
        acts = session.legal_actions()
        explores = [a for a in acts if a.kind == "explore"]
        session.apply(rng.choice(explores) if explores and rng.random() < 0.6 else rng.choice(acts))
    app = make_app((1280, 720))
    table = Level7Table(app.ctx, session, ["human"], (1280, 720), Path(app.ctx.settings_file).parent / "l7.json")
    app.push(table)
    table.handoff = None
    app.run(max_frames=2)
    shown = [what[1] if isinstance(what, tuple) and what[0] == "preview" else what for _r, _l, what in table.buttons]
    challenges = [a for a in table.actions if a.kind in ("attack", "bull_rush", "outwit")]
    assert len(challenges) == 3
    assert all(a in shown for a in challenges), [label for _r, label, _w in table.buttons]
    assert "prompt:next" not in shown


@pytest.mark.parametrize("language", ["el", "hu"])
def test_a_rerolls_options_share_one_page_of_the_prompt(make_app, config_dir, language):
    """A reroll asked at 125% in 1280x720 (Lucky: keep the roll, or roll one of four dice
    again): in Greek the question ('...: να ξαναριχτούν ζάρια; (5 σύμβολα, χρειάζονται 3)') took
    the room of three of the five options, paged two at a time. Shorter Greek: one page."""
    from tests.ui.test_level7_play import start_at_a_reroll

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'language = "{language}"\nui_scale = 1.25\n')
    app, table = start_at_a_reroll(make_app)
    app.run(max_frames=1)
    assert table._pending_kind() == "reroll"
    shown = [what for _r, _l, what in table.buttons]
    assert all(a in shown for a in table.actions), [label for _r, label, _w in table.buttons]
    assert "prompt:next" not in shown
