"""Line of sight at a seam, in the rules (spec gears-of-war.md 3.2 table: the map edge blocks
sight like a wall; the seed p. 6 item 10: a tile's exit is "a smaller opening on the map's
edge"). Emergence, seed 5: 12A is laid at 9A's exit, and 9A's edge x = 512 touches 12A's
above and below the joint (y 128..256). A COG may attack only a Locust in its line of sight
(the seed p. 20): what the attack's legality reads (attack.attack_sight) is blocked across the
seam and open through the joint."""
from __future__ import annotations

from game.gears.rules.attack import attack_sight
from game.gears.rules.state import LocustState
from tests.gears.conftest import start


def _scene(real, cog_area, cog_cover, drone_area, drone_cover):
    s = start(real, "emergence", players=1, seed=5)
    assert {"tile": "12A", "exit": "9A:exit"} in s.placements
    p = s.players[0]
    s.cogs[p].area, s.cogs[p].cover = cog_area, cog_cover
    s.locusts.clear()
    s.locusts["drone#1"] = LocustState("drone#1", "drone", drone_area, cover=drone_cover)
    return s, p


def test_no_attack_across_the_seam_between_promenade_and_storefront_spec_3_2(real):
    """Both in cover: the one line between the spots (224, 32) and (608, 96) crosses the seam."""
    s, p = _scene(real, "9A:promenade", "9A:promenade_cover1", "12A:storefront", "12A:storefront_cover1")
    seen, _d = attack_sight(s, p, "drone#1")
    assert not seen


def test_no_attack_across_the_seam_between_lawn_and_bunker_spec_3_2(real):
    """The Lawn and the Bunker touch only along the seam (the Bunker's north side is a wall)."""
    s, p = _scene(real, "9A:lawn", None, "12A:bunker", None)
    seen, _d = attack_sight(s, p, "drone#1")
    assert not seen


def test_sight_goes_through_the_joint_spec_3_5_3_7(real):
    """The Lawn and the Storefront meet at the joint: in the open, they see each other."""
    s, p = _scene(real, "9A:lawn", None, "12A:storefront", None)
    seen, d = attack_sight(s, p, "drone#1")
    assert seen and d == 1
