"""Lessons walked as a learner at 1280x720 in Hungarian at 125% and at 1920x1080 in Greek: what
a step speaks of is in sight (the side panel's tab it points at is the one open)."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game import i18n, titles
from game.tutorial.library import adapter_for, lessons_for
from game.tutorial.runner import LessonRunner


def lesson_scene(make_app, title: str, lesson_id: str, size=(1280, 720), lang: str = "hu", scale: float = 1.25):
    from game.ui.scene import ChangeSettings

    app = make_app(size)
    app.apply(ChangeSettings(replace(app.ctx.settings, language=lang, ui_scale=scale)))
    i18n.set_language(lang)
    adapter = adapter_for(title)
    runner = LessonRunner(next(les for les in lessons_for(title, adapter) if les.id == lesson_id), adapter)
    scene = titles.get(title).ui_module().tutorial_scene(app.ctx, runner, size, None)
    app.scenes = [scene]
    app.run(max_frames=2)
    return app, runner, scene


def go_to(app, runner, scene, step: str) -> None:
    while runner.step.id != step:  # Next as the panel's button presses it
        if runner.step.kind == "read":
            scene.next_step()
        else:
            assert scene.submit(runner.hint())
    app._force_redraw = True
    scene.dirty = True
    app.run(max_frames=2)


@pytest.mark.parametrize("title,lesson,step,section", [("gears", "turn", "locusts_acted", "ai"),
                                                       ("gears", "explore", "stages", "stage"),
                                                       ("doom", "invader_turn", "draw", "invader")])
def test_a_step_pointing_at_a_side_section_opens_its_tab(make_app, title, lesson, step, section):
    """Gears lesson 1, "The Locust AI card was drawn and carried out": at 125% in 1280x720 the
    side panel is tabbed; the step lit the whole column with the Stage tab open and the AI card
    out of sight. Level 7 opened the tab a step names; now every title does (tutorial scene)."""
    app, runner, scene = lesson_scene(make_app, title, lesson)
    go_to(app, runner, scene, step)
    assert scene.side_tabbed()
    assert scene.side_tab == section
    lit = [r for h, r in zip(runner.highlights(), scene.highlight_rects()) if h.kind == "panel"]
    assert lit and scene.side_sections[section].colliderect(lit[0])
