"""The door every JSON file a player can hand us passes first (docs/ARCHITECTURE.md "Files a
player can hand us: the gates"): saves (both formats), the seats side files, the tutorial's
progress. Bounded size, UTF-8, nesting, string and number sizes, no NaN or infinity; each
problem one SaveError naming the file (and where in it, in the reader's words, or the line of a
journal).
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from game.engine.errors import InputError, NotAFile, open_file
from game.engine.protocol import canonical_json
from game.engine.text import Joined, M, Msg

# The gate's bounds (issue 22): a save bigger, deeper or longer than these is not ours.
MAX_SAVE_BYTES = 4 * 1024 * 1024  # a version-1 save (a journal: journal.MAX_JOURNAL_BYTES)
MAX_DEPTH = 64  # JSON nesting; a snapshot is about 8 deep
MAX_STRING = 10_000  # characters of one JSON string
MAX_INT_BITS = 256  # RNG states are 64-bit
MAX_SEED = 2**64
MAX_ACTIONS = 100_000  # a whole Gears game is a few hundred to a thousand
MAX_SCENARIO = 200  # characters of the scenario id (custom:NAME included)
MAX_BOT_SEATS = 8  # entries of "bots" (a title has at most five seats)
MAX_BOT_NAME = 100  # characters of a seat id or a bot's class name
MAX_BOT_STATE_BYTES = 64 * 1024  # the canonical JSON of all of "bots"; a random stream is 50 bytes


class SaveError(InputError):
    """A save cannot be written or read; the message names the file and the problem.

    The problem is a message (game/engine/text.py), worded when read (`problem`, `str`), in the
    language in use then: the load list and the table show it in the reader's language; the file
    name stays as it is."""

    def __init__(self, path: str | Path, problem: Any):
        self.path = str(path)
        self.message = problem
        Exception.__init__(self, self.path)

    @property
    def problem(self) -> str:
        return str(self.message)

    def __str__(self) -> str:
        return f"{self.path}: {self.problem}"


def at_line(line: int) -> Msg:
    """'line N: ', the start of a problem inside a journal."""
    return M("line {line}: ", line=line)


def _at(where: Any, problem: Any) -> Any:
    """`problem` after `where` ('line 12: ', or nothing)."""
    return Joined((where, problem)) if where else problem


# The JSON parser's own reason (json.JSONDecodeError.msg, its start), in the reader's language.
_JSON_REASONS = (("Expecting value", M("a value is missing")),
                 ("Expecting ',' delimiter", M("a comma is missing")),
                 ("Expecting ':' delimiter", M("a colon is missing")),
                 ("Expecting property name", M("a key in double quotes is missing")),
                 ("Extra data", M("there is more text after the end")),
                 ("Invalid control character", M("a control character inside a text")),
                 ("Invalid \\uXXXX escape", M("a bad \\u escape inside a text")),
                 ("Invalid \\escape", M("a bad backslash escape inside a text")),
                 ("Unterminated string", M("a text is not closed")))


def json_reason(msg: str) -> Any:
    """The JSON parser's reason `msg` in the reader's language."""
    for start, words in _JSON_REASONS:
        if msg.startswith(start):
            return words
    return M("the JSON cannot be read")


def bots_problem(bots: Any) -> Msg | None:
    """What is wrong with a save's optional `bots` (seat -> {"bot": name, "state": JSON}), or
    None. The state itself is the bot's to check (`set_state`); the gate bounds its size."""
    if not isinstance(bots, dict):
        return M("the computer players' part of the file is damaged")
    if len(bots) > MAX_BOT_SEATS:
        return M("the file names {n} computer players (at most {most})", n=len(bots), most=MAX_BOT_SEATS)
    for seat, entry in bots.items():
        if len(seat) > MAX_BOT_NAME or any(ord(c) < 32 for c in seat):
            return M("a computer player's seat name is too long or holds a control character")
        if not isinstance(entry, dict) or set(entry) != {"bot", "state"}:
            return M("the computer player of seat {seat} is damaged", seat=seat[:40])
        name = entry["bot"]
        if not isinstance(name, str) or not 0 < len(name) <= MAX_BOT_NAME or any(ord(c) < 32 for c in name):
            return M("the computer player of seat {seat} has no valid name (1 to {most} characters)",
                     seat=seat[:40], most=MAX_BOT_NAME)
    size = len(canonical_json(bots))
    if size > MAX_BOT_STATE_BYTES:
        return M("the computer players' part of the file is too large ({size} bytes; at most {most})",
                 size=size, most=MAX_BOT_STATE_BYTES)
    return None


def read_json_file(p: Path, what: str, max_bytes: int) -> Any:
    """A JSON file read through the gate: bounded size, UTF-8, no NaN or infinity, no number
    longer than Python reads, nesting at most MAX_DEPTH, strings and whole numbers bounded.
    Any problem is a SaveError naming the file (and the key, when it is inside)."""
    return parse_json_text(p, decode_text(p, read_bytes(p, what, max_bytes), what), what)


def read_bytes(p: Path, what: str, max_bytes: int) -> bytes:
    """The file's bytes: present, readable, at most `max_bytes`, not empty."""
    try:
        with open_file(p) as handle:  # never a pipe: its read would wait for ever
            # Sized by the file: a read of max_bytes + 1 allocates that much first (1-2 ms for a
            # journal's 64 MiB bound); then on to the bound if it grew meanwhile or has no size.
            size = os.fstat(handle.fileno()).st_size
            raw = handle.read(min(size, max_bytes) + 1)
            if len(raw) > size:
                raw += handle.read(max_bytes + 1 - len(raw))
    except FileNotFoundError:
        raise SaveError(p, M("there is no such file")) from None
    except PermissionError:
        raise SaveError(p, M("the file cannot be read: no permission")) from None
    except IsADirectoryError:
        raise SaveError(p, M("this is a folder, not a file")) from None
    except NotAFile:
        raise SaveError(p, M("this is not a file (a pipe or a device)")) from None
    except OSError:
        raise SaveError(p, M("the file cannot be read")) from None
    if len(raw) > max_bytes:
        raise SaveError(p, M("the file is too large (more than {most} bytes)", most=max_bytes))
    if not raw or raw.isspace():  # (not strip(): a copy of megabytes)
        raise SaveError(p, M("the file is empty (was it cut short when it was written?)"))
    return raw


def decode_text(p: Path, raw: bytes, what: str, where: str = "") -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(p, _at(where, M("not a Tiletop file: not UTF-8 text (byte {byte})", byte=exc.start))) from None


def parse_json_text(p: Path, text: str, what: str, where: str = "", suspect_text: bool | None = None,
                    walk_depth: bool = True) -> Any:
    """JSON text through the gate's bounds; `where` starts each problem ("line 12: ").
    `suspect_text`: whether the text may hold a number or string too long, when the caller
    knows it cheaper than the search here (a journal, by its lines' lengths); `walk_depth`
    False: the caller checks the nesting itself (a journal, line by line)."""
    # The usual save has no long number, long string, float or NaN: it is parsed with the C
    # decoder alone and only its depth walked; anything suspect takes the slow walk that names
    # the key (a Python call per value: about 1.5 s for 4 MiB on a loaded machine).
    suspect = [bool(_SUSPECT.search(text)) if suspect_text is None else suspect_text]

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
            raise SaveError(p, _at(where, M("the file is cut short: its text stops early (line {line}, column "
                                            "{column})", line=exc.lineno, column=exc.colno))) from None
        raise SaveError(p, _at(where, M("the file is damaged: {why} at line {line}, column {column}",
                                        why=json_reason(exc.msg), line=exc.lineno, column=exc.colno))) from None
    except RecursionError:
        raise SaveError(p, _at(where, M("the file is nested too deeply (at most {most} levels)", most=MAX_DEPTH))) from None
    problem = _json_problem(data, what) if suspect[0] or (walk_depth and not _shallow(data)) else None
    if problem:
        raise SaveError(p, _at(where, problem))
    return data


# A digit run too long for MAX_INT_BITS, or a stretch of text longer than MAX_STRING without a
# quote or a line break (where a string too long would be): the slow walk decides. The stretch
# is matched only from its start (the look-behind), so the search is linear: without it, a save
# of 330 strings of 9,000 characters took four minutes (each position scanned to the next quote).
_SUSPECT = re.compile(r'\d{78,}|(?<![^"\n])[^"\n]{%d,}' % (MAX_STRING + 1))


# Every byte of a digit as "0", every other as " ": a run of too many digits is then one find.
_DIGITS_AS_ZERO = bytes(0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))


def suspect_lines(raw: bytes, lines: list[str]) -> bool:
    """What _SUSPECT finds, in the text `raw` split into `lines`, faster: a string too long can
    only be in a line longer than MAX_STRING, between two of its quotes (str.split, C); a digit
    run is found by bytes.translate and find (C: milliseconds for megabytes where the regex
    takes tens)."""
    if raw.translate(_DIGITS_AS_ZERO).find(b"0" * 78) >= 0:
        return True
    return any(max(map(len, line.split('"'))) > MAX_STRING for line in lines if len(line) > MAX_STRING)


def _shallow(data: Any) -> bool:
    """Nesting at most MAX_DEPTH, level by level (no recursion, no per-value Python call: one
    comprehension a level, not one per container, a third faster on a journal's long lines)."""
    level, depth = [data] if data.__class__ is dict or data.__class__ is list else [], 0
    while level:  # the non-empty containers at depth `depth`
        if depth >= MAX_DEPTH:
            return False
        depth += 1
        level = [v for container in level for v in (container.values() if container.__class__ is dict else container)
                 if (v.__class__ is dict or v.__class__ is list) and v]
    return True


class _Unreadable:
    """A number the gate will not convert, kept so the walk can name its key."""

    def __init__(self, text: str):
        self.text = text

    def problem(self, where: Msg) -> Msg:
        if len(self.text) > 40:
            return M("a number {where} is out of range ({digits} digits)", where=where, digits=len(self.text))
        return M("a number {where} is not finite ({text})", where=where, text=self.text[:40])


def _bounded_int(text: str) -> Any:
    return int(text) if len(text) <= 80 else _Unreadable(text)


def _finite_float(text: str) -> Any:
    if len(text) > 80:
        return _Unreadable(text)
    value = float(text)
    return value if abs(value) != float("inf") else _Unreadable(text)


def _json_problem(data: Any, what: str = "save") -> Msg | None:
    """The first value out of bounds in `data` (a `what`: "save", "snapshot", "seats"...), its
    place worded (`_place`), or None. Iterative: no recursion."""
    # Each value's path in the file as far as `_place` words it: its first two steps.
    stack: list[tuple[Any, tuple, int]] = [(data, (), 0)]
    while stack:
        value, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            return M("the values are nested too deeply {where} (at most {most} levels)", where=_place(path, what),
                     most=MAX_DEPTH)
        if isinstance(value, dict):
            for key, item in value.items():
                if len(key) > MAX_STRING:
                    return M("a key {where} is too long ({n} characters; at most {most})", where=_place(path, what),
                             n=len(key), most=MAX_STRING)
                stack.append((item, path + (key,) if len(path) < 2 else path, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, path + (i,) if len(path) < 2 else path, depth + 1) for i, item in enumerate(value))
        elif isinstance(value, str):
            if len(value) > MAX_STRING:
                return M("a text {where} is too long ({n} characters; at most {most})", where=_place(path, what),
                         n=len(value), most=MAX_STRING)
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if value.bit_length() > MAX_INT_BITS:
                return M("a number {where} is out of range ({digits} digits)", where=_place(path, what),
                         digits=len(str(abs(value))))
        elif isinstance(value, _Unreadable):
            return value.problem(_place(path, what))
    return None


def _place(path: tuple, what: str = "save") -> Msg:
    """Where in the file a value lies, in the reader's words: the part of the file its first key
    names (a save's options, its actions, a journal line's action or events, the computer
    players, the seats, the lessons' progress), never the key path as the file writes it
    ('options.a[0][0]': a player reads no JSON). A locative phrase ('in the options')."""
    if what == "snapshot":  # a state read alone (an undo reaching back to a snapshot line)
        return M("in the saved state of the game")
    if not path:
        return M("in the file")
    top, rest = path[0], path[1:]
    if isinstance(top, int):  # a list at the top (a damaged seats file)
        return M("in the file")
    index = rest[0] + 1 if rest and isinstance(rest[0], int) else None
    if top == "options":
        return M("in the game's options")
    if top == "actions":
        return M("in the actions") if index is None else M("in action {n}", n=index)
    if top in ("a", "t", "w", "kind", "payload", "text", "label"):  # a journal line or its action alone
        return M("in the action")
    if top == "e":
        return M("in the events of the action")
    if top in ("snapshot", "state", "at", "hash"):
        return M("in the saved state of the game")
    if top == "bots":
        return M("in the computer players") if not rest else M("in the computer player of seat {seat}", seat=str(rest[0])[:40])
    if top == "seats":
        return M("in the seats")
    if top == "progress":
        return M("in the lessons' progress")
    if top == "seed":
        return M("in the seed")
    if top == "scenario":
        return M("in the scenario's name")
    if top == "title":
        return M("in the game's name")
    if top == "casual":
        return M("in the table mode")
    if top in ("format", "version"):
        return M("in the file's format")
    return M("in a part named {key}", key=str(top)[:40])


# ---------------------------------------------------------------------- the envelope

SAVE_FORMAT = "tiletop-save"
SAVE_VERSION = 3  # the journal (journal.py); versions 1 (one JSON object) and 2 still load
READ_VERSIONS = (1, 2, 3)


def check_version(p: Path, data: Any) -> int:
    """The save's version (one this Tiletop reads); SaveError for anything else."""
    if not isinstance(data, dict):
        raise SaveError(p, M("not a Tiletop save"))
    fmt = data.get("format")
    if fmt != SAVE_FORMAT:
        raise SaveError(p, M("not a Tiletop save"))
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveError(p, M("the save does not say which version of the save format it is"))
    if version > SAVE_VERSION:
        raise SaveError(p, M("a newer Tiletop wrote this save (save version {version}); this one reads "
                             "versions 1 to {newest}", version=version, newest=SAVE_VERSION))
    if version not in READ_VERSIONS:
        raise SaveError(p, M("save version {version} cannot be read; this Tiletop reads versions 1 to "
                             "{newest}", version=version, newest=SAVE_VERSION))
    return version


def check_fields(p: Path, data: dict[str, Any], expected: dict[str, type]) -> None:
    """The keys every save has (title, scenario, seed, options, casual, bots) and `expected`
    (key -> JSON type), present and well formed."""
    missing = [k for k in ("title", "scenario", "seed", "options", *expected) if k not in data]
    if missing:
        raise SaveError(p, M("the save is missing {keys}", keys=", ".join(f"'{k}'" for k in dict.fromkeys(missing))))
    for key, typ in {"title": str, "scenario": str, "options": dict, **expected}.items():
        if not isinstance(data[key], typ):
            raise SaveError(p, M("'{key}' of the save is damaged", key=key))
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SaveError(p, M("the save's seed is not a whole number"))
    if not -MAX_SEED < seed < MAX_SEED:
        raise SaveError(p, M("the save's seed is out of range ({digits} digits; at most a 64-bit number)",
                             digits=len(str(abs(seed)))))
    scenario = data["scenario"]
    if len(scenario) > MAX_SCENARIO:
        raise SaveError(p, M("the save's scenario name is too long ({n} characters; at most {most})",
                             n=len(scenario), most=MAX_SCENARIO))
    if any(ord(c) < 32 for c in scenario):
        raise SaveError(p, M("the save's scenario name holds a control character"))
    if not isinstance(data.get("casual", False), bool):
        raise SaveError(p, M("the save's table mode (casual or strict) is damaged"))
    if "bots" in data:
        problem = bots_problem(data["bots"])
        if problem:
            raise SaveError(p, problem)
