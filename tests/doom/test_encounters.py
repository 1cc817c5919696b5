"""Scenario encounters beyond ammo and objectives (spec 3.3, 9.2-9.4 and 11 item 8; the project's
scenario format, game/doom/content.py Encounter): give, health, doors, reveal, spawn, and the
loader's file / key / line errors. Each test rewrites P1's encounter E1 in a copy of the data and
plays it: a marine ending its move on the marker triggers it."""
from __future__ import annotations

import shutil

import pytest

from game.doom.content import DATA_DIR, load_content
from game.doom.rules import setup as doom_setup
from game.doom.rules import state as state_module
from game.engine.tomldata import DataError
from tests.doom.conftest import TITLE, act, fresh, marker, options

E1 = '''encounters = { E1 = { text = "The guard's pack still holds ammunition.", give = { shells = 2 } } }'''


def data_with(tmp_path, e1: str):
    for f in DATA_DIR.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    path = tmp_path / "scenarios.toml"
    text = path.read_text(encoding="utf-8")
    assert E1 in text
    path.write_text(text.replace(E1, "encounters = { E1 = " + e1 + " }", 1), encoding="utf-8")
    return tmp_path


@pytest.fixture()
def encounter(tmp_path, monkeypatch):
    """encounter('{ text = ..., ... }') -> a fresh P1 game (1 marine, everything revealed) whose
    E1 is that table, its marker at (3, 8), Red declared Run at (1, 8)."""
    def make(e1: str, marines: int = 1):
        content = load_content(data_with(tmp_path, e1))
        monkeypatch.setattr(state_module, "shared_content", lambda: content)
        monkeypatch.setattr(doom_setup, "shared_content", lambda: content)
        state = fresh(marines=marines)
        marker(state, "encounter", (3, 8), "E1")
        act(state, "declare", action="run")
        return state
    return make


def test_give_a_weapon_armour_and_ammo(encounter):
    """Spec 6.12 (what a pick-up gives) applied to an encounter's `give`."""
    state = encounter('{ text = "A locker.", give = { shotgun = 1, armour = 1, shells = 1 } }')
    red = state.marines["red"]
    shells, armour = red.ammo["shells"], red.armour
    events = act(state, "move", to=[3, 8])
    assert "A locker." in [e.text for e in events]
    assert red.weapons == ["shotgun"] and red.ammo["shells"] == shells + 1
    assert red.armour == armour + state.content.items["armour"].amount
    assert "E1" in state.encounters_done and not state.has_marker((3, 8), "encounter")


def test_health_back_never_above_the_start(encounter):
    """Spec 6.12 (medikit): health comes back up to the starting health, never above it."""
    state = encounter('{ text = "A first-aid station.", health = 3 }')
    red = state.marines["red"]
    red.health = red.max_health - 2
    act(state, "move", to=[3, 8])
    assert red.health == red.max_health


def test_doors_open_and_close(encounter):
    """Spec 3.2 / 6.13: an encounter may open a closed door and shut an open one."""
    state = encounter('{ text = "The lock cycles.", doors = { D1 = "open", D2 = "closed" } }')
    state.closed = [d for d in state.closed if d != "D2"]
    assert "D1" in state.closed
    act(state, "move", to=[3, 8])
    assert "D1" not in state.closed and "D2" in state.closed


def test_a_door_is_not_closed_across_a_large_invader(encounter):
    """Spec 3.2: a door cannot be closed while a large invader stands across its line."""
    from tests.doom.conftest import put

    state = encounter('{ text = "The lock cycles.", doors = { D2 = "closed" } }')
    state.closed = [d for d in state.closed if d != "D2"]
    put(state, "mancubus", (18, 3), (19, 3), (18, 4), (19, 4))  # across D2 (y = 4, x 18-19)
    act(state, "move", to=[3, 8])
    assert "D2" not in state.closed


def test_reveal_an_area_with_its_figures(encounter):
    """Spec 3.10: a revealed area gets its markers and the figures for this many marines."""
    state = encounter('{ text = "The map terminal shows the armoury.", reveal = ["A9"] }')
    state.revealed = ["A1", "A2"]
    act(state, "move", to=[3, 8])
    assert "A9" in state.revealed
    expected = [f.monster for f in state.map.figures if f.area == "A9" and f.min_marines <= 1]
    assert expected == ["archvile"]
    assert any(m.kind == "equipment" and m.variant == "bfg" for m in state.markers)
    assert sorted(i.monster for i in state.invaders.values()) == sorted(expected)


def test_spawn_figures_out_of_every_marines_sight(encounter):
    """Spec 8.2: the invader places the encounter's figures on explored empty squares no marine sees."""
    from game.doom.rules.queries import marine_sight

    state = encounter('{ text = "An alarm wails.", spawn = [{ monster = "imp", count = 2 }] }')
    act(state, "move", to=[3, 8])
    for _ in range(2):
        assert TITLE.current_decider(state) == "invader"
        spots = [a.get("cells") for a in options(state, "place")]
        seen = marine_sight(state, invaders_block=False)
        assert spots and not any(tuple(c) in seen for cells in spots for c in cells)
        act(state, "place", cells=spots[0])
    assert sorted(i.monster for i in state.invaders.values()) == ["imp", "imp"]
    assert TITLE.current_decider(state) == "red"


@pytest.mark.parametrize("e1, error", [
    ('{ text = "x", give = { shotgn = 1 } }', r"encounters.E1.give.shotgn \(line \d+\): 'shotgn' is not an ammo"),
    ('{ text = "x", give = { shells = 0 } }', r"encounters.E1.give.shells \(line \d+\)"),
    ('{ text = "x", doors = { D1 = "ajar" } }', r"encounters.E1.doors.D1 \(line \d+\): must be 'open' or 'closed'"),
    ('{ text = "x", doors = { D9 = "open" } }', r"encounters.E1.doors.D9 \(line \d+\): no door 'D9'"),
    ('{ text = "x", reveal = ["A99"] }', r"encounters.E1.reveal\[0\] \(line \d+\): no area 'A99'"),
    ('{ text = "x", spawn = [{ monster = "impp", count = 1 }] }', r"encounters.E1.spawn\[0\] \(line \d+\): unknown monster"),
    ('{ text = "x", heal = 1 }', r"encounters.E1.heal \(line \d+\): unknown key 'heal'"),
])
def test_encounter_mistakes_name_file_key_and_line(tmp_path, e1, error):
    """DESIGN.md "Content is data": a mistake names the file, the key path and its line."""
    with pytest.raises(DataError, match=r"scenarios.toml: scenario.knee_deep." + error):
        load_content(data_with(tmp_path, e1))
