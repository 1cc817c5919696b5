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


def explode_chance(pool: tuple[str, ...], distance: int, accuracy: int = 0, deadly: int = 0, melee: bool = False,
                   content: DoomContent | None = None) -> Fraction:
    """The chance an attack sets a barrel off: it hits and its damage gets through the barrel's
    armour (effects.barrel_goes_off, the rule the attack resolves with; spec 6.15, 11 item 20)."""
    from game.doom.rules.effects import barrel_goes_off

    return sum((p for (miss, rng, dmg), p in _table(pool, content).items()
                if not miss and (melee or rng + accuracy >= distance) and barrel_goes_off(dmg + deadly)), Fraction(0))


def expected_wounds(pool: tuple[str, ...], distance: int, armour: int, accuracy: int = 0, deadly: int = 0,
                    melee: bool = False, content: DoomContent | None = None) -> Fraction:
    return sum((w * p for w, p in wound_distribution(pool, distance, armour, accuracy, deadly, melee,
                                                     content).items()), Fraction(0))


@lru_cache(maxsize=8192)
def wound_odds(pool: tuple[str, ...], distance: int, armour: int, accuracy: int = 0, deadly: int = 0,
               melee: bool = False, content: DoomContent | None = None) -> tuple[tuple[int, float], ...]:
    """`wound_distribution` as ((wounds, probability), ...) in floats, cached per pool, distance,
    armour and bonuses: what a bot weighs thousands of times a turn (spec 11.D)."""
    return tuple((w, float(p)) for w, p in wound_distribution(pool, distance, armour, accuracy, deadly, melee,
                                                            content).items())


def reroll_distribution(faces: list[tuple[str, str]], reroll: tuple[int, ...], distance: int | None, armour: int,
                        accuracy: int = 0, deadly: int = 0, melee: bool = False,
                        content: DoomContent | None = None) -> dict[int, Fraction]:
    """Wounds -> probability when the dice at the indices `reroll` of a roll showing `faces`
    ([(die, face name), ...]) are rolled again and the others kept (spec 6.10); the hit test and
    damage as above (distance None: no path, the attack cannot hit unless melee)."""
    c = content or shared_content()
    kept = [next(f for f in c.dice[d].faces if f.name == name) for i, (d, name) in enumerate(faces) if i not in reroll]
    again = [c.dice[faces[i][0]] for i in reroll]

    def wounds(fs) -> int:
        every = kept + list(fs)
        if any(f["miss"] for f in every):
            return 0
        if not melee and (distance is None or sum(f["range"] for f in every) + accuracy < distance):
            return 0
        return (sum(f["damage"] for f in every) + deadly) // max(1, armour)

    return dict(sorted(outcome_distribution(again, wounds).items()))


__all__ = ["expected_wounds", "explode_chance", "hit_chance", "reroll_distribution", "wound_distribution", "wound_odds"]
