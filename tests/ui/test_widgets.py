"""widgets.wrap's options: a narrower first line (a lesson's title beside its step count) and
words kept whole (a title's word is never split by characters), cut with an ellipsis only when
no line holds it."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import widgets  # noqa: E402


@pytest.fixture
def font():
    pygame.font.init()
    return pygame.font.Font(None, 24)


def _fits(lines, font, first, width):
    return all(font.size(line)[0] <= (first if i == 0 else width) for i, line in enumerate(lines))


def test_the_first_line_takes_its_own_width_and_the_others_the_full_width(font):
    text = "Moving, exploring and placing tiles in the dark corridors"
    width = font.size("Moving, exploring and placing")[0] + 2
    first = font.size("Moving, exploring")[0] + 2
    lines = widgets.wrap(text, font, width, first=first)
    assert lines[0] == "Moving, exploring"
    assert lines[1].startswith("and placing")
    assert _fits(lines, font, first, width)
    assert " ".join(lines) == text
    # without `first` every line has the full width, as before
    assert widgets.wrap(text, font, width)[0] == "Moving, exploring and placing"
    assert widgets.wrap(text, font, width) == widgets._wrap(text, font, width)


def test_a_word_too_long_for_its_line_goes_whole_to_the_next(font):
    width = font.size("Pókmutáns támadása")[0] + 2
    first = font.size("Pók")[0]  # no word fits beside the count
    kept = widgets.wrap("Pókmutáns támadása", font, width, first=first, break_words=False)
    assert kept == ["", "Pókmutáns támadása"]
    broken = widgets.wrap("Pókmutáns támadása", font, width, first=first)
    assert len(broken[0]) < len("Pókmutáns") and broken[0] and "Pókmutáns".startswith(broken[0])  # split by characters
    # mid-text: the word that does not fit the rest of a line starts the next one whole
    narrow = font.size("Mozgás és felfedezés")[0] + 2
    lines = widgets.wrap("Mozgás és felfedezés a sötétben", font, narrow, break_words=False)
    assert lines == ["Mozgás és felfedezés", "a sötétben"]


def test_a_word_wider_than_every_line_is_cut_with_an_ellipsis(font):
    width = font.size("Σύντομο")[0] + 2
    word = "Εξερευνώντας"
    assert font.size(word)[0] > width
    lines = widgets.wrap(f"Σύντομο {word} τέλος", font, width, break_words=False)
    assert lines[0] == "Σύντομο"
    assert lines[1] == widgets.elide(word, font, width) and lines[1].endswith("\u2026")
    assert lines[2:] == ["τέλος"]
    assert _fits(lines, font, width, width)
    # the default still breaks it by characters, nothing lost
    assert "".join(widgets.wrap(word, font, width)) == word


def _language(code):
    from game import i18n

    i18n.set_language(code)


def test_a_hyphenated_wrap_breaks_a_long_word_between_syllables_or_after_its_dash(font):
    """A card's rules text (hyphenate=True): the Hungarian 'tengerészgyalogos-támadás' on a 56 px
    hand card read 'tengerészgyal' 'ogos-támadá' 's hatótávja' (broken by characters). Now each
    line ends at a hyphenation point with a hyphen, or after the word's own dash, and the lines
    read as the text again."""
    from game.ui.hyphenate import syllable_cuts

    _language("hu")
    try:
        word = "tengerészgyalogos-támadás"
        width = font.size("tengerészgy")[0]
        lines = widgets.wrap(f"minden {word} hatótávja", font, width, hyphenate=True)
        assert _fits(lines, font, width, width)
        pieces = [line for line in lines if line not in ("minden", "hatótávja")]
        assert len(pieces) >= 2
        for line in pieces[:-1]:
            assert line.endswith("-"), lines
        # every break is one the Hungarian patterns allow, or the dash of the word itself, and
        # the lines read as the word again
        allowed = set(syllable_cuts("tengerészgyalogos")) | {len("tengerészgyalogos-")} \
            | {len("tengerészgyalogos-") + c for c in syllable_cuts("támadás")}
        at = 0
        for line in pieces[:-1]:
            own_dash = word[at:at + len(line)] == line  # ends with the word's '-'
            piece = line if own_dash else line[:-1]
            assert word.startswith(piece, at), (line, lines)
            at += len(piece)
            assert at in allowed, (line, lines)
        assert word[at:] == pieces[-1]
        # without hyphenate: by characters, as before (a path, a name of a file)
        assert "".join(widgets.wrap(word, font, width)) == word
    finally:
        _language("en")


def test_a_compound_breaks_where_its_members_meet(font):
    """'tengerészgyalogos' (marine) was broken 'tengerészgyalo-' 'gos': Pyphen's Hungarian
    patterns know syllables, not compounds, and the wrap took the longest start that fitted. A
    listed compound (game/locale/compounds.toml) breaks where its members meet when that fits,
    suffixes and all ('tengerészgyalogosoknak'); the syllables still serve where it does not."""
    from game.ui.hyphenate import joint_cuts

    _language("hu")
    try:
        assert joint_cuts("Tengerészgyalogosoknak") == [9] and joint_cuts("lángszóró") == []
        for word in ("tengerészgyalogos", "tengerészgyalogosoknak"):
            width = font.size("tengerészgyalo-")[0]  # room for the syllable break after 'gyalo'
            lines = widgets.wrap(f"a {word}", font, width, hyphenate=True)
            assert lines[:2] == ["a", "tengerész-"] and "".join(lines[2:]) == word[9:], lines
        narrow = font.size("tenge-")[0]  # 'tengerész-' does not fit: a syllable break still does
        lines = widgets.wrap("tengerészgyalogos", font, narrow, hyphenate=True)
        assert lines[0] == "tenge-" and _fits(lines, font, narrow, narrow), lines
    finally:
        _language("en")


def test_a_compound_with_a_lengthened_final_vowel_still_breaks_at_its_joint(font):
    """Hungarian writes a word's final a or e as á or é before a suffix: the Doom card's
    'ivadékkártyát' did not match the listed 'ivadék-kártya' and broke by syllables."""
    from game.ui.hyphenate import joint_cuts

    _language("hu")
    try:
        assert joint_cuts("ivadékkártyát") == [6] and joint_cuts("Zombicsordát") == [5]
        assert joint_cuts("ivadékkártya") == [6]
        width = font.size("ivadékkár-")[0]
        assert widgets.wrap("ivadékkártyát", font, width, hyphenate=True)[0] == "ivadék-"
    finally:
        _language("en")


def test_a_broken_compound_list_leaves_the_syllable_breaks(font, tmp_path, monkeypatch):
    """Hostile files: game/locale/compounds.toml broken, or its words not a list of words, only
    costs the compound joints (a warning says so); the text is still wrapped by syllables. A
    DataError out of the wrap had stopped the program while it drew a card."""
    from game.ui import hyphenate

    _language("hu")
    try:
        for text in ("[hu]\nwords = [\n", "[hu]\nwords = [1, 2]\n"):
            bad = tmp_path / "compounds.toml"
            bad.write_text(text)
            monkeypatch.setattr(hyphenate, "COMPOUNDS", bad)
            hyphenate._compounds.cache_clear()
            assert hyphenate.joint_cuts("tengerészgyalogos") == []
            narrow = font.size("tenge-")[0]
            lines = widgets.wrap("tengerészgyalogos", font, narrow, hyphenate=True)
            assert lines[0] == "tenge-" and "".join(x.rstrip("-") for x in lines) == "tengerészgyalogos"
    finally:
        hyphenate._compounds.cache_clear()
        _language("en")


def test_fitted_font_tries_the_smallest_size_for_whole_words():
    """'Spawn: 1 Cyberdemon' on a 56 px hand card was drawn at the largest size with
    'Cyberde' 'mon', though the smallest size allowed holds the word whole: the loop stopped
    one size short of `smallest`."""
    from types import SimpleNamespace

    pygame.font.init()
    fonts = {}

    def make(size):
        return fonts.setdefault(size, pygame.font.Font(None, size))

    ctx = SimpleNamespace(assets=SimpleNamespace(font=make))
    word = "Cyberdemon"
    smallest = next(n for n in range(10, 30) if make(n).size(word)[0] < make(n + 1).size(word)[0])
    width = make(smallest).size(word)[0]
    assert make(smallest + 1).size(word)[0] > width  # whole only at the smallest size
    got = widgets.fitted_font(ctx, f"Spawn: 1 {word}", pygame.Rect(0, 0, width, 400), 30, smallest)
    assert got is make(smallest)


def test_a_title_beginning_with_its_scenario_keeps_its_last_field(font):
    """Doom's toolbar at 125% in 1280x720 in Hungarian read 'Térdig vérben gázolva  •  1. kör
    •…', Gears' Greek one 'Οδοφράγματα  •  Στάδιο 1…': their scenario's name is the first
    field, and only a middle one was cut. The longest field but the last is cut; the turn or
    the frags at the end stay whole."""
    sep = "  \u2022  "
    title = sep.join(["Térdig vérben gázolva", "1. kör", "0/6 gyilokpont"])
    width = font.size(title)[0] * 3 // 4
    shown = widgets.elide_middle(title, font, width)
    assert font.size(shown)[0] <= width and shown.endswith(sep + "1. kör" + sep + "0/6 gyilokpont"), shown
    assert shown.startswith("Térdig") and "\u2026" in shown


def test_a_title_with_no_room_for_its_longest_field_leaves_it_out(font):
    """Gears' Greek toolbar at 125% in 1280x720 read 'Οδοφράγματα  •  Στάδιο 1/…': too little
    room was left to cut the mission's name, and the title was cut at its end, the stage and
    turn lost. The name (in the Stage section too) is left out; the others stay whole."""
    sep = "  \u2022  "
    title = sep.join(["Oodofragmata", "Stadio 1/2", "Seira 3"])
    rest = sep.join(["Stadio 1/2", "Seira 3"])
    width = font.size(rest)[0] + font.size("\u2026")[0] * 2
    assert widgets.elide_middle(title, font, width) == rest
    assert widgets.elide_middle(title, font, font.size(rest)[0] - 1).endswith("\u2026")  # narrower: cut at the end


def test_a_title_with_no_room_for_its_scenario_keeps_the_turn_and_the_frags(font):
    """Doom's Greek toolbar at 125% in 1280x720, beside 'Αποφασίζει: Κόκκινος πεζοναύτης', read
    'Ως τα γόνατα στους ν…': too little room was left for the scenario's name, and the whole
    title was cut at its end, the round and the frags gone. The name is left out instead."""
    sep = "  \u2022  "
    rest = sep.join(["Γύρος 1", "0/6 φόνοι"])
    title = sep.join(["Ως τα γόνατα στους νεκρούς", rest])
    width = font.size(rest)[0] + font.size("\u2026")[0] * 2
    assert widgets.elide_middle(title, font, width) == rest
