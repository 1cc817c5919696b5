"""Spec 6.3-6.8: attack dice, cover, range, wounds on Locusts, previews."""
from __future__ import annotations

from fractions import Fraction

import pytest

from game.gears.rules import attack as A
from game.gears.rules.movement import cover_bonus, los
from game.gears.rules.state import LocustState
from tests.gears.conftest import fresh, run_proc

OMEN, HIT1, HIT2, BLANK = 0, 1, 4, 5       # attack die face indexes (data/dice.toml)
SH2, SH1, SH0 = 0, 1, 3                     # defence die face indexes


def _spot_at(state, rdist: int, bonus: int):
    """A (COG area, Drone cover spot) pair in LOS with the given range distance and cover."""
    view = state.view()
    for a in view.areas:
        for name, spot in view.cover.items():
            if view.rdist(a, spot.area) == rdist and los(view, (a, None), (spot.area, name)) \
                    and cover_bonus(view, (a, None), (spot.area, name)) == bonus:
                return a, spot.area, name
    pytest.skip("the sample board has no such position")


def test_worked_example_lancer_overwhelming_vs_drone_spec_6_3(title, content):
    """Spec 6.3 worked example: Overwhelming Lancer (4 dice, 1 ammo) at a Drone 3 areas away in
    partial cover: 1 + 1 + 1 = 3 red dice; 1 Omen, 3 hits, 3 shields -> (3+1)-3 = 1 wound; the
    Drone (health 3) survives with a wound marker of value 1."""
    s = fresh(title, 1)
    p = s.players[0]
    c = s.cogs[p]
    c.character = "dominic_santiago"  # no Lancer bonus die (Marcus has one)
    c.weapons = [["lancer", 2]]
    cog_area, drone_area, spot = _spot_at(s, 3, 1)
    c.area, c.cover = cog_area, None
    s.locusts["drone#1"] = LocustState("drone#1", "drone", drone_area, spot)
    plan = A.cog_attack_plan(s, content, p, "drone#1", "lancer", "overwhelming")
    assert (plan.black, plan.red) == (4, 3)
    s.flags["dice_stack"] = {"attack": [OMEN, HIT1, HIT1, HIT1], "defence": [SH2, SH1, SH0]}
    events = run_proc(s, A.cog_attack, content, p, "drone#1", "lancer", "overwhelming")
    x = s.locusts["drone#1"]
    assert x.wounded and x.wounded_health == 1
    assert c.ammo("lancer") == 1
    assert any(e.kind == "wounded" for e in events)


def test_preview_is_an_exact_distribution_spec_6_3(title, content):
    s = fresh(title, 1)
    p = s.players[0]
    cog_area, drone_area, spot = _spot_at(s, 3, 1)
    s.cogs[p].area = cog_area
    s.locusts["drone#1"] = LocustState("drone#1", "drone", drone_area, spot)
    plan, dist = A.attack_preview(s, content, p, "drone#1", "lancer", "overwhelming")
    assert sum(dist.values()) == 1
    assert all(isinstance(v, Fraction) for v in dist.values())
    # no dice at all: certainly 0 wounds
    empty = A.AttackPlan(0, 0, (), ())
    assert A.wound_distribution(content, empty) == {0: Fraction(1)}
    # one attack die, no defence: faces omen, 1, 1, 1, 2, blank with the Lancer's Omen +1
    one = A.AttackPlan(1, 0, (), (("extra_wound", 1),))
    assert A.wound_distribution(content, one) == {0: Fraction(1, 6), 1: Fraction(4, 6), 2: Fraction(1, 6)}


def test_same_area_gives_no_cover_bonus_spec_3_3(title, content):
    s = fresh(title, 1)
    view = s.view()
    name, spot = next(iter(view.cover.items()))
    assert cover_bonus(view, (spot.area, None), (spot.area, name)) == 0


def test_hard_range_limit_spec_3_6(title, content):
    """Gnasher (PLACEHOLDER hard range 1) cannot attack 2+ areas away."""
    s = fresh(title, 1)
    p = s.players[0]
    view = s.view()
    a, b = next((a, b) for a in view.areas for b in view.areas if view.rdist(a, b) == 2
                and los(view, (a, None), (b, None)))
    s.cogs[p].area, s.cogs[p].cover = a, None
    s.cogs[p].weapons = [["gnasher", 2]]
    s.locusts["drone#1"] = LocustState("drone#1", "drone", b)
    why = A.cog_attack_legality(s, content, p, "drone#1", "gnasher", "normal")
    assert why and "cannot reach" in why


def test_wounded_locust_ignores_small_hits_and_dies_to_big_ones_spec_6_4(title, content):
    s = fresh(title, 1)
    s.locusts["boomer#1"] = LocustState("boomer#1", "boomer", s.view().areas[0])
    from game.gears.rules import wounds as W

    run_proc(s, W.damage_locust, content, "boomer#1", 1, "test")
    x = s.locusts["boomer#1"]
    assert x.wounded
    h = x.wounded_health
    if h > 1:
        run_proc(s, W.damage_locust, content, "boomer#1", h - 1, "test")
        assert "boomer#1" in s.locusts and s.locusts["boomer#1"].wounded_health == h
    run_proc(s, W.damage_locust, content, "boomer#1", h, "test")
    assert "boomer#1" not in s.locusts


def test_berserker_two_stage_marker_spec_6_4(title, content):
    """Berserker: first non-lethal wound -> 5, next -> 3 (only the Hammer of Dawn wounds it
    while unwounded, spec 8.1)."""
    from game.gears.rules import wounds as W

    s = fresh(title, 1)
    s.locusts["berserker#1"] = LocustState("berserker#1", "berserker", s.view().areas[0])
    run_proc(s, W.damage_locust, content, "berserker#1", 2, "a Lancer", "lancer")
    assert not s.locusts["berserker#1"].wounded
    run_proc(s, W.damage_locust, content, "berserker#1", 2, "the Hammer of Dawn", "hammer_of_dawn")
    assert s.locusts["berserker#1"].wounded_health == 5
    run_proc(s, W.damage_locust, content, "berserker#1", 2, "a Lancer", "lancer")
    assert s.locusts["berserker#1"].wounded_health == 3
    run_proc(s, W.damage_locust, content, "berserker#1", 3, "a Lancer", "lancer")
    assert "berserker#1" not in s.locusts


def test_locust_attack_wounds_cost_cards_and_bleeding_out_spec_6_13(title, content):
    """Each wound discards a card; a wound with an empty hand bleeds out; all down = loss."""
    s = fresh(title, 1)
    p = s.players[0]
    c = s.cogs[p]
    c.hand = [h for h in c.hand if not h.startswith(("advance", "assault", "dig_in"))][:1]  # no Dodge
    area = c.area
    c.cover = None
    s.locusts["boomer#1"] = LocustState("boomer#1", "boomer", area)
    s.flags["dice_stack"] = {"attack": [HIT2, HIT2, BLANK, BLANK], "defence": [SH0]}
    from game.gears.rules import wounds as W

    run_proc(s, A.locust_attack, content, "boomer#1", p)
    assert c.bleeding and c.hand == [] and c.cover is None
    assert s.outcome == "lost"


@pytest.mark.parametrize("ammo,wounded", [(2, True), (1, False)])
def test_mulcher_omen_needs_an_ammo_token_spec_8_4(title, content, ammo, wounded):
    """Spec 8.4 / FAQ v1.1: the Mulcher's special ability cannot be used with 0 ammo. An
    Overwhelming attack that spends its last token rolls an Omen to no effect; with a token
    left the Omen adds its wound."""
    s = fresh(title, 1)
    p = s.players[0]
    c = s.cogs[p]
    c.character = "dominic_santiago"
    c.weapons = [["mulcher", ammo]]
    c.cover = None
    s.locusts["boomer#1"] = LocustState("boomer#1", "boomer", c.area)
    plan = A.cog_attack_plan(s, content, p, "boomer#1", "mulcher", "overwhelming")
    assert bool(plan.omen) == wounded
    s.flags["dice_stack"] = {"attack": [OMEN] + [BLANK] * 9, "defence": [SH0] * 9}
    run_proc(s, A.cog_attack, content, p, "boomer#1", "mulcher", "overwhelming")
    assert c.ammo("mulcher") == ammo - 1
    assert s.locusts["boomer#1"].wounded == wounded


def test_remembered_wound_distributions_are_handed_out_as_copies_spec_6_3(content):
    """The exact preview is kept per (dice counts, Omen effects); a caller that changes the
    dict it got does not change the next answer, and the reasons play no part in the key."""
    one = A.AttackPlan(1, 0, ("first",), (("extra_wound", 1),))
    got = A.wound_distribution(content, one)
    got[0] = Fraction(1)
    again = A.wound_distribution(content, A.AttackPlan(1, 0, ("other words",), (("extra_wound", 1),)))
    assert again == {0: Fraction(1, 6), 1: Fraction(4, 6), 2: Fraction(1, 6)}
    assert A.wound_distribution(content, A.AttackPlan(1, 0, (), ())) == {0: Fraction(2, 6), 1: Fraction(3, 6),
                                                                         2: Fraction(1, 6)}
