"""What the main menu calls for Doom (setup_scene, has_saved_game, continue_scene, SaveError),
and the Doom saves (`SAVES`: the shared SaveStore, autosave-doom.json and
doom-<scenario>-turn<n>-<date>.json). The players are the marines in seat order, then the
invader (the engine's state keeps the marines in `seats`)."""
from __future__ import annotations

from game.engine.session import SaveError
from game.ui.kit.saves import SaveStore
from game.ui.scene import Context, Scene

INVADER = "invader"


def _title():
    from game.doom.rules.title import DoomTitle

    return DoomTitle()


def players(state) -> list[str]:
    """Seat order: the marines as they take their turns, the invader last."""
    return list(state.seats) + [INVADER]


SAVES = SaveStore("doom", _title, players)


def setup_scene(ctx: Context) -> Scene:
    from game.ui.doom.setup_scene import DoomSetup

    return DoomSetup(ctx)


def has_saved_game() -> bool:
    return SAVES.has_autosave()


def continue_scene(ctx: Context) -> Scene:
    """The autosaved game at the action it reached; SaveError names the file when it cannot."""
    from game.ui.doom.table_scene import DoomTable

    return DoomTable.from_autosave(ctx)


__all__ = ["SAVES", "SaveError", "continue_scene", "has_saved_game", "players", "setup_scene"]
