"""Spec 7: the Locust AI resolver on real cards, with explanations."""
from __future__ import annotations

from game.gears.ai import resolve_card
from game.gears.rules.procedures import Ctx, NeedDecision
from game.gears.rules.state import LocustState
from tests.gears.conftest import fresh


def _far_area(view, start, d):
    return next(a for a in view.areas if view.mdist(start, a) == d)


def test_wretch_card_8_moves_into_area_and_attacks_spec_7_6(title, content):
    """base:8: IF a COG is within 2 movement: move into his area and attack him."""
    s = fresh(title, 1)
    p = s.players[0]
    c = s.cogs[p]
    c.hand = ["roadie_run#1", "roadie_run#2"]  # Follow cards: no Dodge or Guard window
    view = s.view()
    start = _far_area(view, c.area, 2)
    s.locusts["wretch#1"] = LocustState("wretch#1", "wretch", start)
    ctx = Ctx(s, [])
    again = resolve_card(ctx, content, content.ai_cards["base:8"])
    assert not again
    assert s.locusts["wretch#1"].area == c.area
    kinds = [e.kind for e in ctx.events]
    assert "attack" in kinds
    why = [e for e in ctx.events if e.kind == "ai" and e.payload.get("figure") == "wretch#1"]
    assert why and why[0].payload["branch"] == 0 and why[0].payload["that_cog"] == p


def test_redraw_when_no_figure_of_type_spec_7_3(title, content):
    """'If no Wretch in play, draw a new AI card.'"""
    s = fresh(title, 1)
    ctx = Ctx(s, [])
    assert resolve_card(ctx, content, content.ai_cards["base:8"]) is True


def test_group_spawn_branch_spec_7_5(title, content):
    """base:12 with no Drone in play: spawn 2 Drones at the open hole nearest you."""
    s = fresh(title, 1)
    for h in s.holes.values():
        h["sealed"] = False
    ctx = Ctx(s, [])
    try:
        resolve_card(ctx, content, content.ai_cards["base:12"])
    except NeedDecision as need:  # tied holes or cover spots: the active player's choice
        assert need.decider == s.active_player
        return
    assert sum(1 for x in s.locusts.values() if x.enemy == "drone") == 2


def test_guard_is_offered_before_a_locust_moves_spec_6_9(title, content):
    """A COG holding a Guard card, with LOS and ammo, is asked before the Locust moves."""
    s = fresh(title, 1)
    p = s.players[0]
    c = s.cogs[p]
    c.hand = ["blind_fire#1"]
    c.cover = None
    view = s.view()
    from game.gears.rules.movement import los

    start = next(a for a in view.areas if view.mdist(c.area, a) == 2 and los(view, (c.area, None), (a, None)))
    s.locusts["wretch#1"] = LocustState("wretch#1", "wretch", start)
    ctx = Ctx(s, [])
    try:
        resolve_card(ctx, content, content.ai_cards["base:8"])
    except NeedDecision as need:
        assert need.kind == "guard" and need.decider == p
        assert {"guard": None} in need.options
        return
    raise AssertionError("no Guard window was offered")
