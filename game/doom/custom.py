"""Doom maps made in the map builder (or in Tiled), played as scenarios (issue 13 item 6).

A built map is a Doom map under maps/custom/ (docs/MAPS.md, "Playing a built Doom map"). Its
scenario record comes from the map itself, so one file is the whole scenario:

- the objective: the area with `objective = true`; the marines win when one of them ends a
  step in it (a scenario's win_area);
- the marines' start squares: the start zone's free squares in reading order (spec 4);
- the frag target: the map property `frag_target`, else the game's first scenario's (seed p. 4,
  knee_deep in scenarios.toml), marked as a default on the set-up screen;
- encounter markers have no record (a built map has no scenario book): triggering one says
  that nothing happens (rules/effects.py trigger_encounter).

The scenario id is `custom:STEM` (maps/custom/STEM.tmx). `register` adds the record to the
content's scenario table (looked up by id, never listed: simulations and the scenario list see
only scenarios.toml), and a save records the map's sha256 so a game whose map changed since is
refused on load.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from game.board.model import MapError
from game.engine.errors import open_file, os_reason
from game.engine.provenance import Provenance
from game.engine.text import M, Mn, Msg

__all__ = ["CUSTOM", "CUSTOM_DIR", "BuiltMap", "built_maps", "built_scenario", "map_digest", "register",
           "scenario_path", "DEFAULT_FRAG_SCENARIO"]

CUSTOM = "custom:"
CUSTOM_DIR = Path(__file__).resolve().parents[2] / "maps" / "custom"
DEFAULT_FRAG_SCENARIO = "knee_deep"  # the frag target of a built map without one: the first scenario's


@dataclass(frozen=True)
class BuiltMap:
    """One Doom map of maps/custom: playable (`scenario`) or not (`problem`, in words)."""

    id: str  # "custom:STEM"
    path: Path
    name: str
    scenario: object | None = None  # game.doom.content.Scenario
    problem: str | Msg = ""  # a message (this module's) or a map checker's sentence
    frag_default: bool = False  # the frag target is the default, not the map's own


class Unplayable(ValueError):
    """A built map that cannot be played: `problem` says why (a message), the text names the file."""

    def __init__(self, path: Path, problem: Msg):
        super().__init__(M("{path}: {problem}", path=str(path), problem=problem))
        self.problem = problem

    def __str__(self) -> str:
        return str(self.args[0])


def scenario_path(scenario: str, custom_dir: Path | None = None) -> Path:
    stem = scenario[len(CUSTOM):]
    if not scenario.startswith(CUSTOM) or not stem or "/" in stem or "\\" in stem or stem.startswith("."):
        raise ValueError(f"not a built Doom map scenario: {scenario!r}")
    return Path(custom_dir or CUSTOM_DIR) / f"{stem}.tmx"


def map_digest(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def built_scenario(scenario: str, path: Path, content) -> tuple[object, bool]:
    """The scenario record of a built map and whether its frag target is the default; ValueError
    naming the problem when the map cannot be played."""
    from game.board.builder import marine_start_squares
    from game.board.tmx import load_board
    from game.doom.content import Scenario
    from game.doom.rules.board import DoomMap

    try:
        board = load_board(path)
    except MapError as exc:
        raise ValueError("; ".join(exc.problems[:3])) from None
    except OSError as exc:
        raise Unplayable(path, M("cannot read it ({error})", error=os_reason(exc))) from None
    if board.properties.get("title") != "doom":
        raise Unplayable(path, M("not a Doom map"))
    if board.properties.get("piece"):
        raise Unplayable(path, M("a map piece for the builder, not a whole map"))
    try:
        DoomMap(board, content)  # unknown monsters, figures off the floor...
    except MapError as exc:
        raise ValueError("; ".join(exc.problems[:3])) from None
    from game.board.checks import check_board

    # What a map left unfinished in the builder lacks, in a player's words with what to do (the
    # set-up screen listed 'no area has start_zone = true', the map checker's words for the file).
    if board.areas and not any(a.properties.get("start_zone") for a in board.areas.values()):
        raise Unplayable(path, M("the map has no start zone: open it in the builder and place one"))
    problems = check_board(board)
    if problems:
        raise Unplayable(path, problems[0].message)
    goals = [n for n, a in board.areas.items() if a.properties.get("objective")]
    if not goals:
        raise Unplayable(path, M("the map has no objective: open it in the builder and place one"))
    if len(goals) > 1:
        raise Unplayable(path, M("the map has {n} objectives: open it in the builder and keep one", n=len(goals)))
    if board.areas[goals[0]].properties.get("start_zone"):
        raise Unplayable(path, M("the objective is in the start zone: open the map in the builder and move it"))
    starts = marine_start_squares(board)
    if len(starts) < len(content.marines):
        raise Unplayable(path, Mn("the start zone has {n} free square and {marines} marines need one each: "
                                  "open the map in the builder and give them room",
                                  "the start zone has {n} free squares and {marines} marines need one each: "
                                  "open the map in the builder and give them room", len(starts),
                                  marines=len(content.marines)))
    own = board.properties.get("frag_target")
    if own is not None and int(own) < 1:
        raise Unplayable(path, M("frag_target must be at least 1, not {n}", n=str(own)))
    frags = int(own) if own is not None else content.scenarios[DEFAULT_FRAG_SCENARIO].frag_target
    name = str(board.properties.get("name") or path.stem)
    prov = Provenance(False, f"{path.name} (a map made in the map builder)",
                      "a built map: not from the seed; its frag target is the map's own or the first scenario's")
    sc = Scenario(scenario, name, name, str(Path(path).resolve()), frags, tuple(starts[:len(content.marines)]),
                  goals[0], "N", MappingProxyType({}), prov)
    return sc, own is None


def register(scenario: str, content, custom_dir: Path | None = None) -> str:
    """Read the built map of `scenario` again, add its record to content.scenarios; its digest.
    ValueError when it cannot be played."""
    from game.doom.rules.board import load_map

    known = content.scenarios[scenario].map if scenario in content.scenarios else None
    # A game loaded or continued names no folder: the map's file as registered, else maps/custom.
    path = (Path(known) if custom_dir is None and known else scenario_path(scenario, custom_dir)).resolve()
    if not path.is_file():
        raise Unplayable(path, M("this is a folder, not a file") if path.is_dir() else M("there is no such file"))
    try:
        digest = map_digest(path)
    except OSError as exc:  # unreadable: a PermissionError went up past Continue and the load list
        raise Unplayable(path, M("cannot read ({why})", why=os_reason(exc))) from None
    table = content.scenarios
    if table.digest(scenario) != digest or known != str(path):
        sc, _default = built_scenario(scenario, path, content)
        load_map.cache_clear()  # the map file may have changed under the same path
        table.register(sc, digest)
    return digest


# The map's title property as the builder and Tiled write it, in the map's first lines.
_TITLE = re.compile(r'<property\s+name="title"(?:\s+type="string")?\s+value="([^"]*)"')
_ANOTHER_TITLE = re.compile(r'value="(gears|level7|convoy)"')


def built_maps(content, maps_dir: Path) -> list[BuiltMap]:
    """The Doom maps of maps_dir/custom, in file-name order, each playable or with its problem."""
    from game.board.tmx import load_board

    out = []
    for path in sorted((Path(maps_dir) / "custom").glob("*.tmx")):
        sid = CUSTOM + path.stem
        # A map that cannot be read is listed with its problem, not left out without a word (a
        # hand-added map with no permission, or not a map at all, was missing from the list);
        # only a map that names another title is another title's.
        try:
            with open_file(path) as fh:  # never a pipe: the set-up waited for ever on one
                head = fh.read(4096).decode("utf-8", errors="replace")
        except OSError as exc:
            out.append(BuiltMap(sid, path, path.name, None, M("cannot read it ({error})", error=os_reason(exc))))
            continue
        named = _TITLE.search(head)
        if named and named.group(1) != "doom" or "doom" not in head and _ANOTHER_TITLE.search(head):
            continue  # another title's map (its title property is in the map's first lines)
        try:
            board = load_board(path)
        except MapError as exc:
            out.append(BuiltMap(sid, path, path.name, None, exc.problems[0].replace(f"{path}: ", "")))
            continue
        except OSError as exc:
            out.append(BuiltMap(sid, path, path.name, None, M("cannot read it ({error})", error=os_reason(exc))))
            continue
        if board.properties.get("title") != "doom" or board.properties.get("piece"):
            continue
        name = str(board.properties.get("name") or path.stem)
        try:
            sc, default = built_scenario(sid, path, content)
        except Unplayable as exc:
            out.append(BuiltMap(sid, path, name, None, exc.problem))
            continue
        except ValueError as exc:
            out.append(BuiltMap(sid, path, name, None, str(exc).replace(f"{path}: ", "")))
            continue
        out.append(BuiltMap(sid, path, name, sc, "", default))
    return out
