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
