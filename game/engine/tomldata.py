"""Reading TOML content files with errors that name the file, the key and the line.

Titles load cards, enemies and dice from TOML (DESIGN.md, "Content is data"). A mistake in
such a file must give one message a person can act on, e.g.

    data/dice.toml: dice.attack.faces[3] (line 7): count for 'hits' must be a whole number >= 0, got -1

tomllib reports syntax errors with a line; for errors found after parsing (wrong type, unknown
reference) `key_line` finds the line of a key path in the text by a light scan (best effort:
it falls back to the nearest enclosing key it can place).
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from game import i18n
from game.i18n import N_
from game.engine.errors import InputError, open_file, os_reason
from game.engine.text import M, Msg

KeyPath = Sequence[str | int]

# The gate's bounds (issue 22): a content, mission or settings file past these is not ours.
MAX_TOML_BYTES = 4 * 1024 * 1024
MAX_TOML_DEPTH = 32  # tables and arrays inside each other; content files are about 6 deep
MAX_TOML_INT_BITS = 64
MAX_TOML_STRING = 100_000


def located(file: str, key: str, line: int | None, problem: Any) -> str:
    """'FILE: KEY (line N): PROBLEM', the line and the problem in the reader's language (a
    problem may be a message worded when shown: game/engine/text.py); DataError's and Gears'
    ContentError's words."""
    where = file
    if key:
        where += f": {key}"
    if line is not None:
        where += " " + i18n.translate("(line {line})").format(line=line)
    return f"{where}: {problem}"


class DataError(InputError):
    """A content file is missing, unreadable or wrong; `str()` is the whole message."""

    def __init__(self, file: str | Path, problem: Any, key: str = "", line: int | None = None):
        self.file = str(file)
        self.key = key
        self.line = line
        self.problem = problem
        super().__init__(self._words())

    def _words(self) -> str:
        return located(self.file, self.key, self.line, self.problem)

    def __str__(self) -> str:  # worded when shown: the problem may be a message (game/engine/text.py)
        return self._words()


def format_key(path: KeyPath) -> str:
    """`["dice", "attack", "faces", 3]` -> `dice.attack.faces[3]`."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


@dataclass(frozen=True)
class TomlFile:
    """A parsed TOML file with its text, so later checks can point at lines."""

    path: Path
    text: str
    data: dict[str, Any]

    def error(self, path: KeyPath, problem: Any) -> DataError:
        return DataError(self.path, problem, format_key(path), key_line(self.text, path))


def load_toml(path: str | Path) -> TomlFile:
    """Reads and parses a TOML file; any failure becomes a DataError naming the file."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_TOML_BYTES:
            raise DataError(p, M("the file is too large ({size} bytes; at most {most})", size=p.stat().st_size, most=MAX_TOML_BYTES))
        with open_file(p, text=True) as handle:  # never a pipe: its read would wait for ever
            text = handle.read()
    except FileNotFoundError:
        raise DataError(p, M("file not found")) from None
    except (OSError, UnicodeDecodeError) as exc:  # in the reader's words, as a player's file's
        raise DataError(p, _file_problem(exc)) from None
    return parse_toml(text, p)


def parse_toml(text: str, path: str | Path = "<text>") -> TomlFile:
    try:
        data = loads_bounded(text)
    except tomllib.TOMLDecodeError as exc:
        line = _line_from_message(str(exc))
        raise DataError(path, M("TOML syntax error: {why}", why=toml_reason(exc)), line=line) from None
    except TomlLimit as exc:
        raise DataError(path, exc.problem, exc.key, exc.line) from None
    return TomlFile(Path(path), text, data)


class TomlLimit(Exception):
    """A TOML file past the gate's bounds: `problem` (a message, worded when shown), the key path
    (may be '') and line."""

    def __init__(self, problem: Msg | str, key: str = "", line: int | None = None):
        self.problem, self.key, self.line = problem, key, line
        super().__init__(problem)


def loads_bounded(text: str, parse=tomllib.loads) -> dict[str, Any]:
    """`parse(text)` (tomllib.loads, or tomli's) through the gate: TOMLDecodeError for syntax
    as before, TomlLimit for a file too large, nested too deeply, or holding a number or string
    past the bounds. Never RecursionError, never a hang on a long number."""
    if len(text) > MAX_TOML_BYTES:
        raise TomlLimit(M("the file is too large ({size} characters; at most {most})", size=len(text), most=MAX_TOML_BYTES))
    try:
        data = parse(text)
    except RecursionError:
        raise TomlLimit(M("arrays or tables are nested too deeply (at most {most} levels)", most=MAX_TOML_DEPTH),
                        line=_first_line(text, r"[\[{](?:\s*[\[{]){%d,}" % MAX_TOML_DEPTH)) from None
    except ValueError as exc:
        if type(exc).__name__ == "TOMLDecodeError":
            raise
        # int() past Python's 4300-digit limit (tomllib does not catch it)
        digits = re.search(r"has (\d+) digits", str(exc))
        raise TomlLimit(M("a number is too long ({digits} digits; at most 64 bits)", digits=digits.group(1) if digits else "4300+"),
                        line=_first_line(text, r"\d{%d,}" % 40)) from None
    _check_bounds(data, text)
    return data


def read_toml_file(path: str | Path, parse=tomllib.loads) -> dict[str, Any]:
    """A player's TOML file (a custom mission, a build script, the settings) through the gate:
    OSError, UnicodeDecodeError and TOMLDecodeError as the plain readers raise them, TomlLimit
    for a file past the bounds (its size is checked before it is read)."""
    p = Path(path)
    if p.stat().st_size > MAX_TOML_BYTES:
        raise TomlLimit(M("the file is too large ({size} bytes; at most {most})", size=p.stat().st_size, most=MAX_TOML_BYTES))
    with open_file(p, text=True) as handle:  # never a pipe: its read would wait for ever
        return loads_bounded(handle.read(), parse)


def toml_limit_message(path: str | Path, exc: TomlLimit) -> Msg:
    """`file: key (line N): problem`, the style of DataError, in the reader's language (a message
    worded when shown: the settings file is read before the language is set)."""
    if exc.key and exc.line is not None:
        problem = M("{key} (line {line}): {problem}", key=exc.key, line=exc.line, problem=exc.problem)
    elif exc.line is not None:
        problem = M("line {line}: {problem}", line=exc.line, problem=exc.problem)
    elif exc.key:
        problem = M("{key}: {problem}", key=exc.key, problem=exc.problem)
    else:
        problem = exc.problem
    return M("{path}: {problem}", path=str(path), problem=problem)


def toml_problem(path: str | Path, exc: Exception) -> Msg:
    """What went wrong reading a player's TOML file with `read_toml_file` (the OSError,
    UnicodeDecodeError, TOMLDecodeError or TomlLimit it raised) as `file: problem` in the reader's
    language, worded when shown. One wording for the settings, custom missions and build scripts."""
    if isinstance(exc, TomlLimit):
        return toml_limit_message(path, exc)
    return M("{path}: {problem}", path=str(path), problem=_file_problem(exc))


def _file_problem(exc: Exception) -> Msg:
    """An OSError, UnicodeDecodeError or TOMLDecodeError reading a TOML file, in the reader's words."""
    if isinstance(exc, FileNotFoundError):
        return M("there is no such file")
    if isinstance(exc, PermissionError):
        return M("the file cannot be read: no permission")
    if isinstance(exc, IsADirectoryError):
        return M("this is a folder, not a file")
    if isinstance(exc, UnicodeDecodeError):
        return M("not UTF-8 text (byte {n})", n=exc.start)
    if isinstance(exc, OSError):
        return M("cannot read ({why})", why=os_reason(exc))
    # tomllib's or tomli's TOMLDecodeError: the parser's own reason, with its line
    return M("bad TOML ({why})", why=toml_reason(exc))


# The TOML parser's own reasons (tomllib's and tomli's are the same words), in the reader's
# language: a Hungarian or Greek screen read "rossz TOML (Expected '=' after a key in a key/value
# pair (at line 3, column 5))". As tmx_gate words expat's; a reason not listed stays as written.
_TOML_REASONS = {
    "Invalid statement": N_("not a key, a value or a table here"),
    "Expected newline or end of document after a statement": N_("a new line was expected after the value"),
    "Cannot overwrite a value": N_("a value is given twice"),
    "Expected ']' at the end of a table declaration": N_("a table's name has no closing ']'"),
    "Expected ']]' at the end of an array declaration": N_("a table list's name has no closing ']]'"),
    "Expected '=' after a key in a key/value pair": N_("'=' was expected after the key"),
    "Invalid initial character for a key part": N_("a key cannot start with this character"),
    "Unclosed array": N_("a list is not closed with ']'"),
    "Unclosed inline table": N_("a table written on one line is not closed"),
    "Unescaped '\\' in a string": N_("a '\\' in a text is not a known escape"),
    "Invalid hex value": N_("a \\u escape is not a hexadecimal number"),
    "Escaped character is not a Unicode scalar value": N_("an escaped character is not a Unicode character"),
    "Unterminated string": N_("a text is not closed with its quote"),
    "Invalid date or datetime": N_("not a valid date or time"),
    "Invalid value": N_("not a valid value"),
}
# Reasons with a part of the file in them: (pattern, msgid with {what}).
_TOML_REASON_PATTERNS = (
    (re.compile(r"Cannot declare (.+) twice"), N_("the table {what} is declared twice")),
    (re.compile(r"Cannot mutate immutable namespace (.+)"), N_("{what} cannot be changed here (it was written whole)")),
    (re.compile(r"Cannot redefine namespace (.+)"), N_("{what} is already defined")),
    (re.compile(r"Duplicate inline table key (.+)"), N_("the key {what} is given twice in a table")),
    (re.compile(r"Found invalid character (.+)"), N_("the character {what} is not allowed here")),
    (re.compile(r"Illegal character (.+)"), N_("the character {what} is not allowed in a text")),
    (re.compile(r"Expected (.+)"), N_("{what} was expected")),
)
_TOML_WHERE = re.compile(r"^(.*) \(at (?:line (\d+), column (\d+)|(end of document))\)$", re.S)


def _key_shown(what: str) -> str:
    """tomllib names a table by its key tuple ("('a', 'b')"): shown as the file writes it, a.b."""
    parts = re.findall(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"", what)
    if what.startswith("(") and what.endswith(")") and parts:
        return ".".join(a or b for a, b in parts)
    return what


def toml_reason(exc: Exception) -> Msg | str:
    """A TOMLDecodeError's reason in the reader's language (worded when shown), its line and
    column kept."""
    text = str(exc)
    where = _TOML_WHERE.match(text)
    head = where.group(1) if where else text
    reason: Msg | str = head
    if head in _TOML_REASONS:
        reason = M(_TOML_REASONS[head])
    else:
        for pattern, words in _TOML_REASON_PATTERNS:
            found = pattern.fullmatch(head)
            if found:
                reason = M(words, what=_key_shown(found.group(1)))
                break
    if where is None:
        return reason
    if where.group(4):
        return M("{why} at the end of the file", why=reason)
    return M("{why} at line {line}, column {column}", why=reason, line=int(where.group(2)), column=int(where.group(3)))


def _first_line(text: str, pattern: str) -> int | None:
    match = re.search(pattern, text)
    return text.count("\n", 0, match.start()) + 1 if match else None


def _check_bounds(data: dict[str, Any], text: str) -> None:
    """Depth, whole numbers and strings, walked without recursion."""
    stack: list[tuple[Any, list[str | int]]] = [(data, [])]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_TOML_DEPTH:
            # the key to its fourth level ('map[0][0][0]…'): thirty-two '[0]' filled a set-up row
            raise TomlLimit(M("nested too deeply (at most {most} levels)", most=MAX_TOML_DEPTH), format_key(path[:4]) + "\u2026",
                            key_line(text, path[:4]))
        if isinstance(value, dict):
            stack.extend((v, path + [k]) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, path + [i]) for i, v in enumerate(value))
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int) and value.bit_length() > MAX_TOML_INT_BITS:
            raise TomlLimit(M("number of {digits} digits is out of range (at most 64 bits)", digits=len(str(abs(value)))),
                            format_key(path), key_line(text, path))
        elif isinstance(value, str) and len(value) > MAX_TOML_STRING:
            raise TomlLimit(M("text of {n} characters is too long (at most {most})", n=len(value), most=MAX_TOML_STRING),
                            format_key(path), key_line(text, path))


def _line_from_message(message: str) -> int | None:
    match = re.search(r"at line (\d+)", message)
    return int(match.group(1)) if match else None


_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")


def key_line(text: str, path: KeyPath) -> int | None:
    """The 1-based line where the value at `path` starts in `text`, or None if not found.

    Handles table headers (`[a.b]`, `[[a.b]]`), dotted and plain keys (`b = ...`, `a.b = ...`)
    and array elements (by counting top-level elements of an inline array, or `[[...]]`
    headers). Quoted keys with dots are not split.
    """
    lines = text.splitlines()
    best: int | None = None
    # Walk the path, growing the resolved prefix while it can be located.
    offset = 0  # character offset in text where the search for the next part starts
    prefix: list[str] = []
    i = 0
    while i < len(path):
        part = path[i]
        if isinstance(part, int):
            found = _array_element(text, offset, part, prefix)
            if found is None:
                return best
            offset = found
            best = text.count("\n", 0, found) + 1
            i += 1
            continue
        prefix.append(part)
        found = _find_key(text, lines, offset, prefix, part)
        if found is None:
            return best
        offset = found
        best = text.count("\n", 0, found) + 1
        i += 1
    return best


def _find_key(text: str, lines: list[str], offset: int, prefix: list[str], part: str) -> int | None:
    dotted = ".".join(prefix)
    parent = ".".join(prefix[:-1])
    start_line = text.count("\n", 0, offset)
    pos = sum(len(line) + 1 for line in lines[:start_line])
    in_parent = True  # whether key lines seen now belong to the parent table
    for line in lines[start_line:]:
        header = _HEADER.match(line)
        if header:
            name = header.group(1).replace(" ", "").replace('"', "")
            # A sub-table header `[a.b.c]` also places its parents `a` and `a.b`.
            if name == dotted or name.startswith(dotted + "."):
                return pos
            in_parent = bool(parent) and name == parent
        elif in_parent:
            key = re.match(r"^\s*([A-Za-z0-9_.\-\" ]+?)\s*=", line)
            if key:
                name = key.group(1).replace(" ", "").replace('"', "")
                if name == part or name.endswith("." + part):
                    return pos + key.start(1)
        pos += len(line) + 1
    return None


def _array_element(text: str, offset: int, index: int, prefix: list[str]) -> int | None:
    """Offset of element `index` of the array whose key or header starts at `offset`."""
    line_end = text.find("\n", offset)
    line = text[offset: line_end if line_end >= 0 else len(text)]
    if _HEADER.match(line):
        # An array of tables: count `[[prefix]]` headers from here.
        dotted = ".".join(prefix)
        pattern = re.compile(r"^\s*\[\[\s*" + re.escape(dotted) + r"\s*\]\]", re.M)
        matches = list(pattern.finditer(text, offset))
        return matches[index].start() if index < len(matches) else None
    eq = text.find("=", offset)
    bracket = text.find("[", eq)
    if eq < 0 or bracket < 0:
        return None
    depth = 0
    count = 0
    expect_element = False
    in_string: str | None = None
    k = bracket
    while k < len(text):
        ch = text[k]
        if in_string:
            if ch == "\\" and in_string == '"':
                k += 2
                continue
            if ch == in_string:
                in_string = None  # a closing quote: it must not open a new string below
            k += 1
            continue
        elif ch == "#":
            nl = text.find("\n", k)
            k = len(text) if nl < 0 else nl
            continue
        elif ch in "[{":
            depth += 1
            if depth == 1:
                expect_element = True
                k += 1
                continue
        elif ch in "]}":
            depth -= 1
            if depth == 0:
                return None
        elif ch == "," and depth == 1:
            expect_element = True
            k += 1
            continue
        if expect_element and not ch.isspace() and ch not in "]":
            if count == index:
                return k
            count += 1
            expect_element = False
        if ch in "\"'" and not in_string:
            in_string = ch
        k += 1
    return None


_MUST_BE = {int: N_("must be a whole number, got {value}"), str: N_("must be text, got {value}"),
            bool: N_("must be true or false, got {value}"), list: N_("must be a list, got {value}"),
            dict: N_("must be a table, got {value}")}


def must_be(kind: type, value: str) -> Msg:
    """A content value of the wrong type, 'must be a whole number, got "x"', in the reader's
    language (worded when shown): one wording for every title's content loader."""
    return M(_MUST_BE[kind], value=value)
