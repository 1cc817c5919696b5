"""What the enemy rules read (level7-escape.md 7): the figures, the characters as enemies see them,
the map and the scenario's numbers, as small frozen inputs the engine builds from its state.

The enemy functions (enemies.py, enemy_attack.py, enemy_order.py, spawning.py) take a `Situation`
and return what happens as data; they never change it. Turn order is the order of
`Situation.characters` (the players still in the game, in seat order); `active` is the player
resolving the event card, who rolls the enemies' dice and decides the ties the rules leave open.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping

from game.level7.board import Slot, TileMap
from game.level7.content import Enemy, Level7Content, shared_content
from game.level7.board import Edge
from game.level7.rules.enemy_paths import mover_of

# scenario limit (rules.toml [limits], scenarios.toml `limits`) -> the enemy kind it bounds (spec 3.5)
LIMIT_OF = {"security_number": "guard", "pack_limit": "clone", "hybrid_limit": "hybrid"}


@dataclass(frozen=True)
class Figure:
    """One enemy on the map. `number`: the printed number of a guard or clone; a hybrid's is its
    place in content.enemies["hybrid"].icons (1 Intelligence, 2 Strength, 3 Speed: its activation
    order, seed p. 13); Dr. Cronos is 1. `helped`: it lent its dice to an attack this turn, so it
    counts as activated for the rest of the turn (seed p. 14). `held`: its next activations it
    stays stunned whoever is on its tile (Dr. Cronos after a hit that would remove him, spec 8.2)."""

    kind: str
    number: int
    tile: str
    stunned: bool = False
    helped: bool = False
    held: int = 0

    @property
    def id(self) -> str:
        return f"{self.kind}{self.number}"

    @property
    def active(self) -> bool:
        """A stunned enemy is not active for any purpose (seed p. 15)."""
        return not self.stunned


@dataclass(frozen=True)
class Character:
    """A character as the enemies see it. `tile` None: in the Hospital (never a target, 11 #24)."""

    name: str
    tile: str | None
    fear: int
    threat: int
    toughness: int
    no_bonus_from: tuple[str, ...] = ()  # enemy kinds whose attack bonus dice this character never gives (a skill)
    disguised_from: tuple[str, ...] = ()  # enemy kinds that read this character's Threat as 0 choosing a target (a clean uniform)
    unseen: bool = False  # an ability (Hold Your Breath): enemies not on its tile ignore it as a target


@dataclass(frozen=True)
class Situation:
    """Everything the enemy rules read. `characters`: every player still in the turn order, in
    it, those in the Hospital with tile None (the active one too, so "soonest after the active
    player" can be counted). `limits`: enemy kind -> the most of it on one tile (a kind
    not named has none; `tile_limits` reads a scenario's); `target_values`: the scenario's
    `clone_threat` and `guard_fear` (seed p. 13: enemies target each other only when non-zero);
    `locked`: doors with a locked door token; `sealed`: tiles whose vent nobody uses (3.4)."""

    map: TileMap
    figures: tuple[Figure, ...]
    characters: tuple[Character, ...]
    active: str
    limits: Mapping[str, int]
    target_values: Mapping[str, int] = field(default_factory=dict)
    locked: frozenset[tuple[str, Slot]] = frozenset()
    sealed: frozenset[str] = frozenset()
    stunned_fill_stops: bool = True  # spec 11 #18's option: False lets stunned figures leave room to stop
    # the swarm (spec 9.4, a scenario's flags.swarm; rules/swarm.py): tiles with a swarm marker, the
    # kinds that never move onto one, the kinds that pass locked doors leaving the tokens
    swarm: frozenset[str] = frozenset()
    swarm_blocks: frozenset[str] = frozenset()
    pass_locked: frozenset[str] = frozenset()
    content: Level7Content = field(default_factory=shared_content, compare=False)

    def figure(self, fid: str) -> Figure:
        for f in self.figures:
            if f.id == fid:
                return f
        raise KeyError(f"no enemy {fid!r} on the map")

    def character(self, name: str) -> Character:
        for c in self.characters:
            if c.name == name:
                return c
        raise KeyError(f"no character {name!r}")

    def active_character(self) -> Character | None:
        return next((c for c in self.characters if c.name == self.active), None)

    def enemy(self, kind: str) -> Enemy:
        return self.content.enemies[kind]

    def label(self, fid: str) -> str:
        f = self.figure(fid)
        return enemy_label(f.kind, f.number, self.content)

    def where(self, tile: str) -> str:
        """A placed tile's printed name, for the log ("Corridor 101-A")."""
        return self.map.placed[tile][0].name

    def on(self, tile: str, kind: str | None = None, *, active_only: bool = False) -> list[Figure]:
        """The figures on a tile (of one kind), lowest number first."""
        return sorted((f for f in self.figures if f.tile == tile and (kind is None or f.kind == kind)
                       and (f.active or not active_only)), key=lambda f: (f.kind, f.number))

    def characters_on(self, tile: str) -> list[Character]:
        return [c for c in self.characters if c.tile == tile]

    def limit(self, kind: str) -> int | None:
        return self.limits.get(kind)

    def has_room(self, tile: str, kind: str, *, active_only: bool = False) -> bool:
        """Whether one more figure of `kind` may stand on the tile. Stopping counts every figure
        there, stunned too; placing counts the active ones (spec 11 #18)."""
        most = self.limit(kind)
        active_only = active_only or not self.stunned_fill_stops
        return most is None or len(self.on(tile, kind, active_only=active_only)) < most

    def turn_order_from_active(self) -> list[str]:
        """The players from the active one on, in turn order (seed p. 14's tie rule)."""
        names = [c.name for c in self.characters]
        if self.active not in names:
            return names
        i = names.index(self.active)
        return names[i:] + names[:i]

    def graph(self, kind: str) -> Mapping[str, list[Edge]]:
        if self._swarmed(kind):
            return _swarm_graph(self, kind)
        return _graph(self, mover_of(self.enemy(kind)))

    def distances(self, start: str, kind: str) -> dict[str, int]:
        """Moves from `start` on the graph of an enemy kind (spec 3.2; with the swarm, 9.4)."""
        if self._swarmed(kind):
            return _graph_distances(self.graph(kind), start)
        return self.map.distances(start, mover_of(self.enemy(kind)), self.locked, self.sealed)

    def _swarmed(self, kind: str) -> bool:
        """Whether the swarm's rules change this kind's graph (errata p. 11, spec 9.4)."""
        return kind in self.pass_locked or (bool(self.swarm) and kind in self.swarm_blocks)

    def with_figures(self, figures: tuple[Figure, ...]) -> Situation:
        return replace(self, figures=figures)


def enemy_label(kind: str, number: int, content: Level7Content | None = None) -> str:
    """'Guard 2', 'Hybrid (Intelligence)', 'Dr. Cronos': how the log names a figure."""
    rec = (content or shared_content()).enemies[kind]
    if rec.icons:
        return f"{rec.name} ({rec.icons[number - 1].capitalize()})"
    return f"{rec.name} {number}" if rec.numbered else rec.name


def _graph(sit: Situation, mover: str) -> Mapping[str, list[Edge]]:
    return sit.map.graph(mover, sit.locked, sit.sealed)


def _swarm_graph(sit: Situation, kind: str) -> Mapping[str, list[Edge]]:
    """The kind's graph under the swarm's rules: locked-door tokens passed as open doors (nothing to
    remove), and no edge onto a tile with a swarm marker."""
    cache = sit.__dict__.setdefault("_graphs", {})
    key = ("swarm", kind)
    if key not in cache:
        locked = () if kind in sit.pass_locked else sit.locked
        blocked = sit.swarm if kind in sit.swarm_blocks else frozenset()
        full = sit.map.graph(mover_of(sit.enemy(kind)), locked, sit.sealed)
        cache[key] = {t: [e for e in out if e.to not in blocked] for t, out in full.items()}
    return cache[key]


def _graph_distances(graph: Mapping[str, list[Edge]], start: str) -> dict[str, int]:
    """Least-cost moves from `start` over `graph` (edge costs 1 or 2)."""
    import heapq

    if start not in graph:
        raise KeyError(f"no tile {start!r} on the map")
    dist = {start: 0}
    queue = [(0, start)]
    while queue:
        d, t = heapq.heappop(queue)
        if d > dist.get(t, d):
            continue
        for e in graph[t]:
            if d + e.cost < dist.get(e.to, 10 ** 9):
                dist[e.to] = d + e.cost
                heapq.heappush(queue, (d + e.cost, e.to))
    return dist


def tile_limits(limits: Mapping[str, int] | object) -> dict[str, int]:
    """Enemy kind -> per-tile limit from a scenario's `limits` mapping or content.limits (spec
    3.5: the security number bounds guards, the pack limit clones, the hybrid limit hybrids)."""
    get = limits.get if isinstance(limits, Mapping) else (lambda k: getattr(limits, k, None))
    return {kind: get(key) for key, kind in LIMIT_OF.items() if get(key) is not None}
