"""A number with a fraction is written as its reader writes it: '29,2%' in Hungarian and Greek,
'29.2%' in English (text.Number). The Gears attack preview showed 'Health 3: 29.2% to kill it'
and 'expected 1.76' in a Greek table."""
from __future__ import annotations

import pytest

from game import i18n
from game.engine.text import M, number


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


@pytest.mark.parametrize("lang,sep", [("en", "."), ("hu", ","), ("el", ",")])
def test_a_float_parameter_and_a_template_number_use_the_readers_separator(language, lang, sep):
    language(lang)
    assert str(M("{gap:.1f}", gap=0.53)) == f"0{sep}5"
    assert "{p:.1f}% / {e:.2f}".format(p=number(29.166), e=number(1.756)) == f"29{sep}2% / 1{sep}76"
    assert "{k:.0%}".format(k=number(0.5)) == "50%"  # no fraction, nothing to change
    assert M("{gap:.1f}", gap=0.53).english() == "0.5"  # hashes and reports stay in English


def test_the_attack_previews_numbers_in_greek(language):
    language("el")
    got = i18n._("Health {n}: {p:.1f}% to kill it").format(n=3, p=number(29.166))
    assert "29,2%" in got and "29.2" not in got
