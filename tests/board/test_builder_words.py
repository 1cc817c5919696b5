"""What the map builder names on screen is in words, in the reader's language: a joint by the
side of its piece ('East side of Room, small 2'), a Gears entrance or exit by its words and
tile ('Exit (1A)'), a Doom thing by what it is ('Barrel'), a Doom piece by its name, never an
internal id ('room_small_2:east', '1A:exit', 'Prop prop_2')."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import game.doom.rules.names  # noqa: F401  (the Doom names lookup)
import game.gears.rules.names  # noqa: F401  (the Gears places)
from game import i18n
from game.board.builder import Builder, PieceLibrary, piece_words

ROOT = Path(__file__).resolve().parents[2]
RAW = re.compile(r"\w+:\w+|\b(?:prop|figure|door)_\d|room_small|start_zone")


@pytest.fixture(scope="module")
def doom():
    lib, _problems = PieceLibrary.for_title("doom", ROOT / "maps")
    return lib


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


def loose_doom(lib) -> Builder:
    """A start room joined to nothing, a small room turned a quarter apart from it with a barrel
    and a shotgun left on the floor of a third piece that was taken away."""
    b = Builder(lib, "doom")
    b.add("start_room", 0, 0)
    b.add("room_small", 640, 0, snap=False)
    gone = b.add("room_small", 1280, 0, snap=False)
    b.place_item("prop", (21, 1), "barrel")
    b.place_item("prop", (22, 2), "equipment:shotgun")
    b.place_item("figure", (21, 2), "imp")
    b.delete(gone)
    b.rotate("room_small", snap=False)
    return b


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_doom_problems_name_joints_and_things_in_words(doom, lang):
    i18n.set_language(lang)
    texts = [str(i.message) for i in loose_doom(doom).validate().issues]
    assert texts and not [t for t in texts if RAW.search(t)], texts


def test_a_joint_is_named_by_the_side_it_lies_on_as_the_piece_lies_now(doom):
    texts = [str(i.message) for i in loose_doom(doom).validate().issues]
    assert "East side of Start room is left open: another piece can join here" in texts
    # room_small's own west and east joints, turned a quarter clockwise: north and south now
    assert "North side of Room, small is left open: another piece can join here" in texts
    assert "South side of Room, small is left open: another piece can join here" in texts
    assert "Barrel: A prop goes on a floor square" in texts
    assert "Shotgun: A prop goes on a floor square" in texts


def test_doom_pieces_are_named_in_the_readers_language_and_numbered(doom):
    b = Builder(doom, "doom")
    b.add("room_small", 0, 0)
    second = b.add("room_small", 640, 0, snap=False)
    i18n.set_language("hu")
    assert str(piece_words(doom["room_small"])) == "Terem, kicsi"
    assert str(b.piece_words(second)) == "Terem, kicsi 2"
    i18n.set_language("el")
    assert str(piece_words(doom["corridor_straight"])) == "Διάδρομος, ευθύς"


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_gears_entrances_and_exits_by_their_words_and_tile(lang):
    lib, _problems = PieceLibrary.for_title("gears", ROOT / "maps")
    b = Builder(lib, "gears")
    b.add("1A", 0, 0)
    b.add("2A", 1024, 0, snap=False)
    i18n.set_language(lang)
    texts = [str(i.message) for i in b.validate().issues]
    assert not [t for t in texts if re.search(r"\d[AB]:\w", t)], texts
    if lang == "en":
        assert "Exit (1A) has neither a next tile nor a door token" in texts
        assert any(t.startswith("Entrance (2A) is left open") for t in texts)


def test_a_door_placed_in_the_builder_is_numbered_as_the_scenario_maps_number_theirs(doom):
    b = Builder(doom, "doom")
    b.add("start_room", 0, 0)
    b.add("corridor_straight", 250, 70)
    assert b.place_item("door", (4, 2), "ordinary", vertical=True) == "D1"
    assert b.place_item("door", (6, 2), "security:red", vertical=True) == "D2"


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_the_maps_own_checks_and_overlaps_name_pieces_and_joints_in_words(doom, lang):
    """A check of the composed map names its object ('start_room:east: a connector must lie on
    the edge of the floor'), an overlap its pieces ('Pieces start_room and corridor_straight
    overlap'): in words too."""
    b = Builder(doom, "doom")
    b.add("start_room", 0, 0)
    b.add("corridor_straight", 128, 128, snap=False)  # over the room: pieces overlap
    c = Builder(doom, "doom")
    c.add("start_room", 0, 0)
    c.add("corridor_straight", 256, 0, snap=False)  # a row too high: the joints off the floor's edge
    i18n.set_language(lang)
    texts = [str(i.message) for i in b.validate().issues + c.validate().issues]
    kinds = {i.kind for i in b.validate().issues + c.validate().issues}
    assert {"overlap", "map"} <= kinds, texts
    assert not [t for t in texts if RAW.search(t) or "corridor_straight" in t or "start_room" in t], texts



CITED = re.compile(r"\((?:gears|doom|spec|rule|szabály|κανόνας) \d")


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_the_problems_name_no_section_of_the_spec(lang):
    """The builder's problems are for the person making a map: 'Exit (1A) has neither a next tile
    nor a door token (gears 3.1 item 10)' and '... so the map has no start (gears 3.1)' cited the
    spec's sections, which a player has not read."""
    lib, _problems = PieceLibrary.for_title("gears", ROOT / "maps")
    b = Builder(lib, "gears")
    b.add("1A", 0, 0)
    i18n.set_language(lang)
    texts = [str(i.message) for i in b.validate().issues]
    assert any("1A" in t for t in texts), texts
    assert not [t for t in texts if CITED.search(t)], texts


def test_no_problem_or_refusal_of_the_builder_cites_the_spec():
    """Every message the builder's model gives (its problems, a thing it refuses to place) is
    read as it is written: none names a section of the spec."""
    said = re.compile(r'M\("([^"]*)"')
    for path in (ROOT / "game" / "board" / "builder.py", ROOT / "game" / "board" / "build_items.py"):
        cited = [m for m in said.findall(path.read_text(encoding="utf-8")) if re.search(r"\((?:gears|doom|spec) \d", m)]
        assert not cited, (path.name, cited)
