"""Questions about the board with the live state: who blocks what, where a figure may move, what
it may attack (spec doom.md 3.5-3.9, 6.4, 6.5, 6.8). Pure functions of the state; nothing
changes here."""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Iterable

from game.doom.content import Abilities
from game.doom.rules.state import BLOCKING, INVADER, Cell, DoomState, Marine


def side_of(state: DoomState, fig: str) -> str:
    return "marines" if fig in state.marines else INVADER


def cells_of(state: DoomState, fig: str) -> list[Cell]:
    if fig in state.marines:
        c = state.marines[fig].cell
        return [] if c is None else [c]
    inv = state.invaders.get(fig)
    return list(inv.cells) if inv else []


def all_blocking(state: DoomState) -> set[Cell]:
    """Squares that block LOS (spec 3.7): every figure, obstacle and barrel."""
    return set(state.figure_cells()) | state.blocking_markers()


def revealed_cells(state: DoomState) -> frozenset[Cell]:
    return state.map.cells_of_areas(tuple(state.revealed))


def marine_sight(state: DoomState, invaders_block: bool = True) -> set[Cell]:
    """Every square some marine on the board sees (spec 8.2: for spawning, invaders never block)."""
    m = state.map
    # A marine's own square never blocks its lines (gridlos), so one set serves every marine.
    block = state.blocking_markers() | {x.cell for x in state.marines.values() if x.cell is not None}
    if invaders_block:
        block |= {c for inv in state.invaders.values() for c in inv.cells}
    block = frozenset(block)
    closed, strict = state.closed_set, state.option("strict_corners")
    seen: set[Cell] = set()
    for mar in state.marines.values():
        if mar.cell is not None:
            seen |= m.visible_from(mar.cell, block, closed, strict)
    return seen


def areas_seen(state: DoomState, areas: Iterable[str]) -> list[str]:
    """Those of `areas` with a square in marine_sight(state) (spec 3.10), in their order: for each
    marine only the areas walls and doors let it see into (`areas_in_view`), then its sight."""
    m = state.map
    closed, strict = state.closed_set, state.option("strict_corners")
    areas = list(areas)
    block: frozenset[Cell] | None = None
    seen: set[str] = set()
    for mar in state.marines.values():
        if mar.cell is None:
            continue
        could = m.areas_in_view(mar.cell, closed, strict)
        for a in areas:
            if a in could and a not in seen:
                if block is None:
                    block = frozenset(all_blocking(state))
                if m.sees_area(mar.cell, a, block, closed, strict):
                    seen.add(a)
    return [a for a in areas if a in seen]


def sees(state: DoomState, viewer: str, target_cell: Cell, target_fig: str | None = None,
         blocking: frozenset[Cell] | None = None) -> bool:
    """Spec 3.7 from any square of `viewer` to `target_cell` (the target figure's squares never
    block). `blocking`: all_blocking(state) when the caller has it at hand."""
    own = cells_of(state, viewer)
    block = frozenset(all_blocking(state)) if blocking is None else blocking
    # The viewer's and the target's other squares never block; the two end squares of a line
    # never do anyway (gridlos), so a one-square viewer and target leave the set as it is.
    drop = set(own).union(cells_of(state, target_fig) if target_fig else ())
    drop.discard(target_cell)
    if len(own) == 1:
        drop.discard(own[0])
    if drop:
        block = block - drop
    return state.map.sees(own, (target_cell,), block, state.closed_set, state.option("strict_corners"))


def sight_line(state: DoomState, viewer: str, target_cell: Cell, target_fig: str | None = None):
    """What `sees` decides, with its witness for a screen: the LosResult of the first square of
    `viewer` that sees `target_cell` (its centre line), or, when none does, of its first square
    (the blocker in the way)."""
    own = cells_of(state, viewer)
    block = all_blocking(state) - set(own) - set(cells_of(state, target_fig) if target_fig else ()) - {target_cell}
    results = [state.map.sight_line(a, target_cell, block, state.closed_set, state.option("strict_corners"))
               for a in own]
    return next((r for r in results if r.visible), results[0] if results else None)


# --- movement --------------------------------------------------------------------------------


def figure_moves(state: DoomState, fig: str, cells: tuple[Cell, ...], ctx: "_MoveCtx | None" = None) -> list[tuple[Cell, ...]]:
    """The footprints one step (1 MP) away for a figure standing on `cells` (spec 3.6)."""
    mc = ctx or _MoveCtx(state, fig)
    board, blocked = mc.board, mc.blocked
    if len(cells) == 1:
        c = cells[0]
        out = [(n,) for n in mc.steps.get(c, ()) if n in board and n not in blocked]
        if mc.no_squeeze:  # spec 11 item 13's option: not between two diagonal blockers
            out = [(n,) for (n,) in out if n[0] == c[0] or n[1] == c[1]
                   or not ((n[0], c[1]) in blocked and (c[0], n[1]) in blocked)]
        return out
    # A demon's snake steps and diagonal sidesteps (seed p. 11), a large figure's king steps:
    # the map lists those the walls and doors allow; the squares entered must be free here.
    return [new for new, enter in mc.map.footprint_moves(cells, mc.closed, mc.perpendicular)
            if all(n in board and n not in blocked for n in enter)]


def can_step(state: DoomState, fig: str, cells: tuple[Cell, ...], new: tuple[Cell, ...]) -> bool:
    """Whether `new` is among figure_moves(state, fig, cells), asking only about the squares the
    step enters (a move checks every step as it goes, spec 3.6)."""
    m = state.map
    closed = state.closed_set
    if len(cells) == 1:
        if len(new) != 1 or new[0] not in m.steps(closed).get(cells[0], ()):
            return False
        enter = new
    else:
        enter = next((e for n, e in m.footprint_moves(cells, closed, state.option("demon_sidestep") ==
                                                      "also_perpendicular") if n == new), None)
        if enter is None:
            return False
    board = revealed_cells(state)
    figures = state.figure_cells()
    marines = state.marines
    mine = fig in marines
    blocking = {mk.cell for mk in state.markers if mk.kind in BLOCKING}

    def blocked(c: Cell) -> bool:  # _MoveCtx.blocked, one square at a time
        f = figures.get(c)
        return c in blocking or (f is not None and f != fig and (f in marines) != mine)

    if not all(n in board and not blocked(n) for n in enter):
        return False
    if len(cells) == 1 and state.option("squeeze") == "forbidden":  # spec 11 item 13's option
        c, n = cells[0], new[0]
        return n[0] == c[0] or n[1] == c[1] or not (blocked((n[0], c[1])) and blocked((c[0], n[1])))
    return True


class _MoveCtx:
    """What one movement search needs, computed once: the step table and the enterable test."""

    __slots__ = ("map", "closed", "steps", "figures", "blocked", "fig", "board", "no_squeeze", "perpendicular")

    def __init__(self, state: DoomState, fig: str, figures: dict[Cell, str] | None = None,
                 blocking: set[Cell] | None = None):
        self.map = state.map
        self.closed = state.closed_set
        self.steps = self.map.steps(self.closed)
        self.figures = state.figure_cells() if figures is None else figures
        self.fig = fig
        marines = state.marines
        mine = fig in marines
        # Enemy figures block; friends are passed through (spec 3.6).
        self.blocked = (state.blocking_markers() if blocking is None else set(blocking)) | {
            c for c, f in self.figures.items() if f != fig and (f in marines) != mine}
        # Only the explored part of the map is on the table (spec 3.1, 3.10): nobody walks into
        # an area that has not been revealed.
        self.board = revealed_cells(state)
        self.no_squeeze = state.option("squeeze") == "forbidden"
        self.perpendicular = state.option("demon_sidestep") == "also_perpendicular"  # spec 11 item 14's option

    def ok(self, cell: Cell) -> bool:
        return cell in self.board and cell not in self.blocked


class _Search:
    """One movement search (spec 3.6) from where a figure stands: the footprint each place was
    first reached from, and the places a move may end on (every square free of other figures)
    with their number of steps, in the order the search found them. Never changed once made."""

    __slots__ = ("parent", "ends", "single")

    def __init__(self, parent: dict, ends: dict, single: bool):
        self.parent = parent  # node -> the node before it (None at the start); a node is a square
        self.ends = ends  # node -> steps, in the order found                # for a one-square figure
        self.single = single

    def footprint(self, node) -> tuple[Cell, ...]:
        return (node,) if self.single else node

    def path(self, node) -> list[tuple[Cell, ...]]:
        """The footprints from the first step to `node`."""
        parent, out = self.parent, []
        p = node
        while parent[p] is not None:
            out.append((p,) if self.single else p)
            p = parent[p]
        out.reverse()
        return out


def _search(state: DoomState, fig: str, mp: int, figures: dict[Cell, str] | None = None,
            blocking: set[Cell] | None = None) -> _Search:
    """A breadth-first search of the footprints `fig` reaches with `mp` steps (figure_moves);
    `figures` and `blocking`: the state's, when already at hand."""
    start = tuple(cells_of(state, fig))
    if not start or mp <= 0:
        return _Search({}, {}, True)
    mc = _MoveCtx(state, fig, figures, blocking)
    figures = mc.figures
    ends: dict = {}
    if len(start) == 1 and not mc.no_squeeze:
        # One square: the same search on squares (figure_moves' one-square step: a king step the
        # map allows onto an explored square nobody blocks).
        steps, board, blocked = mc.steps, mc.board, mc.blocked
        first = start[0]
        parent: dict = {first: None}
        frontier = [first]
        for depth in range(1, mp + 1):
            nxt = []
            for c in frontier:
                for n in steps.get(c, ()):
                    if n not in parent and n in board and n not in blocked:
                        parent[n] = c
                        nxt.append(n)
                        if figures.get(n, fig) == fig:
                            ends[n] = depth
            frontier = nxt
            if not frontier:
                break
        return _Search(parent, ends, True)
    parent = {start: None}
    frontier = [start]
    for depth in range(1, mp + 1):
        nxt = []
        for pos in frontier:
            for n in figure_moves(state, fig, pos, mc):
                if n not in parent:
                    parent[n] = pos
                    nxt.append(n)
                    if all(figures.get(c, fig) == fig for c in n):
                        ends[n] = depth
        frontier = nxt
        if not frontier:
            break
    return _Search(parent, ends, False)


_REACH: "OrderedDict[tuple, _Search]" = OrderedDict()
_REACH_KEEP = 64


def _kept_search(state: DoomState, fig: str, mp: int) -> _Search:
    """The search depends only on what the key below holds (the map, the mover's squares in their
    order (a demon's head and tail), who stands where, blocking markers, closed doors, the
    revealed areas, the movement options), so it is kept for the last few positions: the legal
    moves listed and the move then applied ask the same question."""
    figures = state.figure_cells()
    blocking = tuple(m.cell for m in state.markers if m.kind in BLOCKING)
    # Tuples in the state's own order: the same position gives the same key (cheaper than sets).
    key = (state.scenario, fig, mp, tuple(cells_of(state, fig)), tuple(figures.items()), blocking,
           state.closed_set, tuple(state.revealed), state.option("squeeze"), state.option("demon_sidestep"))
    got = _REACH.pop(key, None)
    if got is None:
        got = _search(state, fig, mp, figures, set(blocking))
        if len(_REACH) >= _REACH_KEEP:
            _REACH.popitem(last=False)
    _REACH[key] = got
    return got


def reachable(state: DoomState, fig: str, mp: int) -> dict[tuple[Cell, ...], list[tuple[Cell, ...]]]:
    """Footprint -> the path of footprints (first step first) for every place `fig` can end a move
    within `mp` (spec 3.6): friends passed through, every square of the end footprint empty."""
    s = _kept_search(state, fig, mp)
    return {s.footprint(n): s.path(n) for n in s.ends}


def move_lengths(state: DoomState, fig: str, mp: int) -> list[tuple[tuple[Cell, ...], int]]:
    """(footprint, steps) for every place of `reachable`, in its order: what a list of the legal
    moves needs, without the paths."""
    s = _kept_search(state, fig, mp)
    return [(s.footprint(n), d) for n, d in s.ends.items()]


def path_to(state: DoomState, fig: str, mp: int, footprint: tuple[Cell, ...]) -> list[tuple[Cell, ...]]:
    """`reachable(state, fig, mp)[footprint]` (KeyError when the place is not reachable)."""
    s = _kept_search(state, fig, mp)
    node = footprint[0] if s.single and len(footprint) == 1 else footprint
    if node not in s.ends:
        raise KeyError(footprint)
    return s.path(node)


def _reachable(state: DoomState, fig: str, mp: int, figures: dict[Cell, str] | None = None,
               blocking: set[Cell] | None = None) -> dict[tuple[Cell, ...], list[tuple[Cell, ...]]]:
    """`reachable` without the keeping (`figures` and `blocking`: the state's, when already at hand)."""
    s = _search(state, fig, mp, figures, blocking)
    return {s.footprint(n): s.path(n) for n in s.ends}


def straddles(state: DoomState, door: str) -> bool:
    """Spec 3.2: a large invader standing across the door's line (squares on both sides)."""
    d = state.map.doors[door]
    for inv in state.invaders.values():
        cs = set(inv.cells)
        if cs & d.sides[0] and cs & d.sides[1]:
            return True
    return False


def usable_doors(state: DoomState, fig: str) -> list[str]:
    """Doors `fig` may open or close now, MP aside (spec 3.2, 6.13): security doors only for
    marines and only once their key is found; never a destroyed door.

    Where from: the seed (p. 9) says a figure on a square *adjacent to the door's squares* (the
    4 squares the door marker covers, 2 in front and 2 behind). In the edge model those are the
    flanking squares, so a figure on a flanking square or on a square one legal step from one
    may use the door (the spec's default, flanking squares only, is narrower: docs/DOOM.md)."""
    m = state.map
    own = cells_of(state, fig)
    reach = m.door_reach(state.closed_set, state.option("door_reach") == "adjacent")
    out = []
    for name, d in m.doors.items():
        if name in state.destroyed or reach[name].isdisjoint(own):
            continue
        if d.security and (fig not in state.marines or d.key not in state.keys):
            continue
        if name not in state.closed and straddles(state, name):
            continue
        out.append(name)
    return out


# --- attacks ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Profile:
    """What one attack rolls and adds (spec 6.4-6.8), for a marine weapon or a monster."""

    dice: tuple[str, ...]
    melee: bool
    abilities: Abilities
    ammo: str  # ammo id or "none"
    accuracy: int  # from abilities and cards
    deadly: int


def profile(state: DoomState, attacker: str, weapon: str | None) -> Profile:
    c = state.content
    if attacker in state.marines:
        w = c.weapons[weapon]
        acc, dmg = w.abilities.accuracy, w.abilities.deadly
        mar = state.marines[attacker]
        turn = state.turn if state.phase == "marine" and state.seats[state.seat] == attacker else None
        for mc in state.cards_of(attacker):
            when = mc.params.get("when")
            if mc.effect == "accuracy":
                if (when == "ranged_no_blast" and not w.melee and not w.abilities.blast) or \
                        (when == "fire" and turn is not None and turn["action"] == "fire"):
                    acc += mc.params["amount"]
            elif mc.effect == "damage" and when == "advance" and turn is not None and turn["action"] == "advance":
                dmg += mc.params["amount"]
            elif mc.effect == "special_ops" and w.melee:
                dmg += mc.params["amount"]
        # Officer (spec 7.4): other marines within N squares of it and in its sight get +N range and damage.
        for other in state.seats:
            o = state.marines[other]
            if other == attacker or o.cell is None or mar.cell is None:
                continue
            for mc in state.cards_of(other):
                if mc.effect == "officer" and max(abs(o.cell[0] - mar.cell[0]), abs(o.cell[1] - mar.cell[1])) \
                        <= mc.params["within"] and sees(state, other, mar.cell, attacker):
                    acc += mc.params["amount"]
                    dmg += mc.params["amount"]
        return Profile(w.dice, w.melee, w.abilities, w.ammo, acc, dmg)
    mon = c.monsters[state.invaders[attacker].monster]
    return Profile(mon.dice, mon.melee, mon.abilities, "none", mon.abilities.accuracy, mon.abilities.deadly)


def marine_weapons(state: DoomState, mar: Marine) -> list[str]:
    """Weapons the marine may attack with now (spec 6.4): the always-available ones and its
    markers, with at least 1 ammo of the type; only the fist while berserk (6.12)."""
    c = state.content
    if mar.berserk:
        return ["fist"]
    out = []
    for wid, w in c.weapons.items():
        if not (w.always or wid in mar.weapons):
            continue
        if w.ammo != "none" and mar.ammo.get(w.ammo, 0) < 1:
            continue
        out.append(wid)
    return out


def distance(state: DoomState, attacker: str, target: Cell, indirect: bool) -> int | None:
    """Target distance (spec 3.8 proposal): Chebyshev from the attacker's squares that see the
    target square; the path length for indirect fire (None: no path)."""
    own = cells_of(state, attacker)
    if indirect:
        best = None
        for a in own:
            d = state.map.path_distances(a, state.closed_set).get(target)
            if d is not None and (best is None or d < best):
                best = d
        return best
    fig = state.figure_cells().get(target)
    block = all_blocking(state) - set(own) - set(cells_of(state, fig) if fig else ()) - {target}
    strict = state.option("strict_corners")
    seeing = [a for a in own if len(own) == 1 or state.map.visible(a, target, block, state.closed_set, strict)] or own
    return min(max(abs(a[0] - target[0]), abs(a[1] - target[1])) for a in seeing)


def attack_targets(state: DoomState, attacker: str, weapon: str | None,
                   sight: dict[tuple[Cell, str | None], bool] | None = None) -> list[Cell]:
    """Target squares for one attack (spec 6.4 steps 1-2): each square of an enemy figure, and
    barrels; melee only adjacent ones (6.5, 11 item 37); LOS unless indirect (then within 8 along
    a path that crosses no wall or closed door). `sight`: a dict the caller keeps while asking
    about several weapons of one attacker in one unchanged state (the LOS answers are the same)."""
    prof = profile(state, attacker, weapon)
    figures = state.figure_cells()
    own = cells_of(state, attacker)
    if not own:
        return []
    marines = state.marines
    mine = attacker in marines
    cand: list[tuple[Cell, str | None]] = [(cell, fig) for cell, fig in figures.items() if (fig in marines) != mine]
    for mk in state.markers:
        if mk.kind == "barrel":
            cand.append((mk.cell, None))
    m = state.map
    if prof.abilities.blast:
        # Spec 11 item 22: a blast may target an empty square; offered are the squares whose
        # blast area reaches an enemy (the others could only hurt the thrower's side).
        taken = {c for c, _ in cand}
        explored = revealed_cells(state)  # nothing is thrown where the map is not on the table yet
        for c, fig in list(cand):
            if fig is None:
                continue
            for n in blast_area(state, c, prof.abilities.blast):
                if n not in taken and n not in figures and n not in state.blocking_markers() and n in explored:
                    taken.add(n)
                    cand.append((n, None))
    closed = state.closed_set
    max_indirect = state.content.number("indirect_max_range")
    blocking = None
    out = []
    for cell, fig in sorted(cand):
        if prof.melee:
            if any(m.adjacent(a, cell, closed) for a in own):
                out.append(cell)
            continue
        if prof.abilities.indirect:
            d = distance(state, attacker, cell, True)
            if d is not None and d <= max_indirect:
                out.append(cell)
            continue
        seen = None if sight is None else sight.get((cell, fig))
        if seen is None:
            if blocking is None:
                blocking = frozenset(all_blocking(state))
            seen = sees(state, attacker, cell, fig, blocking)
            if sight is not None:
                sight[(cell, fig)] = seen
        if seen:
            out.append(cell)
    return out


def figures_in(state: DoomState, cells: Iterable[Cell]) -> list[str]:
    figures = state.figure_cells()
    out: list[str] = []
    for c in cells:
        f = figures.get(c)
        if f is not None and f not in out:
            out.append(f)
    return out


def blast_area(state: DoomState, centre: Cell, radius: int) -> list[Cell]:
    """Spec 6.8 proposal: a flood fill of up to `radius` legal king steps from the target square,
    not entering blocking obstacles; a barrel is hit but passes nothing on; figures don't stop it."""
    m = state.map
    steps = m.steps(state.closed_set)
    seen = {centre: 0}
    frontier = [centre]
    for r in range(radius):
        nxt = []
        for c in frontier:
            if state.has_marker(c, "barrel") and c != centre:
                continue
            for n in steps.get(c, ()):
                if n in seen or state.has_marker(n, "obstacle"):
                    continue
                seen[n] = r + 1
                nxt.append(n)
        frontier = nxt
    return sorted(seen)


def knockback_squares(state: DoomState, victim: str, limit: int) -> list[Cell]:
    """Spec 6.8 Knockback: squares up to `limit` king steps away (legal steps, through figures
    and markers but not walls, closed doors or blocking obstacles) that are empty or hold only
    markers that do not block. Single-square figures only."""
    start = cells_of(state, victim)[0]
    m = state.map
    steps = m.steps(state.closed_set)
    seen = {start}
    frontier = [start]
    for _ in range(limit):
        nxt = []
        for c in frontier:
            for n in steps.get(c, ()):
                if n in seen or state.has_marker(n, "obstacle") or state.has_marker(n, "barrel"):
                    continue
                seen.add(n)
                nxt.append(n)
        frontier = nxt
    figures = state.figure_cells()
    explored = revealed_cells(state)
    return sorted(c for c in seen if c != start and c not in figures and c in explored)


def demon_orientations() -> tuple[str, ...]:
    return ("east", "south")


def placements(state: DoomState, monster: str) -> list[list[Cell]]:
    """Spawn squares (spec 8.2): explored, outside every marine's LOS (invaders never block it),
    empty, free of obstacles and barrels, the whole footprint legal."""
    from game.doom.rules.board import footprint

    kind = state.content.monsters[monster].footprint
    seen = marine_sight(state, invaders_block=False)
    figures = state.figure_cells()
    blocked = state.blocking_markers()
    ok = revealed_cells(state) - seen - set(figures) - blocked
    out = []
    for c in sorted(ok):
        for o in (demon_orientations() if kind == "demon" else ("east",)):
            cells = footprint(kind, c, o)
            if all(x in ok for x in cells) and _joined(state, cells):
                out.append([list(x) for x in cells])
    return out


def _joined(state: DoomState, cells: tuple[Cell, ...]) -> bool:
    """A footprint's squares are not split by a wall or closed door (a figure fills whole squares)."""
    m = state.map
    closed = state.closed_set
    return all(any(m.adjacent(a, b, closed) for b in cells if b != a) for a in cells) if len(cells) > 1 else True


__all__ = ["Profile", "areas_seen", "attack_targets", "blast_area", "cells_of", "distance",
           "figure_moves", "figures_in", "knockback_squares", "marine_sight", "marine_weapons", "placements",
           "move_lengths", "path_to", "profile", "reachable", "revealed_cells", "sees", "side_of", "sight_line", "straddles", "usable_doors"]
