"""MarineBot: a Doom marine that plays sensibly (spec doom.md 11.D asks bots for both sides; this is
the marines' one), as a solo partner at the table and for self-play.

Each decision weighs a plan for the turn from what a marine may know:

- **where to end the move**: progress toward the scenario's objective (a key it has seen, a console,
  the exit once its security doors can be opened, else the nearest unexplored square), what it
  picks up on the way (a medikit when hurt, ammo for its weapons, weapons, armour, adrenaline,
  keys), staying within a few squares of its team-mates, and the danger there: for every invader,
  whether it could attack that square in its next activation (walking with its MP, a closed door
  costing it the door's MP, security doors never; a ranged one from where it stands or after a few
  steps) and the exact expected wounds of its dice against the marine's armour (rules/odds.py),
  weighed more the lower the marine's health;
- **the action** (Run, Fire, Advance, Ready) that scores best: two shots from here, a shot then a
  move out of sight, a move then a shot, or a move and an order (Guard when invaders could come
  into its sight, Dodge when it is exposed and cannot shoot well, Heal for the Medic);
- **shots** by exact odds (the rules' own `queries.attack_targets`, `profile`, `distance` and
  `attack.potential_victims`): the chance to kill, then the expected wounds, never a Blast that
  would wound a marine more than it hurts invaders;
- **doors**: opened toward the objective, closed between itself and invaders it cannot kill.

Every question inside a resolution gets an answer (`guard`: shoot when the odds of a wound are
good, or the invader is about to attack; `aim`; `reroll`: the subset with the best exact odds for
the attacker, or the fewest expected wounds when it dodges; `heal` / `heal_now`; `blow_through`;
`knockback`); decisions that belong to the invader are passed to GreedyBot, so the bot never
stops a game.

It decides on the deciding seat's view (rules/view.py `view_for`, via bots.seat_view), so
what is hidden from the marines (spec 11.D; DESIGN.md "a bot gets a view") is not there to
read: the invader's hand, the order of both decks, the RNG and the resolver's checkpoint. It
also does not read `state.map.props` / `state.map.figures` (what the unexplored areas hold). It does use the floor
plan (walls and doors) of unexplored areas for path lengths, as GreedyBot does.

The bot's own randomness (ties between equal plans) is `self.rng`, a `random.Random`;
`get_state()` / `set_state()` carry it and the bot's memory of its last attack as plain JSON.
"""
from __future__ import annotations

import heapq
import json
import random
from contextlib import contextmanager
from functools import lru_cache
from itertools import product
from typing import Any, Iterator

from game.doom.bots import FAR, GreedyBot, _misses, asked, field_from, group_by_kind, named, rolled_faces, seat_view
from game.doom.rules import attack as A
from game.doom.rules import queries as Q
from game.doom.rules.names import ammo, place, ref, target as target_words, thing, weapon_name, who
from game.doom.rules.odds import hit_chance, wound_distribution
from game.doom.rules.state import INVADER, Cell, DoomState, Marine
from game.doom.rules.turn import decider, door_cost
from game.engine.bots import Choice
from game.engine import text as T
from game.engine.protocol import Action
from game.engine.text import M, Mn, Msg, decimal, join
from game.i18n import N_

# How much each thing is worth, in "squares of progress toward the objective".
WOUND = 4.0  # one expected wound taken
KILL = 3.0  # an invader destroyed, plus its health
ITEM = {"armour": 3.0, "adrenaline": 1.5, "weapon": 4.0, "ammo": 1.5, "key": 40.0}
TEAM_RANGE = 4  # squares to the nearest team-mate before straying costs
OBJECTIVE = 200.0
AMMO_SHOT = 0.3
# Why the bot places an order (its reason in the log).
ORDER_WORDS = {"guard": N_("Guard: interrupt the invaders when they come into sight"),
               "dodge": N_("Dodge: exposed to invaders it cannot shoot well, make their attacks reroll"),
               "heal": N_("Heal: a hurt marine is in reach of the Medic"),
               "aim": N_("Aim: the next attack may reroll its misses")}
EXPLORE = 6.0  # opening a door onto an unexplored area  # the ammo a shot may cost  # ending the move on the objective (an exit square, a console)


@lru_cache(maxsize=4096)
def _wounds(dice: tuple[str, ...], dist: int, armour: int, acc: int, deadly: int, melee: bool,
            content) -> tuple[tuple[int, float], ...]:
    """rules/odds.py's exact wound distribution as floats, cached (the bot asks it thousands of times)."""
    return tuple((w, float(p)) for w, p in wound_distribution(dice, dist, armour, acc, deadly, melee, content).items())


def _cheb(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


@contextmanager
def _standing(mar: Marine, cell: Cell) -> Iterator[None]:
    """The marine imagined on `cell` while the rules' queries answer (put back afterwards)."""
    old = mar.cell
    mar.cell = cell
    try:
        yield
    finally:
        mar.cell = old


class _Shot:
    __slots__ = ("weapon", "target", "value", "kills", "wound")

    def __init__(self, weapon: str, target: Cell, value: float, kills: dict[str, float], wound: float):
        self.weapon, self.target, self.value, self.kills, self.wound = weapon, target, value, kills, wound


class _Scene:
    """What one decision needs about the board, computed once: the objective field, each
    invader's reach and sight, and shot values per square (cached)."""

    def __init__(self, state: DoomState, me: str, idle: int = 0):
        self.idle = idle  # turns this marine has not come closer to its objective
        self.state = state
        self.me = me
        self.mar = state.marines[me]
        self.m = state.map
        self.c = state.content
        self.closed = state.closed_set
        self.strict = state.option("strict_corners")
        self.figures = state.figure_cells()
        self.blockers = frozenset(state.blocking_markers())
        self.revealed = Q.revealed_cells(state)
        self.goal_cells, self.goal_words, self.final = self._objective()
        self.goal = self._field(self.goal_cells)
        self.mates = [m for m in state.marines.values() if m.id != me and m.cell is not None]
        self._reach: dict[tuple, dict[Cell, int]] = {}
        self._sight: dict[tuple[str, frozenset[str]], frozenset[Cell]] = {}
        self._shots: dict[Cell, list[_Shot]] = {}
        self._threat: dict[str, dict[int, float]] = {}
        self.door_mp = door_cost(state, me)
        self.door_from = self._doors_usable() if self.mar.cell is not None else {}

    # --- the objective ------------------------------------------------------------------------

    def _objective(self) -> tuple[list[Cell], str, bool]:
        """The squares to head for, in words, and whether reaching one wins or triggers an objective."""
        state, m = self.state, self.m
        sc = self.c.scenarios[state.scenario]
        keys = [mk for mk in state.markers if mk.kind == "key" and self.key_needed(mk.variant)]
        if keys:
            return [mk.cell for mk in keys], M("the {key} key", key=ref("doom.key", keys[0].variant)), False
        for e in sc.win_encounters:
            cells = [mk.cell for mk in state.markers if mk.kind == "encounter" and mk.variant == e]
            if cells and e not in state.encounters_done:
                return cells, M("console {encounter}", encounter=e), True
        if sc.win_area:
            needed = {d.key for d in m.doors.values() if d.security and
                      any(n in m.areas[sc.win_area] for n in d.flanks)}
            if needed <= set(state.keys):
                return list(m.areas[sc.win_area]), M("the exit"), True
        unexplored = [c for c in m.floor if m.area_of.get(c) not in state.revealed]
        if unexplored:
            return unexplored, M("unexplored rooms"), False
        return list(m.floor), M("whatever helps (nothing left to explore)"), False

    def key_needed(self, colour: str) -> bool:
        """Whether a key opens the way to the objective. With an exit area only the keys of the
        security doors into it do (P1: the red key, seed p. 4); any other key is a detour, worth
        what lies behind its door (equipment) and taken only on the way."""
        sc = self.c.scenarios[self.state.scenario]
        if not sc.win_area:
            return True
        return any(d.security and d.key == colour and any(self.m.area_of.get(f) == sc.win_area for f in d.flanks)
                   for d in self.m.doors.values())

    def _field(self, goals: list[Cell]) -> dict[Cell, int]:
        """Path lengths to the nearest goal through doors the marines can open (a security door
        only once its key is found)."""
        locked = frozenset(d for d in self.closed if self.m.doors[d].security
                           and self.m.doors[d].key not in self.state.keys)
        return field_from(self.state, goals, closed=locked)

    # --- the invaders' reach ---------------------------------------------------------------------

    def reach(self, fig: str, closed: frozenset[str]) -> dict[Cell, int]:
        """MP an invader needs to stand on each square (its first square): one per step over the
        explored floor, a closed door costing the door's MP to open, never a security door."""
        key = (fig, closed)
        got = self._reach.get(key)
        if got is not None:
            return got
        inv = self.state.invaders[fig]
        limit = self.c.monsters[inv.monster].move + 3
        open_steps = self.m.steps(frozenset(d for d in closed if self.m.doors[d].security))
        shut = self.m.steps(closed)
        cost_door = self.c.number("door_cost")
        dist: dict[Cell, int] = {}
        heap = [(0, c) for c in inv.cells]
        while heap:
            d, c = heapq.heappop(heap)
            if c in dist:
                continue
            dist[c] = d
            if d >= limit:
                continue
            plain = shut.get(c, ())
            for n in open_steps.get(c, ()):
                if n in dist or n not in self.revealed or n in self.blockers:
                    continue
                heapq.heappush(heap, (d + (1 if n in plain else 1 + cost_door), n))
        self._reach[key] = dist
        return dist

    def beside(self, fig: str, closed: frozenset[str]) -> dict[Cell, int]:
        """MP the invader needs to stand next to each square (beside it, not across a wall)."""
        key = ("beside", fig, closed)
        got = self._reach.get(key)
        if got is None:
            steps = self.m.steps(closed)
            got = {}
            for c, d in self.reach(fig, closed).items():
                for n in steps.get(c, ()):
                    if d < got.get(n, FAR):
                        got[n] = d
            self._reach[key] = got
        return got

    def sight(self, fig: str, closed: frozenset[str]) -> frozenset[Cell]:
        """Squares the invader sees from where it stands (obstacles and closed doors block; other
        figures are not counted: they move)."""
        key = (fig, closed)
        got = self._sight.get(key)
        if got is None:
            got = frozenset()
            for c in self.state.invaders[fig].cells:
                got |= self.m.visible_from(c, self.blockers - {c}, closed, self.strict)
            self._sight[key] = got
        return got

    def threat_wounds(self, fig: str, dist: int) -> float:
        """Expected wounds the invader's attack deals this marine at a distance (exact odds)."""
        by = self._threat.setdefault(fig, {})
        if dist not in by:
            prof = Q.profile(self.state, fig, None)
            wd = _wounds(prof.dice, dist, self.mar.armour, prof.accuracy, prof.deadly, prof.melee, self.c)
            by[dist] = sum(w * p for w, p in wd)
        return by[dist]

    def danger(self, cell: Cell, closed: frozenset[str] | None = None,
               spared: dict[str, float] | None = None) -> float:
        """Expected wounds this marine may take on `cell` in the invaders' next turn."""
        closed = self.closed if closed is None else closed
        total = 0.0
        for fig, inv in self.state.invaders.items():
            mon = self.c.monsters[inv.monster]
            near = min(_cheb(c, cell) for c in inv.cells)
            if near > mon.move + 12:
                continue
            best = 0.0
            need = self.beside(fig, closed).get(cell, FAR)
            if need <= mon.move:  # it can walk next to the square
                best = self.threat_wounds(fig, 1)
            if not mon.melee:
                if cell in self.sight(fig, closed):
                    best = max(best, self.threat_wounds(fig, near))
                elif need <= mon.move + 2:  # a few steps round a corner bring it into view
                    best = max(best, 0.7 * self.threat_wounds(fig, max(2, near - mon.move)))
            if best:
                # an invader attacks one marine: shared when a team-mate is closer to it
                if any(min(_cheb(c, o.cell) for c in inv.cells) < near for o in self.mates):
                    best *= 0.5
                total += best * (1.0 - (spared or {}).get(fig, 0.0))
        return total

    def risk(self) -> float:
        """What one expected wound costs: more the closer the marine is to death, less the longer
        it has waited without getting closer to the objective (waiting lets the invader draw
        more cards; a dead marine respawns)."""
        clock = 0.35 if self.c.scenarios[self.state.scenario].meltdown is not None else 1.0  # time is frags there
        return WOUND * (1.0 + 3.0 / max(1, self.mar.health)) * (0.6 ** min(self.idle, 6)) * clock

    def danger_cost(self, cell: Cell, closed: frozenset[str] | None = None,
                    spared: dict[str, float] | None = None) -> float:
        """The danger on `cell` in progress squares; no more than dying there costs."""
        return self.risk() * min(self.danger(cell, closed, spared), self.mar.health + 1.0)

    # --- shots ---------------------------------------------------------------------------------

    def kill_value(self, fig: str) -> float:
        return KILL + self.c.monsters[self.state.invaders[fig].monster].health

    def shots(self, cell: Cell) -> list[_Shot]:
        """Every attack the marine could make from `cell` with its usable weapons, best first."""
        got = self._shots.get(cell)
        if got is not None:
            return got
        state, mar = self.state, self.mar
        out: list[_Shot] = []
        if state.invaders and any(cell in self.sight(f, self.closed) or
                                  min(_cheb(c, cell) for c in inv.cells) <= 1 for f, inv in state.invaders.items()):
            with _standing(mar, cell):
                for w in Q.marine_weapons(state, mar):
                    for target in Q.attack_targets(state, self.me, w):
                        s = self.shot_value(w, target)
                        if s is not None:
                            out.append(s)
        out.sort(key=lambda s: -s.value)
        self._shots[cell] = out
        return out

    def shot_value(self, weapon: str, target: Cell) -> _Shot | None:
        state = self.state
        prof = Q.profile(state, self.me, weapon)
        dist = Q.distance(state, self.me, target, prof.abilities.indirect)
        if dist is None:
            return None
        victims = A.potential_victims(state, self.me, target, prof)
        if not any(v in state.invaders for v in victims):
            return None  # barrels and empty squares: not worth the ammo for this bot
        acc = prof.accuracy - state.flags.get("darkness", 0)
        berserk = self.mar.berserk and weapon == "fist"
        value, kills, wound = 0.0, {}, 0.0
        for v in victims:
            if v in state.invaders:
                mon = self.c.monsters[state.invaders[v].monster]
                left, armour = mon.health - state.invaders[v].wounds, mon.armour
            else:
                left, armour = state.marines[v].health, state.marines[v].armour
            wd = _wounds(prof.dice, dist, armour, acc, prof.deadly, prof.melee, self.c)
            if berserk:
                hit = float(hit_chance(prof.dice, dist, acc, prof.melee, self.c))  # any hit destroys (6.12)
                pk, ew = hit, hit * left
            else:
                pk = sum(p for w, p in wd if w >= left)
                ew = sum(min(w, left) * p for w, p in wd)
            if v in state.invaders:
                value += pk * self.kill_value(v) + ew
                kills[v] = pk
                wound = max(wound, sum(p for w, p in wd if w > 0))
            else:  # a marine in the blast: its wounds count against the shot, its death far more
                value -= self.risk() * ew + 30.0 * pk
        ammo = prof.ammo
        if ammo != "none":  # a token may go (an ammo icon); the last one is kept for a better shot
            value -= AMMO_SHOT + (0.5 if self.mar.ammo.get(ammo, 0) <= 1 else 0.0)
        return _Shot(weapon, target, value, kills, wound)

    # --- positions ---------------------------------------------------------------------------

    def item_value(self, cell: Cell, health: int) -> float:
        """What the marine gains by stepping on `cell` (spec 6.12: taken on entering)."""
        mar, c = self.mar, self.c
        total = 0.0
        for mk in self.state.markers_at(cell):
            if mk.kind == "key":
                total += ITEM["key"] if self.key_needed(mk.variant) else ITEM["weapon"]
            elif mk.kind == "hazard":
                total -= self.risk()
            elif mk.kind == "equipment":
                v = mk.variant
                if v in c.ammo:
                    uses = any(c.weapons[w].ammo == v for w in mar.weapons) or any(
                        w.always and w.ammo == v for w in c.weapons.values())
                    total += ITEM["ammo"] * mk.count * (1.0 if uses else 0.4)
                elif v in c.weapons:
                    total += 0.0 if v in mar.weapons else ITEM["weapon"] + len(c.weapons[v].dice)
                elif c.items.get(v) is not None:
                    eff = c.items[v].effect
                    if eff == "medikit":
                        total += WOUND * min(c.items[v].amount, mar.max_health - health) * (
                            1.0 + 2.0 / max(1, health))
                    elif eff in ITEM:
                        total += ITEM[eff] * mk.count
        return total

    def door_gain(self, cell: Cell, mp_left: int) -> float:
        """Progress a closed door usable from `cell` would open toward the objective, with the MP
        left to open it (a move ends there, the door action follows)."""
        if mp_left < self.door_mp:
            return 0.0
        here = self.goal.get(cell, FAR)
        best = 0
        for d in self.door_from.get(cell, ()):
            flanks = self.m.doors[d].flanks
            far = min(self.goal.get(f, FAR) for f in flanks)
            gain = min(here, 60) - min(far, 60)
            if gain > 0 and any(self.m.area_of.get(f) not in self.state.revealed for f in flanks):
                gain = max(gain, EXPLORE)  # a room revealed is worth more than its first square
            best = max(best, gain)
        return 0.9 * best

    def _doors_usable(self) -> dict[Cell, list[str]]:
        """Closed doors the marine could open from each square near them (the rules' usable_doors
        asked with the marine imagined there)."""
        out: dict[Cell, list[str]] = {}
        steps = self.m.steps(self.closed)
        near: set[Cell] = set()
        for d in self.closed:
            for f in self.m.doors[d].flanks:
                near.add(f)
                near.update(steps.get(f, ()))
        for c in near:
            if c not in self.revealed or (c in self.figures and self.figures[c] != self.me) or c in self.blockers:
                continue
            with _standing(self.mar, c):
                usable = [d for d in Q.usable_doors(self.state, self.me) if d in self.closed]
            if usable:
                out[c] = usable
        return out

    def position_value(self, cell: Cell, path: list[tuple[Cell, ...]], closed: frozenset[str] | None = None,
                       spared: dict[str, float] | None = None, mp_left: int = 0) -> float:
        gd = self.goal.get(cell, FAR)
        value = -float(min(gd, 60)) + self.door_gain(cell, mp_left)
        if gd == 0 and self.final:
            value += OBJECTIVE
        taken = set()
        for pos in path:
            sq_ = pos[0]
            if sq_ in taken or self.figures.get(sq_, self.me) != self.me:
                continue  # nothing is picked up on a friend's square (spec 11 item 28)
            taken.add(sq_)
            value += self.item_value(sq_, self.mar.health)
        if self.mates:
            near = min(_cheb(cell, o.cell) for o in self.mates)
            value -= 0.6 * max(0, near - TEAM_RANGE)
        value -= self.danger_cost(cell, closed, spared) + self.sentry_cost(path)
        return value

    def sentry_cost(self, path: list[tuple[Cell, ...]]) -> float:
        """Spec 6.8 Sentry: an invader with it may attack a marine at once each time it steps
        next to it (rules/turn.py after every step of the marine's own); the expected wounds of
        those attacks along the path, in progress squares."""
        sentries = self.__dict__.get("_sentries")
        if sentries is None:
            sentries = self._sentries = [(f, inv.cells) for f, inv in self.state.invaders.items()
                                         if self.c.monsters[inv.monster].abilities.sentry]
        if not sentries or not path:
            return 0.0
        wounds = 0.0
        for pos in path:
            c = pos[0]
            if self.figures.get(c, self.me) != self.me:
                continue  # passing a friend's square: no window there (rules/turn.py)
            for fig, cells in sentries:
                if any(self.m.adjacent(x, c, self.closed) for x in cells):
                    wounds += self.threat_wounds(fig, 1)
        return self.risk() * min(wounds, self.mar.health + 1.0)


class MarineBot:
    """A Doom marine controller: `decide(state, actions)` returns a Choice with its reason."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        # "attack": the last attack it chose ({"weapon", "target"}, for its rerolls); "last" and
        # "idle": per marine, its objective and distance at the last declare, and idle turns
        self.memory: dict[str, Any] = {}
        self._greedy = GreedyBot()

    # --- the engine's bot interface ------------------------------------------------------------

    def choose(self, actions: list[Action], state: DoomState) -> Action:
        return self.decide(state, actions).action

    def get_state(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        return {"rng": [version, list(internal), gauss], "memory": json.loads(json.dumps(self.memory))}

    def set_state(self, data: dict[str, Any]) -> None:
        version, internal, gauss = data["rng"]
        self.rng.setstate((version, tuple(internal), gauss))
        self.memory = json.loads(json.dumps(data.get("memory", {})))

    def decide(self, state: DoomState, actions: list[Action]) -> Choice:
        if not actions:
            raise ValueError("no legal action to choose from")
        state = seat_view(state)  # what the deciding seat may see, never the state itself
        by_kind = group_by_kind(actions)
        if state.proc is not None:
            asked = state.proc["pending"]["decider"]
            if asked in state.marines:
                return self._answer(state, asked, actions[0].kind, by_kind[actions[0].kind])
            return self._greedy.decide(state, actions)
        if decider(state) == INVADER:
            return self._greedy.decide(state, actions)  # the invader's decisions are not ours
        return self._turn(state, by_kind)

    # --- questions inside a resolution ------------------------------------------------------

    def _answer(self, state: DoomState, me: str, kind: str, opts: list[Action]) -> Choice:
        if kind == "guard":
            return self._guard(state, me, opts)
        if kind == "aim":
            yes = [a for a in opts if a.get("aim")]
            return Choice(yes[0] if yes else opts[0], M("aim this attack: the Aim order lets it reroll any dice"))
        if kind == "heal":
            yes = [a for a in opts if a.get("heal")]
            return Choice(yes[0] if yes else opts[0], M("heal before the roll: a wound less to fear"))
        if kind == "heal_now":
            hurt = [a for a in opts if a.get("target")]
            if not hurt:
                return Choice(opts[0], M("nobody near is hurt"))
            best = min(hurt, key=lambda a: (state.marines[a.get("target")].health, a.get("target")))
            return Choice(best, M("heal {figure}, the most hurt marine in reach",
                                  figure=who(state, best.get('target'))))
        if kind == "reroll":
            return self._reroll(state, me, opts)
        if kind == "blow_through":
            return self._blow_through(state, me, opts)
        if kind == "knockback":
            none = [a for a in opts if a.get("to") is None]
            return Choice(none[0] if none else opts[0], M("leave the marine where it stands"))
        return Choice(opts[0], M("no view on {kind}: the first option", kind=kind))

    def _guard(self, state: DoomState, me: str, opts: list[Action]) -> Choice:
        """A Guard (or Front Guard) interrupt: shoot when the odds of a wound are good, prefer a
        kill; hold the order while a better moment may come."""
        use = [a for a in opts if a.get("use")]
        stay = next((a for a in opts if not a.get("use")), None)
        if not use:
            return Choice(opts[0], M("nothing to shoot at"))
        sc = _Scene(state, me)
        scored = []
        for a in use:
            s = sc.shot_value(a.get("weapon"), tuple(a.get("target")))
            if s is not None:
                scored.append((s.value, a, s))
        if not scored:
            return Choice(stay or opts[0], M("no invader in the line of fire"))
        value, best, s = max(scored, key=lambda x: x[0])
        prompt = asked(state)
        pk = max(s.kills.values(), default=0.0)
        imminent = "before the invader's attack" in prompt or "Front Guard" in prompt
        free = "Front Guard" in prompt
        # Before the invader's attack the order is as good as spent: a wound ends it (spec 6.9).
        if stay is None or free and value > 0 or pk >= 0.3 or s.wound >= 0.5 or (imminent and s.wound > 0):
            self.memory["attack"] = {"weapon": best.get("weapon"), "target": list(best.get("target"))}
            why = M("{pct}% to kill", pct=round(100 * pk)) if pk >= 0.05 else M("{pct}% to wound",
                    pct=round(100 * s.wound))
            return Choice(best, M("interrupt: {weapon} at {target}, {why}",
                                  weapon=weapon_name(state, best.get('weapon')),
                                  target=target_words(state, best.get("target")), why=why))
        return Choice(stay, M("hold the Guard order: only {pct}% to wound now", pct=round(100 * s.wound)))

    def _roll_context(self, state: DoomState, me: str) -> tuple[str, str | None, Cell] | None:
        """(attacker, weapon, target) of the roll being rerolled, from what a marine saw."""
        prompt = asked(state)
        if " of " in prompt and "'s attack" in prompt:
            name = prompt.split(" of ", 1)[1].split("'s attack", 1)[0]
            attacker = next((f for f in list(state.marines) + list(state.invaders) if named(state, f) == name), None)
        else:
            attacker = me  # Special Ops: its own melee attack
        if attacker is None or (attacker in state.marines and attacker != me):
            return None  # a team-mate's blast: its weapon is not known from the question
        if attacker == me:
            last = self.memory.get("attack")
            if not last:
                return None
            return me, last["weapon"], tuple(last["target"])
        if state.marines[me].cell is None:
            return None
        return attacker, None, state.marines[me].cell

    def _reroll(self, state: DoomState, me: str, opts: list[Action]) -> Choice:
        """The dice subset with the best exact odds: for our own attack the chance to kill, then the
        expected wounds; when dodging, the fewest expected wounds on us."""
        prompt = asked(state)
        by_dice = {tuple(a.get("dice")): a for a in opts}
        misses = _misses(state)
        ctx = self._roll_context(state, me) if misses is not None else None
        if ctx is None:
            if misses is None:
                return Choice(by_dice.get((), opts[0]), M("keep the roll"))
            if " of " in prompt and f" of {named(state, me)}'s attack" not in prompt:  # we dodge it
                if any(misses):
                    return Choice(by_dice.get((), opts[0]), M("the attack already shows a miss: keep it"))
                return Choice(max(opts, key=lambda a: len(a.get("dice"))), M("reroll every die, hoping for a miss"))
            pick = tuple(i for i, miss in enumerate(misses) if miss)
            return Choice(by_dice.get(pick, by_dice.get((), opts[0])), M("reroll the dice showing a miss"))
        attacker, weapon, target = ctx
        faces = rolled_faces(state)
        prof = Q.profile(state, attacker, weapon)
        dist = Q.distance(state, attacker, target, prof.abilities.indirect)
        if dist is None:
            return Choice(by_dice.get((), opts[0]), M("keep the roll"))
        victims = A.potential_victims(state, attacker, target, prof)
        ours = attacker == me
        acc = prof.accuracy - (state.flags.get("darkness", 0) if attacker in state.marines else 0)

        def outcome(fs) -> float:
            fo = [A.face(state, d, n) for d, n in fs]
            hit = not any(f["miss"] for f in fo) and (prof.melee or sum(f["range"] for f in fo) + acc >= dist)
            if not hit:
                return 0.0
            dmg = sum(f["damage"] for f in fo) + prof.deadly
            if not ours:
                return float(dmg // max(1, state.marines[me].armour))
            total = 0.0
            for v in victims:
                if v in state.invaders:
                    mon = state.content.monsters[state.invaders[v].monster]
                    w = dmg // max(1, mon.armour)
                    left = mon.health - state.invaders[v].wounds
                    total += (KILL + mon.health if w >= left or state.marines[me].berserk else 0.0) + min(w, left)
                else:
                    total -= WOUND * (dmg // max(1, state.marines[v].armour))
            return total

        def expect(subset: tuple[int, ...]) -> float:
            pools = [[(d, f.name) for f in state.content.dice[d].faces] if i in subset else [(d, n)]
                     for i, (d, n) in enumerate(faces)]
            combos = list(product(*pools))
            return sum(outcome(fs) for fs in combos) / len(combos)

        scored = sorted(((expect(tuple(a.get("dice"))), -len(a.get("dice")), i, a) for i, a in enumerate(opts)),
                        key=lambda x: (x[0] if ours else -x[0], x[1], -x[2]))
        value, _, _, best = scored[-1]
        keep = by_dice.get(())
        if keep is not None and best is not keep and abs(expect(()) - value) < 1e-9:
            best = keep
        dice = best.get("dice")
        if ours:
            why = Mn("reroll die {dice}: best expected result", "reroll dice {dice}: best expected result", len(dice),
                     dice=", ".join(str(i + 1) for i in dice)) if dice \
                else M("keep the roll: no reroll does better")
        else:
            why = Mn("make the attacker reroll die {dice}: fewest expected wounds",
                     "make the attacker reroll dice {dice}: fewest expected wounds", len(dice),
                     dice=", ".join(str(i + 1) for i in dice)) \
                if dice else M("the roll already fails or cannot get better for us")
        return Choice(best, why)

    def _blow_through(self, state: DoomState, me: str, opts: list[Action]) -> Choice:
        """Walk the attack on to an adjacent invader (dropping the die that costs least), never
        onto a barrel or a marine."""
        stop = next((a for a in opts if a.get("to") is None), opts[0])
        figures = state.figure_cells()
        onto = [a for a in opts if a.get("to") and figures.get(tuple(a.get("to"))) in state.invaders]
        if not onto or state.marines[me].cell is None:
            return Choice(stop, M("no invader next in line: stop the walk"))
        best = min(onto, key=lambda a: (a.get("drop") != "green", a.get("to")))  # green dice add least damage
        return Choice(best, M("walk the attack on to {figure}", figure=who(state, figures[tuple(best.get('to'))])))

    # --- the marine's own turn -------------------------------------------------------------------

    def _turn(self, state: DoomState, k: dict[str, list[Action]]) -> Choice:
        mar = state.active_marine()
        if mar.cell is None and "respawn" not in k:  # killed in its own turn, or no square to respawn on
            return Choice(k["end_turn"][0] if "end_turn" in k else next(iter(k.values()))[0], M("the turn is over"))
        if "respawn" in k:
            sc = self._scene(state, mar.id)
            best = self._best(k["respawn"], lambda a: sc.position_value(tuple(a.get("cell")), []))
            return Choice(best, M("respawn in {place}: toward {goal}, out of the invaders' reach",
                                  place=place(state, [best.get('cell')]), goal=sc.goal_words))
        if "declare" in k:
            return self._declare(state, mar, k)
        return self._act(state, mar, k)

    def _best(self, options: list[Any], score) -> Any:
        """The best-scoring option; ties broken by the bot's own seeded randomness."""
        scored = [(score(o), i, o) for i, o in enumerate(options)]
        top = max(s for s, _, _ in scored)
        tied = [o for s, _, o in scored if s >= top - 1e-9]
        return tied[0] if len(tied) == 1 else tied[self.rng.randrange(len(tied))]

    def _plans(self, sc: _Scene, mar: Marine) -> dict[str, tuple[float, str]]:
        """Each action's best plan for this turn: its value and words."""
        state = sc.state
        here = mar.cell
        acts = state.content.actions
        reach = Q.reachable(state, mar.id, acts["run"].move)
        short = {p: path for p, path in reach.items() if len(path) <= acts["advance"].move}
        stay = sc.position_value(here, [])

        def best_move(cells: dict, spared=None, with_shot=False, mp=0) -> tuple[float, Cell, _Shot | None]:
            top = (sc.position_value(here, [], mp_left=mp) + (self._shot_gain(sc, here) if with_shot else 0.0),
                   here, None)
            for pos, path in cells.items():
                v = sc.position_value(pos[0], path, spared=spared, mp_left=mp - len(path))
                shot = None
                if with_shot:
                    shots = sc.shots(pos[0])
                    if shots and shots[0].value > 0:
                        shot = shots[0]
                        v += shot.value
                if v > top[0]:
                    top = (v, pos[0], shot)
            return top

        plans: dict[str, tuple[float, str]] = {}
        run_mp, short_mp = acts["run"].move, acts["advance"].move
        v, cell, _ = best_move(reach, mp=run_mp)
        plans["run"] = (v, M("run to {place} toward {goal}", place=place(sc.state, [cell]),
                             goal=sc.goal_words) if cell != here else M("run: nowhere better to go"))
        shots = [s for s in sc.shots(here) if s.value > 0]
        if shots:
            s1 = shots[0]
            pk = max(s1.kills.values(), default=0.0)
            second = shots[1].value if len(shots) > 1 else s1.value
            fire = s1.value + (1 - pk) * s1.value + pk * second
            plans["fire"] = (stay + fire - self._spared_gain(sc, here, s1),
                             M("fire twice from {place}: {pct}% to kill with the first shot", place=place(sc.state, [here]),
                               pct=round(100 * pk)))
            after, cell, _ = best_move(short, spared=s1.kills, mp=short_mp)
            plans["advance"] = (s1.value + after, M("shoot from {place} ({pct}% to kill), then move to {to}",
                                                    place=place(sc.state, [here]), pct=round(100 * pk),
                                                    to=place(sc.state, [cell])))
        v, cell, shot = best_move(short, with_shot=True, mp=short_mp)
        if shot is not None and ("advance" not in plans or v > plans["advance"][0]):
            plans["advance"] = (v, M("advance to {place} and shoot ({pct}% to kill)", place=place(sc.state, [cell]),
                                     pct=round(100 * max(shot.kills.values(), default=0))))
        elif "advance" not in plans:
            plans["advance"] = (v, M("advance to {place}", place=place(sc.state, [cell])))
        v, cell, _ = best_move(short, mp=short_mp)
        order, ov = self._order_value(sc, cell)
        ready = (v + ov, M("move to {place} and take a {order} order", place=place(sc.state, [cell]),
                           order=ref("doom.order", order)) if cell != here
                 else M("stay and take a {order} order", order=ref("doom.order", order)))
        if shots:
            s1 = shots[0]
            shoot_ready = stay + s1.value + self._order_value(sc, here)[1] - self._spared_gain(sc, here, s1)
            if shoot_ready > ready[0]:
                ready = (shoot_ready, M("shoot from {place} and take a {order} order", place=place(sc.state, [here]),
                                            order=ref("doom.order", self._order_value(sc, here)[0])))
        plans["ready"] = ready
        return plans

    def _spared_gain(self, sc: _Scene, cell: Cell, shot: _Shot) -> float:
        """The danger a shot takes away (a kill removes that invader's threat) as a negative cost."""
        return sc.danger_cost(cell, spared=shot.kills) - sc.danger_cost(cell)

    def _shot_gain(self, sc: _Scene, cell: Cell) -> float:
        shots = sc.shots(cell)
        return max(shots[0].value, 0.0) - (self._spared_gain(sc, cell, shots[0]) if shots and shots[0].value > 0 else 0.0) \
            if shots else 0.0

    def _order_value(self, sc: _Scene, cell: Cell) -> tuple[str, float]:
        """The order worth most on `cell` for the coming invader turn, and its value."""
        state, mar = sc.state, sc.mar
        danger = sc.danger(cell)
        values = {"dodge": 0.4 * sc.danger_cost(cell)}
        shots = sc.shots(cell)
        guard = max((s.value for s in shots), default=0.0)
        if danger > 0 or any(min(_cheb(c, cell) for c in inv.cells) <= 8 for inv in state.invaders.values()):
            guard = max(guard, 2.0 if Q.marine_weapons(state, mar) else 0.0)
        values["guard"] = 0.7 * guard
        if any(c.effect == "heal_order" for c in state.cards_of(mar.id)):
            hurt = [m for m in state.marines.values() if m.cell is not None and m.health < m.max_health]
            near = [m for m in hurt if m.id == mar.id or _cheb(m.cell, cell) <= 1]
            values["heal"] = 2.0 if near else 0.5 if hurt else 0.0  # one health back
        if "aim" in state.content.orders:
            values["aim"] = 0.2 * max((s.value for s in shots), default=0.0)
        order = max(sorted(values), key=lambda o: values[o])
        return order, values[order]

    def _scene(self, state: DoomState, me: str) -> _Scene:
        return _Scene(state, me, self.memory.get("idle", {}).get(me, 0))

    def _count_idle(self, sc: _Scene, me: str) -> None:
        """At each declare: a turn without getting closer to the same objective counts as idle."""
        last = self.memory.setdefault("last", {}).get(me)
        idle = self.memory.setdefault("idle", {})
        now = [T.to_json(sc.goal_words), sc.goal.get(sc.mar.cell, FAR)]  # the objective as ids (memory is JSON)
        if last is not None and last[0] == now[0] and now[1] > last[1] - 2:
            idle[me] = idle.get(me, 0) + 1
            now[1] = min(now[1], last[1])  # measured against the best it reached
        else:
            idle[me] = 0
        self.memory["last"][me] = now
        sc.idle = idle[me]

    def _declare(self, state: DoomState, mar: Marine, k: dict[str, list[Action]]) -> Choice:
        sc = self._scene(state, mar.id)
        self._count_idle(sc, mar.id)
        plans = self._plans(sc, mar)
        allowed = {a.get("action"): a for a in k["declare"]}
        best = self._best([a for a in ("run", "fire", "advance", "ready") if a in allowed and a in plans],
                          lambda a: plans[a][0])
        if best == "run" and "adrenaline" in k and (sc.goal.get(mar.cell, FAR) > 8 or sc.danger(mar.cell) > 0.5):
            return Choice(k["adrenaline"][0], M("discard adrenaline: the objective is far or danger is near"))
        return Choice(allowed[best], M("{action}: {plan}", action=ref("doom.action", best), plan=plans[best][1]))

    def _act(self, state: DoomState, mar: Marine, k: dict[str, list[Action]]) -> Choice:
        """One step of the declared action: shoot, move, use a door, give, take an order, end."""
        t = state.turn
        sc = self._scene(state, mar.id)
        here = mar.cell
        stay = sc.position_value(here, [], mp_left=t["mp"])
        moves = {tuple(a.get("to")): a for a in k.get("move", [])}
        paths = Q.reachable(state, mar.id, t["mp"]) if moves else {}
        shots = [s for s in sc.shots(here) if s.value > 0] if "attack" in k else []
        # The best place to end the move, with a shot from there if an attack is left.
        can_shoot_after = t["attacks"] > 0 and not t["either"]
        best_cell, best_v, best_shot = here, stay, None
        for pos, path in paths.items():
            if pos[0] not in moves:
                continue
            v = sc.position_value(pos[0], path, mp_left=t["mp"] - len(path))
            shot = None
            if can_shoot_after:
                there = sc.shots(pos[0])
                if there and there[0].value > 0:
                    shot = there[0]
                    v += shot.value
            if v > best_v + 1e-9:
                best_cell, best_v, best_shot = pos[0], v, shot
        # 1. Shoot from here when that beats moving first.
        if shots:
            s = shots[0]
            now = stay + s.value - self._spared_gain(sc, here, s)
            if t["mp"] > 0 and not t["either"]:
                now = s.value - self._spared_gain(sc, here, s) + max(
                    [stay] + [sc.position_value(p[0], path, spared=s.kills, mp_left=t["mp"] - len(path))
                              for p, path in paths.items()])
            if now >= best_v - 1e-9 or not moves:
                act = next(a for a in k["attack"] if a.get("weapon") == s.weapon and tuple(a.get("target")) == s.target)
                self.memory["attack"] = {"weapon": s.weapon, "target": list(s.target)}
                pk = max(s.kills.values(), default=0.0)
                return Choice(act, M("shoot {target} with the {weapon}: {pct}% to kill, {pct2}% to wound",
                                     target=target_words(state, s.target), weapon=weapon_name(state, s.weapon),
                                     pct=round(100 * pk), pct2=round(100 * s.wound)))
        # 2. Doors: close one between us and invaders we cannot kill; open one toward the objective.
        door = self._door(state, sc, k, best_cell, best_v, stay)
        if door is not None:
            return door
        # 3. Move.
        if best_cell != here:
            return Choice(moves[best_cell], self._move_words(sc, here, best_cell, best_shot))
        # 4. Hand ammo to a team-mate who has none for its weapon.
        give = self._give(state, mar, k)
        if give is not None:
            return give
        # 5. Berserk when an invader is close and our guns are weak.
        if "pick_up" in k and any(min(_cheb(c, here) for c in inv.cells) <= 3 for inv in state.invaders.values()) \
                and not any(sc.c.weapons[w].ammo != "none" and len(sc.c.weapons[w].dice) >= 3 for w in mar.weapons):
            return Choice(k["pick_up"][0], M("take the berserk marker: an invader is close and a berserk fist destroys it"))
        # 6. An order for the invaders' turn.
        if "order" in k:
            order, value = self._order_value(sc, here)
            offered = {a.get("order"): a for a in k["order"]}
            if order in offered:
                return Choice(offered[order], self._order_words(order))
            return Choice(k["order"][0], M("an order is better than none"))
        return Choice(k["end_turn"][0] if "end_turn" in k else next(iter(k.values()))[0],
                      M("nothing better to do this turn"))

    def _move_words(self, sc: _Scene, here: Cell, to: Cell, shot: _Shot | None) -> str:
        before, after = sc.danger(here), sc.danger(to)
        where = place(sc.state, [to])
        gd = sc.goal.get(to, FAR)
        if shot is not None:
            return M("move to {place} to shoot from there", place=where)
        if gd == 0 and sc.final:
            return M("move to {place}: {goal}", place=where, goal=sc.goal_words)
        if after + 0.2 < before:
            if after < 0.05:
                return M("move to {place}: out of the invaders' reach", place=where)
            return M("move to {place}: less exposed ({after} expected wounds, not {before})", place=where,
                     after=decimal(after), before=decimal(before))
        if sc.goal.get(here, FAR) > gd and not self._pickups(sc, to):
            return M("move to {place} toward {goal}", place=where, goal=sc.goal_words)
        items = self._pickups(sc, to)
        if items:
            return M("move to {place}: picks up {items}", place=where, items=join(", ", items))
        return M("move to {place}: stays with the team", place=where)

    def _pickups(self, sc: _Scene, to: Cell) -> list[Msg]:
        """What the move to `to` picks up on its way (spec 6.12), in words."""
        path = Q.reachable(sc.state, sc.me, sc.state.turn["mp"]).get((to,), [])
        out = []
        for pos in path:
            for mk in sc.state.markers_at(pos[0]):
                if mk.kind == "key" or (mk.kind == "equipment" and sc.item_value(pos[0], sc.mar.health) > 0):
                    out.append(M("the key") if mk.kind == "key" else thing(sc.state, mk.variant))
        return out

    def _order_words(self, order: str) -> Msg:
        words = ORDER_WORDS.get(order)
        return M(words) if words else M("take a {order} order", order=ref("doom.order", order))

    def _door(self, state: DoomState, sc: _Scene, k, best_cell: Cell, best_v: float, stay: float) -> Choice | None:
        doors = [a for a in k.get("door", [])]
        if not doors:
            return None
        here = sc.mar.cell
        danger_now = sc.danger(here)
        best_kill = max((max(s.kills.values(), default=0.0) for s in sc.shots(here)), default=0.0)
        for a in doors:
            d = a.get("door")
            if d not in state.closed and danger_now > 0.3 and best_kill < 0.5 and sc.idle < 3:
                shut = frozenset(sc.closed | {d})
                if sc.danger(here, shut) + 0.3 < danger_now and not self._shuts_out_a_mate(sc, shut):
                    return Choice(a, M("close door {door}: the invaders behind it cannot be killed now", door=state.map.door_name(d)))
        for a in doors:
            d = a.get("door")
            if d in state.closed:
                spec = state.map.doors[d]
                opened = frozenset(sc.closed - {d})
                worse = sc.danger(here, opened) - danger_now  # known invaders behind it
                if any(sc.goal.get(f, FAR) < sc.goal.get(here, FAR) for f in spec.flanks) \
                        and sc.goal.get(best_cell, FAR) >= sc.goal.get(here, FAR) - 1 \
                        and (worse < 0.3 or best_kill >= 0.5 or sc.idle >= 3):
                    return Choice(a, M("open door {door} toward {goal}", door=state.map.door_name(d), goal=sc.goal_words))
        return None

    def _shuts_out_a_mate(self, sc: _Scene, shut: frozenset[str]) -> bool:
        """Whether closing the door would leave a team-mate on the invaders' side (its path to
        us longer than now)."""
        now = sc.m.path_distances(sc.mar.cell, sc.closed)
        after = sc.m.path_distances(sc.mar.cell, shut)
        return any(after.get(o.cell, FAR) > now.get(o.cell, FAR) for o in sc.mates)

    def _give(self, state: DoomState, mar: Marine, k) -> Choice | None:
        c = state.content
        for a in k.get("give", []):
            other, what = state.marines[a.get("to")], a.get("what")
            if what not in c.ammo or other.ammo.get(what, 0) > 0:
                continue
            needs = any(c.weapons[w].ammo == what for w in other.weapons) or any(
                w.always and w.ammo == what for w in c.weapons.values())
            mine = any(c.weapons[w].ammo == what for w in mar.weapons) or any(
                w.always and w.ammo == what for w in c.weapons.values())
            if needs and (mar.ammo.get(what, 0) >= 2 or not mine):
                return Choice(a, M("give {figure} 1 {ammo} ammo: it has none", figure=who(state, other.id),
                                   ammo=ammo(what)))
        return None


__all__ = ["MarineBot"]
