"""Shared fixtures: the Gears adapter on the real tiles, and the shipped lessons."""
from __future__ import annotations

import pytest

from game.tutorial.library import adapter_for, lessons_for


@pytest.fixture(scope="session")
def adapter():
    return adapter_for("gears")


@pytest.fixture(scope="session")
def lessons(adapter):
    return lessons_for("gears", adapter)


def lesson(lessons, lesson_id):
    return next(les for les in lessons if les.id == lesson_id)
