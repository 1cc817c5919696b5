"""What the main menu calls for Doom (setup_scene, has_saved_game, continue_scene, SaveError),
and the Doom saves (`SAVES`: the shared SaveStore, autosave-doom.json and
doom-<scenario>-turn<n>-<date>.json). The players are the marines in seat order, then the
invader (the engine's state keeps the marines in `seats`)."""
from __future__ import annotations

from game.engine.session import SaveError
from game.ui.kit.entry import menu_calls, tutorial_call
from game.ui.kit.saves import SaveStore

INVADER = "invader"


def _title():
    from game.doom.rules.title import DoomTitle

    return DoomTitle()


def players(state) -> list[str]:
    """Seat order: the marines as they take their turns, the invader last."""
    return list(state.seats) + [INVADER]


SAVES = SaveStore("doom", _title, players)

setup_scene, has_saved_game, continue_scene = menu_calls(
    SAVES, "game.ui.doom.setup_scene:DoomSetup", "game.ui.doom.table_scene:DoomTable")

tutorial_scene = tutorial_call("game.ui.doom.tutorial_scene:DoomTutorialTable", "doom")

__all__ = ["SAVES", "SaveError", "continue_scene", "has_saved_game", "players", "setup_scene", "tutorial_scene"]
