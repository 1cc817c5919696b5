"""game/engine/dice.py: dice from TOML data, rolls from the state's RNG, exact distributions
(rules/gears-of-war.md 6.3 "exact probability distribution of wounds computed from the dice")."""
from __future__ import annotations

import operator
from collections import Counter
from fractions import Fraction as F

import pytest

from game.engine.dice import (Die, Face, at_least, clamp, combine, count, load_dice, mean,
                              outcome_distribution, parse_dice, roll_all, sum_distribution)
from game.engine.rng import Rng
from game.engine.tomldata import DataError
from game.engine.toy import DATA_FILE

D6 = Die("d6", tuple(Face.of({"pips": n}) for n in range(1, 7)))
# A die shaped like the spec's example: 0/1/2 hits and an Omen face (values invented).
BLACK = parse_dice("""
[dice.black]
faces = [{}, {hits = 1}, {hits = 1}, {hits = 2}, {hits = 2}, {omen = 1}]
[dice.red]
faces = [{}, {}, {shields = 1}, {shields = 1}, {shields = 1}, {omen = 1}]
""")


def test_toy_dice_load_from_toml_with_names_and_provenance():
    dice = load_dice(DATA_FILE)
    strike = dice["strike"]
    assert strike.label == "Strike die" and strike.verified is True
    assert [f.name for f in strike.faces] == ["blank", "1 hits", "1 hits", "1 hits", "2 hits", "crit"]
    assert strike.faces[5]["hits"] == 2 and strike.faces[0]["hits"] == 0
    assert strike.symbols == {"hits"}


def test_two_d6_sum_is_the_classic_triangle():
    dist = sum_distribution([D6, D6], "pips")
    assert dist[7] == F(6, 36) and dist[2] == F(1, 36) and dist[12] == F(1, 36)
    assert sum(dist.values()) == 1 and mean(dist) == 7


def test_no_dice_is_zero_for_sure():
    assert sum_distribution([], "hits") == {0: F(1)}


def test_wound_distribution_like_the_gears_worked_example():
    """6.3: wounds = hits (+1 per Omen for the Lancer) - shields, minimum 0; exact fractions."""
    black, red = BLACK["black"], BLACK["red"]
    hits = sum_distribution([black] * 4, lambda f: f["hits"] + f["omen"])
    shields = sum_distribution([red] * 3, "shields")
    wounds = clamp(combine(hits, shields, operator.sub), lo=0)
    assert sum(wounds.values()) == 1 and min(wounds) == 0
    # Cross-check against brute force over all 6**7 rolls via outcome_distribution.
    brute = outcome_distribution([black] * 4 + [red] * 3, lambda faces: max(0, sum(
        f["hits"] + f["omen"] for f in faces[:4]) - sum(f["shields"] for f in faces[4:])))
    assert brute == wounds
    # One black die alone: P(at least 1 hit incl. Omen bonus) = 5/6.
    assert at_least(black.distribution(lambda f: f["hits"] + f["omen"]), 1) == F(5, 6)


def test_outcome_distribution_for_non_sum_rules():
    """Doom-style: damage counts only if no die shows a miss (rules/doom.md, attack roll)."""
    red = parse_dice("[dice.red]\nfaces = [{miss = 1}, {dmg = 1}, {dmg = 2}]")["red"]
    dist = outcome_distribution([red, red], lambda fs: 0 if count(fs, "miss") else count(fs, "dmg"))
    assert dist == {0: F(5, 9), 2: F(1, 9), 3: F(2, 9), 4: F(1, 9)}


def test_rolls_come_from_the_rng_and_match_the_faces():
    rng = Rng(12).stream("dice")
    seen = Counter(f.name for f in roll_all([D6] * 600, rng))
    assert set(seen) == {f"{n} pips" for n in range(1, 7)}
    again = roll_all([D6] * 5, Rng(12).stream("dice"))
    assert [f.name for f in again] == [f.name for f in roll_all([D6] * 5, Rng(12).stream("dice"))]


def test_clamp_moves_mass_onto_bounds():
    assert clamp({-1: F(1, 4), 0: F(1, 4), 3: F(1, 2)}, lo=0, hi=2) == {0: F(1, 2), 2: F(1, 2)}


# --------------------------------------------------------------------- loader errors

def _error(text: str) -> DataError:
    with pytest.raises(DataError) as info:
        parse_dice(text, "data/dice.toml")
    return info.value


def test_negative_count_names_file_key_and_line():
    err = _error("[dice.attack]\nfaces = [\n  {hits = 1},\n  {hits = -1},\n]\n")
    assert str(err) == ("data/dice.toml: dice.attack.faces[1].hits (line 4): count for 'hits' "
                        "must be a whole number >= 0, got -1")


def test_syntax_error_gives_the_tomllib_line():
    err = _error("[dice.attack]\nfaces = [{hits = }]\n")
    assert err.line == 2 and "data/dice.toml" in str(err) and "TOML syntax error" in str(err)


@pytest.mark.parametrize("text, key, words", [
    ("x = 1", "", "no [dice] table"),
    ("[dice]\n", "dice", "defines no dice"),
    ("[dice.a]\nlabel = 'A'\n", "dice.a", "missing `faces`"),
    ("[dice.a]\nfaces = []\n", "dice.a.faces", "non-empty list"),
    ("[dice.a]\nfaces = [1, 2]\n", "dice.a.faces[0]", "a face must be a table"),
    ("[dice.a]\nfaces = [{}]\ncolour = 'red'\n", "dice.a.colour", "unknown key 'colour'"),
    ("[dice.a]\nfaces = [{hits = 1.5}]\n", "dice.a.faces[0].hits", "whole number"),
    ("[dice.a]\nfaces = [{}]\nverified = 'no'\n", "dice.a.verified", "true or false"),
])
def test_schema_errors_name_the_key(text, key, words):
    err = _error(text)
    assert err.key == key and words in err.problem and err.file == "data/dice.toml"


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(DataError, match="nope.toml: file not found"):
        load_dice(tmp_path / "nope.toml")
