"""Spec 12.1: the whole state is JSON data with a stable hash, and the board is rebuilt."""
from __future__ import annotations

from game.engine.protocol import canonical_json
from game.gears.rules.state import GearsState
from tests.gears.conftest import LOADER


def test_state_round_trip_keeps_hash(title):
    """Spec 12.1/12.3: to_json -> from_json -> to_json is identical, the hash too."""
    s = title.new_game("emergence", 11, {"players": 3})
    data = s.to_json()
    again = GearsState.from_json(data, LOADER)
    assert canonical_json(again.to_json()) == canonical_json(data)
    assert again.state_hash() == s.state_hash()
    assert again.view().board.version == s.view().board.version


def test_same_seed_same_game_other_seed_differs(title):
    """Spec 12.3: one seed gives one game."""
    a = title.new_game("emergence", 5, {"players": 2})
    b = title.new_game("emergence", 5, {"players": 2})
    c = title.new_game("emergence", 6, {"players": 2})
    assert a.state_hash() == b.state_hash()
    assert a.state_hash() != c.state_hash()


def test_bad_state_format_is_refused():
    import pytest

    with pytest.raises(ValueError, match="format"):
        GearsState.from_json({"format": 99}, LOADER)
