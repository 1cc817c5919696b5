"""Spec 7.6 and 9.3.3: one scenario per Locust AI card (base:1-35, mp1:1-19), each asserting
what the card does on the sample map (a straight chain of areas, so distances are known).

Every decision the card asks is answered with its first option, which is always the passive
one for reactions ("No Guard", "No Dodge"); dice are stacked blank unless a test says otherwise.
"""
from __future__ import annotations

import pytest

from game.gears.ai import resolve_card
from game.gears.rules import wounds as W
from game.gears.rules.procedures import Ctx, NeedDecision
from game.gears.rules.spawning import md
from game.gears.rules.state import LocustState
from tests.gears.conftest import fresh, resolve_with_result

BLANK = {"attack": [5] * 40, "defence": [5] * 40}


def scene(title, players: int = 1):
    s = fresh(title, players)
    s.flags["dice_stack"] = {k: list(v) for k, v in BLANK.items()}
    for c in s.cogs.values():
        c.area = s.cogs[s.players[0]].area
        c.cover = None
        c.hand = ["roadie_run#1", "roadie_run#2", "roadie_run#3", "roadie_run#4", "roadie_run#5"]
    return s


def area_at(s, d: int, start: str | None = None) -> str:
    view = s.view()
    start = start or s.cogs[s.players[0]].area
    return sorted(a for a in view.areas if view.mdist(start, a) == d)[0]


def dist(s, lid: str) -> int:
    return s.view().mdist(s.cogs[s.players[0]].area, s.locusts[lid].area)


def put(s, content, enemy: str, d: int, wounded: bool = False, away: bool = False) -> str:
    """A figure d areas from P1; away: in an area with a neighbour farther from P1."""
    fid = W.free_figure_id(s, content, enemy)
    area = area_at(s, d)
    if away:
        view = s.view()
        start = s.cogs[s.players[0]].area
        area = sorted(a for a in view.areas if view.mdist(start, a) == d
                      and any(view.mdist(start, b) > d for b in view.move_adj[a]))[0]
    s.locusts[fid] = LocustState(fid, enemy, area)
    if wounded:
        s.locusts[fid].wounded_health = 1
        s.locusts[fid].marker = f"{content.enemies[enemy].markers}:0"
    return fid


def run(s, content, cid: str):
    """Resolves one card, answering every question with its first option."""
    return resolve_with_result(s, resolve_card, content, content.ai_cards[cid])


def attacks(events, lid: str | None = None) -> list:
    return [e for e in events if e.kind == "attack" and (lid is None or e.payload.get("figure") == lid)]


def block_blind_cover(s, content):
    """Fills the cover spots with no LOS to P1's area, so a figure stepping back stays in the
    open and keeps its LOS (the sample map's yard truck hides a figure completely)."""
    from game.gears.rules.movement import los

    view = s.view()
    here = s.cogs["P1"].area
    for spot, cs in sorted(view.cover.items()):
        if view.mdist(here, cs.area) <= 3 and not los(view, (cs.area, spot), (here, None)):
            fid = W.free_figure_id(s, content, "wretch")
            s.locusts[fid] = LocustState(fid, "wretch", cs.area, spot)


def open_near_holes(s):
    for h, v in s.holes.items():
        if h.startswith("9A:"):
            v["sealed"] = False


# ----------------------------------------------------------------------------- base General


def test_base_1_distraction_discards_ammo_and_dropped_weapons(title, content):
    s = scene(title)
    c = s.cogs["P1"]
    before = sum(n for _, n in c.weapons)
    s.dropped.append({"id": "drop1", "area": c.area, "weapon": "hammerburst", "enemy": "drone", "marker": "drone:0"})
    again, _ = run(s, content, "base:1")
    assert again and not s.dropped and sum(n for _, n in s.cogs["P1"].weapons) == before - 1


def test_base_1_distraction_takes_the_token_from_the_loaded_copy_of_a_weapon_held_twice(title, content):
    """Spec 11 item 32: a dropped weapon may be picked up as a second card of one already held.
    Distraction offers the loaded weapons and took the token off the first copy whatever its
    ammo: Damon Baird's empty Hammerburst fell to -4 in a Horde Mode game (seed 3, 2 bots)
    while the loaded one kept its 2. The token leaves the copy that holds it; none goes below 0."""
    s = scene(title)
    c = s.cogs["P1"]
    c.weapons = [["hammerburst", 0], ["hammerburst", 2]]
    run(s, content, "base:1")
    assert sorted(n for w, n in s.cogs["P1"].weapons if w == "hammerburst") == [0, 1]


def test_base_2_the_horde_moves_far_locusts_3(title, content):
    s = scene(title)
    far, near = put(s, content, "wretch", 6), put(s, content, "drone", 2)
    again, _ = run(s, content, "base:2")
    assert again and dist(s, far) == 3 and dist(s, near) == 2


def test_base_2_the_horde_logs_why_a_near_locust_stays(title, content):
    """Spec 7.6, The Horde: a Locust nearer than 4 to the nearest COG does not move. The player
    was asked when it activates, so the log says it stayed and why."""
    s = scene(title)
    far, near = put(s, content, "wretch", 6), put(s, content, "drone", 2)
    _, ev = run(s, content, "base:2")
    stayed = [e for e in ev if e.payload.get("stays")]
    assert [e.payload["figure"] for e in stayed] == [near]
    assert stayed[0].text.endswith("stays where it is: the nearest COG is 2 areas away, fewer than 4.")
    assert not any(e.payload.get("figure") == far and e.payload.get("stays") for e in ev)


def test_base_2_the_horde_says_a_locust_beside_a_cog_stays_without_0_areas(title, content):
    """Read at the table: "Drone 1 stays where it is: the nearest COG is 0 areas away, fewer
    than 4." A COG in its own area is said so."""
    s = scene(title)
    near = put(s, content, "drone", 0)
    _, ev = run(s, content, "base:2")
    stayed = [e for e in ev if e.payload.get("stays")]
    assert [e.payload["figure"] for e in stayed] == [near]
    assert stayed[0].text.endswith("stays where it is: a COG is in its own area.")


def test_base_3_locust_near_you_moves_2_and_attacks(title, content):
    s = scene(title)
    w = put(s, content, "wretch", 2)
    again, ev = run(s, content, "base:3")
    assert not again and dist(s, w) == 0 and attacks(ev, w)


def test_base_4_reinforcements_spawn_abc_at_exit_then_a_and_b_move(title, content):
    s = scene(title)
    exit_d = s.view().mdist(s.cogs["P1"].area, s.view().exits[s.doors[0]])
    again, _ = run(s, content, "base:4")
    by = {x.enemy: dist(s, x.id) for x in s.locusts.values()}
    assert not again and by == {"wretch": exit_d - 2, "drone": exit_d - 1, "boomer": exit_d}


def test_base_5_firefight_shooters_attack_then_others_close_in(title, content):
    s = scene(title)
    d, w = put(s, content, "drone", 3), put(s, content, "wretch", 4)
    again, ev = run(s, content, "base:5")
    assert not again and attacks(ev, d) and dist(s, w) == 2 and not attacks(ev, w)


def test_base_5_firefight_a_locust_that_attacked_does_not_move_and_attack_again(title, content):
    """Spec 7.6 Firefight: 'Then each Locust that did not attack moves 2 areas ... and
    attacks': a Drone that attacked in the first part neither moves nor attacks again."""
    s = scene(title)
    d = put(s, content, "drone", 2)
    again, ev = run(s, content, "base:5")
    assert not again and len(attacks(ev, d)) == 1 and dist(s, d) == 2
    assert not [e for e in ev if e.kind == "move" and e.payload.get("figure") == d]


def test_base_5_firefight_order_question_offers_only_locusts_that_did_not_attack(title, content):
    """Spec 7.6 Firefight: the second part's figure order is asked only among the Locusts
    that did not attack (the Drone that attacked is not offered)."""
    from game.gears.ai import resolve_card as rc

    s = scene(title)
    d = put(s, content, "drone", 2)
    w1, w2 = put(s, content, "wretch", 4), put(s, content, "wretch", 5)
    answers: list = []
    asked: list = []
    snap = s.to_json()
    while True:
        s.restore(snap)
        ctx = Ctx(s, answers)
        try:
            rc(ctx, content, content.ai_cards["base:5"])
            break
        except NeedDecision as need:
            if need.kind == "activate_order":
                asked.append({o["figure"] for o in need.options})
            answers.append(need.options[0])
    assert asked and all(d not in figs for figs in asked)
    assert {w1, w2} in asked


def test_base_5_firefight_a_shooter_with_no_target_closes_in(title, content):
    """Spec 7.6 Firefight: a Drone with no COG within 3 range did not attack, so it moves
    2 areas toward the nearest COG in the second part."""
    s = scene(title)
    d = put(s, content, "drone", 5)
    _, ev = run(s, content, "base:5")
    assert dist(s, d) == 3 and not attacks(ev, d)


def test_base_5_firefight_a_shooter_with_no_target_says_it_does_not_attack(title, content):
    """Played at 1280x720: an attack instruction with no COG that fits logged nothing, so the
    log read 'Boomer 1 takes branch 1 (a COG within range 4); that COG is Augustus Cole.' and
    went on to the next turn. The Locust's line says it does not attack, and why."""
    s = scene(title)
    d = put(s, content, "drone", 5)
    _, ev = run(s, content, "base:5")
    said = [e.text for e in ev if e.kind == "ai" and e.payload.get("figure") == d]
    assert "Drone 1 does not attack: no COG fits (a COG within the card's range)." in said
    assert not attacks(ev, d)


def test_base_6_swarm_moves_far_locusts_to_4(title, content):
    s = scene(title)
    far = put(s, content, "wretch", 7)
    again, _ = run(s, content, "base:6")
    assert again and dist(s, far) == 4


def test_base_7_places_a_hole_and_spawns_a_in_your_area(title, content):
    s = scene(title)
    again, _ = run(s, content, "base:7")
    here = s.cogs["P1"].area
    assert not again and any(h["token"] and h["area"] == here for h in s.holes.values())
    assert [x.enemy for x in s.locusts.values() if x.area == here] == ["wretch"]


# ----------------------------------------------------------------------------- base Wretch


def test_base_8_wretch_within_2_moves_in_and_attacks(title, content):
    s = scene(title)
    w = put(s, content, "wretch", 2)
    _, ev = run(s, content, "base:8")
    assert dist(s, w) == 0 and attacks(ev, w)


def test_base_9_wretch_hunts_a_cog_with_4_cards_or_less(title, content):
    s = scene(title)
    s.cogs["P1"].hand = s.cogs["P1"].hand[:4]
    w = put(s, content, "wretch", 3)
    _, ev = run(s, content, "base:9")
    assert dist(s, w) == 0 and attacks(ev, w)


def test_base_10_unwounded_wretch_moves_3_and_attacks_in_the_open(title, content):
    s = scene(title)
    w = put(s, content, "wretch", 3)
    _, ev = run(s, content, "base:10")
    assert dist(s, w) == 0 and attacks(ev, w)


def test_base_11_each_wretch_moves_2_and_attacks_most_wounded(title, content):
    s = scene(title)
    w = put(s, content, "wretch", 2)
    _, ev = run(s, content, "base:11")
    assert dist(s, w) == 0 and attacks(ev, w)


# ----------------------------------------------------------------------------- base Drone


def test_base_12_drones_move_2_and_attack_within_2(title, content):
    s = scene(title)
    d = put(s, content, "drone", 3)
    _, ev = run(s, content, "base:12")
    assert dist(s, d) == 1 and attacks(ev, d)


def test_base_13_drone_attacks_then_backs_off_if_not_in_cover(title, content):
    s = scene(title)
    d = put(s, content, "drone", 2)
    _, ev = run(s, content, "base:13")
    assert attacks(ev, d) and dist(s, d) == 3


def test_base_14_drone_within_1_attacks_with_an_extra_die(title, content):
    s = scene(title)
    d = put(s, content, "drone", 1)
    _, ev = run(s, content, "base:14")
    assert attacks(ev, d)[0].payload["black"] == content.enemies["drone"].attack + 1


def test_base_15_unwounded_drone_within_2_attacks_wounded_heals(title, content):
    s = scene(title)
    d = put(s, content, "drone", 2)
    h = put(s, content, "drone", 1, wounded=True)
    _, ev = run(s, content, "base:15")
    assert attacks(ev, d) and not attacks(ev, h) and not s.locusts[h].wounded


# ----------------------------------------------------------------------------- base Boomer


@pytest.mark.parametrize("cid,d", [("base:16", 4), ("base:17", 3)])
def test_base_16_17_boomer_in_range_attacks(title, content, cid, d):
    s = scene(title)
    b = put(s, content, "boomer", d)
    _, ev = run(s, content, cid)
    assert attacks(ev, b) and dist(s, b) == d


def test_base_18_boomer_too_close_steps_away_then_attacks(title, content):
    s = scene(title)
    b = put(s, content, "boomer", 1, away=True)
    _, ev = run(s, content, "base:18")
    assert dist(s, b) == 2 and attacks(ev, b)


def test_base_19_each_boomer_moves_1_and_attacks(title, content):
    s = scene(title)
    b = put(s, content, "boomer", 3)
    _, ev = run(s, content, "base:19")
    assert dist(s, b) == 2 and attacks(ev, b)


# ----------------------------------------------------------------------------- base Berserker


def test_base_20_berserker_charges_a_cog_that_moved(title, content):
    s = scene(title)
    s.cogs["P1"].moved = True
    b = put(s, content, "berserker", 1)
    _, ev = run(s, content, "base:20")
    assert dist(s, b) == 0 and attacks(ev, b)


def test_base_21_berserker_redraws_when_every_cog_is_in_cover(title, content):
    s = scene(title)
    c = s.cogs["P1"]
    c.cover = s.view().cover_in[c.area][0]
    b = put(s, content, "berserker", 2)
    again, _ = run(s, content, "base:21")
    assert again and dist(s, b) == 2


def test_base_22_berserker_far_away_moves_2(title, content):
    s = scene(title)
    b = put(s, content, "berserker", 5)
    _, ev = run(s, content, "base:22")
    assert dist(s, b) == 3 and not attacks(ev, b)


def test_base_23_berserker_attacks_every_figure_in_its_area(title, content):
    s = scene(title)
    b = put(s, content, "berserker", 0)
    _, ev = run(s, content, "base:23")
    assert attacks(ev, b) and attacks(ev, b)[0].payload["area"] == s.cogs["P1"].area


# ----------------------------------------------------------------------------- base Theron Guard


@pytest.mark.parametrize("cid,d", [("base:24", 3), ("base:25", 4), ("base:27", 3)])
def test_base_24_25_27_theron_guard_shoots_the_nearest_cog(title, content, cid, d):
    s = scene(title)
    t = put(s, content, "theron_guard", d)
    _, ev = run(s, content, cid)
    assert attacks(ev, t) and dist(s, t) == d


def test_base_26_theron_guard_steps_back_then_shoots(title, content):
    s = scene(title)
    t = put(s, content, "theron_guard", 1, away=True)
    block_blind_cover(s, content)
    _, ev = run(s, content, "base:26")
    assert dist(s, t) == 2 and attacks(ev, t)


# ----------------------------------------------------------------------------- base Ticker


def test_base_28_ticker_runs_in_and_always_explodes(title, content):
    s = scene(title)
    t = put(s, content, "ticker", 1)
    _, ev = run(s, content, "base:28")
    assert attacks(ev, t) and t not in s.locusts
    assert any(e.kind == "explode" for e in ev)


@pytest.mark.parametrize("cid,d", [("base:29", 2), ("base:30", 3)])
def test_base_29_30_ticker_within_reach_runs_in_and_attacks(title, content, cid, d):
    s = scene(title)
    t = put(s, content, "ticker", d)
    _, ev = run(s, content, cid)
    assert attacks(ev, t)
    assert t not in s.locusts or dist(s, t) == 0


def test_base_31_tickers_charge_and_guard_is_forbidden(title, content):
    s = scene(title)
    t = put(s, content, "ticker", 2)
    _, ev = run(s, content, "base:31")
    assert attacks(ev, t) and s.flags["no_guard"] is True


# ----------------------------------------------------------------------------- base Kantus


def test_base_32_kantus_heals_a_wounded_locust_nearby(title, content):
    s = scene(title)
    d = put(s, content, "drone", 5, wounded=True)
    k = put(s, content, "kantus", 6)
    run(s, content, "base:32")
    assert s.locusts[k].area == s.locusts[d].area and not s.locusts[d].wounded


def test_base_33_kantus_revives_a_dropped_weapon(title, content):
    s = scene(title)
    k = put(s, content, "kantus", 6)
    s.dropped.append({"id": "drop1", "area": area_at(s, 5), "weapon": "hammerburst", "enemy": "drone",
                      "marker": "drone:0"})
    run(s, content, "base:33")
    revived = [x for x in s.locusts.values() if x.enemy == "drone"]
    assert not s.dropped and len(revived) == 1 and revived[0].marker == "drone:0" and k in s.locusts


def test_base_34_kantus_in_range_attacks_then_closes_in(title, content):
    s = scene(title)
    k = put(s, content, "kantus", 4)
    _, ev = run(s, content, "base:34")
    assert attacks(ev, k) and dist(s, k) == 2


def test_base_35_each_kantus_moves_2_and_attacks(title, content):
    s = scene(title)
    k = put(s, content, "kantus", 3)
    _, ev = run(s, content, "base:35")
    assert dist(s, k) == 1 and attacks(ev, k)


# ----------------------------------------------------------------------------- MP1 Grenadier


@pytest.mark.parametrize("cid,d,after", [("mp1:1", 3, 1), ("mp1:2", 3, 1), ("mp1:4", 2, 0)])
def test_mp1_1_2_4_grenadiers_close_in_and_attack_within_1(title, content, cid, d, after):
    s = scene(title)
    g = put(s, content, "grenadier", d)
    _, ev = run(s, content, cid)
    assert dist(s, g) == after and attacks(ev, g)


def test_mp1_3_grenadier_within_1_attacks_with_an_extra_die(title, content):
    s = scene(title)
    g = put(s, content, "grenadier", 1)
    _, ev = run(s, content, "mp1:3")
    assert attacks(ev, g)[0].payload["black"] == content.enemies["grenadier"].attack + 1


def test_mp1_1_otherwise_spawns_a_grenadier_that_moves_1(title, content):
    s = scene(title)
    s.slots = {"A": "grenadier", "B": "palace_guard", "C": "butcher"}
    open_near_holes(s)
    run(s, content, "mp1:1")
    (g,) = [x for x in s.locusts.values() if x.enemy == "grenadier"]
    assert dist(s, g.id) == 1  # spawned at the hole 2 areas away, then moved 1


# ----------------------------------------------------------------------------- MP1 Palace Guard


@pytest.mark.parametrize("cid,d", [("mp1:5", 3), ("mp1:7", 4)])
def test_mp1_5_7_palace_guard_shoots_the_nearest_cog_in_los(title, content, cid, d):
    s = scene(title)
    g = put(s, content, "palace_guard", d)
    _, ev = run(s, content, cid)
    assert attacks(ev, g) and dist(s, g) == d


def test_mp1_6_palace_guard_steps_back_then_shoots(title, content):
    s = scene(title)
    g = put(s, content, "palace_guard", 1, away=True)
    block_blind_cover(s, content)
    _, ev = run(s, content, "mp1:6")
    assert dist(s, g) == 2 and attacks(ev, g)


def test_mp1_8_palace_guard_beyond_3_areas_rolls_one_die_less(title, content):
    s = scene(title)
    g = put(s, content, "palace_guard", 4)
    _, ev = run(s, content, "mp1:8")
    assert attacks(ev, g)[0].payload["black"] == content.enemies["palace_guard"].attack - 1


# ----------------------------------------------------------------------------- MP1 Butcher


def _butcher_scene(title, content, d):
    s = scene(title)
    s.slots = {"A": "flame_grenadier", "B": "palace_guard", "C": "butcher"}
    return s, put(s, content, "butcher", d)


def test_mp1_9_butcher_charges_a_cog_that_moved(title, content):
    s, b = _butcher_scene(title, content, 1)
    s.cogs["P1"].moved = True
    _, ev = run(s, content, "mp1:9")
    assert dist(s, b) == 0 and attacks(ev, b)


def test_mp1_10_butcher_all_in_cover_moves_2_and_draws_again(title, content):
    s, b = _butcher_scene(title, content, 4)
    c = s.cogs["P1"]
    c.cover = s.view().cover_in[c.area][0]
    again, _ = run(s, content, "mp1:10")
    assert again and dist(s, b) == 2


def test_mp1_11_butcher_far_away_moves_2_without_attacking(title, content):
    s, b = _butcher_scene(title, content, 5)
    again, ev = run(s, content, "mp1:11")
    assert not again and dist(s, b) == 3 and not attacks(ev, b)


def test_mp1_12_butcher_moves_2_and_strips_cover_in_its_area(title, content):
    s, b = _butcher_scene(title, content, 2)
    c = s.cogs["P1"]
    c.cover = s.view().cover_in[c.area][0]
    _, ev = run(s, content, "mp1:12")
    assert dist(s, b) == 0 and s.cogs["P1"].cover is None and not attacks(ev, b)


# ----------------------------------------------------------------------------- MP1 General RAAM


def test_mp1_13_raam_attacks_nearest_then_another_cog_there(title, content):
    s = scene(title, 2)
    r = put(s, content, "general_raam", 2)
    _, ev = run(s, content, "mp1:13")
    assert sorted(e.payload["player"] for e in attacks(ev, r)) == ["P1", "P2"]


def test_mp1_14_raam_in_your_area_flips_to_a_steps_away_and_attacks(title, content):
    s = scene(title)
    r = put(s, content, "general_raam", 0)
    md(s)["sides"] = {"general_raam": "B"}
    _, ev = run(s, content, "mp1:14")
    assert md(s)["sides"]["general_raam"] == "A" and dist(s, r) == 1 and attacks(ev, r)


def test_mp1_15_raam_attacks_each_cog_within_2_not_in_cover(title, content):
    s = scene(title, 2)
    s.cogs["P2"].cover = s.view().cover_in[s.cogs["P2"].area][0]
    r = put(s, content, "general_raam", 2)
    _, ev = run(s, content, "mp1:15")
    assert [e.payload["player"] for e in attacks(ev, r)] == ["P1"]


def test_mp1_16_raam_attacks_each_cog_in_los_not_in_cover(title, content):
    s = scene(title, 2)
    r = put(s, content, "general_raam", 4)
    _, ev = run(s, content, "mp1:16")
    assert sorted(e.payload["player"] for e in attacks(ev, r)) == ["P1", "P2"]


def test_raam_besiege_rerolls_blanks_and_flips_the_card_spec_8_2(title, content):
    s = scene(title)
    r = put(s, content, "general_raam", 0)
    s.flags["dice_stack"]["attack"] = [0, 5, 5, 5, 5, 4, 4, 4, 4] + [5] * 20
    _, ev = run(s, content, "mp1:15")
    rolls = [e for e in ev if e.kind == "roll"]
    assert rolls[0].payload["attack"].count([2, 0]) == 4  # the 4 blanks were rerolled to 2s
    assert md(s)["sides"]["general_raam"] == "B"


# ----------------------------------------------------------------------------- MP1 General events


def test_mp1_17_unstoppable_charge_moves_all_spawns_per_player_no_guard(title, content):
    s = scene(title, 2)
    open_near_holes(s)
    d = put(s, content, "drone", 5)
    again, ev = run(s, content, "mp1:17")
    assert again and s.flags["no_guard"] and dist(s, d) == 4
    assert sum(1 for e in ev if e.kind == "spawn") == 2


def test_mp1_18_escort_carries_a_and_c_along_with_b(title, content):
    s = scene(title)
    b = put(s, content, "drone", 5)
    a = put(s, content, "wretch", 5)
    again, _ = run(s, content, "mp1:18")
    assert again and dist(s, b) == 2 and s.locusts[a].area == s.locusts[b].area


def test_mp1_18_escort_b_that_cannot_move_attacks_in_its_area(title, content):
    s = scene(title)
    b = put(s, content, "drone", 0)
    _, ev = run(s, content, "mp1:18")
    assert attacks(ev, b)


def test_mp1_18_escort_b_that_moved_does_not_attack(title, content):
    """Spec 9.3.3 card 18: 'Each Locust B that did not move attacks': a B that moved into
    the COG's area does not attack in the same card."""
    s = scene(title)
    b = put(s, content, "drone", 2)
    _, ev = run(s, content, "mp1:18")
    assert dist(s, b) == 0 and not attacks(ev, b)


@pytest.mark.parametrize("cid", ["base:27", "mp1:5"])
def test_base_27_mp1_5_guard_that_attacked_does_not_move(title, content, cid):
    """Spec 7.6 / 9.3.3: 'each that did not attack moves toward you': the Guard that
    attacked keeps its area, one with no LOS moves."""
    enemy = "theron_guard" if cid == "base:27" else "palace_guard"
    s = scene(title)
    g = put(s, content, enemy, 2)
    _, ev = run(s, content, cid)
    assert attacks(ev, g) and dist(s, g) == 2
    assert not [e for e in ev if e.kind == "move" and e.payload.get("figure") == g]


def test_mp1_19_each_player_discards_map_ammo_or_spawns_an_a(title, content):
    s = scene(title, 2)
    open_near_holes(s)
    s.flags["map_ammo"] = {area_at(s, 3): 1}
    again, ev = run(s, content, "mp1:19")
    assert not again and not s.flags["map_ammo"]
    assert [e.payload["enemy"] for e in ev if e.kind == "spawn"] == ["wretch"]  # P2 found none


def test_mp1_19_otherwise_spawns_a_butcher_at_the_entrance_and_all_move(title, content):
    s = scene(title)
    s.slots = {"A": "flame_grenadier", "B": "palace_guard", "C": "butcher"}
    d = put(s, content, "drone", 4)
    run(s, content, "mp1:19")
    assert [x.enemy for x in s.locusts.values() if x.enemy == "butcher"] == ["butcher"]
    assert dist(s, d) == 3


def test_every_ai_card_has_a_scenario_here(content):
    """The 54 cards of spec 7.6 / 9.3.3 are all named by a test of this module."""
    import inspect
    import re
    import sys

    src = inspect.getsource(sys.modules[__name__])
    named = {f"{m.group(1)}:{n}" for m in re.finditer(r"test_(base|mp1)_([0-9_]+)_", src)
             for n in m.group(2).split("_") if n}
    named |= set(re.findall(r'"((?:base|mp1):\d+)"', src))
    assert set(content.ai_cards) <= named


def test_ai_reasons_are_plain_words(title):
    """Issue 21 item 5: the AI panel said 'branch 1 applies (in play self_type)'. Every
    condition the AI cards test is worded (ai._COND_WORDS) with the Locusts it names: over
    whole bot games no AI line shows a condition's or a selector's internal name."""
    from game.gears.ai import _COND_WORDS
    from game.gears.bots import CogBot
    from game.engine.session import Session

    internal = set(_COND_WORDS) - {"always", "wounded", "attacked", "moved"} | {"self_type"}
    seen = 0
    for seed in range(3):
        s = Session.start(title, "emergence", seed, {"players": 2})
        bots = {}
        while s.decider is not None and len(s.actions) < 400:
            bot = bots.setdefault(s.decider, CogBot(seed))
            for e in s.apply(bot.decide(s.state, s.legal_actions()).action):
                if e.kind == "ai":
                    seen += 1
                    assert not any(word in e.text for word in internal), e.text
    assert seen > 10
