"""Audit of where the COG Order Step ends and what it offers between a card's actions (spec
5.2, 5.4, 6.13, 6.16; seed p. 10, 21, 30), driven through legal_actions / apply."""
from __future__ import annotations

from game.engine.protocol import Action
from game.gears.rules import turn as T
from tests.gears.conftest import fresh

HIT2, OMEN = 4, 0  # attack die faces (dice.toml): 2 hits, Omen
BLANK_RED = 5  # defence die face without shields

def act(title, s, kind, **payload):
    return title.apply(s, Action(kind, payload))


def kinds(title, s):
    return {a.kind for a in title.legal_actions(s)}


def far_area(s, area, d=2):
    view = s.view()
    return next(a for a in view.areas if view.rdist(area, a) >= d)


def self_grenade_scene(title):
    """P1 (active) holds only Blind Fire, P2 stands 2+ areas away; the dice make P1's own Bolo
    Grenade hit P1 for 2 with no shield."""
    s = fresh(title, 2)
    c, o = s.cogs["P1"], s.cogs["P2"]
    c.hand, c.cover, c.grenades = ["blind_fire#1"], None, 1
    o.area, o.cover, o.hand = far_area(s, c.area), None, ["roadie_run#1", "roadie_run#2"]
    s.flags["dice_stack"] = {"attack": [HIT2, HIT2, HIT2], "defence": [BLANK_RED] * 10}
    return s


def test_cog_downed_by_its_own_grenade_ends_its_order_step_at_once_spec_5_4_6_13(title):
    """Seed p. 21 / spec 5.4, 6.13: a bleeding-out COG skips the COG Order Step, so one that goes
    down halfway through it (its own Bolo Grenade, with an empty hand) is offered nothing more:
    not the card's next action (Blind Fire's draw), not a move, not a special action; the Locust
    Activation Step runs as usual."""
    s = self_grenade_scene(title)
    c = s.cogs["P1"]
    act(title, s, "play", card="blind_fire#1", **{"as": "card"})
    act(title, s, "do")
    events = act(title, s, "grenade", area=c.area)
    assert c.bleeding
    assert not any(fr.get("player") == "P1" for fr in T.stack(s))
    assert any(e.kind == "ai_card" for e in events), "the Locust Activation Step did not run"
    # Either the AI card still asks something, or the turn has passed to P2.
    assert (s.proc is not None and s.proc["name"] == "locust_step") or s.active_player == "P2"


def test_teammate_downed_inside_teamwork_loses_the_rest_of_his_card_spec_5_4_6_1(title):
    """Spec 6.1 Teamwork: the teammate resolves his card 'as if in his own COG Order Step'; going
    down there (his own grenade, empty hand) ends that card (spec 5.4, 6.13), and the active
    player's Order Step goes on."""
    s = self_grenade_scene(title)
    c, o = s.cogs["P1"], s.cogs["P2"]
    c.hand = ["teamwork#1", "roadie_run#3"]
    o.hand, o.grenades = ["blind_fire#1"], 1
    act(title, s, "play", card="teamwork#1", **{"as": "card"})
    act(title, s, "do")
    act(title, s, "teammate", player="P2")
    act(title, s, "play", card="blind_fire#1", **{"as": "card"})
    act(title, s, "do")
    act(title, s, "grenade", area=o.area)
    assert o.bleeding and not c.bleeding and s.outcome is None
    assert [fr["f"] for fr in T.stack(s)] == ["order"] and T.top(s)["player"] == "P1"
    assert "end" in kinds(title, s)


def _between_scavenging_bullets(title):
    """Solo P1 plays Scavenging (move 2, then 1 ammo) and ends its move: the card waits at its
    second action."""
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.hand = ["scavenging#1", "roadie_run#1", "dig_in#1"]
    act(title, s, "play", card="scavenging#1", **{"as": "card"})
    act(title, s, "do")
    step = next(a for a in title.legal_actions(s) if a.kind == "step")
    title.apply(s, step)
    act(title, s, "stop")
    if T.top(s)["f"] == "cover":
        act(title, s, "no_cover")
    assert T.top(s)["f"] == "card" and T.top(s)["i"] == 1
    return s


def test_solo_follow_move_between_a_cards_actions_not_inside_a_move_spec_6_16_5_2(title):
    """Spec 6.16: the solo Follow extra move is 'during the Order Step', once per turn; like a
    special action it may come between two whole actions of the card (spec 5.2), not inside a
    move; the card then goes on at its next action."""
    s = _between_scavenging_bullets(title)
    c = s.cogs["P1"]
    assert {"solo_follow", "remove_two_plus"} <= kinds(title, s)
    act(title, s, "solo_follow", card="roadie_run#1")
    assert T.top(s)["f"] == "move" and T.top(s)["left"] == 1
    inside = kinds(title, s)
    assert not {"remove_two_plus", "solo_follow", "do"} & inside
    try:
        act(title, s, "remove_two_plus", card="dig_in#1")
    except Exception as exc:  # IllegalAction, worded for the player
        assert "inside a move" in str(exc) and "6.16" in str(exc)
    else:
        raise AssertionError("a 2+ card was removed inside a move")
    step = next(a for a in title.legal_actions(s) if a.kind == "step")
    title.apply(s, step)
    act(title, s, "stop")
    if T.top(s)["f"] == "cover":
        act(title, s, "no_cover")
    assert T.top(s)["f"] == "card" and T.top(s)["i"] == 1
    assert "solo_follow" not in kinds(title, s), "the solo Follow move is once per turn"
    ammo_before = sum(a for _, a in c.weapons)
    act(title, s, "do")
    if T.top(s)["f"] == "gain_ammo":
        title.apply(s, next(a for a in title.legal_actions(s) if a.kind == "ammo"))
    assert sum(a for _, a in c.weapons) == ammo_before + 1


def test_solo_two_plus_removed_between_a_cards_actions_spec_6_16(title):
    """Spec 6.16: a 2+ card may be removed from the game 'at any time during the player's Order
    Step' (a new card is drawn, nothing goes to the discard pile), also between two actions of
    the card being resolved, which then goes on."""
    s = _between_scavenging_bullets(title)
    c = s.cogs["P1"]
    discards = len(s.orders.discard_pile)
    act(title, s, "remove_two_plus", card="dig_in#1")
    assert "dig_in#1" in s.orders.removed and "dig_in#1" not in c.hand
    assert len(c.hand) == 2 and len(s.orders.discard_pile) == discards
    assert T.top(s)["f"] == "card" and T.top(s)["i"] == 1 and "do" in kinds(title, s)
