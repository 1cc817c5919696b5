"""Scenes, the context they share, and the actions their input handlers return.

Input handlers never change the scene stack themselves: they return an action (python-tcod
tutorial style) and the App carries it out. Scenes draw from their own state and set `dirty`
when that state changed, so the loop redraws only then.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Union

import pygame

from game.ui.assets import Assets
from game.ui.palette import Palette, palette_named
from game.ui.settings import Settings


@dataclass
class Context:
    settings: Settings
    assets: Assets
    maps_dir: Path
    settings_file: Path
    notices: list[str] = field(default_factory=list)  # messages for the user (bad settings file...)

    @property
    def palette(self) -> Palette:
        return palette_named(self.settings.palette)

    @property
    def scale(self) -> float:
        return self.settings.ui_scale

    def px(self, n: float) -> int:
        """A length in UI units scaled by the UI scale setting."""
        return max(1, round(n * self.settings.ui_scale))

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        return self.assets.font(self.px(size), bold)


class Scene:
    """One screen. Subclasses override handle/draw; `opaque` False lets the scene below show."""

    opaque = True

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.dirty = True
        # Set by the App when the whole window must be repainted (a scene above closed, a
        # resize); scenes that repaint only what changed must then repaint everything.
        self.full_redraw = True

    def handle(self, event: pygame.event.Event) -> "Action | None":
        return None

    def update(self, dt_ms: int) -> None:
        """Time-based changes (none by default); set `dirty` when something moved."""

    def draw(self, surface: pygame.Surface) -> None:
        raise TypeError(f"{type(self).__name__} must implement draw")

    def shortcuts(self) -> list[tuple[str, str]]:
        """(key, translated description) pairs listed on the F1 help overlay."""
        return []

    def on_settings_changed(self) -> None:
        self.dirty = True


@dataclass(frozen=True)
class Push:
    scene: Scene


@dataclass(frozen=True)
class Pop:
    pass


@dataclass(frozen=True)
class Quit:
    pass


@dataclass(frozen=True)
class OpenMap:
    path: Path


@dataclass(frozen=True)
class OpenMapList:
    folder: str | None = None  # a title's folder under maps/, or every map


@dataclass(frozen=True)
class OpenSettings:
    pass


@dataclass(frozen=True)
class ShowError:
    title: str
    message: str


@dataclass(frozen=True)
class ChangeSettings:
    settings: Settings


@dataclass(frozen=True)
class ToggleHelp:
    pass


Action = Union[Push, Pop, Quit, OpenMap, OpenMapList, OpenSettings, ShowError, ChangeSettings, ToggleHelp]
