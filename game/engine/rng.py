"""Seeded random numbers whose whole state is plain data (ints), so it lives in the game state.

Every shuffle and die roll of a game comes from one `Rng` kept in the state (DESIGN.md, "One
seeded RNG lives in the state"). The generator is PCG32 (XSH-RR, O'Neill 2014) written in
pure Python: the same seed gives the same sequence on any machine and any Python version,
which `random.Random` does not promise across versions for `shuffle`/`randrange`.

Named sub-streams (rules/gears-of-war.md 12.3): `rng.stream("dice")` is an independent PCG32
stream derived from (seed, name). Drawing dice does not shift the deck shuffles, so a rule
change that rolls one more die does not change every later card draw of a replay.

State as JSON: `{"seed": 7, "streams": {"main": [state, inc], "dice": [state, inc]}}`.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, MutableSequence, Sequence, TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_MULT = 6364136223846793005
_TWO32 = 1 << 32


def _splitmix64(x: int) -> int:
    """Scrambles a 64-bit value so that nearby seeds give unrelated start states."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


@dataclass(slots=True)
class Pcg32:
    """One PCG32 stream: 64-bit state and odd 64-bit increment, both plain ints."""

    state: int
    inc: int

    @classmethod
    def seeded(cls, initstate: int, initseq: int) -> Pcg32:
        """The reference `pcg32_srandom_r(initstate, initseq)` seeding."""
        gen = cls(0, ((initseq << 1) | 1) & _MASK64)
        gen.next_u32()
        gen.state = (gen.state + (initstate & _MASK64)) & _MASK64
        gen.next_u32()
        return gen

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        if n <= _TWO32:
            # Reject the few low values that would make `r % n` favour small results.
            threshold = (_TWO32 - n) % n
            while True:
                r = self.next_u32()
                if r >= threshold:
                    return r % n
        # Wide bounds: draw enough 32-bit words, mask to the bound's bit length, reject above.
        bits = (n - 1).bit_length()
        words = (bits + 31) // 32
        mask = (1 << bits) - 1
        while True:
            r = 0
            for _ in range(words):
                r = (r << 32) | self.next_u32()
            r &= mask
            if r < n:
                return r

    def randint(self, a: int, b: int) -> int:
        """A uniform integer in [a, b], both ends included (like random.randint)."""
        if b < a:
            raise ValueError(f"randint({a}, {b}): empty range")
        return a + self.below(b - a + 1)

    def roll(self, sides: int = 6) -> int:
        """One roll of a numbered die: 1..sides."""
        return 1 + self.below(sides)

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("choice() from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffles in place (Fisher-Yates, from the end), every order equally likely."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def to_json(self) -> list[int]:
        return [self.state, self.inc]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> Pcg32:
        state, inc = data
        if not (isinstance(state, int) and isinstance(inc, int)) or inc % 2 == 0:
            raise ValueError(f"not a PCG32 state: {data!r}")
        return cls(state & _MASK64, inc & _MASK64)


def _stream_seed(seed: int, name: str) -> tuple[int, int]:
    digest = hashlib.sha256(name.encode("utf-8")).digest()
    h1 = int.from_bytes(digest[:8], "little")
    h2 = int.from_bytes(digest[8:16], "little")
    return _splitmix64((seed & _MASK64) ^ h1), h2


@dataclass(slots=True)
class Rng:
    """The game's random source: a seed and its named PCG32 sub-streams.

    Streams are created on first use; each one depends only on (seed, name), so the order in
    which streams are first touched never changes the numbers they give. The methods on `Rng`
    itself use the "main" stream.
    """

    seed: int
    streams: dict[str, Pcg32] = field(default_factory=dict)

    def stream(self, name: str = "main") -> Pcg32:
        gen = self.streams.get(name)
        if gen is None:
            gen = Pcg32.seeded(*_stream_seed(self.seed, name))
            self.streams[name] = gen
        return gen

    def below(self, n: int) -> int:
        return self.stream().below(n)

    def randint(self, a: int, b: int) -> int:
        return self.stream().randint(a, b)

    def roll(self, sides: int = 6) -> int:
        return self.stream().roll(sides)

    def choice(self, seq: Sequence[T]) -> T:
        return self.stream().choice(seq)

    def shuffle(self, items: MutableSequence[Any]) -> None:
        self.stream().shuffle(items)

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "streams": {name: gen.to_json() for name, gen in sorted(self.streams.items())},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rng:
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"RNG seed must be an integer, got {seed!r}")
        streams = {str(k): Pcg32.from_json(v) for k, v in data.get("streams", {}).items()}
        return cls(seed, streams)
