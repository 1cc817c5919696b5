"""Enemy activation as scenarios (level7-escape.md 7.1, 7.3-7.5, 7.7, 7.8; seed p. 13-15), on maps
of real tiles (tests/level7/enemy_maps.py)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.level7.content import shared_content
from game.level7.rules.enemies import Activation, Character, Figure, Situation, activate, tile_limits
from game.level7.rules.enemy_order import box_kinds, box_queue, skip_reason
from tests.level7.enemy_maps import build

C = shared_content()
LIMITS = tile_limits({"security_number": 2, "pack_limit": 2, "hybrid_limit": 1})


def sit(tmap, figures, characters, active, **kw) -> Situation:
    return Situation(tmap, tuple(figures), tuple(characters), active, kw.pop("limits", LIMITS), **kw)


def apply(s: Situation, act: Activation) -> Situation:
    """What the engine does with an activation (the parts the enemy tests need)."""
    figs = []
    for f in s.figures:
        if f.id == act.figure and act.stop:
            f = replace(f, tile=act.stop)
        if f.id == act.figure and act.kind == "recover":
            f = replace(f, stunned=False)
        if f.id in act.helpers:
            f = replace(f, helped=True)
        figs.append(f)
    return s.with_figures(tuple(figs))


def only(options: tuple[Activation, ...]) -> Activation:
    assert len(options) == 1, [o.text for o in options]
    return options[0]


# --- 7.8: the seed's worked example (p. 14) -----------------------------------------------------

def worked_example_map():
    #  S  C  G4 L        Shona, Cody; guard 4; Leo with guards 2 and 3
    #  M
    #  G1                guard 1
    return build({"S": ("T03", (0, 0)), "C": ("T40", (1, 0)), "G4": ("T42", (2, 0)), "L": ("T19", (3, 0)),
                  "M": ("T11", (0, 1)), "G1": ("T04", (0, 2))},
                 doors="S-C C-G4 G4-L S-M M-G1")


def test_7_8_worked_example_four_guards_shona_and_cody():
    """Seed p. 14: a game started by 4 players, Jack has escaped; Shona draws a card whose 4-player
    box shows guards. Guard 1 moves 1 toward Shona (highest Threat); guard 2 attacks with 3 dice +1
    for guard 3 on its tile; guard 3 does not activate, it helped; guard 4 moves 1 toward Shona,
    onto Cody's tile."""
    tmap = worked_example_map()
    card = next(e for e in C.events.values() if e.box(4) == "G" and e.box(3) != "G")
    s = sit(tmap, [Figure("guard", n, t) for n, t in ((1, "G1"), (2, "L"), (3, "L"), (4, "G4"))],
            [Character("Shona", "S", 3, 4, 1), Character("Leo", "L", 3, 1, 1), Character("Cody", "C", 3, 2, 1)],
            "Shona")
    kinds = box_kinds(C, card, starting_players=4)
    assert kinds == ("guard",)
    queue = box_queue(s, kinds)
    assert queue == ("guard1", "guard2", "guard3", "guard4")
    done = []
    for fid in queue:
        if skip_reason(s, fid):
            done.append((fid, "skip", None))
            continue
        act = only(activate(s, fid))
        done.append((fid, act.kind, act))
        s = apply(s, act)
    g1, g2, g3, g4 = done
    assert g1[1] == "move" and g1[2].stop == "M" and g1[2].target.target.name == "Shona"
    assert g2[1] == "attack" and g2[2].attack.target == "Leo" and g2[2].attack.dice == 4
    assert g2[2].attack.helpers == ("guard3",)
    assert g3[1] == "skip"
    assert g4[1] == "move" and g4[2].stop == "C" and g4[2].target.target.name == "Shona"
    assert s.figure("guard4").tile == "C"  # onto Cody's tile


# --- 7.4: targeting ------------------------------------------------------------------------------

def test_7_4_adjacent_leo_beats_cody_two_tiles_away():
    """Seed p. 14 (figure): Leo has Threat 2 and stands next to the guard, so he counts 3; Cody has
    Threat 3 two tiles away. Equal values go to the closer: the guard moves toward Leo."""
    tmap = build({"G": ("T40", (1, 0)), "L": ("T04", (0, 0)), "X": ("T42", (2, 0)), "CO": ("T19", (3, 0))},
                 doors="L-G G-X X-CO")
    s = sit(tmap, [Figure("guard", 1, "G")],
            [Character("Cody", "CO", 3, 3, 1), Character("Leo", "L", 3, 2, 1)], "Cody")
    act = only(activate(s, "guard1"))
    assert act.kind == "move" and act.stop == "L"
    choice = act.target
    assert (choice.target.name, choice.target.score, choice.target.bonus) == ("Leo", 3, 1)
    assert (choice.runner_up.name, choice.runner_up.score, choice.runner_up.distance) == ("Cody", 3, 2)
    assert choice.tie == "distance"
    assert "Leo: Threat 2 (+1 adjacent) at 1 move" in act.text and "Cody's Threat 3 at 2 moves" in act.text


def three_in_a_row_with_jason():
    #  B  x1 K  x2 CO
    #        J
    return build({"B": ("T04", (0, 0)), "x1": ("T40", (1, 0)), "K": ("T38", (2, 0)), "x2": ("T42", (3, 0)),
                  "CO": ("T19", (4, 0)), "J": ("T01", (2, 1))},
                 doors="B-x1 x1-K K-x2 x2-CO K-J")


@pytest.mark.parametrize("order, active, expected, tie", [
    (("Jason", "Bill", "Cody"), "Jason", "Bill", "turn_order"),  # the seed's example
    (("Jason", "Cody", "Bill"), "Jason", "Cody", "turn_order"),
    (("Jason", "Bill", "Cody"), "Cody", "Cody", "active_player"),
])
def test_7_4_equal_value_and_distance_go_by_turn_order(order, active, expected, tie):
    """Seed p. 14: in Jason's turn clones activate; Bill and Cody are both 2 tiles from a clone with
    Fear 4. The clone moves toward Bill, whose turn comes sooner than Cody's; had the active player
    been one of the tied, it would go for them."""
    fear = {"Jason": 2, "Bill": 4, "Cody": 4}
    tiles = {"Jason": "J", "Bill": "B", "Cody": "CO"}
    s = sit(three_in_a_row_with_jason(), [Figure("clone", 1, "K")],
            [Character(n, tiles[n], fear[n], 0, 1) for n in order], active)
    act = only(activate(s, "clone1"))
    assert act.target.target.name == expected and act.target.tie == tie
    assert act.stop == ("x1" if expected == "Bill" else "x2")
    assert "turn" in act.text or "active player" in act.text


def doug_and_ed_map():
    #  K ~ d ~ D      K and D are vent tiles joined by a duct through d
    #  E
    return build({"K": ("T06", (0, 0)), "d": ("T18", (1, 0)), "D": ("T28", (2, 0)), "E": ("T04", (0, 1))},
                 doors="K-E", ducts="K-d d-D")


def test_7_4_a_target_on_a_full_tile_is_skipped():
    """Seed p. 15 ("New target"): pack limit 2; a clone would move to Doug's tile through the vent,
    but that tile already holds 2 clones, so it moves toward Ed, now the best target."""
    s = sit(doug_and_ed_map(), [Figure("clone", 1, "D"), Figure("clone", 2, "D"), Figure("clone", 3, "K")],
            [Character("Doug", "D", 6, 0, 1), Character("Ed", "E", 4, 0, 1)], "Doug")
    act = only(activate(s, "clone3"))
    assert act.kind == "move" and act.stop == "E"
    assert act.target.target.name == "Ed" and [c.name for c in act.target.skipped] == ["Doug"]
    assert "Doug skipped: that tile already holds the limit of 2 clones" in act.text
    # with room on Doug's tile the clone goes through the vent to him
    roomy = s.with_figures((Figure("clone", 1, "D"), Figure("clone", 3, "K")))
    act = only(activate(roomy, "clone3"))
    assert act.stop == "D" and "through the vent" in act.text


def test_7_4_clones_use_vents_guards_do_not():
    """Spec 3.2, seed p. 15: tiles sharing a vent link are adjacent for clones; guards have no vent
    moves, so for a guard Doug is out of reach."""
    s = sit(doug_and_ed_map(), [Figure("guard", 1, "K")], [Character("Doug", "D", 6, 5, 1)], "Doug")
    act = only(activate(s, "guard1"))
    assert act.kind == "idle" and act.target.target is None and "can be reached" in act.text


def test_7_4_passing_a_full_tile_to_the_next_with_room():
    """Seed p. 15: security number 2; guard 3 moves toward Leo, but the tile between holds guards
    1 and 2 already, so it passes through and ends its move on Leo's tile."""
    tmap = build({"G": ("T04", (0, 0)), "M": ("T40", (0, 1)), "L": ("T01", (0, 2))}, doors="G-M M-L")
    s = sit(tmap, [Figure("guard", 1, "M"), Figure("guard", 2, "M"), Figure("guard", 3, "G")],
            [Character("Leo", "L", 3, 3, 1)], "Leo")
    act = only(activate(s, "guard3"))
    assert act.kind == "move" and act.path == ("M", "L") and act.stop == "L"
    assert "passes Corridor 107, already at the limit of 2 guards, and stops on A-Lift" in act.text


@pytest.mark.parametrize("language, limit", [("en", "the limit of 2 guards"), ("hu", "a limit: 2 őr"),
                                             ("el", "στο όριο (2 φρουροί)")])
def test_7_4_the_limit_passed_is_counted_in_the_players_language(language, limit):
    """The pass-through line counts the guards as each language does (it read "2 guards" built
    by adding an "s" in code: Hungarian keeps the singular after a number, Greek has its own
    plural); one figure is counted in the singular."""
    from game import i18n
    from game.level7.rules import names as N

    tmap = build({"G": ("T04", (0, 0)), "M": ("T40", (0, 1)), "L": ("T01", (0, 2))}, doors="G-M M-L")
    s = sit(tmap, [Figure("guard", 1, "M"), Figure("guard", 2, "M"), Figure("guard", 3, "G")],
            [Character("Leo", "L", 3, 3, 1)], "Leo")
    act = only(activate(s, "guard3"))
    i18n.set_language(language)
    try:
        assert limit in str(act.text), str(act.text)
        one = {"en": "1 hybrid", "hu": "1 hibrid", "el": "1 υβρίδιο"}[language]
        three = {"en": "3 hybrids", "hu": "3 hibrid", "el": "3 υβρίδια"}[language]
        assert (str(N.enemies("hybrid", 1)), str(N.enemies("hybrid", 3))) == (one, three)
    finally:
        i18n.untranslated()


def test_11_18_stunned_figures_fill_a_tile_for_stopping_unless_the_option_says_not():
    """Spec 11 #18: stunned enemies count toward the limit for stopping (so figures do not stack),
    with an option to let them not count."""
    tmap = build({"G": ("T04", (0, 0)), "M": ("T40", (0, 1)), "L": ("T01", (0, 2))}, doors="G-M M-L")
    figs = [Figure("guard", 1, "M", stunned=True), Figure("guard", 2, "M", stunned=True), Figure("guard", 3, "G")]
    s = sit(tmap, figs, [Character("Leo", "L", 3, 3, 1)], "Leo")
    assert only(activate(s, "guard3")).stop == "L"
    assert only(activate(replace(s, stunned_fill_stops=False), "guard3")).stop == "M"


def locked_map():
    #  G | C       a locked door token between G and C
    tmap = build({"G": ("T04", (0, 0)), "C": ("T01", (0, 1))}, doors="G-C")
    return tmap


def test_7_4_a_guard_removes_a_locked_door_token_instead_of_moving():
    """Seed p. 15: a guard or hybrid whose move would cross a locked door removes the token
    instead; opening it counts as a move when measuring the distance."""
    from tests.level7.enemy_maps import door_between
    tmap = locked_map()
    token = door_between(tmap, "G", "C")
    for kind in ("guard", "hybrid"):
        s = sit(tmap, [Figure(kind, 1, "G")], [Character("Cody", "C", 3, 1, 1)], "Cody", locked=frozenset({token}))
        act = only(activate(s, f"{kind}1"))
        assert act.kind == "unlock" and act.tokens == (token,) and act.stop is None
        assert act.target.target.distance == 2 and act.target.target.bonus == 0  # not adjacent: 2 moves
        assert "unlocks its door to A-Lift instead of moving" in act.text


def test_11_24_a_locked_door_beyond_a_full_tile_is_opened_from_where_the_guard_stands():
    """Spec 11 #24 (removing a token ends the activation) with seed p. 15 (no stop on a full tile):
    the guard may not stop on the full tile before the locked door, so it removes the token and
    stays where it stood."""
    from tests.level7.enemy_maps import door_between
    tmap = build({"G": ("T04", (0, 0)), "M": ("T40", (0, 1)), "L": ("T01", (0, 2))}, doors="G-M M-L")
    token = door_between(tmap, "M", "L")
    s = sit(tmap, [Figure("guard", 1, "M"), Figure("guard", 2, "M"), Figure("guard", 3, "G")],
            [Character("Leo", "L", 3, 3, 1)], "Leo", locked=frozenset({token}))
    act = only(activate(s, "guard3"))
    assert act.kind == "unlock" and act.tokens == (token,) and act.stop is None
    assert "it may not stop on Corridor 107, so it stays and unlocks the door from there to A-Lift" in act.text


def test_7_4_clones_never_path_through_a_locked_door():
    """Seed p. 15: a clone cannot pass a locked door, and it is no connection when measuring."""
    from tests.level7.enemy_maps import door_between
    tmap = locked_map()
    s = sit(tmap, [Figure("clone", 1, "G")], [Character("Cody", "C", 3, 1, 1)], "Cody",
            locked=frozenset({door_between(tmap, "C", "G")}))
    act = only(activate(s, "clone1"))
    assert act.kind == "idle"
    assert only(activate(replace(s, locked=frozenset()), "clone1")).stop == "C"


def test_7_4_equally_short_paths_are_the_active_players_choice():
    """Seed p. 14: when an enemy has several equally short routes the player resolving the event
    card decides: both first steps are returned as options, none picked."""
    tmap = build({"G": ("T03", (0, 0)), "A": ("T15", (1, 0)), "B": ("T44", (0, 1)), "T": ("T22", (1, 1))},
                 doors="G-A G-B A-T B-T")
    s = sit(tmap, [Figure("guard", 1, "G")], [Character("Cody", "T", 3, 1, 1)], "Cody")
    options = activate(s, "guard1")
    assert sorted(o.stop for o in options) == ["A", "B"]
    assert all(o.kind == "move" and "the active player chooses" in o.text for o in options)


# --- 7.4: attacking --------------------------------------------------------------------------------

def one_tile():
    return build({"X": ("T07", (0, 0))})


def test_7_4_attack_dice_helpers_and_bonus():
    """Seed p. 13-14: dice = attack + 1 per other active enemy of the same type on the tile (even
    one that moved); +1 for a guard against Threat 3 or more, for a clone against Fear 5 or more; a
    hybrid adds 1 per clone on its tile; a stunned figure does not help."""
    chars = [Character("Cody", "X", 5, 3, 1)]
    s = sit(one_tile(), [Figure("guard", 1, "X"), Figure("guard", 2, "X"), Figure("guard", 3, "X", stunned=True)],
            chars, "Cody", limits={})
    a = only(activate(s, "guard1")).attack
    assert (a.base, a.helpers, a.bonus, a.dice) == (3, ("guard2",), 1, 5)
    s = sit(one_tile(), [Figure("clone", 1, "X"), Figure("clone", 2, "X")], chars, "Cody", limits={})
    a = only(activate(s, "clone2")).attack
    assert (a.base, a.helpers, a.bonus, a.dice) == (C.enemies["clone"].attack, ("clone1",), 1, C.enemies["clone"].attack + 2)
    s = sit(one_tile(), [Figure("hybrid", 1, "X"), Figure("clone", 4, "X"), Figure("clone", 5, "X")], chars, "Cody",
            limits={})
    act = only(activate(s, "hybrid1"))
    assert act.attack.helpers == ("clone4", "clone5") and act.attack.dice == C.enemies["hybrid"].attack + 2
    assert act.helpers == ("clone4", "clone5")  # they count as activated for the rest of the turn
    assert act.attack.rolls == "intelligence" and act.attack.damage == "fear"


def test_7_4_a_guard_picks_the_highest_threat_on_its_tile():
    """Seed p. 13: guards attack the highest Threat, clones the highest Fear, on their own tile."""
    chars = [Character("Bill", "X", 7, 1, 1), Character("Cody", "X", 2, 2, 1)]
    s = sit(one_tile(), [Figure("guard", 1, "X"), Figure("clone", 1, "X")], chars, "Bill", limits={})
    assert only(activate(s, "guard1")).attack.target == "Cody"
    assert only(activate(s, "clone1")).attack.target == "Bill"


# --- 7.1: what an attack does ---------------------------------------------------------------------

def face(name):
    return next(f for f in C.dice["level7"].faces if f.name == name)


def test_7_1_guard_damage_is_a_discard_per_icon_above_toughness():
    """Seed p. 13: guard 1 rolls 3 dice and gets 2 Strength icons; Cody's Toughness is 1, so he
    discards 1 adrenaline card; being attacked also gives +1 Fear (seed p. 4)."""
    from game.level7.rules.enemies import attack_outcome
    s = sit(one_tile(), [Figure("guard", 1, "X")], [Character("Cody", "X", 3, 0, 1)], "Cody")
    plan = only(activate(s, "guard1")).attack
    assert plan.dice == 3
    out = attack_outcome(s, plan, [face("Strength"), face("Strength"), face("blank")])
    assert (out.icons, out.discards, out.fear, out.attacked_fear, out.knocked_out) == (2, 1, 0, 1, False)
    # Toughness raised by a card before the roll (spec 11 #12): no discard
    assert attack_outcome(s, plan, [face("Strength"), face("Strength")], toughness=2).discards == 0


def test_7_1_hybrid_damage_is_fear_and_past_8_knocks_out():
    """Seed p. 14: a hybrid counts Intelligence icons; each above the target's Toughness is +1 Fear;
    past 8 Fear is 8 and the character is knocked out."""
    from game.level7.rules.enemies import attack_outcome
    s = sit(one_tile(), [Figure("hybrid", 2, "X")], [Character("Cody", "X", 6, 0, 1)], "Cody")
    plan = only(activate(s, "hybrid2")).attack
    rolled = [face("double Intelligence"), face("Intelligence"), face("double Strength")]
    out = attack_outcome(s, plan, rolled)
    assert (out.icons, out.fear, out.discards, out.knocked_out) == (3, 2, 0, False)  # 6 + 2 = 8
    assert attack_outcome(s, plan, rolled, fear=7).knocked_out  # 7 + 2 > 8
    assert "knocked out" in attack_outcome(s, plan, rolled, fear=7).text


def test_7_4_enemy_against_enemy_removes_one_per_icon_from_toughness():
    """Seed p. 13: guard 2 stands with two clones (the scenario gives clones a Threat value); it rolls
    3 Strength icons against the clones' Toughness 3 and removes one; 4 icons would remove both."""
    from game.level7.rules.enemies import attack_outcome
    s = sit(one_tile(), [Figure("guard", 2, "X"), Figure("clone", 5, "X"), Figure("clone", 3, "X")], [], "Cody",
            target_values={"clone_threat": 1})
    act = only(activate(s, "guard2"))
    plan = act.attack
    assert plan.against == "enemies" and plan.defenders == ("clone3", "clone5") and plan.dice == 3
    three = [face("Strength"), face("double Strength"), face("blank")]
    assert attack_outcome(s, plan, three).removed == ("clone3",)  # the lower number first (errata)
    assert attack_outcome(s, plan, three + [face("Strength")]).removed == ("clone3", "clone5")
    assert attack_outcome(s, plan, [face("double Strength")]).removed == ()
    # with no enemy value, enemies do not target each other: the guard has no target
    assert only(activate(replace(s, target_values={}), "guard2")).kind == "idle"


def test_7_4_a_hybrid_against_guards_counts_intelligence_icons():
    """Seed p. 14: a hybrid attacking guards removes one when its Intelligence icons reach the
    guard's Toughness, one more per icon beyond (the scenario gives guards a Fear value)."""
    from game.level7.rules.enemies import attack_outcome
    s = sit(one_tile(), [Figure("hybrid", 1, "X"), Figure("guard", 4, "X"), Figure("guard", 2, "X")], [], "Cody",
            target_values={"guard_fear": 2}, limits={})
    plan = only(activate(s, "hybrid1")).attack
    assert (plan.against, plan.target, plan.rolls, plan.defenders) == ("enemies", "guard", "intelligence",
                                                                       ("guard2", "guard4"))
    rolled = [face("double Intelligence"), face("Intelligence"), face("double Strength")]
    assert attack_outcome(s, plan, rolled).removed == ("guard2",)  # 3 Intelligence icons, Toughness 3


def test_7_1_a_character_beats_an_enemy_on_a_tie():
    """Spec 11 #14: a character and an enemy tie on value: the character is attacked."""
    s = sit(one_tile(), [Figure("guard", 1, "X"), Figure("clone", 1, "X")], [Character("Cody", "X", 3, 1, 1)],
            "Cody", target_values={"clone_threat": 1})
    act = only(activate(s, "guard1"))
    assert act.attack.target == "Cody" and act.target.tie == "character"


def test_7_4_the_active_player_rolls_the_enemy_dice_from_the_game_rng():
    """Seed p. 13: the player resolving the card rolls; the roll comes from the game's Rng, so a
    replay gives the same faces, and the preview's odds are the exact distribution of the icons."""
    from game.engine.rng import Rng
    from game.level7.rules.enemies import attack_odds, roll_attack
    s = sit(one_tile(), [Figure("guard", 1, "X")], [Character("Cody", "X", 3, 3, 1)], "Cody")
    plan = only(activate(s, "guard1")).attack
    die = C.dice["level7"]
    a, b = roll_attack(plan, die, Rng(7).stream("dice")), roll_attack(plan, die, Rng(7).stream("dice"))
    assert a == b and len(a) == plan.dice == 4
    odds = attack_odds(plan, die)
    assert sum(odds.values()) == 1 and max(odds) == 8  # four dice, at most 2 Strength icons each


# --- 7.5: recovery ----------------------------------------------------------------------------------

def test_7_5_a_stunned_enemy_recovers_only_alone_and_does_nothing_else():
    """Seed p. 13, 15: a stunned enemy with a character on its tile skips and stays stunned; alone
    it stands up, and recovering is the whole activation (no move toward Cody next door)."""
    tmap = build({"G": ("T04", (0, 0)), "C": ("T01", (0, 1))}, doors="G-C")
    s = sit(tmap, [Figure("guard", 1, "G", stunned=True)], [Character("Cody", "C", 3, 1, 1)], "Cody")
    act = only(activate(s, "guard1"))
    assert act.kind == "recover" and act.stop is None and act.attack is None
    s = sit(tmap, [Figure("guard", 1, "C", stunned=True)], [Character("Cody", "C", 3, 1, 1)], "Cody")
    act = only(activate(s, "guard1"))
    assert act.kind == "stay_stunned" and "Cody" in act.text


def test_7_5_a_stunned_enemy_is_not_a_target_nor_counted_as_active():
    """Seed p. 15: a stunned enemy is not active for any purpose: not attacked by other enemies."""
    s = sit(one_tile(), [Figure("guard", 1, "X"), Figure("clone", 1, "X", stunned=True)], [], "Cody",
            target_values={"clone_threat": 1})
    assert only(activate(s, "guard1")).kind == "idle"


# --- 7.3: the activation box, hybrids, Dr. Cronos --------------------------------------------------

def test_7_3_the_box_of_the_starting_player_count_in_ascending_order():
    """Seed p. 13-14: read the box for the number of players who started, even after one escaped;
    each kind activates in ascending number, in the pattern's order."""
    from game.level7.rules.enemies import box_kinds, box_queue
    card = next(e for e in C.events.values() if e.box(4) == "CG" and e.box(3) != "CG")
    assert box_kinds(C, card, 4) == ("clone", "guard")
    assert box_kinds(C, card, 3) != ("clone", "guard")
    s = sit(one_tile(), [Figure("guard", 3, "X"), Figure("clone", 2, "X"), Figure("guard", 1, "X", stunned=True),
                         Figure("clone", 1, "X"), Figure("hybrid", 1, "X")], [], "Cody", limits={})
    assert box_queue(s, ("clone", "guard")) == ("clone1", "clone2", "guard1", "guard3")
    assert box_queue(s, ("guard",)) == ("guard1", "guard3")  # a stunned one activates to recover


def test_7_3_hybrids_activate_per_symbol_in_icon_order_from_the_next_turn():
    """Seed p. 13: from the turn after the first hybrid appeared, roll 1 die; each hybrid activates
    once per symbol on it (a double icon is 2, a blank 0), Intelligence, then Strength, then Speed."""
    from game.engine.rng import Rng
    from game.level7.rules.enemies import hybrid_queue, hybrids_due, roll_hybrid_die
    s = sit(one_tile(), [Figure("hybrid", 3, "X"), Figure("hybrid", 1, "X")], [], "Cody", limits={})
    assert s.label("hybrid1") == "Hybrid (Intelligence)" and s.label("hybrid3") == "Hybrid (Speed)"
    from game.level7.rules.enemies import enemy_label
    assert enemy_label("hybrid", 2) == "Hybrid (Strength)" and enemy_label("guard", 7) == "Guard 7"
    assert hybrid_queue(s, face("double Strength")) == ("hybrid1", "hybrid1", "hybrid3", "hybrid3")
    assert hybrid_queue(s, face("Intelligence + Strength")) == ("hybrid1", "hybrid1", "hybrid3", "hybrid3")
    assert hybrid_queue(s, face("Strength")) == ("hybrid1", "hybrid3")
    assert hybrid_queue(s, face("blank")) == ()
    # spec 11 #23's option: only the symbols of a hybrid's own icon count (no face shows Speed)
    assert hybrid_queue(s, face("double Intelligence"), own_icon=True) == ("hybrid1", "hybrid1")
    assert hybrid_queue(s, face("Intelligence + Strength"), own_icon=True) == ("hybrid1",)
    assert not hybrids_due(None, 5) and not hybrids_due(4, 4) and hybrids_due(4, 5)
    assert roll_hybrid_die(C, Rng(3).stream("dice")) in C.dice["level7"].faces


def test_7_3_dr_cronos_activates_once_by_his_placeholder_rule():
    """Spec 8.2 PLACEHOLDER (the seed: his rules are in the scenarios): once, after the hybrids;
    he targets Fear and moves like a hybrid (enemies.toml)."""
    from game.level7.rules.enemies import cronos_queue
    tmap = build({"G": ("T04", (0, 0)), "C": ("T01", (0, 1))}, doors="G-C")
    s = sit(tmap, [Figure("cronos", 1, "G")], [Character("Cody", "C", 3, 1, 1)], "Cody")
    assert cronos_queue(s) == ("cronos1",)
    act = only(activate(s, "cronos1"))
    assert act.kind == "move" and act.stop == "C" and act.target.target.track == "fear"
    assert s.label("cronos1") == "Dr. Cronos"


# --- 7.7: failed challenges --------------------------------------------------------------------------

def test_7_7_a_failed_challenge_activates_the_active_enemies_on_the_tile():
    """Spec 7.7, 11 #15: the active enemies on the challenger's tile, guards ascending, clones
    ascending, hybrids in icon order, Dr. Cronos; a failed Outwit only the chosen type (11 #17).
    One decider, challenge.activation_order, gives every resolution's `activates`."""
    from game.level7.rules.challenge import Foe, resolve_bull_rush, resolve_outwit
    # as the engine lists a tile's figures (challenges.foes_here: by kind id, then number)
    here = [Foe("clone1", "clone"), Foe("clone4", "clone"), Foe("cronos1", "cronos"),
            Foe("guard1", "guard", active=False), Foe("guard2", "guard"), Foe("hybrid2", "hybrid")]
    failed, _ = resolve_bull_rush(C, 0, here)
    assert failed.activates == ("guard2", "clone1", "clone4", "hybrid2", "cronos1")
    assert resolve_outwit(C, 0, here, "aliens").activates == ("clone1", "clone4", "hybrid2", "cronos1")
    more_guards = [Foe("clone1", "clone"), Foe("guard1", "guard"), Foe("guard3", "guard")]
    assert resolve_outwit(C, 0, more_guards, "guards").activates == ("guard1", "guard3")


def test_7_7_helpers_of_a_failed_challenge_do_not_activate_again_this_turn():
    """Seed p. 14: a figure that added its die counts as activated for the rest of the turn, so the
    event's box later skips it."""
    s = sit(one_tile(), [Figure("guard", 1, "X"), Figure("guard", 2, "X")], [Character("Cody", "X", 3, 1, 1)],
            "Cody")
    act = only(activate(s, "guard1"))
    s = apply(s, act)
    assert skip_reason(s, "guard2") and only(activate(s, "guard2")).kind == "skip"
    assert box_queue(s, ("guard",)) == ("guard1", "guard2")
    assert not skip_reason(s, "guard1")


def test_an_event_moves_an_enemy_toward_a_tile_by_the_movement_rules():
    """Events that move enemies without activating them (events.toml, e.g. guards moving 1 tile
    toward you) use the movement of 7.4: a full tile is passed, a locked door is opened instead,
    a clone cannot get through a locked door."""
    from tests.level7.enemy_maps import door_between
    from game.level7.rules.enemies import move_toward
    tmap = build({"G": ("T04", (0, 0)), "M": ("T40", (0, 1)), "L": ("T01", (0, 2))}, doors="G-M M-L")
    s = sit(tmap, [Figure("guard", 1, "M"), Figure("guard", 2, "M"), Figure("guard", 3, "G"), Figure("clone", 1, "G")],
            [Character("Leo", "G", 3, 0, 1)], "Leo")
    act = only(move_toward(s, "guard3", "L", "an event"))
    assert act.kind == "move" and act.path == ("M", "L") and act.target is None and "(an event)" in act.text
    shut = replace(s, locked=frozenset({door_between(tmap, "G", "M")}))
    assert only(move_toward(shut, "guard3", "L", "an event")).kind == "unlock"
    assert move_toward(shut, "clone1", "L", "an event") == ()
    assert move_toward(s, "guard3", "G", "an event") == ()
    # every tile up to the goal full: nowhere to stop, so it stays
    packed = s.with_figures(s.figures + (Figure("guard", 4, "L"), Figure("guard", 5, "L")))
    assert move_toward(packed, "guard3", "L", "an event") == ()
