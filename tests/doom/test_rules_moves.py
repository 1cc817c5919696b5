"""Movement, large figures, pick-ups, hazards, teleporters and vents (spec doom.md 3.4, 3.6,
6.12, 6.14, 6.15; seed p. 7, 9-11)."""
from __future__ import annotations

from game.doom.rules.queries import figure_moves, reachable
from tests.doom.conftest import TITLE, act, fresh, marker, options, put, texts


def test_friends_are_passed_through_enemies_are_not():
    """Seed p. 7 (Mozgás), spec 3.6, 3.9: through friendly figures, never through enemies; end on an empty square."""
    state = fresh(marines=2)
    state.marines["green"].cell = (2, 8)
    reach = reachable(state, "red", 2)
    assert ((2, 8),) not in reach  # a friend's square is never an end square
    assert reach[((3, 8),)][0] in (((2, 8),), ((2, 7),), ((2, 9),))
    put(state, "zombie", (2, 7))
    put(state, "zombie", (2, 9))
    state.marines["green"].cell = None
    state.marines["green"].dead = True
    put(state, "zombie", (2, 8))
    assert ((3, 8),) not in reachable(state, "red", 2)  # the zombies wall red in


def test_demon_snake_step_and_sidestep():
    """Seed p. 11, spec 3.6: one half steps to an orthogonal square and the other follows into the square it
    left; or both halves step diagonally side by side."""
    state = fresh()
    state.marines["red"].cell = (0, 11)
    d = put(state, "demon", (2, 8), (3, 8))
    moves = set(figure_moves(state, d, ((2, 8), (3, 8))))
    assert ((2, 7), (2, 8)) in moves  # the west half leads north, the east half follows
    assert ((4, 8), (3, 8)) in moves  # the east half leads east
    assert ((3, 9), (4, 9)) in moves  # a diagonal sidestep
    assert ((3, 8), (4, 8)) not in moves  # a straight slide is not one of the two ways
    assert ((1, 8), (2, 8)) in moves


def test_large_figure_moves_like_a_single_one_on_whole_squares():
    """Seed p. 11, spec 3.6, 3.4: 2x2 figures step in 8 directions, always on four whole squares; walls stop
    any of them."""
    state = fresh()
    state.marines["red"].cell = (0, 11)
    m = put(state, "mancubus", (1, 6), (2, 6), (1, 7), (2, 7))
    moves = set(figure_moves(state, m, tuple(state.invaders[m].cells)))
    tops = {cells[0] for cells in moves}  # each move as its new top-left square
    assert tops == {(2, 6), (0, 6), (1, 7), (2, 7), (0, 7)}  # E, W, S, SE, SW: row 5 is wall


def test_pick_ups_on_the_way_and_medikit_at_full_health():
    """Seed p. 9 (Felszerelésjelzők), spec 6.12, 6.3: markers are taken for 0 MP; a medikit is not taken at full
    health; ammo goes into the container; a key opens its security doors."""
    state = fresh()
    red = state.marines["red"]
    marker(state, "equipment", (2, 8), "shells", 2)
    marker(state, "equipment", (3, 8), "medikit")
    marker(state, "key", (4, 8), "blue")
    shells = red.ammo["shells"]
    act(state, "declare", action="run")
    act(state, "move", to=[2, 8])
    assert red.ammo["shells"] == shells + 2 and state.turn["mp"] == 7
    act(state, "move", to=[3, 8])
    assert state.has_marker((3, 8), "equipment")  # full health: the medikit stays
    events = act(state, "move", to=[4, 8])
    assert "blue" in state.keys
    assert any("finds the blue key" in t for t in texts(events))


def test_medikit_heals_up_to_3():
    """Seed p. 9 (Gyógyszerjelzők), spec 6.12: up to 3 missing health markers back."""
    state = fresh()
    red = state.marines["red"]
    red.health = red.max_health - 4
    marker(state, "equipment", (2, 8), "medikit")
    act(state, "declare", action="run")
    act(state, "move", to=[2, 8])
    assert red.health == red.max_health - 1


def test_armour_picked_up_is_lost_on_death():
    """Seed p. 9 (Páncéljelzők), spec 6.12, 6.16: armour beyond the starting amount is discarded when it dies."""
    state = fresh()
    red = state.marines["red"]
    marker(state, "equipment", (2, 8), "armour")
    marker(state, "hazard", (3, 8))
    act(state, "declare", action="run")
    act(state, "move", to=[2, 8])
    assert red.armour == red.base_armour + 1
    red.health = 1
    act(state, "move", to=[3, 8])
    assert red.dead and red.armour == red.base_armour and state.frags == 1
    assert {a.kind for a in options(state)} == {"end_turn"}  # killed in its own turn: it ends


def test_berserk_is_taken_only_when_asked():
    """Spec 11 item 27: picking up berserk is optional (it restricts the weapons)."""
    state = fresh()
    marker(state, "equipment", (2, 8), "berserk")
    act(state, "declare", action="run")
    act(state, "move", to=[2, 8])
    assert state.marines["red"].berserk == 0
    act(state, "pick_up", item="berserk")
    assert state.marines["red"].berserk == 2


def test_entering_a_hazard_wounds_ignoring_armour_and_a_whole_turn_wounds_again():
    """Seed p. 11 (Sebzőakadályok), spec 3.3, 6.15, 6.6: 1 wound on entering; another for a whole turn spent on it."""
    state = fresh()
    red = state.marines["red"]
    full = red.health
    marker(state, "hazard", (2, 8))
    act(state, "declare", action="run")
    act(state, "move", to=[2, 8])
    assert red.health == full - 1
    act(state, "end_turn")  # it moved this turn: no end-of-turn wound
    assert red.health == full - 1
    while state.phase == "discard":
        act(state, "discard", card=state.hand[0])
    act(state, "no_spawn")
    act(state, "end_invader_turn")
    act(state, "declare", action="fire")
    events = act(state, "end_turn")
    assert red.health == full - 2 and any("a whole turn on a hazard" in t for t in texts(events))


def test_teleport_reveals_and_telefrags():
    """Seed p. 10-11, spec 6.14, 6.3: 1 MP to another teleporter of the same colour, even unexplored (revealed);
    an invader on the arrival square is destroyed."""
    state = fresh()
    state.revealed = ["A1"]
    marker(state, "teleporter", (2, 8), "red")
    marker(state, "teleporter", (30, 9), "red")
    z = put(state, "zombie", (30, 9))
    act(state, "declare", action="run")
    act(state, "move", to=[2, 8])
    assert [a.get("to") for a in options(state, "teleport")] == [[30, 9]]
    events = act(state, "teleport", to=[30, 9])
    assert "A5" in state.revealed and z not in state.invaders
    assert state.marines["red"].cell == (30, 9) and state.turn["mp"] == 6
    assert any("telefrag" in t for t in texts(events))


def test_trites_crawl_through_vents():
    """Seed p. 10 (Csatornák), spec 6.14, 6.8 Vent crawl: 1 MP from a vent to any other explored vent no marine
    stands on."""
    state = fresh()
    marker(state, "vent", (13, 3))
    marker(state, "vent", (29, 8))
    marker(state, "vent", (15, 19))
    state.marines["red"].cell = (15, 19)
    state.phase, state.turn = "kill", None
    t = put(state, "trite", (13, 3))
    act(state, "activate", figure=t)
    assert [a.get("to") for a in options(state, "vent")] == [[29, 8]]
    act(state, "vent", to=[29, 8])
    assert state.invaders[t].cells == [(29, 8)] and state.act["mp"] == 4
    imp = put(state, "imp", (21, 8))
    from game.doom.rules.turn import vent_squares
    assert vent_squares(state, imp) == []  # imps have no vent crawl


def test_knockback_onto_a_hazard(dice):
    """Seed p. 12 (Lökés), spec 6.8 Knockback: the hell knight knocks the marine up to 3 squares, onto a
    hazard: 1 more wound."""
    state = fresh()
    red = state.marines["red"]
    red.health = red.max_health = 10
    marker(state, "hazard", (4, 8))
    state.phase, state.turn = "kill", None
    k = put(state, "hell_knight", (2, 6), (3, 6), (2, 7), (3, 7))
    red.cell = (1, 8)
    act(state, "activate", figure=k)
    dice.push("r1 d3", "r0 d3")  # the hell knight's red + blue (monsters.toml): 6 damage / armour 2 = 3 wounds
    act(state, "attack", target=[1, 8])
    assert red.health == 7
    assert [4, 8] in [a.get("to") for a in options(state, "knockback")]
    act(state, "knockback", to=[4, 8])
    assert red.cell == (4, 8) and red.health == 6


def test_sweep_hits_every_adjacent_enemy(dice):
    """Seed p. 12 (Kaszálás), spec 6.8 Sweep: one roll against every enemy next to the attacker, each full damage."""
    state = fresh(marines=2)
    state.marines["red"].cell = (1, 8)
    state.marines["green"].cell = (4, 7)
    state.phase, state.turn = "kill", None
    k = put(state, "hell_knight", (2, 6), (3, 6), (2, 7), (3, 7))
    act(state, "activate", figure=k)
    dice.push("r1 d3", "r0 d3")  # red + blue (monsters.toml): 6 damage / armour 2 = 3 wounds each
    act(state, "attack", target=[1, 8])
    for answer in ("knockback", "knockback"):
        if TITLE.current_decider(state) == "invader" and options(state, answer):
            act(state, answer, to=None)
    for m in state.marines.values():
        assert m.health == m.max_health - 3


def test_no_pick_up_on_a_friends_square():
    """Spec 11 item 28: a marine passing a square a friend stands on takes nothing there."""
    state = fresh(marines=2)
    state.marines["green"].cell = (2, 8)
    marker(state, "equipment", (2, 8), "shells", 1)
    shells = state.marines["red"].ammo["shells"]
    act(state, "declare", action="run")
    assert reachable(state, "red", 8)[((3, 8),)] == [((2, 8),), ((3, 8),)]  # the path crosses green
    act(state, "move", to=[3, 8])
    assert state.marines["red"].ammo["shells"] == shells and state.has_marker((2, 8), "equipment")


def test_large_attacker_measures_from_a_square_that_sees_the_target():
    """Spec 3.8 proposal: the minimum over the attacker's squares that see the target square."""
    from game.doom.rules.queries import distance

    state = fresh()
    state.marines["red"].cell = (4, 8)
    k = put(state, "mancubus", (1, 9), (2, 9), (1, 10), (2, 10))
    marker(state, "obstacle", (3, 9))  # hides red from (2, 9) and (2, 10), 2 squares away
    assert distance(state, k, (4, 8), False) == 3  # measured from (1, 9), the square that sees


def test_nobody_walks_into_an_unexplored_area():
    """Spec 3.1 / 3.10: only the explored part of the map is on the table; an obstacle revealed
    later could otherwise end up under a figure."""
    state = fresh()
    state.revealed = ["A1", "A2"]
    state.closed = [d for d in state.closed if d != "D1"]
    state.phase, state.turn = "kill", None
    z = put(state, "zombie", (14, 8))
    act(state, "activate", figure=z)
    reach = {tuple(a.get("to")[0]) for a in options(state, "move")}
    assert (13, 8) in reach and not any(c[0] >= 16 for c in reach)  # A3 starts at x 16


def test_kept_reachable_answers_follow_every_change_of_the_position():
    """Spec 3.6: the movement squares kept between the legal list and the move (queries.reachable)
    are always those a fresh search finds, whatever changed: a figure, a door, a marker, an area."""
    import random

    from game.doom.rules import queries as Q

    state = fresh(marines=2)
    rng = random.Random(3)
    floor = sorted(state.map.floor)
    for step in range(40):
        change = step % 4
        if change == 0:
            state.marines["green"].cell = rng.choice([c for c in floor if c not in state.figure_cells()])
        elif change == 1 and state.map.doors:
            door = rng.choice(sorted(state.map.doors))
            state.closed = sorted(set(state.closed) ^ {door})
        elif change == 2:
            marker(state, "obstacle", rng.choice([c for c in floor if c not in state.figure_cells()]))
        else:
            state.revealed = sorted(rng.sample(sorted(state.map.areas), k=rng.randint(1, len(state.map.areas))))
        if state.marines["red"].cell not in Q.revealed_cells(state):
            continue
        kept = Q.reachable(state, "red", 6)
        assert kept == Q._reachable(state, "red", 6)


def test_kept_reachable_answers_know_which_end_of_a_demon_is_which():
    """Spec 3.6, seed p. 11: a demon's footprint is [head, tail] and its steps depend on that order
    (a sidestep keeps it, a snake step puts the leading half first). The same squares held the
    other way round are another position: the kept answer is the fresh search's (the invader AI
    asks about such turned-round hypotheses; a kept answer for the other order once made a game
    that its own replay refused)."""
    from game.doom.rules import queries as Q

    state = fresh()
    state.marines["red"].cell = (0, 11)
    d = put(state, "demon", (2, 8), (3, 8))
    first = Q.reachable(state, d, 2)
    assert first == Q._reachable(state, d, 2)
    state.invaders[d].cells = [(3, 8), (2, 8)]
    turned = Q.reachable(state, d, 2)
    assert turned == Q._reachable(state, d, 2)
    assert turned != first


def test_a_single_step_is_checked_as_the_full_list_of_steps_says():
    """Spec 3.6 (and spec 11 items 13, 14's options): the check a move makes at each step
    (queries.can_step) agrees with figure_moves on every step the walls allow and on others, for
    every figure of random games."""
    from game.doom.bots import RandomBot
    from game.doom.rules import queries as Q
    from game.engine.session import Session

    for seed, opts in ((4, {}), (5, {"squeeze": "forbidden", "demon_sidestep": "also_perpendicular"})):
        session = Session.start(TITLE, "knee_deep", seed=seed, options={"marines": 2, **opts})
        bot = RandomBot(seed)
        checked = 0
        for i in range(300):
            if session.is_over():
                break
            if i % 5 == 0:
                state = session.state
                for fig in list(state.marines) + list(state.invaders):
                    here = tuple(Q.cells_of(state, fig))
                    if not here:
                        continue
                    allowed = set(Q.figure_moves(state, fig, here))
                    x, y = here[0]
                    tries = {tuple((c[0] + dx, c[1] + dy) for c in here) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
                    tries |= set(allowed) | {((x + 1, y), here[0]), ((x, y + 1), here[0])}
                    for new in tries:
                        assert Q.can_step(state, fig, here, new) == (new in allowed), (fig, here, new)
                        checked += 1
            session.apply(bot.choose(session.legal_actions()))
        assert checked > 500
