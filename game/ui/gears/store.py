"""Where a Gears game is kept between runs: the autosave (Session.autosave after every action),
named saves the players ask for (Ctrl+S on the table), and a small side file per save with what
the save format does not hold (which seats are bots).

The folder is the per-user config dir (TILETOP_CONFIG_DIR or ~/.config/tiletop) + saves/.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from game.engine.runtime import config_dir
from game.engine.session import SaveError, Session, load_session, write_json_atomic


PREFIX = "gears-"  # named saves: gears-<mission>-turn<n>-<date>.json
AUTOSAVE = "autosave-gears.json"
WATCH = "watch-gears.json"  # watch mode's own autosave: bots only, not worth listing
LIST_LIMIT = 40  # newest saves listed (each is replayed to check it)


def saves_dir() -> Path:
    return config_dir() / "saves"


def autosave_path() -> Path:
    return saves_dir() / AUTOSAVE


def seats_path(save: Path) -> Path:
    return save.with_name(save.stem + ".seats.json")


@dataclass
class Saved:
    session: Session
    seats: list[str]  # "human" / "bot" per player, in player order


def write_seats(save: Path, seats: list[str]) -> str | None:
    try:
        save.parent.mkdir(parents=True, exist_ok=True)
        write_json_atomic(seats_path(save), {"seats": list(seats)})
    except OSError as exc:
        return f"{seats_path(save)}: cannot write ({exc.strerror or exc})"
    return None


def autosave(session: Session, seats: list[str], path: Path | None = None) -> str | None:
    """Save now; a message instead of an exception when the disk refuses."""
    path = path or autosave_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"{path.parent}: cannot create ({exc.strerror or exc})"
    if not seats_path(path).exists():
        problem = write_seats(path, seats)
        if problem:
            return problem
    return session.autosave(path)


def save_named(session: Session, seats: list[str], folder: Path | None = None, now: float | None = None) -> Path:
    """A new save file named by mission, turn and time (never overwrites one); SaveError names
    the file when the disk refuses."""
    folder = folder or saves_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now if now is not None else time.time()))
    base = f"{PREFIX}{session.scenario}-turn{session.title.turn_number(session.state)}-{stamp}"
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


@dataclass
class SaveEntry:
    """One row of the load list: what the save holds, or why it cannot be loaded."""

    path: Path
    modified: float  # file time, seconds since the epoch
    autosave: bool = False
    saved: Saved | None = None
    error: str | None = None  # the engine's SaveError message

    @property
    def date(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))


def list_saves(folder: Path | None = None, limit: int = LIST_LIMIT) -> list[SaveEntry]:
    """Every Gears save in the folder, newest first, each fully checked (envelope, snapshot hash
    and a replay of its actions): a damaged file is a row with the engine's message."""
    folder = folder or saves_dir()
    try:
        files = [p for p in folder.iterdir() if _is_save(p)]
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
        entry = SaveEntry(p, mtime, autosave=p.name == AUTOSAVE)
        try:
            entry.saved = load(p)
        except SaveError as exc:
            entry.error = str(exc)
        except Exception as exc:  # noqa: BLE001 - a save the rules cannot replay must not end the list
            entry.error = f"{p}: cannot be replayed ({type(exc).__name__}: {exc})"
        out.append(entry)
    return out


def _is_save(p: Path) -> bool:
    name = p.name
    if not name.endswith(".json") or name.endswith(".seats.json") or name.startswith("."):
        return False
    return name == AUTOSAVE or name.startswith(PREFIX)


def load(path: Path | None = None) -> Saved:
    """The saved game; SaveError (naming the file) when it cannot be continued."""
    from game.gears.rules.title import GearsTitle

    path = path or autosave_path()
    session = load_session(path, GearsTitle())
    seats = ["human"] * len(session.state.players)
    try:
        data = json.loads(seats_path(path).read_text(encoding="utf-8"))
        got = [str(s) for s in data["seats"]]
        if len(got) == len(seats) and all(s in ("human", "bot") for s in got):
            seats = got
    except (OSError, ValueError, KeyError, TypeError):
        pass  # no side file: every seat is a person, the safe guess
    return Saved(session, seats)


def discard(path: Path | None = None) -> None:
    """The game ended: nothing to continue."""
    path = path or autosave_path()
    for p in (path, seats_path(path)):
        try:
            p.unlink()
        except OSError:
            pass


__all__ = ["SaveEntry", "SaveError", "Saved", "autosave", "autosave_path", "discard", "list_saves", "load",
           "save_named", "saves_dir", "write_seats"]
