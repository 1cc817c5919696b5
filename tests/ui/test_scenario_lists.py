"""The set-up screens' scenario lists (kit/scenario_list.py) show every name and tag whole. At
the 125% text size in 1280x720, in Hungarian and Greek, Doom's rows read 'P2. Απενεργοποίηση
αντιδρασ…' and 'Mintaszobák  —  gyakorlót…', and Gears' rows cut each mission's line to
'Κάθε τρύπα ανάδυσης…' beside names squeezed into rows of a fixed share. Where the rows do not
all fit, the list scrolls (the wheel over it, or the arrow keys, which choose the
previous/next scenario); its rows' rects are what a click chooses. Level 7's list (which did
not cut) is the same kit piece now, and checked the same way."""
from __future__ import annotations

import re

import pygame
import pytest

from game import i18n
from game.i18n import _
from game.ui.doom.setup_scene import DoomSetup
from game.ui.gears import words as gears_words
from game.ui.gears.setup_scene import GearsSetup
from game.ui.level7 import words as level7_words
from game.ui.level7.setup_scene import Level7Setup
from tests.ui.conftest import click, key, move, wheel
from tests.ui.test_ui_scale import at_scale, draw

LIST_AT = (200, 420)  # a point of the left column (the list) in 1280x720 at 125%


def _letters(s: str) -> str:
    return re.sub(r"\s+", "", s)


from game.ui.maplist import shown_name  # noqa: E402


def _gears_rows(scene) -> list[tuple[str, str]]:
    rows = []
    for mid in scene.mission_ids:
        m = scene.content.missions[mid]
        tag = (_("Base game") if m.expansion == "base" else _("Mission Pack 1")) + "  \u2022  " \
            + _("{lo}-{hi} players").format(lo=m.players[0], hi=m.players[1])
        rows.append((f"{m.number}. {gears_words.mission(m)}", tag))
    for e in scene.custom.values():
        tag = _("Broken file") if e.mission is None else \
            _("Custom map") + "  \u2022  " + _("{n} players").format(n=e.mission.players)
        rows.append((e.name, tag))
    return rows


def _doom_rows(scene) -> list[tuple[str, str]]:
    rows = [(scene._row_name(sc), _("Invader wins at {n} frags").format(n=sc.frag_target))
            for sc in (scene.content.scenarios[s] for s in scene.scenario_ids)]
    for b in scene.built.values():
        tag = _("Cannot be played") if b.scenario is None else \
            _("Invader wins at {n} frags").format(n=b.scenario.frag_target) + ("  (" + _("default") + ")" if b.frag_default else "")
        rows.append((shown_name(b.name, "doom"), tag))  # the map's name in the reader's language
    return rows


def _level7_rows(scene) -> list[tuple[str, str]]:
    return [(level7_words.scenario(sc), _("Cannot be played") if scene._refusal(sc.id) else level7_words.start_line(sc))
            for sc in scene.content.scenarios.values()]


def _open(make_app, setup, lang):
    app = at_scale(make_app, 1.25)
    i18n.set_language(lang)
    scene = setup(app.ctx)
    app.push(scene)
    move(LIST_AT)
    app.run(max_frames=1)
    return app, app.top


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
@pytest.mark.parametrize("setup, rows", [(GearsSetup, _gears_rows), (DoomSetup, _doom_rows),
                                         (Level7Setup, _level7_rows)], ids=["gears", "doom", "level7"])
def test_every_scenario_name_and_tag_is_drawn_whole(make_app, drawn_text, lang, setup, rows):
    app, scene = _open(make_app, setup, lang)
    seen: list[str] = []
    for _turn in range(20):  # the list from its top to its end, as the wheel scrolls it
        drawn_text.clear()
        draw(app)
        seen += drawn_text
        wheel(-1)
        app.run(max_frames=1)
    shown = _letters("".join(seen))
    cut = [t for t in seen if t.endswith("\u2026")]
    for name, tag in rows(scene):
        assert _letters(name) in shown, name
        assert _letters(tag) in shown, tag
        for text in (name, tag):
            assert not [c for c in cut if _letters(text).startswith(_letters(c[:-1]))], (text, cut)
    # Nor is any row's line cut: where the rows do not fit, the chosen row's line is shown whole
    # and the others' not at all (Gears' lines ended in '…'; in English, Doom's goals were each
    # cut to one line: 'Marines win when one of them reaches the exit: Evac airlock. The invader…').
    assert cut == []


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("setup", [GearsSetup, DoomSetup, Level7Setup], ids=["gears", "doom", "level7"])
def test_a_click_on_a_row_and_the_arrow_keys_choose_its_scenario(make_app, lang, setup):
    app, scene = _open(make_app, setup, lang)
    lst = scene.scenario_list
    field = "mission" if setup is GearsSetup else "scenario"  # the choice's field the list sets
    rects = [r for r, _row in lst.rows]
    assert rects and all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    left = pygame.Rect(0, 150, 700, 720 - 120 - 150)  # the left column, above the buttons' row
    assert all(left.contains(r) for r in rects)
    # A click on each drawn playable row chooses it (the scroll kept: each row where it is drawn
    # now; a chosen row shows its goal whole, which moves the rows under it).
    for what in [row.what for _r, row in lst.rows if not row.bad]:
        rect, row = next((r, row) for r, row in lst.rows if row.what == what)
        click(rect.center)
        app.run(max_frames=1)
        assert getattr(scene.choice, field) == row.what.partition(":")[2] or getattr(scene.choice, field) == row.what
    # Down from the first to the last playable row: each chosen in turn, and drawn (scrolled to).
    click(lst.rows[0][0].center)
    app.run(max_frames=1)
    playable = [r.what for r in lst.order if not r.bad]
    for what in playable[1:]:
        key(pygame.K_DOWN)
        app.run(max_frames=1)
        chosen = getattr(scene.choice, field)
        assert what.endswith(chosen)
        assert any(row.chosen and row.what == what for _r, row in lst.rows), what
    key(pygame.K_UP)
    app.run(max_frames=1)
    assert playable[-2].endswith(getattr(scene.choice, field))


def test_a_list_longer_than_its_room_scrolls_and_keeps_the_chosen_row_shown(make_app, drawn_text):
    """Twelve rows in a room for a few: the rows drawn lie inside the room, a note says which
    are shown, the wheel over the list moves it (not elsewhere), and a row chosen by the keys
    is scrolled into view."""
    from game.ui.kit.scenario_list import Heading, Row, ScenarioList

    app = make_app((1280, 720))
    ctx, screen = app.ctx, app.screen
    room = pygame.Rect(40, 100, 560, 220)
    lst = ScenarioList()

    def items(chosen):
        rows = [Row(f"s:{i}", f"Scenario number {i}", f"{i} players", "What it is about.", chosen=i == chosen)
                for i in range(12)]
        return rows[:6] + [Heading("More")] + rows[6:]

    hits, bottom = lst.draw(screen, ctx, items(0), room, None)
    assert lst.max_scroll > 0 and len(hits) < 12 and bottom <= room.bottom
    assert all(room.contains(r) for r, _w in hits)
    assert any("scroll" in t for t in drawn_text)
    first = hits[0][1]
    assert not lst.wheel((700, 200), -1)  # outside the list: nothing moves
    assert lst.wheel(room.center, -1) and lst.scroll == 1
    hits, _b = lst.draw(screen, ctx, items(0), room, None)
    assert hits[0][1] != first and all(room.contains(r) for r, _w in hits)
    # The keys: from the first row down to the last, each chosen row drawn.
    lst.scroll = 0
    chosen = 0
    lst.draw(screen, ctx, items(chosen), room, None)
    for _n in range(11):
        what = lst.step(1)
        chosen = int(what.partition(":")[2])
        hits, _b = lst.draw(screen, ctx, items(chosen), room, None)
        assert what in [w for _r, w in hits]
    assert chosen == 11 and lst.scroll == lst.max_scroll
    assert lst.step(1) == "s:11"  # the last stays chosen


def test_each_doom_goal_reads_whole_when_its_scenario_is_chosen(make_app, drawn_text):
    """Doom in English at 125% in 1280x720: the rows do not all fit with their goals, so the
    chosen scenario's goal is drawn whole (the others' not at all, never cut to a line with '…'),
    each in turn as the arrow keys choose the next."""
    from game.ui.doom import words as doom_words

    app, scene = _open(make_app, DoomSetup, "en")
    for sid in scene.scenario_ids:
        scene.choice.scenario = sid
        drawn_text.clear()
        draw(app)
        sc = scene.content.scenarios[sid]
        goal = doom_words.goal(sc, scene._map(sc), frags=False)
        assert _letters(goal) in _letters("".join(drawn_text)), goal
        assert [t for t in drawn_text if t.endswith("\u2026")] == []
