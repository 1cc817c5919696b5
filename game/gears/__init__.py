"""Gears of War: The Board Game (+ Mission Pack 1): content data and, later, its rules."""
