"""The set-up screen's optional rules hint (Gears' 'Insane: wounds take random cards...'): at
125% in 1280x720 the seats column shrank every text in it to fit, and the hint was set at 9 px.
It keeps the size of the screen's other body text (the scenario list's lines, 12 units) and is
whole in its column, in every window, scale and language."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game import i18n
from game.ui import widgets
from game.ui.gears.setup_scene import GearsSetup, SetupChoice
from game.ui.scene import ChangeSettings


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
@pytest.mark.parametrize("size, scale", [((1280, 720), 1.0), ((1280, 720), 1.25), ((1920, 1080), 1.0),
                                         ((1920, 1080), 1.25)])
def test_the_options_hint_reads_at_body_size_and_whole(make_app, lang, size, scale):
    app = make_app(size)
    app.apply(ChangeSettings(replace(app.ctx.settings, language=lang, ui_scale=scale)))
    i18n.set_language(lang)
    for seats in (1, 2, 4):
        setup = GearsSetup(app.ctx, SetupChoice(seats=["human"] * seats, characters=[None] * seats, seed=5))
        app.scenes = [setup]
        app.run(max_frames=1)
        ctx = setup.ctx
        body = ctx.font(12)  # the scenario list's lines under the names, the tags
        font = setup.hint_font()
        assert font.get_height() >= body.get_height(), f"the hint at {font.get_height()} px, the text beside it at {body.get_height()}"
        # whole: every line of it inside its box, and the box inside the seats column
        _left, right, _top = setup._columns(*size)
        assert setup._seats_fit(right) is not None, f"{seats} seats: the column does not hold its texts"
        hint = setup.options_hint()
        lines = widgets.wrap(hint, font, setup.hint_rect.width)
        assert (len(lines) - 1) * int(font.get_linesize() * 1.1) + font.get_height() <= setup.hint_rect.height
        assert right.contains(setup.hint_rect) and all(font.size(line)[0] <= setup.hint_rect.width for line in lines)
        assert setup.hint_rect.bottom <= right.bottom - ctx.px(10)
