"""What the main menu calls for Gears (setup_scene, has_saved_game, continue_scene, SaveError),
and the Gears saves (`SAVES`: the shared SaveStore under the names Gears saves always had,
autosave-gears.json and gears-<mission>-turn<n>-<date>.json)."""
from __future__ import annotations

from game.engine.session import SaveError
from game.ui.kit.saves import SaveStore
from game.ui.scene import Context, Scene


def _title():
    from game.gears.rules.title import GearsTitle

    return GearsTitle()


SAVES = SaveStore("gears", _title)


def setup_scene(ctx: Context) -> Scene:
    from game.ui.gears.setup_scene import GearsSetup

    return GearsSetup(ctx)


def has_saved_game() -> bool:
    return SAVES.has_autosave()


def continue_scene(ctx: Context) -> Scene:
    """The autosaved game at the action it reached; SaveError names the file when it cannot."""
    from game.ui.gears.table_scene import GearsTable

    return GearsTable.from_autosave(ctx)


__all__ = ["SAVES", "SaveError", "continue_scene", "has_saved_game", "setup_scene"]
