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


@pytest.mark.parametrize("lang,said", [("hu", "térkép: ez mappa, nem fájl"), ("el", "χάρτης: αυτό είναι φάκελος, όχι αρχείο")])
def test_a_folder_named_like_a_map_is_called_a_folder(tmp_path, lang, said):
    """A folder 'x.tmx' in the maps folder (the map list offers it) read 'file not found'."""
    (tmp_path / "x.tmx").mkdir()
    i18n.set_language(lang)
    with pytest.raises(MapError) as got:
        load_board(tmp_path / "x.tmx")
    assert str(got.value) == f"{tmp_path / 'x.tmx'}: {said}"


@pytest.mark.parametrize("lang,said", [("hu", "nem olvasható (nincs jogosultság az olvasásához)"),
                                       ("el", "δεν διαβάζεται (δεν υπάρχει δικαίωμα ανάγνωσης)")])
def test_a_map_the_system_will_not_let_us_read_says_why_in_the_readers_words(tmp_path, monkeypatch, lang, said):
    """A map with no read permission (chmod 000; the tests run as root, who may read anything,
    so the refusal is the system's PermissionError raised by open): the reason was the system's
    English 'Permission denied' inside a Hungarian or Greek sentence."""
    import os

    path = tmp_path / "locked.tmx"
    path.write_text('<?xml version="1.0"?>\n<map version="1.10"/>')
    real_open = os.open

    def refusing(file, *args, **kwargs):
        if str(file) == str(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)
    i18n.set_language(lang)
    with pytest.raises(MapError) as got:
        load_board(path)
    assert str(path) in str(got.value) and said in str(got.value) and "Permission" not in str(got.value)


@pytest.mark.parametrize("lang,said", [("en", "(unclosed token)"), ("hu", "(lezáratlan token)"),
                                       ("el", "(μη κλεισμένο σύμβολο)")])
def test_the_parsers_own_reason_is_in_the_readers_words(tmp_path, lang, said):
    """The reason in brackets was expat's English inside a Hungarian or Greek sentence
    ('hibás XML a 4. sor 4. oszlopában (unclosed token)'); the line and column stay."""
    cut = tmp_path / "cut.tmx"
    cut.write_text('<?xml version="1.0"?>\n<map version="1.10">\n<objectgroup name="areas">\n<obj')
    i18n.set_language(lang)
    with pytest.raises(MapError) as got:
        load_board(cut)
    message = str(got.value)
    assert message.endswith(said) and (" 4" in message or "4." in message), message
    assert lang == "en" or "unclosed" not in message, message


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_a_broken_tileset_names_the_parsers_reason_in_the_readers_words(tmp_path, lang):
    """A .tsx with a tag closed by another ('mismatched tag'), read through its map."""
    from game.board.tmx_gate import expat_reason

    tsx = tmp_path / "t.tsx"
    tsx.write_text('<?xml version="1.0"?>\n<tileset name="t" tilewidth="32" tileheight="32" tilecount="1" '
                   'columns="1">\n<image source="t.png" width="32" height="32"></tile>\n</tileset>\n')
    tmx = tmp_path / "m.tmx"
    tmx.write_text('<?xml version="1.0"?>\n<map version="1.10" orientation="orthogonal" width="1" height="1" '
                   'tilewidth="32" tileheight="32">\n<tileset firstgid="1" source="t.tsx"/>\n</map>\n')
    i18n.set_language(lang)
    with pytest.raises(MapError) as got:
        load_board(tmx)
    message = str(got.value)
    assert "mismatched" not in message, message
    assert f"({expat_reason(7)})" in message and expat_reason(7) != "mismatched tag", message


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_every_reason_a_file_can_cause_is_translated(lang):
    from game.board import tmx_gate

    i18n.set_language(lang)
    for code, msgid in tmx_gate._EXPAT_WORDS.items():
        assert tmx_gate.expat_reason(code) != msgid, (lang, code, msgid)
    assert tmx_gate.expat_reason(999).endswith(("999. kód)", "999)"))
