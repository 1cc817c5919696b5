"""Saving a build as Tiled .tmx and loading it back (game/board/tmx_write.py, docs/BUILDER.md).

Round trip (issue "Must hold"): build, save, load, save again gives the same file; what is
saved passes check-map and Tiled itself opens it (skipped only where `tiled` is missing).
"""
from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

from game.board.builder import Builder, PieceLibrary
from game.board.commands import check_map
from game.board.compose import Placement
from game.board.tmx import load_board
from game.board.tmx_write import FLIP_D, FLIP_H, FLIP_V, canonical, fmt, load_build, save_build, turned_gid

ROOT = Path(__file__).resolve().parents[2]
GEARS_TILE = ROOT / "maps" / "gears" / "sample_1A.tmx"
DOOM_ROOM = ROOT / "maps" / "doom" / "sample_room.tmx"
TILED = shutil.which("tiled")


@pytest.fixture(scope="module")
def gears_lib():
    return PieceLibrary.from_paths([GEARS_TILE])[0]


@pytest.fixture(scope="module")
def doom_lib():
    return PieceLibrary.from_paths([DOOM_ROOM])[0]


def gears_chain(lib, n=3) -> Builder:
    b = Builder(lib, "gears")
    b.add("1A", 0, 0)
    for _ in range(n - 1):
        last = b.state.placements[-1]
        b.add("1A", last.x + 770, last.y + 120)
    for c in b.connectors_free(b.state.placements):
        if c.kind == "exit":
            b.toggle_door(c.name)
    return b


def doom_pair(lib) -> Builder:
    b = Builder(lib, "doom")
    b.add("sample_room", 0, 0)
    b.add("sample_room", 600, 540, rotation=180)
    return b


def round_trip(builder: Builder, lib, tmp_path: Path) -> tuple[str, str]:
    first = tmp_path / "a" / "map.tmx"
    assert save_build(builder, first) == []
    loaded = load_build(first, lib)
    assert loaded.as_pieces and loaded.problems == []
    assert loaded.builder.state.placements == builder.state.placements
    second = tmp_path / "b" / "map.tmx"
    save_build(loaded.builder, second)
    return first.read_text(), second.read_text()


def test_fmt_is_exact():
    assert [fmt(Fraction(x)) for x in ("3", "-2.5", "0.125", "1/64")] == ["3", "-2.5", "0.125", "0.015625"]
    with pytest.raises(ValueError):
        fmt(Fraction(1, 3))


def test_turned_gid_composes_like_the_placement():
    """Four quarter turns give the tile back; a flip twice too; a turn is a diagonal flip plus
    a horizontal one (Tiled's convention for a clockwise turn)."""
    p = Placement(load_board(GEARS_TILE), "x", rotation=90)
    g = 5
    for _ in range(4):
        g = turned_gid(g, p)
    assert g == 5
    assert turned_gid(5, p) == 5 | FLIP_D | FLIP_H
    flip = Placement(p.piece, "x", flip_h=True)
    assert turned_gid(turned_gid(7 | FLIP_V, flip), flip) == 7 | FLIP_V


def test_gears_round_trip_same_file_and_check_map(gears_lib, tmp_path):
    b = gears_chain(gears_lib)
    a, c = round_trip(b, gears_lib, tmp_path)
    assert a == c
    assert check_map(str(tmp_path / "a" / "map.tmx")) == []
    board = load_board(tmp_path / "a" / "map.tmx")
    # every tile keeps its entrance and exit; the loader knows each object's piece again from
    # its PIECE: prefix, so the two joints are joined pairs (gears 3.7), not loose connectors
    assert board.pieces() == ("1A", "1A_2", "1A_3")
    assert len(board.joined_connectors()) == 2 and len(board.doors) == 1
    assert not [l for l in board.lines_of("border") if "+" in l.name]


def test_doom_round_trip_same_file_and_check_map(doom_lib, tmp_path):
    a, c = round_trip(doom_pair(doom_lib), doom_lib, tmp_path)
    assert a == c
    assert check_map(str(tmp_path / "a" / "map.tmx")) == []


@pytest.mark.parametrize("rotation, flip_h, flip_v", list(itertools.product((0, 90, 180, 270), (False, True), (False, True))))
def test_every_orientation_round_trips_and_passes_check_map(gears_lib, tmp_path, rotation, flip_h, flip_v):
    b = Builder(gears_lib, "gears")
    b.add("1A", 0, 0, rotation, flip_h, flip_v, snap=False)
    b.toggle_door("1A:exit")
    out = tmp_path / "one.tmx"
    save_build(b, out)
    assert check_map(str(out)) == []
    loaded = load_build(out, gears_lib)
    assert loaded.as_pieces
    save_build(loaded.builder, tmp_path / "two.tmx")
    assert (tmp_path / "two.tmx").read_text() == out.read_text()
    # the saved map is the composed board: same areas, same distances
    composed = b.compose_all()
    saved = load_board(out)
    assert {n: len(a.polygon) for n, a in saved.areas.items()} == {n: len(a.polygon) for n, a in composed.areas.items()}
    assert saved.movement_graph() == composed.movement_graph()


def test_saved_board_moves_like_the_composed_board(gears_lib, tmp_path):
    """A saved and reloaded map has the same movement and range graphs as the composed board."""
    b = gears_chain(gears_lib, 3)
    out = tmp_path / "m.tmx"
    save_build(b, out)
    saved, composed = load_board(out), b.compose_all()
    assert saved.movement_graph() == composed.movement_graph()
    assert saved.range_graph() == composed.range_graph()


def test_door_on_a_joint_blocks_movement_after_reload_gears_3_4(gears_lib, tmp_path):
    """gears 3.4 / docs/MAPS.md Doors: a closed door token on a joined exit blocks movement and
    range across the joint, on the saved map as on the composed one; opening it joins again.
    The round trip stays byte-identical with the door on the joint."""
    b = gears_chain(gears_lib, 2)
    joint = "1A:exit"
    assert joint not in {c.name for c in b.connectors_free(b.state.placements)}
    b.toggle_door(joint)
    a, c = round_trip(b, gears_lib, tmp_path)
    assert a == c
    out = tmp_path / "a" / "map.tmx"
    assert check_map(str(out)) == []
    saved, composed = load_board(out), b.compose_all()
    door = saved.door(joint + "_door")
    assert door.closed and door.piece == "1A"
    first = next(n for n in saved.areas if n.startswith("1A:"))
    second = {n for n in saved.areas if n.startswith("1A_2:")}
    reach = saved.movement_graph()
    seen, todo = {first}, [first]
    while todo:
        for m in reach[todo.pop()]:
            if m not in seen:
                seen.add(m)
                todo.append(m)
    assert not seen & second  # the closed door cuts the map in two
    assert saved.range_graph(closed_doors=[door.name]) == saved.range_graph()
    opened = saved.movement_graph(closed_doors=[])
    assert any(m in second for n in saved.areas if n.startswith("1A:") for m in opened[n])
    # the same as the builder's composed board with the door token on that connector
    assert opened == composed.movement_graph()


def test_overlap_between_pieces_is_reported(gears_lib, tmp_path):
    """check-map checks areas of different pieces against each other too (docs/MAPS.md: areas
    must not overlap): a saved composed map may be edited in Tiled, and its pieces are known."""
    from dataclasses import replace

    from game.board.checks import check_board

    out = tmp_path / "m.tmx"
    save_build(gears_chain(gears_lib, 2), out)
    board = load_board(out)
    assert [p.message for p in check_board(board)] == []
    first = next(a for n, a in board.areas.items() if n.startswith("1A:"))
    name = next(n for n in board.areas if n.startswith("1A_2:"))
    board.areas = {**board.areas, name: replace(board.areas[name], polygon=first.polygon)}
    assert any("overlaps area" in p.message for p in check_board(board))


def test_tilesets_are_relative(gears_lib, tmp_path):
    out = tmp_path / "deep" / "er" / "m.tmx"
    save_build(gears_chain(gears_lib, 2), out)
    text = out.read_text()
    ref = text.split('<tileset firstgid="1" source="', 1)[1].split('"', 1)[0]
    assert not os.path.isabs(ref) and (out.parent / ref).resolve() == (ROOT / "maps" / "tilesets" / "floors.tsx").resolve()


def test_plain_tiled_map_loads_as_one_fixed_piece(gears_lib, tmp_path):
    loaded = load_build(GEARS_TILE, gears_lib)
    assert not loaded.as_pieces and loaded.problems == []
    b = loaded.builder
    (only,) = b.state.placements
    assert b.piece(only).fixed
    # more pieces join the fixed one at its free exit, then it saves and reloads stably
    b.add("1A", 770, 120)
    b.toggle_door(f"{b.state.placements[1].name}:exit")
    out = tmp_path / "grown.tmx"
    save_build(b, out)
    assert check_map(str(out)) == []
    again = load_build(out, gears_lib)
    save_build(again.builder, tmp_path / "again.tmx")
    assert canonical(load_board(tmp_path / "again.tmx")) == canonical(load_board(out))


def test_map_edited_in_tiled_loads_as_fixed_piece(gears_lib, tmp_path):
    out = tmp_path / "m.tmx"
    save_build(gears_chain(gears_lib, 2), out)
    text = out.read_text().replace('name="1A_2:hole_yard" x="', 'name="1A_2:hole_yard" x="1')  # moved a marker
    out.write_text(text)
    loaded = load_build(out, gears_lib)
    assert loaded.builder is not None and not loaded.as_pieces


def test_hand_edited_open_polygon_loads_with_problems_listed(gears_lib, tmp_path):
    """Issue: a .tmx edited by hand with an error loads with the problems listed, not a crash."""
    out = tmp_path / "m.tmx"
    save_build(gears_chain(gears_lib, 2), out)
    text = out.read_text()
    head, rest = text.split('name="1A:plaza"', 1)
    rest = rest.replace("<polygon", "<polyline", 1)  # the polygon left open
    out.write_text(head + 'name="1A:plaza"' + rest)
    loaded = load_build(out, gears_lib)
    assert loaded.builder is not None and not loaded.as_pieces
    assert any("1A:plaza" in p and "polyline" in p for p in loaded.problems)
    assert "1A:plaza" not in loaded.builder.piece(loaded.builder.state.placements[0]).board.areas
    assert loaded.builder.validate().issues  # and the builder lists what is now wrong


def test_hand_edited_overlap_is_listed(gears_lib, tmp_path):
    out = tmp_path / "m.tmx"
    save_build(gears_chain(gears_lib, 2), out)
    text = out.read_text()
    head, rest = text.split('name="1A_2:west_street" x="', 1)
    x, rest = rest.split('"', 1)
    out.write_text(head + f'name="1A_2:west_street" x="{int(x) - 128}"' + rest)  # pushed into 1A
    loaded = load_build(out, gears_lib)
    assert loaded.builder is not None and not loaded.as_pieces
    issues = loaded.builder.validate().issues
    assert any("overlaps" in i.message for i in issues)


def test_unreadable_map_gives_problems_and_no_builder(tmp_path):
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map")
    loaded = load_build(bad, PieceLibrary())
    assert loaded.builder is None and loaded.problems and str(bad) in loaded.problems[0]


@pytest.mark.skipif(TILED is None, reason="Tiled is not installed (apt-get install tiled)")
@pytest.mark.parametrize("which", ["gears", "doom"])
def test_tiled_opens_a_built_map(gears_lib, doom_lib, tmp_path, which):
    """Tiled itself reads what the builder saves: tileset found through its relative path, every layer there."""
    b = gears_chain(gears_lib, 3) if which == "gears" else doom_pair(doom_lib)
    out = tmp_path / "built" / "map.tmx"
    save_build(b, out)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(tmp_path))
    js = tmp_path / "map.json"
    proc = subprocess.run([TILED, "--embed-tilesets", "--export-map", "json", str(out), str(js)],
                          capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    data = json.loads(js.read_text())
    assert data["tilesets"][0]["tilecount"] == 32
    names = [layer["name"] for layer in data["layers"]]
    assert names[0] == "floor" and "areas" in names
    areas = next(layer for layer in data["layers"] if layer["name"] == "areas")
    assert len(areas["objects"]) == len(load_board(out).areas)
