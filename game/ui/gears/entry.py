"""What the main menu calls for Gears (setup_scene, has_saved_game, continue_scene, SaveError),
and the Gears saves (`SAVES`: the shared SaveStore under the names Gears saves always had,
autosave-gears.json and gears-<mission>-turn<n>-<date>.json)."""
from __future__ import annotations

from game.engine.session import SaveError
from game.ui.kit.entry import menu_calls, tutorial_call
from game.ui.kit.saves import SaveStore


def _title():
    from game.gears.rules.title import GearsTitle

    return GearsTitle()


SAVES = SaveStore("gears", _title)

setup_scene, has_saved_game, continue_scene = menu_calls(
    SAVES, "game.ui.gears.setup_scene:GearsSetup", "game.ui.gears.table_scene:GearsTable")

tutorial_scene = tutorial_call("game.ui.gears.tutorial_scene:GearsTutorialTable", "gears")

__all__ = ["SAVES", "SaveError", "continue_scene", "has_saved_game", "setup_scene", "tutorial_scene"]
