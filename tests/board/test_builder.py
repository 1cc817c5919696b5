"""The builder model (game/board/builder.py) and `python -m game build-map`.

Pieces come from fixed files (maps/gears/sample_1A.tmx, maps/doom/sample_room.tmx) so the tests
do not move while the 34 Gears faces are being authored.
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from game.board.build_commands import build_map_main
from game.board.builder import Builder, BuildError, PieceLibrary
from game.board.compose import place_at_exit
from game.board.tmx import load_board

ROOT = Path(__file__).resolve().parents[2]
GEARS_TILE = ROOT / "maps" / "gears" / "sample_1A.tmx"
DOOM_ROOM = ROOT / "maps" / "doom" / "sample_room.tmx"


@pytest.fixture(scope="module")
def gears_lib():
    lib, problems = PieceLibrary.from_paths([GEARS_TILE])
    assert problems == [] and lib.keys() == ["1A"]
    return lib


@pytest.fixture(scope="module")
def doom_lib():
    lib, problems = PieceLibrary.from_paths([DOOM_ROOM])
    assert problems == []
    return lib


def chain(lib, n: int) -> Builder:
    """n copies of tile 1A, each dropped roughly beside the previous one's exit."""
    b = Builder(lib, "gears")
    b.add("1A", 0, 0)
    for _ in range(n - 1):
        last = b.state.placements[-1]
        b.add("1A", last.x + 770, last.y + 120)
    return b


def test_snap_lays_entrance_on_exit_like_compose_gears_3_4(gears_lib):
    """gears 3.4: the entrance goes against the previous exit; same answer as compose.place_at_exit."""
    b = chain(gears_lib, 2)
    second = b.placement("1A_2")
    tile = load_board(GEARS_TILE)
    want = place_at_exit(tile, "exit", tile, "x")
    assert (second.x, second.y, second.rotation) == (want.offset[0], want.offset[1], want.rotation)
    assert b.connectors_free(b.state.placements) and len(b.compose_all().joined_connectors()) == 1


def test_snap_turns_a_piece_to_meet_an_exit_gears_3_7(gears_lib):
    b = Builder(gears_lib, "gears")
    b.add("1A", 0, 0)
    name = b.add("1A", 770, 120, rotation=180)  # dropped upside down near the exit
    p = b.placement(name)
    assert p.rotation == 0 and (p.x, p.y) == (768, 128)


def test_far_drop_only_aligns_to_the_grid(gears_lib):
    b = Builder(gears_lib, "gears")
    b.add("1A", 0, 0)
    name = b.add("1A", 3000.4, 2010)
    p = b.placement(name)
    assert (p.x, p.y) == (Fraction(3008), Fraction(1984))


def test_rotate_four_times_and_flip_twice_return_to_start(gears_lib):
    b = Builder(gears_lib, "gears")
    b.add("1A", 640, 640, snap=False)
    start = b.placement("1A")
    for _ in range(4):
        b.rotate("1A")
    assert b.placement("1A") == start
    b.rotate("1A")
    assert b.placement("1A").rotation == 90
    turned = b.placement("1A")
    b.flip("1A", "h")
    assert b.placement("1A") != turned
    b.flip("1A", "h")
    assert b.placement("1A") == turned


def test_r_and_f_turn_and_flip_a_joined_tile(gears_lib):
    """R and F on a tile laid on another's exit did nothing: the turned tile was snapped again
    with every rotation tried, which turned it back onto the joint. They turn and flip it where
    it lies (about its centre); validation then shows the joint left open."""
    b = chain(gears_lib, 2)
    joined = b.placement("1A_2")
    b.rotate("1A_2")
    turned = b.placement("1A_2")
    assert turned.rotation == (joined.rotation + 90) % 360
    assert b.undo() and b.placement("1A_2") == joined
    b.flip("1A_2", "h")
    assert b.placement("1A_2") != joined and b.placement("1A_2").rotation == joined.rotation


def test_flip_on_a_turned_piece_mirrors_it_on_screen(gears_lib):
    """A left-right flip on screen keeps the piece's top edge on top, whatever its rotation."""
    b = Builder(gears_lib, "gears")
    b.add("1A", 0, 0, rotation=90, snap=False)
    before = b.placed(b.placement("1A"))
    b.flip("1A", "h")
    after = b.placed(b.placement("1A"))
    x0, y0, w, h = b.rect_of(b.placement("1A"))
    for name, area in before.areas.items():
        mirrored = sorted((x0 + w - float(x) + x0, float(y)) for x, y in area.polygon)
        assert sorted((float(x), float(y)) for x, y in after.areas[name].polygon) == mirrored


def test_every_edit_undoes_and_redoes(gears_lib):
    b = Builder(gears_lib, "gears")
    states = [b.state]
    b.add("1A", 0, 0); states.append(b.state)
    b.add("1A", 770, 120); states.append(b.state)
    b.move("1A_2", 1600, 900); states.append(b.state)
    b.rotate("1A_2"); states.append(b.state)
    b.flip("1A_2"); states.append(b.state)
    b.toggle_door("1A:exit"); states.append(b.state)
    b.delete("1A_2"); states.append(b.state)
    for want in reversed(states[:-1]):
        assert b.undo() and b.state == want
    assert not b.undo()
    for want in states[1:]:
        assert b.redo() and b.state == want
    assert not b.redo()


def test_bad_edits_raise_build_error(gears_lib, doom_lib):
    b = Builder(gears_lib, "gears")
    with pytest.raises(BuildError, match="no map piece"):
        b.add("99Z")
    with pytest.raises(BuildError, match="rotation"):
        b.add("1A", rotation=45)
    with pytest.raises(BuildError, match="no placed piece"):
        b.rotate("nothing")
    b.add("1A")
    with pytest.raises(BuildError, match="no exit"):
        b.toggle_door("1A:entrance")
    with pytest.raises(BuildError, match="doom piece"):
        Builder(doom_lib, "gears").add("sample_room")


def kinds(b: Builder) -> set[str]:
    return {i.kind for i in b.validate().issues}


def test_validation_overlap_and_open_exit_gears_3_1_3_4(gears_lib):
    b = Builder(gears_lib, "gears")
    assert kinds(b) == {"empty"}
    b.add("1A", 0, 0)
    assert "exit_without_door" in kinds(b)
    b.toggle_door("1A:exit")
    assert b.validate().errors == []
    b.add("1A", 256, 128, snap=False)
    v = b.validate()
    overlap = [i for i in v.issues if i.kind == "overlap"]
    assert len(overlap) == 1 and overlap[0].pieces == ("1A", "1A_2") and overlap[0].at is not None


def test_validation_unreachable_and_open_entrance(gears_lib):
    """A tile left apart: its entrance is open and its areas cannot be reached (check-map)."""
    b = Builder(gears_lib, "gears")
    b.add("1A", 0, 0)
    b.add("1A", 0, 1024)
    v = b.validate()
    got = {i.kind for i in v.issues}
    assert {"open_connector", "unreachable", "exit_without_door"} <= got
    unreachable = [i for i in v.issues if i.kind == "unreachable"]
    assert all(i.at is not None and i.at[1] > 1024 for i in unreachable)


def test_validation_no_start_zone_is_no_entrance_doom_9_2(tmp_path):
    """A Doom map without a start zone has no entrance (check-map: start_zone)."""
    p = tmp_path / "nostart.tmx"
    text = DOOM_ROOM.read_text().replace('name="start_zone" type="bool" value="true"', 'name="start_zone" type="bool" value="false"')
    p.write_text(text.replace("../tilesets/", str(ROOT / "maps" / "tilesets") + "/"))
    lib, _ = PieceLibrary.from_paths([p])
    b = Builder(lib, "doom")
    b.add("nostart", 0, 0)
    issues = [i for i in b.validate().issues if i.kind == "no_entrance"]
    assert len(issues) == 1 and "No start zone" in str(issues[0].message)  # in words, not "start_zone = true"


def test_validation_doom_open_connector_doom_9_2(doom_lib):
    b = Builder(doom_lib, "doom")
    b.add("sample_room", 0, 0)
    assert kinds(b) == {"open_connector", "no_objective"}  # issue 13 item 6: a map needs an objective
    b.add("sample_room", 600, 540, rotation=180)
    assert b.placement("sample_room_2").y == 512
    assert kinds(b) == {"no_objective"}  # the two connectors met: nothing left open
    room_b = b.placed(b.placement("sample_room_2"))
    cell = next(c for c in sorted(room_b.grid.floor) if room_b.cell_area(c) == "sample_room_2:room_b")
    b.place_item("objective", cell)
    assert kinds(b) == set()


def test_validation_of_a_12_piece_chain(gears_lib):
    """Every joint of a straight 12-piece chain is joined; only the last exit lacks a door."""
    b = chain(gears_lib, 12)
    assert len(b.compose_all().joined_connectors()) == 11
    v = b.validate()
    assert {i.kind for i in v.errors} == {"exit_without_door"}


# --- build-map ---------------------------------------------------------------------------------


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "script.toml"
    p.write_text(text)
    return p


def maps_dir(tmp_path: Path) -> Path:
    """A maps folder holding only the stable sample pieces."""
    d = tmp_path / "maps"
    (d / "gears").mkdir(parents=True)
    (d / "doom").mkdir()
    (d / "tilesets").mkdir()
    (d / "tilesets" / "floors.tsx").write_text((ROOT / "maps" / "tilesets" / "floors.tsx").read_text().replace("../../assets", str(ROOT / "assets")))
    (d / "gears" / "sample_1A.tmx").write_text(GEARS_TILE.read_text())
    (d / "doom" / "sample_room.tmx").write_text(DOOM_ROOM.read_text())
    return d


def test_build_map_gears_script_passes_check_map(tmp_path, capsys):
    script = write(tmp_path, """
title = "gears"
name = "Two plazas"
doors_on_open_exits = true
[[piece]]
piece = "1A"
cell = [0, 0]
[[piece]]
piece = "1A"
x = 780
y = 140
""")
    out = tmp_path / "out" / "two.tmx"
    code = build_map_main([str(script), "--out", str(out), "--maps", str(maps_dir(tmp_path))])
    text = capsys.readouterr().out
    assert code == 0, text
    assert "saved, ok (2 pieces)" in text
    board = load_board(out)
    assert len(board.areas) == 2 * len(load_board(GEARS_TILE).areas)
    assert len(board.joined_connectors()) == 1 and len(board.connectors_of("entrance")) == 2 and board.doors


def test_build_map_doom_script(tmp_path, capsys):
    script = write(tmp_path, """
title = "doom"
[[piece]]
piece = "sample_room"
[[piece]]
piece = "sample_room.tmx"
cell = [10, 8]
rotation = 180
[[item]]
kind = "objective"
cell = [11, 10]
""")
    out = tmp_path / "doom.tmx"
    code = build_map_main([str(script), "--out", str(out), "--maps", str(maps_dir(tmp_path))])
    assert code == 0, capsys.readouterr()
    assert load_board(out).grid is not None


@pytest.mark.parametrize("body, message", [
    ('title = "chess"', "title must be"),
    ('title = "gears"\n[[piece]]\npiece = "7Q"', "no map piece '7Q'"),
    ('title = "gears"\n[[piece]]\npiece = "1A"\nrotate = 90', "unknown key 'rotate'"),
    ('title = "gears"\n[[piece]]\npiece = "1A"\nrotation = 45', "rotation must be"),
    ('title = "gears"\nsize = "huge"\n[[piece]]\npiece = "1A"', "size must be"),
    ('title = "gears"\n[[piece]]\npiece = "1A"\n[[piece]]\npiece = "1A"\nname = "1A"', "must be unique"),
    ("title = ", "bad TOML"),
])
def test_build_map_bad_scripts_give_one_clear_line(tmp_path, capsys, body, message):
    script = write(tmp_path, body)
    code = build_map_main([str(script), "--out", str(tmp_path / "x.tmx"), "--maps", str(maps_dir(tmp_path))])
    err = capsys.readouterr().err
    assert code == 2
    assert message in err and str(script) in err and "Traceback" not in err


def test_build_map_overlap_is_reported_not_saved(tmp_path, capsys):
    script = write(tmp_path, 'title = "gears"\n[[piece]]\npiece = "1A"\n[[piece]]\npiece = "1A"\nx = 128\nsnap = false')
    out = tmp_path / "x.tmx"
    code = build_map_main([str(script), "--out", str(out), "--maps", str(maps_dir(tmp_path))])
    captured = capsys.readouterr()
    assert code == 1 and not out.exists()
    assert "overlap" in captured.out and "not saved" in captured.err


def test_build_map_usage():
    assert build_map_main([]) == 2
    assert build_map_main(["--help"]) == 0


def test_a_piece_left_apart_names_its_areas_in_words(gears_lib):
    """A tile left apart in the builder: "5 areas of piece 1B cannot be reached by movement
    (lift_cage, ore_gallery, junction, ...)" named the areas by their ids (Mine Junction, seen in
    the real window); the table names them "Lift cage", "Ore gallery". The builder says them as
    the table does: the area's Tiled label, else its name in words."""
    from game.engine.text import as_text

    b = Builder(gears_lib, "gears")
    b.add("1A", 0, 0)
    b.add("1A", 0, 1024)
    grouped = [as_text(i.message) for i in b.validate().issues
               if i.kind == "unreachable" and "areas of piece" in as_text(i.message)]
    assert grouped
    for text in grouped:
        names = text[text.index("movement (") + len("movement ("):].removesuffix(", ...)").split(", ")
        assert len(names) == 3 and all("_" not in n and n[:1].isupper() for n in names), text


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_the_builder_names_gears_tiles_and_areas_in_the_language(lang):
    """The palette read "Ossuary", "Fountain Square" and a tile left apart "(Ossuary steps, Bone
    chute, ...)" in a Hungarian or Greek builder: our tiles' and areas' names are translated
    (game/gears/rules/names.py place, extracted from maps/gears/tiles), as the table names them."""
    from game import i18n
    from game.engine.text import as_text
    from game.gears.rules.names import place
    from game.ui.builder.draw import piece_name

    tiles = sorted((ROOT / "maps" / "gears" / "tiles").glob("*.tmx"))
    lib, problems = PieceLibrary.from_paths(tiles)
    assert problems == []
    i18n.set_language(lang)
    try:
        assert piece_name(lib["3B"]) == place("Ossuary") != "Ossuary"
        b = Builder(lib, "gears")
        b.add("1A", 0, 0)
        b.add("3B", 0, 1024)
        grouped = [as_text(i.message) for i in b.validate().issues if i.kind == "unreachable" and i.pieces == ("3B",)]
        assert len(grouped) == 1
        names = grouped[0][grouped[0].rindex(" (") + 2:].removesuffix(", ...)").split(", ")
        ours = {place(a.words) for a in lib["3B"].board.areas.values()}
        english = {a.words for a in lib["3B"].board.areas.values()}
        assert len(names) == 3 and set(names) <= ours and not set(names) & english, names
    finally:
        i18n.set_language("en")
