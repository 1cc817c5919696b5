"""Scenario P2 "Reactor Shutdown" (spec doom.md 9.4, a proposal): the map, the teleporter into the
coolant store, the two consoles and the meltdown clock."""
from __future__ import annotations

from game.board.commands import check_map
from tests.doom.conftest import TITLE, act, texts


def reactor(marines: int = 1, seed: int = 1):
    state = TITLE.new_game("reactor", seed, {"marines": marines})
    state.deck.put_on_bottom(state.hand)
    state.hand = []
    return state


def test_p2_map_passes_check_map_and_starts_in_b1_and_b2():
    """Spec 9.4: the map follows docs/MAPS.md; B1 and B2 are the start zone; K1-K3 closed."""
    assert check_map("maps/doom/p2_reactor.tmx") == []
    state = reactor()
    assert state.revealed == ["B1", "B2"]  # both start zones (spec 9.4: B2 is open to B1)
    assert state.closed == ["K1", "K2", "K3"]
    assert [i.monster for i in state.invaders.values()] == ["zombie"]  # zombie (18,10) [1+] in B2


def test_teleporting_into_the_unexplored_coolant_store_reveals_it():
    """Spec 9.4: T1 (0,11) in B1 links to T2 (17,16) in B4; teleporting there reveals B4 (3.10)."""
    state = reactor()
    state.marines["red"].cell = (1, 11)
    act(state, "declare", action="run")
    act(state, "move", to=[0, 11])
    events = act(state, "teleport", to=[17, 16])
    assert "B4" in state.revealed and state.marines["red"].cell == (17, 16)
    assert any(t.startswith("Coolant store is revealed") for t in texts(events))


def test_both_consoles_win():
    """Spec 9.4: the marines win at once when both consoles C1 and C2 are activated."""
    state = reactor()
    state.encounters_done.append("C1")
    state.revealed.append("B5")
    from game.doom.rules.state import Marker
    state.markers.append(Marker("m99", "encounter", "C2", (27, 12)))
    state.closed.remove("K3")
    state.marines["red"].cell = (26, 12)
    state.invaders.clear()
    act(state, "declare", action="run")
    events = act(state, "move", to=[27, 12])
    assert "Secondary shutdown engaged." in texts(events)
    assert state.outcome == "marines"


def test_meltdown_clock_gives_a_frag_at_its_first_round_and_every_period_after():
    """Spec 9.4: at the end of the clock's first round (10 in the spec; the data's number, tuned
    in game/doom/data/BALANCE.md) and every 5th round after, a frag while a console is inactive."""
    state = reactor()
    first, every = state.content.scenarios["reactor"].meltdown
    state.invaders.clear()
    frags = []
    while state.round <= first + every:
        act(state, "declare", action="fire")
        act(state, "end_turn")
        while state.phase == "discard":
            act(state, "discard", card=state.hand[-1])
        act(state, "no_spawn")
        act(state, "end_invader_turn")
        frags.append(state.frags)
    # one card drawn per round from 66 never empties the deck: every frag is the meltdown's
    # (frags[r - 1] is the count after round r)
    assert frags[first - 2] == 0 and frags[first - 1] == 1
    assert frags[first + every - 2] == 1 and frags[first + every - 1] == 2
