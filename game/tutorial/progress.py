"""Which lessons a learner finished, kept between runs in the per-user config folder.

The file is <config dir>/tutorial.json (config dir: $TILETOP_CONFIG_DIR, else
$XDG_CONFIG_HOME/tiletop, else ~/.config/tiletop - the same folder as settings.toml; the rule
is repeated here because game/ui/settings.py belongs to the pygame layer). A damaged file is
not an error the learner must fix: it is set aside and progress starts again, with a notice.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.engine.errors import os_write_reason
from game.engine.runtime import config_dir
from game.engine.session import SaveError, read_json_file, write_json_atomic
from game.engine.text import M, Msg

FILE_NAME = "tutorial.json"
MAX_BYTES = 1024 * 1024


@dataclass
class Progress:
    path: Path
    # title -> lesson id -> {"done": bool, "best_step": int}
    data: dict[str, dict[str, dict[str, int | bool]]] = field(default_factory=dict)
    notice: Msg | None = None  # worded when shown, in the reader's language
    damaged: bool = False  # the file did not read: set aside (not written over) at the next save
    unsaved_said: bool = False  # a save failed and the learner was told (once)

    @classmethod
    def load(cls, path: Path | None = None) -> Progress:
        path = path or config_dir() / FILE_NAME
        if not path.exists():
            return cls(path)
        try:
            raw = read_json_file(path, "tutorial progress", MAX_BYTES)  # bounded (issue 22)
            data = _validated(raw)
        except SaveError as exc:
            return cls(path, notice=_afresh(path, exc.problem), damaged=True)
        except _Malformed as exc:
            return cls(path, notice=_afresh(path, exc.problem), damaged=True)
        return cls(path, data)

    def is_done(self, title: str, lesson: str) -> bool:
        return bool(self.data.get(title, {}).get(lesson, {}).get("done", False))

    def best_step(self, title: str, lesson: str) -> int:
        return int(self.data.get(title, {}).get(lesson, {}).get("best_step", 0))

    def part_done(self, title: str, lesson: str, steps: int) -> int | None:
        """How many of a lesson's `steps` a learner got through who left it part-way (None: not
        begun, or done). A lesson shortened since counts up to its last step but one."""
        if self.is_done(title, lesson) or steps <= 1:
            return None
        best = min(self.best_step(title, lesson), steps - 1)
        return best if best > 0 else None

    def record(self, title: str, lesson: str, step: int, done: bool) -> None:
        entry = self.data.setdefault(title, {}).setdefault(lesson, {"done": False, "best_step": 0})
        entry["best_step"] = max(int(entry["best_step"]), step)
        entry["done"] = bool(entry["done"]) or done

    def save(self) -> Msg | None:
        """Writes the file. When it cannot (disk full, no permission) the lesson goes on and the
        learner is told once: a message (worded when shown) the first time, None after (and
        None again once a save has worked, until the next failure)."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.damaged and self.path.is_file():  # as the module says: set aside, not lost
                self.path.replace(self.path.with_name(self.path.name + ".unreadable"))
            self.damaged = False
            write_json_atomic(self.path, {"format": "tiletop-tutorial", "version": 1, "progress": self.data})
        except OSError as exc:
            if self.unsaved_said:
                return None
            self.unsaved_said = True
            return M("{path}: tutorial progress could not be saved ({why}).", path=str(self.path), why=os_write_reason(exc))
        self.unsaved_said = False
        return None


def _afresh(path: Path, problem) -> Msg:
    return M("{path}: tutorial progress could not be read ({problem}); starting afresh.", path=str(path), problem=problem)


class _Malformed(Exception):
    """A progress file that reads as JSON but is not one we wrote: `problem`, a message."""

    def __init__(self, problem: Msg):
        super().__init__(str(problem))
        self.problem = problem


def _validated(raw: object) -> dict[str, dict[str, dict[str, int | bool]]]:
    if not isinstance(raw, dict) or raw.get("format") != "tiletop-tutorial":
        raise _Malformed(M("not a tutorial progress file"))
    prog = raw.get("progress")
    if not isinstance(prog, dict):
        raise _Malformed(M("no progress table"))
    out: dict[str, dict[str, dict[str, int | bool]]] = {}
    for title, lessons in prog.items():
        if not isinstance(lessons, dict):
            raise _Malformed(M("the progress of {title} is not a table", title=repr(title)))
        for lid, e in lessons.items():
            if not (isinstance(e, dict) and isinstance(e.get("done"), bool) and isinstance(e.get("best_step"), int)):
                raise _Malformed(M("entry {entry} is malformed", entry=str(title) + "/" + str(lid)))
            out.setdefault(str(title), {})[str(lid)] = {"done": e["done"], "best_step": e["best_step"]}
    return out
