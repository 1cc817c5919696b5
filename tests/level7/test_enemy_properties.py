"""Properties of enemy movement on explored maps of real tiles (level7-escape.md 7.4; seed p. 14-15):
on seeded random maps with random figures, every move is a step along a shortest path of the
enemy's own graph toward the best target whose tile has room, stopping only where its kind has
room, and the options differ."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.rng import Rng
from game.level7.board import TileMap
from game.level7.rules.enemies import Character, Figure, Situation, activate, tile_limits
from game.level7.rules.targeting import candidates
from tests.level7.enemy_maps import tiles

KINDS = ("guard", "clone", "hybrid")


def explored_map(rng) -> TileMap:
    tmap = TileMap()
    tmap.place(tiles()["tank_farm"], (0, 0))
    pool = [f"T{n:02d}" for n in range(1, 45)]
    rng.shuffle(pool)
    for tid in pool[:14]:
        doors = tmap.open_doors()
        rng.shuffle(doors)
        for name, slot in doors:
            spots = tmap.placements_at(tiles()[tid], name, slot)
            if spots:
                turns, at, _ = rng.choice(spots)
                tmap.place(tiles()[tid], at, turns)
                break
    return tmap


def random_situation(seed: int) -> Situation:
    rng = Rng(seed).stream("test")
    tmap = explored_map(rng)
    names = sorted(tmap.placed)
    figures = []
    for kind in KINDS:
        for n in range(1, rng.randint(1, 3 if kind == "hybrid" else 6) + 1):
            figures.append(Figure(kind, n, rng.choice(names), stunned=rng.below(6) == 0))
    chars = tuple(Character(f"P{i}", rng.choice(names), rng.randint(1, 8), rng.randint(0, 4), 1) for i in range(3))
    locked = []
    for link in tmap.door_links():
        if rng.below(5) == 0:
            locked.append((link.a, link.slots[0]))
    return Situation(tmap, tuple(figures), chars, "P1",
                     tile_limits({"security_number": 2, "pack_limit": 2, "hybrid_limit": 1}),
                     locked=frozenset(locked))


SEEDS = range(12)


def test_the_seeded_maps_exercise_every_case():
    """The random situations hold moves, unlocks, passes over full tiles and tied paths, so the
    property below is checked on each."""
    seen = set()
    for seed in SEEDS:
        s = random_situation(seed)
        for fig in s.figures:
            options = activate(s, fig.id)
            seen |= {o.kind for o in options}
            seen |= {"passes"} if any(len(o.path) > 1 for o in options) else set()
            seen |= {"tied paths"} if len(options) > 1 else set()
    assert {"move", "unlock", "attack", "recover", "passes", "tied paths"} <= seen


@pytest.mark.parametrize("seed", SEEDS)
def test_every_move_is_a_shortest_step_toward_the_best_target_with_room(seed):
    s = random_situation(seed)
    for fig in s.figures:
        options = activate(s, fig.id)
        assert len({(o.kind, o.path, o.tokens) for o in options}) == len(options)
        for act in options:
            if act.kind not in ("move", "unlock"):
                assert len(options) == 1
                continue
            target = act.target.target
            ranked = [c for c in candidates(s, fig) if c.distance > 0]
            assert target == next(c for c in ranked if s.has_room(c.tile, fig.kind))
            # highest value (+1 when adjacent in the enemy's own graph), then the closest
            dist = s.distances(fig.tile, fig.kind)
            track = "threat" if fig.kind == "guard" else "fear"
            best = max((getattr(c, track) + (dist[c.tile] == 1), -dist[c.tile]) for c in s.characters
                       if c.tile in dist and dist[c.tile] > 0 and s.has_room(c.tile, fig.kind))
            assert (target.score, -target.distance) == best
            assert all(not s.has_room(c.tile, fig.kind) for c in ranked[:ranked.index(target)])
            to_goal = s.distances(target.tile, fig.kind)
            graph = s.graph(fig.kind)
            here = fig.tile
            for t in act.path:
                step = min(e.cost for e in graph[here] if e.to == t)
                assert to_goal[here] == step + to_goal[t]  # on a shortest path
                here = t
            if act.kind == "move":
                assert s.has_room(act.stop, fig.kind)
                assert all(not s.has_room(t, fig.kind) for t in act.path[:-1])
            else:
                assert act.tokens and act.stop is None


# --- one owner of the moves' costs (spec 3.2's table) ------------------------------------------

def _table_cost(mover: str, link, tokens) -> int | None:
    """Spec 3.2's table, restated here as the test's oracle: a vent link costs 1 for characters
    and clones, and guards and hybrids never use one; a door costs 1, a locked one (printed, or a
    token on either side) is closed to characters and clones and costs guards and hybrids 2."""
    if link.kind == "vent":
        return None if mover in ("guard", "hybrid") else 1
    shut = link.locked or (link.a, link.slots[0]) in tokens or (link.b, link.slots[1]) in tokens
    if not shut:
        return 1
    return None if mover in ("character", "clone") else 2


def _dijkstra(graph, start):
    import heapq
    dist, todo = {start: 0}, [(0, start)]
    while todo:
        d, n = heapq.heappop(todo)
        if d > dist[n]:
            continue
        for e in graph[n]:
            if d + e.cost < dist.get(e.to, d + e.cost + 1):
                dist[e.to] = d + e.cost
                heapq.heappush(todo, (d + e.cost, e.to))
    return dist


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10 ** 6), lock_every=st.integers(1, 4), seal_every=st.integers(1, 4))
def test_distances_and_the_enemies_graph_agree_on_random_explored_maps(seed, lock_every, seal_every):
    """Spec 3.2: TileMap.graph states every mover's moves and costs once; the distances every
    rule asks (TileMap.distances) and the enemies' routes (enemy_paths.routes reads the graph)
    agree with it, on random explored maps with random locked door tokens and sealed vents."""
    rng = Rng(seed).stream("test")
    tmap = explored_map(rng)
    links = tmap.links()
    locked = frozenset((link.a, link.slots[0]) for i, link in enumerate(l for l in links if l.kind == "door")
                       if i % lock_every == 0)
    sealed = frozenset(sorted(t for t, (tile, _) in tmap.placed.items() if tile.vent)[::seal_every])
    shown = {(l.a, l.b) for l in tmap.links(sealed)}
    for mover in ("character", "guard", "hybrid", "clone"):
        graph = tmap.graph(mover, locked, sealed)
        # the graph is the table, link by link, each way
        want = sorted((a, b, cost) for l in tmap.links(sealed) if (cost := _table_cost(mover, l, locked)) is not None
                      for a, b in ((l.a, l.b), (l.b, l.a)))
        assert sorted((n, e.to, e.cost) for n, es in graph.items() for e in es) == want
        assert all((e.tokens != ()) == any(x in locked for x in e.door) for es in graph.values() for e in es
                   if e.kind == "door")
        for start in sorted(tmap.placed)[::3]:
            assert tmap.distances(start, mover, locked, sealed) == _dijkstra(graph, start)
    assert shown  # the maps are joined
