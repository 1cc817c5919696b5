"""Set-up, the round and the marine actions (spec doom.md 4, 5, 6.1, 6.3, 6.13; seed p. 6-7, 9-10)."""
from __future__ import annotations

import pytest

from game.doom.content import shared_content
from tests.doom.conftest import TITLE, act, fresh, options, put, texts
from game.engine.protocol import Action, IllegalAction


@pytest.mark.parametrize("n", [1, 2, 3])
def test_setup_by_number_of_marines(n):
    """Spec 4 step 5-6: ammo, health, armour and marine cards by the number of marines (the card
    effects on top); 5 secret invader cards; the start zone revealed; the first marine begins."""
    c = shared_content()
    state = TITLE.new_game("knee_deep", 5, {"marines": n})
    setup = c.setups[n]
    assert state.seats == ["red", "green", "blue"][:n]
    for m in state.marines.values():
        cards = [c.marine_card(x) for x in m.cards]
        assert len(cards) == setup.cards
        extra_health = sum(x.params["amount"] for x in cards if x.effect == "start_health")
        extra_armour = sum(x.params["amount"] for x in cards if x.effect == "start_armour")
        extra_shells = sum(x.params["ammo"].get("shells", 0) for x in cards if x.effect == "start_ammo")
        assert m.health == m.max_health == setup.health + extra_health
        assert m.armour == setup.armour + extra_armour
        assert m.ammo["shells"] == setup.shells + extra_shells
    assert len(state.hand) == 5
    assert state.revealed[0] == "A1"
    assert state.closed == ["D1", "D2", "D3", "D4", "D5", "D6"]
    assert TITLE.current_decider(state) == "red"
    assert [m.cell for m in state.marines.values()] == [(1, 8), (1, 9), (2, 8)][:n]


def test_unknown_options_and_scenarios_are_sentences():
    """ENGINE.md: an unknown scenario or option is a ValueError with a sentence."""
    with pytest.raises(ValueError, match="1 to 3 marines"):
        TITLE.new_game("knee_deep", 1, {"marines": 4})
    with pytest.raises(ValueError, match="unknown Doom scenario 'e1m1'"):
        TITLE.new_game("e1m1", 1, {})


def test_round_marines_in_order_then_the_invader_draws_one_card_per_marine():
    """Spec 5.1, 5.3 step 1 (seed p. 6: 1 card per other player)."""
    state = fresh(marines=2)
    held = len(state.hand)
    act(state, "declare", action="run")
    act(state, "end_turn")
    assert TITLE.current_decider(state) == "green"
    act(state, "declare", action="run")
    events = act(state, "end_turn")
    assert TITLE.current_decider(state) == "invader"
    assert len(state.hand) == held + 2
    public = [e for e in events if e.kind == "draw" and e.visible_to is None]
    private = [e for e in events if e.kind == "draw" and e.visible_to == ("invader",)]
    assert len(private) == 2 and all(e.hidden_info for e in private)
    assert public and "2 cards" in public[0].text  # the public twin names no card
    assert all("Dodge" not in e.text or e.visible_to for e in events if e.kind == "draw")


def test_hand_over_8_is_cut_to_8_before_spawning():
    """Spec 5.3 step 1: more than 8 cards in hand: discard down to 8."""
    state = fresh(marines=3)
    state.hand += state.deck.draw(8)  # 8 in hand
    for _ in range(3):
        act(state, "declare", action="run")
        act(state, "end_turn")
    assert len(state.hand) == 11 and state.phase == "discard"
    assert {a.kind for a in options(state)} == {"discard"}
    for _ in range(3):
        act(state, "discard", card=state.hand[0])
    assert len(state.hand) == 8 and state.phase == "spawn"


def test_drawing_the_last_card_gives_a_frag_and_reshuffles():
    """Seed p. 6 / spec 5.3: the last card of the deck drawn: 1 frag, discards form a new deck."""
    state = fresh(marines=1)
    rest = state.deck.draw_pile[1:]
    state.deck.draw_pile = state.deck.draw_pile[:1]
    state.deck.discard(rest)
    act(state, "declare", action="run")
    act(state, "end_turn")
    assert state.frags == 1
    assert len(state.deck.draw_pile) == len(rest) and not state.deck.discard_pile


def test_run_moves_8_and_cannot_attack():
    """Seed p. 6 (A. Rohanás), spec 6.1, 6.3: up to 8 squares, no attack; a door costs 2 MP (seed p. 9)."""
    state = fresh()
    put(state, "zombie", (5, 10))
    act(state, "declare", action="run")
    assert state.turn["mp"] == 8
    assert not options(state, "attack")
    assert "D1" not in {a.get("door") for a in options(state, "door")}  # far from the door
    act(state, "move", to=[4, 8])  # 3 squares: next to the flanking square (5, 8), seed p. 9
    act(state, "move", to=[5, 8])
    act(state, "door", door="D1")
    assert state.turn["mp"] == 2
    reach = {tuple(a.get("to")) for a in options(state, "move")}
    assert (7, 8) in reach and (8, 8) not in reach
    with pytest.raises(IllegalAction, match="cannot reach that square with 2 MP"):
        act(state, "move", to=[8, 8])


def test_fire_two_attacks_no_move(dice):
    """Seed p. 6 (B. Kitárazás), spec 6.1: 2 attacks, no movement; each attack is finished first."""
    state = fresh()
    state.closed.remove("D1")
    z = put(state, "zombie", (7, 8))
    act(state, "declare", action="fire")
    assert not options(state, "move") and state.turn["attacks"] == 2
    dice.push("r3 d1", "r4 d1")  # yellow r3 d1 + green r4 d1: range 7 >= distance 6, 2 damage
    events = act(state, "attack", weapon="pistol", target=[7, 8])
    assert z not in state.invaders  # 2 damage / armour 1 = 2 wounds >= a zombie's health (monsters.toml)
    assert "Zombie 1 is destroyed (its wounds reach its health)." in texts(events)
    assert state.turn["attacks"] == 1 and options(state, "attack") == []  # nothing left to shoot


def test_advance_attack_in_the_middle_of_the_move(dice):
    """Seed p. 6 (C. Megközelítés), spec 6.1, 3.6: 1 square, an attack, then 3 more squares."""
    state = fresh()
    state.closed.remove("D1")
    put(state, "zombie", (12, 9))
    state.marines["red"].cell = (4, 8)
    act(state, "declare", action="advance")
    act(state, "move", to=[5, 8])
    dice.push("miss", "r2 d1")
    act(state, "attack", weapon="pistol", target=[12, 9])
    assert state.turn["mp"] == 3 and state.turn["attacks"] == 0
    act(state, "move", to=[2, 8])  # 3 squares back
    assert state.marines["red"].cell == (2, 8)
    assert not options(state, "move")


def test_ready_is_the_move_or_the_attack_and_one_order():
    """Seed p. 6 (D. Készenlét), spec 6.1, 6.9: 4 squares or 1 attack, plus one order marker at any point."""
    state = fresh()
    state.closed.remove("D1")
    put(state, "zombie", (12, 9))
    act(state, "declare", action="ready")
    assert options(state, "attack") and options(state, "move")
    act(state, "order", order="guard")
    act(state, "move", to=[2, 9])
    assert not options(state, "attack")
    assert not options(state, "order")
    assert state.marines["red"].order == "guard"
    with pytest.raises(IllegalAction, match="no attack left"):
        act(state, "attack", weapon="pistol", target=[12, 9])


def test_heal_order_only_for_a_medic():
    """Seed p. 10, spec 6.9 Heal: only a marine with the Medic card places the Heal order."""
    state = fresh()
    act(state, "declare", action="ready")
    assert "heal" not in {a.get("order") for a in options(state, "order")}
    state.marines["red"].cards = ["medic#1"]
    state.marine_deck.take("medic#1")
    assert "heal" in {a.get("order") for a in options(state, "order")}


def test_security_door_needs_its_key_and_never_opens_for_invaders():
    """Seed p. 9 (Biztonsági zsilipek), spec 3.2, 6.13: closed until the key is found; then every marine may open
    it for 2 MP; invaders never."""
    state = fresh()
    red = state.marines["red"]
    red.cell = (39, 8)
    act(state, "declare", action="run")
    assert "D5" not in {a.get("door") for a in options(state, "door")}
    state.keys.append("red")
    assert "D5" in {a.get("door") for a in options(state, "door")}
    from game.doom.rules.queries import usable_doors
    imp = put(state, "imp", (39, 9))
    assert "D5" not in usable_doors(state, imp)


def test_door_cannot_close_on_a_large_invader_across_it():
    """Seed p. 9, spec 3.2, 6.13: a door cannot be closed while a large invader stands in its line."""
    from game.doom.rules.queries import usable_doors

    state = fresh()
    state.closed.remove("D3")
    state.marines["red"].cell = (21, 10)
    put(state, "mancubus", (21, 8), (22, 8), (21, 9), (22, 9))
    state.marines["red"].cell = (21, 7)
    assert "D3" not in usable_doors(state, "red")


def test_opening_a_door_reveals_the_area_behind_it():
    """Seed p. 9 (Felderítés), spec 3.10: an unexplored part coming into a marine's LOS is placed at once."""
    state = TITLE.new_game("knee_deep", 3, {"marines": 1})
    state.marines["red"].cell = (5, 8)
    assert "A2" not in state.revealed
    act(state, "declare", action="run")
    events = act(state, "door", door="D1")
    assert "A2" in state.revealed
    assert any("West corridor is revealed" in t for t in texts(events))  # the map's place name, not "A2"
    zombies = [i for i in state.invaders.values() if i.monster == "zombie"]
    assert [z.cells for z in zombies] == [[(12, 8)]]  # spec 9.3: zombie (12,8) [1+]; (13,9) is [2+]
    assert state.has_marker((10, 8), "barrel")


def test_illegal_actions_say_why():
    """ENGINE.md: every illegal action raises IllegalAction with a sentence a player understands."""
    state = fresh()
    with pytest.raises(IllegalAction, match="must declare an action"):
        act(state, "move", to=[2, 8])
    act(state, "declare", action="fire")
    with pytest.raises(IllegalAction, match="already declared Fire"):
        act(state, "declare", action="run")
    with pytest.raises(IllegalAction, match="does not have the BFG"):
        act(state, "attack", weapon="bfg", target=[3, 3])
    state.marines["red"].ammo["shells"] = 0
    with pytest.raises(IllegalAction, match="no shells/bullets ammo for the Pistol"):
        act(state, "attack", weapon="pistol", target=[3, 3])
    with pytest.raises(IllegalAction, match="not the current decider|Order markers"):
        TITLE.apply(state, Action("order", {"order": "aim"}))


def test_door_used_from_a_square_next_to_its_squares():
    """Seed p. 9 (Zsilipek), spec 3.2, 6.13: a figure on a square adjacent to the door's squares opens or closes
    it; further away it cannot."""
    from game.doom.rules.queries import usable_doors

    state = fresh()
    red = state.marines["red"]
    for cell, ok in (((5, 8), True), ((4, 9), True), ((4, 10), True), ((3, 8), False), ((5, 11), False)):
        red.cell = cell
        assert ("D1" in usable_doors(state, "red")) == ok, cell


def test_adrenaline_adds_4_squares_for_the_turn():
    """Seed p. 9 (Adrenalinjelzők), spec 6.12, 5.2 step 2: discarded at the start of a turn for +4 squares of
    movement."""
    state = fresh()
    red = state.marines["red"]
    red.adrenaline = 1
    act(state, "adrenaline")
    act(state, "declare", action="advance")
    assert state.turn["mp"] == 8 and red.adrenaline == 0
    assert not options(state, "adrenaline")


def test_ready_attack_first_then_no_move(dice):
    """Spec 6.1 proposal: whichever the marine does first, move or attack, fixes the choice."""
    state = fresh()
    put(state, "zombie", (4, 8))
    act(state, "declare", action="ready")
    dice.push("miss", "r2 d1")
    act(state, "attack", weapon="pistol", target=[4, 8])
    assert not options(state, "move") and not options(state, "door")
    assert options(state, "order")  # the order marker is still allowed


def test_encounter_e1_gives_ammo_to_the_first_marine_ending_its_move_there():
    """Spec 9.3: E1 (26,9): 'The guard's pack still holds ammunition.' 2 shells; the marker goes."""
    from tests.doom.conftest import marker

    state = fresh()
    red = state.marines["red"]
    red.cell = (24, 9)
    marker(state, "encounter", (26, 9), "E1")
    shells = red.ammo["shells"]
    act(state, "declare", action="run")
    act(state, "move", to=[27, 9])  # passing over it does not trigger it
    assert red.ammo["shells"] == shells
    act(state, "move", to=[26, 9])
    assert red.ammo["shells"] == shells + 2 and "E1" in state.encounters_done
    assert not state.has_marker((26, 9), "encounter")


def test_respawn_closest_when_no_square_is_8_to_16_away():
    """Seed p. 9, spec 6.16: if no square fits, the one that best satisfies the rule."""
    from game.doom.rules.turn import respawn_squares

    state = fresh()
    state.revealed = ["A1"]  # the lounge only: at most 5 squares from anywhere in it
    red = state.marines["red"]
    red.death_cell, red.cell, red.dead = (0, 6), None, True
    spots = respawn_squares(state, "red")
    dist = state.map.path_distances((0, 6), frozenset())
    assert spots and all(dist[c] == 5 for c in spots)  # the farthest: the smallest shortfall below 8
    assert sorted(spots) == sorted(c for c in state.map.areas["A1"] if dist[c] == 5)


def test_exploration_places_monsters_for_the_number_of_marines():
    """Spec 9.2 scaling: A2's zombie (13,9) is [2+], so it appears with 2 or 3 marines only."""
    for n, expected in ((1, [[(12, 8)]]), (3, [[(12, 8)], [(13, 9)]])):
        state = TITLE.new_game("knee_deep", 3, {"marines": n})
        state.marines["red"].cell = (5, 8)
        if n > 1:
            state.marines["green"].cell, state.marines["blue"].cell = (1, 10), (1, 11)
        act(state, "declare", action="run")
        act(state, "door", door="D1")
        a2 = state.map.areas["A2"]
        zombies = sorted(i.cells for i in state.invaders.values() if i.monster == "zombie" and i.cells[0] in a2)
        assert zombies == expected


def test_invader_refusals_say_why():
    """ENGINE.md: the invader's illegal actions are refused with sentences too."""
    state = fresh()
    state.phase, state.turn = "kill", None
    z = put(state, "zombie", (20, 10))
    act(state, "activate", figure=z)
    with pytest.raises(IllegalAction, match="Zombie 1 cannot attack that square"):
        act(state, "attack", target=[1, 8])
    mp = state.content.monsters["zombie"].move  # monsters.toml (a PLACEHOLDER tuned in data/BALANCE.md)
    with pytest.raises(IllegalAction, match=f"cannot reach that place with {mp} MP"):
        act(state, "move", to=[[1, 9]])
    act(state, "end_activation")
    with pytest.raises(IllegalAction, match="Zombie 1 has already been activated this turn."):
        act(state, "activate", figure=z)


def test_a_listed_action_is_trusted_only_until_the_state_changes():
    """The rules check every action (DESIGN: the rules enforce everything): an action listed by
    legal_actions is taken as it is only until the next change; a stale one, or one never
    listed, is checked again and refused with the rules' sentence when illegal."""
    from game.doom.rules import turn as T
    from game.engine.protocol import Action, IllegalAction
    from tests.doom.conftest import fresh

    state = fresh()
    listed = T.legal_actions(state)
    with pytest.raises(IllegalAction):
        T.apply(state, Action("move", {"to": [99, 99]}))  # never listed
    run = next(a for a in T.legal_actions(state) if a.kind == "declare" and a.payload["action"] == "run")
    stale = next(a for a in listed if a.kind == "declare" and a.payload["action"] == "fire")
    T.apply(state, run)
    with pytest.raises(IllegalAction):
        T.apply(state, stale)  # listed before Run was declared: one declaration per turn


def test_a_refused_door_says_the_one_thing_that_stops_it():
    """Spec 3.2, 6.13: opening or closing costs 2 MP, from next to the door; security doors need
    their key and are never the invader's. At the table a marine by door D1 with no MP left was
    told every condition at once ('stand on a flanking square, have 2 MP; security doors need
    their key; a large invader may stand across it'): the refusal names the one that applies."""
    def why(state, door):
        with pytest.raises(IllegalAction) as got:
            act(state, "door", door=door)
        return got.value.reason

    state = fresh()
    state.marines["red"].cell = (5, 8)
    act(state, "declare", action="fire")  # 0 MP
    assert why(state, "D1") == "Red has 0 MP left: opening or closing a door costs 2 MP."
    state = fresh()
    state.marines["red"].cell = (3, 8)
    act(state, "declare", action="run")
    assert why(state, "D1") == "Red is not next to door D1: stand on a square beside it."
    state.marines["red"].cell = (38, 8)
    assert why(state, "D5") == "Door D5 is a security door: it opens once the marines find the red key."
    state = fresh()
    state.phase, state.turn = "kill", None
    imp = put(state, "imp", (38, 8))
    act(state, "activate", figure=imp)
    assert why(state, "D5") == "Invaders never open or close a security door (D5)."
    state.closed.remove("D1")
    assert why(state, "D1") == "Imp 1 is not next to door D1: stand on a square beside it."
