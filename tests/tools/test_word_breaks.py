"""tools/word_breaks.py: the words a table breaks inside, for a review of
game/locale/compounds.toml; and the review of Doom's Hungarian cards kept (a compound breaks
where its members meet, not by syllables: 'tengerész-' 'gyalogos')."""
from __future__ import annotations

# Doom's long Hungarian card words reviewed as single words (or a preverb whose syllable break
# is its joint): no compound of them is missing from compounds.toml. A new card text adds to
# `tools/word_breaks.py --unlisted`; its compounds go into compounds.toml, the rest here.
SINGLE_WORDS = {
    "aktiválódhat", "aktiválódik", "betolakodó", "betolakodója", "biztonsági", "csütörtök", "energiák",
    "erősítés", "folytatná", "gyorsaság", "hatástalan", "kezdetéig", "kijátszhatsz", "kudarcot",
    "következő", "közönséges", "legalább", "legfeljebb", "semmisíts", "szaporodás", "sötétség",
    "teremtményedről", "távolíts", "valamelyik", "zsilipet", "őrjöngés",
}


def test_broken_words_finds_hyphen_dash_and_character_breaks(tool):
    broken_words = tool("word_breaks").broken_words
    source = "minden tengerészgyalogos-támadás és Zombi–tűzördög, Tengerészgyalogos"
    lines = ["minden tengerész-", "gyalogos-", "támadás és Zombi–", "tűzördög, Tengerészgyal", "ogos"]
    assert broken_words(lines, source) == [("tengerészgyalogos-támadás", 9), ("tengerészgyalogos-támadás", 18),
                                           ("Zombi–tűzördög,", 6), ("Tengerészgyalogos", 13)]
    assert broken_words(["a b", "c"], "a b c") == []


def test_doom_hungarian_cards_have_no_unlisted_compound(tool):
    """Zombicsorda, Pokollovag, Kiberdémon, Technogólem, tűzördögpár... broke by syllables where
    a card was narrow enough; each is now listed, and the other long words were reviewed."""
    from game import i18n

    try:
        assert set(tool("word_breaks").unlisted("hu")) == SINGLE_WORDS
    finally:
        i18n.set_language("en")


def test_doom_hungarian_cards_break_compounds_at_their_joints(tool):
    """The cards as the table lays them at 1280x720 (hand and enlarged): every break inside a
    word is at a joint, but in one reviewed single word."""
    from game import i18n
    from game.ui.hyphenate import joints

    try:
        found = tool("word_breaks").doom_breaks([(1280, 720)], "hu")
        i18n.set_language("hu")
        syllables = {word for word, at in found if at not in joints(word)}
    finally:
        i18n.set_language("en")
    assert found and syllables <= {"teremtményedről."}, syllables
