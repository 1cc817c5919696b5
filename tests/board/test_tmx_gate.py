"""game/board/tmx_gate.py: hostile Tiled files give one clean MapError line each (issue 22).

Every example is built here, and none may hang, run out of memory or raise anything but
MapError; the lines name the file, the object (name and id) or layer, and the line."""
from __future__ import annotations

import base64
import gzip
import zlib

import pytest

from game.board.model import MapError
from game.board.tmx import load_board
from game.board.tmx_gate import LIMITS, exact_number
from tests.board.conftest import MAPS, TILESET, tmx_text

AREA = '  <object id="1" name="a" x="0" y="0"><polygon points="0,0 128,0 128,128 0,128"/></object>\n'


def layer(name: str, body: str, lid: int = 2) -> str:
    return f' <objectgroup id="{lid}" name="{name}">\n{body} </objectgroup>\n'


def problems(path) -> list[str]:
    with pytest.raises(MapError) as info:
        load_board(path)
    lines = list(info.value.problems)
    for line in lines:
        assert line.startswith(f"{path}: ") and "\n" not in line
    return lines


def one(path, expected: str) -> str:
    lines = problems(path)
    assert any(expected in line for line in lines), lines
    return next(line for line in lines if expected in line)


def test_gid_outside_the_tileset_names_layer_and_cell(tmp_path):
    text = tmx_text(layer("areas", AREA)).replace("1,1,1,1,\n1,1,1,1", "1,1,1,1,\n1,1,99,1")
    (tmp_path / "m.tmx").write_text(text)
    line = one(tmp_path / "m.tmx", "layer floor: cell 2,1: gid 99 is in no tileset (the tilesets cover 1-32)")
    assert line.endswith(")") and "(line " in line


def test_negative_gid_is_an_error_naming_layer_and_cell(tmp_path):
    text = tmx_text(layer("areas", AREA)).replace("1,1,1,1,\n1,1,1,1", "1,-1,1,1,\n1,1,1,1")
    (tmp_path / "m.tmx").write_text(text)
    one(tmp_path / "m.tmx", "layer floor: data cell 1: '-1' is not a tile gid")


def test_layer_data_length_must_be_width_times_height(tmp_path):
    text = tmx_text(layer("areas", AREA)).replace("1,1,1,1,\n1,1,1,1", "1,1,1,1,\n1,1,1")
    (tmp_path / "m.tmx").write_text(text)
    one(tmp_path / "m.tmx", "layer floor: data has 7 cells of data; width*height is 8")


def test_object_id_must_be_a_number(write_map):
    body = AREA.replace('id="1"', 'id="two"')
    one(write_map(layer("areas", body)), "object a (id 'two'): id must be a whole number, not 'two' (line 17)")


def test_duplicate_object_ids_are_an_error(write_map):
    body = AREA + '  <object id="1" name="b" x="128" y="0"><polygon points="0,0 128,0 128,128 0,128"/></object>\n'
    one(write_map(layer("areas", body)), "object b (id 1): id 1 is already used by object a (id 1)")


def test_two_doors_with_the_same_name(write_map):
    doors = layer(
        "doors",
        '  <object id="5" name="gate" x="0" y="0"><polyline points="0,0 0,64"/></object>\n'
        '  <object id="6" name="gate" x="0" y="64"><polyline points="0,0 0,64"/></object>\n',
        3,
    )
    line = one(write_map(layer("areas", AREA) + doors), "object gate (id 6): door name 'gate' is already used by object gate (id 5)")
    assert "(line " in line


def test_doom_map_tilewidth_zero(tmp_path):
    text = tmx_text(layer("areas", AREA), title="doom").replace('tilewidth="64"', 'tilewidth="0"', 1)
    (tmp_path / "m.tmx").write_text(text)
    one(tmp_path / "m.tmx", "map: tilewidth (in pixels) 0 is out of range (1 to 1024) (line 2)")


def test_huge_map_is_refused_before_its_data_is_read(tmp_path):
    text = tmx_text(layer("areas", AREA)).replace('width="4" height="2" tilewidth', 'width="100000" height="100000" tilewidth')
    (tmp_path / "m.tmx").write_text(text)
    lines = problems(tmp_path / "m.tmx")
    assert any("map: width (in tiles) 100000 is out of range (1 to 1000)" in line for line in lines)


@pytest.mark.parametrize("value, expected", [
    ("1e999999999", "x: number 1e999999999 is out of range"),
    ("1e308", "x: number 1e308 is out of range"),
    ("nan", "x: 'nan' is not a number"),
    ("inf", "x: 'inf' is not a number"),
    ("1" * 100_000, "x: number '111111111111111111111111'... (100000 characters) is too long"),
])
def test_hostile_coordinates(write_map, value, expected):
    body = AREA.replace('x="0"', f'x="{value}"', 1)
    one(write_map(layer("areas", body)), f"object a (id 1): {expected}")


def test_hostile_vertex_coordinate(write_map):
    body = AREA.replace("128,128 0,128", "128,1e999999999 0,128")
    one(write_map(layer("areas", body)), "object a (id 1): polygon point 3: number 1e999999999 is out of range")


def test_polygon_with_20000_vertices(write_map):
    points = " ".join(f"{i % 200},{i // 200}" for i in range(20_000))
    body = f'  <object id="1" name="a" x="0" y="0"><polygon points="{points}"/></object>\n'
    one(write_map(layer("areas", body)), f"object a (id 1): polygon has 20000 points (at most {LIMITS.vertices})")


def test_map_name_of_300000_characters(write_map):
    path = write_map(layer("areas", AREA))
    path.write_text(path.read_text().replace('name="name" value="t"', f'name="name" value="{"x" * 300_000}"'))
    one(path, f"map: property name is too long (300000 characters; at most {LIMITS.name})")


def test_object_name_too_long(write_map):
    body = AREA.replace('name="a"', f'name="{"n" * 5000}"')
    one(write_map(layer("areas", body)), "name is too long (5000 characters")


def _base64_layer(text: str, payload: bytes, compression: str) -> str:
    data = base64.b64encode(payload).decode()
    csv = text[text.index('<data encoding="csv">'):text.index("</data>") + len("</data>")]
    return text.replace(csv, f'<data encoding="base64" compression="{compression}">{data}</data>')


@pytest.fixture(scope="module")
def deflated_400_mb() -> bytes:
    """400 MB of zeros as one raw deflate stream (about 400 kB)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    chunk = bytes(1 << 20)
    return b"".join(packer.compress(chunk) for _ in range(400)) + packer.flush()


@pytest.mark.parametrize("compression", ["zlib", "gzip"])
def test_decompression_bomb_is_not_inflated(tmp_path, deflated_400_mb, compression):
    """Only width*height*4 bytes are ever inflated (the trailers are never reached: zeros)."""
    header = b"\x78\xda" if compression == "zlib" else b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
    packed = header + deflated_400_mb + bytes(8)
    assert len(packed) < 1 << 20
    text = _base64_layer(tmx_text(layer("areas", AREA)), packed, compression)
    (tmp_path / "m.tmx").write_text(text)
    one(tmp_path / "m.tmx", f"layer floor: data {compression} data inflates to more than width*height*4 = 32 bytes")


def test_compressed_layer_of_the_right_size_loads(tmp_path):
    gids = b"".join((1).to_bytes(4, "little") for _ in range(8))
    for compression, pack in (("zlib", zlib.compress), ("gzip", gzip.compress)):
        text = _base64_layer(tmx_text(layer("areas", AREA)), pack(gids), compression)
        (tmp_path / "m.tmx").write_text(text)
        assert load_board(tmp_path / "m.tmx").areas


def test_entity_expansion_is_refused(tmp_path):
    laughs = ('<?xml version="1.0"?>\n<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa">'
              + "".join(f'<!ENTITY {c} "{("&" + p + ";") * 10}">' for p, c in zip("abcdefgh", "bcdefghi"))
              + ']>\n<map width="1" height="1" tilewidth="64" tileheight="64">&i;</map>\n')
    (tmp_path / "m.tmx").write_text(laughs)
    one(tmp_path / "m.tmx", "map: a DOCTYPE at line 2 is not allowed")


def test_too_large_file_is_refused_without_reading_it(tmp_path, monkeypatch):
    import game.board.tmx_gate as gate

    monkeypatch.setattr(gate, "LIMITS", gate.Limits(file_bytes=100))
    path = tmp_path / "m.tmx"
    path.write_text(tmx_text(layer("areas", AREA)))
    one(path, "map: file is too large")


def test_deep_nesting_is_refused(tmp_path):
    path = tmp_path / "m.tmx"
    path.write_text("<map>" + "<g>" * 10_000 + "</g>" * 10_000 + "</map>")
    one(path, f"map: elements nested more than {LIMITS.depth} deep")


def test_tileset_tilecount_is_checked(tmp_path):
    tsx = tmp_path / "t.tsx"
    tsx.write_text(TILESET.read_text().replace('tilecount="32"', 'tilecount="1e9"'))
    text = tmx_text(layer("areas", AREA)).replace(str(TILESET), str(tsx))
    (tmp_path / "m.tmx").write_text(text)
    one(tmp_path / "m.tmx", "map: tileset")


def test_exact_numbers_still_read_exactly():
    assert exact_number("12.5") == exact_number("125e-1") == exact_number("+12.50")
    assert exact_number("0e999999999") == 0
    with pytest.raises(ValueError):
        exact_number("1_000")


def test_every_shipped_map_passes_the_gate():
    for path in sorted(MAPS.rglob("*.tmx")):
        load_board(path)


def test_object_far_off_the_map(write_map):
    """A Doom wall a million pixels long would be split into that many unit edges."""
    body = AREA.replace("128,128 0,128", "128,900000 0,128")
    one(write_map(layer("areas", body)), "object a (id 1): polygon point 3: y 900000 is far off the map (it is 128 pixels high)")


def test_points_of_all_objects_are_bounded(write_map):
    points = " ".join(f"{i},{i % 2}" for i in range(100))
    body = "".join(f'  <object id="{i}" x="0" y="0"><polyline points="{points}"/></object>\n' for i in range(1, 60))
    one(write_map(layer("walls", body, 3) + layer("areas", AREA)), f"the map has more than {LIMITS.map_vertices} points")


def test_unknown_xml_encoding(tmp_path):
    path = tmp_path / "m.tmx"
    path.write_text('<?xml version="1.0" encoding="UTF99-8"?>\n<map/>')
    one(path, "map: bad XML (unknown encoding: UTF99-8)")
