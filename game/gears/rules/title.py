"""GearsTitle: the Title (game/engine/protocol.py) that game.engine.Session drives."""
from __future__ import annotations

from game.engine.errors import CustomMapGone, SavedFileChanged
from game.engine.text import M
import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator, Mapping

from game.engine.protocol import Action, Event, IllegalAction, Title
from game.gears.content import GearsContent, load_content
from game.gears.rules import procedures as P
from game.gears.rules import setup as S
from game.gears.rules import turn as T
from game.gears.rules.board_view import FileTileLoader
from game.gears.rules.state import REVISIONS, GearsState

import game.gears.ai  # noqa: F401  (registers the locust_step procedure)


CUSTOM = "custom:"  # scenario prefix of a map built in the builder: "custom:NAME"
CUSTOM_TILE = "custom"  # the one placement of a custom game: the whole built map
CUSTOM_DIR = Path(__file__).resolve().parents[3] / "maps" / "custom"


class MissionTable(Mapping):
    """content.missions: the missions of missions.toml, plus custom missions registered when
    a custom game is started or loaded (looked up by id, never listed: simulations and the
    set-up screen's mission list see only missions.toml)."""

    def __init__(self, base: Mapping[str, Any]):
        self._base = dict(base)
        self._custom: dict[str, Any] = {}

    def __getitem__(self, key: str):
        if key in self._base:
            return self._base[key]
        return self._custom[key]

    def __contains__(self, key: object) -> bool:
        return key in self._base or key in self._custom

    def __iter__(self) -> Iterator[str]:
        return iter(self._base)

    def __len__(self) -> int:
        return len(self._base)

    def register(self, mission) -> None:
        self._custom[mission.id] = mission


@lru_cache(maxsize=1)
def shared_content() -> GearsContent:
    """The content is read once per process: it is immutable (custom missions are added to
    its MissionTable by id)."""
    content = load_content()
    object.__setattr__(content, "missions", MissionTable(content.missions))
    return content


class CustomMapLoader:
    """The title's tile loader, plus the built map under the tile id CUSTOM_TILE."""

    def __init__(self, base: Any, map_path: Path, digest: str):
        self.base = base
        self.map_path = Path(map_path)
        self.key = ("custom", str(self.map_path), digest)
        self._board = None

    def __call__(self, tile: str):
        if tile != CUSTOM_TILE:
            return self.base(tile)
        if self._board is None:
            from game.board.tmx import load_board

            self._board = load_board(self.map_path)
        return self._board


def custom_digest(cm) -> str:
    """sha256 of the built map and its mission file: a save records it; a changed map makes a
    loaded game refuse with a clear message instead of replaying on another board."""
    h = hashlib.sha256()
    for path in (cm.map, cm.path):
        h.update(Path(path).read_bytes())
    return h.hexdigest()


class GearsTitle(Title[GearsState]):
    name = "gears"

    def __init__(self, tile_loader: Any = None, custom_dir: str | Path | None = None):
        self.loader = tile_loader or FileTileLoader()
        self.content = shared_content()
        self.custom_dir = Path(custom_dir) if custom_dir is not None else CUSTOM_DIR

    def new_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """A new game is played by the current rules revision (state.RULES_REVISION)."""
        return REVISIONS.new_options(options)

    def opening(self, scenario: str, seed: int, options: Mapping[str, Any]) -> tuple[GearsState, list[Event]]:
        """The new game and what its set-up said until the first question (the tiles placed,
        the Locusts spawned, the cards dealt): the log's opening lines."""
        loader, digest = self.loader, None
        if scenario.startswith(CUSTOM):
            cm, digest = self._custom(scenario)
            options = dict(options)
            options.setdefault("players", cm.players)
            loader = CustomMapLoader(self.loader, cm.map, digest)
        state = S.new_state(self.content, scenario, seed, options, loader)
        if digest is not None:
            state.flags["custom_map"] = digest
        events = P.start(state, "setup", {})
        return state, events + T.settle_open(state)

    def _custom(self, scenario: str):
        """Reads maps/custom/NAME.mission.toml (and its map) again and registers the mission."""
        from game.gears.custom import MissionError, load_mission
        from game.gears.rules.missions import custom_mission_record

        name = scenario[len(CUSTOM):]
        path = self.custom_dir / f"{name}.mission.toml"
        if not name or "/" in name:
            raise ValueError(f"unknown custom Gears mission {scenario!r}: no {path}")
        if not path.is_file():
            raise CustomMapGone(M("no custom map {name}: {file} is not there (deleted or renamed)",
                                  name=name, file=str(path)))
        try:
            cm = load_mission(path)
        except MissionError as exc:
            raise ValueError("; ".join(str(p) for p in exc.problems)) from None
        self.content.missions.register(custom_mission_record(self.content, scenario, cm))
        return cm, custom_digest(cm)

    def legal_actions(self, state: GearsState) -> list[Action]:
        return T.legal_actions(state)

    def apply(self, state: GearsState, action: Action) -> list[Event]:
        if state.outcome is not None:
            raise IllegalAction(M("The game is over."))
        events = T.apply(state, action)
        if state.mission.startswith(CUSTOM) and state.outcome is None and state.proc is None:
            # A custom goal can come true inside the Locust Activation Step's resolution (a
            # hold_out turn ends there): flip at once (spec 9.1), not at the next action.
            from game.gears.rules.missions import flip_due

            if flip_due(state, self.content):
                events = events + P.start(state, "stage_flip", {}) + T.settle_open(state)
        return events

    def current_decider(self, state: GearsState) -> str | None:
        if state.outcome is not None:
            return None
        if state.proc is not None:
            return state.proc["pending"]["decider"]
        f = T.top(state)
        return None if f is None else T.frame_decider(f)

    def to_json(self, state: GearsState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> GearsState:
        mission = str(data.get("mission", ""))
        if not mission.startswith(CUSTOM):
            return GearsState.from_json(dict(data), self.loader)
        cm, digest = self._custom(mission)
        saved = data.get("flags", {}).get("custom_map")
        if saved != digest:
            raise SavedFileChanged(M("the custom map {map} or {mission} changed since this game was saved (its replay "
                                     "would run on another board)", map=str(cm.map), mission=str(cm.path)))
        return GearsState.from_json(dict(data), CustomMapLoader(self.loader, cm.map, digest))

    def turn_number(self, state: GearsState) -> int:
        return state.turn
