"""A game in progress: title, scenario, seed, options, the actions taken, the state and the log.

The action list is the game: replaying it from the seed rebuilds the state exactly, which is
how saves are checked, how undo works and how a bug report reproduces a game (DESIGN.md).

Every `SNAPSHOT_EVERY` actions (and before the first) the session keeps a snapshot of the state
(its canonical JSON): undo replays from the nearest snapshot at or before the point it goes
back to, not from the seed, and keeps the log up to there (the rules are deterministic, so a
replay would log the same lines).

Saves (docs/ENGINE.md "Save format"): version 3 is a journal of JSON lines (journal.py); the
autosave appends the new actions to it (one write and one fsync per autosave, the same cost at
action 10 and at action 10,000), and a load replays from the last snapshot in it. A version-2
journal loads the same way (written whole in version 3 by the first autosave); a version-1 save
(one JSON object, written by Tiletop before issue 19) still loads, by a replay from the seed.

Loading checks everything and turns each problem into one SaveError sentence naming the file
(and the line of a journal), never a traceback: unreadable, empty or truncated file, bad JSON,
not a save, wrong version, wrong title, missing or mistyped keys, a snapshot that does not match
its hash (edited), and actions that do not replay to the saved state. (The action lines before
the last snapshot, and logged messages and labels, are read and checked when first read:
saved.py; one that does not read is a notice naming its line, and refuses an undo that would
replay it.)
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from game.engine import journal, savegate
from game.engine.errors import SavedFileChanged
from game.engine.journal import SNAPSHOT_EVERY
from game.engine.log import EventLog
from game.engine.protocol import Action, Event, IllegalAction, Title, canonical_json, english_words, hash_json
from game.engine.runtime import collection_paused
from game.engine.saved import unreadable
from game.engine.text import M, Mn, Msg, as_text
from game.engine.savegate import (MAX_ACTIONS, MAX_BOT_NAME, MAX_BOT_SEATS, MAX_BOT_STATE_BYTES,  # noqa: F401
                                  MAX_DEPTH, MAX_INT_BITS, MAX_SCENARIO, MAX_SEED, MAX_STRING, SAVE_FORMAT,
                                  SAVE_VERSION, SaveError, _json_problem, at_line, _shallow, _SUSPECT, check_fields,
                                  check_version, decode_text, parse_json_text, read_bytes, read_json_file)

# What a title's from_json / new_game may raise on malformed input; turned into SaveError.
_DATA_ERRORS = (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError, OverflowError)


class UndoRefused(Exception):
    """Undo is not allowed now; `reason` is shown to the players (worded when read)."""

    def __init__(self, reason: str | Msg):
        super().__init__(reason)
        self.why = reason

    @property
    def reason(self) -> str:
        return as_text(self.why)

    def __str__(self) -> str:
        return self.reason


@dataclass
class _Written:
    """The journal a session appends to: its file, how many of the session's actions it holds,
    its size when last written (another size: someone else wrote it, so write it whole again)
    and the last snapshot in it."""

    path: Path
    actions: int
    size: int
    snapshot_at: int


class Session:
    """One game at a table. Build with `Session.start`, `Session.replay` or `load_session`."""

    snapshot_every = SNAPSHOT_EVERY

    def __init__(self, title: Title[Any], scenario: str, seed: int, options: Mapping[str, Any],
                 casual: bool = False, state: Any = None, opening: Sequence[Event] = ()):
        """`state`: the state to play on (a save's snapshot) instead of a new game from the seed,
        with `opening`, its set-up's events (a new game's come from `title.opening`)."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, got {seed!r}")
        self.title = title
        self.scenario = scenario
        self.seed = seed
        # A JSON round trip both copies the options and proves they can be saved.
        self.options: dict[str, Any] = json.loads(canonical_json(dict(options)))
        self.casual = casual
        if state is None:
            state, opening = title.opening(scenario, seed, self.options)
        self.state: Any = state
        # What the set-up said before the first decision (the tiles placed, the cards dealt):
        # the log's opening lines, step -1, kept by every undo. Not in the state, nor its hash.
        self.opening: list[Event] = list(opening)
        self.actions: list[Action] = []
        # Per action: who decided it, the turn, the events it caused, and the first event that
        # revealed hidden information (None: nothing was revealed; its message is worded only
        # when an undo is refused for it, so a load builds none of them).
        self.deciders: list[str | None] = []
        self.turns: list[int] = []
        self.events: list[list[Event]] = []
        self.revealed: list[Event | None] = []
        self.log = EventLog()
        self.log.append(self.opening, -1, 0, None)
        # The bot seats' own state (seat -> {"bot": class name, "state": JSON}), kept by the
        # table (game/ui/kit/game_table.py) and saved beside the actions; opaque to the rules.
        self.bot_states: dict[str, Any] = {}
        # (actions before it, canonical JSON of the state, its sha256), in order of actions.
        self.snapshots: list[tuple[int, str, str]] = []
        self.load_notice: str | None = None  # what a load had to drop (a torn last line)
        self._lines: list[str | None] = []  # each action's journal line, encoded once (None: not yet)
        self._file: _Written | None = None  # the journal the autosave appends to
        self._synced = 0  # leading actions the journal and the session share (undo lowers it)

    # ------------------------------------------------------------------ building sessions

    @classmethod
    def start(cls, title: Title[Any], scenario: str, seed: int,
              options: Mapping[str, Any] | None = None, casual: bool = False) -> Session:
        """A new game (with the title's current rules revision: Title.new_options)."""
        return cls(title, scenario, seed, title.new_options(options or {}), casual)

    @classmethod
    def replay(cls, title: Title[Any], scenario: str, seed: int, options: Mapping[str, Any],
               actions: Sequence[Action], casual: bool = False) -> Session:
        """A new session with `actions` applied from the seed, with `options` as given (a
        session's own `options`, which hold the rules revision it was started with).

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
        if not self.snapshots:
            # The state before the first action as it stands now (a tutorial sets its lesson
            # up on the new game before any action).
            self._snapshot()
        turn = title.turn_number(state)
        events = title.apply(state, action)
        self._record(action, decider, turn, events)
        if len(self.actions) % self.snapshot_every == 0:
            self._snapshot()
        return events

    def _record(self, action: Action, decider: str | None, turn: int, events: list[Event]) -> None:
        step = len(self.actions)
        self.actions.append(action)
        self.deciders.append(decider)
        self.turns.append(turn)
        self.events.append(events)
        self.revealed.append(next((e for e in events if e.hidden_info), None))
        self.log.append(events, step, turn, decider)

    def _take_history(self, actions: list[Action], deciders: list[str | None], turns: list[int],
                      events: list[list[Event]], lines: list[str | None]) -> None:
        """Actions a save holds with their log, taken as they are (before its snapshot), and
        their journal lines as the file has them (None: encoded again when a save needs it)."""
        del self._lines[len(self.actions):]
        self._lines += [None] * (len(self.actions) - len(self._lines)) + lines
        self.log.extend(len(self.actions), events, turns, deciders)
        self.actions += actions
        self.deciders += deciders
        self.turns += turns
        self.events += events
        self.revealed += [next((e for e in caused if e.hidden_info), None) for caused in events]

    def _snapshot(self) -> None:
        at = len(self.actions)
        if self.snapshots and self.snapshots[-1][0] == at:
            return
        text = canonical_json(self.title.to_json(self.state))
        self.snapshots.append((at, text, hashlib.sha256(text.encode("ascii")).hexdigest()))

    # ------------------------------------------------------------------ undo

    def refusal_of(self, index: int) -> str | None:
        """Why action `index` cannot be undone (it revealed hidden information and the table is
        not casual), or None."""
        revealed = self.revealed[index]
        if revealed is None or self.casual:
            return None
        action = self.actions[index]
        if revealed.visible_to is not None:
            # A card drawn into one hand: the refusal is read by whoever is at the desk (in a
            # hot-seat game the next player read 'Subject 1 draws Scrounge'). Name what everyone
            # saw revealed, or no card at all.
            revealed = next((e for e in self.events[index] if e.hidden_info and e.visible_to is None), None)
            if revealed is None:
                return str(M("Cannot undo '{action}': it drew cards only their holder may see. Only a casual "
                             "table may undo past that.", action=action.label or action.kind))
        return str(M("Cannot undo '{action}': it revealed hidden information ({revealed}). Only a "
                     "casual table may undo past that.", action=action.label or action.kind,
                     revealed=revealed.message))

    def undo_refusal(self) -> str | None:
        """Why the last action cannot be undone, or None if it can (in the current language)."""
        if not self.actions:
            return str(M("There is nothing to undo."))
        return self.refusal_of(len(self.actions) - 1)

    def undo(self) -> Action:
        """Goes back one action; returns the undone action.

        At a casual table an undone draw or roll comes out the same when repeated: the RNG is
        part of the state, so undo cannot be used to fish for a better result.
        """
        reason = self.undo_refusal()
        if reason is not None:
            raise UndoRefused(reason)
        return self.undo_to(len(self.actions) - 1)[0]

    def undo_to(self, count: int) -> list[Action]:
        """Goes back to the game after its first `count` actions in one replay from the nearest
        snapshot; returns the undone actions. UndoRefused when one of them may not be undone."""
        n = len(self.actions)
        if not 0 <= count < n:
            raise UndoRefused("There is nothing to undo.")
        for index in range(n - 1, count - 1, -1):
            reason = self.refusal_of(index)
            if reason is not None:
                raise UndoRefused(reason)
        undone = self.actions[count:]
        self.state = self._rebuilt(count)
        for kept in (self.actions, self.deciders, self.turns, self.events, self.revealed, self._lines):
            del kept[count:]
        self.log.truncate(count)
        self.snapshots = [s for s in self.snapshots if s[0] <= count]
        self._synced = min(self._synced, count)
        return undone

    def state_after(self, count: int) -> Any:
        """The game after its first `count` actions, as a new state (this session unchanged):
        what was asked then (a table looks back at a question it answered for a person)."""
        return self._rebuilt(count)

    def _rebuilt(self, count: int) -> Any:
        """The state after the first `count` actions: the nearest whole snapshot at or before
        it (one from a file is checked against its hash first), then the actions after it."""
        title, state, start = self.title, None, 0
        for at, text, digest in reversed(self.snapshots):
            if at > count or hashlib.sha256(text.encode("utf-8")).hexdigest() != digest:
                continue
            try:  # one read from a file is checked by the gate as it is used
                state, start = title.from_json(parse_json_text(Path(), text, "snapshot")), at
                break
            except (SaveError, *_DATA_ERRORS):
                continue
        replayed = self.actions[start:count]
        problem = next((got for got in map(unreadable, replayed) if got is not None), None)
        if problem is not None:
            raise UndoRefused(problem)  # (a message: worded in the reader's language when shown)
        if state is None:
            state = title.new_game(self.scenario, self.seed, self.options)
        for action in replayed:
            title.apply(state, action)
        return state

    # ------------------------------------------------------------------ saving

    def to_save(self) -> dict[str, Any]:
        """The game as one version-1 save object (a bug report's whole game in one value)."""
        data = {
            "format": SAVE_FORMAT,
            "version": 1,
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
        """Writes the whole journal atomically (a crash leaves the old file or the new, never
        half). The autosave's journal goes on where it was: a named save is another file."""
        self._write_whole(Path(path))

    def autosave(self, path: str | Path) -> str | None:
        """Appends what changed since the last autosave to the journal at `path` (the whole
        journal the first time, or when the file is not the one this session wrote); returns
        an error message instead of raising: a failed autosave must not end the game (the UI
        shows the message)."""
        path = Path(path)
        try:
            written = self._file
            if written is None or written.path != path or _size(path) != written.size:
                self._file = _Written(path, len(self.actions), self._write_whole(path), self._last_snapshot_at())
            else:
                self._append(written)
            self._synced = len(self.actions)
        except SaveError as exc:
            self._file = None  # the file is in doubt: the next autosave writes it whole
            return str(exc)
        return None

    def _append(self, written: _Written) -> None:
        out = []
        if self._synced < written.actions:
            out.append(journal.undo_line(self._synced))
            written.actions = self._synced
            written.snapshot_at = min(written.snapshot_at, self._synced)
        out += self._body(written.actions, written.snapshot_at)
        data = "".join(out).encode("utf-8")
        try:
            with open(written.path, "ab") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
        except OSError as exc:
            raise SaveError(written.path, _cannot_write(exc)) from None
        written.size += len(data)
        written.actions = len(self.actions)
        written.snapshot_at = self._last_snapshot_at()

    def _body(self, first: int, snapshot_after: int) -> list[str]:
        """The journal lines from action `first` on: each action, each snapshot later than
        `snapshot_after` where it stands, and the closing mark."""
        n = len(self.actions)
        snapshots = {at: (text, digest) for at, text, digest in self.snapshots if at > snapshot_after}
        out = []
        for i in range(first, n + 1):
            if i in snapshots:
                out.append(journal.snapshot_line(i, *snapshots[i]))
            if i < n:
                out.append(self._line(i))
        out.append(journal.mark_line(n, self.state_hash(), self.bot_states))
        return out

    def _line(self, i: int) -> str:
        lines = self._lines
        while len(lines) <= i:
            lines.append(None)
        line = lines[i]
        if line is None:
            line = lines[i] = journal.step_line(self.actions[i], self.deciders[i], self.turns[i], self.events[i])
        return line

    def _last_snapshot_at(self) -> int:
        return self.snapshots[-1][0] if self.snapshots else -1

    def _write_whole(self, path: Path) -> int:
        """The whole journal to `path`, atomically; returns its size in bytes."""
        text = journal.header_line(self.title.name, self.scenario, self.seed, self.options, self.casual) \
            + "".join(self._body(0, -1))
        data = text.encode("utf-8")
        try:
            write_bytes_atomic(path, data)
        except OSError as exc:
            raise SaveError(path, _cannot_write(exc)) from None
        return len(data)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return -1


def write_json_atomic(path: str | Path, data: Any) -> None:
    """Writes JSON to a temporary file beside `path`, syncs it, then renames it over `path`."""
    write_bytes_atomic(path, (json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False,
                                         allow_nan=False) + "\n").encode("utf-8"))


def write_bytes_atomic(path: str | Path, data: bytes) -> None:
    """Writes `data` to a temporary file beside `path`, syncs it, then renames it over `path`."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise


def is_atomic_temp(p: Path) -> bool:
    """A temporary file of write_bytes_atomic: `.NAME.json.XXXX.tmp`."""
    return p.name.startswith(".") and p.name.endswith(".tmp") and ".json." in p.name


def clean_interrupted_writes(folder: str | Path, older_than: float = 60.0,
                             match: Callable[[Path], bool] = is_atomic_temp) -> list[Path]:
    """Removes the temporary files write_bytes_atomic leaves when it is interrupted (a crash
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

def _read(p: Path) -> tuple[dict[str, Any] | None, journal.Journal | None]:
    """A version-1 save's object, or a journal, read and checked through the gate."""
    raw = read_bytes(p, "save", max(journal.MAX_JOURNAL_BYTES, savegate.MAX_SAVE_BYTES))
    if journal.is_journal(raw):
        return None, journal.read_journal(p, raw)
    if len(raw) > savegate.MAX_SAVE_BYTES:
        raise SaveError(p, M("the file is too large (more than {most} bytes)", most=savegate.MAX_SAVE_BYTES))
    data = parse_json_text(p, decode_text(p, raw, "save"), "save")
    check_version(p, data)
    check_fields(p, data, {"actions": list, "snapshot": dict, "state_hash": str})
    if len(data["actions"]) > savegate.MAX_ACTIONS:
        raise SaveError(p, M("the save holds {n} actions (at most {most})", n=len(data["actions"]),
                             most=savegate.MAX_ACTIONS))
    return data, None


def read_save(path: str | Path) -> dict[str, Any]:
    """A save's envelope, checked (not yet the title's state): title, scenario, seed, options,
    casual, the actions (as JSON) and the bots' state, whatever the version."""
    p = Path(path)
    data, book = _read(p)
    if data is not None:
        return data
    assert book is not None
    return {**book.header, "actions": [a.to_json() for a in book.actions], "bots": book.bots}


def read_save_head(path: str | Path) -> dict[str, Any]:
    """A save's header (title, scenario, seed, options, casual) and `actions`, how many actions
    it holds, checked as read_save checks them: a journal's header line and last mark alone
    (journal.read_head), not its actions; any other save (version 1, a journal not closed by a
    mark) read as read_save reads it. SaveError as read_save."""
    p = Path(path)
    raw = read_bytes(p, "save", max(journal.MAX_JOURNAL_BYTES, savegate.MAX_SAVE_BYTES))
    if journal.is_journal(raw):
        head = journal.read_head(p, raw)
        if head is not None:
            return head
    data = read_save(p)
    return {**{k: v for k, v in data.items() if k not in ("actions", "bots")}, "actions": len(data["actions"])}


# Why a save's replay can stop matching it: most often a newer Tiletop whose rules or data (a
# tuned `verified = false` value, BALANCE.md) play the same actions differently.
CHANGED_SINCE = M("The game's rules or data changed since it was saved (or the file was "
                  "edited), so it cannot be continued.")


def _game_name(key: str) -> str:
    """A title's name as the menu shows it (game/titles.py), or its key when it has none."""
    from game.titles import TITLES

    return next((t.name for t in TITLES if t.key == key), key)


def _other_game(key: str) -> Msg:
    """Why a save of another game (one this table does not have) cannot be loaded here."""
    from game.titles import TITLES

    if any(t.key == key for t in TITLES):
        return M("this save is of another game: {game}", game=_game_name(key))
    return M("this save is of a game this Tiletop does not have")


def _cannot_start(title: Title[Any]) -> Msg:
    return M("the saved scenario of {game} cannot be set up by this Tiletop (the file was edited, or "
             "the game's data changed since)", game=_game_name(title.name))


def _cannot_write(exc: OSError) -> Msg:
    if isinstance(exc, PermissionError):
        return M("the save cannot be written: no permission")
    if exc.errno == 28:  # ENOSPC
        return M("the save cannot be written: the disk is full")
    return M("the save cannot be written")


def load_session(path: str | Path, titles: Title[Any] | Mapping[str, Title[Any]],
                 casual: bool | None = None) -> Session:
    """Loads a save: checks it, rebuilds the game and checks it reaches the saved state (a
    journal: from its last snapshot; a version-1 save: from the seed). `titles` is the title,
    or a mapping name -> title. `casual` overrides the table mode stored in the save. A torn
    last line of a journal is dropped and said in `session.load_notice`."""
    p = Path(path)
    with collection_paused(kept=True):
        return _load(p, titles, casual)


def _load(p: Path, titles: Title[Any] | Mapping[str, Title[Any]], casual: bool | None) -> Session:
    data, book = _read(p)
    header = data if data is not None else book.header  # type: ignore[union-attr]
    name = header["title"]
    if isinstance(titles, Title):
        if name != titles.name:
            raise SaveError(p, _other_game(name))
        title = titles
    else:
        if name not in titles:
            raise SaveError(p, _other_game(name))
        title = titles[name]
    table_casual = header.get("casual", False) if casual is None else casual
    if book is not None:
        return _load_journal(p, book, title, table_casual)
    return _load_v1(p, data, title, table_casual)  # type: ignore[arg-type]


def _load_journal(p: Path, book: journal.Journal, title: Title[Any], casual: bool) -> Session:
    """From the journal's last snapshot: its hash checked, the actions before it taken as the
    file has them (with their log lines), the ones after it replayed, and the state they reach
    checked against the last mark's hash."""
    head, actions = book.header, book.actions
    state, start = None, 0
    if book.snapshots:
        at, text, digest, line = book.snapshots[-1]
        snapshot = parse_json_text(p, text, "save", at_line(line))
        try:
            if not isinstance(snapshot, dict):
                raise TypeError("not an object")
            state = title.from_json(snapshot)
            snapshot_hash = hash_json(title.to_json(state))  # what the snapshot's hash is of
        except SavedFileChanged as exc:
            raise SaveError(p, exc.message) from None
        except _DATA_ERRORS:
            raise SaveError(p, at_line(line) + M("the saved position is not a game of {game} that this "
                                                 "Tiletop can read", game=_game_name(title.name))) from None
        if snapshot_hash != digest:
            raise SaveError(p, at_line(line) + M("the saved position does not match its check sum: the "
                                                 "file was edited or damaged"))
        start = at
    try:
        session = Session(title, head["scenario"], head["seed"], head["options"], casual, state,
                          () if state is None else _opening_again(title, head))
    except SavedFileChanged as exc:
        raise SaveError(p, exc.message) from None
    except _DATA_ERRORS:
        raise SaveError(p, _cannot_start(title)) from None
    session._take_history(book.actions[:start], book.deciders[:start], book.turns[:start], book.events[:start],
                          book.lines[:start])
    session.snapshots = [(at, text, digest) for at, text, digest, _l in book.snapshots]
    mark = book.mark if book.mark is not None and book.mark[0] >= start else None
    for index in range(start, len(actions)):
        if mark is not None and mark[0] == index:
            _check_mark(p, session, mark)
        _replay_one(p, session, actions[index], index, len(actions))
    if mark is not None and mark[0] == len(actions):
        _check_mark(p, session, mark)
    session.bot_states = book.bots
    session.load_notice = book.notice
    if book.notice is None and head["version"] == SAVE_VERSION:
        # (An older version's journal is written whole, in this one, by the first autosave.)
        session._file = _Written(p, len(actions), book.good_bytes, session._last_snapshot_at())
        session._synced = len(actions)
    return session


def _opening_again(title: Title[Any], head: Mapping[str, Any]) -> list[Event]:
    """A loaded game's opening lines (`Session.opening`): its set-up run again from the seed,
    which gives the events the game began with (the rules are deterministic), worded by this
    Tiletop. A journal does not keep them: this costs a new game (about a millisecond), for
    saves of every version alike. A set-up that no longer runs with the saved scenario and
    options (the snapshot is the game, not the set-up) leaves the log without them."""
    try:
        return title.opening(head["scenario"], head["seed"], json.loads(canonical_json(head["options"])))[1]
    except _DATA_ERRORS:
        return []


def _check_mark(p: Path, session: Session, mark: tuple[int, str, int]) -> None:
    if session.state_hash() != mark[1] and not _same_but_words(session, mark[1]):
        raise SaveError(p, at_line(mark[2]) + M("playing the saved actions again does not reach the "
                                                "position saved after action {n}. {changed}", n=mark[0],
                                                changed=CHANGED_SINCE))


def _same_but_words(session: Session, digest: str) -> bool:
    """Whether the replayed state matches the saved hash once what is only words is set aside:
    its paused resolution's count of log lines already shown (`proc.emitted`,
    game/engine/resolution.py), and its paused question worded as an older Tiletop worded it
    (the title's `older_words`: Doom's dice faces as codes, "(now blue r2 d1)").

    Both are words, not rules: a Tiletop that logs one line more inside a resolution (a Locust
    that stays, say) reaches the same question with a larger count, one that words a roll
    anew asks the same question in other words, and a save paused there by an older Tiletop
    must still load. Only tried when the plain hash differs; the count is searched up to a
    bound well past any resolution's lines."""
    raw = session.title.to_json(session.state)
    for worded in (english_words(raw), *(english_words(d) for d in session.title.older_words(raw))):
        if hash_json(worded) == digest:
            return True
        proc = worded.get("proc") if isinstance(worded, dict) else None
        if not isinstance(proc, dict) or not isinstance(proc.get("emitted"), int):
            continue
        bound = max(64, 2 * proc["emitted"])
        if any(hash_json(dict(worded, proc=dict(proc, emitted=k))) == digest for k in range(bound + 1)):
            return True
    return False


def _replay_one(p: Path, session: Session, action: Action, index: int, total: int) -> None:
    problem = unreadable(action)
    if problem is not None:
        raise SaveError(p, M("the saved actions cannot be played again: {problem}",
                             problem=str(problem).removeprefix(f"{p}: ")))
    try:
        session.apply(action)
    except IllegalAction as exc:
        reason = str(exc.reason).rstrip().rstrip(".")
        raise SaveError(p, M("the saved actions cannot be played again: action {n} of {total} is not "
                             "allowed ({reason}). {changed}", n=index + 1, total=total, reason=reason,
                             changed=CHANGED_SINCE)) from None
    except _DATA_ERRORS:
        # A legal action the rules then fail on: the rules or data changed under the save (a
        # paused question answered again by a resolution that now asks another one).
        raise SaveError(p, M("the saved actions cannot be played again: action {n} of {total} fails. "
                             "{changed}", n=index + 1, total=total, changed=CHANGED_SINCE)) from None


def _load_v1(p: Path, data: dict[str, Any], title: Title[Any], casual: bool) -> Session:
    """A version-1 save: the snapshot checked against its hash, every action replayed from the
    seed, and the replay checked to reach that hash (as Tiletop did before issue 19)."""
    name = title.name
    actions: list[Action] = []
    for index, raw in enumerate(data["actions"]):
        if not isinstance(raw, dict):
            raise SaveError(p, M("action {index} is damaged", index=index + 1))
        try:
            actions.append(Action.from_json(raw))
        except ValueError:
            raise SaveError(p, M("action {index} is damaged", index=index + 1)) from None

    try:
        snapshot_hash = title.state_hash(title.from_json(data["snapshot"]))
    except SavedFileChanged as exc:
        raise SaveError(p, exc.message) from None
    except _DATA_ERRORS:
        raise SaveError(p, M("the saved position is not a game of {game} that this Tiletop can read",
                             game=_game_name(name))) from None
    if snapshot_hash != data["state_hash"]:
        raise SaveError(p, M("the saved position does not match its check sum: the file was edited "
                             "or damaged"))
    try:
        session = Session(title, data["scenario"], data["seed"], data["options"], casual)
    except SavedFileChanged as exc:
        raise SaveError(p, exc.message) from None
    except _DATA_ERRORS:
        raise SaveError(p, _cannot_start(title)) from None
    for index, action in enumerate(actions):
        _replay_one(p, session, action, index, len(actions))
    if session.state_hash() != data["state_hash"] and not _same_but_words(session, data["state_hash"]):
        raise SaveError(p, Mn("playing the {n} saved action again does not reach the saved position. "
                              "{changed}", "playing the {n} saved actions again does not reach the saved "
                              "position. {changed}", len(actions), changed=CHANGED_SINCE))
    session.bot_states = data.get("bots", {})
    return session
