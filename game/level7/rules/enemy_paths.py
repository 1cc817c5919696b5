"""How an enemy gets about the tile graph (level7-escape.md 3.2, 7.4 steps 3-6; seed p. 14-15).

An enemy moves on its own graph: guards and hybrids through doors, a locked door costing one extra
move; clones through doors and vent links, never through a locked door. `routes` lists every way an
enemy may take one step toward a tile along a shortest path, carried on past tiles where its kind
is already at the limit (it may not stop there), so the active player can choose among them when
there are several (seed p. 14: "the player resolving the event card decides"). Pure: reads the
TileMap's `graph` (the one owner of the moves' costs, spec 3.2) and `distances`, never geometry.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from game.level7.board import MOVERS, Edge, Slot
from game.level7.content import Enemy

Door = tuple[str, Slot]  # (placement, slot of its turned tile), as TileMap.distances takes them


def mover_of(enemy: Enemy) -> str:
    """The TileMap mover whose graph the enemy moves on, from its record (enemies.toml
    `vents`, `locked_doors`): Dr. Cronos has no record of his own ways in the seed and moves like a
    hybrid by his PLACEHOLDER record."""
    if enemy.id in MOVERS:
        return enemy.id
    if enemy.vents and enemy.locked_doors == "blocked":
        return "clone"
    if not enemy.vents and enemy.locked_doors == "open":
        return "hybrid"
    raise ValueError(f"no mover graph moves like {enemy.name} (vents={enemy.vents}, "
                     f"locked_doors={enemy.locked_doors})")


@dataclass(frozen=True)
class Route:
    """One way to take an enemy's step: the edges it follows, the last ending where it stops
    (several when it passes tiles of its kind at the limit). A first edge through a locked door
    is the whole step: the token is removed instead of moving (seed p. 15)."""

    edges: tuple[Edge, ...]

    @property
    def tiles(self) -> tuple[str, ...]:
        return tuple(e.to for e in self.edges)

    @property
    def unlocks(self) -> bool:
        return any(e.locked for e in self.edges)


def routes(graph: Mapping[str, list[Edge]], start: str, to_goal: Mapping[str, int],
           room: Callable[[str], bool]) -> list[Route]:
    """Every step from `start` along a shortest path to the goal (`to_goal`: distances to it in
    the same graph), passing on along shortest paths over tiles without `room` until one has
    room; a locked door on the way ends the step there (7.4 step 5, 11 #24); a way whose tiles up
    to the goal are all full is none. Sorted by the tiles they visit, so the options come in a
    stable order."""
    out: list[Route] = []

    def walk(tile: str, taken: tuple[Edge, ...]) -> None:
        for e in graph[tile]:
            if to_goal.get(e.to) is None or to_goal[tile] != e.cost + to_goal[e.to]:
                continue
            path = taken + (e,)
            if e.locked or room(e.to):
                out.append(Route(path))
            elif to_goal[e.to] > 0:
                walk(e.to, path)
            # a full goal ends the way: nowhere on it to stop

    if to_goal.get(start, 0) > 0:
        walk(start, ())
    return sorted(out, key=lambda r: (r.tiles, r.unlocks))
