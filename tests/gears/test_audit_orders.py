"""Audit of the Order cards (spec 5.2, 6.1, 6.16; seed p. 10, 28) and the COG characters (spec
8.3): each card's printed bullets in order, each skippable, and each ability, driven through
legal_actions / apply. Card texts are the PLACEHOLDER wording of orders.toml / cogs.toml."""
from __future__ import annotations

from game.engine.protocol import Action
from game.gears.rules import turn as T
from game.gears.rules.state import LocustState
from tests.gears.conftest import fresh


def act(title, s, kind, **payload):
    return title.apply(s, Action(kind, payload))


def settle(title, s, pick=0):
    while s.proc is not None and s.outcome is None:
        title.apply(s, title.legal_actions(s)[pick])


def kinds(title, s):
    return {a.kind for a in title.legal_actions(s)}


def play_card(title, s, card):
    act(title, s, "play", card=card, **{"as": "card"})


def near(s, area, d):
    view = s.view()
    return next(x for x in view.areas if view.mdist(area, x) == d and view.rdist(area, x) == d)


# ----------------------------------------------------------------------------- defects


def test_explore_card_lets_the_player_choose_the_weapon_for_the_ammo_spec_6_1_6_10(title):
    """Explore (spec 6.1): 'you may activate the equipment in your area' is the equipment's own
    effect (spec 6.10: the Location card's choice, e.g. which weapon gets the ammo); the engine
    must not pick the first weapon for the player."""
    s = fresh(title, 1)
    c = s.cogs["P1"]
    view = s.view()
    tile = next(t for t, e in s.equipment.items() if e == "ammunition")
    area = view.equipment_area[tile]
    c.area = next(x for x in view.areas if view.mdist(x, area) == 1)
    c.hand = ["explore#1"]
    pistol = c.ammo("snub_pistol")
    play_card(title, s, "explore#1")
    act(title, s, "do")
    act(title, s, "step", area=area)
    act(title, s, "stop")
    act(title, s, "no_cover")
    act(title, s, "do")
    offered = [a for a in title.legal_actions(s) if a.kind != "drop_weapon"
               and a.payload.get("weapon") == "snub_pistol"]
    assert offered, "the Snub Pistol is never offered for the ammo"
    title.apply(s, offered[0])
    settle(title, s)
    assert c.ammo("snub_pistol") > pistol and tile not in s.equipment


def test_teamwork_active_reload_gives_the_second_order_step_to_the_teammate_spec_6_1(title):
    """Teamwork (spec 6.1, PLACEHOLDER): the teammate resolves his card 'as if in his own COG
    Order Step'; Active Reload's 'you may then resolve a second COG Order Step' is his, not a
    second card for the active player (who played Teamwork as his one card, spec 5.2)."""
    s = fresh(title, 2)
    p1, p2 = s.cogs["P1"], s.cogs["P2"]
    p1.hand = ["teamwork#1", "advance#1"]
    p2.hand = ["active_reload#1", "roadie_run#1"]
    s.locusts["boomer#1"] = LocustState("boomer#1", "boomer", near(s, p2.area, 1))
    s.flags["dice_stack"] = {"attack": [5] * 9, "defence": [5] * 9}
    play_card(title, s, "teamwork#1")
    act(title, s, "do")
    act(title, s, "teammate", player="P2")
    play_card(title, s, "active_reload#1")
    act(title, s, "do")
    act(title, s, "attack", target="boomer#1", weapon="lancer", mode="overwhelming")
    settle(title, s)
    act(title, s, "do")
    assert title.current_decider(s) == "P2"
    assert any(a.kind == "play" and a.payload["card"] == "roadie_run#1" for a in title.legal_actions(s))
    act(title, s, "skip")
    assert T.top(s)["f"] == "order" and T.top(s)["player"] == "P1"
    assert "play" not in kinds(title, s) and "end" in kinds(title, s)


def test_ambush_attack_without_the_pull_still_needs_a_locust_within_2_in_los_spec_6_1(title):
    """Ambush (spec 6.1): 'Choose a Locust within 2 areas and in LOS ... Then attack it with the
    Overwhelming value ... without spending ammo'. Skipping the pull (moving it is optional)
    must not turn the free attack into one on any Locust in range of the weapon."""
    s = fresh(title, 1)
    c = s.cogs["P1"]
    view = s.view()
    far = None
    for x in sorted(view.areas):
        if view.rdist(c.area, x) >= 3:
            s.locusts["wretch#1"] = LocustState("wretch#1", "wretch", x)
            if T.A.attack_sight(s, "P1", "wretch#1")[0]:
                far = x
                break
    assert far is not None, "the sample map has an area 3+ away in LOS"
    c.hand = ["ambush#1"]
    play_card(title, s, "ambush#1")
    assert not any(a.payload.get("target") == "wretch#1" for a in title.legal_actions(s) if a.kind == "pull")
    act(title, s, "skip")
    targets = {a.payload.get("target") for a in title.legal_actions(s) if a.kind == "attack"}
    assert "do" not in kinds(title, s) and "wretch#1" not in targets


def test_ambush_refusal_names_the_within_2_rule_spec_6_1(title):
    """The refusal of an Ambush attack on a Locust the card could not choose says why."""
    s = fresh(title, 1)
    c = s.cogs["P1"]
    view = s.view()
    x = next(a for a in sorted(view.areas) if view.rdist(c.area, a) >= 3)
    s.locusts["wretch#1"] = LocustState("wretch#1", "wretch", x)
    c.hand = ["ambush#1"]
    play_card(title, s, "ambush#1")
    act(title, s, "skip")
    T.push(s, {"f": "attack", "player": "P1", "mode": "overwhelming", "spend": False, "among": []})
    from game.gears.rules.refusals import why_illegal
    msg = why_illegal(s, Action("attack", {"target": "wretch#1", "weapon": "lancer", "mode": "overwhelming"}))
    assert "within 2 areas" in msg
