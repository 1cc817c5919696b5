"""The builder's problem list stops above the selection panel: at 125% in 1280x720 (Hungarian
Doom, two pieces) its '… and 1 more' line was drawn across the panel's rule and the selected
piece's name. The last issue shown leaves room for that line."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game import i18n
from game.ui.app import App
from game.ui.builder.scene import BuilderScene
from game.ui.scene import ChangeSettings
from tests.ui.conftest import frame_texts


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_the_more_line_stays_above_the_selected_piece(tmp_path, config_dir, language, size):
    app = App(size, headless=True)
    try:
        app.apply(ChangeSettings(replace(app.ctx.settings, language=language, ui_scale=1.25)))
        scene = BuilderScene(app.ctx, app.screen.get_size(), "gears")
        app.scenes = [scene]
        cut = 0
        for n in range(10):  # far apart: open exits, unjoined entrances, tiles used twice
            scene.builder.add("1A", 4000 * n, 0, snap=False)
            scene.selected = "1A"
            scene.dirty = True
            app.run(max_frames=1)
            texts = frame_texts(app)
            more = [r for t, r, _s in texts if t.startswith("\u2026")]
            head = [r for t, r, _s in texts if t.startswith("1A  \u2014")]
            assert head
            rule = head[0].top - scene.ctx.px(8)  # the line above the selection
            cut += bool(more)
            assert not more or more[0].bottom <= rule, (n, more[0], head[0])
        assert cut  # the list was cut at least once
    finally:
        app.close()
        i18n.set_language("en")
