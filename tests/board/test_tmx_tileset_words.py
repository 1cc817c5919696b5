"""A map's tileset and image problems are said in the reader's language, with the map file's
name: check-map and the set-up and map lists gave a Hungarian or Greek reader "tileset t.tsx:
image art.png: is not a PNG image ..." in English (only the layer and object lines were
translated), and a tileset file with broken XML stopped the load with an IndexError in any
language but English (its line was cut at the English word ': map: ')."""
from __future__ import annotations

import pytest

from game import i18n
from game.board.model import MapError
from game.board.tmx import load_board
from tests.board.test_tmx_gate import map_with_image, png_bytes


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


NOT_PNG = {
    "en": "is not a PNG image (Tiletop's tilesets use PNG; its first bytes are not a PNG signature)",
    "hu": "nem PNG-kép (a Tiletop lapkakészletei PNG-t használnak; az első bájtjai nem PNG-aláírás)",
    "el": "δεν είναι εικόνα PNG (τα σύνολα πλακιδίων του Tiletop είναι PNG· τα πρώτα της byte δεν είναι υπογραφή PNG)",
}
WRONG_SIZE = {
    "en": "image art.png is 256x256 pixels but the tileset says 512x256",
    "hu": "Az art.png kép 256x256 képpont, de a lapkakészlet szerint 512x256",
    "el": "η εικόνα art.png είναι 256x256 εικονοστοιχεία, αλλά το σύνολο πλακιδίων λέει 512x256",
}
TILESET_WORD = {"en": "map: tileset", "hu": "térkép: {tsx} lapkakészlet", "el": "χάρτης: σύνολο πλακιδίων"}


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_a_broken_tileset_image_is_named_in_the_readers_language(tmp_path, lang):
    from game.board.commands import check_map

    i18n.set_language("en")
    path = map_with_image(tmp_path, b"GIF89a not a png")
    load_board(path)  # read once in English: the image's problem is cached, its words are not
    i18n.set_language(lang)
    lines = load_board(path).art_problems
    assert len(lines) == 1 and lines[0].startswith(f"{path}: ")
    assert f": {NOT_PNG[lang]} " in lines[0]
    assert TILESET_WORD[lang].format(tsx=tmp_path / "t.tsx") in lines[0]
    assert check_map(str(path))[0] == lines[0]


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_an_image_of_another_size_is_said_in_the_readers_language(tmp_path, lang):
    i18n.set_language(lang)
    path = map_with_image(tmp_path, png_bytes(256, 256))
    (line,) = load_board(path).art_problems
    assert line.startswith(f"{path}: ") and WRONG_SIZE[lang] in line, line


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_a_tileset_file_with_bad_xml_is_a_map_problem_in_every_language(tmp_path, lang):
    i18n.set_language(lang)
    path = map_with_image(tmp_path, png_bytes(512, 256))
    (tmp_path / "t.tsx").write_text('<?xml version="1.0"?>\n<tileset name="x" tilewidth="64"\n')
    with pytest.raises(MapError) as got:
        load_board(path)
    first = got.value.problems[0]
    assert first.startswith(f"{path}: " + i18n._("map") + ": ")
    assert i18n._("map") + ": " + i18n._("map") not in first
    if lang != "en":
        assert "bad XML" not in first and "tileset" not in first.split(str(tmp_path / "t.tsx"))[0][len(str(path)):]
