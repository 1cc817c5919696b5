"""A broken map's layers and objects are named, and what is wrong with them said, in the reader's
language, with the file's name: the builder's map list and the set-up lists showed a Hungarian
or Greek table "object b (id 2): is a polyline on layer areas; this layer takes polygon or
rectangle objects" in English (only the XML gate's lines were translated)."""
from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n
from game.board.model import MapError
from game.board.tmx import load_board

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def _problem(name: str) -> str:
    with pytest.raises(MapError) as got:
        load_board(DATA / name)
    return str(got.value)


CASES = {
    "open_area.tmx": {
        "en": "object b (id 2): is a polyline on layer areas; this layer takes polygon or rectangle objects (line 20)",
        "hu": "„b” objektum (azonosító: 2): ez egy töröttvonal az areas rétegen; ez a réteg ilyen objektumokat fogad: "
              "sokszög vagy téglalap (20. sor)",
        "el": "αντικείμενο b (id 2): είναι τεθλασμένη στο επίπεδο areas· αυτό το επίπεδο δέχεται αντικείμενα: "
              "πολύγωνο ή ορθογώνιο (γραμμή 20)"},
    "unknown_layer_property.tmx": {
        "en": "layer areas: unknown property 'colour' (layers take no properties) (line 16)",
        "hu": "areas réteg: ismeretlen tulajdonság: 'colour' (a rétegeknek nincs tulajdonságuk) (16. sor)",
        "el": "επίπεδο areas: άγνωστη ιδιότητα 'colour' (τα επίπεδα δεν έχουν ιδιότητες) (γραμμή 16)"},
    "doom_offgrid_wall.tmx": {
        "en": "object slanted (id 4): wall segment (32,0)-(32,64) does not lie on grid lines (line 31)",
        "hu": "„slanted” objektum (azonosító: 4): a fal (32,0)-(32,64) szakasza nem a rácsvonalakon fekszik (31. sor)",
        "el": "αντικείμενο slanted (id 4): τμήμα (32,0)-(32,64) (τοίχος): δεν βρίσκεται πάνω σε γραμμές του πλέγματος "
              "(γραμμή 31)"},
    "self_intersecting_area.tmx": {
        "en": "object b (id 2): polygon is self-intersecting (edges (128,0)-(256,128) and (256,0)-(128,64))",
        "hu": "„b” objektum (azonosító: 2): a sokszög önmagát metszi (a (128,0)-(256,128) és a (256,0)-(128,64) él)",
        "el": "αντικείμενο b (id 2): το πολύγωνο τέμνει τον εαυτό του (ακμές (128,0)-(256,128) και (256,0)-(128,64))"},
    "missing_title.tmx": {
        "en": "map: missing required property 'title' (one of gears, doom, level7)",
        "hu": "térkép: hiányzik a kötelező 'title' tulajdonság (ezek egyike: gears, doom, level7)",
        "el": "χάρτης: λείπει η υποχρεωτική ιδιότητα 'title' (ένα από τα gears, doom, level7)"},
    "duplicate_area.tmx": {
        "en": "object a (id 2): area name 'a' is already used by object a (id 1)",
        "hu": "„a” objektum (azonosító: 2): a terület neve, 'a', már foglalt: „a” objektum (azonosító: 1)",
        "el": "αντικείμενο a (id 2): το όνομα 'a' (περιοχή) χρησιμοποιείται ήδη από: αντικείμενο a (id 1)"},
}


@pytest.mark.parametrize("language", ["en", "hu", "el"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_a_broken_maps_layer_and_object_problems_are_in_the_readers_words(name, language):
    i18n.set_language(language)
    said = _problem(name)
    assert f"{DATA / name}: {CASES[name][language]}" in said, said


def test_a_hungarian_run_over_every_broken_map_keeps_no_english_head():
    """Every problem line of every broken test map: the file's name, then Hungarian words (no
    'object', 'layer', 'map:' or '(line' of the English heads)."""
    i18n.set_language("hu")
    for path in sorted(DATA.glob("*.tmx")):
        try:
            load_board(path)
        except MapError as exc:
            for line in str(exc).splitlines():
                assert line.startswith(f"{path}: "), line
                rest = line[len(f"{path}: "):]
                assert not rest.startswith(("object ", "layer ", "map:")) and "(line " not in rest, line


@pytest.mark.parametrize("language,said", [
    ("en", "object a (id 3): a duct runs outside the tile"),
    ("hu", "„a” objektum (azonosító: 3): a csatorna kifut a lapkáról"),
    ("el", "αντικείμενο a (id 3): ένας αγωγός βγαίνει έξω από το πλακίδιο")])
def test_a_check_problem_names_its_object_in_the_readers_words(language, said):
    """The structural checks (checks.py) worded their problem, but its head stayed English:
    'object a (id 3): a csatorna kifut a lapkáról'."""
    from game.board.checks import Problem
    from game.engine.text import M

    i18n.set_language(language)
    problem = Problem("t.tmx", "object a (id 3)", M("a duct runs outside the tile"))
    assert str(problem) == f"t.tmx: {said}"
    assert problem.what == "object a (id 3)"  # the builder reads the name and id from it


def test_a_level7_tile_that_is_not_one_is_refused_in_hungarian():
    from game.level7.board import load_tile

    i18n.set_language("hu")
    with pytest.raises(MapError) as got:
        load_tile(DATA / "good_tile.tmx")
    assert str(got.value) == f"{DATA / 'good_tile.tmx'}: térkép: nem Level 7 lapka (a title 'gears', nem 'level7')"


def test_an_unreadable_number_is_refused_in_hungarian(tmp_path):
    """An object's coordinate that is no number: the gate's number words were English."""
    import re
    import shutil

    shutil.copytree(DATA.parents[1] / "maps" / "tilesets", tmp_path / "maps" / "tilesets")  # '../../maps/tilesets'
    broken = tmp_path / "a" / "b" / "bad_number.tmx"
    broken.parent.mkdir(parents=True)
    text = (DATA / "good_tile.tmx").read_text()
    broken.write_text(re.sub(r'(<object id="1" name="a") x="0"', r'\1 x="abc"', text, count=1))
    i18n.set_language("hu")
    with pytest.raises(MapError) as got:
        load_board(broken)
    assert f"{broken}: " in str(got.value) and "x: ez nem szám: 'abc'" in str(got.value), str(got.value)
