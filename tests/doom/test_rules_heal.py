"""The Medic's Heal order "at any moment" (seed p. 10, Gyógyítás; spec 6.9, 7.4, 11 item 17): besides
the start of every turn and before an invader's roll, it is offered in the middle of another marine's
turn (after each step, door and teleport) and after any attack that may have wounded a marine, but
only when it can help (a hurt marine in reach) and not again for a marine the Medic let go at that
health."""
from __future__ import annotations

from game.doom.rules.title import DoomTitle
from tests.doom.conftest import act, fresh, options, put

TITLE = DoomTitle()


def medic_red_green_turn():
    """P1, two marines: Red is a Medic holding a Heal order placed in an earlier turn, Green is 2
    health down three squares off and it is Green's turn, Fire declared (4 MP)."""
    state = fresh(marines=2)
    red, green = state.marines["red"], state.marines["green"]
    red.cards.append(state.marine_deck.take("medic#1"))
    red.order, red.order_turn = "heal", state.turn_seq
    green.cell, green.health = (4, 8), green.max_health - 2
    act(state, "declare", action="fire")
    act(state, "end_turn")  # Green's turn: not adjacent yet, so no question at its start
    assert TITLE.current_decider(state) == "green"
    act(state, "declare", action="run")
    return state, red, green


def test_heal_offered_after_a_step_of_another_marines_move():
    """Spec 6.9 (Heal: at any moment, the medic or an adjacent marine): Green walks next to Red in
    its own turn; after that step Red may heal it, and Green's move goes on afterwards."""
    state, red, green = medic_red_green_turn()
    act(state, "move", to=[0, 10])  # (3,8), (2,8), (1,9), (0,10): next to Red at (1,8) on the 2nd step
    assert TITLE.current_decider(state) == "red"
    assert green.cell == (2, 8)  # halfway
    assert [a.get("target") for a in options(state, "heal_now")] == [None, "green"]
    act(state, "heal_now", target="green")
    assert green.health == green.max_health - 1 and red.order is None
    assert TITLE.current_decider(state) == "green" and state.proc is None
    assert green.cell == (0, 10)  # the move went on


def test_declined_heal_is_not_asked_again_at_the_same_health():
    """Spec 6.9 / 11 (no grinding): once Red lets Green go at this health, Green's further steps in
    reach ask nothing more; the next turn's start asks again."""
    state, red, green = medic_red_green_turn()
    act(state, "move", to=[2, 9])
    act(state, "heal_now", target=None)
    assert TITLE.current_decider(state) == "green"
    act(state, "move", to=[2, 10])  # out of reach (two rows below Red at (1,8))
    act(state, "move", to=[2, 8])  # back in reach, still at the health Red let go
    assert TITLE.current_decider(state) == "green" and state.proc is None
    assert red.order == "heal"
    act(state, "end_turn")  # the invader's turn starts: a fresh moment, asked again
    assert TITLE.current_decider(state) == "red"
    assert [a.get("target") for a in options(state, "heal_now")] == [None, "green"]


def test_no_heal_question_when_nobody_in_reach_is_hurt():
    """Spec 6.9: Heal never lifts a marine above its starting health: Green at full health walking
    next to the Medic is not a moment to ask."""
    state, red, green = medic_red_green_turn()
    green.health = green.max_health
    act(state, "move", to=[2, 9])
    assert TITLE.current_decider(state) == "green" and state.proc is None


def test_heal_offered_after_a_marine_is_wounded_by_an_invader(dice):
    """Spec 6.9 (damage from an attack is taken first; then the Medic may heal): an Imp wounds Green
    next to the Medic during the invader's turn; right after the damage Red may heal Green."""
    state = fresh(marines=2)
    red, green = state.marines["red"], state.marines["green"]
    red.cards.append(state.marine_deck.take("medic#1"))
    red.order, red.order_turn = "heal", -5
    green.cell = (2, 8)
    state.phase, state.turn = "kill", None
    imp = put(state, "imp", (5, 8))
    act(state, "activate", figure=imp)
    dice.push("r3 d2", "r4 d1")  # green at full health before the roll: no question then
    act(state, "attack", target=[2, 8])
    assert green.health < green.max_health
    assert TITLE.current_decider(state) == "red"
    assert [a.get("target") for a in options(state, "heal_now")] == [None, "green"]
    hurt = green.health
    act(state, "heal_now", target="green")
    assert green.health == hurt + 1 and red.order is None
    assert TITLE.current_decider(state) == "invader"


def test_heal_not_usable_in_the_turn_it_is_placed_mid_turn_either():
    """Spec 11 item 17: a marker is not used in the turn it is placed: the Medic placing Heal with
    Ready in its own turn is not asked mid-turn."""
    state = fresh(marines=2)
    red, green = state.marines["red"], state.marines["green"]
    red.cards.append(state.marine_deck.take("medic#1"))
    green.cell, green.health = (2, 8), green.max_health - 1
    act(state, "declare", action="ready")
    act(state, "order", order="heal")
    act(state, "move", to=[1, 7])
    assert TITLE.current_decider(state) == "red" and state.proc is None


def test_heal_offered_after_a_guard_blast_hurts_a_marine_mid_invader_move(dice):
    """Spec 6.9 (Guard at any moment of the invader's turn; Heal at any moment): Red's Guard grenade
    at an Imp that stepped next to Green also blasts Green (6.8 Blast); after that step Green, the
    Medic, may heal itself before the Imp's activation goes on."""
    state = fresh(marines=2)
    red, green = state.marines["red"], state.marines["green"]
    state.closed = [d for d in state.closed if d in ("D5", "D6")]
    green.cards.append(state.marine_deck.take("medic#1"))
    green.cell, green.order, green.order_turn = (4, 8), "heal", -5
    red.order, red.order_turn, red.ammo["rockets"] = "guard", -5, 1
    state.phase, state.turn = "kill", None
    imp = put(state, "imp", (8, 8))
    act(state, "activate", figure=imp)
    while TITLE.current_decider(state) == "red":
        act(state, "guard", use=False)  # no target yet or not now
    act(state, "move", to=[[5, 8]])
    while state.invaders[imp].cells != [(5, 8)]:
        act(state, "guard", use=False)
    dice.push("r3 d2", "r1 d2")  # range 4 >= 4 (indirect), 4 damage: the Imp dies, Green takes 4 / 2
    act(state, "guard", use=True, weapon="grenade", target=[5, 8])
    assert imp not in state.invaders and green.health == green.max_health - 2
    assert TITLE.current_decider(state) == "green"
    assert [a.get("target") for a in options(state, "heal_now")] == [None, "green"]
    act(state, "heal_now", target="green")
    assert green.health == green.max_health - 1
