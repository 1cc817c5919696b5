"""Issue 18: the screens in Greek at 1280x720, the smallest window the set-up screens are laid
out for. Greek labels run about half again as long as the English ones; each must stay inside
its box whole (shrunk if need be, never cut with an ellipsis) and the builder's toolbar buttons
must not run into each other."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.ui import widgets


@pytest.fixture
def greek(config_dir):
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text('language = "el"\n')
    yield
    i18n.set_language("en")


def _setups(ctx):
    from game.ui.convoy.setup_scene import ConvoySetup
    from game.ui.convoy.setup_scene import SetupChoice as ConvoyChoice
    from game.ui.doom.setup_scene import DoomSetup
    from game.ui.doom.setup_scene import SetupChoice as DoomChoice
    from game.ui.gears.setup_scene import GearsSetup
    from game.ui.gears.setup_scene import SetupChoice as GearsChoice
    from game.ui.level7.setup_scene import Level7Setup
    from game.ui.level7.setup_scene import SetupChoice as Level7Choice

    return [GearsSetup(ctx, GearsChoice(seats=["human", "bot"], characters=[None, None], seed=1)),
            DoomSetup(ctx, DoomChoice(scenario="knee_deep", seats=["human", "human", "bot"], seed=1)),
            Level7Setup(ctx, Level7Choice(scenario="s1", seats=["human", "bot"], seed=1)),
            ConvoySetup(ctx, ConvoyChoice(seats=["bot", "human"], seed=1))]


def test_every_button_label_of_the_set_up_screens_fits_whole_in_greek(make_app, greek, monkeypatch):
    app = make_app((1280, 720))
    assert i18n.language() == "el"
    drawn: list[tuple[str, pygame.font.Font, tuple[int, int]]] = []
    real = widgets.text

    def record(surface, s, font, colour, pos, anchor="topleft", *args, **kwargs):
        if anchor == "center":
            drawn.append((s, font, tuple(pos)))
        return real(surface, s, font, colour, pos, anchor, *args, **kwargs)

    monkeypatch.setattr(widgets, "text", record)
    for setup in _setups(app.ctx):
        drawn.clear()
        setup.draw(app.screen)
        labelled = 0
        for rect, what in setup.hits:
            for s, font, pos in drawn:
                if pos == rect.center:
                    labelled += 1
                    assert not s.endswith("\u2026"), (type(setup).__name__, what, s)
                    assert font.size(s)[0] <= rect.width, (type(setup).__name__, what, s, rect)
        assert labelled >= 5, type(setup).__name__  # the seats' and the bottom row's buttons were seen


@pytest.mark.parametrize("title", ["gears", "doom"])
def test_the_builder_toolbar_in_greek_has_no_overlapping_buttons(make_app, greek, title):
    from game.ui.builder.scene import BuilderScene

    app = make_app((1280, 720))
    scene = BuilderScene(app.ctx, app.screen.get_size(), title)
    app.push(scene)
    app.run(max_frames=1)
    rects = sorted((b.rect for b in scene.buttons), key=lambda r: r.left)
    assert all(a.right <= b.left for a, b in zip(rects, rects[1:])), [(b.key, b.rect) for b in scene.buttons]
    assert all(scene.toolbar_rect.contains(r) for r in rects)
    for b in scene.buttons:
        assert scene.toolbar_font.size(b.label)[0] <= b.rect.width, b.label
    assert any(b.label == "Περιστροφή" for b in scene.buttons)  # Greek indeed
