"""A lesson's arrows and highlights point at what the step speaks of and cover no words the
table shows beside it (the toolbar, the prompt and its buttons, the side panel's headings, the
hand's heading, the names on the map). Seen: Gears lesson 9 lit the whole side column for the
log and the toolbar for the mission's stage, its arrow over the prompt's button ('Remove Dig In
from the game and dr▲a card'); an arrow at 'End the Order Step' over the button below it;
Convoy's arrows at a hand card over "Moloch's hand (6)"; Level 7's over 'Tank Farm'. Every step
of the lessons named is walked at 1280x720 and 1920x1080 with the texts each frame draws."""
from __future__ import annotations

import pygame
import pytest

from game import titles
from game.tutorial.library import adapter_for, lessons_for
from game.tutorial.runner import LessonRunner
from tests.ui.conftest import record_text_rects


def walk(make_app, monkeypatch, title: str, lesson_id: str, size):
    """(step id, highlight, its rect, its arrow's zone, the texts drawn outside it) per step."""
    from game.ui import widgets

    app = make_app(size)
    adapter = adapter_for(title)
    lesson = next(les for les in lessons_for(title, adapter) if les.id == lesson_id)
    runner = LessonRunner(lesson, adapter)
    scene = titles.get(title).ui_module().tutorial_scene(app.ctx, runner, size, None)
    app.scenes = [scene]
    texts: list[tuple[str, pygame.Rect]] = []
    real = widgets.text

    def spy(surface, t, *a, **k):
        r = real(surface, t, *a, **k)
        if surface is not None and surface.get_size() == size:
            texts.append((t, r))
        return r

    monkeypatch.setattr(widgets, "text", spy)
    seen = []
    while not runner.done:
        app.run(max_frames=1)
        texts.clear()
        app._force_redraw = True
        scene.dirty = True
        app.run(max_frames=1)
        rects = scene.highlight_rects()
        for h, rect in zip(runner.highlights(), rects):
            zone = scene.arrow_zone(rect)
            others = [t for t in rects if t is not rect and t.width and t.width < scene.view_rect.width // 2]
            if any(zone.colliderect(t) for t in others):
                zone = pygame.Rect(0, 0, 0, 0)  # no arrow drawn: it would cross another highlight
            words = [(t, r) for t, r in texts if not rect.contains(r) and not scene.panel_rect.contains(r)]
            seen.append((runner.step.id, h, rect, zone, words, scene))
        if runner.step.kind == "read":
            runner.next()
        else:
            scene.submit(runner.hint())
    return seen


SIZES = [(1280, 720), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES)
def test_gears_lesson_9_points_at_the_log_and_the_stage_sections(make_app, monkeypatch, size):
    seen = {step: (h, rect, scene) for step, h, rect, _z, _w, scene in walk(make_app, monkeypatch, "gears", "explore", size)}
    _h, log, scene = seen["built"]
    assert log.colliderect(scene.side_sections["log"]) and not log.colliderect(scene.side_sections["stage"])
    _h, stage, scene = seen["stages"]
    assert stage.colliderect(scene.side_sections["stage"]) and not stage.colliderect(scene.toolbar_rect)
    assert not stage.colliderect(scene.side_sections["log"])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("title,lesson", [("gears", "turn"), ("gears", "explore"), ("gears", "reactions"),
                                          ("convoy", "round"), ("level7", "turn")])
def test_no_arrow_covers_the_tables_words(make_app, monkeypatch, title, lesson, size):
    crossed = [(step, h.kind, h.target, [t for t, r in words if zone.colliderect(r.inflate(-4, -4))])
               for step, h, _rect, zone, words, _s in walk(make_app, monkeypatch, title, lesson, size) if zone.width]
    assert not [c for c in crossed if c[3]], [c for c in crossed if c[3]]


@pytest.mark.parametrize("size", SIZES)
def test_doom_lesson_5_points_at_the_spawn_card_it_names(make_app, monkeypatch, size):
    """"Play the Imp pair: two imps come in." lit the invader's whole hand row (its two cards and
    the map's legend) with the arrow at its middle, between the cards: now the Imp Pair card."""
    seen = {step: (rect, scene) for step, _h, rect, _z, _w, scene in walk(make_app, monkeypatch, "doom", "invader_turn", size)}
    rect, scene = seen["spawn"]
    # One card of the row (the lesson has played it since, so its rectangle is not kept).
    assert scene.hand_rect.contains(rect) and 0 < rect.width < scene.hand_rect.width // 6, (rect, scene.hand_rect)


@pytest.mark.parametrize("size", SIZES)
def test_doom_lessons_light_the_one_declare_button_the_step_names(make_app, monkeypatch, size):
    """"Declare Run" lit all four declare buttons (Run, Fire, Advance, Ready) with the arrow
    between them, in every Doom lesson that declares, and "Place a Guard order" the three order
    buttons: now the one the step names."""
    for lesson, step in (("move_doors_sight", "declare_run"), ("attack", "declare_fire"), ("orders", "place_guard")):
        (rect, scene), = [(rect, scene) for s, h, rect, _z, _w, scene in walk(make_app, monkeypatch, "doom", lesson, size)
                          if s == step and h.kind == "button"]
        assert 0 < rect.width < scene.view_rect.width // 5, (lesson, rect, scene.view_rect)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("title,lesson,step", [("doom", "round", "declare_run"), ("doom", "orders", "place_guard"),
                                               ("level7", "challenges", "reroll"), ("level7", "events", "defend")])
def test_a_button_highlight_lights_the_one_button_the_step_wants(make_app, title, lesson, step, size):
    """Where a step wants one of a row of buttons of the same kind, only that one is lit: Level 7's
    "Reroll die 2" lit all six rerolls and Keep the roll, "Play Steel Nerves" lit Play nothing too."""
    from game import titles

    app = make_app(size)
    adapter = adapter_for(title)
    runner = LessonRunner(next(les for les in lessons_for(title, adapter) if les.id == lesson), adapter)
    scene = titles.get(title).ui_module().tutorial_scene(app.ctx, runner, size, None)
    app.scenes = [scene]
    while runner.step.id != step:
        assert runner.next() if runner.step.kind == "read" else scene.submit(runner.hint())
    app.run(max_frames=2)
    (lit,) = [r for h, r in zip(runner.highlights(), scene.highlight_rects()) if h.kind == "button"]
    inside = [what for rect, _label, what in scene.buttons if lit.contains(rect)]
    assert len(inside) == 1 and inside[0] in runner.wanted(), (inside, runner.wanted())


def test_a_refused_choice_is_not_left_open_on_the_table(make_app):
    """Gears lesson 1, a read step: the learner raised Blind Fire and chose Attack. The lesson
    said why not, but "Blind Fire: how will you use it?" and its three buttons stayed lit, the
    card raised, through the next steps' words about the Order cards."""
    from game import titles
    from tests.ui.conftest import click

    size = (1280, 720)
    app = make_app(size)
    adapter = adapter_for("gears")
    runner = LessonRunner(next(les for les in lessons_for("gears", adapter) if les.id == "turn"), adapter)
    scene = titles.get("gears").ui_module().tutorial_scene(app.ctx, runner, size, None)
    app.scenes = [scene]
    app.run(max_frames=2)
    card = next(rect for c, rect in scene.card_rects.items() if c.startswith("blind_fire"))
    click(card.center)
    app.run(max_frames=2)
    attack = next(rect for rect, label, _w in scene.buttons if str(label) == "Attack")
    click(attack.center)
    app.run(max_frames=2)
    assert scene.feedback == "Read this step first, then press Next."
    assert scene.selected_card is None
    assert not [label for _r, label, _w in scene.buttons if str(label) in ("Attack", "Move 2 areas", "Use its actions")]



def doom_steps(make_app, lesson_id: str, size, lang: str, scale: float = 1.0, texts: list | None = None):
    """Each step of a Doom lesson in `lang`: (step id, [(highlight, its rect, its arrow's zone)],
    the text box, the figures' squares on screen), read at the step."""
    from dataclasses import replace

    from game import i18n
    from game.ui.scene import ChangeSettings

    app = make_app(size)
    app.apply(ChangeSettings(replace(app.ctx.settings, language=lang, ui_scale=scale)))
    i18n.set_language(lang)
    adapter = adapter_for("doom")
    runner = LessonRunner(next(les for les in lessons_for("doom", adapter) if les.id == lesson_id), adapter)
    scene = titles.get("doom").ui_module().tutorial_scene(app.ctx, runner, size, None)
    app.scenes = [scene]
    while not runner.done:
        app.run(max_frames=1)
        app._force_redraw = True
        scene.dirty = True
        if texts is not None:
            texts.clear()
        app.run(max_frames=1)
        lit = [(h, r, scene.arrow_zone(r)) for h, r in zip(runner.highlights(), scene.highlight_rects()) if r.width]
        seen = scene._seen_cells()
        figures = [scene._cell_rect(c) for c in scene.state.figure_cells() if c in seen]
        yield runner.step.id, lit, pygame.Rect(scene.panel_rect), figures
        if runner.step.kind == "read":
            runner.next()
        else:
            scene.submit(runner.hint())


DOOM_LESSONS = ["round", "move_doors_sight", "attack", "orders", "invader_turn", "special_weapons", "death_frags"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_doom_lesson_arrows_keep_off_the_figures(make_app, size, lang):
    """Lesson 1's arrow at the red marine came down over the green one (Doom listed nothing in
    lesson_keep_clear); the arrow at door B ran over the marine beside it (lesson 2), those at
    the zombies of lesson 6 over the next zombie. An arrow keeps off every figure's square but
    those it points at."""
    crossed = []
    for lesson in DOOM_LESSONS:
        for step, lit, _box, figures in doom_steps(make_app, lesson, size, lang):
            crossed += [(lesson, step, h.target) for h, rect, zone in lit for f in figures
                        if zone.colliderect(f) and not rect.contains(f)]
    assert not crossed, crossed


@pytest.mark.parametrize("size", SIZES)
def test_doom_lesson_box_keeps_off_the_figures_where_the_floor_is_free(make_app, size):
    """Lesson 1 at 1280x720: the text box lay over the zombie (and at the first step over both
    marines' edges) while a place over a crate and 'Shotgun' alone was free; lesson 3's over the
    demon. The box covers no figure in lessons 1 and 3 (English, at 100%)."""
    over = [(lesson, step) for lesson in ("round", "attack")
            for step, _lit, box, figures in doom_steps(make_app, lesson, size, "en") if box.collidelist(figures) >= 0]
    assert not over, over


def test_doom_lesson_box_goes_over_the_side_panel_where_every_place_in_the_view_hides_a_figure(make_app, monkeypatch):
    """At 125% in 1280x720, in Greek, the box of lesson 1 (650 units wide over a map view 890
    wide) lay over the zombie or a marine at every place in the view: it goes over the side
    panel where that place is as good and has room, and the note 'Do it on the table to go on.'
    keeps inside the narrower box (it ran into the frame)."""
    texts = record_text_rects(monkeypatch)
    note = None
    for step, _lit, box, figures in doom_steps(make_app, "round", (1280, 720), "el", 1.25, texts):
        if step in ("declare_run", "end_red"):
            assert box.collidelist(figures) < 0, (step, box, figures)
        if step == "declare_run":
            from game.i18n import _
            note = [r for t, r in texts if t == _("Do it on the table to go on.")]
            assert note and all(box.inflate(-32, 0).contains(r) for r in note), (box, note)  # clear of the frame


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_doom_lesson_box_keeps_off_the_figures_at_125_percent(make_app, size, lang):
    """At 125% in 1280x720 the box (650 px wide over a view 892 wide, the map in its middle)
    lay over a figure at every place in the view in seven steps (lesson 1's first and last,
    lesson 3's 'short_read', lesson 5's 'draw' and last, lesson 6's 'blast_read', lesson 7's
    'killed'), and the side panel had no room for it: a narrower box beside the figures, a
    wider one above or below them, or a compact one is placed instead. Every step of every
    Doom lesson, in every language, at both sizes."""
    over = [(lesson, step, tuple(box)) for lesson in DOOM_LESSONS
            for step, _lit, box, figures in doom_steps(make_app, lesson, size, lang, 1.25)
            if box.collidelist(figures) >= 0]
    assert not over, over


def test_a_doom_lesson_step_shows_the_side_tab_it_points_at(make_app):
    """Lesson 6's 'blast_read' points at the log: at 125% in 1280x720 the side panel is tabbed
    and stayed on the Marines tab, the whole column lit with the log out of sight. The step
    shows the Log tab, its section lit."""
    from dataclasses import replace

    from game.ui.scene import ChangeSettings

    size = (1280, 720)
    app = make_app(size)
    app.apply(ChangeSettings(replace(app.ctx.settings, ui_scale=1.25)))
    adapter = adapter_for("doom")
    runner = LessonRunner(next(les for les in lessons_for("doom", adapter) if les.id == "special_weapons"), adapter)
    scene = titles.get("doom").ui_module().tutorial_scene(app.ctx, runner, size, None)
    app.scenes = [scene]
    while runner.step.id != "blast_read":
        app.run(max_frames=1)
        if runner.step.kind == "read":
            scene.next_step()
        else:
            scene.submit(runner.hint())
    app.run(max_frames=1)
    assert scene.side_tabbed() and scene.side_tab == "log"
    (rect,) = scene.highlight_rects()
    assert rect != scene.side_rect and scene.side_rect.contains(rect)
