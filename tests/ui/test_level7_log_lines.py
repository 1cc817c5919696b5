"""Level 7's log lines read short: what happened, in a few lines of the log panel."""
from __future__ import annotations

from pathlib import Path

import pytest



def _log_messages(seeds=range(3), players=(1, 2)) -> list:
    from game.engine.session import Session
    from game.level7.player_bot import PlayerBot
    from game.level7.rules.title import Level7Title
    from game.level7.rules.turn import decider

    out = []
    for seed in seeds:
        for n in players:
            session = Session.start(Level7Title(), "s1", seed, {"players": n})
            bots = {f"subject_{i + 1}": PlayerBot(seed + i) for i in range(n)}
            for _ in range(400):
                acts = session.legal_actions()
                if session.is_over() or not acts:
                    break
                session.apply(bots[decider(session.state)].choose(acts, session.state))
            out += [(e.event.kind, e.event.message) for e in session.log]
    return out


@pytest.mark.parametrize("language, most", [("en", 6), ("hu", 7), ("el", 8)])
def test_the_longest_log_lines_are_shorter(make_app, config_dir, language, most):
    """The player bot's games (seeds 0-2, one and two players): an enemy's move that skipped two
    characters on full tiles took a clause and its reason for each (12 lines of the log panel at
    1280x720 in Greek, 9 in English), a roll of eleven dice named every die (6 lines), a spawn
    said who and where twice. The skipped ones share one clause, a roll names each face once
    with its count, a spawn gives its reason once: no line runs past `most` lines."""
    from game import i18n
    from game.engine.text import as_text
    from game.ui import widgets
    from game.ui.level7.table_scene import Level7Table
    from game.engine.session import Session
    from game.level7.rules.title import Level7Title

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'language = "{language}"\n')
    app = make_app((1280, 720))
    table = Level7Table(app.ctx, Session.start(Level7Title(), "s1", 1, {"players": 1}), ["human"], (1280, 720),
                        Path(app.ctx.settings_file).parent / "l7.json")
    app.push(table)
    table.handoff = None
    app.run(max_frames=1)
    if table._log_rect is None:  # tabbed: the log's tab
        table.side_tab = "log"
        app._force_redraw = True
        app.run(max_frames=1)
    width = table._log_rect.width
    font = app.ctx.font(13)
    assert i18n.language() == language
    lines = _log_messages()
    rolls = [as_text(m) for kind, m in lines if kind == "roll"]
    assert any("×" in r for r in rolls)
    longest = max(((len(widgets.wrap(as_text(m), font, width)), as_text(m)) for _kind, m in lines))
    assert longest[0] <= most, longest
