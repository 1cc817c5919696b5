"""A broken map file is named with what is wrong in the reader's language: the Doom set-up list
and the map list showed a Greek or Hungarian table "map: bad XML at line 86, column 2 (unclosed
token)" in English (the parser's own reason in brackets stays as expat words it)."""
from __future__ import annotations

import pytest

from game import i18n
from game.board.model import MapError
from game.board.tmx import load_board


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang,said", [("en", "map: bad XML at line 4, column"),
                                       ("hu", "térkép: hibás XML a 4. sor"),
                                       ("el", "χάρτης: λανθασμένο XML στη γραμμή 4, στήλη")])
def test_a_cut_map_is_refused_in_the_readers_words(tmp_path, lang, said):
    cut = tmp_path / "cut.tmx"
    cut.write_text('<?xml version="1.0"?>\n<map version="1.10">\n<objectgroup name="areas">\n<obj')
    i18n.set_language(lang)
    with pytest.raises(MapError) as got:
        load_board(cut)
    assert str(cut) in str(got.value) and said in str(got.value), str(got.value)


@pytest.mark.parametrize("lang,said", [("hu", "a fájl nem található"), ("el", "το αρχείο δεν βρέθηκε")])
def test_a_missing_map_is_named_in_the_readers_words(tmp_path, lang, said):
    i18n.set_language(lang)
    with pytest.raises(MapError) as got:
        load_board(tmp_path / "gone.tmx")
    assert str(got.value).endswith(said)
