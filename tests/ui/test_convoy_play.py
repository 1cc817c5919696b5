"""Issue 17, "Neuroshima Convoy playable on screen": a game started from the set-up screen (two
people at one desk, seed 1) and a whole round played by posting real mouse drags into the real
loop: the mulligans, the Sector Battle token dragged onto a sector (Phase II), Robots dragged into
city columns (one into an undefended future city gets its +1), the Outpost's Soldier and Building,
Equipment dragged onto a Robot (Phase V), the battle and round 2 beginning. After each drop the
engine state is asserted. Also: a refused drop shows the rules' sentence and the rule; the
hot-seat handoff hides the hand; a game interrupted mid-way is offered by the menu's Continue at
the same action and state hash; the battle is shown a step at a time and can be skipped."""
from __future__ import annotations

import pygame
import pytest

from game.convoy.rules import board as B
from game.ui.convoy.entry import SAVES as store
from game.ui.convoy.setup_scene import ConvoySetup, SetupChoice
from game.ui.convoy.table_scene import ConvoyTable
from tests.ui.conftest import click, continue_from_menu, key, move, post

SEED = 1  # Moloch holds Stormtrooper, Move, Annihilator, Reactive Armor, Vanguard, Juggernaut;
# the Outpost Sniper, Sergeant, Grenadier, EMP Cannon, Dig In, Barricade (after both keep).


def start_game(make_app, seats=("human", "human"), seed=SEED, size=(1280, 720)):
    app = make_app(size)
    setup = ConvoySetup(app.ctx, SetupChoice(seats=list(seats), seed=seed))
    app.push(setup)
    app.run(max_frames=1)
    click(next(rect for rect, what in setup.hits if what == "start").center)
    app.run(max_frames=1)
    table = app.top
    assert isinstance(table, ConvoyTable)
    assert table.session.seed == seed and table.seats == list(seats)
    table.animate = False
    table.bot_delay_ms = 0
    settle(app, table)
    return app, table


def do_click(app, pos):
    move(pos)
    click(pos)
    app.run(max_frames=1)


def drag(app, a, b):
    """A left press at a, the pointer moved in steps to b, released there: one real drag."""
    move(a)
    post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    for k in (1, 2, 3):
        p = (a[0] + (b[0] - a[0]) * k // 3, a[1] + (b[1] - a[1]) * k // 3)
        post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    app.run(max_frames=1)


def settle(app, table: ConvoyTable) -> None:
    """The next person at the desk clicks the handoff card away; the table is drawn."""
    app.run(max_frames=1)
    if table.handoff is not None:
        do_click(app, table.view_rect.center)
    app.run(max_frames=1)


def button(table: ConvoyTable, kind: str, **payload):
    return next(r.center for r, _l, what in table.buttons
                if getattr(what, "kind", None) == kind and all(what.payload.get(k) == v for k, v in payload.items()))


def hand_card(table: ConvoyTable, name: str) -> tuple[int, tuple[int, int]]:
    for uid, shown, _whole in table.hand_rects:
        if B.defn(table.state, uid).name == name:
            return uid, shown.center
    raise AssertionError(f"{name} not in the hand on screen: {[B.defn(table.state, u).name for u, _s, _w in table.hand_rects]}")


def column(table: ConvoyTable, city: int, side: int) -> tuple[int, int]:
    r = table.column_rects[(city, side)]
    return r.centerx, r.centery


def answer_questions(app, table: ConvoyTable) -> None:
    """A question an on-entering ability asks: its first option's button."""
    for _ in range(6):
        pend = (table.state.proc or {}).get("pending")
        if pend is None:
            return
        settle(app, table)
        first = table.session.legal_actions()[0]
        do_click(app, option_pos(table, first))
        assert table.session.actions[-1] == first


def option_pos(table: ConvoyTable, option) -> tuple[int, int]:
    """Where a question's option shows: its button, else the lit card, sector or city."""
    got = next((r.center for r, _l, what in table.buttons if what == option), None)
    if got is not None:
        return got
    p = option.payload
    if "sector" in p:
        return table.sector_rects[tuple(p["sector"])].center
    if "city" in p:
        return table.city_rects[p["city"]].center
    if p["card"] in table.slot_rects:
        return table.slot_rects[p["card"]].center
    return next(shown.center for uid, shown, _w in table.hand_rects if uid == p["card"])


def keep_both(app, table):
    do_click(app, button(table, "mulligan", redraw=False))
    assert table.state.mulligan == [True, False] and table.session.decider == "outpost"
    settle(app, table)
    do_click(app, button(table, "mulligan", redraw=False))
    assert table.state.mulligan == [True, True] and table.state.round == 1
    settle(app, table)


def token_placed(app, table) -> None:
    """Both hands kept and the battle token dropped on the first city's first sector: the
    table at Phase III, the cards' turn."""
    keep_both(app, table)
    drag(app, table.token_rect.center, table.sector_rects[(0, 0)].center)
    settle(app, table)


def test_a_whole_round_by_mouse_drags(make_app, config_dir):
    app, table = start_game(make_app)
    keep_both(app, table)
    st = table.state
    # Phase II: the Sector Battle token onto the second sector of Ziggy One.
    assert st.proc["pending"]["kind"] == "sector" and table.token_rect is not None
    drag(app, table.token_rect.center, table.sector_rects[(0, 1)].center)
    assert table.session.actions[-1].kind == "sector" and st.battle_sector == 1 and st.phase == "III"
    settle(app, table)
    # Phase III: Stormtrooper into Iron Gate (a future city, undefended: +1), Juggernaut into Ziggy One.
    storm, at = hand_card(table, "Stormtrooper")
    drag(app, at, column(table, 1, 0))
    assert storm in st.slots[1][0] and st.tokens.get(storm) == [1] and storm not in st.hand[0]
    answer_questions(app, table)
    settle(app, table)
    jug, at = hand_card(table, "Juggernaut")
    drag(app, at, column(table, 0, 0))
    assert jug in st.slots[0][0] and not st.tokens.get(jug)
    answer_questions(app, table)
    settle(app, table)
    n = len(table.session.actions)
    do_click(app, button(table, "pass"))
    assert len(table.session.actions) == n + 1 and st.phase == "IV" and table.session.decider == "outpost"
    settle(app, table)
    # Phase IV: the Sergeant and the EMP Cannon into Ziggy One, on the Outpost's side.
    sergeant, at = hand_card(table, "Sergeant")
    drag(app, at, column(table, 0, 1))
    assert sergeant in st.slots[0][1]
    answer_questions(app, table)
    settle(app, table)
    cannon, at = hand_card(table, "EMP Cannon")
    drag(app, at, column(table, 0, 1))
    assert cannon in st.slots[0][1]
    answer_questions(app, table)
    settle(app, table)
    do_click(app, button(table, "pass"))
    settle(app, table)
    # Phase V: Reactive Armor onto the Juggernaut.
    assert st.phase == "V" and table.session.decider == "moloch"
    armor, at = hand_card(table, "Reactive Armor")
    drag(app, at, table.slot_rects[jug].center)
    assert st.equip.get(jug) == armor and armor not in st.hand[0]
    answer_questions(app, table)
    settle(app, table)
    do_click(app, button(table, "pass"))
    answer_questions(app, table)
    settle(app, table)
    while st.round == 1 and table.session.decider == "outpost" and st.phase == "Va":
        do_click(app, button(table, "pass"))
        settle(app, table)
    # The battle was fought in Ziggy One and round 2 began: the contested sector is destroyed.
    answer_questions(app, table)
    assert st.round == 2 and st.sector_down[0][1]
    texts = [e.event.text for e in table.session.log]
    assert any(t.startswith("Battle in Ziggy One: Moloch") for t in texts)
    assert any(t.startswith("Round 2 begins") for t in texts)


def test_a_refused_drop_says_the_rules_reason_and_the_rule(make_app, config_dir):
    app, table = start_game(make_app)
    token_placed(app, table)
    n = len(table.session.actions)
    armor, at = hand_card(table, "Reactive Armor")  # Equipment in Phase III
    robot, at2 = hand_card(table, "Juggernaut")
    drag(app, at2, column(table, 0, 0))
    answer_questions(app, table)
    settle(app, table)
    n = len(table.session.actions)
    armor, at = hand_card(table, "Reactive Armor")
    drag(app, at, table.slot_rects[robot].center)
    assert len(table.session.actions) == n and armor in table.state.hand[0]
    assert "Reactive Armor can be played only in Phase V." in table.message and "Rule:" in table.message
    # A Robot dropped on the Outpost's side of a full... or on nothing: why, and the rule.
    vanguard, at = hand_card(table, "Vanguard")
    drag(app, at, table.zones["battle"].center)
    assert len(table.session.actions) == n and "Drop Vanguard into a city column" in table.message
    # A city with no free Moloch station: the rules' sentence (flow.refusal).
    st = table.state
    for name in ("Stormtrooper", "Annihilator", "Vanguard"):
        if B.used_stations(st, 0, 0) >= B.stations(st, 0, 0):
            break
        _uid, at = hand_card(table, name)
        drag(app, at, column(table, 0, 0))
        answer_questions(app, table)
        settle(app, table)
    if B.used_stations(st, 0, 0) >= B.stations(st, 0, 0) and any(B.defn(st, u).type == "robot" for u in st.hand[0]):
        uid = next(u for u in st.hand[0] if B.defn(st, u).type == "robot")
        _uid, at = hand_card(table, B.defn(st, uid).name)
        n = len(table.session.actions)
        drag(app, at, column(table, 0, 0))
        assert len(table.session.actions) == n and "Ziggy One has no free Moloch battle station." in table.message


def test_hot_seat_hides_the_next_players_hand(make_app, config_dir):
    app, table = start_game(make_app)
    do_click(app, button(table, "mulligan", redraw=False))
    app.run(max_frames=1)
    assert table.handoff == "outpost"
    assert table.hand_rects == [] and not any(k.isdigit() for k in table.card_rects)  # face down: nothing to point at
    do_click(app, table.view_rect.center)
    app.run(max_frames=1)
    assert table.handoff is None and table.viewer == "outpost"
    shown = {uid for uid, _s, _w in table.hand_rects}
    assert shown == set(table.state.hand[1])  # the Outpost's own hand, never Moloch's
    assert not shown & set(table.state.hand[0])


def test_continue_after_a_restart_is_the_same_game(make_app, config_dir):
    app, table = start_game(make_app)
    keep_both(app, table)
    drag(app, table.token_rect.center, table.sector_rects[(0, 2)].center)
    settle(app, table)
    _uid, at = hand_card(table, "Juggernaut")
    drag(app, at, column(table, 0, 0))
    answer_questions(app, table)
    want = (list(table.session.actions), table.session.state_hash())
    assert store.has_autosave()
    again = continue_from_menu(make_app)  # a new App, as after the process was killed
    assert isinstance(again, ConvoyTable)
    assert (list(again.session.actions), again.session.state_hash()) == want


def test_the_battle_is_shown_step_by_step_and_skipped_by_a_click(make_app, config_dir):
    app, table = start_game(make_app)
    table.animate = True
    token_placed(app, table)
    st = table.state
    for _ in range(8):  # every side passes until the battle is fought
        if st.round > 1:
            break
        answer_questions(app, table)
        settle(app, table)
        if table.steps:
            break
        do_click(app, button(table, "pass"))
    assert table.steps and table.steps[0].kind == "strength" and table.busy
    kinds = [s.kind for s in table.steps]
    assert "winner" in kinds or "tie" in kinds
    app.run(max_frames=1)
    assert table.panels  # the step on show, over the table
    do_click(app, table.view_rect.center)
    assert not table.steps


def test_an_ai_seat_plays_with_its_reasons_and_keeps_its_level_after_continue(make_app, config_dir):
    """Moloch the AI at novice level: it decides by itself (its reason in the log and the AI
    panel); a continued game gets the novice back (the level is saved with the bot's state)."""
    app = make_app((1280, 720))
    setup = ConvoySetup(app.ctx, SetupChoice(seats=["bot", "human"], levels=["expert", "expert"], seed=SEED))
    app.push(setup)
    app.run(max_frames=1)
    do_click(app, next(rect for rect, what in setup.hits if what == "level:0").center)
    assert setup.choice.levels == ["novice", "expert"] and "novice" in setup.message
    click(next(rect for rect, what in setup.hits if what == "start").center)
    app.run(max_frames=1)
    table = app.top
    assert isinstance(table, ConvoyTable) and table.bots["moloch"].level == "novice"
    table.bot_delay_ms = 0
    for _ in range(30):
        if table.session.decider == "outpost":
            break
        app.run(max_frames=1)
    assert table.session.deciders[0] == "moloch" and table.session.decider == "outpost"
    # Its first decision, the mulligan: the play on the panel; its reason counts the units in
    # its hand, so it is logged for the Moloch seat only (Choice.private)
    assert table.ai.text and "Moloch AI (novice)" == table.ai.name
    assert any(who == ("moloch",) and str(table._words(t)).startswith("Moloch: ") for t, who in table._log)
    want = (list(table.session.actions), table.session.state_hash())
    again = continue_from_menu(make_app)
    assert isinstance(again, ConvoyTable) and again.bots["moloch"].level == "novice"
    assert (list(again.session.actions), again.session.state_hash()) == want


def test_a_named_save_is_listed_and_loads_at_the_same_state(make_app, config_dir):
    """Ctrl+S: a named save the set-up screen's "Load a game" lists (round, active city, the
    Moloch deck) and opens at the same actions and state hash."""
    from tests.ui.conftest import key

    app, table = start_game(make_app)
    keep_both(app, table)
    want = (list(table.session.actions), table.session.state_hash())
    key(pygame.K_s, pygame.KMOD_CTRL)
    app.run(max_frames=1)
    assert table.message_ok and "Saved as convoy-standard" in table.message
    setup = ConvoySetup(app.ctx)
    app.push(setup)
    app.run(max_frames=1)
    setup.command("load")
    entries = [e for e in setup.saves if e.path != store.autosave_path()]
    assert len(entries) == 1 and entries[0].saved is not None
    head, names = setup.save_words(entries[0].saved)
    assert head.startswith("Round 1") and "Ziggy One" in head and names == ["Moloch", "Outpost"]
    opened = setup.open_save(setup.saves.index(entries[0]))
    loaded = opened.scene if hasattr(opened, "scene") else app.top
    assert isinstance(loaded, ConvoyTable)
    assert (list(loaded.session.actions), loaded.session.state_hash()) == want


def test_the_menu_opens_the_convoy_set_up_screen(make_app, config_dir):
    """Issue 17: the menu lists Neuroshima Convoy as playable; its card opens the set-up screen."""
    app = make_app((1280, 720))
    menu = app.top
    menu.layout(app.screen.get_size())
    card = next(c for c in menu.cards if c.game.key == "convoy")
    assert card.enabled
    do_click(app, card.rect.center)
    assert isinstance(app.top, ConvoySetup)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_waiting_token_and_its_label_cover_no_city_card(make_app, config_dir, size):
    """Phase II: the Sector Battle token and "drag onto a sector" sat on the active city's card,
    the label over the very sectors to drag onto and the token over the Outpost's win text. They
    wait in the Battle panel, clear of every city card and column, and the drag still works."""
    app, table = start_game(make_app, size=size)
    keep_both(app, table)
    assert table.state.proc["pending"]["kind"] == "sector"
    battle = table.zones["battle"]
    for shown in (table.token_rect, table.token_label_rect):
        assert shown is not None and battle.contains(shown)
        assert not any(shown.colliderect(r) for r in table.city_rects.values())
        assert not any(shown.colliderect(r) for r in table.column_rects.values())
    drag(app, table.token_rect.center, table.sector_rects[(0, 1)].center)
    assert table.state.battle_sector == 1 and table.token_label_rect is None


def test_the_ai_panel_says_what_the_ai_played_not_the_buttons_command(make_app, config_dir, monkeypatch):
    """In Greek the AI panel's line under 'Moloch AI' was the action's button label, a command
    to the person at the table ('Παίξτε την κάρτα ...', 'Πάσο'): it says what the AI did in its
    own words now ('Παίζει την κάρτα ...', 'Λέει πάσο'), never one of the labels it chose among."""
    from game import i18n

    offered: list[tuple[set[str], str]] = []
    real = ConvoyTable.bot_reason

    def spy(table, decider, action, why, private=False):
        labels = {a.text for a in table.session.legal_actions()}
        real(table, decider, action, why, private)
        offered.append((labels, table.ai.text))

    monkeypatch.setattr(ConvoyTable, "bot_reason", spy)
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text('language = "el"\n')  # the table in Greek from its start
    try:
        app, table = start_game(make_app, seats=("bot", "human"))
        for _ in range(30):
            if len(offered) >= 2:
                break
            app.run(max_frames=1)
        assert len(offered) >= 1 and i18n.language() == "el"
        for labels, said in offered:
            assert said and said not in labels, (said, labels)
            assert said.startswith(("Παίζει", "Λέει πάσο", "Επιλέγει", "Χρησιμοποιεί", "Προσθέτει", "Κρατά",
                                    "Ανακατεύει", "Απαντά", "Δεν επιλέγει")), said
    finally:
        i18n.set_language("en")


def test_the_ai_mulligan_reason_counting_its_hand_is_not_shown_across_the_table(make_app, config_dir):
    """The Outpost AI kept its hand "because it holds 3 units to fight with": the log and the AI
    panel told Moloch's player what is in a hand they may not see. That reason is now the AI
    seat's alone (Choice.private); Moloch's player reads that the Outpost kept its hand (the
    rules' line) and the AI's play, not why."""
    app, table = start_game(make_app, seats=("human", "bot"))
    do_click(app, button(table, "mulligan", redraw=False))
    for _ in range(30):
        if table.state.round == 1:
            break
        app.run(max_frames=1)
    assert table.state.mulligan == [True, True] and table.viewer == "moloch"
    readable = [str(line) for line in table.log]
    assert any("Outpost keeps the starting hand" in line for line in readable), readable
    assert not any("to fight with" in line for line in readable), readable
    assert not any("to fight with" in line for line in table.ai.lines), table.ai.lines
    assert table.ai.text  # the play itself is shown
    # the AI's own seat may read it (a watch of bots, or the seat's private lines)
    private = [text for text, who in table._log if who == ("outpost",)]
    assert any("units to fight with" in str(table._words(t)) or "unit to fight with" in str(table._words(t))
               for t in private), private


@pytest.mark.parametrize("casual", [False, True])
def test_at_hot_seat_a_person_takes_back_only_their_own_decision(make_app, config_dir, casual):
    """Played hot-seat: Moloch kept its hand, the Outpost sat down and pressed U, and Moloch's
    decision was taken back. Each person now takes back only their own (greyed Undo, a reason
    on the message line); a casual table still allows it."""
    app, table = start_game(make_app)
    table.session.casual = casual
    do_click(app, button(table, "mulligan", redraw=False))
    do_click(app, table.view_rect.center)  # the hand-off card: the Outpost sits down
    assert table.handoff is None and table.session.decider == "outpost"
    n = len(table.session.actions)
    assert n == 1
    key(pygame.K_u)
    app.run(max_frames=1)
    if casual:
        assert len(table.session.actions) == 0 and table.session.decider == "moloch"
    else:
        assert len(table.session.actions) == n
        assert table.undo_refusal() and "Moloch" in table.message and "their own" in table.message


def test_behind_the_hand_off_card_the_person_still_at_the_desk_takes_back_their_own(make_app, config_dir):
    """Hot-seat: Moloch kept its hand and the card came up for the Outpost; Moloch, still at
    the desk, pressed U and was told 'Moloch made that decision: ... each takes back only their
    own': the table took the person it waits for as the one at the desk. Until the card is
    clicked away the one at the desk is who sat there last; their own decision goes back."""
    app, table = start_game(make_app)
    assert table.handoff is None and table.seated == "moloch" and table.session.decider == "moloch"
    do_click(app, button(table, "mulligan", redraw=False))
    assert table.handoff == "outpost" and len(table.session.actions) == 1
    assert table.undo_refusal() is None
    key(pygame.K_u)
    app.run(max_frames=1)
    assert len(table.session.actions) == 0 and table.session.decider == "moloch" and table.handoff is None


def test_the_remembered_undo_answer_follows_the_hand_off_card(make_app, config_dir):
    """Undo's answer is remembered for the frames a game stands unchanged (undo_refusal); the
    hand-off card clicked away changes who sits at the desk with no action taken, so the
    answer remembered behind the card (Moloch may take back its kept hand) must not outlive it:
    once the Outpost sits down, Moloch's decision is not theirs to take back."""
    app, table = start_game(make_app)
    do_click(app, button(table, "mulligan", redraw=False))
    assert table.handoff == "outpost" and table.undo_refusal() is None
    settle(app, table)
    assert table.handoff is None and table.seated == "outpost" and len(table.session.actions) == 1
    assert table.undo_refusal() == table.undo_refusal_now()
    assert "Moloch" in table.undo_refusal() and "their own" in table.undo_refusal()


def test_undo_before_any_decision_of_a_persons_says_so(make_app, config_dir):
    """Moloch a bot, the Outpost a person: at the Outpost's starting hand Undo was lit, and a
    press took back the bot's kept hand, which the bot kept again at once; the log said
    'Undone.' for nothing. Nothing a person decided is there to take back: Undo is greyed
    and a press says so, the game unchanged."""
    app, table = start_game(make_app, seats=("bot", "human"))
    for _ in range(20):
        if table.session.decider == "outpost":
            break
        app.run(max_frames=1)
    assert table.session.decider == "outpost" and table.session.actions  # the bot kept its hand
    assert all(table.is_bot(d) for d in table.session.deciders)
    n = len(table.session.actions)
    assert table.undo_refusal() == "There is nothing to undo."
    do_click(app, next(r.center for r, _l, what in table.buttons if what == "undo"))
    assert len(table.session.actions) == n and table.message == "There is nothing to undo."


@pytest.mark.parametrize("language", ["en", "hu", "el"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_used_or_switched_off_mark_hides_no_name(make_app, config_dir, monkeypatch, language, size):
    """On a battle column's small faces at 1280x720 the 'used' mark, set at the face's middle,
    lay over the card's name, and 'used / off' reached over the next card. Every mark's words
    stand in the picture: inside the face, below the printed strength and above the name."""
    from game.engine.bots import RandomBot
    from game.ui import widgets
    from game.ui.convoy import cards

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'language = "{language}"\n')
    app, table = start_game(make_app, size=size)
    bot, s = RandomBot(3), table.session
    for _n in range(60):
        s.apply(bot.choose(s.legal_actions()))
    st = table.state
    placed = [u for c in range(len(st.slots)) for side in (0, 1) for u in st.slots[c][side]]
    assert len(placed) >= 6
    st.used.extend(placed)
    st.disabled.extend(placed[::2])
    from game.ui.convoy.table_scene import mark_word

    # the whole words, or the short ones a small face shows (test_convoy_small_words.py)
    words = {w for short in (False, True) for w in (mark_word("used", short), mark_word("off", short),
                                                     mark_word("used", short) + " / " + mark_word("off", short))}
    drawn: list[pygame.Rect] = []
    real = widgets.text

    def spy(surface, text, *a, **k):
        got = real(surface, text, *a, **k)
        if text.rstrip("\u2026") and any(w.startswith(text.rstrip("\u2026")) for w in words):
            drawn.append(got)
        return got

    monkeypatch.setattr(widgets, "text", spy)
    table._after_change()
    table.draw(app.screen)
    faces = {uid: table.slot_rects[uid] for uid in placed if uid in table.slot_rects}
    on_faces = [(box, next(((u, f) for u, f in faces.items() if f.collidepoint(box.center)), None)) for box in drawn]
    on_faces = [(box, got) for box, got in on_faces if got is not None]
    assert len(on_faces) >= len(faces) > 0
    for box, (uid, face) in on_faces:
        L = table.face_layout(face, uid)
        assert face.contains(box), (uid, box, face)
        assert box.bottom <= face.top + L["name"].top, (uid, box, face.top + L["name"].top)
        corners = [cards.strength_badge_rect(L).move(face.topleft), cards.timing_icon_rect(L).move(face.topleft)]
        assert box.collidelist(corners) < 0, (uid, box, corners)
