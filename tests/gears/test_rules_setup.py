"""Spec 4 (setup) and 3.4 (building level 1)."""
from __future__ import annotations

import pytest

from tests.gears.conftest import set_up
from game.gears.rules.setup import order_card_ids


def test_emergence_setup_spec4(title, content):
    """Spec 4: level 1 = the four Emergence tiles, a door on the last exit, COGs in the entrance
    area of the first tile with full hands, an 18-card AI deck, starting weapons and grenades."""
    s = set_up(title, "emergence", 2, 2)
    assert sorted(p["tile"] for p in s.placements) == sorted(content.missions["emergence"].levels[0].tiles)
    last = s.placements[-1]["tile"]
    assert len(s.doors) == 1 and s.doors[0].startswith(last + ":")
    view = s.view()
    for p, c in s.cogs.items():
        cog = content.cogs[c.character]
        assert c.area == view.entrance_area
        assert len(c.hand) == cog.hand_limit
        assert [w for w, _ in c.weapons] == [w.weapon for w in cog.weapons]
        assert c.grenades == cog.grenades
    assert len(s.ai.cards()) == 18
    hands = [h for c in s.cogs.values() for h in c.hand]
    assert sorted(s.orders.cards() + hands) == sorted(order_card_ids(content))


def test_emergence_seals_all_holes_but_the_one_nearest_the_exit(title):
    """Emergence setup rule: every hole but the one nearest the map exit is sealed."""
    s = title.new_game("emergence", 4, {"players": 1})
    open_ = [h for h, v in s.holes.items() if not v["sealed"]]
    assert len(open_) == 1
    exit_area = s.view().exits[s.doors[0]]
    d = {h: s.view().mdist(exit_area, v["area"]) for h, v in s.holes.items()}
    assert d[open_[0]] == min(d.values())


def test_spawn_strip_per_player_count(title, content):
    """Spec 3.4 step 3: the first tile's strip entry spawns at each of its holes (before sealing)."""
    s = set_up(title, "emergence", 9, 4)
    assert s.locusts, "4 players spawn Locusts on every tile"
    slots = set(s.slots.values())
    assert {x.enemy for x in s.locusts.values()} <= slots


def test_unknown_mission_and_option_are_sentences(title):
    with pytest.raises(ValueError, match="unknown Gears mission"):
        title.new_game("nope", 1, {})
    with pytest.raises(ValueError, match="unknown Gears option"):
        title.new_game("emergence", 1, {"colour": 1})
