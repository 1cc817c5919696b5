"""The automated invader of spec doom.md 11.D: `InvaderAI(difficulty, seed)`.

It picks among the legal actions it is given, like a person, and decides on a view
(rules/view.py: no deck order, no RNG), asking the rules' own questions (rules/queries.py: moves,
paths, targets, distances, placements; rules/odds.py: exact dice tables) and never applying
anything. Its tools:

- **Exact dice tables**: `odds.wound_odds` (cached per pool, distance, armour and bonuses) and
  `odds.reroll_distribution` for reroll choices.
- **Threat map** (`Threat`): for every square, what each marine could do to a figure there on its
  next turn: the distance from its square when it sees the square (Fire: two attacks), and the
  best distance from any square it reaches with an Advance (one attack), with its weapons that
  have ammo; invaders never block it (they will have moved). Cached per marines, doors and markers.
- **Path search**: `Q.reachable` (footprints, friends passed through, empty end squares), doors
  and vents as one-step detours, and distance fields to the marines and to their objective.

A plan for one figure is move-attack-move: a reachable attack position, a target it sees there
(checked against `Q.attack_targets` and `Q.distance` on a copy with the figure moved: the rules
decide) and a retreat with the MP left. Its score: expected wounds plus a heavy weight on the
chance to kill (a frag), minus the threat-map exposure at the end square, minus the Guard and Front
Guard interrupts along the path (each usable one assumed to fire once at the worst square), minus
hazard wounds, plus an objective term (standing on a marine's shortest path to its objective, near
the objective) and an approach term (ending within "MP + typical range" of a marine). A plan is
carried over the activation's actions and re-planned as soon as anything differs from what it
expected (a Guard interrupt, a death, a roll).

Difficulties (the same rules, only the decisions differ; `LEVELS`): `recruit` samples a softmax
over the top plans and spawn squares with the AI's own seeded stream and scores spawn squares by
distance alone, aiming a walk beyond striking distance (they close in before they strike);
`veteran` is greedy; `nightmare` adds a 2-figure joint lookahead when choosing whom to activate
and with which plan (the second figure's best answer, averaged over the first one's wound
outcomes), weighs a kill twice as much and checks twice as many spawn squares against this
turn's plans.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable

from game.doom.bots import FAR, GreedyBot, field_from, group_by_kind
from game.doom.rules import attack as A
from game.doom.rules import effects as E
from game.doom.rules import queries as Q
from game.doom.rules.names import monster as monster_name, monsters, place, ref, who
from game.doom.rules.odds import reroll_distribution, wound_odds
from game.doom.rules.state import INVADER, Cell, DoomState, Invader
from game.doom.rules.view import view_for
from game.engine.bots import Choice
from game.engine.protocol import Action
from game.engine import text as T
from game.engine.text import M, Mn, Msg, decimal, english, join
from game.engine.rng import Pcg32, Rng

DIFFICULTIES = ("recruit", "veteran", "nightmare")
DEFAULT = "veteran"

# Weights of the plan score, in marine wounds (AI tuning, not rules: the rules read data files).
KILL = 4.0  # a marine killed is a frag: worth this many wounds besides the wounds themselves
EXPOSURE = 0.5  # the share of the threat map's expected wounds counted against the end square
APPROACH = 0.35  # per square beyond "MP + typical range" from the nearest marine
BLOCK = 0.4  # standing on a marine's shortest path to its objective
OBJECTIVE = 0.04  # per square from the marines' objective
STAY = 0.05  # a plan that changes nothing (activating costs a Guard window)
RETREATS = 4  # attack plans whose retreats are searched
VERIFY = 6  # attack candidates checked against the rules' own target and distance questions
NIGHTMARE_FIRST, NIGHTMARE_PLANS = 3, 3  # figures and plans the joint lookahead tries
DODGE_PREVENTED = 0.4  # play Dodge when the reroll saves at least this much (value in wounds)
DUD_SAVED = 0.8
HELLFIRE_GAIN = 0.3
DARK_ENERGIES_GAIN = 0.15  # kill chance the removed wound takes away
AMBUSH_VALUE = 0.6  # an attack plan worth this much makes Ambush and Trap worth playing
# Declining a card says nothing of it: the marines read the bots' reasons, and the card is hidden.
QUIET = M("the invader lets the moment pass")


@dataclass(frozen=True)
class Level:
    """What a difficulty changes in the decisions (the rules are the same for every level)."""
    temperature: float = 0.0  # above 0: a softmax draw over the top `top_k` plans and placements
    top_k: int = 1
    spawn_margin: int = 0  # spawned figures aim this many squares beyond a turn's striking distance
    refine: int = 6  # the best placements also weighed by the plan the new figure could make this turn
    lookahead: bool = False  # the 2-figure joint lookahead when choosing whom to activate
    kill: float = KILL
    exposure: float = EXPOSURE


# AI tuning measured in game/doom/data/BALANCE.md (docs/DOOM.md describes each level).
LEVELS = {
    "recruit": Level(temperature=1.0, top_k=4, spawn_margin=2, refine=0),
    "veteran": Level(),
    "nightmare": Level(lookahead=True, kill=8.0, refine=12),
}
EVENT_VALUE = {"reroll": 2.5, "attack_fails": 2.5, "remove_wound": 1.5, "deadly": 1.5, "activate_two": 2.0,
               "ambush": 2.0, "activate_twice": 2.0, "extra_spawn": 1.5, "marine_range_minus": 1.8,
               "type_speed": 1.5, "close_doors": 0.8, "destroy_door": 0.8}


# ============================================================================ the tools


def objective_cells(state: DoomState) -> list[Cell]:
    """Where the marines are heading (spec 9): keys not found yet, the encounters they must
    trigger, the exit area. The invader knows the scenario (11.D), unexplored parts included."""
    m = state.map
    sc = state.content.scenarios[state.scenario]
    out: set[Cell] = set()
    out |= {mk.cell for mk in state.markers if mk.kind == "key"}
    out |= {p.cell for p in m.props if p.kind == "key" and p.variant not in state.keys
            and p.area not in state.revealed}
    out |= {p.cell for p in m.props if p.kind == "encounter" and p.variant in sc.win_encounters
            and p.variant not in state.encounters_done}
    out |= {mk.cell for mk in state.markers if mk.kind == "encounter" and mk.variant in sc.win_encounters
            and mk.variant not in state.encounters_done}
    if sc.win_area:
        out |= set(m.areas[sc.win_area])
    return sorted(out)


def _cheb(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _ew_kill(pool: tuple[str, ...], d: int, armour: int, hp: int, accuracy: int, deadly: int, melee: bool,
             content) -> tuple[float, float]:
    """(expected wounds capped at what is left, chance to kill) for one attack (exact, cached)."""
    ew = kill = 0.0
    for w, p in wound_odds(pool, d, armour, accuracy, deadly, melee, content):
        ew += min(w, hp) * p
        if w >= hp:
            kill += p
    return ew, kill


def typical_range(state: DoomState, monster: str) -> int:
    """Melee: 1. Ranged: the largest distance the monster's dice reach at least half as often
    as at distance 1."""
    return _stats(state.content, monster, 0)[0]


def monster_value(state: DoomState, monster: str) -> float:
    """What a figure is worth, in marine wounds: its expected wounds per attack against the
    setup's marine armour (adjacent for melee, at its typical range otherwise), over the turns
    its health and armour buy it, plus one."""
    return _stats(state.content, monster, state.content.setups[max(1, len(state.seats))].armour)[1]


@lru_cache(maxsize=256)
def _stats(content, monster: str, armour: int) -> tuple[int, float]:
    from game.doom.rules.odds import hit_chance

    mon = content.monsters[monster]
    reach = 1
    if not mon.melee:
        near = hit_chance(mon.dice, 1, mon.abilities.accuracy, False, content)
        reach = max([d for d in range(1, 16) if hit_chance(mon.dice, d, mon.abilities.accuracy, False, content) * 2
                     >= near] or [1])
    ew, _ = _ew_kill(mon.dice, reach, max(1, armour), 99, mon.abilities.accuracy, mon.abilities.deadly, mon.melee,
                     content)
    return reach, 1.0 + ew * (1 + mon.health * mon.armour / 4)


class Threat:
    """The threat map (11.D): per marine on the board, the distance it would shoot a square from
    next turn without moving (`now`, it sees the square) and after an Advance (`moved`)."""

    def __init__(self, state: DoomState):
        c = state.content
        m = state.map
        closed = state.closed_set
        strict = state.option("strict_corners")
        block = state.blocking_markers() | {x.cell for x in state.marines.values() if x.cell is not None}
        advance = c.actions["advance"]
        self.fire = c.actions["fire"].attacks
        self.state = state
        self.now: dict[str, dict[Cell, int]] = {}
        self.moved: dict[str, dict[Cell, int]] = {}
        self.weapons: dict[str, list[Q.Profile]] = {}
        self.darkness = state.flags.get("darkness", 0)
        saved = dict(state.invaders)
        state.invaders.clear()  # invaders never block it: they will have moved (and restored below)
        try:
            for mar in state.marines.values():
                if mar.cell is None:
                    continue
                own = frozenset(block - {mar.cell})
                self.now[mar.id] = {s: _cheb(mar.cell, s) for s in m.visible_from(mar.cell, own, closed, strict)}
                moved: dict[Cell, int] = dict(self.now[mar.id])
                for pos in Q.reachable(state, mar.id, advance.move):
                    p = pos[0]
                    for s in m.visible_from(p, own, closed, strict):
                        d = _cheb(p, s)
                        if d < moved.get(s, FAR):
                            moved[s] = d
                self.moved[mar.id] = moved
                self.weapons[mar.id] = [Q.profile(state, mar.id, w) for w in Q.marine_weapons(state, mar)]
        finally:
            state.invaders.update(saved)
        self._ew: dict[tuple, float] = {}

    def best(self, marine: str, d: int, armour: int, hp: int) -> float:
        """The marine's best expected wounds on one attack at distance d (melee: adjacent)."""
        key = (marine, d, armour, hp)
        got = self._ew.get(key)
        if got is None:
            got = 0.0
            c = self.state.content
            for prof in self.weapons.get(marine, ()):
                if prof.melee and d > 1:
                    continue
                ew, _ = _ew_kill(prof.dice, d, armour, hp, prof.accuracy - self.darkness, prof.deadly, prof.melee, c)
                got = max(got, ew)
            self._ew[key] = got
        return got

    def exposure(self, cells: Iterable[Cell], armour: int, hp: int) -> tuple[float, int]:
        """(expected wounds the marines could deal there next turn, capped at hp; how many marines)."""
        cells = tuple(cells)
        total, n = 0.0, 0
        for mid, now in self.now.items():
            dn = min((now[c] for c in cells if c in now), default=None)
            dm = min((self.moved[mid][c] for c in cells if c in self.moved[mid]), default=None)
            best = 0.0
            if dn is not None:
                best = self.fire * self.best(mid, dn, armour, hp)
            if dm is not None:
                best = max(best, self.best(mid, dm, armour, hp))
            if best > 0:
                total += best
                n += 1
        return min(total, float(hp)), n


@dataclass
class Option:
    """One position (and target) of the first search stage."""

    score: float
    pos: tuple[Cell, ...]
    path: list
    place: float  # the end-square part of the score (exposure, approach, objective)
    exposed: int
    guard: float  # expected wounds from interrupts on the way (and before the attack)
    haz: int
    per_wound: float
    marine: str | None = None
    cell: Cell | None = None
    d: int = 0
    val: float = 0.0
    ew: float = 0.0
    kill: float = 0.0
    dist: tuple = ()
    survive: float = 1.0


@dataclass
class Plan:
    """One figure's activation: move (footprint), attack (a target square), retreat (footprint)."""

    fig: str
    score: float
    move: tuple[Cell, ...] | None = None
    move_cost: int = 0
    target: Cell | None = None
    victim: str | None = None
    retreat: tuple[Cell, ...] | None = None
    door: str | None = None
    vent: Cell | None = None
    ew: float = 0.0
    kill: float = 0.0
    exposed: int = 0
    guarded: float = 0.0
    attack_value: float = 0.0
    outcomes: tuple[tuple[int, float], ...] = ()  # the victim's wound distribution (nightmare)

    def steps(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        if self.door is not None:
            return [{"kind": "door", "door": self.door}]
        if self.vent is not None:
            return [{"kind": "vent", "to": list(self.vent)}]
        if self.move is not None:
            out.append({"kind": "move", "to": [list(c) for c in self.move], "cost": self.move_cost})
        if self.target is not None:
            out.append({"kind": "attack", "target": list(self.target)})
        if self.retreat is not None:
            out.append({"kind": "move", "to": [list(c) for c in self.retreat]})
        out.append({"kind": "end_activation"})
        return out


class Planner:
    """Everything one decision needs about a view, computed once (the AI keeps the threat map
    across decisions while the marines, doors and markers stay the same)."""

    def __init__(self, view: DoomState, threat: Threat, level: Level = LEVELS[DEFAULT]):
        self.v = view
        self.level = level
        self.c = view.content
        self.m = view.map
        self.closed = view.closed_set
        self.strict = view.option("strict_corners")
        self.threat = threat
        self.marines = [mar for mar in view.marines.values() if mar.cell is not None]
        self.goals = objective_cells(view)
        self.goal_dist = field_from(view, self.goals) if self.goals else {}
        self.marine_dist = field_from(view, [mar.cell for mar in self.marines])
        self._fov: dict[tuple[str, str], frozenset[Cell]] = {}
        self._values: dict[str, float] = {}
        self._ranges: dict[str, int] = {}
        self.guards = [mar for mar in self.marines if A.order_usable(view, mar.id, "guard")]
        used = view.flags.get("front_guard_used", [])
        self.front = [mar for mar in self.marines if mar.id not in used and E.has_card(view, mar.id, "front_guard")]
        # A marine's shortest way to its objective (doors open): squares on it are worth blocking.
        self.on_way: set[Cell] = set()
        if self.goal_dist:
            for mar in self.marines:
                to_goal = self.goal_dist.get(mar.cell)
                if to_goal is None:
                    continue
                mine = self.m.path_distances(mar.cell, frozenset())
                self.on_way |= {c for c, d in mine.items() if 0 < d and d + self.goal_dist.get(c, FAR) == to_goal}
        self.hazard_cells = {mk.cell for mk in view.markers if mk.kind == "hazard"}
        self._hypo: DoomState | None = None

    @classmethod
    def moved(cls, view: DoomState, base: "Planner") -> "Planner":
        """A planner for a copy of base's view where invaders moved (the marines, doors and
        markers the same): the distance fields are base's."""
        p = cls.__new__(cls)
        p.__dict__.update({k: v for k, v in base.__dict__.items() if k not in ("v", "_fov", "_hypo")})
        p.v, p._fov, p._hypo = view, {}, None
        return p

    # --- small facts ----------------------------------------------------------------------

    def value(self, monster: str) -> float:
        got = self._values.get(monster)
        if got is None:
            got = self._values[monster] = monster_value(self.v, monster)
        return got

    def reach(self, monster: str) -> int:
        got = self._ranges.get(monster)
        if got is None:
            got = self._ranges[monster] = typical_range(self.v, monster)
        return got

    def fov(self, marine: str, fig: str) -> frozenset[Cell]:
        """Squares that see the marine's square (and so that it sees: LOS is symmetric, spec
        3.7) with every figure but `fig` (the one moving) and the marine blocking."""
        key = (marine, fig)
        got = self._fov.get(key)
        if got is None:
            v = self.v
            own = set(Q.cells_of(v, fig))
            cell = v.marines[marine].cell
            block = frozenset(Q.all_blocking(v) - own - {cell})
            got = self._fov[key] = self.m.visible_from(cell, block, self.closed, self.strict)
        return got

    def hypo(self) -> DoomState:
        """A copy of the view to move figures on and ask the rules (never applied)."""
        if self._hypo is None:
            self._hypo = DoomState.from_json(self.v.to_json())
        return self._hypo

    # --- parts of a plan's score --------------------------------------------------------------

    def interrupts(self, fig: str, path: list[tuple[Cell, ...]], armour: int, hp: int) -> float:
        """Expected wounds from Guard (each usable Guard order fires once at the worst square of
        the path) and Front Guard (once, on a square next to that marine)."""
        total = 0.0
        for mar in self.guards:
            see = self.fov(mar.id, fig)
            worst = 0.0
            for pos in path:
                ds = [_cheb(mar.cell, c) for c in pos if c in see]
                if ds:
                    worst = max(worst, self.threat.best(mar.id, min(ds), armour, hp))
            total += worst
        for mar in self.front:
            if any(self.m.adjacent(c, mar.cell, self.closed) for pos in path for c in pos):
                total += self.threat.best(mar.id, 1, armour, hp)
        return min(total, float(hp))

    def hazards(self, start: tuple[Cell, ...], path: list[tuple[Cell, ...]]) -> int:
        """Spec 6.15: a wound per step into a hazard (a large figure at most one per step)."""
        n, prev = 0, set(start)
        for pos in path:
            if any(c not in prev and c in self.hazard_cells for c in pos):
                n += 1
            prev = set(pos)
        return n

    def place_score(self, monster: str, cells: tuple[Cell, ...], mp: int, hp: int) -> tuple[float, int]:
        """Where a figure ends its activation: exposure, approach and the objective; (score, how
        many marines could shoot it there)."""
        mon = self.c.monsters[monster]
        expo, n = self.threat.exposure(cells, mon.armour, hp)
        score = -self.level.exposure * expo * self.value(monster) / mon.health
        d = min((self.marine_dist.get(c, FAR) for c in cells), default=FAR)
        ideal = mp + self.reach(monster)
        if d < FAR:
            score -= APPROACH * max(0, d - ideal)
        if self.goal_dist:
            score -= OBJECTIVE * min(self.goal_dist.get(c, 60) for c in cells)
            if any(c in self.on_way for c in cells):
                score += BLOCK
        return score, n

    def attack_value(self, fig: str, monster: str, pos: tuple[Cell, ...], marine: str, d: int,
                     hp: dict[str, int] | None = None) -> tuple[float, float, float, tuple]:
        """(value, expected wounds, kill chance, wound distribution) of the figure's attack from
        `pos` on a marine at distance d; Sweep adds every adjacent marine; a Dodge order is
        taken as a full reroll of every hit (GreedyBot's and a careful player's answer)."""
        c = self.c
        mon = c.monsters[monster]
        ab = mon.abilities
        victims = [marine]
        if ab.sweep:
            victims += [x.id for x in self.marines if x.id != marine
                        and any(self.m.adjacent(p, x.cell, self.closed) for p in pos)]
        value = ew_all = kill_all = 0.0
        dist: tuple = ()
        for vid in victims:
            mar = self.v.marines[vid]
            left = (hp or {}).get(vid, mar.health)
            if left <= 0:
                continue
            odds = wound_odds(mon.dice, d, mar.armour, ab.accuracy, ab.deadly, mon.melee, c)
            ew = sum(min(w, left) * p for w, p in odds)
            kill = sum(p for w, p in odds if w >= left)
            if A.order_usable(self.v, vid, "dodge"):
                hit = sum(p for w, p in odds if w > 0)
                ew, kill = ew * hit, kill * hit
            if vid == marine:
                dist = odds
            value += ew + self.level.kill * kill
            ew_all += ew
            kill_all = max(kill_all, kill)
        if ab.blast:
            value += self._blast(fig, monster, pos, marine, d, ab.blast, hp)
        return value, ew_all, kill_all, dist

    def _blast(self, fig: str, monster: str, pos: tuple[Cell, ...], marine: str, d: int, radius: int,
               hp: dict[str, int] | None) -> float:
        """A Blast on the marine's square also hits the other figures in its flood fill
        (Q.blast_area): other marines count for it, invaders (the attacker too) against it."""
        mon = self.c.monsters[monster]
        ab = mon.abilities
        area = set(Q.blast_area(self.v, self.v.marines[marine].cell, radius))
        extra = 0.0
        for x in self.marines:
            if x.id != marine and x.cell in area:
                left = (hp or {}).get(x.id, x.health)
                if left > 0:
                    ew, kill = _ew_kill(mon.dice, d, x.armour, left, ab.accuracy, ab.deadly, mon.melee, self.c)
                    extra += ew + self.level.kill * kill
        for inv in self.v.invaders.values():
            cells = pos if inv.id == fig else inv.cells
            if area & set(cells):
                other = self.c.monsters[inv.monster]
                left = other.health - inv.wounds
                ew, kill = _ew_kill(mon.dice, d, other.armour, left, ab.accuracy, ab.deadly, mon.melee, self.c)
                extra -= (ew + kill * other.health) * self.value(inv.monster) / other.health
        return extra

    # --- plans --------------------------------------------------------------------------------

    def attack_options(self, fig: str, pos: tuple[Cell, ...]) -> list[tuple[str, Cell, int]]:
        """(marine, its square, distance) the figure could attack from `pos`: melee adjacent,
        ranged in sight (the rules confirm the chosen one in `verify`)."""
        v = self.v
        mon = self.c.monsters[v.invaders[fig].monster]
        out = []
        for mar in self.marines:
            if mon.melee:
                if any(self.m.adjacent(p, mar.cell, self.closed) for p in pos):
                    out.append((mar.id, mar.cell, 1))
                continue
            see = self.fov(mar.id, fig)
            seeing = [p for p in pos if p in see]
            if seeing:
                out.append((mar.id, mar.cell, min(_cheb(p, mar.cell) for p in seeing)))
        return out

    def verify(self, fig: str, pos: tuple[Cell, ...], target: Cell) -> int | None:
        """The rules' answer (Q.attack_targets, Q.distance) for an attack from `pos`: the distance,
        or None when the rules would not offer that target."""
        h = self.hypo()
        inv = h.invaders[fig]
        old = inv.cells
        inv.cells = list(pos)
        try:
            if target not in Q.attack_targets(h, fig, None):
                return None
            prof = Q.profile(h, fig, None)
            return Q.distance(h, fig, target, prof.abilities.indirect)
        finally:
            inv.cells = old

    def reachable_from(self, fig: str, pos: tuple[Cell, ...], mp: int) -> dict:
        h = self.hypo()
        inv = h.invaders[fig]
        old = inv.cells
        inv.cells = list(pos)
        try:
            return Q.reachable(h, fig, mp)
        finally:
            inv.cells = old

    def quick(self, fig: str, mp: int, attacks: int, hp: dict[str, int] | None = None) -> list[Option]:
        """Stage 1 of the search: every reachable position as a plain move, and every target the
        figure could attack from there (the threat map's LOS, not yet confirmed), best first."""
        v = self.v
        inv = v.invaders[fig]
        mon = self.c.monsters[inv.monster]
        hp_left = mon.health - inv.wounds
        start = tuple(inv.cells)
        positions: list[tuple[tuple[Cell, ...], list]] = [(start, [])]
        if mp > 0:
            positions += sorted(Q.reachable(v, fig, mp).items())
        out = []
        per_wound = self.value(inv.monster) / mon.health
        for pos, path in positions:
            place, n = self.place_score(inv.monster, pos, mp - len(path), hp_left)
            guard = self.interrupts(fig, path, mon.armour, hp_left) if path else 0.0
            haz = self.hazards(start, path)
            base = place - per_wound * (guard + haz) - (self.value(inv.monster) * 2 if haz >= hp_left else 0.0)
            out.append(Option(base - (0.0 if path else STAY), pos, path, place, n, guard, haz, per_wound))
            if attacks:
                before = guard if path else self.interrupts(fig, [pos], mon.armour, hp_left)
                survive = max(0.0, 1 - (before + haz) / hp_left)
                for mid, cell, d in self.attack_options(fig, pos):
                    val, ew, kill, dist = self.attack_value(fig, inv.monster, pos, mid, d, hp)
                    if val <= 0:
                        continue
                    b = place - per_wound * (before + haz)
                    out.append(Option(b + val * survive, pos, path, place, n, before, haz, per_wound, mid, cell, d,
                                      val, ew, kill, dist, survive))
        out.sort(key=lambda o: -o.score)
        return out

    def plans(self, fig: str, mp: int, attacks: int, doors: Iterable[str] = (), vents: Iterable[Cell] = (),
              depth: int = 0) -> list[Plan]:
        """Every plan worth comparing for the figure, best first (stage 2: the rules confirm the
        attack, retreats searched with the MP left, doors and vents as detours)."""
        v = self.v
        inv = v.invaders[fig]
        mon = self.c.monsters[inv.monster]
        hp_left = mon.health - inv.wounds
        plans: list[Plan] = []
        checked = retreats = 0
        for o in self.quick(fig, mp, attacks):
            if o.marine is None:
                plans.append(Plan(fig, o.score, move=o.pos if o.path else None, move_cost=len(o.path), exposed=o.exposed))
                continue
            if checked >= VERIFY:
                continue
            checked += 1
            real = self.verify(fig, o.pos, o.cell)
            if real is None:
                continue
            if real != o.d:
                o.val, o.ew, o.kill, o.dist = self.attack_value(fig, inv.monster, o.pos, o.marine, real)
                o.d = real
            attack = o.val * o.survive
            best = Plan(fig, o.place - o.per_wound * (o.guard + o.haz) + attack, move=o.pos if o.path else None,
                        move_cost=len(o.path), target=o.cell, victim=o.marine, ew=o.ew, kill=o.kill,
                        exposed=o.exposed, attack_value=o.val, outcomes=o.dist)
            left = mp - len(o.path)
            if left > 0 and retreats < RETREATS:
                retreats += 1
                walked = o.path or [o.pos]
                for pos2, path2 in self.reachable_from(fig, o.pos, left).items():
                    place2, n2 = self.place_score(inv.monster, pos2, left - len(path2), hp_left)
                    guard = self.interrupts(fig, walked + path2, mon.armour, hp_left)
                    haz = o.haz + self.hazards(o.pos, path2)
                    s = attack + place2 - o.per_wound * (guard + haz)
                    if s > best.score:
                        best = Plan(fig, s, move=best.move, move_cost=best.move_cost, target=o.cell, victim=o.marine,
                                    retreat=pos2, ew=o.ew, kill=o.kill, exposed=n2, attack_value=o.val,
                                    outcomes=o.dist)
            plans.append(best)
        if depth == 0:
            plans += self._detours(fig, mp, attacks, doors, vents)
        plans.sort(key=lambda p: -p.score)
        return plans

    def _detours(self, fig: str, mp: int, attacks: int, doors: Iterable[str], vents: Iterable[Cell]) -> list[Plan]:
        """A door opened (2 MP) or a vent crawled through (1 MP), then the best plan from there
        (the figure re-plans after it: the rules may reveal or interrupt)."""
        out = []
        c = self.c
        for door in doors:
            if door not in self.v.closed:
                continue  # closing a door: not weighed (docs/DOOM.md)
            cost = c.number("door_cost")
            sub = self._variant(lambda h: h.closed.remove(door), fig, mp - cost, attacks)
            if sub is not None:
                out.append(Plan(fig, sub.score - STAY, door=door))
        for to in vents:
            cost = c.number("vent_cost")
            sub = self._variant(lambda h: setattr(h.invaders[fig], "cells", [tuple(to)]), fig, mp - cost, attacks)
            if sub is not None:
                out.append(Plan(fig, sub.score - STAY, vent=tuple(to)))
        return out

    def _variant(self, change, fig: str, mp: int, attacks: int) -> Plan | None:
        if mp < 0:
            return None
        h = DoomState.from_json(self.v.to_json())
        change(h)
        sub = Planner(h, self.threat, self.level).plans(fig, mp, attacks, depth=1)
        return sub[0] if sub else None


# ============================================================================ the controller


class InvaderAI:
    """The invader player of spec 11.D; `decide(state, actions)` returns a Choice (action + reason)."""

    def __init__(self, difficulty: str = DEFAULT, seed: int = 0):
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"unknown invader difficulty {difficulty!r} (known: {', '.join(DIFFICULTIES)})")
        self.difficulty = difficulty
        self.seed = seed
        self.rng: Pcg32 = Rng(seed).stream("invader_ai")
        self.plan: dict[str, Any] | None = None  # the activation being carried out
        self.order: dict[str, Any] = {}  # this turn's activation scores (thousandths), see _activate
        self._threat: tuple[tuple, Threat] | None = None
        self._fallback = GreedyBot()

    # --- saving the bot's own state ------------------------------------------------------------

    def get_state(self) -> dict[str, Any]:
        plan = self.plan and dict(self.plan, reason=T.to_json(self.plan["reason"]))  # a message: as ids and parameters
        return {"difficulty": self.difficulty, "seed": self.seed, "rng": self.rng.to_json(), "plan": plan,
                "order": self.order}

    def set_state(self, data: dict[str, Any]) -> None:
        """The state get_state gave (a saved game's): its level too, so Continue keeps it;
        ValueError for a state no InvaderAI gave (the table then starts the bot afresh)."""
        if data.get("difficulty") not in DIFFICULTIES:
            raise ValueError(f"unknown invader difficulty {data.get('difficulty')!r}")
        self.difficulty = str(data["difficulty"])
        self.seed = int(data["seed"])
        self.rng = Pcg32.from_json(data["rng"])
        plan = data.get("plan")
        self.plan = plan and dict(plan, reason=T.from_json(plan.get("reason", "")))
        self.order = data.get("order") or {}

    @property
    def level(self) -> Level:
        return LEVELS[self.difficulty]

    # --- the Bot protocol ----------------------------------------------------------------------

    def choose(self, actions: list[Action], state: DoomState) -> Action:
        return self.decide(state, actions).action

    def decide(self, state: DoomState, actions: list[Action]) -> Choice:
        if not actions:
            raise ValueError("no legal action to choose from")
        from game.doom.rules.turn import decider

        if decider(state) != INVADER:  # a marine's seat: not this AI's job
            return self._fallback.decide(state, actions)
        if len(actions) == 1:
            return Choice(actions[0], self._only(state, actions[0]))
        view = view_for(state, INVADER)
        by_kind = group_by_kind(actions)
        if view.proc is not None:
            return self._answer(view, by_kind, actions[0].kind)
        return self._turn(view, by_kind)

    def _only(self, state: DoomState, action: Action) -> str:
        if action.kind == "end_activation" and state.act is not None:
            self.plan = None
            return M("{figure} has nothing left to do", figure=who(state, state.act['fig']))
        if action.kind == "end_invader_turn":  # the log read 'The invader: the only possible choice.'
            return M("no invader left to activate")
        return M("the only possible choice")

    # --- shared pieces ---------------------------------------------------------------------------

    def planner(self, view: DoomState) -> Planner:
        key = (tuple((m.id, m.cell, tuple(a for a, n in sorted(m.ammo.items()) if n > 0), tuple(m.weapons), m.berserk,
                      tuple(m.cards)) for m in view.marines.values()),
               tuple(view.closed), tuple(view.destroyed), tuple(view.revealed),
               tuple(sorted(mk.cell for mk in view.markers if mk.kind in ("obstacle", "barrel"))),
               view.flags.get("darkness"),
               # the marine whose turn it is may have card bonuses for its declared action (Q.profile)
               (view.seat, (view.turn or {}).get("action")) if view.phase == "marine" else None)
        if self._threat is None or self._threat[0] != key:
            self._threat = (key, Threat(view))
        return Planner(view, self._threat[1], self.level)

    def _pick(self, scored: list[tuple[float, Any]]) -> tuple[float, Any]:
        """The best (veteran, nightmare) or a softmax draw from the top k (recruit), from the AI's
        own seeded stream; `scored` is sorted best first."""
        level = self.level
        if level.temperature <= 0 or len(scored) == 1:
            return scored[0]
        top = scored[:level.top_k]
        hi = top[0][0]
        weights = [math.exp((s - hi) / level.temperature) for s, _ in top]
        r = self.rng.next_u32() / 2 ** 32 * sum(weights)
        for w, item in zip(weights, top):
            r -= w
            if r <= 0:
                return item
        return top[-1]

    # --- the invader's own turn -------------------------------------------------------------------

    def _turn(self, view: DoomState, k: dict[str, list[Action]]) -> Choice:
        if "pass" in k:
            return self._ambush(view, k)
        if "discard" in k:
            return self._discard(view, k["discard"])
        if "spawn" in k or (view.phase == "spawn" and "no_spawn" in k):
            return self._spawn(view, k)
        if view.act is not None:
            return self._act(view, k)
        return self._activate(view, k)

    def _discard(self, view: DoomState, opts: list[Action]) -> Choice:
        scored = sorted(((self._card_value(view, a.get("card")), a) for a in opts), key=lambda t: (t[0], t[1].get("card")))
        value, worst = scored[0]
        card = view.content.invader_card(worst.get("card"))
        if card.kind == "spawn" and value < 0:
            return Choice(worst, M("discard {card}: none of its monsters is left to place",
                                   card=ref("doom.invader_card", card.id)))
        return Choice(worst, M("discard {card}: the least useful card in hand", card=ref("doom.invader_card", card.id)))

    def _card_value(self, view: DoomState, card_id: str) -> float:
        c = view.content
        card = c.invader_card(card_id)
        if card.kind == "event":
            return EVENT_VALUE.get(card.effect, 1.0)
        p = Planner(view, self._threat[1], self.level) if self._threat else self.planner(view)
        best = -1.0
        for half in card.halves:
            value = 0.0
            for g in half:
                n = min(g.count, max(0, E.pool_left(view, g.monster)))
                value += n * p.value(g.monster)
            if value > 0:
                best = max(best, value)
        return best

    def _spawn(self, view: DoomState, k: dict[str, list[Action]]) -> Choice:
        plays = [a for a in k.get("play", []) if view.content.invader_card(a.get("card")).effect == "extra_spawn"]
        p = self.planner(view)
        scored = []
        for a in k.get("spawn", []):
            value, placed = self._spawn_value(view, p, a)
            scored.append((value, a, placed))
        scored.sort(key=lambda t: (-t[0], t[1].get("card"), t[1].get("half")))
        good = [s for s in scored if s[0] > 0]
        # These two read the hand (how many spawn cards it holds that fit, that none does): the
        # invader's seat alone reads them (Choice.private); the marines see the card played, or
        # that none is (the rules' lines).
        if plays and len({s[1].get("card") for s in good}) >= 2:
            return Choice(plays[0], Mn("play Reinforcements: {n} spawn card can be placed this turn",
                                         "play Reinforcements: {n} spawn cards can be placed this turn", len(good)),
                          private=True)
        if not good:
            return Choice(k["no_spawn"][0], M("no spawn card has a monster that fits out of the marines' sight"),
                          private=True)
        value, best, placed = good[0]
        card = view.content.invader_card(best.get("card"))
        words = join(", ", [monsters(mon, n) for mon, n in placed if n])
        return Choice(best, M("spawn {card} ({words}): the most threat that fits out of sight",
                              card=ref("doom.invader_card", card.id), words=words))

    def _spawn_value(self, view: DoomState, p: Planner, a: Action) -> tuple[float, list[tuple[str, int]]]:
        """Threat actually placeable: figures left in the pool, squares out of sight that fit them,
        counted more when some square is within a turn's striking distance of a marine."""
        half = view.content.invader_card(a.get("card")).halves[a.get("half")]
        value, placed = 0.0, []
        used: dict[str, int] = {}
        for g in half:
            pool = E.pool_left(view, g.monster) - used.get(g.monster, 0)
            spots = self._placements(view, g.monster)
            n = max(0, min(g.count, pool, len(spots)))
            used[g.monster] = used.get(g.monster, 0) + n
            if n:
                mon = view.content.monsters[g.monster]
                near = min((min(p.marine_dist.get(tuple(c), FAR) for c in cells) for cells in spots), default=FAR)
                strike = 1.0 if near <= mon.move + p.reach(g.monster) else 0.6
                value += n * p.value(g.monster) * strike
            placed.append((g.monster, n))
        return value, placed

    def _placements(self, view: DoomState, monster: str) -> list[list]:
        cache = view.__dict__.setdefault("_ai_placements", {})
        if monster not in cache:
            cache[monster] = Q.placements(view, monster)
        return cache[monster]

    def _activate(self, view: DoomState, k: dict[str, list[Action]]) -> Choice:
        """Whom next (11.D step 3.1): the figure with the best plan, those that can attack first;
        start-of-turn events before the first activation when their moment has come."""
        p = self.planner(view)
        figs = [a.get("figure") for a in k.get("activate", [])]
        event = self._start_event(view, p, k.get("play", []), figs)
        if event is not None:
            return event
        end = (k.get("end_invader_turn") or k.get("end_interlude") or [None])[0]
        self.plan = None
        if not figs:
            return Choice(end, M("every invader has acted"))
        turn = [view.turn_seq, bool(view.flags.get("interlude"))]
        if self.order.get("turn") != turn:
            self.order = {"turn": turn, "scores": {}}
        cached = self.order["scores"]

        def fresh(f: str) -> tuple[float, Option]:
            mon = view.content.monsters[view.invaders[f].monster]
            best = p.quick(f, self._mp(view, f), 1)[0]
            attack = best.marine is not None
            score = best.score + (2.0 if attack else 0.0) + (0.2 if attack and not mon.melee else 0.0)
            cached[f] = round(score * 1000)
            return score, best

        if self.level.lookahead:
            ranked = sorted(((*fresh(f), f) for f in figs), key=lambda t: (-t[0], t[2]))
            useful = [(sc, f, best) for sc, best, f in ranked if best.marine is not None or best.path]
            if len(useful) > 1:
                return self._joint(view, p, useful, k)
            top = useful[0] if useful else None
        else:
            # Lazy greedy: the scores of the figures not chosen yet are kept from earlier in the
            # turn; the best is recomputed until it still beats every kept score.
            for f in figs:
                if f not in cached:
                    fresh(f)
            top = None
            for _ in range(len(figs)):
                f = min(figs, key=lambda x: (-cached[x], x))
                score, best = fresh(f)
                rest = [cached[x] for x in figs if x != f]
                if not rest or cached[f] >= max(rest):
                    top = (score, f, best)
                    break
            if top is None:
                f = min(figs, key=lambda x: (-cached[x], x))
                score, best = fresh(f)
                top = (score, f, best)
            if not (top[2].marine is not None or top[2].path):
                top = None
        if top is None:
            if end is not None:
                return Choice(end, M("no invader can attack or get to a better square"))
            f = figs[0]
            act = next(a for a in k["activate"] if a.get("figure") == f)
            return Choice(act, M("{figure} acts", figure=who(view, f)))
        _, f, best = top
        act = next(a for a in k["activate"] if a.get("figure") == f)
        if best.marine is not None:
            why = M("{figure} first: it can attack {target} this turn", figure=who(view, f),
                    target=who(view, best.marine))
        else:
            why = M("{figure} next: it can get to a better square", figure=who(view, f))
        return Choice(act, why)

    def _mp(self, view: DoomState, fig: str) -> int:
        mon = view.content.monsters[view.invaders[fig].monster]
        speed = view.flags.get("speed")
        return mon.move + (speed[1] if speed and speed[0] == mon.id else 0)

    def _joint(self, view: DoomState, p: Planner, ranked: list, k: dict[str, list[Action]]) -> Choice:
        """Nightmare: for the first few figures and their best plans, the best answer of the next
        figure once this one has moved (and hit: averaged over its wound outcomes)."""
        best_total, best = None, None
        others_all = [r[1] for r in ranked]
        for _, f, _ in ranked[:NIGHTMARE_FIRST]:
            for plan in p.plans(f, self._mp(view, f), 1)[:NIGHTMARE_PLANS]:
                h = DoomState.from_json(view.to_json())
                end = plan.retreat or plan.move
                if end is not None:
                    h.invaders[f].cells = [tuple(c) for c in end]
                h.activated = list(h.activated) + [f]
                hp = Planner.moved(h, p)
                follow = 0.0
                others = [o for o in others_all if o != f]
                if others:
                    outcomes = plan.outcomes if plan.victim else ((0, 1.0),)
                    for w, pr in outcomes:
                        lives = {plan.victim: view.marines[plan.victim].health - w} if plan.victim else None
                        follow += pr * max((hp.quick(o, self._mp(h, o), 1, lives)[0].score for o in others[:4]),
                                           default=0.0)
                total = plan.score + follow
                if best_total is None or total > best_total:
                    best_total, best = total, (f, plan, follow)
        f, plan, follow = best
        self.plan = {"fig": f, "steps": plan.steps(), "reason": self._plan_words(view, plan),
                     "expect": self._fingerprint(view, f, self._mp(view, f), 1)}
        act = next(a for a in k["activate"] if a.get("figure") == f)
        return Choice(act, M("{figure} first: the best plan together with what the next figure can do after it",
                             figure=who(view, f)))

    def _start_event(self, view: DoomState, p: Planner, plays: list[Action], figs: list[str]) -> Choice | None:
        """Start-of-turn events whose trigger holds and whose value passes a threshold (11.D step 1)."""
        c = view.content
        for a in plays:
            card = c.invader_card(a.get("card"))
            eff = card.effect
            if eff == "marine_range_minus":
                near = [f for f in view.invaders if p.threat.exposure(view.invaders[f].cells,
                        c.monsters[view.invaders[f].monster].armour, 99)[1] > 0]
                if len(near) >= 2:
                    return Choice(a, Mn("play {card}: {n} invader stands where marines could shoot it",
                                             "play {card}: {n} invaders stand where marines could shoot them", len(near),
                                             card=ref("doom.invader_card", card.id)))
        frenzy = [a for a in plays if c.invader_card(a.get("card")).effect == "activate_twice"]
        if frenzy:
            best = None
            for a in frenzy:
                f = a.get("figure")
                if f not in figs:
                    continue
                q = p.quick(f, self._mp(view, f), 1)
                if q and q[0].marine is not None and (best is None or q[0].score > best[0]):
                    best = (q[0].score, a, f, q[0].marine)
            if best is not None and best[0] >= AMBUSH_VALUE:
                return Choice(best[1], M("play Frenzy on {figure}: it can attack {target} twice",
                                         figure=who(view, best[2]), target=who(view, best[3])))
        speed = [a for a in plays if c.invader_card(a.get("card")).effect == "type_speed"]
        if speed:
            amount = c.invader_card(speed[0].get("card")).amount
            gains = []
            for a in speed:
                mon = a.get("monster")
                n = 0
                for f in figs:
                    if view.invaders[f].monster != mon:
                        continue
                    mp = self._mp(view, f)
                    now = p.quick(f, mp, 1)
                    faster = p.quick(f, mp + amount, 1)
                    if faster[0].marine is not None and now[0].marine is None:
                        n += 1
                gains.append((n, a))
            gains.sort(key=lambda t: (-t[0], t[1].get("monster")))
            if gains[0][0] >= 1:
                a = gains[0][1]
                return Choice(a, M("play {card}: {monsters} can then reach a marine",
                                   card=ref("doom.invader_card", a.get("card").split("#")[0]),
                                   monsters=monsters(a.get("monster"), gains[0][0])))
        for a in plays:
            card = c.invader_card(a.get("card"))
            if card.effect == "destroy_door":
                gain = self._door_gain(view, p, a.get("door"))
                if gain >= 4 and not view.map.doors[a.get("door")].security:
                    return Choice(a, M("play {card} on door {door}: it keeps the invaders {gain} squares further from "
                                       "the marines", card=ref("doom.invader_card", card.id), door=view.map.door_name(a.get("door")), gain=gain))
            elif card.effect == "close_doors":
                delay = self._lock_delay(view, p, a.get("doors"))
                if delay >= 2 * len(a.get("doors")):
                    return Choice(a, M("play {card}: the marines need {delay} more MP to their objective",
                                       card=ref("doom.invader_card", card.id), delay=delay))
        return None

    def _door_gain(self, view: DoomState, p: Planner, door: str) -> int:
        if door not in view.closed:
            return 0
        shut = field_from(view, [m.cell for m in p.marines], doors_open=False)
        h = DoomState.from_json(view.to_json())
        h.closed.remove(door)
        opened = field_from(h, [m.cell for m in p.marines], doors_open=False)
        gains = [min(shut.get(c, 60) for c in inv.cells) - min(opened.get(c, 60) for c in inv.cells)
                 for inv in view.invaders.values()]
        return max(gains, default=0)

    def _lock_delay(self, view: DoomState, p: Planner, doors: list[str]) -> int:
        """Extra MP the marines would need to their objective with these doors shut (opening a
        door costs a marine its door cost, spec 6.13)."""
        if not p.goals:
            return 0
        import heapq

        m = view.map
        cost = view.content.number("door_cost")
        free = m.steps(frozenset())

        def total(closed: frozenset[str]) -> int:
            shut = m.steps(closed)
            out = 0
            for mar in p.marines:
                dist = {mar.cell: 0}
                heap = [(0, mar.cell)]
                while heap:
                    d, c = heapq.heappop(heap)
                    if d > dist.get(c, FAR):
                        continue
                    for n in free.get(c, ()):
                        nd = d + 1 + (0 if n in shut.get(c, ()) else cost)
                        if nd < dist.get(n, FAR):
                            dist[n] = nd
                            heapq.heappush(heap, (nd, n))
                out += min((dist.get(g, 60) for g in p.goals), default=0)
            return out

        return total(frozenset(view.closed) | frozenset(doors)) - total(frozenset(view.closed))

    # --- one activation ----------------------------------------------------------------------

    def _fingerprint(self, view: DoomState, fig: str | None = None, mp: int = 0, attacks: int = 0) -> list:
        """What a carried plan expects to find: the figure, its squares, MP, attacks and wounds,
        the marines (squares, health, orders), the invaders and the closed doors."""
        if fig is None:
            act = view.act
            fig, mp, attacks = act["fig"], act["mp"], act["attacks"]
        inv = view.invaders.get(fig)
        return [fig, [list(c) for c in inv.cells] if inv else None, mp, attacks,
                inv.wounds if inv else None,
                sorted([m.id, list(m.cell) if m.cell else None, m.health, m.order] for m in view.marines.values()),
                sorted(view.invaders), list(view.closed)]

    def _act(self, view: DoomState, k: dict[str, list[Action]]) -> Choice:
        act = view.act
        fig = act["fig"]
        plan = self.plan
        if plan is not None and plan["fig"] == fig and plan.get("expect") == self._fingerprint(view) and plan["steps"]:
            got = self._step(view, k, plan["steps"][0])
            if got is not None and not (got.kind == "end_activation" and "attack" in k and act["attacks"]):
                return self._carry(view, plan, got)
        # (re-)plan: a new activation, an interrupt, a roll, or a step the rules no longer offer
        p = self.planner(view)
        doors = [a.get("door") for a in k.get("door", [])]
        vents = [tuple(a.get("to")) for a in k.get("vent", [])]
        plans = p.plans(fig, act["mp"], act["attacks"], doors, vents)
        for _ in range(len(plans)):
            score, chosen = self._pick([(pl.score, pl) for pl in plans])
            steps = chosen.steps()
            got = self._step(view, k, steps[0])
            if got is not None:
                self.plan = {"fig": fig, "steps": steps, "reason": self._plan_words(view, chosen), "expect": None}
                return self._carry(view, self.plan, got)
            plans = [pl for pl in plans if pl is not chosen]
            if not plans:
                break
        self.plan = None
        end = k["end_activation"][0]
        return Choice(end, M("{figure} has no better move", figure=who(view, fig)))

    def _step(self, view: DoomState, k: dict[str, list[Action]], step: dict[str, Any]) -> Action | None:
        """The legal action a planned step stands for (None: the rules do not offer it now)."""
        kind = step["kind"]
        for a in k.get(kind, []):
            if kind == "move" and a.get("to") == step["to"]:
                return a
            if kind == "attack" and a.get("target") == step["target"]:
                return a
            if kind == "door" and a.get("door") == step["door"]:
                return a
            if kind == "vent" and a.get("to") == step["to"]:
                return a
            if kind == "end_activation":
                return a
        return None

    def _carry(self, view: DoomState, plan: dict[str, Any], action: Action) -> Choice:
        """Takes the plan's next step; what the state should look like afterwards (only a plain
        move is predictable: after an attack, a door or a vent the figure re-plans)."""
        step = plan["steps"].pop(0)
        fig = plan["fig"]
        if step["kind"] == "move":
            expect = self._fingerprint(view)
            cost = step.get("cost")
            if cost is None:
                cost = len(Q.reachable(view, fig, view.act["mp"]).get(tuple(tuple(c) for c in step["to"]), []))
            expect[1] = step["to"]
            expect[2] = view.act["mp"] - cost
            plan["expect"] = expect
        else:
            plan["expect"] = None
        if step["kind"] == "end_activation":
            self.plan = None
            return Choice(action, M("{figure} is done", figure=who(view, fig)))
        return Choice(action, plan["reason"])

    def _plan_words(self, view: DoomState, plan: Plan) -> Msg:
        name = who(view, plan.fig)
        end = plan.retreat or plan.move
        where = M("{figure} moves to {place}", figure=name, place=place(view, plan.move)) if plan.move \
            else M("{figure} stays", figure=name)
        if plan.door:
            return M("{figure} opens door {door} to get at the marines", figure=name, door=view.map.door_name(plan.door))
        if plan.vent:
            return M("{figure} crawls through the vents to {place}", figure=name, place=place(view, [plan.vent]))
        exposed = M("out of every marine's sight") if plan.exposed == 0 else \
            Mn("exposed to {n} marine", "exposed to {n} marines", plan.exposed)
        if plan.target is not None:
            words = M("{plan}: {pct}% to kill, {wounds} wounds expected on {target}", plan=where,
                      pct=round(plan.kill * 100) if plan.kill >= 0.01 else 0, wounds=decimal(plan.ew),
                      target=who(view, plan.victim))
            if plan.retreat:
                words = M("{plan}, then falls back to {place}", plan=words, place=place(view, plan.retreat))
            return M("{plan}, {exposed}", plan=words, exposed=exposed)
        if end is None:
            return M("{figure} holds its square, {exposed}", figure=name, exposed=exposed)
        return M("{plan}, closing in, {exposed}", plan=where, exposed=exposed)

    # --- questions inside a resolution ---------------------------------------------------------

    def _answer(self, view: DoomState, k: dict[str, list[Action]], kind: str) -> Choice:
        opts = k[kind]
        pending = view.proc["pending"]
        about = pending.get("about") or {}
        if kind == "place":
            return self._place(view, opts)
        if kind == "recycle":
            return self._recycle(view, opts)
        if kind == "sentry":
            use = [a for a in opts if a.get("use")]
            return Choice(use[0] if use else opts[0], M("the demon strikes the marine stepping next to it (Sentry)")
                          if use else M("nothing to strike"))
        if kind == "dodge_card":
            return self._dodge(view, opts, about)
        if kind == "reroll":
            return self._reroll(view, opts, about)
        if kind == "dud":
            return self._dud(view, opts, about)
        if kind == "hellfire":
            return self._hellfire(view, opts, about)
        if kind == "dark_energies":
            return self._dark_energies(view, opts, about)
        if kind == "trap":
            return self._trap(view, opts)
        if kind == "knockback":
            return self._knockback(view, opts)
        return self._fallback.decide(view, list(opts))

    def _victim_loss(self, view: DoomState, victims: Iterable[str], dist: dict) -> float:
        """The invader's loss in marine wounds from a wound distribution on each victim."""
        p = self.planner(view)
        loss = 0.0
        for v in victims:
            inv = view.invaders.get(v)
            if inv is None:
                continue
            mon = view.content.monsters[inv.monster]
            hp = mon.health - inv.wounds
            val = p.value(inv.monster)
            for w, pr in dist.get(mon.armour, {}).items():
                loss += float(pr) * (min(w, hp) * val / mon.health + (val if w >= hp else 0.0))
        return loss

    def _roll_dists(self, view: DoomState, about: dict, reroll: tuple[int, ...]) -> dict[int, dict]:
        """Wound distributions per armour value of the invaders concerned after a reroll."""
        faces = [tuple(f) for f in about["faces"]]
        acc = about.get("accuracy", 0) - (view.flags.get("darkness", 0) if about["attacker"] in view.marines else 0)
        out = {}
        for v in about.get("victims", []):
            if v in view.invaders:
                armour = view.content.monsters[view.invaders[v].monster].armour
                if armour not in out:
                    out[armour] = reroll_distribution(faces, reroll, about.get("distance"), armour, acc,
                                                      about.get("deadly", 0), about.get("melee", False), view.content)
        return out

    @staticmethod
    def _card_offer(view: DoomState, opts: list[Action], about: dict):
        """A card question after a marine's roll (Dodge, Dud): the options that play a card, the
        one that does not, and the invaders the roll is against; no card or no roll: none."""
        play = [a for a in opts if a.get("card")]
        no = next(a for a in opts if not a.get("card"))
        if not play or "faces" not in about:
            return play, no, None
        return play, no, [v for v in about.get("victims", []) if v in view.invaders]

    def _dodge(self, view: DoomState, opts: list[Action], about: dict) -> Choice:
        play, no, victims = self._card_offer(view, opts, about)
        if victims is None:
            return Choice(no, QUIET)
        now = self._victim_loss(view, victims, self._roll_dists(view, about, ()))
        n = len(about["faces"])
        best = min(self._victim_loss(view, victims, self._roll_dists(view, about, s)) for s in _subsets(n))
        saved = now - best
        if saved >= DODGE_PREVENTED:
            return Choice(play[0], M("play Dodge: a reroll saves {saved} wounds' worth", saved=decimal(saved)))
        return Choice(no, QUIET)

    def _reroll(self, view: DoomState, opts: list[Action], about: dict) -> Choice:
        if "faces" not in about:
            return self._fallback.decide(view, list(opts))
        ours = about["attacker"] in view.invaders  # our own attack (an Aim ability): maximise
        scored = []
        for a in opts:
            s = tuple(a.get("dice"))
            if ours:
                val = self._marine_damage(view, about, s)
            else:
                victims = [v for v in about.get("victims", []) if v in view.invaders]
                val = -self._victim_loss(view, victims, self._roll_dists(view, about, s))
            scored.append((val, len(s), a))
        scored.sort(key=lambda t: (-t[0], t[1]))
        val, _, best = scored[0]
        dice = best.get("dice")
        if not dice:
            return Choice(best, M("keep the roll: no reroll does better"))
        return Choice(best, Mn("reroll die {dice}: the best exact expectation",
                               "reroll dice {dice}: the best exact expectation", len(dice),
                                 dice=", ".join(str(i + 1) for i in dice)))

    def _marine_damage(self, view: DoomState, about: dict, reroll: tuple[int, ...]) -> float:
        faces = [tuple(f) for f in about["faces"]]
        total = 0.0
        for v in about.get("victims", []):
            mar = view.marines.get(v)
            if mar is None or mar.cell is None:
                continue
            dist = reroll_distribution(faces, reroll, about.get("distance"), mar.armour, about.get("accuracy", 0),
                                       about.get("deadly", 0), about.get("melee", False), view.content)
            total += sum(float(p) * (min(w, mar.health) + (self.level.kill if w >= mar.health else 0)) for w, p in dist.items())
        return total

    def _dud(self, view: DoomState, opts: list[Action], about: dict) -> Choice:
        play, no, victims = self._card_offer(view, opts, about)
        if victims is None:
            return Choice(no, QUIET)
        loss = self._victim_loss(view, victims, self._roll_dists(view, about, ()))
        if loss >= DUD_SAVED:
            return Choice(play[0], M("play Dud: the shot would cost {loss} wounds' worth", loss=decimal(loss)))
        return Choice(no, QUIET)

    def _hellfire(self, view: DoomState, opts: list[Action], about: dict) -> Choice:
        play = [a for a in opts if a.get("card")]
        no = next(a for a in opts if not a.get("card"))
        attacker, target = about.get("attacker"), about.get("target")
        mar_id = view.figure_cells().get(tuple(target)) if target else None
        if not play or attacker not in view.invaders or mar_id not in view.marines or about.get("distance") is None:
            return Choice(no, QUIET)
        mon = view.content.monsters[view.invaders[attacker].monster]
        mar = view.marines[mar_id]
        args = (mon.dice, about["distance"], mar.armour, mar.health, mon.abilities.accuracy)
        ew0, k0 = _ew_kill(*args, mon.abilities.deadly, mon.melee, view.content)
        ew1, k1 = _ew_kill(*args, mon.abilities.deadly + view.content.invader_card(play[0].get("card")).amount,
                           mon.melee, view.content)
        gain = ew1 - ew0 + self.level.kill * (k1 - k0)
        if gain >= HELLFIRE_GAIN:
            return Choice(play[0], M("play Hellfire: +{pct}% to kill {figure}", pct=round((k1 - k0) * 100),
                                     figure=who(view, mar_id)))
        return Choice(no, QUIET)

    def _dark_energies(self, view: DoomState, opts: list[Action], about: dict) -> Choice:
        no = next(a for a in opts if not a.get("card"))
        attacker, target = about.get("attacker"), about.get("target")
        if attacker not in view.marines or not target:
            return Choice(no, QUIET)
        p = self.planner(view)
        best = None
        for a in opts:
            f = a.get("figure")
            if not a.get("card") or f not in view.invaders:
                continue
            inv = view.invaders[f]
            if tuple(target) not in inv.cells or about.get("distance") is None:
                continue
            mon = view.content.monsters[inv.monster]
            hp = mon.health - inv.wounds
            _, k0 = self._best_marine_shot(view, p, attacker, about["distance"], mon.armour, hp)
            _, k1 = self._best_marine_shot(view, p, attacker, about["distance"], mon.armour, hp + 1)
            if k0 - k1 >= DARK_ENERGIES_GAIN:
                best = (a, f, k0, k1)
        if best is None:
            return Choice(no, QUIET)
        a, f, k0, k1 = best
        return Choice(a, M("play Dark Energies on {figure}: its chance to die falls from {pct}% to {pct2}%",
                           figure=who(view, f), pct=round(k0 * 100), pct2=round(k1 * 100)))

    def _best_marine_shot(self, view, p: Planner, marine: str, d: int, armour: int, hp: int) -> tuple[float, float]:
        best = (0.0, 0.0)
        for prof in p.threat.weapons.get(marine, ()):
            got = _ew_kill(prof.dice, d, armour, hp, prof.accuracy, prof.deadly, prof.melee, view.content)
            best = max(best, got, key=lambda t: t[1])
        return best

    def _trap(self, view: DoomState, opts: list[Action]) -> Choice:
        play = [a for a in opts if a.get("card")]
        no = next(a for a in opts if not a.get("card"))
        if not play:
            return Choice(no, QUIET)
        p = self.planner(view)
        n = 0
        for f in view.invaders:
            q = p.quick(f, self._mp(view, f), 1)
            if q and q[0].marine is not None and q[0].score >= AMBUSH_VALUE:
                n += 1
        if n >= 1:
            return Choice(play[0], Mn("play Trap: {n} invader can strike at once",
                                      "play Trap: {n} invaders can strike at once", n))
        return Choice(no, QUIET)

    def _ambush(self, view: DoomState, k: dict[str, list[Action]]) -> Choice:
        p = self.planner(view)
        best = None
        for a in k.get("play", []):
            f = a.get("figure")
            q = p.quick(f, self._mp(view, f), 1)
            if q and q[0].marine is not None and (best is None or q[0].score > best[0]):
                best = (q[0].score, a, f, q[0].marine)
        if best is not None and best[0] >= AMBUSH_VALUE:
            return Choice(best[1], M("ambush: {figure} can attack {target} now", figure=who(view, best[2]),
                                     target=who(view, best[3])))
        return Choice(k["pass"][0], QUIET)

    def _knockback(self, view: DoomState, opts: list[Action]) -> Choice:
        p = self.planner(view)
        moves = [a for a in opts if a.get("to")]
        hazard = [a for a in moves if view.has_marker(tuple(a.get("to")), "hazard")]
        if hazard:
            return Choice(hazard[0], M("knock the marine onto the hazard in {place}",
                                       place=place(view, [hazard[0].get('to')])))
        if not moves or not p.goal_dist:
            return Choice(opts[0], M("leave the marine where it is"))
        best = max(moves, key=lambda a: (p.goal_dist.get(tuple(a.get("to")), 0), a.get("to")))
        return Choice(best, M("knock the marine back to {place}, away from its objective",
                               place=place(view, [best.get('to')])))

    def _recycle(self, view: DoomState, opts: list[Action]) -> Choice:
        p = self.planner(view)
        figs = [a for a in opts if a.get("figure")]
        lose = next(a for a in opts if not a.get("figure"))
        if not figs:
            return Choice(lose, M("no figure to bring back"))

        def far(a: Action) -> int:
            inv = view.invaders[a.get("figure")]
            return min(p.marine_dist.get(c, FAR) for c in inv.cells)

        best = max(figs, key=lambda a: (far(a), view.invaders[a.get("figure")].wounds, a.get("figure")))
        inv = view.invaders[best.get("figure")]
        mon = view.content.monsters[inv.monster]
        if far(best) > mon.move + p.reach(inv.monster) + 2 or inv.wounds:
            return Choice(best, M("bring back {figure}: it is far from the marines", figure=who(view, inv.id)))
        return Choice(lose, M("every figure of the type is where it is needed"))

    def _place(self, view: DoomState, opts: list[Action]) -> Choice:
        """Spawn squares (11.D step 2): out of sight by the rules; scored by the path distance to
        the nearest marine aiming at MP + typical range, near the marines' objective; the best
        few then by the plan the new figure could make this turn."""
        p = self.planner(view)
        prompt = english(view.proc["pending"]["prompt"])  # turn.py's spawn asks "Where does the <name> appear?"
        monster = next(m for m, mon in view.content.monsters.items() if prompt == f"Where does the {mon.name} appear?")
        mon = view.content.monsters[monster]
        ideal = mon.move + p.reach(monster) + self.level.spawn_margin
        scored = []
        for a in opts:
            cells = [tuple(c) for c in a.get("cells")]
            d = min(p.marine_dist.get(c, FAR) for c in cells)
            s = -max(0, d - ideal) - 0.25 * max(0, ideal - d)
            if p.goal_dist:
                s -= OBJECTIVE * min(p.goal_dist.get(c, 60) for c in cells)
                if any(c in p.on_way for c in cells):
                    s += BLOCK
            scored.append((s, a, d))
        scored.sort(key=lambda t: (-t[0], t[1].get("cells")))
        # the best few by what the figure could do from there this turn (it activates after the spawn)
        refined = []
        h = DoomState.from_json(view.to_json()) if self.level.refine else None
        tmp = "ai_probe#0"
        for s, a, d in scored[:self.level.refine]:
            h.invaders[tmp] = Invader(tmp, monster, [tuple(c) for c in a.get("cells")])
            hp = Planner.moved(h, p)
            q = hp.quick(tmp, mon.move, 1)
            refined.append((q[0].score if q else s, a, d, q[0].marine if q else None))
            h.invaders.pop(tmp)
        refined.sort(key=lambda t: (-t[0], t[1].get("cells")))
        if not refined:  # a level that does not look ahead: the distance score decides
            refined = [(s, a, d, None) for s, a, d in scored]
        score, a, d, target = self._pick([(r[0], r) for r in refined])[1]
        at = place(view, a.get("cells"))
        if target is not None:
            return Choice(a, M("{monster} appears in {place}, out of sight, {d} squares from the marines: it can strike {figure} this turn",
                               monster=monster_name(mon.id), place=at, d=d, figure=who(view, target)))
        return Choice(a, M("{monster} appears in {place}, out of sight, {d} squares from the nearest marine",
                           monster=monster_name(mon.id), place=at, d=d))


def _subsets(n: int) -> list[tuple[int, ...]]:
    from itertools import combinations

    return [s for k in range(n + 1) for s in combinations(range(n), k)]


__all__ = ["DIFFICULTIES", "InvaderAI", "Planner", "Threat", "objective_cells", "monster_value"]
