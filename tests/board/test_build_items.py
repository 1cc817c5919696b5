"""Doom build items (issue 13 item 6): doors, props, figures, start zone and objective placed on
a build, refused where the rules say they cannot lie, validated live, written as docs/MAPS.md's
objects and read back by the ordinary loaders."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.board.builder import Builder, BuildError, PieceLibrary
from game.board.commands import check_map
from game.board.tmx import load_board
from game.board.tmx_write import load_build, save_build

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def library():
    lib, problems = PieceLibrary.for_title("doom", ROOT / "maps")
    assert problems == []
    return lib


def two_pieces(library) -> Builder:
    """start_room (squares 0-3 x 0-3, start zone) and a 6x2 corridor joined at its east
    connector: the corridor covers squares 4-9 x 1-2; the joint is the edge x = 4, rows 1-2."""
    b = Builder(library, "doom")
    b.add("start_room", 0, 0)
    b.add("corridor_straight", 250, 70)  # snapped onto the start room's east connector
    assert b.placement("corridor_straight").x == 256 and b.placement("corridor_straight").y == 64
    return b


def kinds(b: Builder) -> set[str]:
    return {i.kind for i in b.validate().errors}


def test_a_door_goes_only_on_an_edge_between_floor_squares_spec_3_2(library):
    b = two_pieces(library)
    with pytest.raises(BuildError, match="4 flanking squares must be floor"):
        b.place_item("door", (2, 0), "ordinary")  # the room's north wall: nothing beyond it
    with pytest.raises(BuildError, match="4 flanking squares must be floor"):
        b.place_item("door", (4, 1), "ordinary", vertical=True)  # one square of it over the wall
    name = b.place_item("door", (4, 2), "ordinary", vertical=True)  # on the joint
    with pytest.raises(BuildError, match="already a door"):
        b.place_item("door", (4, 2), "security:red", vertical=True)
    with pytest.raises(BuildError, match="ordinary or security"):
        b.place_item("door", (6, 2), "security", vertical=True)
    door = b.compose_all().doors[-1]
    assert door.name == name and door.closed and door.properties == {"door_type": "ordinary"}


def test_props_and_figures_go_on_free_floor_squares(library):
    b = two_pieces(library)
    b.place_item("prop", (6, 1), "barrel")
    with pytest.raises(BuildError, match="already a marker"):
        b.place_item("prop", (6, 1), "hazard")
    with pytest.raises(BuildError, match="already a marker"):
        b.place_item("prop", (0, 0), "hazard")  # the start room's own ammo
    with pytest.raises(BuildError, match="cannot stand on an obstacle or barrel"):
        b.place_item("figure", (6, 1), "imp")
    with pytest.raises(BuildError, match="floor square"):
        b.place_item("figure", (6, 5), "imp")
    with pytest.raises(BuildError, match="Unknown prop kind"):
        b.place_item("prop", (7, 1), "crate")
    with pytest.raises(BuildError, match="1 to 3 marines"):
        b.place_item("figure", (7, 1), "imp", min_marines=4)
    b.footprint = lambda monster, cell: [(cell[0] + dx, cell[1] + dy) for dx in (0, 1) for dy in (0, 1)]
    with pytest.raises(BuildError, match="4 squares"):
        b.place_item("figure", (9, 1), "hell_knight")  # a 2x2 figure hanging off the corridor's end


def test_live_validation_start_zone_objective_and_items_left_on_no_floor(library):
    b = two_pieces(library)
    assert "no_objective" in kinds(b)
    b.place_item("objective", (8, 1))
    assert kinds(b) == set()
    b.place_item("objective", (1, 1))  # moved into the start zone: the marines would win at once
    assert any("objective is in the start zone" in i.message for i in b.validate().errors)
    b.place_item("objective", (8, 1))
    b.place_item("prop", (9, 2), "key:red")
    b.move("corridor_straight", 256, 640, snap=False)  # the corridor goes; the key stays behind
    messages = [i.message for i in b.validate().errors]
    assert any(m.startswith("Key (red): A prop goes on a floor square") for m in messages)  # by what it is, not "prop_1"
    assert any("cannot be reached" in m for m in messages)  # check-map: every square from the start zone


def test_a_start_zone_needs_a_square_for_each_marine_spec_4(library):
    b = Builder(library, "doom")
    b.add("start_room", 0, 0)
    b.add("corridor_straight", 250, 70)
    b.place_item("objective", (8, 1))
    b.place_item("start", (5, 1))  # the corridor's 12 squares become the start zone
    areas = b.validate().board.areas
    assert [n for n, a in areas.items() if a.properties.get("start_zone")] == ["corridor_straight:corridor"]
    for i, cell in enumerate([(4, 1), (5, 1), (6, 1), (7, 1), (8, 2), (9, 1), (9, 2), (4, 2), (5, 2), (6, 2)]):
        b.place_item("prop", cell, "obstacle")
    small = [i for i in b.validate().errors if i.kind == "start_small"]
    assert small and "2 free squares" in small[0].message  # (7, 2) and (8, 1)


def full_build(library) -> Builder:
    b = two_pieces(library)
    b.place_item("door", (4, 2), "ordinary", vertical=True)
    b.place_item("door", (7, 2), "security:blue", vertical=True)
    b.place_item("prop", (6, 1), "barrel")
    b.place_item("prop", (5, 2), "key:blue")
    b.place_item("figure", (8, 1), "imp", min_marines=2)
    b.place_item("objective", (9, 2))
    b.place_item("start", (1, 1))
    return b


def test_items_are_written_as_a_hand_made_doom_map_has_them_docs_maps(library, tmp_path):
    """docs/MAPS.md: doors on `edges`, props on `props`, figures with their Class and
    min_marines on `figures`, start_zone and objective on the areas; check-map passes, pytmx
    (what Tiled writes and reads) opens it, and loading it back gives the same items and file."""
    import pytmx

    b = full_build(library)
    assert b.validate().errors == []
    out = tmp_path / "built.tmx"
    save_build(b, out)
    assert check_map(str(out)) == []
    board = load_board(out)
    doors = {d.name: d for d in board.doors}
    assert set(doors) == {"D1", "D2"}
    assert board.door_edges(doors["D1"]) == {((4, 1), (4, 2)), ((4, 2), (4, 3))}
    assert doors["D2"].properties == {"door_type": "security", "key": "blue"}
    marks = {m.name: m for m in board.markers}
    assert marks["prop_1"].kind == "barrel" and marks["prop_1"].properties["cell"] == (6, 1)
    assert marks["prop_2"].kind == "key" and marks["prop_2"].properties["variant"] == "blue"
    fig = marks["figure_1"]
    assert fig.kind == "figure" and fig.properties == {"type": "imp", "cell": (8, 1), "min_marines": 2}
    assert board.areas["corridor_straight:corridor"].properties.get("objective") is True
    assert [n for n, a in board.areas.items() if a.properties.get("start_zone")] == ["start_room:start"]
    tiled = pytmx.TiledMap(str(out))
    by_layer = {layer.name: [o.name for o in layer] for layer in tiled.objectgroups}
    assert {"D1", "D2"} <= set(by_layer["edges"]) and by_layer["figures"] == ["figure_1"]
    figure = next(o for o in tiled.objectgroups if o.name == "figures")[0]
    assert figure.type == "imp" and figure.properties["min_marines"] == 2
    loaded = load_build(out, library)
    assert loaded.as_pieces and loaded.problems == []
    assert [(i.kind, i.cell, i.value) for i in loaded.builder.state.items if i.kind in ("door", "prop", "figure")] == \
        [(i.kind, i.cell, i.value) for i in b.state.items if i.kind in ("door", "prop", "figure")]
    again = tmp_path / "again.tmx"
    save_build(loaded.builder, again)
    assert again.read_text() == out.read_text()


def test_a_start_zone_placed_elsewhere_replaces_the_pieces_own(library, tmp_path):
    b = full_build(library)
    b.place_item("objective", (2, 2))  # the objective into the start room...
    b.place_item("start", (5, 1))  # ...and the start zone into the corridor
    assert b.validate().errors == []
    out = tmp_path / "swapped.tmx"
    save_build(b, out)
    areas = load_board(out).areas
    assert [n for n, a in areas.items() if a.properties.get("start_zone")] == ["corridor_straight:corridor"]
    assert areas["start_room:start"].properties.get("objective") is True
    loaded = load_build(out, library)
    assert loaded.as_pieces and {i.kind for i in loaded.builder.state.items} >= {"start", "objective"}


def test_a_map_made_in_tiled_keeps_its_names_new_things_take_others(tmp_path):
    """A map loaded as one fixed piece keeps its objects' names; a new thing is named so that
    door and object names stay unique (docs/MAPS.md)."""
    text = (ROOT / "maps" / "doom" / "sample_room.tmx").read_text().replace('name="crate"', 'name="prop_1"')
    path = tmp_path / "made_in_tiled.tmx"
    path.write_text(text.replace("../tilesets/", str(ROOT / "maps" / "tilesets") + "/"))
    loaded = load_build(path, maps_dir=ROOT / "maps")
    assert not loaded.as_pieces
    b = loaded.builder
    board = b.validate().board
    crate = next(m for m in board.markers if m.name.endswith(":prop_1"))  # unprefixed when written
    free = next(c for c in sorted(board.grid.floor) if c != crate.properties["cell"]
                and not any(m.properties.get("cell") == c for m in board.markers))
    assert b.place_item("prop", free, "hazard") == "prop_2"
    out = tmp_path / "saved.tmx"
    save_build(b, out)
    assert check_map(str(out)) == []  # names unique: no duplicate object names
