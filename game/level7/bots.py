"""Level 7's controllers. A bot sees the game through `view(state, seat)` (game/level7/rules/
view.py: its own hand, never another's nor the decks' order) and picks among the legal actions.
RandomBot is the engine's (a uniformly random legal action): enough for simulation and the
property test; a player bot that plans is later work."""
from __future__ import annotations

from game.engine.bots import RandomBot

__all__ = ["RandomBot"]
