"""The 34 Gears of War tile faces in maps/gears/tiles (spec gears-of-war.md 3.1-3.8, docs/MAPS.md).

The faces are Tiletop's own layouts (spec 3.7 "Original tile faces"), written by
tools/make_gears_tiles.py. These tests read the shipped .tmx files, not the generator, so a face
edited by hand in Tiled is held to the same rules.
"""
from __future__ import annotations

import importlib.util
import sys
import tomllib
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest

from game.board.checks import check_board
from game.board.compose import CompositionError, add_piece, free_exits, place_at_exit
from game.board.los import AreaSight
from game.board.model import Board
from game.board.tmx import load_board

ROOT = Path(__file__).resolve().parents[2]
TILES = ROOT / "maps" / "gears" / "tiles"
DATA = ROOT / "game" / "gears" / "data"
IDS = [f"{n}{side}" for side in "AB" for n in range(1, 18)]
CONNECTOR_WIDTH = Fraction(128)  # 2 tiles of 64 px on every face
AREA_COUNTS = {"small": range(3, 7), "medium": range(5, 9), "large": range(9, 15)}  # spec 3.7


def _toml(name: str) -> dict:
    with (DATA / name).open("rb") as fh:
        return tomllib.load(fh)


LOCATIONS = {v["tile"]: v for v in _toml("locations.toml")["location"].values()}
SIZE_OF = {n: size for size, ns in _toml("locations.toml")["tile_sizes"].items() if size in AREA_COUNTS for n in ns}
# Belly of the Beast (spec 9.2.3) frees the exit of its first tile, which is any card of its
# level-1 deck: those faces carry a second exit.
BELLY_FIRST = set(_toml("missions.toml")["mission"]["belly_of_the_beast"]["level"][0]["tiles"])


@lru_cache(maxsize=None)
def board(tile_id: str) -> Board:
    return load_board(TILES / f"{tile_id}.tmx")


def _length(c) -> Fraction:
    (ax, ay), (bx, by) = c.segment.a, c.segment.b
    assert ax == bx or ay == by, f"connector {c.name} is not along a tile edge"
    return abs(bx - ax) + abs(by - ay)


def test_there_are_exactly_the_34_faces():
    """Spec 3.8: 17 double-sided tiles, one Location card per face."""
    assert sorted(p.stem for p in TILES.glob("*.tmx")) == sorted(IDS)
    assert set(LOCATIONS) == set(IDS)


@pytest.mark.parametrize("tile_id", IDS)
def test_face_loads_and_passes_the_map_checks(tile_id):
    """Spec 3.1-3.7 via docs/MAPS.md: areas tile the face, borders join areas, every area is
    reachable from the entrance, cover/holes/equipment inside their areas, one entrance."""
    b = board(tile_id)
    assert [str(p) for p in check_board(b)] == []


@pytest.mark.parametrize("tile_id", IDS)
def test_face_properties_match_the_location_cards(tile_id):
    """Spec 3.1 (8) tile ID, 3.7 size class, 3.8 equipment: file name, tile_id property and
    locations.toml agree; the equipment icon sits on exactly the faces whose card has one."""
    b = board(tile_id)
    props = b.properties
    assert props["title"] == "gears"
    assert props["tile_id"] == tile_id
    assert props["size"] == SIZE_OF[int(tile_id[:-1])]
    assert props["name"] and props.get("flavour")
    icons = b.markers_of("equipment")
    flagged = [a.name for a in b.areas.values() if a.properties.get("equipment")]
    if LOCATIONS[tile_id].get("equipment"):
        assert len(icons) == 1 and flagged == [icons[0].area]
    else:
        assert icons == () and flagged == []


@pytest.mark.parametrize("tile_id", IDS)
def test_connectors_one_entrance_same_width_exits(tile_id):
    """Spec 3.1 (1, 10), 3.7: one entrance, one exit (two on Belly of the Beast's first-tile
    candidates, spec 9.2.3), all 128 px wide so any face can follow any other."""
    b = board(tile_id)
    entrances, exits = b.connectors_of("entrance"), b.connectors_of("exit")
    assert len(entrances) == 1
    assert len(exits) == (2 if tile_id in BELLY_FIRST else 1)
    assert {_length(c) for c in entrances + exits} == {CONNECTOR_WIDTH}
    # One area behind each connector: the joined areas of two tiles are then well defined.
    for c in entrances + exits:
        touching = [a for a in b.areas.values() if _touches(a.polygon, c.segment)]
        assert len(touching) == 1, (c.name, [a.name for a in touching])


def _touches(poly, seg) -> bool:
    from game.board.checks import orient

    a, b = seg.a, seg.b
    axis = 0 if a[0] != b[0] else 1
    lo, hi = sorted((a[axis], b[axis]))
    for i in range(len(poly)):
        p, q = poly[i], poly[(i + 1) % len(poly)]
        if orient(a, b, p) == 0 and orient(a, b, q) == 0:
            plo, phi = sorted((p[axis], q[axis]))
            if max(lo, plo) < min(hi, phi):
                return True
    return False


@pytest.mark.parametrize("tile_id", IDS)
def test_area_counts_and_cover_per_area(tile_id):
    """Spec 3.7: small faces ~3-5 areas, medium 5-8, large 9-14; 1-3 cover spots per area,
    every arrow a multiple of 45 degrees; at least one level line on most faces (counted below)."""
    b = board(tile_id)
    assert len(b.areas) in AREA_COUNTS[b.properties["size"]]
    per_area = {name: 0 for name in b.areas}
    for spot in b.cover:
        per_area[spot.area] += 1
        assert spot.arrows and all(a % 45 == 0 for a in spot.arrows)
    assert all(1 <= n <= 3 for n in per_area.values()), per_area


def test_most_faces_have_a_level_line():
    """Spec 3.7: most faces have a ledge or stairs (a level line)."""
    with_level = [t for t in IDS if board(t).lines_of("level_line")]
    assert len(with_level) >= 30


@pytest.mark.parametrize("tile_id", IDS)
def test_emergence_holes_away_from_the_entrance(tile_id):
    """Spec 3.1 (7), 3.7: at least one hole per face, none in the entrance area."""
    b = board(tile_id)
    entrance = b.connectors_of("entrance")[0]
    start = next(a.name for a in b.areas.values() if _touches(a.polygon, entrance.segment))
    holes = b.markers_of("emergence")
    assert holes and all(h.area != start for h in holes)


@pytest.mark.parametrize("tile_id", IDS)
def test_a_wall_blocks_sight_between_two_areas(tile_id):
    """Spec 3.5, 3.7: LOS matters on every face: some pair of areas that would see each other on
    the bare face is cut off once its walls stand."""
    b = board(tile_id)
    bare = AreaSight(b, b.outline_segments())
    walled = AreaSight(b, b.blocking_segments(()))
    names = sorted(b.areas)
    blocked = [
        (x, y) for i, x in enumerate(names) for y in names[i + 1 :]
        if bare.areas(x, y).visible and not walled.areas(x, y).visible
    ]
    assert blocked, f"{tile_id}: no wall blocks sight between two areas"


def _chain(ids: list[str]) -> Board:
    """Lay the faces one after another, each entrance on the previous face's first exit
    (spec 3.4 building a level)."""
    out, last = board(ids[0]), ""
    for tile_id in ids[1:]:
        exit_ = next(c for c in free_exits(out) if c.piece == last and c.name.split(":")[-1] == "exit")
        last = tile_id
        placement = place_at_exit(out, exit_.name, board(tile_id), tile_id)
        out = add_piece(out, placement)
    return out


def test_a_straight_chain_composes_without_overlap():
    """Spec 3.4/3.7: faces whose exit is opposite their entrance make a straight corridor of
    tiles; composing them raises no OverlapError and the joined areas become adjacent."""
    straight = [t for t in IDS if _opposite(board(t))]
    ids = straight[:6]
    assert len(ids) == 6
    composed = _chain(ids)
    assert composed.pieces() == tuple(ids)
    assert len(composed.joined_connectors()) == len(ids) - 1
    assert [str(p) for p in check_board(composed)] == []
    graph = composed.movement_graph()
    for x, e in composed.joined_connectors():
        side_x = [n for n, a in composed.areas.items() if a.piece == x.piece and _touches(a.polygon, x.segment)]
        side_e = [n for n, a in composed.areas.items() if a.piece == e.piece and _touches(a.polygon, e.segment)]
        assert side_e[0] in graph[side_x[0]]


def _opposite(b: Board) -> bool:
    e, x = b.connectors_of("entrance")[0].segment, b.connectors_of("exit")[0].segment
    w, h = b.pixel_size()
    return {e.a[0], x.a[0]} == {0, w} and e.a[0] == e.b[0] or {e.a[1], x.a[1]} == {0, h} and e.a[1] == e.b[1]


def test_a_level_of_each_mission_deck_composes():
    """Spec 9.2: the level-1 decks of Emergence and China Shop, laid in card order, either
    compose or overlap (an impossible placement: the rules rebuild), but never fail to fit."""
    missions = _toml("missions.toml")["mission"]
    for key in ("emergence", "china_shop"):
        tiles = missions[key]["level"][0]["tiles"]
        try:
            composed = _chain(tiles)
        except CompositionError as exc:
            assert "overlap" in str(exc), exc
        else:
            assert composed.pieces() == tuple(tiles)


def test_any_face_can_follow_any_face():
    """Spec 3.7: entrance and exit widths match, so place_at_exit finds a placement for every
    ordered pair of faces (and two tiles alone never overlap)."""
    for first in IDS:
        for exit_ in board(first).connectors_of("exit"):
            for second in IDS:
                p = place_at_exit(board(first), exit_.name, board(second), "next")
                w, h = p.size()
                assert w * h == board(second).pixel_size()[0] * board(second).pixel_size()[1]
    composed = add_piece(board("17A"), place_at_exit(board("17A"), "exit", board("1B"), "1B"))
    composed = add_piece(composed, place_at_exit(composed, "1B:exit_2", board("4B"), "4B"))
    assert set(composed.pieces()) == {"17A", "1B", "4B"}


def test_generator_rejects_a_broken_face_with_its_tile_id():
    """Bad input gives one clear message naming the face (common rules): two areas meeting only
    at a diagonal, and an area drawn inside another."""
    spec = importlib.util.spec_from_file_location("make_gears_tiles", ROOT / "tools" / "make_gears_tiles.py")
    gen = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = gen  # dataclasses look their module up while the file runs
    try:
        spec.loader.exec_module(gen)
    finally:
        del sys.modules[spec.name]
    areas = {"a": ("x", "dirt"), "b": ("y", "mud")}
    with pytest.raises(gen.FaceError, match="^T1: areas meet only diagonally"):
        gen.trace(gen.Face("T1", "n", "f", "ab\nba", areas))
    with pytest.raises(gen.FaceError, match="^T2: an area lies wholly inside another"):
        gen.trace(gen.Face("T2", "n", "f", "aaa\naba\naaa", areas))
    with pytest.raises(gen.FaceError, match="^T3: grid letter 'z'"):
        gen.trace(gen.Face("T3", "n", "f", "az", areas))
