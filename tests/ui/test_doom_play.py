"""Issue 13, "Doom playable on screen": a game started from the set-up screen and played by
posting real mouse events into the real loop (one marine, a person; the invader, a bot); after
every click the session holds exactly the action the click meant, taken from legal_actions.
Also: an illegal click shows the rules' sentence, autosave + Continue, and the invader's hidden
hand never reaches a marine's screen (log, panels, hand strip)."""
from __future__ import annotations

import pygame
import pytest

from game.doom.rules import turn as T
from game.doom.rules.state import RULES_REVISION
from game.engine.protocol import Action
from game.engine.rng import Rng
from game.ui.doom.entry import INVADER
from game.ui.doom.entry import SAVES as store
from game.ui.doom.setup_scene import DoomSetup, SetupChoice
from game.ui.doom.table_scene import DoomTable
from tests.ui.conftest import click, continue_from_menu
from tests.ui import test_ui_scale as U
from tests.ui.test_gears_play import do_click

SEED = 4242


def start_game(make_app, seats=("human", "bot"), seed=SEED, size=(1280, 720), scenario="knee_deep"):
    app = make_app(size)
    setup = DoomSetup(app.ctx, SetupChoice(scenario=scenario, seats=list(seats), seed=seed))
    app.push(setup)
    app.run(max_frames=1)
    if scenario != "knee_deep":
        do_click(app, next(rect for rect, what in setup.hits if what == f"scenario:{scenario}").center)
    start = next(rect for rect, what in setup.hits if what == "start")
    click(start.center)
    app.run(max_frames=1)
    table = app.top
    assert isinstance(table, DoomTable)
    assert table.session.seed == seed and table.state.scenario == scenario
    assert table.players == list(table.state.seats) + [INVADER]
    table.animate = False
    table.bot_delay_ms = 0
    app.run(max_frames=1)
    return app, table


def button_for(table: DoomTable, what) -> tuple[int, int] | None:
    """Where the button for `what` is, the prompt's options turned to its page first."""
    for rect, _label, w in table.buttons:
        if w == what:
            return rect.center
    if table.show_prompt_option(what):
        table.draw(pygame.display.get_surface())
        return button_for(table, what)
    return None


def play_by_clicks(app, table: DoomTable, action: Action) -> None:
    """Make `action` happen the way a person would: through the element that shows it."""
    ch = table.choices
    square = next((c for c, acts in ch.squares.items() if acts[0] == action), None)
    target = next((c for c, acts in ch.targets.items() if action in acts), None)
    door = next((d for d, a in ch.doors.items() if a == action), None)
    card = next((c for c, acts in ch.cards.items() if action in acts), None)
    blast = next((w for w, cells in ch.blasts.items() if action in cells.values()), None)
    if blast is not None:
        do_click(app, button_for(table, f"aim:{blast}"))
        assert table.aiming == blast
        do_click(app, table.screen_of_cell(tuple(action.payload["target"])))
    elif square is not None:
        do_click(app, table.screen_of_cell(square))
    elif target is not None:
        do_click(app, table.screen_of_cell(target))
        assert table.target == target  # the preview, and the prompt asks which weapon
        do_click(app, button_for(table, action))
    elif door is not None:
        do_click(app, table.screen_of_door(door))
    elif card is not None:
        do_click(app, table.card_rects[card].center)
        if table.selected_card is not None:
            do_click(app, button_for(table, action))
    else:
        pos = button_for(table, action)
        assert pos is not None, f"no button for {action.text}"
        do_click(app, pos)


def bots_until_person(app, table: DoomTable, limit: int = 400) -> None:
    """Let the bots act (no pause) until a person decides or the game ends."""
    for _ in range(limit):
        if table.session.is_over() or not table.is_bot(table.session.decider):
            break
        table.update(50)
    app.run(max_frames=1)


def clickable(table: DoomTable, action: Action) -> bool:
    return action in table.choices.clicked()


def _play_invader_turn(app, table) -> None:
    """The invader's turn played by clicks, ending each step as soon as it may (60 at most)."""
    for _ in range(60):
        if table.session.decider != INVADER:
            break
        acts = [a for a in table.session.legal_actions() if clickable(table, a)]
        ends = [a for a in acts if a.kind in ("end_invader_turn", "no_spawn", "end_activation", "pass")]
        play_by_clicks(app, table, ends[0] if ends else acts[0])


def test_the_first_turns_of_knee_deep_by_mouse_alone(make_app):
    """Spec 5-6 through the UI: declare, move, open a door, attack; the state checked after each."""
    app, table = start_game(make_app)
    st = table.state
    assert table.viewer == "red" and not table.invader_view()
    # Declare Run: a prompt button.
    run = next(a for a in table.session.legal_actions() if a.kind == "declare" and a.payload["action"] == "run")
    play_by_clicks(app, table, run)
    assert table.session.actions[-1] == run and st.turn["action"] == "run" and st.turn["mp"] == 8
    # A lit square: the marine walks there.
    to = next(a for a in table.session.legal_actions() if a.kind == "move" and a.payload["to"] == [5, 8])
    assert (5, 8) in table.choices.squares
    do_click(app, table.screen_of_cell((5, 8)))
    assert table.session.actions[-1] == to and st.marines["red"].cell == (5, 8)
    # The lit door: D1 opens and the corridor and hall beyond are revealed.
    assert "D1" in table.choices.doors and "D1" in st.closed
    do_click(app, table.screen_of_door("D1"))
    assert table.session.actions[-1].kind == "door" and "D1" not in st.closed
    assert {"A2", "A3"} <= set(st.revealed)
    assert table.message == ""
    # End the turn; the invader bot plays; the marine's next turn: Fire at the zombie or a barrel.
    play_by_clicks(app, table, next(a for a in table.session.legal_actions() if a.kind == "end_turn"))
    bots_until_person(app, table)
    assert table.session.decider == "red"
    fire = next(a for a in table.session.legal_actions() if a.kind == "declare" and a.payload["action"] == "fire")
    play_by_clicks(app, table, fire)
    attacks = [a for a in table.session.legal_actions() if a.kind == "attack"]
    assert attacks and set(map(repr, table.choices.all())) == set(map(repr, table.session.legal_actions()))
    shot = attacks[0]
    n = len(table.session.actions)
    play_by_clicks(app, table, shot)
    assert table.session.actions[n] == shot
    assert any("rolls" in line for line in table.log)


def test_marine_turns_by_random_clicks(make_app):
    """Every legal action is on screen; random clicks among them play on without a refusal."""
    app, table = start_game(make_app)
    pick = Rng(3).stream("test")
    kinds = set()
    for _ in range(60):
        bots_until_person(app, table)
        if table.session.is_over():
            break
        acts = table.session.legal_actions()
        assert set(map(repr, table.choices.all())) == set(map(repr, acts)), "every legal action is sorted"
        doing = [a for a in acts if clickable(table, a) and a.kind != "end_turn"] or \
            [a for a in acts if clickable(table, a)]
        action = doing[pick.below(len(doing))]
        before = len(table.session.actions)
        play_by_clicks(app, table, action)
        assert len(table.session.actions) > before, f"click for {action.text!r} applied nothing: {table.message}"
        assert table.session.actions[before] == action
        assert table.message == ""
        kinds.add(action.kind)
    assert {"declare", "move"} <= kinds


def test_an_illegal_click_says_why_in_the_rules_words(make_app):
    app, table = start_game(make_app)
    st = table.state
    do_click(app, (table.view_rect.left + 3, table.view_rect.bottom - 3))
    assert table.message.startswith("That is off the map.")
    # Before declaring, a click on a square of the room: the rules' sentence (declare first).
    do_click(app, table.screen_of_cell((3, 8)))
    assert table.message == T.refusal(st, Action("move", {"to": [3, 8]}))
    assert "must declare an action" in table.message
    assert table.session.actions == []
    # An unexplored area is not on the table.
    assert table.view_rect.collidepoint(table.screen_of_cell((6, 8))) and (6, 8) in table.dmap.areas["A2"]
    do_click(app, table.screen_of_cell((6, 8)))
    assert table.message.startswith("That area has not been explored yet")
    # A closed door that cannot be used from here (after declaring, too far): the rules say why.
    play_by_clicks(app, table, next(a for a in table.session.legal_actions() if a.kind == "declare"))
    n = len(table.session.actions)
    assert "D1" not in table.choices.doors
    do_click(app, table.screen_of_door("D1"))
    assert table.message == T.refusal(st, Action("door", {"door": "D1"}))
    assert len(table.session.actions) == n


def test_autosave_after_every_action_and_continue(make_app, config_dir):
    app, table = start_game(make_app)
    for _ in range(3):
        play_by_clicks(app, table, next(a for a in table.session.legal_actions() if clickable(table, a)
                                        and a.kind != "end_turn"))
    saved = store.load()
    assert saved.session.state_hash() == table.session.state_hash()
    assert saved.session.actions == table.session.actions and saved.seats == ["human", "bot"]
    from game.ui.games import saved_game

    assert saved_game() is not None and saved_game().key == "doom"
    again = continue_from_menu(make_app)
    assert isinstance(again, DoomTable)
    assert again.session.state_hash() == table.session.state_hash()


def test_a_marine_never_sees_the_invaders_hand(make_app):
    """Spec 8 (the invader's hand is secret): through a few rounds against the invader bot, the
    marine's log, panels and hand strip hold no card of the hand; only how many there are."""
    app, table = start_game(make_app)
    pick = Rng(5).stream("test")
    names = {table.content.invader_card(c).name for c in table.content.invader_cards}
    seen_hands: set[str] = set()
    rounds = 0
    for _ in range(80):
        bots_until_person(app, table)
        if table.session.is_over() or table.state.round >= 4:
            break
        assert table.viewer == "red" and not table.invader_view()
        assert table.card_rects == {} and table.card_face(table.state.hand[0]) is None if table.state.hand else True
        seen_hands |= {table.content.invader_card(c).name for c in table.state.hand}
        acts = [a for a in table.session.legal_actions() if clickable(table, a)]
        ends = [a for a in acts if a.kind == "end_turn"]
        play_by_clicks(app, table, ends[0] if ends and pick.below(3) == 0 else acts[pick.below(len(acts))])
        rounds = table.state.round
    assert rounds >= 2 and seen_hands
    private = {e.event.text for e in table.session.log.seen_by(INVADER)} - set(table.session.log.texts_for(None))
    assert private, "the invader drew cards in secret"
    for line in table.log:
        assert line not in private
    # Cards the invader played are public; the ones still in the hand never show by name.
    shown = " ".join(table.log)
    for name in {table.content.invader_card(c).name for c in table.state.hand} - _played(table):
        assert f"draws {name}" not in shown and f"Discard {name}" not in shown
    assert names  # the content has cards at all


def _played(table: DoomTable) -> set[str]:
    return {table.content.invader_card(a.payload["card"]).name for a in table.session.actions
            if a.payload.get("card") and a.kind in ("spawn", "play")}


def test_the_invaders_seat_sees_the_whole_map_and_its_cards(make_app):
    app, table = start_game(make_app, seats=("bot", "human"))
    bots_until_person(app, table)
    assert table.session.decider == INVADER or table.session.is_over()
    assert table.viewer == INVADER and table.invader_view()
    app.run(max_frames=1)
    assert set(table.card_rects) == set(table.state.hand)
    acts = table.session.legal_actions()
    assert set(map(repr, table.choices.all())) == set(map(repr, acts))
    action = next(a for a in acts if clickable(table, a) and a.kind not in ("end_invader_turn", "no_spawn", "pass"))
    n = len(table.session.actions)
    play_by_clicks(app, table, action)
    assert table.session.actions[n] == action


def test_hot_seat_hands_over_between_marine_and_invader(make_app):
    """The card only where the next view shows what the person leaving may not see: up for the
    invader (their hand, the whole map), not for a marine, whose view hides nothing from anyone."""
    app, table = start_game(make_app, seats=("human", "human"))
    assert table.handoff is None and table.viewer == "red" and not table.invader_view()
    play_by_clicks(app, table, next(a for a in table.session.legal_actions() if a.kind == "end_turn"
                                    or a.kind == "declare"))
    while table.session.decider == "red":
        play_by_clicks(app, table, next(a for a in table.session.legal_actions() if a.kind == "end_turn"))
    assert table.session.decider == INVADER and table.handoff == INVADER
    # Behind the handoff card (dimmed, still legible): the marines' view, no card face, no secret line.
    private = {e.event.text for e in table.session.log.seen_by(INVADER)} - set(table.session.log.texts_for(None))
    assert private and not table.invader_view() and table.card_rects == {}
    assert not any(line in private for line in table.log)
    do_click(app, table.view_rect.center)
    assert table.handoff is None and table.invader_view()
    assert set(table.card_rects) == set(table.state.hand)
    # The invader plays on until a marine's turn: the screen goes back, without its secrets.
    private = {e.event.text for e in table.session.log.seen_by(INVADER)} - set(table.session.log.texts_for(None))
    assert private and any(line in private for line in table.log)
    _play_invader_turn(app, table)
    assert table.session.decider == "red" and table.handoff is None
    assert table.message_ok and table.message == "Red marine's turn."
    assert not table.invader_view() and table.card_rects == {}
    assert not any(line in private for line in table.log)
    assert pygame.display.get_surface() is not None


def test_ctrl_s_saves_and_the_load_list_brings_it_back(make_app, config_dir):
    """The kit's named saves for Doom: Ctrl+S on the table, Ctrl+L on the set-up screen lists the
    save with the scenario, round and frags and its seats' names; opening it restores that state."""
    from game.ui.kit import load_list
    from tests.ui.conftest import key

    app, table = start_game(make_app)
    play_by_clicks(app, table, next(a for a in table.session.legal_actions() if a.kind == "declare"))
    key(pygame.K_s, pygame.KMOD_CTRL)
    app.run(max_frames=1)
    assert table.message_ok, table.message
    saved = (table.session.state_hash(), list(table.session.actions))
    play_by_clicks(app, table, next(a for a in table.session.legal_actions() if a.kind == "end_turn"))
    later = make_app()
    setup = DoomSetup(later.ctx)
    later.push(setup)
    key(pygame.K_l, pygame.KMOD_CTRL)  # read by the set-up screen, the top scene, on the next frame
    later.run(max_frames=2)
    named = [i for i, e in enumerate(setup.saves) if not e.autosave]
    assert setup.mode == "load" and len(named) == 1
    head, detail = load_list.describe(setup.saves[named[0]], setup.save_words)
    assert head.startswith("Knee-Deep in the Dead") and "Round 1" in head and "Frags 0 of 6" in head
    assert "Red marine" in detail and "The invader" in detail
    do_click(later, next(r for r, w in setup.hits if w == f"open:{named[0]}").center)
    back = later.top
    assert isinstance(back, DoomTable) and (back.session.state_hash(), back.session.actions) == saved


def test_bots_on_both_sides_through_the_table(make_app):
    """Every kind of decision the bots reach (questions inside resolutions, spawns, the invader's
    events, respawns) is sorted onto the screen and drawn for both views without an error."""
    from game.doom.bots import GreedyBot

    app, table = start_game(make_app, seats=("bot", "bot", "bot", "bot"))
    bot = GreedyBot()
    kinds = set()
    for _ in range(120):
        if table.session.is_over():
            break
        acts = table.session.legal_actions()
        assert set(map(repr, table.choices.all())) == set(map(repr, acts))
        kinds |= {a.kind for a in acts}
        for viewer in (INVADER, "red"):
            table.viewer, table.handoff = viewer, None
            table.target = next(iter(table.choices.targets), None)
            app.draw(app.screen)
        table.target = None
        table.submit(bot.decide(table.state, acts).action)
    assert {"declare", "move", "activate", "end_invader_turn"} <= kinds


def test_u_undoes_a_move(make_app):
    """The kit's undo on Doom: a move goes back to the square it left (no die rolled, no card
    drawn in between)."""
    from tests.ui.conftest import key

    app, table = start_game(make_app)
    play_by_clicks(app, table, next(a for a in table.session.legal_actions() if a.kind == "declare"
                                    and a.payload["action"] == "run"))
    before = table.session.state_hash()
    do_click(app, table.screen_of_cell((3, 8)))
    assert table.state.marines["red"].cell == (3, 8)
    assert table.session.undo_refusal() is None  # a move draws nothing hidden
    key(pygame.K_u)
    app.run(max_frames=1)
    assert table.session.state_hash() == before and table.state.marines["red"].cell == (1, 8)


def _act(app, table: DoomTable, kind: str, **payload) -> Action:
    """The legal action of `kind` with this payload, made by clicking what shows it."""
    action = next(a for a in table.session.legal_actions()
                  if a.kind == kind and all(a.payload.get(k) == v for k, v in payload.items()))
    n = len(table.session.actions)
    play_by_clicks(app, table, action)
    assert table.session.actions[n] == action  # (bots may have acted after it in the same frame)
    return action


def _pending(table: DoomTable) -> str | None:
    return table.state.proc["pending"]["kind"] if table.state.proc else None


def test_a_guard_interrupt_by_mouse_and_letting_the_rest_pass(make_app):
    """Spec 6.9 Guard through the UI: a marine on Guard is asked during the invader's turn; the
    interrupt's targets light up like an attack's (with the preview), a click on the target and
    the weapon fires it; "Let them all pass this turn" answers the rest of that turn's Guard
    questions for the player, who keeps the order (issue 13 item 4)."""
    from game.doom.bots import GreedyBot

    app, table = start_game(make_app)
    table.bots[INVADER] = GreedyBot()  # walks straight at the marine: Guard questions come
    st = table.state
    # Round 1: Run to the door, open it (A2 and A3 revealed with their invaders), end the turn.
    _act(app, table, "declare", action="run")
    _act(app, table, "move", to=[5, 8])
    _act(app, table, "door", door="D1")
    _act(app, table, "end_turn")
    bots_until_person(app, table)
    # Round 2: Ready and a Guard order; the invader's turn asks red after its spawn.
    _act(app, table, "declare", action="ready")
    _act(app, table, "order", order="guard")
    _act(app, table, "end_turn")
    bots_until_person(app, table)
    assert table.session.decider == "red" and _pending(table) == "guard"
    shots = [a for a in table.session.legal_actions() if a.kind == "guard" and a.payload["use"]]
    assert shots and all(tuple(a.payload["target"]) in table.choices.targets for a in shots)
    n = len(table.session.actions)
    do_click(app, button_for(table, "let_pass"))
    assert table.session.actions[n].kind == "guard" and not table.session.actions[n].payload["use"]
    bots_until_person(app, table)
    # The invader's turn ran to its end without asking red again; the order was kept.
    asked = [a for a in table.session.actions[-40:] if a.kind == "guard"]
    assert st.round == 3 and table.session.decider == "red" and len(asked) >= 2
    assert all(not a.payload["use"] for a in asked)
    assert any("lets every invader pass" in line for line in table.log)
    # Round 3: Guard again; this time the interrupt is fired by clicking the target and the weapon.
    _act(app, table, "declare", action="ready")
    _act(app, table, "order", order="guard")
    _act(app, table, "end_turn")
    bots_until_person(app, table)
    if st.outcome is None and _pending(table) == "guard":
        shot = next(a for a in table.session.legal_actions() if a.kind == "guard" and a.payload["use"])
        n = len(table.session.actions)
        play_by_clicks(app, table, shot)
        assert table.session.actions[n] == shot
        assert st.marines["red"].order is None  # discarded to interrupt
        assert any("discards its Guard order" in line for line in table.log)
    else:  # the seed decides what the invader does; this seed must reach the question
        raise AssertionError(f"no Guard question in round 3 (pending {_pending(table)}, outcome {st.outcome})")


def test_rule_options_on_the_set_up_screen_reach_the_game(make_app):
    """Issue 13 item 1: the options of spec 11 that are settings, chosen on the set-up screen
    (Rule options tab, a click takes the next value), are the started game's rule options."""
    app = make_app((1280, 720))
    setup = DoomSetup(app.ctx, SetupChoice(seats=["human", "bot"], seed=SEED))
    app.push(setup)
    app.run(max_frames=1)
    do_click(app, next(rect for rect, what in setup.hits if what == "tab:rules").center)
    assert setup.tab == "rules"
    for name in ("door_reach", "strict_corners"):
        do_click(app, next(rect for rect, what in setup.hits if what == f"rule:{name}").center)
    assert setup.choice.rules == {"door_reach": "flanking", "strict_corners": True}
    do_click(app, next(rect for rect, what in setup.hits if what == "rule:strict_corners").center)
    assert setup.choice.rules == {"door_reach": "flanking"}  # back to the default: not stored
    click(next(rect for rect, what in setup.hits if what == "start").center)
    app.run(max_frames=1)
    table = app.top
    assert isinstance(table, DoomTable)
    assert table.state.options == {"door_reach": "flanking", "rules": RULES_REVISION}  # and the rules revision


def test_the_path_shown_on_hover_is_the_path_walked(make_app):
    """Issue 13 item 3: a lit square under the pointer shows the path and its MP; the click walks
    exactly that path (the step events), costing that many MP."""
    app, table = start_game(make_app)
    st = table.state
    _act(app, table, "declare", action="run")
    cell = (5, 9)
    assert cell in table.choices.squares
    shown = table._move_path(cell)
    mp = st.turn["mp"]
    n = len(table.session.log)
    do_click(app, table.screen_of_cell(cell))
    walked = [tuple(tuple(c) for c in e.event.payload["cells"]) for e in table.session.log.tail(len(table.session.log) - n)
              if e.event.kind == "step" and e.event.payload.get("figure") == "red"]
    assert walked == [tuple(p) for p in shown] and st.marines["red"].cell == cell
    assert st.turn["mp"] == mp - len(shown)


def test_the_hand_says_hidden_from_the_marines_only_to_a_person_at_the_invaders_seat(make_app):
    """The invader's hand: a marine sees backs ('Face down: the marines never see them.'); the
    invader's person sees the faces, told the marines may not look ('Hidden from the marines.').
    At a table of bots only the faces are shown to whoever watches: nothing is hidden from them,
    and the hand said 'Hidden from the marines.' over face-up cards."""
    app, table = start_game(make_app, seats=("bot", "bot", "bot"))
    table.viewer, table.handoff = INVADER, None
    assert table.invader_view() and table.hand_note() == ""
    table.viewer = "red"
    assert table.hand_note() == "Face down: the marines never see them."
    app, table = start_game(make_app, seats=("bot", "human"))
    bots_until_person(app, table)
    assert table.viewer == INVADER and table.invader_view()
    assert table.hand_note() == "Hidden from the marines."
    app, table = start_game(make_app, seats=("human", "bot"))
    assert table.viewer == "red" and table.hand_note() == "Face down: the marines never see them."


def test_undo_after_the_invader_bot_drew_says_why_not_instead_of_replaying_its_turn(make_app):
    """Undo goes back to the person's last decision, the bots' actions in between too, but not
    past hidden information (a card the invader drew). Behind the marine's turn lies the invader
    bot's turn with its draw: undoing only the bot's plays after the draw had the bot play them
    again at once, the table saying 'Undone.' and nothing changed. It says why it cannot."""
    from tests.ui.conftest import key

    app, table = start_game(make_app)  # a person's marine, the invader a bot
    red = table.session.decider
    for _ in range(20):  # the marine declares Ready and ends the turn: the invader bot plays
        if table.session.decider != red:
            break
        acts = table.session.legal_actions()
        pick = next((a for a in acts if a.kind == "declare" and a.payload["action"] == "ready"), None) \
            or next(a for a in acts if a.kind in ("end_turn", "end", "pass"))
        play_by_clicks(app, table, pick)
    bots_until_person(app, table)
    assert table.session.decider == red
    invader = [i for i, d in enumerate(table.session.deciders) if d == INVADER]
    # the invader's draw comes with the action that began its turn (the marine's last)
    assert invader and table.session.refusal_of(invader[0] - 1), "the invader drew nothing hidden"
    n, before = len(table.session.actions), table.session.state_hash()
    key(pygame.K_u)
    app.run(max_frames=1)
    bots_until_person(app, table)
    assert len(table.session.actions) == n and table.session.state_hash() == before
    assert table.message.startswith("Cannot undo") and "hidden information" in table.message


def test_declare_fire_with_no_target_says_why(make_app):
    """Declare Fire with no invader in sight or reach: the prompt line said only 'Choose one of
    the buttons.'; it says the marine has no target and why, for each kind of weapon it may
    fire (the rules' attack_targets finds none for any of them)."""
    from game.doom.rules import queries as Q
    from game.doom.rules.state import Invader

    app, table = start_game(make_app)
    st = table.state
    fire = next(a for a in table.session.legal_actions() if a.kind == "declare" and a.payload["action"] == "fire")
    play_by_clicks(app, table, fire)
    assert st.turn["action"] == "fire" and st.turn["attacks"] > 0
    mar = st.active_marine()
    weapons = Q.marine_weapons(st, mar)
    assert weapons and not any(Q.attack_targets(st, mar.id, w) for w in weapons)
    assert not [a for a in table.session.legal_actions() if a.kind == "attack"]
    app.run(max_frames=1)
    said = " ".join(table._prompt_lines)
    assert said.startswith("Red marine has no target: no invader is on the map."), said
    # An imp beyond the closed door: on the map, out of sight; Fist's melee needs it adjacent.
    beyond = sorted(st.map.cells_of_areas(("A2",)))[0]
    st.invaders["imp#1"] = Invader("imp#1", "imp", [beyond])
    assert not any(Q.attack_targets(st, mar.id, w) for w in weapons)
    table.update_choices()
    table.dirty = True
    app.run(max_frames=1)
    said = " ".join(table._prompt_lines)
    assert said.startswith("Red marine has no target: no invader or barrel in sight for the Pistol"), said
    assert "none adjacent for the Fist" in said and said.count("Red marine") == 1, said
    assert "none within 8 squares by a way open to it (no wall, no closed door) for the Grenade" in said, said
    assert said.endswith("Choose one of the buttons."), said  # whole at 1280x720, never cut


@pytest.mark.parametrize("language", ["hu", "el"])
def test_the_no_target_reason_reads_whole_in_hungarian_and_greek(make_app, language):
    """The reason above, three weapons' worth, is longer in Hungarian and Greek than the prompt
    strip's two lines at 1280x720: it ended in '…'. Three lines a size smaller fit the strip
    (longer still, it is paged in it: GameTable._prompt_text_paged); the whole reason reads."""
    from game import i18n
    from game.doom.rules import queries as Q
    from game.doom.rules.state import Invader

    app, table = start_game(make_app)
    st = table.state
    fire = next(a for a in table.session.legal_actions() if a.kind == "declare" and a.payload["action"] == "fire")
    play_by_clicks(app, table, fire)
    beyond = sorted(st.map.cells_of_areas(("A2",)))[0]
    st.invaders["imp#1"] = Invader("imp#1", "imp", [beyond])
    mar = st.active_marine()
    assert len(Q.marine_weapons(st, mar)) == 3
    i18n.set_language(language)
    table.update_choices()
    table.dirty = True
    app.run(max_frames=1)
    said = table.hint()
    assert said == table.why_no_target() + " " + i18n._("Choose one of the buttons.")
    assert len(table._prompt_lines) == 3, table._prompt_lines  # two lines were too few
    assert " ".join(table._prompt_lines) == said and "\u2026" not in said
    # the marine named once, its reasons in brackets: 'Piros tengerészgyalogos: nincs célpont:
    # egy sincs mellette (Piros tengerészgyalogos) ehhez: ököl' read three colons deep
    from game.ui.doom import words
    assert said.count(words.figure(st, mar.id)) == 1 and said.startswith(words.figure(st, mar.id) + ": "), said
    assert said.index("(") < said.index(":", len(words.figure(st, mar.id)) + 2), said
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_the_invaders_hand_note_reads_whole_beside_the_cards(make_app, monkeypatch, language):
    """The line under the invader's hand heading for the marines ('Face down: the marines never
    see them.') had room for two lines: the Hungarian ('Képpel lefelé: a tengerészgyalogosok
    sosem látják őket.') needs three at 1280x720 and ended in '…'. It takes the column's height
    above the deck's line, which stays inside the strip."""
    from game import i18n
    from game.ui import widgets

    app, table = start_game(make_app)
    i18n.set_language(language)
    note = table.hand_note()
    assert note and not table.invader_view()
    cut: list[str] = []
    elide = widgets.elide

    def recording(text, font, width):
        got = elide(text, font, width)
        if got != text and text in note:
            cut.append(got)
        return got

    monkeypatch.setattr(widgets, "elide", recording)
    drawn: list = []
    text = widgets.text

    def deck_line(surface, s, font, colour, pos, anchor="topleft", **kw):
        rect = text(surface, s, font, colour, pos, anchor, **kw)
        n = len(table.state.deck.draw_pile)
        if s == i18n.ngettext("Deck: {n} card", "Deck: {n} cards", n).format(n=n):
            drawn.append(rect)
        return rect

    monkeypatch.setattr(widgets, "text", deck_line)
    table.dirty = True
    U.draw(app)
    i18n.set_language("en")
    assert cut == []
    assert drawn and table.hand_rect.contains(drawn[-1])


def test_doors_carry_their_names_on_the_map_for_those_who_see_them(make_app):
    """The log and the buttons name a door by its id ('Destroy door D3', 'Red opens door D1'),
    which the map did not show anywhere. Each door drawn now carries its name; a door of areas
    the marines have not seen is neither drawn nor named for them (spec 3.10)."""
    from tests.ui.conftest import frame_texts

    app, table = start_game(make_app, seats=("human", "human"), seed=5)
    from game.ui.kit.layers import Layer

    table.handoff = None
    table.map_layer = Layer()  # painted again this frame, not copied from the cached layer
    table.dirty = True
    names = {t for t, _r, _s in frame_texts(app)}
    seen = {c for a in table.state.revealed for c in table.dmap.areas[a]}  # the marine's squares
    shown = {d for d, spec in table.dmap.doors.items() if spec.flanks & seen}
    assert shown and shown < set(table.dmap.doors)
    assert shown <= names and not (set(table.dmap.doors) - shown) & names


def test_a_blow_through_walk_is_chosen_on_the_map_and_its_die_by_name(make_app):
    """Seed p. 12 (Láncrombolás): after the chaingun's first roll the attack may walk on a square,
    dropping a green or a blue die. The table showed a button per square and die, worded by
    coordinates ('Walk on to 9,8, dropping a green die', sixteen of them); the squares are lit
    on the map, and a click on one asks which die it drops ('Drop the green die')."""
    app, table = start_game(make_app, seats=("human", "bot"))
    st = table.state
    st.invaders.clear()
    st.revealed = sorted(st.map.areas)
    st.closed = [d for d in st.closed if d in ("D5", "D6")]
    red = st.marines["red"]
    red.cell = (7, 8)
    red.weapons.append("chaingun")
    st.flags["dice_stack"] = {"yellow": ["r2 d2"], "green": ["r2 d1", "r2 d1"], "blue": ["r1 d1"]}
    from game.doom.rules.state import Invader

    st.invaders["zombie#1"] = Invader("zombie#1", "zombie", [(8, 8)], 0)
    assert table.submit(Action("declare", {"action": "fire"}))
    assert table.submit(Action("attack", {"weapon": "chaingun", "target": [8, 8]}))
    table.skip_animation()
    app.run(max_frames=2)
    assert _pending(table) == "blow_through" and "zombie#1" not in st.invaders
    labels = [label for _rect, label, what in table.buttons if isinstance(what, Action)]
    assert labels == ["Stop the attack here"], labels  # the walk's squares are not buttons
    assert (9, 8) in table.choices.squares and len(table.choices.squares[(9, 8)]) == 2
    do_click(app, table.screen_of_cell((9, 8)))
    prompt, buttons = table.prompt_choices()
    assert prompt == "Walk the attack on to a square in the West corridor: which die does it drop?"
    assert [label for label, _a, _primary in buttons] == ["Drop the blue die", "Drop the green die", "Cancel"]
    from game.i18n import set_language

    for language, want in (("hu", "zöld kocka elhagyása"), ("el", "Αφήστε το ζάρι: πράσινο")):
        set_language(language)
        try:
            assert want in [label for label, _a, _p in table.prompt_choices()[1]], language
        finally:
            set_language("en")
    green = next(a for label, a, _p in buttons if label == "Drop the green die")
    do_click(app, button_for(table, green))
    assert table.session.actions[-1] == Action("blow_through", {"to": [9, 8], "drop": "green"})


def test_a_sentry_shot_is_offered_by_the_marines_name_not_its_square(make_app):
    """Spec 6.8 Sentry at a hot-seat table: Red steps next to a Demon and the invader is asked
    whether it strikes. The lit target's button read 'Attack 2,9' under 'Interrupt: attack Red
    with which weapon?' (a Demon has no weapon to choose); it reads 'Attack Red' under the rules'
    own question."""
    app, table = start_game(make_app, seats=("human", "human"))
    st = table.state
    red = st.marines["red"]
    demon = "demon#9"
    from game.doom.rules.state import Invader

    st.invaders[demon] = Invader(demon, "demon", [(red.cell[0] + 2, red.cell[1]), (red.cell[0] + 3, red.cell[1])], 0)
    table.submit(next(a for a in table.session.legal_actions() if a.kind == "declare" and a.payload["action"] == "run"))
    step = (red.cell[0] + 1, red.cell[1])
    table.submit(next(a for a in table.session.legal_actions() if a.kind == "move" and tuple(a.payload["to"]) == step))
    app.run(max_frames=1)
    if table.handoff:
        do_click(app, (640, 360))
    assert _pending(table) == "sentry" and table.session.decider == INVADER
    do_click(app, table.screen_of_cell(step))
    assert table.target == step
    prompt, buttons = table.prompt_choices()
    assert prompt == "Demon 9 may attack Red (Sentry)."
    assert [label for label, what, _p in buttons if what != "cancel"] == ["Attack Red"]
    do_click(app, button_for(table, next(a for a in table.choices.targets[step])))
    assert table.session.actions[-1].kind == "sentry" and table.session.actions[-1].payload["use"]


def test_a_turn_with_nothing_left_says_so(make_app):
    """Red's attacks and MP spent, the End the turn button alone left: the prompt read 'Choose
    one of the buttons.' (seen in Hungarian at 1280x720); it says the turn is done."""
    app, table = start_game(make_app)
    _act(app, table, "declare", action="fire")
    st = table.state
    st.turn["attacks"] = 0  # as after both shots
    table.update_choices()
    assert [a.kind for a in table.choices.buttons] == ["end_turn"] and not table.choices.spatial
    assert table.hint() == "Red marine has done all this turn allows: end the turn."


def test_the_invader_gets_the_handoff_card_every_turn_not_only_the_first(make_app):
    """Hot-seat, a marine and the invader at one desk: the card came up before the invader's
    first turn only. The invader clicked it away, the desk went to Red without a card (Red's
    view hides nothing), and when it came back the table took the invader for still seated:
    Red saw the invader's hand and the whole map (seen at 1920x1080 in Greek, round 2)."""
    app, table = start_game(make_app, seats=("human", "human"))
    for turn in range(2):
        while table.session.decider == "red":
            play_by_clicks(app, table, next(a for a in table.session.legal_actions()
                                            if a.kind in ("end_turn", "declare")))
        assert table.session.decider == INVADER and table.handoff == INVADER, turn
        assert not table.invader_view() and table.card_rects == {}
        do_click(app, table.view_rect.center)
        assert table.handoff is None and table.invader_view()
        _play_invader_turn(app, table)
        assert table.session.decider == "red" and table.handoff is None and not table.invader_view()


def test_the_handoff_card_names_the_invader_inside_its_sentence(make_app, monkeypatch):
    """The hot-seat card read 'Pass the table to The invader' (the player's name as it begins a
    sentence, 'The invader decides'); inside the sentence it is 'the invader'."""
    from game.ui.kit import game_table

    app, table = start_game(make_app, seats=("human", "human"))
    named = []
    monkeypatch.setattr(game_table, "draw_handoff", lambda surface, ctx, name, *a, **k: named.append(name) or (None, []))
    table.handoff = INVADER
    table._draw_handoff(pygame.Surface((10, 10)))
    table.handoff = "red"
    table._draw_handoff(pygame.Surface((10, 10)))
    assert named == ["the invader", "Red marine"]
