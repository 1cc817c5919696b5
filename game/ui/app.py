"""The app shell: one pygame-ce loop, a scene stack, global keys and the actions scenes return.

The loop always drains events but redraws only when a scene says something changed (or the
window was resized/exposed). Tests drive the same loop headless: post real events with
pygame.event.post, then call `run(max_frames=N)` (or `step()` once) and look at the scenes.
"""
from __future__ import annotations

import os
from pathlib import Path

import pygame

from game import i18n
from game.engine.text import M
from game.i18n import _
from game.ui.assets import Assets
from game.ui.menu import MainMenu
from game.ui.scene import (Action, ChangeSettings, Context, OpenMap, OpenMapList, OpenSettings, Pop, Push, Quit,
                           Scene, ShowError, ToggleHelp)
from game.ui.settings import keep_unreadable, load_settings, save_settings, settings_path

MAPS_DIR = Path(__file__).resolve().parents[2] / "maps"
DEFAULT_SIZE = (1280, 720)
FPS = 60


def use_dummy_video_if_headless() -> None:
    """SDL picks the dummy driver only if told to; do so when there is no display at all."""
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) and os.name != "nt":
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _clean_interrupted_writes(maps_dir: Path) -> None:
    """Temporary files of writes a crash interrupted go at start: saves (game/engine/session.py)
    in the saves folder and the config folder (the tutorial progress), and the builder's
    `NAME.tmx.part` / `NAME.mission.toml.part` in maps/custom."""
    from game.engine.runtime import config_dir
    from game.engine.session import clean_interrupted_writes
    from game.ui.kit.saves import saves_dir

    clean_interrupted_writes(saves_dir())
    clean_interrupted_writes(config_dir())
    clean_interrupted_writes(maps_dir / "custom", match=lambda p: p.name.endswith((".tmx.part", ".mission.toml.part")))


class App:
    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, headless: bool = False,
                 maps_dir: Path = MAPS_DIR, config_file: Path | None = None) -> None:
        if headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        # Only the modules we use: pygame.init() would also open audio, slow and noisy headless.
        pygame.display.init()
        pygame.font.init()
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("Tiletop")
        pygame.key.set_repeat(300, 40)  # held arrow keys keep panning
        self.settings_file = config_file or settings_path()
        settings, notice = load_settings(self.settings_file, i18n.available_languages())
        i18n.set_language(settings.language)
        broken = i18n.catalogue_problem(settings.language)
        self.ctx = Context(settings=settings, assets=Assets(), maps_dir=maps_dir, settings_file=self.settings_file)
        self._settings_notice = notice  # said until the Settings screen writes a good file
        if notice:
            self.ctx.notices.append(notice)
        if broken:
            self.ctx.notices.append(broken)
        _clean_interrupted_writes(maps_dir)
        self.scenes: list[Scene] = [MainMenu(self.ctx)]
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames_drawn = 0
        self._force_redraw = True

    # -- scene stack ----------------------------------------------------------------------
    @property
    def top(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        self._force_redraw = True

    def pop(self) -> None:
        if len(self.scenes) > 1:
            self.scenes.pop()
        self._force_redraw = True

    def back_to_menu(self) -> None:
        del self.scenes[1:]
        self._force_redraw = True

    # -- actions --------------------------------------------------------------------------
    def apply(self, action: Action | None) -> None:
        if action is None:
            return
        if isinstance(action, Push):
            self.push(action.scene)
        elif isinstance(action, Pop):
            self.pop()
        elif isinstance(action, Quit):
            self.running = False
        elif isinstance(action, OpenMapList):
            from game.ui.maplist import MapList

            self.push(MapList(self.ctx, action.folder))
        elif isinstance(action, OpenSettings):
            from game.ui.settings_scene import SettingsScene

            self.push(SettingsScene(self.ctx))
        elif isinstance(action, OpenMap):
            self.open_map(action.path)
        elif isinstance(action, ShowError):
            self.show_error(action.title, action.message)
        elif isinstance(action, ChangeSettings):
            self.change_settings(action)
        elif isinstance(action, ToggleHelp):
            self.toggle_help()

    def open_map(self, path: Path) -> Scene | None:
        """Push the table for `path`; on failure go back to the menu and show why."""
        from game.ui.table.scene import MapLoadError, TableScene

        try:
            scene = TableScene(self.ctx, path, self.screen.get_size())
        except MapLoadError as exc:
            self.show_error(_("Could not open the map"), str(exc))
            return None
        self.push(scene)
        return scene

    def show_error(self, title: str, message: str) -> None:
        from game.ui.overlays import ErrorPanel

        self.back_to_menu()
        self.push(ErrorPanel(self.ctx, title, message))

    def change_settings(self, action: ChangeSettings) -> None:
        self.ctx.settings = action.settings
        i18n.set_language(action.settings.language)
        broken = i18n.catalogue_problem(action.settings.language)
        if broken and broken not in self.ctx.notices:
            self.ctx.notices.append(broken)
        kept = keep_unreadable(self.settings_file)  # a file that did not read is moved aside, not lost
        if kept is not None:
            self.ctx.notices.append(M("{path}: the settings file that could not be read was kept as {kept}",
                                      path=str(self.settings_file), kept=kept.name))
        try:
            save_settings(action.settings, self.settings_file)
        except OSError as exc:
            from game.ui.kit.saves import _os_words

            cannot = _("cannot save settings")  # outside the f-string, where pybabel finds it
            # in the reader's words (the system's strerror is English: 'Is a directory')
            self.ctx.notices.append(f"{self.settings_file}: {_os_words(exc, cannot)}")
        else:  # the file now holds good values: what was wrong with it is past
            if self._settings_notice in self.ctx.notices:
                self.ctx.notices.remove(self._settings_notice)
            self._settings_notice = None
        for scene in self.scenes:
            scene.on_settings_changed()
        self._force_redraw = True

    def toggle_help(self) -> None:
        from game.ui.overlays import HelpOverlay

        if isinstance(self.top, HelpOverlay):
            self.pop()
            return
        title = getattr(self.top, "title", "") or ""
        self.push(HelpOverlay(self.ctx, str(title), self.top.shortcuts(), below=self.top))

    # -- the loop -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED):
            self.screen = pygame.display.get_surface()
            for scene in self.scenes:
                scene.dirty = True
            self._force_redraw = True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.toggle_help()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
            self.running = False
        else:
            self.apply(self.top.handle(event))

    def step(self, events: list[pygame.event.Event] | None = None) -> bool:
        """One iteration: handle events, update, redraw if needed. True if a frame was drawn."""
        for event in pygame.event.get() if events is None else events:
            self.handle(event)
            if not self.running:
                return False
        self.top.update(self.clock.get_time())
        # Only what a frame shows asks for one: a scene under an opaque one is not drawn, so its
        # dirty flag stayed up and every frame was drawn again (the menu under a table: a whole
        # core at 1920x1080 in a real window, where each frame is a full flip). A scene shown
        # again is drawn whole (push, pop: _force_redraw).
        if not (self._force_redraw or any(s.dirty for s in self._shown())):
            return False
        self.draw(self.screen)
        pygame.display.flip()
        self.frames_drawn += 1
        return True

    def _shown(self) -> list[Scene]:
        """The scenes a frame draws: the top one and those under it down to the first opaque."""
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        return self.scenes[first:]

    def draw(self, surface: pygame.Surface) -> None:
        shown = self._shown()
        full = self._force_redraw or len(shown) > 1
        for scene in shown:
            if full:
                scene.full_redraw = True
            scene.draw(surface)
            scene.dirty = False
        self._force_redraw = False

    def run(self, max_frames: int | None = None) -> None:
        """The main loop; `max_frames` bounds the iterations (tests, benchmarks)."""
        n = 0
        while self.running and (max_frames is None or n < max_frames):
            self.step()
            self.clock.tick(FPS)
            n += 1

    def close(self) -> None:
        pygame.display.quit()
