"""Issue 17 with issue 21's rule: the Convoy set-up screen and table lay out at 1280x720 at 100%,
125% and 150% UI scale with no two clickable things overlapping, all inside the window, nothing
under a panel (tests/ui/test_ui_scale.py's checks); and at 1920x1080 the zones of the Tiled
layout do not overlap and fill the play area."""
from __future__ import annotations

import itertools
from dataclasses import replace

import pygame

import pytest

from game.convoy.rules.title import ConvoyTitle
from game.convoy.rules.words import card_name
from game.engine.bots import RandomBot
from game.engine.session import Session
from game.ui.convoy.setup_scene import ConvoySetup
from game.ui.convoy.table_scene import ConvoyTable, load_layout
from tests.ui.conftest import record_text_rects
from tests.ui.test_ui_scale import SCALES, at_scale, clickables, draw, layout_problems


def played_out(seed: int) -> Session:
    """A Convoy game a random bot played to its end from `seed`."""
    session = Session.start(ConvoyTitle(), "standard", seed=seed, options={})
    bot = RandomBot(seed)
    while not session.is_over():
        session.apply(bot.choose(session.legal_actions()))
    return session


def mid_game(app, size=(1280, 720)):
    session = Session.start(ConvoyTitle(), "standard", seed=11, options={})
    bot = RandomBot(3)
    while not (session.state.round >= 3 and session.state.phase == "III" and session.state.proc is None):
        session.apply(bot.choose(session.legal_actions()))
    table = ConvoyTable(app.ctx, session, ["human", "bot"], size)
    app.push(table)
    return table


def setup(app, size=(1280, 720)):
    app.push(ConvoySetup(app.ctx))
    return app.top


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("screen", [setup, mid_game], ids=lambda f: f.__name__)
def test_convoy_screens_lay_out_at_1280x720_at_each_ui_scale(make_app, screen, scale):
    app = at_scale(make_app, scale)
    scene = screen(app)
    draw(app)
    draw(app)
    assert clickables(scene)
    assert layout_problems(scene) == []


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_tiled_zones_tile_the_play_area(make_app, size):
    app = make_app(size)
    table = mid_game(app, size)
    draw(app)
    (mw, mh), zones = load_layout()
    assert set(zones) == set(table.zones)
    for a, b in itertools.combinations(table.zones.values(), 2):
        assert not a.colliderect(b)
    area = table.view_rect.union(table.hand_rect)
    assert all(area.contains(z) for z in table.zones.values())
    assert table.hand_rect.top == table.zones["hand"].top and table.view_rect.bottom == table.hand_rect.top


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_each_columns_station_count_is_named_at_1280x720(make_app, language):
    """A battle column's heading at 1280x720 showed '1/3' with no word (the words went only to
    columns wider than 200 pixels): there is room for 'stations 1/3' beside the strength, in
    every language; both fit the heading."""
    from game import i18n

    app = make_app((1280, 720))  # the app sets the language of its settings: ours comes after
    i18n.set_language(language)
    try:
        table = mid_game(app)
        draw(app)
        px, bold = table.ctx.px, table.ctx.font(12, bold=True)
        word = i18n._("stations {used}/{all}").split("{")[0].strip()
        assert table.column_rects
        for (c, s), inner in table.column_rects.items():
            left, right, font = table.column_heading(inner.width, 3, 1, 3)
            assert right.startswith(word), (language, right)
            assert bold.size(left)[0] + font.size(right)[0] <= inner.width - px(16)
    finally:
        i18n.set_language("en")


def test_token_badges_keep_clear_of_a_small_faces_name(make_app):
    """On a battle column's small faces at 1280x720 a second +1 token covered the card's name
    ('+1 artisan' for Partisan): the badges go down the face's left edge and on in a column to
    the right before they reach the name band, on every card in play."""
    import pygame

    from game.ui.convoy import cards

    app = make_app((1280, 720))
    table = mid_game(app)
    draw(app)
    faces = [rect for uid, rect in table.slot_rects.items() if rect.height > rect.width]
    assert faces
    for rect in faces:
        band = cards._layout(rect.width, rect.height)["name"].move(rect.topleft)
        for n in (1, 2, 3):
            r, centres = table.token_places(rect, n)
            assert len(centres) == n
            for x, y in centres:
                badge = pygame.Rect(x - r, y - r, 2 * r, 2 * r)
                assert not badge.colliderect(band), (rect, n, badge, band)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_every_citys_victory_results_show_whole_on_the_table(make_app, monkeypatch, language, size):
    """In Hungarian at 1280x720 the city cards' result bands read 'Egy másik szektor...' (Jersey
    Crust, Cleveland Harbour) and '2 Moloch lap felfedése, 1...' (Iron Gate): a city with more
    stations leaves its caption less room, and the long wording was cut. Every city's two results
    show whole (no ellipsis) on the table, in every language, at both window sizes."""
    from game import i18n
    from game.ui.convoy import cards
    from game.ui import widgets
    from game.ui.convoy.words import victory_result

    shown: list[tuple[str, list[str]]] = []
    real = cards._word_fit

    def recording(ctx, name, *args, **kwargs):
        got = real(ctx, name, *args, **kwargs)
        shown.append((name, got[0]))
        return got

    monkeypatch.setattr(cards, "_word_fit", recording)
    monkeypatch.setattr(cards, "_CITIES", widgets.Memo(60))  # drawn afresh, not from an earlier test
    app = make_app(size)  # the app sets the language of its settings: ours comes after
    i18n.set_language(language)
    try:
        table = mid_game(app, size)
        draw(app)
        captions = {victory_result(steps) for city in table.content.cities
                    for steps in (city.moloch_win, city.outpost_win)}
    finally:
        i18n.set_language("en")
    assert captions <= {name for name, _lines in shown}, captions
    cut = [(name, lines) for name, lines in shown if name in captions and "\u2026" in " ".join(lines)]
    assert cut == []


@pytest.mark.parametrize("equipment", ["servo_booster", "jump_jets", "reactive_armor", "contamination"])
@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_a_robots_equipment_tab_names_it_whole_in_the_language_with_its_strength(make_app, monkeypatch, language,
                                                                                   equipment):
    """In Hungarian at 1280x720 the tab under a Robot read 'Ser…': the English name of its Servo
    Booster, cut before its strength; then 'Szervoerő…', and on a battle column's small face
    'Ugróf…' (Jump Jets). Where a column has room under its faces (1920x1080) the tab names the
    Equipment in the player's language, whole (on more lines, a long word broken between
    syllables), and its whole strength. (At 1280x720 the tab is a stub with the strength, the
    name on hover: test_an_equipment_tab_leaves_its_robots_name_in_sight.)"""
    import re

    from game import i18n
    from game.convoy.rules import board as B
    from game.ui import widgets

    app = make_app((1920, 1080))
    i18n.set_language(language)
    try:
        table = mid_game(app, (1920, 1080))
        st = table.state
        robot = next(u for c in range(len(st.slots)) for u in st.slots[c][0] if B.defn(st, u).type == "robot")
        item = st.ids.index(equipment)
        equip(st, robot, item)
        written: list[str] = []
        real = widgets.text
        monkeypatch.setattr(widgets, "text", lambda surface, text, *a, **k: (written.append(text), real(surface, text, *a, **k))[1])
        table.play_layer.forget()  # the state set by hand, the drawing spied on: the play area painted anew
        table.dirty = True
        draw(app)
        worded = card_name(B.defn(st, item).name)
        strength = f"+{B.defn(st, item).strength}"
    finally:
        i18n.set_language("en")

    def bare(text: str) -> str:  # the letters read, whatever the line breaks and hyphens
        return re.sub(r"[\s\-\u2013]", "", text)

    target = bare(f"{worded} {strength}")
    windows = ["".join(written[i:i + n]) for n in (1, 2, 3) for i in range(len(written) - n + 1)]
    assert any(bare(w) == target and "\u2026" not in w for w in windows), [t for t in written if strength in t]


def test_the_tables_own_words_name_cards_and_cities_in_the_language(make_app, monkeypatch):
    """In Greek, the city card reads 'Νέα Υόρκη' but the toolbar and the battle panel named the
    active city 'New York', and the battle breakdown (hover on the strengths) and the table's
    own messages ('Drop {card} on another city...') named cards in English: the table put the
    data's English names into its sentences. They are worded in the player's language."""
    from game import i18n
    from game.convoy.rules import board as B
    from game.ui import widgets

    app = make_app((1280, 720))
    i18n.set_language("el")
    try:
        table = mid_game(app)
        st = table.state
        st.flipped = [True, True, True, True, False]  # New York is the active city
        st.battle_sector = -1
        greek_city = i18n._(table.content.cities[4].name)
        title = table.toolbar_title()
        written: list[str] = []
        real = widgets.text
        monkeypatch.setattr(widgets, "text", lambda surface, text, *a, **k: (written.append(text), real(surface, text, *a, **k))[1])
        table.play_layer.forget()  # the state set by hand, the drawing spied on: the play area painted anew
        table.dirty = True
        draw(app)
        side = next(s for s in range(2) if st.slots[4][s] or st.slots[0][s])
        c = 4 if st.slots[4][side] else 0
        uid = st.slots[c][side][0]
        card = card_name(B.defn(st, uid).name)
        breakdown = table._breakdown(c, side)
        table._drop_ability = None
        said = table._name(uid)
    finally:
        i18n.set_language("en")
    assert greek_city == "Νέα Υόρκη"
    assert greek_city in title and "New York" not in title, title
    assert greek_city in written, [t for t in written if "York" in t or "Υόρκη" in t]
    assert breakdown[0].startswith(card + ":"), breakdown
    assert said == card


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_token_badges_keep_clear_of_a_faces_printed_strength(make_app, size):
    """In lesson 2 at 1280x720 the Sergeant's +1 token (undefended future city) lay over half of
    its printed strength, the '2' at the face's top left: the badges began a third of the way
    down, and on a small face that is inside the strength badge. They begin below it, on every
    card in play, and still keep clear of the name band."""
    import pygame

    from game.ui.convoy import cards

    app = make_app(size)
    table = mid_game(app, size)
    draw(app)
    faces = [rect for uid, rect in table.slot_rects.items() if rect.height > rect.width]
    assert faces
    for rect in faces:
        L = cards._layout(rect.width, rect.height)
        strength = cards.strength_badge_rect(L).move(rect.topleft)
        band = L["name"].move(rect.topleft)
        for n in (1, 2, 3):
            r, centres = table.token_places(rect, n)
            for x, y in centres:
                badge = pygame.Rect(x - r, y - r, 2 * r, 2 * r)
                assert not badge.colliderect(strength), (rect, n, badge, strength)
                assert not badge.colliderect(band), (rect, n, badge, band)


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_the_outposts_feature_button_fits_the_prompt_row_at_1280x720(make_app, language):
    """In Greek at 1280x720 the Outpost's 'Use Scrap Market (Ziggy One)' button ('Χρησιμοποιήστε
    το χαρακτηριστικό Αγορά Παλιοσίδερων (Ziggy One)') did not fit the prompt's row and went to
    the column below it, over the Moloch deck's count. Wherever a city's feature is on offer, the
    Outpost's buttons sit in the prompt's row, in every language."""
    from game import i18n
    from game.convoy.rules import board as B

    app = make_app((1280, 720))
    i18n.set_language(language)
    seen: set[int] = set()
    try:
        for seed in range(1, 30):
            session = Session.start(ConvoyTitle(), "standard", seed=seed, options={})
            bot = RandomBot(seed)
            while not session.is_over():
                acts = session.legal_actions()
                city = B.active_city(session.state)
                if any(a.kind == "feature" for a in acts) and session.state.proc is None and city not in seen:
                    seen.add(city)
                    table = ConvoyTable(app.ctx, session, ["bot", "human"], (1280, 720))
                    app.push(table)
                    draw(app)
                    row = [(r, label) for r, label, what in table.buttons if getattr(what, "kind", None) in ("feature", "pass")]
                    assert len(row) == 2 and all(r.bottom <= table.prompt_rect.bottom for r, _l in row), (language, city, row)
                session.apply(bot.choose([a for a in acts if a.kind != "feature"] or acts))
    finally:
        i18n.set_language("en")
    assert len(seen) >= 4, seen  # most cities' features were on offer


def test_the_end_panels_summary_wraps_inside_it(make_app, monkeypatch):
    """A Greek Convoy game lost at 1280x720 ended on 'Νίκησε ο Moloch: η Νέα Υόρκη έπεσε με
    κάρτες στην τράπουλα του Moloch και ένα Ρομπότ στην πόλη.' running out of the end panel on
    both sides (game/ui/kit/end_screen.py drew the summary on one line). Every line of the
    panel lies inside it."""
    import pygame

    from game.ui.kit import end_screen

    app = make_app((1280, 720))
    ctx = app.ctx
    column = pygame.Rect(0, 90, 960, 515)  # Convoy's play area at 1280x720
    rect = end_screen.panel_rect(ctx, column)
    drawn = record_text_rects(monkeypatch)
    summary = ("Νίκησε ο Moloch: η Νέα Υόρκη έπεσε με κάρτες στην τράπουλα του Moloch και ένα Ρομπότ "
               "στην πόλη.")
    stats = "10 γύροι, 4 πόλεις έπεσαν, τράπουλα Moloch 10, σπόρος 8"
    end_screen.draw(pygame.Surface((1280, 720)), ctx, rect, False, summary, stats, ["Ο Moloch νικά."], None, [])
    words = " ".join(t for t, _r in drawn if t and t in summary)
    assert words == summary, words
    outside = [(t, r) for t, r in drawn if not rect.contains(r)]
    assert outside == []


def test_the_battle_panels_game_over_heading_stays_inside_it_in_greek(make_app, monkeypatch):
    """At the end of a Greek game at 1280x720 the battle panel's heading read 'Το παιχνίδι
    τελείω': 'The game is over.' was drawn on one line past the panel's edge. It wraps inside
    the panel."""
    from game import i18n

    app = make_app((1280, 720))
    i18n.set_language("el")
    try:
        session = played_out(3)
        table = ConvoyTable(app.ctx, session, ["human", "bot"], (1280, 720))
        app.push(table)
        drawn = record_text_rects(monkeypatch)
        draw(app)
        over = i18n._("The game is over.")
    finally:
        i18n.set_language("en")
    panel = table.zones["battle"]
    heading = [(t, r) for t, r in drawn if t and t in over and r.colliderect(panel)]
    assert " ".join(t for t, _r in heading) == over, heading
    assert all(panel.contains(r) for _t, r in heading), (panel, heading)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_an_equipment_tab_leaves_its_robots_name_in_sight(make_app, language, size):
    """On a battle column's faces the tab naming a Robot's Equipment lay over the Robot's name
    band: where the column has the room (1920x1080) the tab lies under the name band, never
    over it nor over another card's tab, and the face keeps at least 4/5 of its size. At
    1280x720 a battle column has no height to spare and the tab with the name covered the
    face's lower half, its name and token badges under it: there the tab is a stub under the
    name band with the Equipment's strength, clear of the token badges, and the pointer on it
    shows the Equipment's card."""
    from game import i18n
    from game.convoy.rules import board as B
    from game.ui.convoy import cards
    from tests.ui.conftest import frame_texts

    app = make_app(size)
    i18n.set_language(language)
    try:
        table = mid_game(app, size)
        st = table.state
        draw(app)
        plain = {uid: rect.height for uid, rect in table.slot_rects.items() if rect.height > rect.width}
        robots = [u for column in st.slots for u in column[0] if B.defn(st, u).type == "robot"]
        a = B.active_city(st)
        for u in list(st.deck[0]):  # a full column of Robots in the active city
            if B.defn(st, u).type == "robot" and len(st.slots[a][0]) < B.stations(st, a, 0):
                st.deck[0].remove(u)
                st.slots[a][0].append(u)
                robots.append(u)
        items = [st.ids.index(e) for e in ("contamination", "servo_booster", "reactive_armor", "jump_jets", "power_core")]
        for robot, item in zip(robots, items):
            equip(st, robot, item)
            st.tokens[robot] = [1, -2, 1]
        table.play_layer.forget()  # the state set by hand, the drawing spied on: the play area painted anew
        table.dirty = True
        texts = frame_texts(app)
        tabs = []
        for robot in robots[:len(items)]:
            face, tab = table.slot_rects[robot], table.slot_rects[st.equip[robot]]
            band = cards._layout(face.width, face.height)["name"].move(face.topleft)
            assert not tab.colliderect(band), (language, size, robot, face, band, tab)
            if robot in plain:
                assert face.height * 5 >= plain[robot] * 4 - 5, (face, plain[robot])
            r, centres = table.token_places(face, 3)
            badges = [pygame.Rect(x - r, y - r, 2 * r, 2 * r) for x, y in centres]
            assert tab.collidelist(badges) == -1, (language, size, tab, badges)
            strength = f"+{B.defn(st, st.equip[robot]).strength}"
            assert any(strength in t and tab.collidepoint(rect.center) for t, rect, _size in texts), (tab, strength)
            table.mouse = tab.center
            assert table.hovered_card() == (str(st.equip[robot]), tab)
            tabs.append(tab)
        for one, other in itertools.combinations(tabs, 2):
            assert not one.colliderect(other), (one, other)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_an_ability_button_leaves_its_cards_name_in_sight(make_app, size):
    """The lightning button of a card's ability sat at the face's foot, over the right half of
    its name band (a Soldier read 'Va' for Vadász at 1280x720): it sits over the picture."""
    from game.convoy.rules import board as B
    from game.ui.convoy import cards

    app = make_app(size)
    table = mid_game(app, size)
    st = table.state
    a = B.active_city(st)
    ripper = moloch_first_in_column(st, a, "ripper_robot")
    if not st.hand[0]:
        st.hand[0].append(st.deck[0].pop())
    table.update_choices()
    table.play_layer.forget()  # the state set by hand, the drawing spied on: the play area painted anew
    table.dirty = True
    draw(app)
    assert ripper in table.ability_rects, table.session.legal_actions()
    face = table.slot_rects[ripper]
    band = cards._layout(face.width, face.height)["name"].move(face.topleft)
    assert not table.ability_rects[ripper].colliderect(band), (table.ability_rects[ripper], band)


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_a_lost_stations_word_stays_inside_it_at_1280x720(make_app, monkeypatch, language):
    """An Annihilator takes a station from the Outpost; the station shows 'lost', and in
    Hungarian at 1280x720 'elveszett' ran out of the station's box on both sides."""
    from game import i18n
    from game.convoy.rules import board as B
    from game.ui import widgets

    app = make_app((1280, 720))
    i18n.set_language(language)
    try:
        table = mid_game(app)
        st = table.state
        a = B.active_city(st)
        moloch_first_in_column(st, a, "annihilator")
        st.slots[a][1][:] = []
        drawn = []
        real = widgets.text
        monkeypatch.setattr(widgets, "text", lambda surface, text, font, *rest, **k: (
            drawn.append((text, font.size(text)[0])), real(surface, text, font, *rest, **k))[1])
        table.play_layer.forget()  # the state set by hand, the drawing spied on: the play area painted anew
        table.dirty = True
        draw(app)
        word = i18n._("lost")
    finally:
        i18n.set_language("en")
    widths = [w for text, w in drawn if text == word]
    assert widths, [t for t, _w in drawn][:40]
    face = min(r.width for r in table.slot_rects.values() if r.height > r.width)
    assert max(widths) <= face, (word, widths, face)


def test_a_refusals_sentence_is_drawn_over_the_hovered_card(make_app, monkeypatch):
    """A refused drop onto a card near the top left of the table left the pointer on that card:
    its enlarged face was drawn over the refusal's sentence and hid its first half (Greek, 1280x720,
    'Move' dropped on an Interceptor). The message comes after the hovered card."""
    app = make_app((1280, 720))
    table = mid_game(app)
    st = table.state
    uid = next(u for column in st.slots for side in column for u in side)
    draw(app)
    table.say("A refused drop.")
    table._hover_card = (str(uid), table.slot_rects[uid])
    order = []
    real_card, real_message = table._draw_hover_card, table._draw_message
    monkeypatch.setattr(table, "_draw_hover_card", lambda surface: (order.append("card"), real_card(surface)))
    monkeypatch.setattr(table, "_draw_message", lambda surface: (order.append("message"), real_message(surface)))
    table._draw_overlays(app.screen)
    assert order == ["card", "message"]


def _take(st, uid: int) -> None:
    """Card `uid` out of every deck, hand, discard pile and column side it lies in."""
    for pile in [p for i in range(2) for p in (st.deck[i], st.hand[i], st.discard[i])] + [x for col in st.slots for x in col]:
        if uid in pile:
            pile.remove(uid)


def moloch_first_in_column(st, city: int, card: str) -> int:
    """Card `card` taken from wherever it lies and put first in Moloch's column of `city`."""
    uid = st.ids.index(card)
    _take(st, uid)
    st.slots[city][0][:1] = [uid]
    return uid


def equip(st, robot: int, item: int) -> None:
    """Equipment `item` taken from wherever it lies (or another Robot) and put on `robot`."""
    _take(st, item)
    for holder, held in list(st.equip.items()):
        if held == item:
            del st.equip[holder]
    st.equip[robot] = item


@pytest.mark.parametrize("scale", [1.25, 1.5])
def test_a_larger_ui_scale_never_shrinks_the_station_faces_at_1280x720(make_app, scale):
    """At 125% and 150% in 1280x720 the table's chrome grew and its cards did not: station faces
    about 30 pixels wide under token badges twice their size, the battle panel's city cut to
    'Zigg…'. The table draws at the largest scale its room fits (Scene.ROOM), so its faces are
    never smaller than at 100%; in 1920x1080 the chosen scale stands."""
    def faces(app, size):
        table = mid_game(app, size)
        draw(app)
        return table, min(r.width for r in table.slot_rects.values() if r.height > r.width)

    _table, at_100 = faces(make_app((1280, 720)), (1280, 720))
    table, larger = faces(at_scale(make_app, scale), (1280, 720))
    assert larger >= at_100 and layout_problems(table) == []
    big = make_app((1920, 1080))
    big.ctx.settings = replace(big.ctx.settings, ui_scale=scale)
    table, _w = faces(big, (1920, 1080))
    assert table.ctx.scale == scale


@pytest.mark.parametrize("language", ["hu", "en"])
def test_a_finished_games_toolbar_says_it_is_over(make_app, language):
    """A finished game's toolbar ended 'Phase —', in Hungarian '—. fázis': a phase with no name.
    It ends with 'Game over' in the language."""
    from game import i18n
    from game.ui.convoy.words import phase_name

    app = make_app((1280, 720))
    i18n.set_language(language)
    try:
        session = played_out(5)
        table = ConvoyTable(app.ctx, session, ["human", "bot"], (1280, 720))
        title = table.toolbar_title()
        assert "\u2014" not in title and title.endswith("  \u2022  " + phase_name("over")), title
    finally:
        i18n.set_language("en")


def test_the_end_panels_log_shows_whole_entries(make_app):
    """At the end of a Level 7 game at 1280x720 the end panel's log began 'attacked (rulebook
    p. 4, 13).': the last lines of the wrapped log, the first of them the tail of an entry.
    It shows the newest entries that fit, each whole; an entry too long for the room alone
    is cut at its end, with an ellipsis."""
    from game.ui import widgets
    from game.ui.kit.end_screen import last_entries

    app = make_app((1280, 720))
    font = app.ctx.font(14)
    log = ["Guard 3: 3 Strength icons against Toughness 2: Subject 2 discards 1 adrenaline card; +1 Fear for being "
           "attacked (rulebook p. 4, 13).", "Subject 2 discards Surge of Strength (attacked by Guard 3).",
           "Subject 2: Knocked out (out of adrenaline cards): to the Hospital. Vitality 4 -> 3. Threat 1 -> 0 (to the box).",
           "The game ends: every character still inside is in the Hospital."]
    width = 700
    wrapped = [widgets.wrap(entry, font, width) for entry in log]
    assert len(wrapped[0]) > 1  # the cut entry of the game above
    room = sum(map(len, wrapped)) - 1  # one line short of all four
    shown = last_entries(log, font, width, room)
    assert shown == [line for lines in wrapped[1:] for line in lines]
    assert last_entries(log, font, width, 0) == []
    cut = last_entries(log[:1], font, width, 1)
    assert len(cut) == 1 and cut[0].endswith("\u2026")


@pytest.mark.parametrize("language", ["el", "en"])
def test_the_setup_screens_cities_stand_apart_at_125_percent(make_app, config_dir, monkeypatch, language):
    """Convoy's set-up at 125% in 1280x720: the five city rows had 12 pixels each (what the
    300 units kept for the text below left), and lay over each other, the heading under them
    over the last. Each row holds its name's line, the rows and the heading below apart."""
    from game.ui.convoy.setup_scene import ConvoySetup, SetupChoice

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'language = "{language}"\nui_scale = 1.25\n')
    app = make_app((1280, 720))
    setup = ConvoySetup(app.ctx, SetupChoice(seats=["human", "bot"], seed=1))
    app.push(setup)
    app.run(max_frames=1)
    drawn = record_text_rects(monkeypatch)
    setup.draw(app.screen)
    names = [r for t, r in drawn if any(t == f"{c.number}. {i18n_name(c)}" for c in setup.content.cities)]
    assert len(names) == 5, drawn[:12]
    for a, b in zip(names, names[1:]):
        assert a.bottom <= b.top, (a, b)
    below = next(r for t, r in drawn if r.top >= names[-1].top and r.left == names[0].left - setup.ctx.px(10)
                 and t.isupper())
    assert below.top >= names[-1].bottom, (below, names[-1])


def i18n_name(city) -> str:
    from game.i18n import _

    return _(city.name)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_contested_sectors_effect_is_said_whole_in_greek(make_app, drawn_text, size):
    """The battle panel gave the contested sector's effect three lines: in Greek New York's Bomb
    sector ('... Εφαρμόζεται όπως κι αν καταστραφεί ο τομέας.') needs four, and the third ended
    in '…' with the panel empty below (Convoy lesson 5 at 1920x1080)."""
    from game import i18n, titles
    from game.tutorial.library import adapter_for, lessons_for
    from game.tutorial.runner import LessonRunner
    from game.ui.scene import ChangeSettings

    app = make_app(size)
    app.apply(ChangeSettings(replace(app.ctx.settings, language="el")))
    i18n.set_language("el")
    adapter = adapter_for("convoy")
    lesson = next(les for les in lessons_for("convoy", adapter) if les.id == "new_york")
    runner = LessonRunner(lesson, adapter)
    scene = titles.get("convoy").ui_module().tutorial_scene(app.ctx, runner, size, None)
    app.scenes = [scene]
    app.run(max_frames=1)
    drawn_text.clear()
    app._force_redraw = True
    scene.dirty = True
    scene.play_layer.forget()  # the play area painted anew, not blitted from its layer: its words are spied on
    app.run(max_frames=1)
    assert any(t.endswith("τομέας.") for t in drawn_text), list(drawn_text)
    assert not [t for t in drawn_text if t.endswith("\u2026")], [t for t in drawn_text if t.endswith("\u2026")]
