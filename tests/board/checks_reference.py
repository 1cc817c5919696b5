"""check-map's area checks as they were before their integer rewrite (game/board/checks.py,
commit 91c3053): polygon_problem, polygons_overlap per pair, line keys, collinear overlaps,
connector coverage and the connector loop all on Fractions. Kept verbatim as the reference that
tests/board/test_checks_fast.py compares the product with; not collected by pytest.
"""
from __future__ import annotations

from game.board.checks import (
    Problem,
    _collinear_overlap,
    _covered_by,
    _touches,
    _what,
    bbox,
    edges,
    fmt_point,
    fmt_segment,
    kind_word,
    line_key,
    on_segment,
    orient,
    point_in_area,
    polygons_overlap,
    segments_intersect,
    signed_area2,
)
from typing import Sequence

from game.board.model import Board, Point


def polygon_problem(poly: Sequence[Point]) -> str | None:
    """Why poly is not a usable area polygon, or None: fewer than 3 vertices, a repeated vertex,
    zero area, or a self-intersection (two edges meeting anywhere but at their shared vertex)."""
    n = len(poly)
    if n < 3:
        return f"polygon has {n} point(s), needs at least 3"
    if len(set(poly)) != n:
        return "polygon repeats a vertex"
    if signed_area2(poly) == 0:
        return "polygon has zero area"
    es = edges(poly)
    for i in range(n):
        for j in range(i + 1, n):
            a, b = es[i]
            c, d = es[j]
            if j == i + 1 or (i == 0 and j == n - 1):
                # Neighbouring edges share one vertex; they may not fold back over each other.
                shared = b if j == i + 1 else a
                other_i = a if j == i + 1 else b
                other_j = d if j == i + 1 else c
                if orient(other_i, shared, other_j) == 0 and (
                    on_segment(other_j, other_i, shared) or on_segment(other_i, shared, other_j)
                ):
                    return f"polygon folds back on itself at {fmt_point(shared)}"
                continue
            if segments_intersect(a, b, c, d):
                return f"polygon is self-intersecting (edges {fmt_point(a)}-{fmt_point(b)} and {fmt_point(c)}-{fmt_point(d)})"
    return None


def _check_areas(board: Board) -> list[Problem]:
    from game.board.distance import distances_from

    out: list[Problem] = []

    def add(name: str, oid: int, message: str) -> None:
        out.append(Problem(board.source, _what(name, oid), message))

    def add_map(message: str) -> None:
        out.append(Problem(board.source, "map", message))

    areas = list(board.areas.values())
    if not areas:
        add_map("has no areas")
        return out
    boxes = [bbox(a.polygon) for a in areas]
    for i, a in enumerate(areas):
        problem = polygon_problem(a.polygon)
        if problem:
            add(a.name, a.object_id, problem)
        ax0, ay0, ax1, ay1 = boxes[i]
        for j in range(i + 1, len(areas)):
            # Every pair, pieces too: a saved composed map may have been edited in Tiled. Boxes
            # that do not overlap with positive area cannot hold overlapping polygons.
            bx0, by0, bx1, by1 = boxes[j]
            if bx0 >= ax1 or ax0 >= bx1 or by0 >= ay1 or ay0 >= by1:
                continue
            b = areas[j]
            if polygons_overlap(a.polygon, b.polygon):
                add(b.name, b.object_id, f"overlaps area {a.name} (id {a.object_id})")
    for spot in board.cover:
        area = board.areas.get(spot.area)
        if area is None or point_in_area(spot.point, area.polygon) != 1:
            add(spot.name, spot.object_id, f"cover point {fmt_point(spot.point)} is not inside its area {spot.area!r}")
    for m in board.markers:
        area = board.areas.get(m.area or "")
        if area is None or point_in_area(m.point, area.polygon) != 1:
            add(m.name, m.object_id, f"{kind_word(m.kind)} point {fmt_point(m.point)} is not inside its area {m.area!r}")

    # Borders and level lines must run along the boundary between two areas, or they join
    # nothing (a line drawn a few pixels off is the usual authoring slip).
    by_line: dict[tuple, list[tuple[str, Point, Point]]] = {}
    for a in areas:
        for p, q in edges(a.polygon):
            by_line.setdefault(line_key(p, q), []).append((a.name, p, q))
    for line in board.lines:
        if line.kind == "wall":
            continue
        for s in line.segments():
            group = by_line.get(line_key(s.a, s.b), []) if s.a != s.b else []
            touched = {name for name, p, q in group if _collinear_overlap(s.a, s.b, p, q)}
            if len(touched) < 2:
                add(line.name, line.object_id, f"{line.kind.replace('_', ' ')} segment {fmt_segment(s)} does not run between two areas")
                break
    walls = board.wall_segments()
    for line in board.lines_of("border"):
        for s in line.segments():
            hit = next((w for w in walls if _collinear_overlap(s.a, s.b, w.a, w.b)), None)
            if hit is not None:
                add(line.name, line.object_id, f"border runs along a wall at {fmt_segment(hit)}; a stretch is one or the other")
                break

    outline = board.outline_segments()
    for c in board.connectors:
        if not _covered_by(c.segment, outline) and not any(c in pair for pair in board.joined_connectors()):
            add(c.name, c.object_id, f"{c.kind} {fmt_segment(c.segment)} is not on the edge of the map")
    joined = {id(c) for pair in board.joined_connectors() for c in pair}
    for piece in board.pieces():
        label = f"piece {piece}" if piece else "tile"
        entrances = [c for c in board.connectors if c.kind == "entrance" and c.piece == piece]
        exits = [c for c in board.connectors if c.kind == "exit" and c.piece == piece]
        if len(entrances) != 1:
            add_map(f"{label} has {len(entrances)} entrances; a Gears tile has exactly one (gears 3.1)")
        if not exits:
            add_map(f"{label} has no exit (gears 3.1)")
        if not any(m.kind == "emergence" and m.piece == piece for m in board.markers):
            add_map(f"{label} has no emergence hole (gears 3.1: every tile has at least one)")
        for e in entrances + exits:
            if id(e) in joined:
                continue
            if not any(_touches(a.polygon, e.segment) for a in areas if a.piece == piece):
                add(e.name, e.object_id, f"{e.kind} touches no area of its tile")

    start_conn = next((c for c in board.connectors if c.kind == "entrance"), None)
    start = next((a.name for a in areas if start_conn and _touches(a.polygon, start_conn.segment)), areas[0].name)
    reached = distances_from(board, start, "movement", closed_doors=())
    for a in areas:
        if a.name not in reached:
            add(a.name, a.object_id, f"cannot be reached by movement from area {start} (no cracked border leads in)")
    return out
