"""A lesson that lights a side-panel section (Level 7's Fear and Threat lesson: the squad) frames
it without drawing over its words: the frame, 4 units wide inside the section's own rectangle,
ran through the heading at its top ('ΟΜΑΔΑ' half hidden, Greek at 1280x720 and 125%)."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.ui.scene import ChangeSettings
from tests.tutorial.test_level7_overlay import open_level7_lesson
from tests.ui.conftest import config_dir, frame_texts, make_app  # noqa: F401 (fixtures)


@pytest.mark.parametrize("language,scale", [("el", 1.0), ("el", 1.25), ("hu", 1.25)])
def test_a_lit_side_section_is_framed_clear_of_its_words(make_app, language, scale):  # noqa: F811
    app, table = open_level7_lesson(make_app, "fear_threat")
    app.apply(ChangeSettings(replace(app.ctx.settings, ui_scale=scale, language=language)))
    drawn = frame_texts(app)
    side = table.side_rect
    lit = [r for r in table.highlight_rects() if side.contains(r)]
    assert lit, "the lesson's first step lights no side section"
    px = table.ctx.px
    size = app.screen.get_size()
    words = [rect for text, rect, on in drawn if on == size and side.contains(rect) and text.strip()]
    for frame in lit:
        stroke = [pygame.Rect(frame.left, frame.top, frame.width, px(4)),  # as _draw_highlight draws it
                  pygame.Rect(frame.left, frame.bottom - px(4), frame.width, px(4))]
        crossed = [w for w in words for band in stroke if band.colliderect(w)]
        assert not crossed, f"the frame {frame} runs through words at {crossed}"
        heading = min((w for w in words if frame.colliderect(w)), key=lambda w: w.top)
        assert frame.top + px(4) <= heading.top  # the section's heading inside its frame
