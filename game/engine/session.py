"""A game in progress: title, scenario, seed, options, the actions taken, the state and the log.

The action list is the game: replaying it from the seed rebuilds the state exactly, which is
how saves are checked, how undo works and how a bug report reproduces a game (DESIGN.md).

Save file (JSON, see docs/ENGINE.md):

    {"format": "tiletop-save", "version": 1, "title": "toy", "scenario": "duel",
     "seed": 7, "options": {...}, "casual": false, "actions": [{"kind": ..., "payload": ...}],
     "snapshot": {...the title's to_json(state)...}, "state_hash": "<sha256 hex>",
     "bots": {"P1": {"bot": "CogBot", "state": {...}}}}

`bots` is optional (older saves have none): each bot seat's own state (its random stream), so
a game continued from the save goes on as the uninterrupted one would. The rules never read it
and `state_hash` does not cover it.

Loading checks everything and turns each problem into one SaveError sentence naming the file,
never a traceback: unreadable, empty or truncated file, bad JSON, not a save, wrong version,
wrong title, missing or mistyped keys, a snapshot that does not match its hash (edited), and
actions that do not replay to the saved state.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
import time
from contextlib import suppress
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from game.engine.errors import InputError
from game.engine.log import EventLog
from game.engine.protocol import Action, Event, IllegalAction, Title, canonical_json

SAVE_FORMAT = "tiletop-save"
SAVE_VERSION = 1
_REQUIRED = ("title", "scenario", "seed", "options", "actions", "snapshot", "state_hash")

# What a title's from_json / new_game may raise on malformed input; turned into SaveError.
_DATA_ERRORS = (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError, OverflowError)

# The gate's bounds (issue 22): a save bigger, deeper or longer than these is not ours.
MAX_SAVE_BYTES = 4 * 1024 * 1024  # a 30-action Gears save is 11 kB; a long game well under 1 MB
MAX_DEPTH = 64  # JSON nesting; a snapshot is about 8 deep
MAX_STRING = 10_000  # characters of one JSON string
MAX_INT_BITS = 256  # RNG states are 64-bit
MAX_SEED = 2**64
MAX_ACTIONS = 100_000  # a whole Gears game is a few hundred
MAX_SCENARIO = 200  # characters of the scenario id (custom:NAME included)
MAX_BOT_SEATS = 8  # entries of "bots" (a title has at most five seats)
MAX_BOT_NAME = 100  # characters of a seat id or a bot's class name
MAX_BOT_STATE_BYTES = 64 * 1024  # the canonical JSON of all of "bots"; a random stream is 50 bytes


class SaveError(InputError):
    """A save cannot be written or read; the message names the file and the problem."""

    def __init__(self, path: str | Path, problem: str):
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


class UndoRefused(Exception):
    """Undo is not allowed now; `reason` is shown to the players."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Session:
    """One game at a table. Build with `Session.start`, `Session.replay` or `load_session`."""

    def __init__(self, title: Title[Any], scenario: str, seed: int, options: Mapping[str, Any],
                 casual: bool = False):
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, got {seed!r}")
        self.title = title
        self.scenario = scenario
        self.seed = seed
        # A JSON round trip both copies the options and proves they can be saved.
        self.options: dict[str, Any] = json.loads(canonical_json(dict(options)))
        self.casual = casual
        self.state: Any = title.new_game(scenario, seed, self.options)
        self.actions: list[Action] = []
        # Per action: the text of the first event that revealed hidden information, or None.
        self.revealed: list[str | None] = []
        self.log = EventLog()
        # The bot seats' own state (seat -> {"bot": class name, "state": JSON}), kept by the
        # table (game/ui/kit/game_table.py) and saved beside the actions; opaque to the rules.
        self.bot_states: dict[str, Any] = {}

    # ------------------------------------------------------------------ building sessions

    @classmethod
    def start(cls, title: Title[Any], scenario: str, seed: int,
              options: Mapping[str, Any] | None = None, casual: bool = False) -> Session:
        return cls(title, scenario, seed, options or {}, casual)

    @classmethod
    def replay(cls, title: Title[Any], scenario: str, seed: int, options: Mapping[str, Any],
               actions: Sequence[Action], casual: bool = False) -> Session:
        """A new session with `actions` applied from the seed.

        Raises IllegalAction naming the first action that is not legal when replayed.
        """
        session = cls(title, scenario, seed, options, casual)
        for index, action in enumerate(actions):
            try:
                session.apply(action)
            except IllegalAction as exc:
                raise IllegalAction(
                    f"action {index + 1} of {len(actions)} ({action.kind}) is illegal when "
                    f"replayed: {exc.reason}") from None
        return session

    # ------------------------------------------------------------------ playing

    @property
    def decider(self) -> str | None:
        return self.title.current_decider(self.state)

    def is_over(self) -> bool:
        return self.title.is_over(self.state)

    def legal_actions(self) -> list[Action]:
        return self.title.legal_actions(self.state)

    def state_hash(self) -> str:
        return self.title.state_hash(self.state)

    def apply(self, action: Action) -> list[Event]:
        """Applies an action of the current decider; IllegalAction leaves everything unchanged."""
        title, state = self.title, self.state
        decider = title.current_decider(state)
        if decider is None:
            raise IllegalAction("The game is over.")
        turn = title.turn_number(state)
        events = title.apply(state, action)
        step = len(self.actions)
        self.actions.append(action)
        self.revealed.append(next((e.text for e in events if e.hidden_info), None))
        self.log.append(events, step, turn, decider)
        return events

    # ------------------------------------------------------------------ undo

    def undo_refusal(self) -> str | None:
        """Why the last action cannot be undone, or None if it can."""
        if not self.actions:
            return "There is nothing to undo."
        revealed = self.revealed[-1]
        if revealed is not None and not self.casual:
            last = self.actions[-1]
            return (f"Cannot undo {last.text or last.kind!r}: it revealed hidden information "
                    f"({revealed}). Only a casual table may undo past that.")
        return None

    def undo(self) -> Action:
        """Goes back one action by replaying all the others from the seed; returns the undone action.

        At a casual table an undone draw or roll comes out the same when repeated: the RNG is
        part of the state, so undo cannot be used to fish for a better result.
        """
        reason = self.undo_refusal()
        if reason is not None:
            raise UndoRefused(reason)
        undone = self.actions[-1]
        rebuilt = Session.replay(self.title, self.scenario, self.seed, self.options,
                                 self.actions[:-1], self.casual)
        self.state, self.actions, self.revealed, self.log = (
            rebuilt.state, rebuilt.actions, rebuilt.revealed, rebuilt.log)
        return undone

    # ------------------------------------------------------------------ saving

    def to_save(self) -> dict[str, Any]:
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "title": self.title.name,
            "scenario": self.scenario,
            "seed": self.seed,
            "options": self.options,
            "casual": self.casual,
            "actions": [a.to_json() for a in self.actions],
            "snapshot": self.title.to_json(self.state),
            "state_hash": self.state_hash(),
        }
        if self.bot_states:
            data["bots"] = self.bot_states
        return data

    def save(self, path: str | Path) -> None:
        """Writes the save atomically (a crash leaves the old file or the new, never half)."""
        try:
            write_json_atomic(path, self.to_save())
        except OSError as exc:
            raise SaveError(path, f"cannot write the save ({exc.strerror or exc})") from None

    def autosave(self, path: str | Path) -> str | None:
        """Saves, returning an error message instead of raising: a failed autosave must not end
        the game (the UI shows the message)."""
        try:
            self.save(path)
        except SaveError as exc:
            return str(exc)
        return None


def write_json_atomic(path: str | Path, data: Any) -> None:
    """Writes JSON to a temporary file beside `path`, syncs it, then renames it over `path`."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1, sort_keys=True, ensure_ascii=False, allow_nan=False)
            handle.write("\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise


def is_atomic_temp(p: Path) -> bool:
    """A temporary file of write_json_atomic: `.NAME.json.XXXX.tmp`."""
    return p.name.startswith(".") and p.name.endswith(".tmp") and ".json." in p.name


def clean_interrupted_writes(folder: str | Path, older_than: float = 60.0,
                             match: Callable[[Path], bool] = is_atomic_temp) -> list[Path]:
    """Removes the temporary files write_json_atomic leaves when it is interrupted (a crash
    between writing and renaming): `.NAME.json.XXXX.tmp` in `folder` (or what `match` says),
    older than `older_than` seconds (a younger one may be another Tiletop's write in progress).
    Returns what it removed; the saves themselves are never touched. Called at start
    (game/ui/app.py)."""
    removed: list[Path] = []
    try:
        candidates = [p for p in Path(folder).iterdir() if match(p)]
    except OSError:
        return removed
    now = time.time()
    for p in candidates:
        try:
            if now - p.stat().st_mtime > older_than and p.is_file():
                p.unlink()
                removed.append(p)
        except OSError:
            continue
    return removed


# ---------------------------------------------------------------------- loading

def read_save(path: str | Path) -> dict[str, Any]:
    """Reads and checks the envelope of a save file (not yet the title's state)."""
    p = Path(path)
    data = read_json_file(p, "save", MAX_SAVE_BYTES)
    if not isinstance(data, dict):
        raise SaveError(p, "not a Tiletop save (the file holds a JSON "
                           f"{type(data).__name__}, not an object)")
    fmt = data.get("format")
    if fmt != SAVE_FORMAT:
        raise SaveError(p, f"not a Tiletop save (format is {fmt!r}, expected {SAVE_FORMAT!r})")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveError(p, f"the save has no valid version number (got {version!r})")
    if version > SAVE_VERSION:
        raise SaveError(p, f"save version {version} was written by a newer Tiletop; "
                           f"this one reads version {SAVE_VERSION}")
    if version != SAVE_VERSION:
        raise SaveError(p, f"save version {version} is not supported; this Tiletop reads "
                           f"version {SAVE_VERSION}")
    missing = [k for k in _REQUIRED if k not in data]
    if missing:
        raise SaveError(p, f"the save is missing {', '.join(repr(k) for k in missing)}")
    expected = {"title": str, "scenario": str, "options": dict, "actions": list,
                "snapshot": dict, "state_hash": str}
    for key, typ in expected.items():
        if not isinstance(data[key], typ):
            raise SaveError(p, f"{key!r} should be a JSON {_json_type(typ)}, "
                               f"got {type(data[key]).__name__}")
    if len(data["actions"]) > MAX_ACTIONS:
        raise SaveError(p, f"'actions' has {len(data['actions'])} entries (at most {MAX_ACTIONS})")
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SaveError(p, f"'seed' should be a whole number, got {_shown(seed)}")
    if not -MAX_SEED < seed < MAX_SEED:
        raise SaveError(p, f"'seed' is out of range ({len(str(abs(seed)))} digits; at most a 64-bit number)")
    scenario = data["scenario"]
    if len(scenario) > MAX_SCENARIO:
        raise SaveError(p, f"'scenario' is too long ({len(scenario)} characters; at most {MAX_SCENARIO})")
    if any(ord(c) < 32 for c in scenario):
        raise SaveError(p, f"'scenario' contains a control character ({scenario[:40]!r})")
    if not isinstance(data.get("casual", False), bool):
        raise SaveError(p, f"'casual' should be true or false, got {data['casual']!r}")
    if "bots" in data:
        problem = _bots_problem(data["bots"])
        if problem:
            raise SaveError(p, problem)
    return data


def _bots_problem(bots: Any) -> str | None:
    """What is wrong with a save's optional `bots` (seat -> {"bot": name, "state": JSON}), or
    None. The state itself is the bot's to check (`set_state`); the gate bounds its size."""
    if not isinstance(bots, dict):
        return f"'bots' should be a JSON object, got {type(bots).__name__}"
    if len(bots) > MAX_BOT_SEATS:
        return f"'bots' has {len(bots)} entries (at most {MAX_BOT_SEATS})"
    for seat, entry in bots.items():
        where = f"'bots.{seat[:40]}'"
        if len(seat) > MAX_BOT_NAME or any(ord(c) < 32 for c in seat):
            return f"'bots' has a seat id that is too long or holds a control character ({seat[:40]!r})"
        if not isinstance(entry, dict) or set(entry) != {"bot", "state"}:
            return f"{where} should be an object with exactly 'bot' and 'state'"
        name = entry["bot"]
        if not isinstance(name, str) or not 0 < len(name) <= MAX_BOT_NAME or any(ord(c) < 32 for c in name):
            return f"{where}.bot should be a bot's name (1 to {MAX_BOT_NAME} characters), got {_shown(name)}"
    size = len(canonical_json(bots))
    if size > MAX_BOT_STATE_BYTES:
        return f"'bots' is too large ({size} bytes; at most {MAX_BOT_STATE_BYTES})"
    return None


def read_json_file(p: Path, what: str, max_bytes: int) -> Any:
    """A JSON file read through the gate: bounded size, UTF-8, no NaN or infinity, no number
    longer than Python reads, nesting at most MAX_DEPTH, strings and whole numbers bounded.
    Any problem is a SaveError naming the file (and the key, when it is inside)."""
    try:
        with open(p, "rb") as handle:
            raw = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise SaveError(p, f"no such {what} file") from None
    except OSError as exc:
        raise SaveError(p, f"cannot read the {what} ({exc.strerror or exc})") from None
    if len(raw) > max_bytes:
        raise SaveError(p, f"the {what} file is too large (more than {max_bytes} bytes)")
    if not raw.strip():
        raise SaveError(p, f"the {what} file is empty (truncated when it was written?)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(p, f"not a Tiletop {what}: not UTF-8 text (byte {exc.start})") from None

    # The usual save has no long number, long string, float or NaN: it is parsed with the C
    # decoder alone and only its depth walked; anything suspect takes the slow walk that names
    # the key (a Python call per value: about 1.5 s for 4 MiB on a loaded machine).
    suspect = [bool(_SUSPECT.search(text))]

    def unreadable(token: str) -> Any:
        suspect[0] = True
        return _Unreadable(token)

    def real(token: str) -> Any:
        value = _finite_float(token)
        suspect[0] = suspect[0] or isinstance(value, _Unreadable)
        return value

    hooks: dict[str, Any] = {"parse_constant": unreadable, "parse_float": real}
    if suspect[0]:
        hooks["parse_int"] = _bounded_int
    try:
        data = json.loads(text, **hooks)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise SaveError(p, f"the {what} is truncated: the JSON stops early (line {exc.lineno}, "
                               f"column {exc.colno})") from None
        raise SaveError(p, f"the {what} is not valid JSON: {exc.msg} at line {exc.lineno}, "
                           f"column {exc.colno}") from None
    except RecursionError:
        raise SaveError(p, f"the {what} is nested too deeply (at most {MAX_DEPTH} levels)") from None
    problem = _json_problem(data) if suspect[0] or not _shallow(data) else None
    if problem:
        raise SaveError(p, problem)
    return data


# A digit run too long for MAX_INT_BITS, or a stretch of text longer than MAX_STRING without a
# quote or a line break (where a string too long would be): the slow walk decides. The stretch
# is matched only from its start (the look-behind), so the search is linear: without it, a save
# of 330 strings of 9,000 characters took four minutes (each position scanned to the next quote).
_SUSPECT = re.compile(r'\d{78,}|(?<![^"\n])[^"\n]{%d,}' % (MAX_STRING + 1))


def _shallow(data: Any) -> bool:
    """Nesting at most MAX_DEPTH, level by level (no recursion, no per-value Python call but
    the comprehension's)."""
    level, depth = [data] if data.__class__ is dict or data.__class__ is list else [], 0
    while level:  # the non-empty containers at depth `depth`
        if depth >= MAX_DEPTH:
            return False
        depth += 1
        nxt: list[Any] = []
        for container in level:
            values = container.values() if container.__class__ is dict else container
            nxt += [v for v in values if v.__class__ is dict or v.__class__ is list]
        level = [c for c in nxt if c]
    return True


class _Unreadable:
    """A number the gate will not convert, kept so the walk can name its key."""

    def __init__(self, text: str):
        self.text = text

    def problem(self) -> str:
        if len(self.text) > 40:
            return f"is out of range (a number of {len(self.text)} digits)"
        return f"is not a finite number ({self.text})"


def _bounded_int(text: str) -> Any:
    return int(text) if len(text) <= 80 else _Unreadable(text)


def _finite_float(text: str) -> Any:
    if len(text) > 80:
        return _Unreadable(text)
    value = float(text)
    return value if abs(value) != float("inf") else _Unreadable(text)


def _json_problem(data: Any) -> str | None:
    """The first value out of bounds, named by its key path, or None. Iterative: no recursion."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            return f"{_where(where)} is nested too deeply (at most {MAX_DEPTH} levels)"
        if isinstance(value, dict):
            for key, item in value.items():
                if len(key) > MAX_STRING:
                    return f"{_where(where)} has a key of {len(key)} characters (at most {MAX_STRING})"
                stack.append((item, f"{where}.{key}" if where else key, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{i}]", depth + 1) for i, item in enumerate(value))
        elif isinstance(value, str):
            if len(value) > MAX_STRING:
                return f"{_where(where)} is too long ({len(value)} characters; at most {MAX_STRING})"
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if value.bit_length() > MAX_INT_BITS:
                return f"{_where(where)} is out of range (a number of {len(str(abs(value)))} digits)"
        elif isinstance(value, _Unreadable):
            return f"{_where(where)} {value.problem()}"
    return None


def _where(path: str) -> str:
    return f"{path[:80]!r}" if path else "the file"


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:60] + "..."


def _json_type(typ: type) -> str:
    return {str: "string", dict: "object", list: "array"}[typ]


def load_session(path: str | Path, titles: Title[Any] | Mapping[str, Title[Any]],
                 casual: bool | None = None) -> Session:
    """Loads a save: checks it, replays its actions from the seed, and checks the replay
    reaches the saved snapshot. `titles` is the title, or a mapping name -> title.
    `casual` overrides the table mode stored in the save."""
    p = Path(path)
    data = read_save(p)
    name = data["title"]
    if isinstance(titles, Title):
        if name != titles.name:
            raise SaveError(p, f"this save is for the game {name!r}, not {titles.name!r}")
        title = titles
    else:
        if name not in titles:
            known = ", ".join(sorted(titles)) or "none"
            raise SaveError(p, f"this save is for the game {name!r}, which this table does not "
                               f"have (known: {known})")
        title = titles[name]

    actions: list[Action] = []
    for index, raw in enumerate(data["actions"]):
        if not isinstance(raw, dict):
            raise SaveError(p, f"action {index + 1} is not a JSON object")
        try:
            actions.append(Action.from_json(raw))
        except ValueError as exc:
            raise SaveError(p, f"action {index + 1} is malformed: {exc}") from None

    try:
        snapshot_hash = title.state_hash(title.from_json(data["snapshot"]))
    except _DATA_ERRORS as exc:
        raise SaveError(p, f"the snapshot is not a valid {name} state "
                           f"({type(exc).__name__}: {exc})") from None
    if snapshot_hash != data["state_hash"]:
        raise SaveError(p, "the snapshot does not match its state_hash: the file was edited "
                           "or damaged")

    table_casual = data.get("casual", False) if casual is None else casual
    try:
        session = Session(title, data["scenario"], data["seed"], data["options"], table_casual)
    except _DATA_ERRORS as exc:
        raise SaveError(p, f"cannot start scenario {data['scenario']!r} of {name} with these "
                           f"options ({type(exc).__name__}: {exc})") from None
    for index, action in enumerate(actions):
        try:
            session.apply(action)
        except IllegalAction as exc:
            raise SaveError(p, f"the saved actions do not replay: action {index + 1} of "
                               f"{len(actions)} ({action.kind}) is illegal: {exc.reason} (the "
                               "actions were edited, or the rules changed since the save)") from None
        except _DATA_ERRORS as exc:
            raise SaveError(p, f"the saved actions do not replay: action {index + 1} of "
                               f"{len(actions)} ({action.kind}) failed ({type(exc).__name__}: "
                               f"{exc})") from None
    if session.state_hash() != data["state_hash"]:
        raise SaveError(p, f"replaying the {len(actions)} saved actions from seed {data['seed']} "
                           "does not reach the saved state (the actions were edited, or the "
                           "rules changed since the save)")
    session.bot_states = data.get("bots", {})
    return session
