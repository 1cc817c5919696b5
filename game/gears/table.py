"""The Gears of War table for the main menu (game/ui/games.py looks for this module).

A thin pointer, so nothing under game/gears imports pygame: the screens live in game/ui/gears.
"""
from __future__ import annotations

UI_MODULE = "game.ui.gears.entry"
