"""Gears tile and area names are ours (the rulebook's tiles have none: tools/make_gears_tiles.py
wrote them into maps/gears/tiles/*.tmx), and a player reads them in the game's language: the
extractor puts every tile's name and each area's name in words into the catalogues (msgctxt
"gears place"), and the table words an area id ("3B:burial_cells") with them wherever it names
one. Before, a Hungarian game read "Lambent Wretch, itt: Burial cells (3B)"."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from game import i18n
from game.board.model import slug_words
from game.board.tmx import load_board
from game.engine.session import Session
from game.engine.text import as_text
from game.gears.rules.names import PLACE, place
from game.gears.rules.title import GearsTitle
from game.i18n_extract import extract_gears_tiles
from game.ui.gears import choices, words

TILES = sorted((Path(__file__).resolve().parents[2] / "maps" / "gears" / "tiles").glob("*.tmx"))
AREA_ID = re.compile(r"\b(\d+[AB]):([a-z][a-z0-9_]*)\b")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def real():
    return GearsTitle()


def _names_of(path: Path) -> set[str]:
    board = load_board(path)
    return ({str(board.properties["name"])} | {a.words for a in board.areas.values()}
            | {slug_words(c.name) for c in board.connectors})


def test_the_extractor_gives_every_tile_name_and_area_under_the_places_context():
    assert len(TILES) == 34
    for path in TILES:
        with path.open("rb") as f:
            found = list(extract_gears_tiles(f, None, None, {}))
        names = [msg for _line, func, msg, _c in found if func == "pgettext"]
        assert all(ctx == PLACE for ctx, _name in names)
        assert {name for _ctx, name in names} == _names_of(path)
        assert [msg for _line, func, msg, _c in found if func is None] == [load_board(path).properties["flavour"]]


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_every_tile_and_area_has_a_name_in_the_language(lang):
    """Each name has its own entry under the places' context (not the plain msgid another title
    translates otherwise: Convoy's Bunker card), translated; the tile id stays as it is."""
    i18n.set_language(lang)
    missing = [name for path in TILES for name in sorted(_names_of(path))
               if i18n.translate(f"{PLACE}\x04{name}") in (f"{PLACE}\x04{name}", "")]
    assert missing == []
    flavours = [str(load_board(path).properties["flavour"]) for path in TILES]  # the map viewer's line
    assert [f for f in flavours if i18n.translate(f) == f] == []
    assert words.area("3B:burial_cells") == f"{place('Burial cells')} (3B)" != "Burial cells (3B)"


def _area_ids(text: str) -> set[tuple[str, str]]:
    return {(m.group(1), m.group(2)) for m in AREA_ID.finditer(text)}


@pytest.mark.parametrize("lang,mission,players,seed", [("hu", "emergence", 2, 1), ("el", "china_shop", 2, 2)])
def test_a_game_names_its_areas_in_the_language(real, lang, mission, players, seed):
    """The log lines, the questions' prompts and the buttons of a game in Hungarian and in Greek:
    every area the rules name reads in that language, none in English."""
    i18n.set_language(lang)
    session = Session.start(real, mission, seed, {"players": players})
    rng = random.Random(seed)
    shown: list[tuple[str, str]] = []  # (the rules' text with ids, as the table words it)

    def read(text) -> None:
        raw = as_text(text)
        shown.append((raw, words.pretty(raw, session.state, real.content)))

    for _ in range(200):
        if session.is_over():
            break
        actions = session.legal_actions()
        for a in actions:
            raw = choices.label(session.state, real.content, a)
            shown.append((raw, words.pretty(raw, session.state, real.content)))
        pending = (session.state.proc or {}).get("pending") or {}
        if pending.get("prompt"):
            read(pending["prompt"])
        session.apply(rng.choice(actions))
    for e in session.log:
        read(e.event.text)
    named = 0
    for raw, text in shown:
        for tile, slug in _area_ids(raw):
            hole = session.state.holes.get(f"{tile}:{slug}")  # an emergence hole: named by its area
            if hole is not None:
                tile, _sep, slug = hole["area"].partition(":")
            base = re.sub(r"_cover\d+$", "", slug)  # a cover spot: its area's name and number
            english, ours = slug_words(base), place(slug_words(base))
            assert ours != english or english == "Bunker", (raw, english)  # a word Hungarian writes alike
            assert f"{ours} ({tile})" in text, (raw, text)
            assert ours == english or f"{english} ({tile})" not in text, (raw, text)
            # Greek: a place name takes its own gender's article, so a sentence says "in the area
            # X" ("στην περιοχή Αίθουσα έκθεσης"), never the neuter "στο Αίθουσα έκθεσης" it said
            # of the English names.
            assert not re.search(rf"(?:\bστο|\bτο|\bΤο) {re.escape(ours)} \(", text), (raw, text)
            named += 1
    assert named > 50


def test_a_dropped_weapon_names_its_area_in_the_language():
    """The rules word a dropped weapon's option "The hammerburst dropped in 9a:gatehouse" (the
    whole label after its first letter in lower case, as the state has always held it): the
    table reads the area in that id too, not the id."""
    i18n.set_language("hu")
    text = words.pretty("The hammerburst dropped in 9a:gatehouse", None, GearsTitle().content)
    assert text.endswith(f"{place('Gatehouse')} (9A)") and "9a:" not in text
