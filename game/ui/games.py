"""The games on the main menu. A title becomes playable when its rules package provides a
table; until then the menu says "coming soon" instead of pretending."""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from types import ModuleType

from game.i18n import N_


@dataclass(frozen=True)
class GameEntry:
    key: str  # package under game/ and folder under maps/
    title: str  # proper name, not translated
    tagline: str  # msgid
    emblem: str  # path under assets/

    @property
    def playable(self) -> bool:
        # The contract for a title's playable table is game/<key>/table.py (UI_MODULE).
        try:
            return importlib.util.find_spec(f"game.{self.key}.table") is not None
        except ModuleNotFoundError:
            return False

    def ui(self) -> ModuleType:
        """The title's UI entry module, named by game/<key>/table.py's UI_MODULE. It provides
        `setup_scene(ctx)`, `has_saved_game()` and `continue_scene(ctx)`."""
        table = importlib.import_module(f"game.{self.key}.table")
        return importlib.import_module(table.UI_MODULE)

    @property
    def has_saved_game(self) -> bool:
        return self.playable and bool(self.ui().has_saved_game())


@dataclass(frozen=True)
class OpenGame:
    """Menu action: the game's set-up screen (made by the menu when pressed)."""

    key: str


@dataclass(frozen=True)
class ContinueGame:
    """Menu action: continue the game's autosave."""

    key: str


def saved_game() -> GameEntry | None:
    """The first game with an unfinished autosave, for the menu's Continue button."""
    return next((g for g in GAMES if g.has_saved_game), None)


GAMES: tuple[GameEntry, ...] = (
    GameEntry("gears", "Gears of War", N_("Squad tactics against the Locust horde"), "ui/emblem_gears.png"),
    GameEntry("doom", "Doom", N_("Marines and an invader in a demon base"), "ui/emblem_doom.png"),
    GameEntry("level7", "Level 7 [Escape]", N_("Escape a secret lab, tile by tile"), "ui/emblem_level7.png"),
    GameEntry("convoy", "Neuroshima Convoy", N_("Hold the city against the machine convoy"), "ui/emblem_convoy.png"),
)
