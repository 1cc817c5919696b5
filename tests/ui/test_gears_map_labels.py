"""The texts on the Gears map keep clear of each other: the figures' names (labels.py), the
dropped weapons' tags and names, the map exit's and entrance's tags. 'Theron Guard 3' lay over a
dropped 'Torque', two Wretches' names over each other in a crowded area, and at Roadblocks' set-up
the Greek exit tag over the entrance's. Drawn headless on the real App at 1280x720 and 1920x1080:
every mission's start and a few states of a game played by bots."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.engine.session import Session
from game.gears import bots
from game.gears.rules.title import GearsTitle, shared_content
from game.ui.gears.entry import SAVES
from game.ui.gears.table_scene import GearsTable
from tests.ui.conftest import click, move, wheel


def _map_texts(table: GearsTable) -> list[tuple[str, pygame.Rect]]:
    out = [("name " + k, r) for k, r in table.label_rects.items()]
    out += [("dropped " + n, tag.union(rect)) for tag, rect, n in table._dropped_tags()]
    out += [("tag " + text, tag) for _a, _b, tag, text, _f in table._map_exit_marks()]
    return [(k, r) for k, r in out if r.colliderect(table.view_rect)]


def _overlapping(table: GearsTable) -> list[tuple[str, str]]:
    return [(a, b) for (a, ra), (b, rb) in itertools.combinations(_map_texts(table), 2) if ra.colliderect(rb)]


def _played(mission: str, seed: int, steps: int) -> Session:
    session = Session.start(GearsTitle(), mission, seed=seed, options={"players": 2})
    chooser = {p: bots.CogBot(seed=i) for i, p in enumerate(session.state.players)}
    for _ in range(steps):
        if session.state.phase == "over" or session.decider is None:
            break
        session.apply(chooser[session.decider].decide(session.state, session.legal_actions()).action)
    return session


def _drawn(app, session: Session, size) -> GearsTable:
    table = GearsTable(app.ctx, session, ["human", "human"], size, SAVES.autosave_path(), animate=False)
    app.scenes = [table]
    app.run(max_frames=1)
    click((size[0] // 2, size[1] // 2))  # past the hand-off screen
    app.run(max_frames=2)
    return table


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_no_two_texts_on_the_map_overlap(make_app, size):
    app = make_app(size)
    bad = []
    # Every mission's start; then the states where texts were seen over each other (seed 3 after
    # 40 actions: a Wretch's name over a Hammerburst in Belly of the Beast, a Ticker's over the
    # map exit at Roadblocks; The Hive after 250: a name over the Torque; China Shop after 400).
    cases = [(m, 1, 0) for m in shared_content().missions] + [(m, 3, 40) for m in shared_content().missions] + \
        [("roadblocks", 2, 0), ("hive", 3, 250), ("china_shop", 1, 400)]
    for mission, seed, steps in cases:
        table = _drawn(app, _played(mission, seed, steps), size)
        for zoom_in in (0, 1):
            if zoom_in:
                zoom = table.camera.zoom
                move(table.view_rect.center)  # a step of the wheel over the map
                wheel(1)
                app.run(max_frames=2)
                assert table.camera.zoom > zoom or zoom >= 2.0  # (a map not laid yet: at the most)
            if _overlapping(table):
                bad.append((mission, seed, steps, zoom_in, _overlapping(table)[:2]))
    assert not bad


def test_the_texts_checked_are_there(make_app):
    """The check above reads what is drawn: names, dropped weapons and the map's tags."""
    app = make_app((1920, 1080))
    table = _drawn(app, _played("hive", 3, 250), (1920, 1080))
    kinds = {k.split()[0] for k, _r in _map_texts(table)}
    assert {"name", "dropped"} <= kinds
    table = _drawn(app, _played("roadblocks", 1, 0), (1920, 1080))
    assert len([k for k, _r in _map_texts(table) if k.startswith("tag")]) == 2


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_greek_map_entrance_and_exit_tags_apart(make_app, size):
    """Roadblocks' set-up in Greek: 'Είσοδος χάρτη: εδώ μπαίνουν οι COG' and 'Έξοδος χάρτη: η
    είσοδος εξερευνά', on tiles side by side, lay one over the other."""
    from dataclasses import replace

    from game import i18n
    from game.ui.scene import ChangeSettings

    app = make_app(size)
    app.apply(ChangeSettings(replace(app.ctx.settings, language="el")))
    i18n.set_language("el")
    for seed in (1, 2):
        table = _drawn(app, _played("roadblocks", seed, 0), size)
        assert len([k for k, _r in _map_texts(table) if k.startswith("tag")]) == 2
        assert not _overlapping(table)


def test_the_hovered_areas_name_keeps_off_the_figures(make_app):
    """The hovered area's name tag went at the top of the area over whatever stood there (Hive's
    'Lépcsőakna (6B)' over Marcus's token, against his name, hu at 1920x1080). Emergence, seed 3
    after 40 actions, 1280x720: Augustus stands under Checkpoint's top; the tag keeps off his
    token and name, inside the area's box."""
    size = (1280, 720)
    app = make_app(size)
    table = _drawn(app, _played("emergence", 3, 40), size)
    area = "2A:checkpoint"
    assert any(c.area == area for c in table.state.cogs.values())
    tag = table._area_tag(area)[0]
    figures = list(table.token_rects.values()) + list(table.label_rects.values())
    assert not [r for r in figures if r.colliderect(tag)]
    assert table._area_box(area).collidepoint(tag.center)
