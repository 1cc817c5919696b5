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


# ----------------------------------------------------------------------------- scenarios


def test_every_card_bullet_may_be_skipped_in_printed_order_seed_p10_spec_5_2(title, content):
    """Seed p. 10: the card's actions come first to last; any may be left out, the order kept."""
    for name, order in sorted(content.orders.items()):
        s = fresh(title, 2)
        s.cogs["P1"].hand = [f"{name}#1"]
        play_card(title, s, f"{name}#1")
        for i, b in enumerate(order.actions):
            f = T.top(s)
            assert f["f"] == "card" and f["i"] == i, name
            assert "skip" in kinds(title, s), name
            act(title, s, "skip")
        assert T.top(s)["f"] == "order", name


def test_advance_and_roadie_run_move_4_and_5_spec_6_1(title):
    s = fresh(title, 1)
    s.cogs["P1"].hand = ["advance#1", "roadie_run#1"]
    play_card(title, s, "advance#1")
    act(title, s, "do")
    assert T.top(s)["f"] == "move" and T.top(s)["left"] == 4
    s = fresh(title, 1)
    s.cogs["P1"].hand = ["roadie_run#1"]
    play_card(title, s, "roadie_run#1")
    act(title, s, "do")
    assert T.top(s)["left"] == 5


def test_assault_moves_3_then_attacks_spec_6_1(title):
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.hand = ["assault#1"]
    s.locusts["wretch#1"] = LocustState("wretch#1", "wretch", near(s, c.area, 1))
    play_card(title, s, "assault#1")
    act(title, s, "do")
    assert T.top(s)["f"] == "move" and T.top(s)["left"] == 3
    act(title, s, "stop")
    assert T.top(s)["f"] == "card" and T.top(s)["i"] == 1
    act(title, s, "do")
    assert T.top(s)["f"] == "attack" and "attack" in kinds(title, s)


def test_blind_fire_one_die_fewer_and_only_the_other_cogs_here_draw_spec_6_1(title, content):
    s = fresh(title, 3)
    p1, p2, p3 = (s.cogs[p] for p in ("P1", "P2", "P3"))
    p1.hand, p2.hand, p3.hand = ["blind_fire#1"], [], []
    p2.area = p1.area
    p3.area = near(s, p1.area, 1)
    s.locusts["wretch#1"] = LocustState("wretch#1", "wretch", near(s, p1.area, 1))
    full = T.A.cog_attack_plan(s, content, "P1", "wretch#1", "lancer", "normal").black
    play_card(title, s, "blind_fire#1")
    act(title, s, "do")
    assert T.top(s)["bonus"] == -1
    assert T.A.cog_attack_plan(s, content, "P1", "wretch#1", "lancer", "normal", -1).black == full - 1
    act(title, s, "skip")
    act(title, s, "do")
    assert (len(p1.hand), len(p2.hand), len(p3.hand)) == (0, 1, 0)


def test_dig_in_each_cog_in_cover_draws_whatever_its_area_seed_p28(title):
    """Seed p. 28: Dig In helps COGs on every map section; PLACEHOLDER: those in cover, you too."""
    s = fresh(title, 3)
    p1, p2, p3 = (s.cogs[p] for p in ("P1", "P2", "P3"))
    p1.hand, p2.hand, p3.hand = ["dig_in#1"], [], []
    view = s.view()
    covered = [a for a in sorted(view.areas) if view.cover_in[a]]
    p1.area, p2.area, p3.area = covered[0], covered[1], covered[0]
    p1.cover, p2.cover, p3.cover = view.cover_in[p1.area][0], view.cover_in[p2.area][0], None
    play_card(title, s, "dig_in#1")
    act(title, s, "do")
    assert (len(p1.hand), len(p2.hand), len(p3.hand)) == (1, 1, 0)


def test_sit_tight_may_choose_another_cog_in_the_area_or_yourself_spec_5_2(title):
    """Seed p. 10 / spec 5.2: 'choose a COG in your area' includes your own COG."""
    s = fresh(title, 3)
    p1, p2, p3 = (s.cogs[p] for p in ("P1", "P2", "P3"))
    p1.hand, p2.hand, p3.hand = ["sit_tight#1"], [], []
    p2.area = p1.area
    p3.area = near(s, p1.area, 1)
    play_card(title, s, "sit_tight#1")
    act(title, s, "do")
    options = {a.payload["player"] for a in title.legal_actions(s) if a.kind == "cog"}
    assert options == {"P1", "P2"}
    act(title, s, "cog", player="P2")
    assert len(p2.hand) == 2 and not p1.hand


def test_card_draws_are_capped_by_the_hand_limit_too_seed_p9(title):
    """Seed p. 9: 'Soha nem lépheti túl a kézlimitjét' (a COG never exceeds its hand limit):
    a card that draws is capped like the Healing Step (this test used to assert 8 cards; the
    seed's 'never' wins over that reading, issue 20)."""
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.hand = ["sit_tight#1"] + [f"advance#{i}" for i in range(6)]
    play_card(title, s, "sit_tight#1")
    act(title, s, "do")
    assert len(c.hand) == 6


def test_dom_extra_move_once_even_with_active_reload_faq_spec_8_3(title):
    """Spec 8.3 (FAQ v1.1): with Active Reload Dom plays two cards, his extra area comes once."""
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.character = "dominic_santiago"
    c.hand = ["assault#1", "active_reload#1", "advance#1"]
    s.locusts["boomer#1"] = LocustState("boomer#1", "boomer", near(s, c.area, 1))
    s.flags["dice_stack"] = {"attack": [5] * 9, "defence": [5] * 9}
    play_card(title, s, "active_reload#1")
    act(title, s, "do")
    act(title, s, "attack", target="boomer#1", weapon="lancer", mode="overwhelming")
    settle(title, s)
    act(title, s, "do")
    play_card(title, s, "advance#1")
    act(title, s, "do")
    assert T.top(s)["left"] == 5  # the first move of the turn: 4 + 1
    act(title, s, "stop")
    assert "play" not in kinds(title, s)  # the second Order Step is once per turn


def test_dom_extra_move_not_in_a_teamwork_resolution_spec_8_3(title):
    """Spec 8.3 PLACEHOLDER: Dom's extra area only in his own COG Order Step."""
    s = fresh(title, 2)
    s.cogs["P2"].character = "dominic_santiago"
    s.cogs["P1"].hand, s.cogs["P2"].hand = ["teamwork#1"], ["advance#1"]
    play_card(title, s, "teamwork#1")
    act(title, s, "do")
    act(title, s, "teammate", player="P2")
    play_card(title, s, "advance#1")
    act(title, s, "do")
    assert T.top(s)["player"] == "P2" and T.top(s)["left"] == 4


def test_marcus_extra_die_with_the_lancer_and_its_chainsaw_only_spec_8_3_6_7(title, content):
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.character = "marcus_fenix"
    s.locusts["wretch#1"] = LocustState("wretch#1", "wretch", c.area)
    base = T.A.weapon_dice(content, "lancer", "normal")
    assert T.A.cog_attack_plan(s, content, "P1", "wretch#1", "lancer", "normal").black == base + 1
    pistol = T.A.weapon_dice(content, "snub_pistol", "normal")
    assert T.A.cog_attack_plan(s, content, "P1", "wretch#1", "snub_pistol", "normal").black == pistol
    c.hand = ["advance#1"]
    act(title, s, "play", card="advance#1", **{"as": "attack"})
    events = act(title, s, "chainsaw", target="wretch#1")
    settle(title, s)
    roll = next(e for e in events if e.kind == "roll")
    assert len(roll.payload["attack"]) == 5  # 4 chainsaw dice + Marcus's 1


def test_baird_carries_four_weapons_besides_the_bolo_spec_8_3(title, content):
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.character, c.hand = "damon_baird", []
    c.weapons = [["lancer", 1], ["snub_pistol", 1], ["gnasher", 1]]
    s.dropped.append({"id": "drop1", "area": c.area, "weapon": "hammerburst", "enemy": "drone", "marker": "drone:0"})
    take = next(a for a in title.legal_actions(s) if a.kind == "special" and a.payload.get("choice") == "weapon")
    title.apply(s, take)
    assert len(c.weapons) == 4
    s.dropped.append({"id": "drop2", "area": c.area, "weapon": "boomshot", "enemy": "boomer", "marker": "boomer:0"})
    assert not any(a.kind == "special" and a.payload.get("choice") == "weapon" for a in title.legal_actions(s))


def test_solo_follow_once_per_turn_and_two_plus_only_in_solo_spec_6_16(title):
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.hand = ["roadie_run#1", "roadie_run#2", "teamwork#1"]
    act(title, s, "solo_follow", card="roadie_run#1")
    assert T.top(s)["left"] == 1
    act(title, s, "stop")
    assert "solo_follow" not in kinds(title, s) and "remove_two_plus" in kinds(title, s)
    s2 = fresh(title, 2)
    s2.cogs["P1"].hand = ["roadie_run#1", "teamwork#1"]
    assert not {"solo_follow", "remove_two_plus"} & kinds(title, s2)



def test_a_cog_who_stays_in_the_open_is_logged_as_one_who_takes_cover_spec_3_3(title):
    """Spec 3.3: after a move the COG may take a free cover spot in his area or stay in the
    open. Both answers are logged (the log said nothing when he stayed in the open, so the
    people at the table could not tell that the question had been answered)."""
    from game.gears.rules.movement import free_spots

    s = fresh(title, 1)
    c = s.cogs["P1"]
    view = s.view()
    area = next(a for a in sorted(view.areas) if view.mdist(c.area, a) == 1 and free_spots(s, a))
    c.hand = ["assault#1"]
    play_card(title, s, "assault#1")
    act(title, s, "do")
    act(title, s, "step", area=area)
    act(title, s, "stop")
    assert {"cover", "no_cover"} <= kinds(title, s)
    events = act(title, s, "no_cover")
    assert [(e.kind, e.text) for e in events if e.kind in ("cover", "no_cover")] == \
        [("no_cover", f"{title.content.cogs[c.character].name} stays in the open.")]
    assert c.cover is None
