"""A Doom door is named as the scenario maps name theirs ("D1"), never by its map id: the practice
map of the Doom lessons and of "Sample rooms" calls its door "door_b", and a map built from its
room "sample_room:door_b" (the shipped Twin control rooms): the plate on the door read "door_b",
the buttons "Open door door_b" and the log "Red opens door door_b." (seen in every Doom lesson
at 1280x720 and 1920x1080, in English, Hungarian and Greek)."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.doom.rules.title import DoomTitle
from game.engine.session import Session
from game.tutorial.library import adapter_for, lessons_for
from game.tutorial.runner import LessonRunner
from tests.ui.conftest import record_text_rects

ROOT = Path(__file__).resolve().parents[2]


def test_a_built_maps_doors_are_numbered_and_a_scenario_maps_keep_theirs():
    built = Session.start(DoomTitle(custom_dir=ROOT / "maps" / "custom"), "custom:twin_control_rooms", seed=1,
                          options={"marines": 1}).state.map
    assert sorted(built.door_label.values()) == ["D1", "D2"]
    knee = Session.start(DoomTitle(), "knee_deep", seed=1, options={"marines": 1}).state.map
    assert all(knee.door_name(d) == d for d in knee.doors)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_lesson_door_reads_d1_on_its_plate_its_button_and_the_log(make_app, monkeypatch, size):
    from game import titles

    app = make_app(size)
    drawn = record_text_rects(monkeypatch)
    adapter = adapter_for("doom")
    lesson = next(les for les in lessons_for("doom", adapter) if les.id == "move_doors_sight")
    runner = LessonRunner(lesson, adapter)
    scene = titles.get("doom").ui_module().tutorial_scene(app.ctx, runner, size, None)
    app.scenes = [scene]
    while runner.step.id != "open_door":
        if runner.step.kind == "read":
            runner.next()
        else:
            assert scene.submit(runner.hint())
    drawn.clear()
    app._force_redraw = True
    scene.full_redraw = scene.dirty = True
    app.run(max_frames=1)
    texts = [t for t, _r in drawn]
    assert "D1" in texts and not [t for t in texts if "door_b" in t], texts
    opening = runner.hint()
    assert str(opening.label).startswith("Open door D1")
    assert scene.submit(opening)
    app.run(max_frames=1)
    said = \
        [str(x.event.text) for x in runner.session.log]
    assert any("opens door D1" in s for s in said) and not [s for s in said if "door_b" in s], said


def test_a_refused_door_on_a_built_map_is_named_as_its_plate():
    """The refusal that names the one thing stopping a door (spec 3.2, 6.13) came from another
    branch than the D-numbers: on a built map it said 'Red is not next to door
    sample_room:door_b' beside a plate reading D1."""
    from game.engine.protocol import Action, IllegalAction

    session = Session.start(DoomTitle(custom_dir=ROOT / "maps" / "custom"), "custom:twin_control_rooms", seed=1,
                            options={"marines": 1})
    while session.decider is not None and not any(a.kind == "declare" for a in session.legal_actions()):
        session.apply(session.legal_actions()[0])
    session.apply(next(a for a in session.legal_actions() if a.kind == "declare" and a.payload.get("action") == "run"))
    state = session.state
    usable = {a.payload["door"] for a in session.legal_actions() if a.kind == "door"}
    door = next(d for d in sorted(state.map.doors) if d not in usable)
    with pytest.raises(IllegalAction) as got:
        session.apply(Action("door", {"door": door}))
    reason = str(got.value.reason)
    assert state.map.door_name(door) in reason and door not in reason, reason


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_lesson_2s_highlights_leave_door_bs_plate_whole(make_app, size):
    """Lesson 2: the yellow outline round door B ran through its 'D1' plate (and the dimming
    outside it greyed the half beyond), and the square beside the door was framed across the
    plate. The door's highlight is sized round its plate, and a plate an outline crosses is
    drawn again over it: no outline pixel on the plate."""
    import pygame

    from game import titles
    from game.ui.tutorial.scene import ARROW

    app = make_app(size)
    adapter = adapter_for("doom")
    lesson = next(les for les in lessons_for("doom", adapter) if les.id == "move_doors_sight")
    runner = LessonRunner(lesson, adapter)
    scene = titles.get("doom").ui_module().tutorial_scene(app.ctx, runner, size, None)
    app.scenes = [scene]
    for stop in ("to_the_door", "open_door"):
        while runner.step.id != stop:
            if runner.step.kind == "read":
                runner.next()
            else:
                assert scene.submit(runner.hint())
        app._force_redraw = True
        scene.full_redraw = scene.dirty = True
        app.run(max_frames=1)
        plate = scene._door_plates(scene._seen_cells())["door_b"]
        assert plate is not None
        door = next(r for h, r in zip(runner.highlights(), scene.highlight_rects()) if h.kind == "door")
        stroke = scene.ctx.px(4)
        assert door.inflate(-2 * stroke, -2 * stroke).contains(plate), (stop, door, plate)
        screen = pygame.display.get_surface()
        lit = [(x, y) for x in range(plate.left, plate.right) for y in range(plate.top, plate.bottom)
               if tuple(screen.get_at((x, y)))[:3] == ARROW]
        assert lit == [], (stop, plate, lit[:5])
