"""Headless UI fixtures: the real App and loop on SDL's dummy driver, settings in a tmp dir."""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402


class DrawnText(list):
    """The strings `widgets.rendered` drew, in order; `colours`: each one's colour."""

    def __init__(self) -> None:
        super().__init__()
        self.colours: list[tuple[int, ...]] = []

    def clear(self) -> None:
        super().clear()
        self.colours.clear()


@pytest.fixture
def drawn_text(monkeypatch):
    """Every string the table draws through `widgets.rendered` from here on (a test clears it
    before the frame it reads)."""
    from game.ui import widgets

    drawn = DrawnText()
    real = widgets.rendered

    def spy(font, text, colour):
        drawn.append(text)
        drawn.colours.append(tuple(colour))
        return real(font, text, colour)

    monkeypatch.setattr(widgets, "rendered", spy)
    return drawn


def record_text_rects(monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """From now on, every (text, rect) `widgets.text` draws, in order (the test reads where
    each string landed)."""
    from game.ui import widgets

    drawn: list[tuple[str, pygame.Rect]] = []
    real = widgets.text

    def spy(surface, text, *a, **k):
        got = real(surface, text, *a, **k)
        drawn.append((text, got))
        return got

    monkeypatch.setattr(widgets, "text", spy)
    return drawn


def frame_texts(app, frames: int = 1) -> list[tuple[str, pygame.Rect, tuple[int, int]]]:
    """Each `widgets.text` of a whole frame drawn now: its string, the rectangle it took and the
    size of the surface it went on (a panel drawn on its own surface has its own corner)."""
    from game.ui import widgets

    got: list[tuple[str, pygame.Rect, tuple[int, int]]] = []
    real = widgets.text

    def text(surface, t, *args, **kwargs):
        rect = real(surface, t, *args, **kwargs)
        if surface is not None:
            got.append((t, rect, surface.get_size()))
        return rect

    widgets.text = text
    try:
        app._force_redraw = True
        for scene in app.scenes:
            scene.dirty = True
        app.run(max_frames=frames)
    finally:
        widgets.text = real
    return got


@contextmanager
def builder_in(maps_dir: Path, title: str, language: str, size=(1280, 720), scale: float = 1.0, library=None):
    """The map builder of `title` in `language` at text size `scale` (with `library`, else the
    title's pieces), in an App of its own (closed after): (app, scene)."""
    from dataclasses import replace

    from game.ui.app import App
    from game.ui.builder.scene import BuilderScene
    from game.ui.scene import ChangeSettings

    a = App(size, headless=True, maps_dir=maps_dir)
    try:
        a.apply(ChangeSettings(replace(a.ctx.settings, language=language, ui_scale=scale)))
        i18n.set_language(language)
        pygame.event.clear()
        s = BuilderScene(a.ctx, a.screen.get_size(), title, library=library)
        a.scenes = [s]
        yield a, s
    finally:
        a.close()
        i18n.set_language("en")


@pytest.fixture
def config_dir(tmp_path, monkeypatch):
    d = tmp_path / "config"
    monkeypatch.setenv("TILETOP_CONFIG_DIR", str(d))
    return d


@pytest.fixture
def make_app(config_dir):
    from game.ui.app import App

    apps = []

    def make(size=(1280, 720), **kwargs):
        app = App(size, headless=True, **kwargs)
        pygame.event.clear()
        app.run(max_frames=1)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()
    i18n.set_language("en")


def post(kind, **attrs):
    pygame.event.post(pygame.event.Event(kind, **attrs))


def move(pos):
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def click(pos, button=1):
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def key(k, mod=0):
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)


def wheel(y):
    post(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))


def continue_from_menu(make_app):
    """A new App (as after a restart) and its main menu's Continue clicked: the scene it opens."""
    from game.ui.menu import MainMenu

    app = make_app()
    menu = app.top
    assert isinstance(menu, MainMenu)
    menu.layout(app.screen.get_size())
    cont = next(b for b in menu.buttons if b.label == "Continue")
    click(cont.rect.center)
    app.run(max_frames=1)
    return app.top


def same_frame(got: bytes, want: bytes) -> bool:
    """Two frames' pixels (pygame.image.tobytes) are the same. Asserted as `assert
    same_frame(a, b), why` rather than `assert a == b`: on a failure pytest's explanation of an
    `==` between two frames of megabytes runs difflib over them for many minutes (a test that
    expects the failure, such as a blinded key's, hung CI that way)."""
    return got == want
