"""The pure rules engine of Gears of War: The Board Game (+ Mission Pack 1); see docs/GEARS.md."""
