"""Attacks, orders, deaths and spawning (spec doom.md 6.4-6.16, 8.2; seed p. 8-12)."""
from __future__ import annotations

from game.doom.rules import effects as E
from game.doom.rules.queries import attack_targets, placements
from tests.doom.conftest import TITLE, act, deal, fresh, imp_attacks_dodging_red, marker, options, put, texts


def open_all(state):
    state.closed = [d for d in state.closed if d in ("D5", "D6")]


def test_seed_pistol_example_against_a_demon(dice):
    """Seed p. 8, spec 6.4 steps 3-5: pistol (yellow + green) at a demon 4 squares away; yellow r2 d2 + green r2 d1:
    range 4 >= 4, 3 damage against armour 3 = 1 wound."""
    state = fresh()
    open_all(state)
    state.marines["red"].cell = (8, 8)
    demon = put(state, "demon", (12, 9), (13, 9))
    act(state, "declare", action="fire")
    assert [12, 9] in [a.get("target") for a in options(state, "attack")]  # either square of the demon
    dice.push("r2 d2", "r2 d1")
    events = act(state, "attack", weapon="pistol", target=[12, 9])
    assert "Hit: range 4, 3 damage." in texts(events)
    assert state.invaders[demon].wounds == 1


def test_any_miss_fails_the_whole_attack(dice):
    """Seed p. 8 (4. lépés), spec 6.4 step 4: a miss on any die fails the attack, whatever the others show."""
    state = fresh()
    state.marines["red"].cell = (3, 8)
    z = put(state, "zombie", (4, 8))
    act(state, "declare", action="fire")
    dice.push("miss", "r5 d1 +A")
    events = act(state, "attack", weapon="pistol", target=[4, 8])
    assert "A die shows a miss: the attack fails." in texts(events)
    assert state.invaders[z].wounds == 0
    assert state.marines["red"].ammo["shells"] == 3  # the ammo check still happens (1 token)


def test_range_short_of_the_distance_fails(dice):
    """Seed p. 8 (4. lépés), spec 6.4 step 4, 3.8: a range total below the target distance fails the attack."""
    state = fresh()
    open_all(state)
    z = put(state, "zombie", (12, 8))
    state.marines["red"].cell = (4, 8)
    act(state, "declare", action="fire")
    dice.push("r2 d2", "r4 d1")  # range 6 < distance 8
    events = act(state, "attack", weapon="pistol", target=[12, 8])
    assert "Range 6 is short of distance 8: the attack fails." in texts(events)
    assert state.invaders[z].wounds == 0


def test_damage_is_divided_by_armour_rounding_down():
    """Seed p. 8 (5. lépés), spec 6.4 step 5, 6.6: armour 2 takes 1 wound from 2, 2 from 4, 3 from 7; 1 damage
    is lost."""
    assert [E.damage_wounds(d, 2) for d in (1, 2, 4, 7)] == [0, 1, 2, 3]
    assert E.damage_wounds(3, 3) == 1


def test_one_ammo_token_per_attack_however_many_icons(dice):
    """Seed p. 9 (Muníció), spec 6.4 step 6, 6.7: at least one ammo icon: discard 1 token, never more per attack."""
    state = fresh()
    put(state, "zombie", (5, 8))
    act(state, "declare", action="fire")
    dice.push("r2 d1 +A", "r5 d1 +A")
    act(state, "attack", weapon="pistol", target=[5, 8])
    assert state.marines["red"].ammo["shells"] == 3


def test_melee_only_adjacent_and_ignores_range(dice):
    """Seed p. 10 (Közelharci támadások), spec 6.5: only adjacent squares; only a miss fails it."""
    state = fresh()
    z = put(state, "zombie", (3, 8))
    assert (3, 8) not in attack_targets(state, "red", "fist")
    state.marines["red"].cell = (2, 9)
    assert (3, 8) in attack_targets(state, "red", "fist")
    act(state, "declare", action="fire")
    dice.push("r0 d3")  # blue r0 d3: range 0 but melee ignores range
    events = act(state, "attack", weapon="fist", target=[3, 8])
    assert z not in state.invaders  # 3 damage / armour 1 >= a zombie's health (monsters.toml)
    # ... and its log line names no range: 'Hit: range 0, 3 damage.' read as a range that counted.
    assert "Hit: 3 damage." in texts(events)


def test_los_is_blocked_by_figures(dice):
    """Seed p. 8, spec 3.7: you cannot shoot through one invader at another behind it."""
    state = fresh()
    put(state, "zombie", (3, 8))
    put(state, "imp", (5, 8))
    targets = attack_targets(state, "red", "pistol")
    assert (3, 8) in targets and (5, 8) not in targets


def test_indirect_fire_around_a_corner(dice):
    """Seed p. 12 (Fedezékharc), spec 6.8 Indirect fire: no LOS needed, never through walls or closed doors, max 8."""
    state = fresh()
    open_all(state)
    red = state.marines["red"]
    red.cell = (5, 7)
    red.ammo["rockets"] = 1
    put(state, "zombie", (8, 9))
    assert (8, 9) in attack_targets(state, "red", "grenade")
    state.closed.append("D1")
    assert (8, 9) not in attack_targets(state, "red", "grenade")


def test_blast_hits_every_creature_in_the_area_once(dice):
    """Seed p. 12 (Robbantás), spec 6.8 Blast, 3.4: the target square and every square within X steps; every creature
    there takes the full damage; a large figure is damaged once (p. 11)."""
    state = fresh()
    open_all(state)
    red = state.marines["red"]
    red.cell = (16, 6)
    red.ammo["rockets"] = 1
    z1 = put(state, "zombie", (18, 10))
    z2 = put(state, "zombie", (19, 11))
    mancubus = put(state, "mancubus", (19, 8), (20, 8), (19, 9), (20, 9))
    act(state, "declare", action="fire")
    dice.push("r3 d2", "r1 d2")  # yellow + blue: range 4, 4 damage; distance (16,6)-(18,10) = 4
    events = act(state, "attack", weapon="grenade", target=[18, 10])
    blast = next(e for e in events if e.kind == "blast")
    assert sorted(map(tuple, blast.payload["cells"])) == [(x, y) for x in (17, 18, 19) for y in (9, 10, 11)]
    assert z1 not in state.invaders and z2 not in state.invaders  # 4 / armour 1 each
    assert state.invaders[mancubus].wounds == 2  # 4 / armour 2, once


def test_failed_blast_scatters_from_the_top_invader_card(dice):
    """Seed p. 11 (Céltévesztés), spec 6.11: a failed blast flips the top invader card and lands elsewhere."""
    state = fresh()
    open_all(state)
    red = state.marines["red"]
    red.cell = (16, 8)
    red.ammo["rockets"] = 1
    z = put(state, "zombie", (20, 8))
    top = "zombie_pack#3"  # scatter E1 (data): one square east of the target
    state.deck.put_on_top([state.deck.take(top)])
    act(state, "declare", action="fire")
    dice.push("miss", "r0 d3")  # the yellow misses; the blue's 3 damage is what explodes
    events = act(state, "attack", weapon="grenade", target=[19, 8])
    assert "The blast lands on Zombie 1." in texts(events)  # the zombie on 20,8, one square east
    assert z == "zombie#1" and z not in state.invaders  # 3 damage / armour 1 = 3 wounds
    assert state.deck.discard_pile[0] == top


def test_barrel_explodes_and_wounds_its_neighbours(dice):
    """Seed p. 11 (Robbanó hordók), spec 6.15, 6.6: 1 wound on the barrel: it explodes; adjacent creatures take
    1 wound ignoring armour."""
    state = fresh()
    open_all(state)
    state.marines["red"].cell = (7, 8)
    marker(state, "barrel", (10, 8))
    demon = put(state, "demon", (11, 8), (11, 9))
    act(state, "declare", action="fire")
    dice.push("r2 d2", "r3 d1")
    events = act(state, "attack", weapon="pistol", target=[10, 8])
    assert "The barrel in the West corridor explodes." in texts(events)
    assert state.invaders[demon].wounds == 1  # despite armour 3
    assert not state.has_marker((10, 8), "barrel")


def test_aim_order_rerolls_any_dice_once(dice):
    """Seed p. 9 (Célzás), spec 6.9 Aim, 6.10: discard Aim before the attack, then reroll any dice once; moving
    loses it."""
    state = fresh()
    red = state.marines["red"]
    red.order, red.order_turn = "aim", -5
    z = put(state, "zombie", (5, 8))
    act(state, "declare", action="fire")
    dice.push("miss", "r2 d1")
    act(state, "attack", weapon="pistol", target=[5, 8])
    assert TITLE.current_decider(state) == "red" and {a.kind for a in options(state)} == {"aim"}
    act(state, "aim", aim=True)  # declared before the roll
    assert {a.kind for a in options(state)} == {"reroll"}
    dice.push("r3 d2")
    act(state, "reroll", dice=[0])
    assert z not in state.invaders and red.order is None


def test_aim_ends_when_the_marine_moves():
    """Seed p. 9, spec 6.9 Aim: the Aim marker is discarded when the marine leaves its square."""
    state = fresh()
    red = state.marines["red"]
    red.order, red.order_turn = "aim", -5
    act(state, "declare", action="run")
    act(state, "move", to=[2, 9])
    assert red.order is None


def test_aim_and_dodge_cancel_out(dice):
    """Seed p. 10-11, spec 6.10: an aimed attack against a dodging target: no reroll at all."""
    state = fresh()
    red = state.marines["red"]
    red.order, red.order_turn = "aim", -5
    put(state, "zombie", (5, 8))
    deal(state, "dodge#1")
    act(state, "declare", action="fire")
    dice.push("miss", "r2 d1")
    act(state, "attack", weapon="pistol", target=[5, 8])
    act(state, "aim", aim=True)
    assert TITLE.current_decider(state) == "invader"
    events = act(state, "dodge_card", card="dodge#1")
    assert "The aimed attack and the dodge cancel out: no reroll." in texts(events)
    assert "dodge#1" in state.deck.discard_pile


def test_guard_interrupts_an_invader_mid_move(dice):
    """Seed p. 10 (Beavatkozás), spec 6.9 Guard, 5.3: the marine discards Guard and attacks as the zombie enters its
    second square (2 MP, monsters.toml); the invader's turn waits for the interrupt."""
    state = fresh()
    red = state.marines["red"]
    red.cell = (2, 8)
    red.order, red.order_turn = "guard", state.turn_seq
    act(state, "declare", action="run")
    act(state, "end_turn")  # the invader's turn
    state.closed.remove("D1")
    z = put(state, "zombie", (8, 8))
    while state.phase == "discard":
        act(state, "discard", card=state.hand[0])
    if state.phase == "spawn":
        act(state, "no_spawn")
    act(state, "activate", figure=z)
    assert "as" in state.proc["pending"]["prompt"] and "is activated" in state.proc["pending"]["prompt"]
    act(state, "guard", use=False)  # spec 11 item 34: a window before each activation
    act(state, "move", to=[[6, 8]])
    windows = 0
    while TITLE.current_decider(state) == "red":
        windows += 1
        if windows < 2:
            act(state, "guard", use=False)
        else:
            dice.push("r3 d2", "r4 d1")
            act(state, "guard", use=True, weapon="pistol", target=[6, 8])
    assert windows == 2  # after each step: 7,8 let pass, the interrupt at 6,8
    assert z not in state.invaders and red.order is None


def test_guard_expires_at_the_start_of_the_marines_next_turn():
    """Seed p. 10, spec 6.9, 5.2 step 2: Guard lasts until the marine's next turn starts."""
    state = fresh()
    red = state.marines["red"]
    act(state, "declare", action="ready")
    act(state, "order", order="guard")
    act(state, "end_turn")
    while state.phase == "discard":
        act(state, "discard", card=state.hand[0])
    act(state, "no_spawn")
    assert red.order == "guard"
    events = act(state, "end_invader_turn")
    assert red.order is None and "Red's Guard order expires." in texts(events)


def test_dodge_order_lets_the_marine_reroll_the_attack(dice):
    """Seed p. 10 (Kitérés), spec 6.9 Dodge, 6.10: the marine's player has the attacker reroll any dice, once."""
    state = imp_attacks_dodging_red(dice)
    red = state.marines["red"]
    assert TITLE.current_decider(state) == "red"
    dice.push("miss")
    events = act(state, "reroll", dice=[0])
    assert "A die shows a miss: the attack fails." in texts(events)
    assert red.health == red.max_health


def test_marine_death_frag_refill_and_respawn(dice):
    """Seed p. 9 (Halál és megsemmisülés), spec 6.16: a frag; the container back to the starting health and
    armour, extra armour lost, weapons and ammo kept; respawn at the start of the next turn on an
    explored empty square 8 to 16 squares from where it died."""
    state = fresh()
    red = state.marines["red"]
    red.health, red.armour = 1, red.base_armour + 1
    red.weapons.append("shotgun")
    state.phase, state.turn = "kill", None
    imp = put(state, "imp", (4, 8))
    act(state, "activate", figure=imp)
    dice.push("r3 d2", "r4 d1")  # 3 damage / armour 3 = 1 wound: the last health marker
    events = act(state, "attack", target=[1, 8])
    assert "Red is killed in the Crew lounge." in texts(events)  # a place on the map, not "at 1,8"
    assert state.frags == 1 and red.cell is None
    assert red.health == red.max_health and red.armour == red.base_armour and red.weapons == ["shotgun"]
    act(state, "end_activation")
    act(state, "end_invader_turn")
    spots = [tuple(a.get("cell")) for a in options(state)]
    assert spots and {a.kind for a in options(state)} == {"respawn"}
    dist = state.map.path_distances((1, 8), frozenset())
    assert all(8 <= dist[c] <= 16 for c in spots)
    act(state, "respawn", cell=list(spots[0]))
    assert red.cell == spots[0] and not red.dead


def test_invader_wins_at_the_frag_target():
    """Seed p. 9, spec 6.16: in Knee-Deep in the Dead the invader wins with 6 frags."""
    state = fresh()
    state.frags = 5
    red = state.marines["red"]
    red.health = 1
    marker(state, "hazard", (2, 9))
    act(state, "declare", action="run")
    act(state, "move", to=[2, 9])  # a hazard square: 1 wound, ignoring armour (seed p. 11)
    assert state.frags == 6 and state.outcome == "invader"
    assert TITLE.current_decider(state) is None and TITLE.legal_actions(state) == []


def test_marines_win_on_the_evac_airlock():
    """Spec 9.3 / 11 item 36: any marine ending a step in A8 (behind D5) wins."""
    state = fresh()
    state.keys.append("red")
    state.marines["red"].cell = (39, 9)
    act(state, "declare", action="run")
    act(state, "door", door="D5")
    act(state, "move", to=[40, 9])
    assert state.outcome == "marines"


def test_spawn_only_out_of_every_marines_sight():
    """Seed p. 7 (2. lépés), spec 8.2: new monsters only on squares no marine sees; invaders already on the
    board do not block that sight."""
    state = fresh()
    open_all(state)
    state.revealed = ["A1", "A2"]
    wall = put(state, "zombie", (6, 8))  # stands in the doorway
    spots = {tuple(p[0]) for p in placements(state, "imp")}
    assert (10, 8) not in spots  # red at (1,8) sees down the corridor past the zombie
    assert (5, 6) not in spots  # seen in the lounge
    assert not any(c in state.map.areas["A3"] for c in spots)  # unexplored
    del state.invaders[wall]
    state.closed.append("D1")
    spots = {tuple(p[0]) for p in placements(state, "imp")}
    assert (10, 8) in spots  # behind the closed door


def test_spawn_card_places_or_loses_monsters():
    """Seed p. 7, spec 8.2, 5.3 step 2: of 3 zombies only those that fit out of sight are placed; the card is
    discarded."""
    state = fresh()
    state.revealed = ["A1"]  # everything explored is in sight: all three are lost
    state.phase, state.turn = "spawn", None
    card = next(c for c in state.deck.draw_pile if c.startswith("zombie_pack"))
    state.hand.append(state.deck.take(card))
    events = act(state, "spawn", card=card, half=0)
    assert sum("it is lost" in t for t in texts(events)) == 3
    assert state.deck.discard_pile[0] == card and state.phase == "kill"


def test_sentry_demon_attacks_a_marine_stepping_next_to_it(dice):
    """Seed p. 12 (Őrködés), spec 6.8 Sentry: a free attack on every enemy that steps next to the figure."""
    state = fresh()
    put(state, "demon", (4, 10), (5, 10))
    act(state, "declare", action="run")
    act(state, "move", to=[3, 9])
    assert TITLE.current_decider(state) == "invader" and {a.kind for a in options(state)} == {"sentry"}
    dice.push("r0 d4 +A", "r1 d2")  # the demon's red + blue (monsters.toml)
    act(state, "sentry", use=True, target=[3, 9])
    red = state.marines["red"]
    assert red.health == red.max_health - 3  # 6 damage / armour 2


def test_berserk_fist_destroys_any_invader(dice):
    """Seed p. 9 (Dühdrog), spec 6.12, 6.4 step 1: fist only, and every hit destroys the invader outright, whatever its
    armour: 1 damage against a hell knight's armour 3 would otherwise wound nothing."""
    state = fresh()
    red = state.marines["red"]
    red.berserk, red.berserk_turn = 2, -5
    k = put(state, "hell_knight", (2, 6), (3, 6), (2, 7), (3, 7))
    act(state, "declare", action="fire")
    assert {a.get("weapon") for a in options(state, "attack")} == {"fist"}
    dice.push("r1 d1")
    events = act(state, "attack", weapon="fist", target=[2, 7])
    assert k not in state.invaders
    assert "Hell knight 1 is destroyed (a berserk fist)." in texts(events)


def test_berserk_fades_then_goes():
    """Seed p. 9, spec 6.12, 5.2 step 5: at the end of the next turn it fades, at the end of the one after it
    is discarded."""
    state = fresh()
    red = state.marines["red"]
    red.berserk, red.berserk_turn = 2, state.turn_seq  # picked up this turn
    for expected in (2, 1, 0):
        act(state, "declare", action="run")
        act(state, "end_turn")
        assert red.berserk == expected
        while state.phase == "discard":
            act(state, "discard", card=state.hand[0])
        act(state, "no_spawn")
        act(state, "end_invader_turn")


def test_blow_through_walks_on_dropping_green_dice(dice):
    """Seed p. 12 (Láncrombolás), spec 6.8 Blow-through: the heavy machine gun kills the adjacent
    zombie, then drops its two green dice (one per square) to reach and attack a second zombie."""
    state = fresh()
    open_all(state)
    red = state.marines["red"]
    red.cell = (7, 8)
    red.weapons.append("chaingun")
    z1 = put(state, "zombie", (8, 8))
    z2 = put(state, "zombie", (10, 8))
    act(state, "declare", action="fire")
    dice.push("r2 d2", "r2 d1", "r2 d1", "r1 d1")  # yellow, green, green, blue: 5 damage, range 7
    act(state, "attack", weapon="chaingun", target=[8, 8])
    assert z1 not in state.invaders
    walk = options(state, "blow_through")
    assert {tuple(a.get("to") or ()) for a in walk} >= {(9, 8), ()}
    act(state, "blow_through", to=[9, 8], drop="green")  # an empty square: a die, no roll
    dice.push("r3 d2", "r1 d2")  # yellow + blue now: range 4 >= 3, 4 damage
    act(state, "blow_through", to=[10, 8], drop="green")
    assert z2 not in state.invaders


def test_blow_through_needs_ammo_to_go_on(dice):
    """Seed p. 9, spec 6.7: the walk goes on only while the marine has an ammo token of the weapon's type."""
    state = fresh()
    red = state.marines["red"]
    red.weapons.append("shotgun")
    red.ammo["shells"] = 1
    put(state, "zombie", (2, 9))
    put(state, "zombie", (3, 9))
    act(state, "declare", action="fire")
    dice.push("r0 d4 +A", "r1 d1", "r2 d1")  # the ammo icon spends the last shell
    act(state, "attack", weapon="shotgun", target=[2, 9])
    assert red.ammo["shells"] == 0 and not options(state, "blow_through")


def test_giving_ammo_and_weapons_costs_1_mp_each_never_armour():
    """Seed p. 9, spec 6.3, 6.12: 1 MP per weapon or ammo marker to an adjacent marine; armour cannot be given."""
    state = fresh(marines=2)
    red, green = state.marines["red"], state.marines["green"]
    red.weapons.append("shotgun")
    act(state, "declare", action="run")
    gives = {(a.get("to"), a.get("what")) for a in options(state, "give")}
    assert gives == {("green", "shells"), ("green", "shotgun")}
    act(state, "give", to="green", what="shotgun")
    act(state, "give", to="green", what="shells")
    assert green.weapons == ["shotgun"] and red.weapons == [] and state.turn["mp"] == 6
    assert green.ammo["shells"] == state.content.setups[2].shells + 1


def test_several_dodgers_one_reroll_by_the_first_to_the_attackers_left(dice):
    """Seed p. 12 (Robbantás), spec 6.10, 6.8: if more than one target would dodge a blast, the first dodging
    player to the attacker's left decides the single reroll (the invader sits last: red first)."""
    state = fresh(marines=2)
    red, green = state.marines["red"], state.marines["green"]
    red.cell, green.cell = (3, 8), (3, 9)
    for m in (red, green):
        m.order, m.order_turn = "dodge", -5
    state.phase, state.turn = "kill", None
    cyber = put(state, "cyberdemon", (0, 6), (1, 6), (0, 7), (1, 7))
    act(state, "activate", figure=cyber)
    dice.push("r3 d2", "r0 d4 +A", "r2 d1")  # the cyberdemon's yellow, red, green (monsters.toml)
    act(state, "attack", target=[3, 8])
    assert TITLE.current_decider(state) == "red" and options(state, "reroll")
    act(state, "reroll", dice=[])
    assert TITLE.current_decider(state) == "invader" and not options(state, "reroll")  # one reroll only
    # 7 damage + Deadly 1 = 8 / armour 2 = 4 wounds to each marine in the blast
    assert red.health == red.max_health - 4 and green.health == green.max_health - 4


def test_an_empty_pool_may_recycle_a_figure_from_the_board():
    """Seed p. 7, spec 8.2: no more figures of a type than the box (colours in use) holds; with none left the
    invader may take one of its figures off the board and bring it in through the spawn card."""
    state = fresh()  # 1 marine: 2 hell knights (spec 2's even split)
    far = put(state, "hell_knight", (32, 4), (33, 4), (32, 5), (33, 5))
    put(state, "hell_knight", (36, 4), (37, 4), (36, 5), (37, 5))
    state.phase, state.turn = "spawn", None
    card = deal(state, "hell_knight#1")
    act(state, "spawn", card=card, half=0)
    assert {a.kind for a in options(state)} == {"recycle"}
    act(state, "recycle", figure=far)
    assert far not in state.invaders and {a.kind for a in options(state)} == {"place"}
    act(state, "place", **options(state, "place")[0].payload)
    assert sum(1 for i in state.invaders.values() if i.monster == "hell_knight") == 2


def test_no_guard_window_while_passing_through_a_friend():
    """Spec 3.6 / 3.9: an invader may pass through another but never stops on it; the Guard window
    comes at the next square it has to itself."""
    state = fresh()
    red = state.marines["red"]
    red.order, red.order_turn = "guard", -5
    state.phase, state.turn = "kill", None
    z = put(state, "zombie", (4, 8))
    put(state, "zombie", (3, 8))
    act(state, "activate", figure=z)
    assert "as" in state.proc["pending"]["prompt"] and "is activated" in state.proc["pending"]["prompt"]
    act(state, "guard", use=False)  # spec 11 item 34: a window before each activation
    act(state, "move", to=[[2, 8]])
    windows = 0
    while TITLE.current_decider(state) == "red":
        windows += 1
        assert len({c for i in state.invaders.values() for c in i.cells}) == 2  # never shared when asked
        act(state, "guard", use=False)
    assert windows == 1 and state.invaders[z].cells == [(2, 8)]


def test_medic_heals_at_the_start_of_a_turn_but_not_above_full_health():
    """Seed p. 10 (Gyógyítás), spec 6.9 Heal: at any moment the Medic discards Heal to give itself or an adjacent
    marine 1 health back (a fully healthy marine cannot be healed)."""
    state = fresh(marines=2)
    red, green = state.marines["red"], state.marines["green"]
    red.cards.append(state.marine_deck.take("medic#1"))
    red.order, red.order_turn = "heal", state.turn_seq
    green.cell, green.health = (2, 8), green.max_health - 2
    act(state, "declare", action="fire")
    act(state, "end_turn")  # green's turn starts: red's Heal is usable now
    assert TITLE.current_decider(state) == "red"
    assert [a.get("target") for a in options(state, "heal_now")] == [None, "green"]
    act(state, "heal_now", target="green")
    assert green.health == green.max_health - 1 and red.order is None
    assert TITLE.current_decider(state) == "green"


def test_no_grenade_into_an_unexplored_area():
    """Spec 3.10: unexplored areas are not on the table; a blast may target an empty square
    (11 item 22) but only on the explored map."""
    state = fresh()
    state.revealed = ["A1", "A2"]
    state.closed = [d for d in state.closed if d != "D1"]
    red = state.marines["red"]
    red.cell, red.ammo["rockets"] = (9, 8), 1
    put(state, "zombie", (15, 9))  # in A2, at the open connector to A3
    targets = attack_targets(state, "red", "grenade")
    assert (14, 9) in targets and (16, 9) not in targets  # A3 (x 16-21) is unexplored
