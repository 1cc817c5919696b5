"""Convoy's play area (the opponent's strip, the cities, the battle stations and their cards, the
battle panel) is one layer (kit/layers.py) drawn again only when what it shows changes: the
state, a drag, the language, the text size, the window's size. The card shown large under the
pointer is drawn over it as a part (`local_parts`), so the pointer onto another card draws that
card's old and new rectangles, not the whole frame (every card face and city had been drawn again
at each hover change, 2-3 ms of a frame).

A frame from the layer must have the pixels of the same state drawn afresh (every layer
forgotten): after actions, an undo, a change of language and of text size, a resize and a load."""
from __future__ import annotations

from dataclasses import replace
from itertools import islice

import pygame

from game.convoy.rules.title import ConvoyTitle
from game.engine.session import Session, load_session
from game.ui.convoy.table_scene import ConvoyTable
from game.ui.scene import ChangeSettings
from tests.ui.conftest import same_frame
from tests.ui.test_table_moving import FixedClock, _pointer_path, _whole


def _table(make_app, size=(1920, 1080), seed=3, actions=30):
    """A person (Moloch) against the AI, the bots' choices played for the person too until
    `actions` actions and the person deciding."""
    app = make_app(size)
    app.clock = FixedClock()
    session = Session.start(ConvoyTitle(), "standard", seed, {})
    table = ConvoyTable(app.ctx, session, ["human", "bot"], size, bot_delay_ms=0, animate=False)
    app.push(table)
    _play(app, table, actions)
    return app, table


def _play(app, table, n: int) -> None:
    """`n` more actions: the person's chosen by a Convoy bot and submitted, the AI's in the loop;
    then on until the person decides."""
    session = table.session
    bot = table.make_bot(0)
    target = len(session.actions) + n
    for _i in range(3000):
        if session.is_over():
            return
        mine = not table.is_bot(session.decider)
        if mine and len(session.actions) >= target and not table.busy:
            app.step()
            return
        if mine and not table.busy:
            table.submit(bot.decide(session.state, session.legal_actions()).action)
        app.step()
    raise AssertionError("the game did not come back to the person")


def _cached_is_fresh(app, table, why: str) -> None:
    """The next frame (its play area from the layer where its key stayed) equals the same state
    drawn with every layer forgotten."""
    table.dirty = True
    table.full_redraw = True
    app.step()
    assert same_frame(pygame.image.tobytes(app.screen, "RGB"), _whole(app, table)), why


def _card_points(table) -> list[tuple[int, int]]:
    """The centres of the cards the pointer shows large: the cities, the cards in play, the hand."""
    return [r.center for r in table.city_rects.values()] + [r.center for r in table.slot_rects.values()] + \
        [shown.center for _u, shown, _w in table.hand_rects]


def test_the_pointer_onto_another_card_draws_that_card_over_the_play_layer(make_app):
    """The pointer from card to card (cities, cards in play, the hand) and over the whole window:
    the frames in which the card shown large changes are drawn in part, the play area blitted from
    its layer (not painted), and each equals the frame drawn whole."""
    for size in ((1920, 1080), (1280, 720)):
        app, table = _table(make_app, size)
        points = _card_points(table)
        assert len(table.slot_rects) >= 4 and len(points) >= 12, "too few cards in play to hover"
        in_part, cards = 0, set()
        for pos in points * 2 + list(islice(_pointer_path(table, 41), 400)):
            before, painted = table.frames_in_part, table.play_layer.drawn
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            if not app.step():
                continue
            assert table.play_layer.drawn == painted, f"the play area painted again for the pointer at {pos}"
            if table.frames_in_part > before:
                in_part += 1
                what = table.local_parts()["card"][0]
                cards.add(what and what[0])
            assert same_frame(pygame.image.tobytes(app.screen, "RGB"), _whole(app, table)), f"pointer at {pos}"
        assert len(cards - {None}) >= len(points) - 2, (size, cards)
        assert in_part >= 2 * len(points), (size, in_part)
        app.scenes.pop()


def test_the_cached_play_area_is_the_one_drawn_afresh(make_app, tmp_path):
    """After actions, an undo, a change of language (Greek, Hungarian), a resize and a load (at
    100% and, the text size changed on the settings screen meanwhile, at 125%), a frame whose
    play area comes from its layer equals the frame drawn afresh; the loaded game's play area is
    the saved table's."""
    app, table = _table(make_app, (1280, 720))
    session = table.session
    _cached_is_fresh(app, table, "at the start")
    for _n in range(3):
        _play(app, table, 4)
        _cached_is_fresh(app, table, f"after actions ({len(session.actions)})")
    assert table.undo_refusal() is None
    table.undo()
    app.step()
    _cached_is_fresh(app, table, "after an undo")
    for language in ("el", "hu"):
        app.change_settings(ChangeSettings(replace(app.ctx.settings, language=language)))
        _cached_is_fresh(app, table, f"in {language}")
    app.screen = pygame.display.set_mode((1920, 1080))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    app.step()
    _cached_is_fresh(app, table, "after a resize")
    _play(app, table, 3)
    _cached_is_fresh(app, table, "after actions at 1920x1080")
    want = pygame.image.tobytes(app.screen.subsurface(table.view_rect), "RGB")
    path = tmp_path / "game.json"
    session.save(path)
    app.scenes.pop()
    for scale in (1.0, 1.25):
        app.change_settings(ChangeSettings(replace(app.ctx.settings, ui_scale=scale)))
        again = ConvoyTable(app.ctx, load_session(path, ConvoyTitle()), ["human", "bot"], (1920, 1080), animate=False)
        app.push(again)
        app.step()
        _cached_is_fresh(app, again, f"after a load at {scale:.0%}")
        if scale == 1.0:
            assert again.view_rect == table.view_rect
            got = pygame.image.tobytes(app.screen.subsurface(again.view_rect), "RGB")
            assert same_frame(got, want), "the loaded game's play area is drawn otherwise"
        _play(app, again, 3)
        _cached_is_fresh(app, again, f"after actions at {scale:.0%}")
        app.scenes.pop()


def test_a_play_key_blind_to_the_language_fails_the_comparison(make_app, monkeypatch):
    """The comparison can fail: with the play area's key blind to the settings and the language,
    the frame after a change of language keeps the English play area."""
    app, table = _table(make_app, (1280, 720), actions=10)
    key = ConvoyTable.play_key
    monkeypatch.setattr(ConvoyTable, "play_key", lambda self: key(self)[:5])
    _cached_is_fresh(app, table, "at the start")
    app.change_settings(ChangeSettings(replace(app.ctx.settings, language="el")))
    table.dirty = table.full_redraw = True
    app.step()
    assert not same_frame(pygame.image.tobytes(app.screen, "RGB"), _whole(app, table))
