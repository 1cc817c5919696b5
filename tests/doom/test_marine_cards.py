"""Marine card effects (spec doom.md 7.4: Medic from the seed, the others PLACEHOLDER effects
read from marine_cards.toml)."""
from __future__ import annotations

from tests.doom.conftest import TITLE, act, fresh, options, put, texts


def give(state, marine: str, card: str) -> None:
    state.marines[marine].cards.append(state.marine_deck.take(card))


def test_scout_moves_further_and_recon_opens_doors_for_1():
    """Spec 7.4 (PLACEHOLDER effects): Scout +2 MP on Advance, Recon doors for 1 MP."""
    state = fresh()
    give(state, "red", "scout#1")
    give(state, "red", "recon#1")
    state.marines["red"].cell = (4, 8)
    act(state, "declare", action="advance")
    assert state.turn["mp"] == 6
    act(state, "door", door="D1")
    assert state.turn["mp"] == 5


def test_tactician_places_an_order_during_advance():
    """Spec 7.4 (PLACEHOLDER): Tactician places an order during Advance as well as Ready."""
    state = fresh()
    act(state, "declare", action="advance")
    assert not options(state, "order")
    state = fresh()
    give(state, "red", "tactician#1")
    act(state, "declare", action="advance")
    assert options(state, "order")


def test_marksman_and_sniper_add_range(dice):
    """Spec 7.4 (PLACEHOLDER): Marksman Accuracy 1 on non-blast ranged attacks, Sniper Accuracy 2 on Fire."""
    state = fresh()
    give(state, "red", "marksman#1")
    give(state, "red", "sniper#1")
    put(state, "zombie", (5, 10))  # distance 4
    act(state, "declare", action="fire")
    dice.push("r2 d1 +A", "r2 d1")  # range 4 + 1 + 2
    events = act(state, "attack", weapon="pistol", target=[5, 10])
    assert "Hit: range 7 (4 rolled +3), 2 damage." in texts(events)


def test_ground_assault_adds_damage_during_advance(dice):
    """Spec 7.4 (PLACEHOLDER): attacks made during Advance get +1 damage."""
    state = fresh()
    give(state, "red", "ground_assault#1")
    put(state, "demon", (3, 8), (4, 8))
    act(state, "declare", action="advance")
    dice.push("r2 d2", "r2 d1")  # 3 + 1 = 4 damage / armour 3 = 1 wound
    events = act(state, "attack", weapon="pistol", target=[3, 8])
    assert "Hit: range 4, 4 damage (3 rolled +1)." in texts(events)


def test_officer_helps_marines_near_it(dice):
    """Spec 7.4 (FFG's description, numbers PLACEHOLDER): +1 range and damage within 2 squares in its sight."""
    state = fresh(marines=2)
    give(state, "green", "officer#1")
    state.marines["red"].cell = (0, 6)
    state.marines["green"].cell = (0, 8)  # 2 squares from red, in sight
    put(state, "zombie", (5, 11))  # distance 5 from red
    act(state, "declare", action="fire")
    dice.push("r2 d1 +A", "r2 d1")  # range 4 + 1 = 5, damage 2 + 1
    events = act(state, "attack", weapon="pistol", target=[5, 11])
    assert "Hit: range 5 (4 rolled +1), 3 damage (2 rolled +1)." in texts(events)


def test_special_ops_melee_damage_and_one_reroll(dice):
    """Spec 7.4 (PLACEHOLDER): melee Deadly 1 and one die rerolled once."""
    state = fresh()
    give(state, "red", "special_ops#1")
    k = put(state, "demon", (2, 9), (3, 9))
    act(state, "declare", action="fire")
    dice.push("r1 d1")
    act(state, "attack", weapon="fist", target=[2, 9])
    assert {len(a.get("dice")) for a in options(state, "reroll")} == {0, 1}
    dice.push("r0 d3")
    act(state, "reroll", dice=[0])
    assert state.invaders[k].wounds == 1  # 3 + 1 = 4 damage / armour 3


def test_killer_instinct_moves_and_attacks_again_after_a_kill(dice):
    """Spec 7.4 (FFG's description): after a kill, move up to 2 and attack once more."""
    state = fresh()
    give(state, "red", "killer_instinct#1")
    put(state, "zombie", (2, 9))
    act(state, "declare", action="fire")
    dice.push("r0 d3")
    events = act(state, "attack", weapon="fist", target=[2, 9])
    assert any(t.startswith("Killer Instinct") for t in texts(events))
    assert state.turn["mp"] == 2 and state.turn["attacks"] == 2


def test_alert_keeps_guard_when_wounded(dice):
    """Spec 7.4 (PLACEHOLDER): the Guard order is not lost when the marine is wounded (seed p. 10 ends it otherwise)."""
    state = fresh()
    red = state.marines["red"]
    give(state, "red", "alert#1")
    red.order, red.order_turn = "guard", -5
    state.phase, state.turn = "kill", None
    imp = put(state, "imp", (4, 11))
    act(state, "activate", figure=imp)
    assert "as" in state.proc["pending"]["prompt"] and "is activated" in state.proc["pending"]["prompt"]
    act(state, "guard", use=False)  # spec 11 item 34: a window before each activation
    act(state, "attack", target=[1, 8])
    assert TITLE.current_decider(state) == "red"  # the Guard window before the invader's roll
    dice.push("r3 d2", "r4 d1")
    act(state, "guard", use=False)
    assert red.health == red.max_health - 1 and red.order == "guard"


def test_front_guard_attacks_an_invader_stepping_next_to_it(dice):
    """Spec 7.4 (PLACEHOLDER): once per invader turn, a one-shot Sentry."""
    state = fresh()
    give(state, "red", "front_guard#1")
    state.phase, state.turn = "kill", None
    z = put(state, "zombie", (4, 8))
    act(state, "activate", figure=z)
    act(state, "move", to=[[2, 8]])
    assert TITLE.current_decider(state) == "red" and options(state, "guard")
    dice.push("r3 d1", "r4 d1")
    act(state, "guard", use=True, weapon="pistol", target=[2, 8])
    assert z not in state.invaders
