"""Per-user settings (UI scale, language, palette, the bots' and AI's pace) kept in a small TOML file.

The file is ~/.config/tiletop/settings.toml ($XDG_CONFIG_HOME respected); TILETOP_CONFIG_DIR
overrides the folder (tests point it at a tmp dir). A missing file means defaults. A broken file
means defaults plus one message naming the file and the problem, shown by the menu: settings are
never worth a crash. No pygame here.
"""
from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, fields, replace
from pathlib import Path

import tomli

from game.engine.runtime import config_dir
from game.engine.text import M, Msg, join
from game.engine.errors import open_file
from game.engine.tomldata import TomlLimit, loads_bounded, read_toml_file, toml_problem

UI_SCALES: tuple[float, ...] = (0.75, 1.0, 1.25, 1.5, 2.0)
PALETTES: tuple[str, ...] = ("default", "cb_safe")
# How long the table lets a bot's or the AI's move stand before the next: a factor on the
# table's pause and move animation (issue 21: the Locust phase was over in about 2 s).
PACES: dict[str, float] = {"slow": 2.5, "normal": 1.0, "fast": 0.35}
FILE_NAME = "settings.toml"


@dataclass(frozen=True)
class Settings:
    ui_scale: float = 1.0
    language: str = "en"
    palette: str = "default"
    pace: str = "normal"


def settings_path() -> Path:
    return config_dir() / FILE_NAME


def load_settings(path: Path | None = None, languages: list[str] | None = None) -> tuple[Settings, Msg | None]:
    """The settings and a message for the user when the file had a problem (else None). The
    message is worded when shown (it is made before the file's language is set, and a Hungarian
    file with one bad value is read by a Hungarian user); a value of any type is only refused."""
    path = settings_path() if path is None else path
    if not path.exists():
        return Settings(), None
    try:
        data = read_toml_file(path, tomli.loads)
    except (OSError, UnicodeDecodeError, tomli.TOMLDecodeError, TomlLimit) as exc:
        return Settings(), M("{problem}; using the default settings", problem=toml_problem(path, exc))
    settings = Settings()
    problems: list[Msg] = []
    scale = data.get("ui_scale", settings.ui_scale)
    if isinstance(scale, (int, float)) and not isinstance(scale, bool) and 0.5 <= scale <= 3.0:
        settings = replace(settings, ui_scale=float(scale))
    else:
        problems.append(M("ui_scale {value} is not a number from 0.5 to 3", value=_shown(scale)))
    lang = data.get("language", settings.language)
    if isinstance(lang, str) and (languages is None or lang in languages):
        settings = replace(settings, language=lang)
    else:
        problems.append(M("language {value} is not one of {known}", value=_shown(lang), known=", ".join(languages or [])))
    for key, known in (("palette", PALETTES), ("pace", tuple(PACES))):
        value = data.get(key, getattr(settings, key))
        if isinstance(value, str) and value in known:  # a list or table here is refused, not a crash
            settings = replace(settings, **{key: value})
        else:
            problems.append(M("{key} {value} is not one of {known}", key=key, value=_shown(value), known=", ".join(known)))
    # A key the program does not know (a typo, or a newer version's) is kept when the file is
    # written (save_settings), so the notice says so rather than 'using the defaults'.
    unknown = sorted(set(data) - {f.name for f in fields(Settings)})
    kept = M("unknown key(s) {keys}, kept in the file and not used", keys=", ".join(unknown)) if unknown else None
    if not problems:
        return settings, None if kept is None else M("{path}: {problem}", path=str(path), problem=kept)
    notice = M("{path}: {problems}; using the defaults for those", path=str(path), problems=join("; ", problems))
    return settings, notice if kept is None else M("{first}; {second}", first=notice, second=kept)


def _shown(value: object) -> str:
    """A value as the file wrote it, cut short (a file may hold a 100,000-character text)."""
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:39] + "…"


def keep_unreadable(path: Path | None = None) -> Path | None:
    """Before the Settings screen writes over a settings file that does not read (bad TOML, not
    UTF-8, too large: the program ran on defaults), the file is moved aside as
    settings.toml.unreadable (-2, -3... if taken) so a hand-edited file with one typo is not lost;
    its new name, or None when the file reads (or is not there)."""
    path = settings_path() if path is None else path
    if not path.is_file():
        return None
    try:
        read_toml_file(path, tomli.loads)
        return None
    except (OSError, UnicodeDecodeError, tomli.TOMLDecodeError, TomlLimit):
        pass
    for n in range(1, 100):
        kept = path.with_name(path.name + (".unreadable" if n == 1 else f".unreadable-{n}"))
        if not kept.exists():
            try:
                path.replace(kept)
            except OSError:
                return None
            return kept
    return None


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Writes the settings. A file that reads keeps what the program does not set (a key added
    by hand or by a newer version, and its comments where the file's own lines can be kept):
    only the known keys' values change."""
    path = settings_path() if path is None else path
    path.parent.mkdir(parents=True, exist_ok=True)
    values = {f.name: getattr(settings, f.name) for f in fields(Settings)}
    tmp = path.with_suffix(".toml.tmp")
    tmp.write_text(_updated_text(path, values), encoding="utf-8")
    tmp.replace(path)  # atomic: a crash mid-write never leaves a half file behind
    return path


def _updated_text(path: Path, values: dict[str, str | int | float | bool]) -> str:
    """The file's text with `values` set: its own lines with the known keys' lines rewritten when
    that reads back right, else every key and value written anew (comments lost, values kept);
    a file that is not there or does not read (moved aside first, `keep_unreadable`): `values`."""
    try:
        if not path.is_file():
            return dumps_toml(values)
        with open_file(path, text=True) as handle:
            old_text = handle.read()
        old = loads_bounded(old_text, tomli.loads)
    except (OSError, UnicodeDecodeError, tomli.TOMLDecodeError, TomlLimit):
        return dumps_toml(values)
    wanted = {**old, **values}
    text = _edited_lines(old_text, values)
    try:
        if text is not None and _same(tomli.loads(text), wanted):
            return text
    except tomli.TOMLDecodeError:
        pass
    kept = {k: v for k, v in old.items() if k not in values}
    text = dumps_toml(values) + "".join(f"{_toml_key(k)} = {_toml_any(v)}\n" for k, v in kept.items())
    try:
        if _same(tomli.loads(text), wanted):
            return text
    except tomli.TOMLDecodeError:
        pass
    return dumps_toml(values)  # (not reached for a file tomli read; never a file that does not read)


def _same(a: object, b: object) -> bool:
    """Equal as TOML values (nan equals nan, 1 is not 1.0 or true, key order aside)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and a != a:
        return b != b
    return a == b


# One scalar after the '=' and the comment after it, if any.
_TRAILING_COMMENT = re.compile(r"""\s*(?:"(?:[^"\\]|\\.)*"|'[^']*'|[^#\s"']+)\s*(#.*)?$""")
_TOP_KEY = re.compile(r'^\s*([A-Za-z0-9_-]+|"[A-Za-z0-9_-]+")\s*=')


def _edited_lines(text: str, values: dict[str, str | int | float | bool]) -> str | None:
    """`text` with the top-level line of each key of `values` rewritten (a key not there added
    after the last top-level key); None when a key is on more than one line."""
    lines = text.splitlines()
    top_end = next((i for i, line in enumerate(lines) if line.lstrip().startswith("[")), len(lines))
    seen: set[str] = set()
    last_key = -1
    for i in range(top_end):
        match = _TOP_KEY.match(lines[i])
        if not match:
            continue
        last_key = i
        key = match.group(1).strip('"')
        if key in values:
            if key in seen:
                return None
            seen.add(key)
            kept = _TRAILING_COMMENT.match(lines[i], match.end())  # 'pace = "slow"  # mine' keeps '# mine'
            lines[i] = f"{key} = {_toml_value(values[key])}" + (f"  {kept.group(1)}" if kept and kept.group(1) else "")
    missing = [f"{key} = {_toml_value(value)}" for key, value in values.items() if key not in seen]
    at = last_key + 1 if last_key >= 0 else top_end
    if missing and at == top_end and top_end < len(lines):
        missing.append("")  # a blank line before the first table
    lines[at:at] = missing
    return "\n".join(lines) + "\n"


def dumps_toml(values: dict[str, str | int | float | bool]) -> str:
    """A flat table of scalars as TOML (tomli only reads)."""
    lines = ["# Tiletop settings; edited by the Settings screen."]
    for key, value in values.items():
        lines.append(f"{key} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


def _toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _toml_value(key)


def _toml_any(value: object) -> str:
    """Any value tomli reads, written back (tables inline)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_key(k)} = {_toml_any(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_any(v) for v in value) + "]"
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        return "nan" if value != value else ("inf" if value > 0 else "-inf")
    if isinstance(value, (datetime.date, datetime.time)):  # (a datetime is a date)
        return value.isoformat()
    return _toml_value(value)


def _toml_value(value: str | int | float | bool) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    escaped = "".join(c if ord(c) >= 0x20 and c != "\x7f" else f"\\u{ord(c):04x}" for c in escaped)
    return f'"{escaped}"'
