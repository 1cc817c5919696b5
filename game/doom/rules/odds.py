"""Exact attack odds from the dice faces (spec doom.md 11.D "Exact dice tables"): the chance an
attack hits at a distance and the distribution of wounds it deals against an armour, as
Fractions, by enumerating every face combination of the pool (at most 6**6) with
game/engine/dice.outcome_distribution. For previews ("62% to wound"), bots and tests; the rules
themselves roll the dice.

The hit test and the damage are those of rules/attack.py: any miss fails; otherwise range +
Accuracy >= distance (melee: range ignored); wounds = (damage + Deadly) // armour.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from game.doom.content import DoomContent, shared_content
from game.engine.dice import outcome_distribution


@lru_cache(maxsize=512)
def _outcomes(pool: tuple[str, ...], content: DoomContent) -> dict[tuple[bool, int, int], Fraction]:
    """(any miss, range total, damage total) -> probability, for one pool of dice (cached per
    pool; DoomContent hashes by identity)."""
    dice = [content.dice[d] for d in pool]
    return outcome_distribution(
        dice, lambda fs: (any(f["miss"] for f in fs), sum(f["range"] for f in fs), sum(f["damage"] for f in fs)))


def _table(pool: tuple[str, ...], content: DoomContent | None) -> dict[tuple[bool, int, int], Fraction]:
    return _outcomes(tuple(pool), content or shared_content())


def hit_chance(pool: tuple[str, ...], distance: int, accuracy: int = 0, melee: bool = False,
               content: DoomContent | None = None) -> Fraction:
    """P(no miss and range + accuracy >= distance); melee ignores the range (spec 6.4, 6.5)."""
    return sum((p for (miss, rng, _), p in _table(pool, content).items()
                if not miss and (melee or rng + accuracy >= distance)), Fraction(0))


def wound_distribution(pool: tuple[str, ...], distance: int, armour: int, accuracy: int = 0, deadly: int = 0,
                       melee: bool = False, content: DoomContent | None = None) -> dict[int, Fraction]:
    """Wounds -> probability for one attack on one target (a failed attack deals 0)."""
    out: dict[int, Fraction] = {}
    for (miss, rng, dmg), p in _table(pool, content).items():
        hit = not miss and (melee or rng + accuracy >= distance)
        w = (dmg + deadly) // max(1, armour) if hit else 0
        out[w] = out.get(w, Fraction(0)) + p
    return dict(sorted(out.items()))


def expected_wounds(pool: tuple[str, ...], distance: int, armour: int, accuracy: int = 0, deadly: int = 0,
                    melee: bool = False, content: DoomContent | None = None) -> Fraction:
    return sum((w * p for w, p in wound_distribution(pool, distance, armour, accuracy, deadly, melee,
                                                     content).items()), Fraction(0))


__all__ = ["expected_wounds", "hit_chance", "wound_distribution"]
