"""Where a title's games are kept between runs: the autosave (Session.autosave after every
action), named saves the players ask for (Ctrl+S on the table), and a small side file per save
with what the save format does not hold (which seats are bots).

One `SaveStore` per title, keyed by the title's package name: its files are
`autosave-<key>.json`, `<key>-<scenario>-turn<n>-<date>.json` and `watch-<key>.json`, so titles
share the folder without seeing each other's saves (and Gears keeps the names it always had).
The folder is the per-user config dir (TILETOP_CONFIG_DIR or ~/.config/tiletop) + saves/.
No pygame here: the set-up screens and the tables draw what this returns.
"""
from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from game.engine.protocol import Title
from game.engine.runtime import config_dir
from game.engine.session import (SaveError, Session, load_session, read_json_file, read_save, read_save_head,
                                 write_json_atomic)
from game.i18n import _, fill

# keep_interrupted's names: <key>-<scenario>-interrupted-<date>[-n].json
INTERRUPTED = re.compile(r"-interrupted-\d{8}-\d{6}(-\d+)?\.json$")
LIST_LIMIT = 40  # newest saves listed (each is replayed to check it)
SEATS_BYTES = 64 * 1024  # a seats side file holds a list of four words


def saves_dir() -> Path:
    return config_dir() / "saves"


def seats_path(save: Path) -> Path:
    return save.with_name(save.stem + ".seats.json")


@dataclass
class Saved:
    session: Session
    seats: list[str]  # "human" / "bot" per player, in player order
    notice: str | None = None  # the seats side file was damaged: every seat became a person


@dataclass
class SaveEntry:
    """One row of the load list: what the save holds, or why it cannot be loaded."""

    path: Path
    modified: float  # file time, seconds since the epoch
    autosave: bool = False
    saved: Saved | None = None
    error: str | None = None  # the engine's SaveError message

    @property
    def interrupted(self) -> bool:
        """An unfinished game that was in the autosave when another game began
        (`SaveStore.keep_interrupted`), not one the players saved."""
        return INTERRUPTED.search(self.path.name) is not None

    @property
    def date(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))


def _os_words(exc: OSError, what: str) -> str:
    """What the disk refused, in the reader's language (not the system's English reason)."""
    if isinstance(exc, PermissionError):
        return fill(_("{what}: no permission"), what=what)
    if exc.errno == 28:  # ENOSPC
        return fill(_("{what}: the disk is full"), what=what)
    return what


def write_seats(save: Path, seats: list[str]) -> str | None:
    try:
        save.parent.mkdir(parents=True, exist_ok=True)
        write_json_atomic(seats_path(save), {"seats": list(seats)})
    except OSError as exc:
        return f"{seats_path(save)}: " + _os_words(exc, _("the file cannot be written"))
    return None


def read_seats(save: Path) -> Any:
    """A save's seats side file as JSON, None when it has none or cannot be read."""
    try:
        return read_json_file(seats_path(save), "seats", SEATS_BYTES)
    except SaveError:
        return None


def state_players(state: Any) -> list[str]:
    return list(state.players)


class SaveStore:
    """The saves of one title. `title` makes the rules object a save is replayed with; it is
    called only when a save is loaded, so the menu can ask `has_autosave` without the rules.
    `players` lists a state's players in seat order (the seats file has one entry each); the
    default reads `state.players`, which every title's state has but the engine's toy."""

    def __init__(self, key: str, title: Callable[[], Title[Any]],
                 players: Callable[[Any], list[str]] = state_players) -> None:
        self.key = key
        self.players = players
        self.prefix = f"{key}-"  # named saves: <key>-<scenario>-turn<n>-<date>.json
        self.autosave_name = f"autosave-{key}.json"
        self.watch_name = f"watch-{key}.json"  # watch mode's own autosave: bots only, not worth listing
        self._title = title

    def autosave_path(self) -> Path:
        return saves_dir() / self.autosave_name

    def watch_path(self) -> Path:
        return saves_dir() / self.watch_name

    def has_autosave(self) -> bool:
        """An unfinished game to continue (the menu's Continue button)."""
        return self.autosave_path().is_file()

    def autosave(self, session: Session, seats: list[str], path: Path | None = None) -> str | None:
        """Save now; a message instead of an exception when the disk refuses."""
        path = path or self.autosave_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return f"{path.parent}: " + _os_words(exc, _("the folder cannot be made"))
        if not seats_path(path).exists():
            problem = write_seats(path, seats)
            if problem:
                return problem
        return session.autosave(path)

    def begin(self, session: Session, seats: list[str]) -> str | None:
        """Play (a new game, or a loaded one) goes on in the autosave: its seats written first,
        since `autosave` keeps a side file it finds. A message when the disk refuses."""
        path = self.autosave_path()
        return write_seats(path, seats) or self.autosave(session, seats, path)

    def keep_interrupted(self, now: float | None = None) -> tuple[Path | None, str | None]:
        """Before a new game takes the autosave: an unfinished game in it (one with actions) is
        moved to a named save, `<key>-<scenario>-interrupted-<date>.json`, listed and loadable.
        Returns (its new path or None, a message when the disk refuses: then nothing moved)."""
        auto = self.autosave_path()
        if not auto.is_file():
            return None, None
        try:
            # Its header and how many actions it holds, not its actions (issue 19: a look that
            # decoded every action of a 3,000-action game before a new one could start).
            data = read_save_head(auto)
        except SaveError:
            data = {"scenario": "damaged", "actions": 1}  # kept too: the player may want it
        if not data["actions"]:
            return None, None
        same = self._kept_already(auto, data)
        if same is not None:
            # A save continued and left without a move (loaded, then another game begun): the
            # autosave is that save again. Kept a second time, the load list showed two rows
            # alike in every word; the save it repeats is the one kept.
            self.discard(auto)
            return same, None
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now if now is not None else time.time()))
        base = f"{self.prefix}{re.sub(r'[^A-Za-z0-9_]+', '_', str(data['scenario']))[:60]}-interrupted-{stamp}"
        target, n = auto.with_name(f"{base}.json"), 2
        while target.exists():
            target, n = auto.with_name(f"{base}-{n}.json"), n + 1
        try:
            os.replace(auto, target)
            if seats_path(auto).exists():
                os.replace(seats_path(auto), seats_path(target))
        except OSError as exc:
            return None, f"{auto}: " + _os_words(exc, _("the unfinished game cannot be kept"))
        return target, None

    def _kept_already(self, auto: Path, head: dict[str, Any]) -> Path | None:
        """A save of this title holding exactly what the autosave holds (header, actions, the
        bots' states, the seats), or None. Only the saves whose header and count of actions
        match are read whole."""
        try:
            files = [p for p in auto.parent.iterdir() if self._is_save(p) and p != auto]
        except OSError:
            return None
        whole = None
        for p in sorted(files):
            try:
                if read_save_head(p) != head:
                    continue
                if whole is None:
                    whole = read_save(auto), read_seats(auto)
                if (read_save(p), read_seats(p)) == whole:
                    return p
            except SaveError:
                continue
        return None

    def resume(self, path: Path) -> tuple[Saved, str | None]:
        """A save, fresh from its file, continued in the autosave (the named save stays as it
        was, to come back to); SaveError when it cannot be loaded."""
        saved = self.load(path)
        if path != self.autosave_path():
            self.discard(self.autosave_path())
        return saved, self.begin(saved.session, saved.seats)

    def save_named(self, session: Session, seats: list[str], folder: Path | None = None,
                   now: float | None = None) -> Path:
        """A new save file named by scenario, turn and time (never overwrites one); SaveError
        names the file when the disk refuses."""
        folder = folder or saves_dir()
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now if now is not None else time.time()))
        base = f"{self.prefix}{session.scenario}-turn{session.title.turn_number(session.state)}-{stamp}"
        path = folder / f"{base}.json"
        n = 2
        while path.exists():
            path = folder / f"{base}-{n}.json"
            n += 1
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(folder, f"cannot create the saves folder ({exc.strerror or exc})") from None
        session.save(path)
        problem = write_seats(path, seats)
        if problem:
            raise SaveError(path, problem.split(": ", 1)[-1])
        return path

    def list_saves(self, folder: Path | None = None, limit: int = LIST_LIMIT) -> list[SaveEntry]:
        """Every save of this title in the folder, newest first, each fully checked (envelope,
        snapshot hash and a replay of its actions): a damaged file is a row with the engine's
        message."""
        folder = folder or saves_dir()
        try:
            files = [p for p in folder.iterdir() if self._is_save(p)]
        except OSError:
            return []
        stamped = []
        for p in files:
            try:
                stamped.append((p.stat().st_mtime, p))
            except OSError:
                continue
        stamped.sort(key=lambda mp: (-mp[0], mp[1].name))
        out = []
        for mtime, p in stamped[:limit]:
            entry = SaveEntry(p, mtime, autosave=p.name == self.autosave_name)
            try:
                entry.saved = self.load(p)
            except SaveError as exc:
                entry.error = str(exc)
            except Exception:  # noqa: BLE001 - a save the rules cannot replay must not end the list
                entry.error = f"{p}: " + _("the saved actions cannot be played again: the rules fail on them")
            out.append(entry)
        return out

    def _is_save(self, p: Path) -> bool:
        name = p.name
        if not name.endswith(".json") or name.endswith(".seats.json") or name.startswith("."):
            return False
        return name == self.autosave_name or name.startswith(self.prefix)

    def load(self, path: Path | None = None) -> Saved:
        """The saved game; SaveError (naming the file) when it cannot be continued."""
        path = path or self.autosave_path()
        session = load_session(path, self._title())
        seats = ["human"] * len(self.players(session.state))
        side = seats_path(path)
        problem = None
        try:
            data = read_json_file(side, "seats", SEATS_BYTES)
            got = data["seats"] if isinstance(data, dict) else None
            if isinstance(got, list) and len(got) == len(seats) and all(s in ("human", "bot") for s in got):
                seats = [str(s) for s in got]
            else:
                problem = f"{side}: " + _("it does not list one seat (human or bot) per player")
        except SaveError as exc:
            # No side file (a save copied without it) is no news; a damaged one is said (issue 22).
            problem = str(exc) if side.exists() else None
        notice = _("{problem}: every seat is played by a person.").format(problem=problem) if problem else None
        if session.load_notice:
            notice = f"{session.load_notice} {notice}" if notice else session.load_notice
        return Saved(session, seats, notice)

    def discard(self, path: Path | None = None) -> None:
        """The game ended: nothing to continue."""
        path = path or self.autosave_path()
        for p in (path, seats_path(path)):
            try:
                p.unlink()
            except OSError:
                pass


__all__ = ["LIST_LIMIT", "SaveEntry", "SaveError", "SaveStore", "Saved", "saves_dir", "seats_path", "write_seats"]
