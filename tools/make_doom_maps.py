"""Write the Doom scenario maps under maps/doom/ (run from the project root:
`python tools/make_doom_maps.py`). Conventions: docs/MAPS.md "Doom pieces and scenario maps".

maps/doom/p1_knee_deep.tmx is scenario P1 "Knee-Deep in the Dead" of rules/doom.md 9.3 (a
PROPOSAL reconstruction: the original scenario book is not in the seed): areas, doors, props and
monsters exactly as the spec's tables give them. Open connectors between two areas of the same map
(C1, C2) are simply edges left without a wall; every other shared area boundary is drawn as a wall.
maps/doom/p2_reactor.tmx is scenario P2 "Reactor Shutdown" of rules/doom.md 9.4 (PROPOSAL), the same way.

maps/doom/pieces/*.tmx are the map builder's reusable pieces (spec 3.1, 11 item 8: original pieces
with 2-square-wide connectors): corridors, a corner, a T-junction, a cross, rooms, a dead end behind
a door and a start room. Each open side is a `connector` edge 2 squares wide, centred on the side's
grid cells as listed, so any two pieces join square to square; P1 and P2 are not rebuilt from them
(their squares are the spec's tables, which the tests use).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from make_sample_maps import MAPS, TILE, Obj, line, paint, pt, write_tmx  # noqa: E402


def rect(c0: int, r0: int, c1: int, r1: int):
    """Cells c0..c1 x r0..r1 inclusive as a pixel polygon."""
    return [(c0 * TILE, r0 * TILE), ((c1 + 1) * TILE, r0 * TILE), ((c1 + 1) * TILE, (r1 + 1) * TILE),
            (c0 * TILE, (r1 + 1) * TILE)]


def centre(c: int, r: int):
    return (c * TILE + TILE // 2, r * TILE + TILE // 2)


def vline(x: int, y0: int, y1: int):
    """The vertical grid line x (between columns x-1 and x) along rows y0..y1."""
    return [(x * TILE, y0 * TILE), (x * TILE, (y1 + 1) * TILE)]


def hline(y: int, x0: int, x1: int):
    """The horizontal grid line y (between rows y-1 and y) under columns x0..x1."""
    return [(x0 * TILE, y * TILE), ((x1 + 1) * TILE, y * TILE)]


# spec 9.3 "Areas": id -> (name, x0, x1, y0, y1, floor texture, start zone)
P1_AREAS = {
    "A1": ("Crew lounge", 0, 5, 6, 11, "carpet_red", True),
    "A2": ("West corridor", 6, 15, 8, 9, "panel", False),
    "A3": ("Junction hall", 16, 21, 4, 13, "tech_a", False),
    "A4": ("Maintenance crawlway", 10, 19, 2, 3, "grate_dark", False),
    "A5": ("East corridor", 22, 31, 8, 9, "panel", False),
    "A6": ("Toxin lab", 14, 23, 14, 19, "tile_white", False),
    "A7": ("Exit hall", 32, 39, 4, 13, "tech_b", False),
    "A8": ("Evac airlock", 40, 41, 8, 9, "hazard_stripes", False),
    "A9": ("Weapons locker", 34, 37, 0, 3, "metal_dark", False),
}
P1_TEXT = {
    "A1": "Red emergency lamps. The lounge door is shut and the intercom only hisses. The shuttle bays are on the far side of this sector.",
    "A2": "The night shift never left. They turn toward you much too slowly.",
    "A3": "Three doors lead on; scorch marks run toward the east door.",
    "A4": "Cramped and dark. Something skitters in the ducts. A blue keycard glints at the far end.",
    "A5": "A security guard sits slumped against the wall.",
    "A6": "Green sludge has flooded part of the floor. The red keycard lies on a workbench at the back.",
    "A7": "The red security door to the evac airlock is right ahead, and something huge stands between you and it.",
    "A8": "The shuttle waits beyond the outer door.",
    "A9": "Someone left the heavy hardware behind.",
}


def p1() -> None:
    areas = []
    for aid, (name, x0, x1, y0, y1, _, start) in P1_AREAS.items():
        props = {"label": name, "text": P1_TEXT[aid]}
        if start:
            props = {"start_zone": True, **props}
        r = rect(x0, y0, x1, y1)
        areas.append(Obj(aid, "rectangle", [r[0], r[2]], props))
    edges = [
        line(vline(6, 8, 9), "D1", kind="door", door_type="ordinary", state="closed"),
        line(hline(4, 18, 19), "D2", kind="door", door_type="ordinary", state="closed"),
        line(vline(22, 8, 9), "D3", kind="door", door_type="ordinary", state="closed"),
        line(hline(14, 18, 19), "D4", kind="door", door_type="ordinary", state="closed"),
        line(vline(40, 8, 9), "D5", kind="door", door_type="security", key="red", state="closed"),
        line(hline(4, 35, 36), "D6", kind="door", door_type="security", key="blue", state="closed"),
    ]
    # Shared area boundaries that are neither a door nor an open connector are walls (spec 9.2).
    walls = [
        line(hline(4, 16, 17), "A3_A4_west"),
        line(hline(14, 16, 17), "A3_A6_west"),
        line(hline(14, 20, 21), "A3_A6_east"),
        line(hline(4, 34, 34), "A7_A9_west"),
        line(hline(4, 37, 37), "A7_A9_east"),
    ]
    props = []

    def prop(name, c, r, kind, **extra):
        props.append(pt(name, *centre(c, r), kind=kind, **extra))

    prop("ammo_A1", 4, 10, "equipment:shells", count=1)
    prop("barrel_A2", 10, 8, "barrel")
    prop("obstacle_A3a", 18, 7, "obstacle")
    prop("obstacle_A3b", 19, 7, "obstacle")
    prop("armour_A3", 17, 12, "equipment:armour", count=1)
    prop("ammo_A3", 21, 4, "equipment:shells", count=1)
    prop("blue_key", 10, 2, "key:blue")
    prop("medikit_A4", 11, 2, "equipment:medikit", count=1)
    prop("vent_A4", 13, 3, "vent")
    prop("E1", 26, 9, "encounter:E1")
    prop("vent_A5", 29, 8, "vent")
    prop("red_key", 22, 19, "key:red")
    for i, (c, r) in enumerate(((16, 16), (17, 16), (16, 17), (17, 17))):
        prop(f"hazard_A6_{i + 1}", c, r, "hazard")
    prop("chainsaw_A6", 23, 14, "equipment:chainsaw", count=1)
    prop("medikit_A6", 14, 14, "equipment:medikit", count=1)
    prop("vent_A6", 15, 19, "vent")
    prop("obstacle_A7a", 34, 11, "obstacle")
    prop("obstacle_A7b", 35, 11, "obstacle")
    prop("barrel_A7a", 33, 5, "barrel")
    prop("barrel_A7b", 38, 12, "barrel")
    prop("armour_A7", 32, 13, "equipment:armour", count=1)
    prop("rockets_A7", 39, 13, "equipment:rockets", count=2)
    prop("bfg_A9", 34, 0, "equipment:bfg", count=1)
    prop("launcher_A9", 35, 1, "equipment:rocket_launcher", count=1)
    prop("rockets_A9", 36, 1, "equipment:rockets", count=1)
    prop("cells_A9", 37, 0, "equipment:cells", count=2)

    figures = []

    def fig(name, monster, c, r, n):
        figures.append(pt(name, *centre(c, r), type=monster, min_marines=n))

    fig("zombie_A2a", "zombie", 12, 8, 1)
    fig("zombie_A2b", "zombie", 13, 9, 2)
    fig("zombie_A3", "zombie", 17, 5, 3)
    fig("imp_A3a", "imp", 20, 5, 1)
    fig("imp_A3b", "imp", 21, 12, 2)
    fig("trite_A4a", "trite", 12, 3, 1)
    fig("trite_A4b", "trite", 14, 2, 2)
    fig("trite_A4c", "trite", 16, 3, 1)
    fig("zombie_A5", "zombie", 28, 9, 1)
    fig("imp_A5", "imp", 30, 8, 2)
    fig("mancubus_A6", "mancubus", 20, 16, 1)
    fig("trite_A6a", "trite", 15, 15, 2)
    fig("trite_A6b", "trite", 22, 17, 3)
    fig("hell_knight_A7", "hell_knight", 35, 7, 1)
    fig("imp_A7a", "imp", 38, 5, 1)
    fig("imp_A7b", "imp", 38, 11, 3)
    fig("zombie_A7a", "zombie", 33, 12, 2)
    fig("zombie_A7b", "zombie", 37, 13, 3)
    fig("archvile_A9", "archvile", 37, 2, 1)
    fig("zombie_A9", "zombie", 34, 3, 2)

    layers = [("areas", areas), ("edges", edges), ("walls", walls), ("props", props), ("figures", figures)]
    floor = paint(42, 20, [(rect(x0, y0, x1, y1), tex) for _, x0, x1, y0, y1, tex, _ in P1_AREAS.values()])
    meta = {"title": "doom", "name": "P1 Knee-Deep in the Dead",
            "flavour": "Find the red key and get out through the red security door (rules/doom.md 9.3)."}
    write_tmx(MAPS / "doom" / "p1_knee_deep.tmx", 42, 20, meta, floor, layers)


# spec 9.4 "Areas": id -> (name, x0, x1, y0, y1, floor texture, start zone)
P2_AREAS = {
    "B1": ("Airlock", 0, 3, 8, 11, "hazard_stripes", True),
    "B2": ("Service corridor", 4, 19, 9, 10, "panel", True),
    "B3": ("Control room", 8, 13, 3, 8, "tech_c", False),
    "B4": ("Coolant store", 12, 17, 11, 16, "grate_dark", False),
    "B5": ("Reactor hall", 20, 29, 5, 14, "metal_dark", False),
}
P2_TEXT = {
    "B1": "The reactor is running away. Shut it down from the control room and from the reactor hall itself, or nothing on this level survives.",
    "B2": "It runs east to the reactor hall.",
    "B3": "The shutdown console blinks on the far wall; the operators are still at their desks, after a fashion.",
    "B4": "A blue keycard is clipped to a rack at the back.",
    "B5": "Coolant pools on the floor, and the second console is on the far side.",
}


def p2() -> None:
    areas = []
    for aid, (name, x0, x1, y0, y1, _, start) in P2_AREAS.items():
        props = {"label": name, "text": P2_TEXT[aid]}
        if start:
            props = {"start_zone": True, **props}
        r = rect(x0, y0, x1, y1)
        areas.append(Obj(aid, "rectangle", [r[0], r[2]], props))
    edges = [
        line(hline(9, 10, 11), "K1", kind="door", door_type="ordinary", state="closed"),
        line(hline(11, 14, 15), "K2", kind="door", door_type="ordinary", state="closed"),
        line(vline(20, 9, 10), "K3", kind="door", door_type="security", key="blue", state="closed"),
    ]
    walls = [
        line(hline(9, 8, 9), "B2_B3_west"),
        line(hline(9, 12, 13), "B2_B3_east"),
        line(hline(11, 12, 13), "B2_B4_west"),
        line(hline(11, 16, 17), "B2_B4_east"),
    ]
    props = []

    def prop(name, c, r, kind, **extra):
        props.append(pt(name, *centre(c, r), kind=kind, **extra))

    prop("T1", 0, 11, "teleporter:red")
    prop("ammo_B1", 2, 11, "equipment:shells", count=1)
    prop("barrel_B2", 8, 10, "barrel")
    prop("C1", 10, 4, "encounter:C1")
    prop("obstacle_B3a", 10, 6, "obstacle")
    prop("obstacle_B3b", 11, 6, "obstacle")
    prop("mg_B3", 13, 3, "equipment:machine_gun", count=1)
    prop("ammo_B3", 8, 3, "equipment:shells", count=2)
    prop("blue_key", 16, 15, "key:blue")
    prop("T2", 17, 16, "teleporter:red")
    prop("medikit_B4", 12, 16, "equipment:medikit", count=1)
    prop("armour_B4", 13, 11, "equipment:armour", count=1)
    prop("vent_B4", 12, 12, "vent")
    prop("C2", 27, 12, "encounter:C2")
    for i, (c, r) in enumerate(((23, 6), (24, 6), (23, 7), (24, 7))):
        prop(f"hazard_B5_{i + 1}", c, r, "hazard")
    prop("obstacle_B5a", 25, 9, "obstacle")
    prop("obstacle_B5b", 25, 10, "obstacle")
    prop("barrel_B5a", 21, 13, "barrel")
    prop("barrel_B5b", 28, 13, "barrel")
    prop("plasma_B5", 29, 5, "equipment:plasma_gun", count=1)
    prop("cells_B5", 29, 14, "equipment:cells", count=2)
    prop("rockets_B5", 21, 14, "equipment:rockets", count=1)
    prop("vent_B5", 20, 5, "vent")

    figures = []

    def fig(name, monster, c, r, n, **extra):
        figures.append(pt(name, *centre(c, r), type=monster, min_marines=n, **extra))

    fig("zombie_B2", "zombie", 18, 10, 1)
    fig("imp_B3", "imp", 12, 4, 1)
    fig("zombie_B3a", "zombie", 9, 6, 2)
    fig("zombie_B3b", "zombie", 13, 7, 3)
    # B4's demon [1+] and trite (17,12) [3] of spec 9.4 swapped tags: with 1-2 marines the key room
    # holds trites, not a demon whose Sentry met the marine taking the key (game/doom/data/BALANCE.md, P2b)
    fig("demon_B4", "demon", 15, 13, 3, orientation="east")
    fig("trite_B4a", "trite", 12, 14, 2)
    fig("trite_B4b", "trite", 17, 12, 1)
    fig("mancubus_B5", "mancubus", 26, 6, 1)
    fig("imp_B5a", "imp", 22, 11, 1)
    fig("imp_B5b", "imp", 28, 9, 2)
    fig("archvile_B5", "archvile", 28, 14, 3)

    layers = [("areas", areas), ("edges", edges), ("walls", walls), ("props", props), ("figures", figures)]
    floor = paint(30, 17, [(rect(x0, y0, x1, y1), tex) for _, x0, x1, y0, y1, tex, _ in P2_AREAS.values()])
    meta = {"title": "doom", "name": "P2 Reactor Shutdown",
            "flavour": "Shut the reactor down from both consoles before the meltdown (rules/doom.md 9.4)."}
    write_tmx(MAPS / "doom" / "p2_reactor.tmx", 30, 17, meta, floor, layers)


# The pieces: key -> (name, width, height, areas, connectors, doors, props, flavour).
# areas: (id, x0, x1, y0, y1, texture, start zone, text); connectors and doors: (name, side or
# grid line, first cell, last cell) with side W/E/N/S on the piece's border, or ("v", x) / ("h", y)
# for a door inside; props: (name, x, y, kind, count); optionally figures: (name, monster, x, y,
# min_marines), placed when their area is revealed.
PIECES = {
    "corridor_straight": ("Corridor, straight", 6, 2,
                          [("corridor", 0, 5, 0, 1, "panel", False, "A bare service corridor.")],
                          [("west", "W", 0, 1), ("east", "E", 0, 1)], [], [], "Two squares wide, open at both ends."),
    "corridor_corner": ("Corridor, corner", 4, 4,
                        [("arm_west", 0, 3, 0, 1, "panel", False, "The corridor turns."),
                         ("arm_south", 2, 3, 2, 3, "panel", False, "The corridor turns.")],
                        [("west", "W", 0, 1), ("south", "S", 2, 3)], [], [], "A turn from west to south."),
    "corridor_t": ("Corridor, T-junction", 6, 4,
                   [("bar", 0, 5, 0, 1, "grate", False, "A junction; the way forks."),
                    ("stem", 2, 3, 2, 3, "grate", False, "A junction; the way forks.")],
                   [("west", "W", 0, 1), ("east", "E", 0, 1), ("south", "S", 2, 3)], [], [],
                   "Open to the west, the east and the south."),
    "corridor_cross": ("Corridor, crossing", 6, 6,
                       [("north", 2, 3, 0, 1, "grate_dark", False, "A crossing of four corridors."),
                        ("hall", 0, 5, 2, 3, "grate_dark", False, "A crossing of four corridors."),
                        ("south", 2, 3, 4, 5, "grate_dark", False, "A crossing of four corridors.")],
                       [("north", "N", 2, 3), ("south", "S", 2, 3), ("west", "W", 2, 3), ("east", "E", 2, 3)],
                       [], [], "Open on all four sides."),
    "room_small": ("Room, small", 4, 4,
                   [("room", 0, 3, 0, 3, "tech_a", False, "A small storeroom, crates along one wall.")],
                   [("west", "W", 1, 2), ("east", "E", 1, 2)], [],
                   [("barrel", 3, 0, "barrel", 0)], "A storeroom with a barrel, open west and east."),
    "room_large": ("Room, large", 8, 8,
                   [("hall", 0, 7, 0, 7, "tech_b", False, "A wide hall. Pillars break up the floor.")],
                   [("west", "W", 3, 4), ("east", "E", 3, 4), ("north", "N", 3, 4), ("south", "S", 3, 4)], [],
                   [("pillar_a", 2, 2, "obstacle", 0), ("pillar_b", 5, 5, "obstacle", 0),
                    ("barrel", 6, 1, "barrel", 0), ("sludge", 1, 6, "hazard", 0)],
                   "A hall with pillars, open on all four sides.", [("imp", "imp", 6, 6, 1), ("zombie", "zombie", 1, 1, 2)]),
    "dead_end_door": ("Dead end with a door", 6, 2,
                      [("approach", 0, 2, 0, 1, "panel", False, "The corridor ends at a door."),
                       ("closet", 3, 5, 0, 1, "metal_dark", False, "A locked-away closet.")],
                      [("west", "W", 0, 1)], [("door", ("v", 3), 0, 1)], [], "A corridor that ends behind a door."),
    "start_room": ("Start room", 4, 4,
                   [("start", 0, 3, 0, 3, "carpet_red", True, "The marines gear up here.")],
                   [("east", "E", 1, 2)], [], [("ammo", 0, 0, "equipment:shells", 1)],
                   "Where the marines start (a start zone), open to the east."),
    "console_room": ("Console room", 4, 4,
                     [("console", 0, 3, 0, 3, "tech_c", False, "A control room; one console still blinks.")],
                     [("west", "W", 1, 2)], [], [("console", 3, 1, "encounter:O1", 0), ("medikit", 0, 3, "equipment:medikit", 1)],
                     "An objective: the console is encounter O1 (a scenario names what it does), open to the west."),
}


def _edge(side, a: int, b: int, w: int, h: int):
    if side == "W":
        return vline(0, a, b)
    if side == "E":
        return vline(w, a, b)
    if side == "N":
        return hline(0, a, b)
    if side == "S":
        return hline(h, a, b)
    axis, at = side
    return vline(at, a, b) if axis == "v" else hline(at, a, b)


def pieces() -> list[str]:
    written = []
    for key, (name, w, h, area_list, connectors, doors, prop_list, flavour, *more) in PIECES.items():
        areas = []
        for aid, x0, x1, y0, y1, _, start, text in area_list:
            props = {"start_zone": True, "text": text} if start else {"text": text}
            r = rect(x0, y0, x1, y1)
            areas.append(Obj(aid, "rectangle", [r[0], r[2]], props))
        edges = [line(_edge(side, a, b, w, h), cname, kind="connector") for cname, side, a, b in connectors]
        edges += [line(_edge(side, a, b, w, h), dname, kind="door", door_type="ordinary", state="closed")
                  for dname, side, a, b in doors]
        props = [pt(pname, *centre(c, r), kind=kind, **({"count": n} if n else {}))
                 for pname, c, r, kind, n in prop_list]
        figures = [pt(fname, *centre(c, r), type=monster, min_marines=n) for fname, monster, c, r, n in
                   (more[0] if more else [])]
        layers = [("areas", areas), ("edges", edges), ("props", props), ("figures", figures)]
        floor = paint(w, h, [(rect(x0, y0, x1, y1), tex) for _, x0, x1, y0, y1, tex, _, _ in area_list])
        path = MAPS / "doom" / "pieces" / f"{key}.tmx"
        path.parent.mkdir(parents=True, exist_ok=True)
        write_tmx(path, w, h, {"title": "doom", "name": name, "flavour": flavour, "piece": True}, floor, layers,
                  tileset="../../tilesets/floors.tsx")
        written.append(f"maps/doom/pieces/{key}.tmx")
    return written


def main() -> None:
    p1()
    p2()
    written = pieces()
    print("wrote maps/doom/p1_knee_deep.tmx, maps/doom/p2_reactor.tmx, " + ", ".join(written))


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
