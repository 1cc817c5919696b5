"""What the main menu asks of a playable title's UI module (game/ui/games.py): `setup_scene(ctx)`,
`has_saved_game()` and `continue_scene(ctx)`, made from the title's SaveStore and its set-up and
table scenes, named "module:Class" so the menu imports a title's screens only when opened."""
from __future__ import annotations

import importlib
from typing import Any, Callable

from game.ui.kit.saves import SaveStore


def _load(ref: str) -> Any:
    module, _sep, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)


def menu_calls(saves: SaveStore, setup: str, table: str) -> tuple[Callable, Callable, Callable]:
    """(setup_scene, has_saved_game, continue_scene) for a title: its set-up screen; an
    unfinished autosave; that game on its table at the action it reached (GameTable.from_autosave,
    SaveError naming the file when it cannot be continued)."""

    def setup_scene(ctx):
        return _load(setup)(ctx)

    def has_saved_game() -> bool:
        return saves.has_autosave()

    def continue_scene(ctx):
        return _load(table).from_autosave(ctx)

    return setup_scene, has_saved_game, continue_scene


def tutorial_call(table: str, title: str) -> Callable:
    """`tutorial_scene(ctx, runner, screen_size, progress)` for a title with lessons: its lesson
    table ("module:Class", a TutorialTable mixed into the title's table), opened by Learn to play."""

    def tutorial_scene(ctx, runner, screen_size, progress=None):
        return _load(table)(ctx, runner, screen_size, progress, title)

    return tutorial_scene
