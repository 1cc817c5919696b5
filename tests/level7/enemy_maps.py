"""Small maps of real Level 7 tiles for the enemy tests: each tile turned so that it has a door
(and a duct stub) toward exactly the neighbours the test names, then checked against the graph
TileMap builds, so a test never runs on a map other than the one it describes."""
from __future__ import annotations

from functools import lru_cache

from game.level7.board import EDGES, STEP, TileMap, load_tiles


@lru_cache(maxsize=1)
def tiles():
    return load_tiles()


def build(layout: dict[str, tuple[str, tuple[int, int]]], doors: str = "", ducts: str = "") -> TileMap:
    """`layout`: placement name -> (tile id, cell) of 1x1 tiles; `doors` and `ducts`: the
    neighbouring pairs joined, as "A-B A-C". Raises when no turn of a tile fits."""
    joined = {frozenset(p.split("-")) for p in doors.split()}
    piped = {frozenset(p.split("-")) for p in ducts.split()}
    cells = {cell: name for name, (_, cell) in layout.items()}
    tmap = TileMap()
    for name, (tid, cell) in layout.items():
        tile = tiles()[tid]
        fits = []
        for turns in range(4):
            turned = tile.rotated(turns)
            door_sides = {e for e, _ in turned.doors}
            stub_sides = {e for e, _ in turned.stubs}
            ok = True
            for edge in EDGES:
                other = cells.get((cell[0] + STEP[edge][0], cell[1] + STEP[edge][1]))
                if other is None:
                    continue
                pair = frozenset((name, other))
                ok &= (edge in door_sides) == (pair in joined)
                ok &= (edge in stub_sides) == (pair in piped)
            if ok:
                fits.append(turns)
        if not fits:
            raise ValueError(f"no turn of {tid} gives {name} exactly the doors and ducts asked for")
        tmap.place(tile, cell, fits[0], name=name)
    got = {frozenset((l.a, l.b)) for l in tmap.door_links()}
    assert got == joined, f"door links {sorted(map(sorted, got))} are not the ones asked for"
    return tmap


def door_between(tmap: TileMap, a: str, b: str):
    """The locked-door token position (placement, slot) of a's side of the door joining a and b."""
    for link in tmap.door_links():
        if {link.a, link.b} == {a, b}:
            return (link.a, link.slots[0]) if link.a == a else (link.b, link.slots[1])
    raise KeyError(f"no door between {a} and {b}")
