"""What the main menu calls for Gears (named by game/gears/table.py: UI_MODULE)."""
from __future__ import annotations

import pygame

from game.engine.session import SaveError
from game.ui.gears import store
from game.ui.scene import Context, Scene


def setup_scene(ctx: Context) -> Scene:
    from game.ui.gears.setup_scene import GearsSetup

    return GearsSetup(ctx)


def has_saved_game() -> bool:
    return store.autosave_path().is_file()


def continue_scene(ctx: Context) -> Scene:
    """The autosaved game at the action it reached; SaveError names the file when it cannot."""
    from game.ui.gears.table_scene import GearsTable

    saved = store.load()
    return GearsTable(ctx, saved.session, saved.seats, pygame.display.get_surface().get_size(), store.autosave_path())


__all__ = ["SaveError", "continue_scene", "has_saved_game", "setup_scene"]
