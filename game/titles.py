"""The one list of titles: what each game is called and where its pieces live.

The main menu, `python -m game simulate`, `play TITLE` (watch mode) and `tutorial` all read
this registry; none of them names a title in its code. A new title adds an entry here (and
the modules the entry points at); docs/ARCHITECTURE.md, "How to add a title", lists them.

Pieces are named, not imported: a reference is "package.module:attribute" (or, in tests, the
callable itself), imported only when asked for. So this module is importable headless and
cheap, and `python -m game simulate` never loads the UI, nor the menu a title's rules.
A title without a piece (None) simply does not offer it: the menu shows it as coming soon,
and the commands leave it out of their choices.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

from game.i18n import N_

GAME_DIR = Path(__file__).resolve().parent

Ref = str | Callable[..., Any]  # "module:attribute", or the object itself


@dataclass(frozen=True)
class TitleEntry:
    key: str  # the id in save files; package game/<key>/ and folder maps/<key>/
    name: str  # proper name, not translated
    tagline: str  # msgid (the menu translates it)
    emblem: str  # image under assets/
    rules: Ref | None = None  # the rules: a game.engine.protocol.Title class
    simulator: Ref | None = None  # factory of a game.simulate.Simulator
    tutorial: Ref | None = None  # factory(rules_title=None) of a game.tutorial.protocol.LessonAdapter
    lessons: str | None = None  # lesson folder, relative to game/
    rules_reference: str | None = None  # rules reference TOML, relative to game/
    ui: str | None = None  # module with setup_scene(ctx), has_saved_game(), continue_scene(ctx), SaveError
    # (and, for a title with lessons, tutorial_scene(ctx, runner, size, progress): its lesson table)
    watch: Ref | None = None  # run(app, scenario, seats, seed, autoplay, frames, shots, every) -> exit code
    default_scenario: str = ""  # what `play KEY` watches without --scenario

    @property
    def playable(self) -> bool:
        """The menu opens it (else: "coming soon")."""
        return self.ui is not None

    def new_rules(self) -> Any:
        return _load(self._need("rules"))()

    def new_simulator(self) -> Any:
        return _load(self._need("simulator"))()

    def new_adapter(self, rules_title: Any = None) -> Any:
        return _load(self._need("tutorial"))(rules_title)

    @property
    def lesson_folder(self) -> Path:
        return GAME_DIR / self._need("lessons")

    @property
    def rules_reference_path(self) -> Path:
        return GAME_DIR / self._need("rules_reference")

    def ui_module(self) -> ModuleType:
        return importlib.import_module(self._need("ui"))

    def watch_run(self) -> Callable[..., int]:
        return _load(self._need("watch"))

    def _need(self, piece: str) -> Any:
        value = getattr(self, piece)
        if value is None:
            have = ", ".join(keys_with(piece)) or "none yet"
            raise LookupError(f"{self.name} has no {piece.replace('_', ' ')} yet (titles with one: {have})")
        return value


TITLES: tuple[TitleEntry, ...] = (
    TitleEntry(
        "gears", "Gears of War", N_("Squad tactics against the Locust horde"), "ui/emblem_gears.png",
        rules="game.gears.rules.title:GearsTitle",
        simulator="game.gears.simulation:GearsSimulator",
        tutorial="game.gears.tutorial:GearsAdapter",
        lessons="gears/lessons",
        rules_reference="gears/rules_reference.toml",
        ui="game.ui.gears.entry",
        watch="game.ui.gears.watch:run",
        default_scenario="emergence",
    ),
    TitleEntry("doom", "Doom", N_("Marines and an invader in a demon base"), "ui/emblem_doom.png",
               rules="game.doom.rules.title:DoomTitle", simulator="game.doom.simulation:DoomSimulator",
               tutorial="game.doom.tutorial:DoomAdapter", lessons="doom/lessons",
               rules_reference="doom/rules_reference.toml", default_scenario="knee_deep", ui="game.ui.doom.entry", watch="game.ui.doom.watch:run"),
    TitleEntry("level7", "Level 7 [Escape]", N_("Escape a secret lab, tile by tile"), "ui/emblem_level7.png",
               rules="game.level7.rules.title:Level7Title", simulator="game.level7.simulation:Level7Simulator",
               tutorial="game.level7.tutorial:Level7Adapter", lessons="level7/lessons",
               rules_reference="level7/rules_reference.toml", default_scenario="s1", ui="game.ui.level7.entry", watch="game.ui.level7.watch:run"),
    TitleEntry("convoy", "Neuroshima Convoy", N_("Hold the city against the machine convoy"), "ui/emblem_convoy.png",
               rules="game.convoy.rules.title:ConvoyTitle", simulator="game.convoy.simulation:ConvoySimulator",
               tutorial="game.convoy.tutorial:ConvoyAdapter", lessons="convoy/lessons",
               rules_reference="convoy/rules_reference.toml",
               default_scenario="standard", ui="game.ui.convoy.entry", watch="game.ui.convoy.watch:run"),
)


def get(key: str) -> TitleEntry:
    """The entry for `key`; KeyError names the known titles."""
    for entry in TITLES:
        if entry.key == key:
            return entry
    raise KeyError(f"no title {key!r} (titles: {', '.join(e.key for e in TITLES)})")


def keys_with(piece: str) -> list[str]:
    """The keys of the titles that provide `piece` (a field name: "simulator", "tutorial", ...),
    in registry order: the choices of the commands that need that piece."""
    return [e.key for e in TITLES if getattr(e, piece) is not None]


def _load(ref: Ref) -> Any:
    if not isinstance(ref, str):
        return ref
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)
