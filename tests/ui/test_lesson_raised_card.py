"""A lesson's outline of a hand card follows the card when a click raises it (Gears lesson 1,
"Play Advance and choose 'move 2 areas'": the card went up, its outline stayed where it had
lain, across the card's name and below its foot)."""
from __future__ import annotations

import pygame

from game import titles
from game.tutorial.library import adapter_for, lessons_for
from game.tutorial.runner import LessonRunner
from tests.ui.conftest import post


def test_the_outline_of_a_raised_card_is_raised_with_it(make_app):
    size = (1280, 720)
    app = make_app(size)
    adapter = adapter_for("gears")
    lesson = next(les for les in lessons_for("gears", adapter) if les.id == "turn")
    runner = LessonRunner(lesson, adapter)
    scene = titles.get("gears").ui_module().tutorial_scene(app.ctx, runner, size, None)
    app.scenes = [scene]
    while not any(h.kind == "card" for h in runner.highlights()):
        if runner.step.kind == "read":
            runner.next()
        else:
            scene.submit(runner.hint())
    scene._after_change()
    app._force_redraw, scene.dirty = True, True
    app.run(max_frames=2)
    card = next(c for c in scene.card_rects if c.startswith("advance"))
    lying = scene.card_rects[card].copy()
    px = app.ctx.px
    assert scene.highlight_rects() == [lying.inflate(px(8), px(8))]
    post(pygame.MOUSEMOTION, pos=lying.center, rel=(0, 0), buttons=(0, 0, 0))
    app.run(max_frames=1)
    post(pygame.MOUSEBUTTONDOWN, pos=lying.center, button=1)
    post(pygame.MOUSEBUTTONUP, pos=lying.center, button=1)
    app.run(max_frames=1)
    post(pygame.MOUSEMOTION, pos=scene.view_rect.center, rel=(0, 0), buttons=(0, 0, 0))
    app.run(max_frames=2)
    assert scene.selected_card == card
    raised = lying.move(0, -px(14))  # card_face lifts a selected card 14 units
    assert scene.highlight_rects() == [raised.inflate(px(8), px(8))]
    # and drawn there: the outline's colour on the raised card's top edge, over the map's view
    shot = app.screen
    top = raised.inflate(px(8), px(8)).top + 1
    assert shot.get_at((raised.centerx, top))[:3] == (255, 214, 90)
