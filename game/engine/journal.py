"""Save format version 3: the game as a journal of JSON lines, appended one action at a time.

Why: version 1 rewrote the whole game (every action, with the pure-Python indenting encoder)
at every autosave, and loading or undoing replayed every action from the seed, so both grew
with the game (issue 19). A journal line costs the same at action 10 and at action 10,000, and
a snapshot every `SNAPSHOT_EVERY` actions bounds what a load or an undo replays.

    line 1    {"casual":false,"format":"tiletop-save","options":{...},"scenario":"emergence",
               "seed":7,"title":"gears","version":3}
    action    {"a":{"kind":..,"payload":..},"e":[events],"t":3,"w":["P1",0,[1,"P1"]]}
    snapshot  {"at":100,"hash":"<sha256 of the canonical snapshot>","snapshot":{...}}
    mark      {"at":101,"bots":{...},"hash":"<state hash after action 101>"}
    undo      {"undo":97}

Each line is canonical JSON (game/engine/protocol.py) and ends with a newline. An action line
holds the action, the events it caused (the log, with who may see each line, so a load shows
each seat what it saw without replaying from the seed), the turn and `w`: who decided the action,
then who sees each event and whether it revealed hidden information (saved.line_summary), all a
load needs of the line, read from its end without decoding the rest. `at` counts the actions
before the line (a snapshot or mark must agree, a check on the file's order); a mark ends every
autosave with the state hash reached and the bots' state; an undo line takes the game back to
that many actions (later snapshots and marks no longer apply). Version 2's action lines have the
decider as `by` and no `w`; each is decoded whole at load.

Reading checks every line through the gate (savegate.py) and names the line of any problem,
but for what is read when first read (saved.py: a notice naming the line, not an error;
docs/ENGINE.md "Lines read when read"): the action lines of version 3 but for their summary, a
logged message's form and an action's label. A last line cut short (the program stopped while writing it: no newline, not
JSON) is dropped, and `notice` says so; damage anywhere else is a SaveError naming file and line.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine.protocol import Action, Event, canonical_json
from game.engine.text import Joined, M
from game.engine.saved import PendingLine, line_source, SavedAction, Seen, event_from_json, line_summary, read_line_summary
from game.engine.savegate import (MAX_ACTIONS, MAX_DEPTH, MAX_STRING, SAVE_FORMAT, SAVE_VERSION, _shallow, SaveError, at_line,
                                  bots_problem, check_fields, check_version, decode_text, parse_json_text,
                                  suspect_lines)

SNAPSHOT_EVERY = 50  # actions between snapshots (docs/ENGINE.md "Speed of saves": why 50)
MAX_JOURNAL_BYTES = 64 * 1024 * 1024  # a 3,000-action four-player Gears journal is about 1.9 MB
_HASH = re.compile(r"[0-9a-f]{64}")
_SNAPSHOT = re.compile(r'\{"at":(0|[1-9][0-9]{0,8}),"hash":"([0-9a-f]{64})","snapshot":(?=\{)')


@dataclass
class Journal:
    """A journal as read: the header, the actions in force (undo lines applied), the snapshots
    and last mark among them, the bots' state, and a notice when a torn last line was dropped."""

    header: dict[str, Any]
    # Per action in force: the action, who decided it, the turn, the events it caused.
    actions: list[Action] = field(default_factory=list)
    deciders: list[str | None] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)
    # the line as the file has it, when a whole save may copy it (version 3's), else None
    lines: list[str | None] = field(default_factory=list)
    # at, the state's JSON text (not parsed yet: only the one a load starts from is), hash, line
    snapshots: list[tuple[int, str, str, int]] = field(default_factory=list)
    mark: tuple[int, str, int] | None = None  # at, state hash, line
    bots: dict[str, Any] = field(default_factory=dict)
    notice: str | None = None
    good_bytes: int = 0  # where the last whole line ends: the next line goes there (-1: nowhere)


# ---------------------------------------------------------------------- writing

def header_line(title: str, scenario: str, seed: int, options: dict[str, Any], casual: bool) -> str:
    return canonical_json({"format": SAVE_FORMAT, "version": SAVE_VERSION, "title": title, "scenario": scenario,
                           "seed": seed, "options": options, "casual": casual}) + "\n"


def step_line(action: Action, decider: str | None, turn: int, events: list[Event]) -> str:
    return canonical_json({"a": action.to_json(), "e": [e.to_json() for e in events], "t": turn,
                           "w": line_summary(decider, events)}) + "\n"


def snapshot_line(at: int, text: str, digest: str) -> str:
    """`text` is the snapshot's canonical JSON already (the session keeps it so), not encoded again."""
    return f'{{"at":{at},"hash":"{digest}","snapshot":{text}}}\n'


def mark_line(at: int, digest: str, bots: dict[str, Any]) -> str:
    data: dict[str, Any] = {"at": at, "hash": digest}
    if bots:
        data["bots"] = bots
    return canonical_json(data) + "\n"


def undo_line(at: int) -> str:
    return f'{{"undo":{at}}}\n'


# ---------------------------------------------------------------------- reading

def is_journal(raw: bytes) -> bool:
    """A version-2 save (or later) starts with its header alone on the first line; a version-1
    save is one JSON object (written indented, its first line `{`; a hand-compacted one is read
    as version 1 too, since its version says so)."""
    end = raw.find(b"\n", 0, 1024 * 1024)
    first = raw[:end] if end >= 0 else raw[:1024 * 1024]
    if not first.startswith(b"{"):
        return False
    try:
        head = json.loads(first)
    except (ValueError, RecursionError):
        return False
    if not isinstance(head, dict):
        return False
    version = head.get("version")
    return head.get("format") == SAVE_FORMAT and isinstance(version, int) and not isinstance(version, bool) \
        and version >= 2


def read_journal(p: Path, raw: bytes) -> Journal:
    """The journal in `raw` (the bytes of file `p`, already bounded), every line checked but the
    action lines of version 3 as Tiletop writes them: their summary only, the rest when first read
    (saved.PendingLine)."""
    lines = raw.split(b"\n")
    last = lines.pop()  # b"" when the file ends with a newline, as every whole journal does
    notice = None
    good_bytes = len(raw) - len(last)
    if last.strip():
        # No newline after it: written whole only if it reads as JSON (an editor may drop the
        # final newline); otherwise the program stopped while writing it.
        try:
            parse_json_text(p, decode_text(p, last, "save"), "save")
            lines.append(last)
            good_bytes = -1  # no newline to append after: the next autosave writes it whole
        except SaveError:
            notice = Joined((f"{p}: ", M("the last line (line {line}) was cut short when it was written (the "
                                         "program stopped); it is dropped and the game goes on from the line "
                                         "before.", line=len(lines) + 1)))
    if not lines:
        raise SaveError(p, M("the file holds only a line cut short when it was written"))
    try:  # all at once (UTF-8 never puts a newline byte inside a character)
        texts = raw.decode("utf-8").split("\n")[:len(lines)]
    except UnicodeDecodeError:  # line by line, to name the line (or the torn last one was bad)
        texts = [decode_text(p, b, "save", at_line(i + 1)) for i, b in enumerate(lines)]
    if not texts[0].strip():
        raise SaveError(p, at_line(1) + M("an empty line inside the save"))
    header, version = _read_header(p, texts[0])
    # A snapshot line as Tiletop writes it is not parsed here: only the last one is used by a
    # load (parsed and checked then), the others only by an undo that reaches back to them.
    snapshots = {i: m for i, m in ((i, _SNAPSHOT.match(t)) for i, t in enumerate(texts) if t.startswith('{"at":')
                                   and len(t) > 100 and t.endswith("}")) if m and i}
    # Nor an action line of version 3 as Tiletop writes it: its turn and summary are read from
    # its end, the rest when first read (a replayed action, a log line).
    scanned = {} if version < 3 else \
        {i: got for i, got in ((i, _scan_step(t)) for i, t in enumerate(texts) if t.startswith('{"a":{') and i)
         if got is not None}
    kept = [i for i in range(1, len(texts)) if i not in snapshots and i not in scanned]
    kept_texts = [texts[i] for i in kept]
    records = _parse_lines(p, kept_texts, kept, suspect_lines(b"\n".join(lines[i] for i in kept), kept_texts))
    for i, record in zip(kept, records):
        # A line with fewer brackets than the depth allowed cannot nest deeper (the usual one);
        # the others are walked.
        text = texts[i]
        if text.count("[") + text.count("{") > MAX_DEPTH and not _shallow(record):
            parse_json_text(p, text, "save", at_line(i + 1), suspect_text=True)
    parsed = iter(records)
    journal = Journal(header, notice=notice, good_bytes=good_bytes)
    step_keys = _STEP_KEYS if version < 3 else _STEP_KEYS_V3
    for number in range(2, len(texts) + 1):
        found = snapshots.get(number - 1)
        if found is not None:
            at, digest = int(found.group(1)), found.group(2)
            _at_steps(p, journal, at, at_line(number))
            journal.snapshots.append((at, texts[number - 1][found.end():-1], digest, number))
        elif number - 1 in scanned:
            _pending_step(p, journal, scanned[number - 1], texts[number - 1], number)
        else:
            _take(p, journal, next(parsed), number, step_keys)
    return journal


def _read_header(p: Path, text: str) -> tuple[dict[str, Any], int]:
    """A journal's header line, checked (read_journal and read_head): its JSON, its version (2
    or later), its fields and no unknown key; SaveError naming line 1 otherwise."""
    header = parse_json_text(p, text, "save", at_line(1))
    version = check_version(p, header)
    if version < 2:
        raise SaveError(p, at_line(1) + M("the first line is damaged"))
    check_fields(p, header, {})
    extra = set(header) - {"format", "version", "title", "scenario", "seed", "options", "casual"}
    if extra:
        raise SaveError(p, at_line(1) + M("the first line holds what a Tiletop save does not ({keys})",
                                          keys=", ".join(sorted(f"'{k[:40]}'" for k in extra))))
    return header, version


def read_head(p: Path, raw: bytes) -> dict[str, Any] | None:
    """The header of the journal in `raw` (checked as `read_journal` checks it) with `actions`,
    how many actions the game holds, from its last line alone when that is a mark (every
    autosave and whole save ends with one: its `at`); None when the last line is anything else
    (a torn write, no newline after it, an undo line...): then only `read_journal` can tell. No
    action line is read: what a look at a save needs (the set-up screen's, before a new game
    takes the autosave's place) costs the same at action 10 and at action 10,000."""
    first = raw.find(b"\n")
    if first < 0 or not raw.endswith(b"\n"):
        return None
    header, _version = _read_header(p, decode_text(p, raw[:first], "save", at_line(1)))
    start = raw.rfind(b"\n", 0, len(raw) - 1) + 1
    if start <= first or not raw.startswith(b'{"at":', start):
        return None
    try:
        mark = parse_json_text(p, decode_text(p, raw[start:-1], "save"), "save")
    except SaveError:
        return None
    if not isinstance(mark, dict) or set(mark) not in ({"at", "hash"}, {"at", "bots", "hash"}):
        return None
    at, digest = mark["at"], mark["hash"]
    if at.__class__ is not int or not 0 <= at <= MAX_ACTIONS or digest.__class__ is not str \
            or not _HASH.fullmatch(digest):
        return None
    return {**header, "actions": at}


# The end of an action line of version 3: its turn (at most 18 digits) and summary (no object
# inside it: the last `,"t":` of a line is its own, since no string holds a bare quote).
_TAIL = re.compile(r',"t":(0|-?[1-9][0-9]{0,17}),"w":(\[[^{}]*\])\}')


def _scan_step(text: str) -> tuple[int, str] | None:
    """The turn and summary's text of an action line as Tiletop writes it,
    `{"a":{..},"e":[..],"t":..,"w":[..]}`, found from its end; None for any other line (it is
    parsed whole, through the gate)."""
    if len(text) > MAX_STRING:  # a string too long could hide in it: the gate's walk names it
        return None
    tail = _TAIL.fullmatch(text, text.rfind(',"t":'))
    return None if tail is None else (int(tail.group(1)), tail.group(2))


# A summary's text -> the decider and who sees each event (a few dozen make a whole game).
_SUMMARIES: dict[str, tuple[str | None, Seen]] = {}


def _read_summary(text: str) -> tuple[str | None, Seen]:
    got = _SUMMARIES.get(text)
    if got is None:
        try:
            summary = json.loads(text)
        except ValueError:
            raise ValueError("'w' is not JSON") from None
        got = read_line_summary(summary)
        if len(_SUMMARIES) < 10_000:
            _SUMMARIES[text] = got
    return got


def _parse_lines(p: Path, texts: list[str], numbers: list[int], suspect: bool) -> list[Any]:
    """All lines at once through the C decoder (fast); when that fails, line by line, so the
    problem names its line."""
    try:
        return parse_json_text(p, "[" + ",".join(texts) + "]", "save", suspect_text=suspect, walk_depth=False)
    except SaveError as whole:
        for i, text in zip(numbers, texts):
            if not text.strip():
                raise SaveError(p, at_line(i + 1) + M("an empty line inside the save")) from None
            parse_json_text(p, text, "save", at_line(i + 1))
        raise whole from None


def _at_steps(p: Path, journal: Journal, at: Any, where: Any) -> None:
    if at != len(journal.actions) or isinstance(at, bool):
        raise SaveError(p, where + M("the lines are out of order (a saved position after action {done} "
                                     "is not for it)", done=len(journal.actions)))


def _take(p: Path, journal: Journal, record: Any, number: int, step_keys: frozenset[str]) -> None:
    """One parsed line after the header, applied to `journal`."""
    if record.__class__ is dict and record.keys() == step_keys:
        _step(p, journal, record, number)
        return
    where = at_line(number)
    if not isinstance(record, dict):
        raise SaveError(p, where + M("not a line of a Tiletop save"))
    keys = set(record)
    done = len(journal.actions)
    if keys == {"undo"}:
        at = record["undo"]
        if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= done:
            raise SaveError(p, where + M("an undo back past the actions played ({done})", done=done))
        for kept in (journal.actions, journal.deciders, journal.turns, journal.events, journal.lines):
            del kept[at:]
        journal.snapshots = [s for s in journal.snapshots if s[0] <= at]
        if journal.mark is not None and journal.mark[0] > at:
            journal.mark = None
    elif keys in ({"at", "hash", "snapshot"}, {"at", "hash"}, {"at", "hash", "bots"}):
        at, digest = record["at"], record["hash"]
        _at_steps(p, journal, at, where)
        if not isinstance(digest, str) or not _HASH.fullmatch(digest):
            raise SaveError(p, where + M("the check sum of a saved position is damaged"))
        if "snapshot" in record:
            if not isinstance(record["snapshot"], dict):
                raise SaveError(p, where + M("a saved position is damaged"))
            # Not as Tiletop writes it (edited by hand): kept as the canonical text, which is
            # what its hash is of.
            journal.snapshots.append((at, canonical_json(record["snapshot"]), digest, number))
        else:
            problem = bots_problem(record.get("bots", {}))
            if problem:
                raise SaveError(p, where + problem)
            journal.mark = (at, digest, number)
            journal.bots = record.get("bots", {})
    else:
        raise SaveError(p, where + M("not a line of a Tiletop save"))


_STEP_KEYS = frozenset(("a", "by", "t", "e"))  # version 2
_STEP_KEYS_V3 = frozenset(("a", "e", "t", "w"))


def _step(p: Path, journal: Journal, record: dict[str, Any], number: int) -> None:
    """An action line parsed whole: version 2's, or one of version 3 not as Tiletop writes it."""
    index = len(journal.actions) + 1
    raw, turn, events = record["a"], record["t"], record["e"]
    try:
        if index > MAX_ACTIONS:
            raise ValueError(f"more than {MAX_ACTIONS} actions")
        if raw.__class__ is not dict:
            raise ValueError("'a' is not a JSON object")
        action = SavedAction.from_save(raw, line_source(p, number))
        if "w" in record:
            decider, _seen = read_line_summary(record["w"])
        else:
            decider = record["by"]
            if decider is not None and decider.__class__ is not str:
                raise ValueError(f"'by' should be a player id, got {decider!r}")
        if turn.__class__ is not int:
            raise ValueError(f"'t' should be a whole number, got {turn!r}")
        if events.__class__ is not list:
            raise ValueError("'e' should be a list of events")
        source = line_source(p, number)
        parsed = [event_from_json(e, source) for e in events]
        if "w" in record and record["w"] != line_summary(decider, parsed):
            raise ValueError("its 'w' does not say who sees its events")
    except ValueError:
        raise SaveError(p, at_line(number) + M("action {index} is damaged", index=index)) from None
    journal.actions.append(action)
    journal.deciders.append(decider)
    journal.turns.append(turn)
    journal.events.append(parsed)
    journal.lines.append(None)


def _pending_step(p: Path, journal: Journal, scanned: tuple[int, str], text: str, number: int) -> None:
    """An action line of version 3 as Tiletop writes it, left for the log to read."""
    index = len(journal.actions) + 1
    turn, summary = scanned
    try:
        if index > MAX_ACTIONS:
            raise ValueError(f"more than {MAX_ACTIONS} actions")
        decider, seen = _read_summary(summary)
    except ValueError:
        raise SaveError(p, at_line(number) + M("action {index} is damaged", index=index)) from None
    line = PendingLine(text + "\n", p, number, decider, turn, seen)
    journal.actions.append(line.action)
    journal.deciders.append(decider)
    journal.turns.append(turn)
    journal.events.append(line.events)
    journal.lines.append(line.text)
