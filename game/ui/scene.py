"""Scenes, the context they share, and the actions their input handlers return.

Input handlers never change the scene stack themselves: they return an action (python-tcod
tutorial style) and the App carries it out. Scenes draw from their own state and set `dirty`
when that state changed, so the loop redraws only then.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Union

import pygame

from game.engine.text import Msg
from game.ui.assets import Assets
from game.ui.palette import Palette, palette_named
from game.ui.settings import Settings


@dataclass
class Context:
    settings: Settings
    assets: Assets
    maps_dir: Path
    settings_file: Path
    # Messages for the user (a bad settings file...): text, or a message worded when drawn.
    notices: list[str | Msg] = field(default_factory=list)
    fit: float | None = None  # the scale a screen draws at when the setting does not fit (fitted)
    base: "Context | None" = field(default=None, compare=False, repr=False)  # the App's, when fitted

    @property
    def palette(self) -> Palette:
        return palette_named(self.settings.palette)

    @property
    def scale(self) -> float:
        """The scale drawn at: the UI scale setting, or less where a screen fits it (fitted)."""
        return self.settings.ui_scale if self.fit is None else self.fit

    def px(self, n: float) -> int:
        """A length in UI units scaled by the UI scale."""
        return max(1, round(n * self.scale))

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        return self.assets.font(self.px(size), bold)

    def fitted(self, size: tuple[int, int], room: tuple[int, int]) -> "Context":
        """This context with the UI scale lowered until `room` (a screen's least size, in UI
        units) fits a window of `size` pixels; never below 100% unless the user chose less,
        never raised. Issue 21: the menu and the set-up screens at 150% in 1280x720 ran off
        the window and laid their buttons over each other. Shares assets and notices, and
        `settings` stays the user's (the Settings screen shows and changes those)."""
        cap = min(size[0] / room[0], size[1] / room[1])
        if self.scale <= cap:
            return self
        return replace(self, fit=max(min(self.scale, 1.0), cap), base=self.base or self)


class Scene:
    """One screen. Subclasses override handle/draw; `opaque` False lets the scene below show."""

    opaque = True
    # The least window this screen lays out in, in UI units (None: any). A larger UI scale in a
    # smaller window draws this screen at the largest scale that still fits (Context.fitted).
    ROOM: tuple[int, int] | None = None

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.dirty = True
        # Set by the App when the whole window must be repainted (a scene above closed, a
        # resize); scenes that repaint only what changed must then repaint everything.
        self.full_redraw = True

    @property
    def ctx(self) -> Context:
        if self.ROOM is None:
            return self._ctx
        surface = pygame.display.get_surface()
        if surface is None:
            return self._ctx
        key = (surface.get_size(), self._ctx.settings)
        if self._fitted is None or self._fitted[0] != key:
            self._fitted = (key, self._ctx.fitted(key[0], self.ROOM))
        return self._fitted[1]

    @ctx.setter
    def ctx(self, ctx: Context) -> None:
        # A fitted context handed on (a set-up screen making the table) is its base: the App's
        # own, so the next screen gets the full scale and sees settings changes.
        self._ctx = ctx.base if ctx.base is not None else ctx
        self._fitted: tuple | None = None

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
