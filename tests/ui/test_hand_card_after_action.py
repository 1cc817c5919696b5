"""The card enlarged under the pointer after an action that changes the hand (a card played or
discarded, cards drawn) while the pointer stays on the hand: the frame drawn in part read the
hovered card's part from the last frame's cards, before the hand strip was laid out again, so
the new enlarged card was drawn only inside the strip and the old card's rectangles; its top
lay under the map, and a strip of the old card stayed (Gears, 1920x1080, Greek at 125%). A
frame drawn in part now has the pixels of the frame drawn whole."""
from __future__ import annotations

import pygame

from game.gears import bots
from tests.ui.conftest import move, same_frame
from tests.ui.test_gears_play import play_by_clicks, start_game
from tests.ui.test_table_frames import _layers


def test_the_enlarged_card_after_a_hand_change_is_drawn_whole(make_app):
    app, table = start_game(make_app, seats=("human", "bot"), size=(1920, 1080))
    table.animate = True
    chooser = bots.SquadBot(seed=5)
    compared = 0
    for n in range(40):
        if table.session.is_over():
            break
        for _ in range(400):  # the bot's turn and the animations, the pointer on the hand
            app.run(max_frames=1)
            if table.session.decider == "P1" and not table.busy and table.handoff is None:
                break
        if table.card_rects:
            move(list(table.card_rects.values())[-1].center)
            app.run(max_frames=2)
        if table.hovered_card() is not None:
            compared += 1
        shot = pygame.image.tobytes(app.screen, "RGB")
        table.full_redraw = True
        for layer in _layers(table):
            layer.forget()
        app.draw(app.screen)
        assert same_frame(pygame.image.tobytes(app.screen, "RGB"), shot), f"after action {n}"
        session = table.session
        action = chooser.decide(session.state, session.legal_actions()).action
        try:
            play_by_clicks(app, table, action)
        except AssertionError:  # no element for it where the pointer stays: submitted as a click would
            table.submit(action)
        if table.card_rects:
            move(list(table.card_rects.values())[-1].center)
    assert compared >= 10
