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
        if path.stem.endswith("_layout"):
            continue  # boards only (a *_layout.tmx holds a table's zones)
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


# --- tileset images (issue 22): checked from the PNG's header and chunk list, never decoded ----

FLOORS_PNG = MAPS.parent / "assets" / "tiles" / "floors.png"


def png_bytes(width: int, height: int) -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (width, height), (40, 40, 40)).save(out, format="PNG")
    return out.getvalue()


def map_with_image(tmp_path, image: bytes | None, tsx_attrs: str = 'tilewidth="64" tileheight="64" tilecount="32" columns="8"',
                   image_attrs: str = 'width="512" height="256"', name: str = "art.png"):
    """A map whose tileset t.tsx uses the image `name` (written with `image`, unless None)."""
    if image is not None:
        (tmp_path / name).write_bytes(image)
    tsx = tmp_path / "t.tsx"
    tsx.write_text(f'<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.10" name="floors" {tsx_attrs}>\n'
                   f' <image source="{name}" {image_attrs}/>\n</tileset>\n')
    path = tmp_path / "m.tmx"
    path.write_text(tmx_text(layer("areas", AREA)).replace(str(TILESET), str(tsx)))
    return path


def art_problems(path) -> list[str]:
    """The rules load the map (they need no art); the image's problems are the board's
    art_problems, and check-map reports the same lines."""
    from game.board.commands import check_map

    lines = list(load_board(path).art_problems)
    assert check_map(str(path))[:len(lines)] == lines  # then the structural checks of this small map
    return lines


def image_problem(tmp_path, *args, **kw) -> str:
    """The one line the gate gives: the map file, the tileset, the image and what is wrong."""
    path = map_with_image(tmp_path, *args, **kw)
    lines = art_problems(path)
    assert len(lines) == 1, lines
    line = lines[0]
    assert line.startswith(f"{path}: map: tileset {tmp_path / 't.tsx'}: ") and line.endswith(")")
    assert "\n" not in line
    return line


def test_the_shipped_tileset_image_passes_and_a_copy_of_it_too(tmp_path):
    assert art_problems(map_with_image(tmp_path, FLOORS_PNG.read_bytes())) == []
    assert all(not load_board(p).art_problems for p in sorted(MAPS.rglob("*.tmx")) if not p.stem.endswith("_layout"))


def test_a_missing_tileset_image(tmp_path):
    line = image_problem(tmp_path, None)
    assert f"image art.png: not found (looked for {tmp_path / 'art.png'})" in line


def test_an_image_that_is_not_a_png(tmp_path):
    line = image_problem(tmp_path, b"GIF89a" + bytes(100))
    assert "image art.png: is not a PNG image" in line
    assert "is not a PNG image" in image_problem(tmp_path, b"")


@pytest.mark.parametrize("keep, words", [
    (20, "is not a whole PNG image (no image header"),
    (60, "is truncated"),
    (-13, "is truncated"),  # all but the end marker
    (-1, "is truncated"),
])
def test_a_truncated_png(tmp_path, keep, words):
    data = FLOORS_PNG.read_bytes()
    assert words in image_problem(tmp_path, data[:keep])


def test_a_png_with_a_damaged_chunk(tmp_path):
    data = bytearray(FLOORS_PNG.read_bytes())
    data[len(data) // 2] ^= 0xFF
    assert "is damaged (chunk 'IDAT' has a wrong checksum)" in image_problem(tmp_path, bytes(data))


def test_a_huge_png_is_refused_from_its_header_before_decoding(tmp_path):
    """100000x100000 pixels would be 40 GB decoded; the header says so in its first 33 bytes."""
    head = bytearray(FLOORS_PNG.read_bytes()[:33])
    head[16:24] = (100_000).to_bytes(4, "big") * 2
    line = image_problem(tmp_path, bytes(head) + bytes(1000))
    assert "image art.png: 100000x100000 pixels is too large (at most 16384 on a side" in line


def test_the_image_size_must_be_the_declared_one(tmp_path):
    line = image_problem(tmp_path, png_bytes(256, 256))
    assert "image art.png is 256x256 pixels but the tileset says 512x256" in line


@pytest.mark.parametrize("tsx_attrs, image, words", [
    ('tilewidth="64" tileheight="64" tilecount="32" columns="4"', (512, 256),
     "declares 4 columns but its 512x256 image cut into 64x64 tiles has 8"),
    ('tilewidth="64" tileheight="64" tilecount="40" columns="8"', (512, 256),
     "declares 40 tiles but its 512x256 image cut into 64x64 tiles holds 32 (8 columns, 4 rows)"),
    ('tilewidth="100" tileheight="64" tilecount="32" columns="8"', (512, 256),
     "declares 8 columns but its 512x256 image cut into 100x64 tiles has 5"),
    ('tilewidth="64" tileheight="64" tilecount="8" columns="8" margin="8" spacing="2"', (512, 256),
     "declares 8 columns but its 512x256 image cut into 64x64 tiles (margin 8, spacing 2) has 7"),
    ('tilewidth="64" tileheight="64" tilecount="6" columns="6" margin="40"', (512, 256),
     "is cut into 6x2 tiles by Tiled but into more by the floor loader"),
])
def test_the_tile_grid_must_match_the_image(tmp_path, tsx_attrs, image, words):
    w, h = image
    line = image_problem(tmp_path, png_bytes(w, h), tsx_attrs=tsx_attrs, image_attrs=f'width="{w}" height="{h}"')
    assert words in line


def test_an_image_without_declared_size_or_a_tileset_without_image(tmp_path):
    # pytmx reads the declared size even without images: this one stops the load.
    path = map_with_image(tmp_path, FLOORS_PNG.read_bytes(), image_attrs="")
    one(path, f"map: tileset {tmp_path / 't.tsx'}: image art.png: <image> must declare its width")
    tsx = tmp_path / "t.tsx"
    tsx.write_text('<tileset name="x" tilewidth="64" tileheight="64" tilecount="32" columns="8"/>')
    path = tmp_path / "m.tmx"
    path.write_text(tmx_text(layer("areas", AREA)).replace(str(TILESET), str(tsx)))
    assert art_problems(path) == [f"{path}: map: tileset {tsx}: has no image (line 9)"]


def test_the_image_of_an_embedded_tileset_is_checked_from_the_maps_folder(tmp_path):
    embedded = ('<tileset firstgid="1" name="floors" tilewidth="64" tileheight="64" tilecount="32" columns="8">'
                '<image source="art.png" width="512" height="256"/></tileset>')
    path = tmp_path / "m.tmx"
    path.write_text(tmx_text(layer("areas", AREA)).replace(f'<tileset firstgid="1" source="{TILESET}"/>', embedded))
    assert art_problems(path) == [f"{path}: map: tileset: image art.png: not found (looked for {tmp_path / 'art.png'}) (line 9)"]
    (tmp_path / "art.png").write_bytes(FLOORS_PNG.read_bytes())
    assert art_problems(path) == []


def test_check_map_gives_the_image_line_and_exits_1_and_the_table_draws_the_plain_floor(tmp_path, capsys, monkeypatch):
    """The issue's commands: check-map prints the gate's line and exits 1; screenshot draws the
    map on its plain floor, never decoding the image, and says why on the table."""
    from game.board.commands import check_map_main

    monkeypatch.setenv("TILETOP_CONFIG_DIR", str(tmp_path / "config"))
    path = map_with_image(tmp_path, FLOORS_PNG.read_bytes()[:5000])
    assert check_map_main([str(path)]) == 1
    out = capsys.readouterr().out.splitlines()[0]
    assert out == f"{path}: map: tileset {tmp_path / 't.tsx'}: image art.png: is truncated " \
                  "(chunk 'IDAT' runs past the end of the file) (line 9)"
    from game.ui.commands import screenshot_main

    import pytmx.util_pygame

    monkeypatch.setattr(pytmx.util_pygame, "load_pygame", lambda *a, **k: pytest.fail("the broken image was decoded"))
    shot = tmp_path / "shot.png"
    assert screenshot_main([str(path), "--out", str(shot), "--size", "640x360"]) == 0
    assert shot.exists()
