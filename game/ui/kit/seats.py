"""Seats: who plays each seat (a person or a bot), their colours, and the game's seed.

The colours are the Okabe-Ito set (safe for colour-blind players), one per seat in player order,
used alike on the set-up screen, the table's panels and its tokens' rings. The seed is shown and
editable on every set-up screen so a game can be shared and replayed; `SeedField` is that field.
"""
from __future__ import annotations

import random

import pygame

SEAT_COLOURS = [(230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66)]
SEAT_KINDS = ("human", "bot")
MAX_SEED = 10 ** 9


def seat_colour(players: list[str], p: str) -> tuple[int, int, int]:
    i = players.index(p) if p in players else 0
    return SEAT_COLOURS[i % len(SEAT_COLOURS)]


def new_seed() -> int:
    """A fresh seed: from the system, since a game's own RNG must not pick the next game's."""
    return random.SystemRandom().randrange(1, MAX_SEED)


class SeedField:
    """The seed as typed: digits only, at most nine; committed on Enter, Escape or a click
    elsewhere, and a typed value out of range falls back to the seed it had."""

    def __init__(self, seed: int) -> None:
        self.text = str(seed)
        self.editing = False

    def show(self, seed: int) -> None:
        self.text = str(seed)
        self.editing = False

    def commit(self, seed: int) -> int:
        """The seed to use: the typed one when valid, else `seed`; the field shows it."""
        self.editing = False
        try:
            value = int(self.text)
        except ValueError:
            value = -1
        if 0 <= value < MAX_SEED:
            seed = value
        self.text = str(seed)
        return seed

    def key(self, event: pygame.event.Event) -> bool:
        """A key while editing; True when it ends the editing (the caller commits)."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            return True
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif event.unicode and event.unicode.isdigit() and len(self.text) < 9:
            self.text += event.unicode
        return False
