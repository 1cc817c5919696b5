"""Random legal games (a few, bounded) with the invariants checked after every action (task 5):
no card created or lost, no two figures on one square, none off the floor or on a blocking prop,
health / armour / ammo within limits, a legal action always exists until the game is over, and
replaying the action list through Session from the seed gives the same state hash."""
from __future__ import annotations

from collections import Counter

import pytest

from game.doom.bots import RandomBot
from game.doom.content import shared_content
from game.doom.rules.title import DoomTitle
from game.engine.session import Session

TITLE = DoomTitle()


def check(state) -> None:
    c = shared_content()
    # cards: the invader deck, its discards and the hand hold the 66 cards exactly once
    assert Counter(state.deck.cards() + state.hand) == Counter(c.invader_deck())
    dealt = [x for m in state.marines.values() for x in m.cards]
    assert Counter(state.marine_deck.cards() + dealt) == Counter(c.marine_deck())
    # figures: one per square, on floor, never with an obstacle or barrel (spec 3.9)
    squares = [m.cell for m in state.marines.values() if m.cell is not None]
    squares += [cell for inv in state.invaders.values() for cell in inv.cells]
    assert len(squares) == len(set(squares)), "two figures on one square"
    floor = state.map.floor
    blocking = state.blocking_markers()
    for cell in squares:
        assert cell in floor, f"figure off the floor at {cell}"
        assert cell not in blocking, f"figure on an obstacle or barrel at {cell}"
    for m in state.marines.values():
        assert 0 < m.health <= m.max_health
        assert m.armour >= m.base_armour >= 1
        assert all(v >= 0 for v in m.ammo.values())
        assert (m.cell is None) == m.dead
    for inv in state.invaders.values():
        assert 0 <= inv.wounds < c.monsters[inv.monster].health
    for monster in c.monsters:
        on_board = sum(1 for i in state.invaders.values() if i.monster == monster)
        assert on_board <= c.monsters[monster].figures // 3 * len(state.seats)
    if state.proc is not None:  # a question: its options are worded for a person
        pending = state.proc["pending"]
        for label in pending["labels"] + [pending["prompt"]]:
            assert label and "#" not in label and "{" not in label and label != "Choose this", label


OTHER_RULES = {"marine_cards": "medic_only", "strict_corners": True, "door_reach": "flanking",
               "demon_sidestep": "also_perpendicular", "blow_through_ammo": "first_only",
               "adrenaline": "moving_actions", "frags_for_marine_kills": "invader_only", "squeeze": "forbidden"}


@pytest.mark.parametrize("scenario,seed,marines,rules", [
    ("knee_deep", 1, 1, {}), ("knee_deep", 2, 2, {}), ("knee_deep", 3, 3, {}), ("reactor", 5, 2, {}),
    ("knee_deep", 7, 2, OTHER_RULES)])
def test_random_games_keep_the_invariants_and_replay(scenario, seed, marines, rules):
    """Task 5: the invariants after every action of bounded random games, then the replay hash
    (also with every rule option of spec 11 switched to its alternative)."""
    options = {"marines": marines, **rules}
    session = Session.start(TITLE, scenario, seed=seed, options=options)
    bot = RandomBot(seed)
    check(session.state)
    for _ in range(350):
        if session.is_over():
            break
        actions = session.legal_actions()
        assert actions, "no legal action although the game is not over"
        assert all(a.text and "#" not in a.text for a in actions), [a.text for a in actions if "#" in a.text]
        session.apply(bot.choose(actions))
        check(session.state)
    replay = Session.replay(TITLE, scenario, seed, session.options, session.actions)
    assert replay.state_hash() == session.state_hash()


def test_re_execution_reaches_the_same_states():
    """docs/ENGINE.md: a resolution goes on by re-execution from its checkpoint when no paused
    frame matches; the game must not depend on which path is taken."""
    from game.doom.rules.procedures import RESOLVER

    session = Session.start(TITLE, "knee_deep", seed=4, options={"marines": 2})
    bot = RandomBot(4)
    for _ in range(250):
        if session.is_over():
            break
        session.apply(bot.choose(session.legal_actions()))
    RESOLVER.live = False
    try:
        replay = Session.replay(TITLE, "knee_deep", 4, session.options, session.actions)
    finally:
        RESOLVER.live = True
    assert replay.state_hash() == session.state_hash()


def test_log_lines_are_plain_words_and_the_hand_stays_hidden(tmp_path):
    """ENGINE.md: every event has a log line, ids never show; the invader's draws are seen only by
    the invader (visible_to) while everyone sees how many were drawn; a save loads by replay."""
    from game.engine.session import load_session

    session = Session.start(TITLE, "knee_deep", seed=6, options={"marines": 2})
    bot = RandomBot(6)
    for _ in range(200):
        if session.is_over():
            break
        session.apply(bot.choose(session.legal_actions()))
    lines = session.log.texts()
    assert lines and all(line.strip() for line in lines)
    assert not [line for line in lines if "#" in line], "an id leaked into the log"
    public = session.log.texts_for(None)
    names = {c.name for c in shared_content().invader_cards.values()}
    drawn = [line for line in lines if line.startswith("The invader draws ") and line[18:-1] in names]
    assert drawn and not set(drawn) & set(public)
    assert set(drawn) <= set(session.log.texts_for("invader"))
    path = tmp_path / "doom.json"
    session.save(path)
    loaded = load_session(path, TITLE)
    assert loaded.state_hash() == session.state_hash()


def test_illegal_actions_are_refused_with_sentences():
    """ENGINE.md: an illegal action raises IllegalAction before anything changes, with a sentence
    (no ids, no payloads); tried with actions that were legal at other moments of a game."""
    from game.engine.protocol import IllegalAction

    session = Session.start(TITLE, "knee_deep", seed=8, options={"marines": 2})
    bot = RandomBot(8)
    seen = []
    for step in range(200):
        if session.is_over():
            break
        legal = session.legal_actions()
        if step % 10 == 0:
            before = session.state_hash()
            for other in seen[-40:]:
                if other in legal:
                    continue
                with pytest.raises(IllegalAction) as err:
                    TITLE.apply(session.state, other)
                reason = err.value.reason
                # a sentence: a capital first, a full stop last (or the question mark of the
                # question it quotes: "The invader must first answer: Where does ... appear?")
                assert reason[0].isupper() and reason.endswith((".", "?")), reason
                assert "#" not in reason and "{" not in reason, reason
            assert session.state_hash() == before
        seen.extend(legal[:5])
        session.apply(bot.choose(legal))


def test_undo_goes_back_over_a_move_but_not_over_dice():
    """DESIGN.md: undo by replay stops at hidden information (a roll) unless the table is casual."""
    from game.engine.protocol import Action
    from game.engine.session import UndoRefused

    session = Session.start(TITLE, "knee_deep", seed=2, options={"marines": 1})
    before = session.state_hash()
    session.apply(Action("declare", {"action": "run"}))
    session.apply(Action("move", {"to": [4, 8]}))
    session.undo()
    session.undo()
    assert session.state_hash() == before
    for action in (Action("declare", {"action": "run"}), Action("move", {"to": [5, 8]}),
                   Action("door", {"door": "D1"}), Action("end_turn"), Action("no_spawn"),
                   Action("end_invader_turn"), Action("declare", {"action": "fire"})):
        session.apply(action)
    attack = next(a for a in session.legal_actions() if a.kind == "attack")  # the zombie revealed in A2
    session.apply(attack)
    with pytest.raises(UndoRefused):
        session.undo()


def test_a_loaded_state_answers_a_pending_question_like_the_live_one():
    """docs/ENGINE.md: a state that was loaded mid-question has no paused frame and goes on by
    re-execution from the checkpoint, reaching the same state as the live one."""
    from game.doom.bots import GreedyBot

    session = Session.start(TITLE, "knee_deep", seed=11, options={"marines": 2})
    bot = GreedyBot()
    checked = 0
    for _ in range(600):
        if session.is_over() or checked >= 5:
            break
        state = session.state
        if state.proc is not None:
            copy = TITLE.from_json(TITLE.to_json(state))
            action = session.legal_actions()[-1]
            TITLE.apply(copy, action)
            session.apply(action)
            assert TITLE.state_hash(copy) == session.state_hash()
            checked += 1
            continue
        session.apply(bot.choose(session.legal_actions(), session.state))
    assert checked >= 1


def test_every_offered_move_is_legal_step_by_step():
    """Spec 3.6 checked on the paths the rules offer in random games: every step crosses no wall
    or closed door, enters only explored floor without an enemy or a blocking prop, and ends on
    squares no other figure holds."""
    from game.doom.rules.queries import reachable, revealed_cells

    session = Session.start(TITLE, "knee_deep", seed=12, options={"marines": 3})
    bot = RandomBot(12)
    checked = 0
    for _ in range(300):
        if session.is_over():
            break
        state = session.state
        fig = None
        if state.proc is None and state.phase == "marine" and state.turn and state.turn["mp"] > 0:
            fig, mp = state.seats[state.seat], state.turn["mp"]
        elif state.proc is None and state.act is not None and state.act["mp"] > 0:
            fig, mp = state.act["fig"], state.act["mp"]
        if fig is not None and (fig not in state.marines or state.marines[fig].cell is not None):
            m, closed = state.map, state.closed_set
            figures = state.figure_cells()
            explored = revealed_cells(state)
            mine = fig in state.marines
            for end, path in reachable(state, fig, mp).items():
                assert len(path) <= mp
                prev = (state.marines[fig].cell,) if mine else tuple(state.invaders[fig].cells)
                for pos in path:
                    for c in pos:
                        assert c in explored and c not in state.blocking_markers()
                        other = figures.get(c)
                        assert other in (None, fig) or (other in state.marines) == mine
                    if len(pos) == len(prev) and len(pos) != 2:
                        assert all(m.step_ok(a, b, closed) for a, b in zip(prev, pos))
                    prev = pos
                assert all(figures.get(c, fig) == fig for c in end)
                checked += 1
        session.apply(bot.choose(session.legal_actions()))
    assert checked > 100
