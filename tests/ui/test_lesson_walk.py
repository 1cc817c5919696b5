"""Lessons walked as a learner at 1280x720 in Hungarian at 125% and at 1920x1080 in Greek: what
a step speaks of is in sight (the side panel's tab it points at is the one open)."""
from __future__ import annotations

from dataclasses import replace

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


def test_the_box_covers_the_least_of_the_highlights_where_each_place_covers_some(make_app):
    """Gears lesson 1, "the Drone was too far to shoot, so it moved 2 areas toward you" (125% in
    1280x720): every place for the box covered the Drone or the AI card, and it lay wholly over
    the Drone where a place at the view's foot left all but its feet in sight."""
    app, runner, scene = lesson_scene(make_app, "gears", "turn")
    go_to(app, runner, scene, "locusts_acted")
    (drone,) = [r for h, r in zip(runner.highlights(), scene.highlight_rects()) if h.kind == "figure"]
    hidden = scene.panel_rect.clip(drone)
    assert hidden.width * hidden.height < drone.width * drone.height // 2, (scene.panel_rect, drone)



@pytest.mark.parametrize("lang", ["hu", "el", "en"])
def test_the_box_leaves_the_drone_whole_where_a_place_beside_it_is_clear(make_app, lang):
    """Gears lesson 1 step 9 (125% in 1280x720): the box at the view's foot still clipped the
    Drone's foot in Hungarian: the places of other shapes were tried only for a title's figures,
    which Gears does not name. A narrower, taller box beside the Drone covers none of it."""
    app, runner, scene = lesson_scene(make_app, "gears", "turn", lang=lang)
    go_to(app, runner, scene, "locusts_acted")
    lit = [r for r in scene.highlight_rects() if r.width]
    assert not [r for r in lit if scene.panel_rect.colliderect(r)], (scene.panel_rect, lit)
    assert scene.view_rect.contains(scene.panel_rect)


@pytest.mark.parametrize("lang,size,scale", [("en", (1920, 1080), 1.0), ("hu", (1920, 1080), 1.25),
                                             ("el", (1280, 720), 1.0), ("hu", (1280, 720), 1.25)])
def test_convoys_last_step_keeps_the_box_off_the_battle_panel(make_app, lang, size, scale):
    """Convoy lesson 5's last step ("New York fell with the Moloch deck empty ... the Outpost
    wins") named nothing on the table, and its box lay over the Battle panel's top, the city and
    the score (1920x1080). It lights the Battle panel, which tells the result."""
    app, runner, scene = lesson_scene(make_app, "convoy", "new_york", size, lang, scale)
    go_to(app, runner, scene, "won")
    assert not scene.panel_rect.colliderect(scene.zones["battle"]), (scene.panel_rect, scene.zones["battle"])
    assert scene.zones["battle"] in scene.highlight_rects()

def walk_to_end(app, runner, scene) -> str:
    """Plays the lesson to its end as --check does; the end panel's words as drawn."""
    from tests.ui.conftest import frame_texts

    while not runner.done:
        if runner.step.kind == "read":
            scene.next_step()
        else:
            assert scene.submit(runner.hint())
    app.run(max_frames=1)
    drawn = frame_texts(app, 1)
    return " ".join(t for t, r, size in drawn if size == app.screen.get_size() and scene.panel_rect.contains(r))


@pytest.mark.parametrize("lang,size,scale", [("hu", (1280, 720), 1.25), ("el", (1920, 1080), 1.0), ("en", (1280, 720), 1.0)])
def test_a_lessons_end_says_what_was_learned_and_which_lesson_is_next(make_app, lang, size, scale):
    """Doom lesson 3 ends on an action step ('End Red's turn'); its end panel said only "Well
    done. Press Next to go back to the lessons.": nothing of what the lesson taught nor of where
    to go next. Now its line in the list and the next lesson by number and name."""
    from game.i18n import _

    app, runner, scene = lesson_scene(make_app, "doom", "attack", size, lang, scale)
    words = walk_to_end(app, runner, scene)
    later = next(les for les in lessons_for("doom", adapter_for("doom")) if les.order == runner.lesson.order + 1)
    summary, title = _(runner.lesson.summary).split(), _(later.title).split()
    assert " ".join(summary[:3]) in words and " ".join(title[:2]) in words, words
    assert str(later.order) in words


def test_the_last_lessons_end_says_it_was_the_last(make_app):
    app, runner, scene = lesson_scene(make_app, "convoy", "new_york")
    words = walk_to_end(app, runner, scene)
    assert "ez volt az utolsó lecke" in words, words


def test_a_narrower_box_leaves_a_figure_in_the_middle_in_sight(make_app):
    """Gears lesson 5, "the Wretch ran 4 areas toward you" (125% in 1280x720): the Wretch stood
    in the middle of the view, and the box, 650 px wide wherever it went, lay over it with the
    arrow pointing at it from above. A narrower, taller box in a corner leaves it in sight."""
    app, runner, scene = lesson_scene(make_app, "gears", "locust_ai")
    go_to(app, runner, scene, "moved")
    (wretch,) = [r for h, r in zip(runner.highlights(), scene.highlight_rects()) if h.kind == "figure"]
    assert not scene.panel_rect.colliderect(wretch), (scene.panel_rect, wretch)


def test_stun_the_clone_lights_roll_once_the_attack_panel_is_open(make_app):
    """Level 7 lesson 7, "Stun the clone: click it, then Roll": clicking the clone opened the
    attack panel over it; the clone's outline stayed lit through the panel's words ('Erő
    kihívás'), the dimming left a hole in the panel there, and Roll was not lit. Roll is lit, and
    no highlight is drawn under the panel."""
    from tests.ui.conftest import click

    app, runner, scene = lesson_scene(make_app, "level7", "escape")
    go_to(app, runner, scene, "clear")
    click(scene.highlight_rects()[0].center)
    app.run(max_frames=2)
    assert scene.panels
    lit = [(h.kind, r) for h, r in zip(runner.highlights(), scene.highlight_rects()) if r.width]
    (roll,) = [r for k, r in lit if k == "button"]
    assert [what for rect, _l, what in scene.buttons if roll.contains(rect)] == ["roll"]
    # The panel lies where the table puts it (clear of the challenged tile, over the side panel
    # where the view has no room): whatever stays lit on the map is not under it.
    panels = [p for p, _first in scene.panels]
    assert [(k, r) for k, r in lit if k != "button" and any(p.colliderect(r) for p in panels)] == []


@pytest.mark.parametrize("lesson,step", [("round", "declare_run"), ("special_weapons", "walk_on")])
def test_a_refusals_rule_keeps_above_the_boxs_buttons(make_app, lesson, step):
    """Doom lesson 1, Advance declared where the step wants Run (125% in 1280x720, the box over
    the side panel): the rule under the refusal ran on under 'Do it on the table to go on.' and
    behind Rule, Back and Next. It stops, cut with '…', where the box has room. Lesson 6's long
    step left no room for the refusal itself: the step's words give way, cut with '…'."""
    from game.i18n import _
    from tests.ui.conftest import frame_texts

    app, runner, scene = lesson_scene(make_app, "doom", lesson)
    go_to(app, runner, scene, step)
    wrong = [a for a in runner.session.legal_actions() if a not in runner.wanted()]
    assert not scene.submit(wrong[len(wrong) // 2])
    drawn = frame_texts(app, 1)
    note = _("Do it on the table to go on.")
    buttons = [r for r, _w in scene.panel_buttons]
    below = [r for t, r, _s in drawn if t == note] + buttons
    assert below
    words = [(t, r) for t, r, size in drawn if size == app.screen.get_size() and scene.panel_rect.contains(r)
             and t != note and not any(b.contains(r) for b in buttons)]
    assert [t for t, r in words if any(r.colliderect(b) for b in below)] == []


def test_a_placement_card_in_its_panel_stays_lit(make_app):
    """The map highlights under a panel are dropped (the clone under the attack panel); a
    button of the panel itself, Level 7's placement card 'turned twice', stays lit."""
    app, runner, scene = lesson_scene(make_app, "level7", "explore", (1920, 1080), "el", 1.0)
    go_to(app, runner, scene, "place")
    (card,) = scene.highlight_rects()
    assert card.width and any(panel.contains(card) for panel, _first in scene.panels)


@pytest.mark.parametrize("lang,size,scale", [("hu", (1280, 720), 1.25), ("el", (1920, 1080), 1.0)])
def test_the_weapons_highlight_lights_the_weapon_lines(make_app, lang, size, scale):
    """Gears lesson 4, "The Lancer shows two numbers...": its weapons highlight lit the whole hand
    strip with the arrow down between two Order cards; now the weapon lines left of the cards."""
    app, runner, scene = lesson_scene(make_app, "gears", "attack", size, lang, scale)
    go_to(app, runner, scene, "overwhelming")
    (lit,) = [r for h, r in zip(runner.highlights(), scene.highlight_rects()) if h.kind == "panel"]
    assert scene.hand_rect.contains(lit) and lit.width < scene.hand_rect.width // 3
    assert not [c for c, r in scene.card_rects.items() if r.colliderect(lit)]


def test_a_refusal_keeps_the_box_inside_the_maps_view(make_app):
    """Gears lesson 8 at 125% in 1280x720, a prompt button pressed where the step wants a card
    played to attack: the refusal and its rule made the box taller than the map's view, and it
    rose over the prompt line and its buttons. It stays in the view, the rule cut to the room."""
    app, runner, scene = lesson_scene(make_app, "gears", "grenades")
    go_to(app, runner, scene, "play")
    wrong = next(a for a in runner.session.legal_actions() if a not in runner.wanted())
    assert not scene.submit(wrong) and scene.feedback
    app._force_redraw = True
    scene.dirty = True
    app.run(max_frames=2)
    assert not scene.panel_rect.colliderect(scene.prompt_rect), (scene.panel_rect, scene.prompt_rect)
    assert not [r for r, _l, _w in scene.buttons if r.colliderect(scene.panel_rect)]


def test_the_grenade_step_is_done_by_clicking_what_it_lights(make_app):
    """Gears lesson 8, "Throw it into the hole's area": it lit the area alone, and a click there
    only drew the table's "Not now: choose the attack, or skip it"; the throw starts with the
    prompt's Throw a Bolo Grenade button, which lay dimmed. Now the step lights the button, then
    the area, and clicking them in turn throws the grenade."""
    from tests.ui.conftest import click

    app, runner, scene = lesson_scene(make_app, "gears", "grenades")
    go_to(app, runner, scene, "throw")
    for _ in range(2):
        lit = [r for r in scene.highlight_rects() if r.width]
        click(lit[0].center)
        app.run(max_frames=2)
    assert runner.step.id == "sealed", (runner.step.id, scene.feedback, scene.message)


def click_what_is_lit(app, runner, scene, clicks: int = 6) -> list[str]:
    """Clicks a table's button the lesson lights for the wanted action (`panel_answers`), else
    the step's highlights in their order, each once, until the step is done; the kinds clicked."""
    from tests.ui.conftest import click

    index, done, kinds = runner.index, set(), []
    for _ in range(clicks):
        app._force_redraw = True
        scene.dirty = True
        app.run(max_frames=1)
        # a button lit for the wanted action first (it appears once the thing clicked asks how)
        lit = [(("answer", tuple(r)), "answer", r) for r in getattr(scene, "panel_answers", list)()]
        lit += [(("hl", i), h.kind, r) for i, (h, r) in enumerate(zip(runner.highlights(), scene.highlight_rects()))
                if r.width and h.kind not in ("panel", "los")]
        lit = [x for x in lit if x[0] not in done]
        if not lit or runner.index != index:
            break
        key, kind, rect = lit[0]
        done.add(key)
        kinds.append(kind)
        click(rect.center)
        app.run(max_frames=2)
    return kinds


@pytest.mark.parametrize("lesson,step", [("sight_range", "pick_target"), ("attack", "overwhelming"),
                                         ("reactions", "guard"), ("reactions", "follow"), ("turn", "play_move")])
def test_a_gears_step_is_done_by_clicking_only_what_it_lights(make_app, lesson, step):
    """Gears lessons at 125% in 1280x720: "Attack the Drone in the open with the Lancer, normal
    mode": clicking the lit Drone opened the attack panel, dimmed, its six buttons unlit;
    "Guard with Scavenging and the Lancer" lit the Drone alone, the card and then the prompt's
    way to use it unlit. Now what gives the wanted action is lit, and clicking what is lit
    does the step."""
    app, runner, scene = lesson_scene(make_app, "gears", lesson)
    go_to(app, runner, scene, step)
    kinds = click_what_is_lit(app, runner, scene)
    assert runner.step is None or runner.step.id != step, (kinds, scene.feedback, scene.message)


@pytest.mark.parametrize("title,lesson,step", [("level7", "hospital", "attack"), ("level7", "fear_threat", "shift"),
                                               ("doom", "special_weapons", "blast")])
def test_other_titles_steps_are_done_by_clicking_what_they_light(make_app, title, lesson, step):
    """Level 7 lesson 6, "Attack the guard: click it, then Roll": Roll was not lit (lesson 7's
    clone likewise); lesson 4's "click the card, then Fear -1" and Doom lesson 6's rocket
    launcher left the prompt's button for it dimmed."""
    app, runner, scene = lesson_scene(make_app, title, lesson)
    go_to(app, runner, scene, step)
    kinds = click_what_is_lit(app, runner, scene)
    assert runner.step is None or runner.step.id != step, (kinds, scene.feedback, scene.message)


def test_the_greek_follow_question_names_the_icon_as_the_lesson_does(make_app):
    """Gears lesson 7 in Greek at 1920x1080: the step said 'σύμβολο Ακολούθησης' while the
    prompt line above it asked for a card 'που δείχνει το εικονίδιο Follow', in English."""
    from tests.ui.conftest import frame_texts

    app, runner, scene = lesson_scene(make_app, "gears", "reactions", (1920, 1080), "el", 1.0)
    go_to(app, runner, scene, "follow")
    drawn = " ".join(t for t, r, _s in frame_texts(app, 1) if scene.prompt_rect.colliderect(r))
    assert "Ακολούθησης" in drawn and "Follow" not in drawn, drawn


def test_a_refusal_is_put_away_by_the_next_click_the_table_takes(make_app):
    """Gears lesson 8 at 125% in 1280x720: a prompt button pressed where the step wants a card
    played to attack was refused; the learner then raised Assault as asked, but the refusal and
    its rule stayed in red, the box at its largest over the map, until the step was done."""
    from tests.ui.conftest import click

    app, runner, scene = lesson_scene(make_app, "gears", "grenades")
    go_to(app, runner, scene, "play")
    wrong = next(a for a in runner.session.legal_actions() if a not in runner.wanted())
    assert not scene.submit(wrong) and scene.feedback
    app.run(max_frames=2)
    card = next(r for c, r in scene.card_rects.items() if c.startswith("assault"))
    click(card.center)
    app.run(max_frames=2)
    assert scene.selected_card is not None and scene.feedback == ""
