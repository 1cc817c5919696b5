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
from game.engine.tomldata import TomlLimit, read_toml_file, toml_limit_message

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


def load_settings(path: Path | None = None, languages: list[str] | None = None) -> tuple[Settings, str | None]:
    """The settings and a message for the user when the file had a problem (else None)."""
    path = settings_path() if path is None else path
    if not path.exists():
        return Settings(), None
    try:
        data = read_toml_file(path, tomli.loads)
    except (OSError, UnicodeDecodeError) as exc:
        return Settings(), f"{path}: cannot read ({exc.__class__.__name__}); using defaults"
    except tomli.TOMLDecodeError as exc:
        return Settings(), f"{path}: not valid TOML ({exc}); using defaults"
    except TomlLimit as exc:
        return Settings(), f"{toml_limit_message(path, exc)}; using defaults"
    settings = Settings()
    problems: list[str] = []
    scale = data.get("ui_scale", settings.ui_scale)
    if isinstance(scale, (int, float)) and not isinstance(scale, bool) and 0.5 <= scale <= 3.0:
        settings = replace(settings, ui_scale=float(scale))
    else:
        problems.append(f"ui_scale {scale!r} is not a number from 0.5 to 3")
    lang = data.get("language", settings.language)
    if isinstance(lang, str) and (languages is None or lang in languages):
        settings = replace(settings, language=lang)
    else:
        problems.append(f"language {lang!r} is not one of {languages}")
    palette = data.get("palette", settings.palette)
    if palette in PALETTES:
        settings = replace(settings, palette=palette)
    else:
        problems.append(f"palette {palette!r} is not one of {list(PALETTES)}")
    pace = data.get("pace", settings.pace)
    if pace in PACES:
        settings = replace(settings, pace=pace)
    else:
        problems.append(f"pace {pace!r} is not one of {list(PACES)}")
    unknown = sorted(set(data) - {f.name for f in fields(Settings)})
    if unknown:
        problems.append(f"unknown key(s) {', '.join(unknown)}")
    message = f"{path}: {'; '.join(problems)}; using defaults for those" if problems else None
    return settings, message


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
