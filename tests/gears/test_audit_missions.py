"""Mission audit against the rulebooks (spec 9; base rulebook p. 26-29, MP1 'Mission' pages):
each test names the mission, the stage card and the seed page or spec section it checks, and
failed before its fix."""
from __future__ import annotations

import pytest

from game.gears.rules import explore as E
from game.gears.rules import missions as M
from game.gears.rules import turn as T
from game.gears.rules.spawning import md
from tests.gears.conftest import resolve, start


# ----------------------------------------------------------------------------- Horde Mode


def test_horde_wave_turns_used_grenade_cards_face_up_again_base_p29_spec_9_2_7(real, content):
    """Base p. 29 (Horde Mode, 'Lőszer és gránát felvétel'): 'A Lőszer és Gránát Helyszín
    kártyákat nem kell eldobni használatuk után. Ehelyett fordítsuk le a Helyszín kártyát, és
    csak a szakasz céljának teljesítése után fordítsuk vissza.' Both the Ammunition and the
    Grenade cards go face down when used and face up again when the wave's objective is met;
    the seed wins over the spec's 'turn the Ammunition Location cards face up'."""
    s = start(real, "horde_mode", difficulty="casual")
    tile = next(t for t, e in s.equipment.items() if e == "grenades")  # 12A
    c = s.cogs["P1"]
    c.area = s.view().equipment_area[tile]
    before = c.grenades
    resolve(s, lambda ctx: T.equipment_proc(ctx, "P1", {}))
    assert s.cogs["P1"].grenades == before + 1
    assert tile not in s.equipment and md(s)["face_down"][tile] == "grenades"
    s.locusts.clear()
    resolve(s, M.check_stage, content)
    assert s.stage == 1
    assert s.equipment.get(tile) == "grenades"


# ----------------------------------------------------------------------------- Belly of the Beast


def test_belly_level_3_only_through_the_first_tile_door_base_p27_spec_9_2_3(real, content):
    """Base p. 27 (Belly of the Beast, 'Két ajtó'): 'A második ajtót az első térképlap
    kijáratához kell tenni. Ez az ajtó a 3. térkép szintre vezet'; spec 9.2.3: 'level 3 cannot
    be explored from any other door'. Once level 2 is built and the 12B Keycode has unlocked
    level 3, the door at the end of level 2 leads nowhere; only the first tile's door opens
    level 3."""
    s = start(real, "belly_of_the_beast")
    level1_door = next(d for d in s.doors if md(s)["door_to"][d] == 1)
    first_door = next(d for d in s.doors if md(s)["door_to"][d] == 2)
    view = s.view()
    s.cogs["P1"].area = view.exits[level1_door]
    resolve(s, lambda ctx: E.explore(ctx, content, "P1"))
    assert 2 in md(s)["built"]
    level2_door = next(d for d in s.doors if md(s).get("door_from", {}).get(d) == 2)
    s.locked[2] = False  # the 12B Keycode
    s.cogs["P1"].area = s.view().exits[level2_door]
    assert E.explore_refusal(s, "P1") is not None
    s.cogs["P1"].area = s.view().exits[first_door]
    assert E.explore_refusal(s, "P1") is None
    resolve(s, lambda ctx: E.explore(ctx, content, "P1"))
    assert 3 in md(s)["built"]
    assert {p["tile"] for p in s.placements} >= {"5B", "6B", "13B"}
