"""What a player wants to know of a barrel before shooting it (spec 6.15, 11 item 20): the chance
the attack sets it off (a hit whose damage gets through its armour 1) and what its explosion does
(effects.barrel_chain: the barrels going off with it, each figure's wounds), read from the rules
that resolve the attack and the explosion."""
from __future__ import annotations

from fractions import Fraction

from game.doom.rules import effects as E
from game.doom.rules.odds import explode_chance, hit_chance
from tests.doom.conftest import act, fresh, marker, put
from tests.doom.test_rules_combat import open_all


def test_a_hit_for_no_damage_does_not_set_a_barrel_off():
    # The green die hits at distance 2 on every face; two of them deal no damage (r3 d0, r4 d0).
    assert hit_chance(("green",), 2) == 1
    assert explode_chance(("green",), 2) == Fraction(4, 6)
    assert explode_chance(("green",), 2, deadly=1) == 1  # Deadly: every hit gets through


def test_the_chain_predicted_is_the_chain_the_attack_sets_off(dice):
    """Two barrels in the West corridor, a Zombie between them and an Imp beside the second:
    barrel_chain says which go off and who takes how many wounds; the pistol's shot does that."""
    state = fresh()
    open_all(state)
    state.marines["red"].cell = (7, 8)
    marker(state, "barrel", (10, 8))
    marker(state, "barrel", (11, 9))
    zombie = put(state, "zombie", (11, 8))
    imp = put(state, "imp", (12, 9))
    gone, wounds = E.barrel_chain(state, (10, 8))
    assert gone == [(10, 8), (11, 9)]
    assert wounds == {zombie: 2, imp: 1}
    act(state, "declare", action="fire")
    before = {f: inv.wounds for f, inv in state.invaders.items()}
    dice.push("r2 d2", "r2 d1")  # yellow + green: a hit for 3
    act(state, "attack", weapon="pistol", target=[10, 8])
    assert not state.has_marker((10, 8), "barrel") and not state.has_marker((11, 9), "barrel")
    for fig, n in wounds.items():
        health = state.content.monsters[fig.partition("#")[0]].health
        taken = state.invaders[fig].wounds - before[fig] if fig in state.invaders else health - before[fig]
        assert taken == min(n, health - before[fig]), (fig, taken, n)
