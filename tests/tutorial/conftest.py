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


def finish_step(runner):
    """Submits the hint until the current step is done (Next on a read step)."""
    index = runner.index
    while runner.index == index:
        if runner.step.kind == "read":
            runner.next()
        else:
            assert runner.submit(runner.hint()).accepted
