"""game/doom/rules/board.py on maps/doom/p1_knee_deep.tmx (spec doom.md 3.1-3.8, 9.3)."""
from __future__ import annotations

import pytest

from game.doom.content import shared_content
from game.doom.rules.board import footprint, load_map

NONE: frozenset[str] = frozenset()


@pytest.fixture(scope="module")
def p1():
    return load_map("maps/doom/p1_knee_deep.tmx", shared_content())


def closed_all(m):
    return frozenset(m.doors)


def test_p1_areas_doors_and_keys(p1):
    """Spec 9.3: nine areas, six doors, D5 red and D6 blue security doors, A1 the start zone."""
    assert sorted(p1.areas) == [f"A{i}" for i in range(1, 10)]
    assert p1.start_zones == ["A1"]
    assert len(p1.areas["A1"]) == 36 and len(p1.areas["A2"]) == 20
    assert {n: (d.security, d.key) for n, d in p1.doors.items()} == {
        "D1": (False, None), "D2": (False, None), "D3": (False, None), "D4": (False, None),
        "D5": (True, "red"), "D6": (True, "blue")}


def test_door_flanking_squares(p1):
    """Spec 3.2 proposal: 2 unit edges, 2 flanking squares on each side."""
    d1 = p1.doors["D1"]
    assert d1.sides == (frozenset({(5, 8), (5, 9)}), frozenset({(6, 8), (6, 9)}))
    d2 = p1.doors["D2"]
    assert d2.sides == (frozenset({(18, 3), (19, 3)}), frozenset({(18, 4), (19, 4)}))


def test_closed_door_blocks_movement_and_sight(p1):
    """Spec 3.2: a closed door blocks all movement and line of sight."""
    closed = closed_all(p1)
    assert not p1.step_ok((5, 8), (6, 8), closed)
    assert p1.step_ok((5, 8), (6, 8), NONE)
    assert not p1.visible((1, 8), (12, 8), (), closed)
    assert p1.visible((1, 8), (12, 8), (), NONE)


def test_walls_between_areas(p1):
    """Spec 9.3: A3's top edge at x 16-17 is a wall, the connector C1 (A2-A3) is open."""
    assert not p1.step_ok((16, 4), (16, 3), NONE)
    assert p1.step_ok((15, 8), (16, 8), NONE)
    assert not p1.step_ok((5, 7), (6, 7), NONE)  # outside the door: the room's wall


def test_diagonal_around_a_convex_corner_but_not_through_a_joint(p1):
    """Spec 3.6 proposal: a diagonal step may cut a convex wall corner (walls on one side only)."""
    # A2's corner at (6, 8): from the lounge side of the open door diagonally into the corridor
    assert p1.step_ok((5, 7), (6, 8), NONE)
    # wall joint: D2 line y=4 at x 17|18 (wall x 16-17, door 18-19 closed): (17,4)->(18,3) blocked
    assert not p1.step_ok((17, 4), (18, 3), closed_all(p1))


def test_figures_block_sight(p1):
    """Spec 3.7: other creatures block LOS; the viewer's and target's squares do not."""
    assert p1.visible((6, 8), (14, 8), (), NONE)
    assert not p1.visible((6, 8), (14, 8), {(10, 8)}, NONE)
    assert p1.visible((6, 8), (14, 8), {(6, 8), (14, 8)}, NONE)


def test_large_figure_seen_from_any_square(p1):
    """Spec 3.4: a large figure is visible if any of its squares' centres can be seen."""
    mancubus = footprint("large", (20, 16))
    assert mancubus == ((20, 16), (21, 16), (20, 17), (21, 17))
    # an obstacle row at y 17 in front of the lower squares still leaves the upper ones
    assert p1.sees([(14, 16)], mancubus, {(19, 17)}, NONE)


def test_indirect_distance_follows_the_path(p1):
    """Spec 3.8: indirect fire counts the shortest king-move path around walls."""
    d = p1.path_distances((17, 8), NONE)
    assert d[(12, 8)] == 5
    assert d[(18, 3)] == 5  # through the open door D2, not through the wall
    assert (18, 3) not in p1.path_distances((17, 8), frozenset({"D2"}))  # A4's only way in is D2


def test_scenario_figures_and_props(p1):
    """Spec 9.3 contents table: the A6 mancubus [1+] and the blue key in A4."""
    figs = {f.name: f for f in p1.figures}
    assert figs["mancubus_A6"].cells == footprint("large", (20, 16)) and figs["mancubus_A6"].min_marines == 1
    assert figs["zombie_A3"].min_marines == 3 and figs["zombie_A3"].area == "A3"
    keys = [(p.variant, p.cell, p.area) for p in p1.props if p.kind == "key"]
    assert sorted(keys) == [("blue", (10, 2), "A4"), ("red", (22, 19), "A6")]
    assert sum(1 for p in p1.props if p.kind == "hazard") == 4


def test_p1_passes_check_map():
    """Task 4: the scenario map follows docs/MAPS.md (python -m game check-map)."""
    from game.board.commands import check_map

    assert check_map("maps/doom/p1_knee_deep.tmx") == []


def test_generator_writes_the_shipped_map(tmp_path, monkeypatch):
    """tools/make_doom_maps.py is the source of the scenario maps and the builder's pieces:
    regenerating gives the same files."""
    import importlib.util
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "tools"))
    try:
        spec = importlib.util.spec_from_file_location("make_doom_maps", root / "tools" / "make_doom_maps.py")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        monkeypatch.setattr(mod, "MAPS", tmp_path)
        mod.p1()
        mod.p2()
        mod.pieces()
    finally:
        sys.path.remove(str(root / "tools"))
    for name in ("p1_knee_deep.tmx", "p2_reactor.tmx"):
        assert (tmp_path / "doom" / name).read_text() == (root / "maps" / "doom" / name).read_text()
    pieces = sorted(p.name for p in (root / "maps" / "doom" / "pieces").glob("*.tmx"))
    assert pieces == sorted(p.name for p in (tmp_path / "doom" / "pieces").glob("*.tmx"))
    for name in pieces:
        shipped = (root / "maps" / "doom" / "pieces" / name).read_text()
        assert (tmp_path / "doom" / "pieces" / name).read_text() == shipped


def test_the_sight_line_shown_is_the_sight_the_rules_decide():
    """Spec 3.7 (one function decides): the line a screen draws, or its blocker, comes from the
    same test as `sees`; over many marine-to-square pairs on P1 with invaders and closed doors
    they agree, a visible answer carries the centre line and a blocked one its blocker."""
    import random

    from game.doom.rules import queries as Q
    from game.doom.rules.state import Invader
    from tests.doom.conftest import fresh

    state = fresh(marines=1)
    rng = random.Random(5)
    floor = sorted(state.map.floor)
    for i, cell in enumerate(rng.sample(floor, 12)):
        if cell not in state.figure_cells():
            state.invaders[f"imp#{i}"] = Invader(f"imp#{i}", "imp", [cell])
    red = state.marines["red"]
    seen_both = set()
    for _ in range(300):
        red.cell = rng.choice([c for c in floor if c not in state.figure_cells()])
        target = rng.choice(floor)
        fig = state.figure_cells().get(target)
        line = Q.sight_line(state, "red", target, fig)
        assert line.visible == Q.sees(state, "red", target, fig)
        assert (line.witness is not None) == line.visible and (line.blocker is not None) == (not line.visible)
        seen_both.add(line.visible)
    assert seen_both == {True, False}


def test_step_tables_with_closed_doors_are_the_walls_test_of_every_square():
    """Spec 3.6 (and 3.2: a closed door is a wall): the step table of a set of closed doors, made
    from the walls-only table by redoing the squares at the doors, is the wall test of every step."""
    import random

    from game.board.distance import KING_STEPS, step_allowed
    from game.doom.content import shared_content
    from game.doom.rules.board import load_map

    c = shared_content()
    for name, sc in c.scenarios.items():
        m = load_map(sc.map, c)
        rng = random.Random(name)
        for _ in range(12):
            closed = frozenset(rng.sample(sorted(m.doors), rng.randint(0, len(m.doors))))
            walls = m.walls | m.door_edges(closed)
            want = {a: tuple(n for n in ((a[0] + dx, a[1] + dy) for dx, dy in KING_STEPS)
                             if n in m.floor and step_allowed(walls, a, n)) for a in m.floor}
            assert m.steps(closed) == want, (name, sorted(closed))
