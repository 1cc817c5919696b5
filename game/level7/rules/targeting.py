"""Whom an enemy goes for (level7-escape.md 7.4 "Choosing a target", 11 #14, #24, #25; seed p. 13-15).

Guards weigh Threat, clones and hybrids Fear (enemies.toml `targets`). A character adjacent to the
enemy (distance 1 in its own graph, 11 #25) counts 1 more. The highest value wins; on a tie the
closest in the enemy's own moves; then the active player if tied, else the tied player whose turn
comes soonest after the active player's (seed p. 14); a character beats an enemy and a lower
number beats a higher one (11 #14, the errata). Targets whose tile is already full of the enemy's
kind are skipped (seed p. 14). Every choice says which track it followed and which tie it broke.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.text import Joined, M, Mn, Msg, join
from game.i18n import N_
from game.level7.rules import names as N
from game.level7.rules.enemy_view import Figure, Situation

# the value an enemy weighs -> (the enemy kind it may also target, the scenario value giving that
# kind's value) (seed p. 13: enemies target each other only when the scenario gives them a value)
ENEMY_TARGETS = {"threat": ("clone", "clone_threat"), "fear": ("guard", "guard_fear")}
ADJACENT_BONUS = 1  # seed p. 14: "add 1 to the value" of a player next to the enemy

TIE_WORDS = {
    "distance": N_("the tie on value goes to the closer (seed p. 14)"),
    "active_player": N_("tied on value and distance: the active player is the target (seed p. 14)"),
    "turn_order": N_("tied on value and distance: the turn that comes soonest after the active player's (seed p. 14)"),
    "character": N_("tied: a character beats an enemy (spec 11 #14)"),
    "lower_number": N_("tied: the lower-numbered figure (errata, spec 11 #14)"),
}


@dataclass(frozen=True)
class Candidate:
    """A valid target as one enemy weighs it. `order`: for a character, its place in turn order
    counted from the active player (0); for an enemy figure, its number."""

    name: str  # player name or figure id
    label: str
    tile: str
    track: str  # threat | fear
    value: int
    bonus: int
    distance: int
    character: bool
    order: int

    @property
    def score(self) -> int:
        return self.value + self.bonus

    def key(self) -> tuple:
        return -self.score, self.distance, not self.character, self.order

    def describe(self) -> Msg:
        track = N.attribute(self.track)
        if self.distance == 0:
            where = M("on its tile")
        else:
            where = Mn("at {n} move", "at {n} moves", self.distance)
        if self.bonus:
            return M("{track} {value} (+{bonus} adjacent) {where}", track=track, value=self.value, bonus=self.bonus,
                     where=where)
        return M("{track} {value} {where}", track=track, value=self.value, where=where)


@dataclass(frozen=True)
class TargetChoice:
    """An enemy's choice of target. `ranked`: every reachable valid target, best first;
    `skipped`: the better ones left out because their tile is full of the enemy's kind; `tie`: the key
    of TIE_WORDS that decided against the runner-up ("" when the value alone did)."""

    enemy: str
    target: Candidate | None
    runner_up: Candidate | None
    ranked: tuple[Candidate, ...]
    skipped: tuple[Candidate, ...]
    tie: str
    text: str


def candidates(sit: Situation, fig: Figure) -> list[Candidate]:
    """Every valid target the enemy can reach, ranked best first (unreachable ones are ignored,
    spec 11 #24; characters in the Hospital are never targets)."""
    rec = sit.enemy(fig.kind)
    track = rec.targets
    dist = sit.distances(fig.tile, fig.kind)
    order = sit.turn_order_from_active()
    out = []
    for c in sit.characters:
        if c.tile is None or c.tile not in dist:
            continue
        d = dist[c.tile]
        if c.unseen and d > 0:
            continue  # an ability hides the character from enemies not on its tile (Hold Your Breath)
        bonus = ADJACENT_BONUS if d == 1 else 0
        # a clean uniform (spec 8.5): its wearer's Threat reads 0 to the kinds it fools, who still
        # attack the wearer as their only target on the tile
        value = 0 if fig.kind in c.disguised_from and track == "threat" else getattr(c, track)
        out.append(Candidate(c.name, c.name, c.tile, track, value, bonus, d, True,
                             order.index(c.name) if c.name in order else len(order)))
    kind, key = ENEMY_TARGETS[track]
    value = sit.target_values.get(key, 0)
    if value and kind != fig.kind:
        for f in sit.figures:
            if f.kind == kind and f.active and f.tile in dist:
                out.append(Candidate(f.id, sit.label(f.id), f.tile, track, value, 0, dist[f.tile], False, f.number))
    return sorted(out, key=Candidate.key)


def _tie(best: Candidate, other: Candidate) -> str:
    if other.score < best.score:
        return ""
    if other.distance > best.distance:
        return "distance"
    if best.character and not other.character:
        return "character"
    if best.character:
        return "active_player" if best.order == 0 else "turn_order"
    return "lower_number"


def _text(sit: Situation, fig: Figure, target: Candidate | None, runner: Candidate | None,
          skipped: list[Candidate], tie: str, verb: str) -> Msg | Joined:
    who = N.foe(sit, fig.id)
    if target is None:
        if skipped:
            return M("{who} has no target: every target's tile is full of its kind (seed p. 14, spec 11 #24)", who=who)
        return M("{who} has no target: no valid target can be reached (seed p. 14, spec 11 #24)", who=who)
    text = M(VERBS[verb], who=who, target=_named(sit, target), why=target.describe())
    if runner is not None:
        words = dict(other=_named(sit, runner), why=runner.describe())
        text = text + (M(", beats {other}'s {why}", **words) if not tie else M(", ties with {other}'s {why}", **words))
    parts = [text]
    if tie:
        parts.append(M(TIE_WORDS[tie]))
    if skipped:  # in one clause, by name (each with its own clause the line ran to a dozen lines)
        parts.append(Mn("{others} skipped: that tile already holds the limit of {enemies} (seed p. 14)",
                        "{others} skipped: their tiles already hold the limit of {enemies} (seed p. 14)", len(skipped),
                        others=join(", ", [_named(sit, s) for s in skipped]), enemies=N.enemies(fig.kind, sit.limit(fig.kind))))
    return parts[0] if len(parts) == 1 else join(N.SEMICOLON, parts)


VERBS = {"attacks": N_("{who} attacks {target}: {why}"), "moves toward": N_("{who} moves toward {target}: {why}")}


def _named(sit: Situation, c: Candidate):
    return N.character_named(c.name) if c.character else N.foe(sit, c.name)


def choose(sit: Situation, fig: Figure, ranked: list[Candidate], verb: str, skip_full: bool) -> TargetChoice:
    """The best of `ranked`, skipping full tiles when `skip_full` (moving; 7.4 step 2)."""
    skipped: list[Candidate] = []
    kept: list[Candidate] = []
    for c in ranked:
        if skip_full and not sit.has_room(c.tile, fig.kind):
            if not kept:  # only those that would have won matter to the reason
                skipped.append(c)
        else:
            kept.append(c)
    target = kept[0] if kept else None
    runner = kept[1] if len(kept) > 1 else None
    tie = _tie(target, runner) if target and runner else ""
    return TargetChoice(fig.id, target, runner, tuple(ranked), tuple(skipped), tie,
                        _text(sit, fig, target, runner, skipped, tie, verb))


def attack_target(sit: Situation, fig: Figure) -> TargetChoice | None:
    """The target an enemy attacks on its own tile, or None when there is none (7.4 step 2)."""
    here = [c for c in candidates(sit, fig) if c.distance == 0]
    return choose(sit, fig, here, "attacks", False) if here else None


def move_target(sit: Situation, fig: Figure) -> TargetChoice:
    """The target an enemy moves toward when none is on its tile (7.4 "Moving" steps 1-2)."""
    return choose(sit, fig, [c for c in candidates(sit, fig) if c.distance > 0], "moves toward", True)
