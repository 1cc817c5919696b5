"""A save's row in the set-up screen's load list says who sits where, every seat: only the first
line of its detail was drawn, and a Greek Doom save of two marines and the invader at 1280x720
and 125% ended at 'Ο' (the invader's seat, 'Ο εισβολέας (άνθρωπος)', cut off)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game import i18n
from game.engine.session import Session
from game.ui.scene import ChangeSettings
from tests.ui.conftest import record_text_rects


def _setup(key: str, ctx):
    if key == "doom":
        from game.doom.rules.title import DoomTitle
        from game.ui.doom.entry import SAVES
        from game.ui.doom.setup_scene import DoomSetup
        return DoomSetup(ctx), SAVES, Session.start(DoomTitle(), "knee_deep", 7, {"marines": 3}), ["human"] * 3 + ["bot"]
    from game.gears.rules.title import GearsTitle
    from game.ui.gears.entry import SAVES
    from game.ui.gears.setup_scene import GearsSetup
    return GearsSetup(ctx), SAVES, Session.start(GearsTitle(), "emergence", 7, {"players": 4}), ["human"] * 2 + ["bot"] * 2


@pytest.mark.parametrize("lang", ["el", "hu"])
@pytest.mark.parametrize("key", ["doom", "gears"])
def test_a_save_row_names_every_seat(make_app, config_dir, monkeypatch, key, lang):
    app = make_app((1280, 720))
    app.apply(ChangeSettings(replace(app.ctx.settings, language=lang, ui_scale=1.25)))
    i18n.set_language(lang)
    setup, saves, session, seats = _setup(key, app.ctx)
    saves.save_named(session, seats)
    app.push(setup)
    setup.show_saves()
    drawn = record_text_rects(monkeypatch)
    app._force_redraw = True
    app.run(max_frames=1)
    entry = next(e for e in setup.saves if e.saved is not None)
    _head, names = setup.save_words(entry.saved)
    text = " ".join(t for t, _r in drawn)
    for name in names:
        assert name in text, (name, [t for t, _r in drawn])
    rows = [rect for rect, what in setup.hits if what.startswith("open:")]
    for t, r in drawn:
        if any(name in t for name in names):
            assert any(row.contains(r) for row in rows), (t, r, rows)  # inside its row, not under the next
