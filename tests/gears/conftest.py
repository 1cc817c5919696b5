"""Shared fixtures for the Gears rules tests: the sample tile stands in for every tile face."""
from __future__ import annotations

import pytest

from game.gears.rules.board_view import SampleTileLoader
from game.gears.rules.title import GearsTitle, shared_content

LOADER = SampleTileLoader()


@pytest.fixture(scope="session")
def content():
    return shared_content()


@pytest.fixture(scope="session")
def title():
    return GearsTitle(LOADER)
