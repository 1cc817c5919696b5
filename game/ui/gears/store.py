"""Where a Gears game is kept between runs: the autosave (Session.autosave after every action)
and a small side file with what the save format does not hold (which seats are bots).

The folder is the per-user config dir (TILETOP_CONFIG_DIR or ~/.config/tiletop) + saves/.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from game.engine.session import SaveError, Session, load_session, write_json_atomic
from game.ui.settings import config_dir


def autosave_path() -> Path:
    return config_dir() / "saves" / "autosave-gears.json"


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


__all__ = ["SaveError", "Saved", "autosave", "autosave_path", "discard", "load", "write_seats"]
