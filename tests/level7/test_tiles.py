"""Level 7 tiles as Tiled maps (issue 14 item 4; level7-escape.md 3.1-3.5, 8.9, 8.10;
docs/MAPS.md "Level 7") and the tile graph of game/level7/board.py."""
from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.board.commands import check_map
from game.board.model import MapError
from game.level7.board import MAPS, TileMap, load_tile, load_tiles, spot_minimum

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(MAPS.glob("*.tmx"))
SPECIALS = {"tank_farm", "airlock", "b_lift", "maintenance_tunnel", "hospital"}
EVENT_ICONS = ("security", "recurring_security", "fear", "recurring_fear", "facility")


@pytest.fixture(scope="module")
def tiles():
    return load_tiles()


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_tile_passes_check_map(path):
    assert check_map(str(path)) == []


def test_check_map_command_accepts_the_tiles():
    run = subprocess.run([sys.executable, "-m", "game", "check-map", *map(str, SHIPPED[:3])],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr


def test_the_44_map_tiles_and_the_special_tiles(tiles):
    """Spec 2: 44 map tiles, the double-sided B-Lift/Maintenance Tunnel and Tank Farm/Airlock,
    and the Hospital (8.9)."""
    standard = {i for i in tiles if re.fullmatch(r"T\d\d", i)}
    assert standard == {f"T{n:02d}" for n in range(1, 45)}
    assert set(tiles) - standard == SPECIALS
    assert tiles["tank_farm"].back == "airlock" and tiles["airlock"].back == "tank_farm"
    assert tiles["b_lift"].back == "maintenance_tunnel" and tiles["maintenance_tunnel"].back == "b_lift"
    assert tiles["hospital"].off_map and not tiles["hospital"].doors
    assert tiles["tank_farm"].size == (2, 2) and tiles["T07"].size == (1, 1)
    assert all(t.placeholder for t in tiles.values())  # no printed layout is known (8.9, 8.10)


def test_icon_and_door_totals_of_8_10(tiles):
    std = [t for i, t in tiles.items() if i not in SPECIALS]
    icons = Counter(k for t in std for k in t.icons)
    assert icons == {"security": 6, "recurring_security": 3, "fear": 7, "recurring_fear": 3, "facility": 8,
                     "vent": 11, "control_panel": 4, "storage": 5, "medical": 3, "lab": 3, "generator": 2,
                     "lift": 2}
    assert sum(any(t.has(k) for k in EVENT_ICONS) for t in std) == 27

    def shape(t):
        sides = {e for e, _ in t.doors}
        if len(sides) == 2:
            return "straight" if sides in ({"N", "S"}, {"E", "W"}) else "corner"
        return {1: "dead end", 3: "three", 4: "four"}[len(sides)]

    assert Counter(shape(t) for t in std) == {"four": 5, "three": 11, "straight": 11, "corner": 11, "dead end": 6}


def test_layouts_follow_the_tables(tiles):
    morgue = tiles["T05"]  # 8.10: doors N E, stubs E S, vent, Recurring Fear
    assert set(morgue.doors) == {("N", 0), ("E", 0)} and set(morgue.doors.values()) == {"door"}
    assert morgue.stubs == {("E", 0), ("S", 0)} and morgue.vent and morgue.has("recurring_fear")
    farm = tiles["tank_farm"]  # 8.9: one door and one stub per side, clockwise slots
    assert set(farm.doors) == {("N", 0), ("E", 0), ("S", 0), ("W", 0)}
    assert farm.stubs == {("N", 1), ("E", 1), ("S", 1), ("W", 1)}
    assert farm.slot_cell(("N", 0)) == (0, 0) and farm.slot_cell(("S", 0)) == (1, 1)  # N west, S east cell
    assert farm.slot_cell(("E", 0)) == (1, 0) and farm.slot_cell(("W", 0)) == (0, 1)  # E north, W south cell


def test_population_spots_come_from_the_data(tiles):
    need = spot_minimum()
    assert need == {"character": 4, "guard": 2, "clone": 2, "hybrid": 1}
    for t in tiles.values():
        for kind, n in need.items():
            if t.off_map and kind != "character":
                continue
            assert t.spots.get(kind, 0) >= n, (t.id, kind)
    with pytest.raises(MapError, match=r"T07.tmx: map: 2 guard spots; a tile needs 3"):
        load_tile(MAPS / "T07.tmx", {**need, "guard": 3})


def test_rotation_moves_door_slots_clockwise(tiles):
    lift = tiles["T02"]  # doors N E
    assert set(lift.rotated(1).doors) == {("E", 0), ("S", 0)}
    assert set(lift.rotated(2).doors) == {("S", 0), ("W", 0)}
    assert set(lift.rotated(3).doors) == {("W", 0), ("N", 0)}
    assert lift.rotated(4).doors == lift.doors and lift.rotated(3).rotated(1).turns == 0
    farm = tiles["tank_farm"].rotated(1)
    # the N door of the west cell turns into the E door of the north cell: still cell-side slot 0
    assert farm.slot_cell(("E", 0)) == (1, 0) and ("E", 0) in farm.doors
    assert tiles["T05"].rotated(1).stubs == {("S", 0), ("W", 0)}


def test_tiles_join_only_through_matching_doors(tiles):
    """3.2: touching tiles are adjacent only where a door meets a door; the seed's example of a
    clone on a touching tile with no door between being 3 moves away."""
    m = TileMap()
    m.place(tiles["T07"], (0, 0))  # Corridor 101-A, 4 doors
    m.place(tiles["T40"], (1, 0), turns=1)  # Corridor 107 turned: doors E W
    m.place(tiles["T42"], (2, 0))  # Corridor 109: doors N S; its W side is wall against T40's E door
    m.place(tiles["T38"], (0, 1), turns=3)  # Corridor 105 turned: doors W N E
    m.place(tiles["T36"], (1, 1))  # Corridor 103, 4 doors: its N door meets T40's wall, its W door T38's E
    pairs = {frozenset((link.a, link.b)) for link in m.door_links()}
    assert pairs == {frozenset(p) for p in (("T07", "T40"), ("T07", "T38"), ("T38", "T36"))}
    d = m.distances("T07")
    assert d == {"T07": 0, "T40": 1, "T38": 1, "T36": 2}
    assert "T42" not in d  # touching T40 door-to-wall: no connection
    assert ("T40", ("E", 0)) not in m.open_doors()  # blocked by T42's wall, not open space
    assert ("T42", ("N", 0)) in m.open_doors()


def test_distances_depend_on_who_moves(tiles):
    """3.2's table: locked doors stop characters and clones, cost guards one extra move; vents
    link characters and clones, never guards."""
    m = TileMap()
    m.place(tiles["T05"], (0, 0))  # Morgue A: doors N E, vent, stubs E S
    m.place(tiles["T30"], (1, 0), turns=2)  # Stasis Pods turned: doors S W N, stub E, vent
    m.place(tiles["T40"], (0, 1))  # Corridor 107: doors N S, no duct
    m.place(tiles["T06"], (0, 2), turns=2)  # Morgue B turned: door S, stub E, vent: no duct reaches it
    assert m.vent_networks() == [frozenset({"T05"}), frozenset({"T06"}), frozenset({"T30"})]
    # T05's E stub meets T30's W side: T30 turned twice has its stub on E, so no join
    locked = [("T05", ("E", 0))]
    assert m.distances("T05", "character")["T30"] == 1
    assert "T30" not in m.distances("T05", "character", locked=locked)
    assert m.distances("T05", "guard", locked=locked)["T30"] == 2
    assert m.distances("T05", "hybrid", locked=locked)["T30"] == 2
    assert "T30" not in m.distances("T05", "clone", locked=locked)
    with pytest.raises(ValueError, match="unknown mover"):
        m.distances("T05", "dog")


def test_vent_links_through_joined_ducts(tiles):
    m = TileMap()
    m.place(tiles["T05"], (0, 0))  # vent, stubs E S
    m.place(tiles["T18"], (1, 0))  # Generator Room B: stubs E W, no vent: the duct runs through
    m.place(tiles["T06"], (2, 0), turns=0)  # Morgue B: stub W, vent; door N only
    m.place(tiles["T09"], (0, 1), turns=1)  # Incinerator turned: stub S, vent; S-stub of T05 meets its N side? no
    assert frozenset({"T05", "T06"}) in m.vent_networks()
    assert not any("T09" in g and "T05" in g for g in m.vent_networks())
    d = m.distances("T05", "character")
    assert d["T06"] == 1  # no door joins them; the vent does (3.2, 6.2)
    assert m.distances("T05", "clone")["T06"] == 1
    assert "T06" not in m.distances("T05", "guard")
    assert "T06" not in m.distances("T05", "character", sealed=["T06"])  # spec 3.4 PLACEHOLDER


def test_exploring_places_a_tile_joining_the_most_doors(tiles):
    """3.3 step 2: one of the new tile's doors meets the door used, as many doors as possible."""
    m = TileMap()
    m.place(tiles["T07"], (0, 0))
    m.place(tiles["T36"], (1, 1))
    got = m.placements_at(tiles["T02"], "T07", ("E", 0))  # C-Lift, doors N E, east of T07
    assert got == [(2, (1, 0), 2)]  # turned twice: doors S W; W meets T07's E, S meets T36's N
    assert m.placements_at(tiles["T01"], "T07", ("S", 0)) == [(0, (0, 1), 1)]  # A-Lift: door N only
    m2 = TileMap()
    m2.place(tiles["T07"], (0, 0))
    m2.place(tiles["T42"], (1, -1))  # Corridor 109, doors N S: its W side is wall
    # a corner tile (C-Lift, doors N E) must meet T07's N door with its S door; turned 1 (E S) its
    # E door faces T42's wall, turned 2 (S W) its W door faces open space: only turn 2 is allowed
    assert m2.placements_at(tiles["T02"], "T07", ("N", 0)) == [(2, (0, -1), 1)]
    m2.place(tiles["T02"], (0, -1), turns=1)
    assert m2.blocked_doors() == [("T02", ("E", 0))]
    with pytest.raises(ValueError, match="no door at N1"):
        m.placements_at(tiles["T02"], "T07", ("N", 1))


def test_placing_refuses_overlaps_and_off_map_tiles(tiles):
    m = TileMap()
    m.place(tiles["tank_farm"], (0, 0))
    with pytest.raises(ValueError, match="would lie on tank_farm"):
        m.place(tiles["T07"], (1, 1))
    with pytest.raises(ValueError, match="never joined to the map"):
        m.place(tiles["hospital"], (5, 5))


BROKEN = [
    ('<property name="title" value="level7"/>', '<property name="title" value="levl7"/>',
     "map: property title must be one of gears, doom, level7, not 'levl7'"),
    ('<polyline points="0,0 64,0"/>', '<polyline points="0,0 64,10"/>', "does not lie on one side of the tile"),
    ('name="doors"', 'name="dors"', "layer dors: unknown layer for a level7 map"),
    ('<property name="kind" value="vent"/>', '<property name="kind" value="vnet"/>',
     "property kind must be one of security"),
    ('x="160" y="160">\n   <polyline points="0,0 160,0"/>', 'x="160" y="160">\n   <polyline points="0,0 160,-160"/>',
     "ends on a corner of the tile"),
    ('width="5" height="5" tilewidth', 'width="4" height="5" tilewidth', None),
]


@pytest.mark.parametrize("old,new,message", BROKEN, ids=["title", "door", "layer", "icon", "duct", "size"])
def test_broken_tiles_give_a_clear_message(tmp_path, old, new, message):
    text = (MAPS / "T05.tmx").read_text(encoding="utf-8")
    assert old in text
    bad = tmp_path / "level7" / "tiles" / "T05.tmx"
    bad.parent.mkdir(parents=True)
    (tmp_path / "tilesets").mkdir()
    (tmp_path / "tilesets" / "level7.tsx").write_text(
        (ROOT / "maps" / "tilesets" / "level7.tsx").read_text().replace("../../assets", str(ROOT / "assets")))
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(MapError) as err:
        load_tile(bad)
    text = str(err.value)
    assert text.startswith(str(bad)), text
    if message is not None:
        assert message in text
    assert "Traceback" not in text


def test_the_generator_is_deterministic(tmp_path):
    """tools/make_level7_tiles.py writes the shipped files byte for byte (into a scratch folder)."""
    run = subprocess.run([sys.executable, "tools/make_level7_tiles.py", "--root", str(tmp_path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    shipped = [*SHIPPED, ROOT / "assets/tiles/level7.png", ROOT / "maps/tilesets/level7.tsx"]
    made = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert made == sorted(p.relative_to(ROOT) for p in shipped)
    changed = [str(p) for p in made if (tmp_path / p).read_bytes() != (ROOT / p).read_bytes()]
    assert changed == []



def _candidates_by_trial_maps(m: TileMap, tile, target, edge):
    """TileMap.candidates the slow way: each placement tried on a copy of the map, its joined
    doors and the whole map's blocked doors counted from scratch."""
    before = len(m.blocked_doors())
    found = []
    for turns in range(4):
        turned = tile.rotated(turns)
        for s in turned.doors:
            if s[0] != edge:
                continue
            sc = turned.slot_cell(s)
            at = (target[0] - sc[0], target[1] - sc[1])
            trial = TileMap(dict(m.placed))
            try:
                trial.place(tile, at, turns, name="?new")
            except ValueError:
                continue
            joined = sum(1 for link in trial.door_links() if "?new" in (link.a, link.b))
            found.append((turns, at, joined, len(trial.blocked_doors()) - before))
    return found


@pytest.mark.parametrize("seed", range(4))
def test_placements_read_from_the_new_outline_equal_trial_maps(tiles, seed):
    """TileMap.candidates counts joined and blocked doors on the new tile's outline only (the
    speed work of issue 14); on random maps of real tiles, at every open door, for every third
    tile, it gives what placing on a copy of the map and counting the whole map gives."""
    from game.engine.rng import Rng
    from game.level7.board import OPPOSITE, STEP

    rng = Rng(seed).stream("test")
    m = TileMap()
    m.place(tiles["tank_farm"], (0, 0))
    pool = sorted(t for t in tiles if not tiles[t].off_map and t != "tank_farm")
    rng.shuffle(pool)
    blocking = 0
    for tid in pool[:16]:
        doors = m.open_doors()
        for name, slot in doors:
            here, (x, y) = m.placed[name]
            c, r = here.slot_cell(slot)
            target = (x + c + STEP[slot[0]][0], y + r + STEP[slot[0]][1])
            for other in pool[::3]:
                if other not in m.placed:
                    got = m.candidates(tiles[other], target, OPPOSITE[slot[0]])
                    assert got == _candidates_by_trial_maps(m, tiles[other], target, OPPOSITE[slot[0]])
                    blocking += sum(f[3] > 0 for f in got)
        rng.shuffle(doors)
        for name, slot in doors:
            spots = m.placements_at(tiles[tid], name, slot)
            if spots:
                turns, at, _ = rng.choice(spots)
                m.place(tiles[tid], at, turns)
                break
    assert blocking > 20 and len(m.placed) > 8  # the maps had doors against walls to count


@pytest.mark.parametrize("scenario,seed,players", [("s1", 3, 2), ("s2", 8, 3), ("s1", 11, 4)])
def test_placements_in_random_games_equal_trial_maps(tiles, scenario, seed, players):
    """After every action of random legal games, at every open door of the state's map, for the
    tile each stack would give next (and the set-aside one), TileMap.candidates gives what trial
    maps give."""
    from game.engine.bots import RandomBot
    from game.level7.board import OPPOSITE, STEP
    from game.level7.rules.maps import view
    from game.level7.rules.procedures import RESOLVER
    from game.level7.rules.title import Level7Title

    title = Level7Title()
    state = title.new_game(scenario, seed, {"players": players})
    bot = RandomBot(seed)
    checked = 0
    while title.current_decider(state) is not None:
        m = view(state).tilemap
        nexts = {pile[0] for _, pile in state.stacks if pile} | ({state.set_aside} - {""})
        for name, slot in m.open_doors():
            here, (x, y) = m.placed[name]
            c, r = here.slot_cell(slot)
            target = (x + c + STEP[slot[0]][0], y + r + STEP[slot[0]][1])
            for tid in sorted(nexts):
                got = m.candidates(tiles[tid], target, OPPOSITE[slot[0]])
                assert got == _candidates_by_trial_maps(m, tiles[tid], target, OPPOSITE[slot[0]]), (name, slot, tid)
                checked += 1
        title.apply(state, bot.choose(title.legal_actions(state)))
    RESOLVER.release(state)
    assert checked > 50
