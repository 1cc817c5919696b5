"""`python -m game los ...` and `python -m game check-map ...` (dispatched by game/__main__.py).

Both are headless: they read maps with tmx.load_board and never touch pygame. Problems with a map
are printed one per line (`FILE: object NAME (id N): problem`), never as a traceback.
"""
from __future__ import annotations

import argparse
import sys
from typing import Sequence

from game.board.checks import check_board, fmt_segment, on_segment
from game.board.model import Board, Cell, MapError, Point, Segment
from game.board.tmx import load_board
from game.board.tmx_gate import exact_number
from game.engine.text import M

LOS_USAGE = """usage: python -m game los MAP FROM TO [--open DOOR]...

FROM and TO name places on the map:
  Gears (area maps): an area name, a cover spot name (the figure is in cover there, its arrow is
    the reference point, gears 3.5) or a point x,y in map pixels.
  Doom (grid maps): a square col,row (its centre is used, doom 3.7).
Doors start as the map has them; --open DOOR opens one (repeatable).
Prints `visible` and the witness line, or `blocked` and the blocking wall. Exit 0 either way,
1 if the map is broken, 2 on a usage error."""

CHECK_USAGE = """usage: python -m game check-map MAP [MAP...]

Validates Tiled maps against docs/MAPS.md: prints each problem with the object's name and id,
or `MAP: ok`. Exit 1 if any map has a problem, 0 otherwise, 2 on a usage error."""


class UsageError(Exception):
    pass


def _parser(prog: str, usage: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog, usage=usage, add_help=False)
    p.add_argument("-h", "--help", action="store_true")
    return p


def _parse(p: argparse.ArgumentParser, argv: Sequence[str]):
    # argparse reports errors by exiting; turn that into our usage message and code 2.
    p.error = lambda message: (_ for _ in ()).throw(UsageError(message))  # type: ignore[method-assign]
    return p.parse_args(list(argv))


# --- los --------------------------------------------------------------------------------------


def los_main(argv: Sequence[str]) -> int:
    p = _parser("python -m game los", LOS_USAGE)
    p.add_argument("map", nargs="?")
    p.add_argument("source", nargs="?")
    p.add_argument("target", nargs="?")
    p.add_argument("--open", action="append", default=[], metavar="DOOR")
    try:
        args = _parse(p, argv)
    except UsageError as exc:
        print(f"los: {exc}\n\n{LOS_USAGE}", file=sys.stderr)
        return 2
    if args.help:
        print(LOS_USAGE)
        return 0
    if not (args.map and args.source and args.target):
        print(LOS_USAGE, file=sys.stderr)
        return 2
    try:
        board = load_board(args.map)
    except MapError as exc:
        print(exc, file=sys.stderr)
        return 1
    unknown = [d for d in args.open if d not in {door.name for door in board.doors}]
    if unknown:
        print(f"los: {args.map} has no door named {unknown[0]!r}", file=sys.stderr)
        return 2
    closed = board.closed_door_names() - set(args.open)
    try:
        if board.grid is not None:
            lines = _grid_los(board, args.source, args.target, closed)
        else:
            lines = _area_los(board, args.source, args.target, closed)
    except UsageError as exc:
        print(f"los: {exc}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


def _parse_pair(text: str) -> tuple[str, str] | None:
    parts = text.split(",")
    if len(parts) != 2:
        return None
    return parts[0].strip(), parts[1].strip()


def _area_place(board: Board, text: str) -> tuple[str, str, object]:
    """('area', name, None) | ('cover', name, point) | ('point', label, point)."""
    if text in board.areas:
        return ("area", text, None)
    for spot in board.cover:
        if spot.name == text:
            return ("cover", text, spot.point)
    pair = _parse_pair(text)
    if pair is not None:
        try:
            pt = (exact_number(pair[0]), exact_number(pair[1]))  # '1/0' or '1e999999999' too
        except ValueError:
            pt = None
        if pt is not None:
            if board.area_at(pt) is None:
                raise UsageError(f"point {text} is outside every area of {board.source}")
            return ("point", text, pt)
    raise UsageError(f"{text!r} is not an area, a cover spot or a point x,y of {board.source}")


def _area_los(board: Board, a: str, b: str, closed: frozenset[str]) -> list[str]:
    from game.board.los import AreaSight

    pa, pb = _area_place(board, a), _area_place(board, b)
    area_a = pa[1] if pa[0] == "area" else board.area_at(pa[2])  # type: ignore[arg-type]
    area_b = pb[1] if pb[0] == "area" else board.area_at(pb[2])  # type: ignore[arg-type]
    if area_a == area_b:
        return ["visible", f"same area {area_a}: always in sight (gears 3.5)"]
    sight = AreaSight(board, board.blocking_segments(closed))
    if pa[0] == "area" and pb[0] == "area":
        result = sight.areas(pa[1], pb[1])
    elif pa[0] == "area":
        result = sight.point_area(pb[2], pa[1])  # type: ignore[arg-type]
        result = _flipped(result)
    elif pb[0] == "area":
        result = sight.point_area(pa[2], pb[1])  # type: ignore[arg-type]
    else:
        result = sight.points(pa[2], pb[2])  # type: ignore[arg-type]
    return _report(board, result, closed)


def _flipped(result):
    w = result.witness
    if w is None:
        return result
    return type(result)(result.visible, Segment(w.b, w.a), result.blocker)


def _cell(board: Board, text: str) -> Cell:
    pair = _parse_pair(text)
    try:
        cell = (int(pair[0]), int(pair[1])) if pair else None
    except ValueError:
        cell = None
    if cell is None:
        raise UsageError(f"{text!r} is not a square col,row (a grid map measures between squares)")
    assert board.grid is not None
    if cell not in board.grid.floor:
        raise UsageError(f"square {cell[0]},{cell[1]} is not floor on {board.source}")
    return cell


def _grid_los(board: Board, a: str, b: str, closed: frozenset[str]) -> list[str]:
    from game.board.gridlos import CELL, GridSight

    grid = board.grid
    assert grid is not None
    ca, cb = _cell(board, a), _cell(board, b)
    sight = GridSight(grid.cols, grid.rows, grid.wall_edges, (board.tile_width, board.tile_height))
    blocking = grid.blocking - {ca, cb}
    doors = board.closed_door_edges(closed)
    result = sight.visible(ca, cb, blocking=blocking, closed_doors=doors)
    if not result.visible:
        hit = sight.first_blocker(ca, cb, blocking, doors)
        if hit is not None and hit[0] == CELL:
            return ["blocked", f"by: {describe_square(board, (hit[1], hit[2]))}"]
    return _report(board, result, closed)


def describe_square(board: Board, cell: Cell) -> str:
    """A blocking square, named by the prop on it (obstacle, barrel) when there is one."""
    for m in board.markers:
        if m.properties.get("cell") == cell and m.kind in ("obstacle", "barrel"):
            return f"{m.kind} {m.name} (id {m.object_id}) on square {cell[0]},{cell[1]}"
    return f"square {cell[0]},{cell[1]}"


def _report(board: Board, result, closed: frozenset[str]) -> list[str]:
    if result.visible:
        if result.witness is None:
            return ["visible"]
        return ["visible", f"witness: {fmt_segment(result.witness)}"]
    if result.blocker is None:
        return ["blocked"]
    return ["blocked", f"by: {describe_blocker(board, result.blocker, closed)}"]


def describe_blocker(board: Board, s: Segment, closed: frozenset[str] = frozenset()) -> str:
    """Name the map object a blocking segment comes from (wall, door, map edge, square...)."""
    def within(seg: Segment, a: Point, b: Point) -> bool:
        return on_segment(seg.a, a, b) and on_segment(seg.b, a, b)

    for line in board.lines_of("wall"):
        for part in line.segments():
            if within(s, part.a, part.b):
                return f"wall {line.name or '<unnamed>'} (id {line.object_id}) {fmt_segment(s)}"
    for door in board.doors:
        for part in door.segments():
            if within(s, part.a, part.b):
                state = "closed " if door.name in closed else ""
                return f"{state}door {door.name} (id {door.object_id}) {fmt_segment(s)}"
    if board.grid is not None:
        return f"wall edge {fmt_segment(s)} (edge of the floor)"
    return f"map edge {fmt_segment(s)}"


# --- check-map ----------------------------------------------------------------------------------


def check_map_main(argv: Sequence[str]) -> int:
    p = _parser("python -m game check-map", CHECK_USAGE)
    p.add_argument("maps", nargs="*")
    try:
        args = _parse(p, argv)
    except UsageError as exc:
        print(f"check-map: {exc}\n\n{CHECK_USAGE}", file=sys.stderr)
        return 2
    if args.help:
        print(CHECK_USAGE)
        return 0
    if not args.maps:
        print(CHECK_USAGE, file=sys.stderr)
        return 2
    failed = False
    for path in args.maps:
        problems = check_map(path)
        if problems:
            failed = True
            print("\n".join(problems))
        else:
            print(str(M("{path}: ok", path=path)))
    return 1 if failed else 0


def check_map(path: str) -> list[str]:
    """Every problem of one map file as printable lines ([] when it is fine)."""
    try:
        board = load_board(path)
    except MapError as exc:
        return list(exc.problems)
    return list(board.art_problems) + [str(problem) for problem in check_board(board)]
