"""The Doom side panel's tabs (shown when its sections do not fit) in Hungarian: the heading's word
'Tengerészgyalogosok' as the Marines tab took the room of three tabs and set all four at the
least size (9 units) in 1280x720. The tab has its own shorter word ('Csapat', the squad, as
Gears' and Level 7's tabs say it), and each tab takes its name and the button's own margin: the
tabs read at the side panel's body size (12 units) or larger, whole."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game import i18n
from game.doom.rules.title import DoomTitle
from game.engine.session import Session
from game.ui.doom.table_scene import DoomTable
from game.ui.scene import ChangeSettings


@pytest.mark.parametrize("scale", [1.0, 1.25])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_hungarian_side_tabs_read_at_body_size(make_app, size, scale):
    app = make_app(size)
    app.apply(ChangeSettings(replace(app.ctx.settings, language="hu", ui_scale=scale)))
    i18n.set_language("hu")
    table = DoomTable(app.ctx, Session.start(DoomTitle(), "knee_deep", 1, {"marines": 3}),
                      ["human", "human", "human", "bot"], size, None)
    app.push(table)
    table.animate = False
    app.run(max_frames=1)
    tabs = []
    real = table._button

    def spy(surface, rect, label, what, *args, **kwargs):
        if str(what).startswith("tab:"):
            tabs.append((label, rect, kwargs.get("size", 14)))
        return real(surface, rect, label, what, *args, **kwargs)

    table._button = spy
    table.side_tabbed = lambda: True  # as when the sections run past the panel's bottom
    table._draw_side(app.screen)
    assert [label for label, _r, _s in tabs] == [table.side_labels()[t] for t in table.SIDE_TABS]
    assert table.side_labels()["marines"] == "Csapat"
    for label, rect, points in tabs:
        assert points >= 12, (label, points)
        font, lines = table.button_lines(rect, label, points)
        assert lines == [label], (label, lines)
