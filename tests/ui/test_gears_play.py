"""Issue 'Gears playable on screen', parts 1-3 and 6: the set-up screen starts a game, and the
first stage of Emergence is played only by posting real mouse events into the real loop, with a
fixed seed; after every click the engine state is checked (exactly the intended legal action
was applied). Also: illegal clicks say why, undo, autosave and continue."""
from __future__ import annotations

from fractions import Fraction

import pygame
import pytest

from game.engine.protocol import Action
from game.engine.rng import Rng
from game.ui.gears.entry import SAVES as store
from game.ui.gears.setup_scene import GearsSetup, SetupChoice
from game.ui.gears.table_scene import GearsTable, _Pick
from tests.ui.conftest import click, continue_from_menu, move

SEED = 4242


def start_game(make_app, seats=("human",), seed=SEED, size=(1280, 720)):
    app = make_app(size)
    setup = GearsSetup(app.ctx, SetupChoice(seats=list(seats), characters=[None] * len(seats), seed=seed))
    app.push(setup)
    app.run(max_frames=1)
    start = next(rect for rect, what in setup.hits if what == "start")
    click(start.center)
    app.run(max_frames=1)
    table = app.top
    assert isinstance(table, GearsTable)
    assert table.session.seed == seed and table.state.mission == "emergence"
    table.animate = False
    app.run(max_frames=1)
    return app, table


def inside_point(table: GearsTable, area: str) -> tuple[int, int]:
    """A screen pixel inside `area`, away from figure tokens and cover spots."""
    view = table.state.view()
    poly = view.board.areas[area].polygon
    cx, cy = table._area_point(area)
    candidates = [(cx, cy)] + [(float(x) * t + cx * (1 - t), float(y) * t + cy * (1 - t)) for t in (0.3, 0.5, 0.7) for x, y in poly]
    figures = table._positions().values()
    for mx, my in candidates:
        sx, sy = (round(v) for v in table.camera.to_screen(mx, my))
        if not table.view_rect.collidepoint(sx, sy):
            continue
        back = table.camera.to_map(sx, sy)
        if view.board.area_at((Fraction(back[0]), Fraction(back[1]))) != area:
            continue
        if any(((fx - back[0]) ** 2 + (fy - back[1]) ** 2) ** 0.5 < 30 for fx, fy in figures):
            continue
        return sx, sy
    raise AssertionError(f"no clear point inside {area}")


def button_for(table: GearsTable, what, pick: bool = False) -> tuple[int, int] | None:
    """The button that applies `what` (pick=True: the preview button that only chooses it), the
    prompt's options turned to its page first."""
    for rect, _label, w in table.buttons:
        if (isinstance(w, _Pick) and w.action == what) if pick else (not isinstance(w, _Pick) and w == what):
            return rect.center
    if not pick and table.show_prompt_option(what):
        table.draw(pygame.display.get_surface())
        return button_for(table, what)
    return None


def do_click(app, pos):
    move(pos)
    click(pos)
    app.run(max_frames=1)


def play_by_clicks(app, table: GearsTable, action: Action) -> None:
    """Make `action` happen the way a person would: through the element that shows it."""
    ch = table.choices
    if action in ch.areas.values():
        do_click(app, inside_point(table, action.payload["area"]))
    elif action in ch.spots.values():
        do_click(app, table.screen_of_spot(action.payload["spot"]))
    elif any(action in acts for acts in ch.targets.values()):
        do_click(app, table.screen_of_figure(action.payload["target"]))
        assert table.target == action.payload["target"]
        pos = button_for(table, action, pick=True)  # the weapon/mode button in the preview
        assert pos is not None, "the attack preview lists every weapon and mode"
        do_click(app, pos)
        assert table.attack_choice == action
        do_click(app, button_for(table, action))  # the Attack! button carries the action
    elif action in ch.drops.values():
        do_click(app, button_for(table, f"drop:{action.payload['weapon']}"))  # the x by the weapon
        assert len(table.session.actions) == 0 or table.session.actions[-1] is not action
        do_click(app, button_for(table, action))  # "Discard the ..." in the prompt line
    elif action in ch.grenades.values():
        do_click(app, button_for(table, "grenade"))
        do_click(app, inside_point(table, action.payload["area"]))
    elif any(action in acts for acts in ch.cards.values()):
        card = next(c for c, acts in ch.cards.items() if action in acts)
        do_click(app, table.card_rects[card].center)
        if table.session.actions and table.session.actions[-1] is action:
            return
        if table.selected_card == card:
            do_click(app, button_for(table, action))
    else:
        pos = button_for(table, action)
        assert pos is not None, f"no button for {action.text}"
        n = len(table.session.actions)
        do_click(app, pos)
        if len(table.session.actions) == n and "under the pointer" in table.message:
            do_click(app, pos)  # a costly choice that appeared under the pointer asks for a second click (issue 21 item 6)


def test_first_stage_of_emergence_by_mouse_alone(make_app):
    """Spec 6 turn flow through the UI: every human decision made by clicks; after each one the
    session holds exactly that action and the state moved on."""
    app, table = start_game(make_app)
    pick = Rng(7).stream("test")
    clicks = 0
    kinds = set()
    while not table.session.is_over() and table.state.stage == 0 and clicks < 220:
        acts = table.session.legal_actions()
        assert table.choices.all() and set(map(repr, table.choices.all())) == set(map(repr, acts)), \
            "every legal action has an on-screen element"
        # Prefer doing things over ending early, so moves, cover and attacks all get clicked.
        doing = [a for a in acts if a.kind not in ("end", "skip", "no_cover", "stop", "no_crawl", "drop_weapon")] or acts
        if table.state.phase == "order" and len(table.session.actions) % 5 == 4:
            doing = acts
        action = doing[pick.below(len(doing))]
        before = len(table.session.actions)
        play_by_clicks(app, table, action)
        assert len(table.session.actions) == before + 1, f"click for {action.text!r} applied nothing: {table.message}"
        assert table.session.actions[-1] == action
        assert table.message == ""
        kinds.add(action.kind)
        clicks += 1
    assert {"play", "step", "cover"} <= kinds
    assert table.session.is_over() or table.state.stage > 0 or clicks == 220


def test_an_illegal_click_says_why(make_app):
    app, table = start_game(make_app)
    do_click(app, (table.view_rect.left + 3, table.view_rect.bottom - 3))  # the cloth, off the map
    assert table.message.startswith("That is off the map.")
    assert table.session.actions == [] or table.session.actions  # nothing applied by the click
    n = len(table.session.actions)
    area = next(a for a in table.state.view().areas if a not in table.choices.areas)
    do_click(app, inside_point(table, area))
    assert len(table.session.actions) == n
    # The rules' own refusal of moving there now, naming what is missing (issue 21 item 8).
    from game.gears.rules.refusals import why_illegal
    from game.ui.gears import words

    reason = table._words(why_illegal(table.state, Action("step", {"area": area})))
    assert table.message.startswith(f"{words.area(area)}: {reason}")
    from game.gears.rules import turn as T

    while table.state.proc is not None or (T.top(table.state) or {}).get("f") != "order":
        play_by_clicks(app, table, table.session.legal_actions()[0])  # on to P1's Order Step
    do_click(app, inside_point(table, area))
    assert "Play an Order card to move first" in table.message


def test_autosave_after_every_action_and_continue(make_app, config_dir):
    """Part 6: the autosave follows each action; a new App offers Continue at the same action."""
    app, table = start_game(make_app)
    for _ in range(3):
        play_by_clicks(app, table, table.session.legal_actions()[0])
    saved = store.load()
    assert saved.session.state_hash() == table.session.state_hash()
    assert saved.session.actions == table.session.actions
    from game.ui.games import saved_game

    assert saved_game() is not None and saved_game().key == "gears"
    again = continue_from_menu(make_app)
    assert isinstance(again, GearsTable)
    assert again.session.state_hash() == table.session.state_hash()


def test_undo_goes_back_one_choice_without_dice(make_app):
    app, table = start_game(make_app)
    first = table.session.legal_actions()[0]
    play_by_clicks(app, table, first)
    n = len(table.session.actions)
    refusal = table.session.undo_refusal()
    do_click(app, button_for(table, "undo") or (0, 0))
    if refusal is None:
        assert len(table.session.actions) < n
    else:
        assert table.message == refusal and len(table.session.actions) == n


def test_hot_seat_hides_the_hand_until_the_player_clicks(make_app):
    app, table = start_game(make_app, seats=("human", "human"))
    # The COGs are placed before any card is dealt: no card to hide yet (test_gears_handoff.py).
    for _ in range(50):
        if table.handoff is not None:
            break
        play_by_clicks(app, table, table.session.legal_actions()[0])
    assert table.handoff is not None and table.state.cogs[table.handoff].hand
    assert table.card_rects == {}  # the hand is face down behind the handoff screen
    n = len(table.session.actions)
    do_click(app, table.view_rect.center)
    assert table.handoff is None and table.card_rects
    assert len(table.session.actions) == n  # the handoff click acts on nothing


def test_bots_play_without_stopping_the_table(make_app):
    app, table = start_game(make_app, seats=("bot",))
    table.bot_delay_ms = 0
    for _ in range(60):
        table.update(50)
        if table.session.is_over():
            break
    assert len(table.session.actions) >= 20


def test_f1_opens_the_rule_behind_the_decision_on_screen(make_app):
    """Tutorial issue part 5: from a game, F1's Rules tab opens at the rule of what is on screen
    (at the start of this game the first player chooses which cover spot a spawned Locust
    takes: spec 3.3)."""
    app, table = start_game(make_app)
    assert table.state.proc["pending"]["kind"] == "locust_cover"
    assert rules_tab_opened_by_f1(app) == "3.3"


def rules_tab_opened_by_f1(app) -> str:
    """F1 pressed over the table: the help overlay opens on its Rules tab; the section shown."""
    from game.ui.overlays import HelpOverlay

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    app.run(max_frames=1)
    help_ = app.top
    assert isinstance(help_, HelpOverlay) and help_.tab == "rules"
    return help_.rules[help_.rule_index].section


def test_a_weapon_discard_asks_first_and_appears_away_from_the_pointer(make_app):
    """Seed p. 20: a weapon may be discarded at any time; issue 21: a costly choice does not
    appear under the pointer of the click before it and asks for confirmation. The x by the
    weapon in the hand column only asks (the confirmation is in the prompt line, elsewhere);
    Keep it changes nothing; Discard does it."""
    app, table = start_game(make_app)
    while not table.choices.drops:  # setup's questions first (a resolution keeps its weapons)
        play_by_clicks(app, table, table.session.legal_actions()[0])
    weapon = next(iter(table.choices.drops))
    x = button_for(table, f"drop:{weapon}")
    assert x is not None and table.hand_rect.collidepoint(x)
    before = len(table.session.actions)
    do_click(app, x)
    assert len(table.session.actions) == before and table.confirm_drop == weapon
    confirm = button_for(table, table.choices.drops[weapon])
    assert confirm is not None and table.prompt_rect.collidepoint(confirm)
    assert (abs(confirm[0] - x[0]) + abs(confirm[1] - x[1])) > 100  # not under the pointer
    do_click(app, button_for(table, "cancel"))
    assert table.confirm_drop is None and len(table.session.actions) == before
    assert table.state.cogs[table.session.decider].has_weapon(weapon)
    do_click(app, x)
    do_click(app, button_for(table, table.choices.drops[weapon]))
    assert table.session.actions[-1].kind == "drop_weapon"
    assert not table.state.cogs[table.state.players[0]].has_weapon(weapon)
    assert weapon not in table.choices.drops


def test_hot_seat_never_shows_another_seats_drawn_cards(make_app):
    """Issue 21 item 1 (DESIGN.md: each seat sees only what its player may see): at P2's turn
    the log read "You draw ..." from P1's draw. Two people at one desk play by clicks; at every
    step, the log on screen holds no private line (an event's visible_to) of a seat other than
    the one at the table, and the hand shown is that seat's."""
    app, table = start_game(make_app, seats=("human", "human"))
    pick = Rng(11).stream("test")
    seen_handoffs = 0
    for _ in range(60):
        if table.session.is_over():
            break
        if table.handoff is not None:
            seen_handoffs += 1
            # Behind the card nobody's private line shows: the person leaving still sits there.
            private = [e.event.text for e in table.session.log if e.event.visible_to is not None]
            shown = "\n".join(table.log)
            assert not any(table._words(t) in shown for t in private), "a private line behind the handoff card"
            do_click(app, (table._size[0] // 2, table._size[1] // 2))  # "Pass the table": click to take it
            continue
        viewer = table.viewer
        others = [e.event.text for e in table.session.log
                  if e.event.visible_to is not None and viewer not in e.event.visible_to]
        shown = "\n".join(table.log)
        assert not any(table._words(t) in shown for t in others), f"{viewer} sees another seat's line"
        acts = [a for a in table.session.legal_actions() if a.kind != "drop_weapon"]
        play_by_clicks(app, table, acts[pick.below(len(acts))])
    assert seen_handoffs >= 1


def test_hovering_a_locust_shows_its_enemy_card_with_placeholder_marks(make_app):
    """Issue 21 item 7: each Locust's stat card on hover, and values the rulebooks do not give
    (verified = false) marked, with the mark explained."""
    from game.gears.rules import wounds as W
    from game.ui.gears.table_scene import locust_card_lines

    app, table = start_game(make_app)
    lid = sorted(table.state.locusts)[0]
    move(table.screen_of_figure(lid))
    app.run(max_frames=1)
    assert table.hover_figure == lid
    lines = locust_card_lines(table.state, table.content, lid)
    stats = W.enemy_stats(table.state, table.content, table.state.locusts[lid].enemy)
    assert any(f"Defence {stats.defence}" in text and f"Attack {stats.attack}" in text for text, _r in lines)
    enemy = table.content.enemies[table.state.locusts[lid].enemy]
    unsure = any(enemy.provenance.field_verified.get(f, enemy.provenance.verified) is False
                 for f in ("defence", "health", "attack"))
    assert (next(t for t, r in lines if r == "stats").endswith(" *")) == unsure
    assert (lines[-1][1] == "legend") == any(t.endswith(" *") for t, _r in lines)


def test_squad_rows_name_a_bot_seat_and_a_cog_not_yet_on_the_map(make_app):
    """At 1280x720 a bot seat's Squad row read 'Marcus Fenix (b...': the name and the seat kind
    both show, the 'bot' badge beside the name (tests/ui/test_gears_squad_badge.py); before the
    squad enters the map its rows said '-' for the place: they say the COG is not on it yet."""
    app, table = start_game(make_app, seats=("human", "bot", "bot", "bot"))
    st = table.state
    waiting = [p for p in st.players if not st.cogs[p].area and not st.cogs[p].bleeding]
    assert waiting, "a COG not on the map yet at the start"
    table.side_open, table.side_tab = True, "squad"
    table.dirty = True
    app.run(max_frames=1)
    px = table.ctx.px
    for p in st.players:
        row = table.squad_rows[p]
        width = row.width - table.content.cogs[st.cogs[p].character].hand_limit * px(13) - px(26)
        name, mark, status = table.squad_row_words(p, width)
        badge = table._badge_width(mark) + px(6) if mark else 0
        assert table.squad_name_font(p, width).size(name)[0] + badge <= width, f"{name!r} is cut in its row"
        assert name.rstrip("\u2026") in table.content.cogs[st.cogs[p].character].name
        assert (mark == "bot") == table.is_bot(p)
        if p in waiting:
            assert status.endswith("not yet on the map") and "-" not in status


def test_undo_of_an_exploration_under_the_pointer_keeps_the_table_drawing(make_app):
    """A casual table may undo past an exploration (the tile goes back into its deck). The
    pointer was on an area of that tile: the table drew that area's outline from the board that
    no longer had it and stopped with a KeyError (found by tools/monkey.py). What lies under the
    pointer is looked up again in the game as the undo left it."""
    from game.gears import bots

    app = make_app((1280, 720))
    setup = GearsSetup(app.ctx, SetupChoice(mission="roadblocks", seats=["human"], characters=[None], seed=3,
                                            casual=True))
    app.push(setup)
    app.run(max_frames=1)
    do_click(app, next(rect for rect, what in setup.hits if what == "start").center)
    table = app.top
    assert isinstance(table, GearsTable) and table.session.casual
    table.animate = False
    bot = bots.SquadBot(seed=1)
    before = set(table.state.view().board.areas)
    for _n in range(200):  # Roadblocks explores one card when a COG enters the map exit (spec 9.2.4)
        table.submit(bot.decide(table.state, table.session.legal_actions()).action)
        new = set(table.state.view().board.areas) - before
        if new:
            break
    assert new, "the squad bot explored Roadblocks' next tile within 200 actions"
    app.run(max_frames=1)
    pos = inside_point(table, sorted(new)[0])
    move(pos)
    app.run(max_frames=1)
    assert table.hover_area in new
    table.undo()
    app.run(max_frames=2)
    assert not set(table.state.view().board.areas) & new  # the tile went back
    assert table.hover_area is None or table.hover_area in table.state.view().board.areas


def test_choosing_to_throw_a_grenade_takes_the_old_refusal_off_the_screen(make_app):
    """A refused click leaves its reason on screen; the Throw a Bolo Grenade button then asks a
    new question ("Click a lit area..."), and the old reason stayed over it, as if the throw were
    refused too (seen playing The Showdown)."""
    from game.gears import bots

    app, table = start_game(make_app)
    bot = bots.SquadBot(seed=1)
    for _n in range(300):  # to an attack in the Order Step: a grenade may be thrown
        if table.choices.grenades:
            break
        table.submit(bot.decide(table.state, table.session.legal_actions()).action)
    assert table.choices.grenades
    app.run(max_frames=1)
    unlit = next(a for a in sorted(table.state.view().board.areas) if a not in table.choices.areas
                 and table.view_rect.collidepoint(table._area_point(a)))
    do_click(app, inside_point(table, unlit))  # an area no action of the moment goes to
    assert table.message and not table.message_ok  # the rules' refusal, on screen
    throw = button_for(table, "grenade")
    assert throw is not None
    do_click(app, throw)
    assert table.grenade_mode and table.message == ""


def _target_in_each_area_seen(table, player: str, lid: str):
    """The Locust `lid` put in each area the player's area sees (but his own), chosen as the
    target: each area with the two figures' points (as the table places their tokens)."""
    st = table.state
    here = st.cogs[player].area
    for area in sorted(st.view().sight.visible_areas(here)):
        if area == here:
            continue
        st.locusts[lid].area, st.locusts[lid].cover = area, None
        table.target = lid
        pos = table._positions()
        a, b = (tuple(Fraction(round(c)) for c in pos[k]) for k in (player, lid))
        yield area, a, b


def test_the_attack_line_runs_from_the_attacker_not_a_partner_in_his_area(make_app):
    """The attack preview's line of sight is the rules' witness between the two areas, which may
    start anywhere in the attacker's area: Roadblocks at 1280x720, it ran from Damon's token to
    the Ticker while Augustus, in the same area, was the one attacking. When nothing blocks the
    line between the attacker's and the target's tokens, that line is drawn (it is a witness
    too); else the rules' own witness."""
    app, table = start_game(make_app, seats=("human", "human"))
    while not all(c.area for c in table.state.cogs.values()) or table.state.phase.startswith("setup"):
        table.submit(table.session.legal_actions()[0])  # the set-up's questions, first answers
    st = table.state
    player = st.active_player
    partner = next(p for p in st.cogs if p != player)
    view = st.view()
    here = st.cogs[player].area
    st.cogs[partner].area, st.cogs[partner].cover = here, None
    lid = next(iter(st.locusts))
    figures_line, witness_elsewhere = 0, 0
    for area, a, b in _target_in_each_area_seen(table, player, lid):
        if not view.sight.points(a, b).visible:
            continue
        figures_line += 1
        w = view.sight.areas(here, area).witness
        if w is not None and table.camera.to_screen(float(w.a[0]), float(w.a[1])) != table.screen_of_figure(player):
            witness_elsewhere += 1
        assert table._target_ends() == (table.screen_of_figure(player), table.screen_of_figure(lid)), area
    assert figures_line and witness_elsewhere  # the case seen: the area witness started elsewhere


def test_a_blocked_line_between_the_tokens_still_starts_or_ends_on_one(make_app):
    """China Shop at 1920x1080: Damon attacked Wretch 1 in an area his own sees, but a wall
    corner stood between the two tokens; the line drawn was the area search's witness, from his
    token to a point of floor short of the Wretch, or between two points of floor. Now, where
    the tokens' line is blocked, a witness from one token into the other's area (a token stands
    in its area, and the rules' sight is area to area)."""
    app, table = start_game(make_app, seats=("human", "human"))
    while not all(c.area for c in table.state.cogs.values()) or table.state.phase.startswith("setup"):
        table.submit(table.session.legal_actions()[0])
    st = table.state
    player = st.active_player
    view = st.view()
    lid = next(iter(st.locusts))
    blocked = 0
    for here in sorted(a for a in view.areas if a in view.move_dist):
        st.cogs[player].area, st.cogs[player].cover = here, None
        for area, a, b in _target_in_each_area_seen(table, player, lid):
            if view.sight.points(a, b).visible:
                continue
            ends = table._target_ends()
            mine, theirs = view.sight.point_area(a, area), view.sight.point_area(b, here)
            if mine.visible or theirs.visible:
                blocked += 1
                assert table.screen_of_figure(player) in ends or table.screen_of_figure(lid) in ends, (here, area)
        if blocked >= 3:
            break
    assert blocked  # the case seen


@pytest.mark.parametrize("lang, said", [("en", "1 hit, 3 shields, 0 omens"), ("el", "1 επιτυχία, 3 ασπίδες, 0 οιωνοί"),
                                        ("hu", "1 találat, 3 pajzs, 0 omen")])
def test_the_dice_tray_counts_each_face_in_its_own_number(lang, said):
    """The dice tray under a Locust's roll read "1 επιτυχίες, 3 ασπίδες, 0 οιωνοί" (Greek,
    China Shop, 1280x720): one summary for any count, in the plural ("1 hits" in English)."""
    from game import i18n
    from game.ui.gears.roll import gears_roll

    try:
        i18n.set_language(lang)
        assert gears_roll("Drone 6", [(1, 0), (0, 0)], [1, 2, 0]).summary == said
    finally:
        i18n.set_language("en")


def test_hot_seat_guard_questions_can_be_let_pass_for_the_rest_of_the_locust_step(make_app):
    """Spec 6.9 asks each COG who could Guard, before every Locust's move and attack; at a
    hot-seat desk each question also brought a handoff card. "Let them all pass this step"
    answers No Guard now and for the rest of this Locust Activation Step for that person, who
    keeps the cards; the next step asks again (the kit's standing answer, as Doom's Guard)."""
    from game.gears.bots import SquadBot

    app, table = start_game(make_app, seats=("human", "human"), seed=3)
    bot = SquadBot(7)

    def guard_question():
        return [a for a in table.session.legal_actions() if a.kind == "guard"]

    for _ in range(400):  # both people play as the squad bot would, up to a Guard question
        if guard_question():
            break
        table.submit(bot.decide(table.state, table.session.legal_actions()).action)
    assert guard_question(), "no Guard question in this game"
    asked, span = table.session.decider, (table.state.turn, table.state.active)
    if table.handoff is not None:
        do_click(app, table.view_rect.center)  # the person asked comes to the desk
    app.run(max_frames=1)
    n = len(table.session.actions)
    do_click(app, button_for(table, "let_pass"))
    assert table.session.actions[n].kind == "guard" and table.session.actions[n].payload["guard"] is None
    said = "lets every Locust pass for the rest of this Locust Activation Step"
    assert any(said in line for line in table.log)
    # The step goes on: every Guard question for that person in it is answered No Guard for
    # them, none is asked of them, and their cards stay in hand.
    while (table.state.turn, table.state.active) == span and table.session.decider is not None:
        assert not (table.session.decider == asked and guard_question())
        table.submit(bot.decide(table.state, table.session.legal_actions()).action)
    name = table.player_name(asked).split(" (")[0]
    answered = [e.event for e in table.session.log if e.event.kind == "no_guard" and e.event.payload["player"] == asked]
    assert len(answered) >= 2  # the click's answer, and at least one the table gave for them
    # The log said it once, not "... does not Guard against ..." at each Locust after it.
    lines = list(table.log)
    assert sum(said in line for line in lines) == 1
    since = lines[next(i for i, line in enumerate(lines) if said in line):]
    assert not [line for line in since if line.startswith(name) and "does not Guard" in line]
    assert len(since) > 1  # the step's other lines follow it
    assert table.passing[asked] != table.let_pass_span()  # the next step asks again
