"""game/level7/rules/uniforms.py: the uniform tokens of spec 8.5 (PLACEHOLDER rules; seed p. 2, 16:
8 tokens, a clean and a bloody side) with a scenario's `flags.uniforms` on, as scenarios citing
the spec. Where the tokens come from is PROPOSED (docs/LEVEL7.md "Uniforms"): no shipped scenario
sets the flag, so these tests turn it on for scenario 1."""
from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from game.level7.content import shared_content
from game.level7.rules import foes, targeting

from tests.level7.engine_helpers import CROSS, T, act, at, foe, game, next_event, settle, texts

C = shared_content()


def flag(name: str, scenario: str = "s1"):
    """Turns a scenario flag on in the shared content for one test (the rules read it from there)."""
    old = C.scenarios
    sc = old[scenario]
    object.__setattr__(C, "scenarios", MappingProxyType(
        {**old, scenario: replace(sc, flags=MappingProxyType({**sc.flags, name: True}))}))
    return old


@pytest.fixture()
def uniforms_on():
    old = flag("uniforms")
    yield
    object.__setattr__(C, "scenarios", old)


def test_the_uniform_rules_are_data_marked_unverified():
    """Spec 8.5 / 11 #33: the rules are the token's record, every rule field verified = false."""
    u = C.tokens["uniform"]
    assert (u.copies, u.sides) == (8, ("clean", "bloody"))
    assert (u.clean_on, u.bloody_from, u.disguise_from, u.bloody_fear) == \
        (("security", "recurring_security"), "guard", "guard", 1)
    assert not any(u.provenance.field_verified[k] for k in ("clean_on", "bloody_from", "disguise_from", "bloody_fear"))
    assert not any(sc.flags.get("uniforms") for sc in C.scenarios.values() if sc.playable)


def test_8_5_a_security_tile_placed_gets_a_clean_uniform_only_with_the_flag(uniforms_on):
    """Spec 8.5 (PROPOSED source): exploring onto a Security tile puts a clean uniform token on it,
    one of the 8, which the Pick Up action takes (one hand)."""
    s = game(tiles=[("T07", 0, 0, 0)])
    assert s.tokens["supply"]["uniforms"] == 8
    s.stacks = [["A", ["T24"]], ["B", []], ["last", ["T36"]]]  # T24 Guard Station: a Security icon
    next_event(s)
    events = settle(s, act(s, "explore", door=["N", 0]))
    assert s.floor_items.get("T24") == ["uniform#1"] and s.tokens["supply"]["uniforms"] == 7
    assert "A uniform lies on Guard Station (a Security tile)." in texts(events)


def test_8_5_without_the_flag_no_uniform_appears():
    s = game(tiles=[("T07", 0, 0, 0)])
    assert "uniforms" not in s.tokens["supply"]
    s.stacks = [["A", ["T24"]], ["B", []], ["last", ["T36"]]]
    next_event(s)
    settle(s, act(s, "explore", door=["N", 0]))
    assert "T24" not in s.floor_items


def test_8_5_a_uniform_takes_one_hand(uniforms_on):
    """Spec 8.5: picked up with the Pick Up action, it counts toward the carry limit (6.10)."""
    s = game(tiles=CROSS)
    me = s.characters["subject_1"]
    me.items = ["scalpel#1", "flashlight#1"]
    s.floor_items["T07"] = ["uniform#1"]
    act(s, "pickup", card="uniform#1")
    assert s.proc is not None and {a.kind for a in T.legal_actions(s)} == {"put_down"}
    assert {a.get("card") for a in T.legal_actions(s)} == {"scalpel#1", "flashlight#1", "uniform#1"}


def test_8_5_guards_read_a_clean_uniforms_wearer_as_threat_0_but_attack_their_only_target(uniforms_on):
    """Spec 8.5 with 7.4 "Choosing a target": Subject 1 (Threat 3, a clean uniform) and Subject 2
    (Threat 1) both one door from the guard: it goes for Subject 2. Alone on the guard's tile the
    wearer is still attacked. Clones (Fear) are not fooled."""
    s = game(tiles=CROSS)
    s1, s2 = s.characters["subject_1"], s.characters["subject_2"]
    s1.threat, s2.threat = 3, 1
    s1.items = ["uniform#1"]
    at(s, "subject_1", "T36")
    at(s, "subject_2", "T40")
    g = foe(s, "guard", "T07")
    sit = foes.situation(s)
    choice = targeting.move_target(sit, sit.figure(g.key))
    assert choice.target.name == s2.name and "Threat 0" in choice.text
    s1.items = []
    sit = foes.situation(s)
    assert targeting.move_target(sit, sit.figure(g.key)).target.name == s1.name
    s1.items = ["uniform#1"]
    at(s, "subject_1", "T07")
    sit = foes.situation(s)
    assert targeting.attack_target(sit, sit.figure(g.key)).target.name == s1.name
    c = foe(s, "clone", "T07")
    s1.fear, s2.fear = 6, 3
    sit = foes.situation(s)
    assert targeting.attack_target(sit, sit.figure(c.key)).target.describe().startswith("Fear 6")


def test_8_5_a_guard_an_attack_removes_leaves_a_bloody_uniform_that_costs_fear_and_disguises_nothing(uniforms_on):
    """Spec 8.5 (PROPOSED source): removing a guard (6.4: 2 x Toughness icons) leaves a bloody
    uniform on its tile; picking it up gives +1 Fear, and the guards are not fooled by it."""
    s = game(tiles=CROSS)
    me = s.characters["subject_1"]
    me.fear, me.items = 5, ["pistol#1", "stun_baton#1"]  # 4 + 1 + 3 + 2 = 10 Strength dice
    s.characters["subject_2"].hand[1:] = []
    s.flags["dice_stack"] = {"level7": ["double Strength"] * 10}  # the attack's roll: all doubles
    g = foe(s, "guard", "T07")
    events = settle(s, act(s, "attack", enemy=g.key))
    assert g not in s.enemies, texts(events)  # removed
    assert s.floor_items["T07"][0] == "bloody_uniform#1", texts(events)  # (a beaten guard's item may follow)
    assert "A bloody uniform lies on" in texts(events)
    fear = me.fear
    me.items = ["pistol#1"]
    s.turn.pickup_used = False
    events = act(s, "pickup", card="bloody_uniform#1")
    assert me.fear == min(8, fear + 1) and "picking up a bloody uniform" in texts(events)
    assert foes.situation(s).character(me.name).disguised_from == ()
