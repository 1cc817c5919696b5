"""What the main menu calls for Level 7 [Escape] (setup_scene, has_saved_game, continue_scene,
SaveError), and its saves (`SAVES`: the shared SaveStore, autosave-level7.json and
level7-<scenario>-turn<n>-<date>.json).

The players are the characters in seat order (Subject 1, 2, ...): the seats file has one entry
each. The rules draw the first player at random, so turn order (`state.order`) may start with
any seat; the seats never move."""
from __future__ import annotations

from game.engine.session import SaveError
from game.ui.kit.entry import menu_calls, tutorial_call
from game.ui.kit.saves import SaveStore


def _title():
    from game.level7.rules.title import Level7Title

    return Level7Title()


def players(state) -> list[str]:
    """Seat order: the characters by their seat number (content characters.toml `seat`)."""
    from game.level7.content import shared_content

    seats = shared_content().characters
    return sorted(state.characters, key=lambda c: seats[c].seat)


SAVES = SaveStore("level7", _title, players)

setup_scene, has_saved_game, continue_scene = menu_calls(
    SAVES, "game.ui.level7.setup_scene:Level7Setup", "game.ui.level7.table_scene:Level7Table")

tutorial_scene = tutorial_call("game.ui.level7.tutorial_scene:Level7TutorialTable", "level7")

__all__ = ["SAVES", "SaveError", "continue_scene", "has_saved_game", "players", "setup_scene", "tutorial_scene"]
