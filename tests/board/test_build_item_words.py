"""The builder's refusals for a Doom item are in the reader's language: a door's or a prop's
value, a figure's marine count and a large figure hanging off the floor ('(4 squares for a
hell_knight)': the monster by its id, in English) were English inside Hungarian and Greek."""
from __future__ import annotations

import pytest

import game.doom.rules.names  # noqa: F401 (Doom's names for the monster)
from game import i18n
from game.board.builder import Builder, BuildError
from game.engine.text import Ref
from tests.board.test_build_items import library, two_pieces  # noqa: F401 (library: a fixture)


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def refused(b: Builder, *args, **kwargs) -> str:
    with pytest.raises(BuildError) as got:
        b.place_item(*args, **kwargs)
    return str(got.value)


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_item_refusals_are_in_the_readers_words(library, lang):
    b = two_pieces(library)
    i18n.set_language(lang)
    english = {"door": "ordinary or security", "figure": "marines or more", "key": "is red, blue",
               "crate": "unknown prop kind"}
    said = {"door": refused(b, "door", (4, 2), "security", vertical=True),
            "figure": refused(b, "figure", (7, 1), "imp", min_marines=4),
            "key": refused(b, "prop", (7, 1), "key:green"),
            "crate": refused(b, "prop", (7, 1), "crate")}
    for what, text in said.items():
        assert english[what] not in text.lower(), (what, text)
    assert "'green'" in said["key"] and "'crate'" in said["crate"]
    b.footprint = lambda monster, cell: [(cell[0] + dx, cell[1] + dy) for dx in (0, 1) for dy in (0, 1)]
    big = refused(b, "figure", (9, 1), "hell_knight")
    name = Ref("doom.monster", "hell_knight").name()
    assert "hell_knight" not in big and name in big and "4" in big, big
