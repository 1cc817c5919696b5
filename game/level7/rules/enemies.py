"""One enemy activation (level7-escape.md 7.4, 7.5; seed p. 13-15).

An activated guard, clone or hybrid does exactly one thing, checked in this order:

1. stunned: it recovers if no character is on its tile, else it skips and stays stunned (7.5);
2. attack, when a valid target is on its tile (targeting.attack_target, enemy_attack.plan_attack);
3. else one step toward its target (targeting.move_target) along a shortest path of its own
   graph: passing tiles already holding its kind's limit to the next with room; a guard or hybrid
   whose step would cross a locked door removes the token instead (and ends its activation there,
   11 #24); clones never path through locked doors and do use vents (enemy_paths).

`activate(sit, figure_id)` returns the options: one, or several when shortest paths tie, for the
active player to choose (seed p. 14). The engine applies the chosen one: moves the figure to
`stop`, removes `tokens`, stands a recovered figure up, rolls an attack (enemy_attack.roll_attack)
and marks `helpers` as activated for the rest of the turn. Every option's `text` says why.

The public interface the engine calls is gathered here: the inputs (enemy_view), activation,
attacks, the activation order (enemy_order) and spawning (spawning).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from game.engine.text import M, join
from game.level7.rules import names as N
from game.level7.rules.enemy_attack import (
    AttackOutcome, AttackPlan, attack_odds, attack_outcome, plan_attack, roll_attack,
)
from game.level7.rules.enemy_order import (
    CRONOS_RULE, box_kinds, box_queue, cronos_queue, hybrid_queue, hybrids_due, roll_hybrid_die, skip_reason,
    spawning_tokens,
)
from game.level7.rules.enemy_paths import Door, Route, routes
from game.level7.rules.enemy_view import Character, Figure, Situation, enemy_label, tile_limits
from game.level7.rules.spawning import (
    Removal, Reserve, SpawnPlan, TileRequest, event_spawn, fear_spawn, nest_spawn, remove_figure, spawn_sites,
    vent_spawn,
)
from game.level7.rules.targeting import Candidate, TargetChoice, attack_target, move_target

__all__ = [
    # inputs
    "Situation", "Figure", "Character", "tile_limits", "enemy_label",
    # one activation and its attack
    "Activation", "activate", "move_toward", "Candidate", "TargetChoice",
    "AttackPlan", "AttackOutcome", "plan_attack", "roll_attack", "attack_outcome", "attack_odds",
    # who activates, in what order
    "box_kinds", "box_queue", "hybrids_due", "roll_hybrid_die", "hybrid_queue", "cronos_queue", "CRONOS_RULE",
    "skip_reason", "spawning_tokens",
    # spawning and removal
    "Reserve", "Removal", "remove_figure", "SpawnPlan", "TileRequest", "spawn_sites", "event_spawn", "fear_spawn",
    "vent_spawn", "nest_spawn",
]


@dataclass(frozen=True)
class Activation:
    """What one activation does. `kind`: recover | stay_stunned | skip (it counts as activated
    already) | attack | move | unlock | idle (no target it can reach). `path`: the tiles it enters,
    in order; it stops on the last. `tokens`: locked door tokens it removes (unlock)."""

    figure: str
    kind: str
    text: str
    target: TargetChoice | None = None
    attack: AttackPlan | None = None
    path: tuple[str, ...] = ()
    tokens: tuple[Door, ...] = ()
    helpers: tuple[str, ...] = ()

    @property
    def stop(self) -> str | None:
        return self.path[-1] if self.path else None


def activate(sit: Situation, figure_id: str) -> tuple[Activation, ...]:
    """The options for one activation of a figure on the map (7.4). More than one only when its
    shortest paths tie: the active player chooses (seed p. 14, spec 11 #41)."""
    fig = sit.figure(figure_id)
    me = N.foe(sit, fig.id)
    if fig.helped:
        return (Activation(fig.id, "skip", skip_reason(sit, fig.id)),)
    if fig.stunned and fig.held:
        return (Activation(fig.id, "stay_stunned", M("{me} stays stunned through this activation as well: the attack "
                                                     "that stunned him had icons enough to remove him, and he is never "
                                                     "removed (spec 8.2 PLACEHOLDER)", me=me)),)
    if fig.stunned:
        here = sit.characters_on(fig.tile)
        if here:
            names = join(", ", [N.character_named(c.name) for c in here])
            return (Activation(fig.id, "stay_stunned", M("{me} stays stunned: {names} on its tile (seed p. 15)", me=me,
                                                         names=names)),)
        return (Activation(fig.id, "recover", M("{me} recovers: no character on its tile; recovering takes "
                                                "the whole activation (seed p. 13, 15)", me=me)),)
    on_tile = attack_target(sit, fig)
    if on_tile is not None:
        plan = plan_attack(sit, fig, on_tile.target)
        return (Activation(fig.id, "attack", join(N.SEMICOLON, (on_tile.text, plan.text)), on_tile, plan,
                           helpers=plan.helpers),)
    choice = move_target(sit, fig)
    if choice.target is None:
        return (Activation(fig.id, "idle", choice.text, choice),)
    # the target's tile has room, so a way always exists; guard the invariant all the same
    return _moves(sit, fig, choice.target.tile, choice.text, choice) or (
        Activation(fig.id, "idle", join(N.SEMICOLON, (choice.text, M("no tile on the way has room"))), choice),)


def move_toward(sit: Situation, figure_id: str, tile: str, why: str) -> tuple[Activation, ...]:
    """One step of a figure toward `tile` by the movement rules of 7.4 (shortest paths of its
    graph, full tiles passed, locked doors opened instead), for events that move enemies without
    activating them (`why` names the event). Options as `activate`'s; none when it is there or
    cannot get there."""
    fig = sit.figure(figure_id)
    if fig.tile == tile or tile not in sit.distances(fig.tile, fig.kind):
        return ()
    return _moves(sit, fig, tile, M("{me} moves toward {tile} ({why})", me=N.foe(sit, fig.id), tile=N.where(sit, tile),
                                    why=why), None)


def _moves(sit: Situation, fig: Figure, goal: str, lead: str, choice: TargetChoice | None) -> tuple[Activation, ...]:
    to_goal = sit.distances(goal, fig.kind)
    found = routes(sit.graph(fig.kind), fig.tile, to_goal, lambda t: sit.has_room(t, fig.kind))
    unique: dict[tuple, Route] = {}
    for r in found:
        unique.setdefault((r.tiles, _tokens(r)), r)
    options = [_step(sit, fig, lead, choice, r) for r in unique.values()]
    if len(options) > 1:
        note = M("one of {n} equally short ways, the active player chooses (seed p. 14)", n=len(options))
        options = [replace(o, text=join(N.SEMICOLON, (o.text, note))) for o in options]
    return tuple(options)


def _tokens(route: Route) -> tuple[Door, ...]:
    for e in route.edges:
        if e.locked:
            return e.tokens
    return ()


def _step(sit: Situation, fig: Figure, lead: str, choice: TargetChoice | None, route: Route) -> Activation:
    kind = sit.enemy(fig.kind)
    if route.unlocks:
        # beyond a full tile the figure could not stop on the way, and removing a token ends the
        # activation (11 #24): it stays where it stood
        # (one clause, the tile it stands on left to the map: the token's removal, where it stays
        # and why ran to 6 lines of the log in Hungarian, 7 in Greek)
        door = route.edges[-1]
        if len(route.tiles) > 1:
            done = M("it may not stop on {tiles}, so it stays and unlocks the door from there to {b} (seed p. 15, spec 11 #24)",
                     tiles=N.wheres(sit, route.tiles[:-1]), b=N.where(sit, door.to))
        else:
            done = M("unlocks its door to {b} instead of moving (seed p. 15)", b=N.where(sit, door.to))
        return Activation(fig.id, "unlock", join(N.SEMICOLON, (lead, done)), choice, tokens=door.tokens)
    passed = route.tiles[:-1]
    stop = N.where(sit, route.tiles[-1])
    if passed:
        text = join(N.SEMICOLON, (lead, M("passes {tiles}, already at the limit of {enemies}, and stops on {stop} (seed p. 14-15)",
                                   tiles=N.wheres(sit, passed), enemies=N.enemies(kind.id, sit.limit(fig.kind)), stop=stop)))
    elif route.edges[-1].kind == "vent":
        text = join(N.SEMICOLON, (lead, M("steps through the vent to {stop}", stop=stop)))
    else:
        text = join(N.SEMICOLON, (lead, M("steps to {stop}", stop=stop)))
    return Activation(fig.id, "move", text, choice, path=route.tiles)
