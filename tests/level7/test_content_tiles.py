"""The Level 7 content and the shipped tiles name the same tiles: every tile id the content
accepts (spec 8.10's T01-T44 and the special tiles of 8.9) is a map under maps/level7/tiles, and
every shipped tile is one the content knows (the Hospital is off the map, spec 8.9)."""
from __future__ import annotations

from game.level7 import content as C
from game.level7.board import MAPS, load_tiles


def test_content_and_tiles_name_the_same_tiles():
    shipped = {p.stem for p in MAPS.glob("*.tmx")}
    known = {f"T{n:02d}" for n in range(1, 45)} | set(C.SPECIAL_TILES)
    assert known <= shipped
    assert shipped - known == {"hospital"}
    content = C.load_content()
    tiles = load_tiles()
    for sc in content.scenarios.values():
        for tile in sc.start_tiles:
            assert tile in tiles, (sc.name, tile)
