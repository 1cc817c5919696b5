"""Dice defined by data, rolled with the game's RNG, with exact outcome distributions.

TOML schema (one table per die under `[dice]`; the file may hold other tables too):

    [dice.attack]
    label = "Attack die (black)"   # optional, shown in the UI; defaults to the id
    verified = false               # optional provenance flag (values not from a rulebook)
    source = "placeholder"         # optional free text
    faces = [
      {},                          # a blank face: no symbols
      { hits = 1 },
      { hits = 2 },
      { omen = 1, name = "omen" }, # `name` (optional) labels the face; default "omen"
    ]

Each face is a mapping symbol -> count (a whole number >= 0); every face is equally likely.
A die that needs a face twice lists it twice. Symbols a face lacks count 0.

Distributions are `dict[int, Fraction]` (value -> exact probability, keys ascending), so the
UI can show "exact probability distribution of wounds computed from the dice faces"
(rules/gears-of-war.md 6.3): e.g.

    hits = sum_distribution(black * 4, lambda f: f["hits"] + f["omen"])   # Lancer Omen +1
    wounds = clamp(combine(hits, sum_distribution(red * 3, "shields"), operator.sub), lo=0)
"""
from __future__ import annotations

import itertools
import operator
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Hashable, Iterable, Mapping, Protocol, Sequence, TypeVar

from game.engine.tomldata import DataError, TomlFile, load_toml, parse_toml

Distribution = dict[int, Fraction]
Score = str | Callable[["Face"], int]
H = TypeVar("H", bound=Hashable)


class BelowSource(Protocol):
    def below(self, n: int) -> int: ...


@dataclass(frozen=True, slots=True)
class Face:
    """One face of a die: a name and symbol counts (symbols with count 0 are dropped)."""

    name: str
    symbols: tuple[tuple[str, int], ...]  # sorted by symbol, counts > 0

    @classmethod
    def of(cls, counts: Mapping[str, int], name: str | None = None) -> Face:
        kept = tuple(sorted((s, int(c)) for s, c in counts.items() if c))
        if name is None:
            name = " + ".join(f"{c} {s}" for s, c in kept) or "blank"
        return cls(name, kept)

    def __getitem__(self, symbol: str) -> int:
        for s, c in self.symbols:
            if s == symbol:
                return c
        return 0

    def as_dict(self) -> dict[str, int]:
        return dict(self.symbols)


@dataclass(frozen=True, slots=True)
class Die:
    id: str
    faces: tuple[Face, ...]
    label: str = ""
    verified: bool | None = None
    source: str = ""

    @property
    def symbols(self) -> frozenset[str]:
        return frozenset(s for f in self.faces for s, _ in f.symbols)

    def roll(self, rng: BelowSource) -> Face:
        """One roll: a uniformly chosen face, from the game state's RNG (or one of its streams)."""
        return self.faces[rng.below(len(self.faces))]

    def distribution(self, score: Score) -> Distribution:
        """The exact distribution of one die's score (a symbol name or a function of the face)."""
        value = _scorer(score)
        weight = Fraction(1, len(self.faces))
        out: Counter[int] = Counter()
        for face in self.faces:
            out[value(face)] += weight
        return dict(sorted(out.items()))


def roll_all(dice: Iterable[Die], rng: BelowSource) -> list[Face]:
    """Rolls the dice in order; one RNG draw per die, so replays match."""
    return [die.roll(rng) for die in dice]


def count(faces: Iterable[Face], symbol: str) -> int:
    """Total of a symbol over rolled faces."""
    return sum(face[symbol] for face in faces)


def _scorer(score: Score) -> Callable[[Face], int]:
    if isinstance(score, str):
        symbol = score
        return lambda face: face[symbol]
    return score


def combine(a: Mapping[int, Fraction], b: Mapping[int, Fraction],
            op: Callable[[int, int], int] = operator.add) -> Distribution:
    """Distribution of op(x, y) for independent x ~ a, y ~ b (convolution for op=add)."""
    out: Counter[int] = Counter()
    for x, px in a.items():
        for y, py in b.items():
            out[op(x, y)] += px * py
    return dict(sorted(out.items()))


def sum_distribution(dice: Iterable[Die], score: Score) -> Distribution:
    """Exact distribution of the summed score over all dice (no dice: 0 with certainty)."""
    total: Distribution = {0: Fraction(1)}
    for die in dice:
        total = combine(total, die.distribution(score))
    return total


def clamp(dist: Mapping[int, Fraction], lo: int | None = None, hi: int | None = None) -> Distribution:
    """Moves the probability of values below `lo` / above `hi` onto the bound ("minimum 0")."""
    out: Counter[int] = Counter()
    for value, p in dist.items():
        if lo is not None and value < lo:
            value = lo
        if hi is not None and value > hi:
            value = hi
        out[value] += p
    return dict(sorted(out.items()))


def at_least(dist: Mapping[int, Fraction], k: int) -> Fraction:
    return sum((p for v, p in dist.items() if v >= k), Fraction(0))


def mean(dist: Mapping[int, Fraction]) -> Fraction:
    return sum((v * p for v, p in dist.items()), Fraction(0))


def outcome_distribution(dice: Sequence[Die], outcome: Callable[[Sequence[Face]], H]) -> dict[H, Fraction]:
    """Exact distribution of any function of the whole roll, by enumeration.

    For rules that are not a plain sum (Doom: damage is 0 if any die shows a miss). Faces that
    are equal are merged first, so six six-sided dice cost at most 6**6 calls of `outcome`.
    """
    per_die: list[list[tuple[Face, Fraction]]] = []
    for die in dice:
        merged: Counter[Face] = Counter()
        for face in die.faces:
            merged[face] += 1
        per_die.append([(f, Fraction(n, len(die.faces))) for f, n in merged.items()])
    out: dict[H, Fraction] = {}
    for combo in itertools.product(*per_die):
        p = Fraction(1)
        for _, q in combo:
            p *= q
        key = outcome([f for f, _ in combo])
        out[key] = out.get(key, Fraction(0)) + p
    return out


# ----------------------------------------------------------------------------------- loading

def load_dice(path: str | Path) -> dict[str, Die]:
    """Reads every die under `[dice]` of a TOML file; errors name file, key and line."""
    return dice_from_toml(load_toml(path))


def parse_dice(text: str, path: str | Path = "<text>") -> dict[str, Die]:
    return dice_from_toml(parse_toml(text, path))


def dice_from_toml(doc: TomlFile) -> dict[str, Die]:
    """The dice of an already parsed file (for titles that keep dice beside other content)."""
    table = doc.data.get("dice")
    if table is None:
        raise DataError(doc.path, "no [dice] table")
    if not isinstance(table, dict):
        raise doc.error(["dice"], "must be a table of dice, e.g. [dice.attack]")
    if not table:
        raise doc.error(["dice"], "defines no dice")
    return {die_id: _die(doc, die_id, spec) for die_id, spec in table.items()}


# reason and field_verified: a title reads a die's provenance itself (game/engine/provenance.py);
# the die reader lets them stand.
_DIE_KEYS = {"label", "verified", "source", "reason", "field_verified", "faces"}


def _die(doc: TomlFile, die_id: str, spec: Any) -> Die:
    where = ["dice", die_id]
    if not isinstance(spec, dict):
        raise doc.error(where, "must be a table with a `faces` list")
    unknown = sorted(set(spec) - _DIE_KEYS)
    if unknown:
        raise doc.error(where + [unknown[0]],
                        f"unknown key {unknown[0]!r} (a die has {', '.join(sorted(_DIE_KEYS))})")
    faces = spec.get("faces")
    if faces is None:
        raise doc.error(where, "missing `faces` (a list of faces, each a table symbol = count)")
    if not isinstance(faces, list) or not faces:
        raise doc.error(where + ["faces"], "must be a non-empty list of faces")
    label = spec.get("label", die_id)
    if not isinstance(label, str):
        raise doc.error(where + ["label"], f"must be text, got {label!r}")
    verified = spec.get("verified")
    if verified is not None and not isinstance(verified, bool):
        raise doc.error(where + ["verified"], f"must be true or false, got {verified!r}")
    source = spec.get("source", "")
    if not isinstance(source, str):
        raise doc.error(where + ["source"], f"must be text, got {source!r}")
    return Die(die_id, tuple(_face(doc, where + ["faces", i], f) for i, f in enumerate(faces)),
               label, verified, source)


def _face(doc: TomlFile, where: list[str | int], spec: Any) -> Face:
    if not isinstance(spec, dict):
        raise doc.error(where, f"a face must be a table like {{ hits = 1 }}, got {spec!r}")
    name = spec.get("name")
    if name is not None and not isinstance(name, str):
        raise doc.error(where + ["name"], f"face name must be text, got {name!r}")
    counts: dict[str, int] = {}
    for symbol, value in spec.items():
        if symbol == "name":
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise doc.error(where + [symbol],
                            f"count for {symbol!r} must be a whole number >= 0, got {value!r}")
        counts[symbol] = value
    return Face.of(counts, name)
