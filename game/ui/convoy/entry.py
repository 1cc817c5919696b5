"""What the main menu calls for Neuroshima Convoy (setup_scene, has_saved_game, continue_scene,
SaveError), and its saves (`SAVES`: the shared SaveStore, autosave-convoy.json and
convoy-standard-turn<n>-<date>.json).

The players are the two sides, Moloch first (it decides first: the mulligan, Phase II, III); the
seats file has one entry each (a person or a bot)."""
from __future__ import annotations

from game.engine.session import SaveError
from game.ui.kit.entry import menu_calls, tutorial_call
from game.ui.kit.saves import SaveStore

PLAYERS = ["moloch", "outpost"]


def _title():
    from game.convoy.rules.title import ConvoyTitle

    return ConvoyTitle()


def players(state) -> list[str]:
    """Seat order: Moloch, then the Outpost."""
    return list(PLAYERS)


SAVES = SaveStore("convoy", _title, players)

setup_scene, has_saved_game, continue_scene = menu_calls(
    SAVES, "game.ui.convoy.setup_scene:ConvoySetup", "game.ui.convoy.table_scene:ConvoyTable")

tutorial_scene = tutorial_call("game.ui.convoy.tutorial_scene:ConvoyTutorialTable", "convoy")

__all__ = ["PLAYERS", "SAVES", "SaveError", "continue_scene", "has_saved_game", "players", "setup_scene", "tutorial_scene"]
