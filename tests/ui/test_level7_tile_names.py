"""Level 7's tiles named in the rulebook's own words on the Hungarian table: the seed (shared/seeds/
001_…, p. 2 TARTALOM and p. 8) calls the starting tile "tartályfarm", its back "légzsilip", the
exit "A-lift", the other two-sided tile "B-lift/szervíz alagút", and the Hospital "kórház". The
Hungarian table, its log and its tile card wrote "Tank Farm", "A-Lift", "Maintenance Tunnel"
(the catalogue kept the English), and the tile card under the pointer named its tile in English
in every language ("Hospital" on the Greek table, whose band read "Νοσοκομείο"). The names are
presentation only: the state and its hash hold the tile ids."""
from __future__ import annotations

import pytest

from game import i18n
from game.engine.text import M, as_text
from game.i18n import pgettext
from game.level7.rules.names import tile_name
from tests.ui.conftest import move
from tests.ui.test_level7_play import start_game

RULEBOOK_HU = {"tank_farm": "Tartályfarm", "airlock": "Légzsilip", "T01": "A-lift", "b_lift": "B-lift",
               "maintenance_tunnel": "Szervíz alagút", "hospital": "Kórház"}


@pytest.fixture
def hungarian():
    i18n.set_language("hu")
    try:
        yield
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("tile,words", sorted(RULEBOOK_HU.items()))
def test_the_hungarian_log_names_a_tile_in_the_rulebooks_words(hungarian, tile, words):
    assert as_text(tile_name(tile)) == words
    line = as_text(M("Move to {tile}", tile=tile_name(tile)))
    assert words in line, line


def _hover_own_tile(make_app):
    app, table = start_game(make_app)
    tile = table.state.player.tile
    move(table._screen_rect(table._tile_rect(tile)).center)
    app.run(max_frames=1)
    assert table.hover_tile == tile == "tank_farm"
    return app, table


def test_the_hungarian_table_names_the_tank_farm_tartalyfarm(make_app, config_dir, drawn_text):
    """The tile's band on the map and the card under the pointer both say "Tartályfarm"."""
    app, table = _hover_own_tile(make_app)
    i18n.set_language("hu")
    try:
        _hungarian_frame(app, table, drawn_text)
    finally:
        i18n.set_language("en")


def _hungarian_frame(app, table, drawn_text):
    drawn_text.clear()
    app._force_redraw = True
    app.draw(app.screen)
    assert "Tartályfarm" in drawn_text, [t for t in drawn_text if "Tank" in t or "artály" in t]
    assert "Tank Farm" not in drawn_text
    _rect, name, _lines = table._tile_card()
    assert name == "Tartályfarm"


def test_the_tile_card_names_its_tile_as_the_band_does_in_every_language(make_app, config_dir):
    app, table = _hover_own_tile(make_app)
    try:
        for lang in ("en", "hu", "el"):
            i18n.set_language(lang)
            _rect, name, _lines = table._tile_card()
            assert name == pgettext("level7", table.tiles["tank_farm"].name) == as_text(tile_name("tank_farm"))
        i18n.set_language("el")  # the Greek catalogue's word for the Hospital, not the English
        table.hover_tile = "hospital"
        _rect, name, _lines = table._tile_card()
        assert name == "Νοσοκομείο"
    finally:
        i18n.set_language("en")


def test_the_names_do_not_reach_the_state(make_app, config_dir):
    """The same game started on a Hungarian and on an English table has the same state hash."""
    got = []
    for lang in ("hu", "en"):
        i18n.set_language(lang)
        try:
            _app, table = start_game(make_app)
            got.append((list(table.session.actions), table.session.state_hash()))
        finally:
            i18n.set_language("en")
    assert got[0] == got[1]


@pytest.mark.parametrize("language", ["hu", "el"])
def test_every_tile_is_named_in_the_readers_language(language):
    """Only the tiles the Hungarian rulebook names (and Checkpoint, an event's word too) read in
    Hungarian; the other forty and more kept their printed English ('Corridor 101-A', 'Boiler
    Room') in Hungarian and Greek: the log, the tile bands and the tile card. The names are ours
    (the seed prints none), so they are translated like Gears' tile and area names: every tile's
    name differs from the English in both languages, and the lessons and scenario texts there
    name the tiles as the table does (no English tile name left in them)."""
    import re

    from game.level7.rules.maps import shared_tiles

    tiles = shared_tiles()
    i18n.set_language(language)
    try:
        english = sorted({t.name for t in tiles.values() if t.name})
        untranslated = [t.name for t in tiles.values() if t.name and as_text(tile_name(t.id)) == t.name]
        assert untranslated == [], untranslated
        texts = _level7_texts(language)
        left = [(name, text) for text in texts for name in english
                if re.search(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", text)]
        assert left == [], left[:3]
    finally:
        i18n.set_language("en")


def _level7_texts(language: str) -> list[str]:
    """The catalogue's words for Level 7's lessons, rules reference, scenarios and components."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    import game

    po = Path(game.__file__).parent / "locale" / language / "LC_MESSAGES" / "tiletop.po"
    with po.open("rb") as f:
        catalogue = read_po(f)
    places = ("game/level7/lessons/", "game/level7/rules_reference.toml", "game/level7/data/scenarios.toml",
              "game/level7/data/components.toml")
    return [m.string for m in catalogue if isinstance(m.string, str) and m.string
            and any(loc.startswith(places) for loc, _line in m.locations)]


def test_a_greek_sentence_names_a_tile_after_the_word_tile():
    """The Greek tiles have names of every gender ('Ο Διάδρομος 103', 'Η Αίθουσα ελέγχου', 'Το
    Αρχείο'), and a sentence's article before the name was neuter, written for the English names
    ('πηγαίνει στο Διάδρομος 103', 'Το Κόμβος 108 τοποθετείται'). As Gears' areas ('στην περιοχή
    {area}'), the name stands after 'πλακίδιο', whose article and case the sentence gives."""
    import re

    from babel.messages.pofile import read_po

    import game

    po = __import__("pathlib").Path(game.__file__).parent / "locale" / "el" / "LC_MESSAGES" / "tiletop.po"
    with po.open("rb") as f:
        catalogue = read_po(f)
    bare = re.compile(r"(?<!\w)(?:στο|Στο|το|Το|του|Του|στον|στην) \{(?:tile|stop)\}")
    wrong = [s for m in catalogue if m.id and any("level7" in path for path, _line in m.locations)
             for s in ([m.string] if isinstance(m.string, str) else m.string) if bare.search(s)]
    assert wrong == [], wrong[:3]
