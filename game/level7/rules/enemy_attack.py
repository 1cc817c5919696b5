"""An enemy's attack (level7-escape.md 7.1, 7.4 "Attacking", 11 #13, #14; seed p. 13-14).

Dice = the attacker's attack + 1 per other active enemy of its kind on the tile (+1 per active clone
for a hybrid, enemies.toml `helped_by`); the helpers join even if they moved, and count as
activated for the rest of the turn. Against a character only: +1 die for a clone when the target's
Fear is at least 5, for a guard when its Threat is at least 3 (enemies.toml `bonus`). The active
player rolls (`roll_attack`, from the game's Rng). Against a character each icon above its
Toughness is one adrenaline discard (guards, clones) or one Fear (hybrids; past the top of the
track: Fear at the top and knocked out), then +1 Fear for being attacked (11 #13: damage first).
Against enemies one defender of the attacked kind is removed when the icons reach its Toughness and
one more per icon beyond, lowest number first (the errata's lower-number rule).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Sequence

from game.engine.dice import Die, Face, count, roll_all, sum_distribution
from game.engine.rng import Rng
from game.level7.rules.enemy_view import Figure, Situation
from game.level7.rules.targeting import Candidate


@dataclass(frozen=True)
class AttackPlan:
    """An attack before the roll. `target`: a player's name, or for enemy-vs-enemy the attacked
    kind (`defenders`: its active figures on the tile, lowest number first). `toughness`: the
    defender's printed Toughness (the engine may raise a character's with cards played before the
    roll, 11 #12, and pass it to `attack_outcome`)."""

    attacker: str
    target: str
    against: str  # character | enemies
    base: int
    helpers: tuple[str, ...]
    bonus: int
    rolls: str  # the icon counted: strength | intelligence
    toughness: int
    damage: str  # discard | fear | remove
    defenders: tuple[str, ...] = ()
    text: str = ""

    @property
    def dice(self) -> int:
        return self.base + len(self.helpers) + self.bonus


@dataclass(frozen=True)
class AttackOutcome:
    plan: AttackPlan
    faces: tuple[Face, ...]
    icons: int
    toughness: int
    discards: int  # adrenaline cards the character discards
    fear: int  # Fear the character gains from a hybrid's icons
    attacked_fear: int  # Fear for being attacked, after the damage (11 #13)
    knocked_out: bool  # a hybrid pushed Fear past the top of the track
    removed: tuple[str, ...]  # enemy figures removed (enemy-vs-enemy)
    text: str


def plan_attack(sit: Situation, fig: Figure, target: Candidate) -> AttackPlan:
    """The attack `fig` makes on `target` (on its tile), dice counted but not rolled."""
    rec = sit.enemy(fig.kind)
    kinds = (fig.kind,) + rec.helped_by
    helpers = tuple(f.id for f in sit.on(fig.tile, active_only=True) if f.kind in kinds and f.id != fig.id)
    # the value's own source when the seed lacks it (clone, hybrid, Dr. Cronos: spec 8.2)
    attack = f"attack {rec.attack}" + (" (PLACEHOLDER, spec 8.2)" if rec.provenance.placeholder("attack") else "")
    parts = [attack] + [f"+1 for {sit.label(h)}" for h in helpers]
    if target.character:
        char = sit.character(target.name)
        bonus = 0
        if rec.bonus and getattr(char, rec.bonus.value) >= rec.bonus.at_least:
            if fig.kind in char.no_bonus_from:
                parts.append(f"no +{rec.bonus.dice} for {char.name}'s {rec.bonus.value.capitalize()} "
                             f"{getattr(char, rec.bonus.value)}: a skill denies it")
            else:
                bonus = rec.bonus.dice
                parts.append(f"+{bonus} as {char.name}'s {rec.bonus.value.capitalize()} is "
                             f"{getattr(char, rec.bonus.value)} (at least {rec.bonus.at_least})")
        plan = AttackPlan(fig.id, char.name, "character", rec.attack, helpers, bonus, rec.rolls,
                          char.toughness, rec.damage)
        name = char.name
    else:
        kind = sit.figure(target.name).kind
        defenders = tuple(f.id for f in sit.on(fig.tile, kind, active_only=True))
        plan = AttackPlan(fig.id, kind, "enemies", rec.attack, helpers, 0, rec.rolls,
                          sit.enemy(kind).toughness, "remove", defenders)
        name = f"every active {sit.enemy(kind).name.lower()} on its tile"
    text = f"{plan.dice} dice against {name}: {', '.join(parts)} (seed p. 13-14)"
    return replace(plan, text=text)


def roll_attack(plan: AttackPlan, die: Die, rng: Rng) -> tuple[Face, ...]:
    """The attack's dice, rolled by the active player with the game's Rng (one draw per die)."""
    return tuple(roll_all([die] * plan.dice, rng))


def attack_odds(plan: AttackPlan, die: Die) -> dict[int, Fraction]:
    """The exact distribution of the icons the attack counts (for the screen's preview)."""
    return sum_distribution([die] * plan.dice, plan.rolls)


def attack_outcome(sit: Situation, plan: AttackPlan, faces: Sequence[Face],
                   toughness: int | None = None, fear: int | None = None) -> AttackOutcome:
    """What the rolled `faces` do. `toughness`: the defender's Toughness for this attack when
    cards changed it (default: the plan's); `fear`: the character's Fear before the attack
    (default: the Situation's), to tell whether a hybrid knocks it out."""
    icons = count(faces, plan.rolls)
    tough = plan.toughness if toughness is None else toughness
    over = max(0, icons - tough)
    me = sit.label(plan.attacker)
    said = f"{icons} {plan.rolls.capitalize()} icon{'s' if icons != 1 else ''} against Toughness {tough}"
    if plan.against == "enemies":
        n = 0 if icons < tough else min(len(plan.defenders), 1 + over)
        removed = plan.defenders[:n]
        what = ", ".join(sit.label(r) for r in removed) or "nothing"
        return AttackOutcome(plan, tuple(faces), icons, tough, 0, 0, 0, False, removed,
                             f"{me}: {said}; removes {what} (seed p. 13)")
    content = sit.content
    attacked = content.number("attacked_fear")
    if plan.damage == "fear":
        now = sit.character(plan.target).fear if fear is None else fear
        out = over > 0 and now + over > content.fear_track.max
        hurt = f"{plan.target} gains {over} Fear" + (", past the top of the track: knocked out" if out else "")
        return AttackOutcome(plan, tuple(faces), icons, tough, 0, over, attacked, out, (),
                             f"{me}: {said}; {hurt}; +{attacked} Fear for being attacked (seed p. 4, 14)")
    hurt = f"{plan.target} discards {over} adrenaline card{'s' if over != 1 else ''}"
    return AttackOutcome(plan, tuple(faces), icons, tough, over, 0, attacked, False, (),
                         f"{me}: {said}; {hurt}; +{attacked} Fear for being attacked (seed p. 4, 13)")
