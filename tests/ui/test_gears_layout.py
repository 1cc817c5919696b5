"""Issue 'Gears playable on screen', screenshots part: the table's layout at 1280x720 and
1920x1080 (map zoom, readable hand cards), the attack preview never covering the attacker or
the target (also at the map's edge), and the end screen showing the whole board with no stale
animation button. Drawn headless on the real App."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.engine.session import Session
from game.gears import bots
from game.gears.rules.title import GearsTitle
from game.ui.gears import words
from game.ui.gears.table_scene import GearsTable
from game.ui.table.camera import ZOOM_LEVELS
from game.i18n import _


def table_at(make_app, size, seats=("human", "bot"), seed=5):
    app = make_app(size)
    session = Session.start(GearsTitle(), "emergence", seed=seed, options={"players": len(seats)})
    table = GearsTable(app.ctx, session, list(seats), size, Path(app.ctx.settings_file).parent / "t.json", animate=False)
    app.push(table)
    return app, table


def drive(table: GearsTable, stop, limit=1500) -> bool:
    """Every seat decided by the CogBot, straight through submit (as a click would)."""
    chooser = {p: bots.CogBot(seed=i) for i, p in enumerate(table.state.players)}
    for _ in range(limit):
        if stop(table):
            return True
        if table.session.is_over():
            return False
        d = table.session.decider
        table.submit(chooser[d].decide(table.state, table.session.legal_actions()).action)
    return stop(table)


def draw(app):
    app._force_redraw = True
    app.draw(app.screen)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_long_map_fits_larger_than_the_fixed_step_and_cards_are_readable(make_app, size):
    app, table = table_at(make_app, size)
    assert drive(table, lambda t: t.state.turn >= 3 and t.session.decider == "P1")  # the level explored
    draw(app)
    bw, bh = table.state.view().board.pixel_size()
    z = table.camera.zoom
    vx, vy, vw, vh = table.camera.view
    assert bw * z <= vw and bh * z <= vh  # the whole board shows
    step = max(s for s in ZOOM_LEVELS if bw * s <= vw * 0.96 and bh * s <= vh * 0.96)
    assert z >= step
    if size == (1280, 720):
        assert bw > 2000 and z > 0.4 > step  # Emergence's long map: a third larger than the 0.33 step
    card = next(iter(table.card_rects.values()))
    assert card.width >= 120  # the rules text gets a readable font (game/ui/kit/hand.card_face)


def test_attack_preview_avoids_both_figures_even_at_the_map_edge(make_app):
    app, table = table_at(make_app, (1280, 720))
    assert drive(table, lambda t: t.session.decider == "P1" and bool(t.choices.targets))
    target = next(iter(table.choices.targets))
    table.target, table.attack_choice = target, table.choices.targets[target][0]
    for pan in (None, "left", "right"):
        if pan is not None:
            # Push the pair against one edge of the view, as a map-edge attack would.
            a = table.camera.to_screen(*table._positions()[table.session.decider])
            edge = table.view_rect.left + 30 if pan == "left" else table.view_rect.right - 30
            table.camera.x += (a[0] - edge) / table.camera.zoom
        rect = table._preview_rect(table.session.decider, target)
        assert table.view_rect.contains(rect)
        for key in (table.session.decider, target):
            assert not rect.collidepoint(table.screen_of_figure(key)), (pan, key)


@pytest.mark.parametrize("how", ["attack", "cancel"])
def test_after_the_attack_view_the_player_keeps_the_zoom_they_chose(make_app, how):
    """A player zoomed in on a fight: the attack view zooms on the attacker and target, and
    after the attack (or its Cancel) the view went back to the level's start view, the whole
    map, losing the player's zoom after every attack. It comes back to the player's own."""
    app, table = table_at(make_app, (1280, 720))
    assert drive(table, lambda t: t.session.decider == "P1" and bool(t.choices.targets))
    draw(app)
    cam = table.camera
    at = table.screen_of_figure(table.session.decider)
    cam.zoom_at(2, *at)  # the wheel, twice, on the COG
    before = (cam.zoom, round(cam.x), round(cam.y))
    target = next(iter(table.choices.targets))
    table.click_view(table.screen_of_figure(target))
    assert table.target == target and table._framed
    if how == "cancel":
        table.title_command("cancel")
    else:
        table.submit(table.attack_choice)
    assert not table._framed
    assert (cam.zoom, round(cam.x), round(cam.y)) == before


def test_end_screen_shows_the_board_and_no_skip_button(make_app):
    app, table = table_at(make_app, (1280, 720), seats=("bot", "bot"))
    assert drive(table, lambda t: t.session.is_over(), limit=4000)
    table.animate = True
    table.dice = None
    draw(app)
    panel = table._end_rect()
    vx, vy, vw, vh = table.camera.view
    assert vy + vh <= panel.top  # the board is framed above the end panel
    bw, bh = table.state.view().board.pixel_size()
    left, top = table.camera.to_screen(0, 0)
    right, bottom = table.camera.to_screen(bw, bh)
    assert vx <= left and right <= vx + vw and vy <= top and bottom <= vy + vh
    assert all(what != "skip" for _r, _l, what in table.buttons)
    assert [b.action for b in table.end_buttons] == ["again", "menu"]


@pytest.mark.parametrize("palette,scale", [("cb_safe", 1.0), ("default", 1.5)])
def test_colour_blind_palette_and_ui_scale_draw_the_table(make_app, palette, scale):
    app, table = table_at(make_app, (1280, 720))
    app.ctx.settings = replace(app.ctx.settings, palette=palette, ui_scale=scale)
    table._size = (0, 0)  # relayout for the new scale
    assert drive(table, lambda t: t.state.turn >= 2 and t.session.decider == "P1")
    draw(app)
    assert table.view_rect.height >= 200 and table.view_rect.width >= 600  # the map keeps room
    assert table.hand_rect.bottom == 720 and table.side_rect.right == 1280


def test_log_lines_use_words_not_ids():
    """The rules write ids ('2A:boulevard', 'drone#1', 'teamwork#4'); the table shows names."""
    from game.gears.rules.title import shared_content

    class State:
        locusts: dict = {}

    content = shared_content()
    line = words.pretty("drone#1 moves toward 2A:boulevard: damon_baird discards teamwork#4 and the lancer.", State, content)
    assert line == "Drone 1 moves toward Boulevard (2A): Damon Baird discards Teamwork and the Lancer Assault Rifle."
    assert words.pretty("no ids here, only words_with_underscores", State, content) == "no ids here, only words_with_underscores"
    # a cover spot is its area and number, as the squad panel says it (it read "Boulevard cover2 (2A)")
    assert words.pretty("Augustus takes cover at 2A:boulevard_cover2.", State, content) == \
        "Augustus takes cover at Boulevard (2A) cover 2."


def crowd_one_area(table: GearsTable, n_locusts: int = 3) -> str:
    """Both COGs and `n_locusts` Locusts moved into one area in the open (a crowded area);
    Drones are placed when fewer Locusts stand (tests/gears/built.put: the game's own count
    depends on what its bots killed)."""
    from tests.gears.built import put

    st = table.state
    area = st.cogs["P1"].area
    for p in st.cogs:
        st.cogs[p].area, st.cogs[p].cover = area, None
    while len(st.locusts) < n_locusts:
        put(st, table.content, "drone", area)
    for lid in list(st.locusts)[:n_locusts]:
        st.locusts[lid].area, st.locusts[lid].cover = area, None
    return area


@pytest.mark.parametrize("size,scale", [((1280, 720), 1.0), ((1920, 1080), 1.0), ((1280, 720), 1.5)])
def test_name_labels_in_a_crowded_area_do_not_overlap(make_app, size, scale):
    """Figures spread round a shared area (spec 3.1: any number of figures, COG and Locust mixed,
    may stand in one area): their tokens do not overlap, and no name label covers another label
    or another figure's token."""
    app, table = table_at(make_app, size)
    app.ctx.settings = replace(app.ctx.settings, ui_scale=scale)
    table._size = (0, 0)
    assert drive(table, lambda t: t.state.turn >= 2 and t.session.decider == "P1")
    crowd_one_area(table)
    draw(app)  # lays out at the new scale (and fits the map) first
    table.camera.zoom_index, table.camera.fit_zoom = ZOOM_LEVELS.index(0.5), None  # labels show from 0.4
    table.camera.center_on(*table._area_point(table.state.cogs["P1"].area))
    draw(app)
    tokens, labels = table.token_rects, table.label_rects
    # Every figure in view is named (one out of it, drone#3 here at 1280x720, has no name).
    assert set(labels) == {k for k, r in tokens.items() if r.colliderect(table.view_rect)} and len(labels) >= 5
    keys = sorted(labels)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            assert not labels[a].colliderect(labels[b]), (a, b, labels[a], labels[b])
            assert not tokens[a].inflate(-4, -4).colliderect(tokens[b].inflate(-4, -4)), (a, b)
        for b in keys:
            if b != a:
                assert not labels[a].colliderect(tokens[b].inflate(-4, -4)), (a, b)


def test_a_tab_answers_while_a_figure_moves(make_app):
    """Watching bots play, a click on a side-panel tab changed nothing while anything moved: the
    table sent every click to "skip the animation", and bots keep something moving nearly all
    the time. The tabs and the fold handle now answer at once; the move goes on. A click on the
    map still skips it."""
    app, table = table_at(make_app, (1280, 720))
    app.ctx.settings = replace(app.ctx.settings, ui_scale=1.5)
    table._size = (0, 0)
    assert drive(table, lambda t: t.state.turn >= 2 and t.session.decider == "P1" and bool(t.ai.card))
    draw(app)
    assert table.side_tabbed()
    moving = object()
    table.anims.append(moving)
    assert table.busy
    other = next(name for name in table.SIDE_TABS if name != table.side_tab)
    tab = next(rect for rect, _l, what in table.buttons if what == f"tab:{other}")
    table.click(tab.center)
    assert table.side_tab == other and table.anims == [moving]
    handle = next(rect for rect, _l, what in table.buttons if what == "side")
    table.click(handle.center)
    assert not table.side_open and table.anims == [moving]
    table.click(table.view_rect.center)
    assert table.anims == []


@pytest.mark.parametrize("size,scale", [((1280, 720), 1.5), ((1280, 720), 1.0), ((1920, 1080), 1.5)])
def test_every_side_panel_section_is_reachable(make_app, size, scale):
    """Stage card, squad, AI card and log (spec 12.4: AI branch evaluation shown)
    each draw inside the side panel, either all at once or one per tab, and the fold handle
    gives the map the panel's width."""
    app, table = table_at(make_app, size)
    app.ctx.settings = replace(app.ctx.settings, ui_scale=scale)
    table._size = (0, 0)
    assert drive(table, lambda t: t.state.turn >= 2 and t.session.decider == "P1" and bool(t.ai.card))
    draw(app)
    seen: dict[str, pygame.Rect] = {}
    if table.side_tabbed():
        assert (size, scale) == ((1280, 720), 1.5)  # only where the four do not fit
        for name in table.SIDE_TABS:
            tab = next(rect for rect, _l, what in table.buttons if what == f"tab:{name}")
            assert table.side_rect.contains(tab)
            table.click(tab.center)
            draw(app)
            assert set(table.side_sections) == {name}
            seen.update(table.side_sections)
    else:
        seen = dict(table.side_sections)
    assert set(seen) == set(table.SIDE_TABS)
    for name, rect in seen.items():
        assert rect.height > 20 and table.side_rect.contains(rect), (name, rect, table.side_rect)
    width = table.view_rect.width
    handle = next(rect for rect, _l, what in table.buttons if what == "side")
    table.click(handle.center)
    draw(app)
    assert not table.side_open and table.view_rect.width > width + 250
    assert table.camera.zoom * table.state.view().board.pixel_size()[0] <= table.view_rect.width
    handle = next(rect for rect, _l, what in table.buttons if what == "side")
    table.click(handle.center)
    draw(app)
    assert table.side_open and table.view_rect.width == width


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_every_mission_stage_shows_whole_in_the_stage_section(make_app, lang, drawn_text):
    """The Stage section cut a long stage text with '…' at 1280x720: a Greek special rule after
    three lines ('…προσωρ…'), English ones of Roadblocks and Hive, the title after 'Search for
    the St'. Every stage of every mission (base and Mission Pack 1) in English, Hungarian and
    Greek is drawn in the table's Stage section (the table's state set to that mission and
    stage, for drawing only): every word of its title, objective and special rules is drawn,
    in order, none cut, and the section ends inside the side panel."""
    from game import i18n

    app, table = table_at(make_app, (1280, 720))
    i18n.set_language(lang)
    table.stage_open = True  # opened by its + (the rules fold at 1280x720: test_gears_log_room)
    drawn = drawn_text
    x, w, y, bottom, shown = table._side_places()
    assert "stage" in shown
    surface = pygame.Surface((1280, 720))
    st = table.state
    problems, stages = [], 0
    for mid, mission in table.content.missions.items():
        for i, stage in enumerate(mission.stages):
            st.mission, st.stage = mid, i
            drawn.clear()
            below = table.draw_section(surface, "stage", x, y, w, bottom, whole=False)
            stages += 1
            want = " ".join([i18n._("Stage {n}").format(n=stage.number) + " \u2014 " + i18n._(mission.name),
                             i18n._("Objective: ") + i18n._(stage.flip_when.text)] +
                            ["\u2022 " + i18n._(rule.text) for rule in stage.special_rules]).split()
            words = " ".join(drawn).split()
            shows = any(words[k:k + len(want)] == want for k in range(len(words)))
            if any("\u2026" in s for s in drawn) or not shows or below > table.side_rect.bottom:
                problems.append((mid, i, below))
    assert stages >= 15 and problems == []


def test_the_attack_preview_says_1_area_in_the_singular(make_app, drawn_text):
    """The attack preview read "Range: 1 areas" for a Locust one area away."""
    from game.gears.rules import movement

    app, table = table_at(make_app, (1280, 720))

    def one_away(t) -> bool:
        if t.session.decider != "P1":
            return False
        view, me = t.state.view(), movement.cog_pos(t.state, "P1")
        return any(view.rdist(me[0], movement.locust_pos(t.state, x)[0]) == 1 for x in t.choices.targets)

    assert drive(table, one_away)
    me = movement.cog_pos(table.state, "P1")
    target = next(x for x in table.choices.targets if table.state.view().rdist(me[0], movement.locust_pos(table.state, x)[0]) == 1)
    table.target, table.attack_choice = target, table.choices.targets[target][0]
    drawn_text.clear()
    draw(app)
    assert any("Range: 1 area " in t for t in drawn_text), [t for t in drawn_text if "Range" in t]


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_a_squad_rows_kit_wraps_between_items_not_inside_one(make_app, drawn_text, lang):
    """The Showdown gives each COG a third weapon (a Scorcher): at 1280x720 the Squad panel's kit
    line broke as "Lancer 2, Snub 2, Scorcher 0, grenades" over a lone "2". Each item (a weapon
    and its ammo, the grenades and their count) stays on one line."""
    import re

    from game import i18n

    app = make_app((1280, 720))
    i18n.set_language(lang)
    session = Session.start(GearsTitle(), "the_showdown", seed=11, options={"players": 3})
    table = GearsTable(app.ctx, session, ["human", "bot", "bot"], (1280, 720), Path(app.ctx.settings_file).parent / "t.json", animate=False)
    app.push(table)
    assert drive(table, lambda t: t.session.decider == "P1" and t.state.proc is None)
    assert all(len(c.weapons) == 3 for c in table.state.cogs.values())
    drawn_text.clear()
    draw(app)
    grenades = _("grenades {n}").format(n="").strip()
    lines = [t.replace("\u00a0", " ") for t in drawn_text]
    kit_lines = [t for t in lines if "Lancer" in t or grenades in t]
    assert kit_lines
    assert not [t for t in lines if re.fullmatch(r"\s*\d+\s*", t)], kit_lines
    assert not [t for t in kit_lines if t.rstrip().endswith(grenades)], kit_lines


def test_the_end_screen_shows_a_tall_board_whole(make_app):
    """Horde Mode at 1280x720 (seed 3, two bots): at the end the level's tiles stood stacked
    high; the end panel framed the board at the smallest zoom step, its top under the prompt
    line and its bottom under the panel. The final position shows whole above the panel."""
    app = make_app((1280, 720))
    session = Session.start(GearsTitle(), "horde_mode", seed=3, options={"players": 2})
    table = GearsTable(app.ctx, session, ["bot", "bot"], (1280, 720), Path(app.ctx.settings_file).parent / "t.json", animate=False)
    app.push(table)
    assert drive(table, lambda t: t.session.is_over(), limit=6000)
    draw(app)
    panel = table._end_rect()
    vx, vy, vw, vh = table.camera.view
    assert vy + vh <= panel.top
    x0, y0, x1, y1 = table.camera.extent()
    left, top = table.camera.to_screen(x0, y0)
    right, bottom = table.camera.to_screen(x1, y1)
    assert vx <= left and right <= vx + vw and vy <= top and bottom <= vy + vh, ((left, top, right, bottom), table.camera.view)


@pytest.mark.parametrize("lang", ["el", "hu"])
def test_the_attack_preview_s_lines_stay_inside_its_panel_at_125_percent(make_app, config_dir, monkeypatch, lang):
    """Greek at 125% in 1280x720: the attack panel's dice line ('4 ζάρια επίθεσης (μαύρα) έναντι
    3 ζαριών άμυνας (κόκκινα)') and its wounds line ran past the panel's right edge. Each line
    is set a size smaller, then wrapped, inside the panel."""
    from tests.ui.conftest import record_text_rects

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'language = "{lang}"\nui_scale = 1.25\n')
    app, table = table_at(make_app, (1280, 720))
    assert drive(table, lambda t: t.session.decider == "P1" and bool(t.choices.targets))
    target = next(iter(table.choices.targets))
    table.target, table.attack_choice = target, table.choices.targets[target][0]
    drawn = record_text_rects(monkeypatch)
    draw(app)
    panel = table.panels[-1][0]  # the attack panel as drawn, its heading first
    start = next(i for i, (_t, r) in enumerate(drawn) if panel.collidepoint(r.topleft) and r.top < panel.top + 40)
    inside = [(t, r) for t, r in drawn[start:] if panel.collidepoint(r.topleft)]
    assert len(inside) > 8
    assert all(r.right <= panel.right for _t, r in inside), [(t, r) for t, r in inside if r.right > panel.right]
