"""Level 7 challenges as dice (spec 6.3-6.9): the pool, the roll, rerolls, what the icons decide,
and the exact odds of it for the screen's preview. Pure functions over content records, small
inputs (numbers, ids, the figures on a tile) and an RNG stream; the engine applies the outcomes.

    ch = attack_challenge(content, target)                       # Strength, level = Toughness
    pool = challenge_pool(content, ch, fear=3, items=("stun_baton",))   # 4 + 2 = 6 dice (seed p. 10)
    roll = roll_dice(content, ch.attribute, pool.total, rng.stream("dice"))
    roll = reroll(content, roll, option, (2,), rng.stream("dice"))      # a reroll the player chose
    outcome = resolve_attack(content, roll.icons, target, foes)   # stunned / removed / failed ...
    odds = attack_odds(content, pool.total, target)               # the same decider, every icon count

One function decides each challenge (`succeeds`, `attack_result`, `rush_leave`): the resolution
calls it with the rolled icons, the preview with every icon count weighted by its exact
probability (game/engine/dice.py), so the two cannot disagree.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Callable, Hashable, Iterable, Sequence, TypeVar

from game.engine.dice import BelowSource, Die, Face, outcome_distribution, roll_all, sum_distribution
from game.engine.text import M, Mn
from game.level7.content import Level7Content
from game.level7.rules import names as N
from game.level7.rules.modifiers import (CHALLENGE_ATTRIBUTE, EVENT_CHALLENGE, PlayedBonus, RerollOption, Value,
                                         attribute_value)
from game.level7.rules.refusal import Refusal

H = TypeVar("H", bound=Hashable)
DIE = "level7"  # the one kind of die (dice.toml)
GUARDS, ALIENS = "guards", "aliens"  # the two sides Outwit tells apart (seed p. 10: őrök és idegenek)


@dataclass(frozen=True)
class Foe:
    """An enemy figure on the challenger's tile, as the engine names it. `kind` is its content id
    (guard, clone, hybrid, cronos); a stunned figure is not active for any purpose (spec 11 #18)."""
    figure: str
    kind: str
    active: bool = True


@dataclass(frozen=True)
class Challenge:
    """A challenge: roll `attribute` dice, succeed with at least `level` icons (spec 6.3). For an
    Attack the level is the target's Toughness (stun); twice that removes (6.4)."""
    kind: str  # attack, bull_rush, outwit, unlock_strength, unlock_intelligence, control_panel, event_challenge
    attribute: str
    level: int


@dataclass(frozen=True)
class Roll:
    """Rolled dice. `batches`: how the dice were thrown when the box's dice were too few (roll 8,
    note, roll the rest: spec 6.3); `used`: the reroll effects already used on this roll."""
    attribute: str
    faces: tuple[Face, ...]
    batches: tuple[int, ...]
    used: tuple[str, ...] = ()

    @property
    def icons(self) -> int:
        return icons(self.faces, self.attribute)


@dataclass(frozen=True)
class Outcome:
    """What a challenge did, for the engine to apply and log.

    result: removed | stunned (Attack), freed (Bull Rush, Outwit: you may leave), unlocked,
    accessed, passed (an event's challenge), failed. `threat`: Threat the challenger gains (the
    attempt's part whatever the result: attacking a guard, a Strength unlock; Bull Rush: per guard
    tile left). `activates`: figures that activate because the challenge failed, in order."""
    challenge: Challenge
    icons: int
    result: str
    threat: int = 0
    items: int = 0  # item cards to draw (success against a guard)
    target: str = ""  # the attacked figure
    activates: tuple[str, ...] = ()
    rewards: tuple[str, ...] = ()  # Control Panel: the player takes one of these
    accessed: bool = False  # Control Panel: put an Accessed marker on the tile
    held: int = 0  # Attack: the stunned target's next activations it stays stunned (never removed, spec 8.2)
    text: str = ""

    @property
    def success(self) -> bool:
        return self.result != "failed"


# ----------------------------------------------------------------------------- dice

def icons(faces: Iterable[Face], attribute: str) -> int:
    """Icons of the attribute on the faces; a double icon counts 2 (spec 6.3)."""
    return sum(f[attribute] for f in faces)


def succeeds(challenge: Challenge, count: int) -> bool:
    """The one test of a challenge: at least `level` icons (spec 6.3)."""
    return count >= challenge.level


def challenge_pool(content: Level7Content, challenge: Challenge, *, fear: int, skills: Iterable[str] = (),
                   items: Iterable[str] = (), played: Iterable[PlayedBonus] = ()) -> Value:
    """The dice for a challenge (spec 6.3): the attribute with the Fear band, skills, carried items
    that apply to this challenge (the stun baton to an Attack), and played bonuses, a helper's
    included (6.11). Rolled as `.total` dice."""
    return attribute_value(content, challenge.attribute, fear=fear, skills=skills, items=items, played=played,
                           challenge=challenge.kind)


def roll_dice(content: Level7Content, attribute: str, dice: int, rng: BelowSource) -> Roll:
    """Rolls `dice` dice from the game's RNG stream, in batches of the box's dice (spec 6.3)."""
    box = content.count("dice")
    faces = tuple(roll_all([content.dice[DIE]] * dice, rng))
    batches = tuple(min(box, dice - i) for i in range(0, dice, box))
    return Roll(attribute, faces, batches)


def rerollable(roll: Roll, option: RerollOption) -> tuple[int, ...]:
    """The dice (indices) this effect may reroll: every die, or only those showing a double icon.
    A die already rerolled may be chosen again (seed p. 7)."""
    if option.faces == "double":
        return tuple(i for i, f in enumerate(roll.faces) if any(n >= 2 for _, n in f.symbols))
    return tuple(range(len(roll.faces)))


def reroll_choices(roll: Roll, option: RerollOption) -> tuple[tuple[int, ...], ...]:
    """Every set of dice the player may reroll with this effect (empty if it was used on this
    roll), for the engine to offer as decisions."""
    if option.source in roll.used:
        return ()
    dice = rerollable(roll, option)
    return tuple(c for k in range(1, min(option.dice, len(dice)) + 1) for c in itertools.combinations(dice, k))


def reroll_refusal(roll: Roll, option: RerollOption, chosen: Sequence[int]) -> Refusal | None:
    """Why this reroll may not be made, or None: each effect once per roll, at most its dice, only
    dice it allows, each die once (spec 6.3)."""
    if option.source in roll.used:
        return Refusal(M("{source} has already rerolled this roll.", source=M(option.name)))
    if not chosen:
        return Refusal(M("Choose at least one die to reroll."))
    if len(set(chosen)) != len(chosen):
        return Refusal(M("Choose each die once."))
    if len(chosen) > option.dice:
        return Refusal(Mn("{source} rerolls at most {n} die.", "{source} rerolls at most {n} dice.", option.dice,
                          source=M(option.name)))
    allowed = set(rerollable(roll, option))
    if any(i not in allowed for i in chosen):
        return Refusal(M("{source} rerolls only dice showing a double icon.", source=M(option.name))
                       if option.faces == "double" else M("That die is not in this roll."))
    return None


def reroll(content: Level7Content, roll: Roll, option: RerollOption, chosen: Sequence[int],
           rng: BelowSource) -> Roll | Refusal:
    """The roll with the chosen dice rolled again and the effect marked used (spec 6.3). The
    engine announces `option` before the dice are rolled; it asks the player which dice."""
    refusal = reroll_refusal(roll, option, chosen)
    if refusal:
        return refusal
    faces = list(roll.faces)
    die = content.dice[DIE]
    for i in sorted(chosen):
        faces[i] = die.roll(rng)
    return replace(roll, faces=tuple(faces), used=(*roll.used, option.source))


# ----------------------------------------------------------------------------- exact odds

def icon_distribution(die: Die, dice: int, attribute: str) -> dict[int, Fraction]:
    """Icon count -> exact probability for `dice` dice (spec 6.3, the faces of dice.toml)."""
    return sum_distribution([die] * dice, attribute)


def outcome_odds(content: Level7Content, dice: int, attribute: str, decide: Callable[[int], H]) -> dict[H, Fraction]:
    """Outcome -> exact probability, where `decide` maps an icon count to an outcome: the decider
    the resolution uses, asked for every count."""
    out: dict[H, Fraction] = {}
    for count, p in icon_distribution(content.dice[DIE], dice, attribute).items():
        key = decide(count)
        out[key] = out.get(key, Fraction(0)) + p
    return out


def success_chance(content: Level7Content, challenge: Challenge, dice: int) -> Fraction:
    """P(success) of the challenge with `dice` dice (for Attack: at least a stun)."""
    return outcome_odds(content, dice, challenge.attribute, lambda n: succeeds(challenge, n)).get(True, Fraction(0))


def reroll_odds(content: Level7Content, roll: Roll, chosen: Sequence[int], decide: Callable[[int], H]) -> dict[H, Fraction]:
    """Outcome -> exact probability if the chosen dice are rerolled and the rest kept: what a
    reroll would buy, for the preview and a bot."""
    kept = icons((f for i, f in enumerate(roll.faces) if i not in set(chosen)), roll.attribute)
    again = [content.dice[DIE]] * len(set(chosen))
    return outcome_distribution(again, lambda fs: decide(kept + icons(fs, roll.attribute)))


# ----------------------------------------------------------------------------- the tile's enemies

def weight(content: Level7Content, foes: Iterable[Foe]) -> int:
    """The active enemies counted by weight: guard and clone 1, hybrid 2, Dr. Cronos 3 (spec 6.7)."""
    return sum(content.enemies[f.kind].weight for f in foes if f.active)


FAILED_CHALLENGE_ORDER = ("guard", "clone", "hybrid", "cronos")  # spec 11 #15


def activation_order(content: Level7Content, foes: Iterable[Foe]) -> tuple[str, ...]:
    """The one decider of who a failed challenge activates (spec 7.7, 11 #15): the active figures
    given (the tile's, or after a failed Outwit the chosen side's, 11 #17), guards, clones,
    hybrids, then Dr. Cronos, each kind in the order given (the engine lists a tile's figures by
    number, so hybrids in icon order). Every resolution below and the engine ask it."""
    rank = {k: i for i, k in enumerate(FAILED_CHALLENGE_ORDER)}
    active = [f for f in foes if f.active]
    return tuple(f.figure for f in sorted(active, key=lambda f: rank.get(f.kind, len(rank))))


def side(kind: str) -> str:
    """Outwit's sides: guards, or aliens (clones, hybrids, Dr. Cronos) (seed p. 10, spec 11 #17)."""
    return GUARDS if kind == "guard" else ALIENS


def escape_needed(content: Level7Content, foes: Iterable[Foe]) -> int:
    """Icons Bull Rush and Outwit need to leave a tile: weighted enemies + 2 (spec 6.5, 6.6)."""
    return weight(content, foes) + content.number("escape_base")


def _allowed(challenge: Challenge | Refusal) -> Challenge:
    """A resolution is asked only about a challenge that may be made: the engine checked first."""
    if isinstance(challenge, Refusal):
        raise ValueError(challenge.reason)
    return challenge


# ----------------------------------------------------------------------------- Attack (6.4)

def attack_challenge(content: Level7Content, target: Foe) -> Challenge | Refusal:
    """A Strength challenge against one active enemy on your tile; its level is the Toughness."""
    if not target.active:
        return Refusal(M("{enemy} is stunned; only an active enemy can be attacked.", enemy=N.figure_key(target.figure)))
    return Challenge("attack", CHALLENGE_ATTRIBUTE["attack"], content.enemies[target.kind].toughness)


def attack_result(content: Level7Content, kind: str, count: int) -> str:
    """The one decider of an Attack (spec 6.4): at least twice the Toughness removes, at least the
    Toughness stuns, less fails. An enemy that is never removed (Dr. Cronos, spec 8.2) is stunned."""
    enemy = content.enemies[kind]
    if count >= content.number("attack_remove_multiple") * enemy.toughness and not enemy.never_removed:
        return "removed"
    return "stunned" if count >= enemy.toughness else "failed"


def stun_held(content: Level7Content, kind: str, count: int) -> int:
    """Activations an enemy that is never removed stays stunned after `count` icons, whoever is on
    its tile: Dr. Cronos hit with icons enough to remove him (twice his Toughness) stays stunned
    through his next activation as well (spec 8.2 PLACEHOLDER, enemies.toml `held_stunned`)."""
    enemy = content.enemies[kind]
    removes = count >= content.number("attack_remove_multiple") * enemy.toughness
    return enemy.held_stunned if enemy.never_removed and removes else 0


def attack_threat(content: Level7Content, target: Foe) -> int:
    """Threat gained on the attempt, whatever the outcome: attacking a guard (seed p. 10)."""
    return content.number("attack_guard_threat") if target.kind == "guard" else 0


def attempt_threat(content: Level7Content, challenge: Challenge, target: Foe | None = None) -> int:
    """Threat the challenge itself costs, whatever the outcome (the resolutions' `threat`, and
    the preview's): attacking a guard (seed p. 10), the Strength way of Unlock Door (6.8)."""
    if challenge.kind == "attack":
        return attack_threat(content, target) if target is not None else 0
    return content.number("unlock_strength_threat") if challenge.kind == "unlock_strength" else 0


def resolve_attack(content: Level7Content, count: int, target: Foe, foes: Sequence[Foe]) -> Outcome:
    """The Attack's outcome from the icons rolled (spec 6.4): removed or stunned (and against a guard
    an item card drawn), or failed and the enemies on the tile activate. +1 Threat for attacking a
    guard either way."""
    challenge = _allowed(attack_challenge(content, target))
    result = attack_result(content, target.kind, count)
    name = M(content.enemies[target.kind].name)
    if result == "failed":
        return Outcome(challenge, count, result, attack_threat(content, target), target=target.figure,
                       activates=activation_order(content, foes),
                       text=Mn("{n} Strength icon: the attack on {enemy} fails (Toughness {level}).",
                               "{n} Strength icons: the attack on {enemy} fails (Toughness {level}).", count,
                               enemy=N.figure_key(target.figure), level=challenge.level))
    items = content.number("attack_guard_items") if target.kind == "guard" else 0
    held = stun_held(content, target.kind, count)
    # The figure by its name ('Clone 1'): the log read 'clone1 (Clone) is removed'.
    enemy = N.figure_key(target.figure)
    text = (Mn("{n} Strength icon: {enemy} is removed.", "{n} Strength icons: {enemy} is removed.", count, enemy=enemy)
            if result == "removed" else
            Mn("{n} Strength icon: {enemy} is stunned.", "{n} Strength icons: {enemy} is stunned.", count, enemy=enemy))
    if held:
        text = text + " " + Mn("{name} is never removed: icons enough to remove him stun him through his next "
                               "activation as well (spec 8.2 PLACEHOLDER).",
                               "{name} is never removed: icons enough to remove him stun him through his next "
                               "activations as well (spec 8.2 PLACEHOLDER).", held, name=name)
    return Outcome(challenge, count, result, attack_threat(content, target), items, target.figure, held=held,
                   text=text)


def attack_odds(content: Level7Content, dice: int, target: Foe) -> dict[str, Fraction]:
    """removed / stunned / failed -> exact probability with `dice` dice: attack_result asked for
    every icon count."""
    return outcome_odds(content, dice, CHALLENGE_ATTRIBUTE["attack"], lambda n: attack_result(content, target.kind, n))


# ----------------------------------------------------------------------------- Bull Rush (6.5)

@dataclass(frozen=True)
class BullRush:
    """A Bull Rush in progress: R, the Strength icons rolled, kept for the turn, and how many enemy
    tiles the rush has left so far."""
    icons: int
    tiles_left: int = 0

    def available(self, content: Level7Content) -> int:
        """R minus 1 for each enemy tile left after the first (seed p. 10)."""
        return self.icons - content.number("bull_rush_decrement") * self.tiles_left


@dataclass(frozen=True)
class RushStep:
    """Leaving one enemy tile on a Bull Rush: `left` or stuck there; `needed` and `available` for
    the log; `threat` gained (a guard on the tile left); `rush` to keep for the next tile."""
    left: bool
    needed: int
    available: int
    threat: int
    rush: BullRush
    text: str


def bull_rush_challenge(content: Level7Content, foes: Sequence[Foe]) -> Challenge | Refusal:
    """A Strength challenge to leave a tile with active enemies: weighted count + 2 (spec 6.5)."""
    if not any(f.active for f in foes):
        return Refusal(M("No active enemy holds you here; you may simply move."))
    return Challenge("bull_rush", CHALLENGE_ATTRIBUTE["bull_rush"], escape_needed(content, foes))


def rush_leave(content: Level7Content, rush: BullRush, foes: Sequence[Foe]) -> RushStep:
    """The one decider of a Bull Rush, for the first tile and every later one (spec 6.5): leave if
    R - (tiles left so far) >= weighted active enemies + 2. A tile with a guard left gives Threat.
    Tiles without active enemies are not enemy tiles: they neither need nor cost anything."""
    needed, available = escape_needed(content, foes), rush.available(content)
    if not any(f.active for f in foes):
        return RushStep(True, 0, available, 0, rush, M("No active enemy here: you move on."))
    if available < needed:
        return RushStep(False, needed, available, 0, rush,
                        Mn("The rush needs {needed} Strength icons to leave; {n} is left. You stop here.",
                           "The rush needs {needed} Strength icons to leave; {n} are left. You stop here.", available,
                           needed=needed))
    guard = any(f.active and f.kind == "guard" for f in foes)
    threat = content.number("bull_rush_guard_threat") if guard else 0
    return RushStep(True, needed, available, threat, BullRush(rush.icons, rush.tiles_left + 1),
                    M("The rush needs {needed} Strength icons to leave; {available} are enough.", needed=needed,
                      available=available))


def resolve_bull_rush(content: Level7Content, count: int, foes: Sequence[Foe]) -> tuple[Outcome, BullRush | None]:
    """The Bull Rush challenge from the icons rolled, R (spec 6.5): leaving the first tile is the
    challenge; its failure activates the tile's enemies. On success the BullRush is kept for the
    turn and `rush_leave` asked at each later enemy tile (stopping there is not a new failure:
    nothing activates, spec 6.5 PROPOSED)."""
    challenge = _allowed(bull_rush_challenge(content, foes))
    step = rush_leave(content, BullRush(count), foes)
    if not step.left:
        return Outcome(challenge, count, "failed", activates=activation_order(content, foes), text=step.text), None
    return Outcome(challenge, count, "freed", step.threat, text=step.text), step.rush


def bull_rush_odds(content: Level7Content, dice: int, foes: Sequence[Foe]) -> Fraction:
    """P(leaving the first tile) with `dice` dice: rush_leave asked for every R."""
    odds = outcome_odds(content, dice, CHALLENGE_ATTRIBUTE["bull_rush"],
                        lambda n: rush_leave(content, BullRush(n), foes).left)
    return odds.get(True, Fraction(0))


# ----------------------------------------------------------------------------- Outwit (6.6)

def outwit_sides(foes: Sequence[Foe]) -> tuple[str, ...]:
    """The side(s) the player may outwit (spec 6.6): the more numerous of guards and aliens among
    the active enemies (counted as figures, seed p. 10: "amelyikből több van"); both on a tie, and
    the player chooses."""
    count = {GUARDS: 0, ALIENS: 0}
    for f in foes:
        if f.active:
            count[side(f.kind)] += 1
    most = max(count.values())
    if most == 0:
        return ()
    return tuple(s for s in (GUARDS, ALIENS) if count[s] == most)


def outwit_challenge(content: Level7Content, foes: Sequence[Foe], chosen: str) -> Challenge | Refusal:
    """An Intelligence challenge: the chosen side's weighted count + 2 (spec 6.6)."""
    sides = outwit_sides(foes)
    if not sides:
        return Refusal(M("No active enemy holds you here; you may simply move."))
    if chosen not in sides:
        return Refusal(M("You must outwit the {side}: there are more of them here.", side=N.side(sides[0])))
    return Challenge("outwit", CHALLENGE_ATTRIBUTE["outwit"],
                     escape_needed(content, [f for f in foes if side(f.kind) == chosen]))


def resolve_outwit(content: Level7Content, count: int, foes: Sequence[Foe], chosen: str) -> Outcome:
    """Outwit's outcome (spec 6.6): freed (you may leave, the other side's enemies do not stop you:
    spec 11 #17), or failed and only the chosen side's enemies activate."""
    challenge = _allowed(outwit_challenge(content, foes, chosen))
    if succeeds(challenge, count):
        return Outcome(challenge, count, "freed", text=M("{n} Intelligence icons outwit the {side}: you may leave.", n=count, side=N.side(chosen)))
    return Outcome(challenge, count, "failed",
                   activates=activation_order(content, [f for f in foes if side(f.kind) == chosen]),
                   text=Mn("{n} Intelligence icon: the {side} are not fooled ({level} needed).",
                           "{n} Intelligence icons: the {side} are not fooled ({level} needed).", count, side=N.side(chosen),
                          level=challenge.level))


# ----------------------------------------------------------------------------- Unlock Door (6.8)

def unlock_challenges(content: Level7Content) -> tuple[Challenge, Challenge]:
    """The two ways to unlock a door (spec 6.8): Strength 3 (+1 Threat on the attempt) or
    Intelligence 4; the player chooses."""
    return (Challenge("unlock_strength", CHALLENGE_ATTRIBUTE["unlock_strength"], content.number("unlock_strength_level")),
            Challenge("unlock_intelligence", CHALLENGE_ATTRIBUTE["unlock_intelligence"],
                      content.number("unlock_intelligence_level")))


def resolve_unlock(content: Level7Content, challenge: Challenge, count: int, foes: Sequence[Foe]) -> Outcome:
    """Unlock Door's outcome (spec 6.8): unlocked (remove the locked-door token), or failed and the
    enemies on the tile activate. The Strength way costs Threat either way."""
    threat = attempt_threat(content, challenge)
    if succeeds(challenge, count):
        return Outcome(challenge, count, "unlocked", threat, text=M("{n} icons: the door is unlocked.", n=count))
    return Outcome(challenge, count, "failed", threat, activates=activation_order(content, foes),
                   text=Mn("{n} icon: the door stays locked ({level} needed).", "{n} icons: the door stays locked ({level} needed).", count, level=challenge.level))


# ----------------------------------------------------------------------------- Control Panel (6.9)

CONTROL_PANEL_REWARDS = ("move_guard", "take_key")


def control_panel_challenge(content: Level7Content, *, allowed: bool, panel: bool, accessed: bool) -> Challenge | Refusal:
    """Intelligence 4 (spec 6.9), only where the scenario allows it (flags.control_panel), on a tile
    with a control panel icon that has no Accessed marker yet (spec 6.9 PLACEHOLDER default)."""
    if not allowed:
        return Refusal(M("This scenario has no Control Panel action."))
    if not panel:
        return Refusal(M("There is no control panel on this tile."))
    if accessed:
        return Refusal(M("This control panel has already been accessed."))
    return Challenge("control_panel", CHALLENGE_ATTRIBUTE["control_panel"], content.number("control_panel_level"))


def resolve_control_panel(content: Level7Content, count: int, foes: Sequence[Foe], *, keys_left: int,
                          guards_on_map: bool) -> Outcome:
    """Control Panel's outcome (spec 6.9): accessed (an Accessed marker goes on the tile) with the
    rewards the player may choose from (move any one guard 1 tile, or take a security key: only
    those that can happen), or failed and the enemies on the tile activate. A scenario's hooks on
    access or failure (Lockdown) are the engine's."""
    challenge = Challenge("control_panel", CHALLENGE_ATTRIBUTE["control_panel"], content.number("control_panel_level"))
    if not succeeds(challenge, count):
        return Outcome(challenge, count, "failed", activates=activation_order(content, foes),
                       text=Mn("{n} Intelligence icon: access denied ({level} needed).",
                          "{n} Intelligence icons: access denied ({level} needed).", count, level=challenge.level))
    rewards = tuple(r for r, possible in zip(CONTROL_PANEL_REWARDS, (guards_on_map, keys_left > 0)) if possible)
    return Outcome(challenge, count, "accessed", rewards=rewards, accessed=True,
                   text=M("{n} Intelligence icons: the control panel is accessed.", n=count))


# ----------------------------------------------------------------------------- event challenges

def event_challenge(attribute: str, level: int) -> Challenge:
    """A challenge an event card calls for (spec 6.3): not the turn's challenge action (11 #11)."""
    return Challenge(EVENT_CHALLENGE, attribute, level)


def resolve_event_challenge(challenge: Challenge, count: int) -> Outcome:
    """passed or failed; an event's challenge activates nobody unless the event says so (11 #11)."""
    word = N.attribute(challenge.attribute)
    if succeeds(challenge, count):
        return Outcome(challenge, count, "passed", text=M("{n} {attribute} icons: the challenge is met.", n=count,
                                                          attribute=word))
    return Outcome(challenge, count, "failed", text=Mn("{n} {attribute} icon: the challenge fails ({level} needed).",
                                                       "{n} {attribute} icons: the challenge fails ({level} needed).",
                                                       count, attribute=word, level=challenge.level))




__all__ = ["ALIENS", "BullRush", "CONTROL_PANEL_REWARDS", "Challenge", "DIE", "Foe", "GUARDS", "Outcome", "Refusal",
           "Roll", "RushStep", "activation_order", "stun_held", "attack_challenge", "attack_odds", "attack_result", "attack_threat",
           "bull_rush_challenge", "bull_rush_odds", "challenge_pool", "control_panel_challenge", "escape_needed",
           "event_challenge", "icon_distribution", "icons", "outcome_odds", "outwit_challenge", "outwit_sides",
           "reroll", "reroll_choices", "reroll_odds", "reroll_refusal", "rerollable", "resolve_attack",
           "resolve_bull_rush", "resolve_control_panel", "resolve_event_challenge", "resolve_outwit", "resolve_unlock",
           "roll_dice", "rush_leave", "side", "succeeds", "success_chance", "unlock_challenges", "weight"]
