"""Spec 5 (turn), 6.2 (movement), 3.3 (cover after moving), 6.10 (special actions)."""
from __future__ import annotations

import pytest

from game.engine.protocol import Action, IllegalAction
from tests.gears.conftest import fresh


def _act(title, s, kind, **payload):
    return title.apply(s, Action(kind, payload))


def test_play_a_card_to_move_two_areas_spec_5_2(title):
    """Option (b): move up to 2 areas; a third step is not offered."""
    s = fresh(title, 1)
    p = s.players[0]
    card = s.cogs[p].hand[0]
    _act(title, s, "play", card=card, **{"as": "move"})
    assert card not in s.cogs[p].hand and card in s.orders.discard_pile
    start = s.cogs[p].area
    for _ in range(2):
        step = next(a for a in title.legal_actions(s) if a.kind == "step")
        title.apply(s, step)
    assert not any(a.kind == "step" for a in title.legal_actions(s))
    assert s.view().mdist(start, s.cogs[p].area) <= 2
    _act(title, s, "stop")
    assert s.phase == "cover"  # moved, so it may take cover (spec 3.3)


def test_no_cover_without_moving_spec_3_3(title):
    """A COG that ends a move without moving may not take cover."""
    s = fresh(title, 1)
    p = s.players[0]
    _act(title, s, "play", card=s.cogs[p].hand[0], **{"as": "move"})
    _act(title, s, "stop")
    assert s.phase == "order"
    assert not any(a.kind == "cover" for a in title.legal_actions(s))


def test_exactly_one_order_card_then_end_spec_5_2(title):
    s = fresh(title, 1)
    p = s.players[0]
    assert not any(a.kind == "end" for a in title.legal_actions(s))
    _act(title, s, "play", card=s.cogs[p].hand[0], **{"as": "move"})
    _act(title, s, "stop")
    assert not any(a.kind == "play" for a in title.legal_actions(s))
    assert any(a.kind == "end" for a in title.legal_actions(s))


def test_illegal_action_leaves_state_untouched(title):
    s = fresh(title, 1)
    before = s.state_hash()
    with pytest.raises(IllegalAction):
        _act(title, s, "step", area="nowhere")
    assert s.state_hash() == before


def test_end_of_order_step_runs_the_locust_step_then_next_turn_spec_5_3(title):
    """After the Order Step the AI card is resolved and the next turn starts with healing."""
    s = fresh(title, 1)
    p = s.players[0]
    _act(title, s, "play", card=s.cogs[p].hand[0], **{"as": "move"})
    _act(title, s, "stop")
    hand = len(s.cogs[p].hand)
    ai_before = len(s.ai.discard_pile)
    events = _act(title, s, "end")
    while s.proc is not None and s.outcome is None:
        events += title.apply(s, title.legal_actions(s)[0])
    assert any(e.kind == "ai_card" for e in events)
    assert len(s.ai.discard_pile) > ai_before
    if s.outcome is None and not s.cogs[p].bleeding:
        assert s.turn == 2
        assert len(s.cogs[p].hand) >= min(hand + 2, 6) - 2  # drew up to 2 (less if wounded)


def test_revive_special_action_spec_6_10(title):
    s = fresh(title, 2)
    p, q = s.players
    s.cogs[q].area = s.cogs[p].area
    s.cogs[q].bleeding = True
    s.cogs[q].hand = []
    revive = [a for a in title.legal_actions(s) if a.kind == "special" and a.payload["do"] == "revive"]
    assert revive
    title.apply(s, revive[0])
    assert not s.cogs[q].bleeding and s.cogs[q].no_draw
