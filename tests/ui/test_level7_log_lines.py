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

    app, table = _log_table(make_app, config_dir, language)
    width = table._log_rect.width
    font = app.ctx.font(13)
    assert i18n.language() == language
    lines = _log_messages()
    rolls = [as_text(m) for kind, m in lines if kind == "roll"]
    assert any("×" in r for r in rolls)
    longest = max(((len(widgets.wrap(as_text(m), font, width)), as_text(m)) for _kind, m in lines))
    assert longest[0] <= most, longest


def _log_table(make_app, config_dir, language):
    """A one-character Level 7 table at 1280x720 in `language`, its log in sight: (app, table)."""
    from game.engine.session import Session
    from game.level7.rules.title import Level7Title
    from game.ui.level7.table_scene import Level7Table

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
    return app, table


def _unlock_lines() -> list:
    """A guard's move that unlocks a door, both ways (tests/level7/test_enemies.py's maps): from
    its own tile, and from behind a full tile it may not stop on."""
    from tests.level7.enemy_maps import door_between
    from tests.level7.test_enemies import Character, Figure, activate, build, locked_map, only, sit

    tmap = build({"G": ("T04", (0, 0)), "M": ("T40", (0, 1)), "L": ("T01", (0, 2))}, doors="G-M M-L")
    s = sit(tmap, [Figure("guard", 1, "M"), Figure("guard", 2, "M"), Figure("guard", 3, "G")],
            [Character("Leo", "L", 3, 3, 1)], "Leo", locked=frozenset({door_between(tmap, "M", "L")}))
    far = only(activate(s, "guard3"))
    tmap = locked_map()
    s = sit(tmap, [Figure("guard", 1, "G")], [Character("Cody", "C", 3, 1, 1)], "Cody",
            locked=frozenset({door_between(tmap, "G", "C")}))
    near = only(activate(s, "guard1"))
    assert far.kind == near.kind == "unlock"
    return [far.text, near.text]


@pytest.mark.parametrize("language, most", [("en", 4), ("hu", 5), ("el", 5)])
def test_a_guards_locked_door_line_is_short(make_app, config_dir, language, most):
    """A guard behind a full tile that unlocks the door beyond it: its line said where it stood
    twice, the door's two tiles and why it stays (6 lines of the log at 1280x720 in Hungarian, 7
    in Greek, 5 in English). One clause says it stays and unlocks the door from there; the tile
    it stands on is on the map."""
    from game import i18n
    from game.engine.text import Sentence, as_text
    from game.ui import widgets

    app, table = _log_table(make_app, config_dir, language)
    assert i18n.language() == language
    for text in _unlock_lines():
        said = as_text(Sentence(text))
        assert "A-Lift" in said or "A-lift" in said or "Ανελκυστήρας A" in said
        assert len(widgets.wrap(said, app.ctx.font(13), table._log_rect.width)) <= most, said
