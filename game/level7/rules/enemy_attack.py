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

from game.engine.text import M, Mn, join
from game.level7.rules import names as N
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
    attack = (M("attack {n} (PLACEHOLDER, spec 8.2)", n=rec.attack) if rec.provenance.placeholder("attack")
              else M("attack {n}", n=rec.attack))
    parts = [attack] + [M("+1 for {enemy}", enemy=N.foe(sit, h)) for h in helpers]
    if target.character:
        char = sit.character(target.name)
        bonus = 0
        if rec.bonus and getattr(char, rec.bonus.value) >= rec.bonus.at_least:
            if fig.kind in char.no_bonus_from:
                parts.append(M("no +{n} for {who}'s {track} {value}: a skill denies it", n=rec.bonus.dice,
                               who=N.character_named(char.name), track=N.attribute(rec.bonus.value),
                               value=getattr(char, rec.bonus.value)))
            else:
                bonus = rec.bonus.dice
                parts.append(M("+{n} as {who}'s {track} is {value} (at least {least})", n=bonus,
                               who=N.character_named(char.name), track=N.attribute(rec.bonus.value),
                               value=getattr(char, rec.bonus.value), least=rec.bonus.at_least))
        plan = AttackPlan(fig.id, char.name, "character", rec.attack, helpers, bonus, rec.rolls,
                          char.toughness, rec.damage)
        name = N.character_named(char.name)
    else:
        kind = sit.figure(target.name).kind
        defenders = tuple(f.id for f in sit.on(fig.tile, kind, active_only=True))
        plan = AttackPlan(fig.id, kind, "enemies", rec.attack, helpers, 0, rec.rolls,
                          sit.enemy(kind).toughness, "remove", defenders)
        name = M("every active {enemy} on its tile", enemy=N.enemy(kind, lower=True))
    text = M("{n} dice against {name}: {parts} (seed p. 13-14)", n=plan.dice, name=name, parts=join(", ", parts))
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
    me = N.foe(sit, plan.attacker)
    said = Mn("{n} {attribute} icon against Toughness {toughness}", "{n} {attribute} icons against Toughness {toughness}",
              icons, attribute=N.attribute(plan.rolls), toughness=tough)
    if plan.against == "enemies":
        n = 0 if icons < tough else min(len(plan.defenders), 1 + over)
        removed = plan.defenders[:n]
        what = join(", ", [N.foe(sit, r) for r in removed]) if removed else M("nothing")
        return AttackOutcome(plan, tuple(faces), icons, tough, 0, 0, 0, False, removed,
                             M("{me}: {said}; removes {what} (seed p. 13)", me=me, said=said, what=what))
    content = sit.content
    attacked = content.number("attacked_fear")
    if plan.damage == "fear":
        now = sit.character(plan.target).fear if fear is None else fear
        out = over > 0 and now + over > content.fear_track.max
        target = N.character_named(plan.target)
        hurt = (M("{who} gains {n} Fear, past the top of the track: knocked out", who=target, n=over) if out
                else M("{who} gains {n} Fear", who=target, n=over))
        return AttackOutcome(plan, tuple(faces), icons, tough, 0, over, attacked, out, (),
                             M("{me}: {said}; {hurt}; +{n} Fear for being attacked (seed p. 4, 14)", me=me, said=said,
                               hurt=hurt, n=attacked))
    hurt = Mn("{who} discards {n} adrenaline card", "{who} discards {n} adrenaline cards", over,
              who=N.character_named(plan.target))
    return AttackOutcome(plan, tuple(faces), icons, tough, over, 0, attacked, False, (),
                         M("{me}: {said}; {hurt}; +{n} Fear for being attacked (seed p. 4, 13)", me=me, said=said,
                           hurt=hurt, n=attacked))
