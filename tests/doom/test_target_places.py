"""Attack targets are named as a player finds them on the map, never by a square's coordinates:
the attack line, a blast, a barrel going off, a knockback, a Blow-through walk and the table's
attack prompt say "the barrel in the West corridor" (and "the left barrel ..." where the area
holds another), where they said "the barrel at 10,8"."""
from __future__ import annotations

import re

from game import i18n
from game.doom.rules import names
from game.engine.text import Capitalised, M, as_text
from tests.doom.conftest import act, fresh, marker, options, put, texts
from tests.doom.test_rules_combat import open_all

COORDINATES = re.compile(r"\d+,\d+")


def _barrel_scene():
    state = fresh()
    open_all(state)
    state.marines["red"].cell = (7, 8)
    marker(state, "barrel", (10, 8))
    act(state, "declare", action="fire")
    return state


def test_a_barrel_attack_and_its_explosion_name_the_place(dice):
    state = _barrel_scene()
    label = next(a.text for a in options(state, "attack") if a.payload["target"] == [10, 8])
    assert label == "Attack the barrel in the West corridor with the Pistol"
    dice.push("r2 d2", "r3 d1")
    lines = texts(act(state, "attack", weapon="pistol", target=[10, 8]))
    assert "Red attacks the barrel in the West corridor with the Pistol; distance 3." in lines
    assert "The barrel in the West corridor explodes." in lines
    assert not any(COORDINATES.search(t) for t in lines)


def test_two_barrels_in_one_area_are_told_apart_as_the_map_shows_them():
    state = _barrel_scene()
    marker(state, "barrel", (13, 9))
    assert str(names.target(state, (10, 8))) == "the left barrel in the West corridor"
    assert str(names.target(state, (13, 9))) == "the right barrel in the West corridor"
    marker(state, "barrel", (12, 8))
    assert str(names.target(state, (12, 8))) == "the middle barrel in the West corridor"
    # One above the other in a room: upper and lower (the axis where they spread).
    marker(state, "barrel", (2, 7))
    marker(state, "barrel", (3, 10))
    assert str(names.target(state, (2, 7))) == "the upper barrel in the Crew lounge"
    assert str(names.target(state, (3, 10))) == "the lower barrel in the Crew lounge"


def test_a_barrel_in_line_with_another_is_told_apart_on_the_other_axis():
    state = _barrel_scene()
    marker(state, "barrel", (10, 9))  # same column: left and right do not tell them apart
    assert str(names.target(state, (10, 8))) == "the upper barrel in the West corridor"
    assert str(names.target(state, (10, 9))) == "the lower barrel in the West corridor"


def test_a_figure_is_named_and_an_empty_square_by_its_place():
    state = _barrel_scene()
    imp = put(state, "imp", (12, 8))
    assert str(names.target(state, (12, 8))) == "Imp " + imp.partition("#")[2]
    assert str(names.target(state, (14, 9))) == "a square in the West corridor"


def test_a_blast_names_its_target(dice):
    """Rocket launcher (Blast) at an imp: the blast line names the imp, not its square."""
    state = fresh()
    open_all(state)
    red = state.marines["red"]
    red.cell = (7, 8)
    red.weapons.append("rocket_launcher")
    red.ammo["rockets"] = 2
    imp = put(state, "imp", (11, 8))
    act(state, "declare", action="fire")
    dice.push("r3 d2", "r2 d2", "r2 d1")  # yellow, red, blue: range 7 (with Accuracy), 5 damage
    lines = texts(act(state, "attack", weapon="rocket_launcher", target=[11, 8]))
    blast = next(t for t in lines if t.startswith("The blast covers"))
    assert re.match(rf"The blast covers \d+ squares around Imp {imp.partition('#')[2]}", blast)
    assert not any(COORDINATES.search(t) for t in lines)


def test_a_knockback_says_where_the_marine_lands(dice):
    """Seed p. 12 (Lökés), spec 6.8: the hell knight knocks Red out of the Crew lounge's corner."""
    state = fresh()
    red = state.marines["red"]
    red.health = red.max_health = 10
    state.phase, state.turn = "kill", None
    k = put(state, "hell_knight", (2, 6), (3, 6), (2, 7), (3, 7))
    red.cell = (1, 8)
    act(state, "activate", figure=k)
    dice.push("r1 d3", "r0 d3")
    act(state, "attack", target=[1, 8])
    lines = texts(act(state, "knockback", to=[4, 8]))
    assert "Red is knocked back to the Crew lounge." in lines
    assert not any(COORDINATES.search(t) for t in lines)


def test_hungarian_and_greek_and_old_saves_lines():
    state = _barrel_scene()
    marker(state, "barrel", (13, 9))
    said = names.target(state, (10, 8))
    old = M("The barrel at {cell} explodes.", cell="10,8")  # a save's line before places
    try:
        i18n.set_language("hu")
        assert as_text(said) == "a bal oldali hordó (Nyugati folyosó)"
        # Capitalised where it starts the line, not after a colon ('Felrobban: A hordó ...').
        assert str(M("{barrel} explodes.", barrel=Capitalised(said))) == "A bal oldali hordó (Nyugati folyosó) felrobban."
        assert str(old) == "A hordó felrobban itt: 10,8."
        i18n.set_language("el")
        assert as_text(said) == "το αριστερό βαρέλι («Δυτικός διάδρομος»)"
        assert str(old) == "Το βαρέλι στο 10,8 εκρήγνυται."
    finally:
        i18n.set_language("en")


def test_an_enemy_out_of_sight_or_reach_is_refused_with_why():
    """A click on a Zombie in the West corridor, the door shut between it and Red in the Crew
    lounge, said 'That square cannot be attacked: it needs an enemy or a barrel in line of
    sight' (seen at the table, seed 11): the square holds an enemy. The refusal names what stops
    the attack: no line of sight (spec 3.7), or a melee weapon's reach (spec 6.5)."""
    import pytest

    from game.engine.protocol import IllegalAction

    state = fresh()
    assert "D1" in state.closed
    state.marines["red"].cell = (3, 8)
    zombie = put(state, "zombie", (12, 8))
    act(state, "declare", action="fire")
    with pytest.raises(IllegalAction) as got:
        act(state, "attack", weapon="pistol", target=[12, 8])
    assert got.value.reason == "Red has no line of sight to Zombie 1: a wall, a closed door or a figure is in the " \
                               "way." and zombie == "zombie#1"
    with pytest.raises(IllegalAction) as got:
        act(state, "attack", weapon="fist", target=[12, 8])
    assert got.value.reason == "Red cannot reach Zombie 1: the Fist reaches only an adjacent square."
    with pytest.raises(IllegalAction) as got:
        act(state, "attack", weapon="pistol", target=[4, 10])  # an empty square of the lounge
    assert got.value.reason.startswith("That square cannot be attacked")


def test_a_click_on_an_enemy_out_of_sight_says_so_whatever_weapon_comes_first():
    """At the table a click on that Zombie asked the rules about the marine's first weapon, the
    Fist: 'Red cannot reach Zombie 1: the Fist reaches only an adjacent square', while the map
    showed 'no line of sight' and no gun of his could shoot. The table asks with a weapon that
    shoots, so the sentence says what stops every shot."""
    from game.ui.doom.choices import why_not

    state = fresh()
    state.marines["red"].cell = (3, 8)
    put(state, "zombie", (12, 8))
    act(state, "declare", action="fire")
    said = str(why_not(state, "red", (12, 8)))
    assert said.startswith("Red has no line of sight to Zombie 1"), said


def test_greek_attack_prompts_read_with_a_barrel_as_the_target():
    """The table's attack prompt in Greek read 'Επίθεση σε το αριστερό βαρέλι (...)' ('σε' + 'το'
    is 'στο'): a target named with its article ('το βαρέλι') follows a colon, as the Blow-through
    prompt's does."""
    state = _barrel_scene()
    marker(state, "barrel", (13, 9))
    try:
        i18n.set_language("el")
        what = as_text(names.target(state, (10, 8)))
        for msgid in ("Attack {what}: with which weapon?", "Interrupt: attack {what} with which weapon?"):
            said = i18n._(msgid).format(what=what)
            assert what in said and "σε το" not in said and said != msgid.format(what=what), said
    finally:
        i18n.set_language("en")


def test_attack_refusals_name_no_spec_sections():
    """A refusal is read by a player: it says what stops the attack, with no '(spec 3.7)' of the
    rules text behind it (seen at the table on a Zombie out of sight)."""
    import pytest

    from game.engine.protocol import IllegalAction

    state = fresh()
    state.marines["red"].cell = (3, 8)
    put(state, "zombie", (12, 8))
    act(state, "declare", action="fire")
    for weapon in ("pistol", "fist"):
        with pytest.raises(IllegalAction) as got:
            act(state, "attack", weapon=weapon, target=[12, 8])
        assert "spec" not in got.value.reason, got.value.reason
