"""Rule options (spec doom.md 11: every rule choice behind a named option, the proposal the
default; rules/setup.py OPTIONS)."""
from __future__ import annotations

import pytest

from game.doom.rules.queries import figure_moves, sees, usable_doors
from tests.doom.conftest import TITLE, act, fresh, put


def with_options(**options):
    state = fresh()
    state.options.update(options)
    return state


def test_bad_options_are_refused_with_a_sentence():
    """ENGINE.md: new_game raises ValueError with a sentence for an unknown option or value."""
    with pytest.raises(ValueError, match="option strict_corners must be one of False, True, not 'yes'"):
        TITLE.new_game("knee_deep", 1, {"strict_corners": "yes"})
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        TITLE.new_game("knee_deep", 1, {"colour": "red"})
    state = TITLE.new_game("knee_deep", 1, {"marines": 1, "strict_corners": True})
    assert state.options == {"strict_corners": True}
    assert TITLE.from_json(TITLE.to_json(state)).options == {"strict_corners": True}


def test_marine_cards_off_except_the_medic():
    """Spec 11 item 6."""
    on = TITLE.new_game("knee_deep", 9, {"marines": 3})
    off = TITLE.new_game("knee_deep", 9, {"marines": 3, "marine_cards": "medic_only"})
    assert [m.cards for m in on.marines.values()] == [m.cards for m in off.marines.values()]  # same deal
    setup = off.content.setups[3]
    assert all(m.max_health == setup.health and m.armour == setup.armour for m in off.marines.values())


def test_strict_corners_blocks_a_grazing_line():
    """Spec 11 item 11: a line through a wall corner is blocked when the option is on."""
    state = with_options()
    state.closed = []
    state.marines["red"].cell = (5, 7)
    z = put(state, "zombie", (6, 8))
    assert sees(state, "red", (6, 8), z)
    state.options["strict_corners"] = True
    assert not sees(state, "red", (6, 8), z)


def test_door_reach_flanking_only():
    """Spec 11 item 10's default (the seed's reading is this project's default)."""
    state = with_options(door_reach="flanking")
    state.marines["red"].cell = (4, 9)
    assert "D1" not in usable_doors(state, "red")
    state.marines["red"].cell = (5, 9)
    assert "D1" in usable_doors(state, "red")


def test_demon_perpendicular_sidestep_option():
    """Spec 11 item 14."""
    state = with_options()
    state.marines["red"].cell = (0, 11)
    d = put(state, "demon", (2, 8), (3, 8))
    assert ((2, 9), (3, 9)) not in figure_moves(state, d, ((2, 8), (3, 8)))
    state.options["demon_sidestep"] = "also_perpendicular"
    assert ((2, 9), (3, 9)) in figure_moves(state, d, ((2, 8), (3, 8)))


def test_adrenaline_only_on_moving_actions():
    """Spec 11 item 26's option: no +4 on Fire."""
    state = with_options(adrenaline="moving_actions")
    state.marines["red"].adrenaline = 1
    act(state, "adrenaline")
    act(state, "declare", action="fire")
    assert state.turn["mp"] == 0


def test_blow_through_ammo_first_roll_only(dice):
    """Spec 11 item 23's option: the later links of a walk spend no ammo."""
    state = with_options(blow_through_ammo="first_only")
    red = state.marines["red"]
    red.weapons.append("shotgun")
    shells = red.ammo["shells"]
    put(state, "zombie", (2, 9))
    put(state, "zombie", (3, 10))
    act(state, "declare", action="fire")
    dice.push("r0 d4 +A", "r1 d1", "r2 d1")
    act(state, "attack", weapon="shotgun", target=[2, 9])
    dice.push("r0 d4 +A", "r1 d1")
    act(state, "blow_through", to=[3, 10], drop="green")
    assert red.ammo["shells"] == shells - 1


def test_frags_for_marine_kills_option(dice):
    """Spec 11 item 30: by default every killed marine gives a frag, its friends' fire too; the
    option counts only the invader's kills."""
    from tests.doom.conftest import marker

    for option, frags in (("always", 1), ("invader_only", 0)):
        state = with_options(frags_for_marine_kills=option)
        state.marines["red"].cell = (1, 8)
        state.marines["red"].health = 1
        marker(state, "barrel", (2, 8))
        put(state, "zombie", (3, 8))
        act(state, "declare", action="fire")
        dice.push("r2 d2", "r2 d1")  # the pistol hits the barrel next to red: it explodes
        act(state, "attack", weapon="pistol", target=[2, 8])
        assert state.marines["red"].dead and state.frags == frags


def test_squeeze_option_forbids_a_diagonal_between_two_blockers():
    """Spec 11 item 13: by default a diagonal step between two enemies is allowed."""
    from game.doom.rules.queries import reachable
    from tests.doom.conftest import marker

    state = with_options()
    put(state, "zombie", (2, 8))
    marker(state, "obstacle", (1, 9))
    assert ((2, 9),) in reachable(state, "red", 1)
    state.options["squeeze"] = "forbidden"
    assert ((2, 9),) not in reachable(state, "red", 1)
