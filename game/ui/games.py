"""The games on the main menu, as the title registry (game/titles.py) lists them. A title is
playable when its entry names a UI module; until then the menu says "coming soon" instead of
pretending."""
from __future__ import annotations

from dataclasses import dataclass

from game.titles import TITLES, TitleEntry


@dataclass(frozen=True)
class OpenGame:
    """Menu action: the game's set-up screen (made by the menu when pressed)."""

    key: str


@dataclass(frozen=True)
class ContinueGame:
    """Menu action: continue the game's autosave."""

    key: str


def has_saved_game(game: TitleEntry) -> bool:
    """The title's UI module (`ui` in the registry) provides `setup_scene(ctx)`,
    `has_saved_game()`, `continue_scene(ctx)` and `SaveError`."""
    return game.playable and bool(game.ui_module().has_saved_game())


def saved_game() -> TitleEntry | None:
    """The first game with an unfinished autosave, for the menu's Continue button."""
    return next((g for g in TITLES if has_saved_game(g)), None)

