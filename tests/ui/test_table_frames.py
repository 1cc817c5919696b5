"""A table frame draws only what changed (issue 19; game/ui/kit/layers.py, widgets' text caches,
kit/idle_work.py): a frame put together from the layers' copies has exactly the pixels of a
frame drawn whole, buttons blitted from a copy still answer clicks, and the Gears tile faces a
mission may lay are read in loop iterations where nothing happens, never in one with input."""
from __future__ import annotations

import pygame

from game.engine.session import Session
from game.gears import bots
from game.gears.rules.title import GearsTitle
from game.ui import widgets
from game.ui.gears import floor
from game.ui.gears.table_scene import GearsTable
from tests.ui.conftest import move, same_frame
from tests.ui.test_gears_play import do_click, play_by_clicks, start_game


def _layers(table) -> list:
    return [table.map_layer, table.toolbar_layer, table.side_layer, table.hand_layer] + list(table.section_layers.values())


def _frame_matches_a_whole_one(app, table) -> None:
    table.full_redraw = True  # put together from the layers, not the last frame drawn again in part
    app.draw(app.screen)
    layered = pygame.image.tobytes(app.screen, "RGB")
    buttons = [(tuple(r), label) for r, label, _w in table.buttons]
    for layer in _layers(table):
        layer.forget()
    table.full_redraw = True
    app.draw(app.screen)
    assert same_frame(pygame.image.tobytes(app.screen, "RGB"), layered), "a layer showed what its key missed"
    assert [(tuple(r), label) for r, label, _w in table.buttons] == buttons


def test_frames_from_layers_have_the_pixels_of_frames_drawn_whole(make_app):
    """Two people play 24 actions by clicks (hand-offs, cards, moves, attacks); after each, and
    with the pointer over a toolbar button, a card and the map, the frame the layers give is
    the frame drawn from nothing."""
    app, table = start_game(make_app, seats=("human", "human"))
    chooser = {p: bots.SquadBot(seed=5 + i) for i, p in enumerate(table.players)}
    hits = 0
    for _n in range(24):
        if table.session.is_over():
            break
        if table.handoff is not None:
            do_click(app, table.view_rect.center)
        session = table.session
        play_by_clicks(app, table, chooser[session.decider].decide(session.state, session.legal_actions()).action)
        for pos in (table.buttons[0][0].center, next(iter(table.card_rects.values()), table.hand_rect).center,
                    table.view_rect.center):
            move(pos)
            app.run(max_frames=1)
            drawn = [layer.drawn for layer in _layers(table)]
            _frame_matches_a_whole_one(app, table)
            hits += sum(1 for layer, n in zip(_layers(table), drawn) if layer.drawn == n + 1)
    assert len(table.session.actions) >= 20
    assert hits, "no frame came from the layers: nothing was compared"


def test_buttons_blitted_from_the_side_panels_copy_answer_clicks(make_app):
    app, table = start_game(make_app)
    app.run(max_frames=2)
    drawn = table.side_layer.drawn
    table.dirty = True
    app.run(max_frames=1)
    assert table.side_layer.drawn == drawn, "the side panel was drawn again with nothing changed"
    fold = next(r for r, _label, what in table.buttons if what == "side")
    do_click(app, fold.center)
    assert not table.side_open


def test_tile_faces_are_read_ahead_only_when_nothing_happens(make_app):
    app = make_app((1280, 720))
    title = GearsTitle()  # its own loader: no face read yet
    session = Session.start(title, "china_shop", seed=3, options={"players": 1})
    table = GearsTable(app.ctx, session, ["human"], (1280, 720), animate=False)
    app.push(table)
    tiles = {t for level in title.content.missions["china_shop"].levels for t in level.tiles}
    ahead = tiles - {p["tile"] for p in session.state.placements}
    assert ahead
    for i in range(12):  # the pointer moves every iteration: no work ahead
        move((100 + i, 300))
        app.run(max_frames=1)
    assert table.idle.done == 0
    app.run(max_frames=400)  # the boards a door would lay first (test_gears_ahead.py), then the faces
    assert table.idle.done >= len(ahead)
    assert not table.idle.run_one(), "work ahead left after 400 idle iterations"
    assert ahead <= set(title.loader._cache)
    assert {str(floor.TILES_DIR / f"{t}.tmx") for t in ahead} <= {path for path, _stamp in floor._FLOORS}


def test_cached_text_is_the_text_drawn_and_a_shadow_leaves_it_alone(make_app):
    make_app((320, 200))
    font = pygame.font.Font(None, 24)
    assert widgets.wrap("a few words to wrap here", font, 60) == widgets._wrap("a few words to wrap here", font, 60)
    black = widgets.rendered(font, "ink", (0, 0, 0))
    surface = pygame.Surface((100, 40))
    widgets.text(surface, "ink", font, (0, 0, 0), (0, 0), shadow=True)  # its shadow is black too
    assert widgets.rendered(font, "ink", (0, 0, 0)) is black
    assert black.get_alpha() in (None, 255), "the shadow's see-through made the black text faint"


def test_doom_frames_from_layers_have_the_pixels_of_frames_drawn_whole(make_app):
    """The Doom table's layers (the map under the figures with its fog, the invader's card row,
    the toolbar and side panel) over 20 actions of two marines and the invader, each seat a
    person (hand-offs between the marines' and the invader's views)."""
    from game import titles
    from game.doom.rules.title import DoomTitle
    from game.ui.doom.table_scene import DoomTable

    app = make_app((1280, 720))
    session = Session.start(DoomTitle(), titles.get("doom").default_scenario, seed=5, options={"marines": 2})
    table = DoomTable(app.ctx, session, ["human"] * 3, (1280, 720), animate=False)
    app.push(table)
    app.run(max_frames=1)
    chooser = {p: table.make_bot(i) for i, p in enumerate(table.players)}
    for _n in range(20):
        if session.is_over():
            break
        table.handoff = None
        bot, actions = chooser[session.decider], session.legal_actions()
        table.submit(bot.decide(session.state, actions).action if hasattr(bot, "decide") else bot.choose(actions))
        for pos in (table.buttons[0][0].center, table.view_rect.center, (table.view_rect.centerx + 70, table.view_rect.centery + 30)):
            move(pos)
            app.run(max_frames=1)
            _frame_matches_a_whole_one(app, table)
    assert len(session.actions) >= 15
