"""The maps' own names and descriptions in the reader's language: the "Open a map" list and the
map viewer showed every shipped map's name ("P1 Knee-Deep in the Dead", "Ruined Plaza") and
the sentence under it as the file writes it, in English, at a Hungarian or Greek table. They
are in the catalogues now (game/i18n_extract.py extract_map_words, the Doom pieces' and Level 7
tiles' extractors), each name under its game's context (maplist.shown_name)."""
from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n
from game.board.tmx import load_board
from game.ui.maplist import find_maps, map_heading, shown_name

MAPS = Path(__file__).resolve().parents[2] / "maps"

NAMES = {("maps/doom/p1_knee_deep.tmx", "hu"): "P1 Térdig vérben gázolva",
         ("maps/doom/p1_knee_deep.tmx", "el"): "P1 Ως τα γόνατα στους νεκρούς",
         ("maps/gears/sample_1A.tmx", "hu"): "Romos tér",
         ("maps/gears/sample_1A.tmx", "el"): "Ερειπωμένη πλατεία",
         ("maps/custom/red_key_outpost.tmx", "hu"): "Vöröskulcsos előőrs"}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.untranslated()


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_every_shipped_map_is_named_and_described_in_the_readers_language(lang):
    i18n.set_language(lang)
    maps = find_maps(MAPS)
    assert len(maps) > 50
    english = []
    for path in maps:
        name, title = map_heading(path)
        if shown_name(name, title) == name:
            english.append(f"{path.name}: {name}")
        flavour = str(load_board(path).properties.get("flavour") or "")
        if flavour and i18n.translate(flavour) == flavour:
            english.append(f"{path.name}: {flavour}")
    assert english == []
    for (rel, want_lang), want in NAMES.items():
        if want_lang == lang:
            assert shown_name(*map_heading(MAPS.parent / rel)) == want


def test_a_users_map_keeps_its_own_name():
    i18n.set_language("hu")
    assert shown_name("My own base", "doom") == "My own base"
    assert shown_name("My own base", "") == "My own base"


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_the_doom_set_up_names_a_built_map_in_the_readers_language(lang):
    """The Doom set-up's "Built maps" rows and the chosen scenario's line named the shipped
    built maps ("Red key outpost") in English."""
    from game.doom.content import load_content
    from game.doom.custom import built_maps
    from game.ui.doom import words

    i18n.set_language(lang)
    built = [b for b in built_maps(load_content(), MAPS) if b.scenario is not None]
    assert built
    for b in built:
        assert shown_name(b.name, "doom") != b.name
        assert words.scenario(b.scenario) == shown_name(b.name, "doom")
