"""game/level7/rules/challenge.py as scenarios of spec 6.3-6.9 and the seed's examples: the pool,
the roll, rerolls, the decider of each challenge, and its exact odds."""
from __future__ import annotations

import itertools
import re
from fractions import Fraction
from pathlib import Path

import pytest

from game.engine.rng import Rng
from game.level7.content import shared_content
from game.level7.rules import challenge as challenge_module
from game.level7.rules.challenge import (ALIENS, GUARDS, BullRush, Challenge, Foe, Roll, attack_challenge, attack_odds,
                                         attack_result, bull_rush_challenge, bull_rush_odds, challenge_pool,
                                         control_panel_challenge, event_challenge, icon_distribution, icons,
                                         outcome_odds, outwit_challenge, outwit_sides, reroll, reroll_choices,
                                         reroll_odds, resolve_attack, resolve_bull_rush, resolve_control_panel,
                                         resolve_event_challenge, resolve_outwit, resolve_unlock, roll_dice,
                                         rush_leave, success_chance, unlock_challenges)
from game.level7.rules.modifiers import PlayedBonus, RerollOption, reroll_options
from game.level7.rules.refusal import Refusal


@pytest.fixture(scope="module")
def c():
    return shared_content()


def face(c, name):
    return next(f for f in c.dice["level7"].faces if f.name == name)


GUARD = Foe("guard 1", "guard")
CLONE = Foe("clone 1", "clone")


# ----------------------------------------------------------------------------- 6.3 the dice

def test_a_double_icon_counts_two_and_success_is_at_least_the_level(c):
    """Spec 6.3 (seed p. 6, Cody's Intelligence 5 event challenge): count the attribute's icons, a
    double counts 2; 5 or more succeeds."""
    faces = [face(c, "double Intelligence"), face(c, "Intelligence + Strength"), face(c, "Strength"),
             face(c, "double Intelligence")]
    assert icons(faces, "intelligence") == 5 and icons(faces, "strength") == 2
    ch = event_challenge("intelligence", 5)
    assert resolve_event_challenge(ch, 5).result == "passed"
    failed = resolve_event_challenge(ch, 4)
    assert failed.result == "failed" and failed.activates == ()  # an event's challenge activates nobody (11 #11)


def test_more_dice_than_the_box_holds_are_rolled_in_batches(c):
    """Spec 6.3: more than 8 dice: roll 8, note, roll the rest and add; 11 dice are 8 + 3."""
    roll = roll_dice(c, "strength", 11, Rng(5).stream("dice"))
    assert roll.batches == (8, 3) and len(roll.faces) == 11
    assert roll.icons == sum(f["strength"] for f in roll.faces)
    assert roll_dice(c, "strength", 8, Rng(5).stream("dice")).batches == (8,)
    assert roll_dice(c, "strength", 0, Rng(5).stream("dice")) == Roll("strength", (), ())


def test_the_same_seed_rolls_the_same_dice(c):
    a = roll_dice(c, "intelligence", 6, Rng(42).stream("dice"))
    b = roll_dice(c, "intelligence", 6, Rng(42).stream("dice"))
    assert a == b


# ----------------------------------------------------------------------------- 6.4 Attack

def test_the_stun_baton_example(c):
    """Spec 6.4, seed p. 10: Cody, Strength 4 with a stun baton (+2 when attacking), rolls 6 dice;
    5 icons stun the guard, 6 would remove it. +1 Threat for attacking a guard; an item card on success."""
    ch = attack_challenge(c, GUARD)
    pool = challenge_pool(c, ch, fear=3, items=("stun_baton",))
    assert pool.total == 6 and [(t.source, t.amount) for t in pool.terms] == [("base", 4), ("Stun Baton", 2)]
    five = resolve_attack(c, 5, GUARD, [GUARD])
    assert (five.result, five.threat, five.items, five.target) == ("stunned", 1, 1, "guard 1")
    assert resolve_attack(c, 6, GUARD, [GUARD]).result == "removed"


def test_the_stun_baton_helps_only_an_attack(c):
    """Spec 8.5: "+2 Strength when attacking": not in a Bull Rush."""
    rush = bull_rush_challenge(c, [GUARD])
    assert challenge_pool(c, rush, fear=3, items=("stun_baton",)).total == 4


def test_a_failed_attack_costs_threat_and_activates_the_tile(c):
    """Spec 6.4, 6.3: below Toughness fails and the enemies on the tile activate; the Threat for
    attacking a guard is gained whatever the outcome; a clone gives neither Threat nor an item."""
    stunned_guard = Foe("guard 2", "guard", active=False)
    out = resolve_attack(c, 2, GUARD, [CLONE, GUARD, stunned_guard])
    assert (out.result, out.threat, out.items) == ("failed", 1, 0)
    assert out.activates == ("guard 1", "clone 1")  # guards first, stunned ones do not act (11 #15, #18)
    clone = resolve_attack(c, 3, CLONE, [CLONE])
    assert (clone.result, clone.threat, clone.items) == ("stunned", 0, 0)


def test_an_attacks_outcome_names_the_figure_as_the_log_does(c):
    """The log read "6 Strength icons: clone1 (Clone) is removed." (the state's figure id): the
    outcome names the figure as every other line does, in the reader's language."""
    from game import i18n
    from game.engine.text import as_text

    words = {}
    for lang in ("en", "hu", "el"):
        i18n.set_language(lang)
        try:
            words[lang] = [as_text(resolve_attack(c, n, Foe(fid, kind), [Foe(fid, kind)]).text)
                           for n, fid, kind in ((6, "clone1", "clone"), (3, "guard2", "guard"), (1, "guard2", "guard"))]
            words[lang].append(as_text(attack_challenge(c, Foe("clone3", "clone", active=False)).reason))
        finally:
            i18n.set_language("en")
    assert words["en"] == ["6 Strength icons: Clone 1 is removed.", "3 Strength icons: Guard 2 is stunned.",
                           "1 Strength icon: the attack on Guard 2 fails (Toughness 3).",
                           "Clone 3 is stunned; only an active enemy can be attacked."]
    for lang in ("hu", "el"):
        assert not any(re.search(r"clone\d|guard\d", w) for w in words[lang]), words[lang]
        assert words[lang] != words["en"]


def test_a_stunned_enemy_cannot_be_attacked(c):
    """Spec 6.4: the target must be active."""
    assert isinstance(attack_challenge(c, Foe("guard 2", "guard", active=False)), Refusal)


def test_a_hybrid_needs_its_toughness_and_cronos_is_never_removed(c):
    """Spec 6.4 with 8.2's Toughness (hybrid 4, Dr. Cronos 5, who is only ever stunned)."""
    assert [attack_result(c, "hybrid", n) for n in (3, 4, 7, 8)] == ["failed", "stunned", "stunned", "removed"]
    assert attack_result(c, "cronos", 10) == "stunned" and attack_result(c, "cronos", 4) == "failed"


def test_attack_odds_ask_the_attack_decider(c):
    """The preview is attack_result weighted by the exact icon distribution (spec 6.3, 8.8)."""
    odds = attack_odds(c, 6, GUARD)
    dist = icon_distribution(c.dice["level7"], 6, "strength")
    assert odds["removed"] == sum(p for n, p in dist.items() if n >= 6)
    assert odds["stunned"] == sum(p for n, p in dist.items() if 3 <= n < 6)
    assert sum(odds.values()) == 1


# ----------------------------------------------------------------------------- 6.5 Bull Rush

def test_the_bull_rush_example_with_r_5(c):
    """Spec 6.5, seed p. 11: Darla (Strength 4, +2 from a card: 6 dice) rolls R = 5. Her tile has a
    guard: needs 3. The next has a guard and a clone: needs 4, and 5 - 1 = 4 is enough."""
    darla = challenge_pool(c, bull_rush_challenge(c, [GUARD]), fear=3, played=(PlayedBonus("strength", 2, "card"),))
    assert darla.total == 6
    first, rush = resolve_bull_rush(c, 5, [GUARD])
    assert first.challenge.level == 3 and first.result == "freed" and first.threat == 1
    assert rush == BullRush(5, 1)
    second = rush_leave(c, rush, [Foe("guard 2", "guard"), CLONE])
    assert (second.left, second.needed, second.available, second.threat) == (True, 4, 4, 1)
    assert second.rush == BullRush(5, 2)


def test_the_bull_rush_example_with_r_4_stops_on_the_second_tile(c):
    """Spec 6.5, seed p. 11: with only 4 icons Darla stays with the guard and the clone; stopping is
    not a new failure, so nothing activates (spec 6.5 PROPOSED)."""
    first, rush = resolve_bull_rush(c, 4, [GUARD])
    assert first.success
    second = rush_leave(c, rush, [Foe("guard 2", "guard"), CLONE])
    assert (second.left, second.needed, second.available, second.threat) == (False, 4, 3, 0)
    assert second.rush == rush


def test_failing_to_leave_the_first_tile_is_a_failed_challenge(c):
    """Spec 6.5: a hybrid counts 2, so a hybrid and a clone need 5; 4 icons fail and both activate."""
    hybrid = Foe("hybrid (Strength)", "hybrid")
    out, rush = resolve_bull_rush(c, 4, [CLONE, hybrid])
    assert out.challenge.level == 5 and out.result == "failed" and rush is None
    assert out.activates == ("clone 1", "hybrid (Strength)") and out.threat == 0


def test_a_tile_of_stunned_enemies_costs_nothing_on_a_rush(c):
    """Spec 11 #16, #18: only active enemies count; such a tile is not an enemy tile."""
    step = rush_leave(c, BullRush(3, 1), [Foe("guard 3", "guard", active=False)])
    assert step.left and step.rush == BullRush(3, 1) and step.threat == 0


# ----------------------------------------------------------------------------- 6.6 Outwit, 6.7 weights

def test_outwit_the_more_numerous_side_and_only_it_activates(c):
    """Spec 6.6: two clones and a guard: the aliens are outwitted (needed 2 + 2); on failure only
    they activate."""
    foes = [GUARD, CLONE, Foe("clone 2", "clone")]
    assert outwit_sides(foes) == (ALIENS,)
    assert isinstance(outwit_challenge(c, foes, GUARDS), Refusal)
    assert outwit_challenge(c, foes, ALIENS).level == 4
    failed = resolve_outwit(c, 3, foes, ALIENS)
    assert failed.result == "failed" and failed.activates == ("clone 1", "clone 2")
    assert resolve_outwit(c, 4, foes, ALIENS).result == "freed"


def test_outwit_on_a_tie_the_player_chooses(c):
    """Spec 6.6: a guard and a hybrid: one figure each, a tie: either side; the hybrid weighs 2 (6.7)."""
    hybrid = Foe("hybrid (Speed)", "hybrid")
    assert outwit_sides([GUARD, hybrid]) == (GUARDS, ALIENS)
    assert outwit_challenge(c, [GUARD, hybrid], GUARDS).level == 3
    assert outwit_challenge(c, [GUARD, hybrid], ALIENS).level == 4


def test_enemy_weights(c):
    """Spec 6.7: guard 1, clone 1, hybrid 2, Dr. Cronos 3 (Bull Rush and Outwit: count + 2)."""
    cronos = Foe("Dr. Cronos", "cronos")
    assert bull_rush_challenge(c, [cronos]).level == 5
    assert bull_rush_challenge(c, [GUARD, CLONE, Foe("h", "hybrid"), cronos]).level == 9


# ----------------------------------------------------------------------------- 6.8 Unlock, 6.9 Control Panel

def test_unlock_door_by_strength_3_with_threat_or_intelligence_4(c):
    """Spec 6.8, seed p. 10: Strength 3 costs +1 Threat on the attempt; Intelligence 4 costs none."""
    strength, intelligence = unlock_challenges(c)
    assert (strength.attribute, strength.level, intelligence.attribute, intelligence.level) == \
        ("strength", 3, "intelligence", 4)
    assert resolve_unlock(c, strength, 3, []).result == "unlocked" and resolve_unlock(c, strength, 3, []).threat == 1
    failed = resolve_unlock(c, intelligence, 3, [CLONE])
    assert (failed.result, failed.threat, failed.activates) == ("failed", 0, ("clone 1",))
    assert resolve_unlock(c, strength, 2, []).threat == 1


def test_crowbar_and_lockpicks_help_their_own_way_of_unlocking(c):
    """Spec 8.5 PLACEHOLDER items: the crowbar +2 to a Strength unlock, the lockpick set +2 to an
    Intelligence one, neither to the other."""
    strength, intelligence = unlock_challenges(c)
    kit = ("crowbar", "lockpick_set")
    assert challenge_pool(c, strength, fear=3, items=kit).total == 6
    assert challenge_pool(c, intelligence, fear=3, items=kit).total == 6


def test_control_panel_needs_the_flag_the_icon_and_no_marker(c):
    """Spec 6.9: only where the scenario allows it, on a panel tile; a panel with an Accessed marker
    cannot be accessed again (PLACEHOLDER default)."""
    assert isinstance(control_panel_challenge(c, allowed=False, panel=True, accessed=False), Refusal)
    assert isinstance(control_panel_challenge(c, allowed=True, panel=False, accessed=False), Refusal)
    assert isinstance(control_panel_challenge(c, allowed=True, panel=True, accessed=True), Refusal)
    ch = control_panel_challenge(c, allowed=True, panel=True, accessed=False)
    assert (ch.attribute, ch.level) == ("intelligence", 4)
    ok = resolve_control_panel(c, 4, [GUARD], keys_left=2, guards_on_map=True)
    assert ok.result == "accessed" and ok.accessed and ok.rewards == ("move_guard", "take_key")
    assert resolve_control_panel(c, 5, [], keys_left=0, guards_on_map=True).rewards == ("move_guard",)
    failed = resolve_control_panel(c, 3, [GUARD], keys_left=2, guards_on_map=True)
    assert failed.result == "failed" and failed.activates == ("guard 1",) and not failed.accessed


# ----------------------------------------------------------------------------- rerolls

def test_rerolls_each_once_per_roll_a_die_may_be_rerolled_again(c):
    """Spec 6.3, seed p. 7: Cody (Amateur Boxer, Self-Defense Training) attacks; he may use both
    rerolls, each once, the second even on the die the first rerolled."""
    options = {o.source: o for o in reroll_options(c, "attack", "strength",
                                                   skills=("amateur_boxer", "self_defense_training"))}
    assert set(options) == {"amateur_boxer", "self_defense_training"}
    roll = Roll("strength", (face(c, "blank"), face(c, "Strength")), (2,))
    rng = Rng(3).stream("dice")
    once = reroll(c, roll, options["amateur_boxer"], (0,), rng)
    assert once.used == ("amateur_boxer",) and once.faces[1] == roll.faces[1]
    again = reroll(c, once, options["amateur_boxer"], (0,), rng)
    assert isinstance(again, Refusal) and "already" in again.reason
    double = Roll("strength", (face(c, "double Intelligence"), face(c, "Strength")), (2,), ("amateur_boxer",))
    sdt = options["self_defense_training"]
    assert isinstance(reroll(c, double, sdt, (1,), rng), Refusal)  # a single icon is not a double
    assert reroll(c, double, sdt, (0,), rng).used == ("amateur_boxer", "self_defense_training")
    assert isinstance(reroll(c, roll, options["amateur_boxer"], (0, 1), rng), Refusal)  # one die only


def test_which_rerolls_apply_to_which_challenge(c):
    """Spec 8.4/8.6 PLACEHOLDER cards: Amateur Boxer only attacks; Lucky any challenge once a turn;
    Surge of Strength (played) any Strength challenge."""
    kinds = lambda ch, attr, **kw: {o.source for o in reroll_options(c, ch, attr, **kw)}
    skills = ("amateur_boxer", "lucky", "locksmith")
    assert kinds("outwit", "intelligence", skills=skills) == {"lucky"}
    assert kinds("unlock_strength", "strength", skills=skills) == {"lucky", "locksmith"}
    assert kinds("attack", "strength", skills=skills, used_this_turn=("lucky",)) == {"amateur_boxer"}
    assert kinds("bull_rush", "strength", abilities=("surge_of_strength", "quick_thinking")) == {"surge_of_strength"}


# ----------------------------------------------------------------------------- exact odds

@pytest.mark.parametrize("dice", range(0, 5))
def test_exact_odds_agree_with_counting_every_face_combination(c, dice):
    """Property (spec 6.3, 8.8): for small pools, P(at least N icons) and P(each icon count) equal
    the share of all 6**dice equally likely face combinations that give them; so do an Attack's
    removed / stunned / failed odds."""
    faces = c.dice["level7"].faces
    combos = list(itertools.product(faces, repeat=dice))
    for attribute in ("intelligence", "strength"):
        counts = [icons(combo, attribute) for combo in combos]
        dist = icon_distribution(c.dice["level7"], dice, attribute)
        assert dist == {n: Fraction(counts.count(n), len(combos)) for n in set(counts)}
        for level in range(0, 2 * dice + 2):
            ch = Challenge("event_challenge", attribute, level)
            assert success_chance(c, ch, dice) == Fraction(sum(n >= level for n in counts), len(combos))
    strength = [icons(combo, "strength") for combo in combos]
    for kind in ("guard", "hybrid"):
        results = [attack_result(c, kind, n) for n in strength]
        assert attack_odds(c, dice, Foe("x", kind)) == {r: Fraction(results.count(r), len(combos)) for r in set(results)}


def test_the_spec_8_8_table(c):
    """Spec 8.8's success table: 4 dice reach 4 icons 28% of the time, 6 dice reach 5 38%."""
    four = Challenge("unlock_intelligence", "intelligence", 4)
    assert round(float(success_chance(c, four, 4)), 2) == 0.28
    assert round(float(success_chance(c, Challenge("attack", "strength", 5), 6)), 2) == 0.38


def test_reroll_odds_keep_the_other_dice(c):
    """What rerolling buys: a roll of Strength + blank against level 2, rerolling the blank,
    succeeds when the new die shows any Strength icon (3 of 6 faces)."""
    roll = Roll("strength", (face(c, "Strength"), face(c, "blank")), (2,))
    odds = reroll_odds(c, roll, (1,), lambda n: n >= 2)
    assert odds == {True: Fraction(1, 2), False: Fraction(1, 2)}
    assert outcome_odds(c, 1, "strength", lambda n: n) == {0: Fraction(1, 2), 1: Fraction(1, 3), 2: Fraction(1, 6)}


def test_every_rule_number_the_rules_read_is_in_rules_toml(c):
    """No rule number is written in code (docs/CONTENT.md): each `number("...")` these modules ask
    for is a [number.<id>] of rules.toml."""
    folder = Path(challenge_module.__file__).parent
    asked = {n for name in ("challenge.py", "modifiers.py", "tracks.py")
             for n in re.findall(r'number\("(\w+)"\)', (folder / name).read_text(encoding="utf-8"))}
    assert {"attack_guard_items", "bull_rush_guard_threat", "free_fear_shift", "escape_base"} <= asked
    assert sorted(asked - set(c.numbers)) == []


def test_bull_rush_odds_ask_the_rush_decider(c):
    """Spec 6.5: the preview of leaving the first tile is rush_leave weighted by the exact odds; a
    guard and a clone need 4 icons, so it equals P(at least 4)."""
    foes = [GUARD, CLONE]
    assert bull_rush_odds(c, 5, foes) == success_chance(c, bull_rush_challenge(c, foes), 5)
    assert bull_rush_odds(c, 5, foes) == sum(p for n, p in icon_distribution(c.dice["level7"], 5, "strength").items()
                                             if n >= 4)


def test_the_reroll_choices_are_every_allowed_set_of_dice(c):
    """Spec 6.3: up to the effect's dice, only the dice it allows; none once used on this roll."""
    roll = Roll("strength", (face(c, "blank"), face(c, "double Strength"), face(c, "Strength")), (3,))
    assert reroll_choices(roll, RerollOption("locksmith", "Locksmith", 2)) == ((0,), (1,), (2,), (0, 1), (0, 2), (1, 2))
    assert reroll_choices(roll, RerollOption("sdt", "Self-Defense Training", 1, "double")) == ((1,),)
    assert reroll_choices(Roll("strength", roll.faces, (3,), ("sdt",)), RerollOption("sdt", "SDT", 1, "double")) == ()
