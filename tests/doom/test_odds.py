"""game/doom/rules/odds.py: exact attack odds from the dice faces (spec doom.md 11.D, Appendix A),
checked against the rules' own hit test on stacked rolls and against the spec's sanity figures."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

from game.doom.content import shared_content
from game.doom.rules.odds import expected_wounds, hit_chance, wound_distribution


def brute(pool, distance, armour, accuracy=0, deadly=0, melee=False):
    c = shared_content()
    faces = [c.dice[d].faces for d in pool]
    out: dict[int, Fraction] = {}
    total = 0
    for combo in product(*faces):
        total += 1
        hit = not any(f["miss"] for f in combo) and (melee or sum(f["range"] for f in combo) + accuracy >= distance)
        w = (sum(f["damage"] for f in combo) + deadly) // armour if hit else 0
        out[w] = out.get(w, 0) + 1
    return {w: Fraction(n, total) for w, n in sorted(out.items())}


def test_pistol_hits_at_distance_4_five_times_in_six():
    """Spec Appendix A: with the placeholder faces the pistol hits at distance 4 about 83%."""
    assert hit_chance(("yellow", "green"), 4) == Fraction(5, 6)


def test_distributions_equal_a_brute_force_count():
    for pool, dist, armour, acc, deadly, melee in [
        (("yellow", "green"), 4, 3, 0, 0, False),  # the seed's pistol against a demon (p. 8)
        (("red", "blue"), 1, 2, 0, 0, True),  # a zombie's melee against a marine
        (("yellow", "red", "green", "blue"), 6, 2, 0, 1, False),  # the cyberdemon
        (("yellow", "green", "blue"), 7, 1, 1, 0, False),  # the machine gun, Accuracy 1
    ]:
        got = wound_distribution(pool, dist, armour, acc, deadly, melee)
        assert got == brute(pool, dist, armour, acc, deadly, melee)
        assert sum(got.values()) == 1


def test_melee_ignores_distance_and_misses_only_on_the_miss_face():
    """Seed p. 10: a melee attack fails only on a miss."""
    assert hit_chance(("red", "blue"), 1, melee=True) == Fraction(5, 6)
    assert hit_chance(("blue",), 1, melee=True) == 1


def test_more_armour_never_means_more_wounds():
    for armour in range(1, 5):
        assert expected_wounds(("red", "blue", "blue"), 1, armour + 1, melee=True) <= \
            expected_wounds(("red", "blue", "blue"), 1, armour, melee=True)
