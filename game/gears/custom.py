"""Custom Gears missions: a TOML file beside a built map saying how to play it.

    # maps/custom/NAME.mission.toml
    map = "NAME.tmx"            # the built map, relative to this file
    name = "Hold the plaza"     # shown on the set-up screen
    players = 2                 # 1 to 4
    goal = "hold_out"           # "reach_exit" or "hold_out"
    activations = 8             # hold_out only: Locust activations to survive
    [locusts]                   # the mission's enemy assignment (gears 7.5): ids from
    A = "drone"                 # game/gears/data/enemies.toml
    B = "wretch"
    C = "boomer"

`load_mission` validates everything (goal, counts, enemy ids, that the map loads, is a Gears
map and, for reach_exit, has a door token on an exit to reach) and raises MissionError with one
line per problem, naming the file. `custom_missions(maps_dir)` lists what the set-up screen
offers. The builder's mission panel edits a `MissionDraft` and saves it with `save_draft`.

What the rules need to play one: `CustomMission.map` (the composed board's .tmx; load it with
`CustomMission.board()`), `goal`/`activations`, `players` and `locusts` (slot -> enemy id).
No pygame here.
"""
from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from game.engine.errors import InputError
from game.engine.text import M, Msg
from game.engine.tomldata import TomlLimit, read_toml_file, toml_problem

__all__ = ["CustomMission", "MissionDraft", "MissionError", "GOALS", "SLOTS", "load_mission", "save_mission",
           "save_draft", "draft_for", "mission_path", "custom_missions", "enemy_ids", "enemy_names", "problems_of"]

SLOTS = ("A", "B", "C")
DEFAULT_LOCUSTS = {"A": "drone", "B": "wretch", "C": "boomer"}  # Emergence's mix (gears 7.5)
DEFAULT_ACTIVATIONS = 8

GOALS = ("reach_exit", "hold_out")
MAX_NAME = 100  # characters of a mission's name (it goes into saves as custom:NAME)
KEYS = {"map", "name", "players", "goal", "activations", "locusts"}
ENEMIES = Path(__file__).resolve().parent / "data" / "enemies.toml"


class MissionError(InputError):
    """Each problem is a message `M("{path}: {problem}", ...)` (issue 18: the builder's panel and
    the set-up screen show it in the reader's language), or a plain line."""

    def __init__(self, problems: list):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


def problems_of(path: Path, problems: list) -> list:
    """The problems (without the file's name) that `load_mission` found in the file at `path`."""
    where = str(path)
    out = []
    for line in problems:
        if isinstance(line, Msg) and line.params.get("path") == where:
            out.append(line.params["problem"])
        elif line.__class__ is str and line.startswith(where + ": "):
            out.append(line[len(where) + 2:])
    return out


@dataclass(frozen=True)
class CustomMission:
    path: Path
    map: Path  # absolute
    name: str
    players: int
    goal: str
    activations: int | None
    locusts: dict[str, str] = field(default_factory=dict)  # "A"/"B"/"C" -> enemy id


    def board(self):
        """The composed board the mission is played on (game.board.tmx.load_board; MapError)."""
        from game.board.tmx import load_board

        return load_board(self.map)


@dataclass(frozen=True)
class MissionDraft:
    """A mission being edited (the builder's panel): like CustomMission without a file yet.
    activations is kept while the goal is reach_exit, so switching goals loses nothing."""

    name: str
    players: int = 2
    goal: str = "reach_exit"
    activations: int = DEFAULT_ACTIVATIONS
    locusts: tuple[tuple[str, str], ...] = tuple(DEFAULT_LOCUSTS.items())

    def locust(self, slot: str) -> str:
        return dict(self.locusts)[slot]

    def with_locust(self, slot: str, enemy: str) -> "MissionDraft":
        from dataclasses import replace

        return replace(self, locusts=tuple((s, enemy if s == slot else e) for s, e in self.locusts))


def mission_path(map_path: Path) -> Path:
    """Where a map's mission lives: NAME.mission.toml beside NAME.tmx."""
    return Path(map_path).with_suffix(".mission.toml")


def draft_for(map_path: Path | None, name: str) -> tuple[MissionDraft, list[str]]:
    """The mission saved beside map_path as a draft, else a default one; problems of a broken
    mission file come back as lines (the draft is then the default)."""
    if map_path is not None and mission_path(map_path).is_file():
        try:
            m = load_mission(mission_path(map_path))
        except MissionError as exc:
            return MissionDraft(name), exc.problems
        return MissionDraft(m.name, m.players, m.goal, m.activations or DEFAULT_ACTIVATIONS,
                            tuple((s, m.locusts[s]) for s in SLOTS)), []
    return MissionDraft(name), []


def save_draft(draft: MissionDraft, map_path: Path) -> Path:
    """Write the draft beside its (saved) map; MissionError, and no file written, if invalid."""
    m = CustomMission(mission_path(map_path), Path(map_path).resolve(), draft.name, draft.players, draft.goal,
                      draft.activations if draft.goal == "hold_out" else None, dict(draft.locusts))
    return save_mission(m)


def enemy_ids() -> list[str]:
    with open(ENEMIES, "rb") as f:
        return list(tomllib.load(f).get("enemy", {}))


def enemy_names() -> dict[str, str]:
    """Enemy id -> its card name (enemies.toml), for the builder's panel."""
    with open(ENEMIES, "rb") as f:
        return {k: str(v.get("name", k)) for k, v in tomllib.load(f).get("enemy", {}).items()}


def load_mission(path: Path, shown: Path | None = None) -> CustomMission:
    """The mission of the file at `path`; MissionError naming it (or `shown`, the file it will
    become) in each problem."""
    from game.board.model import MapError
    from game.board.tmx import load_board

    path = Path(path)
    where = str(shown or path)

    def bad(problem: Msg) -> Msg:
        return M("{path}: {problem}", path=where, problem=problem)

    try:
        data = read_toml_file(path)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, TomlLimit) as exc:
        raise MissionError([toml_problem(where, exc)]) from None
    out: list = []
    for k in sorted(set(data) - KEYS):
        out.append(bad(M("unknown key {key} (known: {known})", key=repr(k), known=", ".join(sorted(KEYS)))))
    name = data.get("name")
    if name is not None and (not isinstance(name, str) or len(name) > MAX_NAME
                             or any(ord(c) < 32 for c in name)):
        out.append(bad(M("name must be a line of text of at most {n} characters, not {value}", n=MAX_NAME, value=_shown(name))))
    goal = data.get("goal")
    if goal not in GOALS:
        out.append(bad(M("goal must be one of {goals}, not {value}", goals=", ".join(GOALS), value=_shown(goal))))
    players = data.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 4:
        out.append(bad(M("players must be a whole number from 1 to 4, not {value}", value=_shown(players))))
    activations = data.get("activations")
    if goal == "hold_out":
        if not isinstance(activations, int) or isinstance(activations, bool) or activations < 1:
            out.append(bad(M("hold_out needs activations = a whole number of at least 1, not {value}", value=_shown(activations))))
    elif activations is not None:
        out.append(bad(M("activations is only for goal = \"hold_out\"")))
    locusts = data.get("locusts", {})
    known = enemy_ids()
    if not isinstance(locusts, dict) or set(locusts) != {"A", "B", "C"}:
        out.append(bad(M("[locusts] needs exactly A, B and C")))
        locusts = {}
    for slot, enemy in sorted(locusts.items()):
        if not isinstance(enemy, str) or enemy not in known:
            out.append(bad(M("locusts.{slot} {value} is not an enemy of enemies.toml (known: {known})",
                             slot=slot, value=_shown(enemy), known=", ".join(known))))
    map_ref = data.get("map")
    ok_ref = isinstance(map_ref, str) and 0 < len(map_ref) <= 255 and "\x00" not in map_ref
    map_path = (path.parent / str(map_ref)).resolve() if ok_ref else None
    if map_path is None:
        out.append(bad(M("map must name the .tmx beside this file")))
    else:
        try:
            board = load_board(map_path)
        except MapError as exc:
            out.append(bad(M("map {map} cannot be loaded: {problem}", map=map_ref, problem=str(exc.problems[0]))))
        else:
            if board.properties.get("title") != "gears":
                out.append(bad(M("map {map} is not a Gears map", map=map_ref)))
            elif goal == "reach_exit" and not board.doors:
                out.append(bad(M("goal reach_exit needs a door token on an exit of {map} (the map exit, gears 3.4)", map=map_ref)))
    if out:
        raise MissionError(out)
    assert map_path is not None and isinstance(goal, str) and isinstance(players, int)
    return CustomMission(path, map_path, str(data.get("name") or map_path.stem.replace("_", " ")), players, goal,
                         activations if goal == "hold_out" else None, dict(locusts))


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:60] + "..."


def mission_text(m: CustomMission) -> str:
    lines = [f"map = {_q(m.map.name)}", f"name = {_q(m.name)}", f"players = {m.players}", f"goal = {_q(m.goal)}"]
    if m.activations is not None:
        lines.append(f"activations = {m.activations}")
    lines.append("")
    lines.append("[locusts]")
    lines += [f"{slot} = {_q(m.locusts[slot])}" for slot in ("A", "B", "C")]
    return "\n".join(lines) + "\n"


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def save_mission(m: CustomMission, path: Path | None = None) -> Path:
    """Write the mission beside its map (NAME.mission.toml), validated first: a mission that
    would not load raises MissionError naming the target, and nothing is written."""
    target = Path(path or mission_path(m.map))
    tmp = target.with_name(target.name + ".part")
    tmp.write_text(mission_text(m), encoding="utf-8")
    try:
        load_mission(tmp, shown=target)
    except MissionError:
        tmp.unlink(missing_ok=True)
        raise
    os.replace(tmp, target)
    return target


def custom_missions(maps_dir: Path) -> tuple[list[CustomMission], list[str]]:
    """Every valid custom mission under maps/custom, and the problems of the broken ones."""
    found, problems = [], []
    for p in sorted((Path(maps_dir) / "custom").glob("*.mission.toml")):
        try:
            found.append(load_mission(p))
        except MissionError as exc:
            problems += exc.problems
    return found, problems
