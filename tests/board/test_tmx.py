"""game/board/tmx.py: Tiled maps -> Board, following docs/MAPS.md (gears 3.7, doom 9.2)."""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from game.board.model import MapError, Segment
from game.board.tmx import load_board
from tests.board.conftest import DATA, MAPS

AREA_A = '  <object id="1" name="a" x="0" y="0"><polygon points="0,0 128,0 128,128 0,128"/></object>\n'


def layer(name: str, body: str, lid: int = 2) -> str:
    return f' <objectgroup id="{lid}" name="{name}">\n{body} </objectgroup>\n'


def load_error(path) -> str:
    with pytest.raises(MapError) as info:
        load_board(path)
    return str(info.value)


# --- the shipped samples ----------------------------------------------------------------------


def test_gears_sample_tile_has_what_gears_3_1_lists():
    """gears 3.1: areas, walls, level lines, cover with arrows, emergence holes, entrance, exit,
    equipment; 3.7: map properties."""
    b = load_board(MAPS / "gears" / "sample_1A.tmx")
    assert b.kind == "areas"
    assert (b.width, b.height, b.tile_width, b.tile_height) == (12, 8, 64, 64)
    assert set(b.areas) == {"west_street", "plaza", "ruin", "ledge", "east_yard"}
    assert b.properties["title"] == "gears" and b.properties["tile_id"] == "1A"
    assert b.properties["size"] == "small" and b.properties["name"] == "Ruined Plaza"
    assert len(b.lines_of("wall")) == 5 and len(b.lines_of("level_line")) == 2 and len(b.lines_of("border")) == 5
    assert len(b.markers_of("emergence")) == 2 and len(b.markers_of("equipment")) == 1
    assert [c.kind for c in b.connectors] == ["entrance", "exit"]
    assert b.connectors_of("entrance")[0].segment == Segment((F(0), F(192)), (F(0), F(320)))
    spot = b.cover_spot("ruin_rubble")
    assert spot.area == "ruin" and spot.arrows == (0, 45) and spot.point == (F(448), F(400))
    assert b.areas["plaza"].properties == {"equipment": True}
    # Polygon points are absolute map coordinates (object origin added).
    assert b.areas["plaza"].polygon == ((F(256), F(0)), (F(544), F(0)), (F(512), F(224)), (F(288), F(224)))


def test_doom_sample_room_grid_from_floor_layer_doom_9_2():
    """doom 9.2: floor tile layer -> floor squares; walls on every floor/non-floor edge except
    doors and connectors; doors as 2 unit edges; props; figures."""
    b = load_board(MAPS / "doom" / "sample_room.tmx")
    g = b.grid
    assert b.kind == "grid" and (g.cols, g.rows) == (16, 12)
    assert len(g.floor) == 6 * 6 + 4 * 2 + 4 * 9
    assert (0, 0) not in g.floor and (1, 1) in g.floor
    door = b.door("door_b")
    assert door.closed and door.properties == {"door_type": "ordinary"}
    assert b.door_edges(door) == {((11, 3), (11, 4)), ((11, 4), (11, 5))}
    assert not b.door_edges(door) & g.wall_edges  # a door is not a wall: it opens
    connector = b.connectors_of("connector")[0]
    assert ((12, 10), (13, 10)) not in g.wall_edges and ((13, 10), (14, 10)) not in g.wall_edges
    assert ((14, 10), (15, 10)) in g.wall_edges
    assert connector.segment == Segment((F(768), F(640)), (F(896), F(640)))
    assert ((1, 1), (2, 1)) in g.wall_edges  # room_a's north wall
    assert ((4, 1), (4, 2)) in g.wall_edges and ((4, 2), (4, 3)) in g.wall_edges  # interior wall
    assert ((7, 3), (7, 4)) not in g.wall_edges  # room_a opens into the corridor
    assert g.blocking == {(2, 4), (13, 6)}
    assert {m.kind for m in b.markers} == {"obstacle", "barrel", "hazard", "equipment", "figure"}
    shotgun = next(m for m in b.markers if m.kind == "equipment")
    assert shotgun.properties == {"cell": (5, 5), "variant": "shotgun", "count": 1} and shotgun.area == "room_a"
    imp = b.markers_of("figure")[0]
    assert imp.properties["type"] == "imp" and imp.properties["cell"] == (13, 2) and imp.area == "room_b"
    assert b.areas["room_a"].properties["start_zone"] is True
    assert b.areas["corridor"].polygon == ((F(448), F(192)), (F(704), F(192)), (F(704), F(320)), (F(448), F(320)))


def test_blocking_segments_include_walls_closed_doors_and_map_outline_gears_3_2():
    """gears 3.2: walls block, closed doors (proposed) block, the map edge blocks."""
    b = load_board(MAPS / "gears" / "sample_1A.tmx")
    segs = set(b.blocking_segments())
    assert set(b.wall_segments()) <= segs
    outline = set(b.outline_segments())
    # The tile's outer rectangle is the outline; inner borders are not.
    assert Segment((F(0), F(0)), (F(256), F(0))) in outline
    assert not any(s.a[0] == 288 and s.a[1] == 224 and s.b == (F(512), F(224)) for s in outline)
    total = sum(abs(s.b[0] - s.a[0]) + abs(s.b[1] - s.a[1]) for s in outline)
    assert total == 2 * (768 + 512)


def test_doors_closed_by_default_and_openable_by_name(write_map):
    """gears 3.2 (proposed): a closed door blocks; the rules pass the live door state."""
    door = (
        '  <object id="5" name="gate" x="128" y="0"><properties><property name="state" value="closed"/>'
        '</properties><polyline points="0,0 0,128"/></object>\n'
    )
    areas = AREA_A + '  <object id="2" name="b" x="128" y="0"><polygon points="0,0 128,0 128,128 0,128"/></object>\n'
    b = load_board(write_map(layer("areas", areas) + layer("doors", door, 3)))
    gate = Segment((F(128), F(0)), (F(128), F(128)))
    assert gate in b.blocking_segments()
    assert gate not in b.blocking_segments(closed_doors=())
    assert b.closed_door_names() == {"gate"}
    with pytest.raises(KeyError, match="no door named 'gat'"):
        b.blocking_segments(closed_doors=["gat"])


# --- exact coordinates, shapes, rotation --------------------------------------------------------


def test_decimal_coordinates_are_exact(write_map):
    """Coordinates are read from the decimal text, not through floats (model.point)."""
    body = '  <object id="1" name="a" x="10.1" y="0.2"><polygon points="0,0 100.7,0 100.7,50.3"/></object>\n'
    b = load_board(write_map(layer("areas", body)))
    assert b.areas["a"].polygon == (
        (F("10.1"), F("0.2")),
        (F("110.8"), F("0.2")),
        (F("110.8"), F("50.5")),
    )


def test_rectangle_becomes_four_point_polygon(write_map):
    body = '  <object id="1" name="r" x="64" y="32" width="128" height="64"/>\n'
    b = load_board(write_map(layer("areas", body)))
    assert b.areas["r"].polygon == ((64, 32), (192, 32), (192, 96), (64, 96))


def test_quarter_turn_rotation_is_applied_exactly(write_map):
    """Tiled rotates clockwise about the object's origin; 90 degrees maps (w, 0) to (0, w)."""
    body = '  <object id="1" name="r" x="128" y="0" width="64" height="32" rotation="90"/>\n'
    b = load_board(write_map(layer("areas", body)))
    assert b.areas["r"].polygon == ((128, 0), (128, 64), (96, 64), (96, 0))


def test_area_polygons_may_be_drawn_either_way_round(write_map):
    body = '  <object id="1" name="a" x="0" y="0"><polygon points="0,0 0,128 128,128 128,0"/></object>\n'
    b = load_board(write_map(layer("areas", body)))
    assert b.area_at((F(5), F(5))) == "a"


# --- broken maps: one clear line naming the file and the object ---------------------------------

BROKEN = [
    ("bad_xml.tmx", "map: bad XML at line 30, column 2"),
    ("missing_tileset.tmx", "map: tileset ../nowhere/missing.tsx not found"),
    ("open_area.tmx", "object b (id 2): is a polyline on layer areas; this layer takes polygon or rectangle objects"),
    ("unknown_layer_property.tmx", "layer areas: unknown property 'colour'"),
    ("unknown_object_property.tmx", "object crate (id 4): unknown property 'arows' (known: area, arrows)"),
    ("unknown_layer.tmx", "layer wals: unknown layer for a gears map"),
    ("self_intersecting_area.tmx", "object b (id 2): polygon is self-intersecting"),
    ("two_point_area.tmx", "object b (id 2): polygon has 2 point(s), needs at least 3"),
    ("zero_area.tmx", "object b (id 2): polygon has zero area"),
    ("cover_outside_area.tmx", "object crate (id 4): point (192,64) is not inside its area 'a'"),
    ("duplicate_area.tmx", "object a (id 2): area name 'a' is already used by object a (id 1)"),
    ("unknown_area_reference.tmx", "object hole (id 5): refers to unknown area 'c'"),
    ("rotated_object.tmx", "object b (id 2): is rotated by 30 degrees"),
    ("missing_title.tmx", "map: missing required property 'title'"),
    ("bad_arrow.tmx", "object crate (id 4): arrow angle 30 is not a multiple of 45 degrees"),
    ("doom_offgrid_wall.tmx", "object slanted (id 4): wall segment (32,0)-(32,64) does not lie on grid lines"),
]


@pytest.mark.parametrize("name, expected", BROKEN)
def test_broken_map_gives_one_clear_line(name, expected):
    """Bad input gives a message naming the file and the object, never a traceback."""
    message = load_error(DATA / name)
    first = message.splitlines()[0]
    assert first.startswith(f"{DATA / name}: ")
    assert expected in first
    assert "Traceback" not in message


def test_broken_area_does_not_cascade_into_reference_errors():
    """An invalid area is reported once; objects naming it are not reported as well."""
    message = load_error(DATA / "self_intersecting_area.tmx")
    assert len(message.splitlines()) == 1


def test_missing_file_and_non_map_file(tmp_path):
    assert load_error(tmp_path / "nope.tmx") == f"{tmp_path / 'nope.tmx'}: map: file not found"
    other = tmp_path / "x.tmx"
    other.write_text("<tileset/>")
    assert "not a Tiled map" in load_error(other)


@pytest.mark.parametrize(
    "body, expected",
    [
        ('  <object id="7" name="e" x="5" y="5"><ellipse/></object>\n', "is a ellipse on layer areas"),
        ('  <object id="7" name="t" x="5" y="5" gid="1" width="64" height="64"/>\n', "is a tile on layer areas"),
        ('  <object id="7" x="0" y="0"><polygon points="0,0 64,0 64,64"/></object>\n', "object <unnamed> (id 7): area needs a name"),
        (
            '  <object id="7" name="a" x="0" y="0"><properties><property name="equipment" value="yes"/></properties>'
            '<polygon points="0,0 64,0 64,64"/></object>\n',
            "property equipment must be of type bool (it is string)",
        ),
    ],
)
def test_object_shape_and_property_type_errors(write_map, body, expected):
    assert expected in load_error(write_map(layer("areas", body)))


def test_layer_of_the_wrong_kind(write_map):
    text = ' <layer id="9" name="areas" width="4" height="2"><data encoding="csv">\n0,0,0,0,\n0,0,0,0\n</data></layer>\n'
    assert "layer areas: must be an object layer" in load_error(write_map(text))


def test_doom_map_needs_figure_type_and_known_prop_kinds(write_map):
    areas = layer("areas", '  <object id="1" name="r" x="0" y="0" width="256" height="128"/>\n')
    props = layer(
        "props",
        '  <object id="2" name="p" x="32" y="32"><properties><property name="kind" value="barell"/></properties><point/></object>\n'
        '  <object id="3" name="q" x="64" y="32"><properties><property name="kind" value="obstacle"/></properties><point/></object>\n',
        3,
    )
    figures = layer("figures", '  <object id="4" name="f" x="96" y="96"><point/></object>\n', 4)
    message = load_error(write_map(areas + props + figures, title="doom"))
    lines = message.splitlines()
    assert any("object p (id 2): unknown prop kind 'barell'" in line for line in lines)
    assert any("object q (id 3): point (64,32) lies on a grid line" in line for line in lines)
    assert any("object f (id 4): a figure needs its monster type in the Class field" in line for line in lines)


def test_all_problems_of_a_file_are_reported_together(write_map):
    body = (
        '  <object id="1" name="a" x="0" y="0"><polygon points="0,0 64,0"/></object>\n'
        '  <object id="2" name="b" x="0" y="0"><properties><property name="colour" value="x"/></properties>'
        '<polygon points="64,0 128,0 128,64"/></object>\n'
    )
    lines = load_error(write_map(layer("areas", body))).splitlines()
    assert len(lines) == 2
    assert any("object a (id 1): polygon has 2 point(s)" in line for line in lines)
    assert any("object b (id 2): unknown property 'colour'" in line for line in lines)


def test_floors_tileset_has_the_agreed_layout():
    """maps/tilesets/floors.tsx: 64x64 tiles, 8 columns, 32 tiles, image 512x256 (docs/MAPS.md)."""
    from xml.etree import ElementTree

    root = ElementTree.parse(MAPS / "tilesets" / "floors.tsx").getroot()
    assert (root.get("tilewidth"), root.get("tileheight"), root.get("columns"), root.get("tilecount")) == ("64", "64", "8", "32")
    image = root.find("image")
    assert (image.get("source"), image.get("width"), image.get("height")) == ("../../assets/tiles/floors.png", "512", "256")
    for tmx in MAPS.rglob("*.tmx"):
        if tmx.stem.endswith("_layout"):
            continue  # a table's zones (maps/convoy/table_layout.tmx): no tiles, no tileset
        ts = ElementTree.parse(tmx).getroot().find("tileset")
        # Level 7 tiles have their own tileset (docs/MAPS.md "Level 7")
        own = "level7.tsx" if tmx.relative_to(MAPS).parts[0] == "level7" else "floors.tsx"
        assert (tmx.parent / ts.get("source")).resolve() == (MAPS / "tilesets" / own).resolve(), tmx
