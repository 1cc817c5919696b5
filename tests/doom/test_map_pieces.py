"""Reusable Doom map pieces (spec 3.1 and 11 item 8: original pieces with 2-square-wide connectors;
docs/MAPS.md "Doom pieces and scenario maps"): maps/doom/pieces/ pass check-map, the builder's Doom
palette offers them before the whole maps, and a map composed of them with the builder API
(game/board/builder.py) validates, saves, loads with the Doom rules and plays."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.board.builder import Builder, MapMeta, PieceLibrary
from game.board.commands import check_map
from game.board.tmx_write import save_build
from game.doom.content import DATA_DIR, load_content
from game.doom.rules import setup as doom_setup
from game.doom.rules import state as doom_state
from game.doom.rules.board import DoomMap
from tests.doom.conftest import TITLE, act, options

ROOT = Path(__file__).resolve().parents[2]
PIECES = ROOT / "maps" / "doom" / "pieces"
KINDS = {"corridor_straight", "corridor_corner", "corridor_t", "corridor_cross", "room_small", "room_large",
         "dead_end_door", "start_room", "console_room"}


@pytest.fixture(scope="module")
def library():
    lib, problems = PieceLibrary.for_title("doom", ROOT / "maps")
    assert problems == []
    return lib


def test_every_piece_passes_check_map_and_has_2_wide_connectors():
    """Spec 11 item 8 / 9.2: pieces join at 2-square-wide connectors on their open sides."""
    from game.board.tmx import load_board

    assert {p.stem for p in PIECES.glob("*.tmx")} == KINDS
    for path in sorted(PIECES.glob("*.tmx")):
        assert check_map(str(path)) == [], path
        board = load_board(path)
        assert board.properties.get("piece") is True
        assert board.connectors and all(c.kind == "connector" for c in board.connectors)
        assert all(abs(c.segment.b[0] - c.segment.a[0]) + abs(c.segment.b[1] - c.segment.a[1]) == 2 * board.tile_width
                   for c in board.connectors), path


def test_the_doom_palette_offers_the_pieces_first_then_the_whole_maps(library):
    keys = library.keys()
    assert set(keys[:len(KINDS)]) == KINDS
    assert {"p1_knee_deep", "p2_reactor", "sample_room"} <= set(keys[len(KINDS):])


def build(library) -> Builder:
    """Start room - corridor - large room - console room, dead ends north and south of the hall;
    each piece dropped near its mate's connector (the builder snaps and turns it into place)."""
    b = Builder(library, "doom")
    b.set_meta(MapMeta(name="Built of pieces", flavour="A test map."))
    b.add("start_room", 0, 0)
    b.add("corridor_straight", 250, 70)
    b.add("room_large", 650, -120)
    b.add("console_room", 1150, 60)
    b.add("dead_end_door", 860, -520, rotation=270)
    b.add("dead_end_door", 860, 400, rotation=90)
    console = b.placed(b.placement("console_room"))
    b.place_item("objective", min(c for c in console.grid.floor if console.cell_area(c) == "console_room:console"))
    return b


def test_a_map_built_of_pieces_validates_loads_and_plays(library, tmp_path, monkeypatch):
    b = build(library)
    assert [p.piece for p in b.state.placements][:3] == ["start_room", "corridor_straight", "room_large"]
    assert b.placement("corridor_straight").x == 256 and b.placement("corridor_straight").y == 64  # snapped
    v = b.validate()
    assert v.issues == []  # every connector joined, every area reachable, a start zone, a spawn point
    out = tmp_path / "built.tmx"
    save_build(b, out)
    assert check_map(str(out)) == []

    from game.board.tmx import load_board

    m = DoomMap(load_board(out), load_content())
    assert len(m.start_zones) == 1 and set(m.doors) == {"dead_end_door:door", "dead_end_door_2:door"}
    console = next(p for p in m.props if p.kind == "encounter")
    assert console.variant == "O1" and m.area_of[console.cell] == "console_room:console"
    # every area is reachable from the start zone once the doors are open (spec 3.6)
    start = sorted(m.areas[m.start_zones[0]])
    reach = m.path_distances(start[0], frozenset())
    assert all(sq in reach for cells in m.areas.values() for sq in cells)

    # A scenario on it (a copy of the data): the marines win by triggering the console O1.
    data = tmp_path / "data"
    data.mkdir()
    for f in DATA_DIR.glob("*.toml"):
        shutil.copy(f, data / f.name)
    with (data / "scenarios.toml").open("a", encoding="utf-8") as fh:
        fh.write(f'''
[scenario.built]
name = "Built of pieces"
name_hu = "Darabokból"
map = "{out.as_posix()}"
frag_target = 3
marine_starts = {[list(c) for c in start[:3]]}
win_encounters = ["O1"]
compass = "N"
encounters = {{ O1 = {{ text = "The console comes alive." }} }}
verified = false
source = "tests/doom/test_map_pieces.py"
reason = "a test map"
''')
    content = load_content(data)
    monkeypatch.setattr(doom_state, "shared_content", lambda: content)
    monkeypatch.setattr(doom_setup, "shared_content", lambda: content)
    state = TITLE.new_game("built", 3, {"marines": 2})
    assert state.map.start_zones == m.start_zones
    assert TITLE.current_decider(state) == "red"
    assert {a.kind for a in options(state)} >= {"declare"}
    act(state, "declare", action="run")
    assert options(state, "move")  # the start room's squares are open to walk
    # Red next to the console (as if it had walked there): the last step onto it wins (spec 9.4 style).
    red = state.marines["red"]
    cx, cy = console.cell
    red.cell = (cx - 1, cy)
    state.revealed = sorted(state.map.areas)
    act(state, "move", to=[cx, cy])
    assert state.outcome == "marines" and "O1" in state.encounters_done
