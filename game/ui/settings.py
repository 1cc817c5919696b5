"""Per-user settings (UI scale, language, palette, the bots' and AI's pace) kept in a small TOML file.

The file is ~/.config/tiletop/settings.toml ($XDG_CONFIG_HOME respected); TILETOP_CONFIG_DIR
overrides the folder (tests point it at a tmp dir). A missing file means defaults. A broken file
means defaults plus one message naming the file and the problem, shown by the menu: settings are
never worth a crash. No pygame here.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from pathlib import Path

import tomli

from game.engine.runtime import config_dir
from game.engine.text import M, Msg, join
from game.engine.tomldata import TomlLimit, read_toml_file, toml_problem

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
    unknown = sorted(set(data) - {f.name for f in fields(Settings)})
    if unknown:
        problems.append(M("unknown key(s) {keys}", keys=", ".join(unknown)))
    if not problems:
        return settings, None
    return settings, M("{path}: {problems}; using the defaults for those", path=str(path), problems=join("; ", problems))


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
    path = settings_path() if path is None else path
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".toml.tmp")
    tmp.write_text(dumps_toml({f.name: getattr(settings, f.name) for f in fields(Settings)}), encoding="utf-8")
    tmp.replace(path)  # atomic: a crash mid-write never leaves a half file behind
    return path


def dumps_toml(values: dict[str, str | int | float | bool]) -> str:
    """A flat table of scalars as TOML (tomli only reads)."""
    lines = ["# Tiletop settings; edited by the Settings screen."]
    for key, value in values.items():
        lines.append(f"{key} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


def _toml_value(value: str | int | float | bool) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    escaped = "".join(c if ord(c) >= 0x20 and c != "\x7f" else f"\\u{ord(c):04x}" for c in escaped)
    return f'"{escaped}"'
