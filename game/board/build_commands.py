"""`python -m game build-map SCRIPT.toml --out MAP.tmx`: the builder without a window.

The script lists placements; each goes through the same Builder model the builder scene uses
(snapping included), then the map is validated, saved and checked like check-map does.

    title = "gears"            # gears or doom
    name = "Two plazas"        # the map's name (optional)
    size = "small"             # gears only: small, medium or large (optional)
    flavour = "..."            # optional
    doors = ["1A_2:exit"]      # door tokens on exits (gears), or
    doors_on_open_exits = true # a door token on every exit left open

    [[piece]]
    piece = "1A"               # the piece's key (tile face or file stem) or its .tmx file
    face = "A"                 # optional, gears: with piece = "1" picks the face
    x = 0                      # top-left in map pixels, or cell = [col, row]
    y = 0
    rotation = 0               # 0, 90, 180, 270 (clockwise)
    flip_h = false
    flip_v = false
    snap = true                # snap onto the nearest free connector / the grid (default)
    name = "start"             # optional placement name (default: the key, then KEY_2...)

    [[item]]                   # doom: a door, prop, figure, the start zone or the objective
    kind = "door"              # door, prop, figure, start, objective (game/board/build_items.py)
    cell = [4, 2]              # its square (a door: the grid vertex at its middle), builder squares
    value = "ordinary"         # door: ordinary or security:red; prop: barrel, key:red...; figure: imp
    vertical = true            # a door running north-south
    min_marines = 2            # a figure: present with this many marines or more (spec 9.2)

Exit status: 0 when the map is saved and has no problems, 1 when it was saved with problems
(listed) or cannot be built, 2 on a usage error or a bad script.
"""
from __future__ import annotations

import argparse
import sys
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Iterator, Sequence

from game.board.builder import SIZES, Builder, BuildError, MapMeta, PieceLibrary
from game.engine.text import M, Mn
from game.engine.tomldata import TomlLimit, read_toml_file, toml_problem
from game.i18n import _

USAGE = """usage: python -m game build-map SCRIPT.toml --out MAP.tmx [--maps DIR]

Places the map pieces the script lists (see docs/BUILDER.md), validates the map, saves it as
one Tiled map and runs check-map on it. Exit 0 if it is fine, 1 if it has problems, 2 on a
usage error or a broken script."""

PIECE_KEYS = {"piece", "face", "x", "y", "cell", "rotation", "flip_h", "flip_v", "snap", "name"}
TOP_KEYS = {"title", "name", "size", "flavour", "doors", "doors_on_open_exits", "piece", "item", "frag_target"}
ITEM_KEYS = {"kind", "cell", "value", "vertical", "min_marines"}
ROOT = Path(__file__).resolve().parents[2]


class ScriptError(Exception):
    """A build script that cannot be used; the message names the file and the problem."""


def _at(where, message) -> str:
    """'FILE: problem' (or 'FILE: piece #2: problem') in the reader's language."""
    return f"{where}: {message}"


def build_map_main(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m game build-map", usage=USAGE, add_help=False)
    p.add_argument("script", nargs="?")
    p.add_argument("--out")
    p.add_argument("--maps", default=str(ROOT / "maps"))
    p.add_argument("-h", "--help", action="store_true")
    try:
        args, extra = p.parse_known_args(list(argv))
    except SystemExit:
        return 2
    if args.help:
        print(USAGE)
        return 0
    if extra or not args.script or not args.out:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        builder = run_script(Path(args.script), Path(args.maps))
    except ScriptError as exc:
        print(exc, file=sys.stderr)
        return 2
    return save_and_report(builder, Path(args.out))


def save_and_report(builder: Builder, out: Path) -> int:
    from game.board.commands import check_map
    from game.board.tmx_write import save_build

    validation = builder.validate()
    for issue in validation.issues:
        severity = _("error") if issue.severity == "error" else _("warning")
        print(f"{out}: {severity}: {issue.message}")
    try:
        notes = save_build(builder, out)
    except (BuildError, OSError) as exc:
        print(str(M("{path}: not saved: {why}", path=out, why=str(exc))), file=sys.stderr)
        return 1
    for line in notes:
        print(line)
    problems = check_map(str(out))
    for line in problems:
        print(line)
    if problems or validation.errors:
        print(str(M("{path}: saved with problems", path=out)))
        return 1
    print(str(Mn("{path}: saved, ok ({n} piece)", "{path}: saved, ok ({n} pieces)", len(builder.state.placements), path=out)))
    return 0


def load_script(path: Path) -> dict:
    try:
        return read_toml_file(path)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, TomlLimit) as exc:
        raise ScriptError(str(toml_problem(path, exc))) from None


def run_script(path: Path, maps_dir: Path, library: PieceLibrary | None = None) -> Builder:
    """The builder after applying every placement of a script (ScriptError names what is wrong)."""
    data = load_script(path)
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ScriptError(_at(path, M("unknown key {key} (known: {known})", key=repr(sorted(unknown)[0]), known=", ".join(sorted(TOP_KEYS)))))
    title = data.get("title")
    if title not in ("gears", "doom"):
        raise ScriptError(_at(path, M("title must be \"gears\" or \"doom\", not {title}", title=repr(title))))
    if library is None:
        library, problems = PieceLibrary.for_title(title, maps_dir)
        for line in problems:
            print(line, file=sys.stderr)
    builder = Builder(library, title)
    frags = data.get("frag_target", 0)
    if not isinstance(frags, int) or isinstance(frags, bool) or frags < 0:
        raise ScriptError(_at(path, M("frag_target must be a whole number of at least 1")))
    meta = MapMeta(str(data.get("name", path.stem.replace("_", " "))), str(data.get("size", "small")),
                   str(data.get("flavour", "")), frags)
    if meta.size not in SIZES:
        raise ScriptError(_at(path, M("size must be one of {sizes}, not {size}", sizes=", ".join(SIZES), size=repr(meta.size))))
    pieces = data.get("piece", [])
    if not isinstance(pieces, list) or not pieces:
        raise ScriptError(_at(path, M("no [[piece]] entries")))
    for where, entry in _tables(path, "piece", pieces, PIECE_KEYS):
        try:
            _place(builder, entry, library)
        except BuildError as exc:
            raise ScriptError(f"{where}: {exc}") from None
        except (TypeError, ValueError) as exc:
            raise ScriptError(f"{where}: {exc}") from None
    builder.set_meta(meta)
    doors = data.get("doors", [])
    if not isinstance(doors, list) or not all(isinstance(d, str) for d in doors):
        raise ScriptError(_at(path, M("doors must be a list of exit names like \"1A:exit\"")))
    try:
        for d in doors:
            builder.toggle_door(d)
    except BuildError as exc:
        raise ScriptError(f"{path}: {exc}") from None
    if data.get("doors_on_open_exits"):
        for c in builder.connectors_free(builder.state.placements):
            if c.kind == "exit" and c.name not in builder.state.doors:
                builder.toggle_door(c.name)
    items = data.get("item", [])
    if not isinstance(items, list):
        raise ScriptError(_at(path, M("item must be a list of [[item]] tables")))
    for where, entry in _tables(path, "item", items, ITEM_KEYS):
        cell = entry.get("cell")
        if not (isinstance(cell, list) and len(cell) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
            raise ScriptError(_at(where, M("needs cell = [col, row]")))
        try:
            builder.place_item(str(entry.get("kind", "")), (cell[0], cell[1]), str(entry.get("value", "")),
                               bool(entry.get("vertical", False)), int(entry.get("min_marines", 1)))
        except BuildError as exc:
            raise ScriptError(f"{where}: {exc}") from None
    return builder


def _tables(path, name: str, entries: list, keys) -> Iterator[tuple[str, dict]]:
    """Each [[name]] table of a script with where it is ("FILE: piece #2"); ScriptError for an
    entry that is not a table or has a key not in `keys`."""
    for i, entry in enumerate(entries, 1):
        where = str(M("{path}: {table} #{n}", path=path, table=name, n=i))
        if not isinstance(entry, dict):
            raise ScriptError(_at(where, M("must be a table")))
        bad = set(entry) - keys
        if bad:
            raise ScriptError(_at(where, M("unknown key {key} (known: {known})", key=repr(sorted(bad)[0]), known=", ".join(sorted(keys)))))
        yield where, entry


def _place(builder: Builder, entry: dict, library: PieceLibrary) -> str:
    key = str(entry.get("piece", ""))
    if not key:
        raise BuildError(_("needs piece = \"KEY\""))
    if "face" in entry:
        key = f"{key}{entry['face']}" if f"{key}{entry['face']}" in library else key
    info = library.find(key)
    if "cell" in entry:
        col, row = entry["cell"]
        x, y = Fraction(int(col) * info.board.tile_width), Fraction(int(row) * info.board.tile_height)
    else:
        x, y = Fraction(str(entry.get("x", 0))), Fraction(str(entry.get("y", 0)))
    for flag in ("flip_h", "flip_v", "snap"):
        if flag in entry and not isinstance(entry[flag], bool):
            raise BuildError(str(M("{flag} must be true or false", flag=flag)))
    rotation = entry.get("rotation", 0)
    if not isinstance(rotation, int):
        raise BuildError(_("rotation must be 0, 90, 180 or 270"))
    return builder.add(info.key, x, y, rotation, entry.get("flip_h", False), entry.get("flip_v", False),
                       snap=entry.get("snap", True), name=entry.get("name"))
