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
