"""The map builder scene (menu: "Build a map"): game/board/builder.py with a palette and a table."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class OpenBuilder:
    """Asks the menu for a builder scene (the scene is made when the button is pressed)."""

    title: str = "gears"
