"""The map builder's and build-map's errors in the reader's language, naming the file: a piece
that cannot be placed, a script that cannot be used, a map saved with problems. They were
English only (the builder's status line read "sample_1A.tmx: no exit named 'nope'" at a
Hungarian table); a composition error is a message worded when read, so one raised before a
language switch reads in the new language."""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from game import i18n
from game.board.build_commands import build_map_main
from game.board.builder import Builder, BuildError, PieceLibrary
from game.board.compose import CompositionError, OverlapError, Placement, add_piece, compose, place_at_exit
from game.board.tmx import load_board
from tests.board.conftest import MAPS
from tests.board.test_builder import maps_dir, write

TILE_PATH = MAPS / "gears" / "sample_1A.tmx"


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


NO_EXIT = {"en": "no exit named 'nope'", "hu": "nincs 'nope' nevű kijárat",
           "el": "δεν υπάρχει έξοδος με όνομα 'nope'"}
USED_TWICE = {"en": "piece name '1A' is used twice", "hu": "Az '1A' elemnév kétszer szerepel",
              "el": "το όνομα κομματιού '1A' χρησιμοποιείται δύο φορές"}
OVERLAP = {"en": "pieces 2A and 4A overlap", "hu": "a 2A és a 4A elem átfedi egymást",
           "el": "τα κομμάτια 2A και 4A επικαλύπτονται"}


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_composition_errors_are_worded_in_the_readers_language(lang):
    tile = load_board(TILE_PATH)
    one = compose([Placement(tile, "1A")])
    i18n.set_language("en")
    with pytest.raises(CompositionError) as no_exit:
        place_at_exit(one, "nope", tile, "2A")
    with pytest.raises(CompositionError) as twice:
        compose([Placement(tile, "1A"), Placement(tile, "1A", (F(768), F(0)))], str(TILE_PATH))
    i18n.set_language(lang)  # raised in English, read in the reader's language
    assert str(no_exit.value) == f"{one.source}: {NO_EXIT[lang]}"
    assert no_exit.value.problems == (f"{one.source}: {NO_EXIT[lang]}",)
    assert str(twice.value) == f"{TILE_PATH}: {USED_TWICE[lang]}"
    with pytest.raises(OverlapError) as overlap:
        b = compose([Placement(tile, "1A")])
        b = add_piece(b, place_at_exit(b, "1A:exit", tile, "2A"))
        b = add_piece(b, place_at_exit(b, "2A:exit", tile, "3A"))
        exit_3a = next(c for c in b.connectors if c.name == "3A:exit")
        add_piece(b, Placement(tile, "4A", (exit_3a.segment.a[0] - 768 * 2, F(0)), 0))
    assert OVERLAP[lang] in str(overlap.value)
    assert overlap.value.message.english().endswith(OVERLAP["en"])  # the rules keep the message


ROTATION = {"en": "rotation must be 0, 90, 180 or 270, not 45",
            "hu": "a forgatás 0, 90, 180 vagy 270 lehet, nem 45",
            "el": "η περιστροφή πρέπει να είναι 0, 90, 180 ή 270, όχι 45"}


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_a_builder_edit_that_cannot_be_done_says_why_in_the_readers_language(lang):
    i18n.set_language(lang)
    lib, problems = PieceLibrary.from_paths([TILE_PATH])
    assert problems == []
    with pytest.raises(BuildError) as got:
        Builder(lib, "gears").add("1A", 0, 0, rotation=45)
    assert str(got.value) == ROTATION[lang]


SCRIPT = {
    'title = "chess"': {"en": "title must be \"gears\" or \"doom\", not 'chess'",
                        "hu": "a title értéke \"gears\" vagy \"doom\" lehet, nem 'chess'",
                        "el": "το title πρέπει να είναι \"gears\" ή \"doom\", όχι 'chess'"},
    'title = "gears"\n[[piece]]\npiece = "1A"\nrotation = 45': {
        "en": "piece #1: rotation must be 0, 90, 180 or 270, not 45",
        "hu": "1. piece: a forgatás 0, 90, 180 vagy 270 lehet, nem 45",
        "el": "piece #1: η περιστροφή πρέπει να είναι 0, 90, 180 ή 270, όχι 45"},
}


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
@pytest.mark.parametrize("body", list(SCRIPT))
def test_build_map_script_errors_in_the_readers_language(tmp_path, capsys, lang, body):
    i18n.set_language(lang)
    script = write(tmp_path, body)
    code = build_map_main([str(script), "--out", str(tmp_path / "x.tmx"), "--maps", str(maps_dir(tmp_path))])
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert err == f"{script}: {SCRIPT[body][lang]}"


NOT_SAVED = {"en": ("overlap", ": not saved: "), "hu": ("átfedi egymást", ": nincs mentve: "),
             "el": ("επικαλύπτονται", ": δεν αποθηκεύτηκε: ")}


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_build_map_overlap_is_reported_in_the_readers_language(tmp_path, capsys, lang):
    i18n.set_language(lang)
    script = write(tmp_path, 'title = "gears"\n[[piece]]\npiece = "1A"\n[[piece]]\npiece = "1A"\nx = 128\nsnap = false')
    out = tmp_path / "x.tmx"
    code = build_map_main([str(script), "--out", str(out), "--maps", str(maps_dir(tmp_path))])
    captured = capsys.readouterr()
    assert code == 1 and not out.exists()
    overlap, not_saved = NOT_SAVED[lang]
    assert overlap in captured.out and captured.err.startswith(f"{out}{not_saved}"), captured
    assert overlap in captured.err


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_the_builder_opens_a_map_without_its_broken_object_in_every_language(tmp_path, lang):
    """load_build leaves a broken object out and lists it; it found the object's id in the
    English words only, so a Hungarian or Greek builder could not open the map at all."""
    from game.board.tmx_write import load_build

    i18n.set_language(lang)
    path = tmp_path / "open_area.tmx"
    path.write_text((MAPS.parent / "tests" / "data" / "open_area.tmx").read_text().replace(
        "../../maps/tilesets/floors.tsx", str(MAPS / "tilesets" / "floors.tsx")))
    loaded = load_build(path)
    assert loaded.builder is not None, loaded.problems
    assert loaded.problems and loaded.problems[0].startswith(f"{path}: ")


OFF_GRID = {"en": "piece 1A_2 is off the tile grid; its floor art is left out",
            "hu": "Az 1A_2 elem nincs a lapkarácson; a padlóképe kimarad",
            "el": "το κομμάτι 1A_2 είναι εκτός πλέγματος πλακιδίων· η εικόνα του δαπέδου του παραλείπεται"}


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_a_saved_maps_left_out_art_is_said_in_the_readers_language(tmp_path, lang):
    """The notes of a save (the builder's status, build-map's lines) name the piece's file."""
    from game.board.tmx_write import save_build

    i18n.set_language(lang)
    lib, _problems = PieceLibrary.from_paths([TILE_PATH])
    builder = Builder(lib, "gears")
    builder.add("1A", 0, 0)
    builder.add("1A", 800, 0, snap=False)
    notes = save_build(builder, tmp_path / "two.tmx")
    assert notes == [f"{TILE_PATH}: {OFF_GRID[lang]}"]


BORDER = {"en": "border segment (128,0)-(128,128) does not run between two areas",
          "hu": "határ: a (128,0)-(128,128) szakasz nem két terület között fut",
          "el": "σύνορο: το τμήμα (128,0)-(128,128) δεν περνά ανάμεσα σε δύο περιοχές"}


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_a_border_off_the_areas_is_said_in_the_readers_language(tmp_path, lang):
    """The builder's issue list read 'Map_open_area:ab: border segment ... does not run between
    two areas' in English at a Hungarian table (one of three checks left in English)."""
    from game.board.tmx_write import load_build

    i18n.set_language(lang)
    path = tmp_path / "open_area.tmx"
    path.write_text((MAPS.parent / "tests" / "data" / "open_area.tmx").read_text().replace(
        "../../maps/tilesets/floors.tsx", str(MAPS / "tilesets" / "floors.tsx")))
    loaded = load_build(path)
    said = [str(i.message) for i in loaded.builder.validate().issues]
    assert any(s.endswith(BORDER[lang]) for s in said), said


MIXED = {"en": "cannot add this piece: it is for Doom, the map is for Gears of War",
         "hu": "ez az elem nem tehető fel: az elem ehhez való: Doom; a térkép ehhez: Gears of War",
         "el": "δεν προστίθεται αυτό το κομμάτι: είναι για Doom, ο χάρτης είναι για Gears of War"}
MIXED_KINDS = {"en": "cannot add this piece: it is for square-grid maps, the map is for maps of areas",
               "hu": "ez az elem nem tehető fel: az elem ehhez való: négyzethálós térképek; a térkép ehhez: "
                     "területekre osztott térképek",
               "el": "δεν προστίθεται αυτό το κομμάτι: είναι για χάρτες τετραγωνικού πλέγματος, ο χάρτης είναι "
                     "για χάρτες με περιοχές"}


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_a_piece_of_another_game_is_refused_naming_the_games(lang):
    """compose.py put the ids into the sentence ("cannot add a grid piece to a areas board"):
    the games by their names, or, for maps that name no game, their kind in words."""
    from dataclasses import replace

    gears = compose([Placement(load_board(TILE_PATH), "1A")])
    room = load_board(MAPS / "doom" / "sample_room.tmx")
    i18n.set_language(lang)
    with pytest.raises(CompositionError) as mixed:
        add_piece(gears, Placement(room, "room", (F(0), F(2000))))
    assert str(mixed.value) == f"{gears.source}: {MIXED[lang]}"
    with pytest.raises(CompositionError) as kinds:
        add_piece(replace(gears, properties={}), Placement(replace(room, properties={}), "room", (F(0), F(2000))))
    assert str(kinds.value) == f"{gears.source}: {MIXED_KINDS[lang]}"
