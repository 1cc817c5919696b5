"""The map builder's toolbar lays every button apart inside the window: at 125% in 1280x720 the
Greek Level 7 bar (the title's head 'Level 7 [Escape]' and seven tools at 11 units, the least
size then) ran on under 'Fit' and 'Save', 'Delete' half hidden. The labels now go below 11 units
(not below 9 px) and their margins narrow before any two buttons meet."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game import i18n
from game.ui.app import App
from game.ui.builder.scene import BuilderScene
from game.ui.scene import ChangeSettings


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "hu", "el"])
@pytest.mark.parametrize("title", ["gears", "doom", "level7"])
def test_the_builder_toolbar_buttons_stand_apart(tmp_path, config_dir, title, language, size):
    app = App(size, headless=True, maps_dir=tmp_path)
    try:
        app.apply(ChangeSettings(replace(app.ctx.settings, language=language, ui_scale=1.25)))
        scene = BuilderScene(app.ctx, app.screen.get_size(), title)
        app.scenes = [scene]
        app.run(max_frames=1)
        rects = sorted((b.rect for b in scene.buttons), key=lambda r: r.left)
        assert all(scene.toolbar_rect.contains(r) for r in rects)
        assert all(a.right <= b.left for a, b in zip(rects, rects[1:])), [(b.key, tuple(b.rect)) for b in scene.buttons]
        font = scene.toolbar_font
        assert font.get_height() >= 9
        for b in scene.buttons:  # each label inside its button
            assert font.size(b.label)[0] <= b.rect.width, b.label
    finally:
        app.close()
        i18n.set_language("en")


@pytest.mark.parametrize("title", ["gears", "doom"])
def test_the_toolbar_has_only_tools_the_title_can_use(tmp_path, config_dir, title):
    """The Doom bar had 'Other face (Tab)', greyed for good (a Doom piece has one face; its
    F1 list has no Tab); Gears has it and its Mission button."""
    app = App((1920, 1080), headless=True, maps_dir=tmp_path)
    try:
        scene = BuilderScene(app.ctx, app.screen.get_size(), title)
        keys = {b.key for b in scene.buttons}
        shortcuts = {k for k, _d in scene.shortcuts()}
        assert ("face" in keys) == ("Tab" in shortcuts) == (title == "gears")
        assert ("mission" in keys) == (title == "gears")
    finally:
        app.close()
