"""`python -m game COMMAND ...`: one entry point, each command in the module that owns it.

Commands are imported lazily, so a command loads only the modules it needs. (pytmx itself
imports pygame when it is installed, for a type hint; our headless modules never do.)
Each target is a function taking the remaining argv and returning an exit code. A file that
is wrong (any game.engine.errors.InputError: map, save, content, mission) ends a command with
`error: <message>` on stderr and exit status 1, never a traceback.

The commands speak the language of the settings file the table reads (game/ui/settings.py,
$TILETOP_CONFIG_DIR or $XDG_CONFIG_HOME/tiletop/settings.toml): a Hungarian user's check-map
and build-map answer in Hungarian; without a settings file (or with a broken one) English.
`play` sets it itself, as the window opens; `simulate` stays in English (its JSON lines are
data to compare between machines, not words for the reader).
"""
from __future__ import annotations

import importlib
import sys

COMMANDS: dict[str, tuple[str, str, str]] = {
    "play": ("game.ui.commands", "play_main", "open the table (the default command)"),
    "screenshot": ("game.ui.commands", "screenshot_main", "render a map headless to a PNG"),
    "los": ("game.board.commands", "los_main", "line of sight between two places on a map"),
    "check-map": ("game.board.commands", "check_map_main", "validate a Tiled map"),
    "simulate": ("game.simulate", "simulate_main", "play whole games with bots and print results as JSON"),
    "tutorial": ("game.tutorial.commands", "tutorial_main", "run or check the rules lessons"),
    "build-map": ("game.board.build_commands", "build_map_main", "compose map pieces from a TOML script into a .tmx"),
}


def usage() -> str:
    lines = ["usage: python -m game COMMAND [ARGS]", "", "commands:"]
    lines += [f"  {name:<12} {help_}" for name, (_, _, help_) in COMMANDS.items()]
    return "\n".join(lines)


def use_settings_language() -> str:
    """Set the language the settings file names (English when there is none); returns it.
    A broken settings file is the table's to report: here it only means English."""
    from game import i18n
    from game.ui.settings import load_settings  # no pygame there

    try:
        settings, _notice = load_settings(languages=i18n.available_languages())
    except Exception:  # noqa: BLE001 - settings are never worth a failed command
        return i18n.set_language(i18n.DEFAULT_LANGUAGE)
    return i18n.set_language(settings.language)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        args = ["play"]
    if args[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    name, rest = args[0], args[1:]
    if name not in COMMANDS:
        print(f"unknown command {name!r}\n\n{usage()}", file=sys.stderr)
        return 2
    module_name, func_name, _ = COMMANDS[name]
    from game.engine.runtime import tune_gc

    tune_gc()
    if name not in ("play", "simulate"):
        use_settings_language()
    from game.engine.errors import InputError

    try:
        func = getattr(importlib.import_module(module_name), func_name)
        return int(func(rest) or 0)
    except InputError as exc:  # a broken map, save, content or mission file: its message, no traceback
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
