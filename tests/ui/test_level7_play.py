"""Issue 15, "Level 7 playable on screen": a game of scenario 1 started from the set-up screen and
played by posting real mouse events into the real loop, with a fixed seed; after every click the
session holds exactly the action the click meant (taken from legal_actions), including a tile
placement where the rules offer several tied ways and the player picks the second. Also: a
refused click shows the rules' sentence, the hot-seat handoff hides the next hand, and a game
interrupted mid-way is offered by the menu's Continue at the same action and state hash."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.i18n import pgettext
from game.level7.rules import turn as T
from game.ui.level7.entry import SAVES as store
from game.ui.level7.setup_scene import Level7Setup, SetupChoice
from game.ui.level7.table_scene import Level7Table
from tests.ui.conftest import click, continue_from_menu, frame_texts, move, record_text_rects
from tests.ui.test_gears_play import do_click

SEED = 1  # scenario 1, one player: the first tile drawn fits the north door in two tied ways


def answer_pending(app, table: Level7Table) -> None:
    """Answer what the rules ask before the turn goes on (a skill's Fear shift at the start of a
    turn, an event's choice) by clicking the first option's button; a placement is left waiting."""
    for _ in range(20):
        pend = (table.state.proc or {}).get("pending")
        if pend is None or pend["kind"] == "placement" or table.session.is_over():
            return
        if table.handoff is not None:
            do_click(app, table.view_rect.center)
        first = table.session.legal_actions()[0]
        app.run(max_frames=1)
        do_click(app, next(r.center for r, _label, what in table.buttons if what == first))
        assert table.session.actions[-1] == first


def start_game(make_app, seats=("human",), seed=SEED, size=(1280, 720), answer=True, casual=False):
    app = make_app(size)
    setup = Level7Setup(app.ctx, SetupChoice(scenario="s1", seats=list(seats), seed=seed, casual=casual))
    app.push(setup)
    app.run(max_frames=1)
    click(next(rect for rect, what in setup.hits if what == "start").center)
    app.run(max_frames=1)
    table = app.top
    assert isinstance(table, Level7Table)
    assert table.session.seed == seed and table.state.scenario == "s1" and len(table.players) == len(seats)
    table.animate = False
    table.bot_delay_ms = 0
    app.run(max_frames=1)
    if answer:
        answer_pending(app, table)
    return app, table


def door_pos(table: Level7Table, door) -> tuple[int, int]:
    x, y = table.camera.to_screen(*table._door_point(table.state.player.tile, tuple(door)))
    return round(x), round(y)


def tile_pos(table: Level7Table, tile: str) -> tuple[int, int]:
    r = table._screen_rect(table._tile_rect(tile))
    return r.centerx, r.bottom - max(4, r.height // 8)  # clear of the figures on the tile


def explore_and_pick(app, table: Level7Table, pick: int):
    """Click the first door arrow, then the `pick`-th placement card; returns (explore, placement)."""
    explore = next(a for a in table.session.legal_actions() if a.kind == "explore")
    do_click(app, door_pos(table, explore.payload["door"]))
    assert table.session.actions[-1] == explore
    assert table.state.proc["pending"]["kind"] == "placement"
    options = table.session.legal_actions()
    assert len(options) >= 2 and all(o.kind == "placement" for o in options)  # a tie: the player picks
    app.run(max_frames=1)  # the placement cards are drawn
    rect = next(r for r, i in table.option_rects if i == pick)
    do_click(app, rect.center)
    assert table.session.actions[-1] == options[pick]
    placed = options[pick]
    answer_pending(app, table)
    return explore, placed


def test_first_turns_by_clicks_with_a_tied_placement(make_app, config_dir):
    app, table = start_game(make_app)
    explore, placed = explore_and_pick(app, table, 1)
    p = placed.payload
    assert table.state.placed[1] == [p["tile"], p["x"], p["y"], p["turns"]]
    assert explore in table.session.actions and table.session.actions[table.session.actions.index(explore) + 1] == placed
    ch = table.state.characters[table.state.order[0]]
    assert ch.tile == p["tile"] or ch.status != "in_play"  # the explorer steps onto the new tile

    # The turn goes on (or the tile's event ended it and the next turn began): walk or explore.
    for _ in range(3):
        answer_pending(app, table)
        if table.session.is_over():
            break
        actions = table.session.legal_actions()
        if table.reach:
            tile = max(sorted(table.reach), key=lambda t: len(table.reach[t]))  # the longest walk
            path, n = table.reach[tile], len(table.session.actions)
            do_click(app, tile_pos(table, tile))
            app.run(max_frames=len(path) + 1)  # the rest of the walk, a move a frame
            walked = table.session.actions[n:n + len(path)]
            assert walked[0] in actions and walked[0].payload == {"to": path[0]}
            assert [a.payload.get("to") for a in walked if a.kind == "move"] == path[:len([a for a in walked if a.kind == "move"])]
        elif any(a.kind == "explore" for a in actions) and table.state.proc is None:
            before = len(table.session.actions)
            explore = next(a for a in actions if a.kind == "explore")
            do_click(app, door_pos(table, explore.payload["door"]))
            assert table.session.actions[before] == explore
            if table.state.proc and table.state.proc["pending"]["kind"] == "placement":
                app.run(max_frames=1)
                opts = table.session.legal_actions()
                do_click(app, table.option_rects[0][0].center)
                assert table.session.actions[-1] == opts[0]
        else:
            break


def test_a_refused_click_says_the_rules_reason(make_app, config_dir):
    app, table = start_game(make_app)
    explore_and_pick(app, table, 0)
    st = table.state
    if st.proc is None and st.turn.step == 2:
        here = st.player.tile
        far = next((t for t in table._placed_names() if t != here and t not in table.reach), None)
        if far is not None:
            n = len(table.session.actions)
            do_click(app, tile_pos(table, far))
            assert len(table.session.actions) == n
            why = T.refusal(st, "move", {"to": far})
            assert table.message and (why is None or table.message == why)


def test_a_click_while_a_placement_waits_names_the_question(make_app, config_dir):
    app, table = start_game(make_app)
    explore = next(a for a in table.session.legal_actions() if a.kind == "explore")
    do_click(app, door_pos(table, explore.payload["door"]))
    n = len(table.session.actions)
    start = table._screen_rect(table._tile_rect(table.state.placed[0][0]))
    do_click(app, (start.centerx, start.top + start.height // 3))  # the start tile: no placement there
    assert len(table.session.actions) == n
    assert table.message == "Pick one of the lit placements: the rules allow only those (the most doors joined)."


def test_hot_seat_hides_the_next_players_hand(make_app, config_dir):
    app, table = start_game(make_app, seats=("human", "human"), answer=False)
    first = table.session.decider
    assert table.handoff == first  # the first person is asked to the table
    do_click(app, (table.view_rect.centerx, table.view_rect.centery))
    assert table.handoff is None and table.viewer == first
    answer_pending(app, table)
    end = next(a for a in table.session.legal_actions() if a.kind == "end_turn")
    table.submit(end)
    if table.session.decider != first and not table.session.is_over():
        assert table.handoff == table.session.decider
        app.run(max_frames=1)
        assert table.card_rects == {}  # face down until the next person clicks


def test_continue_after_a_restart_is_the_same_game(make_app, config_dir):
    app, table = start_game(make_app)
    explore_and_pick(app, table, 1)
    want = (list(table.session.actions), table.session.state_hash())
    assert store.has_autosave()
    again = continue_from_menu(make_app)  # a new App, as after the process was killed
    assert isinstance(again, Level7Table)
    assert (list(again.session.actions), again.session.state_hash()) == want
    assert again.seats == ["human"]


def test_setup_refuses_the_scenario_the_rules_cannot_play(make_app, config_dir):
    app = make_app()
    setup = Level7Setup(app.ctx, SetupChoice(seed=5))
    app.push(setup)
    app.run(max_frames=1)
    do_click(app, next(rect for rect, what in setup.hits if what == "scenario:s3").center)
    assert setup.choice.scenario == "s1" and "cannot be played" in setup.message
    do_click(app, next(rect for rect, what in setup.hits if what == "add").center)
    do_click(app, next(rect for rect, what in setup.hits if what == "seat:1").center)
    assert setup.choice.seats == ["human", "bot"]
    pygame.event.clear()


def test_a_tile_map_broken_or_gone_is_named_on_the_setup_screen(make_app, config_dir, monkeypatch):
    """Hostile files: a tile's .tmx deleted or broken since the last game. Start says which file
    or tile and what is wrong, the screen stays, and a game starts once the map is back (it had
    stopped the program: a MapError out of the setup screen, or a missing tile's KeyError
    when the stacks dealt it)."""
    from game.board.model import MapError
    from game.level7.rules import maps

    tiles = maps.shared_tiles()
    app = make_app()
    setup = Level7Setup(app.ctx, SetupChoice(scenario="s1", seats=["human"], seed=SEED))
    app.push(setup)
    app.run(max_frames=1)

    def broken():
        raise MapError("maps/level7/tiles/T07.tmx: map: bad XML at line 1, column 0 (unclosed token)")

    for shared, words in ((broken, "T07.tmx: map: bad XML"),
                          (lambda: {k: v for k, v in tiles.items() if k != "T05"}, "no map for tile T05")):
        monkeypatch.setattr(maps, "shared_tiles", shared)
        do_click(app, next(rect for rect, what in setup.hits if what == "start").center)
        assert app.top is setup and words in setup.message
    monkeypatch.undo()
    do_click(app, next(rect for rect, what in setup.hits if what == "start").center)
    assert isinstance(app.top, Level7Table)
    pygame.event.clear()


def test_bots_continued_after_a_restart_play_the_uninterrupted_game(make_app, config_dir):
    """Issue 22 for Level 7: the player bots' seeded state goes with the autosave."""
    from tests.ui.test_bots_continue import bots_play

    _app, whole = start_game(make_app, seats=("bot", "bot"), seed=7)
    bots_play(whole, 30)
    want = (list(whole.session.actions), whole.session.state_hash())

    _app, first = start_game(make_app, seats=("bot", "bot"), seed=7)
    bots_play(first, 12)
    again = continue_from_menu(make_app)
    assert isinstance(again, Level7Table) and len(again.session.actions) == 12
    bots_play(again, 30)
    assert (list(again.session.actions), again.session.state_hash()) == want


def test_an_events_steps_show_the_figures_as_each_step_leaves_them(make_app, config_dir):
    """Issue 15 item 4: a spawn is shown one step at a time: before its step the new enemy is not
    on the map, from its step on it stands on the tile the rules named; a click skips them all."""
    app, table = start_game(make_app, seats=("human", "human"), seed=3)
    table.animate = True
    table.handoff = None
    for _ in range(200):
        spawned = [i for i, s in enumerate(table.steps) if s.kind == "spawn" and "appears on" in s.text]
        if spawned or table.session.is_over():
            break
        table.steps.clear()
        table.dice = None
        table.anims.clear()
        actions = table.session.legal_actions()
        table.submit(next((a for a in actions if a.kind == "explore"),
                          next((a for a in actions if a.kind == "end_turn"), actions[0])))
    assert spawned, "no spawn in 200 actions: pick another seed"
    # A roll inside the resolution waits for its own step: the tray is empty until then.
    assert table.dice is None and all((s.dice is not None) == (s.kind == "roll") for s in table.steps)
    step = table.steps[spawned[0]]
    key = next(k for k in step.tiles if k not in table.players and k not in table.steps[0].tiles) \
        if spawned[0] else next(k for k in step.tiles if k not in table.players)
    assert step.tile == step.tiles[key]
    assert all(key not in s.tiles for s in table.steps[:spawned[0]])
    table.handoff = None
    do_click(app, (table.view_rect.centerx, table.view_rect.bottom - 5))
    assert table.steps == []


def test_an_events_choice_says_what_each_option_does():
    """An event's "choose" section: each button is its option's effect, from events.toml."""
    from game.level7.content import shared_content
    from game.ui.level7 import words

    c = shared_content()
    assert words.event_option(c, "S6", 0) == "+1 Threat"
    assert words.event_option(c, "S6", 1) == "Discard an adrenaline card"
    assert words.event_option(c, "S1", 0) == ""  # no choice in that section: the rules' words stay


def test_a_challenge_by_clicks_with_a_bonus_card_played_first(make_app, config_dir):
    """Issue 15 item 3: a click on an enemy on your tile opens the preview (the dice and the
    exact odds the challenge module gives); a bonus card's button there plays it (the adrenaline
    action) and the preview counts it; Roll makes the challenge. A guard is put on the tile and a
    Strength card in the hand so the scene is there at once."""
    from game.level7.rules.queries import challenge_preview
    from game.level7.rules.state import Enemy

    app, table = start_game(make_app)
    st = table.state
    st.enemies.append(Enemy("guard", 1, st.player.tile))
    st.player.hand = ["surge_of_strength#1", "sprint#1", "quick_thinking#1"]
    table.update_choices()
    app.run(max_frames=1)
    x, y = table.camera.to_screen(*table._figure_spots()["guard1"])
    do_click(app, (round(x), round(y)))
    attack = table.selected
    assert attack is not None and attack.kind == "attack" and attack.payload == {"enemy": "guard1"}
    before = challenge_preview(st, attack)
    app.run(max_frames=1)
    play = next(w for _r, _l, w in table.buttons if getattr(w, "kind", "") == "adrenaline")
    n = len(table.session.actions)
    do_click(app, next(r.center for r, _l, w in table.buttons if w == play))
    assert table.session.actions[n:] == [play] and play.payload["use"] == "bonus"
    assert table.selected == attack and challenge_preview(st, attack).dice > before.dice
    app.run(max_frames=1)
    do_click(app, next(r.center for r, _l, w in table.buttons if w == "roll"))
    assert table.session.actions[n + 1] == attack


def click_a_card_with_uses(app, table, more_than: int) -> str:
    """Clicks the first hand card the rules let be played in more than `more_than` ways."""
    card = next((c for c in table.state.player.hand if len([a for a in table.actions if a.kind == "adrenaline"
                 and a.payload["card"].split("#")[0] == c.split("#")[0]]) > more_than), None)
    assert card is not None, f"no card with more than {more_than} uses in this hand: pick another seed"
    app.run(max_frames=1)
    do_click(app, table.card_rects[card].center)
    return card


def test_a_hand_card_with_several_uses_asks_which(make_app, config_dir):
    """A click on a card the rules let you play several ways puts its uses on the prompt line."""
    app, table = start_game(make_app)
    card = click_a_card_with_uses(app, table, more_than=1)
    uses = [w for _r, _l, w in table.buttons if getattr(w, "kind", "") == "adrenaline"]
    assert table.card_kind == card.split("#")[0] and len(uses) > 1
    do_click(app, next(r.center for r, _l, w in table.buttons if w == uses[0]))
    assert uses[0] in table.session.actions


def start_at_a_reroll(make_app):
    """A game paused at a reroll question: the player is Lucky (reroll one die, once per turn),
    a guard shares the player's tile, and the player attacks it and rolls, by clicks."""
    from game.level7.rules.state import Enemy

    app, table = start_game(make_app)
    st = table.state
    st.enemies.append(Enemy("guard", 1, st.player.tile))
    st.player.skills = ["lucky"]
    table.update_choices()
    app.run(max_frames=1)
    x, y = table.camera.to_screen(*table._figure_spots()["guard1"])
    do_click(app, (round(x), round(y)))
    app.run(max_frames=1)
    do_click(app, next(r.center for r, _l, w in table.buttons if w == "roll"))
    app.run(max_frames=1)
    return app, table


def test_a_reroll_shows_the_dice_and_each_options_exact_chance(make_app, config_dir):
    """After a roll the rules offer a reroll (Lucky: one die, once per turn): the screen shows the
    rolled dice, the same faces the question carries for a bot (`about`), and each option's button
    its chance by the challenge module's odds; a click answers with that option."""
    from game.level7.rules.queries import pending_reroll_chance

    app, table = start_at_a_reroll(make_app)
    pend = table.state.proc["pending"]
    assert pend["kind"] == "reroll" and pend["about"]["faces"] == table._last_roll()["faces"]
    options = [(r, label, w) for r, label, w in table.buttons if getattr(w, "kind", "") == "reroll"]
    assert len(options) == len(pend["options"]) and table.panels  # the dice panel is up
    for _r, label, w in options:
        if w.payload["reroll"]:
            assert label.endswith(f"{float(pending_reroll_chance(table.state, w.payload['dice'])) * 100:.0f}%")
    rect, _label, pick = options[-1]
    n = len(table.session.actions)
    do_click(app, rect.center)
    assert table.session.actions[n] == pick


def test_a_game_ended_by_the_round_limit_says_why_on_the_end_panel(make_app, config_dir, tmp_path):
    """docs/LEVEL7.md (PROPOSED, issue 14): a game still going after the scenario's round limit
    ends, everyone inside losing; the end panel's log ends with the rules' reason."""
    app, table = start_game(make_app)
    limit = table.content.scenarios["s1"].round_limit
    table.state.turn_no = limit  # one player: this is the last turn the limit allows
    end = next(a for a in table.session.legal_actions() if a.kind == "end_turn")
    app.run(max_frames=1)
    do_click(app, next(r.center for r, _label, what in table.buttons if what == end))
    for _ in range(10):
        if table.session.is_over():
            break
        answer_pending(app, table)
        app.run(max_frames=1)
    assert table.session.is_over() and table.state.outcome == "lost"
    app.run(max_frames=2)
    assert table.end_buttons  # the end panel is up
    said = "\n".join(table.log)
    assert f"The game ends: the round limit is reached: {limit} rounds" in said
    pygame.image.save(app.screen, str(tmp_path / "round_limit_end.png"))  # looked at: the reason under Defeat


def test_paranoids_question_says_what_the_drawn_section_does(make_app, config_dir, tmp_path):
    """Spec 8.4 Paranoid: the event drawn for its Fear section is put to the player with the
    section's effect in words on one button and the redraw on the other; a click answers it."""
    app, table = start_game(make_app)
    st = table.state
    st.player.skills = ["paranoid"]
    st.events.draw_pile.remove("E01")
    st.events.draw_pile.insert(0, "E01")  # Fear section F4: a clone spawns
    st.turn.trigger = "fear"  # as if it had stepped onto a recurring Fear icon (3.4)
    table.update_choices()
    app.run(max_frames=1)
    do_click(app, next(r.center for r, _l, w in table.buttons if getattr(w, "kind", "") == "end_turn"))
    app.run(max_frames=1)
    pend = table.state.proc["pending"]
    assert pend["kind"] == "redraw_event"
    labels = {w.payload["redraw"]: label for _r, label, w in table.buttons if getattr(w, "kind", "") == "redraw_event"}
    assert labels == {False: "Resolve it: A clone spawns", True: "Discard it and draw another event"}
    pygame.image.save(app.screen, str(tmp_path / "paranoid.png"))
    rect = next(r for r, _l, w in table.buttons if getattr(w, "kind", "") == "redraw_event" and w.payload["redraw"])
    n = len(table.session.actions)
    do_click(app, rect.center)
    assert table.session.actions[n].kind == "redraw_event" and table.session.actions[n].payload["redraw"] is True


def test_a_swarm_marker_and_a_uniform_show_on_their_tile(make_app, config_dir, tmp_path):
    """Spec 9.4 and 8.5 (with a scenario's flags.swarm / flags.uniforms): the swarm's marker is drawn
    on its tile and named on the tile's card, a uniform lying there is named as an item."""
    app, table = start_game(make_app)
    st = table.state
    tile = st.player.tile
    st.tokens["swarm"] = [tile]
    st.floor_items[tile] = ["uniform#1", "bloody_uniform#2"]
    table.update_choices()
    table.dirty = True
    move(tile_pos(table, tile))
    app.run(max_frames=2)
    assert table.hover_tile == tile
    pygame.image.save(app.screen, str(tmp_path / "swarm.png"))
    card_lines = table._tile_card_lines(tile)
    assert "Tokens: the swarm" in card_lines and "Items face up: Uniform, Bloody uniform" in card_lines


def _a_clone_attacks_the_other_player(make_app, hand: list[str]):
    """Seed 3, two people: the other player (Fear 6, holding `hand`) stands on the active one's
    tile with a clone; the active player (Fear 2) ends the turn, the event E02 activates the
    clones and the clone attacks the other player (the higher Fear). Returns (app, table, state)
    with the question that attack asks pending."""
    from game.level7.rules.state import Enemy

    app, table = start_game(make_app, seats=("human", "human"), seed=3, answer=False)
    if table.handoff is not None:  # the hand-off card taken down by a click (its buttons are not drawn under it)
        do_click(app, table.view_rect.center)
    answer_pending(app, table)
    st = table.state
    me, other = st.characters[st.turn.player], next(c for c in st.characters.values() if c.id != st.turn.player)
    other.tile, other.fear, me.fear = me.tile, 6, 2
    other.hand = list(hand)
    st.reserves["clone"].remove(1)
    st.enemies.append(Enemy("clone", 1, me.tile))
    st.events.draw_pile.remove("E02") if "E02" in st.events.draw_pile else st.events.discard_pile.remove("E02")
    st.events.draw_pile.insert(0, "E02")  # its box with 2 starting players: the clones activate
    table.submit(next(a for a in table.session.legal_actions() if a.kind == "end_turn"))
    return app, table, st, other


def test_a_reaction_in_another_players_turn_is_a_question_with_readable_buttons(make_app, config_dir, tmp_path):
    """Issue 14's "any time" adrenaline abilities on screen (spec 8.6 Duck and Cover, 6.11): Subject
    1 ends the turn, the clone on the lift attacks Subject 2 (the higher Fear), who is handed the
    table and asked before the dice; the prompt line has a button per option in words, a click on
    "cancel the attack" answers with that very option. The screenshot is kept for a person to look at."""
    app, table, st, other = _a_clone_attacks_the_other_player(make_app, ["duck_and_cover#1", "sprint#1", "scrounge#1"])
    assert st.proc["pending"]["kind"] == "defend" and table.session.decider == other.id
    if table.handoff is not None:
        do_click(app, table.view_rect.center)
    table.steps.clear()
    app.run(max_frames=2)
    labels = {label: what for _r, label, what in table.buttons}
    assert "Duck and Cover: cancel the attack" in labels, labels
    pygame.image.save(app.screen, str(tmp_path / "level7_reaction.png"))
    import os
    if os.environ.get("TILETOP_SHOTS"):
        pygame.image.save(app.screen, os.environ["TILETOP_SHOTS"])
    want = labels["Duck and Cover: cancel the attack"]
    do_click(app, next(r.center for r, label, what in table.buttons if what == want))
    assert table.session.actions[-1] == want and want.payload == {"card": "duck_and_cover", "use": "ability"}


def test_a_cards_uses_fit_their_buttons_at_1280x720(make_app, config_dir):
    """A hand card with several uses (seed p. 4: its bonus, its ability, a Fear shift either
    way) asks 'Play <card> how?'; each use's button says the use alone and fits at 1280x720.
    The rules' labels named the card again and were cut: 'Play Surge of Strength to move F...'
    beside 'Play Surge of Strength to move Fear +1', the -1 unreadable."""
    from game.level7.rules.names import ability_words

    app, table = start_game(make_app)
    card = click_a_card_with_uses(app, table, more_than=2)
    app.run(max_frames=1)
    uses = [(r, label, w) for r, label, w in table.buttons if getattr(w, "kind", "") == "adrenaline"]
    words = {"bonus": "Its bonus", "ability": "Its ability: " + str(ability_words(card)),
             "fear_shift": "Move Fear {:+d}"}
    for _r, label, w in uses:
        assert label == words[w.payload["use"]].format(w.payload["shift"])
    assert len({label for _r, label, _w in uses}) == len(uses) > 2
    font = table.ctx.font(14, bold=True)
    for rect, label, _w in uses:
        assert font.size(label)[0] <= rect.width - table.ctx.px(12), f"{label!r} is cut in its button"


def test_the_tile_cards_words_keep_clear_of_its_frame(make_app, config_dir):
    """The card of the tile under the pointer (its name, icons, tokens, figures): its words
    stay 16 units inside the card's edge, clear of the panel's bevelled frame; they were laid
    out 10 units in, and the longest line ('Icons: Security event') touched the frame."""
    from tests.ui.conftest import move

    app, table = start_game(make_app)
    tile = table.state.player.tile
    x, y = table._screen_rect(table._tile_rect(tile)).center
    move((x, y))
    app.run(max_frames=1)
    card = table._tile_card()
    assert card is not None and table.hover_tile == tile
    rect, name, lines = card
    px = table.ctx.px
    widest = max([table.ctx.font(14, bold=True).size(name)[0]] + [table.ctx.font(12).size(l)[0] for l in lines])
    assert widest <= rect.width - 2 * px(16), (widest, rect.width)


def test_two_copies_of_a_card_are_one_discard_button(make_app, config_dir):
    """Subject 2, attacked by a clone, holds two copies of Hold Your Breath: the rules offer each
    copy, the same choice, which showed as two identical 'Discard Hold Your Breath' buttons. One
    button per card; it discards a copy of it."""
    app, table, st, other = _a_clone_attacks_the_other_player(make_app, ["hold_your_breath#1", "hold_your_breath#3", "sprint#1"])
    assert st.proc["pending"]["kind"] == "discard" and table.session.decider == other.id
    assert len([a for a in table.session.legal_actions() if a.payload["card"].startswith("hold_your_breath#")]) == 2
    if table.handoff is not None:
        do_click(app, table.view_rect.center)
    table.steps.clear()
    app.run(max_frames=2)
    labels = [label for _r, label, what in table.buttons if getattr(what, "kind", "") == "discard"]
    assert sorted(labels) == ["Discard Hold Your Breath", "Discard Sprint"], labels
    want = next(what for _r, label, what in table.buttons if label == "Discard Hold Your Breath")
    n = len(table.session.actions)
    do_click(app, next(r.center for r, _l, what in table.buttons if what == want))
    assert table.session.actions[n] == want and want.payload["card"].startswith("hold_your_breath#")


def test_a_turned_tiles_icon_points_are_where_its_turned_art_shows_them():
    """turned_points turns a point of a tile's art as the table turns the art itself
    (pygame.transform.rotate(art, -90 * turns)): a dot drawn there is found there."""
    from game.ui.level7.table_scene import turned_points

    size, point = (640, 320), (100, 40)
    art = pygame.Surface(size)
    art.fill((0, 0, 0))
    art.fill((255, 255, 255), pygame.Rect(point[0] - 2, point[1] - 2, 4, 4))
    for turns in range(4):
        turned = pygame.transform.rotate(art, -90 * turns)
        (x, y), = turned_points([point], size, turns)
        assert turned.get_at((round(x), round(y)))[:3] == (255, 255, 255), turns


def test_figures_keep_clear_of_the_icons_printed_on_their_tile():
    """A character stood on Decontamination's Security icon (the figures' places along a tile's
    top and bottom are the same on every tile): on every tile face, turned every way, with one
    to four characters and enough enemies for up to eight figures (none or one character when
    enemies gather), no figure lies on an icon (1,688 layouts of up to six had one) nor on the
    arrow printed inside each door (a clone moved off Morgue B's icons stood on its west door's
    arrow, seed 8), none on another, all inside the tile: seven or eight figures on T16 (three
    icons in its middle) still covered one, and seven on tiles with two icons stood on each
    other, when only three rows of places were tried."""
    import math
    from pathlib import Path

    from game.board.tmx import load_board
    from game.ui.level7.table_scene import FIGURE_GAP, ICON_CLEAR, figure_points, turned_points

    tiles = sorted((Path(__file__).resolve().parents[2] / "maps" / "level7" / "tiles").glob("*.tmx"))
    assert len(tiles) > 40
    problems, icons_seen, arrows_seen = [], 0, 0
    for path in tiles:
        board = load_board(path)
        icons = [(float(f.point[0]), float(f.point[1])) for f in board.features if f.kind == "icon"]
        icons_seen += len(icons)
        w, h = board.pixel_size()
        for door in board.doors:  # the arrow printed in the square inside each door (64 px)
            (x0, y0), (x1, y1) = door.points[0], door.points[-1]
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            icons.append((mx + 32 * ((mx == 0) - (mx == w)), my + 32 * ((my == 0) - (my == h))))
            arrows_seen += 1
        size = board.pixel_size()
        for turns in range(4):
            points = turned_points(icons, size, turns)
            r = pygame.Rect(0, 0, *(size if turns % 2 == 0 else size[::-1]))
            for chars in range(0, 5):
                for foes in range(1 if chars == 0 else 0, 9 - chars):
                    placed = figure_points(r, points, chars, foes)
                    assert len(placed) == chars + foes
                    if any(math.dist(p, c) < ICON_CLEAR for p in placed for c in points) or \
                            any(math.dist(p, q) < FIGURE_GAP for i, p in enumerate(placed) for q in placed[i + 1:]) or \
                            not all(r.collidepoint(p) for p in placed):
                        problems.append((path.stem, turns, chars, foes))
    assert icons_seen > 40 and arrows_seen > 100 and problems == []


def test_the_tables_figures_stand_clear_of_their_tiles_icons(make_app):
    """The table places figures with the icons of the tile they stand on, turned as placed: two
    characters and three clones on a tile with two icons at its left edge, where the third
    clone's usual place lies on one of them."""
    import math

    from game.level7.rules.maps import view
    from game.ui.level7.table_scene import ICON_CLEAR, figure_points
    from tests.ui import test_ui_scale as U

    app = make_app(U.SIZE)
    table = U.level7_table(app)
    tile = next(name for name in table._placed_names() if len(table.tiles[view(table.state).tilemap.placed[name][0].id].icons) >= 2)
    icons = table._icon_points(tile)
    keys = ["subject_1", "subject_2", "clone1", "clone2", "clone3"]
    spots = table._figure_spots({key: tile for key in keys})
    usual = dict(zip(keys, figure_points(table._tile_rect(tile), [], 2, 3)))
    assert any(math.dist(usual[k], c) < ICON_CLEAR for k in keys for c in icons), "pick a tile where one would lie on an icon"
    assert all(math.dist(spots[k], c) >= ICON_CLEAR for k in keys for c in icons), spots


def _morgue_b_seed8():
    """Scenario 1, seed 8, one player: the north door explored and its tile placed, then the
    east door: a clone spawns on Morgue B (T06), where the player stands."""
    from game.engine.session import Session
    from game.level7.rules.title import Level7Title

    session = Session.start(Level7Title(), "s1", 8, {"players": 1})

    def do(kind, **want):
        session.apply(next(a for a in session.legal_actions()
                           if a.kind == kind and all(a.payload.get(k) == v for k, v in want.items())))

    do("explore", door=["N", 0])
    do("placement")
    do("explore", door=["E", 0])
    return session


def _table_at_1280(make_app, session):
    """The Level 7 table on `session` at 1280x720, past the hand-off, drawn once."""
    from pathlib import Path

    from game.ui.level7.table_scene import Level7Table

    app = make_app((1280, 720))
    table = Level7Table(app.ctx, session, ["human"], (1280, 720), Path(app.ctx.settings_file).parent / "l7.json")
    app.push(table)
    table.handoff = None
    app.run(max_frames=1)
    return app, table


def test_a_clone_on_morgue_b_stands_clear_of_its_door_arrows(make_app):
    """Seed 8: Subject 1 explores north, then east onto Morgue B (turned three times), where a
    clone spawns. Its usual place lies on the tile's red icon; the nearest other place was the
    middle of the west edge, on the arrow printed inside the door Subject 1 came through. The
    table keeps every figure a printed icon's clearance from each door's arrow too."""
    import math
    from pathlib import Path

    from game.board.tmx import load_board
    from game.level7.rules.maps import view
    from game.ui.level7.table_scene import CELL, ICON_CLEAR, turned_points

    session = _morgue_b_seed8()
    st = session.state
    assert [(e.key, e.tile) for e in st.enemies] == [("clone1", "T06")] and st.player.tile == "T06"
    app, table = _table_at_1280(make_app, session)
    tile, (x, y) = view(st).tilemap.placed["T06"]
    board = load_board(Path(tile.source))
    w, h = board.pixel_size()
    arrows = []
    for door in board.doors:  # the arrow fills the square of 64 inside the door
        (x0, y0), (x1, y1) = door.points[0], door.points[-1]
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        arrows.append((mx + 32 * ((mx == 0) - (mx == w)), my + 32 * ((my == 0) - (my == h))))
    arrows = [(x * CELL + ax, y * CELL + ay) for ax, ay in turned_points(arrows, (w, h), tile.turns)]
    spots = table._figure_spots()
    assert set(spots) == {"subject_1", "clone1"}
    near = [(key, a) for key, p in spots.items() for a in arrows if math.dist(p, a) < ICON_CLEAR]
    assert near == [], near


def test_the_tile_stacks_are_named_in_the_language_of_the_table(make_app, config_dir, drawn_text):
    """Scenario 1's third stack is the seed's "utolsó halom" (last stack): the Hungarian table
    wrote "Lapkahalmok  A: 8  B: 6  last: 28", and a tile that fits nowhere went "a(z) last halom
    aljára" in the log. Both name it in the language of the table."""
    from game import i18n
    from game.engine.text import M, as_text

    app, table = start_game(make_app)
    try:
        i18n.set_language("hu")
        drawn_text.clear()
        app._force_redraw = True
        app.draw(app.screen)
        line = next(t for t in drawn_text if t.startswith("Lapkahalmok"))
        assert line.endswith("utolsó: 28") and "last" not in line, line
        from game.level7.rules.names import stack_name

        moved = M("{tile} does not fit there and goes under stack {stack}.", tile="T05", stack=stack_name("last"))
        assert as_text(moved) == "T05 nem illeszkedik oda, az utolsó halom aljára kerül."
        i18n.set_language("el")
        drawn_text.clear()
        app._force_redraw = True
        app.draw(app.screen)
        assert any(t.endswith("τελευταία: 28") for t in drawn_text), drawn_text
    finally:
        i18n.set_language("en")
    drawn_text.clear()
    app._force_redraw = True
    app.draw(app.screen)
    assert "Tile stacks  A: 8  B: 6  last: 28" in drawn_text


def test_the_tile_card_names_the_vent_as_the_rules_do(make_app, config_dir):
    """The Hungarian tile card of the Tank Farm read "Ikonok: Csatorna" (the map builder's word
    for a Doom or Gears vent) where every Level 7 rule, event and button says "szellőző" (the
    seed's word, and the card's own "Zárt szellőző")."""
    from game import i18n

    app, table = start_game(make_app)
    assert "Icons: Vent" in table._tile_card_lines("tank_farm")
    try:
        i18n.set_language("hu")
        assert "Ikonok: Szellőző" in table._tile_card_lines("tank_farm")
        i18n.set_language("el")
        assert "Σύμβολα: Αεραγωγός" in table._tile_card_lines("tank_farm")
    finally:
        i18n.set_language("en")


def test_the_event_cards_sections_show_whole_at_1280x720(make_app, config_dir, drawn_text):
    """The side panel's event card gave each section three lines and its name one: at 1280x720
    eight English section texts ("They Smell You") ended in '…', and the lit section's name lost
    its "◀ triggered" (40 names in Hungarian, 104 in Greek). Every section of every event card,
    lit, in English, Hungarian and Greek, draws its name, mark and text whole: no '…', every
    word drawn, and the card ends where the next thing goes."""
    from game import i18n
    from game.ui.level7 import words

    app, table = start_game(make_app, size=(1280, 720))
    x, w, *_rest = table._side_places()
    surface = pygame.Surface(app.screen.get_size())
    problems = []
    try:
        for lang in ("en", "hu", "el"):
            i18n.set_language(lang)
            for card_id, card in sorted(table.content.events.items()):
                for kind in ("security", "fear", "facility"):
                    sec = table.content.sections.get(card.section(kind))
                    if sec is None:
                        continue
                    drawn_text.clear()
                    below = table._event_card(surface, x, 0, w, card_id, kind)
                    shown = " ".join(drawn_text).split()
                    want = (f"{i18n._(words.SECTION_NAMES[kind])}: {i18n._(sec.name)}  \u25c0 {i18n._('triggered')} "
                            f"{i18n._(sec.text)}").split()
                    if any("\u2026" in t for t in drawn_text) or not all(word in shown for word in want) or below <= 0:
                        problems.append((lang, card_id, kind, drawn_text[:]))
    finally:
        i18n.set_language("en")
    assert problems == [], (len(problems), problems[:3])


def test_the_side_panel_keeps_its_sections_inside_with_four_players_at_1280x720(make_app, config_dir):
    """With four characters at 1280x720 the party and the first event card ran past the side
    panel's bottom (its Facility section cut in Hungarian and Greek) and the log had no line
    (in English too). The panel shows its sections under tabs when they do not fit: every
    section drawn ends inside the panel, and a log shown below the others has five lines' room."""
    from game import i18n
    from game.ui.level7.table_scene import Level7Table

    room = Level7Table.LOG_ROOM  # five lines of the log
    problems = []
    for players in (2, 4):
        app, table = start_game(make_app, seats=("human",) * players, seed=8)
        table.handoff = None
        table.submit(next(a for a in table.session.legal_actions() if a.kind == "end_turn"))
        while table.steps or table.busy:
            table.skip_animation()
            app.run(max_frames=1)
        table.handoff = None
        assert table._last_event() is not None
        try:
            for lang in ("en", "hu", "el"):
                i18n.set_language(lang)
                app._force_redraw = True
                app.draw(app.screen)
                r, px = table.side_rect, table.ctx.px
                shown = table.side_sections
                if any(rect.bottom > r.bottom for rect in shown.values()) or \
                        ("log" in shown and shown["log"].height < px(room)):
                    problems.append((players, lang, shown, r))
                if players == 2 and table.side_tabbed():
                    problems.append((players, lang, "tabs where all fit"))
        finally:
            i18n.set_language("en")
    assert problems == [], "\n".join(map(str, problems))


def test_markers_and_face_up_items_keep_clear_of_door_arrows_and_icons(make_app):
    """Seed 8's first tiles: face-up items lay at the middle of a tile's west edge, over Morgue
    B's west door arrow, and a third marker on the Storeroom (doors N, E, S) covered its south
    door's arrow. Both now lie where no printed icon or door arrow is, and the figures keep
    clear of the items as of an icon."""
    import math
    from pathlib import Path

    from game.board.tmx import load_board
    from game.level7.rules.maps import view
    from game.ui.level7.table_scene import CELL, ICON_CLEAR, door_arrow_points, turned_points

    session = _morgue_b_seed8()
    st = session.state
    st.floor_items["T06"] = [st.items.draw_pile[0]]
    for kind in ("darkness", "nests", "posts"):
        st.tokens.setdefault(kind, []).append("T21")
    app, table = _table_at_1280(make_app, session)

    def printed(name):  # the icons and door arrows as the tile's file has them, turned as placed
        tile, (x, y) = view(st).tilemap.placed[name]
        board = load_board(Path(tile.source))
        points = [(float(f.point[0]), float(f.point[1])) for f in board.features if f.kind == "icon"]
        points += door_arrow_points(board)
        return [(x * CELL + a, y * CELL + b) for a, b in turned_points(points, board.pixel_size(), tile.turns)]

    z = table.camera.zoom
    item = table._item_spot("T06")
    half_w, half_h = CELL * 0.085 * 1.5, CELL * 0.085
    assert all(math.hypot(max(0, abs(item[0] - c[0]) - half_w), max(0, abs(item[1] - c[1]) - half_h)) >= 28
               for c in printed("T06")), item
    assert all(math.dist(p, item) >= ICON_CLEAR for key, p in table._figure_spots().items() if key in ("subject_1", "clone1"))
    spots = table._mark_spots("T21", 3)
    rr = table._mark_radius("T21")
    assert len(spots) == 3
    assert all(math.dist(q, table.camera.to_screen(*c)) >= rr + 28 * z for q in spots for c in printed("T21")), spots


def test_figures_on_one_tile_are_not_drawn_over_each_other_at_a_small_zoom(make_app, config_dir):
    """Four bots at 1280x720 (seed 21, turn 15): the map fitted at zoom 0.17, where a token keeps
    its least radius on screen (9 px) while the places on a tile shrink with the zoom, and three
    figures on one tile lay over each other. Three characters and two clones on the Tank Farm:
    at every zoom the tokens drawn are at least a diameter apart; at 0.45 they stand where they
    always stood."""
    import math

    from game.level7.rules.state import Enemy
    from game.ui.level7.table_scene import figure_points

    app, table = start_game(make_app, seats=("human",) * 3, seed=8)
    table.handoff = None
    st = table.state
    st.enemies += [Enemy("clone", 5, "tank_farm"), Enemy("clone", 6, "tank_farm")]
    table.update_choices()
    problems = []
    for zoom in (0.17, 0.22, 0.3, 0.35, 0.45, 0.6):
        table.camera.fit_zoom = zoom
        r = table._token_radius()
        drawn = [table.camera.to_screen(*p) for p in table._figure_spots().values()]
        near = min(math.dist(p, q) for i, p in enumerate(drawn) for q in drawn[i + 1:])
        if near < 2 * r - 1:
            problems.append((zoom, r, near))
    assert problems == [], "\n".join(map(str, problems))
    table.camera.fit_zoom = 0.45
    usual = figure_points(table._tile_rect("tank_farm"), table._icon_points("tank_farm"), 3, 2)
    assert list(table._figure_spots().values()) == usual


def test_the_placement_prompt_does_not_send_the_player_below_the_map(make_app, config_dir):
    """Exploring south of the Tank Farm moves the placement cards off the map's middle bottom
    (to a corner or the view's top, where they hide no outline), while the prompt said "(pick a
    placement below the map)". It names what to click wherever the cards lie."""
    app, table = start_game(make_app)
    explores = [a for a in table.session.legal_actions() if a.kind == "explore"]
    south = max(explores, key=lambda a: door_pos(table, a.payload["door"])[1])
    do_click(app, door_pos(table, south.payload["door"]))
    app.run(max_frames=1)
    panel = table.panels[0][0]
    assert panel.centerx != table.view_rect.centerx, "the cards moved off the map's middle bottom"
    prompt = table.prompt_choices()[0]
    assert "below" not in prompt and prompt.endswith("(pick a placement: a card, or its outline on the map)"), prompt


def test_with_no_move_left_the_prompt_says_what_is_left(make_app):
    """With 0 moves left the prompt still said 'walk to a lit tile, explore by a door arrow',
    with nothing lit and no arrow: it says what is left (challenge an enemy on the tile, or end
    the turn), in the language of the table."""
    from game import i18n
    from game.level7.rules.state import Enemy

    app, table = start_game(make_app)
    assert "walk to a lit tile" in table.hint()
    st = table.state
    st.turn.moves_left = 0
    table.update_choices()
    assert not {a.kind for a in table.session.legal_actions()} & {"move", "explore"}
    # Only End the turn stands on the line (the hand's cards are played from the hand): the
    # prompt sent the player to 'another button on this line' that was not there.
    assert [label for label, _a, _end in table.prompt_choices()[1]] == [table.session.legal_actions()[-1].text]
    assert table.hint() == "Subject 1, 0 moves left: play a card from your hand, or end the turn."
    st.player.hand = []
    table.update_choices()
    assert table.hint() == "Subject 1, 0 moves left: end the turn."
    st.enemies.append(Enemy("guard", 9, st.player.tile))
    table.update_choices()
    assert "attack" in {a.kind for a in table.session.legal_actions()}
    assert table.hint() == "Subject 1, 0 moves left: click an enemy to challenge it, or end the turn."
    # Moves left, held by the guard, the challenge made: it says why the moves cannot be walked.
    st.turn.moves_left, st.turn.challenge_used = 2, True
    table.update_choices()
    assert not {a.kind for a in table.session.legal_actions()} & {"move", "explore", "attack"}
    assert table.hint() == "Subject 1: an active enemy holds you on your tile and this turn's challenge is made: end the turn."
    st.turn.moves_left, st.turn.challenge_used = 0, False
    table.update_choices()
    i18n.set_language("hu")
    assert table.hint() == "1. alany, 0 mozgás maradt: kattints egy ellenfélre a kihíváshoz, vagy fejezd be a fordulót."
    i18n.set_language("en")


def test_the_placement_cards_leave_the_ghosts_in_sight(make_app, config_dir):
    """Exploring south of the start tile: the tile's ghosts lay under the placement cards at the
    bottom of the view (half hidden, and a click on them was the panel's). The cards go where
    they cover no ghost; the cards and ghosts both answer clicks."""
    app, table = start_game(make_app)
    explores = [a for a in table.session.legal_actions() if a.kind == "explore"]
    south = max(explores, key=lambda a: door_pos(table, a.payload["door"])[1])
    do_click(app, door_pos(table, south.payload["door"]))
    assert table.state.proc["pending"]["kind"] == "placement"
    app.run(max_frames=1)
    panel = next(r for r, _n in table.panels)
    ghosts = [table._screen_rect(table._ghost_rect(i)) for i in range(len(table.actions))]
    assert ghosts and not any(panel.colliderect(g) for g in ghosts), (panel, ghosts)
    assert all(panel.contains(r) for r, _i in table.option_rects)
    assert all(table.view_rect.contains(g) for g in ghosts)


def test_tile_names_show_whole_at_a_small_zoom(make_app, config_dir, monkeypatch, drawn_text):
    """At the smallest zoom that names tiles a one-cell tile's band elided "Monitoring Station"
    to "Monitoring…". Every tile's name (English) is given to the placed tile, drawn with a
    one-cell footprint, and its label drawn as the table draws it: the strings drawn are the
    whole name, on one or two lines, none with '…', and the label's band lies inside the tile."""
    from game.ui.level7 import table_scene

    app, table, placed, tile_rect = one_cell_tiles_at(make_app, monkeypatch, 0.3)
    drawn = drawn_text
    surface = pygame.Surface(app.screen.get_size())
    names = sorted({pgettext("level7", tile.name) for tile in table.tiles.values()})
    problems = []
    for name in names:
        monkeypatch.setattr(table_scene, "pgettext", lambda _context, text, name=name: name)
        sprite = next(sp for sp in table._label_sprites() if sp.name == ("label", placed))
        drawn.clear()
        sprite.paint(surface)
        if " ".join(drawn) != name or not 1 <= len(drawn) <= 2 or not tile_rect.contains(sprite.rect.inflate(-4, -4)):
            problems.append((name, drawn[:], sprite.rect, tile_rect))
    assert len(names) > 40 and problems == []


def test_a_tile_name_keeps_clear_of_the_door_arrow_on_the_tiles_top(make_app, config_dir, monkeypatch, drawn_text):
    """"Security Office" (seed 8, 1920x1080) covered its north door's arrow, and in lesson 1
    "Tank Farm" sat on the very arrow the lesson points at (1280x720, zoom 0.45). Where the
    name fits whole left of that arrow (the printed one and the explore arrow drawn on it), on
    one line or two, its band ends there; the figures stand over the bands."""
    from game.ui.level7 import table_scene

    app, table = start_game(make_app)
    assert [sp.name[0] for sp in table.sprites()][-1] != "label"  # names under the figures
    problems = []
    for zoom, names in ((0.45, ["Tank Farm"]), (0.6, ["Tank Farm", "Security Office", "Monitoring Station"])):
        table.camera.fit_zoom = zoom
        span = table._top_arrow_span("tank_farm")
        arrow = None if span is None else span[0]
        door_x, _y = table.camera.to_screen(table._door_point("tank_farm", ("N", 0))[0], 0)
        assert arrow is not None and arrow < door_x - table.ctx.px(17)  # the explore arrow's half
        for name in names:
            monkeypatch.setattr(table_scene, "pgettext", lambda _context, text, name=name: name)
            sprite = next(sp for sp in table._label_sprites() if sp.name == ("label", "tank_farm"))
            drawn_text.clear()
            sprite.paint(pygame.Surface(app.screen.get_size()))
            box = pygame.Rect(sprite.key[2])
            if " ".join(drawn_text) != name or box.right > arrow:
                problems.append((zoom, name, drawn_text[:], box, arrow))
    assert problems == [], "\n".join(map(str, problems))


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_every_tile_name_keeps_clear_of_the_top_door_arrow_at_small_zoom(make_app, config_dir, monkeypatch,
                                                                        drawn_text, language):
    """At the small zooms of 1280x720 (0.3 names tiles at all, 0.45 is lesson 1's) a name that
    did not fit left of the top door's arrow lay over it. Every tile's name, in each language,
    given to the start tile: its band is clear of the arrow (the printed one filling the 64 map
    px square inside the door, and the explore arrow drawn on it), inside the tile, and the name
    is drawn whole."""
    from game import i18n
    from game.ui.level7 import table_scene

    app, table = start_game(make_app)
    tile = table.state.player.tile
    from game.level7.rules.maps import view

    door = next(slot for slot in view(table.state).tilemap.placed[tile][0].doors if slot[0] == "N")
    i18n.set_language(language)
    try:
        names = sorted({pgettext("level7", t.name) for t in table.tiles.values()})
    finally:
        i18n.set_language("en")
    problems = []
    for zoom in (0.3, 0.45):
        table.camera.fit_zoom = zoom
        x, y = table.camera.to_screen(*table._door_point(tile, door))
        side = 64 * table.camera.zoom
        printed = pygame.Rect(round(x - side / 2), round(y), round(side), round(side))
        arrow = printed.union(table._arrow_bound(door))
        tile_rect = table._screen_rect(table._tile_rect(tile))
        for name in names:
            monkeypatch.setattr(table_scene, "pgettext", lambda _context, text, name=name: name)
            sprite = next(sp for sp in table._label_sprites() if sp.name == ("label", tile))
            drawn_text.clear()
            sprite.paint(pygame.Surface(app.screen.get_size()))
            box = pygame.Rect(sprite.key[2])
            if " ".join(drawn_text) != " ".join(name.split()) or box.colliderect(arrow) or not tile_rect.contains(box):
                problems.append((zoom, name, drawn_text[:], box, arrow))
    assert len(names) > 40 and problems == []


def test_the_hand_label_keeps_clear_of_the_lit_cards(make_app, config_dir):
    """"Subject N's adrenaline cards" sat on the top of the cards' lit outlines. In the frame
    drawn at 1280x720 and 1920x1080, the lowest pixel of the label's colour above the cards lies
    at least 2 px above the highest pixel of the lit outlines (the accent colour)."""
    for size in ((1280, 720), (1920, 1080)):
        app, table = start_game(make_app, size=size)
        app._force_redraw = True
        app.draw(app.screen)
        surface, px = app.screen, table.ctx.px
        assert table.card_rects
        cards = list(table.card_rects.values())
        left, right = min(r.left for r in cards), max(r.right for r in cards)
        top = min(r.top for r in cards)
        strip = table.hand_rect
        accent = tuple(table.ctx.palette.accent[:3])
        colour = tuple(table.colour_of(table.viewer)[:3])
        outline = [y for y in range(strip.top, top + px(4)) for x in range(left - px(4), right + px(4))
                   if tuple(surface.get_at((x, y))[:3]) == accent]
        label = [y for y in range(strip.top, top + px(4)) for x in range(left - px(4), right + px(4))
                 if tuple(surface.get_at((x, y))[:3]) == colour]
        assert outline and label, size  # the cards are lit and the label is drawn over them
        assert max(label) + px(2) <= min(outline), (size, max(label), min(outline))


@pytest.mark.parametrize("seed, tile", [(8, "T21"), (19, "T43"), (59, "T26")])
def test_a_tile_name_keeps_clear_of_its_icons_arrows_and_figures(make_app, seed, tile):
    """The Storeroom's name lay over its two icons with a figure below its top door's arrow;
    Decontamination's over its Security icon with a guard on the tile, and Holding Cells' over
    its south door's arrow with a character and a clone on its left side (1920x1080, seed 3):
    the band was searched for only along the tile's left edge. Each of these tiles placed every
    way the rules offer, at the zooms of 1280x720 and 1920x1080 maps, with Subject 1 on it, and
    with a clone and a guard too: its name band covers no printed icon or door arrow, nor the
    explore arrow drawn on its top door, and lies inside the tile; it covers no figure wherever
    the name as first set (the tile's width) has a place clear of them all, pixel by pixel (on
    the smallest tiles a band the tile's width has none), and no icon wherever it has a place
    clear of them (Decontamination at zoom 0.3 has none). The arrow of a door joined to a
    neighbour's (doubled by that one's across the edge) counts after the printed icons: covered, as
    a figure, only where no place clear of the icons avoids both."""
    import math

    from game.engine.session import Session
    from game.level7.rules.state import Enemy
    from game.level7.rules.title import Level7Title
    from game.ui.level7.table_scene import ICON_HALF

    def apart(box, x, y, reach):
        return math.hypot(max(0.0, abs(x - box.centerx) - box.width / 2), max(0.0, abs(y - box.centery) - box.height / 2)) >= reach

    problems = []
    for way, crowd in itertools.product(range(3), (False, True)):
        session = Session.start(Level7Title(), "s1", seed, {"players": 1})
        session.apply(next(a for a in session.legal_actions() if a.kind == "explore" and a.payload["door"] == ["N", 0]))
        ways = [a for a in session.legal_actions() if a.kind == "placement"]
        if way >= len(ways):
            continue
        session.apply(ways[way])
        st = session.state
        assert st.characters["subject_1"].tile == tile
        if crowd:
            st.enemies += [Enemy("clone", 9, tile), Enemy("guard", 9, tile)]
        app, table = _table_at_1280(make_app, session)
        table.animate = False
        for zoom in (0.3, 0.35, 0.45, 0.6):
            table.camera.fit_zoom = zoom
            sprites = table.sprites()
            box = pygame.Rect(next(sp for sp in sprites if sp.name == ("label", tile)).key[2])
            tile_rect = table._screen_rect(table._tile_rect(tile))
            reach = ICON_HALF * table.camera.zoom
            joined = table._joined_arrow_points(tile)  # doubled by the neighbour's: kept off after the figures
            near = [q for q in map(lambda q: table.camera.to_screen(*q), table._icon_points(tile))
                    if not apart(box, *q, reach)]
            near_printed = [q for q in near if q not in [table.camera.to_screen(*j) for j in joined]]
            span = table._top_arrow_span(tile)
            top = box.colliderect(pygame.Rect(span[0], tile_rect.top, span[1] - span[0], span[2] - tile_rect.top)) if span else False
            figures = [sp.key[1:4] for sp in sprites if sp.name[0] == "figure"]
            under = [f for f in figures if not apart(box, *f)]
            font, lines = table.tile_label(pgettext("level7", table.tiles[tile].name), tile_rect.width - 11)
            w, h = max(font.size(t)[0] for t in lines) + 8, font.get_linesize() * len(lines) + 2
            icons = [table.camera.to_screen(*q) for q in table._icon_points(tile) if q not in joined]
            doubled = [table.camera.to_screen(*q) for q in joined]
            off_icons = [(x, y) for x in range(tile_rect.left + 3, tile_rect.right - 2 - w)
                         for y in range(tile_rect.top + 3, tile_rect.bottom - 2 - h)
                         if all(apart(pygame.Rect(x, y, w, h), *q, reach) for q in icons)
                         and not (span and pygame.Rect(x, y, w, h).colliderect(
                             pygame.Rect(span[0], tile_rect.top, span[1] - span[0], span[2] - tile_rect.top)))]
            clear = [(x, y) for x, y in off_icons if all(apart(pygame.Rect(x, y, w, h), *f) for f in figures)]
            # a joined door's arrow or a figure is covered only where every place clear of the
            # printed icons covers one of them
            clear_all = [(x, y) for x, y in clear if all(apart(pygame.Rect(x, y, w, h), *q, reach) for q in doubled)]
            if (near_printed and off_icons) or (near and clear_all) or top or (under and clear_all) \
                    or not tile_rect.contains(box):
                problems.append((way, crowd, zoom, box, tile_rect, near, top, under, clear[:1]))
    assert problems == [], "\n".join(map(str, problems))


def test_the_party_lines_wrap_rather_than_lose_their_ends(make_app, config_dir, drawn_text):
    """A Hungarian table at 1280x720 after a challenge read "Ebben a fordulóban: 3 mozgás
    maradt; me…" in the party panel: the turn's line (and the hand and tile line above it) were
    cut with an ellipsis to the panel's width. They wrap: every word of both lines is drawn and
    no line of the party ends with '…'."""
    from game import i18n
    from game.i18n import _

    app, table = start_game(make_app)
    st = table.state
    st.turn.challenge_used = st.turn.trade_used = st.turn.pickup_used = True
    table.state_version += 1  # the state changed behind the session's back: draw the panel again
    i18n.set_language("hu")
    try:
        drawn_text.clear()
        app._force_redraw = True
        app.draw(app.screen)
        said = " ".join(drawn_text)
        done = _("done: {what}").format(what=", ".join([_("challenge"), _("trade"), _("pick-up")]))
        moves = _("{n} moves left").format(n=st.turn.moves_left)
        turn_line = _("This turn: {moves}").format(moves=moves) + "; " + done
        cards = _("{cards} adrenaline cards").format(cards=len(st.player.hand))
    finally:
        i18n.set_language("en")
    assert " ".join(turn_line.split()) in " ".join(said.split()), (turn_line, [t for t in drawn_text if "fordul" in t or "megt" in t])
    assert cards in said and not any(t.endswith("\u2026") and (t.startswith(cards) or "fordulóban" in t) for t in drawn_text)


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_the_attack_preview_says_the_threat_it_costs(make_app, config_dir, drawn_text, language):
    """Attacking a guard with the Pistol carried costs +2 Threat whatever the dice say; the
    preview did not say so. It says it in words, inside the panel and above the Roll button,
    at 1280x720 in each language."""
    from game import i18n
    from game.engine.text import as_text
    from game.i18n import _
    from game.level7.rules.queries import challenge_preview
    from game.level7.rules.state import Enemy

    app, table = start_game(make_app)
    st = table.state
    st.enemies.append(Enemy("guard", 1, st.player.tile))
    st.player.items.append("pistol#1")
    st.player.hand = ["surge_of_strength#1", "sprint#1", "quick_thinking#1"]
    table.update_choices()
    app.run(max_frames=1)
    x, y = table.camera.to_screen(*table._figure_spots()["guard1"])
    do_click(app, (round(x), round(y)))
    prev = challenge_preview(st, table.selected)
    i18n.set_language(language)
    try:
        drawn_text.clear()
        app._force_redraw = True
        app.draw(app.screen)
        want = _("+{n} Threat whatever the result: {why}").format(n=2, why=as_text(prev.threat_why))
    finally:
        i18n.set_language("en")
    said = " ".join(" ".join(drawn_text).split())
    assert prev.threat == 2 and " ".join(want.split()) in said, (want, drawn_text[:12])
    roll = next(r for r, _l, w in table.buttons if w == "roll")
    assert any(r.contains(roll) for r, _n in table.panels)  # in the view or, compact, over the side panel


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_the_placement_cards_title_keeps_off_the_panels_frame(make_app, config_dir, monkeypatch, language):
    """The title over the placement cards ("Τοποθέτηση Water Treatment: 3 τρόποι ενώνουν τις
    περισσότερες πόρτες") ran to within a pixel of the panel's frame, some 9 px thick at 1280x720:
    the text drawn starts and ends at least 14 px inside the panel."""
    from game import i18n
    from game.i18n import ngettext, pgettext

    app, table = start_game(make_app)
    explore = next(a for a in table.session.legal_actions() if a.kind == "explore")
    do_click(app, door_pos(table, explore.payload["door"]))
    assert table._pending_kind() == "placement"
    i18n.set_language(language)
    try:
        tile = table.actions[0].payload["tile"]
        n = len(table.actions)
        want = ngettext("Place {tile}: {n} way joins the most doors", "Place {tile}: {n} ways join the most doors",
                        n).format(tile=pgettext("level7", table.tiles[tile].name), n=n)
        drawn = [(t, r) for t, r, _s in frame_texts(app)]
    finally:
        i18n.set_language("en")
    panel = table.panels[0][0]
    # (on one line, or wrapped over the cards' width where a narrower panel covers less of the map)
    lines = [(t, r) for t, r in drawn if panel.contains(r) and t in want and r.top < table.option_rects[0][0].top]
    assert " ".join(t for t, _r in lines) == want, (lines, want)
    for _t, rect in lines:
        assert rect.left - panel.left >= 14 and panel.right - rect.right >= 14, (want, rect, panel)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_pools_lines_stay_left_of_the_hand(make_app, config_dir, monkeypatch, size):
    """Scenario 2 in Greek once Lockdown began: "Δεξαμενή Αποκλεισμού: 12  (ΑΠΟΚΛΕΙΣΜΟΣ)" ran under
    the hand's label and its first card (1920x1080). In each language the Threat and Lockdown
    pools' lines end left of the hand's row, whole."""
    from game import i18n
    from game.i18n import _

    app = make_app(size)
    setup = Level7Setup(app.ctx, SetupChoice(scenario="s2", seats=["human"], seed=12))
    app.push(setup)
    app.run(max_frames=1)
    click(next(rect for rect, what in setup.hits if what == "start").center)
    app.run(max_frames=1)
    table = app.top
    table.animate = False
    st = table.state
    st.lockdown, st.lockdown_pool = True, 12
    table.state_version += 1
    problems = []
    for lang in ("en", "hu", "el"):
        i18n.set_language(lang)
        try:
            want = _("Lockdown pool: {n}").format(n=12) + "  " + _("(LOCKDOWN)")
            drawn = [(t, r) for t, r, _s in frame_texts(app)]
        finally:
            i18n.set_language("en")
        got = [r for t, r in drawn if t == want]
        label = table.hand_label_rect
        cards = min((r.left for r in table.card_rects.values()), default=label.left)
        if len(got) != 1 or got[0].right > min(label.left, cards) - 4:
            problems.append((lang, want, got, label, cards))
    assert problems == []


def finished_map_at_zoom_0_3(make_app, seed: int) -> Level7Table:
    """Scenario 1 played by random bots (seed) to its end, on a 1280x720 table at zoom 0.3."""
    from pathlib import Path

    from game.engine.bots import RandomBot
    from game.engine.session import Session
    from game.level7.rules.title import Level7Title

    session = Session.start(Level7Title(), "s1", seed, {"players": 2})
    bot = RandomBot(seed)
    while not session.is_over():
        session.apply(bot.choose(session.legal_actions()))
    app = make_app((1280, 720))
    table = Level7Table(app.ctx, session, ["human", "human"], (1280, 720), Path(app.ctx.settings_file).parent / "l7.json")
    app.push(table)
    table.handoff, table.animate = None, False
    app.run(max_frames=1)
    table.camera.fit_zoom = 0.3
    return table


def test_a_crowded_tiles_name_covers_the_least_of_an_icon_where_none_is_clear(make_app):
    """Seed 2 played by random bots to its end: on a 1280x720 map at zoom 0.3 no place on
    Generator Room A keeps its name clear of every icon, and the name, wrapped as 'Generator
    Room' 'A', lay over the whole of the icon at its bottom left. The name goes on two lines
    as even as its words allow ('Generator' 'Room A', narrower); at its size every place
    still touched an icon, so it is set smaller on those two lines, where it touches none."""
    from game.ui.level7.table_scene import ICON_HALF

    table = finished_map_at_zoom_0_3(make_app, 2)
    tile = next(t for t in table._placed_names() if table.tiles[t].name == "Generator Room A")
    label = next(sp for sp in table.sprites() if sp.name == ("label", tile))
    box = pygame.Rect(label.key[2])
    reach = ICON_HALF * table.camera.zoom
    squares = [pygame.Rect(round(x - reach), round(y - reach), round(2 * reach), round(2 * reach))
               for x, y in (table.camera.to_screen(*q) for q in table._icon_points(tile))]
    assert label.key[0] == ("Generator", "Room A")
    # It touched the generator icon's square (3 x 7 px of it) at its size: it is set smaller,
    # still two lines, where it touches none (session 41).
    assert box.collidelist(squares) == -1, (box, squares)
    assert table._screen_rect(table._tile_rect(tile)).contains(box)


def test_a_tile_whose_ways_lie_the_same_is_placed_without_a_question(make_app, config_dir):
    """Seed 4: the first tile drawn (T33) joins the north door in two ways that differ in their
    art alone (turned half round, the same outline, doors and stubs): the table showed two cards
    that looked alike and asked which. It is placed the first way, as a tile with one way is."""
    from game.level7.rules.explore import distinct_lies

    app, table = start_game(make_app, seed=4)
    explore = next(a for a in table.session.legal_actions() if a.kind == "explore")
    do_click(app, door_pos(table, explore.payload["door"]))
    i = table.session.actions.index(explore)
    placed = table.session.actions[i + 1]
    assert placed.kind == "placement" and placed.payload["tile"] == "T33"
    assert (table.state.proc or {}).get("pending", {}).get("kind") != "placement"
    assert table.state.placed[1][0] == "T33" and table.option_rects == []
    assert any("is placed" in line for line in map(str, table.log))
    # what the rules offered: two turns, one way to lie
    offered = [{"tile": "T33", "turns": t, "x": 0, "y": -1, "joined": 1} for t in (0, 2)]
    assert distinct_lies(offered) == [0]


@pytest.mark.parametrize("casual", [False, True])
def test_undo_after_a_tile_placed_the_only_way_it_lies_asks_no_question(make_app, config_dir, casual):
    """Seed 18: the tile drawn at the first door is placed the only way it lies (two turns,
    one outline and the same doors, as T33 of seed 4 above), and its placement reveals nothing
    (no event icon, no storage). Undo then went back to the placement question with its one card, the tile drawn in view:
    a question with one answer. The placement was the table's, not the person's: undo goes
    back over it to the exploring, which drew a hidden tile, so at a table that is not casual
    Undo is greyed with that reason and a press changes nothing; a casual table goes back to
    before the exploring."""
    app, table = start_game(make_app, seed=18, casual=casual)
    explore = next(a for a in table.session.legal_actions() if a.kind == "explore")
    do_click(app, door_pos(table, explore.payload["door"]))
    i = table.session.actions.index(explore)
    assert table.session.actions[i + 1].kind == "placement" and table.session.refusal_of(i + 1) is None
    n = len(table.session.actions)
    app.run(max_frames=1)
    undo = next(r.center for r, _label, what in table.buttons if what == "undo")
    refusal = table.session.refusal_of(i)
    do_click(app, undo)
    assert (table.state.proc or {}).get("pending", {}).get("kind") != "placement"
    if casual:
        assert len(table.session.actions) == i  # before the exploring
        assert explore in table.session.legal_actions() and len(table.state.placed) == 1
    else:
        assert refusal is not None and table.undo_refusal() == refusal
        assert len(table.session.actions) == n and table.message == refusal
        assert len(table.state.placed) == 2  # the tile stays where it lies


def test_ways_that_lie_differently_stay_a_choice():
    """distinct_lies keeps every way whose doors face elsewhere: the lesson's Junction 108 (an
    elbow: four turns, four ways); a crossroads has four turns and one way, and the same turn
    one cell over is another way."""
    from game.level7.rules.explore import distinct_lies, lie

    junction = [{"tile": "T41", "turns": t, "x": 0, "y": -1, "joined": 1} for t in range(4)]
    assert distinct_lies(junction) == [0, 1, 2, 3]  # an elbow: each turn faces its doors elsewhere
    assert lie(junction[0]) != lie(junction[2])
    crossroads = [{"tile": "T07", "turns": t, "x": 0, "y": -1, "joined": 1} for t in range(4)]
    assert distinct_lies(crossroads) == [0]
    moved = crossroads[:1] + [{"tile": "T07", "turns": 0, "x": 1, "y": -1, "joined": 1}]
    assert distinct_lies(moved) == [0, 1]


@pytest.mark.parametrize("language", ["hu", "el", "en"])
def test_an_event_cards_reveal_draws_only_inside_the_rects_its_part_repaints(make_app, config_dir, language):
    """In Hungarian at 1920x1080 the event card revealed under a step's sentence stood in a
    panel 250 pixels high, and its last line, '(a forduló végén húzva: nincs rész)', ran out
    below it; a frame drawn in part repaints the step's rects only (_step_part), so the line was
    left over the map once the step had gone. Every card, drawn by the step, stays inside them."""
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'language = "{language}"\n')
    from game.ui.level7.table_scene import Shown

    app, table = start_game(make_app, size=(1920, 1080))
    size = pygame.display.get_surface().get_size()
    for card in table.content.events:
        for trigger in ("", "fear"):
            table.steps[:] = [Shown("An event card is drawn.", None, "event", {}, {"card": card, "trigger": trigger})]
            sheet = pygame.Surface(size, pygame.SRCALPHA)
            sheet.fill((0, 0, 0, 0))
            table._draw_step(sheet)
            _what, rects = table._step_part()
            for rect in rects:
                sheet.fill((0, 0, 0, 0), rect)
            left = pygame.mask.from_surface(sheet).get_bounding_rects()
            assert not left, (card, trigger, left, rects)
    table.steps.clear()


@pytest.mark.parametrize("seed, name", [(4, "Specimen Storage"), (9, "Decontamination")])
def test_a_one_square_tiles_name_keeps_off_its_vent_at_zoom_0_3(make_app, seed, name):
    """Two games of random bots to their end, the map at zoom 0.3 (1280x720): Specimen Storage's
    and Decontamination's names lay over the top of the vent in the tile's middle, the least
    cover of an icon where no place was clear of all (the top door's arrow counted as much). The
    arrow of a door joined to a neighbour's door is doubled by the neighbour's just across the
    edge: the name lies over it rather than over the vent, clear of every other printed icon."""
    from game.ui.level7.table_scene import ICON_HALF

    table = finished_map_at_zoom_0_3(make_app, seed)
    tile = next(t for t in table._placed_names() if table.tiles[t].name == name)
    table.seen.add(tile)
    box = pygame.Rect(next(sp for sp in table.sprites() if sp.name == ("label", tile)).key[2])
    reach = ICON_HALF * table.camera.zoom
    joined = table._joined_arrow_points(tile)
    icons = [table.camera.to_screen(*q) for q in table._icon_points(tile) if q not in joined]
    squares = [pygame.Rect(round(x - reach), round(y - reach), round(2 * reach), round(2 * reach)) for x, y in icons]
    assert joined and squares and box.collidelist(squares) == -1, (box, squares)


@pytest.mark.parametrize("language", ["el", "hu", "en"])
def test_a_steps_heading_and_its_skip_note_do_not_overlap(make_app, config_dir, monkeypatch, language):
    """At 125% in 1280x720 the Greek step heading 'Κάρτα γεγονότος' ran into the note beside it,
    '1 ακόμη  •  κλικ ή Space για παράλειψη'. Every step's heading and its note lie apart, the
    note inside the panel."""
    from game.ui import widgets
    from game.ui.level7.table_scene import Shown

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'language = "{language}"\nui_scale = 1.25\n')
    app, table = start_game(make_app)
    drawn: list[tuple[str, pygame.Rect]] = []
    real = widgets.text

    def spy(surface, text, *args, **kwargs):
        rect = real(surface, text, *args, **kwargs)
        if surface is not None:  # drawn, not laid out (the card's height, _step_place)
            drawn.append((text, rect))
        return rect

    monkeypatch.setattr(widgets, "text", spy)
    card = next(iter(table.content.events))
    for kind in ("event", "spawn", "activation", "enemy_move", "attack", "event_text", "knocked_out", "lockdown"):
        table.steps[:] = [Shown("Something happens.", None, kind, {}, {"card": card})] * 2
        drawn.clear()
        table._draw_step(app.screen)
        panel = table._step_place()[0]
        (_h, heading), (_n, note) = drawn[0], drawn[1]
        assert not heading.colliderect(note) and panel.contains(note), (kind, drawn[:2], panel)
    table.steps.clear()


@pytest.mark.parametrize("language", ["el", "hu", "en"])
def test_an_event_card_revealed_at_125_percent_stays_in_the_view(make_app, config_dir, language):
    """At 125% in 1280x720 the view is 393 pixels high, and the event card revealed under the
    step's sentence (in Greek up to 370 pixels by itself) reached some hundred pixels over the
    hand strip below the view, in every language. It stands beside the sentence there, as
    narrow as lets it fit the view's height: every card, each section lit, stays in the view."""
    from game.ui.level7.table_scene import Shown

    from game.engine.text import M, as_text

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'language = "{language}"\nui_scale = 1.25\n')
    app, table = start_game(make_app)
    view = table.view_rect
    # the step's sentence at the end of a turn, the longest there is (beside the card, its
    # panel narrower, it was cut after four lines: '...μόνο η εμφάνιση και η')
    said = as_text(M("{who} draws an event card at the end of the turn: no section, its spawn and activation only.",
                     who=table.player_name(table.players[0])))
    for card in table.content.events:
        for trigger in ("", "security", "fear", "facility"):
            table.steps[:] = [Shown(said, None, "event", {}, {"card": card, "trigger": trigger})]
            panel, lines, reveal = table._step_place()
            assert " ".join(lines).split() == said.split(), (card, lines)  # the whole sentence
            assert view.contains(panel) and view.contains(reveal), (card, trigger, panel, reveal, view)
            assert not reveal.colliderect(table.hand_rect) and not reveal.colliderect(panel)
            laid = table._event_card(None, reveal.left + table.ctx.px(12), reveal.top + table.ctx.px(10),
                                     reveal.width - table.ctx.px(24), card, trigger)
            assert laid <= reveal.bottom, (card, trigger, laid, reveal)  # whole, not cut
    table.steps.clear()


def test_a_step_on_a_tile_under_the_top_left_stands_in_another_corner(make_app, config_dir):
    """1280x720, seed 4: the tile just explored lay at the map's top left, under the event card
    shown at the view's top left ('Lights Return: remove one darkness token from your tile...'),
    so the player could not see the tile the step spoke of. A step's panels stand in another
    corner of the view when they cover less of its tile there; a step on a tile clear of them
    stays put."""
    from game.ui.level7.table_scene import Shown

    app, table = start_game(make_app, seed=4)
    explore = next(a for a in table.session.legal_actions() if a.kind == "explore")
    do_click(app, door_pos(table, explore.payload["door"]))
    table.steps.clear()
    app.run(max_frames=1)
    card = next(iter(table.content.events))
    v, px = table.view_rect, table.ctx.px
    moved = kept = 0
    for tile in table._placed_names():
        spot = table._screen_rect(table._tile_rect(tile))
        table.steps[:] = [Shown("Something happens on a tile.", tile, "event", {}, {"card": card})]
        panel, _lines, reveal = table._step_place()
        shown = [r for r in (panel, reveal) if r is not None]
        left = [r.move(v.left + px(14) - panel.left, v.top + px(14) - panel.top) for r in shown]  # where it stood before
        cover = sum(r.clip(spot).width * r.clip(spot).height for r in shown)
        before = sum(r.clip(spot).width * r.clip(spot).height for r in left)
        assert cover <= before, (tile, cover, before)
        if panel.topleft != (v.left + px(14), v.top + px(14)):
            moved += 1
            assert cover < before
        else:
            kept += 1
    table.steps.clear()
    assert moved and kept, (moved, kept)


def test_a_step_without_a_tile_keeps_off_the_tile_of_whose_action_it_is(make_app, config_dir):
    """Hungarian, two subjects: Subject 1 explored the Incinerator and its event ('Locker: draw
    1 item card') was shown once the turn had passed to Subject 2; the step names no tile, and
    its panel kept off the turn player's tile, Subject 2's, lying over Subject 1's tile and
    figure. A step without a tile stands as one on the tile of whoever decided the action it
    comes from (Shown.actor), whoever's turn it is now."""
    from game.ui.level7.table_scene import Shown

    app, table = start_game(make_app, seats=("human", "human"), seed=4)
    if table.handoff is not None:
        do_click(app, table.view_rect.center)
    explore = next(a for a in table.session.legal_actions() if a.kind == "explore")
    do_click(app, door_pos(table, explore.payload["door"]))
    table.steps.clear()
    app.run(max_frames=1)
    st = table.state
    where = {p: st.characters[p].tile for p in table.players}
    assert len(set(where.values())) == 2, where
    card = next(iter(table.content.events))

    def place(tile, actor=""):
        table.steps[:] = [Shown("Something happens.", tile, "event", dict(where), {"card": card}, actor=actor)]
        return table._step_place()[0]

    on_tile = {p: place(where[p]) for p in table.players}
    assert on_tile[table.players[0]] != on_tile[table.players[1]]  # the two tiles place it apart
    for p in table.players:
        assert place(None, actor=p) == on_tile[p], (p, st.turn.player)
    table.steps.clear()


def test_the_setup_screen_in_greek_at_125_percent_lays_nothing_over_anything(make_app, config_dir, monkeypatch):
    """Level 7's set-up in Greek at 125% in 1280x720: each scenario's starting values
    ('Ζωτικότητα 4, Απειλή 6, αποκλεισμ...') lay over its name, the seed's heading ran out of
    its panel, and the summary read '1 θέσεις' (a plural for one seat). The values stand beside
    the name where they fit whole, else under it, headings fit their panel, and the seat count
    takes its plural."""
    from game.ui import widgets

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text('language = "el"\nui_scale = 1.25\n')
    app = make_app((1280, 720))
    setup = Level7Setup(app.ctx, SetupChoice(scenario="s1", seats=["human"], seed=1))
    app.push(setup)
    blocks: list[str] = []
    real_block = widgets.text_block

    def spy_block(surface, text, *a, **k):
        blocks.append(text)
        return real_block(surface, text, *a, **k)

    drawn = record_text_rects(monkeypatch)
    monkeypatch.setattr(widgets, "text_block", spy_block)
    app.run(max_frames=1)
    drawn.clear()
    setup.draw(app.screen)
    rows = [r for r, what in setup.hits if str(what).startswith("scenario:")]
    assert rows
    for row in rows:
        inside = [(t, r) for t, r in drawn if row.contains(r)]
        assert len(inside) >= 2, inside  # the name and its values (or 'cannot be played'), beside it or under it
        for i, (t, r) in enumerate(inside):
            assert not any(r.colliderect(o) for _t, o in inside[i + 1:]), inside
    size = app.screen.get_rect()
    assert all(size.contains(r) for _t, r in drawn)
    seed = next(r for t, r in drawn if t.startswith("ΣΠΟΡΟΣ"))
    panel = next(r for r, what in setup.hits if what == "seed")
    assert seed.right <= panel.right + setup.ctx.px(160)  # within the seats panel (field and its button)
    summary = next(t for t in blocks if "(άνθρωποι" in t)
    assert ": 1 θέση (" in summary, summary


def test_tile_names_show_at_the_zoom_a_1280x720_table_reaches_by_its_sixth_tile(make_app, config_dir, monkeypatch,
                                                                                 drawn_text):
    """At 1280x720 the fit went below zoom 0.3 once six tiles lay in a column (0.22), and below
    0.3 no name was drawn at all: the log said 'Subject 1 moves to Corridor 105' and no tile on
    the map was named. At zoom 0.22, on a one-cell tile, most names are drawn, each whole (its
    words unbroken, no '…'); one its tile can hold only broken mid-word is not drawn (the
    tile's hover card names it)."""
    from game.ui.level7 import table_scene

    app, table, placed, tile_rect = one_cell_tiles_at(make_app, monkeypatch, 0.22)
    surface = pygame.Surface(app.screen.get_size())
    names = sorted({pgettext("level7", tile.name) for tile in table.tiles.values()})
    shown, broken = [], []
    for name in names:
        monkeypatch.setattr(table_scene, "pgettext", lambda _context, text, name=name: name)
        sprite = next((sp for sp in table._label_sprites() if sp.name == ("label", placed)), None)
        if sprite is None:
            continue
        drawn_text.clear()
        sprite.paint(surface)
        shown.append(name)
        if " ".join(drawn_text) != name or not tile_rect.contains(sprite.rect.inflate(-4, -4)):
            broken.append((name, drawn_text[:]))
    assert broken == [] and len(shown) >= 0.8 * len(names), (len(shown), len(names), broken)


def test_a_click_on_a_locked_door_facing_unexplored_space_says_it_is_locked(make_app):
    """Blast Door may lock a door of your tile that faces unexplored space: no explore arrow is
    drawn there, Unlock Door is offered, and a click on the token said 'You are here.'. It says
    the rules' reason."""
    app, table = start_game(make_app)
    st = table.state
    door = next(a.payload["door"] for a in table.session.legal_actions() if a.kind == "explore")
    st.tokens["locked"].append([st.player.tile, door[0], door[1]])
    st.tokens["supply"]["locked"] -= 1
    st._graph = None
    table.state_version += 1
    table.update_choices()
    app.run(max_frames=1)
    assert door not in [a.payload["door"] for a in table.session.legal_actions() if a.kind == "explore"]
    n = len(table.session.actions)
    do_click(app, door_pos(table, door))
    assert len(table.session.actions) == n and table.message == "That door is locked."


def one_cell_tiles_at(make_app, monkeypatch, zoom: float):
    """A game at a fit of `zoom`, every tile drawn with a one-cell footprint (the smallest a
    tile's name band gets): the app, the table, a placed tile and its rect on screen."""
    from game.ui.level7 import table_scene

    app, table = start_game(make_app)
    table.camera.fit_zoom = zoom
    placed = next(n for n in table._placed_names() if n in table.seen)
    footprint = table._tile_rect
    monkeypatch.setattr(table, "_tile_rect", lambda name: pygame.Rect(footprint(name).topleft,
                                                                      (table_scene.CELL, table_scene.CELL)))
    tile_rect = table._screen_rect(table._tile_rect(placed))
    assert tile_rect.width <= round(table_scene.CELL * zoom) + 1
    return app, table, placed, tile_rect


@pytest.mark.parametrize("size, scale", [((1920, 1080), 1.0), ((1920, 1080), 1.25), ((1280, 720), 1.0), ((1280, 720), 1.25)])
def test_the_start_view_shows_the_start_tile_large(make_app, config_dir, size, scale):
    """The start view fitted the start tile with half a tile round it for the next tiles: at
    1920x1080 the Tank Farm was 425 px in a view 664 tall (zoom 0.66), its token and name small.
    It starts as Gears' tall boards do (the kit's camera.zoom_to_read): the characters' tiles as
    large as keeps them whole with their door arrows, up to the art's own size; the map is
    framed whole again once a tile is explored."""
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'ui_scale = {scale}\nlanguage = "en"\n')
    app, table = start_game(make_app, size=size)
    tile = table._screen_rect(table._tile_rect(table.state.player.tile))
    assert table.view_rect.contains(tile)
    assert tile.height >= table.view_rect.height * 0.7, (tile, table.view_rect)
    assert all(tile.contains(f) for f in table._figure_rects())
    doors = [a.payload["door"] for a in table.session.legal_actions() if a.kind == "explore"]
    assert len(doors) >= 3 and all(table.view_rect.contains(table._arrow_bound(tuple(d))) for d in doors)
    explore_and_pick(app, table, 0)
    app.run(max_frames=1)
    for name in table._placed_names():  # the grown map whole
        assert table.view_rect.contains(table._screen_rect(table._tile_rect(name)))
