"""A marker's kind inside a map problem is in the reader's language: 'a (200,64) pont (figure)'
and 'δεύτερο εικονίδιο control_panel' read the kind as the map file writes it, in English."""
from __future__ import annotations

import dataclasses

import pytest

from game import i18n
from game.board.checks import check_board
from game.board.model import Marker, point
from game.board.tmx import load_board
from tests.board.conftest import DATA, MAPS


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang,words", [("hu", ("figura", "hordó", "felbukkanási lyuk")),
                                        ("el", ("φιγούρα", "βαρέλι", "τρύπα ανάδυσης"))])
def test_a_marker_outside_its_area_is_named_in_the_readers_words(lang, words):
    board = load_board(DATA / "good_tile.tmx")
    board.markers = tuple(Marker(kind, f"marker{i}", 40 + i, point(200, 64), "a")
                          for i, kind in enumerate(("figure", "barrel", "emergence")))
    i18n.set_language(lang)
    messages = [str(p) for p in check_board(board)]
    for i, (kind, word) in enumerate(zip(("figure", "barrel", "emergence"), words)):
        said = next(m for m in messages if f"marker{i}" in m)
        assert f"({word})" in said and kind not in said, said


@pytest.mark.parametrize("lang,word", [("hu", "egy második irányító pult ikon"), ("el", "εικονίδιο πίνακας ελέγχου")])
def test_a_second_icon_on_a_level7_tile_is_named_in_the_readers_words(lang, word):
    path = next(p for p in sorted((MAPS / "level7").rglob("*.tmx"))
                if any(f.kind == "icon" and f.properties.get("kind") == "control_panel" for f in load_board(p).features))
    board = load_board(path)
    panel = next(f for f in board.features if f.kind == "icon" and f.properties.get("kind") == "control_panel")
    board.features = board.features + (dataclasses.replace(panel, name="again", object_id=999),)
    i18n.set_language(lang)
    said = next(str(p) for p in check_board(board) if "again" in str(p))
    assert word in said and "control_panel" not in said, said
