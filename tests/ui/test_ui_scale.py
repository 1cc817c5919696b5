"""Issue 21 item 4: every screen lays out at 1280x720 at 100%, 125% and 150% UI scale with no two
clickable widgets overlapping and every one of them inside the window (at 150% "Start the
mission" lay over the seed controls, so a click on it changed the seed).

Each screen is drawn headless on the real App; the rectangles are the ones the scene registered
for clicks while drawing (its buttons / hits / rows / card and tab rectangles), so what is
checked is exactly what a click is matched against."""
from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.engine.session import Session
from game.gears import bots
from game.gears.rules.title import GearsTitle

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1280, 720)
SCALES = (1.0, 1.25, 1.5)
# Where a scene keeps the rectangles its clicks are matched against.
CLICK_FIELDS = ("buttons", "hits", "hit_boxes", "rows", "cards", "card_rects", "tab_rects", "rule_rects",
                "end_buttons", "panel_buttons", "back")


def _rect_of(item) -> pygame.Rect | None:
    if isinstance(item, pygame.Rect):
        return item
    rect = getattr(item, "rect", None)
    if isinstance(rect, pygame.Rect):
        return rect
    if isinstance(item, tuple):
        return next((x for x in item if isinstance(x, pygame.Rect)), None)
    return None


def clickables(scene) -> list[tuple[str, pygame.Rect]]:
    """(field[index], rect) of every widget the scene answers clicks on, as last drawn."""
    out = []
    for name in CLICK_FIELDS:
        value = getattr(scene, name, None)
        if value is None:
            continue
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else [(0, value)]
        for i, item in items:
            rect = _rect_of(item)
            if rect is not None and rect.width > 0 and rect.height > 0:
                out.append((f"{name}[{i}]", rect))
    return out


def layout_problems(scene, size=SIZE) -> list[str]:
    window = pygame.Rect((0, 0), size)
    rects = clickables(scene)
    problems = [f"{n} {r} outside the window" for n, r in rects if not window.contains(r)]
    panels = [panel for panel, _first in getattr(scene, "panels", [])]
    for (na, a), (nb, b) in itertools.combinations(rects, 2):
        # Under a panel a click is the panel's (GameTable.click): a card beneath it is covered.
        covered = any(p.contains(a.clip(b)) for p in panels) and "card_rects" in na + nb
        if a.colliderect(b) and not covered:
            problems.append(f"{na} {a} overlaps {nb} {b}")
    # A panel laid over the table (the attack preview) hides what was drawn before it: no
    # earlier button may lie under it, and its own buttons lie inside it.
    for panel, first_own in getattr(scene, "panels", []):
        if not window.contains(panel):
            problems.append(f"panel {panel} outside the window")
        for i, (rect, label, _what) in enumerate(getattr(scene, "buttons", [])):
            if rect.colliderect(panel) and (i < first_own or not panel.contains(rect)):
                problems.append(f"button {label!r} {rect} under the panel {panel}")
    return problems


def draw(app):
    app._force_redraw = True
    app.draw(app.screen)


def at_scale(make_app, scale):
    app = make_app(SIZE)
    app.ctx.settings = replace(app.ctx.settings, ui_scale=scale)
    return app


def drive(session, stop, limit=4000):
    chooser = {p: bots.CogBot(seed=i) for i, p in enumerate(session.state.players)}
    for _ in range(limit):
        if stop(session) or session.is_over():
            break
        session.apply(chooser[session.decider].decide(session.state, session.legal_actions()).action)
    return session


_ENDED: list[Session] = []


def ended_session() -> Session:
    """One bot-played Emergence to its end, shared by the end-screen cases (it takes a while)."""
    if not _ENDED:
        _ENDED.append(drive(Session.start(GearsTitle(), "emergence", seed=5, options={"players": 2}), lambda s: False))
    assert _ENDED[0].is_over()
    return _ENDED[0]


def gears_table(app, session, seats=("human", "bot")):
    from game.ui.gears.table_scene import GearsTable

    table = GearsTable(app.ctx, session, list(seats), SIZE, Path(app.ctx.settings_file).parent / "t.json", animate=False)
    app.push(table)
    return table


# ---------------------------------------------------------------------------- the screens
def menu(app):
    return app.top


def settings(app):
    from game.ui.scene import OpenSettings

    app.apply(OpenSettings())
    return app.top


def gears_setup(app):
    from game import titles

    app.push(titles.get("gears").ui_module().setup_scene(app.ctx))
    return app.top


def doom_setup(app):
    from game import titles

    app.push(titles.get("doom").ui_module().setup_scene(app.ctx))
    return app.top


def load_list(app):
    from game.ui.gears.entry import SAVES

    session = drive(Session.start(GearsTitle(), "emergence", seed=3, options={"players": 2}), lambda s: s.state.turn >= 2)
    for _i in range(12):  # more than the list shows at once: it scrolls
        SAVES.save_named(session, ["human", "bot"])
    scene = gears_setup(app)
    scene.show_saves()
    return scene


def gears_table_mid_game(app):
    session = drive(Session.start(GearsTitle(), "emergence", seed=5, options={"players": 2}),
                    lambda s: s.state.turn >= 2 and s.decider == "P1")
    return gears_table(app, session)


def gears_attack_preview(app):
    session = Session.start(GearsTitle(), "emergence", seed=5, options={"players": 2})
    table = gears_table(app, session)
    chooser = {p: bots.CogBot(seed=i) for i, p in enumerate(table.state.players)}
    for _ in range(1500):
        if table.session.decider == "P1" and table.choices.targets:
            break
        table.submit(chooser[table.session.decider].decide(table.state, table.session.legal_actions()).action)
    target = next(iter(table.choices.targets))
    table.target, table.attack_choice = target, table.choices.targets[target][0]
    return table


def doom_table(app, seats=("human", "bot")):
    from game.doom.rules.title import DoomTitle
    from game.ui.doom.table_scene import DoomTable

    table = DoomTable(app.ctx, Session.start(DoomTitle(), "knee_deep", 1, {"marines": 1}), list(seats), SIZE,
                      Path(app.ctx.settings_file).parent / "d.json")
    app.push(table)
    return table


def level7_setup(app):
    from game import titles

    app.push(titles.get("level7").ui_module().setup_scene(app.ctx))
    return app.top


def level7_table(app, preview=False):
    """Level 7, two seats, after a few bot actions; with `preview`, an attack's preview open."""
    from game.engine.protocol import Action
    from game.level7.player_bot import PlayerBot
    from game.level7.rules.state import Enemy
    from game.level7.rules.title import Level7Title
    from game.ui.level7.table_scene import Level7Table

    session = Session.start(Level7Title(), "s1", 11, {"players": 2})
    bot = PlayerBot(3)
    for _ in range(8):
        session.apply(bot.decide(session.state, session.legal_actions()).action)
    table = Level7Table(app.ctx, session, ["human", "human"], SIZE, Path(app.ctx.settings_file).parent / "l7.json")
    app.push(table)
    table.handoff = None
    if preview and session.state.proc is None:
        st = session.state
        st.enemies.append(Enemy("guard", 9, st.player.tile))
        table.update_choices()
        table.selected = next(a for a in session.legal_actions() if a.kind == "attack")
        assert isinstance(table.selected, Action)
    return table


def level7_preview(app):
    table = level7_table(app, preview=True)
    assert table.selected is not None, "the attack preview is not open: pick another seed"
    return table


def lesson(app, index=2):
    from game.ui.tutorial.scene import LessonList

    lessons = LessonList(app.ctx)
    app.push(lessons)
    app.apply(lessons.open(lessons.lessons[index]))
    return app.top


def lesson_list(app):
    from game.ui.tutorial.scene import LessonList

    app.push(LessonList(app.ctx))
    return app.top


def map_viewer(app):
    return app.open_map(ROOT / "maps" / "gears" / "sample_1A.tmx")


def map_list(app):
    from game.ui.scene import OpenMapList

    app.apply(OpenMapList())
    return app.top


def end_screen(app):
    table = gears_table(app, ended_session(), seats=("bot", "bot"))
    table.dice = None
    table.anims = []
    return table


def help_over_table(app):
    gears_table_mid_game(app)
    app.toggle_help()
    return app.top


def help_keys_over_table(app):
    scene = help_over_table(app)
    scene.tab = "keys"
    return scene


SCREENS = [menu, settings, gears_setup, doom_setup, load_list, gears_table_mid_game, gears_attack_preview,
           doom_table, lesson, lesson_list, map_viewer, map_list, end_screen, help_over_table,
           help_keys_over_table, level7_setup, level7_table, level7_preview]
# (F1 over the menu has one page, the keys, and nothing to click since no title's rules apply
# there: it has no tab row to lay out.)


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("screen", SCREENS, ids=lambda f: f.__name__)
def test_every_screen_lays_out_at_1280x720_at_each_ui_scale(make_app, screen, scale):
    app = at_scale(make_app, scale)
    scene = screen(app)
    draw(app)
    draw(app)  # scenes that lay out on their first frame (the table's side tabs) settle on the second
    assert clickables(scene), f"{screen.__name__}: no clickable widgets found"
    assert layout_problems(scene) == []


def test_a_fitted_screen_keeps_the_users_setting(make_app, config_dir):
    """The Settings screen at 150% in 1280x720 draws smaller so it fits (Context.fitted), but
    the setting it shows and steps from is still the user's 150%: one step up is 200%."""
    from game.ui.scene import ChangeSettings

    app = at_scale(make_app, 1.5)
    scene = settings(app)
    draw(app)
    assert scene.ctx.scale < 1.5 and scene.ctx.settings.ui_scale == 1.5
    change = scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    assert isinstance(change, ChangeSettings) and change.settings.ui_scale == 2.0


def test_a_click_on_a_fanned_card_plays_the_card_seen_there(make_app):
    """Fanned hand cards overlap; the part of a card that another covers is that other card's
    (the one seen on top), so a click never plays the card hidden beneath."""
    app = at_scale(make_app, 1.5)
    table = gears_table_mid_game(app)
    draw(app)
    cards = list(table.card_rects.items())
    assert len(cards) >= 2
    (first, a), (second, b) = cards[0], cards[1]
    assert a.right <= b.left  # what is registered for the first card ends where the second begins
    clicked = []
    table.click_card = lambda card: clicked.append(card)
    table.click((b.left + 2, b.centery))
    assert clicked == [second]


def test_a_screen_opened_from_a_fitted_one_gets_the_full_scale(make_app):
    """The Gears set-up screen draws fitted at 150% in 1280x720; the table it starts is at the
    user's 150% (the fitted context is not handed on), and follows later settings changes."""
    from game.ui.gears.table_scene import GearsTable
    from game.ui.scene import ChangeSettings

    app = at_scale(make_app, 1.5)
    setup = gears_setup(app)
    draw(app)
    assert setup.ctx.scale < 1.5
    app.apply(setup.start())
    table = app.top
    assert isinstance(table, GearsTable) and table.ctx.scale == 1.5 and table.ctx is app.ctx
    app.apply(ChangeSettings(replace(app.ctx.settings, ui_scale=1.0)))
    assert table.ctx.scale == 1.0


@pytest.mark.parametrize("language", ["en", "hu", "el"])
@pytest.mark.parametrize("scale", (1.25, 1.5))
def test_the_menus_cards_keep_clear_of_the_tagline_and_the_buttons(make_app, scale, language):
    """At 125% in 1280x720 the logo's tagline ended 2 px above the game cards (the menu draws
    fitted, the logo grows with the scale, the cards' top did not move). Every text above the
    cards ends at least 8 px above them, and the buttons below start at least 16 px under them."""
    from game import i18n
    from game.ui.scene import ChangeSettings
    from tests.ui.conftest import frame_texts

    app = make_app(SIZE)
    app.apply(ChangeSettings(replace(app.ctx.settings, ui_scale=scale, language=language)))
    i18n.set_language(language)
    scene = app.top
    drawn = frame_texts(app)
    top = min(c.rect.top for c in scene.cards)
    bottom = max(c.rect.bottom for c in scene.cards)
    above = [(t, r) for t, r, _s in drawn if r.top < top and r.bottom > scene.buttons[-1].rect.bottom]
    assert len(above) >= 2  # the tagline and 'Choose a game'
    assert all(top - r.bottom >= 8 for t, r in above), (top, above)
    row = [b.rect for b in scene.buttons[:-1]]  # (the last is Learn to play, top right)
    assert min(r.top for r in row) - bottom >= 16 and all(r.bottom <= SIZE[1] - 24 for r in row)
