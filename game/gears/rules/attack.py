"""Attacks (spec 6.3-6.8): dice counts, exact wound previews, and resolution.

`attack_preview` gives the UI the exact distribution of wounds on the target; the resolvers
roll the dice from the state's "dice" stream (tests stack faces in `state.flags["dice_stack"]`,
which is state data, so stacked games still replay).
"""
from __future__ import annotations

from game.engine import text as T
from game.engine.text import M, Msg
from game.i18n import N_
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from game.gears.content import DieFace, GearsContent
from game.gears.rules import names as N
from game.gears.rules import wounds as W
from game.gears.rules.movement import cover_bonus, los
from game.gears.rules.spawning import md, rules_named
from game.gears.rules.state import GearsState

Dist = dict[int, Fraction]
STRANDED = "stranded"  # the Search for the Stranded padlock token as a Locust target


# ----------------------------------------------------------------------------- dice

def roll(state: GearsState, content: GearsContent, die: str, n: int) -> list[DieFace]:
    faces = content.dice[die].faces
    stack = state.flags.get("dice_stack", {}).get(die, [])
    out = []
    for _ in range(max(0, n)):
        if stack:
            out.append(faces[stack.pop(0)])
        else:
            out.append(faces[state.rng.stream("dice").below(len(faces))])
    return out


_NO_MODE = {
    "normal": N_("The {weapon} has no Normal attack: it fires Overwhelming only (spec 6.5)."),
    "overwhelming": N_("The {weapon} has no Overwhelming attack: it fires Normal only (spec 6.5)."),
}


def no_mode(weapon: str, mode: str) -> Msg:
    """The refusal of an attack mode the weapon does not have."""
    return M(_NO_MODE["overwhelming" if mode == "overwhelming" else "normal"], weapon=N.weapon(weapon))


def lacks_mode(why: Any) -> bool:
    """Whether a refusal is no_mode's (the weapon has the other mode)."""
    return isinstance(why, Msg) and why.msgid in _NO_MODE.values()


_FACES: dict[tuple, Any] = {}  # faces rolled -> their words (a few hundred patterns recur)


# The faces as logs worded them before they were words ('2h, 1s': codes at the table); a save keeps
# its log as message ids, so these stay in the catalogues for old saves' lines.
OLD_FACE_WORDS = (N_("{n}h"), N_("{n}s"))


def _faces_text(faces: list[DieFace]) -> Any:
    """The faces rolled, in words ('2 hits, omen, blank')."""
    key = tuple(faces)
    got = _FACES.get(key)
    if got is None:
        parts = [M("omen") if f.omen else N.hits(f.hits) if f.hits else N.shields(f.shields) if f.shields
                 else M("blank") for f in faces]
        got = T.join(", ", parts) if parts else M("no dice")
        if len(_FACES) < 4096:
            _FACES[key] = got
    return got


# ----------------------------------------------------------------------------- dice counts

@dataclass(frozen=True)
class AttackPlan:
    """Everything decided before the roll (spec 6.3 steps 1-3)."""

    black: int
    red: int
    reasons: tuple[str, ...]
    omen: tuple[tuple[str, int], ...]  # (effect, amount) of Omen abilities that change wounds


def weapon_dice(content: GearsContent, weapon: str, mode: str) -> int | None:
    w = content.weapons[weapon]
    n = w.normal if mode == "normal" else w.overwhelming
    return n if n else None  # 0 = not this mode (spec 6.5)


def cog_attack_legality(state: GearsState, content: GearsContent, player: str, target: str,
                        weapon: str, mode: str, spend: bool = True,
                        sight: tuple[bool, int] | LazySight | None = None) -> str | None:
    """Why a COG cannot attack Locust `target` with weapon/mode now, or None if it can.

    sight: (line of sight, range distance) between the COG and the target when the caller has
    them already, or a LazySight (turn.py asks for every weapon and mode against the same
    Locust); read only once the cheaper checks passed."""
    c = state.cogs[player]
    x = state.locusts.get(target)
    w = content.weapons.get(weapon)
    who = N.cog(state, player)
    if x is None:
        return M("{locust} is not on the map.", locust=N.locust(state, target))
    if w is None or not c.has_weapon(weapon):
        return M("{who} does not carry the {weapon} (spec 6.5).", who=who, weapon=N.weapon(weapon))
    if w.targets != "figure":
        what = M("an area") if w.targets == "area" else M("no figure")
        return M("The {weapon} targets {what}, not a figure (spec 6.6).", weapon=N.weapon(w.id), what=what)
    if weapon_dice(content, weapon, mode) is None:
        return no_mode(weapon, mode)
    ammo = c.ammo(weapon)
    if ammo < 1 and not (w.usable_without_ammo and mode == "normal"):
        return M("The {weapon} has no ammo: a weapon needs at least 1 ammo token to attack (spec 6.5).", weapon=N.weapon(w.id))
    if mode == "overwhelming" and spend and ammo < 1:
        return M("An Overwhelming attack spends an ammo token, and the {weapon} has none (spec 6.5).", weapon=N.weapon(w.id))
    only = only_weapon_against(state, content, target, weapon)
    if only is not None:
        return only
    if sight is None:
        sight = attack_sight(state, player, target)
    seen, d = sight
    if not seen:
        return (M("{who} cannot attack {locust}: a wall blocks every line of sight (spec 3.5).", who=who, locust=N.locust(state, target)))
    if w.hard_range is not None and d > w.hard_range:
        return (M("The {weapon} cannot reach {locust}: it is {areas} away and it reaches at most {reach} (spec 3.6).", weapon=N.weapon(w.id), locust=N.locust(state, target), areas=N.areas(d), reach=N.areas(w.hard_range)))
    if "no_attack_after_moving" in {a.effect for a in w.abilities} and c.moved:
        return M("The {weapon} cannot be fired after {who} moved this turn (spec 6.6).", weapon=N.weapon(w.id), who=who)
    return None


class LazySight:
    """attack_sight(state, player, target), worked out the first time it is read (`seen, d =
    sight`): a COG whose weapons all fail the cheaper checks (no ammo, no such mode) never pays
    for the line of sight."""

    __slots__ = ("_args", "_value")

    def __init__(self, state: GearsState, player: str, target: str):
        self._args = (state, player, target)
        self._value: tuple[bool, int] | None = None

    def __iter__(self):
        if self._value is None:
            self._value = attack_sight(*self._args)
        return iter(self._value)


def attack_sight(state: GearsState, player: str, target: str) -> tuple[bool, int]:
    """(LOS, range distance) from the COG to the Locust: what every weapon's legality reads."""
    c = state.cogs[player]
    x = state.locusts[target]
    view = state.view()
    return los(view, (c.area, c.cover), (x.area, x.cover)), view.rdist(c.area, x.area)


def cog_attack_plan(state: GearsState, content: GearsContent, player: str, target: str,
                    weapon: str, mode: str, bonus: int = 0, spend: bool = True) -> AttackPlan:
    c = state.cogs[player]
    x = state.locusts[target]
    w = content.weapons[weapon]
    enemy = W.enemy_stats(state, content, x.enemy)
    view = state.view()
    black = weapon_dice(content, weapon, mode) or 0
    reasons = [M("{weapon} {mode}: {black} attack dice", weapon=N.weapon(w.id), mode=N.mode(mode), black=black)]
    cog = content.cogs[c.character]
    if cog.ability.effect == "lancer_extra_die" and weapon == "lancer":
        black += cog.ability.amount or 0
        reasons.append(M("{name}'s ability: +{amount}", name=M(cog.name), amount=cog.ability.amount))
    if bonus:
        black += bonus
        reasons.append(M("card: {bonus:+d} attack dice", bonus=bonus))
    red = enemy.defence
    reasons.append(M("{enemy} defence {defence}", enemy=N.enemy(x.enemy), defence=enemy.defence))
    cb = cover_bonus(view, (c.area, c.cover), (x.area, x.cover))
    if cb:
        red += cb
        reasons.append(M("full cover +{cb}", cb=cb) if cb == 2 else M("partial cover +{cb}", cb=cb))
    d = view.rdist(c.area, x.area)
    if w.range is not None and d > w.range:
        red += d - w.range
        reasons.append(M("{areas} beyond range +{d}", areas=N.areas(d - w.range), d=d - w.range))
    # An Omen marked requires_ammo (the Mulcher, FAQ v1.1: "cannot be used with 0 ammo") works
    # only if the weapon still holds an ammo token when the dice are read, i.e. after an
    # Overwhelming attack spent its token.
    left = c.ammo(weapon) - (1 if mode == "overwhelming" and spend else 0)
    omens = [a for a in w.omen() if not (a.params.get("requires_ammo") and left < 1)]
    if len(omens) < len(w.omen()):
        reasons.append(M("no ammo left: the {weapon}'s Omen does nothing", weapon=N.weapon(w.id)))
    omen = tuple((a.effect, a.amount or 0) for a in omens)
    return AttackPlan(max(0, black), red, tuple(reasons), omen)


def locust_attack_plan(state: GearsState, content: GearsContent, lid: str, player: str,
                       bonus: int = 0, dodge: bool = False) -> AttackPlan:
    x = state.locusts[lid]
    enemy = W.enemy_stats(state, content, x.enemy)
    view = state.view()
    black = enemy.attack + bonus
    reasons = [M("{enemy} attack {attack}", enemy=N.enemy(x.enemy), attack=enemy.attack)] + ([M("card {bonus:+d}", bonus=bonus)] if bonus else [])
    if player == STRANDED:
        # Search for the Stranded: defence 2 (mission rule), never in cover (spec 9.3.2).
        red = next((int(r.params.get("defence", 2)) for r in rules_named(state, "stranded")), 2)
        reasons.append(M("the Stranded defence {red}", red=red))
        if dodge:
            red += 2
        return AttackPlan(max(0, black), red, tuple(reasons),
                          tuple((a.effect, a.amount or 0) for a in enemy.abilities if a.kind == "omen"))
    c = state.cogs[player]
    red = content.cogs[c.character].defence
    reasons.append(M("{cog} defence {red}", cog=N.character(c.character), red=red))
    cb = cover_bonus(view, (x.area, x.cover), (c.area, c.cover))
    if cb:
        red += cb
        reasons.append(M("full cover +{cb}", cb=cb) if cb == 2 else M("partial cover +{cb}", cb=cb))
    if dodge:
        red += 2
        reasons.append(M("Dodge +2"))
    for name, extra in carried_defence_dice(state, content, player):
        red += extra
        reasons.append(M("{weapon} +{extra}", weapon=M(name), extra=extra))
    omen = tuple((a.effect, a.amount or 0) for a in enemy.abilities if a.kind == "omen")
    return AttackPlan(max(0, black), red, tuple(reasons), omen)


# ----------------------------------------------------------------------------- exact preview

def _joint(faces: tuple[DieFace, ...], n: int, key) -> dict[tuple[int, int], Fraction]:
    dist: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    per = Counter(key(f) for f in faces)
    for _ in range(n):
        nxt: Counter = Counter()
        for (a, b), p in dist.items():
            for (da, db), k in per.items():
                nxt[(a + da, b + db)] += p * Fraction(k, len(faces))
        dist = dict(nxt)
    return dist


def wound_distribution(content: GearsContent, plan: AttackPlan) -> Dist:
    """Exact distribution of wounds to the target for a planned attack (spec 6.3, 6.6).

    It depends only on the dice and on the plan's dice counts and Omen effects (not on its
    reasons), so each answer is kept: the COG bot previews the same few attacks many times."""
    attack, defence = content.dice["attack"], content.dice["defence"]
    key = (id(attack), id(defence), plan.black, plan.red, plan.omen)
    hit = _DISTS.get(key)
    if hit is None or hit[0] is not attack or hit[1] is not defence:
        hit = _DISTS[key] = (attack, defence, _wound_distribution(content, plan))
        if len(_DISTS) > 4096:
            _DISTS.pop(next(iter(_DISTS)))
    return dict(hit[2])


# (dice ids, black, red, omen effects) -> (the dice, the distribution); the dice objects are
# kept so that their ids stay unique while an entry lives.
_DISTS: dict[tuple, tuple[Any, Any, Dist]] = {}


def _wound_distribution(content: GearsContent, plan: AttackPlan) -> Dist:
    black = _joint(content.dice["attack"].faces, plan.black, lambda f: (f.hits, int(f.omen)))
    red = _joint(content.dice["defence"].faces, plan.red, lambda f: (f.shields, int(f.shields == 1)))
    effects = dict(plan.omen)
    out: Counter = Counter()
    for (hits, omens), pb in black.items():
        extra = omens * effects.get("extra_wound", 0)
        for (shields, singles), pr in red.items():
            s = shields
            if omens and "ignore_defence" in effects:
                s = 0
            elif omens and "ignore_single_shields" in effects:
                s = shields - singles
            if omens and "single_hits_count_double" in effects:
                pass  # changes hits per die; handled in resolution, preview treats it as printed
            out[max(0, hits + extra - s)] += pb * pr
    return dict(sorted(out.items()))


def attack_preview(state: GearsState, content: GearsContent, attacker: str, target: str,
                   weapon: str | None = None, mode: str = "normal", bonus: int = 0,
                   spend: bool = True) -> tuple[AttackPlan, Dist]:
    """The plan (dice and why) and exact wound distribution of an attack.

    attacker: a player id (COG, then weapon and mode are required) or a Locust id (target is
    then a player id). `bonus` and `spend` are what the card being played gives the attack
    (turn.attack_preview_of reads them from the frame, as the resolution does)."""
    if attacker in state.cogs:
        plan = cog_attack_plan(state, content, attacker, target, weapon or "", mode, bonus, spend)
    else:
        plan = locust_attack_plan(state, content, attacker, target, bonus)
    return plan, wound_distribution(content, plan)


@dataclass(frozen=True)
class AttackPreview:
    """What a COG's attack will do, exactly: the dice and why, the wound distribution, the
    target's health left and the chance to kill it (0 when it cannot be wounded by that weapon
    now, with `immune` saying why)."""

    plan: AttackPlan
    dist: Dist
    health: int
    kill: Fraction
    immune: str | None


def cog_attack_preview(state: GearsState, content: GearsContent, player: str, target: str, weapon: str,
                       mode: str, bonus: int = 0, spend: bool = True) -> AttackPreview:
    plan, dist = attack_preview(state, content, player, target, weapon, mode, bonus, spend)
    x = state.locusts[target]
    health = W.locust_health(content, x, state)
    immune = W.immune_to(state, content, target, weapon)
    kill = Fraction(0) if immune is not None else sum((p for w, p in dist.items() if w >= health), Fraction(0))
    return AttackPreview(plan, dist, health, kill, immune)


# ----------------------------------------------------------------------------- resolution

def resolve_roll(ctx, content: GearsContent, plan: AttackPlan, who: str) -> tuple[int, int, int, int]:
    """Rolls the planned dice: returns (hits, omens, shields, single shields)."""
    state = ctx.state
    b = roll(state, content, "attack", plan.black)
    r = roll(state, content, "defence", plan.red)
    hits = sum(f.hits for f in b)
    omens = sum(1 for f in b if f.omen)
    shields = sum(f.shields for f in r)
    singles = sum(1 for f in r if f.shields == 1)
    if omens and "single_hits_count_double" in dict(plan.omen):
        hits += sum(1 for f in b if f.hits == 1)
    ctx.emit("roll", M("{who}: attack dice [{faces}], defence dice [{faces2}].", who=who, faces=_faces_text(b), faces2=_faces_text(r)),
             {"attack": [[f.hits, int(f.omen)] for f in b], "defence": [f.shields for f in r],
              "reasons": [T.to_json(r) for r in plan.reasons]}, hidden=True)
    return hits, omens, shields, singles


def wounds_from(plan: AttackPlan, hits: int, omens: int, shields: int, singles: int) -> int:
    effects = dict(plan.omen)
    extra = omens * effects.get("extra_wound", 0)
    if omens and "ignore_defence" in effects:
        shields = 0
    elif omens and "ignore_single_shields" in effects:
        shields -= singles
    return max(0, hits + extra - shields)


def cog_attack(ctx, content: GearsContent, player: str, target: str, weapon: str, mode: str,
               bonus: int = 0, spend: bool = True, guard: bool = False) -> None:
    """A COG's weapon attack on one Locust (spec 6.3)."""
    state: GearsState = ctx.state
    c = state.cogs[player]
    w = content.weapons[weapon]
    plan = cog_attack_plan(state, content, player, target, weapon, mode, bonus, spend)
    if mode == "overwhelming" and spend:
        c.set_ammo(weapon, c.ammo(weapon) - 1)
        state.flags["spent_ammo"] = True
    x = state.locusts[target]
    area = x.area
    ctx.emit("attack", M("{cog} attacks {locust} with the {weapon} ({mode}).", cog=N.character(c.character), locust=N.locust(state, target), weapon=N.weapon(w.id), mode=N.mode(mode)),
             {"player": player, "target": target, "weapon": weapon, "mode": mode,
              "black": plan.black, "red": plan.red})
    hits, omens, shields, singles = resolve_roll(ctx, content, plan, N.character(c.character))
    n = wounds_from(plan, hits, omens, shields, singles)
    enemy = x.enemy
    W.damage_locust(ctx, content, target, n, M("{cog}'s {weapon}", cog=N.character(c.character), weapon=N.weapon(w.id)), weapon)
    for effect, amount in plan.omen:
        if effect == "wound_others_in_target_area" and omens:
            W.wound_area(ctx, content, area, amount * omens, M("the {weapon}'s Omen", weapon=N.weapon(w.id)), exclude=(target,),
                         weapon=weapon)
    flip_if_attacked(ctx, content, target, enemy, weapon)
    after_cog_attack(ctx, content, player, guard, frozenset((target,)))


def flip_if_attacked(ctx, content: GearsContent, lid: str, enemy: str, weapon: str) -> None:
    """General RAAM (spec 8.2, 11 item 37): side A flips after a Bolo or Torque Bow attack, side
    B after any attack; the flip follows the finished attack."""
    state: GearsState = ctx.state
    if lid not in state.locusts:
        return
    for a in W.enemy_stats(state, content, enemy).abilities:
        if a.effect == "flip_when_attacked":
            by = a.params.get("by")
            if not by or weapon in by:
                W.flip_enemy(ctx, content, enemy)
            return


def after_cog_attack(ctx, content: GearsContent, player: str, guard: bool, attacked: frozenset[str],
                     grenade_area: str | None = None) -> None:
    """Each Berserker moves 1 area toward a COG that attacked. The base Berserker only toward a
    COG that attacked *it* (seed p. 26: 'minden őt támadó COG felé'; its ability's
    `only_if_attacked`): `attacked` are the Locusts the attack was made on (its target, or every
    Locust in the target area of a grenade or area weapon). The MP1 Feral Berserker after any
    COG attack (MP1 seed, Feral Berserker card: 'After a COG attacks'), toward a Bolo Grenade's
    target area (its ability's `grenade` parameter)."""
    state: GearsState = ctx.state
    c = state.cogs[player]
    c.attacked = True
    from game.gears.rules.movement import next_steps_toward

    for lid in sorted(state.locusts):
        x = state.locusts.get(lid)
        if x is None:
            continue
        ab = next((a for a in W.enemy_stats(state, content, x.enemy).abilities
                   if a.effect == "move_toward_attacking_cog"), None)
        if ab is None:
            continue
        if ab.params.get("only_if_attacked") and lid not in attacked:
            continue
        if guard and state.flags.get("activating") == lid:
            continue  # a Guard during its own activation does not pull it (spec 11 item 38)
        goal = grenade_area if grenade_area and ab.params.get("grenade") == "target_area" else c.area
        steps = next_steps_toward(state.view(), x.area, goal)
        if steps:
            from game.gears.ai import note_asking_locust

            note_asking_locust(ctx, lid)
            pick = ctx.choose(state.active_player, "locust_path", [{"area": a} for a in steps],
                              M("Which way does {locust} move toward {cog}?", locust=N.locust(state, lid), cog=N.character(c.character)))
            x.area, x.cover = pick["area"], None
            ctx.emit("move", M("{locust} moves toward {cog} to {area}.", locust=N.locust(state, lid), cog=N.character(c.character), area=x.area),
                     {"figure": lid, "area": x.area})


CHAINSAW_DICE = 4  # spec 6.7


def chainsaw_dice(content: GearsContent, character: str) -> tuple[int, tuple[Msg, ...]]:
    """How many attack dice the chainsaw of `character` rolls (spec 6.7: 4, and Marcus Fenix's
    ability adds to them), and why, as the preview lists it."""
    n, why = CHAINSAW_DICE, []
    cog = content.cogs[character]
    if cog.ability.effect == "lancer_extra_die" and cog.ability.amount:
        n += cog.ability.amount
        why.append(M("{name}'s ability: +{amount}", name=M(cog.name), amount=cog.ability.amount))
    return n, tuple(why)


@dataclass(frozen=True)
class ChainsawPreview:
    """What a chainsaw attack will do, exactly (spec 6.7): the dice it rolls and why, and the
    chance that at least one shows an Omen, which kills the target whatever its health."""

    dice: int
    reasons: tuple[Msg, ...]
    health: int
    kill: Fraction


def chainsaw_preview(state: GearsState, content: GearsContent, player: str, target: str) -> ChainsawPreview:
    """The odds of the chainsaw attack `chainsaw` resolves: its dice (chainsaw_dice) against
    the attack die's faces (data/dice.toml)."""
    n, why = chainsaw_dice(content, state.cogs[player].character)
    health = W.locust_health(content, state.locusts[target], state)
    return ChainsawPreview(n, why, health, 1 - no_omen(content) ** n)


def no_omen(content: GearsContent) -> Fraction:
    """The chance that one attack die shows no Omen (its faces, data/dice.toml)."""
    faces = content.dice["attack"].faces
    return Fraction(sum(1 for f in faces if not f.omen), len(faces))


def chainsaw(ctx, content: GearsContent, player: str, target: str, guard: bool = False) -> None:
    """Spec 6.7: leave cover, roll 4 attack dice (+Marcus), ignore hits; an Omen kills."""
    state: GearsState = ctx.state
    c = state.cogs[player]
    c.cover = None
    n, _why = chainsaw_dice(content, c.character)
    faces = roll(state, content, "attack", n)
    ctx.emit("roll", M("{cog} revs the chainsaw at {locust}: [{faces}].", cog=N.character(c.character), locust=N.locust(state, target), faces=_faces_text(faces)),
             {"attack": [[f.hits, int(f.omen)] for f in faces]}, hidden=True)
    if any(f.omen for f in faces):
        W.kill_locust(ctx, content, target, M("{cog}'s chainsaw", cog=N.character(c.character)))
    else:
        ctx.emit("miss", M("The chainsaw misses {locust}.", locust=N.locust(state, target)), {"target": target})
    after_cog_attack(ctx, content, player, guard, frozenset((target,)))


def chainsaw_legality(state: GearsState, content: GearsContent, player: str, target: str) -> str | None:
    c = state.cogs[player]
    x = state.locusts.get(target)
    if x is None:
        return M("{locust} is not on the map.", locust=N.locust(state, target))
    if not c.has_weapon("lancer"):
        return M("Only the Lancer has a chainsaw, and {cog} carries none (spec 6.7).", cog=N.cog(state, player))
    if x.area != c.area:
        return (M("The chainsaw reaches only a Locust in {cog}'s own area; {locust} is elsewhere (spec 6.7).", cog=N.cog(state, player), locust=N.locust(state, target)))
    if content.enemies[x.enemy].chainsaw_immune:
        return M("The {enemy} cannot be chainsawed (spec 6.7).", enemy=N.enemy(x.enemy))
    return only_weapon_against(state, content, target, "lancer")


def only_weapon_against(state: GearsState, content: GearsContent, target: str, weapon: str) -> str | None:
    """Seed p. 26 (China Shop): the Berserker 'csak a Hammer of Dawn fegyverrel támadható, hacsak
    már meg nem sebezték': while unwounded it may be attacked only with the Hammer of Dawn. An
    attack on its area (a grenade, the Mortar) targets the area, not the Berserker, and stays
    allowed: it rolls against it without wounding it (wounds.immune_to), and it draws the
    Berserker toward the thrower (after_cog_attack)."""
    x = state.locusts[target]
    if x.wounded or weapon == "hammer_of_dawn":
        return None
    if any(a.effect == "only_hammer_of_dawn_wounds_unwounded" for a in W.enemy_stats(state, content, x.enemy).abilities):
        return (M("{locust} may be attacked only with the Hammer of Dawn until it is wounded (seed p. 26).", locust=N.locust(state, target)))
    return None


def _locusts_in(state: GearsState, area: str) -> frozenset[str]:
    """The Locusts an attack on this area is made on (taken before it resolves)."""
    return frozenset(lid for lid, x in state.locusts.items() if x.area == area)


def grenade_legality(state: GearsState, content: GearsContent, player: str, area: str) -> str | None:
    c = state.cogs[player]
    if c.grenades < 1:
        return M("{cog} has no Bolo Grenades left (spec 6.8).", cog=N.cog(state, player))
    if c.has_weapon("boomshield"):
        return M("A COG holding the Boomshield cannot throw Bolo Grenades (spec 6.6).")
    view = state.view()
    if area not in view.areas:
        return M("There is no area {area} on the map.", area=area)
    w = content.weapons["bolo_grenade"]
    if view.rdist(c.area, area) > (w.hard_range or 0):
        return M("The Bolo Grenade reaches at most {areas} (spec 6.8).", areas=N.areas(w.hard_range or 0))
    if not los(view, (c.area, c.cover), (area, None)):
        return M("The Bolo Grenade's target area is not in line of sight: a wall blocks every line (spec 6.8, 3.5).")
    return None


def grenade_dice(content: GearsContent) -> int:
    """The attack dice a Bolo Grenade rolls (spec 6.8): its card's dice; `grenade` rolls them
    and `grenade_seal_chances` previews them."""
    return content.weapons["bolo_grenade"].normal or 0


def grenade_seals(state: GearsState, area: str, omens: int) -> list[str]:
    """The open holes in `area` that a Bolo Grenade rolling `omens` Omens seals (spec 6.8: each
    Omen seals one open hole in its area), in the order `grenade` seals them."""
    holes = sorted(h for h, v in state.holes.items() if v["area"] == area and not v["sealed"])
    return holes[:omens]


def grenade_seal_chances(state: GearsState, content: GearsContent, area: str) -> Dist:
    """Exact distribution of the number of emergence holes a Bolo Grenade thrown into `area`
    now seals (spec 6.8: only its Omens seal, one open hole each): the same dice `grenade`
    rolls and the same count `grenade_seals` takes. The bots weigh a throw at a hole with it."""
    omens = _joint(content.dice["attack"].faces, grenade_dice(content), lambda f: (int(f.omen), 0))
    out: Counter = Counter()
    for (k, _), p in omens.items():
        out[len(grenade_seals(state, area, k))] += p
    return dict(sorted(out.items()))


def grenade(ctx, content: GearsContent, player: str, area: str) -> None:
    """Spec 6.8: one attack roll; every figure in the area defends on its own, no cover; each
    Omen seals one open hole in the area (`grenade_seals`)."""
    state: GearsState = ctx.state
    c = state.cogs[player]
    c.grenades -= 1
    w = content.weapons["bolo_grenade"]
    here = _locusts_in(state, area)
    # Dodge works against Bolo Grenades too (spec 6.9): declared before the single roll.
    dodging = {p for p in state.players if state.cogs[p].area == area and not state.cogs[p].bleeding
               and ask_dodge(ctx, content, p, M("A Bolo Grenade lands in {area}", area=area))}
    black = roll(state, content, "attack", grenade_dice(content))
    hits = sum(f.hits for f in black)
    omens = sum(1 for f in black if f.omen)
    ctx.emit("attack", M("{cog} throws a Bolo Grenade into {area}: [{faces}].", cog=N.character(c.character), area=area, faces=_faces_text(black)),
             {"player": player, "area": area, "attack": [[f.hits, int(f.omen)] for f in black]},
             hidden=True)
    for lid in sorted(x.id for x in state.locusts.values() if x.area == area):
        if lid not in state.locusts:
            continue
        enemy = state.locusts[lid].enemy
        red = roll(state, content, "defence", W.enemy_stats(state, content, enemy).defence)
        n = max(0, hits - sum(f.shields for f in red))
        ctx.emit("defend", M("{locust} defends: [{faces}].", locust=N.locust(state, lid), faces=_faces_text(red)), {"figure": lid}, hidden=True)
        W.damage_locust(ctx, content, lid, n, M("a Bolo Grenade"), "bolo_grenade")
        flip_if_attacked(ctx, content, lid, enemy, "bolo_grenade")
    for p in state.players:
        cog = state.cogs.get(p)
        if cog and cog.area == area and not cog.bleeding:
            red = roll(state, content, "defence", _defence_of(state, content, p) + (2 if p in dodging else 0))
            n = max(0, hits - sum(f.shields for f in red))
            ctx.emit("defend", M("{cog} is caught in the blast: [{faces}].", cog=N.character(cog.character), faces=_faces_text(red)),
                     {"player": p}, hidden=True)
            W.wound_cog(ctx, content, p, n, M("a Bolo Grenade"))
    for hole in grenade_seals(state, area, omens):
        state.holes[hole]["sealed"] = True
        state.flags["last_seal_by"] = "bolo_grenade"
        ctx.emit("sealed", M("The grenade seals the emergence hole {hole}.", hole=hole), {"hole": hole})
    after_cog_attack(ctx, content, player, False, here, grenade_area=area)


def area_attack_legality(state: GearsState, content: GearsContent, player: str, area: str, weapon: str,
                         mode: str = "overwhelming", spend: bool = True) -> str | None:
    """Why a COG cannot fire an area weapon (the Mortar, spec 6.6) at `area` now, or None. It
    needs LOS to the area and an ammo token; it may fire beyond its range (+1 defence die per
    area beyond, FAQ v1.1, fan FAQ v2.6)."""
    c = state.cogs[player]
    w = content.weapons.get(weapon)
    if w is None or not c.has_weapon(weapon):
        return M("{cog} does not carry the {weapon} (spec 6.5).", cog=N.cog(state, player), weapon=N.weapon(weapon))
    if w.targets != "area":
        return M("The {weapon} targets a figure, not an area (spec 6.3).", weapon=N.weapon(w.id))
    if weapon_dice(content, weapon, mode) is None:
        return no_mode(weapon, mode)
    if c.ammo(weapon) < 1:
        return M("The {weapon} has no ammo: a weapon needs at least 1 ammo token to attack (spec 6.5).", weapon=N.weapon(w.id))
    view = state.view()
    if area not in view.areas:
        return M("There is no area {area} on the map.", area=area)
    if not los(view, (c.area, c.cover), (area, None)):
        return M("The {weapon}'s target area is not in line of sight: a wall blocks every line (spec 3.5, 6.6).", weapon=N.weapon(w.id))
    return None


def area_attack(ctx, content: GearsContent, player: str, area: str, weapon: str, mode: str = "overwhelming",
                bonus: int = 0, spend: bool = True, guard: bool = False) -> None:
    """The Mortar (spec 6.6; FAQ v1.1, fan FAQ v2.6; dice and Omen PLACEHOLDER): one attack roll
    at an area; every figure there, COGs included, defends on its own as against a Bolo Grenade
    (no cover), plus 1 die per area beyond the weapon's range; each Omen deals the ability's
    wounds to each figure in the areas adjacent to the target area (cracked or blue border), with
    no defence roll (spec 6.3 step 5)."""
    state: GearsState = ctx.state
    c = state.cogs[player]
    w = content.weapons[weapon]
    here = _locusts_in(state, area)
    if mode == "overwhelming" and spend:
        c.set_ammo(weapon, c.ammo(weapon) - 1)
        state.flags["spent_ammo"] = True
    view = state.view()
    d = view.rdist(c.area, area)
    beyond = max(0, d - w.range) if w.range is not None else 0
    dodging = {p for p in state.players if state.cogs[p].area == area and not state.cogs[p].bleeding
               and ask_dodge(ctx, content, p, M("The {weapon} shell lands in {area}", weapon=N.weapon(w.id), area=area))}
    black = roll(state, content, "attack", (weapon_dice(content, weapon, mode) or 0) + bonus)
    hits = sum(f.hits for f in black)
    omens = sum(1 for f in black if f.omen)
    ctx.emit("attack", M("{cog} fires the {weapon} into {area}: [{faces}]", cog=N.cog(state, player), weapon=N.weapon(w.id), area=area, faces=_faces_text(black))
             + (M("; {areas} beyond its range, +{beyond} defence dice each.", areas=N.areas(beyond), beyond=beyond) if beyond else "."),
             {"player": player, "area": area, "weapon": weapon, "attack": [[f.hits, int(f.omen)] for f in black]},
             hidden=True)
    for lid in sorted(x.id for x in state.locusts.values() if x.area == area):
        if lid not in state.locusts:
            continue
        enemy = state.locusts[lid].enemy
        red = roll(state, content, "defence", W.enemy_stats(state, content, enemy).defence + beyond)
        ctx.emit("defend", M("{locust} defends: [{faces}].", locust=N.locust(state, lid), faces=_faces_text(red)), {"figure": lid}, hidden=True)
        W.damage_locust(ctx, content, lid, max(0, hits - sum(f.shields for f in red)), M("the {weapon}", weapon=N.weapon(w.id)), weapon)
        flip_if_attacked(ctx, content, lid, enemy, weapon)
    for p in state.players:
        cog = state.cogs.get(p)
        if cog and cog.area == area and not cog.bleeding:
            red = roll(state, content, "defence",
                       _defence_of(state, content, p) + beyond + (2 if p in dodging else 0))
            ctx.emit("defend", M("{cog} is caught in the blast: [{faces}].", cog=N.cog(state, p), faces=_faces_text(red)),
                     {"player": p}, hidden=True)
            W.wound_cog(ctx, content, p, max(0, hits - sum(f.shields for f in red)), M("the {weapon}", weapon=N.weapon(w.id)))
    for a in w.omen():
        if a.effect == "wound_adjacent_areas" and omens:
            for near in sorted(view.range_adj.get(area, ())):
                W.wound_area(ctx, content, near, (a.amount or 1) * omens, M("the {weapon}'s Omen", weapon=N.weapon(w.id)))
    after_cog_attack(ctx, content, player, guard, here)


def ask_dodge(ctx, content: GearsContent, player: str, why: str, attacker: str | None = None) -> bool:
    """Spec 6.9 Dodge: before the attack dice are rolled, the attacked COG's player may discard
    a Dodge card for +2 defence dice (one option per card name). Option one_dodge_per_step
    (spec 11 item 58): at most once per Locust Activation Step."""
    state: GearsState = ctx.state
    if player == STRANDED:
        return False
    c = state.cogs[player]
    if c.bleeding:
        return False
    # Dodges are recorded per turn and phase: one turn has one Locust Activation Step, so the
    # option's limit starts afresh in the next step (and a Dodge against a partner's grenade
    # in the Order Step does not count against it).
    step = [state.turn, state.phase]
    dodged = state.flags.get("dodged", {})
    if not isinstance(dodged, dict) or dodged.get("step") != step:
        dodged = {"step": step, "players": []}
    if state.options.get("one_dodge_per_step") and player in dodged["players"]:
        return False
    dodges = sorted({h.split("#")[0]: h for h in sorted(c.hand, reverse=True)
                     if content.orders[h.split("#")[0]].icon == "dodge"}.values())
    if not dodges:
        return False
    opts = [{"dodge": None}] + [{"dodge": h} for h in dodges]
    pick = ctx.choose(player, "dodge", opts, M("{why}: Dodge (+2 defence dice)?", why=why),
                      [M("No Dodge")] + [M("Dodge with {card}", card=N.card(h)) for h in dodges],
                      about={"figure": attacker} if attacker else None)
    if not pick["dodge"]:
        ctx.emit("no_dodge", M("{cog} does not dodge.", cog=N.character(c.character)), {"player": player})
        return False
    c.hand.remove(pick["dodge"])
    state.orders.discard([pick["dodge"]])
    dodged["players"].append(player)
    state.flags["dodged"] = dodged
    ctx.emit("dodge", M("{cog} dodges.", cog=N.character(c.character)), {"player": player, "card": pick["dodge"]})
    return True


def _target_name(state: GearsState, player: str) -> str:
    return N.cog(state, player)


def _target_area(state: GearsState, player: str) -> str:
    return md(state)["stranded"] if player == STRANDED else state.cogs[player].area


def _wound_target(ctx, content: GearsContent, player: str, n: int, source: str) -> None:
    if player == STRANDED:
        W.wound_stranded(ctx, n, source)
    else:
        W.wound_cog(ctx, content, player, n, source)


def locust_attack(ctx, content: GearsContent, lid: str, player: str, bonus: int = 0,
                  omen_always: bool = False) -> None:
    """A Locust attacks a COG (or the Stranded) (spec 6.3), after the Dodge window (spec 6.9),
    with the Omen abilities of its Enemy card's face-up side (spec 8.1, 8.2)."""
    state: GearsState = ctx.state
    x = state.locusts.get(lid)
    if x is None:
        return
    if player != STRANDED and state.cogs[player].bleeding:
        if may_execute(state, lid, player):
            execute(ctx, lid, player)
        return
    name = _target_name(state, player)
    dodge = ask_dodge(ctx, content, player, M("{locust} attacks {cog}", locust=N.locust(state, lid), cog=name), lid)
    plan = locust_attack_plan(state, content, lid, player, bonus, dodge)
    # The AI card's line before the Dodge window said it ("Boomer 1 attacks Augustus Cole, the
    # active player's COG.", ai.py, its only caller): this event, for the dice it plans and the
    # session's own log, is read by nobody at the table (the attack was logged twice).
    ctx.emit("attack", M("{locust} attacks {name}.", locust=N.locust(state, lid), name=name),
             {"figure": lid, "player": player, "black": plan.black, "red": plan.red}, visible_to=())
    stats = W.enemy_stats(state, content, x.enemy)
    omen_ab = {a.effect: a for a in stats.abilities if a.kind == "omen"}
    black = roll(state, content, "attack", plan.black)
    omens = sum(1 for f in black if f.omen)
    if omen_always:
        omens = max(omens, 1)
    flip = False
    if omens and "reroll_blanks_then_flip" in omen_ab:
        # BESIEGE (RAAM side A): reroll the blank dice once, then flip the card (spec 8.2).
        blanks = [i for i, f in enumerate(black) if not f.hits and not f.omen]
        for i, f in zip(blanks, roll(state, content, "attack", len(blanks))):
            black[i] = f
        flip = True
    red = roll(state, content, "defence", plan.red)

    def times(effect: str) -> int:
        a = omen_ab.get(effect)
        return 0 if a is None or not omens else (1 if a.limit_once_per_attack else omens)

    hits = sum(f.hits for f in black)
    if times("single_hits_count_double"):
        hits += sum(1 for f in black if f.hits == 1)
    extra = times("extra_wound") * (omen_ab["extra_wound"].amount or 0) if "extra_wound" in omen_ab else 0
    if times("cleave"):
        extra += sum(1 for f in black if f.hits == 2)  # CLEAVE: +1 per die showing 2 wounds
    shields = sum(f.shields for f in red)
    if times("ignore_defence"):
        shields = 0
    elif times("ignore_single_shields"):
        shields -= sum(1 for f in red if f.shields == 1)
    ctx.emit("roll", M("{locust}: attack dice [{faces}], defence dice [{faces2}].", locust=N.locust(state, lid), faces=_faces_text(black), faces2=_faces_text(red)),
             {"attack": [[f.hits, int(f.omen)] for f in black], "defence": [f.shields for f in red],
              "reasons": [T.to_json(r) for r in plan.reasons]}, hidden=True)
    n = max(0, hits + extra - shields)
    area = _target_area(state, player)
    _wound_target(ctx, content, player, n, M("{locust}'s attack", locust=N.locust(state, lid)))
    if times("hit_all_cogs_in_target_area"):
        # COMBUSTION: the same roll hits every other COG in the target's area; each defends.
        others = [q for q in state.players if q != player and not state.cogs[q].bleeding
                  and state.cogs[q].area == area]
        if player != STRANDED and md(state).get("stranded") == area:
            others.append(STRANDED)
        for q in others:
            d = ask_dodge(ctx, content, q, M("{locust}'s flames reach {target_name}", locust=N.locust(state, lid), target_name=_target_name(state, q)), lid)
            # Each COG's Dodge is his own (spec 6.9): the target's Dodge adds nothing here. Each
            # is a target of this attack, so his own cover counts (spec 3.3, 6.3 step 3; only
            # the Bolo Grenade's card removes cover). The Stranded is never in cover.
            cb = 0 if q == STRANDED or lid not in state.locusts else cover_bonus(
                state.view(), (state.locusts[lid].area, state.locusts[lid].cover),
                (state.cogs[q].area, state.cogs[q].cover))
            rd = roll(state, content, "defence", _defence_of(state, content, q) + cb + (2 if d else 0))
            _wound_target(ctx, content, q, max(0, hits + extra - sum(f.shields for f in rd)), M("{locust}'s Combustion", locust=N.locust(state, lid)))
    k = times("wound_others_in_target_area")
    if k:
        # 'Each other figure in the target's area': other than the target, so the attacker too
        # when it stands there (MP1 GRENADE TOSS; as the Boomshot, seed p. 17, spec 6.6).
        W.wound_area(ctx, content, area, omen_ab["wound_others_in_target_area"].amount * k,
                     M("{locust}'s Omen", locust=N.locust(state, lid)), exclude=(player,), stranded=True)
    if times("wound_cogs_in_own_area_then_flip") and lid in state.locusts:
        # SERVE ME! (RAAM side B): wounds each COG in his area, then the card flips.
        own = state.locusts[lid].area
        amount = omen_ab["wound_cogs_in_own_area_then_flip"].amount or 1
        for q in state.players:
            if state.cogs[q].area == own and not state.cogs[q].bleeding:
                W.wound_cog(ctx, content, q, amount, M("{locust}'s Serve Me!", locust=N.locust(state, lid)))
        if md(state).get("stranded") == own:
            W.wound_stranded(ctx, amount, M("{locust}'s Serve Me!", locust=N.locust(state, lid)))
        flip = True
    if times("regenerate") and lid in state.locusts:
        # REGENERATION (Feral Berserker): only while heavily wounded, back up to 5.
        me = state.locusts[lid]
        pile = content.marker_piles.get(content.enemies[me.enemy].markers)
        if pile is not None and pile.two_stage and me.wounded_health == pile.two_stage[-1]:
            me.wounded_health = omen_ab["regenerate"].amount or pile.two_stage[0]
            ctx.emit("regenerate", M("{locust} regenerates to {wounded_health}.", locust=N.locust(state, lid), wounded_health=me.wounded_health), {"figure": lid})
    if omens and "explode" in omen_ab and lid in state.locusts:
        name, area = N.locust(state, lid), state.locusts[lid].area
        ctx.emit("explode", M("{locust} explodes.", locust=name), {"figure": lid})
        # It dies as part of its own attack, which sets off no chain reaction (spec 9.2.4: 'except
        # after attacking'). Taken off the map before its blast: left on it, the blast killed a
        # second Ticker whose chain reaction killed this one again, and that kill (not by its own
        # attack) set off its chain reaction too: a second blast (issue 20, Roadblocks traces).
        W.kill_locust(ctx, content, lid, M("its own attack"))
        # 'Each other figure in its area' (spec 8.1): other than the Ticker, so its target too.
        W.wound_area(ctx, content, area, omen_ab["explode"].amount or 1, M("{locust}'s explosion", locust=name),
                     exclude=(lid,), stranded=True)
    if omens and "spawn_same_type" in omen_ab and lid in state.locusts:
        from game.gears.rules.spawning import hole_nearest

        hole = hole_nearest(ctx, state.locusts[lid].area)
        if hole is not None:
            W.spawn(ctx, content, state.locusts[lid].enemy, state.holes[hole]["area"], M("{locust}'s Omen", locust=N.locust(state, lid)))
    if flip and lid in state.locusts:
        W.flip_enemy(ctx, content, state.locusts[lid].enemy)


def may_execute(state: GearsState, lid: str, player: str) -> bool:
    """Insane (spec 6.16): a Locust may attack a bleeding-out COG in its own area."""
    x = state.locusts.get(lid)
    c = state.cogs.get(player)
    return (bool(state.options.get("insane")) and x is not None and c is not None and c.bleeding
            and c.area == x.area and player not in state.flags.get("executed", ()))


def execute(ctx, lid: str, player: str) -> None:
    """Insane (spec 6.16): no roll; the bleeding-out COG is executed and leaves the game. Its
    player gets no more turns (turn.start_turn); the mission is lost when no COG stands."""
    state: GearsState = ctx.state
    c = state.cogs[player]
    state.flags.setdefault("executed", []).append(player)
    c.cover = None
    if c.hand:
        state.orders.discard(list(c.hand))
        c.hand = []
    ctx.emit("executed", M("{locust} executes {cog}, who was bleeding out: {cog} is out of the game.", locust=N.locust(state, lid), cog=N.cog(state, player)), {"figure": lid, "player": player})
    W.check_defeat(ctx)


def carried_defence_dice(state: GearsState, content: GearsContent, player: str) -> list[tuple[str, int]]:
    """(weapon name, dice) of the carried cards that add defence dice against every attack (the
    Boomshield's `extra_defence_die`, spec 8.4 PLACEHOLDER), grenades and area attacks included."""
    out = []
    for weapon, _ in state.cogs[player].weapons:
        w = content.weapons.get(weapon)
        for a in (w.abilities if w else ()):
            if a.effect == "extra_defence_die":
                out.append((w.name, a.amount or 1))
    return out


def _defence_of(state: GearsState, content: GearsContent, player: str) -> int:
    """A COG's (or the Stranded's) own defence dice before cover and Dodge: the character card
    plus carried defence cards (the Boomshield, spec 8.4)."""
    if player == STRANDED:
        return next((int(r.params.get("defence", 2)) for r in rules_named(state, "stranded")), 2)
    base = content.cogs[state.cogs[player].character].defence
    return base + sum(n for _, n in carried_defence_dice(state, content, player))
