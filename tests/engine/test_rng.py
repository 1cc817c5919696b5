"""game/engine/rng.py: one seeded RNG in the state, named sub-streams (rules/gears-of-war.md 12.3)."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from game.engine.rng import Pcg32, Rng


def test_pcg32_matches_the_reference_implementation():
    """pcg32-demo (pcg-random.org) seeds (42, 54) and prints these first six outputs."""
    gen = Pcg32.seeded(42, 54)
    assert [gen.next_u32() for _ in range(6)] == [
        0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]


def test_same_seed_same_sequence_pinned():
    """12.3 replayable: the numbers for a seed are fixed forever (a change breaks old saves)."""
    a, b = Rng(2024), Rng(2024)
    assert [a.randint(1, 100) for _ in range(20)] == [b.randint(1, 100) for _ in range(20)]
    pinned = Rng(1)
    assert [pinned.roll(6) for _ in range(10)] == PINNED_ROLLS


# Rng(1).roll(6) ten times, recorded when the generator was written.
PINNED_ROLLS = [3, 3, 4, 4, 1, 2, 3, 5, 2, 5]


def test_different_seeds_differ():
    assert [Rng(1).stream().next_u32() for _ in range(1)] != [Rng(2).stream().next_u32()]
    assert Rng(1).stream("dice").next_u32() != Rng(1).stream("deck").next_u32()


def test_state_round_trips_through_json_and_continues_identically():
    rng = Rng(99)
    rng.shuffle(list(range(10)))
    rng.stream("dice").roll(6)
    copy = Rng.from_json(json.loads(json.dumps(rng.to_json())))
    assert [rng.randint(0, 10**6) for _ in range(5)] == [copy.randint(0, 10**6) for _ in range(5)]
    assert rng.stream("dice").roll(20) == copy.stream("dice").roll(20)


def test_named_streams_are_independent():
    """12.3 named sub-streams: rolling dice does not shift the deck shuffles."""
    quiet, busy = Rng(5), Rng(5)
    for _ in range(50):
        busy.stream("dice").roll(6)
    assert [quiet.stream("deck").below(52) for _ in range(10)] == \
        [busy.stream("deck").below(52) for _ in range(10)]


def test_stream_creation_order_does_not_matter():
    a, b = Rng(8), Rng(8)
    a.stream("x"); a.stream("y")
    b.stream("y"); b.stream("x")
    assert a.stream("x").next_u32() == b.stream("x").next_u32()
    assert a.stream("y").next_u32() == b.stream("y").next_u32()


def test_below_stays_in_range_and_covers_it():
    rng = Rng(3)
    seen = Counter(rng.below(7) for _ in range(7000))
    assert set(seen) == set(range(7))
    # Loose uniformity check: every value within 20% of its expected 1000.
    assert all(800 < n < 1200 for n in seen.values())


def test_wide_bounds_beyond_32_bits():
    rng = Rng(4)
    values = [rng.randint(0, 2**70) for _ in range(200)]
    assert all(0 <= v <= 2**70 for v in values)
    assert max(values) > 2**64  # the high words are actually used


def test_shuffle_is_a_permutation_and_all_orders_occur():
    rng = Rng(11)
    orders = Counter()
    for _ in range(1200):
        items = ["a", "b", "c"]
        rng.shuffle(items)
        orders[tuple(items)] += 1
    assert len(orders) == 6 and all(150 < n < 250 for n in orders.values())


def test_choice_roll_randint_bounds_and_errors():
    rng = Rng(0)
    assert all(1 <= rng.roll(6) <= 6 for _ in range(100))
    assert rng.choice(["only"]) == "only"
    with pytest.raises(IndexError):
        rng.choice([])
    with pytest.raises(ValueError):
        rng.randint(3, 2)
    with pytest.raises(ValueError):
        rng.below(0)


def test_from_json_rejects_bad_state():
    with pytest.raises(ValueError):
        Rng.from_json({"seed": "x"})
    with pytest.raises(ValueError):
        Rng.from_json({"seed": 1, "streams": {"main": [1, 2]}})  # PCG increments are odd
