"""The games on the main menu. A title becomes playable when its rules package provides a
table; until then the menu says "coming soon" instead of pretending."""
from __future__ import annotations

import importlib.util
from dataclasses import dataclass

from game.i18n import N_


@dataclass(frozen=True)
class GameEntry:
    key: str  # package under game/ and folder under maps/
    title: str  # proper name, not translated
    tagline: str  # msgid
    emblem: str  # path under assets/

    @property
    def playable(self) -> bool:
        # The contract for a title's playable table is game/<key>/table.py; none exists yet.
        try:
            return importlib.util.find_spec(f"game.{self.key}.table") is not None
        except ModuleNotFoundError:
            return False


GAMES: tuple[GameEntry, ...] = (
    GameEntry("gears", "Gears of War", N_("Squad tactics against the Locust horde"), "ui/emblem_gears.png"),
    GameEntry("doom", "Doom", N_("Marines and an invader in a demon base"), "ui/emblem_doom.png"),
    GameEntry("level7", "Level 7 [Escape]", N_("Escape a secret lab, tile by tile"), "ui/emblem_level7.png"),
    GameEntry("convoy", "Neuroshima Convoy", N_("Hold the city against the machine convoy"), "ui/emblem_convoy.png"),
)
