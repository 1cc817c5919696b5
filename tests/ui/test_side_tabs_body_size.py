"""Every title's side-panel tabs (shown when its sections do not fit) read at the side panel's
body size (12 units) or larger, each label whole on one line, in English, Hungarian and Greek at
1280x720, at 100% and 125%. The Greek tabs had shrunk to 9-10 units: long words ('Ημερολόγιο',
'Πεζοναύτες', 'Εισβολέας') in four tabs side by side."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game import i18n
from game.engine.session import Session
from game.ui.scene import ChangeSettings

SIZE = (1280, 720)


def _table(app, key: str):
    if key == "gears":
        from game.gears.rules.title import GearsTitle
        from game.ui.gears.table_scene import GearsTable
        return GearsTable(app.ctx, Session.start(GearsTitle(), "emergence", 5, {"players": 2}), ["human", "bot"], SIZE,
                          None)
    if key == "doom":
        from game.doom.rules.title import DoomTitle
        from game.ui.doom.table_scene import DoomTable
        return DoomTable(app.ctx, Session.start(DoomTitle(), "knee_deep", 1, {"marines": 3}),
                         ["human", "human", "human", "bot"], SIZE, None)
    if key == "level7":
        from game.level7.rules.title import Level7Title
        from game.ui.level7.table_scene import Level7Table
        return Level7Table(app.ctx, Session.start(Level7Title(), "s1", 1, {"players": 2}), ["human"] * 2, SIZE, None)
    from game.convoy.rules.title import ConvoyTitle
    from game.ui.convoy.table_scene import ConvoyTable
    return ConvoyTable(app.ctx, Session.start(ConvoyTitle(), "standard", 1, {}), ["human", "bot"], SIZE, None)


def drawn_tabs(app, table) -> list[tuple[str, object, float]]:
    """The tabs as the side panel draws them: (label, rect, size in units)."""
    tabs = []
    real = table._button

    def spy(surface, rect, label, what, *args, **kwargs):
        if str(what).startswith("tab:"):
            tabs.append((label, rect, kwargs.get("size", 14)))
        return real(surface, rect, label, what, *args, **kwargs)

    table._button = spy
    table.side_tabbed = lambda: True  # as when the sections run past the panel's bottom
    table._draw_side(app.screen)
    del table._button, table.side_tabbed
    return tabs


@pytest.mark.parametrize("scale", [1.0, 1.25])
@pytest.mark.parametrize("lang", ["en", "hu", "el"])
@pytest.mark.parametrize("key", ["gears", "doom", "level7", "convoy"])
def test_every_titles_side_tabs_read_at_body_size(make_app, key, lang, scale):
    app = make_app(SIZE)
    app.apply(ChangeSettings(replace(app.ctx.settings, language=lang, ui_scale=scale)))
    i18n.set_language(lang)
    table = _table(app, key)
    app.push(table)
    table.animate = False
    app.run(max_frames=1)
    tabs = drawn_tabs(app, table)
    assert [label for label, _r, _s in tabs] == [table.side_labels()[t] for t in table.SIDE_TABS]
    for label, rect, points in tabs:
        assert points >= 12, (label, points)
        font, lines = table.button_lines(rect, label, points)
        assert lines == [label], (label, lines)
